"""The player's data: what the files hold (schema), reading and writing them safely (store),
and the best scores and records read from them. No pygame."""
