"""Widgets and screens: drawing helpers and widgets, the launcher, setup, pause, result and
dialogs, and the frame every game's scene is built on (GameScene, VersusScene, HUD, drag)."""
