"""What a seat may do now: asked of the rules, never re-derived.

Screens and computer players ask the same questions: whether the seat may choose (or must
reveal), which letters the strip offers at what cost, and what a turn being put together
would make: `preview` is the rules' own working-out (`forge`), so the screen's live
preview, the bots' search and `decide` never disagree.
"""

from __future__ import annotations

from wordsy_tui.games.wordsmith import commands as cmd
from wordsy_tui.games.wordsmith.errors import TurnError
from wordsy_tui.games.wordsmith.forge import Forged, faces, forge
from wordsy_tui.games.wordsmith.state import Phase, WordsmithState
from wordsy_tui.games.wordsmith.turn import Turn
from wordsy_tui.games.wordsmith.words import Words


def may_choose(state: WordsmithState, seat: str) -> bool:
    """Whether `seat` has a turn to choose and seal now."""
    return state.phase is Phase.CHOOSING and seat in state.waiting_on()


def may_reveal(state: WordsmithState, seat: str) -> bool:
    """Whether `seat` sealed a turn this round that it has still to reveal."""
    return state.phase is Phase.REVEAL and seat in state.waiting_on()


def strip_faces(state: WordsmithState) -> tuple[tuple[int, str, int], ...]:
    """(face, letter, cost) of each letter on the strip this round."""
    return faces(state.strip_cards)


def preview(state: WordsmithState, seat: str, turn: Turn, words: Words) -> Forged:
    """What `turn` (whole or being put together) makes on `seat`'s sheet: each step's words
    of 4+ letters with their bonuses, the squares circled, the items forged, the coins and
    crowns, and the bonuses still to take. Raises TurnError with what is wrong."""
    return forge(state.sheet(seat), turn, state.strip_cards, words, whole=False)


def refusal(state: WordsmithState, seat: str, turn: Turn, words: Words) -> str | None:
    """Why `seat` may not seal `turn` now; None when it may. A sealed turn is checked only
    when it is revealed, so a player's program asks this before sealing."""
    if not may_choose(state, seat):
        return "This is not the time to choose a turn."
    try:
        forge(state.sheet(seat), turn, state.strip_cards, words)
    except TurnError as error:
        return str(error)
    return None


def legal_commands(state: WordsmithState, seat: str) -> list[cmd.Command]:
    """The commands that need no choice: leaving, while the game is played. (A turn is
    put together with `preview` and sealed with `turn.commit`.)"""
    if state.phase in (Phase.CHOOSING, Phase.REVEAL) and seat in state.active:
        return [cmd.LeaveGame()]
    return []
