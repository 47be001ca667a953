"""Final standings, with the tie-breaks explained, best words, and where the log is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.games.wordsy.app.node import wordsy_app
from wordsy_tui.games.wordsy.app.server import host_server
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.games.wordsy.rules.scoresheet import (
    Scoresheet,
    SheetRow,
    Standing,
    breaks_ties,
    standings,
)
from wordsy_tui.games.wordsy.rules.state import GameState
from wordsy_tui.table.ratings import Change, rating_text
from wordsy_tui.table.replay import Replaying
from wordsy_tui.text import shown

ORDINALS = ("best", "second best", "third best", "fourth best", "fifth best")


def tie_note(
    previous: Standing | None, standing: Standing, ruleset: Ruleset = Ruleset.CLASSIC
) -> str:
    """Why `standing` is below (or beside) the player just above on the same total."""
    if previous is None or previous.total != standing.total:
        return ""
    above = shown(previous.player)
    if not breaks_ties(ruleset):
        return f"shares the place with {above}: a tie is shared"
    if previous.place == standing.place:
        return f"shares the place with {above}: the same five words' scores"
    for rank, (theirs, ours) in enumerate(
        zip(previous.tie_break, standing.tie_break, strict=False)
    ):
        if theirs != ours:
            return (
                f"level with {above} on {standing.total}; "
                f"{ORDINALS[rank]} word {ours} against {theirs}"
            )
    return f"level with {above} on {standing.total}; fewer words counted"


def best_row(sheet: Scoresheet) -> SheetRow | None:
    rows = [row for row in sheet.rows if row.word and not row.voided]
    return max(rows, key=lambda row: row.score, default=None)


def tie_rule(state: GameState) -> str:
    """Which tie rule the game was played by, said when a tie on totals needed it."""
    totals = [sheet.total for sheet in state.sheets.values()]
    if len(set(totals)) == len(totals):
        return ""
    if breaks_ties(state.config.ruleset):
        return (
            "Ties (first edition): the best single word decides, then the second best, "
            "and so on through the five counted words."
        )
    return "Ties (second edition): in a tie, victory is shared; no word breaks it."


def standings_table(
    sheets: Mapping[str, Scoresheet],
    me: str | None,
    ruleset: Ruleset = Ruleset.CLASSIC,
    gone: frozenset[str] = frozenset(),
    ratings: Mapping[str, Change] | None = None,
) -> Table:
    """The final standings; with each player's rating before and after the game where
    the host rated it (`ratings`)."""
    rows: list[tuple[str, Text, str, str, str, str]] = []
    previous: Standing | None = None
    for standing in standings(sheets, ruleset):
        best = best_row(sheets[standing.player])
        name = shown(standing.player) + (" (you)" if standing.player == me else "")
        if standing.player in gone:
            name += " (left the game)"
        rows.append(
            (
                f"{standing.place}.",
                Text(name, "bold" if standing.place == 1 else ""),
                str(standing.total),
                rating_text(ratings.get(standing.player)) if ratings else "",
                f"{shown(best.word or '')} ({best.score})" if best else "-",
                tie_note(previous, standing, ruleset),
            )
        )
        previous = standing
    table = Table(expand=True, show_edge=False, pad_edge=False)
    table.add_column("Place", justify="right", no_wrap=True)
    table.add_column("Player", no_wrap=True)
    table.add_column("Total", justify="right")
    if ratings:
        table.add_column("Rating", no_wrap=True)
    # A tie-break column only where a tie was broken (or shared): empty, it said nothing.
    ties = any(row[-1] for row in rows)
    table.add_column("Best word", no_wrap=True, ratio=None if ties else 1)
    if ties:
        table.add_column("Tie-break", ratio=1)
    for place, player, total, rating, best_word, tie in rows:
        table.add_row(
            place,
            player,
            total,
            *([rating] if ratings else []),
            best_word,
            *([tie] if ties else []),
        )
    return table


def headline(state: GameState, me: str | None) -> str:
    ranked = standings(state.sheets, state.config.ruleset)
    winners = [shown(s.player) for s in ranked if s.place == 1]
    if state.config.solo is not None and me is not None:
        total, target = state.sheets[me].total, state.config.solo.target
        verdict = "You win" if total >= target else "Not this time"
        return f"{verdict}: {total} points against a target of {target}."
    if len(winners) > 1:
        return f"A shared victory: {' and '.join(winners)}."
    return f"{winners[0]} wins." if winners else "The game is over."


class ResultsScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "app.scoresheet", "Sheets", id="results-sheets"),
        Binding("r", "app.rematch", "Play again", id="results-rematch"),
        Binding("enter,q", "app.leave", "Done", id="results-done", key_display="Enter"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="results"):
            yield Static(Text("Final standings", "bold"), id="results-title")
            yield Static(markup=False, id="headline")
            yield Static(markup=False, id="standings")
            yield Static(markup=False, id="tie-rule")
            yield Static(markup=False, id="log-note")
        yield Footer()

    def on_mount(self) -> None:
        self.watch(wordsy_app(self), "state", self._show)

    def _show(self, state: GameState) -> None:
        me = wordsy_app(self).me
        if not state.sheets:
            return
        self.query_one("#headline", Static).update(headline(state, me))
        session = wordsy_app(self).session
        ratings = session.ratings if session is not None else None
        table = standings_table(state.sheets, me, state.config.ruleset, state.gone, ratings)
        self.query_one("#standings", Static).update(table)
        rule = tie_rule(state)
        self.query_one("#tie-rule", Static).update(rule)
        self.query_one("#tie-rule", Static).display = bool(rule)
        server = host_server(session)
        note = (
            f"The game's log is saved in {server.log_path}"
            if server is not None
            else "Solo games keep no log."
            if state.solo
            else "A saved game, replayed: ← steps back through its rounds."
            if session is not None and isinstance(session.door, Replaying)
            else "The host keeps the game's log; it may offer a rematch: stay on this "
            "screen to be asked."
        )
        self.query_one("#log-note", Static).update(note)
