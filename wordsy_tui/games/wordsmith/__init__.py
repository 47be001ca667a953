"""Wordsmith (Rodrigo Rego): the fourth game, for 2 to 10 players who choose at once."""
