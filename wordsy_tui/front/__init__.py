"""Fronts that let friends play with nothing installed: over SSH and in a browser.

Each session of a front runs an ordinary `wordsy-tui join --connect` client of the
host's loopback; the fronts only carry its terminal and keep its seat's token.
"""
