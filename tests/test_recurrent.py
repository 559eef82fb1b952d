import math

import numpy as np
import pytest

from core.recurrent import decode, embed, encode, largest_step_change, schematic_model, step_changes

MODEL = schematic_model()
SOURCE = ["I", "like", "cats"]
TARGET = ["我", "喜欢", "猫"]


def test_embedding_is_a_fixed_lookup():
    a = embed(["cats", "I", "cats"], 4)
    np.testing.assert_array_equal(a[0], a[2])
    assert not np.allclose(a[0], a[1])
    assert not np.allclose(embed(["cats"], 4, "src"), embed(["cats"], 4, "tgt"))


def test_recurrence_carries_earlier_inputs():
    # h_3 of "I like cats" differs from h_3 of "we like cats": the past flows forward.
    a = encode(MODEL, SOURCE).forward
    b = encode(MODEL, ["we", "like", "cats"]).forward
    assert not np.allclose(a[2], b[2])
    # the backward pass reads from the end: its state at the last position ignores the first word
    np.testing.assert_allclose(encode(MODEL, SOURCE).backward[2], encode(MODEL, ["we", "like", "cats"]).backward[2])


def test_bidirectional_annotation_concatenates_both_directions():
    ann = encode(MODEL, SOURCE)
    d = ann.forward.shape[1]
    assert ann.H.shape == (3, 2 * d)
    np.testing.assert_array_equal(ann.H[:, :d], ann.forward)
    np.testing.assert_array_equal(ann.H[:, d:], ann.backward)
    np.testing.assert_array_equal(ann.summary, np.concatenate([ann.forward[-1], ann.backward[0]]))


def test_fixed_summary_gives_every_step_the_same_context():
    trace = decode(MODEL, encode(MODEL, SOURCE), TARGET, attention=False)
    assert trace.weights is None
    for c in trace.contexts:
        np.testing.assert_array_equal(c, encode(MODEL, SOURCE).summary)
    assert trace.states.shape == (4, MODEL.decoder.W_h.shape[0])


def test_attention_recomputes_the_context_every_step():
    ann = encode(MODEL, SOURCE)
    trace = decode(MODEL, ann, TARGET, attention=True)
    assert trace.weights.shape == (3, 3)
    p, H = MODEL.scorer, ann.H
    for t in range(3):  # step t reads with the previous state s_{t-1}, row t of states
        e = [float(p.v @ np.tanh(p.W @ h_j + p.U @ trace.states[t] + p.b)) for h_j in H]
        z = [math.exp(e_j) for e_j in e]
        alpha = [z_j / sum(z) for z_j in z]
        np.testing.assert_allclose(trace.weights[t], alpha, rtol=1e-12)
        np.testing.assert_allclose(trace.contexts[t], sum(a * h_j for a, h_j in zip(alpha, H, strict=True)), rtol=1e-12)
    assert np.abs(np.diff(trace.contexts, axis=0)).max() > 1e-3
    assert not np.allclose(trace.weights[0], trace.weights[-1])


@pytest.mark.parametrize("attention", [True, False])
def test_decoder_is_teacher_forced_from_the_start_token(attention):
    ann = encode(MODEL, SOURCE)
    # s_1 is fed y_0 = START, never y_1: two targets that differ from their first word agree on s_1...
    other = decode(MODEL, ann, ["猫", "喜欢"], attention)
    three = decode(MODEL, ann, TARGET, attention)
    np.testing.assert_array_equal(other.states[1], three.states[1])
    # ...and s_2 is fed y_1, where they differ
    assert not np.allclose(other.states[2], three.states[2])


def test_default_model_reads_visibly_differently_at_each_step():
    # the screen's point: with attention each target step gets its own reading of "I like cats"
    w = decode(MODEL, encode(MODEL, SOURCE), TARGET, attention=True).weights
    for a, b in ((0, 1), (0, 2), (1, 2)):
        assert np.abs(w[a] - w[b]).sum() > 0.3, (a, b, w)
    assert w.max() < 0.95  # soft: no step puts (almost) all weight on one position


def test_step_changes_measure_the_move_between_consecutive_steps():
    X = np.array([[0.0, 1.0], [0.5, 1.0], [0.5, -1.0]])
    np.testing.assert_array_equal(step_changes(X), [0.5, 2.0])
    assert largest_step_change(X) == 2.0
    assert step_changes(X[:1]).shape == (0,) and largest_step_change(X[:1]) == 0.0
    ann = encode(MODEL, SOURCE)
    fixed = decode(MODEL, ann, TARGET, attention=False)
    soft = decode(MODEL, ann, TARGET, attention=True)
    assert largest_step_change(fixed.contexts) == 0.0  # the fixed summary never moves
    assert largest_step_change(soft.contexts) > 0.1
    # the decoder's own state moves in both modes
    assert largest_step_change(fixed.states[1:]) > 0.1 and largest_step_change(soft.states[1:]) > 0.1


def test_step_changes_refuse_bad_input():
    for bad in ([1.0, 2.0], [[np.nan, 1.0]], np.zeros((0, 2)), "ab"):
        with pytest.raises(ValueError, match="X"):
            step_changes(bad)
