"""NerdsApp: a game of Word Nerds, solo or across the LAN, at 80x24, keyboard first.

The app follows a `NerdsSeat` (offline against computer players, a seat at a LAN host, a
spectator's place, or a replay); its updates arrive in a worker and it acts through the
seat. It never decides a rule: a word being typed is laid as the rules lay it and valued
by them, the action cards offered are the rules' legal commands, and every command goes
to the rules, whose refusal is shown as it is.
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

from wordsy_tui.app.one_screen import OneScreenApp
from wordsy_tui.app.terminal import taken_down
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.games.wordnerds.app.dialogs import (
    CardsScreen,
    ChallengeScreen,
    NerdsHelpScreen,
    ResultsScreen,
)
from wordsy_tui.games.wordnerds.app.panel import (
    LEGEND,
    Lot,
    actions_text,
    auction_text,
    clock_text,
    doing_text,
    first_name,
    hand_text,
    phase_text,
    players_text,
    pool_text,
    purchases_text,
    seconds_left,
    spelling,
    tokens_text,
    word_text,
    words_text,
)
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.components import HIDDEN, When, action, letter
from wordsy_tui.games.wordnerds.rules.legal import legal_commands, may_bid
from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase
from wordsy_tui.games.wordnerds.seat import NerdsSeat
from wordsy_tui.table.replay import Replaying

if TYPE_CHECKING:
    from wordsy_tui.table.served import ServedTable

CLOCK_TICK_SECONDS: Final = 0.25
MAX_TYPED: Final = 15
"""Longer than any word a hand and the pool spell in practice."""


def _choosing(key: str) -> int | None:
    """The index keys 1-9, 0 choose (0 is the tenth)."""
    if len(key) == 1 and key.isdigit():
        return (int(key) - 1) % 10
    return None


class TableScreen(Screen[None]):
    """The table: the auction or the words, the pool, our hand, action cards and tokens,
    every player on the score track, what to do now and the countdown."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "seal", "Seal bid", id="nerds-seal", key_display="⏎"),
        Binding("enter", "lay", "Lay word", id="nerds-lay", key_display="⏎"),
        Binding("enter", "replace", "Replace", id="nerds-replace", key_display="⏎"),
        Binding("enter", "discard", "Discard", id="nerds-discard", key_display="⏎"),
        Binding("backspace", "erase", "Erase", show=False),
        Binding("escape", "clear", "Clear", show=False),
        Binding("f2", "challenge", "Challenge", id="nerds-challenge", key_display="F2"),
        Binding("f3", "pass", "Done", id="nerds-pass", key_display="F3"),
        Binding("f3", "buy_nothing", "Buy nothing", id="nerds-buy-nothing", key_display="F3"),
        Binding("f4", "cards", "Cards", id="nerds-cards", key_display="F4"),
        Binding("f6", "start_game", "Start", id="nerds-start", key_display="F6"),
        Binding("f9", "end_now", "End now", id="nerds-end", key_display="F9"),
        Binding("f1", "help", "Help", id="nerds-help", key_display="F1"),
    ]

    def __init__(self, session: NerdsSeat, now: Callable[[], float] | None = None) -> None:
        super().__init__()
        self.session = session
        self.now = now or (lambda: asyncio.get_running_loop().time())
        """The monotonic clock the host's deadlines are in (tests freeze it)."""
        self.typed = ""
        """The word being spelt."""
        self.bid: Bid | None = None
        """The bid being made, before it is sealed."""
        self.chosen: frozenset[int] = frozenset()
        """Letter cards chosen to replace or discard."""
        self.lot = Lot()
        """The auction's cards as numbered on screen."""
        self.message = Text("")
        self.presence: Mapping[str, bool] = {}
        self.closed = False
        """The host ended the game: the table stays to be looked at, nothing is played."""
        self._shown_left: int | None = None
        self._set_up = False
        """Mounted: its widgets are there to draw on (from the start of `on_mount`, so that
        the first frame is drawn whole: `is_mounted` is true only once it has returned)."""

    @property
    def state(self) -> NerdsState:
        """The view drawn: the seat's, but the last game's until a rematch's first state."""
        return self.session.shown_state

    @property
    def me(self) -> str | None:
        me = self.session.me
        return me if me is not None and not self.closed else None

    def _playing(self) -> str | None:
        """Our seat, when we play in this game (not watching, not closed)."""
        me = self.me
        return me if me is not None and me in self.state.players else None

    def compose(self) -> ComposeResult:
        yield Static(id="title-bar", markup=False)
        with Horizontal(id="table"):
            with Vertical(id="main"):
                yield Static(id="panel", markup=False)
                yield Static(id="pool", markup=False)
                yield Static(id="hand", markup=False)
                yield Static(id="cards", markup=False)
                yield Static(id="tokens", markup=False)
            yield Static(id="players", markup=False)
        yield Static(id="doing", markup=False)
        yield Static(id="message", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self._set_up = True
        self.redraw()
        # Over SSH every repaint costs bytes: look a few times a second, repaint the title
        # only when the whole seconds left change.
        self.set_interval(CLOCK_TICK_SECONDS, self._tick)

    def on_resize(self, event: events.Resize) -> None:
        self.redraw()

    def _tick(self) -> None:
        if seconds_left(self.session.deadline, self.now()) != self._shown_left:
            self._show_title()

    # -- what the keys may do now -------------------------------------------------

    def _offered(self) -> list[cmd.Command]:
        me = self._playing()
        return [] if me is None else legal_commands(self.state, me)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state, me = self.state, self._playing()
        over = state.over_limit()
        match action:
            case "seal":
                return me is not None and may_bid(state, me) and self.bid is not None
            case "lay":
                return me is not None and state.phase is Phase.DECLARING and bool(self.typed)
            case "replace":
                return bool(self.chosen) and not over and self._my_purchase()
            case "discard":
                return me is not None and me in over
            case "erase" | "clear":
                return bool(self.typed or self.chosen or self.bid)
            case "challenge":
                return any(isinstance(c, cmd.Challenge) for c in self._offered())
            case "pass":
                return state.phase is Phase.DECLARING and cmd.Pass() in self._offered()
            case "buy_nothing":
                return self._my_purchase() and not over
            case "cards":
                return any(isinstance(c, cmd.PlayAction) for c in self._offered())
            case "start_game":
                return self.session.may_start and not self.closed
            case "end_now":
                return self.session.hosting and state.phase not in (
                    Phase.NEW,
                    Phase.LOBBY,
                    Phase.OVER,
                )
        return True

    def _my_purchase(self) -> bool:
        me = self._playing()
        return (
            me is not None
            and self.state.phase is Phase.PURCHASING
            and (self.state.purchasing[:1] == (me,))
        )

    # -- keys ---------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        me = self._playing()
        if me is None:
            return
        char = event.character or ""
        state = self.state
        handled = True
        if me in state.over_limit() or self._my_purchase():
            handled = self._choose(char) or (char == "a" and self._buy())
        elif state.phase is Phase.BIDDING and may_bid(state, me):
            handled = self._bid_key(char)
        elif state.phase is Phase.PICKING and state.picking[:1] == (me,):
            at = _choosing(char)
            handled = at is not None
            if at is not None:
                card = self.lot.card(state, at + 1)
                if card is None:  # taken as the key was pressed, or never up
                    self.say(f"No card {at + 1} is up now.", "bold")
                else:
                    self._act(self.session.act(cmd.Pick(card)))
        elif state.phase is Phase.DECLARING and state.vote is not None:
            handled = char in ("y", "n") and me in state.vote.voters
            if handled:
                self._act(self.session.act(cmd.Vote(uphold=char == "n")))
        elif state.phase is Phase.DECLARING:
            handled = len(char) == 1 and char.isascii() and char.isalpha()
            if handled and len(self.typed) < MAX_TYPED:
                self.typed += char.upper()
                self.redraw()
        elif state.phase is Phase.REFRESHING and me in state.refreshing:
            handled = char in ("k", "n")
            if handled:
                command = cmd.KeepHand() if char == "k" else cmd.NewHand()
                self._act(self.session.act(command))
        else:
            handled = False
        if handled:
            event.stop()

    def _choose(self, char: str) -> bool:
        """A hand card chosen (or let go) for a replacement or a discard."""
        me = self._playing()
        at = _choosing(char)
        if me is None or at is None:
            return False
        hand = self.state.hand(me)
        if at < len(hand):
            self.chosen = self.chosen ^ {hand[at]}
            self.redraw()
        return True

    def _buy(self) -> bool:
        buy = next((c for c in self._offered() if isinstance(c, cmd.BuyAction)), None)
        if buy is None:
            self.say("You have no token but the 0 to pay with.", "bold")
        else:
            self._act(self.session.act(buy))
        return True

    def _bid_key(self, char: str) -> bool:
        me = self._playing()
        assert me is not None
        if len(char) == 1 and char.isdigit():
            token = int(char)
            if token not in self.state.unspent.get(me, ()):
                self.say(f"{token} is not one of your unspent tokens.", "bold")
                return True
            self.bid = Bid(token, self.bid.cards if self.bid else ())
        elif char == "c":
            self.bid = self._next_bid_card(me)
        else:
            return False
        self.redraw()
        return True

    def _next_bid_card(self, me: str) -> Bid:
        """The bid with the next bid card held (none after the last)."""
        held = [c for c in dict.fromkeys(self.state.actions.get(me, ())) if c != HIDDEN]
        cards = [c for c in held if action(c).when is When.WITH_BID]
        bid = self.bid or Bid(0)
        if not cards:
            self.say("You hold no card played with a bid (+3 BID, FREE BID).", "bold")
            return bid
        now = bid.cards[0] if bid.cards else None
        at = cards.index(now) + 1 if now in cards else 0
        return Bid(bid.token, (cards[at],) if at < len(cards) else ())

    def action_erase(self) -> None:
        if self.typed:
            self.typed = self.typed[:-1]
        self.redraw()

    def fresh_game(self) -> None:
        self.action_clear()

    def action_clear(self) -> None:
        self.typed, self.chosen, self.bid = "", frozenset(), None
        self.say(None)
        self.redraw()

    def action_seal(self) -> None:
        bid = self.bid
        if bid is not None:
            self._act(self._seal(bid))

    async def _seal(self, bid: Bid) -> str | None:
        problem = await self.session.seal_bid(bid)
        if problem is None:
            self.say("Your bid is sealed: nobody sees it before every bid is in.")
        return problem

    def action_lay(self) -> None:
        me = self._playing()
        if me is None:
            return
        laid, problem = spelling(self.state, me, self.typed)
        if laid is None or problem:
            self.say(problem, "bold")
            return
        trump = self.state.scoring is not None
        command = (cmd.Trump if trump else cmd.Declare)(laid.word, laid.cards)
        self._act(self._lay(command))

    async def _lay(self, command: cmd.Declare | cmd.Trump) -> str | None:
        problem = await self.session.act(command)
        if problem is None:
            self.typed = ""
        return problem

    def action_replace(self) -> None:
        me = self._playing()
        if me is None:
            return
        paying = [t for t in self.state.unspent.get(me, ()) if t][: len(self.chosen)]
        cards = tuple(c for c in self.state.hand(me) if c in self.chosen)
        self._act(self._chosen_done(cmd.Replace(cards, tuple(paying))))

    def action_discard(self) -> None:
        me = self._playing()
        if me is not None:
            cards = tuple(c for c in self.state.hand(me) if c in self.chosen)
            self._act(self._chosen_done(cmd.Discard(cards)))

    async def _chosen_done(self, command: cmd.Command) -> str | None:
        problem = await self.session.act(command)
        if problem is None:
            self.chosen = frozenset()
        return problem

    @work(group="dialog")
    async def action_challenge(self) -> None:
        challenges = [c for c in self._offered() if isinstance(c, cmd.Challenge)]
        if len(challenges) > 1:
            chosen = await self.app.push_screen_wait(ChallengeScreen(self.state, challenges))
        else:
            chosen = challenges[0] if challenges else None
        if chosen is not None:
            await self.session.act(chosen)
            self.redraw()

    def action_pass(self) -> None:
        self._act(self.session.act(cmd.Pass()))

    def action_buy_nothing(self) -> None:
        self._act(self.session.act(cmd.Pass()))

    @work(group="dialog")
    async def action_cards(self) -> None:
        me = self._playing()
        if me is None:
            return
        plays = [c for c in self._offered() if isinstance(c, cmd.PlayAction)]
        chosen = await self.app.push_screen_wait(CardsScreen(self.state, me, plays))
        if chosen is not None:
            await self.session.act(chosen)
            self.redraw()

    def action_start_game(self) -> None:
        self._act(self.session.start_game())

    @work(group="dialog")
    async def action_end_now(self) -> None:
        from wordsy_tui.app.screens.confirm import ConfirmScreen

        question = "End what the table is waiting for now, as the clock would?"
        if await self.app.push_screen_wait(ConfirmScreen(question)):
            self._act(self.session.end_phase())

    def action_help(self) -> None:
        self.app.push_screen(NerdsHelpScreen())

    @work(group="act", exclusive=False)
    async def _act(self, action: Coroutine[Any, Any, str | None]) -> None:
        await action
        self.redraw()

    # -- what the screen shows ------------------------------------------------------

    def say(self, message: str | Text | None, style: str = "") -> None:
        self.message = Text(message, style) if isinstance(message, str) else message or Text("")
        if self._set_up and not taken_down(self):
            self.query_one("#message", Static).update(self.message)

    def redraw(self) -> None:
        if not self._set_up or taken_down(self):
            return
        self.refresh_bindings()
        state, me = self.state, self._playing()
        self._show_title()
        self.query_one("#panel", Static).update(self._panel())
        started = state.phase not in (Phase.NEW, Phase.LOBBY)
        self.query_one("#pool", Static).update(pool_text(state) if started else Text(""))
        blank = Text("")
        self.query_one("#hand", Static).update(
            hand_text(state, me, self.chosen) if me and started else blank
        )
        self.query_one("#cards", Static).update(
            actions_text(state, me) if me and started else blank
        )
        self.query_one("#tokens", Static).update(
            tokens_text(state, me) if me and started else Text(LEGEND, "dim")
        )
        width = self.query_one("#players", Static).content_size.width or 30
        self.query_one("#players", Static).update(
            players_text(state, self.session.me, self.presence, width, self.session.ratings)
        )
        sealed = self.session.sealed_bid is not None
        self.query_one("#doing", Static).update(
            doing_text(
                state, self.session.me if not self.closed else None, self.typed, sealed, self.lot
            )
        )
        self.query_one("#message", Static).update(self.message)

    def _panel(self) -> Text:
        state, me = self.state, self._playing()
        match state.phase:
            case Phase.NEW | Phase.LOBBY:
                return self._lobby_text()
            case Phase.BIDDING | Phase.REVEALING | Phase.PICKING:
                sealed = self.session.sealed_bid
                return auction_text(state, me, sealed or self.bid, sealed is not None, self.lot)
            case Phase.OVER:
                return Text("Game over: the scores are final.", "bold")
            case Phase.PURCHASING:
                return purchases_text(state, me)
        return words_text(state, me)

    def _lobby_text(self) -> Text:
        state = self.state
        text = Text(f"Lobby: {len(state.players)} of {state.config.max_players} seated\n", "bold")
        captain = state.captain
        if self.session.me is not None and captain == self.session.me:
            text.append("F6 starts the game once everyone is seated.\n")
        else:
            text.append(f"{first_name(captain) if captain else 'The host'} starts the game.\n")
        server = self.session.server
        if server is not None:
            text.append_text(join_hint(server, 46))
        return text

    def _show_title(self) -> None:
        state, me = self.state, self.session.me
        head = Text(f"Word Nerds · {phase_text(state, me)}")
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
        """A line about what just happened at the table."""
        me = self.session.me
        for event in events:
            line = told(self.state, me, event)
            if line is not None:
                self.say(line, "bold" if me is not None and me in line else "")
            match event:
                case ev.AuctionOpened():
                    self.bid, self.typed, self.chosen = None, "", frozenset()
                case ev.DeclarationEnded():
                    self.typed = ""
                case ev.Purchased(player) if player == me:
                    self.chosen = frozenset()


def told(state: NerdsState, me: str | None, event: ev.Event) -> str | None:
    """What the message line says of `event` (`state`: the table after it)."""

    def who(player: str) -> str:
        return "You" if player == me else first_name(player)

    def whom(player: str) -> str:
        return "you" if player == me else first_name(player)

    match event:
        case ev.BidsRevealed(_bids, order, void):
            first = order[0][0] if order else None
            late = f" ({', '.join(map(first_name, void))}: no bid opened in time)" if void else ""
            takes = "take" if first == me else "takes"
            return f"Bids open: {who(first)} {takes} a card first{late}." if first else None
        case ev.CardPicked(player, card, kept) if player == me and kept != HIDDEN:
            return f"You take {letter(card).short}."
        case ev.ActionsDrawn(player, cards) if player == me and cards:
            return f"You draw {', '.join(action(c).title for c in cards)}."
        case ev.DeclarationOpened():
            return "Word Nerd? Spell a word from your hand and the pool."
        case ev.WordLaid(player, word, _cards, trump):
            verb = "trump with" if player == me else "trumps with"
            if not trump:
                verb = "declare" if player == me else "declares"
            return f"{who(player)} {verb} {word_text(word)} ({state.words[-1].value})."
        case ev.ActionPlayed(player, card, word, target_player):
            on = f" on {word_text(state.words[word].word)}" if word is not None else ""
            if target_player is not None:
                on = f" on {whom(target_player)}"
            return f"{who(player)} played {action(card).title}{on}."
        case ev.LetterTaken(player, source, taken) if me in (player, source):
            face = "a card" if taken == HIDDEN else letter(taken).short
            return (
                f"{who(player)} took {face} from {'you' if source == me else first_name(source)}."
            )
        case ev.ChallengeMade(player, word):
            return f"{who(player)} challenged {word_text(state.words[word].word)}."
        case ev.ChallengeDecided(word, valid, challengers):
            name = word_text(state.words[word].word)
            names = ", ".join(who(p) if at == 0 else whom(p) for at, p in enumerate(challengers))
            # "Cat loses", but "You lose" and "Cat, Bob lose".
            s = "s" if len(challengers) == 1 and challengers[0] != me else ""
            if valid:
                return f"{name} is a word: {names} lose{s} 10."
            return f"{name} is not a word: withdrawn. {names} gain{s} 10."
        case ev.BattleDecided(winner, loser) if loser is not None:
            won = state.words[winner]
            return f"{word_text(won.word)} ({won.value}) wins the battle."
        case ev.DeclarationEnded(points):
            scored = ", ".join(f"{who(p)} +{n}" for p, n in points) or "no word scored"
            return f"Scored: {scored}."
        case ev.PurchaseOpened():
            return "Purchases, from the First Player."
        case ev.BidsClosed(missed) if me in missed:
            return "Time is up: your bid is the 0."
    return None


class NerdsApp(OneScreenApp[NerdsSeat, "TableScreen"]):
    """One game of Word Nerds in the terminal; `session` plays it (solo: with computer
    players), watches it, or replays it."""

    CSS_PATH: ClassVar[CSSPathType | None] = "wordnerds.tcss"
    TITLE = "Wordsy: Word Nerds"
    ENABLE_COMMAND_PALETTE = False
    RESULTS = ResultsScreen

    def play_screen(self, session: NerdsSeat, now: Callable[[], float] | None) -> TableScreen:
        return TableScreen(session, now)

    def replay_screen(self, session: NerdsSeat, replay: Replaying[Any, Any]) -> TableScreen:
        return ReplayScreen(session, replay)

    def results_screen(self, rematch: Callable[[], object] | None) -> ResultsScreen:
        return ResultsScreen(self.session.state, self.session.me, rematch)


class ReplayScreen(TableScreen, inherit_bindings=False):
    """A saved game of Word Nerds, turn by turn, read-only."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,n", "step(1)", "Next turn", id="nerds-replay-next", key_display="→"),
        Binding("left,p", "step(-1)", "Previous", id="nerds-replay-back", key_display="←"),
        Binding("q", "app.leave", "Quit", id="nerds-replay-quit"),
        Binding("f1", "help", "Help", id="nerds-help", key_display="F1"),
    ]

    def __init__(self, session: NerdsSeat, replay: Replaying[NerdsState, ev.Event]) -> None:
        super().__init__(session, lambda: 0.0)
        self.replay = replay

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action in ("step", "help")

    def action_step(self, delta: int) -> None:
        self.replay.step(delta)

    def redraw(self) -> None:
        super().redraw()
        if self._set_up and not taken_down(self):
            finished = "a finished game" if self.replay.finished else "a game not finished"
            line = f"A replay of {finished}: → the next turn's words, ← back."
            self.query_one("#doing", Static).update(Text(line, "dim"))

    def _show_title(self) -> None:
        state, replay = self.state, self.replay
        title = f"Word Nerds · replay {replay.index + 1}/{len(replay.frames)}"
        if state.phase is Phase.OVER:
            title += " · game over"
        elif state.turn:
            title += f" · turn {state.turn}"
        self._shown_left = None
        self.query_one("#title-bar", Static).update(Text(title))


def join_hint(server: ServedTable[Any, Any, Any], width: int) -> Text:
    """How players join the hosting player's table (the fronts first, when it has them)."""
    where = ", ".join(f"{address}:{server.port}" for address in server.addresses)
    # The fronts' hint says "Join:" itself.
    text = Text(server.front_hint or f"Join: wordsy-tui join --connect {where}")
    text.truncate(width * 2, overflow="ellipsis")
    return text
