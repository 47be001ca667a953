"""The games, each one package: its rules, its table parts, its screens, its kit."""
