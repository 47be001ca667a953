"""The command line loads only the command it runs, and says the same as the whole parser."""

from __future__ import annotations

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
