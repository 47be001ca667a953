"""The words beside the board: scores, the bag, unseen tiles, the move list, the rack and
the live score of the play being laid. Plain functions of the state, so they test alone.

Names come from the table (a file or the network in other games): every one is shown
through `text.shown`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from rich.text import Text

from wordsy_tui.app.widgets.waiting import STILL_HERE, waiting_words
from wordsy_tui.games.tiles.rules.board import EMPTY_BOARD, Assessment, assess, place
from wordsy_tui.games.tiles.rules.clocks import MS, running
from wordsy_tui.games.tiles.rules.errors import PlacementError
from wordsy_tui.games.tiles.rules.notation import move_text
from wordsy_tui.games.tiles.rules.rulesets import BLANK, Rules
from wordsy_tui.games.tiles.rules.state import TileGameState, Turn
from wordsy_tui.games.tiles.rules.view import unseen
from wordsy_tui.table.chat import ChatHeard
from wordsy_tui.table.clock import Deadline
from wordsy_tui.table.ratings import Change, rating_text
from wordsy_tui.text import shown

NAME_WIDTH: Final = 14
"""A computer player's name, "Bot 1 (medium)", fits whole."""
OFFLINE: Final = "offline"
"""A player whose program is not connected to the host (Wordsy's player list's word)."""
HURRY_SECONDS: Final = 30
"""From here on (or the last quarter of a shorter limit) the time left is shown in bold
and said: "hurry"."""


def cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def short_name(player: str) -> str:
    """A name for a narrow column: "Bot 1 (medium)" is "Bot 1"."""
    return shown(player.split(" (", 1)[0])


@dataclass(frozen=True, slots=True)
class MoveLine:
    player: str
    what: str
    score: int
    squares: tuple[int, ...] = ()


def _play_text(board: str, turn_placement: Sequence[tuple[int, str]], rules: Rules) -> str:
    """Standard notation of a play made on `board` (the board before it)."""
    try:
        across = assess(board, turn_placement, rules, "." * len(board)).across
    except PlacementError:  # a play the rules took is always placeable; never fail a picture
        across = True
    return move_text(tuple(turn_placement), across, place(board, turn_placement))


def move_lines(state: TileGameState) -> list[MoveLine]:
    """Every turn so far in words, each challenge's verdict under the play it judged, the
    play that may still be challenged last."""
    lines: list[MoveLine] = []
    board = EMPTY_BOARD
    for turn in state.turns:
        lines.append(_turn_line(turn, board, state.rules))
        if turn.challenger is not None:  # what the challenge decided stays on the list
            verdict = "challenge failed" if turn.kind == "play" else "challenge upheld"
            lines.append(MoveLine(turn.challenger, verdict, 0))
            bonus = state.rules.challenge.bonus
            if turn.kind == "play" and bonus:  # the 5- and 10-point rules: the totals add up
                lines.append(MoveLine(turn.player, "challenge bonus", bonus))
        if turn.kind == "play":
            board = place(board, turn.placement)
    if state.out_of_time is not None:
        lines.append(MoveLine(state.out_of_time, "lost on time", 0))
    for player, points in state.penalties.items():
        lines.append(MoveLine(player, "time penalty", -points))
    pending = state.pending
    if pending is not None:
        what = _play_text(board, pending.placement, state.rules) + " ?"
        squares = tuple(sq for sq, _ in pending.placement)
        lines.append(MoveLine(pending.player, what, pending.score, squares))
    return lines


def _turn_line(turn: Turn, board: str, rules: Rules) -> MoveLine:
    squares = tuple(sq for sq, _ in turn.placement)
    match turn.kind:
        case "play":
            return MoveLine(
                turn.player, _play_text(board, turn.placement, rules), turn.score, squares
            )
        case "withdrawn":
            what = _play_text(board, turn.placement, rules) + " withdrawn"
            return MoveLine(turn.player, what, 0)
        case "exchange":
            return MoveLine(turn.player, f"exchanged {turn.count}", 0)
        case "lost":
            return MoveLine(turn.player, "lost the turn", 0)
    # Which ended the turn, the turn limit or the table moving on without its player: never
    # "time", which the game clock beside it would contradict.
    why = " (away)" if turn.early else " (limit)" if turn.timed_out else ""
    return MoveLine(turn.player, f"passed{why}", 0)


def last_play_squares(state: TileGameState) -> tuple[int, ...]:
    """The squares of the play on the board, or of the last play that stands."""
    if state.pending is not None:
        return tuple(sq for sq, _ in state.pending.placement)
    for turn in reversed(state.turns):
        if turn.kind == "play":
            return tuple(sq for sq, _ in turn.placement)
    return ()


def scores_text(
    state: TileGameState,
    me: str | None,
    presence: Mapping[str, bool] | None = None,
    *,
    racks: bool = False,
    deadline: Deadline | None = None,
    now: float = 0.0,
    ratings: Mapping[str, Change] | None = None,
) -> Text:
    """Each player's score, whose turn it is, and each rack's count while the game runs
    (`racks`: its tiles instead, for a finished game's replay); `presence`: who is
    connected to the host (a LAN table's), as Wordsy's player list says it: "offline" (in
    place of the rack's count: the column has no room for both). In the lobby, where
    nobody has scored, each player's rating at the host (`ratings`) in place of the
    score. With a game clock, each player's time left too (`game_clocks_text`)."""
    if state.clocks:
        return game_clocks_text(state, me, presence or {}, deadline, now, racks=racks)
    text = Text(no_wrap=True, overflow="ellipsis")
    presence = presence or {}
    for player in state.players:
        turn = ">" if player == state.turn else " "
        name = cut(shown(player), NAME_WIDTH)
        you = "*" if player == me else " "
        rating = (ratings or {}).get(player) if state.phase.value in ("new", "lobby") else None
        if rating is not None:
            line = f"{turn}{you}{name:<{NAME_WIDTH}} rated {rating_text(rating)}"
        else:
            line = f"{turn}{you}{name:<{NAME_WIDTH}} {state.scores.get(player, 0):>4}"
        if presence.get(player) is False:
            line += f"  {OFFLINE}"
        elif state.phase.value == "playing" and racks:
            line += "  " + "".join(state.rack(player))
        elif state.phase.value == "playing":
            line += f"  {len(state.rack(player))} tiles"
        text.append(line + "\n", "bold" if player == state.turn else "")
    return text


CLOCK_NAME_WIDTH: Final = 10
"""A name beside a score, a clock and a rack's count, in the panel's 30 columns."""
RACK_CLOCK_NAME_WIDTH: Final = 7
"""A name beside a score, a clock and a rack's seven tiles (a replay), in those 30."""


def time_left_ms(
    state: TileGameState, player: str, deadline: Deadline | None, now: float
) -> float | None:
    """`player`'s game clock now: as the log last stamped it, less the time the wait
    running now has lasted if theirs is the clock that runs (the host stamps it when the
    wait ends; the deadline's `began` is when the wait began, in `now`'s time). None
    without a clock."""
    if player not in state.clocks:
        return None
    left = float(state.clock(player))
    if player == running(state) and deadline is not None and deadline.began is not None:
        left -= max(0.0, now - deadline.began) * MS
    return left


def clock_face(left_ms: float) -> str:
    """A game clock as a player reads it: "24:59"; over time, "-0:07" (whole seconds, the
    flag's way: a clock over by a fraction of a second shows -0:01)."""
    seconds = math.ceil(left_ms / MS) if left_ms >= 0 else -math.ceil(-left_ms / MS)
    sign = "-" if seconds < 0 else ""
    return f"{sign}{abs(seconds) // 60}:{abs(seconds) % 60:02d}"


def game_clocks_text(
    state: TileGameState,
    me: str | None,
    presence: Mapping[str, bool],
    deadline: Deadline | None,
    now: float,
    *,
    racks: bool = False,
) -> Text:
    """The scores with a game clock: a column of each player's time left (the running
    one ticking, a clock over time marked by its minus sign and reversed), and each rack's
    count (or "off": not connected); `racks`: each rack's tiles (a finished game's replay,
    its clocks as the log stamped them), the names shorter to make room."""
    text = Text(no_wrap=True, overflow="ellipsis")
    width, tiles = (RACK_CLOCK_NAME_WIDTH, 7) if racks else (CLOCK_NAME_WIDTH, 4)
    rack_head = f"{'Rack':<{tiles}}" if racks else f"{'Rack':>{tiles}}"
    text.append(f"  {'Player':<{width}} {'Score':>5} {'Clock':>6} {rack_head}\n", "dim")
    for player in state.players:
        turn = ">" if player == state.turn else " "
        you = "*" if player == me else " "
        name = cut(short_name(player), width)
        style = "bold" if player == state.turn else ""
        text.append(f"{turn}{you}{name:<{width}} {state.scores.get(player, 0):>5} ", style)
        left = time_left_ms(state, player, deadline, now)
        face = "" if left is None else clock_face(left)
        text.append(f"{face:>6}", f"{style} reverse" if left is not None and left < 0 else style)
        if presence.get(player) is False:
            rack = "off"
        elif state.phase.value == "playing" and racks:
            rack = "".join(state.rack(player))
        elif state.phase.value == "playing":
            rack = str(len(state.rack(player)))
        else:
            rack = ""
        text.append(f" {rack:<{tiles}}\n" if racks else f" {rack:>{tiles}}\n", style)
    return text


def unseen_text(state: TileGameState, me: str | None, width: int, *, racks: bool = False) -> Text:
    """The tiles `me` has not seen (the bag and the other racks), letters repeated;
    `racks`: every rack is shown beside its score, so only the bag is unseen."""
    left = unseen(state, me, racks=racks)
    groups = [tile * left[tile] for tile in sorted(left, key=lambda t: (t == BLANK, t))]
    text = Text(f"Unseen {sum(left.values())}: ", style="bold")
    line = len(text)
    for group in groups:
        if line + len(group) + 1 > width:
            text.append("\n")
            line = 0
        text.append(group + " ")
        line += len(group) + 1
    return text


def moves_text(
    lines: Sequence[MoveLine], width: int, rows: int, options: Sequence[str] = ()
) -> Text:
    """The last `rows` lines of the move list; before the first move, the host's `options`
    (the rules everyone sat down to play under)."""
    text = Text(no_wrap=True, overflow="ellipsis")
    shown_lines = list(lines)[-rows:] if rows > 0 else []
    what_width = max(width - 6 - 5, 4)
    for line in shown_lines:
        name = cut(short_name(line.player), 5)
        text.append(f"{name:<5} {cut(line.what, what_width):<{what_width}}{line.score:>4}\n")
    if not lines:
        text.append("No moves yet.", "dim")
        if options:
            text.append("\n\nPlayed with:\n", "bold")
            text.append("\n".join(cut(option, width) for option in options))
    return text


def chat_text(
    lines: Sequence[ChatHeard], me: str | None, width: int, rows: int, talk_key: str = "Ctrl+T"
) -> Text:
    """The last lines said at the table that fit `rows`, each cut to one line (`talk_key`,
    chat's key, shows them whole)."""
    text = Text(no_wrap=True, overflow="ellipsis")
    if not lines:
        return text.append(f"Chat: {talk_key} to talk (everyone sees it)", "dim")
    # With the chat log's module (Rich's pretty-printer): not before the table's first frame.
    from wordsy_tui.app.widgets.chat import chat_line

    for line in list(lines)[-rows:]:
        said = chat_line(line, me)
        said.truncate(width, overflow="ellipsis")
        text.append_text(said)
        text.append("\n")
    text.rstrip()
    return text


def rack_text(tiles: Iterable[str], rules: Rules) -> Text:
    """Two lines: the tiles, and under each its points."""
    tiles = list(tiles)
    top = Text("Rack ", style="bold")
    bottom = Text("     ", style="dim")
    for tile in tiles:
        top.append(f" {tile} ", "black on yellow bold")
        top.append(" ")
        bottom.append(f"{rules.value(tile):>2}  ", "dim")
    if not tiles:
        top.append("(empty)", "dim")
    return top + Text("\n") + bottom


def preview(state: TileGameState, placement: Sequence[tuple[int, str]]) -> Assessment | str:
    """The rules' score of the play being laid, or the rules' reason it cannot be played."""
    try:
        return assess(state.board, placement, state.rules, state.premiums)
    except PlacementError as error:
        return str(error)


def preview_text(result: Assessment | str | None) -> Text:
    if result is None:
        return Text("Type letters to lay tiles; Space turns the direction.", "dim")
    if isinstance(result, str):
        return Text(result, "italic")
    words = " + ".join(f"{w.word} {w.score}" for w in result.words)
    bingo = " + bingo" if result.bingo else ""
    return Text.assemble(("Play: ", "bold"), f"{words}{bingo} = ", (f"{result.score}", "bold"))


def over_text(reviewable: bool) -> Text:
    """The line under the board once the game is over, in place of how to lay tiles: only
    what still applies (`reviewable`: this program holds the game's record for F9)."""
    if reviewable:
        return Text.assemble("The game is over: ", ("F9", "bold"), " reviews it, move by move.")
    return Text("The game is over.")


def seconds_left(deadline: Deadline | None, now: float) -> int | None:
    """Whole seconds until the host's clock ends the wait; None when no limit runs."""
    return None if deadline is None else max(0, math.ceil(deadline.at - now))


LIMIT_WORDS: Final = {"turn": "turn limit", "challenges": "challenges", "vote": "vote"}
"""What the title bar's countdown counts, by the wait's label: said in words, so that it
never reads as the game clock beside the scores (another m:ss, for the whole game)."""


def minutes(seconds: int) -> str:
    """Whole seconds as the countdowns show them: "5:00"."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def clock_text(deadline: Deadline | None, now: float, me: str | None = None) -> Text:
    """The host's countdown of the wait running now, for the title bar ("" without one),
    named after what it counts ("turn limit 4:59"; the title says whose turn). When the
    table is about to move on without someone, it says whom (`me`: "you", loud)."""
    left = seconds_left(deadline, now)
    if deadline is None or left is None:
        return Text("")
    if deadline.away:
        words = f"{waiting_words(deadline.away, me)}: {minutes(left)}"
        if me in deadline.away:
            return Text(f"{words} · {STILL_HERE}", "bold reverse")
        return Text(words, "bold")
    # The last quarter of a short limit, at most the last 30 s of a long one.
    hurry = left <= min(HURRY_SECONDS, (deadline.seconds or HURRY_SECONDS * 4) / 4)
    what = LIMIT_WORDS.get(deadline.label, deadline.label)
    text = f"{what} {minutes(left)}" + (", hurry" if hurry else "")
    return Text(text, "bold" if hurry else "")
