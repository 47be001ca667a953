"""Drawing cards onto the board under the Two Rules of Two.

Only `decide` deals, with the host's random generator; each card drawn is
recorded as placed or burned, so the log replays without drawing.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.board import breaks_rules_of_two
from wordsy_tui.games.wordsy.rules.cards import CARDS_BY_ID
from wordsy_tui.games.wordsy.rules.state import GameState


def deal(state: GameState, slots: Iterable[int], rng: random.Random) -> list[ev.Event]:
    """Fill `slots` in order, burning invalid cards and reshuffling when needed.

    A valid card always exists: at most three letters can be blocked by two
    face-up copies, and eight common letters have at least two copies each.
    """
    undealt, discards = set(state.undealt), set(state.discards)
    face_up = list(state.board.cards)
    events: list[ev.Event] = []
    for slot in slots:
        while True:
            if not undealt:
                events.append(ev.DeckReshuffled())
                undealt, discards = discards, set()
            # Sorting first makes a given seed deal the same cards every time.
            card_id = rng.choice(sorted(undealt))
            undealt.discard(card_id)
            card = CARDS_BY_ID[card_id]
            if breaks_rules_of_two(face_up, card) is None:
                face_up.append(card)
                events.append(ev.CardPlaced(slot, card_id))
                break
            discards.add(card_id)
            events.append(ev.CardBurned(card_id))
    return events
