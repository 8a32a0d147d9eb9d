"""The end of a game, as the frame enters and words it: one template for every game
(games/core/kit/results.py, drawn by menus.ResultScene), the words from the game's board or,
in a two-player game, the Versus policy.

The first ending of a game is entered at once (before the result screen shows, so an undo in
that pause changes nothing): its row goes into the history with the game's score and words,
and its Result is kept in the game's record (Session.result, saved with it). Undo after the
end looks back: the clock never runs again and no second result is entered; a later ending
shows the board's own ending beside the one kept (results.looked_back), never the first
ending's figures over another board.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.kit.checks import Invalid
from games.core.kit.results import SOLVE_FINISHED, Result, looked_back, sentence
from games.core.kit.rules_api import Outcome
from games.core.screens import dailies, solving

if TYPE_CHECKING:
    from games.core.screens.frame import Frame


class Ending:
    """The result of the game on `frame`: entering it once, and its words."""

    def __init__(self, frame: Frame) -> None:
        self.frame = frame
        self.looking_back = False   # the result screen shows an ending seen before
        self.rank: int | None = None   # the first ending's place in the best results

    def enter(self) -> None:
        """The game has just ended. Its first ending is entered (the history, its Result
        kept in the record); a later ending, after undo, is a look back: no table changes,
        the first words stand."""
        frame = self.frame
        self.looking_back = frame.recorded
        self.rank = None if self.looking_back else self.enter_result()
        if not self.looking_back:
            frame.board.entered(self.rank)
        if frame.session.result is None and not self.looking_back:
            frame.session.result = self.result()

    def enter_result(self) -> int | None:
        """The first ending goes into the tables, once; returns the rank of a new best
        result, or None."""
        frame = self.frame
        if frame.recorded:
            return None
        frame.session.note("recorded")
        if frame.solver.finished:
            frame.session.note(SOLVE_FINISHED)       # the history names it the computer's
        if frame.versus is not None:
            return frame.versus.record_result()
        return self.record(frame.session.status.outcome, self.ranked())

    def ranked(self) -> bool:
        """Whether this ending may enter the best results: the board's rule, else a win in
        which Solve was not used."""
        frame = self.frame
        own = frame.board.ranked()
        if own is not None:
            return own
        return frame.session.status.outcome == Outcome.WON and not frame.solve_used

    def record(self, outcome: str, ranked: bool = False, opponent: str = "",
               level: str = "", detail: str | None = None) -> int | None:
        """One row of the history for this game (its moves, record, score in the game's
        words, or `detail`: a friend's name; the daily puzzle's date); the rank of a new best
        score, or None."""
        from games.core.data.history_rows import of_session
        frame = self.frame
        score = frame.board.final_score()
        game = of_session(
            frame.session, frame.started, outcome, score,
            frame.board.score_text(score) if detail is None else detail, ranked,
            opponent=opponent, level=level, daily=dailies.entered(frame))
        try:
            return frame.app.store.history().record(game)
        except Invalid as error:
            frame.say(f"This game could not be kept in the history ({error}).")
            return None

    # --- the words ----------------------------------------------------------------------------
    def title(self) -> str:
        """The outcome as the player sees it: "You won!", "You lost", "A draw", or a
        puzzle's "Solved!", "Time is up", "Solved by the computer"."""
        frame = self.frame
        own = frame.board.result_title()
        if own is not None:
            return own
        if frame.versus is not None:
            return frame.versus.result_title()
        if frame.solve_used:
            return solving.title(frame)
        return {Outcome.WON: "You won!", Outcome.LOST: "You lost", Outcome.DRAW: "A draw"}.get(
            frame.session.status.outcome, "Game over")

    def reason(self) -> str:
        frame = self.frame
        own = frame.board.result_reason()
        if own is not None:
            return own
        if frame.versus is not None:
            return frame.versus.ending()
        return sentence(frame.session.status.reason)

    def facts(self) -> list[tuple[str, str]]:
        frame = self.frame
        own = frame.board.result_facts()
        if own is not None:
            return own
        if frame.versus is not None:
            return frame.versus.result_facts()
        return [("Score", frame.board.score_text(frame.board.final_score()))]

    def mood(self) -> str:
        """'good', 'bad' or 'neutral': the colour of the result screen's title. A win kept
        out of the best results (solved by the computer, or with help) is neutral, as the
        history shows it."""
        frame = self.frame
        own = frame.board.result_mood()
        if own is not None:
            return own
        if frame.versus is not None:
            return frame.versus.result_mood()
        outcome = frame.session.status.outcome
        if outcome == Outcome.WON and not self.ranked():
            return "neutral"
        return {Outcome.WON: "good", Outcome.LOST: "bad"}.get(outcome, "neutral")

    def notes(self) -> list[str]:
        """Sentences after the facts: the board's, else Solve's where the player finished by
        hand (help that keeps a game out of the best results)."""
        own = self.frame.board.result_notes()
        if own is not None:
            return own
        note = solving.note(self.frame.solve_used, self.frame.solver)
        return [note] if note else []

    def result(self) -> Result:
        """The template filled in for the position now on the board (with a daily puzzle's
        day and streak)."""
        return dailies.with_daily(self.frame, Result(
            self.title(), self.mood(), self.reason(), tuple(self.facts()), tuple(self.notes())))

    def shown(self) -> Result:
        """The result screen's words: at the first ending those entered; at a later one the
        board's ending as it is now, beside the one the record keeps."""
        entered = self.frame.session.result
        if entered is None:
            return self.result()
        return looked_back(self.result(), entered) if self.looking_back else entered

    def show(self) -> None:
        """The board is still after the ending: its sound (a plain one for an ending that is
        not counted), the save gone, the result screen over the board."""
        frame = self.frame
        counted = not self.looking_back or self.shown() == frame.session.result
        frame.app.audio.play(self.sound() if counted else "place")
        problem = frame.app.store.delete_game(frame.session.key)   # reports, never raises
        if problem:
            frame.say(problem)
        from games.core.screens.menus import ResultScene
        frame.app.push(ResultScene(frame.app, frame, self.rank))

    def sound(self) -> str:
        frame = self.frame
        if frame.versus is not None:
            return frame.versus.ending_sound()
        return {Outcome.WON: "win", Outcome.LOST: "lose"}.get(frame.session.status.outcome,
                                                              "place")
