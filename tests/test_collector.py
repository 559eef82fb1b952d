"""ui.collector: the collector's youngest generation set, and what a screen's first run leaves set aside."""

import gc
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


def test_a_screens_first_run_in_the_process_settles_and_later_runs_do_not(monkeypatch):
    settled = []
    monkeypatch.setattr(collector, "settle", lambda: settled.append(1))
    screen = ("a screen no other test runs",)
    with kept.first_run(screen):
        pass
    with kept.first_run(screen):
        pass
    assert settled == [1]
