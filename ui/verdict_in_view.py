"""A question's verdict comes into sight once the reader presses Check.

The reveal draws more above the question than the question had (a step's lead, held back until then, its chart), so
that on a phone the verdict fell below the screen, and the reader saw only their own greyed-out choice.
:data:`SCRIPT`, installed once by :mod:`ui.frame`, scrolls a verdict that appears within :data:`WAIT_MS` of a press
of Check into sight, its top :data:`ROOM` px below the app's header, when it is not in sight already (its banner and
the two lines under it, :data:`BELOW`, above the window's foot or the slider docked there), and keeps it
there while the run goes on and :data:`SETTLE_MS` after (a lead, a chart drawn above it). A page opened on a question
answered before is left where it opens, as is one whose reader skipped (they asked for the step's chart, not a
verdict), and a projector (presenter mode: the room reads a step from its top, Back and Next stay where they are).
"""

from __future__ import annotations

from ui import page_assets
from ui.clicker import FLAG
from ui.questions import VERDICT

ROOM = 72  # px between the window's top and the verdict once scrolled to it: below Streamlit's header (60 px)
# px the verdict needs above the window's foot, or above a slider docked there (ui/assets/scrub.js), to be read: its
# banner and the two lines under it (the reader's answer, the right one); with less, it is scrolled to the top
BELOW = 200
WAIT_MS = 15_000  # how long after the press a verdict that appears is the one it asked for
SETTLE_MS = 1_500  # how long it is kept in sight after the run ends, while what the reveal draws above it arrives

SCRIPT = page_assets.read("verdict_in_view.js")
# the values the script reads (window.attentionConfig.verdict_in_view)
CONFIG = {"room": ROOM, "below": BELOW, "waitMs": WAIT_MS, "settleMs": SETTLE_MS, "verdict": VERDICT, "flag": FLAG}
