"""A chart's text alternative (ui.described.describe): its caption and its rows within the limit, whole rows only."""

from hypothesis import given, settings
from hypothesis import strategies as st

from ui.described import describe

words = st.text(alphabet="abcdefghij ", min_size=1, max_size=12)
rows_of = st.lists(st.fixed_dictionaries({"model": words, "loss": st.floats(0, 10)}), max_size=40)


@settings(max_examples=200, deadline=None)
@given(caption=st.text(alphabet="abc de", min_size=1, max_size=80), rows=rows_of, limit=st.integers(20, 600))
def test_a_description_writes_whole_rows_within_its_limit(caption, rows, limit):
    said = describe(caption, rows, limit=limit)
    assert len(said) <= limit
    lines = ["; ".join(f"{k} {v:.4g}" if isinstance(v, float) else f"{k} {v}" for k, v in r.items()) for r in rows]
    whole = describe(caption, rows, limit=10**9)
    header = whole[: len(whole) - len(". ".join(lines))]
    assert whole == header + ". ".join(lines)
    if said == whole:
        return
    written = [header + ". ".join(lines[:k]) + (". …" if k else "…") for k in range(len(rows))]
    assert said in written or said == header[: limit - 1].rsplit(" ", 1)[0] + "…"  # whole rows, or the caption cut


def test_a_long_chart_ends_after_its_last_whole_row():
    rows = [{"step": k, "model": "Bahdanau (additive)", "loss": 1.5} for k in range(200)]
    said = describe("Loss by step.", rows, limit=300)
    assert said.endswith("Bahdanau (additive); loss 1.5. …") and len(said) <= 300
