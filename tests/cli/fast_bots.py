"""`wordsy-tui` whose computer players think fast, for tests that run a real host process.

    python -m tests.cli.fast_bots host --headless ...

Everything else is the real command line: parsing, `--resume`, the seat book, the log.
A bot at its normal pace thinks for up to a minute; the crash tests need its word written
(and locked in) in well under a second, so that they can kill the host right after.
"""

from __future__ import annotations

import dataclasses
import sys
from typing import Any

from wordsy_tui.cli import main, serve

BOT_PACE = 0.02

make_server = serve.make_server


def fast_server(options: serve.HostOptions, on_event: Any = None) -> serve.Server:
    """Any game's host with fast computer players; with the fronts, at their own pace (a
    person over SSH types against them)."""
    fronted = options.ssh_port is not None or options.web_port is not None
    fast = options if fronted else dataclasses.replace(options, bot_pace=BOT_PACE)
    return make_server(fast, on_event)


if __name__ == "__main__":
    serve.make_server = fast_server
    sys.exit(main(sys.argv[1:]))
