"""The hosting player removes someone from a game of Wordsy."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wordsy_tui.app.screens.confirm import ConfirmScreen
from wordsy_tui.app.screens.remove import RemoveScreen
from wordsy_tui.games.wordsy.app.server import host_server
from wordsy_tui.games.wordsy.rules.state import Phase

if TYPE_CHECKING:
    from wordsy_tui.games.wordsy.app.app import WordsyApp


def pick_player_to_remove(game: WordsyApp) -> None:
    state, presence = game.state, game.presence
    others = [p for p in state.players if p != game.me and p not in state.gone]
    if host_server(game.session) is None or not others:
        game.notify("Nobody else to remove.", markup=False)
        return
    others.sort(key=lambda p: presence.get(p) is not False)  # the absent ones first
    choices = [(p, presence.get(p) is not False) for p in others]
    game.push_screen(RemoveScreen(choices), lambda name: confirm_removal(game, name))


def confirm_removal(game: WordsyApp, name: str | None) -> None:
    """Ask the host to confirm, then take `name`'s seat away."""
    server = host_server(game.session)
    if name is None or server is None:
        return
    if game.state.phase in (Phase.NEW, Phase.LOBBY):
        question = f"Remove {name} from the table? The seat is freed."
    else:
        question = f"Remove {name} from the game? From now on {name} scores nothing."

    async def remove() -> None:
        problem = await server.remove_player(name)
        game.notify(problem or f"{name} was removed.", markup=False)

    def confirmed(yes: bool | None) -> None:
        if yes:
            game.run_worker(remove(), group="seats")

    game.push_screen(ConfirmScreen(question), confirmed)
