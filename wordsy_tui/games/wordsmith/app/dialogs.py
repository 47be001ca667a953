"""Wordsmith's dialogs: the end of the game with every scoring line, the others' sheets,
and the keys, marks and goals."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from wordsy_tui.app.terminal import taken_down
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.app.widgets.ratings import RatingsBlock
from wordsy_tui.games.wordsmith.app.panel import (
    coins_text,
    items_text,
    results_text,
    running_scores,
    sheet_text,
    winners_text,
)
from wordsy_tui.games.wordsmith.rules.components import (
    GOAL_FIRST,
    GOAL_LATER,
    GOALS,
    GOALS_IN_PLAY,
)
from wordsy_tui.games.wordsmith.rules.state import WordsmithState
from wordsy_tui.games.wordsmith.rules.view import sheets_hidden
from wordsy_tui.text import shown

if TYPE_CHECKING:
    from wordsy_tui.games.wordsmith.seat import WordsmithSeat


class ResultsScreen(ModalScreen[None]):
    """The end of the game: who won, and every player's scoring lines, as on paper."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "dismiss", "See the sheets", id="over-sheets", key_display="Esc"),
        # The hosting player plays again with the same table (every game's results key).
        Binding("r", "rematch", "Play again", id="over-rematch"),
        Binding("ctrl+q", "app.leave", "Leave", id="over-quit", key_display="^q"),
    ]

    def __init__(
        self, state: WordsmithState, me: str | None, rematch: Callable[[], object] | None = None
    ) -> None:
        """`rematch`: plays again with the same table (the hosting player's; None: not this
        program's to start)."""
        super().__init__()
        self.state = state
        self.me = me
        self._rematch = rematch

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self._rematch is not None if action == "rematch" else True

    def action_rematch(self) -> None:
        if self._rematch is not None:
            self._rematch()

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(winners_text(self.state, self.me), "bold"), id="question")
            yield Static(results_text(self.state, self.me), id="results-table")
            yield RatingsBlock(self.state.players, self.state.bots)
        yield Footer()


class SheetsScreen(ModalScreen[None]):
    """The other players' sheets, one at a time (open information once a round is
    revealed, unless the host hides them): ← and → go through them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,tab", "turn(1)", "Next", id="sheets-next", key_display="→"),
        Binding("left,shift+tab", "turn(-1)", "Previous", id="sheets-back", key_display="←"),
        Binding("escape,f2", "dismiss", "Back", id="sheets-close", key_display="Esc"),
    ]

    def __init__(self, session: WordsmithSeat, players: Sequence[str]) -> None:
        super().__init__()
        self.session = session
        self.players = list(players)
        self.at = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="sheets"):
            yield Static(id="sheets-title", markup=False)
            with Horizontal():
                yield Static(id="other-sheet", markup=False)
                yield Static(id="other-side", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        # (`is_mounted` is not true before this handler returns: `redraw` would skip it,
        # and the sheet would stay blank until the table's next news, at the end never.)
        self._draw()

    def action_turn(self, delta: int) -> None:
        self.at = (self.at + delta) % len(self.players)
        self.redraw()

    def redraw(self) -> None:
        """Again, with the table's news (nothing before the screen is mounted)."""
        if self.is_mounted and not taken_down(self):
            self._draw()

    def _draw(self) -> None:
        state = self.session.shown_state  # (the sheets of the game on screen)
        player = self.players[self.at]
        sheet = state.sheet(player)
        title = f"{shown(player)}'s sheet ({self.at + 1} of {len(self.players)})"
        if sheets_hidden(state):
            title += ": hidden until the end"
        self.query_one("#sheets-title", Static).update(Text(title, "bold"))
        self.query_one("#other-sheet", Static).update(sheet_text(sheet))
        side = coins_text(sheet) + Text("\n") + items_text(sheet)
        for goal, first in sheet.goals:
            points = GOAL_FIRST if first else GOAL_LATER
            side.append(f"\nGoal {GOALS[goal].name}: {points}")
        lines = running_scores(state, self.session.me).get(player)
        if lines is not None:
            side.append(f"\n\nScore as it stands: {lines.total}", "bold")
        words = ", ".join(word.text for word in sheet.words)
        side.append(f"\n\nWords: {words or 'none yet'}")
        self.query_one("#other-side", Static).update(side)


HELP = (
    "Each round the strip shows three cards: the yellow's two letters are free, the "
    "orange's cost 1 coin, the dark orange's 2; any letter costs 3. Choose 2 letters and "
    "write them on vacant squares: every word of 4 letters or more they make, across or "
    "down, either way, is circled (the program finds them all: the line under the sheet "
    "shows each and what it gives before you seal). An item whose squares are all circled "
    "is forged: a coin square gives 2 coins, a ring counts for the end (5, 6, 7 rings: 5, 10, "
    "20), a goblet 2 points and a letter anywhere, a sword 4 points and a circle anywhere, "
    "an axe 6 points and 2 crowns. A 5-letter word gives a coin, 6, 7, 8 letters 1, 2, 3 "
    "crowns. Everyone chooses at once; turns are sealed until all have chosen.\n\n"
    "Keys: arrows move the cursor; a letter writes it there (from the strip, cheapest "
    "first; a letter the strip lacks is bought for 3 coins) and the cursor goes on to the "
    "next free square, right or down (Space turns it; with none, move it for the next "
    "letter); 1-6 writes that letter of the strip; with both letters written, a goblet's "
    "letter is typed the same way, and * puts a sword's circle. Backspace takes back the "
    "last bonus or the letter at the cursor, and the cursor goes back there; Esc "
    "everything. Enter seals the turn (final). F2 the others' sheets, F6 starts "
    "(the lobby's first player), F9 the host ends the wait now, Ctrl+T chats, Ctrl+Q leaves.\n\n"
    "On the sheet: ( ) circled, [ ] circled by your turn, lower case: your letters this "
    "turn. Under each square its item: c coin square, o ring, g goblet, s sword, x axe, "
    "@ start square; in capitals once forged."
)


class WordsmithHelpScreen(ModalScreen[None]):
    """How a round goes, the keys, the marks, and this game's goals."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,enter", "dismiss", "Back", id="smith-help-back", key_display="Esc")
    ]

    def __init__(self, state: WordsmithState | None = None) -> None:
        super().__init__()
        self.state = state
        """The game being played (None: the start menu's, before any game)."""

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(HELP, markup=False, classes="help-text")
            yield Static(goals_help(self.state), markup=False, classes="help-text")
        yield Footer()


def goals_help(state: WordsmithState | None) -> Text:
    """The goals in play (before a game: all of them), each with its pattern as printed
    (X: a circled square)."""
    if state is not None and not state.goals:
        return Text("No goals in this game.")
    text = Text(
        f"Goals: {GOAL_FIRST} points to whoever reaches one in the first round "
        f"anybody does, {GOAL_LATER} later. Patterns are never turned.\n"
    )
    if state is None:
        text.append(f"Each game turns up {GOALS_IN_PLAY} of these {len(GOALS)}:\n")
    for goal in range(len(GOALS)) if state is None else state.goals:
        spec = GOALS[goal]
        text.append(f"\n{spec.name}: ", "bold")
        text.append(spec.text)
        for row in spec.pattern:
            text.append(f"\n    {row}")
    return text
