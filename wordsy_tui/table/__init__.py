"""Session glue: the game engine on one side, the app (and the network) on the other."""
