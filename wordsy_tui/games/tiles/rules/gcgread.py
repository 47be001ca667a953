"""A two-player Scrabble game from a GCG record (Woogles, macondo, Quackle) as the table's
own events, for `replay` and `export`.

Pure: text in, events out. Every move is played through `decide` as a host would have
played it, with the record's racks standing in for the host's draws (`_Dealt`), so the
rules check each play's squares, rack and score, and the record's totals are checked
against the game's after every line. A line that does not follow is refused with its
number and the reason, and nothing is imported. See docs/RULES.md, "Importing a game (GCG)".

The forms read (the ones those tools write):

    #player1 ann Ann                     nickname, then the name
    #lexicon NWL20   #title ...   #id io.woogles abc   #note ...   #description ...
    >ann: ?AEHNOR 8H HORN +14 14         a play ('.' or '(HO)' for letters on the board)
    >ann: ?AEHNOR -- -14 0               the play before withdrawn (a phony challenged off)
    >ann: AEHNOR (challenge) +5 19       the 5- or 10-point rule's bonus
    >bob: AEFMRST -EET +0 17             an exchange (the tiles put back)
    >bob: AEFMRST - +0 17                a pass (also a turn lost to a failed challenge)
    >ann: (EEIV) +14 330                 went out: the tiles left on the other rack
    >bob: (EEIV) -7 310                  a rack's points lost (Quackle's form)
    >bob: EEIV (EEIV) -7 310             the same (macondo's form)
    >bob: EEIV (time) -10 300            a game clock's overtime penalty, after the end
"""

from __future__ import annotations

import random
import re
from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from wordsy_tui.engine.errors import RuleError
from wordsy_tui.engine.names import name_problem
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.board import EMPTY
from wordsy_tui.games.tiles.rules.clocks import PENALTY_PER_MINUTE
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.decide import decide, game_ended
from wordsy_tui.games.tiles.rules.evolve import evolve, replay
from wordsy_tui.games.tiles.rules.gcg import nicknames
from wordsy_tui.games.tiles.rules.notation import ACROSS, DOWN, parse_move
from wordsy_tui.games.tiles.rules.rulesets import LETTERS, SIZE, ChallengeRule, GameName
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState
from wordsy_tui.games.tiles.rules.words import Words, is_word
from wordsy_tui.text import shown

MAX_BYTES: Final = 256 * 1024
"""The largest record read: a whole game is a few kilobytes."""
MAX_LINE: Final = 1000
_SCORE: Final = re.compile(r"[+-]?\d{1,5}")
_RACK: Final = re.compile(r"[A-Z?]{0,7}")
_TILES: Final = re.compile(r"\(([A-Za-z?]{0,100})\)")
_BONUSES: Final = {5: ChallengeRule.FIVE, 10: ChallengeRule.TEN}
_ENDING: Final = ("end", "time")
"""The lines after the last move: the racks' adjustments and the overtime penalties."""


class GcgImportError(ValueError):
    """The record cannot be imported; the message says where (its line) and why."""


@dataclass(frozen=True, slots=True)
class GcgGame:
    """An imported game: its events, and what the record says of itself."""

    events: tuple[ev.Event, ...]
    title: str
    game_id: str
    """The record's `#id` (its authority and id), empty when it has none."""


@dataclass(frozen=True, slots=True)
class _Move:
    number: int
    """The line's number in the file."""
    nick: str
    rack: str
    kind: str
    """play, withdrawn, bonus, exchange, pass, end, time (an overtime penalty)."""
    points: int
    total: int
    where: str = ""
    word: str = ""
    tiles: str = ""
    """An exchange's tiles put back; an end line's tiles."""


class _Dealt(random.Random):
    """The host's draws, as the record's racks show them: each `sample` is the next draw
    planned, checked against the bag it is drawn from."""

    def __init__(self) -> None:
        super().__init__(0)
        self.planned: deque[tuple[int, tuple[str, ...]]] = deque()

    def sample(self, population: Sequence[Any], k: int, *, counts: Any = None) -> list[Any]:
        if not self.planned:
            raise GcgImportError("the record does not say which tiles were drawn here")
        number, tiles = self.planned.popleft()
        if len(tiles) != k:
            raise GcgImportError(
                f"line {number}: the rack shows {len(tiles)} tiles drawn, where the bag gave {k}"
            )
        if Counter(tiles) - Counter(population):
            raise GcgImportError(
                f"line {number}: the rack holds tiles the bag no longer had "
                f"({''.join(sorted((Counter(tiles) - Counter(population)).elements()))})"
            )
        return list(tiles)


class _Everything:
    """A word list that has every word: a challenge that failed."""

    def __contains__(self, word: str, /) -> bool:
        return True


def read_gcg(text: str, words: Words | None = None) -> GcgGame:
    """The events of the two-player Scrabble game `text` records; GcgImportError (with a
    line number) for a record that cannot be one. `words`: a list that names the words a
    withdrawn play was challenged off for (the record does not say which; without it, or
    when it has them all, every word of the play is named)."""
    if len(text) > MAX_BYTES:
        raise GcgImportError(f"the record is larger than {MAX_BYTES // 1024} KB: not one game")
    players: dict[int, tuple[str, str]] = {}
    pragmas: dict[str, str] = {}
    moves: list[_Move] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if len(line) > MAX_LINE:
            raise GcgImportError(f"line {number}: longer than {MAX_LINE} characters")
        if not line or line.startswith("#note"):
            continue  # notes are the tools' comments: not kept
        if not line.isprintable():
            raise GcgImportError(f"line {number}: a control character ({shown(line[:40])})")
        if line.startswith("#player"):
            _player(line, number, players)
        elif line.startswith("#"):
            key, _, value = line[1:].partition(" ")
            if moves and key in ("lexicon", "title", "id"):
                raise GcgImportError(f"line {number}: #{key} after the first move")
            pragmas[key] = value.strip()
        elif line.startswith(">"):
            moves.append(_move(line, number))
        else:
            raise GcgImportError(
                f"line {number}: neither a pragma (#...) nor a move (>nick: ...): "
                f"{shown(line[:40])!r}"
            )
    return _game(players, pragmas, moves, words)


def _player(line: str, number: int, players: dict[int, tuple[str, str]]) -> None:
    head, *rest = line.split(None, 2)
    seat = head.removeprefix("#player")
    if seat not in ("1", "2"):
        raise GcgImportError(
            f"line {number}: {shown(head)}: only two-player games import (#player1, #player2)"
        )
    if len(rest) < 1:
        raise GcgImportError(f"line {number}: {head} needs a nickname")
    nick = rest[0]
    name = rest[1].strip() if len(rest) > 1 else nick
    # The name when it gives the record's nickname back on export, else the nickname.
    if name_problem(name) is not None or nicknames([name])[name] != nick:
        name = nick
    problem = name_problem(name)
    if problem is not None:
        raise GcgImportError(f"line {number}: {shown(nick)!r} cannot sit at a table: {problem}")
    if int(seat) in players:
        raise GcgImportError(f"line {number}: {head} twice")
    players[int(seat)] = (nick, name)


def _move(line: str, number: int) -> _Move:
    nick, colon, rest = line[1:].partition(":")
    tokens = rest.split()
    if not colon or not nick or len(tokens) < 2:
        raise GcgImportError(f"line {number}: not a move: {shown(line[:60])!r}")
    *middle, points_text, total_text = tokens
    if not (_SCORE.fullmatch(points_text) and _SCORE.fullmatch(total_text)):
        raise GcgImportError(
            f"line {number}: a move ends with its points and the total (e.g. +14 14)"
        )

    def made(kind: str, rack: Sequence[str] = (), **more: str) -> _Move:
        return _Move(
            number, nick, _rack(rack, number), kind, int(points_text), int(total_text), **more
        )

    match middle:
        case [*rack, "(time)"] if len(rack) <= 1:  # before the end's forms: "(TIME)" is tiles
            return made("time", rack)
        case [end] if (found := _TILES.fullmatch(end)) is not None and end != "(challenge)":
            return made("end", tiles=found[1].upper())
        case [rack, end] if (found := _TILES.fullmatch(end)) is not None and end != "(challenge)":
            if found[1].upper() != rack.upper():
                raise GcgImportError(f"line {number}: the rack lost at the end is {rack}")
            return made("end", tiles=rack.upper())
        case [*rack, "(challenge)"] if len(rack) <= 1:
            return made("bonus", rack)
        case [rack, "--"]:
            return made("withdrawn", [rack])
        case [rack, "-"]:
            return made("pass", [rack])
        case [rack, put_back] if put_back.startswith("-"):
            if put_back[1:].isdigit():
                raise GcgImportError(
                    f"line {number}: the exchange gives only a count: which tiles went "
                    "back is needed to replay the game"
                )
            return made("exchange", [rack], tiles=_rack([put_back[1:]], number))
        case [rack, where, word]:
            return made("play", [rack], where=where, word=word)
    raise GcgImportError(f"line {number}: not a move: {shown(line[:60])!r}")


def _rack(tokens: Sequence[str], number: int) -> str:
    rack = tokens[0] if tokens else ""
    if not _RACK.fullmatch(rack):
        raise GcgImportError(
            f"line {number}: {shown(rack[:20])!r} is not a rack (up to 7 of A-Z and ?)"
        )
    return "".join(sorted(rack))


def _game(
    players: dict[int, tuple[str, str]],
    pragmas: dict[str, str],
    moves: list[_Move],
    words: Words | None,
) -> GcgGame:
    if sorted(players) != [1, 2]:
        raise GcgImportError("the record names no two players (#player1 and #player2)")
    names = dict(players.values())
    if len(names) != 2 or len(set(names.values())) != 2:
        raise GcgImportError("the two players have the same nickname or name")
    for move in moves:
        if move.nick not in names:
            raise GcgImportError(f"line {move.number}: {shown(move.nick)!r} is not a player")
    plays = [m for m in moves if m.kind not in _ENDING]
    if not plays:
        raise GcgImportError("the record has no moves")
    penalty = next((m for m in moves if m.kind == "time"), None)
    if penalty is not None and penalty.number < plays[-1].number:
        raise GcgImportError(
            f"line {penalty.number}: a time penalty comes at the end, after the last move"
        )
    config = TileGameConfig(
        GameName.SCRABBLE,
        max_players=2,
        challenge=_challenge_rule(moves),
        tournament_out=_doubled(moves),
        lexicon_name=pragmas.get("lexicon", "")[:60],
    )
    return GcgGame(
        tuple(_Replayer(config, names, moves, words).events()),
        shown(pragmas.get("title", "")),
        shown(pragmas.get("id", "")),
    )


def _challenge_rule(moves: list[_Move]) -> ChallengeRule:
    """The 5- or 10-point rule when the record gives such a bonus; else single (a failed
    challenge costs nothing the record would show: a lost turn is written as a pass)."""
    bonuses = {m.points for m in moves if m.kind == "bonus"}
    for move in moves:
        if move.kind == "bonus" and move.points not in _BONUSES:
            raise GcgImportError(
                f"line {move.number}: a challenge bonus is 5 or 10 points, not {move.points}"
            )
    if len(bonuses) > 1:
        raise GcgImportError("the record gives challenge bonuses of both 5 and 10 points")
    return _BONUSES[bonuses.pop()] if bonuses else ChallengeRule.SINGLE


def _doubled(moves: list[_Move]) -> bool:
    """Whether going out scores twice the rack left (as tournaments, Woogles and Quackle
    score it) rather than the rulebook's once."""
    from wordsy_tui.games.tiles.rules.rulesets import RULES

    rules = RULES[GameName.SCRABBLE]
    for move in moves:
        if move.kind == "end" and move.points > 0:
            value = sum(rules.value(t) for t in move.tiles)
            if move.points not in (value, 2 * value):
                raise GcgImportError(
                    f"line {move.number}: going out with {move.tiles} left scores {value} "
                    f"(or {2 * value} under tournament rules), not {move.points}"
                )
            return move.points == 2 * value and value > 0
    return False


class _Replayer:
    """The record's moves through `decide`, as its host would have played them."""

    def __init__(
        self,
        config: TileGameConfig,
        names: dict[str, str],
        moves: list[_Move],
        words: Words | None,
    ) -> None:
        self.words = words
        self.names = names
        self.moves = moves
        self.dealt = _Dealt()
        self.state = TileGameState()
        self.out: list[ev.Event] = []
        self.config = config

    def add(self, events: Sequence[ev.Event]) -> None:
        for event in events:
            self.state = evolve(self.state, event)
            self.out.append(event)

    def events(self) -> list[ev.Event]:
        plays = [m for m in self.moves if m.kind not in _ENDING]
        first = plays[0].nick
        order = (first, *(nick for nick in self.names if nick != first))
        seated = tuple(self.names[nick] for nick in order)
        self.add([ev.GameCreated(self.config)])
        self.add([ev.PlayerJoined(name) for name in seated])
        self.add([ev.GameStarted(seated, self.state.rules.layout)])
        for nick in order:
            rack = self._rack_at(0, nick)
            if rack is None:
                raise GcgImportError(
                    f"line {plays[-1].number}: {shown(nick)!r} never moves: no rack to start with"
                )
            self._draw(rack, plays[0].number, self.names[nick])
        self.add([ev.TurnStarted(seated[0])])
        for index, move in enumerate(self.moves):
            if move.kind not in _ENDING:
                self._turn(index, move)
        self._finish()
        return self.out

    def _draw(self, rack: tuple[str, ...], number: int, player: str) -> None:
        missing = Counter(rack) - Counter(self.state.bag or ())
        if missing:
            raise GcgImportError(
                f"line {number}: the rack holds tiles the bag does not "
                f"({''.join(sorted(missing.elements()))})"
            )
        self.add([ev.TilesDrawn(player, rack, len(rack))])

    def _rack_at(self, start: int, nick: str) -> tuple[str, ...] | None:
        """`nick`'s rack at their first move from `start` on (or at the end), None when
        the record does not say."""
        for move in self.moves[start:]:
            if move.kind in ("play", "exchange", "pass") and move.nick == nick:
                return tuple(move.rack)
            if move.kind == "end":
                return self._final_rack(nick)
        return None

    def _final_rack(self, nick: str) -> tuple[str, ...] | None:
        for move in self.moves:
            if move.kind != "end":
                continue
            if move.nick == nick and move.points <= 0:
                return tuple(sorted(move.tiles))
            if move.nick != nick and move.points > 0:  # the other went out: our tiles
                return tuple(sorted(move.tiles))
            if move.nick == nick and move.points > 0:
                return ()
        return None

    def _plan(self, index: int, nick: str, kept: Sequence[str], number: int) -> None:
        """The tiles `nick` draws now, keeping `kept`: what their next rack shows more."""
        following = self._rack_at(index + 1, nick)
        if following is None and self.state.bag_count > 0:
            raise GcgImportError(
                f"line {number}: the record ends before the game does, with tiles in the "
                "bag (only finished games import)"
            )
        if following is None:
            return  # the bag is empty: nothing to draw
        drawn = Counter(following) - Counter(kept)
        if Counter(kept) - Counter(following):
            raise GcgImportError(
                f"line {number}: {shown(nick)} kept {''.join(sorted(kept))}, which the "
                f"rack of their next move ({''.join(following)}) does not hold"
            )
        if drawn:
            self.dealt.planned.append((number, tuple(sorted(drawn.elements()))))

    def _do(self, move: _Move, player: str, command: cmd.Command, words: Any = None) -> None:
        try:
            self.add(decide(self.state, player, command, rng=self.dealt, words=words))
        except RuleError as error:
            raise GcgImportError(f"line {move.number}: {error}") from None
        except GcgImportError as error:
            if str(error).startswith("line "):
                raise
            raise GcgImportError(f"line {move.number}: {error}") from None
        if self.dealt.planned:
            raise GcgImportError(
                f"line {self.dealt.planned[0][0]}: the next rack shows tiles drawn from "
                "an empty bag"
            )

    def _settle(self, index: int, move: _Move) -> None:
        """Plan the draw that lets the play on the board stand (its player refills)."""
        pending = self.state.pending
        if pending is not None:
            nick = self._nick(pending.player)
            self._plan(index, nick, self.state.rack(pending.player), move.number)

    def _nick(self, player: str) -> str:
        return next(nick for nick, name in self.names.items() if name == player)

    def _other(self, player: str) -> str:
        return next(p for p in self.state.players if p != player)

    def _turn(self, index: int, move: _Move) -> None:
        player = self.names[move.nick]
        if self.state.phase is not Phase.PLAYING:
            raise GcgImportError(f"line {move.number}: a move after the game has ended")
        if move.kind in ("play", "exchange", "pass"):
            pending = self.state.pending
            if pending is not None and pending.player != player:
                self._settle(index, move)
            self._check_rack(move, player)
        match move.kind:
            case "play":
                placement = self._placement(move)
                self._do(move, player, cmd.Play(placement))
                played = self.state.pending
                if played is None or played.score != move.points:
                    score = "none" if played is None else played.score
                    raise GcgImportError(
                        f"line {move.number}: {move.where} {move.word} scores {score} on "
                        f"this board, not {move.points}"
                    )
            case "exchange":
                kept = Counter(self.state.rack(player)) - Counter(move.tiles)
                self._plan(index, move.nick, list(kept.elements()), move.number)
                self._do(move, player, cmd.Exchange(tuple(move.tiles)))
            case "pass":
                self._do(move, player, cmd.Pass())
            case "withdrawn":
                pending = self.state.pending
                if pending is None or pending.player != player:
                    raise GcgImportError(f"line {move.number}: no play of theirs to withdraw")
                if -move.points != pending.score:
                    raise GcgImportError(
                        f"line {move.number}: the play withdrawn scored {pending.score}"
                    )
                formed = {word.lower() for word, _ in pending.words}
                known = self.words
                lacked = {w for w in formed if known is None or not is_word(known, w)}
                self._do(move, self._other(player), cmd.Challenge(), formed - (lacked or formed))
            case "bonus":
                pending = self.state.pending
                if pending is None or pending.player != player:
                    raise GcgImportError(f"line {move.number}: no play of theirs challenged")
                self._settle(index, move)
                self._do(move, self._other(player), cmd.Challenge(), _Everything())
        self._check_total(move, player)

    def _check_rack(self, move: _Move, player: str) -> None:
        rack = "".join(self.state.rack(player))
        if move.rack != rack:
            raise GcgImportError(
                f"line {move.number}: the rack {move.rack or '(none)'} is not the one the "
                f"moves before leave {shown(move.nick)} ({rack})"
            )

    def _check_total(self, move: _Move, player: str) -> None:
        total = self.state.scores.get(player, 0)
        if move.kind not in _ENDING:  # the move that ended the game: its total is before the end's
            total -= self.state.adjustments.get(player, 0)
        if total != move.total:
            raise GcgImportError(
                f"line {move.number}: the total {move.total} is not the game's ({total})"
            )

    def _placement(self, move: _Move) -> tuple[tuple[int, str], ...]:
        """The play's new tiles: `.` (or letters in parentheses) on squares already taken."""
        where, board = move.where, self.state.board
        found = ACROSS.fullmatch(where) or DOWN.fullmatch(where)
        if found is None or not move.word.replace(".", "").replace("(", "").replace(")", ""):
            raise GcgImportError(f"line {move.number}: {shown(where)} is not a square")
        across = ACROSS.fullmatch(where) is not None
        row, col = (
            (int(found[1]) - 1, ord(found[2].upper()) - 65)
            if across
            else (int(found[2]) - 1, ord(found[1].upper()) - 65)
        )
        step = 1 if across else SIZE
        letters = move.word.replace("(", "").replace(")", "")
        word = []
        for offset, char in enumerate(letters):
            square = row * SIZE + col + offset * step
            if char == "." and 0 <= square < SIZE * SIZE and board[square] != EMPTY:
                word.append(board[square])
            elif char == "." or not (char.isascii() and char.upper() in LETTERS):
                raise GcgImportError(
                    f"line {move.number}: {shown(move.word)} has {shown(char)!r} where "
                    "the board has no tile"
                )
            else:
                word.append(char)
        try:
            return parse_move(board, f"{where} {''.join(word)}")
        except RuleError as error:
            raise GcgImportError(f"line {move.number}: {error}") from None

    def _finish(self) -> None:
        """The last play stands, the game ends, and the record's end lines agree."""
        last = self.moves[-1]
        pending = self.state.pending
        unfinished = self.state.bag_count > 0 or not any(m.kind == "end" for m in self.moves)
        if pending is not None and self.state.phase is Phase.PLAYING and not unfinished:
            # Nobody challenged the last play: it stands, and its player went out.
            self._do(last, self._other(pending.player), cmd.Accept())
        if self.state.phase is not Phase.OVER:
            raise GcgImportError(
                f"line {last.number}: the record ends before the game does (only finished "
                "games import)"
            )
        adjustments = dict(self.state.adjustments)
        for move in self.moves:
            if move.kind != "end":
                continue
            player = self.names[move.nick]
            if adjustments.get(player) != move.points:
                raise GcgImportError(
                    f"line {move.number}: the game's end gives {shown(move.nick)} "
                    f"{adjustments.get(player, 0):+d}, not {move.points:+d}"
                )
            self._check_total(move, player)
        written = {self.names[m.nick] for m in self.moves if m.kind == "end"}
        for player, points in adjustments.items():
            if points and player not in written:
                raise GcgImportError(
                    f"line {last.number}: the record leaves out {shown(self._nick(player))}'s "
                    f"end-of-game adjustment ({points:+d})"
                )
        self._penalties()

    def _penalties(self) -> None:
        """The overtime penalties the record's `(time)` lines give, taken off the final
        scores as a game clock's are (and counted for who won), each total checked."""
        timed = [m for m in self.moves if m.kind == "time"]
        penalties: dict[str, int] = {}
        for move in timed:
            player = self.names[move.nick]
            if move.points >= 0 or move.points % PENALTY_PER_MINUTE or player in penalties:
                raise GcgImportError(
                    f"line {move.number}: a time penalty is {PENALTY_PER_MINUTE} points for "
                    f"each minute over, taken off once (e.g. -{PENALTY_PER_MINUTE}), not "
                    f"{move.points:+d}"
                )
            penalties[player] = -move.points
        if not penalties:
            return
        ended = self.out.pop()
        assert isinstance(ended, ev.GameEnded)
        self.state = replay(self.out)
        self.add([game_ended(self.state, ended.out, penalties=penalties)])
        for move in timed:
            self._check_total(move, self.names[move.nick])
