import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core.curves import block_means

values = arrays(np.float64, st.integers(1, 200), elements=st.floats(-1e3, 1e3, allow_nan=False, width=64))


@given(values, st.integers(1, 50))
def test_each_block_mean_is_the_mean_of_its_steps(x, width):
    ends, means = block_means(x, width)
    starts = np.concatenate([[0], ends[:-1]])
    assert ends[-1] == len(x) and np.all(ends - starts >= 1) and np.all(ends - starts <= width)
    for a, b, m in zip(starts, ends, means, strict=True):
        np.testing.assert_allclose(m, x[a:b].mean(), rtol=1e-12, atol=1e-9)
        assert x[a:b].min() - 1e-9 <= m <= x[a:b].max() + 1e-9


def test_width_one_is_the_values_themselves_and_a_partial_block_is_kept():
    x = np.array([4.0, 2.0, 6.0, 1.0, 3.0])
    ends, means = block_means(x, 1)
    np.testing.assert_array_equal(ends, [1, 2, 3, 4, 5])
    np.testing.assert_array_equal(means, x)
    ends, means = block_means(x, 2)
    np.testing.assert_array_equal(ends, [2, 4, 5])
    np.testing.assert_array_equal(means, [3.0, 3.5, 3.0])


@pytest.mark.parametrize("width", [0, -3, 2.5, True, "4"])
def test_a_bad_width_is_refused_by_name(width):
    with pytest.raises(ValueError, match="width"):
        block_means([1.0, 2.0], width)


@pytest.mark.parametrize("x", [[], [1.0, np.nan], [[1.0, 2.0]], "abc"])
def test_bad_values_are_refused_by_name(x):
    with pytest.raises(ValueError, match="values"):
        block_means(x, 2)
