"""The word list every game's referee reads."""
