"""Wordsy: the party game of longer words."""
