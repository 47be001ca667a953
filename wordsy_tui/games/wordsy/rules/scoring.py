"""How a word scores against the face-up cards."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final

from wordsy_tui.games.wordsy.rules.board import Board, slot_value
from wordsy_tui.games.wordsy.rules.cards import Card

# Handicap variant: a handicapped player fully scores only four board letters.
HANDICAP_FULL_CARDS: Final = 4
HANDICAP_OTHER_POINTS: Final = 1


@dataclass(frozen=True, slots=True)
class ScoredCard:
    slot: int
    card: Card
    points: int

    def describe(self) -> str:
        return f"{self.card.label()}@{slot_value(self.slot)}={self.points}"


@dataclass(frozen=True, slots=True)
class WordScore:
    word: str
    points: int
    cards: tuple[ScoredCard, ...]


def normalise(word: str) -> str:
    return word.strip().upper()


def card_points(slot: int, card: Card) -> int:
    return slot_value(slot) + card.bonus


def matched_cards(board: Board, word: str) -> list[tuple[int, Card]]:
    """The board cards a word uses: each card at most once, the best ones first.

    A letter used k times takes the best min(k, copies on the board) cards.
    """
    uses = Counter(normalise(word))
    matched: list[tuple[int, Card]] = []
    for letter, times in uses.items():
        candidates = [
            (slot, card)
            for slot, card in enumerate(board.slots)
            if card is not None and card.letter == letter
        ]
        candidates.sort(key=lambda pair: card_points(*pair), reverse=True)
        matched.extend(candidates[:times])
    return matched


def score_word(board: Board, word: str, *, handicap: bool = False) -> WordScore:
    """Score `word` on `board`, breaking the total down card by card.

    With `handicap`, the four most valuable matched cards score in full and
    every other matched card scores 1 point: the best choice of four for the
    player, which the rulebook leaves to them.
    """
    matched = sorted(matched_cards(board, word), key=lambda pair: (-card_points(*pair), pair[0]))
    scored = tuple(
        ScoredCard(
            slot,
            card,
            card_points(slot, card)
            if not handicap or rank < HANDICAP_FULL_CARDS
            else HANDICAP_OTHER_POINTS,
        )
        for rank, (slot, card) in enumerate(matched)
    )
    ordered = tuple(sorted(scored, key=lambda sc: sc.slot))
    return WordScore(normalise(word), sum(sc.points for sc in ordered), ordered)


def explain(score: WordScore) -> str:
    """The second edition's notation: `Q(4+2) + B(4) + L(2) + S(5) = 17`."""
    if not score.cards:
        return f"{score.word}: no board letters = 0"
    parts = []
    for scored in score.cards:
        column, card = slot_value(scored.slot), scored.card
        full = column + card.bonus
        if scored.points != full:
            parts.append(f"{card.letter}({scored.points})")
        elif card.bonus:
            parts.append(f"{card.letter}({column}+{card.bonus})")
        else:
            parts.append(f"{card.letter}({column})")
    return f"{score.word}: {' + '.join(parts)} = {score.points}"
