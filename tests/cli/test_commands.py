"""The command line loads only the command it runs, and says the same as the whole parser."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from wordsy_tui.cli import COMMANDS, build_parser, main


def said(capsys: pytest.CaptureFixture[str], parse: object) -> tuple[object, str, str]:
    with pytest.raises(SystemExit) as stopped:
        parse()  # type: ignore[operator]
    out, err = capsys.readouterr()
    return stopped.value.code, out, err


@pytest.mark.parametrize("name", COMMANDS)
@pytest.mark.parametrize("rest", [["--help"], ["--no-such-option"]])
def test_a_command_alone_says_what_the_whole_parser_says(
    name: str, rest: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    whole = said(capsys, lambda: build_parser().parse_args([name, *rest]))
    alone = said(capsys, lambda: main([name, *rest]))
    assert alone == whole
    assert whole[0] in (0, 2)
    assert whole[1] or whole[2]  # it said something


@pytest.mark.parametrize("argv", [["--help"], ["-h", "solo"], ["--version", "solo"], ["chess"]])
def test_without_a_command_first_every_command_is_listed(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = said(capsys, lambda: main(argv))
    if argv[0] != "--version":
        assert all(name in out + err for name in COMMANDS)
    assert code == (2 if argv == ["chess"] else 0)


def loaded_by_main(stub: str, argv: list[str], *packages: str) -> str:
    """The modules of `packages` that `main(argv)` imports in a fresh interpreter, after
    `stub` (which stands in for the command's own run)."""
    program = (
        f"import sys\n{stub}\n"
        "from wordsy_tui.cli import main\n"
        f"assert main({argv!r}) == 0\n"
        f"print(sorted(m for m in sys.modules if m.startswith({packages!r})))\n"
    )
    return subprocess.run(
        [sys.executable, "-c", program], check=True, capture_output=True, text=True, timeout=60
    ).stdout.strip()


def test_solo_imports_no_other_command() -> None:
    stub = "import wordsy_tui.cli.solo as solo; solo.run = lambda args, parser: 0"
    loaded = loaded_by_main(stub, ["solo", "--name", "Ann"], "wordsy_tui.cli.")
    assert loaded == str(["wordsy_tui.cli.options", "wordsy_tui.cli.solo"])


def test_the_start_menu_imports_no_command_and_no_game() -> None:
    # `wordsy-tui` alone opens the menu: no command's parser, no game's rules before it.
    stub = "import wordsy_tui.cli.menu as menu; menu.run_menu = lambda name=None: 0"
    loaded = loaded_by_main(stub, [], "wordsy_tui.cli.", "wordsy_tui.games.")
    assert loaded == str(["wordsy_tui.cli.menu", "wordsy_tui.cli.options"])


GAME_PACKAGES = tuple(
    f"wordsy_tui.games.{game}." for game in ("wordsy", "tiles", "wordnerds", "wordsmith")
)


@pytest.mark.parametrize(
    ("argv", "games"),
    [
        (["host", "--name", "Hal"], ["wordsy"]),
        (["solo", "--game", "scrabble", "--name", "Ann"], ["tiles", "wordsy"]),
        (["solo", "--game=wordsmith"], ["tiles", "wordnerds", "wordsmith", "wordsy"]),
    ],
)
def test_host_and_solo_parse_the_named_games_options_without_the_games_after_it(
    argv: list[str], games: list[str]
) -> None:
    # Their lines hold every game's options: the kits after the named game's in the list
    # are not imported on the way to its first frame.
    stub = (
        f"import wordsy_tui.cli.{argv[0]} as command\n"
        "command.run = lambda args, parser: 0 if args.game and args.parser else 1"
    )
    loaded = loaded_by_main(stub, argv, *GAME_PACKAGES)
    assert sorted({name.split(".")[2] for name in ast.literal_eval(loaded)}) == games


@pytest.mark.parametrize(
    "line",
    [
        ["host", "--seats", "99"],  # out of every game's range
        ["host", "--gam", "wordsy"],  # an abbreviation the whole line finds ambiguous
        ["host", "--game", "nosuch"],
        ["host", "--game"],
        ["solo", "--game", "wordnerds", "--bogus"],
        ["solo", "--difficulty", "nightmare"],
    ],
)
def test_a_line_one_games_part_does_not_take_is_said_by_the_whole_parser(
    line: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    whole = said(capsys, lambda: build_parser().parse_args(line))
    assert said(capsys, lambda: main(line)) == whole
    assert whole[0] == 2


@pytest.mark.parametrize(
    ("line", "why"),
    [
        (["host", "--salvage"], "--salvage goes with --resume GAME"),
        (["host", "--clock", "10"], "--clock is for Scrabble, Words with Friends, Wordfeud"),
        (["solo", "--game", "scrabble", "--difficulty", "hard"], "--difficulty is for Wordsy"),
    ],
)
def test_what_a_command_finds_wrong_after_parsing_shows_every_games_options(
    line: list[str], why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = said(capsys, lambda: main(line))
    assert code == 2
    assert why in err
    assert "{wordsy,scrabble,wwf,wordfeud,wordnerds,wordsmith}" in err  # the whole usage
