"""What the screens show of a game of Wordsmith, as plain functions of the state: the sheet,
the strip, coins and crowns, the goals, the players, the preview of the turn being put
together, the countdown and the end's scoring lines. Tested alone.

Readable without colour: circles are brackets, the turn's own letters are lower case, an
item's mark is a letter (in capitals once forged). Names come from the network: every one
is shown through `text.shown`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Final

from rich.text import Text

from wordsy_tui.games.wordsmith.rules.components import (
    CARDS,
    COIN_BOXES,
    GOAL_FIRST,
    GOAL_LATER,
    GOALS,
    ITEM_AT,
    ITEMS,
    ROUNDS,
    SIZE,
    START_SQUARES,
    Kind,
)
from wordsy_tui.games.wordsmith.rules.forge import Forged, Step
from wordsy_tui.games.wordsmith.rules.grid import COLUMNS
from wordsy_tui.games.wordsmith.rules.legal import strip_faces
from wordsy_tui.games.wordsmith.rules.scoring import LINES, ScoreLines, final_scores
from wordsy_tui.games.wordsmith.rules.sheet import Sheet
from wordsy_tui.games.wordsmith.rules.state import Phase, WordsmithState
from wordsy_tui.games.wordsmith.rules.view import sheets_hidden
from wordsy_tui.table.clock import Deadline
from wordsy_tui.table.ratings import Change, rating_text
from wordsy_tui.text import shown

MARKS: Final[Mapping[Kind, str]] = {
    Kind.COIN: "c",
    Kind.RING: "o",
    Kind.GOBLET: "g",
    Kind.SWORD: "s",
    Kind.AXE: "x",
}
"""Each item's mark under its squares (in capitals once forged)."""
START_MARK: Final = "@"
KIND_STYLES: Final[Mapping[Kind, str]] = {
    Kind.COIN: "yellow",
    Kind.RING: "cyan",
    Kind.GOBLET: "magenta",
    Kind.SWORD: "red",
    Kind.AXE: "green",
}
"""Colour beside the marks, never instead of them."""
KIND_NAMES: Final[Mapping[Kind, str]] = {
    Kind.COIN: "coin square",
    Kind.RING: "ring",
    Kind.GOBLET: "goblet",
    Kind.SWORD: "sword",
    Kind.AXE: "axe",
}
HINT: Final = "Type a letter at the cursor (arrows move it, 1-6 a card's letter) · F1 help"
LEGEND: Final = "c coin o ring g goblet s sword x axe @ start · capital: forged · ( ) circled"
"""The marks under the squares, whole at 80 columns (F1 says the rest: [ ] and lower case
for the turn being put together)."""
NAME_WIDTH: Final = 16
STILL_HERE: Final = "any key: still here"
"""How a player the table is about to move on without makes it wait on."""
HURRY_SECONDS: Final = 20


def short(player: str, width: int = NAME_WIDTH) -> str:
    """A name for a column, shown safely and cut to `width`."""
    name = shown(player)
    return name if len(name) <= width else name[: width - 1] + "…"


def first_name(player: str, width: int = NAME_WIDTH) -> str:
    """A name in a sentence about several: "Bot 1 (medium)" is "Bot 1"."""
    return short(player.split(" (", 1)[0], width)


# -- the sheet -------------------------------------------------------------------------


def sheet_text(sheet: Sheet, before: Sheet | None = None, cursor: int | None = None) -> Text:
    """The sheet: a header of column letters, then each row's letters (circled in round
    brackets; by the turn being put together, square ones) over the marks of its items.
    `before`: the sheet before that turn (its letters are shown in lower case)."""
    text = Text("   " + "".join(f" {column}  " for column in COLUMNS), "dim")
    for row in range(SIZE):
        letters = Text(f"\n{row + 1:>2} ")
        marks = Text("\n   ")
        for col in range(SIZE):
            square = row * SIZE + col
            letters.append_text(_square_text(sheet, before, square, square == cursor))
            letters.append(" ")
            marks.append_text(_mark_text(sheet, square, square == cursor))
        text.append_text(letters)
        text.append_text(marks)
    return text


def _square_text(sheet: Sheet, before: Sheet | None, square: int, cursor: bool) -> Text:
    letter = sheet.letter(square) if not sheet.vacant(square) else "."
    new_letter = before is not None and before.vacant(square) and not sheet.vacant(square)
    if new_letter:
        letter = letter.lower()
    circled = sheet.is_circled(square)
    new_circle = circled and before is not None and not before.is_circled(square)
    if new_circle:
        cell = f"[{letter if letter != '.' else ' '}]"
    elif circled:
        cell = f"({letter if letter != '.' else ' '})"
    else:
        cell = f" {letter} "
    style = "bold" if circled or new_letter else ("dim" if letter == "." else "")
    if cursor:
        style += " reverse"
    return Text(cell, style.strip())


def _mark_text(sheet: Sheet, square: int, cursor: bool) -> Text:
    item = ITEM_AT.get(square)
    if item is not None:
        kind = ITEMS[item].kind
        forged = sheet.has_forged(item)
        mark = MARKS[kind].upper() if forged else MARKS[kind]
        style = KIND_STYLES[kind] + (" bold" if forged else "")
    elif square in START_SQUARES:
        mark, style = START_MARK, "blue"
    else:
        mark, style = " ", ""
    return Text(f" {mark}" + ("^ " if cursor else "  "), style)


# -- the side panel --------------------------------------------------------------------


def strip_text(state: WordsmithState, used: set[int]) -> Text:
    """The strip's three cards with their cost, the deck's top card (next round's free
    one); a letter taken by the turn being put together in lower case."""
    text = Text("Strip ", "bold")
    faces = strip_faces(state)
    for slot in range(len(state.strip)):
        top, bottom = faces[2 * slot], faces[2 * slot + 1]
        for face, letter, _cost in (top, bottom):
            text.append(letter.lower() if face in used else letter, "bold")
            text.append(" ")
        text.append("free" if top[2] == 0 else f"{top[2]}", "dim")
        text.append(" │ ", "dim")
    if state.next_card is not None:
        card = CARDS[state.next_card]
        text.append(f"next {card.top} {card.bottom}", "dim")
    else:
        text.append("last round", "dim")
    return text


def coins_text(sheet: Sheet, spending: int = 0) -> Text:
    """Coins crossed off, bars filled, what is owed, and boxes left (after `spending`)."""
    spent = sheet.spent + spending
    text = Text("Coins ", "bold")
    text.append(f"spent {spent} earned {sheet.earned}")
    owed = max(0, spent - sheet.earned)
    if owed:
        text.append(f" owe {owed}", "bold")
    text.append(f" │ {COIN_BOXES - spent} left", "dim")
    return text


def items_text(sheet: Sheet) -> Text:
    """Crowns, and the items forged of each kind (of how many on the sheet), by their
    marks: o rings, g goblets, s swords, x axes."""
    kinds = sheet.forged_kinds()
    counts = {kind: sum(item.kind is kind for item in ITEMS) for kind in Kind}
    text = Text("Crowns ", "bold")
    text.append(f"{sheet.crowns}")
    text.append(" · forged", "bold")
    for kind in (Kind.RING, Kind.GOBLET, Kind.SWORD, Kind.AXE):
        text.append(f" {MARKS[kind]} {kinds[kind]}/{counts[kind]}")
    return text


def goals_text(state: WordsmithState, width: int) -> Text:
    """Each goal in play: its name, who reached it (first: 8 points, later: 5), and what
    it asks, cut to `width`."""
    text = Text(no_wrap=True, overflow="ellipsis")
    config = state.config
    if state.phase in (Phase.NEW, Phase.LOBBY):
        # What whoever sits down should know before the first round's clock runs.
        drawn = "Two goals are drawn as the game starts." if config.goals else ""
        text.append(drawn or "No goals this game.", "dim")
        seconds = config.round_seconds
        limit = f"{seconds // 60} min" if seconds % 60 == 0 else f"{seconds} s"
        sheets = "open" if config.open_sheets else "hidden"
        return text.append(f"\nRounds: {limit} at most · sheets {sheets}", "dim")
    if not state.goals:
        return text.append("No goals this game.", "dim")
    for number, goal in enumerate(state.goals):
        spec = GOALS[goal]
        reached = [
            f"{first_name(player, 8)} +{GOAL_FIRST if first else GOAL_LATER}"
            for player in state.players
            for reached_goal, first in state.sheet(player).goals
            if reached_goal == goal
        ]
        line = Text(f"Goal {spec.name}", "bold")
        line.append(": " + (", ".join(reached) if reached else "nobody yet"))
        line.truncate(width, overflow="ellipsis")
        about = Text(f"  {spec.text}", "dim")
        about.truncate(width, overflow="ellipsis")
        if number:
            text.append("\n")
        text.append_text(line)
        text.append("\n")
        text.append_text(about)
    return text


def running_scores(state: WordsmithState, me: str | None) -> Mapping[str, ScoreLines]:
    """The scores as they would stand if the game ended now (the end's, once over). With
    hidden sheets, only `me`'s, without the crown places: the others' sheets, blank on this
    screen, would give them no score and `me` the most crowns."""
    if state.phase is Phase.OVER:
        return state.scores
    scores = final_scores(state.sheets)
    if not sheets_hidden(state):
        return scores
    return {me: replace(scores[me], most_crowns=0)} if me in scores else {}


def players_text(
    state: WordsmithState,
    me: str | None,
    presence: Mapping[str, bool],
    width: int,
    viewed: str | None = None,
    ratings: Mapping[str, Change] | None = None,
) -> Text:
    """Every player, whether they have chosen this round, and their score as it stands;
    `viewed`: whose sheet is on screen (marked ▸) when it is not ours. In the lobby, where
    nobody has scored, each player's rating at the host (`ratings`) in place of the
    score."""
    scores = running_scores(state, me)
    unknown = "?" if sheets_hidden(state) else ""
    text = Text(no_wrap=True, overflow="ellipsis")
    for number, player in enumerate(state.players):
        if number:
            text.append("\n")
        status = _status(state, player, presence)
        name = short(player, width - 14)
        if player == me:
            name = short(player, width - 20) + " (you)"
        lines = scores.get(player)
        score = unknown if lines is None else f"{lines.total:>4}"
        rating = (ratings or {}).get(player) if state.phase in (Phase.NEW, Phase.LOBBY) else None
        if rating is not None:
            status, score = "rated", rating_text(rating)  # (a bot's name says it is one)
        style = "bold" if player in (me, viewed) else ""
        if viewed is not None:
            name = ("▸ " if player == viewed else "  ") + short(player, width - 16)
        text.append(f"{name:<{width - 14}}", style)
        text.append(f"{status:>9}", "dim" if status in ("chose", "") else "")
        text.append(f"{score:>5}", style)
    return text


def _status(state: WordsmithState, player: str, presence: Mapping[str, bool]) -> str:
    if player in state.left:
        return "left"
    if presence.get(player) is False:
        return "offline"
    if state.phase is Phase.CHOOSING:
        return "choosing" if player in state.waiting_on() else "chose"
    if state.phase is Phase.REVEAL:
        return "revealing" if player in state.waiting_on() else ""
    if state.phase is Phase.LOBBY and player in state.bots:
        return "computer"
    return ""


# -- the turn being put together -------------------------------------------------------


def preview_text(forged: Forged | None, width: int, letters_left: int) -> Text:
    """Two lines under the sheet: the words the turn circles and what each gives (and the
    extensions refused); the items it forges, the bonuses still to take, and its cost.
    Nothing chosen yet: how to begin, and what the marks mean. `letters_left`: of the two
    letters, those not written yet (a goblet's letter is typed only after them)."""
    if forged is None or not forged.steps:
        hint = Text(HINT, "dim")
        legend = Text(LEGEND, "dim")
        for line in (hint, legend):
            line.truncate(width, overflow="ellipsis")
        return hint + Text("\n") + legend
    return _words_line(forged.steps, width) + Text("\n") + _items_line(forged, width, letters_left)


def _words_line(steps: Sequence[Step], width: int) -> Text:
    text = Text("Words ", "bold")
    words = [word for step in steps for word in step.words]
    refused = [word for step in steps for word in step.refused]
    if not words and not refused:
        text.append("none yet: 4 letters or more in a line, across or down, either way", "dim")
    for number, word in enumerate(words):
        if number:
            text.append(" · ")
        text.append(word.text, "bold")
        gains = []
        if word.coins:
            gains.append(f"+{word.coins} coin")
        if word.crowns:
            gains.append(f"+{word.crowns} crown{'s' if word.crowns > 1 else ''}")
        if word.extends:
            gains.append(f"extends {word.extends}")
        if gains:
            text.append(f" ({', '.join(gains)})")
    for number, word in enumerate(refused, start=len(words)):
        if number:
            text.append(" · ")
        text.append(f"{word.text} refused: it inflects {word.extends}", "italic")
    text.truncate(width, overflow="ellipsis")
    return text


def _items_line(forged: Forged, width: int, letters_left: int) -> Text:
    text = Text()
    made = [ITEMS[item].kind for step in forged.steps for item in step.forged]
    if made:
        text.append("Forges ", "bold")
        text.append(", ".join(KIND_NAMES[kind] for kind in made))
        text.append(" · ")
    coins = sum(step.coins for step in forged.steps)
    crowns = sum(step.crowns for step in forged.steps)
    gains = [_plus(coins, "coin")] * bool(coins) + [_plus(crowns, "crown")] * bool(crowns)
    if gains:
        text.append(", ".join(gains) + " · ")
    if forged.goblets and letters_left:
        # The next letter typed is the turn's own: the goblet's comes after both.
        text.append("goblet: its letter once both of yours are written · ", "bold")
    elif forged.goblets:
        text.append("goblet: type its letter on a vacant square · ", "bold reverse")
    if forged.swords:
        text.append("sword: * circles the square at the cursor · ", "bold reverse")
    cost = forged.spent
    text.append(f"costs {cost} coin{'s' if cost != 1 else ''}" if cost else "free")
    text.truncate(width, overflow="ellipsis")
    return text


def _plus(count: int, thing: str) -> str:
    return f"+{count} {thing}{'s' if count != 1 else ''}"


# -- the countdown ---------------------------------------------------------------------


def seconds_left(deadline: Deadline | None, now: float) -> int | None:
    """Whole seconds until the host's clock ends the wait; None when no limit runs."""
    return None if deadline is None else max(0, math.ceil(deadline.at - now))


def clock_text(deadline: Deadline | None, now: float, me: str | None) -> Text:
    """The round's countdown for the title bar ("" without one). When the table is about
    to move on without someone, it says whom (`me`: "you", loud)."""
    left = seconds_left(deadline, now)
    if deadline is None or left is None:
        return Text("")
    clock = f"{left // 60}:{left % 60:02d}"
    if deadline.away:
        if me in deadline.away:
            return Text(f"The table is waiting for you: {clock} · {STILL_HERE}", "bold reverse")
        names = ", ".join(first_name(seat) for seat in deadline.away)
        return Text(f"waiting for {names}: {clock}", "bold")
    hurry = left <= HURRY_SECONDS
    return Text(f"{clock} left" + (", hurry" if hurry else ""), "bold" if hurry else "")


def phase_text(state: WordsmithState, me: str | None, sealed: bool) -> str:
    """Where the round is, for the title bar."""
    match state.phase:
        case Phase.NEW | Phase.LOBBY:
            return "lobby"
        case Phase.OVER:
            return "game over"
        case Phase.REVEAL:
            return f"round {state.round}/{ROUNDS} · revealing"
    if me is None or me not in state.players:
        return f"round {state.round}/{ROUNDS} · choosing"
    if me in state.left:
        return f"round {state.round}/{ROUNDS} · you left the game"
    if me not in state.waiting_on() or sealed:
        waiting = len(state.waiting_on())
        return f"round {state.round}/{ROUNDS} · sealed · waiting for {waiting}"
    return f"round {state.round}/{ROUNDS} · choose 2 letters"


# -- the end ---------------------------------------------------------------------------

COUNTS: Final[Mapping[str, str]] = {
    "unpaid_coins": "-1 a coin crossed off and not earned",
    "crowns": "+1 a crown",
    "most_crowns": "+8/4/2 for the most, second, third most crowns",
    "rings": "+5/10/20 for 5/6/7 rings",
    "items": "+2/4/6 a goblet/sword/axe",
    "goals": "+8 a goal reached first, +5 later",
}
"""What each column of the end's table counts (docs/RULES.md, "The end")."""
SHORT_LABELS: Final[Mapping[str, str]] = {
    "unpaid_coins": "unpaid",
    "crowns": "crowns",
    "most_crowns": "most",
    "rings": "rings",
    "items": "items",
    "goals": "goals",
}


def results_text(state: WordsmithState, me: str | None) -> Text:
    """Every player's scoring lines as the rulebook lists them, and the total, best first;
    the winners marked; what each column counts below."""
    scores = running_scores(state, me)
    order = sorted(scores, key=lambda p: (-scores[p].total, -state.sheet(p).crowns))
    header = f"{'':<{NAME_WIDTH + 2}}" + "".join(f"{SHORT_LABELS[line]:>7}" for line in LINES)
    text = Text(header + f"{'total':>7}\n", "bold")
    for player in order:
        lines = scores[player]
        won = "★ " if player in state.winners else "  "
        row = f"{won}{short(player):<{NAME_WIDTH}}" + "".join(
            f"{getattr(lines, line):>+7d}" if getattr(lines, line) else f"{'·':>7}"
            for line in LINES
        )
        text.append(row, "bold" if player == me else "")
        text.append(f"{lines.total:>7}\n", "bold")
    text.append("\n")
    text.append(" · ".join(f"{SHORT_LABELS[line]}: {COUNTS[line]}" for line in LINES), "dim")
    return text


def winners_text(state: WordsmithState, me: str | None) -> str:
    winners = state.winners
    if not winners:
        return "Game over."
    if me in winners:
        return "You win!" if len(winners) == 1 else "You share the win!"
    names = ", ".join(shown(p) for p in winners)
    return f"{names} {'wins' if len(winners) == 1 else 'share the win'}."
