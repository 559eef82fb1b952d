"""The home page's link setting: the walkthrough's step."""

from __future__ import annotations

from ui.links import Binding, number

MAX_WALK_STEP = 99  # a larger step number is refused in the link; the walkthrough names its real range


STEP = Binding("step", 0, number(0, MAX_WALK_STEP, whole=True))  # the walkthrough's step; 0 for the home page
