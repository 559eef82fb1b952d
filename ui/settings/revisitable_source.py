"""Screen 2's link settings: its open panel, and how its identical sources are read."""

from __future__ import annotations

from ui import codec
from ui.links import MAX_POSITIONS, Binding, checked_number, choice

REV_TABS = ("raw", "hard", "vocab", "same")  # the panels' names in the link
REV_TAB = Binding("rev_tab", REV_TABS[0], choice(REV_TABS))
SAME_FROMS = ("sources", "hand")  # identical sources read with the real sources' weights, or with weights set by hand
SAME_FROM = Binding("same_from", SAME_FROMS[0], choice(SAME_FROMS))


def parse_hand_weights(text: str) -> tuple[float, ...]:
    """Raw weights set by hand, one a position, each in [0, 1]; empty for 'all at 1'."""
    if not text.strip():
        return ()
    values = codec.parse_vector(text, max_len=MAX_POSITIONS)
    return tuple(float(checked_number(x, 0.0, 1.0)) for x in values)


SAME_HAND = Binding("same_w", (), parse_hand_weights, lambda w: ",".join(codec.format_number(x) for x in w))
HAND_WIDGET = "w_same_{j}"  # the slider of position j; its values are stored together in SAME_HAND

# What the panels below the three stages alone read: the stages, the plane and their charts depend on none of them,
# so that a reader opening another panel or reading identical sources another way finds those charts already built.
PANELS_ONLY = (REV_TAB.key, SAME_FROM.key, SAME_HAND.key)
