import threading

import numpy as np
import pytest

from core.translator import api, model, task, train

SHORT = [p for p in task.dataset("train") if len(p.source) <= 6]


def test_same_seed_gives_identical_weights_and_another_seed_does_not():
    cfg = model.Config()
    tcfg = train.TrainConfig(steps=3, batch_size=16, snapshots=(0, 2))
    a = train.train(cfg, tcfg, task.dataset("train"))
    b = train.train(cfg, tcfg, task.dataset("train"))
    c = train.train(cfg, train.TrainConfig(steps=3, batch_size=16, snapshots=(0, 2), seed=1), task.dataset("train"))
    assert a.losses == b.losses
    for name in a.params:
        assert np.array_equal(a.params[name], b.params[name]), name
        assert np.array_equal(a.snapshots[2][name], b.snapshots[2][name]), name
    assert not np.array_equal(a.params["W_o"], c.params["W_o"])
    assert sorted(a.snapshots) == [0, 2, 3]
    assert not np.array_equal(a.snapshots[0]["W_o"], a.params["W_o"])  # snapshots are copies, not views


def test_clipping_caps_the_global_norm():
    grads = {"a": np.array([3.0, 0.0]), "b": np.array([[4.0]])}
    assert train.clip_by_norm(grads, 1.0) == pytest.approx(5.0)
    np.testing.assert_allclose(grads["a"], [0.6, 0.0])
    np.testing.assert_allclose(grads["b"], [[0.8]])
    small = {"a": np.array([0.3, 0.4])}
    train.clip_by_norm(small, 1.0)
    np.testing.assert_array_equal(small["a"], [0.3, 0.4])


def test_adam_first_step_moves_each_coordinate_by_lr_against_its_gradient_sign():
    params = {"x": np.array([1.0, -2.0, 0.5])}
    opt = train.Adam(params)
    opt.update(params, {"x": np.array([3.0, -0.5, 1e-2])}, lr=0.1)
    np.testing.assert_allclose(params["x"], [0.9, -1.9, 0.4], atol=1e-5)


def test_training_reduces_the_loss():
    cfg = model.Config(d_e=8, d=8, d_s=8, d_a=8)
    result = train.train(cfg, train.TrainConfig(steps=80, batch_size=32, lr=0.02, snapshots=()), SHORT)
    assert np.mean(result.losses[-10:]) < 0.5 * np.mean(result.losses[:5])
    assert result.tokens > 0 and result.seconds > 0


def test_train_config_validates():
    with pytest.raises(ValueError, match="steps"):
        train.TrainConfig(steps=0)
    with pytest.raises(ValueError, match="lr"):
        train.TrainConfig(lr=-1.0)
    with pytest.raises(ValueError, match="snapshots"):
        train.TrainConfig(steps=10, snapshots=(0, 11))
    with pytest.raises(ValueError, match="pairs"):
        next(train.batches([], 4, np.random.default_rng(0)))


def test_batches_group_similar_lengths():
    rng = np.random.default_rng(0)
    stream = train.batches(task.dataset("train"), 64, rng)
    spans = []
    for _ in range(20):
        b = next(stream)
        lengths = b.src_mask.sum(axis=1)
        spans.append(lengths.max() - lengths.min())
    assert np.mean(spans) <= 3  # sorted within pools, so little padding


@pytest.mark.parametrize(("n", "batch_size"), [(12_000, 64), (4_079, 32), (640, 32), (97, 8)])
def test_each_pass_holds_full_batches_but_for_at_most_one_smaller(n, batch_size):
    # The loss captions say so: a pass's batches cover every pair once, all of batch_size but at most one.
    pairs = task.dataset("train")[:n] if n <= len(task.dataset("train")) else None
    assert pairs is not None and len(pairs) == n
    stream = train.batches(pairs, batch_size, np.random.default_rng(1))
    per_pass = -(-n // batch_size)
    for _ in range(2):
        sizes = [len(next(stream).src_mask) for _ in range(per_pass)]
        assert sum(sizes) == n
        assert sum(size < batch_size for size in sizes) == (1 if n % batch_size else 0)


def test_live_training_stops_when_the_event_is_set():
    stop = threading.Event()
    seen = []
    for progress in api.live_training(stop=stop, steps=500, probe_every=5):
        seen.append(progress)
        if progress.step == 12:
            stop.set()
    assert [p.step for p in seen] == list(range(13))
    assert seen[0].weights is not None and np.allclose(seen[0].weights, 1.0 / 8, rtol=0.05)  # step 0: near uniform
    assert [p.step for p in seen if p.weights is not None] == [0, 5, 10]
    assert all(np.isfinite(p.loss) for p in seen[1:])


def test_a_short_live_run_learns_to_align_the_probe():
    """300 steps (a quarter of the default run): the probe's argmax alignment goes from chance to mostly right."""
    pair = task.reference(api.LIVE_PROBE)
    aligned = [(t, j) for t, j in enumerate(pair.alignment) if j >= 0]

    def hits(weights):
        top = weights.argmax(axis=1)
        return sum(top[t] == j for t, j in aligned)

    probes = [p for p in api.live_training(steps=300, probe_every=300) if p.weights is not None]
    assert [p.step for p in probes] == [0, 300]
    assert hits(probes[0].weights) <= 2 and hits(probes[-1].weights) >= 5  # of 8 aligned target words


def test_live_training_validates():
    with pytest.raises(ValueError, match="stop"):
        next(api.live_training(stop=3))
    with pytest.raises(ValueError, match="steps"):
        next(api.live_training(steps=0))
    with pytest.raises(ValueError, match="probe: expected at most"):
        next(api.live_training(probe="the big red cat sees a small dog near my old house"))
    with pytest.raises(ValueError, match="sentence: not in the toy grammar"):
        next(api.live_training(probe="cat the"))
