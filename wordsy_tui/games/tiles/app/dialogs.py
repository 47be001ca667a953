"""The tile games' dialogs: a blank's letter, the end of the game, the keys and marks."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from wordsy_tui.app.screens.vote import vote_choices
from wordsy_tui.app.terminal import taken_down
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.app.widgets.ratings import RatingsBlock
from wordsy_tui.games.tiles.rules.legal import if_challenge_fails, may_vote
from wordsy_tui.games.tiles.rules.rulesets import ChallengeRule
from wordsy_tui.games.tiles.rules.state import PendingPlay, Phase, TableVote, TileGameState
from wordsy_tui.text import shown


class BlankScreen(ModalScreen[str | None]):
    """Which letter the blank plays: one key, A to Z (Esc: none)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back", id="blank-back", key_display="Esc")
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("Which letter does the blank play? Type it (A-Z).", id="question")
            yield Static("A blank scores 0 and shows in lower case.", classes="dim")
        yield Footer()

    def on_key(self, event: events.Key) -> None:
        char = event.character or ""
        if len(char) == 1 and char.isascii() and char.isalpha():
            event.stop()
            self.dismiss(char.lower())

    def action_cancel(self) -> None:
        self.dismiss(None)


def vote_question(pending: PendingPlay, vote: TableVote, rule: ChallengeRule) -> Text:
    """The table's vote on a challenge, as Wordsy's vote asks it: the play, its words, the
    word list's advice, and what y (it stands, at the cost `rule` sets) and n (it goes) do."""
    player, challenger = shown(pending.player), shown(vote.challenger)
    words = ", ".join(shown(word) for word, _ in pending.words)
    text = Text(f"{challenger} challenges {player}'s play ")
    text.append(words, "bold")
    text.append(f" ({pending.score} points).")
    text.append("\n\nThe word list's advice: ", "bold")
    if vote.refused:
        lacks = ", ".join(shown(word) for word in vote.refused)
        text.append(f"it lacks {lacks}: the play goes.")
    else:
        text.append("it has every word: the play stands.")
    answers = (
        f"it stands: {player} keeps the points, {rule.cost(challenger, player)}",
        f"it goes: {player} takes the tiles back and loses the turn",
    )
    return vote_choices(text, ("Does ", words, " stand?"), answers, "follows the word list")


def challenge_question(state: TileGameState, me: str) -> str | None:
    """What F5 asks before challenging the play on the board: its words, and what a failed
    challenge costs under the rules (None: nothing `me` may challenge now)."""
    pending, after = state.pending, if_challenge_fails(state, me)
    if pending is None or after is None:
        return None
    player = shown(pending.player)
    words = ", ".join(shown(word) for word, _ in pending.words)
    bonus = after.scores.get(pending.player, 0) - state.scores.get(pending.player, 0)
    if after.phase is Phase.OVER:
        cost = "the play stands, and it ends the game"
    elif me in after.skip or any(t.kind == "lost" for t in after.turns[len(state.turns) :]):
        cost = "the play stands, and you lose your next turn"  # (at once, if it came next)
    elif bonus:
        cost = f"the play stands, and {player} scores {bonus} more points"
    else:
        cost = "the play stands, and it costs you nothing"
    overrule = " (the table's vote may overrule it)" if state.config.table_vote else ""
    return (
        f"Challenge {player}'s play {words} ({pending.score} points)? The word list judges "
        f"every word{overrule}. One word out: {player} takes the tiles back and scores "
        f"nothing. Every word good, under the {state.rules.challenge.label} rule: {cost}."
    )


def voting_text(state: TileGameState) -> str:
    """What everyone who does not (or no longer) vote reads while the table votes."""
    vote = state.vote
    if vote is None:
        return ""
    return (
        f"the table votes on {shown(vote.challenger)}'s challenge "
        f"({len(vote.votes)} of {len(vote.voters)} voted)"
    )


class TileVoteScreen(ModalScreen[bool | None]):
    """Dismissed with True (uphold: the play goes), False (it stands), or None for later."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "decide(False)", "It stands", id="tile-vote-keep"),
        Binding("n", "decide(True)", "It goes", id="tile-vote-uphold"),
        Binding("escape", "dismiss(None)", "Later (v)", id="tile-vote-later", key_display="Esc"),
    ]

    def __init__(self, state: TileGameState, me: str) -> None:
        super().__init__()
        self.me = me
        self.key = vote_key(state)
        self._state = state

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text("Your vote", "bold"), id="question")
            yield Static(markup=False, id="tile-vote-question")
        yield Footer()

    def on_mount(self) -> None:
        self._show(self._state)

    def follow(self, state: TileGameState) -> None:
        """A new state: the vote closed, or our vote is in (another program of ours)."""
        self._state = state
        if self.is_mounted and not taken_down(self):  # (before that, mounting shows the latest)
            self._show(state)

    def _show(self, state: TileGameState) -> None:
        if vote_key(state) != self.key or not may_vote(state, self.me):
            self.dismiss(None)
        elif state.pending is not None and state.vote is not None:
            question = vote_question(state.pending, state.vote, state.rules.challenge)
            self.query_one("#tile-vote-question", Static).update(question)

    def action_decide(self, uphold: bool) -> None:
        self.dismiss(uphold)


def vote_key(state: TileGameState) -> tuple[object, ...] | None:
    """Which vote is open: the challenge of the pending play (None: no vote)."""
    if state.vote is None or state.pending is None:
        return None
    return (state.pending.player, state.pending.placement, len(state.turns))


def result_text(state: TileGameState, me: str | None) -> Text:
    """The final table: each player's score before the racks, the adjustment, (with a game
    clock) the overtime penalty, the total."""
    text = Text()
    out = state.out
    if state.out_of_time is not None:
        text.append(f"{shown(state.out_of_time)} ran out of time: the game ended.\n\n")
    elif out is not None:
        text.append(f"{shown(out)} played out.\n\n")
    else:
        text.append("Nobody could play on: the game ended.\n\n")
    # An imported game has penalties from its record, but no clock.
    clocked = state.config.clocked or bool(state.penalties)
    time = f"{'Time':>6}" if clocked else ""
    text.append(f"{'Player':<16}{'Score':>6}{'Rack':>6}{time}{'Final':>7}  Left on rack\n", "bold")
    for player in state.players:
        adjustment = state.adjustments.get(player, 0)
        cost = state.penalties.get(player, 0)
        final = state.scores.get(player, 0)
        rack = "".join(state.rack(player)) or "-"
        before = final - adjustment + cost
        time = f"{-cost:>6}" if clocked else ""
        line = f"{shown(player)[:15]:<16}{before:>6}{adjustment:>+6}{time}{final:>7}  {rack}"
        text.append(line + "\n", "bold" if player in state.winners else "")
    names = " and ".join(shown(w) for w in state.winners)
    verdict = "You win!" if state.winners == (me,) else f"{names} won."
    if len(state.winners) > 1:
        verdict = f"A tie: {names}."
    text.append(f"\n{verdict}", "bold")
    return text


class GameOverScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "dismiss", "See the board", id="over-board", key_display="Esc"),
        Binding("f4", "app.best", "Best last turn", id="over-best", key_display="F4"),
        Binding("f9", "app.review", "Review", id="over-review", key_display="F9"),
        # Wordsy's results key: the hosting player plays again with the same table.
        Binding("r", "rematch", "Play again", id="over-rematch"),
        Binding("ctrl+q", "app.quit", "Quit", id="over-quit", key_display="^q"),
    ]

    def __init__(
        self,
        state: TileGameState,
        me: str | None,
        rematch: Callable[[], object] | None = None,
        saved_as: str | None = None,
    ) -> None:
        """`rematch`: plays again with the same table (the hosting player's; None: not
        this program's to start); `saved_as`: the id the game was saved under (a solo
        game's, the hosting player's)."""
        super().__init__()
        self.state = state
        self.me = me
        self._rematch = rematch
        self.saved_as = saved_as

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self._rematch is not None if action == "rematch" else True

    def action_rematch(self) -> None:
        if self._rematch is not None:
            self._rematch()

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text("Game over", "bold"), id="question")
            yield Static(result_text(self.state, self.me), id="result")
            if self.saved_as is not None:
                saved = shown(self.saved_as)
                yield Static(
                    f"Saved: wordsy-tui replay {saved}\n(and wordsy-tui export {saved} --gcg)",
                    id="saved",
                    markup=False,
                )
            yield RatingsBlock(self.state.players, self.state.bots)
        yield Footer()


HELP = (
    "Lay a play: move the cursor with the arrows; Space turns the direction (> over "
    "the column letters: across, v beside the row numbers: down); type your own tiles: "
    "the cursor steps over the tiles already on the board, so a word through them is "
    "typed without them (BAT through a board A: B, T). ? lays a blank (it asks for its "
    "letter); a letter your rack lacks uses a blank if you have one. Backspace takes the "
    "last tile back, Esc all of them. Enter plays. The line under the rack scores the play "
    "as the rules do.\n\n"
    "F2 exchange tiles · F3 pass · F4 the best play of your last turn · F9 the "
    "post-game review, once the game is over · F5 challenge "
    "the last play (Scrabble; it asks first, saying what a failed challenge costs under "
    "the host's challenge rule); "
    "Enter, with nothing laid, lets it stand. The key bar shows only what the rules allow "
    "you now; the move list keeps each challenge's verdict. When the table "
    "votes on a challenge, y says the play stands and n that it goes; v opens the vote "
    "again. Ctrl+T (F7) chats with everyone at the table, spectators too; the hosting "
    "player mutes with F8.\n\n"
    "Squares: 3W triple word, 2W double word, 3L triple letter, 2L double letter, "
    "* the centre. (A) a tile being laid; a lower-case letter is a blank; the last "
    "play is underlined. In the move list, ? marks a play that may be challenged."
)


class TileHelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,enter", "dismiss", "Back", id="tile-help-back", key_display="Esc")
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="-text"):
            yield Static(HELP, markup=False)
        yield Footer()
