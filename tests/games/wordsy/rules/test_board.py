import random

from tests.games.wordsy.rules.table import Table, card, state_with_board
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.board import FIRST_DEAL_ORDER, breaks_rules_of_two, slot_value
from wordsy_tui.games.wordsy.rules.cards import FULL_DECK
from wordsy_tui.games.wordsy.rules.dealing import deal


class ScriptedDraws(random.Random):
    """Draws the given card ids in order, like a stacked deck."""

    def __init__(self, ids: list[int]) -> None:
        super().__init__(0)
        self.ids = list(ids)

    def choice(self, seq):  # type: ignore[override]
        wanted = self.ids.pop(0)
        assert wanted in seq
        return wanted


def ids_of(letter: str) -> list[int]:
    return [c.id for c in FULL_DECK if c.letter == letter]


def test_columns_are_worth_5_4_3_2_left_to_right():
    assert [slot_value(s) for s in range(8)] == [5, 5, 4, 4, 3, 3, 2, 2]


def test_first_deal_fills_columns_right_to_left():
    table = Table()
    table.start()
    placed = [e.slot for e in table.log if isinstance(e, ev.CardPlaced)]
    assert placed == list(FIRST_DEAL_ORDER)
    assert placed[:2] == [6, 7]


def test_a_third_p_is_burned_and_redrawn_until_legal():
    # The first edition's example: a third P, then a fourth P, then a legal card.
    _, _, p3, p4 = ids_of("P")
    c1 = ids_of("C")[0]
    state = state_with_board(". S P P T R N L")
    events = deal(state, [0], ScriptedDraws([p3, p4, c1]))
    assert events == [ev.CardBurned(p3), ev.CardBurned(p4), ev.CardPlaced(0, c1)]


def test_a_third_rare_card_is_burned():
    # The first edition's example: Y and Q are up, the H that is drawn is discarded.
    face_up = [card("Y"), card("Q"), card("S")]
    assert breaks_rules_of_two(face_up, card("H")) is not None
    assert breaks_rules_of_two(face_up, card("T")) is None


def test_burned_cards_go_to_the_discards():
    table = Table()
    table.start()
    burned = {e.card for e in table.log if isinstance(e, ev.CardBurned)}
    assert burned <= table.state.discards


def test_an_empty_deck_is_rebuilt_from_the_discard_pile():
    m1 = ids_of("M")[0]
    state = state_with_board("S T R . N L D C", undealt=frozenset(), discards=frozenset({m1}))
    events = deal(state, [3], ScriptedDraws([m1]))
    assert events == [ev.DeckReshuffled(), ev.CardPlaced(3, m1)]


def test_end_of_round_slides_cards_right_and_refills_the_high_columns():
    table = Table()
    table.start()
    before = table.state.board.slots
    table.play_round({"Ann": "TEST", "Bob": "WORDS", "Cat": "GAMES"}, flipper="Ann")
    after = table.state.board.slots
    assert after[4:] == before[:4]
    assert all(c is not None for c in after)
    assert {c.id for c in before[4:]} <= table.state.discards


def test_all_sixty_cards_stay_accounted_for():
    table = Table(seed=3)
    table.start()
    for _ in range(7):
        table.play_round({"Ann": "A", "Bob": "B", "Cat": "C"}, flipper=None)
        state = table.state
        on_board = {c.id for c in state.board.cards}
        assert len(on_board) + len(state.undealt) + len(state.discards) == 60
        assert not (on_board & state.undealt)
        assert not (on_board & state.discards)
