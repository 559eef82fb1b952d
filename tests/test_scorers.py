import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import AdditiveParams, additive_scores, attend, dot_scores, general_scores, read
from core.scorers import NONLINEARITIES
from tests.strategies import problems


def reference_score(h, s, p, f=np.tanh):
    """The article's formula for one pair, written with column-vector algebra."""
    return float(p.v @ f(p.W @ h + p.U @ s + p.b))


@given(problems(), st.sampled_from(sorted(NONLINEARITIES)))
def test_batched_scores_equal_the_formula_pair_by_pair(prob, f):
    fn = NONLINEARITIES[f].f
    e = additive_scores(prob.H, prob.S, prob.params, f)
    assert e.shape == (prob.S.shape[0], prob.H.shape[0])
    for n, s in enumerate(prob.S):
        for j, h in enumerate(prob.H):
            assert e[n, j] == pytest.approx(reference_score(h, s, prob.params, fn), abs=1e-12)


@given(problems(), st.integers(1, 3))
def test_chunking_does_not_change_the_scores(prob, chunk):
    whole = additive_scores(prob.H, prob.S, prob.params)
    np.testing.assert_allclose(additive_scores(prob.H, prob.S, prob.params, chunk=chunk), whole, atol=1e-12)


@given(problems())
def test_batched_sweep_equals_per_state_reading(prob):
    batch = attend(prob.H, prob.S, prob.params)
    for n, s in enumerate(prob.S):
        one = attend(prob.H, s, prob.params)
        assert one.scores.shape == (prob.H.shape[0],)
        np.testing.assert_allclose(batch.weights[n], one.weights, atol=1e-12)
        np.testing.assert_allclose(batch.context[n], one.context, atol=1e-12)


@given(problems(max_N=6))
def test_without_the_nonlinearity_weights_do_not_depend_on_the_state(prob):
    w = attend(prob.H, prob.S, prob.params, f="identity").weights
    np.testing.assert_allclose(w, np.broadcast_to(w[0], w.shape), atol=1e-9)


def test_with_tanh_the_state_does_change_the_weights():
    p = AdditiveParams.checked(W=[[1.0, 1.0], [-1.0, -1.0]], U=[[-1.0], [2.0]], v=[2, 2], b=[1.5, 1.5])
    H = np.array([[-1.0, 0.0], [1.0, -1.0], [0.0, 1.0]])
    w = attend(H, [[-1.0], [1.0]], p).weights
    assert np.abs(w[0] - w[1]).max() > 0.5


def test_dot_and_general_scores():
    H = np.array([[1.0, 0.0], [0.0, 2.0]])
    s = np.array([3.0, -1.0])
    np.testing.assert_allclose(dot_scores(H, s), [3.0, -2.0])
    np.testing.assert_allclose(general_scores(H, s, np.eye(2)), [3.0, -2.0])
    W_a = np.array([[0.0, 1.0], [1.0, 0.0]])  # swaps the coordinates of h
    np.testing.assert_allclose(general_scores(H, s, W_a), [-1.0, 6.0])
    np.testing.assert_allclose(general_scores(H, [s, s], W_a), [[-1.0, 6.0]] * 2)


def test_dot_score_needs_matching_widths():
    with pytest.raises(ValueError, match="d_s = d_h"):
        dot_scores(np.ones((3, 2)), np.ones(3))


def test_read_puts_the_context_on_the_weighted_sum():
    H = np.array([[1.0, 0.0], [0.0, 1.0]])
    r = read(H, [0.0, np.log(3.0)])
    np.testing.assert_allclose(r.weights, [0.25, 0.75])
    np.testing.assert_allclose(r.context, [0.25, 0.75])


@settings(max_examples=50)
@given(problems())
def test_large_batches_are_processed_in_chunks_without_changing_results(prob):
    S = np.repeat(prob.S, 7, axis=0)
    e = additive_scores(prob.H, S, prob.params, chunk=4)
    np.testing.assert_allclose(e[::7], additive_scores(prob.H, prob.S, prob.params), atol=1e-12)


@given(problems(max_N=1), st.sampled_from(sorted(NONLINEARITIES)))
def test_parts_add_up_to_the_scores(prob, f):
    from core.scorers import additive_parts

    parts = additive_parts(prob.H, prob.S[0], prob.params, f)
    np.testing.assert_allclose(parts.scores, additive_scores(prob.H, prob.S[0], prob.params, f), atol=1e-12)
    np.testing.assert_allclose(parts.activation, NONLINEARITIES[f].f(parts.preactivation))
    np.testing.assert_allclose(parts.contribution.sum(axis=1), parts.scores)


@given(problems(max_N=1), st.sampled_from(sorted(NONLINEARITIES)))
def test_parts_at_many_states_are_the_parts_at_each(prob, f):
    from core.scorers import additive_parts, additive_parts_at

    many = additive_parts_at(prob.H, prob.S, prob.params, f)
    assert many.contribution.shape == (len(prob.S), len(prob.H), prob.params.d_a)
    np.testing.assert_allclose(many.scores, additive_scores(prob.H, prob.S, prob.params, f), atol=1e-12)
    for n, s in enumerate(prob.S):
        one = additive_parts(prob.H, s, prob.params, f)
        np.testing.assert_allclose(many.contribution[n], one.contribution, atol=1e-12)
        np.testing.assert_allclose(many.preactivation[n], one.preactivation, atol=1e-12)


@given(problems())
def test_linear_decomposition_reproduces_the_tanh_free_scores(prob):
    from core.scorers import linear_decomposition

    d = linear_decomposition(prob.params)
    e = additive_scores(prob.H, prob.S, prob.params, "identity")
    expected = (prob.H @ d.position)[None, :] + (prob.S @ d.state)[:, None] + d.constant
    np.testing.assert_allclose(e, expected, atol=1e-9)
    np.testing.assert_allclose(d.position_terms(prob.H), prob.H @ d.position, atol=1e-12)


@pytest.mark.parametrize("T, d_a", [(64, 16), (3, 2)])
def test_by_default_the_scorer_intermediate_stays_within_its_memory_limit(T, d_a):
    """Peak memory of a large sweep, less its inputs and output, is one (chunk, T, d_a) block of at most 2 MB."""
    import tracemalloc

    from core.scorers import CHUNK_ELEMENTS

    rng = np.random.default_rng(0)
    N, d_h, d_s = 20_000, 8, 4
    H, S = rng.normal(size=(T, d_h)), rng.normal(size=(N, d_s))
    p = AdditiveParams.checked(rng.normal(size=(d_a, d_h)), rng.normal(size=(d_a, d_s)), np.ones(d_a), np.zeros(d_a))
    additive_scores(H, S, p)  # a first call may allocate once-only things (caches, imports)
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        e = additive_scores(H, S, p)
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    # output (N, T), W h_j + b (T, d_a), U s_n (N, d_a), then one (chunk, T, d_a) block; small change allowed
    fixed = e.nbytes + (T + N) * d_a * 8
    limit = CHUNK_ELEMENTS * 8
    assert peak - fixed <= 1.25 * limit, f"intermediate of {(peak - fixed) / 2**20:.1f} MB"


def test_the_default_chunk_follows_the_memory_limit():
    from core.scorers import CHUNK_ELEMENTS, chunk_rows

    assert chunk_rows(64, 16) == 256  # 256 x 64 x 16 = 2**18 entries: 2 MB of float64
    assert chunk_rows(3, 2) == CHUNK_ELEMENTS // 6
    assert chunk_rows(5000, 100) == 1  # larger than the limit for one state: still one state a chunk
    for T, d_a in ((1, 1), (7, 3), (64, 16), (100, 33)):
        n = chunk_rows(T, d_a)
        assert n * T * d_a <= CHUNK_ELEMENTS < (n + 1) * T * d_a
