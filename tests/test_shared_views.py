"""Screen 6's views of a sentence (its weights at every snapshot, its decoding steps) are kept once and shared by
every look-up and every reader, not copied for each: a run reads them several times. Shared, they cannot be changed:
their arrays are read-only."""

from __future__ import annotations

import numpy as np
import pytest

import core.translator as tr
from screens.translator import orders
from ui.settings.translator import DEFAULT_SENTENCE
from ui.translator import outputs


@pytest.mark.parametrize("model", ["attention", "luong_local"])
def test_a_sentences_weights_are_shared_and_read_only(model):
    views = outputs.alignments(DEFAULT_SENTENCE, model)
    assert outputs.alignments(DEFAULT_SENTENCE, model) is views
    last = tr.snapshot_steps(model)[-1]
    assert outputs.alignment(DEFAULT_SENTENCE, last, model) is outputs.alignment(DEFAULT_SENTENCE, last, model)
    for view in (*views, outputs.alignment(DEFAULT_SENTENCE, last, model)):
        assert not view.weights.flags.writeable
        with pytest.raises(ValueError):
            view.weights[0, 0] = 1.0


def test_a_sentences_decoding_steps_are_shared_and_read_only():
    steps = orders.steps(DEFAULT_SENTENCE, "luong_general")
    assert orders.steps(DEFAULT_SENTENCE, "luong_general") is steps
    assert all(not s.weights.flags.writeable for s in steps)
    with pytest.raises(ValueError):
        steps[0].weights[0] = 1.0
    np.testing.assert_array_equal(steps[0].weights, tr.decoding_steps(DEFAULT_SENTENCE, "luong_general")[0].weights)
