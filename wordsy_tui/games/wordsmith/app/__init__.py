"""Wordsmith's screens: the sheet, the strip and the table at 80x24, and its dialogs."""
