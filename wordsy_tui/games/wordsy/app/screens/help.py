"""The rules in short, the keys, and the variant in play."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.games.wordsy.rules.config import GameConfig

RULES = """\
Eight letter cards lie face up in four columns worth 5, 4, 3 and 2 points;
rare cards add +1 or +2. Each round everyone secretly writes one word. Every
letter of it on the board scores that card (each card once); other letters
score nothing, so long words pay.

The first player to flip the timer is the fastest player; the others then
have the rest of the sand. Beat the fastest player for the first bonus box;
as the fastest player, match or beat the others for the larger second box.
The fastest player holds the No-Flip card next round (3+ players).

No Cheapies: no word played in an earlier round, nor its plural, tense,
gerund or adverb. Challenge a doubtful word; the other players vote. A failed
challenge costs the challenger 2 points. A word the referee refuses scores 0
unless the table keeps it on appeal.

After 7 rounds, drop your two lowest words, add the best five and all
bonuses, subtract penalties. Highest total wins; ties go to the best word.

Solo: the timer starts on the Solo Card's top spot. Pause it (Space) with
15+ points for a box; 20+ with the box moves it to the top, under 20 moves
it down, and from the bottom costs a penalty."""


def paragraphs(text: str) -> str:
    """Unwrap the source's line breaks so the text reflows to the terminal's width."""
    return "\n\n".join(p.replace("\n", " ") for p in text.split("\n\n"))


KEYS = """\
While writing   type your word · Enter lock in (no word: asks first)
                Space flip (solo: pause)
At the reveal   ↑/↓ pick a word · c challenge it · a appeal · Enter ready
                m the word you meant (relaxed play)
Vote            y it stands (or: accept the meant word) · n it breaks the
                rules (or: refuse it) · Esc later (v)
Results         r play again, same table (the host; solo) · Enter done
The host        F9 end the wait now, for everyone (asks first) · F4 remove
Anywhere        ? or F1 this help · F2 or s sheets · Ctrl+P commands
                Tab next pane · Ctrl+Q (or q where you are not typing) leave"""

CHAT_KEYS = """\
Chat            Ctrl+T or F3 opens it · Enter sends · Esc closes
                Everyone sees every line, spectators too
                /1 nice! · /2 hurry up · /3 gg, then Enter · the host: F6 mutes"""


def variant(config: GameConfig) -> str:
    lines = [f"Ruleset: {config.ruleset}"]
    if config.solo is not None:
        lines.append(f"Solo, {config.solo.value}: target {config.solo.target} points")
    if config.timer_seconds is None:
        lines.append("No timer: a Main Player stands in for the fastest player")
    else:
        lines.append(f"Timer: {config.timer_seconds} s once flipped")
    if config.handicapped:
        lines.append(f"Handicapped: {', '.join(sorted(config.handicapped))}")
    if config.meant_words:
        lines.append("Relaxed play: a fallen word may become the word its player meant, by vote")
    return "\n".join(lines)


class HelpScreen(ModalScreen[None]):
    """The rules in short and the keys, and the variant of `config` (the start menu's: the
    defaults); `chat`: the chat's keys too (where others hear it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,f1,question_mark", "close", "Close", id="close-help", key_display="Esc"),
    ]

    def __init__(self, config: GameConfig, chat: bool = False) -> None:
        super().__init__()
        self.config = config
        self.chat = chat

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(Text("The rules in short", "bold"))
            yield Static(paragraphs(RULES), classes="help-text")
            yield Static(Text("Keys", "bold"))
            yield Static(KEYS, classes="help-text")
            if self.chat:  # solo and replays have no chat
                yield Static(CHAT_KEYS, markup=False, classes="help-text")
            yield Static(Text("In play", "bold"))
            yield Static(variant(self.config), markup=False, classes="help-text")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss()
