"""The rules of Wordsy: commands in, events out, state as a fold of events.

Pure Python: no I/O, no clock, no asyncio, no Textual. The host's random
generator is passed to `decide`; the host's clock arrives as commands.

Each part is imported from its module (`decide.decide`, `evolve.evolve`,
`state.GameState`): the package itself loads nothing, so that what needs only the
config (the command line, the start menu) does not make every command and event.
"""
