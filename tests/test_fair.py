"""Fair shares of the expensive work (ui.fair) and of the live run (its queue), and who counts as one client."""

from __future__ import annotations

import binascii
import multiprocessing
import os
import threading
import time
from functools import partial

import pytest

from screens.translator import live_service
from tests import live_fakes
from ui import fair


def gate():
    return multiprocessing.get_context("spawn").Event()


def xsrf_cookie(token: bytes, mask: bytes) -> str:
    """Streamlit's cookie for a browser's ``token``, masked as one response draws it: 2|mask|masked|time."""
    masked = bytes(b ^ mask[i % 4] for i, b in enumerate(token))
    return f"2|{binascii.b2a_hex(mask).decode()}|{binascii.b2a_hex(masked).decode()}|1700000000"


# --- who is a client ---------------------------------------------------------------------------------------------


def test_a_browser_is_one_client_whatever_mask_its_cookie_was_drawn_with():
    token = os.urandom(16)
    one = fair.key_of({fair.XSRF_COOKIE: xsrf_cookie(token, b"\x01\x02\x03\x04")}, "10.0.0.5", None, set())
    two = fair.key_of({fair.XSRF_COOKIE: xsrf_cookie(token, b"\xff\x00\x10\x20")}, "10.0.0.6", None, set())
    assert one == two and one.startswith("browser:") and binascii.b2a_hex(token).decode() not in one


def test_a_class_of_two_hundred_browsers_behind_one_address_is_two_hundred_clients():
    keys = {
        fair.key_of({fair.XSRF_COOKIE: xsrf_cookie(os.urandom(16), os.urandom(4))}, "127.0.0.1", "203.0.113.9", set())
        for _ in range(200)
    }
    assert len(keys) == 200


def test_without_a_cookie_a_client_is_its_address_behind_a_trusted_proxy_only():
    trusted = {"127.0.0.1"}
    assert fair.key_of({}, "127.0.0.1", "198.51.100.1, 203.0.113.9", trusted) == "address:203.0.113.9"
    assert fair.key_of({}, "192.0.2.7", "203.0.113.9", trusted) == "address:192.0.2.7"  # a forged header, ignored
    assert fair.key_of({fair.XSRF_COOKIE: "not|a|token"}, "192.0.2.7", None, trusted) == "address:192.0.2.7"


# --- the gate ----------------------------------------------------------------------------------------------------


def test_one_computation_at_a_time_and_each_clients_second_waits_behind_every_other_clients_first():
    gate_ = fair.FairGate(slots=1)
    order: list[str] = []
    running, most = [0], [0]
    holding = threading.Event()
    release = threading.Event()

    def work(key: str, name: str, hold: bool = False) -> None:
        with gate_.turn(key):
            running[0] += 1
            most[0] = max(most[0], running[0])
            order.append(name)
            if hold:
                holding.set()
                release.wait(10)
            time.sleep(0.01)
            running[0] -= 1

    first = threading.Thread(target=work, args=("flood", "flood 1", True))
    first.start()
    assert holding.wait(10)
    threads = []
    for key, name in [("flood", "flood 2"), ("flood", "flood 3"), ("reader", "reader 1"), ("other", "other 1")]:
        threads.append(threading.Thread(target=work, args=(key, name)))
        threads[-1].start()
        while gate_.waiting < len(threads):  # in this order
            time.sleep(0.001)
    release.set()
    for th in [first, *threads]:
        th.join(10)
    assert most[0] == 1
    assert order == ["flood 1", "reader 1", "other 1", "flood 2", "flood 3"]


def test_a_computation_whose_reader_has_moved_on_leaves_the_line():
    gate_ = fair.FairGate(slots=1)
    release = threading.Event()
    holding = threading.Event()

    def hold() -> None:
        with gate_.turn("a"):
            holding.set()
            release.wait(10)

    th = threading.Thread(target=hold)
    th.start()
    assert holding.wait(10)
    moved_on = threading.Event()
    moved_on.set()
    with pytest.raises(fair.Left), gate_.turn("b", moved_on.is_set):
        pass
    assert gate_.waiting == 0
    release.set()
    th.join(10)
    with pytest.raises(RuntimeError), gate_.turn("b"), gate_.turn("b"):  # a computation that asks for another
        pass
    with gate_.turn("b"):  # the first turn was given back
        pass


# --- the live run's queue ----------------------------------------------------------------------------------------


class Pages:
    """Which sessions' pages are connected, as the server's session manager says."""

    def __init__(self) -> None:
        self.open: set[str] = set()

    def __call__(self, session: str | None) -> bool:
        return session is None or session in self.open


@pytest.fixture
def quick_grace(monkeypatch):
    monkeypatch.setattr(live_service, "LEFT_GRACE", 0.3)
    monkeypatch.setattr(live_service, "POLL", 0.05)


def test_one_place_a_client_first_come_first_served_and_the_next_starts_by_itself(tmp_path, quick_grace):
    pages = Pages()
    pages.open |= {"s1", "s2", "s3"}
    step = gate()
    holder = live_service.LiveHolder(
        partial(live_fakes.gated, gate=step), steps=2, lock_path=tmp_path / "lock", alive=pages
    )
    first = holder.ask("browser:a", "s1", None)
    second = holder.ask("browser:b", "s2", None)
    assert first.run is not None and second.waiting and holder.ahead(second) == 1
    assert holder.ask("browser:b", "s3", None) is second  # another tab of the same browser: its place
    assert holder.wait_of(second) <= holder.time_limit
    pages.open.discard("s1")  # the page of the run training has gone: it ends within LEFT_GRACE
    assert holder.wait_of(second) <= live_service.LEFT_GRACE
    pages.open.add("s1")
    training = holder.thread
    step.set()
    training.join(30)
    assert first.run.done and second.run is not None and not second.run.abandoned
    holder.thread.join(30)


def test_three_loops_that_press_start_and_close_hold_the_reader_for_at_most_one_run_each(tmp_path, quick_grace):
    """The attack of issue 46: loops open the live tab as new browsers, press Start and close it. Their runs would
    hold the one run to its end (a step here waits 5 s, a run of 1000 steps: for ever); a page gone LEFT_GRACE
    seconds gives its place or its run up, so the reader's starts after at most one run of each loop."""
    pages = Pages()
    holder = live_service.LiveHolder(
        partial(live_fakes.gated, gate=gate()), steps=1000, lock_path=tmp_path / "lock", alive=pages
    )
    started_by_loops = 0
    reader = None
    deadline = time.monotonic() + 20
    k = 0
    while time.monotonic() < deadline:
        for loop in range(3):
            k += 1
            session = f"loop{loop}-{k}"
            pages.open.add(session)
            place = holder.ask(f"browser:{session}", session, None)  # a new browser each time
            started_by_loops += place.run is not None
            pages.open.discard(session)  # the tab closes
        if reader is None and k > 6:
            pages.open.add("reader")
            reader = holder.ask("browser:reader", "reader", None)
            ahead = holder.ahead(reader)
            asked_at = started_by_loops
        if reader is not None and reader.run is not None:
            break
        holder.advance()
        time.sleep(0.05)
    assert reader is not None and reader.run is not None, "the reader never got a run"
    assert started_by_loops - asked_at <= 3 and ahead <= 4
    reader.run.stop.set()
    holder.thread.join(30)
    assert not holder.busy
