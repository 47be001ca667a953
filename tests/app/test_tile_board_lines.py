"""The tile board draws each row's segments itself: what Textual would draw for the row's
text (colours, attributes and the offsets its text selection reads), at a fraction of the
cost (a key redraws two rows of sixteen)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.visual import Visual, visualize

from tests.app.test_line import drawn
from tests.app.test_typing import drawn_widgets, frames_compared
from tests.app.tile_fixtures import ME, board_screen, my_turn, tile_session, until
from wordsy_tui.games.tiles import seat as seat_module
from wordsy_tui.games.tiles.app import app as tile_app_module
from wordsy_tui.games.tiles.app.app import TileApp
from wordsy_tui.games.tiles.app.board import HEIGHT, BoardPicture, TileBoard
from wordsy_tui.games.tiles.rules.rulesets import (
    DOUBLE_LETTER,
    DOUBLE_WORD,
    SIZE,
    TRIPLE_LETTER,
    TRIPLE_WORD,
    GameName,
)


class OneBoard(App[None]):
    def compose(self) -> ComposeResult:
        yield TileBoard()


def pictures(count: int) -> list[BoardPicture]:
    """Boards with tiles, premiums, a play being laid (blanks too), a last play, a cursor
    going either way or none."""
    rng = random.Random(5)
    premiums = f"....{DOUBLE_LETTER}{DOUBLE_WORD}{TRIPLE_LETTER}{TRIPLE_WORD}"
    squares = SIZE * SIZE
    return [
        BoardPicture(
            "".join(rng.choice("......AEQZ") for _ in range(squares)),
            "".join(rng.choice(premiums) for _ in range(squares)),
            {rng.randrange(squares): rng.choice("ABqz") for _ in range(rng.randrange(5))},
            {rng.randrange(squares) for _ in range(rng.randrange(5))},
            rng.choice([None, rng.randrange(squares)]),
            rng.random() < 0.5,
        )
        for _ in range(count)
    ]


async def test_a_row_is_drawn_as_textual_draws_its_text_without_going_through_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = OneBoard()
    async with app.run_test(size=(60, 20)) as pilot:
        board = app.query_one(TileBoard)
        for picture in pictures(20):
            board.show(picture)
            await pilot.pause()
            width, style = board.size.width, board.visual_style
            textual = [
                Visual.to_strips(board, visualize(board, row), width, 1, style)[0]
                for row in board.rows
            ]
            board.refresh()  # every row drawn afresh
            with monkeypatch.context() as patched:
                # Drawn without Textual's way for text, which took most of a key's time.
                patched.setattr(Visual, "to_strips", None)
                mine = [board.render_line(y) for y in range(HEIGHT)]
            assert [drawn(strip) for strip in mine] == [drawn(strip) for strip in textual]


async def test_a_tile_laid_draws_the_board_rack_and_preview_alone_as_textual_would_send_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The lines beside the board (scores, tiles unseen, moves) lie between the board's
    changed rows and the preview under them: not drawn at a key, and every frame sends
    what Textual's own compositor would have."""
    app = TileApp(tile_session(GameName.SCRABBLE))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(app.session))
        await pilot.pause()
        rack = [t for t in app.session.state.rack(ME) if t != "?"]
        keys = (rack[0].lower(), rack[1].lower(), "backspace", "down", "backspace")
        with monkeypatch.context() as patch:
            drawn = drawn_widgets(patch)
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
        assert {"tile-board", "rack", "preview"} <= set(drawn)
        assert not {"scores", "unseen", "moves", "title-bar"} & set(drawn)
        assert not {"BoardScreen", "table", "board-side", "tile-side"} & set(drawn)
        sent = frames_compared(monkeypatch, app)
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
        assert board_screen(app).draft.placed == []
        assert len(sent) >= len(keys)


async def test_a_tile_laid_works_out_nothing_beside_the_board_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The scores, the tiles unseen and the moves change with the game, not with the tiles
    being laid: a key leaves them as they were worked out."""
    app = TileApp(tile_session(GameName.SCRABBLE))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(app.session))
        await pilot.pause()
        worked_out: list[str] = []
        for name in ("scores_text", "unseen_text", "moves_text", "chat_text"):
            made = getattr(tile_app_module, name)

            def counted(*args: Any, name: str = name, made: Any = made, **kwargs: Any) -> Any:
                worked_out.append(name)
                return made(*args, **kwargs)

            monkeypatch.setattr(tile_app_module, name, counted)
        rack = [t for t in app.session.state.rack(ME) if t != "?"]
        for key in (rack[0].lower(), "down", "backspace", "escape"):
            await pilot.press(key)
            await pilot.pause()
        assert board_screen(app).draft.placed == []
        assert worked_out == []
        board_screen(app).redraw()  # (as a new state, size or chat does)
        assert set(worked_out) == {"scores_text", "unseen_text", "moves_text", "chat_text"}


async def test_moving_the_cursor_asks_the_rules_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The key bar is asked again when the state or the tiles laid change, not at a key
    that only moves the cursor or turns its direction."""
    app = TileApp(tile_session(GameName.SCRABBLE))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(app.session))
        await pilot.pause()
        asked: list[object] = []
        allowed = seat_module.allowed

        def counted(*args: Any) -> bool:
            asked.append(args)
            return allowed(*args)

        monkeypatch.setattr(seat_module, "allowed", counted)
        monkeypatch.setattr(tile_app_module, "allowed", counted)
        cursor = board_screen(app).draft.cursor
        for key in ("down", "right", "space", "up", "left", "space"):
            await pilot.press(key)
            await pilot.pause()
        assert board_screen(app).draft.cursor == cursor
        assert asked == []
