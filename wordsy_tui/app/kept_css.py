"""The rules Textual parses from each stylesheet, kept beside the bytecode for the next run.

Textual parses every stylesheet an app uses (its own files, each widget's `DEFAULT_CSS`) in
every process, as its screens first come up: about 11 ms of a hosting player's first
frame and 12 ms of a solo game's, against 4.5 ms for a minimal app. That text changes only
with the package. Here the rules parsed from a text are kept, keyed by the text and where
it was read from, in a file beside the bytecode (`beside_bytecode`), for one interpreter,
one version of Textual and one set of the theme's variables (the rules are parsed with
them in); an app's stylesheet takes them from there. Reading them back is a tenth of
parsing them.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from typing import Any, TypeAlias

import textual
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

from wordsy_tui.beside_bytecode import kept_path, read_kept, write_kept

Source: TypeAlias = tuple[str, tuple[str, str], bool, int, str]
"""A text's key: the text, where it was read from, whether it is a widget's default, its
tie-breaker and its scope (the arguments Textual parses it with, besides the variables)."""


def header(variables: dict[str, str]) -> bytes:
    """What a kept file starts with: whom its rules are for. Textual's install is told by
    its package file's time and size, as Python tells a module's source for its bytecode
    (`textual.__version__` reads the package's metadata: 18 ms)."""
    install = os.stat(textual.__file__)
    named = "\n".join(f"{name}={value}" for name, value in sorted(variables.items()))
    mark = f"{textual.__file__} {install.st_mtime_ns} {install.st_size}\n{named}"
    return MAGIC_NUMBER + hashlib.sha256(mark.encode()).digest()


class KeptRules:
    """The rules of every text parsed with `variables`, by its key: those read from `path`
    and those parsed since (`new`, written by `save`)."""

    def __init__(self, path: Path, variables: dict[str, str]) -> None:
        self.path = path
        self.variables = dict(variables)
        self._header = header(variables)
        self.rules = self._read()
        self.new: dict[Source, list[RuleSet]] = {}

    def _read(self) -> dict[Source, list[RuleSet]]:
        """What `path` holds, or nothing if it cannot be read or is not such a file."""
        body = read_kept(self.path, self._header)
        if body is None:
            return {}
        try:
            kept = pickle.loads(body)
        except Exception:  # a file cut short or damaged: parsed again, and written over
            return {}
        return kept if isinstance(kept, dict) else {}

    def save(self) -> None:
        """Write what was parsed since the file was read, with what the file holds now
        (another process may have added to it), unless bytecode is not to be written."""
        if not self.new:
            return
        try:
            body = pickle.dumps(self._read() | self.new, protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
            self.new = {}  # rules that will not keep: parsed every run, as without the file
            return
        if write_kept(self.path, self._header, body):
            self.new = {}


class KeptStylesheet(Stylesheet):
    """A stylesheet that takes a text's rules from `kept` where they were parsed with the
    same variables, and adds those it parses to it."""

    def __init__(self, *, variables: dict[str, str], kept: KeptRules) -> None:
        super().__init__(variables=variables)
        self.kept = kept

    def _parse_rules(
        self,
        css: str,
        read_from: Any,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        kept = self.kept
        if kept.variables != self._variables:  # another theme's: not kept
            return super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
        source: Source = (css, read_from, is_default_rules, tie_breaker, scope)
        rules = kept.rules.get(source)
        if rules is None:
            rules = kept.rules[source] = super()._parse_rules(
                css, read_from, is_default_rules, tie_breaker, scope
            )
            if not sys.dont_write_bytecode:  # to be written (`save`), else never held twice
                kept.new[source] = rules
        return rules

    def keep(self) -> None:
        """Write the rules parsed since the last time, if any (see `KeptRules.save`)."""
        if self.kept.new:
            self.kept.save()


_kept: KeptRules | None = None
"""This process's kept rules (one file for every app it runs)."""


def kept_stylesheet(variables: dict[str, str]) -> Stylesheet:
    """A stylesheet for an app whose theme gives `variables`: one that takes its rules
    from the kept file, where bytecode is kept."""
    global _kept
    if _kept is None or _kept.variables != variables:
        path = kept_path(__file__, ".rules")
        if path is None:  # an interpreter that keeps no bytecode
            return Stylesheet(variables=variables)
        _kept = KeptRules(path, variables)
    return KeptStylesheet(variables=variables, kept=_kept)
