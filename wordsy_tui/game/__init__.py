"""The rules of Wordsy: commands in, events out, state as a fold of events.

Pure Python: no I/O, no clock, no asyncio, no Textual. The host's random
generator is passed to `decide`; the host's clock arrives as commands.
"""

from wordsy_tui.game.decide import decide
from wordsy_tui.game.errors import RuleError
from wordsy_tui.game.evolve import evolve, replay
from wordsy_tui.game.state import GameState, Phase

__all__ = ["GameState", "Phase", "RuleError", "decide", "evolve", "replay"]
