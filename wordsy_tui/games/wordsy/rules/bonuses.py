"""Who checks which bonus box at the end of a round, and who plays Main next."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.games.wordsy.rules.scoresheet import Box, Scoresheet
from wordsy_tui.games.wordsy.rules.solo import solo_box
from wordsy_tui.games.wordsy.rules.state import GameState

# The fastest player must match or beat all opponents, or 3 of them in
# games of 5-6 (both editions agree once the wording is worked through).
SECOND_BOX_OPPONENTS: Final = 3


def award_boxes(
    players: Sequence[str],
    scores: Mapping[str, int],
    fastest: str | None,
    voided: frozenset[str],
) -> dict[str, Box]:
    """Bonus boxes for one round.

    A voided word (fallen to a challenge) earns its player no box, and counts
    as 0 for the comparisons: the rulebook makes it "worth 0 points".
    """
    boxes = dict.fromkeys(players, Box.NONE)
    if fastest is None:
        return boxes
    fastest_score = scores[fastest]
    opponents = [p for p in players if p != fastest]
    for player in opponents:
        if player not in voided and scores[player] > fastest_score:
            boxes[player] = Box.FIRST
    needed = min(SECOND_BOX_OPPONENTS, len(opponents))
    matched = sum(fastest_score >= scores[p] for p in opponents)
    if fastest not in voided and matched >= needed:
        boxes[fastest] = Box.SECOND
    return boxes


def round_boxes(state: GameState) -> dict[str, Box]:
    """The boxes each player checks if the round ended now, every word as it stands.

    The round's end (`evolve`) awards exactly these; the reveal shows them early.
    """
    players = state.active
    drafts = {p: state.draft(p) for p in players}
    scores = {p: 0 if d.voided else d.score for p, d in drafts.items()}
    if state.solo:
        (player,) = players
        return {player: solo_box(state.solo_spot, state.flipped_by == player, scores[player])}
    voided = frozenset(p for p, d in drafts.items() if d.voided)
    # A fastest player who left took their word along: nobody to compare with.
    fastest = state.fastest if state.fastest in players else None
    return award_boxes(players, scores, fastest, voided)


def next_main_player(
    players: Sequence[str], last: str, sheets: Mapping[str, Scoresheet], ruleset: Ruleset
) -> str:
    """The no-time-limit variant's next Main Player (First Wordsmith).

    Classic: fewest second boxes, then fewest first boxes. Second edition:
    fewest boxes of any kind. Ties go clockwise, starting after `last`.
    """
    start = players.index(last) + 1
    clockwise = [players[(start + i) % len(players)] for i in range(len(players))]

    def marks(player: str, box: Box) -> int:
        return sum(row.box is box for row in sheets[player].rows)

    def key(player: str) -> tuple[int, ...]:
        if ruleset is Ruleset.SECOND_EDITION:
            return (marks(player, Box.FIRST) + marks(player, Box.SECOND),)
        return marks(player, Box.SECOND), marks(player, Box.FIRST)

    return min(clockwise, key=key)
