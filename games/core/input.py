"""One set of actions, three devices (DESIGN.md section 5).

Scenes see Action values, never raw device codes. Mouse, keyboard and gamepad each reach every
action a game needs. Gamepads are opened on hot-plug through pygame._sdl2.controller, keyed by
instance id, and dropped on removal (the App then pauses the game).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

# Action kinds.
POINT, PRESS, RELEASE, WHEEL = "point", "press", "release", "wheel"            # pointer
MOVE, CONFIRM, ALT, CANCEL, MENU = "move", "confirm", "alt", "cancel", "menu"  # cursor & menus
UNDO, REDO, HINT, HELP = "undo", "redo", "hint", "help"
DIGIT, CLEAR, NEXT, PREV, KEY, TEXT = "digit", "clear", "next", "prev", "key", "text"
PAD_ADDED, PAD_LOST = "pad_added", "pad_lost"

MOUSE, KEYBOARD, PAD = "mouse", "keyboard", "pad"


@dataclass(frozen=True)
class Action:
    kind: str
    device: str = KEYBOARD
    pos: tuple | None = None   # pointer actions, in logical screen coordinates
    dx: int = 0
    dy: int = 0
    value: object = None       # DIGIT: the digit; KEY: the letter; TEXT: the text
    alt: bool = False          # PRESS/RELEASE: the alternate (right) button


KEYS = {
    pygame.K_LEFT: (MOVE, -1, 0), pygame.K_RIGHT: (MOVE, 1, 0),
    pygame.K_UP: (MOVE, 0, -1), pygame.K_DOWN: (MOVE, 0, 1),
    pygame.K_KP4: (MOVE, -1, 0), pygame.K_KP6: (MOVE, 1, 0),
    pygame.K_KP8: (MOVE, 0, -1), pygame.K_KP2: (MOVE, 0, 1),
    pygame.K_RETURN: (CONFIRM, 0, 0), pygame.K_KP_ENTER: (CONFIRM, 0, 0),
    pygame.K_SPACE: (CONFIRM, 0, 0), pygame.K_x: (ALT, 0, 0),
    pygame.K_ESCAPE: (CANCEL, 0, 0), pygame.K_p: (MENU, 0, 0),
    pygame.K_u: (UNDO, 0, 0), pygame.K_r: (REDO, 0, 0),
    pygame.K_h: (HINT, 0, 0), pygame.K_F1: (HELP, 0, 0),
    pygame.K_BACKSPACE: (CLEAR, 0, 0), pygame.K_DELETE: (CLEAR, 0, 0),
    pygame.K_TAB: (NEXT, 0, 0),
}

PAD_BUTTONS = {
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (MOVE, -1, 0),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (MOVE, 1, 0),
    pygame.CONTROLLER_BUTTON_DPAD_UP: (MOVE, 0, -1),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: (MOVE, 0, 1),
    pygame.CONTROLLER_BUTTON_A: (CONFIRM, 0, 0),
    pygame.CONTROLLER_BUTTON_B: (CANCEL, 0, 0),
    pygame.CONTROLLER_BUTTON_X: (ALT, 0, 0),
    pygame.CONTROLLER_BUTTON_Y: (HINT, 0, 0),
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: (UNDO, 0, 0),
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: (REDO, 0, 0),
    pygame.CONTROLLER_BUTTON_START: (MENU, 0, 0),
    pygame.CONTROLLER_BUTTON_BACK: (HELP, 0, 0),
}
# A plain joystick without a controller mapping: buttons in the common Xbox order.
JOY_BUTTONS = {0: (CONFIRM, 0, 0), 1: (CANCEL, 0, 0), 2: (ALT, 0, 0), 3: (HINT, 0, 0),
               4: (UNDO, 0, 0), 5: (REDO, 0, 0), 6: (HELP, 0, 0), 7: (MENU, 0, 0)}

STICK_THRESHOLD = 0.5       # of full deflection, to count as a push
REPEAT_DELAY, REPEAT_EVERY = 0.35, 0.11   # held stick or d-pad: seconds


class Input:
    """Turns pygame events into Actions and keeps the open gamepads."""

    def __init__(self):
        self.pads: dict[int, object] = {}       # instance id -> Controller or Joystick
        self.controller_ids: set[int] = set()   # those opened as game controllers
        self.held: dict[tuple, list] = {}       # (instance, source) -> [dx, dy, time held]
        self.last_device = MOUSE
        self._controller = None

    def start_pads(self) -> None:
        """Initialise SDL's game-controller layer (hot-plug events follow)."""
        try:
            from pygame._sdl2 import controller
            controller.init()
            self._controller = controller
        except (ImportError, pygame.error):
            self._controller = None
        if not pygame.joystick.get_init():
            pygame.joystick.init()

    # --- events -> actions ---------------------------------------------------------------
    def translate(self, event) -> list[Action]:
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            return [Action(POINT, MOUSE, pos=event.pos)]
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in (1, 3):
            self.last_device = MOUSE
            return [Action(PRESS if kind == pygame.MOUSEBUTTONDOWN else RELEASE, MOUSE,
                           pos=event.pos, alt=event.button == 3)]
        if kind == pygame.MOUSEWHEEL:
            return [Action(WHEEL, MOUSE, dy=-event.y)]
        if kind == pygame.KEYDOWN:
            return self._key(event)
        if kind == pygame.TEXTINPUT:
            return [Action(TEXT, KEYBOARD, value=event.text)]
        return self._pad(event)

    def _key(self, event) -> list[Action]:
        self.last_device = KEYBOARD
        key, mods = event.key, event.mod
        ctrl, shift = mods & pygame.KMOD_CTRL, mods & pygame.KMOD_SHIFT
        if ctrl and key == pygame.K_z:
            return [Action(REDO if shift else UNDO)]
        if ctrl and key == pygame.K_y:
            return [Action(REDO)]
        if ctrl:
            return []
        if key in (pygame.K_RETURN, pygame.K_SPACE) and shift:
            return [Action(ALT)]
        if key == pygame.K_TAB and shift:
            return [Action(PREV)]
        if pygame.K_0 <= key <= pygame.K_9:
            return [Action(DIGIT, value=key - pygame.K_0)]
        if key in KEYS:
            action, dx, dy = KEYS[key]
            return [Action(action, dx=dx, dy=dy)]
        if pygame.K_a <= key <= pygame.K_z:
            return [Action(KEY, value=chr(key))]
        if key == pygame.K_SLASH and shift:
            return [Action(HELP)]
        return []

    def _pad(self, event) -> list[Action]:
        kind = event.type
        if kind == pygame.CONTROLLERDEVICEADDED:
            return self._open(event.device_index, controller=True)
        if kind == pygame.JOYDEVICEADDED:
            return self._open(event.device_index, controller=False)
        if kind in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):
            return self._close(event.instance_id)
        instance = getattr(event, "instance_id", None)
        is_controller = instance in self.controller_ids
        if kind == pygame.CONTROLLERBUTTONDOWN:
            return self._button(PAD_BUTTONS.get(event.button), instance, "button")
        if kind == pygame.CONTROLLERBUTTONUP:
            self.held.pop((instance, "button"), None)
            return []
        if kind == pygame.CONTROLLERAXISMOTION:
            return self._axis(event.axis, event.value / 32767, instance, controller=True)
        if is_controller:   # SDL repeats a controller's input as joystick events: ignore those
            return []
        if kind == pygame.JOYBUTTONDOWN:
            return self._button(JOY_BUTTONS.get(event.button), instance, "button")
        if kind == pygame.JOYHATMOTION:
            dx, dy = event.value[0], -event.value[1]
            self.held.pop((instance, "hat"), None)
            if dx or dy:
                self.held[(instance, "hat")] = [dx, dy, 0.0]
                return [self._pad_action(MOVE, dx, dy)]
            return []
        if kind == pygame.JOYAXISMOTION:
            return self._axis(event.axis, event.value, instance, controller=False)
        return []

    def _pad_action(self, kind, dx=0, dy=0) -> Action:
        self.last_device = PAD
        return Action(kind, PAD, dx=dx, dy=dy)

    def _button(self, mapped, instance, source) -> list[Action]:
        if mapped is None:
            return []
        action, dx, dy = mapped
        if action == MOVE:
            self.held[(instance, source)] = [dx, dy, 0.0]
        return [self._pad_action(action, dx, dy)]

    def _axis(self, axis, value, instance, controller) -> list[Action]:
        if controller and axis == pygame.CONTROLLER_AXIS_TRIGGERLEFT:
            return [self._pad_action(PREV)] if value > STICK_THRESHOLD else []
        if controller and axis == pygame.CONTROLLER_AXIS_TRIGGERRIGHT:
            return [self._pad_action(NEXT)] if value > STICK_THRESHOLD else []
        if axis not in (0, 1):   # left stick only (same numbers for controllers and joysticks)
            return []
        key = (instance, f"axis{axis}")
        pushed = 1 if value > STICK_THRESHOLD else -1 if value < -STICK_THRESHOLD else 0
        previous = self.held.get(key)
        if not pushed:
            self.held.pop(key, None)
            return []
        dx, dy = (pushed, 0) if axis == 0 else (0, pushed)
        if previous and previous[:2] == [dx, dy]:
            return []   # still held: update() repeats it
        self.held[key] = [dx, dy, 0.0]
        return [self._pad_action(MOVE, dx, dy)]

    def repeating(self) -> bool:
        """A d-pad, hat or stick is held: update() will repeat it, so the loop keeps stepping."""
        return bool(self.held)

    def update(self, dt: float) -> list[Action]:
        """Auto-repeat for a held d-pad, hat or stick."""
        repeats = []
        for entry in self.held.values():
            before = entry[2]
            entry[2] += dt
            if entry[2] >= REPEAT_DELAY:
                since = int((before - REPEAT_DELAY) // REPEAT_EVERY) if before >= REPEAT_DELAY else -1
                now = int((entry[2] - REPEAT_DELAY) // REPEAT_EVERY)
                repeats += [self._pad_action(MOVE, entry[0], entry[1])] * (now - since)
        return repeats

    # --- hot-plug ------------------------------------------------------------------------
    def _open(self, index: int, controller: bool) -> list[Action]:
        try:
            if controller and self._controller is not None:
                pad = self._controller.Controller(index)
                instance = pad.as_joystick().get_instance_id()
                self.controller_ids.add(instance)
            elif self._controller is not None and self._controller.is_controller(index):
                return []   # its CONTROLLERDEVICEADDED event opens it
            else:
                pad = pygame.joystick.Joystick(index)
                instance = pad.get_instance_id()
        except (pygame.error, IndexError):
            return []
        if instance in self.pads:
            return []
        self.pads[instance] = pad
        return [Action(PAD_ADDED, PAD)]

    def _close(self, instance: int) -> list[Action]:
        if instance not in self.pads:
            return []
        del self.pads[instance]
        self.controller_ids.discard(instance)
        for key in [k for k in self.held if k[0] == instance]:
            del self.held[key]
        return [Action(PAD_LOST, PAD)]
