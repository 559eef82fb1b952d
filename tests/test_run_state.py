"""Screen 5's training run in a session (``screens/learning/run_state.py``), with a plain dict for the session."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from core.learning import train_scorer
from core.tied_output import tied_output_layer
from screens.learning import run_state
from screens.learning.run_state import RUN_LIMIT, Goal, Origin, TrainingRun
from ui.state import Model, default_model

M = default_model()  # the worked example's sources and scorer, at state A
OUTPUT = tied_output_layer(M.H, ["I", "like", "cats"])
AT_S = (Goal("s", -1.0, 2),)
AT_A_AND_B = (Goal("A", -1.0, 2), Goal("B", 1.0, 0))


def started(session: dict, goals=AT_S, m: Model = M, steps: int = 0) -> TrainingRun:
    run, changed = run_state.current(session, m, goals)
    assert changed == []
    if steps:
        run_state.advance(run, m.H, OUTPUT, 0.5, steps)
    return run


def other_scorer(m: Model) -> Model:
    return dataclasses.replace(m, params=dataclasses.replace(m.params, b=m.params.b + 0.25))


def test_a_session_keeps_its_run_while_nothing_it_was_started_from_changes():
    session: dict = {}
    run = started(session, steps=3)
    again, changed = run_state.current(session, dataclasses.replace(M, s=0.7), AT_S)  # s alone is not the goal's
    assert again is run and changed == [] and session[run_state.RUN] is run and again.steps == 3


@pytest.mark.parametrize(
    ("goals", "m", "changed"),
    [
        ((Goal("s", -1.0, 0),), M, ["target"]),
        ((Goal("s", 0.5, 2),), M, ["s"]),
        ((Goal("s", 0.5, 0),), M, ["target", "s"]),
        (AT_A_AND_B, M, ["states"]),
        (AT_S, other_scorer(M), ["scorer"]),
        (AT_S, dataclasses.replace(M, H=M.H + 0.5), ["sources"]),
        (AT_A_AND_B, other_scorer(M), ["states", "scorer"]),
    ],
)
def test_a_run_that_took_steps_starts_again_from_the_shared_scorer_and_says_what_changed(goals, m, changed):
    session: dict = {}
    old = started(session, steps=2)
    run, said = run_state.current(session, m, goals)
    assert said == changed
    assert run is not old and run.steps == 0 and run.start == m.params == run.params
    assert run.origin == Origin.of(m, goals) and session[run_state.RUN] is run


def test_a_run_without_steps_starts_again_without_a_notice():
    session: dict = {}
    old = started(session)
    run, said = run_state.current(session, M, AT_A_AND_B)
    assert run is not old and said == []


def test_a_button_asks_once_and_the_page_takes_what_the_inputs_and_the_limit_allow():
    session: dict = {}
    run = started(session)
    assert run_state.asked(session, run, n=50, lr_ok=True, n_ok=True) == 0  # nothing asked
    run_state.ask(session, "step")
    assert run_state.asked(session, run, n=50, lr_ok=True, n_ok=False) == 1  # N is not read for one step
    assert run_state.asked(session, run, n=50, lr_ok=True, n_ok=True) == 0  # taken once
    run_state.ask(session, "run")
    assert run_state.asked(session, run, n=50, lr_ok=True, n_ok=True) == 50
    for lr_ok, n_ok in ((False, True), (True, False)):
        run_state.ask(session, "run")
        assert run_state.asked(session, run, n=50, lr_ok=lr_ok, n_ok=n_ok) == 0
    run_state.ask(session, "step")
    assert run_state.asked(session, run, n=50, lr_ok=False, n_ok=True) == 0
    run.losses = [1.0] * (RUN_LIMIT - 3)  # three steps of room left
    run_state.ask(session, "run")
    assert run_state.asked(session, run, n=50, lr_ok=True, n_ok=True) == 3
    run.losses += [1.0] * 3
    run_state.ask(session, "step")
    assert run_state.asked(session, run, n=50, lr_ok=True, n_ok=True) == 0


@pytest.mark.parametrize("goals", [AT_S, AT_A_AND_B])
def test_steps_taken_in_pieces_are_the_steps_core_takes_in_one_go(goals):
    session: dict = {}
    run = started(session, goals)
    seen: list[int] = []
    run_state.advance(run, M.H, OUTPUT, 0.5, 45, seen.append)
    whole = train_scorer(M.H, run.origin.states, M.params, OUTPUT, run.origin.targets, 0.5, 45)
    assert seen == sorted(seen) and seen[-1] == 45 and len(seen) > 1  # the progress bar moves, and ends full
    assert run.losses == pytest.approx([h.loss for h in whole], rel=1e-12, abs=1e-12)  # core.learning.descend's
    for name in ("W", "U", "v", "b"):
        np.testing.assert_allclose(getattr(run.params, name), getattr(whole[-1].params, name), rtol=1e-12, atol=1e-12)
    assert run.start == M.params  # where it started is kept


def test_sharing_the_scorer_moves_the_run_onto_it_and_is_told_once():
    session: dict = {}
    run = started(session, steps=4)
    now = dataclasses.replace(M, params=run.params)
    run_state.shared(session, run, now)
    assert run.applied == 4 and run.origin == Origin.of(now, AT_S)
    assert run_state.outcome(session, keep=True) == ("ok", "4")
    assert run_state.outcome(session) == ("ok", "4") and run_state.outcome(session) is None
    again, said = run_state.current(session, now, AT_S)  # the shared scorer is now the run's origin
    assert again is run and said == []
    run_state.refused(session, "W: not finite")
    assert run_state.outcome(session) == ("error", "W: not finite")


def test_reset_forgets_the_run():
    session: dict = {}
    run = started(session, steps=1)
    run_state.reset(session)
    assert run_state.RUN not in session
    assert run_state.current(session, M, AT_S)[0] is not run
