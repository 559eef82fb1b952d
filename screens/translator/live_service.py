"""At most one live training run per server, in a separate low-priority process, and its progress.

The service knows nothing of the page. :class:`LiveHolder` starts
:func:`core.translator.live_training` in a child process (``spawn``, lowered
priority), so the training never holds the server's interpreter lock: readers'
reruns keep it. A second run is refused while one is active, in this process or in any
other replica of the app on the same host (a lock taken without waiting: a
thread lock, then a lock file every replica opens, :class:`HostLock`; released
however the run ends, and by the system if the server process dies). A follower thread in the
server, idle while it waits on the pipe, copies the child's progress into a
:class:`LiveRun` that pages read, and ends the child at the time limit.

Readers wait their turn in a queue (:meth:`LiveHolder.ask`): one place per client (:func:`ui.fair.client_key`: a
browser, or an address), served first come first served, so a reader who asks waits for at most one run of each
client ahead of them; a place, and a run under way, end when the page that asked has been gone for
:data:`LEFT_GRACE` seconds (its tab closed), so nobody holds the one run for a page nobody reads. Each waiting reader
is told their place and about how long until their run starts (:meth:`LiveHolder.wait_of`).

A host that cannot spare a core for a live run sets the environment variable
``ATTENTION_LIVE_TRAINING=off`` (on Streamlit Community Cloud, a root-level
secret of that name): :func:`live_training_enabled` then says no, and the page
shows the recorded snapshots only.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import sys
import tempfile
import threading
import time
import types
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: one run per process, the lock file not used
    fcntl = None  # type: ignore[assignment]

import numpy as np

import core.translator as tr
from core.translator import LIVE_TRAINING

LIVE_PROBE_EVERY = 25
LIVE_TIME_LIMIT = 90.0  # seconds; a run on a busy server stops here
NICENESS = 19  # the training process's priority: the lowest, readers first
SETTING = "ATTENTION_LIVE_TRAINING"  # "off" (or "0", "false", "no") turns live runs off on this host
GRACE = 10.0  # seconds past the time limit before a child that does not stop is ended
THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
POLL = 0.2  # seconds the follower waits on the pipe between time-limit checks
LEFT_GRACE = 10.0  # seconds a reader's page may be gone (a websocket reconnecting) before their place or run ends
RECENT = 5  # runs whose lengths give a queued reader's expected wait

LOCK_SETTING = "ATTENTION_LIVE_LOCK"  # the lock file's path, shared by the replicas of a host
Trainer = Callable[..., Iterator[tr.LiveProgress]]


def host_lock_path() -> Path:
    """The lock file every replica of the app on this host opens (:data:`LOCK_SETTING`, else one in the system's
    temporary folder): one live run at a time on the whole host, however many replicas serve it."""
    return Path(os.environ.get(LOCK_SETTING) or Path(tempfile.gettempdir()) / "attention-live-training.lock")


class HostLock:
    """An exclusive lock on a file, taken without waiting (``flock``): held by one process of the host at a time,
    and let go by the system when that process ends, however it ends."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    def acquire(self) -> bool:
        if fcntl is None:
            return True
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)


def live_training_enabled() -> bool:
    """False where the host has turned live runs off (:data:`SETTING`)."""
    return os.environ.get(SETTING, "on").strip().lower() not in ("off", "0", "false", "no")


@dataclass
class LiveRun:
    """One live run's progress, written by the follower thread and read by the page (plain attribute writes)."""

    steps: int
    time_limit: float
    stop: object  # a multiprocessing Event: set to ask the child to stop after its current step
    model: str | None = None  # the model trained (one of core.translator.ALL_MODELS); None: the trainer's own
    started: float = field(default_factory=time.perf_counter)
    ended: float | None = None
    step: int = 0
    loss: float = math.nan
    seconds: float = 0.0  # the child's own training clock
    weights: np.ndarray | None = None  # alpha (U, T) for the probe at weights_step
    weights_step: int = 0
    losses: list[float] = field(default_factory=list)
    done: bool = False
    timed_out: bool = False
    error: str | None = None
    exit_code: int | None = None  # set when the training process ended without finishing or saying why
    session: str | None = None  # the session whose page asked for it; the run ends when that page has gone
    abandoned: bool = False  # stopped because that page had gone for LEFT_GRACE seconds

    @property
    def elapsed(self) -> float:
        """Wall-clock seconds since the start was asked for, to the end once the run has ended."""
        return (self.ended if self.ended is not None else time.perf_counter()) - self.started

    @property
    def remaining(self) -> int:
        return max(self.steps - self.step, 0)

    def record(self, progress: tr.LiveProgress) -> None:
        if progress.step:
            self.losses.append(progress.loss)
            self.loss = progress.loss
        if progress.weights is not None:
            self.weights, self.weights_step = progress.weights, progress.step
        self.step, self.seconds = progress.step, progress.seconds


@dataclass
class Place:
    """A reader's place in the queue: one client's (``key``), asked for by one session's page."""

    key: str
    session: str | None
    model: str | None
    asked: float = field(default_factory=time.monotonic)
    run: LiveRun | None = None  # set when its turn came
    left: bool = False  # given up: its page had gone, or the reader left the queue
    gone_since: float | None = None  # when its page was first seen gone, while it waits

    @property
    def waiting(self) -> bool:
        return self.run is None and not self.left


def session_alive(session: str | None) -> bool:
    """Whether the page of ``session`` is connected to this server now (any session outside a server is)."""
    from streamlit import runtime

    if session is None or not runtime.exists():
        return True
    return runtime.get_instance().is_active_session(session)


@contextmanager
def no_main_to_run() -> Iterator[None]:
    """While a child is started: no ``__main__`` for it to run first.

    A spawned child runs the parent's main module before the training (multiprocessing's ``prepare``, as
    ``__mp_main__``); under Streamlit that is the script of the run that pressed Start, ``app.py``: the child ran
    the whole dashboard in bare mode (about 80 "missing ScriptRunContext" warnings in the server's log a run).
    The module the training runs is imported by name, so the child needs no main module.
    """
    main = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__main__")  # no file, no spec: nothing for the child to run
    try:
        yield
    finally:
        sys.modules["__main__"] = main


@contextmanager
def one_thread_numerics() -> Iterator[None]:
    """The environment a child starts with: one BLAS and OpenMP thread, so it keeps to one core.

    The child imports numpy before any of its own code runs, so the limit must be in the
    environment it inherits; the server's own variables are put back at once.
    """
    saved = {name: os.environ.get(name) for name in THREAD_VARIABLES}
    os.environ.update(dict.fromkeys(THREAD_VARIABLES, "1"))
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def train_in_child(
    train: Trainer,
    conn: Connection,
    stop: object,
    steps: int,
    probe_every: int,
    model: str | None = None,
    niceness: int = NICENESS,
) -> None:
    """The child process: lower its priority by ``niceness``, train (``model``, if given), send every step's
    progress, then None (or an error text)."""
    try:
        os.nice(niceness)
    except OSError:  # not allowed here: the run still trains, only not below the readers
        pass
    chosen = {} if model is None else {"model": model}
    try:
        for progress in train(stop=stop, steps=steps, probe_every=probe_every, **chosen):
            conn.send(progress)
        conn.send(None)
    except Exception as exc:  # sent to the page; the parent releases the lock either way
        conn.send(f"{type(exc).__name__}: {exc}")
    finally:
        conn.close()


class LiveHolder:
    """At most one live run per host: :meth:`start` takes this process's lock and the host's (:class:`HostLock`)
    without waiting, or returns None.

    The locks are released when the run ends, whether it finished, was stopped,
    hit its time limit, raised, or its process died. ``train`` must be a
    module-level function (the child process imports it by name).
    """

    def __init__(
        self,
        train: Trainer = tr.live_training,
        steps: int = LIVE_TRAINING.steps,
        time_limit: float = LIVE_TIME_LIMIT,
        lock_path: Path | None = None,
        alive: Callable[[str | None], bool] = session_alive,
    ) -> None:
        self.train, self.steps, self.time_limit = train, steps, time_limit
        self.alive = alive
        self.queue: list[Place] = []  # the places waiting, first first
        self.owner: Place | None = None  # the place whose run trains (or last trained) here
        self.lengths: deque[float] = deque(maxlen=RECENT)  # seconds of the last runs that were not cut short
        self._queue_lock = threading.RLock()
        self._lock = threading.Lock()
        self._host = HostLock(lock_path or host_lock_path())
        self._context = multiprocessing.get_context("spawn")  # never fork a server with threads
        self.current: LiveRun | None = None
        self.thread: threading.Thread | None = None
        self.process: multiprocessing.process.BaseProcess | None = None
        self.niceness = NICENESS  # how far below the readers the training runs (a test of the page's flow sets 0)

    @property
    def busy(self) -> bool:
        return self._lock.locked()

    def ask(self, key: str, session: str | None, model: str | None) -> Place:
        """A place in the queue for client ``key`` (asked by ``session``'s page, for ``model``), or the place this
        client already holds, waiting or training: one a client. Its run starts at once if none trains."""
        with self._queue_lock:
            for place in (self.owner, *self.queue):
                if place is not None and place.key == key and not place.left:
                    if place.waiting or (place.run is not None and not place.run.done):
                        return place
            place = Place(key, session, model)
            self.queue.append(place)
        self.advance()
        return place

    def leave(self, place: Place) -> None:
        """The reader gives up their place (a run under way is stopped after its current step)."""
        with self._queue_lock:
            place.left = True
            if place in self.queue:
                self.queue.remove(place)
        if place.run is not None:
            place.run.stop.set()

    def advance(self) -> None:
        """Forget the places whose page has been gone LEFT_GRACE seconds; start the first waiting place whose page is
        there, if no run trains on this host."""
        with self._queue_lock:
            now = time.monotonic()
            for place in list(self.queue):
                if self.alive(place.session):
                    place.gone_since = None
                    continue
                place.gone_since = place.gone_since or now
                if now - place.gone_since > LEFT_GRACE:
                    place.left = True
                    self.queue.remove(place)
            first = next((p for p in self.queue if p.gone_since is None), None)
            if first is None or self.busy:
                return
            run = self.start(first.model, first.session)
            if run is not None:
                self.queue.remove(first)
                first.run, self.owner = run, first

    def _before(self, place: Place) -> int:
        """The places waiting before ``place`` whose page is there (the others will be passed over)."""
        if place not in self.queue:
            return 0
        return sum(self.alive(p.session) for p in self.queue[: self.queue.index(place)])

    def ahead(self, place: Place) -> int:
        """Runs before ``place``'s: the one training here (if not its own), and the places waiting before it."""
        with self._queue_lock:
            training = self.busy and (self.owner is None or self.owner is not place)
            return self._before(place) + int(training)

    def expected_length(self) -> float:
        """Seconds a run takes, from the last runs that were not cut short (the time limit before any)."""
        return float(np.median(self.lengths)) if self.lengths else self.time_limit

    def wait_of(self, place: Place) -> float:
        """About how many seconds until ``place``'s run starts: what is left of the run training (at most LEFT_GRACE
        if its page has gone: it is stopped then), and a run's length for each place before it."""
        with self._queue_lock:
            length = self.expected_length()
            before = self._before(place)
            current = self.current if self.busy else None
            left = max(length - current.elapsed, 0.0) if current is not None and not current.done else 0.0
            if current is not None and not self.alive(current.session):
                left = min(left, LEFT_GRACE)
            return left + before * length

    def start(self, model: str | None = None, session: str | None = None) -> LiveRun | None:
        """A new run training ``model`` (None: the trainer's default) in its own process, or None if one is
        already running. ``session``: the page that asked, which the run ends without (LEFT_GRACE)."""
        if not self._lock.acquire(blocking=False):
            return None
        if not self._host.acquire():  # another replica of this host trains now
            self._lock.release()
            return None
        run = LiveRun(self.steps, self.time_limit, self._context.Event(), model, session=session)
        try:
            receive, send = self._context.Pipe(duplex=False)
            process = self._context.Process(
                target=train_in_child,
                args=(self.train, send, run.stop, run.steps, LIVE_PROBE_EVERY, model, self.niceness),
                name="live-training",
                daemon=True,
            )
            with one_thread_numerics(), no_main_to_run():
                process.start()
            send.close()  # the child holds the sending end now: its exit closes the pipe
            thread = threading.Thread(target=self._follow, args=(run, process, receive), name="live-follower")
            thread.daemon = True
            self.current, self.process, self.thread = run, process, thread
            thread.start()
        except BaseException:
            run.done = True
            self._release()
            raise
        return run

    def _enforce_limit(self, run: LiveRun, process: multiprocessing.process.BaseProcess, gone: list[float]) -> None:
        """Ask the child to stop at the time limit, or once the page that asked has been gone LEFT_GRACE seconds
        (``gone``: when it was first seen gone); end it if it has not stopped a grace period past the limit."""
        if self.alive(run.session):
            gone.clear()
        elif not gone:
            gone.append(time.monotonic())
        elif time.monotonic() - gone[0] > LEFT_GRACE and not run.stop.is_set():
            run.abandoned = True
            run.stop.set()
        if run.elapsed > run.time_limit and not run.stop.is_set():
            run.timed_out = True
            run.stop.set()
        if run.elapsed > run.time_limit + GRACE and process.is_alive():
            process.terminate()  # a step that never ends: the pipe closes

    def _follow(self, run: LiveRun, process: multiprocessing.process.BaseProcess, receive: Connection) -> None:
        """Copy the child's progress into ``run`` until the pipe closes; stop the child at the time limit."""
        ended_well = False  # the child said it finished (None) or why it failed (a text)
        gone: list[float] = []
        try:
            while not ended_well:
                self._enforce_limit(run, process, gone)
                if not receive.poll(POLL) and (process.is_alive() or not receive.poll()):
                    if process.is_alive():
                        continue
                    break  # ended without a word: the exit code tells below
                try:
                    message = receive.recv()
                except EOFError:
                    break
                if message is None or isinstance(message, str):
                    run.error, ended_well = message, True
                else:
                    run.record(message)
        finally:
            process.join(5)
            if process.is_alive():
                process.terminate()
                process.join(5)
            if not ended_well:
                run.exit_code = process.exitcode
                run.error = f"the training process ended without finishing (exit code {process.exitcode})"
            receive.close()
            run.ended = time.perf_counter()
            run.done = True
            if run.step >= run.steps or run.timed_out:
                self.lengths.append(run.elapsed)
            self._release()
            self.advance()  # the next reader's turn

    def _release(self) -> None:
        self._host.release()
        self._lock.release()
