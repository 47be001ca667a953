"""Helpers for the Wordsmith tests: sheets drawn as text, a table that runs decide and
evolve with a full log, and random legal turns, over the shipped word list."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from wordsy_tui.games.wordsmith import commands as cmd
from wordsy_tui.games.wordsmith import events as ev
from wordsy_tui.games.wordsmith.components import CARDS, ITEMS, LETTERS, SIZE, Card, Kind
from wordsy_tui.games.wordsmith.config import WordsmithConfig
from wordsy_tui.games.wordsmith.decide import decide
from wordsy_tui.games.wordsmith.errors import TurnError
from wordsy_tui.games.wordsmith.evolve import evolve
from wordsy_tui.games.wordsmith.forge import forge
from wordsy_tui.games.wordsmith.grid import SQUARES, mask, parse_square
from wordsy_tui.games.wordsmith.sheet import VACANT, Made, Sheet, forged_items
from wordsy_tui.games.wordsmith.state import WordsmithState
from wordsy_tui.games.wordsmith.turn import GobletLetter, Pick, SwordCircle, Turn, commit
from wordsy_tui.words.lexicon import load_lexicon

LEXICON = load_lexicon()
STEPS = {"across": 1, "back": -1, "down": SIZE, "up": -SIZE}
# The letters on the sheet before the rulebook's example turn (CANDLES, GNOME, GORE), beside
# BANANA (h3 down) and BURP (a4 down).
CANDLES_SHEET = {
    "b2": "C",
    "c2": "A",
    "e2": "D",
    "f2": "L",
    "h2": "S",
    "d1": "G",
    "d3": "O",
    "d5": "E",
    "a1": "E",
    "b1": "R",
}


def sq(name: str) -> int:
    square = parse_square(name)
    assert square is not None, name
    return square


def placed(word: str, start: str, direction: str) -> tuple[int, ...]:
    """The squares `word` covers from `start` (across, back, down or up)."""
    return tuple(sq(start) + i * STEPS[direction] for i in range(len(word)))


def sheet_with(
    loose: Mapping[str, str] = {},
    words: Sequence[tuple[str, str, str]] = (),
    **fields: int,
) -> Sheet:
    """A sheet with `loose` letters written but not circled and `words` (WORD, start,
    direction) made and circled; the items their circles complete are forged."""
    letters = [VACANT] * SQUARES
    for name, letter in loose.items():
        letters[sq(name)] = letter
    made = []
    for text, start, direction in words:
        squares = placed(text, start, direction)
        for square, letter in zip(squares, text, strict=True):
            letters[square] = letter
        made.append(Made(text, squares))
    circled = mask(square for word in made for square in word.squares)
    return Sheet(
        letters="".join(letters),
        circled=circled,
        words=tuple(made),
        forged=forged_items(circled),
        **fields,
    )


def forging(*kinds: Kind) -> Sheet:
    """A sheet whose circles forge the first items of each of `kinds` (one per mention)."""
    wanted = list(kinds)
    squares = []
    for item in ITEMS:
        if item.kind in wanted:
            wanted.remove(item.kind)
            squares.extend(item.squares)
    circled = mask(squares)
    return Sheet(circled=circled, forged=forged_items(circled))


def card(letters: str) -> Card:
    return Card(letters[0], letters[1])


def strip(*pairs: str) -> tuple[Card, ...]:
    return tuple(card(pair) for pair in pairs)


def card_number(letters: str) -> int:
    return CARDS.index(card(letters))


class Table:
    def __init__(
        self,
        players: Iterable[str] = ("ann", "bob"),
        config: WordsmithConfig | None = None,
        seed: int = 7,
    ) -> None:
        self.state = WordsmithState()
        self.log: list[ev.Event] = []
        self.rng = random.Random(seed)
        self.players = tuple(players)
        self.do(None, cmd.StartGame(self.players, frozenset(), config or WordsmithConfig()))

    def do(self, actor: str | None, command: cmd.Command) -> list[ev.Event]:
        events = decide(self.state, actor, command, self.rng, LEXICON)
        for event in events:
            self.state = evolve(self.state, event)
        self.log.extend(events)
        return events

    def seal(self, player: str, turn: Turn) -> list[ev.Event]:
        return self.do(player, cmd.Seal(commit(turn, salt(player))))

    def reveal(self, player: str, turn: Turn) -> list[ev.Event]:
        return self.do(player, cmd.Reveal(turn, salt(player)))

    def round(self, turns: Mapping[str, Turn]) -> list[ev.Event]:
        """Every turn sealed, then every turn revealed."""
        events = [e for player, turn in turns.items() for e in self.seal(player, turn)]
        return events + [e for player, turn in turns.items() for e in self.reveal(player, turn)]

    def set_sheet(self, player: str, sheet: Sheet) -> None:
        self.state = replace(self.state, sheets={**self.state.sheets, player: sheet})

    def set_strip(self, *pairs: str) -> None:
        self.state = replace(self.state, strip=tuple(card_number(pair) for pair in pairs))


def salt(player: str) -> bytes:
    return f"salt of {player}".encode()


def random_turn(state: WordsmithState, player: str, rng: random.Random) -> Turn:
    """A random legal turn: two letters of the strip (now and then one bought) on vacant
    squares, and each bonus taken somewhere at random."""
    sheet = state.sheet(player)
    vacant = [s for s in range(SQUARES) if sheet.vacant(s)]
    while True:
        squares = rng.sample(vacant, 2)
        faces = rng.sample(range(6), 2)
        picks = []
        for square, face in zip(squares, faces, strict=True):
            if rng.random() < 0.1:
                picks.append(Pick(square, rng.choice(LETTERS), None))
            else:
                shown = state.strip_cards[face // 2]
                picks.append(Pick(square, shown.bottom if face % 2 else shown.top, face))
        turn = Turn(tuple(picks))
        try:
            forged = forge(sheet, turn, state.strip_cards, LEXICON)
        except TurnError:
            continue  # the coin grid is full: try cheaper letters
        while forged.goblets or forged.swords:
            if forged.goblets:
                open_squares = [s for s in range(SQUARES) if forged.sheet.vacant(s)]
                bonus: GobletLetter | SwordCircle = GobletLetter(
                    rng.choice(open_squares), rng.choice(LETTERS)
                )
            else:
                uncircled = [s for s in range(SQUARES) if not forged.sheet.is_circled(s)]
                bonus = SwordCircle(rng.choice(uncircled))
            turn = Turn(turn.picks, (*turn.bonuses, bonus))
            forged = forge(sheet, turn, state.strip_cards, LEXICON)
        return turn
