"""Every screen's charts mean what they meant before they were authored in Altair: the same marks, encodings and
rows (``tests/chart_meaning.py``; a chart a slider scrubs is compared at the slider's value)."""

from __future__ import annotations

import json

import pytest

from tests.chart_meaning import CASES, GOLDEN, case_meanings, merged

RECORDED = json.loads(GOLDEN.read_text())
# Screens 2, 3 (below its scorer), 5, 7 and 8 drew all their parts' charts, one part after another; their parts
# are tabs, and each draws only the open tab's charts (the first tab's unless the link names another). A tab
# named in a case is a view of its own, compared with what the screen drew before. Each screen's tabs in order,
# with the charts each draws, under the link key that names the open one:
TABBED = {
    "revisitable_source": (
        "rev_tab",
        {
            "raw": {"raw_weights", "raw_read_plane"},
            "hard": {"hard_weights"},
            "vocab": set(),
            "same": {"identical_sources_weights", "identical_sources_plane"},
        },
    ),
    "scoring": (
        "score_tab",
        {
            "removed": {"states_with_and_without_f"},
            "shift": {"shift_scores", "shift_weights"},
            "luong": {"luong_scores"},
        },
    ),
    "learning": (
        "learn_tab",
        {
            "train": {"weights_start_and_now", "loss_curve", "target_probabilities"},
            "derivation": set(),
            "sequence": set(),
            "check": {"score_gradients"},
        },
    ),
    "limits": (
        "lim_tab",
        {
            "select": {"cafe_weights", "notebook_weights", "notebook_contexts"},
            "hard": {"soft_and_hard_loss", "soft_and_hard_slope"},
            "work": {"scores_by_length", "scored_pairs"},
        },
    ),
    "self_attention": (
        "sa_tab",
        {
            "masks": {"decoder_visibility", "annotation_visibility"},
            "keys": {"key_value_weights", "keys_values_plane"},
            "self": {"self_attention_weights"},
        },
    ),
}


def closed(address: str, query: dict[str, str]) -> set[str]:
    """The recorded charts of ``address`` that its tabs not open for ``query`` draw."""
    if address not in TABBED:
        return set()
    key, tabs = TABBED[address]
    shown = query.get(key, next(iter(tabs)))
    return set().union(*(charts for tab, charts in tabs.items() if tab != shown))


CLOSED = {name: closed(address, query) for name, address, query in CASES}
RECORDED_AS = {
    "scoring_shift": "scoring",
    "scoring_luong": "scoring",
    "scoring_identity_shift": "scoring_identity",
    "scoring_identity_luong": "scoring_identity",
    "learning_check": "learning",
    "learning_train": "learning",
    "limits_hard": "limits",
    "limits_work": "limits",
    "self_attention_keys": "self_attention",
    "self_attention_self": "self_attention",
    "self_attention_kv_self": "self_attention_kv",
}


# The raw read's plane spans its points at every state (its axes hold still while the slider moves), and its
# labels sit a step of that span from their points: the same labels, a little further out than when the span
# was that of the one state drawn.
SPANNED = {"raw_read_plane"}


# The scorer's parts shade on one scale for every state the slider can set (so a colour means the same number
# while the slider moves): from minus to plus the largest part over all of them, not over the one state drawn.
SHADED_ALIKE = {"scorer_parts"}


# The bars of scores, of raw weights and of the scores' gradients that follow the state slider are drawn against
# one value axis for every state it can set (``ui.charts.bars.spanning``: the axis holds still while the slider
# moves): the same bars, against an axis written down (tests/test_page_revisitable.py and test_page_learning.py
# check that it spans every state's values).
HELD = {"scores", "raw_weights", "score_gradients"}


def any_value_span(views: list[dict]) -> list[dict]:
    """The views with the value axis's written domain left out."""
    out = []
    for v in views:
        y = v["encoding"].get("y")
        if isinstance(y, dict) and "scale" in y:
            v = v | {"encoding": v["encoding"] | {"y": {k: x for k, x in y.items() if k != "scale"}}}
        out.append(v)
    return out


def any_colour_span(views: list[dict]) -> list[dict]:
    """The views with the colour scale's domain left out."""
    out = []
    for v in views:
        colour = v["encoding"].get("color")
        if isinstance(colour, dict) and "domain" in colour.get("scale", {}):
            colour = colour | {"scale": {k: x for k, x in colour["scale"].items() if k != "domain"}}
            v = v | {"encoding": v["encoding"] | {"color": colour}}
        out.append(v)
    return out


def placed_anywhere(views: list[dict]) -> list[dict]:
    """The views with the labels' places left out (their texts kept)."""
    return [v | {"rows": [{k: x for k, x in r.items() if k not in ("x", "y")} for r in v["rows"]]} for v in views]


@pytest.fixture
def unpinned(monkeypatch):
    """Charts drawn without the domains that :mod:`ui.charts.pinned` writes down for the browser (their
    meaning is the data's domain either way; ``tests/test_pinned.py`` checks that they are)."""
    from ui import kept
    from ui.charts import pinned

    monkeypatch.setattr(pinned, "pin", lambda *args: None)
    kept.forget_all()
    yield
    kept.forget_all()


@pytest.mark.parametrize(("name", "address", "query"), CASES, ids=[c[0] for c in CASES])
def test_charts_mean_what_they_meant(name, address, query, unpinned):
    now = case_meanings(address, query)
    before = RECORDED[RECORDED_AS.get(name, name)]
    assert set(now) == set(before) - CLOSED.get(name, set()), "the same charts, by name"
    for chart in now:
        a, b = merged(now[chart]), merged(before[chart])
        if chart in SPANNED:
            a, b = placed_anywhere(a), placed_anywhere(b)
        if chart in SHADED_ALIKE:
            a, b = any_colour_span(a), any_colour_span(b)
        if chart in HELD:
            a, b = any_value_span(a), any_value_span(b)
        assert a == b, f"{chart} in {name}"
