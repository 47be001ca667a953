"""Word Nerds' pure rules (no I/O, no clock, no Textual): the designed components as data
(`components`), the game's commands, events, `decide`, `evolve`, `legal`, its alarms and
per-recipient views, its wire codec, the computer players' decisions (`finder`, `bots`) and
the balance simulation (`simulate`, a script). Every design decision and its reason is in
docs/RULES.md, section "Word Nerds".
"""
