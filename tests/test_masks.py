"""Visibility masks and the masked Softmax, checked against the schematic encoder-decoder's real dependencies."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core.masks import (
    ENCODERS,
    DecoderVisibility,
    annotation_visibility,
    causal_mask,
    decoder_visibility,
    masked_softmax,
)
from core.recurrent import decode, encode, schematic_model
from core.softmax import softmax
from tests.strategies import finite

patient = settings(deadline=None)  # no deadline: a busy machine's timing is not a property

MODEL = schematic_model()
SOURCE = ["I", "like", "cats", "and", "dogs"]
TARGET = ["我", "喜欢", "猫", "和", "狗"]


@st.composite
def scores_and_masks(draw):
    n, T = draw(st.integers(1, 6)), draw(st.integers(1, 12))
    e = draw(arrays(np.float64, (n, T), elements=finite))
    visible = draw(arrays(np.bool_, (n, T)))
    visible[np.arange(n), draw(st.lists(st.integers(0, T - 1), min_size=n, max_size=n))] = True  # one a row
    return e, visible


@patient
@given(scores_and_masks())
def test_hidden_positions_get_exactly_zero_and_the_visible_ones_share_all_the_weight(case):
    e, visible = case
    alpha = masked_softmax(e, visible)
    assert np.all(alpha[~visible] == 0.0)
    assert np.all(alpha[visible] > 0.0)
    np.testing.assert_allclose(alpha.sum(axis=1), 1.0, atol=1e-12)
    for row, keep in zip(range(len(e)), visible, strict=True):  # Softmax over the visible positions alone
        np.testing.assert_allclose(alpha[row, keep], softmax(e[row, keep]), rtol=1e-12)


@patient
@given(arrays(np.float64, (3, 5), elements=finite))
def test_with_everything_visible_it_is_the_plain_softmax(e):
    np.testing.assert_array_equal(masked_softmax(e, np.ones_like(e, dtype=bool)), softmax(e))


def test_a_row_with_nothing_visible_or_a_mask_of_numbers_is_refused():
    with pytest.raises(ValueError, match="at least one visible"):
        masked_softmax([[1.0, 2.0], [3.0, 4.0]], [[True, False], [False, False]])
    with pytest.raises(ValueError, match="booleans"):
        masked_softmax([1.0, 2.0], [1, 0])
    with pytest.raises(ValueError, match="does not fit"):
        masked_softmax([1.0, 2.0], [True, False, True])


def test_causal_mask_and_the_decoders_target_mask_written_out():
    np.testing.assert_array_equal(causal_mask(3), [[1, 0, 0], [1, 1, 0], [1, 1, 1]])
    v = decoder_visibility(T=2, U=3)
    np.testing.assert_array_equal(v.source, np.ones((3, 2), dtype=bool))
    # columns y_0 = <s>, y_1, y_2, y_3: step t uses y_0..y_{t-1}
    np.testing.assert_array_equal(v.target, [[1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0]])
    assert v.visible_targets(1) == [0] and v.visible_targets(3) == [0, 1, 2]
    assert not v.sees_ahead()
    assert DecoderVisibility(v.source, np.ones_like(v.target)).sees_ahead()
    with pytest.raises(ValueError, match="encoder"):
        annotation_visibility(3, "sideways")
    with pytest.raises(ValueError, match="T: expected a whole number"):
        causal_mask(0)


def changed(a: np.ndarray, b: np.ndarray) -> bool:
    return bool(np.abs(a - b).max() > 1e-12)


@pytest.mark.parametrize("encoder", ENCODERS)
def test_annotation_mask_is_what_the_recurrent_encoder_really_reads(encoder):
    """Change source word x_k: annotation h_j moves exactly where the mask says h_j has read x_k."""
    part = {"bidirectional": "H", "forward": "forward", "backward": "backward"}[encoder]
    base = getattr(encode(MODEL, SOURCE), part)  # (T, width)
    mask = annotation_visibility(len(SOURCE), encoder)
    for k in range(len(SOURCE)):
        other = getattr(encode(MODEL, SOURCE[:k] + ["birds"] + SOURCE[k + 1 :]), part)
        moved = [changed(other[j], base[j]) for j in range(len(SOURCE))]
        assert moved == mask[:, k].tolist(), (encoder, k)


def test_decoder_mask_is_what_the_schematic_decoder_really_depends_on():
    """Change target token y_k: step t's state s_t moves iff k < t; any source word moves every step."""
    ann = encode(MODEL, SOURCE)
    base = decode(MODEL, ann, TARGET, attention=True)
    vis = decoder_visibility(len(SOURCE), len(TARGET))
    for k in range(1, len(TARGET) + 1):
        other = decode(MODEL, ann, TARGET[: k - 1] + ["鸟"] + TARGET[k:], attention=True)
        moved = [changed(other.states[t], base.states[t]) for t in range(1, len(TARGET) + 1)]
        assert moved == vis.target[:, k].tolist(), k
    for k in range(len(SOURCE)):
        other = decode(MODEL, encode(MODEL, SOURCE[:k] + ["birds"] + SOURCE[k + 1 :]), TARGET, attention=True)
        moved = [changed(other.contexts[t], base.contexts[t]) for t in range(len(TARGET))]
        assert moved == vis.source[:, k].tolist(), k
