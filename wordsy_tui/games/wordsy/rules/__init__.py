"""The rules of Wordsy: commands in, events out, state as a fold of events.

Pure Python: no I/O, no clock, no asyncio, no Textual. The host's random
generator is passed to `decide`; the host's clock arrives as commands.
"""

from wordsy_tui.games.wordsy.rules.decide import decide
from wordsy_tui.games.wordsy.rules.errors import RuleError
from wordsy_tui.games.wordsy.rules.evolve import evolve, replay
from wordsy_tui.games.wordsy.rules.state import GameState, Phase

__all__ = ["GameState", "Phase", "RuleError", "decide", "evolve", "replay"]
