from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.games.wordsy.rules.scoresheet import Box, Scoresheet, SheetRow, standings, winners


def sheet(scores, boxes=(), penalties=0) -> Scoresheet:
    boxes = list(boxes) + [Box.NONE] * (len(scores) - len(boxes))
    rows = tuple(
        SheetRow(f"W{i}", s, b) for i, (s, b) in enumerate(zip(scores, boxes, strict=True))
    )
    return Scoresheet(rows, penalties)


def test_the_first_editions_final_scoresheet_totals_102():
    # ABSOLVENT 13, SOMNAMBULENT 21, TRASHING 17, CRABBY 17, POLTERGEIST 14,
    # BEDRAGGLED 23, PLAGIARIZED 19; bonuses worth 7; one penalty tally.
    # (The sheet's art does not say which boxes; these are worth 7 as printed.)
    boxes = [Box.FIRST, Box.FIRST, Box.NONE, Box.SECOND, Box.NONE, Box.FIRST, Box.NONE]
    s = sheet([13, 21, 17, 17, 14, 23, 19], boxes, penalties=1)
    assert s.word_total == 97
    assert s.bonus_total == 7
    assert s.total == 102
    assert s.struck == {0, 4}  # ABSOLVENT and POLTERGEIST are crossed out


def test_struck_rows_keep_their_bonuses():
    s = sheet([1, 2, 30, 30, 30, 30, 30], [Box.SECOND, Box.FIRST])
    assert s.struck == {0, 1}
    assert s.total == 150 + 2 + 1


def test_the_quick_tip_agrees_with_the_sum():
    scores = [13, 21, 17, 17, 14, 23, 19]
    best = sorted(scores, reverse=True)[:5]
    assert sheet(scores).word_total == sum(s - 20 for s in best) + 100


def test_the_best_single_word_breaks_a_tie():
    a = sheet([20, 20, 20, 20, 20, 0, 0])
    b = sheet([24, 19, 19, 19, 19, 0, 0])
    assert a.total == b.total == 100
    assert winners({"A": a, "B": b}) == ["B"]


def test_a_tie_goes_down_to_the_second_best_word():
    a = sheet([24, 20, 19, 19, 18])
    b = sheet([24, 19, 20, 20, 17])
    assert a.total == b.total
    assert winners({"A": a, "B": b}) == ["B"]


def test_a_tie_through_all_five_words_is_a_shared_victory():
    a = sheet([24, 20, 19, 19, 18, 3, 1])
    b = sheet([24, 20, 19, 19, 18, 2, 0])
    result = standings({"A": a, "B": b, "C": sheet([1])})
    assert [(s.player, s.place) for s in result] == [("A", 1), ("B", 1), ("C", 3)]


def test_the_second_edition_shares_a_tie_on_totals():
    # "In a tie, victory is shared": no best-word tie-break.
    a = sheet([20, 20, 20, 20, 20, 0, 0])
    b = sheet([24, 19, 19, 19, 19, 0, 0])
    sheets = {"A": a, "B": b, "C": sheet([1])}
    assert winners(sheets, Ruleset.SECOND_EDITION) == ["A", "B"]
    places = [(s.player, s.place) for s in standings(sheets, Ruleset.SECOND_EDITION)]
    assert places == [("A", 1), ("B", 1), ("C", 3)]
    assert winners(sheets, Ruleset.CLASSIC) == ["B"]
