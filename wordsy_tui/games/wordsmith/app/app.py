"""WordsmithApp: a game of Wordsmith, solo or across the LAN, at 80x24, keyboard first.

The app follows a `WordsmithSeat` (offline against computer players, a seat at a LAN host,
a spectator's place, or a replay); its updates arrive in a worker and it acts through the
seat. It never decides a rule: the turn being put together is worked out by the rules'
preview, and sealed only when the rules would take it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final

from rich.text import Text
from textual import events, work
from textual._path import CSSPathType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from wordsy_tui.app.messages import (
    GameUpdated,
)
from wordsy_tui.app.one_screen import OneScreenApp
from wordsy_tui.app.terminal import taken_down
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.games.wordsmith.app.dialogs import (
    ResultsScreen,
    SheetsScreen,
    WordsmithHelpScreen,
)
from wordsy_tui.games.wordsmith.app.draft import Draft, cost_text
from wordsy_tui.games.wordsmith.app.panel import (
    clock_text,
    coins_text,
    first_name,
    goals_text,
    items_text,
    phase_text,
    players_text,
    preview_text,
    seconds_left,
    sheet_text,
    short,
    strip_text,
)
from wordsy_tui.games.wordsmith.rules import events as ev
from wordsy_tui.games.wordsmith.rules.components import LETTERS_PER_TURN
from wordsy_tui.games.wordsmith.rules.errors import TurnError
from wordsy_tui.games.wordsmith.rules.forge import Forged
from wordsy_tui.games.wordsmith.rules.grid import name
from wordsy_tui.games.wordsmith.rules.legal import may_choose, may_start, preview
from wordsy_tui.games.wordsmith.rules.state import Phase, WordsmithState
from wordsy_tui.games.wordsmith.rules.turn import Turn
from wordsy_tui.games.wordsmith.rules.words import Words
from wordsy_tui.games.wordsmith.seat import WordsmithSeat
from wordsy_tui.table.replay import Replaying
from wordsy_tui.text import shown

if TYPE_CHECKING:
    from wordsy_tui.table.served import ServedTable

CLOCK_TICK_SECONDS: Final = 0.25
WORDS_READ_AFTER_SECONDS: Final = 0.5
"""When a player's table reads the word list, on a thread of its own, after its first frame:
the first letter typed works the turn out with it, and read in that key it held the screen
100-200 ms (a LAN seat's first letter: 126 ms to the screen, the next 20)."""
SIDE_WIDTH: Final = 42
"""The panel beside the sheet at 80x24: 80 less the sheet's 36, a rule and a space."""


MOVES: Final = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
"""The arrows: (rows, columns) the cursor moves."""


class SheetScreen(Screen[None]):
    """The table: a sheet (ours, or the one a spectator or a replay looks at), the strip,
    coins and crowns, the goals, the players, the turn's preview and the countdown."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1, 0)", "Up", show=False),
        Binding("down", "cursor(1, 0)", "Down", show=False),
        Binding("left", "cursor(0, -1)", "Left", show=False),
        Binding("right", "cursor(0, 1)", "Right", show=False),
        Binding("enter", "seal", "Seal", id="smith-seal", key_display="⏎"),
        # At the end, the results again (with the host's Play again) after Esc left them.
        Binding("enter", "results", "Results", id="smith-results", key_display="⏎"),
        Binding("backspace", "undo", "Undo", id="smith-undo", key_display="⌫"),
        Binding("escape", "clear", "Clear", show=False),
        Binding("space", "direction", "Direction", show=False),
        Binding("asterisk,plus", "circle", "Circle", show=False),
        Binding("tab", "next_sheet", "Next sheet", id="smith-next-sheet", key_display="Tab"),
        Binding("f2", "sheets", "Sheets", id="smith-sheets", key_display="F2"),
        Binding("f6", "start_game", "Start", id="smith-start", key_display="F6"),
        Binding("f9", "end_now", "End now", id="smith-end", key_display="F9"),
        Binding("f1", "help", "Help", id="smith-help", key_display="F1"),
    ]

    def __init__(self, session: WordsmithSeat, now: Callable[[], float] | None = None) -> None:
        super().__init__()
        self.session = session
        self.now = now or (lambda: asyncio.get_running_loop().time())
        """The monotonic clock the host's deadlines are in (tests freeze it)."""
        self.draft = Draft()
        self.message = Text("")
        self.presence: Mapping[str, bool] = {}
        """Who is connected to the host (a LAN table's; solo: nobody is ever away)."""
        self.viewing = 0
        """Which player's sheet a spectator (or a replay) looks at, by seat order."""
        self.closed = False
        """The host ended the game: the table stays to be looked at, nothing is played."""
        self._shown_left: int | None = None
        self._sealing = False
        """Enter was pressed: the turn on screen then is being sealed (or asked about)."""
        self._round_news: list[str] = []
        """What happened to us in the round being played, told again as the next starts."""
        self._set_up = False
        """Mounted: its widgets are there to draw on (from the start of `on_mount`, so that
        the first frame is drawn whole: `is_mounted` is true only once it has returned)."""

    @property
    def state(self) -> WordsmithState:
        """The view drawn: the seat's, but the last game's until a rematch's first state."""
        return self.session.shown_state

    @property
    def me(self) -> str | None:
        return self.session.me

    @property
    def shown_player(self) -> str | None:
        """Whose sheet is on screen: ours, else the one being looked at."""
        players = self.state.players
        if self.me is not None and self.me in players:
            return self.me
        return players[self.viewing % len(players)] if players else None

    @property
    def choosing(self) -> bool:
        """Our turn is to be put together now (and the host has not ended the game)."""
        me = self.me
        return (
            me is not None
            and not self.closed
            and may_choose(self.state, me)
            and self.session.sealed_turn is None
        )

    def compose(self) -> ComposeResult:
        yield Static(id="title-bar", markup=False)
        with Horizontal(id="table"):
            yield Static(id="sheet", markup=False)
            with Vertical(id="side"):
                yield Static(id="strip", markup=False)
                yield Static(id="turn", markup=False)
                yield Static(id="coins", markup=False)
                yield Static(id="items", markup=False)
                yield Static(id="goals", markup=False)
                yield Static(id="players", markup=False)
        yield Static(id="preview", markup=False)
        yield Static(id="message", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._set_up = True
        self.query_one("#message", Static).update(self.message)
        self.redraw()
        # Over SSH every repaint costs bytes: look a few times a second, repaint the title
        # only when the whole seconds left change.
        self.set_interval(CLOCK_TICK_SECONDS, self._tick)
        if self.session.me is not None:
            self.set_timer(WORDS_READ_AFTER_SECONDS, self._read_words)

    def _read_words(self) -> None:
        self.run_worker(lambda: self.words, thread=True, group="words", exit_on_error=False)

    def on_resize(self, event: events.Resize) -> None:
        # The panel's lines are cut to the widths of its parts: those of the new size once
        # it is laid out, not the old ones they still have now.
        self.call_after_refresh(self.redraw)

    def _tick(self) -> None:
        if seconds_left(self.session.deadline, self.now()) != self._shown_left:
            self._show_title()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state, me = self.state, self.me
        match action:
            case "seal" | "undo":
                return self.choosing and not self._sealing and not self.draft.empty
            case "circle" | "cursor" | "direction":
                return self.choosing
            case "next_sheet":
                return me is None or me not in state.players
            case "sheets":
                started = state.phase not in (Phase.NEW, Phase.LOBBY)
                return started and me is not None and me in state.players
            case "start_game":
                return me is not None and may_start(state, me) and not self.closed
            case "end_now":
                return self.session.hosting and state.phase in (Phase.CHOOSING, Phase.REVEAL)
            case "results":
                return state.phase is Phase.OVER
        return True

    # -- keys ---------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """The sheet's keys while a turn is put together, each handled here as it comes:
        a binding's action runs only once the key has gone round the app, after the keys
        behind it in a burst (a paste, an SSH link) were already handled, and a letter
        would land before the arrows typed ahead of it, a turn be sealed after the keys
        typed behind its Enter."""
        if self._sealing:
            event.stop()  # what the screen showed at Enter is what is sealed
            return
        if not self.choosing:
            return
        key, char = event.key, event.character or ""
        if key in MOVES:
            self.action_cursor(*MOVES[key])
        elif key in SHEET_ACTIONS:
            SHEET_ACTIONS[key](self)
        elif len(char) == 1 and char in "123456":
            self._changed(self.draft.take_face(int(char) - 1, self.state, self._me, self.words))
        elif len(char) == 1 and char.isascii() and char.isalpha():
            self._changed(self.draft.write(char.upper(), self.state, self._me, self.words))
        else:
            return
        event.stop()

    @property
    def _me(self) -> str:
        me = self.me
        assert me is not None  # (only a seat at the table chooses)
        return me

    @property
    def words(self) -> Words:
        return self.session.rules.words

    def _changed(self, problem: str | None) -> None:
        self.say(problem, "bold" if problem else "")
        self.redraw()

    def action_cursor(self, rows: int, cols: int) -> None:
        self.draft.move(rows, cols)
        self.redraw()

    def action_undo(self) -> None:
        if self.me is not None:
            self._changed(None)
            self.say(self.draft.undo(self.state, self.me, self.words))
            self.redraw()

    def fresh_game(self) -> None:
        self.draft.clear()

    def action_clear(self) -> None:
        self.draft.clear()
        self.say(None)
        self.redraw()

    def action_direction(self) -> None:
        self.draft.turn_direction()
        self.redraw()

    def action_circle(self) -> None:
        if self.me is not None:
            self._changed(self.draft.circle(self.state, self.me, self.words))

    def action_seal(self) -> None:
        """Seal the turn the screen shows now (Enter): what is typed after it changes
        nothing sealed."""
        if self._sealing or not self.choosing or self.draft.empty:
            return
        self._sealing = True
        self._seal(self.draft.turn)

    @work(group="dialog")
    async def _seal(self, turn: Turn) -> None:
        """Seal `turn`, once the player has said so where a bonus would be lost (a turn
        is final, as ink on paper)."""
        try:
            if await self._may_seal():
                problem = await self.session.seal(turn)
                if problem is None:
                    self.draft.clear()
                if problem is None and self.session.sealed_turn is not None:
                    # (Not when every other player had chosen: the next round is up.)
                    self.say("Your turn is sealed: nobody sees it before everyone has chosen.")
        finally:
            self._sealing = False
        self.redraw()

    async def _may_seal(self) -> bool:
        """Whether the turn on screen is to be sealed: the rules take it (the round has
        not moved on under it), and the player says yes to any bonus it leaves untaken."""
        forged = self._forged()
        if forged is None:
            return False
        lost = [
            what
            for what, count in (
                ("a goblet's letter", forged.goblets),
                ("a sword's circle", forged.swords),
            )
            if count
        ]
        if not lost:
            return True
        from wordsy_tui.app.screens.confirm import ConfirmScreen

        question = f"Seal without taking {' and '.join(lost)}? It is lost."
        yes: bool = await self.app.push_screen_wait(ConfirmScreen(question))
        return yes

    def action_next_sheet(self) -> None:
        self.viewing += 1
        self.redraw()

    def action_sheets(self) -> None:
        me = self.me
        others = [p for p in self.state.players if p != me]
        if others:
            self.app.push_screen(SheetsScreen(self.session, others))

    def action_start_game(self) -> None:
        self._act(self.session.start_game())

    @work(group="dialog")
    async def action_end_now(self) -> None:
        from wordsy_tui.app.screens.confirm import ConfirmScreen

        what = "choosing" if self.state.phase is Phase.CHOOSING else "the reveal"
        question = f"End {what} now, as the clock would? Whoever has not sealed plays nothing."
        if await self.app.push_screen_wait(ConfirmScreen(question)):
            self._act(self.session.end_phase())

    def action_help(self) -> None:
        self.app.push_screen(WordsmithHelpScreen(self.state))

    def action_results(self) -> None:
        app = self.app
        if isinstance(app, WordsmithApp):
            app.show_results()

    @work(group="act", exclusive=False)
    async def _act(self, action: Coroutine[Any, Any, str | None]) -> None:
        await action
        self.redraw()

    # -- what the screen shows ------------------------------------------------------

    def say(self, message: str | Text | None, style: str = "") -> None:
        self.message = Text(message, style) if isinstance(message, str) else message or Text("")
        if self._set_up and not taken_down(self):
            self.query_one("#message", Static).update(self.message)

    def _forged(self) -> Forged | None:
        """The turn being put together, as the rules work it out (None: none)."""
        me = self.me
        if me is None or not self.choosing or self.draft.empty:
            return None
        try:
            return self.draft.work_out(self.state, me, self.words)
        except TurnError as error:  # the round moved on under the draft
            self.say(str(error), "bold")
            self.draft.clear()
            return None

    def redraw(self) -> None:
        if not self._set_up or taken_down(self):
            return
        self.refresh_bindings()
        state, me = self.state, self.me
        self._show_title()
        player = self.shown_player
        forged = self._forged()
        sealed = self.session.sealed_turn if me is not None else None
        sheet = state.sheet(player) if player is not None else None
        cursor = self.draft.cursor if self.choosing else None
        if sheet is None:
            picture = Text("Nobody has sat down yet.", "dim")
        elif forged is not None:
            picture = sheet_text(forged.sheet, sheet, cursor)
        elif sealed is not None and me is not None:
            picture = self._sealed_picture(sealed)
        else:
            picture = sheet_text(sheet, None, cursor)
        self.query_one("#sheet", Static).update(picture)
        width = self.query_one("#goals", Static).content_size.width or SIDE_WIDTH
        used = self.draft.used_faces() if forged is not None else set()
        if state.phase in (Phase.CHOOSING, Phase.REVEAL):
            self.query_one("#strip", Static).update(strip_text(state, used))
        else:
            self.query_one("#strip", Static).update(self._lobby_or_end_text())
        self.query_one("#turn", Static).update(self._turn_text(forged, sealed, player))
        # In the lobby every sheet is blank: its lines give their room to ten players.
        lobby = state.phase in (Phase.NEW, Phase.LOBBY)
        for part in ("#turn", "#coins", "#items"):
            self.query_one(part, Static).display = not lobby
        if sheet is not None:
            spending = forged.spent if forged is not None else 0
            self.query_one("#coins", Static).update(coins_text(sheet, spending))
            self.query_one("#items", Static).update(items_text(sheet))
        goals = goals_text(state, width)
        if state.phase is Phase.LOBBY and self.session.server is not None:
            goals.append("\n")
            goals.append_text(join_hint(self.session.server, width))
        self.query_one("#goals", Static).update(goals)
        viewed = player if me is None or me not in state.players else None
        self.query_one("#players", Static).update(
            players_text(state, me, self.presence, width, viewed, self.session.ratings)
        )
        room = self.query_one("#preview", Static).content_size.width or 78
        if self.choosing:
            left = LETTERS_PER_TURN - len(self.draft.picks)
            self.query_one("#preview", Static).update(preview_text(forged, room, left))
        else:
            self.query_one("#preview", Static).update(self._not_choosing_text(room))

    def _sealed_picture(self, sealed: Turn) -> Text:
        """Our sealed turn on our sheet, until it is revealed and written."""
        me = self.me
        assert me is not None
        sheet = self.state.sheet(me)
        try:
            after = preview(self.state, me, sealed, self.words)
        except TurnError:  # (checked before it was sealed; a kept file damaged since)
            return sheet_text(sheet)
        return sheet_text(after.sheet, sheet)

    def _turn_text(self, forged: Forged | None, sealed: Turn | None, player: str | None) -> Text:
        """What our turn is so far: its letters, where, and what each costs."""
        me = self.me
        if me is None or me not in self.state.players:
            return Text(f"Sheet of {short(player or '')}" if player else "", "bold")
        if sealed is not None:
            return Text("Your turn is sealed.", "bold")
        if not self.choosing:
            return Text("")
        if forged is None:
            arrow = "→" if self.draft.across else "↓"
            return Text(f"Your turn {arrow} choose 2 letters (Space: → ↓)", "bold")
        text = Text(f"Your turn {'→' if self.draft.across else '↓'} ", "bold")
        text.append(
            ", ".join(
                f"{pick.letter} {name(pick.square)} ({cost_text(pick, self.state)})"
                for pick in self.draft.picks
            )
        )
        return text

    def _lobby_or_end_text(self) -> Text:
        state = self.state
        if state.phase is Phase.OVER:
            return Text("Game over: the scores are final.", "bold")
        seated = len(state.players)
        captain = state.captain
        if self.me is not None and captain == self.me:
            return Text(f"Lobby: {seated} seated · F6 starts the game", "bold")
        starter = short(captain) if captain else "the host"
        return Text(f"Lobby: {seated} seated · {starter} starts the game", "bold")

    def _not_choosing_text(self, width: int) -> Text:
        state, me = self.state, self.me
        if me is not None and me not in state.players and state.phase is Phase.LOBBY:
            # Welcomed with a seat, and the host's own word of it on its way.
            text = Text("Sitting down…", "dim")
        elif me is None or me not in state.players:
            text = Text("You are watching: Tab shows the next player's sheet.", "dim")
        elif state.phase is Phase.REVEAL:
            text = Text("Every turn is revealed and written on its sheet.", "dim")
        elif state.phase is Phase.CHOOSING and self.session.sealed_turn is not None:
            waiting = ", ".join(first_name(p) for p in state.players if p in state.waiting_on())
            text = Text(f"Sealed. Waiting for {waiting or 'the reveal'}.", "dim")
        elif state.phase is Phase.OVER:
            text = Text("The game is over: ⏎ the results, F2 every sheet, ^q leaves.", "dim")
        else:
            text = Text("")
        text.truncate(width, overflow="ellipsis")
        return text

    def _show_title(self) -> None:
        state, me = self.state, self.me
        sealed = self.session.sealed_turn is not None if me is not None else False
        head = Text(f"Wordsmith · {phase_text(state, me, sealed)}")
        if me is None and state.phase is not Phase.LOBBY:
            head.append(" · watching")
        deadline, now = self.session.deadline, self.now()
        self._shown_left = seconds_left(deadline, now)
        clock = clock_text(deadline, now, me)
        tail = Text(" · ") + clock if clock else Text("")
        room = self.size.width - tail.cell_len - 2
        if self.size.width and head.cell_len > room:
            # The countdown is what a player must not lose: the status gives way to it.
            head.truncate(max(1, room), overflow="ellipsis")
        self.query_one("#title-bar", Static).update(head + tail)

    def tell(self, events: tuple[ev.Event, ...]) -> None:
        """A line about what just happened at the table. The round just played is told
        again as the next one starts: its reveal passes in a moment, once every turn is
        in, and the new round's first line would hide it."""
        me = self.me
        for event in events:
            match event:
                case ev.RoundStarted(number):
                    self.draft.clear()
                    news, self._round_news = self._round_news, []
                    if me is not None and may_choose(self.state, me):
                        told = f"Round {number - 1}: {'; '.join(news)}. " if news else ""
                        self.say(f"{told}Round {number}: choose your 2 letters.", "bold")
                case ev.ChoicesClosed(_round, missed) if me in missed:
                    self._told("time was up: you chose nothing", "bold")
                case ev.RevealClosed(_round, missed) if me in missed:
                    self._told("your turn was not revealed in time", "bold")
                case ev.TurnPlayed(player, _round, _private, _turn, steps) if player == me:
                    made = [word.text for step in steps or () for word in step.words]
                    self._told(f"you made {', '.join(made)}" if made else "no word this turn")
                case ev.GoalsReached(_round, reached):
                    from wordsy_tui.games.wordsmith.rules.components import GOALS

                    for goal, player, first in reached:
                        who = "you" if player == me else shown(player)
                        self._told(f"{who} reached {GOALS[goal].name}{' first' if first else ''}")
                case ev.PlayerLeft(player) if player != me:
                    self.say(f"{shown(player)} left.")

    def _told(self, news: str, style: str = "") -> None:
        """A line about the round being played, said now and kept for the next round's."""
        self._round_news.append(news)
        self.say(news[0].upper() + news[1:] + ".", style)


SHEET_ACTIONS: Final[dict[str, Callable[[SheetScreen], None]]] = {
    "enter": SheetScreen.action_seal,
    "backspace": SheetScreen.action_undo,
    "escape": SheetScreen.action_clear,
    "space": SheetScreen.action_direction,
    "asterisk": SheetScreen.action_circle,
    "plus": SheetScreen.action_circle,
}
"""The sheet's other keys while a turn is put together (its bindings, for the footer)."""


class WordsmithApp(OneScreenApp[WordsmithSeat, "SheetScreen"]):
    """One game of Wordsmith in the terminal; `session` plays it (solo: with computer
    players), watches it, or replays it."""

    CSS_PATH: ClassVar[CSSPathType | None] = "wordsmith.tcss"
    TITLE = "Wordsy: Wordsmith"
    ENABLE_COMMAND_PALETTE = False
    RESULTS = ResultsScreen

    def play_screen(self, session: WordsmithSeat, now: Callable[[], float] | None) -> SheetScreen:
        return SheetScreen(session, now)

    def replay_screen(self, session: WordsmithSeat, replay: Replaying[Any, Any]) -> SheetScreen:
        return ReplaySheetScreen(session, replay)

    def results_screen(self, rematch: Callable[[], object] | None) -> ResultsScreen:
        return ResultsScreen(self.session.state, self.session.me, rematch)

    def game_updated(self, update: GameUpdated) -> None:
        for other in self.screen_stack:
            if isinstance(other, SheetsScreen):
                other.redraw()


class ReplaySheetScreen(SheetScreen, inherit_bindings=False):
    """A saved game of Wordsmith, round by round, read-only: every sheet in turn."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n", "step(1)", "Next round", id="smith-replay-next", key_display="→"),
        Binding("left,p", "step(-1)", "Previous", id="smith-replay-back", key_display="←"),
        Binding("tab", "next_sheet", "Next sheet", id="smith-next-sheet", key_display="Tab"),
        Binding("q", "app.leave", "Quit", id="smith-replay-quit"),
        Binding("f1", "help", "Help", id="smith-help", key_display="F1"),
    ]

    def __init__(
        self, session: WordsmithSeat, replay: Replaying[WordsmithState, ev.Event]
    ) -> None:
        super().__init__(session, lambda: 0.0)
        self.replay = replay

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action in ("step", "next_sheet", "help")

    def action_step(self, delta: int) -> None:
        self.replay.step(delta)

    def _not_choosing_text(self, width: int) -> Text:
        finished = "a finished game" if self.replay.finished else "a game not finished"
        return Text(f"A replay of {finished}: → next round, ← back, Tab the next sheet.", "dim")

    def _show_title(self) -> None:
        state, replay = self.state, self.replay
        title = f"Wordsmith · replay {replay.index + 1}/{len(replay.frames)}"
        if state.phase is Phase.OVER:
            title += " · game over"
        elif state.round:
            title += f" · after round {state.round}"
        player = self.shown_player
        if player is not None:
            title += f" · {shown(player)}'s sheet"
        self._shown_left = None
        self.query_one("#title-bar", Static).update(Text(title))


def join_hint(server: ServedTable[Any, Any, Any], width: int) -> Text:
    """How players join the hosting player's table (the fronts first, when it has them),
    and the SSH host key's fingerprint for them to check when `ssh` asks the first time."""
    where = ", ".join(f"{address}:{server.port}" for address in server.addresses)
    text = Text(server.front_hint or f"Join: wordsy-tui join --connect {where}")
    text.truncate(width * 2, overflow="ellipsis")
    key = server.fronts.ssh_fingerprint if server.fronts is not None else None
    if key is not None:  # whole, a long word folded over the lines it needs
        text.append(f"\n{key}: the SSH host key")
        text.overflow = "fold"
    return text
