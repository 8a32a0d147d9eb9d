"""The launcher's "Open a game ID", through the real loop with mouse, keyboard and pad: typed,
pasted (Ctrl+V, Paste, a pad's A) and opened as `play --id` opens it; a bad ID gets one clear
message and loses nothing (hostile IDs generated)."""
import pygame
from hypothesis import HealthCheck, given, settings, strategies as st

from games.core.kit import registry
from games.core.kit.session import Session
from games.core.screens.game_id import OpenIdScene
from games.core.screens.launcher import LauncherScene
from games.core.screens.question import ConfirmScene

NIM = "nim:start=classic,misere=0:3,4,5"
PAD_A = pygame.CONTROLLER_BUTTON_A


def open_button(driver):
    launcher = driver.app.top
    assert isinstance(launcher, LauncherScene)
    return launcher, next(w for w in launcher.menu.widgets
                          if getattr(w, "words", "") == "Open a game ID")


def opened(driver, game_id: str) -> None:
    scene = driver.app.top
    assert getattr(scene, "session", None) is not None, f"no game opened: {driver.app.top}"
    assert scene.session.game_id == Session.from_id(game_id).game_id


def test_the_mouse_pastes_and_opens(driver):
    _, button = open_button(driver)
    driver.click(button.rect.center)
    dialog = driver.app.top
    assert isinstance(dialog, OpenIdScene)
    pygame.scrap.put_text(f"  {NIM}\n")                # as copied from a page: spaces dropped
    driver.click(dialog.paste_button.rect.center)
    assert dialog.text == NIM
    driver.frames()
    driver.click(dialog.open_button.rect.center)
    driver.frames(2)
    opened(driver, NIM)


def test_the_keyboard_types_pastes_and_opens(driver):
    launcher, button = open_button(driver)
    for _ in range(len(launcher.menu.widgets)):
        if launcher.menu.widgets[launcher.menu.focus] is button:
            break
        driver.key(pygame.K_TAB)
    driver.key(pygame.K_RETURN)
    dialog = driver.app.top
    assert isinstance(dialog, OpenIdScene)
    driver.type_text("kono::")
    driver.key(pygame.K_u)                             # a shortcut letter types, never undoes
    assert driver.app.top is dialog and dialog.text == "kono::"
    driver.key(pygame.K_BACKSPACE)
    pygame.scrap.put_text("BBBBBBBBWWWWWWWW:B")
    driver.key(pygame.K_v, pygame.KMOD_CTRL)           # Ctrl+V replaces the text
    assert dialog.text == "BBBBBBBBWWWWWWWW:B"
    driver.key(pygame.K_RETURN)
    assert driver.app.top is dialog and dialog.problem.startswith("Not a game ID Parlour can")
    assert dialog.text == "BBBBBBBBWWWWWWWW:B", "a bad ID loses nothing"
    for _ in range(len(dialog.text)):
        driver.key(pygame.K_BACKSPACE)
    driver.type_text("kono::BBBBBBBBWWWWWWWW:B")
    assert dialog.problem == ""
    driver.key(pygame.K_RETURN)
    driver.frames(2)
    opened(driver, "kono::BBBBBBBBWWWWWWWW:B")


def test_the_pad_reaches_the_field_pastes_and_opens_a_seeded_id(driver):
    launcher, button = open_button(driver)
    for _ in range(len(launcher.menu.widgets)):
        if launcher.menu.widgets[launcher.menu.focus] is button:
            break
        driver.pad_axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 32767)
        driver.pad_axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 0)
    driver.pad(PAD_A)
    dialog = driver.app.top
    assert isinstance(dialog, OpenIdScene) and dialog.menu.focus == 0   # on the field
    pygame.scrap.put_text("kenken:size=4,difficulty=easy#77")
    driver.pad(PAD_A)                                  # A on the field pastes
    assert dialog.text == "kenken:size=4,difficulty=easy#77"
    assert dialog.menu.widgets[dialog.menu.focus] is dialog.open_button
    driver.pad(PAD_A)
    driver.frames(2)
    opened(driver, "kenken:size=4,difficulty=easy#77")


def test_a_saved_game_is_replaced_only_when_the_player_says_so(driver):
    driver.start("nim", seed=3).save()
    driver.app.pop(driver.app.top)
    saved = driver.app.store.has_save("nim")
    assert saved
    dialog = driver.app.push(OpenIdScene(driver.app))
    driver.type_text(NIM)
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.app.top, ConfirmScene)
    driver.key(pygame.K_ESCAPE)                        # keep it
    assert driver.app.top is dialog and dialog.text == NIM and driver.app.store.has_save("nim")
    driver.key(pygame.K_RETURN)
    driver.key(pygame.K_y)
    driver.frames(2)
    opened(driver, NIM)


def test_esc_goes_back_and_an_empty_field_says_what_to_do(driver):
    dialog = driver.app.push(OpenIdScene(driver.app))
    driver.frames()
    driver.key(pygame.K_RETURN)
    assert driver.app.top is dialog and "Type or paste a game ID first" in dialog.problem
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.app.top, LauncherScene)


VALID = [Session.new(key, None, 5).game_id for key in registry.KEYS]


def mangled(draw_from):
    """A valid ID with a few characters replaced, inserted or cut."""
    return st.tuples(st.sampled_from(draw_from), st.lists(
        st.tuples(st.integers(0, 300), st.sampled_from(["cut", "put", "add"]),
                  st.characters()), max_size=4)).map(apply_edits)


def apply_edits(case) -> str:
    text, edits = case
    for at, how, ch in edits:
        at = at % (len(text) + 1)
        text = text[:at] + ("" if how == "cut" else ch) + text[at + (how != "add"):]
    return text


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=st.one_of(st.text(max_size=300), mangled(VALID),
                      st.sampled_from(["nim:start=classic,misere=0#" + "9" * 41, ":" * 9000,
                                       "kenken:size=99:x", "nim::", "\x00:\n:\u202e",
                                       "kenken:size=3,difficulty=hard#5"])))
def test_hostile_ids_get_one_message_and_lose_nothing(driver, text):
    while not isinstance(driver.app.top, LauncherScene):
        driver.app.pop(driver.app.top)
    dialog = driver.app.push(OpenIdScene(driver.app))
    dialog.field.type(text)
    typed = dialog.text
    assert len(typed) <= 8000 and not any(ch.isspace() for ch in typed)
    dialog.open()
    driver.frames(2)
    if driver.app.top is dialog:
        assert dialog.text == typed, "a bad ID loses nothing"
        assert dialog.problem and "\n" not in dialog.problem and len(dialog.problem) < 320
        assert dialog.problem.isprintable()
        driver.app.draw(driver.app.screen)
    else:                                              # a valid ID (or a saved game's question)
        top = driver.app.top
        assert isinstance(top, ConfirmScene) or top.session.game_id
