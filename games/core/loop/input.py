"""One set of actions, three devices (docs/DESIGN.md, "Input").

Scenes see Action values, never raw device codes. Mouse, keyboard and gamepad each reach every
action a game needs. Gamepads are opened on hot-plug through pygame._sdl2.controller, keyed by
instance id, and dropped on removal (the App then pauses the game).
"""
from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import NamedTuple

import pygame

from games.core.kit.actions import Act, Action, Command, Device

KEYS = {
    pygame.K_LEFT: (Act.MOVE, -1, 0), pygame.K_RIGHT: (Act.MOVE, 1, 0),
    pygame.K_UP: (Act.MOVE, 0, -1), pygame.K_DOWN: (Act.MOVE, 0, 1),
    pygame.K_KP4: (Act.MOVE, -1, 0), pygame.K_KP6: (Act.MOVE, 1, 0),
    pygame.K_KP8: (Act.MOVE, 0, -1), pygame.K_KP2: (Act.MOVE, 0, 1),
    pygame.K_RETURN: (Act.CONFIRM, 0, 0), pygame.K_KP_ENTER: (Act.CONFIRM, 0, 0),
    pygame.K_SPACE: (Act.CONFIRM, 0, 0), pygame.K_x: (Act.ALT, 0, 0),
    pygame.K_ESCAPE: (Act.CANCEL, 0, 0), pygame.K_p: (Act.MENU, 0, 0),
    pygame.K_u: (Act.UNDO, 0, 0), pygame.K_r: (Act.REDO, 0, 0),
    pygame.K_h: (Act.HINT, 0, 0), pygame.K_F1: (Act.HELP, 0, 0),
    pygame.K_BACKSPACE: (Act.CLEAR, 0, 0), pygame.K_DELETE: (Act.CLEAR, 0, 0),
    pygame.K_TAB: (Act.NEXT, 0, 0), pygame.K_n: (Act.NEW, 0, 0),
    pygame.K_PAGEUP: (Act.PAGE, 0, -1), pygame.K_PAGEDOWN: (Act.PAGE, 0, 1),
    pygame.K_HOME: (Act.EDGE, 0, -1), pygame.K_END: (Act.EDGE, 0, 1),
}

PAD_BUTTONS = {
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (Act.MOVE, -1, 0),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (Act.MOVE, 1, 0),
    pygame.CONTROLLER_BUTTON_DPAD_UP: (Act.MOVE, 0, -1),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: (Act.MOVE, 0, 1),
    pygame.CONTROLLER_BUTTON_A: (Act.CONFIRM, 0, 0),
    pygame.CONTROLLER_BUTTON_B: (Act.CANCEL, 0, 0),
    pygame.CONTROLLER_BUTTON_X: (Act.ALT, 0, 0),
    pygame.CONTROLLER_BUTTON_Y: (Act.HINT, 0, 0),
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: (Act.UNDO, 0, 0),
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: (Act.REDO, 0, 0),
    pygame.CONTROLLER_BUTTON_START: (Act.MENU, 0, 0),
    pygame.CONTROLLER_BUTTON_BACK: (Act.HELP, 0, 0),
}
# A plain joystick without a controller mapping: buttons in the common Xbox order.
JOY_BUTTONS = {0: (Act.CONFIRM, 0, 0), 1: (Act.CANCEL, 0, 0), 2: (Act.ALT, 0, 0), 3: (Act.HINT, 0,
                                                                                      0),
               4: (Act.UNDO, 0, 0), 5: (Act.REDO, 0, 0), 6: (Act.HELP, 0, 0), 7: (Act.MENU, 0, 0)}

STICK_THRESHOLD = 0.5       # of full deflection, to count as a push
REPEAT_DELAY, REPEAT_EVERY = 0.35, 0.11   # held stick or d-pad: seconds


class Held(NamedTuple):
    """A d-pad, hat or stick held in a direction, and for how long (seconds): a NamedTuple,
    as the records the first frame defines are (a tenth of a dataclass's cost to define)."""
    dx: int
    dy: int
    seconds: float = 0.0


class Input:
    """Turns pygame events into Actions and keeps the open gamepads."""

    def __init__(self) -> None:
        self.pads: dict[int, object] = {}       # instance id -> Controller or Joystick
        self.controller_ids: set[int] = set()   # those opened as game controllers
        self.held: dict[tuple[int | None, str], Held] = {}   # by (instance, source)
        self.last_device = Device.MOUSE
        self._controller: ModuleType | None = None   # pygame._sdl2.controller, once started
        # The letters the scene on top declared (App.dispatch sets them): each arrives as
        # its Command, so no scene compares raw letters.
        self.letters: Mapping[str, Command] = {}

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
    def translate(self, event: pygame.event.Event) -> list[Action]:
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            return [Action(Act.POINT, Device.MOUSE, pos=event.pos)]
        if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in (1, 3):
            self.last_device = Device.MOUSE
            return [Action(Act.PRESS if kind == pygame.MOUSEBUTTONDOWN else Act.RELEASE,
                           Device.MOUSE,
                           pos=event.pos, alt=event.button == 3)]
        if kind == pygame.MOUSEWHEEL:
            return [Action(Act.WHEEL, Device.MOUSE, dy=-event.y)]
        if kind == pygame.KEYDOWN:
            return self._key(event)
        if kind == pygame.TEXTINPUT:
            return [Action(Act.TEXT, Device.KEYBOARD, value=event.text)]
        return self._pad(event)

    def _key(self, event: pygame.event.Event) -> list[Action]:
        self.last_device = Device.KEYBOARD
        key, mods = event.key, event.mod
        ctrl, shift = mods & pygame.KMOD_CTRL, mods & pygame.KMOD_SHIFT
        if ctrl and key == pygame.K_z:
            return [Action(Act.REDO if shift else Act.UNDO)]
        if ctrl and key == pygame.K_y:
            return [Action(Act.REDO)]
        if ctrl and key in (pygame.K_c, pygame.K_v):
            return [Action(Act.COPY if key == pygame.K_c else Act.PASTE)]
        if ctrl:
            return []
        if key in (pygame.K_RETURN, pygame.K_SPACE) and shift:
            return [Action(Act.ALT)]
        if key == pygame.K_TAB and shift:
            return [Action(Act.PREV)]
        if pygame.K_0 <= key <= pygame.K_9:
            return [Action(Act.DIGIT, value=key - pygame.K_0)]
        letter = chr(key) if pygame.K_a <= key <= pygame.K_z else ""
        if letter in self.letters:
            return [Action(Act.COMMAND, value=self.letters[letter])]
        if key in KEYS:
            action, dx, dy = KEYS[key]
            return [Action(action, dx=dx, dy=dy)]
        if letter:
            return [Action(Act.KEY, value=letter)]
        if key == pygame.K_SLASH and shift:
            return [Action(Act.HELP)]
        return []

    def _pad(self, event: pygame.event.Event) -> list[Action]:
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
                self.held[(instance, "hat")] = Held(dx, dy)
                return [self._pad_action(Act.MOVE, dx, dy)]
            return []
        if kind == pygame.JOYAXISMOTION:
            return self._axis(event.axis, event.value, instance, controller=False)
        return []

    def _pad_action(self, kind: Act, dx: int = 0, dy: int = 0) -> Action:
        self.last_device = Device.PAD
        return Action(kind, Device.PAD, dx=dx, dy=dy)

    def _button(self, mapped: tuple[Act, int, int] | None, instance: int | None,
                source: str) -> list[Action]:
        if mapped is None:
            return []
        action, dx, dy = mapped
        if action == Act.MOVE:
            self.held[(instance, source)] = Held(dx, dy)
        return [self._pad_action(action, dx, dy)]

    def _axis(self, axis: int, value: float, instance: int | None,
              controller: bool) -> list[Action]:
        if controller and axis == pygame.CONTROLLER_AXIS_TRIGGERLEFT:
            return [self._pad_action(Act.PREV)] if value > STICK_THRESHOLD else []
        if controller and axis == pygame.CONTROLLER_AXIS_TRIGGERRIGHT:
            return [self._pad_action(Act.NEXT)] if value > STICK_THRESHOLD else []
        if axis not in (0, 1):   # left stick only (same numbers for controllers and joysticks)
            return []
        key = (instance, f"axis{axis}")
        pushed = 1 if value > STICK_THRESHOLD else -1 if value < -STICK_THRESHOLD else 0
        previous = self.held.get(key)
        if not pushed:
            self.held.pop(key, None)
            return []
        dx, dy = (pushed, 0) if axis == 0 else (0, pushed)
        if previous and (previous.dx, previous.dy) == (dx, dy):
            return []   # still held: update() repeats it
        self.held[key] = Held(dx, dy)
        return [self._pad_action(Act.MOVE, dx, dy)]

    def repeating(self) -> bool:
        """A d-pad, hat or stick is held: update() will repeat it, so the loop keeps stepping."""
        return bool(self.held)

    def update(self, dt: float) -> list[Action]:
        """Auto-repeat for a held d-pad, hat or stick."""
        repeats: list[Action] = []
        for key, entry in self.held.items():
            before = entry.seconds
            self.held[key] = entry = entry._replace(seconds=before + dt)
            if entry.seconds >= REPEAT_DELAY:
                since = (int((before - REPEAT_DELAY) // REPEAT_EVERY)
                         if before >= REPEAT_DELAY else -1)
                now = int((entry.seconds - REPEAT_DELAY) // REPEAT_EVERY)
                repeats += [self._pad_action(Act.MOVE, entry.dx, entry.dy)] * (now - since)
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
        return [Action(Act.PAD_ADDED, Device.PAD)]

    def _close(self, instance: int) -> list[Action]:
        if instance not in self.pads:
            return []
        del self.pads[instance]
        self.controller_ids.discard(instance)
        for key in [k for k in self.held if k[0] == instance]:
            del self.held[key]
        return [Action(Act.PAD_LOST, Device.PAD)]


# --- events as SDL sends them, for what plays Parlour by itself (the tour, the tests) --------

def keystroke(key: int, mod: int = 0) -> tuple[pygame.event.Event, pygame.event.Event]:
    """A key pressed and let go."""
    fields = {"key": key, "mod": mod, "unicode": "", "scancode": 0}
    return pygame.event.Event(pygame.KEYDOWN, fields), pygame.event.Event(pygame.KEYUP, fields)


def typed(text: str) -> pygame.event.Event:
    """Text as a keyboard or a paste types it."""
    return pygame.event.Event(pygame.TEXTINPUT, text=text)

