"""Twenty-One, a game made up to prove that a game is a folder and a line (issue 22).

Each player in turn adds 1, 2 or 3 to a shared count; whoever brings it to the target (21)
wins. It lives here, in the tests, and is registered in the tests alone
(`tests.games.madeup.registry`): no file of the product knows its name. It attaches as
the real games do: pure rules (`rules`), their `engine.Rules` (`seam`), a table part and
its host (`host`), a seat (`seat`), a computer player's mind (`mind`), the headless host's
lines and desk (`narrate`), the replay's steps (`replay`), an app with one screen (`app`)
and the kit (`kit`).
"""
