"""Luong et al.'s decoders (core.translator.luong): the kinds, gradients, padding, reads, inference, training.

The gradient checks follow tests/test_translator_gradients.py: a tiny float64
configuration on three sentences of different lengths, every parameter checked
against central finite differences (large ones on a seeded sample of entries),
and negative controls showing that a dropped backward term is caught.
"""

import hashlib
import json
from dataclasses import asdict

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.reading import read as core_read
from core.scorers import dot_scores, general_scores
from core.translator import attention, bahdanau, checkpoint, encoder, evaluate, forcing, luong, model, task, train
from tests.test_translator_gradients import SENTENCES as CHECKED_SENTENCES
from tests.test_translator_gradients import TOL, gradient_checks, rows_read
from tests.test_translator_model import SENTENCES, setup

KINDS = ("luong_dot", "luong_general", "luong_local")
SHORT = [p for p in task.dataset("train") if len(p.source) <= 6]
# (kind, d, d_s): the dot model with a projection (d_s != 2d) and without one (d_s = 2d)
TINY = {
    "dot_projected": ("luong_dot", 3, 4),
    "dot_same_width": ("luong_dot", 2, 4),
    "general": ("luong_general", 3, 4),
    "local": ("luong_local", 3, 4),
}


def tiny(kind: str, d: int = 3, d_s: int = 4) -> tuple[model.Config, model.Params, model.Batch]:
    """As tests/test_translator_gradients.tiny, for a Luong kind."""
    cfg = model.Config(kind=kind, d_e=3, d=d, d_s=d_s, d_a=3)
    params = model.init_params(cfg, seed=7)
    rng = np.random.default_rng(8)
    for name, value in params.items():  # away from the initial zeros and small W_a, v_p, so every term matters
        params[name] = value + rng.normal(0.0, 0.3, value.shape)
    return cfg, params, model.Batch.of([task.reference(s) for s in CHECKED_SENTENCES])


# --- Kinds, shapes, the shipped models -------------------------------------------------------------


def test_kind_names_the_model_and_attention_follows():
    assert model.KINDS == ("bahdanau", "summary", *KINDS) and model.LUONG_KINDS == KINDS
    assert (model.Config().kind, model.Config().attention) == ("bahdanau", True)
    assert model.Config(attention=True).kind == "bahdanau"
    assert model.Config(attention=False).kind == "summary"
    assert model.Config(kind="summary").attention is False
    for kind in KINDS:
        cfg = model.Config(kind=kind)
        assert cfg.attention is True and cfg == model.Config(kind=kind, attention=True)
        assert cfg.with_kind("summary") == model.Config(attention=False)
    assert model.Config(attention=False, d=8).with_kind("luong_local") == model.Config(kind="luong_local", d=8)
    with pytest.raises(ValueError, match="kind: expected one of"):
        model.Config(kind="luong_concat")
    with pytest.raises(ValueError, match="kind: 'luong_dot' reads with attention"):
        model.Config(kind="luong_dot", attention=False)
    with pytest.raises(ValueError, match="kind: 'summary' has no attention"):
        model.Config(kind="summary", attention=True)


def test_checkpoint_configurations_without_a_kind_still_load_and_new_ones_keep_it():
    old = {"attention": False, "d_e": 16, "d": 32, "d_s": 32, "d_a": 32, "V_src": 40, "V_tgt": 40}  # before `kind`
    assert model.Config(**old).kind == "summary"
    assert model.Config(**{**old, "attention": True}).kind == "bahdanau"
    for kind in model.KINDS:
        cfg = model.Config(kind=kind, d=8)
        assert model.Config(**json.loads(json.dumps(asdict(cfg)))) == cfg
    shipped = checkpoint.load(checkpoint.CHECKPOINT_DIR / "attention.npz")
    assert shipped.cfg.kind == "bahdanau" and "W_a" not in shipped.params


def _fingerprint(params: model.Params) -> str:
    digest = hashlib.sha256()
    for name, value in params.items():
        digest.update(name.encode())
        digest.update(np.ascontiguousarray(value).tobytes())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(
    ("attention_on", "weights", "value"),
    [(True, "3236c1ebe3b3f9c4", 4.025245070470188), (False, "bce58b6bfd4e1c21", 4.099436192362417)],
    ids=["bahdanau", "summary"],
)
def test_the_shipped_models_draw_and_score_as_before_the_kinds(attention_on, weights, value):
    """Fingerprints taken before Luong's kinds existed: the same initial weights, bit for bit, and the same loss."""
    cfg = model.Config(attention=attention_on)
    params = model.init_params(cfg, seed=0)
    assert _fingerprint(params) == weights
    batch = model.Batch.of([task.reference(s) for s in ("the cat sleeps", "a big dog sees my red car")])
    assert model.loss_and_gradients(params, cfg, batch)[0] == pytest.approx(value, rel=1e-12)


def test_parameter_shapes_per_kind():
    cfg = model.Config(kind="luong_general")  # default sizes: d_s = 32, 2d = 64, d_e = 16
    shapes = model.parameter_shapes(cfg)
    assert list(shapes)[:9] == list(encoder.encoder_shapes(cfg))
    assert shapes["dec.W_x"] == (96, 16 + 32)  # [e_tgt(y_{t-1}); h~_{t-1}]
    assert shapes["W_a"] == (32, 64) and shapes["W_c"] == (32, 64 + 32)
    assert shapes["W_o"] == (cfg.V_tgt, 32) and "W" not in shapes and "P" not in shapes
    extra = {k: set(model.parameter_shapes(model.Config(kind=k))) - set(shapes) for k in KINDS}
    assert extra == {"luong_dot": {"P"}, "luong_general": set(), "luong_local": {"W_p", "v_p"}}
    dot = model.Config(kind="luong_dot")
    assert model.parameter_shapes(dot)["P"] == (32, 64) and model.parameter_shapes(dot)["W_c"] == (32, 64)
    square = model.Config(kind="luong_dot", d=16, d_s=32)  # d_s = 2d: no projection, no scoring parameter
    assert not luong.projects(square) and "P" not in model.parameter_shapes(square)
    assert model.parameter_shapes(model.Config(kind="luong_local", d_a=7))["W_p"] == (7, 32)
    assert luong.LOCAL_D == 3 and luong.LOCAL_SIGMA == 1.5


def test_initialisation_is_seeded_and_validated():
    cfg = model.Config(kind="luong_local", d=8, d_s=8, d_a=4)
    a, b, c = model.init_params(cfg, 3), model.init_params(cfg, 3), model.init_params(cfg, 4)
    assert all(np.array_equal(a[k], b[k]) for k in a) and not np.array_equal(a["W_c"], c["W_c"])
    assert np.std(a["W_a"]) < 0.002 and np.std(a["v_p"]) < 0.02 and np.std(a["W_c"]) > 0.1
    assert model.check_params(a, cfg).keys() == a.keys()
    with pytest.raises(ValueError, match="params: missing \\['v_p'\\]"):
        model.check_params({k: v for k, v in a.items() if k != "v_p"}, cfg)
    with pytest.raises(ValueError, match="unexpected \\['W_p', 'v_p'\\]"):
        model.check_params(a, cfg.with_kind("luong_general"))
    batch = model.Batch.of([task.reference("the cat sleeps")])
    with pytest.raises(ValueError, match="luong.decode"):
        bahdanau.decode(a, cfg, encoder.encode(a, batch.X, batch.src_mask), batch.src_mask, batch.Y_in)
    with pytest.raises(ValueError, match="only 'luong_local' predicts"):
        general = cfg.with_kind("luong_general")
        luong.teacher_forced_positions(model.init_params(general), general, batch)
    with pytest.raises(ValueError, match="Luong's kinds"):
        luong.memory(a, model.Config(), np.zeros((1, 2, 64)), np.ones((1, 2)))


# --- Gradients ----------------------------------------------------------------------------------------


def local_margins(cfg, params, batch) -> tuple[float, int]:
    """The real steps' smallest distance | |j - p_t| - D | of a real position to the window's edge, and how many
    real (step, position) pairs fall outside the window (so that the window is exercised)."""
    enc = encoder.encode(params, batch.X, batch.src_mask)
    dec = luong.decode(params, cfg, enc, batch.src_mask, batch.Y_in)
    j = np.arange(1, batch.X.shape[1] + 1)
    gap = np.abs(np.abs(j[None, None, :] - dec.positions[:, :, None]) - luong.LOCAL_D)  # (B, U, T)
    real = (batch.tgt_mask[:, :, None] > 0) & (batch.src_mask[:, None, :] > 0)
    outside = real & (dec.A == 0.0)
    return float(gap[real].min()), int(outside.sum())


@pytest.mark.parametrize("config", list(TINY), ids=list(TINY))
def test_every_parameter_gradient_matches_finite_differences(config):
    cfg, params, batch = tiny(*TINY[config])
    assert batch.src_mask.min() == 0 and batch.tgt_mask.min() == 0  # padding present
    if cfg.kind == "luong_local":
        margin, outside = local_margins(cfg, params, batch)
        assert margin > 1e-2  # no position within reach of the window's edge under a finite-difference step
        assert outside > 0  # some real positions are cut off by the window
    worst = gradient_checks(cfg, params, batch)
    assert set(worst) == set(model.parameter_shapes(cfg))
    assert max(worst.values()) < TOL, worst
    _, grads = model.loss_and_gradients(params, cfg, batch)
    for name, rows in rows_read(batch).items():  # rows of words the batch does not contain: exactly 0
        unread = np.setdiff1d(np.arange(len(params[name])), rows)
        assert unread.size > 0 and np.all(grads[name][unread] == 0.0), name
    assert all(np.any(g != 0.0) for g in grads.values())


def test_check_fails_when_the_position_gets_no_gradient(monkeypatch):
    """Local-p: the gradient reaches p_t through the Gaussian; dropping it must be caught in W_p and v_p."""
    cfg, params, batch = tiny("luong_local")
    monkeypatch.setattr(luong, "position_gradient", lambda dalpha, r: np.zeros(len(dalpha)))
    worst = gradient_checks(cfg, params, batch, ["W_p", "v_p", "dec.W_h", "b_o"])
    assert min(worst["W_p"], worst["v_p"]) > 1e-2, worst  # W_p, v_p then get no gradient at all (0.14, 0.43)
    assert worst["dec.W_h"] > 1e-3, worst  # nor does s_t through p_t
    assert worst["b_o"] < TOL  # the output layer's gradient does not pass through p_t


def test_check_fails_when_the_global_read_drops_the_scores_mean_term(monkeypatch):
    """dL/de_tj = alpha_tj g^T (h_j - c_t); dropping '- c_t' must be caught in W_a (general) and P (dot)."""
    monkeypatch.setattr(attention, "scores_gradient", lambda H, alpha, c, g: alpha * (H @ g[:, :, None])[:, :, 0])
    for kind, name in (("luong_general", "W_a"), ("luong_dot", "P")):
        cfg, params, batch = tiny(kind)
        worst = gradient_checks(cfg, params, batch, [name, "b_o"])
        assert worst[name] > 1e-3 and worst["b_o"] < TOL, (kind, worst)


# --- Padding ----------------------------------------------------------------------------------------------


# (the loss and its gradients: tests/test_translator_model.py, for every kind)


@pytest.mark.parametrize("kind", KINDS)
def test_padding_changes_nothing_weights_and_positions(kind):
    cfg, params, pairs = setup(kind)
    batch = model.Batch.of(pairs)
    A = model.teacher_forced_weights(params, cfg, batch)  # (B, U, T)
    positions = luong.teacher_forced_positions(params, cfg, batch) if kind == "luong_local" else None
    for b, p in enumerate(pairs):
        U, T = len(p.target), len(p.source)
        one = model.Batch.of([p])
        np.testing.assert_allclose(A[b, :U, :T], model.teacher_forced_weights(params, cfg, one)[0], rtol=1e-12)
        assert np.all(A[b, :, T:] == 0.0)  # padded source positions get exactly no weight
        if kind == "luong_local":
            np.testing.assert_allclose(positions[b, :U], luong.teacher_forced_positions(params, cfg, one)[0])
            assert np.all((positions[b, :U] > 0) & (positions[b, :U] < T))  # p_t in (0, T_x), T_x its own
            assert np.all(A[b, :U].sum(axis=1) <= 1.0)  # not renormalised after the Gaussian
        else:
            np.testing.assert_allclose(A[b, :U].sum(axis=1), 1.0, rtol=1e-12)


@pytest.mark.parametrize("kind", KINDS)
def test_padding_changes_nothing_greedy_decoding(kind):
    cfg, params, pairs = setup(kind, seed=4)
    X, mask = task.source_ids([p.source for p in pairs])
    together = model.greedy(params, cfg, X, mask, max_len=12)
    assert (together.positions is not None) == (kind == "luong_local")
    for b, p in enumerate(pairs):
        alone = model.greedy(params, cfg, *task.source_ids([p.source]), max_len=12)
        L = alone.ids.shape[1]
        np.testing.assert_array_equal(together.ids[b, :L], alone.ids[0])
        assert np.all(together.ids[b, L:] == 0)
        np.testing.assert_allclose(together.weights[b, :L, : len(p.source)], alone.weights[0], rtol=1e-12)
        if kind == "luong_local":
            np.testing.assert_allclose(together.positions[b, :L], alone.positions[0], rtol=1e-12)


# --- Reads ------------------------------------------------------------------------------------------------


def test_global_reads_are_the_cores_scores_read():
    """Each sentence's weights and context are core.reading.read of core.scorers' general (or dot) scores."""
    for kind, d in (("luong_general", 4), ("luong_dot", 3)):  # the dot model here with d_s = 2d = 6
        cfg = model.Config(kind=kind, d_e=5, d=d, d_s=6)
        rng = np.random.default_rng(2)
        params = {k: v + rng.normal(0.0, 0.3, v.shape) for k, v in model.init_params(cfg, 1).items()}
        pairs = [task.reference(s) for s in SENTENCES]
        batch = model.Batch.of(pairs)
        H = encoder.encode(params, batch.X, batch.src_mask).H
        s = np.random.default_rng(5).normal(size=(len(pairs), cfg.d_s))
        r = luong.read(params, cfg, luong.memory(params, cfg, H, batch.src_mask), s)
        for b, pair in enumerate(pairs):
            T = len(pair.source)
            scores = general_scores(H[b, :T], s[b], params["W_a"]) if kind == "luong_general" else None
            scores = dot_scores(H[b, :T], s[b]) if kind == "luong_dot" else scores
            ref = core_read(H[b, :T], scores)
            np.testing.assert_allclose(r.e[b, :T], scores, rtol=1e-12)
            np.testing.assert_allclose(r.alpha[b, :T], ref.weights, rtol=1e-12)
            np.testing.assert_allclose(r.c[b], ref.context, rtol=1e-12, atol=1e-15)


@settings(max_examples=40, deadline=None)
@given(
    lengths=st.lists(st.integers(1, 12), min_size=1, max_size=4),
    seed=st.integers(0, 2**16),
    scale=st.floats(0.0, 5.0),
)
def test_local_weights_are_the_window_softmax_times_the_gaussian(lengths, seed, scale):
    rng = np.random.default_rng(seed)
    cfg = model.Config(kind="luong_local", d=2, d_s=3, d_a=2)
    params = {**model.init_params(cfg, seed), "v_p": scale * rng.normal(size=2)}
    B, T = len(lengths), max(lengths)
    mask = (np.arange(T)[None, :] < np.array(lengths)[:, None]).astype(np.float64)  # (B, T)
    mem = luong.memory(params, cfg, rng.normal(size=(B, T, 4)), mask)
    r = luong.read(params, cfg, mem, rng.normal(size=(B, 3)))
    T_x = np.array(lengths, dtype=np.float64)
    assert np.all((r.position > 0) & (r.position < T_x))
    j = np.arange(1, T + 1)[None, :]  # 1-based positions
    inside = (np.abs(j - r.position[:, None]) <= luong.LOCAL_D) & (mask > 0)
    assert np.all(inside.any(axis=1))  # the window always holds a real word
    assert np.all(r.alpha[~inside] == 0.0) and np.all(r.window[~inside] == 0.0)
    np.testing.assert_allclose(r.window.sum(axis=1), 1.0, rtol=1e-12)
    gauss = np.exp(-((j - r.position[:, None]) ** 2) / (2 * luong.LOCAL_SIGMA**2))
    np.testing.assert_allclose(r.alpha, r.window * gauss, rtol=1e-12)
    np.testing.assert_allclose(r.c, np.einsum("bt,btr->br", r.alpha, mem.V), rtol=1e-10, atol=1e-12)
    assert np.all(r.alpha.sum(axis=1) <= 1.0 + 1e-12)


def test_with_v_p_zero_every_step_looks_at_the_middle():
    cfg = model.Config(kind="luong_local", d_e=5, d=4, d_s=6, d_a=5)
    params = {**setup("luong_local")[1], "v_p": np.zeros(5)}
    pairs = [task.reference(s) for s in SENTENCES]
    positions = luong.teacher_forced_positions(params, cfg, model.Batch.of(pairs))
    for b, p in enumerate(pairs):
        np.testing.assert_array_equal(positions[b], len(p.source) / 2)


@pytest.mark.parametrize("kind", ["luong_general", "luong_local"])
def test_initial_alignment_is_near_uniform(kind):
    """W_a starts small: the first scores are near 0; the local model's first positions near the middle."""
    cfg = model.Config(kind=kind)
    params = model.init_params(cfg, seed=0)
    pairs = [task.reference(s) for s in SENTENCES]
    batch = model.Batch.of(pairs)
    enc = encoder.encode(params, batch.X, batch.src_mask)
    dec = luong.decode(params, cfg, enc, batch.src_mask, batch.Y_in)
    for b, p in enumerate(pairs):
        U, T = len(p.target), len(p.source)
        if kind == "luong_general":
            np.testing.assert_allclose(dec.A[b, :U, :T], 1.0 / T, rtol=0.05)
        else:
            np.testing.assert_allclose(dec.positions[b, :U], T / 2, rtol=0.05)
            window = np.array([r.window[b, :T] for r in dec.reads[:U]])  # (U, T)
            inside = window > 0
            np.testing.assert_allclose(
                window[inside], (1.0 / inside.sum(axis=1, keepdims=True) * inside)[inside], rtol=0.05
            )


# --- Inference -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_greedy_reads_as_teacher_forcing_on_its_own_output(kind):
    """Fed its own words, the teacher-forced decoder gives greedy's weights (and positions), step for step."""
    cfg, params, pairs = setup(kind, seed=2)
    X, mask = task.source_ids([p.source for p in pairs])
    out = model.greedy(params, cfg, X, mask, max_len=9)
    Y = out.ids  # (B, L), 0 after END
    Y_in = np.concatenate([np.full((len(pairs), 1), task.START_ID), Y[:, :-1]], axis=1)
    tgt_mask = np.ones(Y.shape)  # every step counted: greedy ran them all
    batch = model.Batch(X, mask, Y_in, Y, tgt_mask)
    enc = encoder.encode(params, X, mask)
    dec = luong.decode(params, cfg, enc, mask, Y_in)
    np.testing.assert_allclose(dec.A, out.weights, rtol=1e-12, atol=1e-15)
    np.testing.assert_array_equal(luong.logits(params, dec).argmax(axis=2)[Y > 0], Y[Y > 0])
    if kind == "luong_local":
        np.testing.assert_allclose(dec.positions, out.positions, rtol=1e-12)
    assert np.isfinite(model.loss(params, cfg, batch))


@pytest.mark.parametrize("kind", KINDS)
def test_decode_fed_gives_the_loss_and_the_greedy_words(kind):
    """forcing.decode_fed (the teacher-forcing screen's decoder) runs Luong's models too."""
    cfg, params, _ = setup(kind, seed=3)
    pair = task.reference("a big dog sees my red car")
    X, mask = task.source_ids([pair.source])
    Y = task.target_ids([pair.target])[1][0]
    fed, predicted, nll = forcing.decode_fed(params, cfg, X, mask, Y, own=False)
    assert fed[0] == task.START_ID and np.array_equal(fed[1:], Y[:-1])
    assert nll.mean() == pytest.approx(model.loss(params, cfg, model.Batch.of([pair])), rel=1e-12)
    fed, predicted, _ = forcing.decode_fed(params, cfg, X, mask, Y, own=True)
    assert np.array_equal(fed[1:], predicted[:-1])
    ids = model.greedy(params, cfg, X, mask, max_len=len(Y)).ids[0]
    stop = next((t for t, y in enumerate(ids) if y == task.END_ID), len(ids) - 1)
    np.testing.assert_array_equal(predicted[: stop + 1], ids[: stop + 1])


def test_evaluation_and_checkpoints_take_luong_models(tmp_path):
    cfg = model.Config(kind="luong_local", d_e=4, d=4, d_s=6, d_a=4)
    tcfg = train.TrainConfig(steps=2, batch_size=8, snapshots=(0,))
    result = train.train(cfg, tcfg, SHORT)
    checkpoint.save(tmp_path / "local.npz", cfg, tcfg, result)
    loaded = checkpoint.load(tmp_path / "local.npz")
    assert loaded.cfg == cfg and loaded.steps == (0, 2)
    assert all(np.array_equal(loaded.params[k], result.params[k]) for k in result.params)
    scores = evaluate.score(loaded.params, cfg, task.dataset("test")[:6])
    assert 0.0 <= scores.exact_match <= 1.0 and 0.0 <= scores.alignment_accuracy <= 1.0


# --- Training --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_same_seed_gives_identical_weights_and_another_seed_does_not(kind):
    cfg = model.Config(kind=kind, d_e=4, d=4, d_s=6, d_a=4)
    tcfg = train.TrainConfig(steps=3, batch_size=8, snapshots=(0, 2))
    a, b = train.train(cfg, tcfg, SHORT), train.train(cfg, tcfg, SHORT)
    c = train.train(cfg, train.TrainConfig(steps=3, batch_size=8, snapshots=(0, 2), seed=1), SHORT)
    assert a.losses == b.losses and all(np.isfinite(a.losses))
    for name in a.params:
        assert np.array_equal(a.params[name], b.params[name]), name
        assert np.array_equal(a.snapshots[2][name], b.snapshots[2][name]), name
    assert not np.array_equal(a.params["W_o"], c.params["W_o"])
    assert not np.array_equal(a.snapshots[0]["W_c"], a.params["W_c"])


@pytest.mark.parametrize("kind", KINDS)
def test_a_few_dozen_steps_reduce_the_loss(kind):
    """40 steps on short sentences: about 0.66-0.70 of the first steps' loss (Bahdanau's: 0.48)."""
    cfg = model.Config(kind=kind, d_e=8, d=8, d_s=8, d_a=8)
    result = train.train(cfg, train.TrainConfig(steps=40, batch_size=32, lr=0.02, snapshots=()), SHORT)
    assert np.mean(result.losses[-5:]) < 0.8 * np.mean(result.losses[:5])
