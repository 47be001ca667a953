"""Word Nerds (a Rod Currie prototype): the third game, for 2 to 6 players who bid in secret
for letter cards, spell words from hidden hands and a community pool, trump and challenge
each other's words and play action cards, first to 100."""
