"""Wordsy, the party word game of longer words, in the terminal."""

__version__ = "0.1.0"
