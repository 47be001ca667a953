"""What every game's vote on a word asks, the same way: the question and its keys (y, the
word stands; n, it does not) and what decides it."""

from __future__ import annotations

from rich.text import Text


def vote_choices(
    text: Text, asked: tuple[str, str, str], answers: tuple[str, str], tie: str
) -> Text:
    """`text`, then the question (`asked`: its words around the bold word), the keys and
    what each `answers`, and what a tie or no votes leaves (`tie`)."""
    text.append("\n\n" + asked[0])
    text.append(asked[1], "bold")
    text.append(asked[2] + "\n")
    for key, answer in zip(("y", "n"), answers, strict=True):
        text.append(f"  {key}", "bold")
        text.append(f"  {answer}" + ("\n" if key == "y" else ""))
    text.append(f"\n\nA majority of the votes decides; a tie, or no votes in time, {tie}.")
    return text
