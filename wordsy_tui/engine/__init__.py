"""What every game's rules share: the seam between a game and the table (`rules`), the
rule errors every game raises (`errors`), the one rule for names (`names`), sealed choices
(`sealed`: commit-reveal), the wire codec's generic part (`codec`) and the computer
players' levels (`levels`). Pure: no I/O, no asyncio, no Textual."""

from wordsy_tui.engine.rules import Alarm, Folded, Longest, Outcome, Request, Rules

__all__ = ["Alarm", "Folded", "Longest", "Outcome", "Request", "Rules"]
