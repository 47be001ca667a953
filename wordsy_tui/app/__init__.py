"""The app every game shares: the shell, the launcher, shared screens and widgets."""
