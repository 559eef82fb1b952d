"""Screen 6's link settings: the sentence translated, the snapshot shown, the overlay and the open tab (the
walkthrough's translator steps and the shared views in ``ui/translator/`` read them too)."""

from __future__ import annotations

import core.translator as tr
from core.translator import run
from core.translator.whatif import KINDS as OVERRIDES
from ui import codec, reasons
from ui.links import Binding, choice, number, position, switch
from ui.text import t

TRANSLATOR_TABS = ("alignment", "results", "forcing", "whatif", "live")  # the tabs' names in the link
# The models whose reading the alignment tab shows: every trained one that reads with weights (Bahdanau's
# additive reader and Luong et al.'s three); the fixed summary reads none.
READERS = tuple(name for name in tr.ALL_MODELS if name != "summary")
DEFAULT_SENTENCE = "every new blue woman sees his big blue tree with your small red book"


def parse_sentence(text: str) -> str:
    """The sentence in its plain form (lower case, single spaces); ValueError naming unknown words."""
    try:
        return " ".join(tr.tokenize(text))
    except ValueError as exc:
        raise ValueError(reasons.reason(exc)) from None


def parse_step(text: str) -> int:
    steps = tr.snapshot_steps()
    step = codec.whole_of(text)
    if step not in steps:
        raise ValueError(t("tr.bad_step", value=codec.cut(text), steps=", ".join(str(s) for s in steps)))
    return step


TR_SENTENCE = Binding("tr_sentence", DEFAULT_SENTENCE, parse_sentence)
# The last snapshot is the shipped model's final step: known from its training settings without loading it.
TR_STEP = Binding("tr_step", run.DEFAULTS["attention"][1].steps, parse_step)
TR_OVERLAY = switch("tr_overlay")
TR_TAB = Binding("tr_tab", TRANSLATOR_TABS[0], choice(TRANSLATOR_TABS))
TR_MODEL = Binding("tr_model", READERS[0], choice(tr.ALL_MODELS))  # the model the tabs show

# "What if it had looked elsewhere?": the target step whose reading is overridden, the source word, how (all the
# weight on it, it removed, or a blend with the share given to it). Positions from 1 in the link; a step or word
# past the sentence is put back to the first (the tab says so).
MAX_STEPS = 2 * 40 + 4  # a translation's longest: 2 T + 4 words for the longest sentence read (40 words)
WI_STEP = position("wi_step", 2, hi=MAX_STEPS)  # 'bleu' in our sentence, for 'blue' (the third word)
WI_WORD = position("wi_word", 2, hi=40)
WI_KIND = Binding("wi_kind", "remove", choice(OVERRIDES))
WI_SHARE = Binding("wi_share", 0.5, number(0.0, 1.0))
TR_ORDER_STEP = position("tr_order_step", 2, hi=MAX_STEPS)  # the step the two decoding orders are set side by side at

# What the alignment's charts never read (they name what they do read: the sentence, the model, the overlay): the
# open tab, the other tabs' settings and the step the two decoding orders are compared at. A reader moving those
# finds the charts already built.
NOT_ALIGNMENT = (TR_TAB.key, TR_ORDER_STEP.key, WI_STEP.key, WI_WORD.key, WI_KIND.key, WI_SHARE.key)
