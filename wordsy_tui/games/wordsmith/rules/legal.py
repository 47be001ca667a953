"""What a seat may do now: asked of the rules, never re-derived.

Screens and computer players ask the same questions: whether the seat may choose (or must
reveal), which letters the strip offers at what cost, and what a turn being put together
would make: `preview` is the rules' own working-out (`forge`), so the screen's live
preview, the bots' search and `decide` never disagree.
"""

from __future__ import annotations

from wordsy_tui.engine.names import name_problem
from wordsy_tui.games.wordsmith.rules import commands as cmd
from wordsy_tui.games.wordsmith.rules.config import MIN_PLAYERS
from wordsy_tui.games.wordsmith.rules.errors import (
    RuleError,
    SeatingError,
    TurnError,
    WrongPhase,
)
from wordsy_tui.games.wordsmith.rules.forge import Forged, faces, forge
from wordsy_tui.games.wordsmith.rules.state import Phase, WordsmithState
from wordsy_tui.games.wordsmith.rules.turn import Turn
from wordsy_tui.games.wordsmith.rules.words import Words


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


def join_problem(state: WordsmithState, name: str, bot: bool = False) -> RuleError | None:
    """Why `name` may not sit down now (a computer player's with `bot`); None: they may."""
    if state.phase is not Phase.LOBBY:
        message = (
            "The table is not set up yet." if state.phase is Phase.NEW else "The game has started."
        )
        return WrongPhase(message)
    problem = name_problem(name, state.players, bot=bot)
    if problem is not None:
        return problem
    if len(state.players) >= state.config.max_players:
        return SeatingError(f"The game is full ({state.config.max_players} players).")
    return None


def join_refusal(state: WordsmithState, name: str, bot: bool = False) -> str | None:
    """`join_problem` in words, for the host's screen."""
    problem = join_problem(state, name, bot)
    return None if problem is None else str(problem)


def may_start(state: WordsmithState, seat: str | None) -> bool:
    """Whether `seat` (None: the host) may start the game now: the lobby's captain, with
    enough players seated."""
    return (
        state.phase is Phase.LOBBY
        and (seat is None or seat == state.captain)
        and len(state.players) >= MIN_PLAYERS
    )


def may_leave(state: WordsmithState, seat: str | None) -> bool:
    """Whether `seat` holds a seat it may give up now: in the lobby, or still playing."""
    if seat is None or seat not in state.players:
        return False
    if state.phase is Phase.LOBBY:
        return True
    return state.phase in (Phase.CHOOSING, Phase.REVEAL) and seat in state.active


def legal_commands(state: WordsmithState, seat: str) -> list[cmd.Command]:
    """The commands that need no choice: starting (the captain), leaving. (A turn is put
    together with `preview` and sealed as its `turn_text`.)"""
    found: list[cmd.Command] = []
    if may_start(state, seat):
        found.append(cmd.StartGame())
    if may_leave(state, seat):
        found.append(cmd.LeaveGame())
    return found
