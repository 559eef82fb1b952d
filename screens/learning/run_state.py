"""Screen 5's training run as it lives in a reader's session: what it was started from, when it starts again,
what a button asks of it, and sharing its scorer.

The run is kept in the session (``session[RUN]``), not in the link. Its life:

- :func:`current` gives the run for the shared sources and scorer and the reader's goals (states and targets):
  the session's, or a new one from the shared scorer when any of these changed (it says which changed, for the
  notice, where the old run had taken steps);
- the Step and Run buttons only :func:`ask` in their callbacks (before the page runs); the page then takes the
  steps :func:`asked` returns, within :data:`RUN_LIMIT` (:func:`advance`), before it draws anything that shows the
  run;
- :func:`reset` forgets the run;
- :func:`shared` records that the run's scorer became the shared one: the run goes on from there, and the outcome
  is shown once (:func:`outcome`).

``session`` is ``st.session_state`` on the page and any mapping in a test; nothing here draws.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from dataclasses import dataclass, field

import numpy as np

from core.gradients import OutputLayer
from core.learning import descend
from core.scorers import AdditiveParams
from ui.state import Model

RUN_LIMIT = 5000  # steps one training run keeps
RUN = "learn_run"  # the training run in the session
REQUEST = "learn_request"  # "step" or "run", asked by a button, done by the page
APPLIED = "learn_applied"  # the outcome of the last "use on every screen", shown once
CHUNKS = 20  # a long run is taken in about this many pieces, each reported to the progress bar


@dataclass(frozen=True)
class Goal:
    """A state the scorer is trained at ('s' for the shared state, or 'A', 'B'), its value and the correct token."""

    name: str
    s: float
    target: int


@dataclass(frozen=True)
class Origin:
    """What a run was started from: the shared sources and scorer (link values, without s) and its goals."""

    model: dict[str, str]
    goals: tuple[Goal, ...]

    @classmethod
    def of(cls, m: Model, goals: tuple[Goal, ...]) -> Origin:
        return cls({k: v for k, v in m.encode().items() if k != "s"}, goals)

    @property
    def states(self) -> np.ndarray:
        """The goals' states as rows: (N, d_s = 1)."""
        return np.array([[g.s] for g in self.goals])

    @property
    def targets(self) -> list[int]:
        return [g.target for g in self.goals]


@dataclass
class TrainingRun:
    """One session's training run: the scorer it started from, the scorer now, one loss a step taken."""

    origin: Origin
    start: AdditiveParams
    params: AdditiveParams
    losses: list[float] = field(default_factory=list)
    applied: int | None = None  # steps taken when the scorer was last shared with every screen

    @property
    def steps(self) -> int:
        return len(self.losses)

    @property
    def room(self) -> int:
        return RUN_LIMIT - self.steps


def changes(before: Origin, now: Origin) -> list[str]:
    """What differs between two origins, in the order a notice names them: "states" (another set of states),
    else "target" and "s"; then "sources" and "scorer"."""
    found = []
    if [g.name for g in before.goals] != [g.name for g in now.goals]:
        found.append("states")
    else:
        if before.targets != now.targets:
            found.append("target")
        if [g.s for g in before.goals] != [g.s for g in now.goals]:
            found.append("s")
    for what, keys in (("sources", ("tokens", "H")), ("scorer", ("W", "U", "v", "b"))):
        if any(before.model[k] != now.model[k] for k in keys):
            found.append(what)
    return found


def current(session: MutableMapping, m: Model, goals: tuple[Goal, ...]) -> tuple[TrainingRun, list[str]]:
    """The session's run for these sources, scorer and goals, and what changed where a run that had taken steps
    was started again (empty otherwise); a run from the shared scorer if there was none or it was for others."""
    origin = Origin.of(m, goals)
    run: TrainingRun | None = session.get(RUN)
    changed: list[str] = []
    if run is not None and run.origin != origin:
        if run.losses:
            changed = changes(run.origin, origin)
        run = None
    if run is None:
        run = TrainingRun(origin, m.params, m.params)
        session[RUN] = run
    return run, changed


def reset(session: MutableMapping) -> None:
    session.pop(RUN, None)


def ask(session: MutableMapping, what: str) -> None:
    """A training button's callback: remember what was asked ("step" or "run") for the page to do."""
    session[REQUEST] = what


def asked(session: MutableMapping, run: TrainingRun, n: int, lr_ok: bool, n_ok: bool) -> int:
    """How many steps the last button press asks for (once: the request is taken), within the run's limit; 0 if
    none, or if the learning rate (and, for a run of ``n``, N) the reader entered is not valid."""
    request = session.pop(REQUEST, None)
    if request == "step" and lr_ok:
        return min(1, run.room)
    if request == "run" and lr_ok and n_ok:
        return min(n, run.room)
    return 0


def advance(
    run: TrainingRun,
    H: np.ndarray,
    output: OutputLayer,
    lr: float,
    todo: int,
    progress: Callable[[int], None] = lambda done: None,
) -> None:
    """Take ``todo`` steps on the sum of the run's states' losses (sources ``H`` (T, d_h)), in about
    :data:`CHUNKS` pieces, telling ``progress`` the steps done after each."""
    chunk = max(1, todo // CHUNKS)
    done = 0
    while done < todo:
        k = min(chunk, todo - done)
        went = descend(H, run.origin.states, run.params, output, run.origin.targets, lr, k)
        run.params = went.params
        run.losses += went.losses
        done += k
        progress(done)


def shared(session: MutableMapping, run: TrainingRun, now: Model) -> None:
    """The run's scorer is now the shared one (``now``): the run goes on from there, and the outcome is kept to be
    shown once."""
    run.origin = Origin.of(now, run.origin.goals)
    run.applied = run.steps
    session[APPLIED] = ("ok", str(run.steps))


def refused(session: MutableMapping, reason: str) -> None:
    """Sharing the run's scorer was refused (``reason``, in the reader's words): kept to be shown once."""
    session[APPLIED] = ("error", reason)


def outcome(session: MutableMapping, keep: bool = False) -> tuple[str, str] | None:
    """The outcome of the last sharing, ("ok", steps) or ("error", reason), taken (left in place with ``keep``)."""
    return session.get(APPLIED) if keep else session.pop(APPLIED, None)
