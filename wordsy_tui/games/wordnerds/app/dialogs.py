"""Word Nerds' dialogs: the action cards to play (each with its text, aimed as the rules
allow), which word to challenge, the end of the game, and the help."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.app.widgets.ratings import RatingsBlock
from wordsy_tui.games.wordnerds.app.panel import (
    LEGEND,
    first_name,
    play_text,
    results_text,
    winners_text,
    word_text,
)
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules.components import ACTION_KINDS, HIDDEN, action
from wordsy_tui.games.wordnerds.rules.state import NerdsState


class CardsScreen(ModalScreen[cmd.PlayAction | None]):
    """The action cards we hold, each with its text; those the rules let us play now are
    offered, one line for each thing a card may be aimed at."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f4", "cancel", "Back", id="cards-back", key_display="Esc"),
    ]

    def __init__(self, state: NerdsState, me: str, plays: Sequence[cmd.PlayAction]) -> None:
        super().__init__()
        self.state = state
        self.me = me
        # Either copy of a card aimed at the same thing does the same: offered once.
        offered: dict[str, cmd.PlayAction] = {}
        for play in plays:
            offered.setdefault(play_text(state, play), play)
        self.plays = list(offered.values())

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text("Your action cards", "bold"))
            # Two copies of a card read the same: one text, with how many we hold.
            held = Counter(action(c) for c in self.state.actions.get(self.me, ()) if c != HIDDEN)
            texts = Text("\n").join(
                Text.assemble(
                    (f"{kind.title}{f' (x{copies})' if copies > 1 else ''}: ", "bold"), kind.text
                )
                for kind, copies in held.items()
            )
            yield Static(texts or Text("You hold none.", "dim"), id="card-texts")
            if self.plays:
                yield OptionList(
                    *(
                        Option(play_text(self.state, play), id=str(at))
                        for at, play in enumerate(self.plays)
                    ),
                    id="plays",
                )
            else:
                yield Static(Text("None of them may be played now.", "dim"))
        yield Footer()

    def on_mount(self) -> None:
        if self.plays:
            self.query_one("#plays", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.plays[int(event.option.id or 0)])

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChallengeScreen(ModalScreen[cmd.Challenge | None]):
    """Which word to challenge, when two are in play (the scoring word and its trump)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back", id="challenge-back", key_display="Esc"),
    ]

    def __init__(self, state: NerdsState, challenges: Sequence[cmd.Challenge]) -> None:
        super().__init__()
        self.state = state
        self.challenges = list(challenges)

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text("Challenge which word? (10 points won or lost)", "bold"))
            yield OptionList(
                *(
                    Option(
                        f"{word_text(self.state.words[c.word].word)} "
                        f"({first_name(self.state.words[c.word].player)})",
                        id=str(at),
                    )
                    for at, c in enumerate(self.challenges)
                ),
                id="challenges",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#challenges", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.challenges[int(event.option.id or 0)])

    def action_cancel(self) -> None:
        self.dismiss(None)


class ResultsScreen(ModalScreen[None]):
    """The end of the game: who won, and every score on the track."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "dismiss", "See the table", id="over-table", key_display="Esc"),
        # The hosting player plays again with the same table (every game's results key).
        Binding("r", "rematch", "Play again", id="over-rematch"),
        Binding("ctrl+q", "app.leave", "Leave", id="over-quit", key_display="^q"),
    ]

    def __init__(
        self, state: NerdsState, me: str | None, rematch: Callable[[], object] | None = None
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


HELP = (
    "A turn has three phases. The auction: players + 1 letter cards are turned up and "
    "everyone bids one unspent token in secret (type its number; c adds a +3 BID or FREE "
    "BID card; Enter seals it). When every bid is in they are shown at once and, from the "
    "highest, each takes a card (keys 1-7); a card marked + (E1+) brings an action card, "
    "and the card left joins the community pool. Bids are spent, but the 0.\n\n"
    "Word Nerd: type a word of 4 letters or more from your hand and the pool (the line "
    "under the table shows what it is worth as you type) and Enter lays it down. Once a "
    "word is down, anyone may trump it with a word worth more (type it, Enter), challenge "
    "it (F2: 10 points won or lost), or play an action card on it (F4). Each of those "
    "starts the countdown again; F3 says you have nothing more. A word's value: its letters, "
    "the cards on it, and the bonus for its length (5: +2, 6: +5, 7: +9, 8: +14, 9 or more: "
    "+20). The loser of a trump battle scores half their word. Then the word players keep "
    "their hands (k) or draw two new cards (n); whoever scored takes back a spent token "
    "for each letter beyond four, everyone else all of theirs.\n\n"
    "Purchases, from the First Player: choose letters with 1-0 and Enter replaces them "
    "(a token each, the lowest first), a buys an action card (a token), F3 buys nothing. "
    "A hand holds 10 letter cards at most. The first to 100 wins.\n\n"
    "Keys: F1 this help, F6 starts (the lobby's first player), F9 the host ends the wait "
    "now, Esc clears what you typed or chose, Ctrl+T chats, Ctrl+Q leaves. " + LEGEND + "."
)


class NerdsHelpScreen(ModalScreen[None]):
    """How a turn goes, the keys, and every action card."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f1,enter", "dismiss", "Back", id="nerds-help-back", key_display="Esc")
    ]

    def compose(self) -> ComposeResult:
        cards = Text("The action cards (54):\n", "bold")
        for kind in ACTION_KINDS:
            cards.append(f"{kind.title} (x{kind.copies}): ", "bold")
            cards.append(f"{kind.text}\n")
        with VerticalScroll(id="help"):
            yield Static(HELP, markup=False, classes="help-text")
            yield Static(cards, classes="help-text")
        yield Footer()
