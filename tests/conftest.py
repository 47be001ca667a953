"""What every test shares: an error that asyncio could only log fails the test that made it.

A task that raised and was never awaited ("Task exception was never retrieved"), a task
destroyed while still pending, an exception in a callback or a connection handler: asyncio
reports each through its loop's exception handler, which logs it (for a dead task, only
when the task is freed) and lets the program go on. Unraisable exceptions and exceptions in
threads are pytest's own warnings, made errors in pyproject.toml.
"""

from __future__ import annotations

import gc
import logging
from collections.abc import Iterator

import pytest


class _Reported(logging.Handler):
    """Keeps what asyncio reports as an error."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.reports: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.reports.append(self.format(record))


@pytest.fixture(autouse=True)
def asyncio_reports_nothing() -> Iterator[None]:
    if not gc.get_freeze_count():  # (a test that ran an app's `run_to_end` unfroze it all)
        gc.freeze()
    reported = _Reported()
    logger = logging.getLogger("asyncio")
    logger.addHandler(reported)
    try:
        yield
        # A task that died in a reference cycle (its traceback holds its frames) reports
        # itself only when it is freed: now, while it is still this test's. What was alive
        # before the test (modules, tests, their parameters) is frozen, out of the round:
        # a collection costs a test what it made.
        gc.collect()
    finally:
        logger.removeHandler(reported)
    if reported.reports:
        pytest.fail("asyncio reported:\n" + "\n".join(reported.reports), pytrace=False)
