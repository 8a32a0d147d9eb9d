"""The tour's one list of screens (games/core/cli/tour.py): how a player reaches each, in every
game and then across the collection. A new screen is a visit in GAME_VISITS or
COLLECTION_VISITS (or, for a game, a moment, an ending or a start in its PLAN): a visit starts
where the one before it ended, finds its way (a game's setup screen, the launcher) through the
real input path, shoots what it finds (Walker.shoot) and leaves the screens it opened.

Each screen is named by its kind (launcher, settings, setup, rules, lesson, game, pause,
confirm, result, archive, statistics, history, replay, review, game-id, network) and, where
there are several, the moment after a dash ("review-middle")."""
from __future__ import annotations

import functools
import socket
from collections.abc import Callable
from typing import Any

import pygame

from games.core.cli.walker import COLLECTION, STILL, Stuck, Walker
from games.core.kit import registry
from games.core.kit.game import TourPlan
from games.core.kit.lesson import has_lesson
from games.core.kit.rules_api import Outcome
from games.core.loop.app import Scene
from games.core.screens.frame import Frame
from games.core.screens.game_id import OpenIdScene
from games.core.screens.launch import LoadingScene
from games.core.screens.launcher import LauncherScene
from games.core.screens.menus import PauseScene, ResultScene, SetupScene
from games.core.screens.overlays import HelpScene, SettingsScene
from games.core.screens.playback import Playback
from games.core.screens.question import ConfirmScene
from games.core.screens.stats import HistoryScene, StatsScene


def plan_of(key: str) -> TourPlan:
    """What the tour shows of a game (its data's tour plan)."""
    return registry.lookup(key).data.tour


def two_players(key: str) -> bool:
    return registry.lookup(key).players == 2


# --- getting about ------------------------------------------------------------------------------

def launcher(walker: Walker) -> LauncherScene:
    scene = walker.app.find(LauncherScene)
    if scene is None:
        raise Stuck("the launcher is gone")
    walker.back_to(scene)
    return scene


def open_setup(walker: Walker, key: str) -> SetupScene:
    """From the launcher: a click on the game's card."""
    launcher(walker)
    walker.press(key)
    return walker.on_top(SetupScene)   # type: ignore[return-value]


def setup_of(walker: Walker, key: str) -> SetupScene:
    """The game's setup screen, as its visits start and end."""
    top = walker.app.top
    if isinstance(top, SetupScene) and top.key == key and top.replace_scene is None:
        return top
    return open_setup(walker, key)


def new_game(walker: Walker, key: str, **choices: object) -> Frame:
    """From the setup screen: the choices made, New game (a saved game given up)."""
    setup = setup_of(walker, key)
    for option, value in choices.items():
        setup.choose(option, value)
    walker.press("New game")
    if isinstance(walker.app.top, ConfirmScene):
        walker.key(pygame.K_y)
    return game_opened(walker)


def game_opened(walker: Walker) -> Frame:
    """The game just opened (a question of its own may stand over it)."""
    walker.until(lambda: walker.app.find(Frame) is not None and
                 not isinstance(walker.app.top, (SetupScene, LoadingScene, ConfirmScene)),
                 "the game")
    scene = walker.app.find(Frame)
    assert scene is not None
    return scene


def open_id(walker: Walker, game_id: str) -> Frame:
    """The launcher's Open a game ID: typed, then Enter."""
    launcher(walker)
    walker.press("Open a game ID")
    walker.on_top(OpenIdScene)
    walker.type_text(game_id)
    walker.key(pygame.K_RETURN)
    if isinstance(walker.app.top, ConfirmScene):
        walker.key(pygame.K_y)
    return game_opened(walker)


def at_step(lesson: Any, step: int) -> bool:
    """The lesson has come to `step`."""
    return bool(lesson.index >= step)


def leave_game(walker: Walker, scene: Frame, key: str) -> None:
    """Save and leave from the pause menu, then the game's setup screen again."""
    walker.until(lambda: walker.app.top is scene or isinstance(walker.app.top, PauseScene),
                 "the game")
    if walker.app.top is scene:
        walker.key(pygame.K_p)
    walker.press("Save and leave")
    open_setup(walker, key)


def human_turn(walker: Walker, scene: Frame) -> None:
    """Until it is for the player to move (the computer answers), or the game is over."""
    versus = scene.versus
    walker.until(lambda: scene.over or versus is None or not versus.computer_to_move(),
                 "the player's turn")
    walker.settle()


def play_well(walker: Walker, scene: Frame, moves: int = 10_000) -> None:
    """The scripted player's moves (the demo's), `moves` of them or to the end."""
    for _ in range(moves):
        human_turn(walker, scene)
        if scene.over:
            return
        scene.demo_step()
        walker.frames(2, STILL)


def play_badly(walker: Walker, scene: Frame) -> None:
    """Any legal move, by chance, to the end."""
    for _ in range(2000):
        human_turn(walker, scene)
        if scene.over:
            return
        scene.play(walker.rng.choice(scene.game.rules.legal_moves(scene.state)))
        walker.frames(2, STILL)
    raise Stuck("the game never ended")


# --- a game's screens ---------------------------------------------------------------------------

def setup_screen(walker: Walker, key: str) -> None:
    """The setup screen as it opens, and with every option at its last value (the longest
    words, the biggest game)."""
    setup = setup_of(walker, key)
    walker.shoot(key, "setup")
    for option, _ in setup.choices:
        setup.choose(option.key, option.choices[-1][0])
    walker.frames()
    walker.shoot(key, "setup-last")
    walker.key(pygame.K_ESCAPE)


def rules_pages(walker: Walker, key: str) -> None:
    """Every page of the rules, each once its pictures are painted."""
    setup_of(walker, key)
    walker.press("Rules")
    rules: HelpScene = walker.on_top(HelpScene)   # type: ignore[assignment]
    for page in range(1, 40):
        walker.shoot(key, f"rules-{page}")
        if not rules.page.page(1):
            break
        walker.frames()
    walker.key(pygame.K_ESCAPE)


def lesson(walker: Walker, key: str) -> None:
    """The lesson's first step, and its last before it is played."""
    if not has_lesson(key):
        return
    from games.core.screens.lesson import LessonScene
    setup_of(walker, key)
    walker.press("Learn to play (2 min)")
    scene: LessonScene = walker.on_top(LessonScene)   # type: ignore[assignment]
    walker.shoot(key, "lesson-first")
    for step in range(1, scene.steps):      # each step played by Show me (H)
        walker.key(pygame.K_h)
        walker.until(functools.partial(at_step, scene, step), "the lesson's next step")
    walker.shoot(key, "lesson-last")
    walker.key(pygame.K_ESCAPE)
    setup_of(walker, key)


def playing(walker: Walker, key: str) -> None:
    """A new game: its start; a few moves in with a hint shown; what it holds in hand (a
    piece, the number pad, the options, the teaching view); the pause menu."""
    plan = plan_of(key)
    scene = new_game(walker, key, **({"level": "medium"} if two_players(key) else {}))
    human_turn(walker, scene)
    walker.shoot(key, "game-start")
    play_well(walker, scene, 3)
    human_turn(walker, scene)
    walker.key(pygame.K_h)
    walker.shoot(key, "game-middle")
    for moment in plan.moments:
        hold(walker, moment)
        walker.shoot(key, f"game-{moment}")
        walker.key(pygame.K_o if moment == "options" else
                   pygame.K_t if moment == "teaching" else pygame.K_ESCAPE)
    walker.until_on_top(scene)
    walker.key(pygame.K_p)
    walker.on_top(PauseScene)
    walker.shoot(key, "pause")
    leave_game(walker, scene, key)


def other_starts(walker: Walker, key: str) -> None:
    """The starts with a screen of their own: the Oracle's question before an Ishido game of
    the original rules, Nim's heap editor before a game of your own heaps (the last of a
    game's visits: its choices are remembered)."""
    for moment, choices in plan_of(key).starts:
        scene = new_game(walker, key, **choices)
        walker.frames(3, STILL)
        walker.shoot(key, f"game-{moment}")
        if walker.app.top is not scene:          # the question: asked without one
            walker.key(pygame.K_ESCAPE)
        walker.until_on_top(scene)
        walker.key(pygame.K_ESCAPE)
        leave_game(walker, scene, key)


def hold(walker: Walker, moment: str) -> None:
    """Take something in hand, as a keyboard player does."""
    if moment == "options":
        walker.key(pygame.K_o)
    elif moment == "teaching":
        walker.key(pygame.K_t)
    else:                      # the next useful place, and Enter there
        walker.key(pygame.K_TAB)
        walker.key(pygame.K_RETURN)


def results(walker: Walker, key: str) -> None:
    """Every ending the game has, each from a new game; after the first, the same ending
    again once Undo, a hint and Redo have looked back at it."""
    plan = plan_of(key)
    for ending in plan.results:
        scene = end_game(walker, key, ending, plan)
        walker.on_top(ResultScene)
        wrong = [] if how_it_ended(scene) == ending else \
            [f"the tour meant to reach {ending}; the game ended {how_it_ended(scene)}"]
        walker.shoot(key, f"result-{ending}", wrong)
        if ending == plan.results[0]:
            look_back_again(walker, key, scene)
        walker.press("Back to the launcher")
        open_setup(walker, key)


def end_game(walker: Walker, key: str, ending: str, plan: TourPlan) -> Frame:
    two = two_players(key)
    if ending == "won" and plan.won_id:
        scene = open_id(walker, plan.won_id)
    else:
        level = {"won": "off", "lost": "perfect", "drawn": "perfect"}.get(ending, "medium")
        scene = new_game(walker, key, **({"level": level} if two else {}))
    human_turn(walker, scene)
    if ending == "won":
        play_well(walker, scene)
    elif ending == "drawn":
        walker.key(pygame.K_d)
        walker.on_top(ConfirmScene)
        walker.shoot(key, "confirm-draw")
        walker.key(pygame.K_y)
    elif ending == "solved":
        walker.key(pygame.K_s)
        walker.on_top(ConfirmScene)
        walker.shoot(key, "confirm-solve")
        walker.key(pygame.K_y)
    elif scene.board.timed:         # lost: the clock runs out
        walker.until(lambda: scene.over, "the end of the clock")
    else:
        play_badly(walker, scene)
    walker.until(lambda: isinstance(walker.app.top, ResultScene), "the result")
    return scene


def how_it_ended(scene: Frame) -> str:
    """won, lost, drawn or solved (by the computer), for the player."""
    if scene.solve_used:
        return "solved"
    outcome = scene.versus.human_result() if scene.versus is not None else \
        scene.session.status.outcome
    return {Outcome.WON: "won", Outcome.LOST: "lost", Outcome.DRAW: "drawn"}.get(outcome,
                                                                                 str(outcome))


def look_back_again(walker: Walker, key: str, scene: Frame) -> None:
    """Look at the board, Undo, a hint, Redo: the same ending shows its result again."""
    walker.press("Look at the board")
    walker.until_on_top(scene)
    walker.key(pygame.K_u)
    human_turn(walker, scene)
    walker.key(pygame.K_h)
    walker.settle()
    walker.key(pygame.K_r)
    walker.until(lambda: isinstance(walker.app.top, ResultScene), "the result again")
    if scene.session.status.outcome == Outcome.ONGOING:
        raise Stuck("Redo did not reach the end again")
    walker.shoot(key, "result-again")


def statistics(walker: Walker, key: str) -> None:
    """The game's statistics and history; the newest game replayed or reviewed: its start,
    its middle and its end."""
    setup_of(walker, key)
    walker.press("Statistics")
    walker.on_top(StatsScene)
    walker.shoot(key, "statistics")
    walker.press("History")
    walker.on_top(HistoryScene)
    walker.shoot(key, "history")
    look_back(walker, key)
    setup_of(walker, key)


def look_back(walker: Walker, game: str) -> None:
    """The history's newest game, stepped through (Enter on its row)."""
    history = walker.top
    walker.key(pygame.K_RETURN)
    playback: Playback = walker.on_top(Playback)   # type: ignore[assignment]
    kind = "review" if type(playback).__name__ == "ReviewScene" else "replay"
    walker.shoot(game, f"{kind}-start")
    walker.key(pygame.K_RIGHT, max(1, playback.end // 2))
    walker.shoot(game, f"{kind}-middle")
    walker.key(pygame.K_END)
    walker.shoot(game, f"{kind}-end")
    walker.back_to(history)


def daily_puzzle(walker: Walker, key: str) -> None:
    """A game with a daily puzzle: today's from the setup screen (its header names the day),
    solved by the scripted player, its result (the day, the streak, Copy result); then Past
    puzzles, the calendar, with today's done."""
    if not registry.lookup(key).daily:
        return
    from games.core.screens.archive import ArchiveScene  # only the daily games open it
    setup = setup_of(walker, key)
    walker.press(setup.today_words())
    if isinstance(walker.app.top, ConfirmScene):           # a game in progress is given up
        walker.key(pygame.K_y)
    scene = game_opened(walker)
    walker.shoot(key, "game-daily")
    play_well(walker, scene)
    walker.until(lambda: isinstance(walker.app.top, ResultScene), "the daily's result")
    walker.shoot(key, "result-daily")
    walker.press("Back to the launcher")
    open_setup(walker, key)
    walker.press("Past puzzles")
    walker.on_top(ArchiveScene)
    walker.shoot(key, "archive")
    walker.key(pygame.K_ESCAPE)
    setup_of(walker, key)


def leave_one_saved(walker: Walker, key: str) -> None:
    """A game left in progress, for the launcher's Resume badge; New game over it asks."""
    scene = new_game(walker, key, **({"level": "medium"} if two_players(key) else {}))
    play_well(walker, scene, 1)
    human_turn(walker, scene)
    walker.key(pygame.K_p)
    walker.press("New game")
    walker.on_top(SetupScene)
    walker.press("New game")
    walker.on_top(ConfirmScene)
    walker.shoot(key, "confirm-new-game")
    walker.key(pygame.K_n)
    walker.until(lambda: isinstance(walker.app.top, SetupScene), "the setup screen")
    walker.key(pygame.K_ESCAPE)
    leave_game(walker, scene, key)


def network_play(walker: Walker, key: str) -> None:
    """A friend over the network (the two-player games): the setup screen's choice, the
    friend, join and host screens, the game with the friend (a seat of games/core/net played
    by the tour, on loopback only), the questions the friend's offers ask, the result and its
    rematch, the pause while the connection is lost, and leaving, asked first."""
    if not two_players(key):
        return
    from games.core.kit.options import remember
    from games.core.net.link import Guest
    from games.core.screens.netplay import FriendScene, HostScene, JoinScene
    from games.core.screens.netseat import WaitingScene
    walker.app.settings["netplay"] = {"name": "Ana", "open_to": "computer"}   # loopback only
    setup = setup_of(walker, key)
    setup.choose("opponent", "network")
    walker.shoot(key, "setup-network")
    walker.press("New game")
    if isinstance(walker.app.top, ConfirmScene):    # a game of it is saved: given up, asked
        walker.key(pygame.K_y)
    walker.on_top(FriendScene)
    walker.shoot(key, "network-friend")
    walker.press("Join a game")
    walker.on_top(JoinScene)
    walker.shoot(key, "network-join")
    walker.key(pygame.K_ESCAPE)
    walker.on_top(FriendScene)
    walker.press("Host a game")
    host: HostScene = walker.on_top(HostScene)   # type: ignore[assignment]
    walker.shoot(key, "network-host")
    invitation = host.invitation()
    if invitation is None:
        raise Stuck(host.problem or "no invitation")
    friend = Guest("127.0.0.1", invitation.port, invitation.code, "Gus")
    try:
        scene = game_opened(walker)
        exchange(walker, scene, friend)
        walker.shoot(key, "game-network")
        offers = ["undo"] + (["draw"] if scene.versus and scene.versus.draw_move else [])
        for kind in offers:
            friend.offer(kind)
            walker.on_top(ConfirmScene)
            walker.shoot(key, f"confirm-network-{kind}")
            walker.key(pygame.K_n)
            walker.until(lambda: asked(friend) is None, "the friend's answer")
        friend.resign()
        walker.on_top(ResultScene)
        walker.shoot(key, "result-network")
        walker.press("Rematch")
        walker.until(lambda: asked(friend) == "rematch", "the rematch offered")
        friend.answer(True)
        walker.until(lambda: walker.app.top is scene and scene.session.position == 0,
                     "the rematch")
        with friend.lock:                    # the cable is pulled, for good
            friend.running = False
            if friend.peer is not None:
                friend.peer.sock.shutdown(socket.SHUT_RDWR)
        walker.on_top(WaitingScene)
        walker.shoot(key, "network-waiting")
        walker.key(pygame.K_ESCAPE)
        walker.on_top(PauseScene)
        walker.press("Save and leave")
        walker.on_top(ConfirmScene)
        walker.shoot(key, "confirm-leave-network")
        walker.key(pygame.K_y)
    finally:
        friend.close()
    setup = open_setup(walker, key)
    setup.choose("opponent", "computer")
    remember(walker.app.settings, key, setup.chosen())


def asked(friend: Any) -> str | None:
    """The offer the friend's seat is asked to answer (the tour's friend: a Guest)."""
    view = friend.view()
    return None if view is None else str(view.asked) if view.asked else None


def exchange(walker: Walker, scene: Frame, friend: Any) -> None:
    """A move each (the player's by the demo's player, the friend's on its seat), ending on
    the player's turn."""
    versus = scene.versus
    assert versus is not None
    for _ in range(4):
        view = friend.view()
        if view is None or view.over:
            return
        ply: int = view.ply
        if view.to_move == view.side:
            move = versus.ai.choose_move(friend.state(), walker.rng, "medium")
            friend.play(move.encode())
            walker.until(functools.partial(moved_past, scene, ply), "the friend's move")
            walker.settle()
            if ply >= 1:
                return
        else:
            walker.settle()
            scene.demo_step()
            walker.until(functools.partial(sent_past, friend, ply), "the move sent")


def moved_past(scene: Frame, ply: int) -> bool:
    return scene.session.position > ply


def sent_past(friend: Any, ply: int) -> bool:
    view = friend.view()
    return view is not None and int(view.ply) > ply


GAME_VISITS: tuple[Callable[[Walker, str], None], ...] = (
    setup_screen, rules_pages, lesson, playing, results, daily_puzzle, statistics,
    leave_one_saved, other_starts, network_play)


# --- the collection's screens --------------------------------------------------------------------

def launcher_screen(walker: Walker) -> None:
    launcher(walker)
    walker.frames(2, STILL)
    walker.shoot("", "launcher")


def from_launcher(walker: Walker, button: str, screen: type, name: str) -> Scene:
    """One of the launcher's buttons pressed: its screen on top, shot as `name`."""
    launcher(walker)
    walker.press(button)
    shown = walker.on_top(screen)
    walker.shoot("", name)
    return shown


def settings_screen(walker: Walker) -> None:
    from_launcher(walker, "Settings", SettingsScene, "settings")


def game_id_screen(walker: Walker) -> None:
    from_launcher(walker, "Open a game ID", OpenIdScene, "game-id")
    walker.type_text("nosuchgame:size=6#1")        # a game ID of no game: refused, said why
    walker.key(pygame.K_RETURN)
    walker.shoot("", "game-id-refused")


def collection_statistics(walker: Walker) -> None:
    from_launcher(walker, "Statistics", StatsScene, "statistics")
    walker.press("History")
    history: HistoryScene = walker.on_top(HistoryScene)   # type: ignore[assignment]
    walker.shoot("", "history")
    if not history.total:
        return
    walker.key(pygame.K_x)
    walker.on_top(ConfirmScene)
    walker.shoot("", "confirm-play-again")
    walker.key(pygame.K_n)


def quit_question(walker: Walker) -> None:
    launcher(walker)
    walker.key(pygame.K_ESCAPE, 2)
    walker.on_top(ConfirmScene)
    walker.shoot("", "confirm-quit")
    walker.key(pygame.K_n)


COLLECTION_VISITS: tuple[Callable[[Walker], None], ...] = (
    launcher_screen, settings_screen, game_id_screen, collection_statistics, quit_question)


def visit_all(walker: Walker, only: set[str]) -> None:
    """Every game's screens, then the collection's (--only: those named)."""
    for info in registry.launcher_games():
        if not only or info.key in only:
            for visit in GAME_VISITS:
                attempt(walker, info.key, visit, walker, info.key)
    if not only or COLLECTION in only:
        for screen in COLLECTION_VISITS:
            attempt(walker, "", screen, walker)


def where(error: Exception) -> str:
    """The file and line an error was raised at."""
    import traceback
    frame = traceback.extract_tb(error.__traceback__)[-1]
    return f"{frame.filename.rpartition('games/')[2] or frame.filename}:{frame.lineno}"


def attempt(walker: Walker, game: str, visit: Callable[..., None], *args: object) -> None:
    """A visit; where the tour cannot get on, that is said as a problem and it carries on
    from the launcher."""
    try:
        visit(*args)
    except Exception as error:     # said as the visit's problem; the tour goes on
        said = f"the tour could not get on: {error}" if isinstance(error, Stuck) else \
            f"{type(error).__name__}: {error} ({where(error)})"
        walker.record(game, visit.__name__.replace("_", "-"), "", [said])
        home = walker.app.find(LauncherScene)
        if home is None:
            raise
        while walker.app.top is not home:
            walker.app.pop()
