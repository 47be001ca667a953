"""The post-game review (a finished tile game's, or a finished game's replay): one
player's moves, each beside the best by equity and by score and what it lost, then the
game's biggest swings. The rules make the review (`rules.review`); finding every move's
plays takes a few seconds, so it is made in a thread while the screen says so."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import ClassVar, Final

from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.games.tiles.rules.review import END, MoveReview, Review, Swing
from wordsy_tui.text import shown

REVIEWING: Final = "Reviewing the game: finding every move's plays (a few seconds)…"
NOTHING_LOST: Final = "-"
WITHDRAWN: Final = "off"
"""A play's score where a challenge took it back (in its own column: a long play's
notation is cut short, its score never)."""


class ReviewScreen(Screen[None]):
    """The review, made by `review` (in a thread), of `me`'s moves first (a replay: the
    first player's); Tab shows the next player's."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", "Back", id="review-back", key_display="Esc"),
        Binding("tab", "next_player", "Next player", id="review-next"),
    ]

    def __init__(self, review: Callable[[], Review], me: str | None, note: str = "") -> None:
        super().__init__()
        self._make = review
        self.note = note
        """What the reader should know of how the review judged (e.g. which word list)."""
        self.review: Review | None = None
        self.me = me
        self.player: str | None = me

    def compose(self) -> ComposeResult:
        yield Static(id="review-title", markup=False)
        yield Static(Text(self.note, "italic"), id="review-note", markup=False)
        with VerticalScroll(id="review-body"):
            yield Static(REVIEWING, id="review-moves", markup=False)
            yield Static(id="review-swings", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#review-note").display = bool(self.note)
        self._show_title()
        self.query_one("#review-body").focus()
        self._make_review()

    @work(group="review", exclusive=True)
    async def _make_review(self) -> None:
        try:
            review = await asyncio.to_thread(self._make)
        except ValueError as error:  # a log that folds but cannot be reviewed: say why
            moves = self.query_one("#review-moves", Static)
            moves.update(Text(f"This game cannot be reviewed: {shown(str(error))}", "bold"))
            return
        self.review = review
        if self.player not in review.players:
            self.player = review.players[0] if review.players else None
        self._show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_player":
            return self.review is not None and len(self.review.players) > 1
        return True

    def action_next_player(self) -> None:
        review = self.review
        if review is None or not review.players:
            return
        at = review.players.index(self.player) if self.player in review.players else -1
        self.player = review.players[(at + 1) % len(review.players)]
        self._show()

    def _show_title(self) -> None:
        title = Text("Review", "bold")
        if self.player is not None:
            title.append(f": {self._whose()} moves", "bold")
            title.append(" · lost: points/equity short of the best")
        self.query_one("#review-title", Static).update(title)

    def _whose(self) -> str:
        return "your" if self.player == self.me else f"{shown(self.player or '')}'s"

    def _show(self) -> None:
        review = self.review
        if review is None or self.player is None:
            return
        self._show_title()
        self.refresh_bindings()
        self.query_one("#review-moves", Static).update(
            moves_table(review.of(self.player), review.lost(self.player))
        )
        self.query_one("#review-swings", Static).update(swings_text(review.swings, self.me))


def moves_table(moves: Sequence[MoveReview], lost: tuple[int, float]) -> Table | Text:
    """A player's moves, each beside the best by equity and by score, with what it lost
    (points / equity), and the game's total under them."""
    if not moves:
        return Text("No moves to review.")
    table = Table(box=None, padding=(0, 1, 0, 0), header_style="bold", show_footer=True)
    table.add_column("#", justify="right")
    table.add_column("Rack", no_wrap=True)
    table.add_column("Played", overflow="ellipsis", no_wrap=True, max_width=15)
    table.add_column("Pts", justify="right")
    table.add_column("Best by equity", overflow="ellipsis", no_wrap=True, max_width=17)
    table.add_column("Best by score", overflow="ellipsis", no_wrap=True, max_width=17)
    points, equity = lost
    table.add_column("Lost", justify="right", no_wrap=True, footer=f"{points}/{equity:.0f}")
    for move in moves:
        best, top = move.best_equity, move.best_score
        if top is None:
            by_score = "no play"
        elif top.text == best.text:
            by_score = "same"
        else:
            by_score = f"{top.text} {top.score}"
        table.add_row(
            str(move.number),
            "".join(move.rack),
            move.played.text,
            WITHDRAWN if move.withdrawn else str(move.played.score),
            f"{best.text} {best.score}",
            by_score,
            lost_text(move),
        )
    return table


def lost_text(move: MoveReview) -> str:
    """What a move lost, points / equity (rounded); `-` when it was the best."""
    if not move.points_lost and move.equity_lost < 0.5:
        return NOTHING_LOST
    return f"{move.points_lost}/{move.equity_lost:.0f}"


def swings_text(swings: Sequence[Swing], me: str | None) -> Text:
    """The game's biggest swings, one line each."""
    text = Text.assemble(
        "\n", ("Biggest swings", "bold"), " (a turn's change in its player's lead)"
    )
    for swing in swings:
        who = "you" if swing.player == me else shown(swing.player)
        when = "The end" if swing.number == END else f"Turn {swing.number}"
        what = "" if swing.number == END else f" {swing.what}"
        line = (
            f"\n{when}, {who}{what}: {swing.size:+d}, "
            f"{standing(swing.before)} → {standing(swing.after)}"
        )
        if swing.lead_changed:
            line += ", taking the lead" if swing.after > 0 else ", losing the lead"
        text.append(line)
    return text


def standing(spread: int) -> str:
    if spread > 0:
        return f"{spread} ahead"
    return f"{-spread} behind" if spread < 0 else "level"
