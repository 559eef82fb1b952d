"""One colour per source position, the same on every screen.

Okabe and Ito's colour-blind-safe palette, ordered so that the first three
positions (I, like, cats) get orange, sky blue and bluish green. Charts pass
the colours as an explicit scale, so Streamlit's theme does not recolour them.
"""

from __future__ import annotations

from collections.abc import Sequence

OKABE_ITO = (
    "#E69F00",  # orange
    "#56B4E9",  # sky blue
    "#009E73",  # bluish green
    "#D55E00",  # vermillion
    "#CC79A7",  # reddish purple
    "#0072B2",  # blue
    "#F0E442",  # yellow
    "#999999",  # grey
)
# Components of a vector (e.g. the context c_t), one line each: mid tones that keep 3:1 against the
# background in both themes (white and Streamlit's dark #171614), as marks need.
COMPONENTS = ("#3388CC", "#228833", "#9A7D00", "#C0508F", "#D55E00", "#7B6FD6")
CONTEXT = "#E0115F"  # the context vector c: a ruby that no source position uses
NEUTRAL = "#888888"  # reference marks (uniform 1/3, states A and B)


def position_color(j: int) -> str:
    """The colour of source position j (0-based); cycles after eight positions."""
    return OKABE_ITO[j % len(OKABE_ITO)]


def position_labels(tokens: Sequence[str]) -> list[str]:
    """Unique labels for positions: the token, with its position number where tokens repeat."""
    repeated = {tok for tok in tokens if list(tokens).count(tok) > 1}
    return [f"{tok} ({j + 1})" if tok in repeated else tok for j, tok in enumerate(tokens)]


def position_scale(tokens: Sequence[str]) -> dict[str, list[str]]:
    """A Vega-Lite colour scale mapping each position's label to its colour."""
    labels = position_labels(tokens)
    return {"domain": labels, "range": [position_color(j) for j in range(len(labels))]}
