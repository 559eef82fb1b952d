"""The question bank (core.questions): every answer against an independent computation written out here, under many
drawn settings; no drawn setting is ambiguous; settings round-trip through JSON; the door refuses what is no answer;
every walkthrough step has two questions and every screen one.

Each oracle below recomputes a family's answer from its setting in plain numpy (its own additive scorer, Softmax,
hull test, sweep on a fine grid, finite-difference gradient step, teacher-forced decoding loop, or the recorded
metrics read from the JSON files), and says whether the setting is clear-cut by its own reckoning of the tolerances.
A negative control shows every oracle failing on a mutated answer.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import core.questions as qb
import core.translator as tr
from core.example import PROBE_G, TARGET_TOKENS, TOKENS, worked_example
from core.questions.question import ROUNDING
from core.refusal import Refusal
from tests.apptest import ROOT

EX = worked_example()
W, U, V, B = EX.params.W, EX.params.U, EX.params.v, EX.params.b
SETTINGS = 50  # drawn settings each family is asked under


@dataclass(frozen=True)
class Expect:
    """The answer an oracle computed, whether the setting is clear-cut by the oracle's own rules, and for a number
    how closely core's answer must agree."""

    answer: str | float
    clear: bool
    atol: float = 1e-9


# --- Plain numpy, written from the article's equations ------------------------------------------------------------


def scores_of(H, s, W=W, U=U, v=V, b=B, f=np.tanh):
    """e_j = v^T f(W h_j + U s + b) for every source h_j (rows of H), s a scalar state."""
    return np.array([v @ f(W @ h + U @ np.array([s]) + b) for h in np.asarray(H, dtype=float)])


def softmax_of(e):
    z = np.exp(np.asarray(e) - np.max(e))
    return z / z.sum()


def weights_of(H, s, **kw):
    return softmax_of(scores_of(H, s, **kw))


def weights_grid(s_values):
    """The worked example's weights at many states at once: (N, 3)."""
    a = (EX.H @ W.T)[None, :, :] + (s_values[:, None] * U[:, 0])[:, None, :] + B  # (N, T, d_a)
    e = np.tanh(a) @ V  # (N, T)
    z = np.exp(e - e.max(axis=1, keepdims=True))
    return z / z.sum(axis=1, keepdims=True)


def margin(values):
    top = np.sort(values)[::-1]
    return top[0] - top[1]


def bary(P, x):
    """Weights w (3,), summing to 1, with sum_j w_j P_j = x."""
    (x0, y0), (x1, y1), (x2, y2) = P
    det = (y1 - y2) * (x0 - x2) + (x2 - x1) * (y0 - y2)
    w0 = ((y1 - y2) * (x[0] - x2) + (x2 - x1) * (x[1] - y2)) / det
    w1 = ((y2 - y0) * (x[0] - x2) + (x0 - x2) * (x[1] - y2)) / det
    return np.array([w0, w1, 1 - w0 - w1])


def segment_distance(x, a, b):
    t = np.clip(np.dot(x - a, b - a) / np.dot(b - a, b - a), 0, 1)
    return float(np.linalg.norm(x - (a + t * (b - a))))


def outline_distance(P, x):
    P = np.asarray(P, dtype=float)
    return min(segment_distance(np.asarray(x, dtype=float), P[i], P[(i + 1) % 3]) for i in range(3))


def pairwise_apart(points, d):
    X = np.asarray(points, dtype=float)
    return all(np.linalg.norm(X[i] - X[k]) >= d for i in range(len(X)) for k in range(i))


def option_of(q, value):
    """The pick option ("1".."n") showing ``value`` among the question's picks."""
    return str(list(q.picks).index(value) + 1)


# --- One oracle a family ------------------------------------------------------------------------------------------


def compare_weight(q):
    st = q.setting
    return Expect(float(weights_of(EX.H, st.s)[st.word]), True)


def compare_context(q):
    st = q.setting
    w = weights_of(EX.H, st.s)
    c = w @ EX.H
    candidates = [c, EX.H.mean(axis=0), EX.H[w.argmax()], weights_of(EX.H, -st.s) @ EX.H]
    nearest = int(np.argmin([np.linalg.norm(np.array(p) - c) for p in q.points]))
    return Expect(str(nearest + 1), pairwise_apart(candidates, 0.1) and pairwise_apart(q.points, 0.1))


def hull_point(q):
    P = q.setting.H
    inside = [k for k, x in enumerate(q.setting.points) if np.all(bary(P, x) > 0)]
    distances = [outline_distance(P, x) for x in q.setting.points]
    clear = len(inside) == 1 and min(distances) >= 0.1 and pairwise_apart(q.setting.points, 0.1)
    return Expect(str(inside[0] + 1) if inside else "none", clear)


def hull_raw(q):
    P = np.array(q.setting.H)
    c = scores_of(P, q.setting.s) @ P  # sum_j e_j h_j: the raw scores as weights
    return Expect("inside" if np.all(bary(P, c) > 0) else "outside", outline_distance(P, c) >= 0.1)


def tanh_removed(q):
    st = q.setting
    W_, U_, v_, b_ = (np.array(x, dtype=float) for x in (st.W, st.U, st.v, st.b))
    a, b = (weights_of(st.H, s, W=W_, U=U_, v=v_, b=b_, f=lambda x: x) for s in (-1.0, 1.0))
    gap, departure = np.abs(a - b).max(), np.abs(a - 1 / 3).max()
    answer = "differ" if gap >= 1e-9 else "uniform" if departure < 1e-9 else "same"
    return Expect(answer, not (1e-9 <= gap < 0.05 or 1e-9 <= departure < 0.05))


def tanh_shift(q):
    st = q.setting
    e = scores_of(EX.H, st.s)
    before, after = softmax_of(e), softmax_of(e + st.shift)
    answer = "unchanged" if np.abs(after - before).max() < 1e-9 else "changed"
    return Expect(answer, np.abs(before - 1 / 3).max() >= 0.05)


def states_largest(q):
    w = weights_of(EX.H, q.setting.s)
    return Expect(str(int(np.argmax(w)) + 1), margin(w) >= 0.05)


def states_identical(q):
    st = q.setting
    h = EX.H[st.word]
    copies = np.array([h, h, h])
    c = weights_of(copies, st.s) @ copies
    answer = "copy" if np.abs(c - h).max() < 1e-9 else "not a copy"
    return Expect(answer, np.linalg.norm(h - EX.H.mean(axis=0)) >= 0.1)


FINE = 6001


def fine_sweep(low, high):
    """Leaders on a fine grid (a position ahead by 0.01, else -1), the crossings where the lead changes (by linear
    interpolation of the two weights' difference), and whether the lead is clear (no near-tie stretch that is not one
    clean crossing, a leader at both ends)."""
    s = np.linspace(low, high, FINE)
    w = weights_grid(s)  # (N, 3)
    top2 = np.sort(w, axis=1)[:, -2:]
    lead = np.where(top2[:, 1] - top2[:, 0] >= 0.01, w.argmax(axis=1), -1)
    clear = lead[0] != -1 and lead[-1] != -1
    led = np.flatnonzero(lead != -1)
    crossings = []
    for a, b in zip(led[:-1], led[1:], strict=True):
        if lead[a] == lead[b]:
            clear &= bool(b == a + 1 or np.all(np.isin(w[a:b].argmax(axis=1), [lead[a]])))
            continue
        j, k = lead[a], lead[b]
        d = w[a : b + 1, j] - w[a : b + 1, k]
        ahead = d > 0
        cells = np.flatnonzero(ahead[:-1] != ahead[1:])
        clear &= len(cells) == 1 and bool(np.all(np.isin(w[a : b + 1].argmax(axis=1), [j, k])))
        if len(cells):
            m = a + cells[0]
            t = (w[m, j] - w[m, k]) / ((w[m, j] - w[m, k]) - (w[m + 1, j] - w[m + 1, k]))
            crossings.append(s[m] + t * (s[m + 1] - s[m]))
    clear &= all(min(x - low, high - x) >= 0.1 for x in crossings)
    return crossings, bool(clear)


def sweep_switches(q):
    crossings, clear = fine_sweep(q.setting.low, q.setting.high)
    return Expect(float(len(crossings)), clear)


def sweep_crossing(q):
    crossings, clear = fine_sweep(q.setting.low, q.setting.high)
    return Expect(crossings[0] if crossings else np.nan, clear and len(crossings) == 1, atol=1e-4)


def hard_jump(q):
    wa, wb = weights_of(EX.H, q.setting.a), weights_of(EX.H, q.setting.b)
    answer = "jumps" if wa.argmax() != wb.argmax() else "stays"
    return Expect(answer, min(margin(wa), margin(wb)) >= 0.05)


def hard_slope(q):
    w = weights_of(EX.H, q.setting.s)
    # away from a boundary a tiny nudge of one score leaves the argmax, so the hard read, where it was
    return Expect("zero", margin(w) >= 0.05)


def probe_gradients(s, g):
    w = weights_of(EX.H, s)
    c = w @ EX.H
    return np.array([w[j] * np.dot(g, EX.H[j] - c) for j in range(3)])  # dL/de_j = alpha_j g^T (h_j - c)


def gradient_sign(q):
    de = probe_gradients(q.setting.s, np.array(q.setting.g))[q.setting.word]
    return Expect("up" if de < 0 else "down", abs(de) >= 0.01)


def gradient_total(q):
    return Expect(float(probe_gradients(q.setting.s, np.array(q.setting.g)).sum()), True, atol=1e-12)


def step_numbers(st):
    """Loss and weight on the target's position before and after one step of gradient descent on (W, U, v, b),
    the gradient by central finite differences, the output layer tied to the sources (logit_k = h_k^T c)."""
    shapes = [W.shape, U.shape, V.shape, B.shape]
    sizes = [int(np.prod(x)) for x in shapes]

    def unpack(phi):
        parts, start = [], 0
        for shape, n in zip(shapes, sizes, strict=True):
            parts.append(phi[start : start + n].reshape(shape))
            start += n
        return parts

    def loss_and_weight(phi):
        W_, U_, v_, b_ = unpack(phi)
        w = weights_of(EX.H, st.s, W=W_, U=U_, v=v_, b=b_)
        z = EX.H @ (w @ EX.H)  # logits z_k = h_k^T c
        return -(z[st.target] - np.log(np.exp(z - z.max()).sum()) - z.max()), w[st.target]

    phi = np.concatenate([x.ravel() for x in (W, U, V, B)])
    grad = np.zeros_like(phi)
    for i in range(len(phi)):
        d = np.zeros_like(phi)
        d[i] = 1e-6
        grad[i] = (loss_and_weight(phi + d)[0] - loss_and_weight(phi - d)[0]) / 2e-6
    return (*loss_and_weight(phi), *loss_and_weight(phi - st.lr * grad))


def step_loss(q):
    before, _, after, _ = step_numbers(q.setting)
    return Expect("lower" if after < before else "higher", abs(after - before) >= 1e-3 + 1e-6)


def step_weight(q):
    _, w0, _, w1 = step_numbers(q.setting)
    return Expect("rises" if w1 > w0 else "falls", abs(w1 - w0) >= 1e-3 + 1e-6)


def fixed_contexts(st):
    """The schematic decoder of section 2, written out: encoder both ways, then the contexts c_t."""
    from core.recurrent import START, embed, schematic_model

    m = schematic_model()
    X = embed(st.source, m.d_e, "src")

    def run(cell, rows):
        h, out = np.zeros(cell.W_h.shape[0]), {}
        for j in rows:
            h = np.tanh(cell.W_x @ X[j] + cell.W_h @ h + cell.b)
            out[j] = h
        return np.array([out[j] for j in range(len(X))])

    fwd, bwd = run(m.forward, range(len(X))), run(m.backward, reversed(range(len(X))))
    H = np.hstack([fwd, bwd])  # (T, 2d)
    summary = np.concatenate([fwd[-1], bwd[0]])
    Y = embed([START, *st.target[:-1]], m.d_e, "tgt")
    p, s, contexts = m.scorer, np.zeros(m.decoder.W_h.shape[0]), []
    for t in range(len(st.target)):
        if st.reader == "attention":
            e = np.array([p.v @ np.tanh(p.W @ h + p.U @ s + p.b) for h in H])
            c = softmax_of(e) @ H
        else:
            c = summary
        contexts.append(c)
        s = np.tanh(m.decoder.W_x @ np.concatenate([Y[t], c]) + m.decoder.W_h @ s + m.decoder.b)
    return H, np.array(contexts)


def fixed_same(q):
    _, C = fixed_contexts(q.setting)
    change = np.abs(np.diff(C, axis=0)).max()
    return Expect("same" if change == 0 else "changes", len(C) >= 2 and not 0 < change < 0.05)


def fixed_kept(q):
    from core.recurrent import schematic_model

    d = schematic_model().forward.W_h.shape[0]  # one direction's width; an annotation is [forward; backward]
    return Expect(float(len(q.setting.source) * 2 * d), True)


def teacher_forced_row(sentence, snapshot, t):
    """The attention model's weights at target step t (0-based) fed the reference's words, written out step by step."""
    from core.translator import bahdanau, encoder, gru, task

    ckpt = tr.load_models().get("attention")
    params = ckpt.at(snapshot)
    pair = task.reference(sentence)
    X, mask = task.source_ids([pair.source])
    enc = encoder.encode(params, X, mask)
    H = enc.H[0]  # (T, 2d)
    p = bahdanau.scorer(params)
    d_e = ckpt.cfg.d_e
    W_xy, W_xc = params["dec.W_x"][:, :d_e], params["dec.W_x"][:, d_e:]
    s, y = enc.s0, task.START_ID
    for step in range(t + 1):
        alpha = softmax_of([p.v @ np.tanh(p.W @ h + p.U @ s[0] + p.b) for h in H])
        if step == t:
            return alpha, pair
        c = alpha @ H
        s, _ = gru.step(params["E_tgt"][[y]] @ W_xy.T + params["dec.b"] + c[None, :] @ W_xc.T, s, params["dec.W_h"])
        y = task.TARGET_ID[pair.target[step]]


def align_read(q):
    alpha, _ = teacher_forced_row(q.setting.sentence, q.setting.snapshot, q.setting.t)
    return Expect(str(int(alpha.argmax()) + 1), margin(alpha) >= 0.05)


def align_fed(q):
    from core.translator import task

    target = task.reference(q.setting.sentence).target
    fed = target[q.setting.t - 1]  # teacher forcing: the reference's previous word, by definition
    clear = len(set(q.picks)) == 3 and fed in q.picks and target[q.setting.t] in q.picks
    return Expect(option_of(q, fed) if fed in q.picks else "none", clear)


def recorded():
    shipped = json.loads((ROOT / "checkpoints" / "metrics.json").read_text())
    luong = json.loads((ROOT / "checkpoints" / "luong" / "luong.json").read_text())["models"]
    return {name: shipped[name] if name in ("attention", "summary") else luong[name] for name in luong}


RECORDED = recorded()


def pooled_share(model, low, high):
    record = RECORDED[model]
    lengths = [n for n in range(low, high + 1)]
    counts = [RECORDED["attention"]["counts"][str(n)] for n in lengths]
    return sum(record["by_length"][str(n)] * k for n, k in zip(lengths, counts, strict=True)) / sum(counts)


def long_falls(q):
    st = q.setting
    shares = sorted((pooled_share(m, st.low, st.high), m) for m in st.models)
    return Expect(shares[0][1], shares[1][0] - shares[0][0] >= 0.05)


def long_share(q):
    return Expect(100 * pooled_share(q.setting.model, q.setting.low, q.setting.high), True)


NOTEBOOK = {  # the phrases' features, as section 1's sentence is read in phrases
    "Felix": {"person": 1},
    "action": {"action": 1},
    "the": {},
    "blue": {"colour": 1},
    "notebook": {"object": 1},
    "in the meeting room": {"place": 1},
    "yesterday": {"time": 1},
}


def limits_negation(q):
    features = ("person", "action", "colour", "object", "place", "time", "not")

    def weights(negated):
        rows = [dict(f, **({"not": 1} if negated and name == "action" else {})) for name, f in NOTEBOOK.items()]
        H = np.array([[r.get(f, 0.0) for f in features] for r in rows])
        query = {"place" if q.setting.question == "where" else "colour": 4.0, "action": q.setting.action}
        return softmax_of(H @ np.array([query.get(f, 0.0) for f in features]))

    return Expect("same" if np.abs(weights(False) - weights(True)).max() < 1e-12 else "differ", True)


def limits_cost(q):
    return Expect(float(q.setting.T * q.setting.U), True)


def masks_hidden(q):
    st = q.setting
    y = ("<s>", *st.target)
    hidden = [i for i, k in enumerate(st.offered) if k >= st.t]  # step t may use y_0 .. y_{t-1}
    clear = len(hidden) == 1 and len({y[k] for k in st.offered}) == 3
    return Expect(str(hidden[0] + 1) if hidden else "none", clear)


def masks_causal(q):
    return Expect(float(q.setting.i), True)


ORACLES: dict[str, Callable[[qb.Question], Expect]] = {
    "fixed.same": fixed_same,
    "fixed.kept": fixed_kept,
    "compare.weight": compare_weight,
    "compare.context": compare_context,
    "hull.point": hull_point,
    "hull.raw": hull_raw,
    "tanh.removed": tanh_removed,
    "tanh.shift": tanh_shift,
    "states.largest": states_largest,
    "states.identical": states_identical,
    "sweep.switches": sweep_switches,
    "sweep.crossing": sweep_crossing,
    "hard.jump": hard_jump,
    "hard.slope": hard_slope,
    "gradient.sign": gradient_sign,
    "gradient.total": gradient_total,
    "step.loss": step_loss,
    "step.weight": step_weight,
    "align.read": align_read,
    "align.fed": align_fed,
    "long.falls": long_falls,
    "long.share": long_share,
    "limits.negation": limits_negation,
    "limits.cost": limits_cost,
    "self_attention.hidden": masks_hidden,
    "self_attention.causal": masks_causal,
}


def agrees(q: qb.Question, expect: Expect) -> bool:
    """Whether core's answer is the oracle's (a number to the oracle's precision) and core's check takes it."""
    if q.kind == "number":
        return abs(float(q.answer) - float(expect.answer)) <= expect.atol and qb.check(q, float(q.answer))
    return q.answer == expect.answer and qb.check(q, expect.answer)


def verify(q: qb.Question) -> None:
    expect = ORACLES[q.id](q)
    assert expect.clear, f"{q.id}: ambiguous setting {q.setting}"
    assert agrees(q, expect), f"{q.id}: core says {q.answer!r}, the oracle {expect.answer!r} under {q.setting}"


def test_every_family_has_an_oracle():
    assert sorted(ORACLES) == sorted(qb.FAMILIES)


@pytest.mark.parametrize("id", list(qb.FAMILIES))
def test_every_answer_agrees_with_an_independent_computation_under_many_settings(id):
    family = qb.FAMILIES[id]
    verify(family.ask())  # the default setting, the step's own view
    rng = np.random.default_rng(43)
    drawn = [family.settings(rng) for _ in range(SETTINGS)]
    assert len(set(drawn)) >= SETTINGS // 5, "the settings hardly vary"
    for setting in drawn:
        verify(family.ask(setting))


def mutated(q: qb.Question) -> qb.Question:
    """The question with a wrong answer: another option, or a number moved past the tolerance."""
    if q.kind == "number":
        return replace(q, answer=float(q.answer) + q.tolerance + 0.5 * (q.increment or 1))
    return replace(q, answer=next(o for o in q.options if o != q.answer))


@pytest.mark.parametrize("id", list(qb.FAMILIES))
def test_a_mutated_answer_fails_its_oracle(id):
    family = qb.FAMILIES[id]
    rng = np.random.default_rng(7)
    for setting in (family.default, *(family.settings(rng) for _ in range(3))):
        q = family.ask(setting)
        assert agrees(q, ORACLES[id](q))
        with pytest.raises(AssertionError):
            verify(mutated(q))


@pytest.mark.parametrize("id", list(qb.FAMILIES))
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
@example(seed=620)  # hull.point: a point 0.1 from the outline, at the margin to a hair (0.0999… in the oracle's sums)
def test_the_generator_never_offers_an_ambiguous_setting(id, seed):
    family = qb.FAMILIES[id]
    q = family.ask(family.settings(np.random.default_rng(seed)))
    assert ORACLES[id](q).clear, q.setting


AMBIGUOUS = [  # a setting, and the reason it is ambiguous, worked out here
    ("states.largest", lambda d: replace(d, s=0.3), lambda st: margin(weights_of(EX.H, st.s)) < 0.05),
    ("compare.context", lambda d: replace(d, s=0.0), lambda st: st.s == -st.s),  # the read at s and at -s coincide
    (
        "hull.point",
        lambda d: replace(d, points=((-0.5, 0.5), (1.0, 1.0))),  # the middle of the edge from "I" to "cats"
        lambda st: outline_distance(st.H, st.points[0]) < 0.1,
    ),
    ("sweep.switches", lambda d: replace(d, low=-3.0), lambda st: margin(weights_of(EX.H, st.low)) < 0.01),
    ("hard.jump", lambda d: replace(d, a=1 / 3), lambda st: margin(weights_of(EX.H, st.a)) < 0.05),
    ("gradient.sign", lambda d: replace(d, word=2), lambda st: abs(probe_gradients(st.s, np.array(st.g))[2]) < 0.01),
    ("long.falls", lambda d: replace(d, low=3, high=5), lambda st: pooled_share("summary", 3, 5) == 1.0),
    (
        "self_attention.hidden",
        lambda d: replace(d, offered=(0, 2, 3)),  # y_2 and y_3: two of them hidden from step 2
        lambda st: sum(k >= st.t for k in st.offered) > 1,
    ),
    (
        "align.fed",  # at the last snapshot the model predicts the reference's previous word itself
        lambda d: replace(d, snapshot=1500),
        lambda st: own_prediction(st) == tr.reference(st.sentence).target[st.t - 1],
    ),
]


def own_prediction(st) -> str:
    """The model's own prediction at step t - 1 fed the reference's words (teacher forcing), by the model's logits."""
    return tr.teacher_forcing(st.sentence, st.snapshot).training.predicted[st.t - 1]


@pytest.mark.parametrize(("id", "make", "ambiguous"), AMBIGUOUS, ids=[a for a, _, _ in AMBIGUOUS])
def test_asked_under_an_ambiguous_setting_a_family_refuses(id, make, ambiguous):
    family = qb.FAMILIES[id]
    setting = make(family.default)
    assert ambiguous(setting)
    with pytest.raises(qb.Ambiguous) as refused:
        family.ask(setting)
    assert refused.value.code == "question.ambiguous" and refused.value.fields == {"id": id}


# --- Settings as JSON ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("id", list(qb.FAMILIES))
def test_a_question_round_trips_through_small_json(id):
    family = qb.FAMILIES[id]
    rng = np.random.default_rng(5)
    for setting in (family.default, *(family.settings(rng) for _ in range(5))):
        q = family.ask(setting)
        text = json.dumps(qb.question_json(q))
        assert len(text) < 500, text
        again = qb.question_from_json(json.loads(text))
        assert again.setting == q.setting and again.answer == q.answer and again.fields == q.fields


@pytest.mark.parametrize(
    "data",
    [
        {"id": "compare.nothing", "setting": {}},
        {"id": "compare.weight", "setting": {"s": -1.0}},  # a field missing
        {"id": "compare.weight", "setting": {"s": -1.0, "word": 0, "x": 1}},  # an unknown field
        {"id": "compare.weight", "setting": {"s": "-1", "word": 0}},  # a string for a number
        {"id": "compare.weight", "setting": {"s": -1.0, "word": True}},  # a boolean for a position
        {"id": "compare.weight", "setting": {"s": -1.0, "word": 7}},  # no such position
        {"id": "compare.weight", "setting": {"s": float("nan"), "word": 0}},
        {"id": "hull.point", "setting": {"H": [[0, 0]], "points": [[0, 0]]}},  # no triangle
        {"id": "align.read", "setting": {"sentence": ["zebra"], "snapshot": 1500, "t": 0}},  # outside the grammar
        {"id": "long.share", "setting": {"model": "oracle", "low": 25, "high": 32}},
        ["compare.weight"],
    ],
)
def test_json_that_is_no_question_is_refused(data):
    with pytest.raises(Refusal):
        qb.question_from_json(data)


# --- The door ---------------------------------------------------------------------------------------------------


def test_a_choice_admits_only_its_own_options():
    q = qb.ask("tanh.removed")
    assert q.kind == "choice" and q.answer == "uniform"
    assert qb.check(q, "uniform") and not qb.check(q, "same")
    for bad in ("Uniform", "", None, 1, ["uniform"], "option_uniform"):
        assert not qb.admissible(q, bad)
        with pytest.raises(Refusal) as refused:
            qb.check(q, bad)
        assert refused.value.code == "question.option"


def test_a_pick_admits_only_the_positions_offered():
    q = qb.ask("states.largest")  # at s = +1 "cats" is read most
    assert q.options == ("1", "2", "3") and q.answer == "3" and q.picks[2] == qb.Word(2)
    assert qb.check(q, "3") and not qb.check(q, "1")
    assert not qb.admissible(q, "4") and not qb.admissible(q, "0") and not qb.admissible(q, 3)


def test_a_number_admits_finite_numbers_in_its_range_and_is_right_within_its_tolerance():
    q = qb.ask("compare.weight")  # the weight on "I" at s = -1
    w = weights_of(EX.H, -1.0)[0]
    assert (q.low, q.high, q.tolerance) == (0.0, 1.0, 0.05)
    assert qb.check(q, w) and qb.check(q, round(w + 0.05, 2) - 0.01) and qb.check(q, np.float32(w))
    assert not qb.check(q, w + 0.05 + 2 * ROUNDING) and not qb.check(q, w - 0.06)
    assert qb.check(q, 0.84) and not qb.check(q, 0.85)  # 0.791 within 0.05
    for bad, code in (
        (float("nan"), "question.number"),
        (float("inf"), "question.number"),
        (True, "question.number"),
        ("0.79", "question.number"),
        (None, "question.number"),
        (1.01, "question.range"),
        (-0.01, "question.range"),
    ):
        with pytest.raises(Refusal) as refused:
            qb.admit(q, bad)
        assert refused.value.code == code, bad
    assert qb.admit(q, 1) == 1.0 and qb.admit(q, 0) == 0.0


def test_a_whole_number_is_right_only_exactly():
    q = qb.ask("limits.cost")  # 20 x 20
    assert q.whole and q.answer == 400
    assert qb.check(q, 400) and not qb.check(q, 401) and not qb.check(q, 399.5)


def test_an_unknown_question_is_refused():
    with pytest.raises(Refusal) as refused:
        qb.ask("compare.everything")
    assert refused.value.code == "question.unknown"


# --- Coverage, and the defaults are the steps' own views --------------------------------------------------------------


def test_every_walkthrough_step_has_two_questions_and_every_screen_one():
    from app import SCREENS
    from screens.walkthrough.steps import STEPS

    screens = {s.url_path: s.title.removeprefix("nav.") for s in SCREENS[1:]}  # a step names its screen's address
    for step in STEPS:
        families = qb.for_step(step.name)
        assert len(families) >= 2, step.name
        assert {f.screen for f in families} == {screens[step.screen]}, step.name  # the screen the step comes from
    for screen in screens.values():
        assert len(qb.for_screen(screen)) >= 1, screen
    assert {f.step for f in qb.FAMILIES.values()} - {None} == {s.name for s in STEPS}
    assert {f.screen for f in qb.FAMILIES.values()} == set(screens.values())
    kinds = {f.ask().kind for f in qb.FAMILIES.values()}
    assert kinds == set(qb.KINDS)


def test_each_default_setting_is_its_steps_own_view():
    from screens.walkthrough.steps import ALIGNMENT_SENTENCE, STEPS, TRAINED
    from ui.settings.learning import LEARN_LR, LEARN_TARGET
    from ui.settings.state_sweep import SWEEP

    views = {step.name: step for step in STEPS}
    for family in qb.FAMILIES.values():
        d, step = family.default, views.get(family.step)
        if step is not None and hasattr(d, "s"):
            assert d.s == step.s, family.id
        if step is not None and hasattr(d, "low") and family.step in ("sweep", "hard"):
            low, high = dict(step.settings)[SWEEP]
            assert low <= d.low < d.high <= high, family.id
        if family.step == "hard" and hasattr(d, "a"):
            low, high = dict(views["hard"].settings)[SWEEP]
            assert low <= d.a < d.b <= high
    assert qb.FAMILIES["align.read"].default.sentence == tuple(ALIGNMENT_SENTENCE.split())
    assert qb.FAMILIES["align.read"].default.snapshot == TRAINED
    assert qb.FAMILIES["align.fed"].default.sentence == tuple(ALIGNMENT_SENTENCE.split())
    learning = dict(views["step"].settings)
    for id in ("step.loss", "step.weight"):
        assert (qb.FAMILIES[id].default.lr, qb.FAMILIES[id].default.target) == (
            learning[LEARN_LR],
            learning[LEARN_TARGET],
        )
    assert qb.FAMILIES["gradient.sign"].default.g == PROBE_G
    assert qb.FAMILIES["fixed.same"].default.source == TOKENS
    assert qb.FAMILIES["fixed.same"].default.target == TARGET_TOKENS
    beyond = tr.beyond_training()["lengths"]
    assert (qb.FAMILIES["long.falls"].default.low, qb.FAMILIES["long.falls"].default.high) == beyond


def test_the_default_answers_are_the_worked_examples():
    answers = {id: f.ask().answer for id, f in qb.FAMILIES.items()}
    assert answers["states.largest"] == "3"  # "cats" at s = +1
    assert answers["tanh.removed"] == "uniform"  # W^T v = 0 in our reconstruction
    assert answers["fixed.same"] == "same"
    assert answers["long.falls"] == "summary"
    assert answers["align.fed"] == option_of(qb.ask("align.fed"), "voiture")
    assert answers["sweep.switches"] == 2.0 and abs(answers["sweep.crossing"] + 1 / 3) < 1e-9


def test_step_5_opens_on_a_question_step_4s_chart_does_not_answer():
    """Step 4 draws the weights of states A and B (with tanh, then without); step 5's first question, asked under its
    view, must not be read off that chart: "the largest weight at s = +1" was, its bar the tallest of state B's."""
    drawn = {float(s[0]): str(int(np.argmax(weights_of(EX.H, float(s[0])))) + 1) for s in EX.states.values()}
    first = qb.for_step("states")[0].ask()
    s = getattr(first.setting, "s", None)
    assert not (s in drawn and first.answer == drawn[s] and set(first.options) == {"1", "2", "3"}), first.id


def test_a_varied_question_is_reproducible_from_its_seed():
    assert qb.varied("compare.weight", 3).setting == qb.varied("compare.weight", 3).setting
    assert len({qb.varied("compare.weight", k).setting for k in range(10)}) > 5
    # the same seed draws another setting for another family: with the seed alone every step's second question was
    # asked at the same state, s = -0.15
    states = {id: qb.varied(id, 1).setting.s for id, f in qb.FAMILIES.items() if hasattr(f.default, "s")}
    assert len(states) >= 10 and len(set(states.values())) > len(states) / 2, states


@pytest.mark.parametrize("id", [id for id, f in qb.FAMILIES.items() if f.ask().points])
def test_a_point_pick_carries_the_sources_its_points_are_read_against(id):
    """The plane a point pick is drawn on (ui.questions): the three sources h_j, those of the setting where it holds
    them, else the worked example's; the hull's answer inside their triangle, every other point outside."""
    for seed in range(20):
        q = qb.varied(id, seed)
        H = np.array(q.setting.H if hasattr(q.setting, "H") else worked_example().H)
        assert np.array(q.plane) == pytest.approx(H) and len(q.plane) == len(q.source) == 3
        if id == "hull.point":
            inside = [str(k + 1) for k, x in enumerate(q.points) if np.all(bary(H, x) > 0)]
            assert inside == [q.answer]


WEIGHED = {  # the word picks read from attention weights, and their weights written out here
    "states.largest": lambda q: weights_of(EX.H, q.setting.s),
    "align.read": lambda q: teacher_forced_row(q.setting.sentence, q.setting.snapshot, q.setting.t)[0],
}


@pytest.mark.parametrize("id", sorted(WEIGHED))
def test_a_word_pick_read_from_weights_carries_the_weight_on_each_word(id):
    """The weights a word pick's reveal draws beside its words (ui.questions): the oracle's, one a word offered,
    the answer the word weighted most; a pick read otherwise (the word fed, the word hidden) carries none."""
    for seed in [None, *range(8)]:
        q = qb.ask(id) if seed is None else qb.varied(id, seed)
        assert len(q.weights) == len(q.picks) == len(q.options)
        assert np.array(q.weights) == pytest.approx(WEIGHED[id](q), abs=1e-9)
        assert q.answer == str(int(np.argmax(q.weights)) + 1)
    others = [f for f, family in qb.FAMILIES.items() if family.ask().kind != "number" and f not in WEIGHED]
    assert all(qb.ask(f).weights == () for f in others)


# --- A wrong option's "why not" -----------------------------------------------------------------------------------


def miss_key(q: qb.Question, option: str) -> str:
    """The message of a wrong option's "why not" (core.questions.question's docstring)."""
    return f"q.{q.id}.miss" if q.kind == "pick" else f"q.{q.id}.miss_{option}"


def linear_scores(st, s):
    """tanh.removed's scores without tanh at state s, written out: e_j = v^T (W h_j + U s + b)."""
    W_, U_, v_, b_ = (np.array(x, dtype=float) for x in (st.W, st.U, st.v, st.b))
    return scores_of(st.H, s, W=W_, U=U_, v=v_, b=b_, f=lambda x: x)


def shown_apart(values) -> bool:
    """Whether numbers written to 3 decimals read differently (a message says they differ)."""
    return np.ptp(np.round(np.asarray(values, dtype=float), 3)) > 0


def tanh_removed_miss(q, option):
    st = q.setting
    f = q.fields
    W_, U_, v_ = (np.array(x, dtype=float) for x in (st.W, st.U, st.v))
    a, b = linear_scores(st, -1.0), linear_scores(st, 1.0)
    by_source = np.array(st.H) @ (W_.T @ v_)  # (W^T v)^T h_j
    shared = float(v_ @ U_[:, 0])  # v^T U: the state's term is shared * s
    assert f["source_terms"] == pytest.approx(by_source, abs=1e-12)
    assert (f["term_a"], f["term_b"]) == pytest.approx((-shared, shared), abs=1e-12)
    assert a - by_source == pytest.approx(np.full(3, a[0] - by_source[0]), abs=1e-9)  # the rest: one term for all
    assert (a - b) == pytest.approx(np.full(3, -2 * shared), abs=1e-9)  # A's and B's scores differ by it alone
    assert f["weights_a"] == pytest.approx(softmax_of(a), abs=1e-12)  # both states read them
    assert f["weights_a"] == pytest.approx(softmax_of(b), abs=1e-12)
    if option == "uniform":  # the words still differ: the sources' term, and so the weights
        assert shown_apart(by_source) and shown_apart(f["weights_a"])
    if option == "same":  # the sources' term alike for every word: equal weights
        assert np.ptp(by_source) < 1e-9 and f["weights_a"] == pytest.approx(np.full(3, 1 / 3), abs=1e-12)


def tanh_shift_miss(q, option):
    st, f = q.setting, q.fields
    e = scores_of(EX.H, st.s)
    shifted = np.array(f["shifted"])
    ranked = np.sort(e)
    assert shifted == pytest.approx(e + st.shift, abs=1e-12)
    # the gaps between the scores, from the scores before the shift: unchanged by it
    assert shifted[:, None] - shifted[None, :] == pytest.approx(e[:, None] - e[None, :], abs=1e-9)
    assert f["leader"] == qb.Word(int(np.argmax(e))) and f["leader"] == qb.Word(int(np.argmax(shifted)))
    assert f["lead"] == pytest.approx(ranked[-1] - ranked[-2], abs=1e-9) and f["lead"] >= 5e-4  # "still leads"
    assert f["spread"] == pytest.approx(ranked[-1] - ranked[0], abs=1e-9) and f["spread"] >= 5e-4
    assert f["after"] == pytest.approx(softmax_of(e), abs=1e-12)  # "the weights stay"
    assert f["largest"] == pytest.approx(softmax_of(e).max(), abs=1e-12)
    assert shown_apart(f["after"])  # not equal weights


def states_identical_miss(q, option):
    st, f = q.setting, q.fields
    h = EX.H[st.word]
    copies = np.array([h, h, h])
    for s in (st.s, *np.linspace(-5, 5, 21)):  # the same weights at every state
        assert weights_of(copies, s) == pytest.approx(np.full(3, 1 / 3), abs=1e-12)
    assert f["weights"] == pytest.approx(np.full(3, 1 / 3), abs=1e-12) and sum(f["weights"]) == pytest.approx(1)
    assert (f["x"], f["y"]) == pytest.approx(tuple(h)) and (f["c1"], f["c2"]) == pytest.approx(tuple(h))
    rng = np.random.default_rng(0)
    for w in rng.dirichlet([1.0, 1.0, 1.0], size=10):  # any weights summing to 1 give h
        assert w @ copies == pytest.approx(h)
    average = EX.H.mean(axis=0)
    assert (f["avg1"], f["avg2"]) == pytest.approx(tuple(average), abs=1e-12)
    assert np.linalg.norm(average - h) >= 0.1  # the average is another point than h


def hard_slope_miss(q, option):
    st, f = q.setting, q.fields
    e = scores_of(EX.H, st.s)
    top = int(np.argmax(e))
    ranked = np.sort(e)
    assert f["top"] == qb.Word(top)
    assert f["lead"] == pytest.approx(ranked[-1] - ranked[-2], abs=1e-9) and f["lead"] >= 5e-4
    for raise_ in (1e-6, f["lead"] / 2, 0.999 * f["lead"]):  # a raise below the lead leaves the top where it was
        raised = e.copy()
        raised[st.word] += raise_
        assert int(np.argmax(raised)) == top
    w = weights_of(EX.H, st.s)
    assert f["soft"] == pytest.approx(w[st.word] * (EX.H[st.word] - w @ EX.H), abs=1e-12)  # the soft read's slope


def hull_point_miss(q, option):
    P, x = np.array(q.setting.H), np.array(q.points[int(option) - 1])
    more = q.misses[option]
    mix = np.array(more["point_mix"])
    assert more["point"] == int(option)
    assert mix == pytest.approx(bary(P, x), abs=1e-9)
    assert mix.sum() == pytest.approx(1, abs=1e-12) and mix @ P == pytest.approx(x, abs=1e-9)  # it gives the point
    j = int(np.argmin(mix))
    assert more["negative_word"] == qb.Word(j) and round(mix[j], 3) < 0  # negative, and written so


MISSES = {
    "tanh.removed": tanh_removed_miss,
    "tanh.shift": tanh_shift_miss,
    "states.identical": states_identical_miss,
    "hard.slope": hard_slope_miss,
    "hull.point": hull_point_miss,
}


def test_every_choice_of_three_options_or_more_words_why_each_wrong_option_is_wrong():
    """A choice of two has its explanation refute the other option; the hull's pick words its wrong points too."""
    choices = {id for id, f in qb.FAMILIES.items() if f.ask().kind == "choice" and len(f.ask().options) >= 3}
    assert choices == {"tanh.removed", "tanh.shift", "states.identical", "hard.slope"}
    assert set(MISSES) == choices | {"hull.point"}
    assert {id for id, f in qb.FAMILIES.items() if f.ask().misses} == set(MISSES)


@pytest.mark.parametrize("id", sorted(MISSES))
def test_each_wrong_options_why_not_is_filled_and_true_under_many_settings(id):
    """Every option but the answer has its "why not", its message's fields all computed, and what they say holds
    when worked out here: under the default setting and fifty drawn ones, each wrong option met at least once."""
    from tools.translations import fields
    from ui.text import CATALOG

    family = qb.FAMILIES[id]
    rng = np.random.default_rng(44)
    asked = [family.ask(), *(family.ask(family.settings(rng)) for _ in range(SETTINGS))]
    checked: set[str] = set()
    for q in asked:
        wrong = set(q.options) - {q.answer}
        assert set(q.misses) == wrong, q.setting
        for option in sorted(wrong):
            needed = set(fields(CATALOG["en"][miss_key(q, option)]))
            assert needed <= set(q.fields) | set(q.misses[option]), (option, q.setting)
            MISSES[id](q, option)
            checked.add(option)
    always_right = set.intersection(*({q.answer} for q in asked))
    assert checked == set(asked[0].options) - always_right


@pytest.mark.parametrize("shown", [(-3.0, 3.0), (-1.0, 1.0), (0.5, 2.0), (-3.0, -0.5), (-0.4, 0.2)])
@pytest.mark.parametrize("id", ["sweep.switches", "sweep.crossing"])
def test_an_interval_question_is_asked_at_the_widest_clear_interval_inside_the_one_shown(id, shown):
    """The oracle asks the family at every candidate, the shown interval first, then ends on a grid of 0.5, widest
    and most central first, and takes the first it answers; within() reads its candidates off one sweep."""
    low, high = shown
    f = qb.family(id)
    grid = [k * 0.5 for k in range(-10, 11) if low <= k * 0.5 <= high]
    pairs = sorted(
        ((a, b) for a in grid for b in grid if a < b and (a, b) != shown),
        key=lambda ab: (ab[0] - ab[1], abs(ab[0] + ab[1] - low - high)),
    )
    expected = None
    for a, b in [shown, *pairs]:
        try:
            expected = f.ask(replace(f.default, low=a, high=b))
            break
        except Refusal:
            continue
    got = qb.within(id, low, high)
    assert got == expected
    if got is not None:
        assert low <= got.setting.low < got.setting.high <= high
    assert qb.takes_interval(id) and not qb.takes_interval("hard.jump") and qb.within("hard.jump", low, high) is None


@pytest.mark.parametrize("id", ["sweep.switches", "sweep.crossing"])
def test_a_drawn_interval_question_lies_inside_the_interval_shown(id):
    """ "Ask me another" on screen 4: a drawn interval inside the one its chart shows; under the default view (-3
    to 3, which holds every drawn interval) the same draw as ``varied``."""
    for seed in range(4, 24):
        assert qb.varied_within(id, seed, -3.0, 3.0) == qb.varied(id, seed)
        for low, high in ((0.5, 2.0), (-1.0, 1.0), (-2.5, 0.0)):
            q = qb.varied_within(id, seed, low, high)
            if q is None:
                assert qb.within(id, low, high) is None
            else:
                assert low <= q.setting.low < q.setting.high <= high
