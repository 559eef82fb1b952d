"""Every parameter's analytic gradient against central finite differences, for both models.

A tiny float64 configuration on three sentences of different lengths, so the
padding and masks are exercised too. A parameter of more than ``SAMPLE`` entries
is checked on a seeded random sample of ``SAMPLE`` of them (every other one in
full): the output layer alone has 611 entries, and a wrong formula shows in any
sample of its entries as it does in all of them.
"""

import math
import zlib

import numpy as np
import pytest

from core.gradients import check_gradient
from core.translator import attention, gru, model, task

TOL = 1e-5
SAMPLE = 48
SENTENCES = ("the cat sleeps", "a big dog sees my red car", "no bird runs near the tree")


def tiny(attention_on: bool) -> tuple[model.Config, model.Params, model.Batch]:
    cfg = model.Config(attention=attention_on, d_e=3, d=3, d_s=4, d_a=3)
    params = model.init_params(cfg, seed=7)
    rng = np.random.default_rng(8)
    for name, value in params.items():  # away from the initial zeros and the small v, so every term matters
        params[name] = value + rng.normal(0.0, 0.3, value.shape)
    return cfg, params, model.Batch.of([task.reference(s) for s in SENTENCES])


def rows_read(batch) -> dict[str, np.ndarray]:
    """The embedding rows the batch looks up (padding included); the loss never reads the others."""
    return {"E_src": np.unique(batch.X), "E_tgt": np.unique(batch.Y_in)}


def checked_entries(name: str, params, batch) -> np.ndarray:
    """Flat indices of the entries checked: the rows the batch reads (embeddings), at most SAMPLE of them."""
    shape = params[name].shape
    rows = rows_read(batch).get(name)
    entries = (
        np.arange(int(np.prod(shape)))
        if rows is None
        else np.ravel_multi_index(np.meshgrid(rows, np.arange(shape[1]), indexing="ij"), shape).ravel()
    )
    if entries.size <= SAMPLE:
        return entries
    return np.sort(np.random.default_rng(zlib.crc32(name.encode())).choice(entries, SAMPLE, replace=False))


def gradient_checks(cfg, params, batch, names=None) -> dict[str, float]:
    """Worst relative error of each parameter's gradient over its checked entries."""
    _, grads = model.loss_and_gradients(params, cfg, batch)
    worst = {}
    for name in names or params:
        entries = checked_entries(name, params, batch)

        def loss_at(x, name=name, entries=entries):
            value = params[name].copy()
            value.flat[entries] = x
            return model.loss({**params, name: value}, cfg, batch)

        worst[name] = check_gradient(loss_at, params[name].flat[entries], grads[name].flat[entries]).max_rel_error
    return worst


@pytest.mark.parametrize("attention_on", [True, False], ids=["attention", "summary"])
def test_every_parameter_gradient_matches_finite_differences(attention_on):
    cfg, params, batch = tiny(attention_on)
    assert batch.src_mask.min() == 0 and batch.tgt_mask.min() == 0  # padding present
    worst = gradient_checks(cfg, params, batch)
    assert set(worst) == set(model.parameter_shapes(cfg))
    assert max(worst.values()) < TOL, worst
    # rows of words the batch does not contain: the loss is constant in them, the gradient exactly 0
    _, grads = model.loss_and_gradients(params, cfg, batch)
    for name, rows in rows_read(batch).items():
        unread = np.setdiff1d(np.arange(len(params[name])), rows)
        assert unread.size > 0 and np.all(grads[name][unread] == 0.0), name


@pytest.mark.parametrize("attention_on", [True, False], ids=["attention", "summary"])
def test_with_W_o_zero_the_loss_is_the_cross_entropy_of_the_bias_alone(attention_on):
    """Every step then predicts Softmax(b_o), whatever it read: L = mean over real target words of -log p(y)."""
    cfg, params, batch = tiny(attention_on)
    params = {**params, "W_o": np.zeros_like(params["W_o"])}
    b_o = params["b_o"].tolist()
    log_total = math.log(sum(math.exp(z) for z in b_o))
    words = [w for s in SENTENCES for w in task.reference(s).target]  # 4 + 8 + 8 real words, no padding
    expected = sum(log_total - b_o[task.TARGET_VOCAB.index(w)] for w in words) / len(words)
    assert model.loss(params, cfg, batch) == pytest.approx(expected, rel=1e-12)
    assert model.loss_and_gradients(params, cfg, batch)[0] == pytest.approx(expected, rel=1e-12)


def test_check_fails_when_the_scores_gradient_drops_its_mean_term(monkeypatch):
    """dL/de_tj = alpha_tj g^T (h_j - c_t); dropping the '- c_t' term must be caught."""

    def broken(H, alpha, c, g):
        return alpha * (H @ g[:, :, None])[:, :, 0]

    cfg, params, batch = tiny(True)
    monkeypatch.setattr(attention, "scores_gradient", broken)
    worst = gradient_checks(cfg, params, batch, ["W", "U", "v", "b", "b_o"])
    assert min(worst[n] for n in ("W", "U", "v", "b")) > 1e-3, worst
    assert worst["b_o"] < TOL  # the output layer's gradient does not pass through the scorer


def test_check_fails_when_the_gru_drops_the_direct_path(monkeypatch):
    """h' = (1 - z) n + z h: dropping dL/dh' * z from dL/dh must be caught in the recurrent weights."""
    original = gru.step_backward

    def broken(dh_out, c, W_h):
        dxg, dh, dhg = original(dh_out, c, W_h)
        mask = 1.0 if c.mask is None else c.mask
        return dxg, dh - mask * dh_out * c.z, dhg

    cfg, params, batch = tiny(False)
    monkeypatch.setattr(gru, "step_backward", broken)
    worst = gradient_checks(cfg, params, batch, ["dec.W_h", "fwd.W_h", "b_o"])
    assert worst["dec.W_h"] > 1e-3 and worst["fwd.W_h"] > 1e-3, worst
    assert worst["b_o"] < TOL  # nor through the recurrence
