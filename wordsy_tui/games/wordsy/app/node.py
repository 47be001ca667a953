"""Typed access to the app from its screens and widgets."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.dom import DOMNode
from textual.worker import Worker

if TYPE_CHECKING:
    from wordsy_tui.games.wordsy.app.app import WordsyApp


def wordsy_app(node: DOMNode) -> WordsyApp:
    return cast("WordsyApp", node.app)


class ReportsFailures:
    """For a widget or screen whose workers' failures become a message on screen,
    never the app's end.

    Worker state changes reach only the worker's own node (they do not bubble):
    each node that runs workers hands them to the app's one handler. (A plain mixin,
    listed after the widget class: Textual takes a widget's CSS from its first base.)
    """

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        wordsy_app(cast(DOMNode, self)).report_failure(event.worker)
