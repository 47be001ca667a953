"""One module per screen of Wordsy's."""
