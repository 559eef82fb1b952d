"""Screen 3's link settings: the scorer's nonlinearity (the walkthrough's reading steps use it too), the shift
added to every score, the Luong scores' query and matrix, and the open tab."""

from __future__ import annotations

from core.scorers import NONLINEARITIES
from ui import codec
from ui.links import Binding, checked_number, choice, clamped

LUONG_RANGE = (-10.0, 10.0)  # the entries of q and W_a


def luong_entry(x: object) -> float:
    """An entry of q or W_a as a reader sets it: a finite number in LUONG_RANGE."""
    return checked_number(x, *LUONG_RANGE)


SHIFT_RANGE = (-10.0, 10.0)  # the constant added to every score

F = Binding("f", "tanh", choice(NONLINEARITIES))
Q1 = Binding("q1", 1.0, clamped(*LUONG_RANGE), codec.format_number)
Q2 = Binding("q2", 0.0, clamped(*LUONG_RANGE), codec.format_number)
WA1 = Binding("wa1", 1.0, clamped(*LUONG_RANGE), codec.format_number)
WA2 = Binding("wa2", -1.0, clamped(*LUONG_RANGE), codec.format_number)
LUONG = (Q1, Q2, WA1, WA2)  # the dot score's query q, then the general score's W_a
SHIFT = Binding("shift", 3.0, clamped(*SHIFT_RANGE), codec.format_number)
SCORE_TABS = ("removed", "shift", "luong")  # screen 3's parts below the scorer, one a tab, in the link
SCORE_TAB = Binding("score_tab", SCORE_TABS[0], choice(SCORE_TABS))
