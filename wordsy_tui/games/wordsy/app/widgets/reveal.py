"""The reveal: every word with its score card by card, the bonuses, the best word."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from wordsy_tui.app.failures import ReportsFailures
from wordsy_tui.app.screens.confirm import ConfirmScreen
from wordsy_tui.app.widgets.chat import ChatLog
from wordsy_tui.games.wordsy.app.node import wordsy_app
from wordsy_tui.games.wordsy.app.widgets.board import BoardCards
from wordsy_tui.games.wordsy.app.widgets.timer import Countdown
from wordsy_tui.games.wordsy.narrate import PENALTY, challenge_outcome, short_count
from wordsy_tui.games.wordsy.referee.advice import COMMON_LEVEL, BestWord, Meaning
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.bonuses import round_boxes
from wordsy_tui.games.wordsy.rules.legal import allowed, may_offer_meant_word
from wordsy_tui.games.wordsy.rules.scoresheet import Box, box_value
from wordsy_tui.games.wordsy.rules.scoring import explain, score_word
from wordsy_tui.games.wordsy.rules.state import ChallengeResult, GameState, Phase
from wordsy_tui.table.clock import Deadline
from wordsy_tui.table.replay import Replaying
from wordsy_tui.text import shown

BOX_NAMES = {Box.FIRST: "first box", Box.SECOND: "second box"}
# Below this many rows, only the highlighted word is shown in full: at 80x24 six players'
# entries in full (four lines or more each) would push the others out of sight.
ROOMY_ROWS = 40


def word_entry(state: GameState, player: str, me: str | None, box: Box) -> Text:
    """Three lines: who and what, the card-by-card score, the verdict and bonus."""
    draft = state.draft(player)
    text = Text()
    text.append(shown(player), "bold")
    if player == me:
        text.append(" (you)")
    if player == state.fastest:
        text.append("  ⏳ fastest" if state.config.timed else "  Main Player")
    if not draft.revealed:
        waiting = state.phase is Phase.REVEAL and draft.commitment is not None
        text.append("\n  revealing…" if waiting else "\n  no word this round")
        return text
    points = 0 if draft.voided else draft.score
    text.append(f"  {shown(draft.word or '(blank)')}  ", "bold")
    text.append(f"{points} pts")
    handicap = player in state.config.handicapped
    # A blank is no word: its placeholder is never scored as letters.
    scored = score_word(state.board, draft.word, handicap=handicap) if draft.word else None
    text.append("\n  " + (shown(explain(scored)) if scored else "no word: 0 points"))
    verdict = draft.verdict
    faced = next((r for r in state.challenges if r.target == player and r.meant is None), None)
    offer = next((r for r in state.challenges if r.target == player and r.meant), None)
    if offer is not None and not offer.upheld:
        fell = (
            f"{faced.challenger} challenged it"
            if faced and faced.challenger
            else "the referee refused it"
        )
        text.append(
            f"\n  ✓ the word meant, for {shown(offer.word)} ({shown(fell)}): "
            f"{shown(short_count(offer))}"
        )
    elif draft.voided:
        why = verdict.message if verdict and not verdict.ok else "a challenge was upheld"
        if faced is not None and faced.challenger is not None:
            why = f"{faced.challenger} challenged; {short_count(faced)}"
        text.append(f"\n  ✗ void: {shown(why)}")
        if faced is not None and faced.challenger is None:
            text.append(f" · appeal lost, {shown(short_count(faced))}")
        if offer is not None and offer.meant is not None:
            text.append(f" · meant {shown(offer.meant)} refused, {shown(short_count(offer))}")
    elif faced is not None and faced.challenger is None:
        text.append(f"\n  ✓ restored on appeal: {shown(short_count(faced))}")
    elif faced is not None:
        how = f"{faced.challenger} challenged; {short_count(faced)}"
        text.append(f"\n  ✓ stands: {shown(how)}")
    else:
        text.append("\n  ✓ stands" if draft.challenged else "\n  ✓ allowed")
    if not draft.voided and box is not Box.NONE:
        text.append(f" · {BOX_NAMES[box]} (+{box_value(state.round, box)})")
    _penalties(text, state, player)
    return text


def word_line(entry: Text, state: GameState, player: str) -> Text:
    """The entry on one line, for a table too short for every entry in full: who and what,
    and whether it counts (the highlighted word shows the rest)."""
    first, *rest = entry.split("\n")
    draft = state.draft(player)
    if draft.revealed:
        first.append("  ✗" if draft.voided else "  ✓", "bold")
    elif rest:
        first.append(f" · {rest[0].plain.strip()}")  # "no word this round", or "revealing…"
    if any(r.penalty and r.challenger == player for r in state.challenges):
        first.append(f"  {PENALTY}", "bold")
    return first


def _penalties(text: Text, state: GameState, player: str) -> None:
    """Where a penalty happens: on the line of the player whose challenge failed."""
    for result in state.challenges:
        if result.penalty and result.challenger == player:
            text.append(
                f"\n  ✗ {PENALTY}: challenged {shown(result.target)}'s "
                f"{shown(result.word)}, which stands",
                "bold",
            )


SELECTED_MARK = "▶ "


def marked(entry: Text, selected: bool) -> Text:
    """The entry with the selected word marked in text, not by colour alone."""
    lines = entry.split("\n")
    first = Text(SELECTED_MARK if selected else " " * len(SELECTED_MARK), "bold")
    return Text("\n").join(
        (first if n == 0 else Text(" " * len(SELECTED_MARK))) + line
        for n, line in enumerate(lines)
    )


def best_lines(common: BestWord | None, overall: BestWord | None) -> str:
    """The best word people know first; the word list's best beside it when it scores more."""
    if overall is None:
        return "Best possible word: looking…"
    if common is None or common == overall:
        return f"Best possible word on this board: {overall.word} ({overall.points} pts)"
    lines = f"Best word people know: {common.word} ({common.points} pts)"
    if overall.points > common.points:
        lines += f"\nBest in the word list: {overall.word} ({overall.points} pts, rare)"
    return lines


def challenge_status(state: GameState, me: str | None, *, replay: bool = False) -> str:
    challenge = state.challenge
    if replay:
        # A round long over: what the table decided, not who it was waiting for then.
        return "\n".join(shown(challenge_outcome(result)) for result in state.challenges)
    if challenge is None:
        if state.phase is Phase.REVEAL:
            return "Revealing every word…"
        if state.solo:
            return "Enter: next round."
        waiting = [p for p in state.players if p not in state.ready]
        last = shown(challenge_outcome(state.challenges[-1])) + "\n" if state.challenges else ""
        if me is not None and me not in state.ready:
            meant = " · m: the word you meant" if may_offer_meant_word(state, me) else ""
            ready = "Enter: ready" if meant else "Enter: ready for the next round"
            return last + "c: challenge the highlighted word · " + ready + meant
        return last + (f"Waiting for {shown(', '.join(waiting))}." if waiting else "")
    word = shown(state.draft(challenge.target).word or "")
    cast, voters = len(challenge.votes), len(challenge.voters)
    target = shown(challenge.target)
    if challenge.meant is not None:
        who = f"{target} offers {shown(challenge.meant.word)}, the word meant by {word}"
    elif challenge.challenger is None:
        who = f"{target} appeals the referee's refusal of {word}"
    else:
        who = f"{shown(challenge.challenger)} challenges {target}'s {word}"
    return f"{who}: {cast} of {voters} votes cast."


class RevealPane(Vertical, ReportsFailures):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "Next round", id="ready", priority=True),
        Binding("enter", "ready_last", "Final scores", id="ready-last", priority=True),
        Binding("c", "challenge", "Challenge", id="challenge"),
        Binding("a", "appeal", "Appeal", id="appeal"),
        Binding("m", "meant_word", "Meant word", id="meant-word"),
        Binding("v", "app.vote", "Vote", id="vote"),
        Binding("s", "app.scoresheet", "Sheets", id="sheets"),
        Binding("q", "app.leave", "Leave", id="leave-game"),
    ]

    class Mounted(Message):
        """Mounted and ready to be given the table: the screen mounts it at the first reveal."""

    state: reactive[GameState] = reactive(GameState)
    deadline: reactive[Deadline | None] = reactive(None)
    best: reactive[tuple[BestWord | None, BestWord | None] | None] = reactive(None)
    """The best word people know and the best of all, once found."""

    def __init__(self, now: Callable[[], float], me: str | None, *, id: str) -> None:
        super().__init__(id=id)
        self._now = now
        self.me = me
        self._best_for: int | None = None
        """The round whose best word is shown (or being looked for)."""
        self._told: tuple[int, int] | None = None
        """(round, challenges decided) already told to the player."""
        self._meaning_of: str | None = None
        self._entries: dict[str, Text] = {}
        """Each player's entry in the list, unmarked."""
        self._roomy = True
        """Whether every entry is shown in full (else one line, but the highlighted one)."""
        self._marked: int | None = None
        """The entry that carries the ▶."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="reveal-table"):
            yield OptionList(id="words")
            with Vertical(id="reveal-side"):
                # The board the words were played on, the highlighted word's cards marked.
                yield BoardCards(id="reveal-board")
                yield ChatLog()
        yield Static(markup=False, id="meaning")
        yield Static(markup=False, id="best")
        yield Static(markup=False, id="reveal-status")
        yield Countdown(self._now, self.me, id="reveal-timer")

    def on_mount(self) -> None:
        self.post_message(self.Mounted())

    def watch_state(self, state: GameState) -> None:
        words = self.query_one(OptionList)
        highlighted = words.highlighted
        boxes = round_boxes(state) if state.players else {}
        self._entries = {
            p: word_entry(state, p, self.me, boxes.get(p, Box.NONE)) for p in state.players
        }
        selected = min(highlighted or 0, len(state.players) - 1) if state.players else None
        self._roomy = self.app.size.height >= ROOMY_ROWS
        words.set_options(
            Option(self._prompt(n, n == selected), id=p) for n, p in enumerate(self._entries)
        )
        self._marked = selected
        if selected is not None:
            words.highlighted = selected
        self.query_one(BoardCards).board = state.board
        session = wordsy_app(self).session
        replay = session is not None and isinstance(session.door, Replaying)
        self.query_one("#reveal-status", Static).update(
            challenge_status(state, self.me, replay=replay)
        )
        self._tell_outcomes(state)
        self._mark_highlighted()
        self._show_meaning_of_highlighted()
        if state.phase in (Phase.REVEAL, Phase.CHALLENGES) and self._best_for != state.round:
            self._best_for = state.round
            self.best = None
            self.find_best(state)

    def watch_deadline(self, deadline: Deadline | None) -> None:
        self.query_one(Countdown).deadline = deadline

    def _tell_outcomes(self, state: GameState) -> None:
        """Each challenge decided while the table watches, told once to everyone."""
        told, self._told = self._told, (state.round, len(state.challenges))
        if told is None or told[0] != state.round:
            return  # what was decided before this program looked is on the words' lines
        for result in state.challenges[told[1] :]:
            self._notify_outcome(result)

    def _notify_outcome(self, result: ChallengeResult) -> None:
        title = "Meant word" if result.meant else "Challenge"
        self.notify(shown(challenge_outcome(result)), title=title, markup=False, timeout=8)

    def on_option_list_option_highlighted(self, _event: OptionList.OptionHighlighted) -> None:
        self._mark_highlighted()
        self._show_meaning_of_highlighted()

    def _mark_highlighted(self) -> None:
        """Move the ▶ to the highlighted word, and show its cards on the board."""
        words = self.query_one(OptionList)
        now, before = words.highlighted, self._marked
        players = list(self._entries)
        if now != before:
            self._marked = now
            for index, selected in ((before, False), (now, True)):
                if index is not None and index < len(players):
                    words.replace_option_prompt_at_index(index, self._prompt(index, selected))
        player = players[now] if now is not None and now < len(players) else None
        word = self.state.draft(player).word if player else None
        handicap = player in self.state.config.handicapped
        cards = score_word(self.state.board, word, handicap=handicap).cards if word else ()
        self.query_one(BoardCards).used = frozenset(card.slot for card in cards)

    def _prompt(self, index: int, selected: bool) -> Text:
        player = list(self._entries)[index]
        entry = self._entries[player]
        return marked(
            entry if selected or self._roomy else word_line(entry, self.state, player), selected
        )

    def on_resize(self) -> None:
        if (self.app.size.height >= ROOMY_ROWS) != self._roomy and self._entries:
            self.watch_state(self.state)

    def _show_meaning_of_highlighted(self) -> None:
        option = self.query_one(OptionList).highlighted_option
        word = self.state.draft(option.id).word if option and option.id else None
        if word == self._meaning_of:
            return
        self._meaning_of = word
        self.query_one("#meaning", Static).update("")
        if word:
            self.look_up(word, self.state)

    @work(thread=True, exclusive=True, group="meaning", exit_on_error=False)
    def look_up(self, word: str, state: GameState) -> None:
        found = wordsy_app(self).advisor.meaning(word, state.config.ruleset)
        self.app.call_from_thread(self._show_meaning, word, found)

    def _show_meaning(self, word: str, found: Meaning | None) -> None:
        if word == self._meaning_of:
            text = found.text if found else f"{word}: the word list's sources give no meaning"
            self.query_one("#meaning", Static).update(shown(text))

    def watch_best(self, best: tuple[BestWord | None, BestWord | None] | None) -> None:
        text = best_lines(*best) if best else "Best possible word: looking…"
        self.query_one("#best", Static).update(text)

    @work(thread=True, exclusive=True, group="best-word", exit_on_error=False)
    def find_best(self, state: GameState) -> None:
        advisor, ruleset = wordsy_app(self).advisor, state.config.ruleset
        common = advisor.best_word(state.board, state.played, ruleset, max_level=COMMON_LEVEL)
        overall = advisor.best_word(state.board, state.played, ruleset)
        self.app.call_from_thread(setattr, self, "best", (common, overall))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state, me = self.state, self.me
        if me is None:
            return action not in ("ready", "ready_last", "challenge", "appeal", "meant_word")
        if action in ("ready", "ready_last"):  # the last round's Enter ends the game
            last = action == "ready_last"
            return state.last_round == last and allowed(state, cmd.Ready(me))
        if action == "challenge":
            return any(allowed(state, cmd.Challenge(me, p)) for p in state.players)
        if action == "appeal":
            return allowed(state, cmd.Appeal(me))
        if action == "meant_word":
            return may_offer_meant_word(state, me)
        return True

    def action_ready(self) -> None:
        wordsy_app(self).act(lambda session: session.ready())

    def action_ready_last(self) -> None:
        self.action_ready()

    def action_appeal(self) -> None:
        wordsy_app(self).act(lambda session: session.appeal())

    def action_meant_word(self) -> None:
        wordsy_app(self).open_meant_word()

    def action_challenge(self) -> None:
        option = self.query_one(OptionList).highlighted_option
        if option is None or option.id is None:
            return
        if option.id == self.me:
            self.notify("Highlight someone else's word (↑/↓) to challenge it.")
            return
        target = option.id
        word = shown(self.state.draft(target).word or "")
        question = (
            f"Challenge {shown(target)}'s word {word}? The others vote: if it breaks the "
            f"rules it scores 0; if it stands, you take a {PENALTY}."
        )

        def answered(yes: bool | None) -> None:
            if yes:
                wordsy_app(self).act(lambda session: session.challenge(target))

        self.app.push_screen(ConfirmScreen(question), answered)
