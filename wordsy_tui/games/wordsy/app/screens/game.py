"""The table during a round: writing, then the reveal and its challenges."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import OptionList, Static

from wordsy_tui.app.compositor import draw_changed_rows
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.games.wordsy.app.node import wordsy_app
from wordsy_tui.games.wordsy.app.widgets.banner import LinkBanner
from wordsy_tui.games.wordsy.app.widgets.draft import WordInput
from wordsy_tui.games.wordsy.app.widgets.players import PlayerList
from wordsy_tui.games.wordsy.app.widgets.writing import WritingPane
from wordsy_tui.games.wordsy.rules.config import ROUNDS
from wordsy_tui.games.wordsy.rules.state import GameState, Phase
from wordsy_tui.table.clock import Deadline
from wordsy_tui.text import shown

if TYPE_CHECKING:
    # Imported where the reveal is first shown: its module (and the chat log's, which
    # brings in Rich's pretty-printer) has no part in the first frame.
    from wordsy_tui.games.wordsy.app.widgets.reveal import RevealPane


def table_title(state: GameState, me: str | None) -> str:
    stage = {Phase.WRITING: "writing", Phase.REVEAL: "reveal", Phase.CHALLENGES: "reveal"}
    parts = [f"Round {state.round} of {ROUNDS}" if state.round else "Dealing…"]
    if state.phase in stage:
        parts.append(stage[state.phase])
    parts.append(f"you: {shown(me)}" if me else "watching")
    if state.config.solo is not None:
        parts.append(f"solo, {state.config.solo.value}")
    else:
        parts.append(str(state.config.ruleset))
    return " · ".join(parts)


class GameScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        # The host's keys: no key that edits text (Ctrl+E is the end of a line in shells and
        # inputs), none a terminal, tmux or a browser keeps, and a question before it acts.
        Binding("f9", "end_phase", "End now", id="end-phase", key_display="F9"),
        # Not on the key bar, which at 80 columns has no room for it beside the timer's
        # flip and the help: in the help, and the command palette's "Remove a player".
        Binding("f4", "remove", "Remove", id="table-remove", key_display="F4", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        draw_changed_rows(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "remove":  # the host's, once its server runs (the lan module loads late)
            return getattr(wordsy_app(self).session, "server", None) is not None
        if action == "end_phase":
            return wordsy_app(self).check_action(action, parameters)
        return True

    def action_remove(self) -> None:
        wordsy_app(self).action_remove()

    def action_end_phase(self) -> None:
        wordsy_app(self).action_end_phase()

    def compose(self) -> ComposeResult:
        app = wordsy_app(self)
        yield Static(markup=False, id="title-bar")
        # The link's banner is mounted when the link first has something to say (never in
        # solo): a hidden widget would still be styled, laid out and visited at every key.
        # The reveal's pane is mounted at the first reveal: it has no part in the first frame.
        # The two panes take turns on their own (no switcher: one widget less on the screen
        # that every key visits).
        yield WritingPane(app.now, app.me, id="writing")
        yield Footer()

    def on_mount(self) -> None:
        app = wordsy_app(self)
        self.watch(app, "state", self._show_state)
        self.watch(app, "deadline", self._show_deadline)
        self.watch(app, "presence", self._show_presence)
        self.watch(app, "link_problem", self._mount_banner)
        self.watch(app, "game_closed", self._mount_banner)

    def _mount_banner(self, said: str | None) -> None:
        if said is not None and not self.query(LinkBanner):
            self.mount(LinkBanner(id="banner"), after="#title-bar")

    def _show_state(self, state: GameState) -> None:
        app = wordsy_app(self)
        self.query_one("#title-bar", Static).update(table_title(state, app.me))
        writing = state.phase in (Phase.NEW, Phase.LOBBY, Phase.WRITING)
        writing_pane = self.query_one(WritingPane)
        writing_pane.state = state
        reveal = self._reveal_pane()
        if reveal is not None:
            reveal.state = state
            reveal.display = not writing
        elif not writing:
            self._mount_reveal()
            return
        writing_pane.display = writing
        self._focus_pane("writing" if writing else "reveal")

    def _reveal_pane(self) -> RevealPane | None:
        """The reveal's pane once mounted: until then it has nothing to show a state in."""
        panes = self.query("#reveal")  # (by its id: its class comes with the first reveal)
        if not panes:
            return None
        from wordsy_tui.games.wordsy.app.widgets.reveal import RevealPane

        pane = panes.first(RevealPane)
        return pane if pane.is_mounted else None

    def _mount_reveal(self) -> None:
        if self.query("#reveal"):
            return  # mounting already: it shows the table as it is once `Mounted` arrives
        from wordsy_tui.games.wordsy.app.widgets.reveal import RevealPane

        app = wordsy_app(self)
        pane = RevealPane(app.now, app.me, id="reveal")
        pane.display = False  # shown with the state it is mounted for
        self.mount(pane, after="#writing")

    def on_reveal_pane_mounted(self, _message: RevealPane.Mounted) -> None:
        app = wordsy_app(self)
        self._show_deadline(app.deadline)
        self._show_state(app.state)

    def _focus_pane(self, pane: str) -> None:
        """Keep the keyboard in the pane on show: the word while writing, the list after."""
        focused = self.focused
        inside = focused is not None and pane in (n.id for n in focused.ancestors_with_self)
        if pane == "reveal":
            if not inside:
                self.query_one("#words", OptionList).focus()
            return
        inputs = self.query(WordInput)
        if inputs and not inputs.first().disabled:
            if focused is not inputs.first():
                inputs.first().focus()
        elif not inside or (focused is not None and focused.disabled):
            self.query_one(PlayerList).focus()

    def _show_deadline(self, deadline: Deadline | None) -> None:
        self.query_one(WritingPane).deadline = deadline
        reveal = self._reveal_pane()
        if reveal is not None:
            reveal.deadline = deadline

    def _show_presence(self, presence: Mapping[str, bool]) -> None:
        self.query_one(WritingPane).presence = presence
