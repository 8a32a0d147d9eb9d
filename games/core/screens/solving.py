"""Solve, one behaviour in every game with a solver (docs/DESIGN.md, "Solve"): S or the
toolbar's Solve asks once (the focus on "Keep playing"), then the computer plays the solution
as moves, animated, one after the other; any key or click stops it. It is help: the game's
record notes it ("solved"), undo never refunds it, and the game is no best score.

The game's board gives the moves (Board.solution: a list, or words saying why not, or None
while its solver is still working) and the answer that plays each one (Board.solve_move: its
cursor goes there first); the frame owns the rest, here.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core.kit.actions import Act, Action, Command
from games.core.kit.results import SOLVED_BY_COMPUTER, SOLVED_BY_HAND, help_note

if TYPE_CHECKING:
    from games.core.screens.frame import Frame

SOLVE_SECONDS = 12.0            # a long solution plays faster, to finish in about this long
FASTEST, SLOWEST = 0.08, 0.42   # seconds between the computer's moves
SOLVE_WAS_USED = help_note(["Solve"])
# What does not stop the computer solving: the pointer moving, a button let go, the wheel, a
# pad coming or going, typed text. Anything else (a key, a click, a pad button) stops it, and
# the menu and the rules still open.
NOT_STOPPING = (Act.POINT, Act.RELEASE, Act.WHEEL, Act.PAD_ADDED, Act.PAD_LOST, Act.TEXT)
OPENS_TOO = (Act.MENU, Act.HELP)
SOLVE_ACTION = Action(Act.COMMAND, value=Command.SOLVE)   # how a Solve move is made
ASK = ("Let the computer solve it?", "Solve (Y)", "Keep playing (N)",
       "The computer plays the solution move by move; any key or click stops it. "
       "It counts as help: this game will not be a best result.")


class SolvePlayer:
    """The computer playing a solution: waiting for it, then its moves in turn."""

    def __init__(self) -> None:
        self.waiting = False          # asked for, the solution not known yet
        self.queue: list[Any] = []    # the moves still to play
        self.expect: Any = None       # the position the next move is for
        self.gap = SLOWEST
        self.wait = 0.0
        self.finished = False         # the game ended on one of its moves

    @property
    def active(self) -> bool:
        return self.waiting or bool(self.queue)

    def start(self, moves: list[Any], position: Any) -> None:
        self.waiting = False
        self.queue = list(moves)
        self.expect = position
        self.gap = max(FASTEST, min(SLOWEST, SOLVE_SECONDS / max(1, len(self.queue))))
        self.wait = 0.0

    def stop(self) -> bool:
        """Stop; True if it was asked for or playing."""
        was = self.active
        self.waiting, self.queue, self.expect = False, [], None
        return was

    def due(self, dt: float, position: Any) -> Any:
        """The move to play now, or None (not yet, or the position moved on without it:
        then it stops)."""
        if not self.queue:
            return None
        if position != self.expect:
            self.stop()
            return None
        self.wait -= dt
        if self.wait > 0:
            return None
        self.wait = self.gap
        return self.queue.pop(0)


def title(frame: Frame) -> str:
    """The result's title of a game in which Solve was used: 'Solved by the computer' when
    Solve played the last move, else 'Solved!'."""
    return SOLVED_BY_COMPUTER if frame.solver.finished else SOLVED_BY_HAND


def note(solve_used: bool, player: SolvePlayer) -> str:
    """The result's line when Solve was used but the player finished by hand."""
    return SOLVE_WAS_USED if solve_used and not player.finished else ""


# --- the frame's side: asked by the Frame (`frame`), which owns a SolvePlayer as .solver ------

def ask(frame: Frame) -> None:
    """Ask once, with the focus on Keep playing; S again while the computer plays stops it."""
    from games.core.screens.question import ConfirmScene
    if frame.over:
        return
    if frame.solver.active:
        frame.stop_solving("Solve stopped: your turn.")
        return
    known = frame.board.solution()
    if isinstance(known, str):          # no solution to play: said at once, nothing asked
        frame.refuse(known)
        return
    frame.interrupt()
    question, yes, no, detail = ASK
    frame.app.push(ConfirmScene(frame.app, question, yes, no, lambda: begin(frame), detail))


def begin(frame: Frame) -> None:
    """The player said yes: the solution is asked for, and played once it is known."""
    if frame.over:
        return
    frame.solver.waiting = True
    poll(frame)


def poll(frame: Frame) -> None:
    """The solution, once the game's solver has it: noted in the record, then played."""
    answer = frame.board.solution()
    if answer is None:
        return
    frame.solver.waiting = False
    if isinstance(answer, str):
        frame.refuse(answer)
    elif answer:
        frame.session.note("solved")
        frame.solver.start(answer, frame.state)


def status(player: SolvePlayer) -> str:
    """The status line while Solve runs, from its state (never a message left standing after
    it has stopped or ended); '' when it does not."""
    if player.waiting:
        return "Working out the solution..."
    return "Solving: any key or click stops it." if player.queue else ""


def stopped_by(frame: Frame, kind: Act) -> bool:
    """An action while the computer solves: stops it unless it is NOT_STOPPING; True when
    that is all it does (the menu and the rules open as well)."""
    if kind in NOT_STOPPING:
        return False
    frame.stop_solving("Solve stopped: your turn.")
    return kind not in OPENS_TOO


def step(frame: Frame, dt: float) -> None:
    """One step of the loop while Solve is asked for or playing: the next move when due,
    carried out as the board answers it (its cursor goes there first)."""
    player = frame.solver
    if player.waiting:
        poll(frame)
    if frame.over:
        return
    move = player.due(dt, frame.state)     # a move landing cuts the last one's animation short
    if move is None:
        return
    # Finished, should this move end the game: the result is entered as it ends, in its words.
    player.finished = True
    frame.carry_out(frame.board.solve_move(move), SOLVE_ACTION)
    if frame.over:
        player.stop()
        return
    player.finished = False
    if player.queue:
        player.expect = frame.state
    else:
        player.stop()
