"""Scrabble, Words with Friends and Wordfeud: pure rules, like `wordsy_tui.games.wordsy.rules`.

No I/O, no asyncio, no Textual. Commands go to `decide`, which returns events
(or raises a RuleError for the player); `evolve` folds events into the state;
`view` redacts what a seat may not see; `legal` answers what a seat may do;
`movegen` finds every legal play for a rack.
"""
