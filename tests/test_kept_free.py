"""A kept chart named free of a setting is the same chart whatever the setting holds.

A chart kept for the link's settings but some (``free``: the panels' settings on screen 2, the other tabs' on
screen 6) is found again when only those change, and sent as it was kept. If it did depend on one of them, a reader
would see a stale chart. Here every such setting takes each of a few values a reader can give it, one after the
other in one process, with the suite's check on (``ui.kept.CHECK``: a chart found again is built again and must
be the same): a chart that depends on a setting it calls free fails its check.
"""

from __future__ import annotations

import pytest

from tests.apptest import no_exception, run_page
from ui import kept
from ui.settings import revisitable_source as rev
from ui.settings import translator as tr

REVISITABLE = "screens/revisitable_source/page.py"
TRANSLATOR = "screens/translator/page.py"

# each freed setting, and the values a reader may give it, each drawn with the others at their defaults
VALUES = {
    (REVISITABLE, rev.REV_TAB.key): rev.REV_TABS,
    (REVISITABLE, rev.SAME_FROM.key): [{"rev_tab": "same", "same_from": v} for v in rev.SAME_FROMS],
    (REVISITABLE, rev.SAME_HAND.key): [
        {"rev_tab": "same", "same_from": "hand", "same_w": w} for w in ("1,0.5,0.25", "0,0,1", "1,1,1")
    ],
    (TRANSLATOR, tr.TR_TAB.key): tr.TRANSLATOR_TABS[:4],  # the live tab starts no run: it draws no kept chart
    (TRANSLATOR, tr.TR_ORDER_STEP.key): ("1", "3", "5"),
    (TRANSLATOR, tr.WI_STEP.key): ("1", "4"),
    (TRANSLATOR, tr.WI_WORD.key): ("1", "3"),
    (TRANSLATOR, tr.WI_KIND.key): tuple(tr.OVERRIDES),
    (TRANSLATOR, tr.WI_SHARE.key): ("0.25", "1"),
}


def links(page: str, key: str) -> list[dict[str, str]]:
    return [v if isinstance(v, dict) else {key: v} for v in VALUES[page, key]]


def test_every_freed_setting_is_tried() -> None:
    """The table above holds every setting the screens call free (a setting freed later is tried too)."""
    freed = {(REVISITABLE, k) for k in rev.PANELS_ONLY} | {(TRANSLATOR, k) for k in tr.NOT_ALIGNMENT}
    assert freed == set(VALUES)


@pytest.mark.parametrize("page, key", sorted(VALUES), ids=lambda v: v.split("/")[1] if "/" in v else v)
def test_a_chart_free_of_a_setting_is_the_same_whatever_it_holds(page: str, key: str) -> None:
    assert kept.CHECK  # the suite's check: a chart found again is built again and compared
    kept.forget_all()
    for query in [{}, *links(page, key), {}]:
        at = run_page(page, query=query, timeout=120)
        no_exception(at)
        assert not at.warning, (query, [w.value for w in at.warning])
