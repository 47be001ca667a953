"""Typed access to the app from its screens and widgets."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.dom import DOMNode

if TYPE_CHECKING:
    from wordsy_tui.games.wordsy.app.app import WordsyApp


def wordsy_app(node: DOMNode) -> WordsyApp:
    return cast("WordsyApp", node.app)
