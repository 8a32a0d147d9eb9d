"""The frame's side of a game's key table (docs/DESIGN.md, "Keys"): the toolbar made from the
frame's verbs and the game's commands (its data), and the step down off the board that takes
a pad or the keyboard to the toolbar. The Frame (`scene`) calls these."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.kit.actions import Act, Action, Binding
from games.core.screens import hud, ui

if TYPE_CHECKING:
    from games.core.screens.frame import Frame


def toolbar_buttons(scene: Frame) -> list[ui.Button]:
    """The frame's verbs, then the alternate action's button (if the game names one), then
    the game's commands that have a button, each from its table."""
    entries: list[hud.ToolbarEntry] = [
        ("Menu (Esc)", scene.open_menu, lambda: True),
        ("Undo (U)", scene.undo, scene.can_undo), ("Redo (R)", scene.redo, scene.can_redo),
        ("Hint (H)", scene.hint, scene.can_hint), ("Rules (F1)", scene.open_rules, lambda: True)]
    if scene.alternate_button:
        entries.append((f"{scene.alternate_button} (X)",
                        lambda: scene.handle_board(Action(Act.ALT)), lambda: not scene.over))
    entries += [command_button(scene, b) for b in scene.bindings if b.toolbar]
    return hud.toolbar(entries, scene.app.size)


def command_button(scene: Frame, binding: Binding) -> hud.ToolbarEntry:
    return (binding.label, lambda: scene.run_command(binding.command),
            lambda: scene.command_enabled(binding))


def step_down(scene: Frame, action: Action) -> None:
    """A step down; where it would not move the game's cursor (cursor_look() stays the same:
    the board ends there), it goes on to the toolbar, so a pad reaches every command."""
    before = scene.board.cursor_look()
    scene.tweens.finish_all()
    scene.handle_board(action)
    if before is not None and scene.board.cursor_look() == before:
        scene.toolbar.focused, scene.toolbar.focus = True, 0
