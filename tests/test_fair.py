"""Fair shares of the expensive work (ui.fair), and who counts as one client."""

from __future__ import annotations

import binascii
import os
import threading
import time

import pytest

from ui import fair


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
    with gate_.turn("b"), gate_.turn("b"):  # a computation that calls another passes through
        pass
