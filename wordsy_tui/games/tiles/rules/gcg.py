"""A finished tile game as GCG, the record format Scrabble tools read (Quackle, Woogles...).

Pure: the host's events in, text out. The format is John Chew's `.gcg` (poslfit.com),
as Quackle and macondo write it:

    #character-encoding UTF-8
    #player1 ann ann
    #player2 bob bob
    ...
    >ann: ?AEHNOR 8H HORN +14 14          a play: rack, square, word, +score, total
    >bob: AEFMRST J6 FA.M +17 17          '.' for a letter already on the board
    >ann: ?AEEITX 9J .TAX +23 37
    >ann: ?AEEITX -- -23 14               withdrawn: a challenge found a word not in the list
    #note bob challenged: MTAX, NT not in the word list, the play is withdrawn
    >bob: EEERSTT -EET +0 17              an exchange (the tiles put back)
    >ann: ?AEEITX 9G tA +6 20             a blank: its letter in lower case
    >bob: AEINRST - +0 17                 a pass, or a turn lost to a failed challenge
    >ann: ?AEEI (challenge) +5 42         the 5- or 10-point rule's bonus for a failed one
    ...
    >bob: (EEEITVX) +17 130               went out: the tiles left on the other racks
    >ann: (EEEITVX) -17 3                 a rack's points lost at the end
    >ann: EEEITVX (time) -10 -7           the game clock's overtime penalty, after them

A square is `8H` (row 8, column H) for a word across and `H8` for one down; a
blank is its letter in lower case, `?` on a rack. See docs/RULES.md, "Exporting
a game (GCG)", for the choices this module makes where the format is silent
(more than two players, the end-of-game adjustments, Words with Friends' tiles).

Only a finished game exports: until the end the racks are the host's secrets,
and a record of a game under way would show them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.board import COLUMNS, assess
from wordsy_tui.games.tiles.rules.errors import RuleError
from wordsy_tui.games.tiles.rules.evolve import evolve
from wordsy_tui.games.tiles.rules.rulesets import SIZE
from wordsy_tui.games.tiles.rules.state import HIDDEN, Phase, TileGameState
from wordsy_tui.text import shown

LEXICON: Final = "SCOWL80"
"""The shipped word list all three games use by default (docs/RULES.md): no tool knows it
by this name. A host's own list is named by its file (`lexicon_pragma`)."""
AUTHORITY: Final = "wordsy-tui"
"""Who gives the game its id (the `#id` pragma's first token)."""


class GcgError(ValueError):
    """The events do not make a game that can be exported; the message says why."""


class NotFinished(GcgError):
    """The game is not over: its racks are still secret."""


@dataclass(frozen=True, slots=True)
class _Line:
    player: str
    rack: str
    move: str
    """The middle of the line: `8H HORN`, `--`, `-EET`, `-`, `(AEIQ)`."""
    points: int
    total: int

    def text(self, nicks: dict[str, str]) -> str:
        tokens = [f">{nicks[self.player]}:", self.rack, self.move, f"{self.points:+d}"]
        return " ".join(token for token in tokens if token) + f" {self.total}"


def export_gcg(
    events: Iterable[ev.Event], game_id: str | None = None, notes: Mapping[int, str] | None = None
) -> str:
    """The GCG record of a finished game, from the host's events (its full, unredacted log);
    `notes`: a `#note` line after the lines of each event they name (by its position in the
    log, from 1), such as the post-game review's (`review.notes`).

    Raises NotFinished for a game not yet over, GcgError for events that do not fold
    into a game (a log no host of ours wrote).
    """
    state = TileGameState()
    lines: list[_Line | str] = []
    totals: dict[str, int] = {}
    for number, event in enumerate(events, start=1):
        before = state
        try:
            state = evolve(state, event)
            lines.extend(_lines(event, before, state, totals, number))
            if notes and number in notes:
                lines.append(f"#note {_text(notes[number])}")
        except GcgError:
            raise
        except (KeyError, ValueError, TypeError, IndexError) as error:
            raise GcgError(f"event {number} does not follow from the ones before it") from error
    if state.phase is not Phase.OVER:
        raise NotFinished("the game is not over" if state.turns else "the game never started")
    if totals != dict(state.scores):
        raise GcgError("the scores in the log do not add up")
    nicks = nicknames(state.players)
    body = [line if isinstance(line, str) else line.text(nicks) for line in lines]
    return "\n".join([*_pragmata(state, nicks, game_id), *body]) + "\n"


def _lines(
    event: ev.Event,
    before: TileGameState,
    state: TileGameState,
    totals: dict[str, int],
    number: int,
) -> list[_Line | str]:
    """The record's lines for one event (most make none); `totals` runs on with them."""
    match event:
        case ev.GameStarted():
            totals.update(dict.fromkeys(state.players, 0))
        case ev.TilesPlayed(player, placement, _words, score, _bingo):
            totals[player] += score
            move = _play_text(before, placement, number)
            return [_Line(player, _rack(before, player), move, score, totals[player])]
        case ev.ChallengeDecided(challenger, upheld, refused, votes) if before.pending is not None:
            player, score = before.pending.player, before.pending.score
            rule = state.rules.challenge
            outcome = (
                "the play is withdrawn"
                if upheld
                else f"the play stands, {rule.cost(_text(challenger), _text(player))}"
            )
            note = _challenge_note(challenger, refused, outcome, event.tally if votes else None)
            if not upheld and rule.bonus:
                # The 5- and 10-point rules' bonus, as Quackle and macondo write it.
                totals[player] += rule.bonus
                bonus = _Line(
                    player, _rack(state, player), "(challenge)", rule.bonus, totals[player]
                )
                return [bonus, note]
            if not upheld:
                return [note]
            # The tiles are back on the rack: it is the rack the play was made from.
            totals[player] -= score
            return [_Line(player, _rack(state, player), "--", -score, totals[player]), note]
        case ev.TilesExchanged(player, returned, _drawn, count):
            put_back = _token("".join(returned)) if returned is not None else str(count)
            return [_Line(player, _rack(before, player), f"-{put_back}", 0, totals[player])]
        case ev.Passed(player, timed_out=True, early=early):
            line = _Line(player, _rack(before, player), "-", 0, totals[player])
            why = (
                f"the table moved on without {_text(player)}"
                if early
                else f"the turn limit ended {_text(player)}'s turn"
            )
            return [line, f"#note {why}: the host passed for them"]
        case ev.Passed(player) | ev.TurnLost(player):
            return [_Line(player, _rack(before, player), "-", 0, totals[player])]
        case ev.GameEnded(out, racks, adjustments, _winners, penalties, out_of_time):
            doubled = out is not None and state.rules.out_doubled
            ended: list[_Line | str] = [
                *_end_lines(out, dict(racks), dict(adjustments), totals, doubled=doubled)
            ]
            for player, penalty in penalties:
                # The overtime penalty, after the racks, as macondo and Quackle read it:
                # `>nick: RACK (time) -10 total`.
                totals[player] -= penalty
                rack = _token("".join(dict(racks).get(player, ())))
                ended.append(_Line(player, rack, "(time)", -penalty, totals[player]))
            if out_of_time is not None:
                ended.append(f"#note {_text(out_of_time)} ran out of time: the game ended")
            return ended
    return []


def _rack(state: TileGameState, player: str) -> str:
    tiles = state.rack(player)
    if HIDDEN in tiles:
        raise GcgError("the log hides a rack: only the host's own log can be exported")
    return _token("".join(tiles))


def _play_text(before: TileGameState, placement: Sequence[tuple[int, str]], at: int) -> str:
    """`9G Z.X`: where the play's main word starts (row first: across; column first: down)
    and its letters, '.' for each one that was on the board already."""
    try:
        found = assess(before.board, placement, before.rules, before.premiums)
    except (RuleError, ValueError, IndexError) as error:
        raise GcgError(f"event {at}: the play does not fit the board ({error})") from None
    main = found.words[0].squares  # the main word comes first
    new = dict(found.placement)
    word = "".join(_token(new[square]) if square in new else "." for square in main)
    row, col = divmod(main[0], SIZE)
    where = f"{row + 1}{COLUMNS[col]}" if found.across else f"{COLUMNS[col]}{row + 1}"
    return f"{where} {word}"


def _challenge_note(
    challenger: str,
    refused: Sequence[str],
    outcome: str,
    tally: tuple[int, int] | None = None,
) -> str:
    """What a challenge found, and its `outcome`; `tally`: the table's vote on it,
    (goes, stands)."""
    who = _text(challenger)
    lacks = ", ".join(_text(word) for word in refused)
    if tally is not None:
        advice = f"the word list lacks {lacks}" if refused else "the word list has every word"
        voted = f"the table voted {tally[1]} for it, {tally[0]} against"
        return f"#note {who} challenged, {advice}; {voted}: {outcome}"
    found = f"{lacks} not in the word list" if refused else "every word is good"
    return f"#note {who} challenged: {found}, {outcome}"


def _end_lines(
    out: str | None,
    racks: dict[str, tuple[str, ...]],
    adjustments: dict[str, int],
    totals: dict[str, int],
    *,
    doubled: bool,
) -> list[_Line]:
    """The end-of-game adjustments, as the rulebook has them: whoever went out gains the
    tiles left on every other rack; everyone else loses their own rack's points. Under
    tournament scoring (`doubled`) whoever went out gains twice, and nobody loses: only
    that line is written, as the tournament tools write it."""
    lines: list[_Line] = []
    if out is not None:
        left = "".join(sorted(t for p, rack in racks.items() if p != out for t in rack))
        gain = adjustments.get(out, 0)
        totals[out] = totals.get(out, 0) + gain
        lines.append(_Line(out, "", f"({_token(left)})", gain, totals[out]))
    for player, rack in racks.items():
        if player == out or not rack or doubled:
            continue
        loss = adjustments.get(player, 0)
        totals[player] = totals.get(player, 0) + loss
        # No rack before the tiles: Quackle reads a line whose first token is `(TILES)` as
        # that player's end-of-game adjustment, and a rack there as the start of a play.
        tiles = _token("".join(rack))
        lines.append(_Line(player, "", f"({tiles})", loss, totals[player]))
    return lines


def _pragmata(state: TileGameState, nicks: dict[str, str], game_id: str | None) -> list[str]:
    rules = state.rules
    board = "a random board" if state.config.random_board else "the standard board"
    lines = ["#character-encoding UTF-8"]
    lines += [f"#player{n} {nicks[p]} {_text(p)}" for n, p in enumerate(state.players, 1)]
    lines.append(f"#title {rules.title}" + (f" game {_token(game_id)}" if game_id else ""))
    config = state.config
    listed = (
        f", the word list {_text(config.lexicon_name)} (sha256 {config.lexicon_hash})"
        if config.lexicon_hash
        else ""
    )
    lines.append(
        f"#description {rules.title} on {board}, {len(state.players)} players{listed}, "
        "exported by wordsy-tui"
    )
    lines.append(f"#lexicon {lexicon_pragma(config.lexicon_name)}")
    if game_id:
        lines.append(f"#id {AUTHORITY} {_token(game_id)}")
    return lines


def lexicon_pragma(name: str) -> str:
    """The `#lexicon` of a game played with the word list of file `name` (empty: the
    shipped list): its base name without the extension, as the tools name a list
    (`NWL2023.txt` is `NWL2023`, `CSW21` is `CSW21`)."""
    stem = name.rsplit(".", 1)[0] if "." in name.lstrip(".") else name
    return _token(stem) or LEXICON


def nicknames(players: Sequence[str]) -> dict[str, str]:
    """Each player's GCG nickname: one token (no spaces, no ':'), unique at the table."""
    taken: set[str] = set()
    nicks: dict[str, str] = {}
    for player in players:
        base = _token(player).replace(":", "_") or "player"
        nick, number = base, 1
        while nick in taken:
            number += 1
            nick = f"{base}_{number}"
        taken.add(nick)
        nicks[player] = nick
    return nicks


def _token(text: str) -> str:
    """`text` as one GCG token: spaces become '_', anything unprintable is escaped."""
    return "_".join(shown(text).split())


def _text(text: str) -> str:
    """`text` on one line: anything unprintable escaped (no line breaks can get in)."""
    return " ".join(shown(text).split())
