"""The tile games' board screen, played with keys against computer players."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tests.app.keys import keys_at_once
from tests.app.test_typing import count_layouts
from tests.app.tile_fixtures import (
    ME,
    board_screen,
    keys_for,
    my_move,
    my_turn,
    take_turn,
    tile_session,
    until,
)
from wordsy_tui.app.screens.confirm import ConfirmScreen, GameClosedScreen
from wordsy_tui.app.widgets.fit import TOO_SMALL_CLASS
from wordsy_tui.games.tiles.app.app import BoardScreen, TileApp
from wordsy_tui.games.tiles.app.board import HEIGHT, TileBoard
from wordsy_tui.games.tiles.app.dialogs import GameOverScreen
from wordsy_tui.games.tiles.rules.movegen import Move
from wordsy_tui.games.tiles.rules.rulesets import BLANK, CENTRE, GameName
from wordsy_tui.games.tiles.rules.state import Phase
from wordsy_tui.table.seat import LinkChanged


def text_of(app: TileApp, selector: str) -> str:
    return str(board_screen(app).query_one(selector, Static).render())


@pytest.mark.parametrize("game", list(GameName))
async def test_a_whole_solo_game_against_a_bot(game: GameName) -> None:
    app = TileApp(tile_session(game))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(80):
            if app.session.state.phase is Phase.OVER:
                break
            await take_turn(pilot, app)
        state = app.session.state
        assert state.phase is Phase.OVER
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        result = str(app.screen.query_one("#result", Static).render())
        assert all(player.split(" (")[0] in result for player in state.players)
        # The player's own plays went through the keys: some scored.
        assert any(t.player == ME and t.kind == "play" and t.score > 0 for t in state.turns)
        # The final scores are the sum of the turns and the end's adjustments.
        for player in state.players:
            made = sum(t.score for t in state.turns if t.player == player and t.kind == "play")
            assert state.scores[player] == made + state.adjustments[player]


async def lay_my_move(app: TileApp, pilot: Pilot[None]) -> tuple[BoardScreen, Move]:
    """On our first turn, the keys that lay a play the rules take."""
    await until(pilot, lambda: my_turn(app.session))
    screen = board_screen(app)
    move = my_move(app.session)
    assert move is not None
    await pilot.press(*keys_for(screen, move))
    return screen, move


async def test_keys_lay_a_play_scored_live_by_the_rules() -> None:
    app = TileApp(tile_session())
    async with app.run_test(size=(80, 24)) as pilot:
        screen, move = await lay_my_move(app, pilot)
        assert screen.draft.placement == move.placement
        preview = text_of(app, "#preview")
        assert preview.endswith(f"= {move.score}")
        # Backspace takes the last tile back to the rack; Esc all of them.
        await pilot.press("backspace")
        assert len(screen.draft.placed) == len(move.placement) - 1
        await pilot.press("escape")
        assert screen.draft.placed == []
        assert not text_of(app, "#preview").startswith("Play:")


async def test_a_tile_laid_redraws_the_rows_it_changes_lays_nothing_out_nor_asks_the_keys(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = TileApp(tile_session())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(app.session))
        first, letter = [t for t in app.session.state.rack(ME) if t != BLANK][:2]
        # The first tile changes the key bar (Enter plays): the next one changes the board.
        await pilot.press(first.lower())
        await pilot.pause()
        screen = board_screen(app)
        board = screen.query_one(TileBoard)
        before = [board.render_line(y) for y in range(HEIGHT)]
        shown_before = ["".join(segment.text for segment in strip) for strip in before]
        layouts = count_layouts(monkeypatch)
        asked: list[str] = []
        check_action = BoardScreen.check_action

        def counted(
            board: BoardScreen, action: str, parameters: tuple[object, ...]
        ) -> bool | None:
            asked.append(action)
            return check_action(board, action, parameters)

        monkeypatch.setattr(BoardScreen, "check_action", counted)
        await pilot.press(letter.lower())
        await pilot.pause()
        assert [first, letter] == [tile for _, tile in screen.draft.placed]
        after = [board.render_line(y) for y in range(HEIGHT)]
        shown_after = ["".join(segment.text for segment in strip) for strip in after]
        assert any(f"({letter})" in line for line in shown_after)
        # The rows whose text changed (the tile's, the cursor's) are drawn again, the rest
        # are the same lines as before; and nothing on the screen changed its size.
        redrawn = [y for y in range(HEIGHT) if after[y] is not before[y]]
        changed = [y for y in range(HEIGHT) if shown_after[y] != shown_before[y]]
        assert redrawn == changed
        assert 0 < len(changed) < HEIGHT
        assert layouts == []
        # Nor did the key bar ask again which keys it offers: the same as after the first.
        assert asked == []


async def test_a_play_the_rules_refuse_says_why_and_keeps_the_tiles() -> None:
    app = TileApp(tile_session(GameName.WWF))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(app.session) and app.session.state.turn == ME)
        screen = board_screen(app)
        board = app.session.state.board
        rack = app.session.state.rack(ME)
        await pilot.press("up", "up", "up")  # off the centre star, on an empty board
        assert screen.draft.cursor == CENTRE - 45
        letters = [t.lower() for t in rack if t != "?"][:2]
        await pilot.press(*letters)
        assert "centre" in text_of(app, "#preview")
        await pilot.press("enter")
        await pilot.pause()
        assert "centre" in text_of(app, "#message")
        assert len(screen.draft.placed) == 2  # nothing lost
        assert app.session.state.board == board


async def test_a_letter_the_rack_lacks_is_refused() -> None:
    app = TileApp(tile_session(GameName.WORDFEUD))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(app.session))
        rack = app.session.state.rack(ME)
        missing = next(c for c in "QZXJKVWYBCDFGH" if c not in rack)
        if "?" in rack:
            pytest.skip("the seeded rack holds a blank")
        await pilot.press(missing.lower())
        assert f"no {missing}" in text_of(app, "#message")
        assert board_screen(app).draft.placed == []


async def test_best_play_of_the_last_turn() -> None:
    app = TileApp(tile_session())
    async with app.run_test(size=(80, 24)) as pilot:
        # The computer player may move first: its play's message would replace the answer.
        await until(pilot, lambda: my_turn(app.session))
        await pilot.press("f4")
        await pilot.pause()
        assert "After your first turn" in text_of(app, "#message")
        for _ in range(3):
            await take_turn(pilot, app)
        assert app.session.last_turn is not None
        await pilot.press("f4")
        await until(pilot, lambda: "Best last turn" in text_of(app, "#message"))
        hint = app.session.best_of_last_turn()
        assert hint is not None
        kept = "".join(hint.leave) or "nothing"
        said = text_of(app, "#message")
        decides = f" = {hint.move.score}, equity {hint.equity:.1f}, keeps {kept}: "
        assert decides in said
        # An 80-column line is cut at its end: what decides comes before the breakdown.
        assert said.index(decides) + len(decides) < 78


async def test_too_small_a_window_says_so() -> None:
    app = TileApp(tile_session())
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert app.has_class(TOO_SMALL_CLASS)
        assert "at least 80x24" in str(app.screen.query_one("TooSmall", Static).render())


async def test_when_the_host_ends_the_game_the_board_says_so_and_plays_no_more() -> None:
    session = tile_session()
    app = TileApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(session))
        rack = session.state.rack(ME)
        session.publish(LinkChanged(False, "Ann ended the game.", final=True))
        # Wordsy's word on it: the host's sentence, then leave or look at the table.
        await until(pilot, lambda: isinstance(app.screen, GameClosedScreen))
        assert "Ann ended the game." in str(app.screen.query_one("#question", Static).render())
        await pilot.press("escape")
        await until(pilot, lambda: not isinstance(app.screen, GameClosedScreen))
        board = board_screen(app)
        assert not board.check_action("play", ())
        assert not board.check_action("pass_turn", ())
        await pilot.press(rack[0].lower(), "enter")  # a tile typed goes nowhere
        assert board.draft.placement == ()
        # And leaving asks nothing: nothing is lost any more.
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        assert app.return_code is not None  # the app has exited


async def test_leaving_a_game_that_goes_on_asks_first() -> None:
    app = TileApp(tile_session())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(app.session))
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen))


async def test_the_board_keeps_its_tentative_play_in_the_session_and_lays_a_kept_one_again():
    app = TileApp(tile_session())
    async with app.run_test(size=(80, 24)) as pilot:
        screen, move = await lay_my_move(app, pilot)
        assert sorted(app.session.tentative) == sorted(move.placement)  # what a restart keeps
        await pilot.press("escape")
        assert app.session.tentative == ()
        # A restarted program's session took the play back: the board lays it, once.
        app.session.laid_again = move.placement
        screen.redraw()
        assert screen.draft.placement == move.placement
        assert app.session.laid_again == ()
        await pilot.press("escape")
        screen.redraw()
        assert screen.draft.placed == []


async def test_a_play_in_one_burst_with_keys_after_enter_is_the_play_on_screen() -> None:
    """A paste or an SSH link sends the arrows, the letters and Enter at once: each is
    handled in the order typed (an arrow before the letter behind it), and Enter plays what
    the board shows then; the keys behind it do not change the play."""
    app = TileApp(tile_session())
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: my_turn(app.session))
        screen = board_screen(app)
        move = my_move(app.session)
        assert move is not None
        keys = keys_for(screen, move)
        if not {"up", "down", "left", "right"} & set(keys):
            keys = ["up", "down", *keys]  # the arrows ahead of the letters are the point
        keys_at_once(pilot, [*keys, "enter", "left", "z"])
        await until(pilot, lambda: any(t.player == ME for t in app.session.state.turns))
        played = next(t for t in app.session.state.turns if t.player == ME)
        assert played.kind == "play"
        assert played.placement == move.placement
        # The computer player answers: its news is in before the app closes.
        await until(pilot, lambda: my_turn(app.session) and len(app.session.state.turns) > 1)


def test_news_that_comes_before_the_board_is_set_up_is_kept_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A screen may count as mounted before its lines are (CI saw an update land then):
    what it is told meanwhile is kept for its `on_mount` to show, not looked for on it."""
    board = TileApp(tile_session()).board_screen
    monkeypatch.setattr(BoardScreen, "is_mounted", property(lambda self: True))
    board.say("Bot 1 (easy) played ZA for 11.")
    board.redraw()
    assert board.message.plain == "Bot 1 (easy) played ZA for 11."
