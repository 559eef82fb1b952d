"""Every screen's charts mean what they meant before they were authored in Altair: the same marks, encodings and
rows (``tests/chart_meaning.py``; a chart a slider scrubs is compared at the slider's value)."""

from __future__ import annotations

import json

import pytest

from tests.chart_meaning import CASES, GOLDEN, case_meanings, merged

RECORDED = json.loads(GOLDEN.read_text())
# Screen 2 drew every tab's charts; it draws only the open tab's (the raw scores' by default).
TABS = {
    "raw": {"raw_weights", "raw_read_plane"},
    "hard": {"hard_weights"},
    "vocab": set(),
    "same": {"identical_sources_weights", "identical_sources_plane"},
}
CLOSED = {
    name: set().union(*(charts for tab, charts in TABS.items() if tab != query.get("rev_tab", "raw")))
    for name, address, query in CASES
    if address == "revisitable_source"
}
# Screen 5 drew every part's charts; its parts are tabs, and it draws only the open tab's (the gradient check's by
# default). Its training tab is a view of its own, compared with what the screen drew before.
LEARN_TABS = {
    "check": {"score_gradients"},
    "train": {"weights_start_and_now", "loss_curve", "target_probabilities"},
    "derivation": set(),
    "sequence": set(),
}
CLOSED |= {
    name: set().union(*(charts for tab, charts in LEARN_TABS.items() if tab != query.get("learn_tab", "check")))
    for name, address, query in CASES
    if address == "learning"
}
# Screen 7 drew its three parts one after another; they are tabs, and it draws only the open one's charts.
LIM_TABS = {
    "select": {"cafe_weights", "notebook_weights", "notebook_contexts"},
    "hard": {"soft_and_hard_loss", "soft_and_hard_slope"},
    "work": {"scores_by_length", "scored_pairs"},
}
CLOSED |= {
    name: set().union(*(charts for tab, charts in LIM_TABS.items() if tab != query.get("lim_tab", "select")))
    for name, address, query in CASES
    if address == "limits"
}
# Screen 8 drew its three parts one after another; they are tabs, and it draws only the open one's charts.
SA_TABS = {
    "masks": {"decoder_visibility", "annotation_visibility"},
    "keys": {"key_value_weights", "keys_values_plane"},
    "self": {"self_attention_weights"},
}
CLOSED |= {
    name: set().union(*(charts for tab, charts in SA_TABS.items() if tab != query.get("sa_tab", "masks")))
    for name, address, query in CASES
    if address == "self_attention"
}
# Screen 3 drew its parts below the scorer one after another; they are tabs, and it draws only the open one's
# charts (the scorer's parts stay above them).
SCORE_TABS = {
    "removed": {"states_with_and_without_f"},
    "shift": {"shift_scores", "shift_weights"},
    "luong": {"luong_scores"},
}
CLOSED |= {
    name: set().union(*(charts for tab, charts in SCORE_TABS.items() if tab != query.get("score_tab", "removed")))
    for name, address, query in CASES
    if address == "scoring"
}
RECORDED_AS = {
    "scoring_shift": "scoring",
    "scoring_luong": "scoring",
    "scoring_identity_shift": "scoring_identity",
    "scoring_identity_luong": "scoring_identity",
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
        assert a == b, f"{chart} in {name}"
