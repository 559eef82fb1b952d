"""ui.collector: the collector's youngest generation set, and what a screen's first run leaves set aside."""

import gc
import threading
import time
import weakref

from ui import collector, kept


class Node:
    def __init__(self):
        self.other = None


def test_tune_sets_the_youngest_threshold_and_keeps_the_older_two():
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        collector.tune()
        assert gc.get_threshold() == (collector.YOUNG, 10, 10)
        collector.tune()  # again, as every run does
        assert gc.get_threshold() == (collector.YOUNG, 10, 10)
    finally:
        gc.set_threshold(*before)


def test_settle_collects_the_cycles_first_and_sets_the_living_aside():
    a, b = Node(), Node()
    a.other, b.other = b, a  # a cycle nothing else refers to once these names go
    garbage = weakref.ref(a)
    del a, b
    alive = Node()
    frozen = gc.get_freeze_count()
    try:
        collector.settle()
        assert garbage() is None  # collected, not set aside (where it would never be)
        assert gc.get_freeze_count() > frozen
        assert not any(o is alive for o in gc.get_objects())  # set aside: later collections skip it
    finally:
        gc.unfreeze()
    assert any(o is alive for o in gc.get_objects())


def test_a_screens_first_run_in_the_process_settles_soon_and_later_runs_do_not(monkeypatch):
    soon = []
    monkeypatch.setattr(collector, "settle_soon", lambda: soon.append(1))
    screen = ("a screen no other test runs",)
    with kept.first_run(screen):
        pass
    with kept.first_run(screen):
        pass
    assert soon == [1]


def test_settle_soon_settles_once_on_its_own_thread_however_many_ask_while_it_waits(monkeypatch):
    settled, done = [], threading.Event()

    def settle():
        settled.append(threading.current_thread())
        done.set()

    monkeypatch.setattr(collector, "settle", settle)
    collector.settle_soon(0.2)
    collector.settle_soon(0.2)  # a second screen's first run while the first waits
    assert done.wait(5)
    time.sleep(0.3)
    assert len(settled) == 1 and settled[0] is not threading.current_thread()
    collector.settle_soon(0)  # once it has run, another first run asks again
    time.sleep(0.2)
    assert len(settled) == 2
