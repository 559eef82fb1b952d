import numpy as np
import pytest

from core import attend
from core.gradients import scores_gradient as one_sentence_scores_gradient
from core.translator import attention, bahdanau, encoder, model, task

SENTENCES = (
    "the cat sleeps",
    "a big dog sees my red car near the old tree",
    "no bird runs and his woman takes a book",
    "every new house sleeps",
)


def setup(kind: bool | str, seed: int = 1):
    """A tiny model of ``kind`` (a name of model.KINDS; True: Bahdanau's, False: the fixed summary) with weights
    moved off their initial scale, and the four sentences' pairs (two of them padded in a batch)."""
    name = kind if isinstance(kind, str) else ("bahdanau" if kind else "summary")
    cfg = model.Config(kind=name, d_e=5, d=4, d_s=6, d_a=5)
    params = model.init_params(cfg, seed=seed)
    rng = np.random.default_rng(seed + 1)
    params = {k: v + rng.normal(0.0, 0.3, v.shape) for k, v in params.items()}
    return cfg, params, [task.reference(s) for s in SENTENCES]


@pytest.mark.parametrize("kind", model.KINDS)
def test_padding_changes_nothing_loss_and_gradients(kind):
    cfg, params, pairs = setup(kind)
    batch = model.Batch.of(pairs)
    assert batch.src_mask.min() == 0 and batch.tgt_mask.min() == 0
    loss, grads = model.loss_and_gradients(params, cfg, batch)
    n = batch.tgt_mask.sum()
    total_loss, total_grads = 0.0, {k: np.zeros_like(v) for k, v in params.items()}
    for p in pairs:  # one by one: no padding at all
        one = model.Batch.of([p])
        value, g = model.loss_and_gradients(params, cfg, one)
        weight = len(p.target) / n  # the batch loss is a mean over all real target tokens
        total_loss += weight * value
        for k in g:
            total_grads[k] += weight * g[k]
    assert loss == pytest.approx(total_loss, rel=1e-12)
    assert model.loss(params, cfg, batch) == pytest.approx(loss, rel=1e-12)
    for k in grads:
        np.testing.assert_allclose(grads[k], total_grads[k], rtol=1e-9, atol=1e-13, err_msg=k)


def test_padding_changes_nothing_attention_weights():
    cfg, params, pairs = setup(True)
    A = model.teacher_forced_weights(params, cfg, model.Batch.of(pairs))  # (B, U, T)
    for b, p in enumerate(pairs):
        U, T = len(p.target), len(p.source)
        single = model.teacher_forced_weights(params, cfg, model.Batch.of([p]))[0]  # (U, T)
        np.testing.assert_allclose(A[b, :U, :T], single, rtol=1e-12, atol=1e-15)
        assert np.all(A[b, :, T:] == 0.0)  # padded source positions get exactly no weight
        np.testing.assert_allclose(A[b, :U].sum(axis=1), 1.0, rtol=1e-12)


@pytest.mark.parametrize("attention_on", [True, False], ids=["attention", "summary"])
def test_padding_changes_nothing_greedy_decoding(attention_on):
    cfg, params, pairs = setup(attention_on, seed=4)
    X, mask = task.source_ids([p.source for p in pairs])
    together = model.greedy(params, cfg, X, mask, max_len=12)
    for b, p in enumerate(pairs):
        Xb, mb = task.source_ids([p.source])
        alone = model.greedy(params, cfg, Xb, mb, max_len=12)
        L = alone.ids.shape[1]
        np.testing.assert_array_equal(together.ids[b, :L], alone.ids[0])
        assert np.all(together.ids[b, L:] == 0)
        if attention_on:
            np.testing.assert_allclose(together.weights[b, :L, : len(p.source)], alone.weights[0], rtol=1e-12)


def test_batched_read_is_the_cores_attend():
    """The batched, masked read equals core.reading.attend for every sentence of the batch."""
    cfg, params, pairs = setup(True)
    batch = model.Batch.of(pairs)
    enc = encoder.encode(params, batch.X, batch.src_mask)
    p = bahdanau.scorer(params)
    s = np.random.default_rng(5).normal(size=(len(pairs), cfg.d_s))
    c, alpha, _ = attention.read_step(attention.keys(enc.H, p), enc.H, batch.src_mask, s, p)
    g = np.random.default_rng(6).normal(size=c.shape)
    de = attention.scores_gradient(enc.H, alpha, c, g)
    for b, pair in enumerate(pairs):
        T = len(pair.source)
        ref = attend(enc.H[b, :T], s[b], p)
        np.testing.assert_allclose(alpha[b, :T], ref.weights, rtol=1e-12)
        np.testing.assert_allclose(c[b], ref.context, rtol=1e-12, atol=1e-15)
        expected = one_sentence_scores_gradient(enc.H[b, :T], alpha[b : b + 1, :T], g[b : b + 1])[0]
        np.testing.assert_allclose(de[b, :T], expected, rtol=1e-12, atol=1e-15)


def test_initial_alignment_is_near_uniform():
    cfg = model.Config()
    params = model.init_params(cfg, seed=0)
    pairs = [task.reference(s) for s in SENTENCES]
    A = model.teacher_forced_weights(params, cfg, model.Batch.of(pairs))
    for b, p in enumerate(pairs):
        T = len(p.source)
        np.testing.assert_allclose(A[b, : len(p.target), :T], 1.0 / T, rtol=0.05)


def test_validation_names_the_argument():
    with pytest.raises(ValueError, match="d_a"):
        model.Config(d_a=0)
    cfg = model.Config(attention=False)
    params = model.init_params(cfg)
    with pytest.raises(ValueError, match="params: missing"):
        model.check_params({k: v for k, v in params.items() if k != "W_o"}, cfg)
    with pytest.raises(ValueError, match="params: unexpected|params: missing .*unexpected \\['v'\\]"):
        model.check_params({**params, "v": np.zeros(3)}, cfg)
    with pytest.raises(ValueError, match="params: E_src should have shape"):
        model.check_params({**params, "E_src": np.zeros((2, 2))}, cfg)
    with pytest.raises(ValueError, match="params: b_o holds NaN"):
        model.check_params({**params, "b_o": np.full(cfg.V_tgt, np.nan)}, cfg)
    with pytest.raises(ValueError, match="pairs"):
        model.Batch.of([])
    with pytest.raises(ValueError, match="cfg: the fixed-summary model has no attention"):
        model.teacher_forced_weights(params, cfg, model.Batch.of([task.reference("the cat sleeps")]))
