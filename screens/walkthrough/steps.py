"""The walkthrough's steps in the article's order: the screen each comes from, the values it sets, its drawing.

Step K (1-based) opens with ``?step=K`` on the home page; its title is the
message ``walk.<name>.title`` and its point is computed by its drawing
(messages ``walk.<name>.…`` in ui/catalog/walkthrough.py).
"""

from __future__ import annotations

from core.translator.run import DEFAULTS
from screens.walkthrough import encoder, learning, reading, sweep, translator
from ui.settings.learning import LEARN_LR, LEARN_TARGET
from ui.settings.scoring import F
from ui.settings.state_sweep import SWEEP
from ui.settings.translator import TR_OVERLAY, TR_SENTENCE, TR_STEP, TR_TAB
from ui.walkthrough import Step

TRAINED = DEFAULTS["attention"][1].steps  # the shipped attention model's last snapshot: step 10 opens on it
ALIGNMENT_SENTENCE = "the red tree sees every red small car"  # 8 test words, "red small car" reordered
LONG_SENTENCE = (  # 25 test words, longer than any training sentence: attention right, the summary wrong
    "this small big book runs with his new blue house then your old small tree sees this big new dog "
    "with no new old dog"
)

STEPS: tuple[Step, ...] = (
    Step("fixed", "fixed_summary", -1.0, (), encoder.fixed_summary),
    Step("compare", "revisitable_source", -1.0, (), reading.compare_normalise_read),
    Step("hull", "revisitable_source", 0.5, (), reading.inside_the_sources),
    Step("tanh", "scoring", -1.0, ((F, "tanh"),), reading.without_tanh),
    Step("states", "revisitable_source", 1.0, (), reading.two_states),
    Step("sweep", "state_sweep", -1.0, ((SWEEP, (-3.0, 3.0)),), sweep.sweep),
    Step("hard", "state_sweep", -1.0, ((SWEEP, (-2.0, 2.0)),), sweep.soft_and_hard),
    Step("gradient", "learning", -1.0, (), learning.gradient),
    Step("step", "learning", -1.0, ((LEARN_LR, 0.5), (LEARN_TARGET, 2)), learning.one_step),
    Step(
        "align",
        "translator",
        -1.0,
        ((TR_SENTENCE, ALIGNMENT_SENTENCE), (TR_STEP, TRAINED), (TR_OVERLAY, True)),
        translator.alignment,
    ),
    Step(
        "long",
        "translator",
        -1.0,
        ((TR_SENTENCE, LONG_SENTENCE), (TR_TAB, "results")),
        translator.long_sentences,
    ),
)
