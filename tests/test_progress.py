"""The paced progress bar (``ui/progress.py``): none for work over in a blink, a few moves a second for long work."""

from __future__ import annotations

from ui.progress import EVERY_S, SHOWN_AFTER_S, PacedProgress


class Slot:
    """Stands for a place on the page: records each draw of a bar, each move and its removal."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, float, str]] = []

    def progress(self, value: float, text: str) -> Slot:
        self.calls.append(("progress", value, text))
        return self

    def empty(self) -> None:
        self.calls.append(("empty", 0.0, ""))


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def run(durations: list[float], total: int) -> list[tuple[str, float, str]]:
    """Work in len(durations) equal pieces, the k-th taking durations[k] seconds; the slot's record."""
    slot, clock = Slot(), Clock()
    progress = PacedProgress(slot, total, lambda done: f"{done}/{total}", clock)
    pieces = len(durations)
    for k, seconds in enumerate(durations):
        clock.now += seconds
        progress(total * (k + 1) // pieces)
    progress.close()
    return slot.calls


def test_work_over_before_the_bar_would_show_draws_nothing():
    assert run([SHOWN_AFTER_S / 40] * 20, 100) == []  # twenty pieces, all within the first moment


def test_long_work_shows_the_bar_moving_a_few_times_a_second_and_takes_it_away():
    calls = run([0.02] * 100, 500)  # 2 s of work in 100 pieces
    moves = [c for c in calls if c[0] == "progress"]
    assert moves[0] == ("progress", 0.0, "0/500")  # drawn once, empty, then moved
    values = [v for _, v, _ in moves[1:]]
    assert values == sorted(values) and 0 < values[0] < 1
    assert len(moves) - 1 <= (2.0 - SHOWN_AFTER_S) / EVERY_S + 1  # at most every EVERY_S
    assert len(moves) - 1 >= 10
    assert calls[-1][0] == "empty"


def test_the_bar_says_the_steps_done_when_it_moves():
    calls = run([0.2, 0.2, 0.2], 30)
    assert [text for kind, _, text in calls if kind == "progress"] == ["0/30", "10/30", "20/30", "30/30"]
