"""Scrabble, Words with Friends and Wordfeud: the tile games."""
