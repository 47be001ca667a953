"""Wordsy's pieces on screen: board, draft, players, timer, sheets."""
