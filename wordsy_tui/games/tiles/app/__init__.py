"""The tile games' screens: the board, its dialogs, and the app that shows them."""
