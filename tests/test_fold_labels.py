"""A folded caption's label tells its chart apart: no view (a screen, each of screen 6's tabs, each walkthrough step,
on a laptop and on a projector) shows two folds with the same label, which a reader (and a screen reader's list of
controls) could not tell apart."""

from __future__ import annotations

import collections

import pytest

from screens.walkthrough.steps import STEPS
from tests.apptest import HOME, run_page
from tests.browser import SCREENS
from ui.settings.translator import TRANSLATOR_TABS

VIEWS = [
    *[(path, {}) for path, _, _ in SCREENS if "translator" not in path],
    *[("screens/translator/page.py", {"tr_tab": tab}) for tab in TRANSLATOR_TABS],
    *[(HOME, {"step": str(n)}) for n in range(1, len(STEPS) + 1)],
]
# every view on a projector, which folds every caption; on a laptop, which folds only long ones, the walkthrough's
# steps (one chart each) only in the long checks
CASES = [
    pytest.param(path, query, present, marks=[pytest.mark.long] if path == HOME and not present else [])
    for path, query in VIEWS
    for present in (False, True)
]


@pytest.mark.parametrize(
    "path, query, present",
    CASES,
    ids=[f"{p.split('/')[-1]}{q}-{'projector' if on else 'laptop'}" for p, q in VIEWS for on in (False, True)],
)
def test_no_two_folds_of_a_view_share_a_label(path, query, present):
    at = run_page(path, query | ({"present": "1"} if present else {}))
    assert not at.exception
    labels = collections.Counter(e.label for e in at.expander)
    assert {label: n for label, n in labels.items() if n > 1} == {}
