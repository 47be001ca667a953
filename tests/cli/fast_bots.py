"""`wordsy-tui` whose computer players think fast, for tests that run a real host process.

    python -m tests.cli.fast_bots host --headless ...

Everything else is the real command line: parsing, `--resume`, the seat book, the log.
A bot at its normal pace thinks for up to a minute; the crash tests need its word written
(and locked in) in well under a second, so that they can kill the host right after.
"""

from __future__ import annotations

import functools
import sys

from wordsy_tui.cli import main, serve
from wordsy_tui.session import lan

BOT_PACE = 0.02

if __name__ == "__main__":
    serve.LanHost = functools.partial(lan.LanHost, bot_pace=BOT_PACE)  # type: ignore[misc]
    sys.exit(main(sys.argv[1:]))
