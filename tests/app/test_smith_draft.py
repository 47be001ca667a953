"""The turn being put together, key by key, as a new user types it: Backspace brings the
cursor back to the letter it takes back, and a letter typed where the cursor could not move
on waits for the cursor instead of replacing the one just written."""

from __future__ import annotations

import pytest

from tests.app.smith_fixtures import ME, played
from wordsy_tui.games.wordsmith.app.draft import Draft
from wordsy_tui.games.wordsmith.rules.grid import parse_square
from wordsy_tui.games.wordsmith.rules.state import Phase, WordsmithState
from wordsy_tui.games.wordsmith.rules.turn import Pick
from wordsy_tui.games.wordsmith.rules.words import Words
from wordsy_tui.games.wordsmith.seam import WordsmithRules


@pytest.fixture(scope="module")
def table() -> tuple[WordsmithState, Words]:
    """The seeded game's first round, Ann's blank sheet (but its start squares)."""
    state, _log = played(0)
    assert state.phase is Phase.CHOOSING
    return state, WordsmithRules().words


def sq(text: str) -> int:
    square = parse_square(text)
    assert square is not None
    return square


def at(square: str, across: bool = True) -> Draft:
    return Draft(cursor=sq(square), across=across)


def squares(draft: Draft) -> list[int]:
    return [pick.square for pick in draft.picks]


def test_backspace_brings_the_cursor_back_to_the_letter_it_took_back(
    table: tuple[WordsmithState, Words],
) -> None:
    state, words = table
    draft = at("a1")
    assert draft.take_face(0, state, ME, words) is None
    assert draft.take_face(1, state, ME, words) is None
    assert draft.cursor == sq("c1")
    assert draft.undo(state, ME, words) is not None
    assert draft.cursor == sq("b1")
    # The letter typed next goes where the one taken back was, not a square further.
    assert draft.take_face(2, state, ME, words) is None
    assert squares(draft) == [sq("a1"), sq("b1")]


@pytest.mark.parametrize(("start", "across", "then"), [("h1", True, "h2"), ("a8", False, "b8")])
def test_at_the_edge_the_next_letter_waits_for_the_cursor_to_move(
    table: tuple[WordsmithState, Words], start: str, across: bool, then: str
) -> None:
    """Typed at the last square of a row (or a column), the second letter replaced the
    first where the cursor stayed: it is refused, said, and the first is kept."""
    state, words = table
    draft = at(start, across)
    assert draft.take_face(0, state, ME, words) is None
    first = list(draft.picks)
    assert draft.cursor == sq(start)
    problem = draft.write(draft.picks[0].letter, state, ME, words)
    assert problem is not None
    assert "move the cursor" in problem
    problem = draft.take_face(1, state, ME, words)
    assert problem is not None
    assert start in problem
    assert draft.picks == first
    draft.move(*((1, 0) if across else (0, 1)))
    assert draft.take_face(1, state, ME, words) is None
    assert squares(draft) == [sq(start), sq(then)]


def test_a_letter_changed_on_purpose_is_still_replaced(
    table: tuple[WordsmithState, Words],
) -> None:
    """Moving onto one's own letter and typing changes it, as before."""
    state, words = table
    draft = at("h1")
    assert draft.take_face(0, state, ME, words) is None
    draft.move(0, -1)
    draft.move(0, 1)
    assert draft.take_face(1, state, ME, words) is None
    assert draft.picks == [Pick(sq("h1"), draft.picks[0].letter, 1)]
