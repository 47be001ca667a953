"""TileApp: a tile game (Scrabble, Words with Friends, Wordfeud), solo or across the LAN.

The app follows a `TileSeat` (offline against computer players, a seat at a LAN host,
or a replay); its updates arrive in a worker and it acts through it; it never
decides a rule itself. The board screen lays the play,
scores it live with the rules' own `assess`, and shows the rest of the table.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, ClassVar, Final

from rich.text import Text
from textual import events, work
from textual._path import CSSPathType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from wordsy_tui.app.chat import chatting_app
from wordsy_tui.app.compositor import draw_changed_rows
from wordsy_tui.app.messages import (
    ActionRefused,
    GameUpdated,
    LinkUpdated,
    PresenceUpdated,
    RematchOffered,
)
from wordsy_tui.app.screens.prompt import PromptScreen
from wordsy_tui.app.table import SeatAgain, TableApp
from wordsy_tui.app.terminal import TABLE_CSS, taken_down
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.app.widgets.line import Line
from wordsy_tui.games.tiles.app.board import BoardPicture, TileBoard
from wordsy_tui.games.tiles.app.dialogs import (
    BlankScreen,
    GameOverScreen,
    TileHelpScreen,
    TileVoteScreen,
    challenge_question,
    vote_key,
    voting_text,
)
from wordsy_tui.games.tiles.app.draft import Draft
from wordsy_tui.games.tiles.app.panel import (
    chat_text,
    clock_text,
    last_play_squares,
    minutes,
    move_lines,
    moves_text,
    over_text,
    preview,
    preview_text,
    rack_text,
    scores_text,
    seconds_left,
    short_name,
    unseen_text,
)
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.board import place
from wordsy_tui.games.tiles.rules.legal import allowed, may_exchange, may_play, may_vote
from wordsy_tui.games.tiles.rules.notation import move_text
from wordsy_tui.games.tiles.rules.rulesets import BLANK
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.table.chat import ChatHeard
from wordsy_tui.table.replay import Replaying
from wordsy_tui.text import shown

if TYPE_CHECKING:
    from wordsy_tui.games.tiles.rules.bots import Hint
    from wordsy_tui.games.tiles.rules.review import Review

CLOCK_TICK_SECONDS: Final = 0.25
SIDE_WIDTH: Final = 31
"""The column beside the board at 80x24: 80 less the board's 48 and a rule."""


BOARD_KEYS: Final[dict[str, tuple[tuple[str, tuple[int, ...]], ...]]] = {
    "up": (("cursor", (-1, 0)),),
    "down": (("cursor", (1, 0)),),
    "left": (("cursor", (0, -1)),),
    "right": (("cursor", (0, 1)),),
    "space": (("turn", ()),),
    "backspace": (("take_back", ()),),
    "escape": (("clear", ()),),
    "enter": (("play", ()), ("accept", ())),
}
"""The board's keys a play is typed with: the actions of their bindings, the first the
board allows now (the bindings stay, for the key bar)."""


class BoardScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1, 0)", "Up", show=False),
        Binding("down", "cursor(1, 0)", "Down", show=False),
        Binding("left", "cursor(0, -1)", "Left", show=False),
        Binding("right", "cursor(0, 1)", "Right", show=False),
        Binding("space", "turn", "Direction", show=False),
        Binding("backspace", "take_back", "Take back", show=False),
        Binding("escape", "clear", "Clear", show=False),
        Binding("enter", "play", "Play", id="tile-play", key_display="⏎"),
        Binding("enter", "accept", "Let it stand", id="tile-accept", key_display="⏎"),
        Binding("f2", "exchange", "Exchange", id="tile-exchange", key_display="F2"),
        Binding("f3", "pass_turn", "Pass", id="tile-pass", key_display="F3"),
        Binding("f4", "app.best", "Best", id="tile-best", key_display="F4"),
        Binding("f5", "challenge", "Challenge", id="tile-challenge", key_display="F5"),
        Binding("v", "vote", "Vote", id="tile-vote"),
        Binding("f1", "help", "Help", id="tile-help", key_display="F1"),
        Binding("f6", "start_game", "Start", id="tile-start", key_display="F6"),
        Binding("f9", "app.review", "Review", id="tile-review", key_display="F9"),
    ]

    def __init__(self, session: TileSeat, now: Callable[[], float] | None = None) -> None:
        super().__init__()
        draw_changed_rows(self)
        self.session = session
        self.now = now or (lambda: asyncio.get_running_loop().time())
        """The monotonic clock the host's deadlines are in (tests freeze it)."""
        self.draft = Draft()
        self.message: Text = Text("")
        self._set_up = False
        """`on_mount` has run: the lines exist (a screen may count as mounted before its
        children are, and an update can come in between)."""
        self._shown_left: int | None = None
        """The whole seconds left that the title bar shows (it repaints on a new one)."""
        self._shown_scores = ""
        """The scores as shown: with a game clock, they repaint when a clock's face changes."""
        self.presence: Mapping[str, bool] = {}
        """Who is connected to the host, as it last said (a LAN table's; solo: nobody
        is ever away)."""
        self._judging: tuple[TileGameState, bool] | None = None
        self._keys_state: TileGameState | None = None
        self._keys_asked: tuple[object, ...] = ()
        """What `check_action` read when the key bar last asked it (and the state)."""

    @property
    def state(self) -> TileGameState:
        """The view drawn: the seat's, but the last game's until a rematch's first state."""
        return self.session.shown_state

    @property
    def watching(self) -> bool:
        """A spectator's board: no rack, no play keys; the chat takes the rack's place."""
        return self.session.me is None

    def compose(self) -> ComposeResult:
        self.set_class(self.watching, "-watching")
        yield Line(id="title-bar")
        with Horizontal(id="table"):
            with Vertical(id="board-side"):
                yield TileBoard(id="tile-board")
                yield Line(id="rack")
                yield Line(id="chat-last")
            with Vertical(id="tile-side"):
                yield Line(id="scores")
                yield Line(id="unseen")
                yield Line(id="moves")
        yield Line(id="preview")
        yield Line(id="message")
        yield Footer()

    def on_mount(self) -> None:
        if self.app.return_code is not None:
            return  # the app closed as it opened (the table turned us away): no board to set up
        self._set_up = True
        self.query_one("#chat-last").display = self.session.can_chat
        self.watch(self.app, "chat", self._show_chat)
        # What was said before the screen was up (a damaged log's note, the first news of
        # the game the session brought): `say` could only keep it.
        self.query_one("#message", Line).show(self.message)
        self.redraw()
        # Over SSH every repaint costs bytes: look a few times a second, repaint the title
        # only when the whole seconds left change.
        self.set_interval(CLOCK_TICK_SECONDS, self._tick)

    def _tick(self) -> None:
        if seconds_left(self.session.deadline, self.now()) != self._shown_left:
            self._show_title()
        if self.state.clocks and self._scores().plain != self._shown_scores:
            self._show_scores()

    def _scores(self) -> Text:
        return scores_text(
            self.state,
            self.session.me,
            self.presence,
            racks=self.shows_racks,
            deadline=self.session.deadline,
            now=self.now(),
            ratings=self.session.ratings,
        )

    def _show_scores(self) -> Text:
        """The scores (and the game clocks, the running one ticking)."""
        scores = self._scores()
        self._shown_scores = scores.plain
        self.query_one("#scores", Line).show(scores)
        return scores

    def on_resize(self, event: events.Resize) -> None:
        self.redraw()

    def _show_chat(self, lines: tuple[ChatHeard, ...]) -> None:
        box = self.query_one("#chat-last", Line)
        rows = max(box.size.height, 1)
        talk = chatting_app(self).talk_key
        box.show(chat_text(lines, self.session.me, box.size.width or SIDE_WIDTH, rows, talk))

    def _asked_to_judge(self) -> bool:
        """The session's `asked_to_judge`, asked of the rules once a state: the arrows and
        the letters, checked and redrawn at every key, read it too."""
        state = self.state
        if self._judging is None or self._judging[0] is not state:
            self._judging = (state, self.session.asked_to_judge)
        return self._judging[1]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        me = self.session.me
        if me is None or self.closed:  # help (and the app's chat and leave) only
            return action == "help"
        # The key bar offers what the rules allow this seat now, and nothing else: no pass
        # once the play waiting on us has ended the game, no challenge with nothing to
        # challenge (nor in the games without challenges).
        state, judging = self.state, self._asked_to_judge()
        match action:
            case "play":  # Enter, with tiles laid; with none, Enter lets a play stand
                return may_play(state, me) and (bool(self.draft.placed) or not judging)
            case "accept":
                return judging and not self.draft.placed
            case "pass_turn":
                return may_play(state, me)
            case "exchange":
                return may_exchange(state, me)
            case "challenge":
                return judging
            case "vote":  # only while this seat has a vote to cast
                return may_vote(state, me)
            case "start_game":  # the lobby of a LAN table: its first person starts
                return allowed(state, me, cmd.StartGame())
        return True

    # -- keys ---------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """The board's keys, each handled here as it comes: a binding's action runs only
        once its key has gone round the app, after the keys behind it in a burst (a paste,
        an SSH link) were handled, so a letter landed before the arrows typed ahead of it
        and Enter played the letters typed behind it."""
        me = self.session.me
        if me is None or self.closed:  # watching, or nothing to play any more
            return
        for action, arguments in BOARD_KEYS.get(event.key, ()):
            if self.check_action(action, arguments):
                event.stop()
                getattr(self, f"action_{action}")(*arguments)
                return
        char = event.character or ""
        if char == "v" and may_vote(self.state, me):
            return  # the key opens the vote (a binding), not a tile
        if char in (BLANK, "*"):
            event.stop()
            self._ask_blank()
        elif len(char) == 1 and char.isascii() and char.isalpha():
            event.stop()
            self._lay(char.upper())

    def _lay(self, letter: str) -> None:
        me = self.session.me
        if me is None:
            return
        problem = self.draft.lay(self.state.board, self.state.rack(me), letter)
        self.say(problem, "warning" if problem else "")
        self.redraw_draft()

    @work(group="dialog")
    async def _ask_blank(self) -> None:
        letter = await self.app.push_screen_wait(BlankScreen())
        if letter is not None:
            self._lay(letter.lower())

    def action_cursor(self, rows: int, cols: int) -> None:
        self.draft.move(rows, cols)
        self.redraw_draft()

    def action_turn(self) -> None:
        self.draft.turn()
        self.redraw_draft()

    def action_take_back(self) -> None:
        self.draft.take_back()
        self.redraw_draft()

    def action_clear(self) -> None:
        self.draft.clear()
        self.say(None)
        self.redraw_draft()

    def action_play(self) -> None:
        if not self.draft.placed:
            self.say("Lay tiles first: type their letters on the board.", "warning")
            return
        self._act(self.session.play(self.draft.placement), None)

    def action_accept(self) -> None:
        self._act(self.session.accept(), "You let the play stand.")

    def action_pass_turn(self) -> None:
        self._act(self.session.pass_turn(), "You passed.")

    @work(group="dialog")
    async def action_challenge(self) -> None:
        """A failed challenge costs the challenger: asked first, saying what it costs."""
        me, asked_about = self.session.me, self.state.pending
        question = None if me is None else challenge_question(self.state, me)
        if question is None:
            return
        from wordsy_tui.app.screens.confirm import ConfirmScreen

        yes = await self.app.push_screen_wait(ConfirmScreen(question))
        # The play asked about: not another that may have come to the board meanwhile.
        if yes and self.state.pending == asked_about:
            self._act(self.session.challenge(), None)

    @work(group="dialog")
    async def action_exchange(self) -> None:
        me = self.session.me
        rack = " ".join(self.state.rack(me)) if me is not None else ""
        answer = await self.app.push_screen_wait(
            PromptScreen(
                f"Which tiles go back to the bag? Your rack: {rack}. Type them (? for a blank)."
            )
        )
        if answer is None:
            return
        tiles = [c.upper() if c != "*" else BLANK for c in answer if not c.isspace()]
        self._act(self.session.exchange(tiles), f"You exchanged {len(tiles)} tiles.")

    def action_start_game(self) -> None:
        self._act(self.session.start_game(), None)

    def action_help(self) -> None:
        self.app.push_screen(TileHelpScreen())

    @work(group="dialog")
    async def action_vote(self) -> None:
        """The table's vote on a challenge: y, the play stands; n, it goes."""
        me = self.session.me
        if me is None or not may_vote(self.state, me):
            return
        uphold = await self.app.push_screen_wait(TileVoteScreen(self.state, me))
        if uphold is None:
            self.say("The table is waiting for your vote: v opens it again.", "warning")
            return
        done = "You voted that the play goes." if uphold else "You voted that it stands."
        self._act(self.session.vote(uphold), done)

    @work(group="act", exclusive=False)
    async def _act(self, action: object, done: str | None) -> None:
        assert asyncio.iscoroutine(action)
        refused = await action
        if refused is None:
            self.draft.clear()
            if done:
                self.say(done)
        self.redraw()

    # -- what the screen shows ------------------------------------------------------

    def say(self, message: str | Text | None, style: str = "") -> None:
        self.message = Text(message, style) if isinstance(message, str) else message or Text("")
        if self._set_up and not taken_down(self):
            self.query_one("#message", Line).show(self.message)

    def redraw(self) -> None:
        """The whole screen, for a new state, size or chat."""
        if not self._set_up or taken_down(self):
            return
        state, me = self.state, self.session.me
        self._show_title()
        scores = self._show_scores()
        width = SIDE_WIDTH - 1
        unseen = unseen_text(state, me, width, racks=self.shows_racks)
        self.query_one("#unseen", Line).show(unseen)
        lines = move_lines(state)
        # The rows above the moves, as the panel lays them out (a line ending in a newline
        # leaves an empty one under it), the unseen tiles' margin, and the list's heading.
        used = sum(text.plain.count("\n") + 1 for text in (scores, unseen)) + 1 + 1
        rows = max(self.query_one("#tile-side").size.height - used, 1)
        moves = Text("Moves\n", "bold") + moves_text(lines, width, rows, state.config.options())
        self.query_one("#moves", Line).show(moves)
        self._show_chat(chatting_app(self).chat)
        self.redraw_draft()

    def redraw_draft(self) -> None:
        """What the tiles being laid show in (a key: the title, the scores, the tiles
        unseen, the moves and the chat stay as they are until the state changes)."""
        if not self._set_up or taken_down(self):
            return
        self._keep_draft()
        self._refresh_keys()
        state, me = self.state, self.session.me
        drafted = dict(self.draft.placed)
        playing = state.phase is Phase.PLAYING and not self.watching
        self.query_one(TileBoard).show(
            BoardPicture(
                state.board,
                state.premiums,
                drafted,
                last_play_squares(state),
                self.draft.cursor if playing else None,
                self.draft.across,
            )
        )
        if me is not None:
            self.query_one("#rack", Line).show(
                rack_text(self.draft.rack_left(state.rack(me)), state.rules)
            )
        placement = self.draft.placement
        if state.phase is Phase.OVER:
            shown_preview = over_text(self.session.reviewable)
        elif placement:
            shown_preview = preview_text(preview(state, placement))
        elif self._asked_to_judge() and state.pending is not None and me is not None:
            room = self.query_one("#preview", Line).content_size.width
            shown_preview = judge_text(state, me, room)
        else:
            shown_preview = preview_text(None)
        if self.watching:
            shown_preview = self.watching_text()
        self.query_one("#preview", Line).show(shown_preview)

    def _refresh_keys(self) -> None:
        """The key bar asks `check_action` again once what it reads has changed: asking
        checks each key's command against the rules, a tenth of a tile laid's work."""
        session, state = self.session, self.state
        asked = (session.me, self.closed, bool(self.draft.placed))
        # The state by identity: a new one comes with every event, and comparing two
        # states field by field would cost what asking does. (Whether we are asked to
        # judge a play follows from the state and who we are: asked only when it is.)
        if state is not self._keys_state or asked != self._keys_asked:
            self._keys_state, self._keys_asked = state, asked
            self.refresh_bindings()

    def _keep_draft(self) -> None:
        """The session keeps the tiles laid and not played yet; a restarted program's board
        lays again those it took back, once the view has the rack to lay them from."""
        me, state = self.session.me, self.state
        if me is None or state.phase is not Phase.PLAYING or not state.rack(me):
            return  # not caught up yet, or nothing to lay: what the session holds stays
        if self.session.laid_again:
            if not self.draft.placed:
                self.draft.lay_again(self.session.laid_again, state.board, state.rack(me))
            self.session.laid_again = ()
        self.session.hold(self.draft.placed)

    shows_racks = False
    """Whether the list of scores shows each rack's tiles (a finished game's replay)."""
    closed = False
    """The host ended the game: the board stays to be looked at, nothing more is played
    (and leaving asks nothing)."""

    def watching_text(self) -> Text:
        """The line under the board of someone who only watches."""
        if self.state.phase is Phase.OVER:
            return over_text(self.session.reviewable)
        return Text("You are watching: every rack is hidden until the game ends.")

    def _show_title(self) -> None:
        state, me = self.state, self.session.me
        title = f"{state.rules.title} · bag {state.bag_count}"
        if self.watching and state.phase is not Phase.LOBBY:
            title += " · watching"
        if state.vote is not None:
            title += f" · {voting_text(state)}"
        elif self._asked_to_judge():
            title += " · your call: challenge or let it stand"
        elif state.phase is Phase.PLAYING and state.pending is not None:
            player = state.pending.player
            whose = "your play" if player == me else f"{shown(player)}'s play"
            title += f" · {whose} may be challenged"
        elif state.phase is Phase.PLAYING and state.turn is not None:
            whose = "your turn" if state.turn == me else f"{shown(state.turn)}'s turn"
            title += f" · {whose}"
        elif state.phase is Phase.OVER:
            title += " · game over"
        elif state.phase is Phase.LOBBY:
            title = f"{state.rules.title} · {lobby_text(state, me)}"
        deadline, now = self.session.deadline, self.now()
        self._shown_left = seconds_left(deadline, now)
        clock = clock_text(deadline, now, me)
        tail = Text(" · ") + clock if clock else Text("")
        head = Text(title)
        bar = self.query_one("#title-bar", Line)
        # Inside the bar's padding (the screen's width cut the tail: "any key: still he");
        # nothing to go by before the first layout.
        width = bar.content_size.width
        room = width - tail.cell_len
        if width and head.cell_len > room:
            # The countdown is what a player must not lose: the status gives way to it.
            head.truncate(max(1, room), overflow="ellipsis")
        bar.show(head + tail)

    def tell(self, events: tuple[ev.Event, ...]) -> None:
        """A line about what the others just did (our own moves say so themselves)."""
        me = self.session.me
        for event in events:
            match event:
                case ev.TilesPlayed(player, _placement, words, score, bingo) if player != me:
                    formed = ", ".join(word for word, _ in words)
                    extra = " with a bingo" if bingo else ""
                    self.say(f"{shown(player)} played {formed} for {score}{extra}.")
                case ev.VoteOpened(challenger, voters, _refused):
                    whom = "you vote" if me in voters else "the table votes"
                    self.say(f"{shown(challenger)} challenged the play: {whom}.", "bold")
                case ev.ChallengeDecided(challenger, upheld, votes=votes) if votes:
                    goes, stands = event.tally
                    outcome = (
                        "the play is withdrawn."
                        if upheld
                        else f"the play stands; {failed_cost(self.state, challenger)}."
                    )
                    self.say(
                        f"The table voted {stands} that it stands, {goes} that it goes: "
                        + outcome,
                        "bold",
                    )
                case ev.ChallengeDecided(challenger, upheld, refused):
                    if upheld:
                        bad = ", ".join(refused)
                        self.say(
                            f"{shown(challenger)} challenged: {bad} is not in the word list; "
                            "the play is withdrawn.",
                            "bold",
                        )
                    else:
                        cost = (
                            "the play stands, and ends the game."
                            if self.state.phase is Phase.OVER
                            else f"{failed_cost(self.state, challenger)}."
                        )
                        self.say(
                            f"{shown(challenger)} challenged, but every word is good: {cost}",
                            "bold",
                        )
                case ev.TilesExchanged(player, _r, _d, count) if player != me:
                    self.say(f"{shown(player)} exchanged {count} tiles.")
                case ev.Passed(player, timed_out=True, early=early):
                    self.say(host_pass_text(self.state, player, me, early=early), "bold")
                case ev.Passed(player) if player != me:
                    self.say(f"{shown(player)} passed.")
                case ev.PlayAccepted(timed_out=True):
                    self.say(f"Nobody challenged in time: {last_play_text(self.state)}", "bold")
                case ev.TurnLost(player):
                    self.say(f"{shown(player)} loses this turn to the failed challenge.")


def host_pass_text(state: TileGameState, player: str, me: str | None, *, early: bool) -> str:
    """What ended the turn the host passed for `player`: the table moving on without them,
    or the turn limit. Never "time": the game clock (shown beside the scores) is another
    thing, and running out of it ends the game (docs/RULES.md, "Game clocks")."""
    whom = "you" if player == me else shown(player)
    if early:
        return f"The table moved on without {whom}: the host passed for {whom}."
    whose = "your" if player == me else f"{shown(player)}'s"
    return f"The turn limit ({minutes(state.config.turn_seconds)}) ended {whose} turn: a pass."


def failed_cost(state: TileGameState, challenger: str) -> str:
    """What `challenger`'s failed challenge cost, under the game's rule (`state`: after it;
    the play that stood is on the board, or the last on the move list)."""
    stood = state.pending or next((t for t in reversed(state.turns) if t.kind == "play"), None)
    player = "" if stood is None else shown(stood.player)
    return state.rules.challenge.cost(shown(challenger), player)


def lobby_text(state: TileGameState, me: str | None) -> str:
    """Who is seated before the game starts, and who starts it."""
    seated = ", ".join(shown(p) for p in state.players) or "nobody yet"
    captain = state.captain
    if captain == me:
        return f"seated: {seated} · F6 starts the game"
    return f"seated: {seated} · {shown(captain) if captain else 'the host'} starts the game"


def last_play_text(state: TileGameState) -> str:
    """Whose play just stood, and its words."""
    play = next((t for t in reversed(state.turns) if t.kind == "play"), None)
    if play is None:
        return "the play stands."
    words = ", ".join(w for w, _ in play.words)
    return f"{shown(play.player)}'s {words} stands."


def judge_text(state: TileGameState, me: str, width: int) -> Text:
    """The question another player's play puts to us (Scrabble), in one line of `width`
    (0: not laid out yet): the play gives way to the keys when they do not both fit."""
    assert state.pending is not None
    words = ", ".join(w for w, _ in state.pending.words)
    play = Text(f"{short_name(state.pending.player)} played {words} for {state.pending.score}")
    keys = Text.assemble(": ", ("F5 challenge, ⏎ let it stand", "bold"))
    if may_play(state, me):
        keys.append(" (or play: it stands)")
    if width and play.cell_len + keys.cell_len > width:
        play.truncate(max(1, width - keys.cell_len), overflow="ellipsis")
    return play + keys


class ReplayBoardScreen(BoardScreen, inherit_bindings=False):
    """A saved tile game, turn by turn, read-only: Wordsy's replay keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n", "step(1)", "Next turn", id="tile-replay-next", key_display="→"),
        Binding("left,p", "step(-1)", "Previous", id="tile-replay-back", key_display="←"),
        Binding("q", "app.leave", "Quit", id="tile-replay-quit"),
        Binding("f9", "app.review", "Review", id="tile-review", key_display="F9"),
        Binding("f1", "help", "Help", id="tile-help", key_display="F1"),
    ]

    def __init__(self, session: TileSeat, replay: Replaying[TileGameState, ev.Event]) -> None:
        super().__init__(session, lambda: 0.0)
        self.replay = replay
        self.shows_racks = replay.finished

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action in ("step", "help")

    def action_step(self, delta: int) -> None:
        self.replay.step(delta)

    def watching_text(self) -> Text:
        if self.replay.finished:
            return Text("A replay of a finished game: every rack is shown beside its score.")
        return Text("A replay of a game not finished: racks are counts, as spectators see.")

    def _show_title(self) -> None:
        state, replay = self.state, self.replay
        title = f"{state.rules.title} · replay {replay.index + 1}/{len(replay.frames)}"
        title += f" · bag {state.bag_count}"
        if state.phase is Phase.OVER:
            title += " · game over"
        elif state.vote is not None:
            title += f" · {voting_text(state)}"
        elif state.pending is not None:
            title += f" · {shown(state.pending.player)}'s play may be challenged"
        elif state.turn is not None:
            title += f" · {shown(state.turn)}'s turn"
        self._shown_left = None
        self.query_one("#title-bar", Line).show(Text(title))


class TileApp(TableApp):
    """One tile game in the terminal; `session` plays it (solo: with computer players), or
    watches it (a spectator's session at a LAN host)."""

    CSS_PATH: ClassVar[CSSPathType | None] = [TABLE_CSS, "tiles.tcss"]
    TITLE = "Wordsy: tile games"
    ENABLE_COMMAND_PALETTE = False
    # The table's keys are the shell's (`TableApp`): Ctrl+Q, Ctrl+T or F7 (F3 passes here),
    # and the host's mute F8 (F6 starts a tile game).

    def __init__(
        self,
        session: TileSeat,
        now: Callable[[], float] | None = None,
        again: SeatAgain[TileSeat] | None = None,
    ) -> None:
        super().__init__(again)
        self.session = session
        self._now = now
        door = session.door
        self.board_screen = (
            ReplayBoardScreen(session, door)
            if isinstance(door, Replaying)
            else BoardScreen(session, now)
        )
        self._told_over = False
        self._reviewed: tuple[tuple[ev.Event, ...], Review] | None = None
        """The last game reviewed and its review (made once: it takes seconds)."""
        self._offered_vote: tuple[object, ...] | None = None
        """The vote this app last opened the dialog for (it opens once by itself)."""

    @property
    def seat(self) -> TileSeat:
        return self.session

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "best":  # of one's own last turn: a spectator has none
            return self.me is not None
        if action == "review":  # every rack shows: only a finished game this program holds
            return self.session.reviewable
        return super().check_action(action, parameters)

    def on_mount(self) -> None:
        self.guard_screens()
        # The board once the game's first state is in (a replay's at once): before it, a
        # spectator of a Words with Friends host would see a "Scrabble" board of nobody's.
        self.sit_down(self.session)

    def game_screen(self) -> BoardScreen:
        return self.board_screen

    def sit_again(self, session: TileSeat) -> None:
        # On a board of its own (the one turned away followed the seat that was), shown once
        # the seat's first state is in.
        self.session = session
        self.board_screen = BoardScreen(session, self._now)
        self.sit_down(session)

    def on_game_updated(self, message: GameUpdated) -> None:
        state, screen = message.state, self.board_screen
        screen.tell(message.events)
        if not self.show_table():
            return  # (what it said waits on the board for its first frame)
        screen.redraw()
        self._offer_vote(state)
        if state.phase is Phase.OVER and not self._told_over:
            self._told_over = True
            rematch = self.action_rematch if self.session.hosting else None
            saved = self.session.saved_as
            self.push_screen(GameOverScreen(state, self.session.me, rematch, saved))
        self.show_ratings(self.session)

    def on_presence_updated(self, message: PresenceUpdated) -> None:
        self.board_screen.presence = message.connected
        self.board_screen.redraw()

    def on_action_refused(self, message: ActionRefused) -> None:
        self.board_screen.say(shown(message.message), "bold")

    def on_link_updated(self, message: LinkUpdated) -> None:
        final = message.final
        self.board_screen.say(shown(message.message), "bold" if final else "")
        if final and not self.board_screen.closed:
            self.board_screen.closed = True
            self.board_screen.redraw()  # no countdown, no keys to play with
            self.host_ended(message.message, over=self.session.state.phase is Phase.OVER)

    def _offer_vote(self, state: TileGameState) -> None:
        """Open the vote dialog once when the table starts voting and this seat votes; keep
        an open one up to date (it closes itself with the vote)."""
        if isinstance(self.screen, TileVoteScreen):
            self.screen.follow(state)
            return
        key, me = vote_key(state), self.session.me
        if me is not None and key not in (None, self._offered_vote) and may_vote(state, me):
            self._offered_vote = key
            self.board_screen.action_vote()

    def on_rematch_offered(self, offered: RematchOffered) -> None:
        """A rematch with our seat in it: back to the board, in the new game's lobby; a
        guest is asked whether they stay."""
        from wordsy_tui.app.screens.confirm import RematchScreen

        message = offered.message
        self._told_over = False
        while isinstance(self.screen, GameOverScreen):
            self.pop_screen()
        screen = self.board_screen
        screen.draft.clear()
        screen.say(f"{shown(message)}: a new game, in its lobby.", "bold")
        screen.redraw()
        if not self.session.hosting:
            self.push_screen(RematchScreen(message), self.stay_or_leave(self.session, "dialog"))

    @work(group="rematch", exclusive=True)
    async def action_rematch(self) -> None:
        """Play again (the hosting player, from the end): the same table and options."""
        await self.rematch(self.session)

    @work(group="best", exclusive=True)
    async def action_best(self) -> None:
        screen = self.board_screen
        if self.session.last_turn is None:
            screen.say("After your first turn, F4 shows the best play you had.", "warning")
            return
        refusal = self.session.hint_refusal()
        if refusal is not None:
            screen.say(refusal, "warning")
            return
        screen.say("Looking for the best play you had…")
        last = self.session.last_turn
        hint = await asyncio.to_thread(self.session.best_of_last_turn)
        screen.say(best_text(hint, last.state.board if last is not None else ""))

    def action_review(self) -> None:
        """The post-game review of the finished game, over the screen on top."""
        record = self.session.record()
        if record is None:
            return
        # The review and its move generator only when asked (40 ms before the first frame).
        from wordsy_tui.games.tiles.app.review import ReviewScreen
        from wordsy_tui.games.tiles.wordfile import loaded

        config = self.session.state.config
        note = (
            f"The best plays are from the shipped word list: this game's list "
            f"({shown(config.lexicon_name)}) was the host's."
            if config.lexicon_hash and loaded(config.lexicon_hash) is None
            else ""
        )
        self.push_screen(ReviewScreen(lambda: self._review_of(record), self.session.me, note))

    def _review_of(self, record: tuple[ev.Event, ...]) -> Review:
        """The review of `record` (in a thread: the move generator runs for every move), in
        the word list the game was played with when this process has it."""
        from wordsy_tui.games.tiles.rules.review import review_game
        from wordsy_tui.games.tiles.wordfile import review_dawg

        reviewed = self._reviewed
        if reviewed is None or reviewed[0] != record:
            graph = review_dawg(self.session.state.config)
            reviewed = self._reviewed = (record, review_game(record, graph))
        return reviewed[1]

    def leave_question(self) -> str | None:
        # The session's own (a guest's seat is kept, a host's game ends); nothing to keep
        # for a guest in the lobby (the seat is given up on the way out), once the game is
        # over or its host has ended it, nor for a spectator (nor in a replay): no question.
        question, session = self.session.leave_question, self.session
        lobby_guest = session.state.phase is not Phase.PLAYING and not session.hosting
        done = (
            session.state.phase is Phase.OVER
            or lobby_guest
            or self.board_screen.closed
            or not question
        )
        return None if done or self.me is None else question


def best_text(hint: Hint | None, board: str) -> Text:
    """The best play of the player's last turn by equity, in notation, with what each word
    scored, the tiles it kept and its equity (the score plus what they are worth)."""
    if hint is None:
        return Text("You had no play at all last turn.")
    where = move_text(
        hint.move.placement, hint.assessment.across, place(board, hint.move.placement)
    )
    words = " + ".join(f"{w.word} {w.score}" for w in hint.assessment.words)
    bingo = " + bingo" if hint.assessment.bingo else ""
    kept = "".join(hint.leave) or "nothing"
    # What decides (the score, the equity, the leave) first: at 80 columns the line is cut
    # at its end, and the words' breakdown can be read off the board.
    return Text.assemble(
        ("Best last turn: ", "bold"),
        f"{where} = ",
        (str(hint.move.score), "bold"),
        f", equity {hint.equity:.1f}, keeps {kept}: {words}{bingo}",
    )
