"""`wordsy-tui` with Twenty-One registered: the program of a child process in the tests (a
headless host, the SSH front's child), every command the real command line's.

    python -m tests.games.madeup.program host --game madeup --headless ...
"""

from __future__ import annotations

import sys

from tests.games.madeup.registry import register
from wordsy_tui.cli import main

if __name__ == "__main__":
    register()
    sys.exit(main(sys.argv[1:]))
