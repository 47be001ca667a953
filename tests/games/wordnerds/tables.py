"""Made-up tables for Word Nerds' tests: chosen hands, pools and scores, and a host that
applies commands to them."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.components import ACTIONS, LETTERS, Effect, letter
from wordsy_tui.games.wordnerds.rules.config import NerdsConfig
from wordsy_tui.games.wordnerds.rules.decide import decide
from wordsy_tui.games.wordnerds.rules.evolve import evolve, replay

WORDS = frozenset(
    {"paths", "wreck", "abasia", "master", "stone", "notes", "tones", "rate", "tear", "wrecks"}
)


class Cards:
    """Hands out distinct cards by letter or effect, so a table never holds one card twice."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def letters(self, word: str) -> tuple[int, ...]:
        cards = []
        for wanted in word:
            card = next(
                i
                for i, c in enumerate(LETTERS)
                if c.letter == wanted and i not in self.used and not c.action
            )
            self.used.add(card)
            cards.append(card)
        return tuple(cards)

    def marked(self, wanted: str) -> int:
        """A copy of `wanted` that carries '+ ACTION CARD'."""
        card = next(
            i
            for i, c in enumerate(LETTERS)
            if c.letter == wanted and c.action and i not in self.used
        )
        self.used.add(card)
        return card


def spelt(cards: Iterable[int], word: str) -> tuple[int, ...]:
    """Cards from `cards` in the order that spells `word` (WILDs where a letter is missing)."""
    left = list(cards)
    ordered = []
    for wanted in word:
        card = next(
            (c for c in left if letter(c).letter == wanted),
            next((c for c in left if letter(c).wild), None),
        )
        assert card is not None, f"no card for {wanted}"
        left.remove(card)
        ordered.append(card)
    return tuple(ordered)


def action_card(effect: Effect, taken: Iterable[int] = ()) -> int:
    return next(i for i, kind in enumerate(ACTIONS) if kind.effect is effect and i not in taken)


class Table:
    """A game in its Word Declaration Phase (or wherever the commands take it), with the
    host's generator and word list."""

    def __init__(
        self,
        players: Sequence[str],
        letters: Mapping[str, tuple[int, ...]] = {},
        actions: Mapping[str, tuple[int, ...]] = {},
        community: tuple[int, ...] = (),
        scores: Mapping[str, int] = {},
        spent: Mapping[str, tuple[int, ...]] = {},
        config: NerdsConfig | None = None,
        seed: int = 0,
        words: frozenset[str] = WORDS,
    ) -> None:
        self.rng = random.Random(seed)
        self.words = words
        players = tuple(players)
        self.log: list[ev.Event] = [
            ev.GameCreated(config or NerdsConfig()),
            *(ev.PlayerJoined(player) for player in players),
            ev.GameStarted(players[0]),
        ]
        for player in players:
            if letters.get(player):
                self.log.append(ev.LettersDrawn(player, letters[player]))
            if actions.get(player):
                self.log.append(ev.ActionsDrawn(player, actions[player]))
        self.log.append(ev.AuctionOpened(players[0], ()))
        self.log += [ev.CommunityCardAdded(c, drawn=True) for c in community]
        self.log.append(ev.DeclarationOpened())
        state = replay(self.log)
        for player, tokens in spent.items():
            state = evolve(state, ev.TokensSpent(player, tokens))
        self.state = replace(state, scores={**state.scores, **scores})

    def do(self, seat: str | None, command: cmd.Command) -> list[ev.Event]:
        events = decide(self.state, seat, command, rng=self.rng, words=self.words)
        for event in events:
            self.state = evolve(self.state, event)
        self.log += events
        return events

    def all_pass(self, *, but: Iterable[str] = ()) -> list[ev.Event]:
        """Everyone still to say "nothing more" says it (the window then closes)."""
        events: list[ev.Event] = []
        for player in self.state.players:
            if player not in self.state.passed and player not in but:
                events += self.do(player, cmd.Pass())
        return events
