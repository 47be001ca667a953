"""Loading the referee's data off the UI thread, so the app's first frame is not delayed."""

from __future__ import annotations

import threading
from collections.abc import Callable

from wordsy_tui.games.wordsy.referee.best import load_word_search
from wordsy_tui.words.lexicon import load_lexicon


def _load(with_search: bool, pace: Callable[[], object]) -> None:
    load_lexicon()
    if with_search:
        load_word_search(pace)


def preload_in_background(
    with_search: bool = True, pace: Callable[[], object] = lambda: None
) -> threading.Thread:
    """Start loading on a daemon thread; later calls to the loaders wait for it, not redo it.

    `with_search` also builds the best-word search, which hosts with
    computer players or the reveal's best word need; a bare client can skip it.
    `pace` is called between the search's slices (see `WordSearch`).
    """
    thread = threading.Thread(
        target=_load, args=(with_search, pace), name="wordsy-referee-preload", daemon=True
    )
    thread.start()
    return thread
