"""What screen 6 says of the translators is so for every model it can be shown under: each sentence's claim computed
for the chosen model (Bahdanau's, the fixed summary, Luong's dot, general and local-p), in every language where the
words matter."""

import pytest

import core.translator as tr
from screens.translator import settings
from screens.translator import whatif as whatif_tab
from screens.translator.settings import DEFAULT_SENTENCE
from tests.apptest import no_exception, run_page, shown_text
from ui.format import num
from ui.text import t
from ui.translator.outputs import token_shown

PAGE = "screens/6_translator.py"
READERS = settings.READERS  # the models that read with weights: every one but the fixed summary
# a test sentence whose translation by Luong's local model leaves the reference at word 17 of 20
APART = "this old big bird takes my blue small man with my blue big bird or your small house sleeps"


# --- what if it had looked elsewhere? ------------------------------------------------------------------------------


@pytest.mark.parametrize("model", READERS)
def test_the_what_if_caption_says_how_sharp_the_chosen_model_reads_and_what_the_control_changes(model):
    """The test-set table's shares follow how sharp a model reads (removing the top word scales up a remainder near
    0 where it is sharp); its caption gives the chosen model's figures, and says that the override keeps the step's
    total, which is less than 1 for the local model alone."""
    counts = tr.whatif_effects()["models"][model]
    n = sum(counts["steps"].values())
    at = run_page(PAGE, {"tr_tab": "whatif", "tr_model": model})
    no_exception(at)
    caption = next(c.value for c in at.caption if c.value.startswith("Each of the chosen model's"))
    assert (
        f"lies a median {counts['rest']:.3f} of a step's weight, under 1% at {counts['rest_small'] / n:.0%}" in caption
    )
    assert f"changes the output at {sum(counts['focused'].values()):,} of the {n:,} steps" in caption
    assert "renormalised" not in caption and "scaled back up to the step's total" in caption
    shown = shown_text(at)
    below_one = counts["total_min"] < 1 - 1e-9
    assert below_one == (model == "luong_local")
    said = f"sum to less than 1 (a median {counts['total']:.3f} over the test set's steps, {counts['total_min']:.3f}"
    assert (said in shown) == below_one
    assert ("Every override keeps the step's own total" in shown) == below_one
    assert t("tr.wi_kind_focus") == "all the step's weight on it"  # every override keeps the step's total


def test_a_local_steps_weights_sum_to_less_than_1_and_an_override_keeps_that_total():
    own = tr.translate(DEFAULT_SENTENCE, "luong_local")
    for kind in ("focus", "remove", "blend"):
        w = tr.what_if(DEFAULT_SENTENCE, "luong_local", 2, 2, kind)
        assert w.before.sum() < 1 and w.after.sum() == pytest.approx(w.before.sum(), rel=1e-12)
    assert own.weights.sum(axis=1).max() < 1


@pytest.mark.parametrize("model", READERS)
def test_the_what_if_loss_says_whether_its_step_follows_the_translations_own_words(model):
    """The loss is teacher-forced: fed the reference's previous words. Where the model's own translation has left
    the reference before the step, that step of the reference follows other words than the translation's, and the
    sentence says so, with the word the reference writes there."""
    own, reference = tr.translate(APART, model).target, tr.reference(APART).target
    last = min(len(own), len(reference)) - 1
    w = tr.what_if(APART, model, last, 0, "focus")
    apart = own[:last] != reference[:last]
    assert apart == (model == "luong_local")  # only local-p's translation of this sentence leaves the reference
    assert (w.reference_from is not None and w.reference_from < last) == apart
    at = run_page(
        PAGE,
        {
            "tr_tab": "whatif",
            "tr_model": model,
            "tr_sentence": APART,
            "wi_step": str(last + 1),
            "wi_word": "1",
            "wi_kind": "focus",
        },
    )
    no_exception(at)
    shown = shown_text(at)
    before, after = num(w.loss_before, 3), num(w.loss_after, 3)
    if apart:
        k = next(i for i, (a, b) in enumerate(zip(own, reference, strict=False)) if a != b)
        said = t(
            "tr.wi_said_loss_apart", t=last + 1, before=before, after=after, k=k + 1, word=token_shown(reference[last])
        )
        assert said in shown and f"the reference writes “{token_shown(reference[last])}” there" in said
    else:
        assert t("tr.wi_said_loss", before=before, after=after) in shown
        assert "this translation's own up to here" in shown
    assert "teacher-forced, the override at this step" not in shown


def test_the_total_below_1_is_said_only_from_the_recorded_totals():
    said = {model: whatif_tab.total_said(model) for model in READERS}
    assert [m for m, s in said.items() if s is not None] == ["luong_local"]
