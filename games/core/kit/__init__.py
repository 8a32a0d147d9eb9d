"""The pure kit every game's rules are built with: the rules contract and its shared parts,
the computer-level ladder, the registry of games, setup options and preferences, and the
Session (the mid-end: history, undo and redo, game IDs, the save format). No pygame, no I/O."""
