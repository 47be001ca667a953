"""Word Nerds' screens (Textual): the table at 80x24, its dialogs, the solo choice."""
