"""Starting a game: its modules, a new game made in a worker thread (with the "making a
puzzle" screen that keeps the window alive meanwhile), and a saved game resumed."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from games.core.kit import registry
from games.core.kit.options import Option, params_kwargs, play_choices
from games.core.kit.rules_api import GameError
from games.core.kit.session import Session, read_save
from games.core.loop.app import Scene
from games.core.screens import ui

if TYPE_CHECKING:
    import datetime

    import pygame

    from games.core.loop.app import App
    from games.core.screens.frame import Frame


def open_game(app: App, session: Session[Any, Any, Any], play: dict[str, Any] | None = None,
              replace_scene: Scene | None = None) -> Frame:
    """The game in `session` on its frame, on top (over the scene it replaces, if any). The
    frame and the game's board are imported here: a game's screens never import them."""
    from games.core.screens.frame import Frame
    if replace_scene is not None:
        app.pop(replace_scene)
    frame = Frame(app, session, play)
    app.push(frame)
    return frame


def options_of(key: str) -> Sequence[Option]:
    """The game's setup options (its pure data, imported without its scene)."""
    return registry.lookup(key).data.options


def colour_words(key: str, text: str) -> str:
    """A game's words (its rules, lesson, captions, options) with each of its colours named as
    the active palette paints it (its art module's `reword`, where it names colours)."""
    reword = getattr(registry.lookup(key).art().sprites, "reword", None)
    return reword(text) if reword is not None else text


def offered(key: str, option: Option, value: object) -> bool:
    """Is `value` one the option offers now? A computer level may also be one the game's
    computer still reads (an older name it maps to the nearest level)."""
    if any(value == known and type(value) is type(known) for known, _ in option.choices):
        return True
    if option.key == "level" and option.target == "play" and \
            isinstance(value, (str, int)) and not isinstance(value, bool):
        versus = registry.lookup(key).parts().versus
        if versus is not None:
            try:
                versus.analysis.level_chance(value)
                return True
            except GameError:
                return False
    return False


def remembered_choices(key: str, choices: object) -> dict[str, Any]:
    """A value for every option of the game: each remembered or given value it still offers,
    else the option's default (settings outlive the options of an older build)."""
    choices = choices if isinstance(choices, dict) else {}
    return {option.key: choices[option.key]
            if option.key in choices and offered(key, option, choices[option.key])
            else option.default for option in options_of(key)}


def checked_play(key: str, play: dict[str, Any], problems: list[str]) -> dict[str, Any]:
    """A save's play options with every value its option no longer offers replaced by the
    default (the game is kept; the player is told). Other keys are the scene's own."""
    play = dict(play)
    for option in options_of(key):
        if option.target == "play" and option.key in play and \
                not offered(key, option, play[option.key]):
            default = dict(option.choices).get(option.default, option.default)
            problems.append(f"The saved game's {option.label.lower()} {play[option.key]!r} is "
                            f"not known here; it is now {default}.")
            play[option.key] = option.default
    return play


def start_new_game(app: App, key: str, choices: dict[str, Any],
                   replace_scene: Scene | None = None) -> None:
    """Make a game in a worker thread (a slow generator never freezes the window), then show it."""
    options = options_of(key)
    choices = remembered_choices(key, choices)
    play = play_choices(options, choices)
    try:
        params = registry.lookup(key).rules.params_from_options(**params_kwargs(options, choices))
    except GameError as error:     # a combination no game has (a 3 x 3 Hard KenKen, say)
        app.tell(str(error))
        return
    seed = app.dealer.randrange(2 ** 31)

    def show(session: Session[Any, Any, Any]) -> None:
        open_game(app, session, play, replace_scene)

    app.push(LoadingScene(app, lambda: Session.new(key, params, seed), show))


def start_deal(app: App, game_id: str, play: dict[str, Any] | None = None,
               replace_scene: Scene | None = None) -> None:
    """Play a deal from its game ID (the daily puzzle, or a game of the history again), with
    the play options last chosen for the game and `play` over them. The ID is checked (and a
    seed's deal made) in a worker thread; a bad one is said on the launcher."""
    key = game_id.partition(":")[0]
    try:
        options = options_of(key)
    except KeyError as error:
        app.messages.append(str(error.args[0]))
        return
    choices = remembered_choices(key, app.settings.get("setup", {}).get(key))
    chosen = {**play_choices(options, choices), **(play or {})}

    def show(session: Session[Any, Any, Any]) -> None:
        open_game(app, session, chosen, replace_scene)

    app.push(LoadingScene(app, lambda: Session.from_id(game_id), show))


def start_daily(app: App, key: str, day: datetime.date, replace_scene: Scene | None = None) -> None:
    """The daily puzzle of `day` (a datetime.date: today's, or a past day's from the archive):
    its deal is made from the date alone, and the day goes with the game (its play options),
    so the puzzle in hand stays that day's whatever the clock says later."""
    from games.core.kit import daily
    start_deal(app, daily.seeded_id(key, day), {"daily": day.isoformat()}, replace_scene)


def open_daily(app: App, key: str, day: datetime.date, replace_scene: Frame | None = None,
               close: Callable[[], None] | None = None) -> None:
    """Play the daily puzzle of `day`. The game that already is that puzzle is taken up again
    (the one the asking screen was opened from, or the saved one); another game in progress
    is given up only once the player says so. `close()` closes the asking screens first."""
    game = replace_scene
    if game is not None and game.daily is not None and game.daily.day == day and not game.over:
        app.pop(app.stack[app.stack.index(game) + 1])    # back to it
        return
    if game is None and app.store.saved_daily(key) == day.isoformat():
        if close is not None:
            close()
        resume_saved_game(app, key)
        return

    def start() -> None:
        if close is not None:
            close()
        start_daily(app, key, day, replace_scene)
    if (game is not None and not game.over) or (game is None and app.store.has_save(key)):
        from games.core.screens.question import ConfirmScene  # asked only when needed
        app.push(ConfirmScene(app, "Play this daily puzzle?", "Play it (Y)", "Keep my game (N)",
                              start, f"Your {registry.lookup(key).title} game in progress is "
                              f"given up."))
        return
    start()


def resume_saved_game(app: App, key: str) -> bool:
    """Rebuild the saved game (checked whole and brought up to date by saves.read, which also
    bounds its history, so the replay is quick) and open it; a game with a friend over the
    network is hosted again (the host screen: a new invitation, the game as it was)."""
    def rebuild(data: object) -> tuple[Session[Any, Any, Any], dict[str, Any], list[str]]:
        problems: list[str] = []
        save = read_save(data, key)
        return Session.from_save(save), checked_play(key, save["play"], problems), problems
    loaded, message = app.store.load_game(key, rebuild)
    if message:
        app.tell(message)
    if loaded is None:
        return False
    session, play, problems = loaded
    for problem in problems:
        app.tell(problem)
    if play.get("opponent") == "network":    # a game left unfinished: hosted again for the
        from games.core.screens.netplay import HostScene  # friend to come back to
        app.push(HostScene(app, session, 1 if play.get("side") == 1 else 0))
        return True
    open_game(app, session, play)
    return True


Result = TypeVar("Result")    # what a LoadingScene's work makes and hands to done


class LoadingScene(Scene, Generic[Result]):
    """Runs job() in a thread; shows progress after 0.1 s; then calls done(result)."""
    opaque = False

    def __init__(self, app: App, work: Callable[[], Result],
                 done: Callable[[Result], object]) -> None:
        super().__init__(app)
        self.done, self.age = done, 0.0
        self.job = app.jobs.start(work)

    def wait(self) -> None:
        """Tests and the demo: block until the work is finished."""
        self.job.wait()

    def next_change(self) -> float:
        return 0.0      # its dots run until the work is done

    def update(self, dt: float) -> None:
        self.age += dt
        if not self.job.done:
            return
        self.app.pop(self)
        if isinstance(self.job.error, GameError):
            self.app.tell(str(self.job.error))
        elif self.job.error is not None:
            raise self.job.error
        else:
            self.done(self.job.result)

    def draw(self, surface: pygame.Surface) -> None:
        if self.age < 0.1:
            return
        width, height = self.app.size
        surface.blit(ui.shade(self.app.size, (0, 0, 0, 150)), (0, 0))
        dots = "." * (1 + int(self.age * 3) % 3)
        ui.label(surface, f"Making a puzzle{dots}", (width // 2, height // 2), ui.HEADING,
                 ui.TEXT, bold=True, anchor="center")
