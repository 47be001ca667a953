"""Equity: a play's score plus the value of the tiles it keeps (its leave).

A club player does not simply take the top score: a play that keeps `?` and S
sets up a bingo next turn, one that keeps Q and two Vs sets up a poor turn or
an exchange. The value of a leave is measured in points against drawing fresh
tiles, so the empty leave is worth 0 and the equity of a play is comparable
with any other's. The values are learned by self-play (scripts/learn_leaves.py,
method and figures in docs/RULES.md "Equity and leaves") and shipped as data
(leaves.json), one table per tile set.

Near the end the learned values mean less: the fewer tiles are left to draw,
the less a good leave grows into a good rack, and once the bag is empty the
tiles kept are tiles that may be stuck on the rack when someone goes out. So
the leave's value is blended, in proportion to the tiles left in the bag (up
to a full rack), from the learned value towards minus the tiles' face value.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final

from wordsy_tui.games.tiles.rules.movegen import Move
from wordsy_tui.games.tiles.rules.rulesets import BLANK, GameName, Rules

DATA_FILE: Final = "leaves.json"
VOWELS: Final = frozenset("AEIOU")
"""Y counts as a consonant: it mostly plays as one, and the fit decides what that costs."""
SYNERGIES: Final = ("q_without_u", "vowel_excess", "consonant_excess")
"""The terms beside each tile's value and its duplicates' penalty (see `features`)."""


@dataclass(frozen=True, slots=True)
class LeaveTable:
    """One tile set's learned leave values."""

    tiles: Mapping[str, float]
    """Each tile's worth on the rack (the first copy), against a fresh draw."""
    duplicates: Mapping[str, float]
    """What each further copy of a tile adds (usually a penalty)."""
    synergy: Mapping[str, float]
    """The weight of each term of `SYNERGIES`."""

    def value(self, leave: Iterable[str]) -> float:
        counts = Counter(leave)
        total = 0.0
        for tile, count in counts.items():
            total += self.tiles.get(tile, 0.0) + self.duplicates.get(tile, 0.0) * (count - 1)
        for name, amount in synergies(counts).items():
            total += self.synergy.get(name, 0.0) * amount
        return total


def synergies(counts: Mapping[str, int]) -> dict[str, int]:
    """The leave's synergy terms: a Q with no U to play it with; more vowels than
    consonants; more than one consonant beyond the vowels (blanks are neither)."""
    vowels = sum(n for t, n in counts.items() if t in VOWELS)
    consonants = sum(n for t, n in counts.items() if t not in VOWELS and t != BLANK)
    return {
        "q_without_u": int(counts.get("Q", 0) > 0 and counts.get("U", 0) == 0),
        "vowel_excess": max(0, vowels - consonants),
        "consonant_excess": max(0, consonants - vowels - 1),
    }


def features(leave: Iterable[str]) -> dict[str, int]:
    """The leave as the fit sees it: `tile:X` copies, `dup:X` copies beyond the first, and
    the synergy terms. `LeaveTable.value` is the dot product of these with the weights."""
    counts = Counter(leave)
    row: dict[str, int] = {}
    for tile, count in counts.items():
        row[f"tile:{tile}"] = 1
        if count > 1:
            row[f"dup:{tile}"] = count - 1
    row.update({k: v for k, v in synergies(counts).items() if v})
    return row


def parse_table(data: Mapping[str, object]) -> LeaveTable:
    """A table from its JSON form (checked: a bad shipped file fails loudly at first use)."""

    def numbers(key: str) -> dict[str, float]:
        part = data.get(key)
        if not isinstance(part, dict) or not all(
            isinstance(k, str) and isinstance(v, int | float) for k, v in part.items()
        ):
            raise ValueError(f"leave table: {key!r} must map names to numbers")
        return {k: float(v) for k, v in part.items()}

    return LeaveTable(numbers("tiles"), numbers("duplicates"), numbers("synergy"))


@cache
def _tables() -> dict[str, LeaveTable]:
    raw = json.loads(resources.files(__package__).joinpath(DATA_FILE).read_text("utf-8"))
    return {name: parse_table(raw["games"][name]) for name in raw["games"]}


def reload() -> None:
    """Read the data file again at next use: for the script that learns it, between rounds."""
    _tables.cache_clear()
    _learned.cache_clear()


def table_for(rules: Rules) -> LeaveTable:
    """The learned table of `rules`' tile set (read from the data file once); a set with
    no table of its own takes Scrabble's."""
    return _table(rules.name)


def _table(game: str) -> LeaveTable:
    tables = _tables()
    return tables.get(game, tables[GameName.SCRABBLE])


@cache
def _learned(game: str, leave: tuple[str, ...]) -> float:
    return _table(game).value(leave)


def leave_value(leave: Sequence[str], rules: Rules, bag: int | None = None) -> float:
    """What keeping `leave` (letters, `?` for a blank) is worth in points, against drawing
    fresh tiles; with `bag` (the tiles left to draw) near the end of the game, blended
    towards minus the tiles' face value as the bag empties (see the module's note)."""
    learned = _learned(rules.name, tuple(sorted(leave)))
    if bag is None or bag >= rules.rack_size:
        return learned
    weight = max(bag, 0) / rules.rack_size
    stuck = -float(sum(rules.value(t) for t in leave))
    return weight * learned + (1 - weight) * stuck


def leave_of(move: Move, rack: Sequence[str]) -> tuple[str, ...]:
    """The tiles of `rack` that `move` does not play (a lower-case letter played a blank)."""
    left = list(rack)
    for _square, char in move.placement:
        left.remove(BLANK if char.islower() else char)
    return tuple(left)


def equity(move: Move, rack: Sequence[str], rules: Rules, bag: int) -> float:
    """The play's score plus the value of what it keeps, with `bag` tiles left to draw."""
    return move.score + leave_value(leave_of(move, rack), rules, bag)


def rank_by_equity(
    moves: Iterable[Move], rack: Sequence[str], rules: Rules, bag: int
) -> list[Move]:
    """`moves` best first by equity (ties: the higher score, then the board order)."""
    return sorted(moves, key=lambda m: (-equity(m, rack, rules, bag), -m.score, m.placement))


def best_keep(rack: Sequence[str], rules: Rules, bag: int) -> tuple[tuple[str, ...], float]:
    """The tiles to keep when exchanging, and that leave's value: an exchange's equity.
    At least one tile goes back, and no more than the `bag` holds (the rules' limit)."""
    tiles = sorted(rack)
    best: tuple[tuple[str, ...], float] | None = None
    seen: set[tuple[str, ...]] = set()
    for mask in range((1 << len(tiles)) - 1):
        keep = tuple(t for i, t in enumerate(tiles) if mask >> i & 1)
        if keep in seen or len(tiles) - len(keep) > bag:
            continue
        seen.add(keep)
        value = leave_value(keep, rules, bag)
        if best is None or value > best[1]:
            best = (keep, value)
    if best is None:
        raise ValueError(f"no exchange of {len(tiles)} tiles with {bag} in the bag")
    return best
