"""`wordsy-tui solo --game scrabble|wwf|wordfeud`: the tile games against computer players."""

from __future__ import annotations

import pytest

from wordsy_tui.cli import build_parser


def test_wordsy_stays_the_default_game() -> None:
    args = build_parser().parse_args(["solo"])
    assert args.game == "wordsy"


def test_a_tile_game_with_its_bots_starts_the_tile_app(monkeypatch: pytest.MonkeyPatch) -> None:
    from wordsy_tui.games.tiles.app import app as tile_app
    from wordsy_tui.games.tiles.seat import TileSeat

    started: list[TileSeat] = []

    def run_to_end(self: tile_app.TileApp) -> int:
        started.append(self.session)
        return 0

    monkeypatch.setattr(tile_app.TileApp, "run_to_end", run_to_end)
    parser = build_parser()
    args = parser.parse_args(
        ["solo", "--game", "wwf", "--bots", "3", "--bot-level", "expert", "--name", "Ann"]
    )
    assert args.run(args, args.parser) == 0
    (session,) = started
    assert session.me == "Ann"
    bots = session.door.company  # the solo table's computer players
    assert bots.config.game == "wwf"
    assert list(bots.names) == ["Bot 1 (expert)", "Bot 2 (expert)", "Bot 3 (expert)"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "chess"], "invalid choice"),
        (["--game", "scrabble", "--bots", "4"], "from 1 to 3"),
        (["--game", "scrabble", "--bot-level", "genius"], "invalid choice"),
    ],
)
def test_bad_options_say_why(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args(["solo", *argv])
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err
