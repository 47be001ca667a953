"""A task that failed becomes a message on screen, never an app's end."""

from __future__ import annotations

from typing import Any, cast

from textual.app import App
from textual.dom import DOMNode
from textual.worker import Worker, WorkerState


def report_failure(app: App[Any], worker: Worker[object]) -> None:
    """Tell the player, in a notice, of `worker` if it failed; the app goes on."""
    if worker.state is not WorkerState.ERROR:
        return
    error = worker.error
    app.log.error(f"worker {worker.name!r} failed: {error!r}")
    reason = str(error) or type(error).__name__
    app.notify(reason, title="That did not work", severity="error")


class ReportsFailures:
    """For an app, a widget or a screen whose workers' failures become a message on screen.

    Worker state changes reach only the worker's own node (they do not bubble): each node
    that runs workers reports them itself. (A plain mixin, listed after the widget class:
    Textual takes a widget's CSS from its first base.)
    """

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        report_failure(cast(DOMNode, self).app, event.worker)
