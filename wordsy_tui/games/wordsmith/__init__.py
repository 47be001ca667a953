"""Wordsmith (Rodrigo Rego): twelve rounds of two letters, words on a private 8x8 sheet of
items, coins, crowns and goals; for 2 to 10 players who choose at the same time.

The pure rules (no I/O, no clock, no Textual): the designed components as data
(`components`), the sheet and the working-out of a turn on it (`grid`, `sheet`, `forge`),
goals and scoring, the game's commands, events, `decide`, `evolve`, `legal`, its alarms and
per-recipient views, the computer players' decisions (`vocabulary`, `bots`), the sheet file
of the score calculator (`sheetfile`) and the balance simulation (`simulate`, a script).
Every design decision and its reason is in docs/RULES.md, section "Wordsmith".
"""
