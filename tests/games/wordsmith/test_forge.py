"""Working out a turn: the rulebook's examples, then each rule of words, items and coins."""

from __future__ import annotations

import pytest

from tests.games.wordsmith.table import CANDLES_SHEET, LEXICON, placed, sheet_with, sq, strip
from wordsy_tui.games.wordsmith.rules.components import ITEMS, Kind
from wordsy_tui.games.wordsmith.rules.errors import TurnError
from wordsy_tui.games.wordsmith.rules.forge import Action, Forged, forge
from wordsy_tui.games.wordsmith.rules.grid import mask, members
from wordsy_tui.games.wordsmith.rules.sheet import Sheet
from wordsy_tui.games.wordsmith.rules.turn import GobletLetter, Pick, SwordCircle, Turn

NOTHING = strip("PR", "QU", "AD")


def kinds(items: tuple[int, ...]) -> list[Kind]:
    return [ITEMS[item].kind for item in items]


def squares(*names: str) -> int:
    return mask(sq(name) for name in names)


def write(sheet: Sheet, *picks: tuple[str, str, int | None], bonuses=(), on=NOTHING) -> Forged:
    turn = Turn(tuple(Pick(sq(at), letter, face) for at, letter, face in picks), tuple(bonuses))
    return forge(sheet, turn, on, LEXICON)


def texts(forged: Forged) -> list[str]:
    return [word.text for word in forged.words]


# --- the rulebook's examples


def test_burp_forges_two_rings_and_earns_no_length_bonus():
    """R from the yellow slot is free, U from the orange costs a coin; U and R land on the
    two rings of column a, and BURP, 4 letters, earns no word length bonus."""
    sheet = sheet_with(loose={"a4": "B", "a7": "P"})
    forged = write(sheet, ("a6", "R", 1), ("a5", "U", 3))
    (step,) = forged.steps
    assert [w.text for w in step.words] == ["BURP"]
    assert step.circled == squares("a4", "a5", "a6", "a7")
    assert kinds(step.forged) == [Kind.RING, Kind.RING]
    assert (step.coins, step.crowns) == (0, 0)
    assert forged.spent == 1
    assert forged.sheet.spent == 1
    assert forged.sheet.earned == 0


def test_candles_gnome_and_gore_in_one_turn():
    """The rulebook's example of a turn, step by step, with only BANANA and BURP circled."""
    sheet = sheet_with(
        loose=CANDLES_SHEET, words=[("BANANA", "h3", "down"), ("BURP", "a4", "down")]
    )
    assert sheet.forged_kinds()[Kind.RING] == 2
    forged = write(
        sheet,
        ("d2", "N", 3),
        ("g2", "E", 2),
        bonuses=(SwordCircle(sq("f1")), GobletLetter(sq("d4"), "M"), GobletLetter(sq("c1"), "O")),
        on=strip("PR", "EN", "AD"),
    )
    candles, sword, gnome, gore = forged.steps
    # CANDLES: a ring from D, 2 coins from E, a sword; 7 letters: 2 crowns.
    assert [w.text for w in candles.words] == ["CANDLES"]
    assert kinds(candles.forged) == [Kind.RING, Kind.COIN, Kind.SWORD]
    assert (candles.coins, candles.crowns) == (2, 2)
    # The sword's circle goes next to the L and completes a goblet.
    assert sword.action is Action.SWORD
    assert sword.circle == sq("f1")
    assert kinds(sword.forged) == [Kind.GOBLET]
    # The goblet's M makes GNOME: 1 coin for 5 letters, 2 from E (N was circled already)
    # and another goblet.
    assert [w.text for w in gnome.words] == ["GNOME"]
    assert gnome.circled == squares("d1", "d3", "d4", "d5")
    assert sorted(kinds(gnome.forged)) == sorted([Kind.GOBLET, Kind.COIN])
    assert gnome.coins == 1 + 2
    # That goblet's O between R and G: GORE, backwards; 2 coins from R, a ring from E and
    # the first axe (2 crowns).
    assert [(w.text, w.squares) for w in gore.words] == [("GORE", placed("GORE", "d1", "back"))]
    assert sorted(kinds(gore.forged)) == sorted([Kind.RING, Kind.COIN, Kind.AXE])
    assert (gore.coins, gore.crowns) == (2, 2)
    final = forged.sheet
    assert final.forged_kinds()[Kind.RING] == 4
    assert (final.earned, final.crowns, final.spent) == (7, 4, 2)
    assert (forged.goblets, forged.swords) == (0, 0)


def test_pretty_forges_a_sword_whose_circle_completes_the_goblet():
    sheet = sheet_with(loose={"a8": "P", "b8": "R", "c8": "E", "d8": "T"})
    forged = write(
        sheet,
        ("e8", "T", 0),
        ("f8", "Y", 3),
        bonuses=(SwordCircle(sq("f7")), GobletLetter(sq("f7"), "B")),
        on=strip("TE", "LY", "AD"),
    )
    pretty, circle, letter = forged.steps
    assert [(w.text, w.crowns) for w in pretty.words] == [("PRETTY", 1)]
    assert Kind.SWORD in kinds(pretty.forged)
    # The goblet's top square was its only square not circled.
    assert circle.circle == sq("f7")
    assert kinds(circle.forged) == [Kind.GOBLET]
    # ... and its letter may go on a square that has an empty circle.
    assert letter.writes == ((sq("f7"), "B"),)
    assert forged.sheet.letter(sq("f7")) == "B"


def late(extra: dict[str, str] | None = None) -> Sheet:
    return sheet_with(loose=extra or {}, words=[("LATE", "b3", "across")])


@pytest.mark.parametrize(
    ("picks", "word"),
    [
        ((("f3", "R", None),), "LATER"),
        ((("a3", "P", None),), "PLATE"),
        ((("f3", "L", None), ("g3", "Y", None)), "LATELY"),
    ],
)
def test_late_may_be_extended(picks, word):
    picks = (*picks, ("h8", "Q", None))[:2]
    forged = write(late(), *picks)
    assert texts(forged) == [word]
    assert forged.words[0].extends == "LATE"


def test_only_the_newly_circled_squares_give_and_a_six_letter_extension_gets_its_crown():
    forged = write(late(), ("f3", "L", None), ("g3", "Y", None))
    (lately,) = forged.words
    assert (lately.coins, lately.crowns) == (0, 1)
    assert forged.steps[0].circled == squares("f3", "g3")


def test_a_five_letter_extension_earns_no_coin_but_a_fresh_five_letter_word_does():
    extended = write(late(), ("f3", "R", None), ("h8", "Q", None))
    assert (extended.words[0].coins, extended.steps[0].coins) == (0, 0)
    sheet = sheet_with(loose={"b3": "L", "c3": "A", "d3": "T"})
    fresh = write(sheet, ("e3", "E", None), ("f3", "R", None))
    assert texts(fresh) == ["LATER"]
    assert fresh.words[0].coins == 1


@pytest.mark.parametrize(
    ("word", "added", "at"),
    [("PAPER", "S", "g3"), ("BRING", "S", "g3"), ("LIVE", "D", "f3")],
)
def test_a_plural_or_a_conjugation_does_not_extend_a_word(word, added, at):
    sheet = sheet_with(words=[(word, "b3", "across")])
    forged = write(sheet, (at, added, None), ("h8", "Q", None))
    assert word + added not in texts(forged)
    (refused,) = forged.steps[0].refused
    assert (refused.text, refused.extends) == (word + added, word)


def test_a_refused_extension_inside_the_word_made_is_part_of_it():
    """RUNE, then P above it and D below: PRUNED extends RUNE (and is no form of it). RUNED,
    the part of PRUNED a conjugation of RUNE, is part of the longer word as any word inside
    it is, not a refusal beside it (the preview said "RUNED refused" beside PRUNED)."""
    sheet = sheet_with(words=[("RUNE", "f3", "down")])
    forged = write(sheet, ("f2", "P", None), ("f7", "D", None))
    assert texts(forged) == ["PRUNED"]
    assert forged.words[0].extends == "RUNE"
    assert forged.steps[0].refused == ()


def test_a_word_read_the_other_way_is_no_extension():
    """LIVED may not extend LIVE, but the same squares read backwards are DEVIL: a fresh
    five-letter word, with its coin."""
    sheet = sheet_with(words=[("LIVE", "b3", "across")])
    forged = write(sheet, ("f3", "D", None), ("h8", "Q", None))
    (devil,) = forged.words
    assert (devil.text, devil.extends, devil.coins) == ("DEVIL", None, 1)


def test_a_plural_made_fresh_is_a_word():
    sheet = sheet_with(loose={"b3": "P", "c3": "A", "d3": "P", "e3": "E"})
    forged = write(sheet, ("f3", "R", None), ("g3", "S", None))
    assert texts(forged) == ["PAPERS"]


# --- words


def test_a_word_may_be_read_upwards_and_may_touch_letters_that_are_not_part_of_it():
    sheet = sheet_with(loose={"c8": "B", "c7": "U", "c4": "X", "d6": "Z"})
    forged = write(sheet, ("c6", "R", None), ("c5", "P", None))
    assert [(w.text, w.squares) for w in forged.words] == [("BURP", placed("BURP", "c8", "up"))]


def test_letters_on_a_diagonal_make_no_word():
    sheet = sheet_with(loose={"a1": "B", "b2": "U", "c3": "R"})
    forged = write(sheet, ("d4", "P", None), ("h8", "Q", None))
    assert forged.words == ()


def test_a_word_inside_a_longer_word_made_at_once_is_part_of_it():
    sheet = sheet_with(loose={"c3": "L", "d3": "A", "e3": "T", "f3": "E"})
    forged = write(sheet, ("b3", "P", None), ("g3", "S", None))
    assert texts(forged) == ["PLATES"]


def test_the_same_squares_read_both_ways_are_one_word():
    sheet = sheet_with(loose={"b3": "S", "c3": "T"})
    forged = write(sheet, ("d3", "O", None), ("e3", "P", None))
    assert texts(forged) == ["STOP"]


def test_two_letters_may_make_two_words():
    sheet = sheet_with(loose={"b3": "B", "c3": "U", "d3": "R", "a5": "L", "a6": "A", "a7": "T"})
    forged = write(sheet, ("e3", "P", None), ("a8", "E", None))
    assert sorted(texts(forged)) == ["BURP", "LATE"]


@pytest.mark.parametrize(
    ("word", "coins", "crowns"),
    [("BURP", 0, 0), ("PLATE", 1, 0), ("PLATES", 0, 1), ("CANDLES", 0, 2), ("SPLATTER", 0, 3)],
)
def test_word_length_bonuses(word, coins, crowns):
    loose = {f"{'abcdefgh'[i]}6": letter for i, letter in enumerate(word[:-1])}
    last = f"{'abcdefgh'[len(word) - 1]}6"
    forged = write(sheet_with(loose=loose), (last, word[-1], None), ("h1", "Q", None))
    (found,) = forged.words
    assert (found.text, found.coins, found.crowns) == (word, coins, crowns)


# --- items


def test_an_item_gives_its_bonus_once():
    """RAYS runs through BURP's R: the ring under it was forged with BURP, not again."""
    burp = sheet_with(words=[("BURP", "a4", "down")], loose={"b6": "A", "c6": "Y"})
    forged = write(burp, ("d6", "S", None), ("h1", "Q", None))
    assert texts(forged) == ["RAYS"]
    assert forged.steps[0].forged == ()
    assert forged.sheet.forged_kinds()[Kind.RING] == 2


def test_a_sword_may_circle_an_empty_square_but_never_circle_one_twice():
    sheet = sheet_with(loose={"a8": "P", "b8": "R", "c8": "E", "d8": "T"})
    pretty = (("e8", "T", 0), ("f8", "Y", 3))
    on = strip("TE", "LY", "AD")
    forged = write(sheet, *pretty, bonuses=(SwordCircle(sq("c5")),), on=on)
    assert forged.sheet.is_circled(sq("c5"))
    assert forged.sheet.vacant(sq("c5"))
    with pytest.raises(TurnError, match="c8 is circled already"):
        write(sheet, *pretty, bonuses=(SwordCircle(sq("c8")),), on=on)


def test_bonuses_must_be_earned_first():
    sheet = sheet_with(loose={"a4": "B", "a7": "P"})
    with pytest.raises(TurnError, match="goblet forged"):
        write(sheet, ("a6", "R", 1), ("a5", "U", 3), bonuses=(GobletLetter(sq("h8"), "A"),))
    with pytest.raises(TurnError, match="sword forged"):
        write(sheet, ("a6", "R", 1), ("a5", "U", 3), bonuses=(SwordCircle(sq("h8")),))


def test_an_earned_bonus_may_be_left_and_the_preview_says_so():
    sheet = sheet_with(loose={"a8": "P", "b8": "R", "c8": "E", "d8": "T"})
    forged = write(sheet, ("e8", "T", 0), ("f8", "Y", 3), on=strip("TE", "LY", "AD"))
    assert (forged.goblets, forged.swords) == (0, 1)


# --- letters and coins


def test_any_letter_costs_three_coins_even_twice_and_coins_may_be_spent_before_earned():
    forged = write(Sheet(), ("a1", "Z", None), ("b1", "Z", None))
    assert forged.spent == 6
    assert forged.sheet.unpaid == 6


def test_the_strip_costs_by_slot_and_a_card_may_give_both_its_letters():
    on = strip("PR", "QU", "AD")
    assert write(Sheet(), ("a1", "P", 0), ("b1", "R", 1), on=on).spent == 0
    assert write(Sheet(), ("a1", "Q", 2), ("b1", "U", 3), on=on).spent == 2
    assert write(Sheet(), ("a1", "A", 4), ("b1", "D", 5), on=on).spent == 4


@pytest.mark.parametrize(
    ("picks", "message"),
    [
        ((("a1", "P", 0),), "Choose two letters"),
        ((("a1", "P", 0), ("a1", "R", 1)), "Both letters"),
        ((("a1", "P", 0), ("b1", "P", 0)), "once"),
        ((("a1", "R", 0), ("b1", "P", 1)), "shows P, not R"),
        ((("a1", "P", 0), ("b1", "R", 9)), "strip shows"),
        ((("a1", "P", 0), ("b1", "7", None)), "A to Z"),
        ((("a1", "P", 0), ("b1", "ab", None)), "A to Z"),
    ],
)
def test_a_turn_the_rules_refuse_says_why(picks, message):
    with pytest.raises(TurnError, match=message):
        write(Sheet(), *picks)


@pytest.mark.parametrize(
    "turn",
    [
        Turn([Pick(0, "P", 0), Pick(1, "R", 1)]),
        Turn(("a1", "b1")),
        Turn((Pick(0, "P", 0), Pick(1, "R", 1)), ("goblet",)),
        Turn((Pick(0, "P", 0), Pick(1, "R", 1)), None),
    ],
)
def test_a_turn_of_the_wrong_shape_is_refused_not_a_crash(turn):
    """What a broken or hostile peer might send, should it get past the codec."""
    with pytest.raises(TurnError):
        forge(Sheet(), turn, NOTHING, LEXICON)


def test_a_letter_goes_on_a_vacant_square_of_the_sheet():
    sheet = sheet_with(loose={"a1": "E"})
    with pytest.raises(TurnError, match="a1 already holds E"):
        write(sheet, ("a1", "P", 0), ("b1", "R", 1))
    with pytest.raises(TurnError, match="a1 to h8"):
        forge(Sheet(), Turn((Pick(64, "P", 0), Pick(0, "R", 1))), NOTHING, LEXICON)


def test_the_coin_grid_limits_spending():
    with pytest.raises(TurnError, match="coin grid has 2 boxes left"):
        write(Sheet(spent=28), ("a1", "Z", None), ("b1", "P", 0))


def test_members_of_a_step_mask_are_its_squares():
    forged = write(sheet_with(loose={"a4": "B", "a7": "P"}), ("a6", "R", 1), ("a5", "U", 3))
    assert sorted(members(forged.steps[0].circled)) == [sq("a4"), sq("a5"), sq("a6"), sq("a7")]


def test_coins_and_crowns_beyond_their_grids_are_lost():
    """The coin grid has 30 bars and the crown grid 30 squares: a gain past them is lost."""
    sheet = sheet_with(
        loose=CANDLES_SHEET,
        words=[("BANANA", "h3", "down"), ("BURP", "a4", "down")],
        earned=29,
        crowns=29,
    )
    forged = write(sheet, ("d2", "N", 3), ("g2", "E", 2), on=strip("PR", "EN", "AD"))
    assert (forged.steps[0].coins, forged.steps[0].crowns) == (1, 1)
    assert (forged.sheet.earned, forged.sheet.crowns) == (30, 30)
