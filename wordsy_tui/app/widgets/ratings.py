"""The players' ratings under a game's final table, once the host's note brings them."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from rich.text import Text
from textual.widgets import Static

from wordsy_tui.table.ratings import Change, rating_text
from wordsy_tui.text import shown

NAME_WIDTH = 16


def ratings_text(
    players: Sequence[str], bots: Collection[str], ratings: Mapping[str, Change]
) -> Text:
    """Each rated player's rating before and after the game, in seat order (empty: the
    host rated nothing)."""
    rated = [player for player in players if player in ratings]
    text = Text()
    if not rated:
        return text
    text.append("Rating\n", "bold")
    for player in rated:
        fixed = " (computer player: fixed)" if player in bots else ""
        text.append(
            f"{shown(player)[: NAME_WIDTH - 1]:<{NAME_WIDTH}}{rating_text(ratings[player])}"
        )
        text.append(fixed + "\n")
    return text


class RatingsBlock(Static):
    """Under a results screen's table: the ratings, which come a moment after the game's
    last events (the host rates the game once they have gone out). The app tells it
    (`TableApp.show_ratings`); hidden until then, and where no host rates."""

    def __init__(self, players: Sequence[str], bots: Collection[str]) -> None:
        super().__init__(id="ratings")
        self.players = players
        self.bots = bots
        self.ratings: Mapping[str, Change] = {}
        self.display = False

    def on_mount(self) -> None:
        from wordsy_tui.app.table import TableApp  # (the shell shows the ratings through us)

        app = self.app
        seat = app.seat if isinstance(app, TableApp) else None
        if seat is not None:  # they came before this screen did (a seat that came back)
            self.rated(seat.ratings)

    def rated(self, ratings: Mapping[str, Change]) -> None:
        if ratings != self.ratings:
            self.ratings = ratings
            text = ratings_text(self.players, self.bots, ratings)
            self.update(text)
            self.display = bool(text)
