"""What computes each English message that states a number or a comparison: the one list, read by
``tests/test_claims.py``.

A message is a claim when its English text writes a digit or a comparison word (more, less, at most, than, ≤ ...)
or has a field that carries a number (``NUMBER_FIELDS``). Each claim has an entry here:

- ``sources``: dotted paths of what fills its numbers or decides its comparison (a function, a method, a constant
  in ``core``, ``ui`` or ``screens``). Each must exist, and its own name must appear in the code that formats the
  message (the module that names the key, or ``site``): the source named here is the one the screen uses.
- ``values``: the numbers the English text writes itself (outside fields, citation years and sub- or superscripts),
  computed from the code; the test finds each of them in the text and each number of the text among them, to the
  precision the text prints. A text that writes a number has ``values``.
- ``note``: why the entry reads as it does (required when there are no sources: a message that only echoes what a
  reader typed, or a comparison word that compares nothing).

A new message that writes a number or a comparison fails the test until it has its entry here.

Screen 6's messages (``tr.``) describe what a control chooses: the model (any of five), the snapshot, the tab. A
claim there that writes a number or a comparison of its own holds under every choice it can be shown under, not
only under the default (Bahdanau's model, the last snapshot): its entry gives

- ``under``: those choices (:func:`every` of the controls' values) and ``holds``, what the message claims,
  computed under one choice; the test checks it under each (a check seen failing on a claim that held only
  under the default, the old "each row sums to 1");
- or ``same``: why no choice changes what it claims (it shows every model at once, names a fixed one, or its
  statements of the chosen model are fields, each computed for it).
"""

import inspect
import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

import app
import core.translator as tr
from core import costs
from core import selecting as sel
from core.example import PROBE_G, STATES, worked_example
from core.gradients import (
    check_gradient_unchecked,
    finite_difference,
    prediction_loss_from_probabilities,
    state_gradients,
)
from core.masks import causal_mask
from core.reading import attend, hard_read, normalised
from core.scorers import linear_decomposition
from core.self_attention import self_attention
from core.softmax import softmax
from core.sweep import slider_states
from core.translator import LIVE_TRAINING
from screens.learning import run_state, training
from screens.limits import selecting as lim_selecting
from screens.walkthrough import reading
from tests.claims_classroom import CLASS_NUMBER_FIELDS, classroom_claims
from tests.claims_questions import QUESTION_NUMBER_FIELDS, QUESTION_WORD_FIELDS, question_claims
from ui import links, probe, state
from ui.settings import learning as settings
from ui.settings import limits as lim_settings
from ui.settings import self_attention as sa_settings
from ui.settings.translator import DEFAULT_SENTENCE


@dataclass(frozen=True)
class Under:
    """The choices of screen 6's controls a message can be shown under (each a dict: {"model": ..., "step": ...}),
    and ``holds``: what the message claims, computed under one choice (given as keywords)."""

    choices: Callable[[], Iterable[dict[str, object]]]
    holds: Callable[..., bool]


@dataclass(frozen=True)
class Claim:
    sources: tuple[str, ...] = ()
    values: Callable[[], Iterable[float]] | None = None
    note: str = ""
    site: str = ""  # the module that formats a message whose key the code builds at run time
    under: Under | None = None  # screen 6: the choices it is shown under, and what it claims under each
    same: str = ""  # screen 6: why no choice of its controls changes what it claims


def by(
    *sources: str,
    values: Callable[[], Iterable[float]] | None = None,
    site: str = "",
    note: str = "",
    under: Under | None = None,
    same: str = "",
) -> Claim:
    return Claim(sources, values, note, site, under, same)


def every(**controls: Callable[[], Iterable[object]]) -> Callable[[], list[dict[str, object]]]:
    """Every combination of the named controls' values, each a dict: every(model=READING, step=STEPS)."""

    def choices() -> list[dict[str, object]]:
        names = list(controls)
        values = itertools.product(*(list(values()) for values in controls.values()))
        return [dict(zip(names, combo, strict=True)) for combo in values]

    return choices


def MODELS() -> tuple[str, ...]:  # noqa: N802 (a control's values, named as the control)
    """Every model screen 6's choice offers."""
    return tr.ALL_MODELS


def READING() -> tuple[str, ...]:  # noqa: N802
    """The models that read with weights: the choices under which the alignment and what-if tabs draw."""
    return tuple(name for name in tr.ALL_MODELS if name != "summary")


def LUONG() -> tuple[str, ...]:  # noqa: N802
    """Luong et al.'s decoders, one of which the decoding orders set beside Bahdanau's."""
    return tuple(name for name in tr.ALL_MODELS if name.startswith("luong_"))


def STEPS() -> tuple[int, ...]:  # noqa: N802
    """The stored snapshots the slider offers."""
    return tr.snapshot_steps()


def echo(note: str = "the message repeats what the reader or the link gave") -> Claim:
    return Claim(note=note)


def screen(title_key: str) -> int:
    """The number a sentence gives the screen whose navigation title is ``title_key`` (home is not numbered)."""
    return next(i for i, s in enumerate(app.SCREENS) if s.title == title_key)


# The fields whose values are numbers (or may be); every other field of the catalog carries words
# (a token, a name, a reason). The test holds every field of the English catalog to one of the two lists.
NUMBER_FIELDS = frozenset(
    {
        "silent",
        "threshold",
        "local_at",
        "local_long",
        "local_low",
        "others_low",
        "summary_at",
        "summary_low",
        "crossed",
        "focused",
        "rest",
        "sharp",
        "small",
        "p_after",
        "luong_dot",
        "luong_general",
        "luong_local",
        "p_before",
        "p_kept",
        "t",
        "D",
        "L",
        "T",
        "Tp",
        "U",
        "a",
        "a1",
        "a2",
        "after",
        "after_many",
        "again",
        "analytic",
        "asked",
        "at",
        "at_most",
        "attention",
        "b",
        "b1",
        "b2",
        "bad",
        "before",
        "block",
        "c1",
        "c2",
        "code",
        "count",
        "cols",
        "column",
        "csum",
        "d",
        "d_a",
        "dc",
        "dc1",
        "dc2",
        "diff",
        "done",
        "ds",
        "dw",
        "error",
        "exact",
        "fixed",
        "g1",
        "g2",
        "gap",
        "global_",
        "got",
        "h1",
        "h2",
        "hard",
        "hi",
        "high",
        "hits",
        "i",
        "jump",
        "k",
        "largest",
        "least",
        "lengths",
        "limit",
        "lo",
        "local",
        "long_exact",
        "long_steps",
        "long_total",
        "longer",
        "loss",
        "low",
        "low_from",
        "lr",
        "max_length",
        "more",
        "most",
        "n",
        "negated",
        "numeric",
        "of",
        "others",
        "p",
        "p1",
        "p2",
        "pairs",
        "parameters",
        "perfect",
        "plain",
        "points",
        "positive",
        "probe",
        "probe_every",
        "ps",
        "r1",
        "r2",
        "read_a",
        "read_b",
        "remaining",
        "row",
        "rows",
        "s",
        "s1",
        "s2",
        "scores",
        "seconds",
        "sentences",
        "shape",
        "share",
        "smallest",
        "soft",
        "src",
        "start",
        "step",
        "steps",
        "stored",
        "summary",
        "switch",
        "terms",
        "tol",
        "tolerance",
        "total",
        "train_max",
        "training",
        "translation",
        "uniform",
        "value",
        "vb",
        "vu",
        "w",
        "w0",
        "w1",
        "w_many",
        "w_a",
        "wa",
        "wait",
        "wb",
        "weight",
        "weights",
        "width",
        "worst",
        "wrong_step",
        "wsum",
        "x",
        "zero_from",
    }
)
WORD_FIELDS = frozenset(
    {
        "sums",
        "keys",  # the keys a field's hint names ("Ctrl+Enter", Streamlit's own: chrome.apply)
        "results",  # a table search's count, Streamlit's own ("12 results": chrome.result_at)
        "heading",  # a heading's words (class.join_at names "Teach with a class")
        "none",  # an option's name (q.<place>.<name>.on_chart names f's "none (identity)")
        "crossing",
        "score",
        "models",
        "chart",
        "label",
        "written",
        "instead",
        "action",
        "article",
        "other",
        "shown",
        "targets",
        "colour",
        "entry",
        "example",
        "expected",
        "f",
        "feature",
        "features",
        "field",
        "first",
        "group",
        "index",
        "known",
        "last",
        "model",
        "name",
        "names",
        "object",
        "person",
        "phrase",
        "phrases",
        "place",
        "position",
        "problem",
        "reason",
        "right",
        "says",
        "sentence",
        "source",
        "state",
        "symbol",
        "tabs",
        "time",
        "title",
        "token",
        "token_a",
        "tokens",
        "top",
        "verdict",
        "vocabulary",
        "what",
        "word",
        "words",
        "wrong",
    }
)
NUMBER_FIELDS |= QUESTION_NUMBER_FIELDS  # the question bank's (tests/claims_questions.py)
NUMBER_FIELDS |= CLASS_NUMBER_FIELDS  # a class's (tests/claims_classroom.py)
WORD_FIELDS |= QUESTION_WORD_FIELDS


# --- ui/catalog/common.py

_NAV = "the screen's number is its place in app.SCREENS (home is not numbered)"


def _ex():
    return worked_example()


def _states():
    return list(STATES.values())


def _uniform():
    """Both states read with weights 1/T once tanh is removed: W^T v = 0, so every score is 2 s + 6."""
    ex = _ex()
    assert (linear_decomposition(ex.params).position == 0).all()
    return 1 / len(ex.tokens)


_SEARCH = (
    "Streamlit's table search counts what it found; the page's script (ui/assets/chrome_words.js) says its words in"
    " the reader's language and carries its numbers over"
)

_COMMON = {
    # A table search's counts, Streamlit's: the numbers are its own.
    "chrome.results_none": Claim(values=lambda: [0], note=_SEARCH),
    "chrome.result_one": Claim(values=lambda: [1], note=_SEARCH),
    "chrome.result_at": echo(_SEARCH),
    "chrome.results": echo(_SEARCH),
    "chrome.results_over": echo(_SEARCH),
    # Navigation: each title's number is the screen's place.
    **{
        f"nav.{name}": by("app.SCREENS", values=lambda key=f"nav.{name}": [screen(key)], note=_NAV)
        for name in (
            "fixed_summary",
            "revisitable",
            "scoring",
            "sweep",
            "learning",
            "translator",
            "limits",
            "self_attention",
        )
    },
    "nav.current": by("ui.state.Model.params", note="s, T and d_a of the shared model, read from it"),
    "lang.unknown": echo("repeats the language code a link gave"),
    "state.adjusted_view": by("ui.links.Adjusted", note="the nearest allowed value, as the setting's parser bent it"),
    "state.repeated": by("ui.codec.cut", note="counts the link's repeats of one setting; the value is the link's own"),
    "state.unknown_more": by("ui.state.UNKNOWN_NAMED", note="settings beyond the first UNKNOWN_NAMED are counted"),
    "link.clamped": by("ui.links.clamped", note="lo and hi are the bounds of the setting's clamped parser"),
    "link.bad_choice": echo(),
    "link.bad_switch": by(
        "ui.links.switch",
        site="ui/links.py",
        values=lambda: [0, 1],
        note="a switch is read from the digits 0 and 1 (ui.links.switch)",
    ),
    "export.chart_csv": echo("k counts the page's charts, a label, not a claim"),
    "handout.coordinate": echo("i names a coordinate, a label, not a claim"),
    "handout.column": echo("i names a column of W, a label, not a claim"),
    "handout.more_rows": by("ui.handout.MAX_ROWS", note="the rows beyond MAX_ROWS, counted"),
    "handout.eq_state": by("ui.state.Model.s", site="ui/take_home.py", note="the shared model's state"),
    "chart.description": echo("n counts the rows the chart draws"),
    "widget.state_help": by(
        "core.example.STATES",
        site="ui/widgets.py",
        values=_states,
        note="the example's states A and B; the buttons beside it set the same numbers",
    ),
    "widget.state_a": by("core.example.STATES", site="ui/widgets.py", values=lambda: _states()[:1]),
    "widget.state_b": by("core.example.STATES", site="ui/widgets.py", values=lambda: _states()[1:]),
    "widget.no_rows": echo("'at least one row' states the table check's rule (ui.widgets), no computed number"),
    "widget.bad_cell": echo("row and column name the reader's cell; the value is what they typed"),
    "widget.empty_cell": echo("row and column name the reader's cell"),
    "widget.huge_cell": by("ui.state.MAX_ABS", note="the largest entry the screens accept"),
    "widget.too_long": by("ui.forged.MAX_TEXT", note="the most characters a text may have where it enters a session"),
    "widget.too_long_in": by(
        "ui.forged.MAX_TEXT", note="the most characters a text may have where it enters a session; field: its name"
    ),
    "widget.bad_token": echo("row names the reader's row"),
    "codec.not_number": echo(),
    "codec.not_finite": echo(),
    "codec.too_long": by("ui.codec.MAX_TEXT", note="n is the length of the reader's text, refused past MAX_TEXT"),
    "codec.too_many_rows": by(
        "ui.codec.parse_matrix", note="n counted from the reader's text; most is the caller's limit"
    ),
    "codec.ragged": echo("the row lengths of the reader's text"),
    "codec.too_many_columns": by("ui.codec.parse_matrix", note="most is the caller's limit"),
    "codec.too_many_words": by(
        "ui.codec.parse_tokens", note="n counted from the reader's text; most is the caller's limit"
    ),
    "codec.long_word": by("ui.codec.MAX_WORD"),
    "check.rows_for_tokens": echo("the row and token counts of the reader's input"),
    "check.max_positions": by("ui.links.MAX_POSITIONS"),
    "check.too_large": by("ui.state.MAX_ABS"),
    "check.w_columns": by(
        "core.scorers.AdditiveParams.d_h",
        site="ui/state.py",
        values=lambda: [_ex().params.d_h],
        note="W is d_a x d_h and h_j is 2-D on these screens",
    ),
    "check.u_columns": by("core.scorers.AdditiveParams.d_s", site="ui/state.py", values=lambda: [_ex().params.d_s]),
    "check.max_units": by("ui.state.MAX_UNITS"),
    "check.state_range": by("ui.links.S_RANGE", site="ui/state.py", note="lo and hi are the state slider's range"),
    "check.shape_got": by(
        "core.scorers.AdditiveParams.checked",
        site="ui/state.py",
        values=lambda: [_ex().params.d_h],
        note="what AdditiveParams.checked refused, worded",
    ),
    "check.length": by(
        "core.scorers.AdditiveParams.checked",
        site="ui/state.py",
        note="the two lengths AdditiveParams.checked found unequal",
    ),
    "check.finite": echo("the reader's entries that are not finite"),
    "check.shape": by("core.scorers.AdditiveParams.checked", site="ui/state.py", values=lambda: [_ex().params.d_h]),
    # Home.
    "home.lead": echo("'more than one route' counts routes to attention named in the article, no computed number"),
    "home.example_caption": by(
        "core.example.worked_example", "core.reading.attend", values=lambda: [*_states(), _uniform()]
    ),
    # Screen 1.
    "fix.source": by("ui.links.parse_source", site="ui/settings/fixed_summary.py", values=lambda: [links.MAX_SOURCE]),
    "fix.target": by("ui.links.parse_target", site="ui/settings/fixed_summary.py", values=lambda: [links.MAX_TARGET]),
    "fix.target_help": by(
        site="screens/fixed_summary/page.py", note="'the previous target token' orders steps; no number is stated"
    ),
    "fix.schematic": echo("'longer' and 'more' compare in words what fix.sizes computes for the sentence typed"),
    "fix.sizes": by("ui.fixed_summary.encoded", note="T, the width 2d and T x 2d of the encoded sentence"),
    "fix.annotations_caption": by(
        "ui.fixed_summary.encoded",
        values=lambda: [-1, 1],
        note="the range of tanh, the encoder's nonlinearity (core.recurrent)",
    ),
    "fix.half": echo("a column label (forward or backward half), not a comparison"),
    "fix.compare.width_value": by("ui.fixed_summary.encoded", note="the summary's width 2d"),
    "fix.contexts_caption": by(
        "ui.fixed_summary.contexts_panels",
        values=lambda: [1],
        note="d is the width of one direction of the encoder (contexts_panels' d), after = d + 1 and width = 2d; the "
        "components are numbered from 1, the forward pass's first",
    ),
    "fix.compare.behind_fixed": by("ui.fixed_summary.encoded", note="the summary's width 2d"),
    "fix.compare.behind_attention": by("ui.fixed_summary.encoded", note="T x 2d numbers of the annotations"),
    # Screen 3.
    "score.params_help": by(
        "ui.state.MAX_UNITS",
        site="ui/state.py",
        note="shown on screen 3; ui.state refuses more units",
        values=lambda: [_ex().params.d_h, state.MAX_UNITS],
    ),
    "score.figure": by("core.example.STATES", site="screens/scoring/page.py", values=_states),
    "score.figure_none": by("core.example.STATES", site="screens/scoring/page.py", values=_states),
    "score.why_text": by("core.scorers.linear_decomposition", note="'the same for every position' is the state part"),
    "score.why_numbers": by("core.scorers.linear_decomposition"),
    "score.why_term": by("core.scorers.linear_decomposition"),
    "score.why_uniform": by("core.scorers.linear_decomposition", values=lambda: [0, _uniform()]),
    "score.shift_result": by(
        "core.reading.shift_change", note="the largest |alpha - alpha'| over the state slider's grid"
    ),
    "score.luong_text": by(
        "ui.settings.scoring.LUONG",
        values=lambda: [_ex().params.d_s, _ex().params.d_h],
        note="q has d_h = 2 entries, W_a is d_s x d_h = 1 x 2",
    ),
    "score.wa1": by(
        "ui.settings.scoring.WA1",
        site="ui/settings/scoring.py",
        values=lambda: [1],
        note="the index of W_a's first entry",
    ),
    "score.wa2": by(
        "ui.settings.scoring.WA2",
        site="ui/settings/scoring.py",
        values=lambda: [1, 2],
        note="the index of W_a's second entry",
    ),
    # Screen 4.
    "sweep.lead": echo("no number; 'not because anything was retrained' is what the screen's one attend does"),
    "sweep.curves_caption": by("core.sweep.sweep_states", values=lambda: [screen("nav.scoring")]),
    "sweep.jump_caption": echo("k names the coordinate of c drawn"),
    "sweep.switches_fold": by("core.sweep.Sweep.leads", note="the fold holding the switch points"),
    "sweep.switches": by("core.sweep.Sweep.leads", note="the switch points core.switches finds by bisection"),
    "sweep.tie": by("core.sweep.Sweep.leads", "core.switches.TIE_TOLERANCE"),
    "sweep.tie_at": by("core.sweep.Sweep.leads", "core.switches.TIE_TOLERANCE"),
    "sweep.no_switch": by("core.sweep.Sweep.leads"),
    "sweep.bad_link_interval": by("ui.links.S_RANGE", site="ui/settings/state_sweep.py"),
    "sweep.low_not_below_high": echo("the rule the interval's parser applies to the reader's two numbers"),
}


# --- ui/catalog/revisitable.py


def _hard_weight_values() -> list[float]:
    """The distinct weights hard selection gives the worked example's sources at state A: 1 and 0."""
    ex = worked_example()
    weights = hard_read(ex.H, attend(ex.H, ex.states["A"], ex.params).scores).weights
    return sorted({float(w) for w in weights})


def _refused_levels() -> list[float]:
    """The slider settings (0 to 1 by 0.05, as hand_weights draws its sliders) at which all weights set alike are
    refused by core.reading.normalised: only 0."""
    refused = []
    for w in np.round(np.arange(0.0, 1.0 + 1e-9, 0.05), 2):
        try:
            normalised([w, w, w])
        except ValueError:
            refused.append(float(w))
    return refused


_REVISITABLE = {
    "rev.sum": by("core.reading.attend"),
    "rev.plane_caption": by(
        "ui.widgets.sources_editor",
        values=lambda: [worked_example().H.shape[1]],
        note="2-D is the width of h_j: the example's H has 2 columns, and the sources editor (h1, h2 columns, "
        "ui.state.check_sources_2d) holds every edited source to that width.",
    ),
    "rev.coordinate": by(
        note="i is 1 or 2, written as a literal at the call site (plane()): the names of the plane's two axes, "
        "h_j's two coordinates; nothing computes it.",
    ),
    "rev.edit_help": by(
        "ui.widgets.sources_editor",
        values=lambda: [links.MAX_POSITIONS],
        note="sources_editor refuses more rows than ui.links.MAX_POSITIONS (through ui.state.check_sources_2d).",
    ),
    "rev.raw_total": by("core.reading.raw_weighted_sum", "core.reading.attend"),
    "rev.hard_caption": by(
        "core.reading.hard_read",
        values=_hard_weight_values,
        note="1 and 0 are the one-hot weights hard_read puts on the positions (computed on the worked example).",
    ),
    "rev.hard_read": by("core.reading.hard_read", "core.reading.attend"),
    "rev.vocab_numbers": by(
        "core.reading.attend",
        "ui.state.model",
        note="wsum and csum from attend at the shared state; T is len(m.tokens) of the shared model.",
    ),
    "rev.same_text": by(
        "core.reading.identical_sources",
        "ui.state.model",
        note="h1, h2 are m.H[0] of the shared model; identical_sources copies h_1 (j = 0 by default) to every "
        "position.",
    ),
    "rev.same_count": by(
        "ui.settings.revisitable_source.SAME_HAND",
        "ui.palette.position_labels",
        values=lambda: [1],
        note="n is len of the link's SAME_HAND weights, T the count of position_labels(m.tokens). The 1 a position "
        "without a weight takes is the literal 1.0 hand_weights seeds each slider with (no named constant).",
    ),
    "rev.same_zero": by(
        "core.reading.normalised",
        values=_refused_levels,
        note="normalised divides by the total and refuses all-zero weights ('at least one'); the 0 is the slider "
        "setting at which it refuses, found by trying the sliders' settings 0, 0.05, ..., 1 (hand_weights).",
    ),
    "rev.same_contexts": by(
        "core.reading.read_with",
        "core.reading.identical_sources",
        "core.reading.attend",
        "core.reading.normalised",
        note="weights from attend at s (or normalised hand weights); r, c, a, b are read_with on the real and the "
        "identical sources (states A and B as attend([[-1], [1]]) at the site).",
    ),
}


# --- ui/catalog/learning.py


def _bounds(binding) -> tuple[float, float, bool]:
    """lo, hi and open_low of a link setting made with ui.links.number (the closure of its parser)."""
    found = inspect.getclosurevars(binding.parse).nonlocals
    return found["lo"], found["hi"], found["open_low"]


def _lr_bounds() -> list[float]:
    lo, hi, open_low = _bounds(settings.LEARN_LR)
    assert open_low and hi == settings.LR_LIMIT  # "exclusive of 0": the low end is open
    return [lo, hi]


def _steps_bounds() -> list[float]:
    lo, hi, _ = _bounds(settings.LEARN_STEPS)
    assert hi == settings.STEPS_LIMIT
    return [lo, hi]


def _first_step() -> int:
    """The step count of the run a session starts (run_state.current on a fresh session): step 0."""
    ex = worked_example()
    m = state.Model(ex.tokens, ex.H, ex.params, 0.0)
    run, _ = run_state.current({}, m, (run_state.Goal("s", 0.0, 0),))
    return run.steps


def _certain_loss() -> float:
    """The prediction loss of a read that gives its target all the probability, -log 1 = 0: the bound the loss
    curve need not reach."""
    output = worked_example().output
    p = np.zeros((1, len(output.vocabulary)))
    p[0, 0] = 1.0
    return prediction_loss_from_probabilities(p, output, np.array([0]))[0] + 0.0  # -log 1 is -0.0 in floats


def _kronecker() -> list[float]:
    """delta_kj = 1 if k = j else 0, recovered from the code's Softmax:
    d alpha_k / d e_j = alpha_k (delta_kj - alpha_j), so
    delta_kj = (d alpha_k / d e_j) / alpha_k + alpha_j (finite differences of core.softmax.softmax)."""
    e = np.array([0.3, -0.2, 0.5])
    alpha = softmax(e)
    J = np.array([finite_difference(lambda x, k=k: float(softmax(x)[k]), e) for k in range(len(e))])  # J[k, j]
    delta = np.round(J / alpha[:, None] + alpha[None, :], 6)
    return [float(delta[0, 0]) + 0.0, float(delta[0, 1]) + 0.0]  # + 0.0: no -0.0


def _no_tanh_gradient() -> float:
    """The largest |entry| of dL/dU, dL/db, dL/ds with tanh removed, at the worked example's states: the exact 0
    up to rounding (it agrees with the written 0 at the text's whole-number precision)."""
    ex = worked_example()
    return max(
        float(np.abs(x).max())
        for s in ex.states.values()
        for x in state_gradients(ex.H, s, ex.params, ex.g, f="identity").values()
    )


def _relative_error_floor() -> list[float]:
    """The floor of the relative error, 1e-3 max(1, |L|): the floor check_gradient_unchecked defaults to (the
    checks of ui.probe.checked_gradients use the default), and the 1 it scales by when |L| < 1 (the denominator of
    an entry of 1e-9 with a loss of 0, divided by that floor)."""
    floor = inspect.signature(check_gradient_unchecked).parameters["floor"].default
    chk = check_gradient_unchecked(lambda x: 0.0, np.zeros(1), np.array([1e-9]))
    return [floor, 1e-9 / float(chk.rel_error[0]) / floor]


_STATES = lambda: [training.EXAMPLE_STATES["A"], training.EXAMPLE_STATES["B"]]  # noqa: E731  A: -1, B: +1

_LEARNING = {
    # --- derivation (screens/learning/derivation.py: LaTeX and prose, nothing computed there) ---------
    "learn.derivation_lead": by(
        values=_kronecker,
        note="the Kronecker delta's 1 and 0; the derivation tab computes nothing, so the values are recovered from "
        "core.softmax.softmax's Jacobian, which the formula with this delta describes.",
    ),
    "learn.derivation_no_tanh": by(
        values=lambda: [_no_tanh_gradient()],
        note="the derivation tab computes nothing; the exact 0 is checked against core.gradients.state_gradients "
        "with f='identity' at the worked example's states (about 6e-17, the rounding of 0).",
    ),
    # --- gradient check (screens/learning/gradient_check.py, ui/probe.py) -----------------------------
    "learn.check_lead": by(
        note="'below' says where the inputs for g are drawn on the page (after this lead); it compares no quantities.",
    ),
    "learn.g_help": by(
        "ui.settings.learning.LEARN_G",
        values=lambda: list(PROBE_G),
        note="LEARN_G's defaults are core.example.PROBE_G, the example's g.",
    ),
    "learn.bad_number": echo(
        "value is what the reader or the link gave (codec.cut of the text); it is refused as such"
    ),
    "learn.bad_range": by(
        "ui.links.checked_number",
        "ui.links.number",
        note="lo and hi are the bounds the setting passes to checked_number (e.g. ui.settings.learning.G_LIMIT), "
        "which decides the refusal; value echoes what was given.",
    ),
    "learn.bad_positive": by(
        "ui.links.checked_number",
        "ui.links.number",
        note="open_low bounds (the learning rate: 0 and ui.settings.learning.LR_LIMIT); checked_number decides "
        "'greater than lo and at most hi'; value echoes what was given.",
    ),
    "learn.bad_whole": by(
        "ui.links.checked_number",
        "ui.links.position",
        "ui.links.MAX_POSITIONS",
        note="whole-number bounds from the setting, e.g. position() passes 1 and MAX_POSITIONS, the steps 1 and "
        "ui.settings.learning.STEPS_LIMIT; checked_number decides the refusal; value echoes what was given.",
    ),
    "learn.probe_value": by(
        "core.reading.attend",
        "core.gradients.linear_loss",
        "ui.probe.probe_gradient",
        "ui.state.model",
        note="s is the shared state, c from attend, L = g^T c from linear_loss with the g of probe_gradient.",
    ),
    "learn.col_pass": by(
        "ui.probe.checked_gradients",
        values=lambda: [probe.TOLERANCE],
        note="the column is check_rows' 'passed', rel_error <= ui.probe.TOLERANCE.",
    ),
    "learn.col_rel_help": by(
        "ui.probe.checked_gradients",
        values=_relative_error_floor,
        note="rel_error is core.gradients.check_gradient_unchecked's, with its default floor 1e-3 max(1, |L|).",
    ),
    "learn.col_pass_help": by(
        "ui.probe.checked_gradients",
        values=lambda: [probe.TOLERANCE],
        note="passed = rel_error <= ui.probe.TOLERANCE (check_rows).",
    ),
    "learn.check_passed": by(
        "ui.probe.checked_gradients",
        "screens.learning.gradient_check.check_table",
        values=lambda: [probe.TOLERANCE],
        note="n is the count of checked rows, worst their largest rel_error (check_table); within ui.probe.TOLERANCE.",
    ),
    "learn.check_failed": by(
        "ui.probe.checked_gradients",
        "screens.learning.gradient_check.check_table",
        values=lambda: [probe.TOLERANCE],
        note="bad counts the rows not within ui.probe.TOLERANCE, n the rows, worst their largest rel_error.",
    ),
    "learn.sum_scores": by(
        "ui.probe.checked_gradients", note="total is the sum of its dL_de; exact is the same float printed as .1e."
    ),
    "learn.de_caption": by(
        "ui.probe.score_gradients",
        note="the sign of dL/de_j from score_gradients decides 'would lower L'.",
    ),
    "learn.state_moves_read": by(
        "ui.probe.checked_gradients",
        note="dc/ds from core.gradients.context_state_jacobian and dL/ds (the table's last row, dL_ds) from "
        "core.learning.scorer_gradient_checks, both through checked_gradients.",
    ),
    "learn.no_tanh_state": by(
        "ui.probe.checked_gradients",
        values=lambda: [_no_tanh_gradient()],
        note="worst is checked_gradients' without_tanh, the largest |entry| of state_gradients(f='identity'); the "
        "written 0 is that exact value, checked as those gradients at the example's states (the rounding of 0).",
    ),
    # --- training (screens/learning/training.py, run_state.py, ui/targets.py) -------------------------
    "learn.target_reset": by(
        "ui.targets.target_vocabulary",
        "ui.state.get",
        note="k is the link's target (state.get) + 1, T the length of the target vocabulary.",
    ),
    "learn.states_s": by(
        site="screens/learning/training.py",
        note="'above' points at the state slider higher on the page; it compares no quantities.",
    ),
    "learn.states_help": by("screens.learning.training.EXAMPLE_STATES", values=_STATES),
    "learn.target_at": by("screens.learning.training.EXAMPLE_STATES"),
    "learn.lr_help": by(
        "ui.settings.learning.LEARN_LR",
        "ui.settings.learning.check_lr",
        values=_lr_bounds,
        note="0 (open) and LR_LIMIT, the bounds of LEARN_LR's parser (the same call as check_lr's).",
    ),
    "learn.steps_help": by(
        "ui.settings.learning.LEARN_STEPS",
        "ui.settings.learning.check_steps",
        values=_steps_bounds,
        note="1 and STEPS_LIMIT, the bounds of LEARN_STEPS's parser (the same call as check_steps's).",
    ),
    "learn.running": by(
        "screens.learning.run_state.asked",
        "screens.learning.run_state.advance",
        note="total is the steps asked (asked), done the steps advance has taken so far.",
    ),
    "learn.limit": by("screens.learning.run_state.RUN_LIMIT"),
    "learn.status": by(
        "core.learning.states_loss",
        "core.tied_output.predict",
        "screens.learning.run_state.TrainingRun.steps",
        values=lambda: [_first_step()],
        note="start is run.losses[0], the loss before the first step: step 0 is the step count of a fresh run.",
    ),
    "learn.status_states": by(
        "core.learning.states_loss",
        "core.tied_output.predict",
        "screens.learning.run_state.TrainingRun.steps",
        values=lambda: [_first_step()],
        note="start is run.losses[0], the loss before the first step: step 0 is the step count of a fresh run; ps "
        "joins learn.p_of.",
    ),
    "learn.p_of": by("core.tied_output.predict"),
    "learn.group_start": by(
        "screens.learning.run_state.TrainingRun.steps",
        values=lambda: [_first_step()],
        note="the group of the weights read with run.start, the scorer of a run that has taken 0 steps.",
    ),
    "learn.group_now": by("screens.learning.run_state.TrainingRun.steps"),
    "learn.loss_caption": by(
        "core.learning.states_loss",
        values=lambda: [_first_step(), _certain_loss()],
        note="the first 0 is the starting step (enumerate of run.losses from a fresh run's 0 steps), the second the "
        "loss -log 1 of a certain prediction, which the tied output layer never gives.",
    ),
    "learn.loss_caption_states": by(
        "core.learning.states_loss",
        values=lambda: [_first_step(), _certain_loss()],
        note="the first 0 is the starting step (a fresh run's 0 steps), the second the loss -log 1 of a certain "
        "prediction, which the tied output layer never gives.",
    ),
    "learn.train_caption_states": by(
        values=lambda: [screen("nav.scoring")],
        note="screen 3 is the scoring screen, where tanh can be removed; nothing at the site computes a number.",
    ),
    "learn.reads_now": by(
        "screens.learning.training.readings_at_a_and_b",
        "screens.learning.training.EXAMPLE_STATES",
        "core.reading.attend",
        "screens.learning.run_state.TrainingRun.steps",
        values=_STATES,
        note="a, b are the argmax of attend's weights at A and B with the run's scorer, wa, wb those weights.",
    ),
    "learn.reads_same": by(
        "screens.learning.training.readings_at_a_and_b",
        "core.reading.attend",
        note="'most' is the argmax of attend's weights at A and at B (readings_at_a_and_b compares them).",
    ),
    "learn.applied": by(
        "screens.learning.run_state.outcome",
        "screens.learning.run_state.shared",
        note="n is the run's steps when shared() stored the outcome.",
    ),
    # --- sequence loss (screens/learning/sequence_loss.py) --------------------------------------------
    "learn.seq_one_term": by(
        values=lambda: [screen("nav.translator")],
        note="screen 6 is the translator's number in app.SCREENS; the tab computes nothing.",
    ),
    "learn.seq_forcing": by(
        values=lambda: [screen("nav.translator")],
        note="screen 6 is the translator's number in app.SCREENS; the tab computes nothing.",
    ),
    "learn.seq_link": by(
        "ui.frame.link_to",
        values=lambda: [screen("nav.translator")],
        note="the link goes to link_to('translator'), screen 6 in app.SCREENS.",
    ),
}


# --- ui/catalog/translator.py


def _row_sum_teacher_forced() -> float:
    """What a row of alpha_tj sums to, read off the attention model at step 0 on the default sentence."""
    return float(tr.attention_matrix(DEFAULT_SENTENCE, 0).weights.sum(axis=1).mean())


def _faintest_weight() -> float:
    """The weight the alignment lines draw faintest: the low end of their opacity scale, whose opacity there is
    above 0 (the line is drawn)."""
    from ui.translator.rows import heatmap_rows, lines_spec

    view = tr.attention_matrix(DEFAULT_SENTENCE)
    opacity = lines_spec(view, heatmap_rows(view))["layer"][0]["encoding"]["opacity"]["condition"]["scale"]
    assert opacity["range"][0] > 0
    return opacity["domain"][0]


def _batch_sizes() -> list[int]:
    """The batch size each shipped model was trained with, as recorded in checkpoints/metrics.json."""
    metrics = tr.load_models().metrics
    return [metrics[model]["batch_size"] for model in tr.MODELS]


# --- screen 6: what a claim says, computed under one choice of the model (and snapshot) ------------------------------


def _rows(model: str, step: int) -> tr.AttentionView:
    return tr.attention_matrix(DEFAULT_SENTENCE, step, model)


def _rows_one_holds(model: str, step: int) -> bool:
    """Where the caption says each row sums to 1, every row of the model's weights does."""
    from ui.text import t
    from ui.translator.alignment import sums_said

    view = _rows(model, step)
    shown = sums_said([view], "tr.rows_below_one_here") == t("tr.rows_one")
    return not shown or bool(np.allclose(view.weights.sum(axis=1), 1.0, atol=1e-12))


def _rows_below_one_holds(model: str, step: int) -> bool:
    """Where the caption says a row sums to less than 1, every row does (and where it does not, some row sums to 1)."""
    from ui.text import t
    from ui.translator.alignment import sums_said

    view = _rows(model, step)
    shown = sums_said([view], "tr.rows_below_one_here") != t("tr.rows_one")
    return shown == bool(view.weights.sum(axis=1).max() < 1 - 1e-9)


def _window_holds(model: str, step: int) -> bool:
    """Only the local model has a window; there every weight outside it is 0, it spans at most 2 D + 1 words, its
    rows sum to less than 1 (not renormalised after the Gaussian), and it scores with the general score's W_a."""
    from core.translator.luong import LOCAL_D

    view = _rows(model, step)
    if view.window is None:
        return model != "luong_local"
    params = tr.load_models().get(model).params
    return bool(
        model == "luong_local"
        and (view.weights[~view.window] == 0).all()
        and view.window.sum(axis=1).max() <= 2 * LOCAL_D + 1
        and view.weights.sum(axis=1).max() < 1
        and "W_a" in params
        and "P" not in params
    )


def _start_holds(key: str, model: str) -> bool:
    """Where the caption says the rows start nearly uniform (or uneven) at step 0, they do (do not)."""
    from ui.text import t
    from ui.translator.alignment import NEAR_UNIFORM, start_said

    start = _rows(model, tr.snapshot_steps(model)[0])
    uniform = float(np.abs(start.weights - 1 / len(start.source)).max()) < NEAR_UNIFORM
    said_uniform = start_said(start, model) == t("tr.start_uniform", uniform=f"{1 / len(start.source):.3f}")
    shown = said_uniform == (key == "tr.start_uniform")
    return not shown or uniform == said_uniform


def _crossing_holds(model: str) -> bool:
    """The caption's count of reordered pairs whose largest weights cross, counted again here."""
    from ui.translator.alignment import crossed_at_last

    view = _rows(model, tr.snapshot_steps(model)[-1])
    aligned = [(k, j) for k, j in enumerate(view.alignment) if j >= 0]
    top = {k: int(view.weights[k].argmax()) for k, _ in aligned}
    pairs = [(a, b) for i, a in enumerate(aligned) for b in aligned[i + 1 :] if a[1] > b[1]]
    crossed = sum(top[a[0]] > top[b[0]] for a, b in pairs)
    return crossed_at_last(tuple(view.source), model) == (crossed, len(pairs))


def _names_the_model(key: str, model: str, **fields: object) -> bool:
    """The message, filled for ``model``, names it and calls no other model the one that runs."""
    from ui.text import t

    name = t(f"tr.reader_{model}")
    said = t(key, model=name, **fields)
    others = [t(f"tr.reader_{m}") for m in tr.ALL_MODELS if m != model]
    return name in said and "the attention model" not in said and not any(f"({o})" in said for o in others)


def _step_help_holds(model: str) -> bool:
    steps = tr.snapshot_steps(model)
    stored = ", ".join(map(str, steps))
    return steps == tr.snapshot_steps() and _names_the_model("tr.step_help", model, steps=steps[-1], stored=stored)


def _live_is_smaller(model: str) -> bool:
    """The live run's model is smaller than the trained one of the same kind."""
    from core.translator.api import live_config
    from core.translator.run import n_parameters

    return n_parameters(live_config(model)) < tr.parameter_counts()[model]


def _feeds_h_tilde(model: str) -> bool:
    """Luong's decoder feeds the attentional state h~_t (d_s wide) into the next step's update."""
    ckpt = tr.load_models().get(model)
    return ckpt.params["dec.W_x"].shape[1] == ckpt.cfg.d_e + ckpt.cfg.d_s


def _faint_lines_holds(model: str) -> bool:
    """The alignment lines draw a weight of 0 as a faint hairline, not invisible, for every model."""
    from ui.translator.rows import heatmap_rows, lines_spec

    view = _rows(model, tr.snapshot_steps(model)[-1])
    opacity = lines_spec(view, heatmap_rows(view))["layer"][0]["encoding"]["opacity"]["condition"]["scale"]
    return opacity["domain"][0] == 0 and opacity["range"][0] > 0


def _whatif_sharp_holds(model: str) -> bool:
    """'removing that word scales up what little is left': the median weight outside a step's most-weighted word
    is small for the model (under 5 % of the step's total)."""
    counts = tr.whatif_effects()["models"][model]
    return counts["rest"] < 0.05 and counts["rest_small"] <= sum(counts["steps"].values())


def _whatif_total_holds(model: str) -> bool:
    """The total is said for a model whose steps sum to less than 1, and there an override keeps the step's total."""
    from screens.translator.whatif import total_said

    below = tr.whatif_effects()["models"][model]["total_min"] < 1 - 1e-9
    w = tr.what_if(DEFAULT_SENTENCE, model, 2, 0, "focus")
    kept = bool(np.isclose(w.after.sum(), w.before.sum(), rtol=1e-12))
    return (total_said(model) is not None) == below == bool(w.before.sum() < 1 - 1e-9) and kept


def _blend_holds(model: str) -> bool:
    """A blend reads (1 - share) x the step's own weights + share x all the step's weight on the word."""
    w = tr.what_if(DEFAULT_SENTENCE, model, 2, 0, "blend", 0.25)
    one = np.eye(len(w.before))[0]
    return bool(np.allclose(w.after, 0.75 * w.before + 0.25 * w.before.sum() * one, rtol=0, atol=1e-15))


WHATIF_APART = "this old big bird takes my blue small man with my blue big bird or your small house sleeps"


def _loss_apart_holds(model: str) -> bool:
    """The loss is said to follow other words exactly where the model's own translation left the reference before
    the step (the last step both have, on a sentence that local-p's translation leaves)."""
    own, reference = tr.translate(WHATIF_APART, model).target, tr.reference(WHATIF_APART).target
    step = min(len(own), len(reference)) - 1
    w = tr.what_if(WHATIF_APART, model, step, 0, "focus")
    said_apart = w.reference_from is not None and w.reference_from < step
    return said_apart == (own[:step] != reference[:step])


_TRANSLATOR = {
    # --- lead --------------------------------------------------------------------------------------------
    "tr.lead": by(
        values=lambda: [screen("nav.learning")],
        note="'Screen 5' is the number app.SCREENS gives the learning screen (screen('nav.learning')); the "
        "prose names it and no code at the site fills it.",
        same="above the model choice: it speaks of all five models",
    ),
    "tr.not": by(
        "core.translator.load_models",
        "core.translator.parameter_counts",
        values=lambda: [len(tr.source_vocabulary())],
        note="least, most: the fewest and most parameters of the five models (parameter_counts); steps: the "
        "training steps recorded in load_models().metrics, the same for every model (test_page_translator); "
        "36 is the toy task's source vocabulary, len(core.translator.source_vocabulary()).",
        same="above the model choice: it speaks of all five models",
    ),
    "tr.not_findings": by(
        "core.translator.exact_matches",
        "core.translator.beyond_training",
        "core.translator.luong.LOCAL_D",
        values=lambda: [2],
        note="local, local_long: the local model's recorded exact match on the test set and pooled over the longer "
        "sentences; D = LOCAL_D. The 2 is LITERAL: the number of Bahdanau et al.'s figure. 'the weakest of the four "
        "models that read' is computed in tests/test_translator_statements.py (the lowest of both figures).",
        same="above the model choice: it names the models it speaks of",
    ),
    "tr.order_read_most": by(
        note="'most' names the largest weight, printed beside it (decoding_steps' weights).",
        same="names the largest weight printed beside it, in each order's own column",
    ),
    "tr.order_enters_l": by(
        values=lambda: [1],
        site="screens/translator/orders.py",
        note="'t + 1': the next step, h~_t is fed to.",
        under=Under(every(model=LUONG), _feeds_h_tilde),
    ),
    "tr.reader_help": by(
        note="'narrower than its annotations': the dot model's Config has d_s = 32 against 2d = 64, so it projects "
        "(core.translator.luong.projects; tests/test_translator_statements.py checks P, and that P h_j is both "
        "scored and read).",
        same="the model choice's help: it speaks of every model",
    ),
    # --- what if it had looked elsewhere? --------------------------------------------------------------------
    "tr.wi_lead": by(
        values=lambda: [6],
        note="6 is the article's section on what a weight does not say (§6).",
        same="the article's section 6, whatever the model",
    ),
    "tr.wi_step_help": by(
        values=lambda: [1],
        note="'from 1' says how steps are numbered (settings.WI_STEP is a links.position).",
        same="how the steps are numbered",
    ),
    "tr.wi_step_label": by(note="t: the step numbered from 1 (a label of the step list)."),
    "tr.wi_chart_caption": by(note="t: the step numbered from 1."),
    "tr.wi_share_help": by(
        values=lambda: [1],
        note="1 - share: the blend's arithmetic in core.translator.whatif.reweighed, its 'blend' branch "
        "(tests/test_whatif.py).",
        under=Under(every(model=READING), _blend_holds),
    ),
    "tr.wi_step_reset": by(
        values=lambda: [1],
        note="k is the link's step, n the translation's length; 'step 1' is where it is put back",
        same="the link's step against the translation's length, fields",
    ),
    "tr.wi_word_reset": by(
        values=lambda: [1],
        note="k is the link's word, n the sentence's length; 'word 1' is where it is put back",
        same="the link's word against the sentence's length, fields",
    ),
    "tr.wi_said_step": by(
        "core.translator.what_if",
        note="t: the step numbered from 1; p_before: WhatIf.p_before (tests/test_page_translator).",
    ),
    "tr.wi_said_same": by("core.translator.what_if", note="p: WhatIf.p_after, the same word's under the override."),
    "tr.wi_said_other": by("core.translator.what_if", note="p_after, p_kept: WhatIf's, at the override's step."),
    "tr.wi_said_from": by("core.translator.WhatIf.first_difference", note="k: first_difference + 1."),
    "tr.wi_said_loss": by(
        "core.translator.what_if",
        "core.translator.WhatIf.reference_from",
        note="before, after: WhatIf.loss_before and loss_after; said where the model's own translation agrees with "
        "the reference before the step (reference_from is None or not before it): the teacher-forced run is fed the "
        "same previous words (tests/test_translator_statements.py).",
    ),
    "tr.wi_said_loss_apart": by(
        "core.translator.what_if",
        "core.translator.WhatIf.reference_from",
        note="t: the step from 1; k: reference_from + 1, before the step; word: the reference's word at the step.",
        under=Under(every(model=READING), _loss_apart_holds),
    ),
    "tr.wi_total": by(
        "core.translator.whatif_effects",
        "screens.translator.whatif.TOTAL_ONE",
        values=lambda: [1],
        note="said when the model's least step total recorded in whatif.json is below 1 (only Luong's local model); "
        "total, least: that median and least; 'keeps the step's own total' is core.translator.whatif.reweighed's "
        "(tests/test_whatif.py).",
        under=Under(every(model=READING), _whatif_total_holds),
    ),
    "tr.wi_set_caption": by(
        "core.translator.whatif_effects",
        "core.translator.whatif.SMALL",
        values=lambda: [6],
        note="n, rest, sharp, focused: the model's steps, median share outside the most-weighted word, steps under "
        "SMALL (small) and the control's changed steps in checkpoints/whatif.json (recomputed by "
        "tests/test_whatif.py); 6 is the article's section on what a weight does not say.",
        under=Under(every(model=READING), _whatif_sharp_holds),
    ),
    # --- sentence ----------------------------------------------------------------------------------------
    "tr.pick_help": by(
        "ui.translator.sentences.pick_facts",
        "ui.translator.sentences.example_sentences",
        "core.translator.accuracy_by_length",
        note="lo, hi, again come from the example list (pick_facts over example_sentences, which sorts them "
        "shortest first); longer = accuracy_by_length()['train_max_length'] + 1. 'Most contain adjectives' is not "
        "computed at the site (checked by hand: 30 of the 31 examples contain an adjective).",
        same="the sentence list's help, above the model choice; it names Bahdanau's model",
    ),
    "tr.pick_label": by(
        "ui.translator.sentences.example_sentences",
        note="n is len(sentence.split()) of each example sentence, counted in _labels.",
    ),
    "tr.pick_label_long": by(
        "ui.translator.sentences.example_sentences",
        "core.translator.accuracy_by_length",
        note="n is len(sentence.split()) of the example; 'longer than training' is decided by "
        "n > accuracy_by_length()['train_max_length'].",
        same="a sentence's label: its length against the training lengths",
    ),
    "tr.why_empty": by(
        "core.refusal.Refusal",
        note="'at least one word': core.translator.task.tokenize raises a Refusal with code 'sentence.empty' when "
        "the text has no word; ui/reasons.py words that code.",
        same="about the typed sentence",
    ),
    "tr.why_too_long": by(
        "core.refusal.Refusal",
        note="most and n are the Refusal's fields set by core.translator.task.tokenize: most = its max_tokens "
        "(40), n = the number of words the reader typed.",
        same="about the typed sentence",
    ),
    "tr.why_unknown_more": by(
        "core.refusal.Refusal",
        note="more is the Refusal's field set by core.translator.task.tokenize: the unknown words beyond the "
        "UNKNOWN_NAMED (3) it names.",
        same="about the typed sentence",
    ),
    "tr.why_grammar": by(
        "core.refusal.Refusal",
        note="got is a phrase (tr.got_word or tr.got_end), not a number; the word position inside it is the "
        "Refusal's field 'at' set by core.translator.task.reference.",
    ),
    "tr.got_word": by(
        "core.refusal.Refusal",
        note="k is the Refusal's field 'at' (1-based position of the word where the grammar stopped) set by "
        "core.translator.task.reference.",
    ),
    # --- translations ------------------------------------------------------------------------------------
    "tr.row_source": by(
        "ui.translator.outputs.translation_table",
        note="n is len(sentence.split()), counted in translation_table: the words of the sentence shown.",
    ),
    "tr.mismatch": by(
        "ui.translator.outputs._first_difference",
        note="k is _first_difference(output, reference) + 1.",
    ),
    "tr.no_end": by(
        "core.translator.translate",
        "ui.translator.outputs._words",
        note="n is len(target) of the greedy output from core.translator.translate (which stops after 2T + 4 "
        "tokens without an end), counted in _words.",
        same="said of each model's own translation in the table of all five",
    ),
    "tr.summary_reads_none": by(
        note="'one summary of the source at every step': the summary kind's decoder is fed enc.summary, "
        "[forward state T; backward state 1], at every step (core.translator.bahdanau.decode); no weights: "
        "core.translator.attention_matrix refuses it (tests/test_translator_every_model.py).",
        same="shown under the fixed summary alone, which it names",
    ),
    "tr.translations_caption": by(
        "core.translator.snapshot_steps",
        "core.translator.exact_matches",
        "ui.translator.outputs.translations",
        note="step = snapshot_steps()[-1]; attention, luong_dot, luong_general, luong_local, summary = each model's "
        "exact_match as recorded (exact_matches; the checkpoints re-evaluate to it in tests). "
        "'most probable' is greedy decoding's argmax (outputs.translations calls core.translator.translate); "
        "'below' is a position on the page (results is the second of settings.TRANSLATOR_TABS), no comparison.",
        same="the table under it holds every model's translation",
    ),
    # --- heatmap -----------------------------------------------------------------------------------------
    "tr.step_help": by(
        "core.translator.snapshot_steps",
        values=lambda: [tr.snapshot_steps()[0]],
        note="steps = snapshot_steps()[-1], stored = all snapshot_steps(); 0 is the first stored snapshot; model: "
        "the link's model (TR_MODEL), the one the tab runs.",
        under=Under(every(model=MODELS), _step_help_holds),
    ),
    "tr.bad_step": by(
        "core.translator.snapshot_steps",
        note="steps lists snapshot_steps(); value is the reader's text, cut.",
    ),
    "tr.reached": by(
        "ui.translator.rows.reached_said",
        "core.translator.learning_curves",
        note="threshold is luong.json's, compare.THRESHOLD; models lists each model's step from learning_curves "
        "(tr.reached_at, tr.not_reached).",
        same="names every model's step",
    ),
    "tr.reached_at": by(
        "ui.translator.rows.reached_said",
        "core.translator.learning_curves",
        note="step is LearningCurve.reached_at, the first stored snapshot at or over the threshold.",
    ),
    "tr.heatmap_caption": by(
        "ui.translator.alignment.caption",
        "ui.translator.alignment.read_right_at_last",
        "ui.translator.alignment.sums_said",
        "ui.translator.alignment.crossing_said",
        "core.translator.read_right",
        "ui.translator.rows.heatmap_spec",
        note="sums: tr.rows_one or tr.rows_below_one over every stored snapshot; start: tr.start_uniform or "
        "tr.start_uneven; right, of = read_right at the last snapshot; crossing: tr.crossing or tr.crossing_none; "
        "'darker is heavier' is heatmap_spec's greys scale over [0, 1].",
        same="its statements of the chosen model are its fields, each computed for it and checked under every "
        "model and snapshot: tr.rows_one, tr.rows_below_one, tr.start_uniform, tr.start_uneven, tr.crossing",
    ),
    "tr.rows_one": by(
        "ui.translator.alignment.sums_said",
        "core.translator.row_totals",
        "ui.translator.alignment.TOTAL_ONE",
        values=lambda: [_row_sum_teacher_forced()],
        note="said when row_totals of the views lie within TOTAL_ONE of 1: every model but Luong's local one "
        "(tests/test_translator_statements.py, under every model and snapshot).",
        under=Under(every(model=READING, step=STEPS), _rows_one_holds),
    ),
    "tr.rows_below_one": by(
        "ui.translator.alignment.sums_said",
        "core.translator.row_totals",
        values=lambda: [_row_sum_teacher_forced()],
        note="least, most: row_totals over every stored snapshot of the sentence (below_one prints most under 1); "
        "the 1 is what a Softmax's weights sum to, Bahdanau's rows' sum.",
        under=Under(every(model=READING, step=STEPS), _rows_below_one_holds),
    ),
    "tr.rows_below_one_here": by(
        "ui.translator.alignment.sums_said",
        "core.translator.row_totals",
        values=lambda: [_row_sum_teacher_forced()],
        note="least, most: row_totals of the view drawn; the 1 is what a Softmax's weights sum to.",
        under=Under(every(model=READING, step=STEPS), _rows_below_one_holds),
    ),
    "tr.crossing": by(
        "ui.translator.alignment.crossing_said",
        "ui.translator.alignment.crossed_at_last",
        "core.translator.crossings",
        note="crossed, of = crossings of the reader model's reading at the last snapshot.",
        under=Under(every(model=READING), _crossing_holds),
    ),
    "tr.start_uniform": by(
        "ui.translator.alignment.start_said",
        "ui.translator.alignment.NEAR_UNIFORM",
        "core.translator.departure_from_uniform",
        values=lambda: [tr.snapshot_steps()[0], _row_sum_teacher_forced()],
        note="said when every weight at the first snapshot (0) is within NEAR_UNIFORM of 1/T; the 1 of 1/T is a "
        "row's sum; uniform = 1/len(view.source).",
        under=Under(every(model=READING), lambda model: _start_holds("tr.start_uniform", model)),
    ),
    "tr.start_uneven": by(
        "ui.translator.alignment.start_said",
        "ui.translator.alignment.NEAR_UNIFORM",
        "core.translator.departure_from_uniform",
        values=lambda: [tr.snapshot_steps()[0], _row_sum_teacher_forced()],
        note="said otherwise (Luong's dot and local models); largest = the largest weight at the first snapshot (0).",
        under=Under(every(model=READING), lambda model: _start_holds("tr.start_uneven", model)),
    ),
    "tr.window_caption": by(
        "core.translator.luong.LOCAL_D",
        "core.translator.AttentionView.window",
        values=lambda: [_row_sum_teacher_forced(), 0.0],
        note="width = 2 D + 1, the window's most positions; 'Every weight outside ... is 0': tested on every stored "
        "snapshot of the local model (test_translator_every_model); 'less than 1': the local model's rows sum to "
        "less than a Softmax's 1 at every snapshot (tests/test_translator_statements.py).",
        under=Under(every(model=READING, step=STEPS), _window_holds),
    ),
    "tr.setbacks": by(
        "core.translator.alignment_setbacks",
        "ui.translator.sentences.example_sentences",
        "screens.translator.section.setbacks_said",
        note="sentences = len(example_sentences()); pairs and the setbacks from alignment_setbacks (which reads "
        "'look most' with read_right); n, words, a, b, before, after of the latest setback picked in setbacks_said.",
        same="its figures are fields, computed for the reader model (alignment_setbacks(examples, reader()))",
    ),
    "tr.setbacks_none": by(
        "core.translator.alignment_setbacks",
        "ui.translator.sentences.example_sentences",
        note="sentences = len(example_sentences()); pairs from alignment_setbacks, which also finds no setback.",
        same="its figures are fields, computed for the reader model (alignment_setbacks(examples, reader()))",
    ),
    "tr.heatmap_caption_own": by(
        "ui.translator.rows.heatmap_spec",
        "ui.translator.alignment.sums_said",
        note="'darker is heavier' is heatmap_spec's greys scale over [0, 1]; sums: tr.rows_one or "
        "tr.rows_below_one_here, of the view drawn.",
        same="its statement of the chosen model is its field sums, computed for it (tr.rows_one, "
        "tr.rows_below_one_here, checked under every model and snapshot)",
    ),
    "tr.play_step": by("core.translator.snapshot_steps", note="a stored snapshot's step, shown on the play button"),
    "tr.lines_caption": by(
        "ui.translator.rows.lines_spec",
        values=lambda: [_faintest_weight()],
        note="0 is the low end of lines_spec's opacity scale, drawn at an opacity above 0 (ui.charts.alignment.FAINT).",
        under=Under(every(model=READING), _faint_lines_holds),
    ),
    # --- training and translation ------------------------------------------------------------------------
    "tr.forcing_lead": by(
        note="'Below' says where on the page the chart is; it compares nothing.",
        under=Under(every(model=MODELS), lambda model: _names_the_model("tr.forcing_lead", model)),
    ),
    "tr.forcing_start": by(
        note="'<' and '>' are the brackets of the start token <s>, not a comparison.", same="the name of a token"
    ),
    "tr.forcing_end": by(
        note="'<' and '>' are the brackets of the end token </s>, not a comparison.", same="the name of a token"
    ),
    "tr.forcing_differs_help": by(
        "screens.translator.forcing.step_rows",
        note="'different ... than training': step_rows marks a step where training.fed and translation.fed differ.",
        same="the tooltip of the table's ≠ column, a sign whatever the model",
    ),
    "tr.forcing_sums": by(
        "screens.translator.forcing.step_rows",
        "ui.translator.sentences.step_field",
        "screens.translator.forcing.forcing",
        "core.translator.teacher_forcing",
        "core.translator.Regime.total",
        note="U = len(step_rows(f)); step from step_field; training, translation = each Regime's total of "
        "teacher_forcing(sentence, step).",
    ),
    "tr.forcing_parts": by(
        "core.translator.TeacherForcing.first_divergence",
        note="wrong_step = first_divergence (0-based, so the 1-based step that predicted the word); step = it + 1.",
    ),
    "tr.forcing_same": by(
        "ui.translator.sentences.step_field",
        "screens.translator.forcing.divergent",
        "core.translator.divergent_snapshots",
        "core.translator.TeacherForcing.first_divergence",
        note="step from step_field; others = divergent_snapshots(sentence); shown when first_divergence is None.",
    ),
    "tr.forcing_same_always": by(
        "ui.translator.sentences.step_field",
        "core.translator.divergent_snapshots",
        note="step from step_field; shown when divergent_snapshots(sentence) is empty.",
    ),
    "tr.forcing_ended": by(
        "core.translator.TeacherForcing.ended_early",
        note="step = ended_early + 1.",
    ),
    # --- accuracy and loss -------------------------------------------------------------------------------
    "tr.longer": by(
        "core.translator.accuracy_by_length",
        note="the band starts past accuracy_by_length()['train_max_length'].",
        same="the accuracy chart's band, the same for every model",
    ),
    "tr.accuracy_caption": by(
        "ui.translator.rows.accuracy_caption",
        "ui.translator.rows.FALLS",
        "core.translator.beyond_training",
        "core.translator.lowest_at_training_length",
        values=lambda: [tr.load_models().metrics["train_lengths"][0], 2],
        note="3 is the shortest training length recorded in metrics.json; train_max = train_max_length, "
        "long_total = beyond_training()['count']; summary_low, summary_at, local_low, local_at: each FALLS model's "
        "lowest_at_training_length, others_low the lowest of the three others. The 2 is LITERAL: the number of "
        "Bahdanau et al.'s figure, a citation, nothing in code computes it. 'five models' is len(ALL_MODELS), the "
        "chart's lines; which models fall, and that every model loses some beyond the training lengths, is computed "
        "in tests/test_translator_statements.py.",
        same="the chart and its caption show every model at once",
    ),
    "tr.length_lead": by(
        "core.translator.lowest_at_training_length",
        "core.translator.beyond_training",
        note="'weakest' and 'longer': the table's two columns, computed by these.",
        same="the lead of the table of every model",
    ),
    "tr.length_col_train": by(
        "core.translator.accuracy_by_length",
        note="low = accuracy_by_length()['lengths'][0], high = train_max_length.",
    ),
    "tr.length_col_long": by(
        "core.translator.beyond_training",
        note="low, high = lengths; count = count.",
        same="a column of the table of every model",
    ),
    "tr.length_at": by("core.translator.lowest_at_training_length", note="share, n = the model's (share, length)."),
    "tr.length_every": by(
        "core.translator.lowest_at_training_length", note="a model whose length is None: the same at every length."
    ),
    "tr.bottleneck_zero": by(
        "screens.translator.section.zero_from",
        "core.translator.accuracy_by_length",
        note="zero_from over accuracy_by_length()'s lengths and summary exact match.",
    ),
    "tr.longer_training": by(
        "core.translator.load_models",
        "core.translator.longer_summary",
        note="steps, exact from load_models().metrics['summary']; long_steps, long_exact, perfect, at_most, low_from "
        "as longer_summary() recorded them (computed by core.translator.run.length_profile at training).",
        same="names the fixed summary, trained longer",
    ),
    "tr.loss_caption": by(
        "ui.translator.rows.LOSS_BLOCK",
        "core.translator.snapshot_steps",
        "ui.translator.rows.loss_drawn",
        values=_batch_sizes,
        note="block = LOSS_BLOCK; steps = snapshot_steps()[-1]; 64 is each model's batch_size recorded in "
        "metrics.json; 'at most one smaller batch' a pass is core.translator.train.batches' (tested in "
        "tests/test_translator_train.py). 'levels off far above' is read off the curves loss_drawn draws, not "
        "computed at the site.",
        same="the loss chart draws the two shipped models, whatever the choice",
    ),
    # --- live training -----------------------------------------------------------------------------------
    "tr.live_lead": by(
        "core.translator.run.n_parameters",
        "core.translator.api.live_config",
        "screens.translator.live.live_holder",
        "core.translator.api.LIVE_MAX_LENGTH",
        note="parameters = n_parameters(live_config(model)); steps = live_holder().steps (LIVE_TRAINING.steps); "
        "'smaller' compares each model's live size (7,135 to 9,559 parameters) with its trained one (25,231 to "
        "31,103), which the site does not compute (test_page_translator checks it for every model).",
        under=Under(every(model=MODELS), _live_is_smaller),
    ),
    "tr.live_probe": by("screens.translator.live_service.LIVE_PROBE_EVERY", note="probe_every: how often it probes"),
    "tr.live_queued": by(
        "screens.translator.live_service.LiveHolder.ahead",
        "screens.translator.live_service.LiveHolder.wait_of",
        note="n = ahead(place): the run training here and the places before the reader's; wait = ceil(wait_of(place)):"
        " what is left of the training run's expected length (at most LEFT_GRACE once its page has gone) and one"
        " expected length for each place before.",
    ),
    "tr.live_progress": by(
        "screens.translator.live_service.LiveRun.step",
        "screens.translator.live_service.LiveRun.remaining",
        "screens.translator.live_service.LiveRun.elapsed",
        "screens.translator.live._loss_text",
        note="step, steps, remaining, seconds (elapsed) of the run; loss = _loss_text(run.loss).",
    ),
    "tr.live_finished": by(
        "screens.translator.live_service.LiveRun.step",
        "screens.translator.live_service.LiveRun.elapsed",
        "screens.translator.live._loss_text",
        note="step, seconds (elapsed) of the run; loss = _loss_text(run.loss).",
    ),
    "tr.live_stopped": by(
        "screens.translator.live_service.LiveRun.step",
        "screens.translator.live_service.LiveRun.elapsed",
        "screens.translator.live.live_holder",
        note="step and seconds (elapsed) of the run; steps is the run's length, given by live_holder().",
    ),
    "tr.live_timeout": by(
        "screens.translator.live_service.LiveRun.step",
        "screens.translator.live.live_holder",
        note="step of the run; steps and limit (the run's time_limit, LIVE_TIME_LIMIT by default) are the "
        "holder's, live_holder().",
    ),
    "tr.live_failed": by(
        "screens.translator.live_service.LiveRun.step",
        note="step of the run; error is the training process's exception text, not a number.",
    ),
    "tr.live_died": by(
        "screens.translator.live_service.LiveRun.step",
        "screens.translator.live_service.LiveRun.exit_code",
        note="step of the run; code is the training process's exit code.",
    ),
    "tr.live_heatmap": by(
        "screens.translator.live_service.LiveRun.weights_step",
        note="step = the run's weights_step, the step of the probe weights shown.",
    ),
    "tr.live_heatmap_caption": by(
        "core.translator.api.live_config",
        note="'smaller' holds because every model's live_config has fewer parameters than its trained one; nothing at "
        "the site computes the comparison. 'blurrier than the shipped model's' is a hedge ('may') that compares "
        "nothing computed.",
        under=Under(every(model=READING), _live_is_smaller),
    ),
    "tr.live_loss_caption": by(
        "ui.translator.rows.LOSS_BLOCK",
        values=lambda: [LIVE_TRAINING.batch_size],
        note="block = LOSS_BLOCK; 32 is LIVE_TRAINING.batch_size, the live run's batch size; 'at most one smaller "
        "batch' a pass is core.translator.train.batches' (tested in tests/test_translator_train.py).",
        same="the live run's batches, the same for every model (core.translator.LIVE_TRAINING)",
    ),
}


# --- ui/catalog/limits.py


def _action_weights_asking_only_the_question() -> list[float]:
    """The action weights the slider can show at which the query weighs nothing but its question's feature."""
    return [
        float(a)
        for a in slider_states(*lim_settings.LIM_ACTION_RANGE, lim_selecting.ACTION_STEP)
        if all(sum(w != 0 for w in sel.question_query(q, float(a)).values()) == 1 for q in sel.QUESTIONS)
    ]


def _hard_slope_where_defined() -> float:
    """The largest |dL/de_k| of the hard read over screen 7's default sweep, away from its switch (the chart's
    own rule for where it is defined)."""
    ex = worked_example()
    k = lim_settings.LIM_POSITION.default
    lo, hi = lim_settings.LIM_SHIFT_RANGE
    worst = 0.0
    for s in ex.states.values():
        scores = attend(ex.H, [s], ex.params).scores[0]
        sw = costs.sweep_score(ex.H, scores, ex.g, k, scores[k] + np.linspace(lo, hi, 81))
        defined = np.abs(sw.values - sw.switch) > 1e-5
        worst = max(worst, float(np.abs(sw.hard_slope[defined]).max()))
    return worst


def _window_beyond_its_half_widths() -> int:
    """Positions a full (uncut) local window scores beyond its 2D: the centre, 1."""
    D = 3
    return int(costs.local_mask(4 * D + 1, 2 * D + 1, D)[D + D].sum()) - 2 * D


_LIMITS = {
    "lim.lead": by(
        values=lambda: [1, 4],
        note="the article's section numbers (section 1: selecting is not understanding; section 4: the costs), "
        "a citation of the article's structure: nothing in the code computes them, written literally",
    ),
    "lim.select_text": by(
        note="'below' places the sources on the page (the café and notebook below the text); it compares nothing"
    ),
    "lim.cafe_top": by("core.selecting.most_weighted", "core.selecting.dot_read"),
    "lim.action_help": by(
        "core.selecting.question_query",
        "ui.settings.limits.LIM_ACTION_RANGE",
        values=_action_weights_asking_only_the_question,
        note="0 is the action weight (of those the slider shows) at which question_query gives the query no "
        "entry but its question's feature",
    ),
    "lim.phrases": by("core.selecting.notebook"),
    "lim.same_weights": by(
        "screens.limits.selecting.notebook_reads",
        "screens.limits.selecting.notebook_said",
        note="'exactly the same' is decided by the largest difference being 0 in notebook_said",
    ),
    "lim.other_weights": by("screens.limits.selecting.notebook_reads", "screens.limits.selecting.notebook_said"),
    "lim.context_diff": by("screens.limits.selecting.notebook_reads", "screens.limits.selecting.notebook_said"),
    "lim.answers": by(
        "core.selecting.most_weighted",
        note="a heading: 'most-weighted' names the phrase core.selecting.most_weighted picks in the rows below it",
    ),
    "lim.answer_row": by("core.selecting.most_weighted", "screens.limits.selecting.notebook_reads"),
    "lim.different_top": by("core.selecting.most_weighted", "screens.limits.selecting.notebook_said"),
    "lim.hard_text": by("core.example.worked_example"),
    "lim.slope_caption": by(
        "core.costs.sweep_score",
        values=lambda: [_hard_slope_where_defined()],
        note="the 0 is the hard read's central difference away from its switch, from core.costs.sweep_score on "
        "the worked example at states A and B",
    ),
    "lim.slopes_now": by("core.costs.slopes", "screens.limits.costs.slopes_now"),
    "lim.slopes_switch": by(
        "core.costs.slopes",
        "screens.limits.costs.slopes_now",
        note="'within the finite differences' step' is core.costs.slopes' at_switch",
    ),
    "lim.switch": by("core.costs.sweep_score", "ui.settings.limits.LIM_SHIFT_RANGE"),
    "lim.no_switch": by("core.costs.sweep_score", "ui.settings.limits.LIM_SHIFT_RANGE"),
    "lim.one_position": by(
        "screens.limits.costs.hard_selection",
        values=lambda: [screen("nav.revisitable")],
        note="'at least two' is hard_selection's T < 2 (and core.costs.sweep_score's own refusal); screen 2 is "
        "where the sources are edited",
    ),
    "lim.position_reset": by("ui.settings.limits.LIM_POSITION", "screens.limits.costs.hard_selection"),
    "lim.not_sparse": by("core.costs.positive_weights", "core.reading.attend", "screens.limits.costs.not_sparse"),
    "lim.D": by(note="'half-width' names the window's D; 'half' compares nothing"),
    "lim.counts": by(
        "core.costs.global_count",
        "core.costs.local_count",
        "ui.settings.limits.LIM_T",
        "ui.settings.limits.LIM_TP",
        "ui.settings.limits.LIM_D",
    ),
    "lim.local": by(
        "core.costs.local_count",
        values=lambda: [_window_beyond_its_half_widths()],
        note="2D + 1: a full window of core.costs.local_mask scores 2D positions plus its centre",
    ),
    "lim.grid_caption": by(
        "core.costs.local_mask",
        "core.costs.global_mask",
        "ui.settings.limits.LIM_T",
        "ui.settings.limits.LIM_TP",
        "ui.settings.limits.LIM_D",
        note="'held at T when the target is longer' is local_mask's p_t = min(t, T)",
    ),
    "lim.luong": by(
        "core.costs.local_mask",
        "core.costs.local_count",
        values=lambda: [_window_beyond_its_half_widths()],
        note="'at most 2D + 1' is local_mask's |j - p_t| <= D, cut where it leaves the sentence",
    ),
}


# --- ui/catalog/self_attention.py

VISIBILITY = "screens/self_attention/visibility.py"
KEY_VALUE = "screens/self_attention/key_value.py"
SELF_READ = "screens/self_attention/self_read.py"


def _entries(b) -> list[float]:
    return [x for row in b.default for x in row]


def _masked_weight() -> float:
    """The largest weight a masked pair gets under the causal mask, on the worked example with the defaults."""
    ex = worked_example()
    T = ex.H.shape[0]
    visible = causal_mask(T)
    sa = self_attention(
        ex.H,
        ex.params,
        np.array(sa_settings.W_Q.default),
        np.array(sa_settings.W_K.default),
        np.array(sa_settings.W_V.default),
        visible,
    )
    return float(np.abs(sa.weights[~visible]).max())


def _first_position_causal() -> int:
    """The first position (counted from 1) the causal mask lets every position read."""
    mask = causal_mask(6)
    firsts = {int(np.flatnonzero(row)[0]) + 1 for row in mask}
    (first,) = firsts
    return first


_SELF_ATTENTION = {
    "sa.lead": by(
        values=lambda: [8],
        note="the article's section number (section 8, on masks and self-attention), a citation of the "
        "article's structure: nothing in the code computes it, written literally",
    ),
    "sa.vis_text": by(
        "core.recurrent.START",
        note="the '<' and '>' are the start token <s> (core.recurrent.START, y_0), not a comparison",
    ),
    "sa.source": by(
        "ui.settings.self_attention.MASK_SOURCE",
        values=lambda: [links.MAX_SOURCE],
        site=VISIBILITY,
        note="MASK_SOURCE parses with ui.links.parse_source, which refuses more than ui.links.MAX_SOURCE tokens",
    ),
    "sa.target": by(
        "ui.settings.self_attention.MASK_TARGET",
        values=lambda: [links.MAX_TARGET],
        site=VISIBILITY,
        note="MASK_TARGET parses with ui.links.parse_target, which refuses more than ui.links.MAX_TARGET tokens",
    ),
    "sa.decoder_count": by(
        "core.masks.decoder_visibility",
        "core.recurrent.START",
        note="the '<' and '>' are the start token <s> (core.recurrent.START), not a comparison",
    ),
    "sa.encoder_count": by("core.masks.annotation_visibility"),
    "sa.encoder_count_same": by("core.masks.annotation_visibility", note="every row of the mask reads as many"),
    "sa.w_k": by(
        "ui.settings.self_attention.W_K",
        values=lambda: list(np.shape(sa_settings.W_K.default)),
        site=KEY_VALUE,
        note="2 x 2 is the shape W_K parses (projection_parser(2, 2)) and its default has",
    ),
    "sa.w_k_help": by(
        "ui.settings.self_attention.W_K",
        values=lambda: _entries(sa_settings.W_K) + [abs(sa_settings.W_K.default[1][1])],
        site=KEY_VALUE,
        note="the default -1,0;0,-1 is W_K.default's entries; the test reads the last entry, -1 after a comma, "
        "as 1, so its magnitude is listed too",
    ),
    "sa.w_v": by(
        "ui.settings.self_attention.W_V",
        values=lambda: list(np.shape(sa_settings.W_V.default)),
        site=KEY_VALUE,
        note="2 x 2 is the shape W_V parses (projection_parser(2, 2)) and its default has",
    ),
    "sa.w_v_help": by(
        "ui.settings.self_attention.W_V",
        values=lambda: _entries(sa_settings.W_V),
        site=KEY_VALUE,
    ),
    "sa.coordinate": by(
        note="i is the coordinate's number, 1 or 2, written as a literal at the call site (the plane's x1 and x2); "
        "nothing computes it",
    ),
    "sa.kv_equal": by(
        "core.self_attention.key_value_read",
        "core.reading.attend",
        values=lambda: [screen("nav.revisitable")],
    ),
    "sa.kv_table_caption": by(
        "screens.self_attention.key_value.summary_row",
        note="'most weight' is the argmax summary_row takes of each reading's weights",
    ),
    "sa.col.most": by(
        "screens.self_attention.key_value.summary_row",
        "core.self_attention.self_attention",
        note="a column heading: the argmax of the key-value read's weights (summary_row) and of each row of the "
        "self-attention weights",
    ),
    "sa.self_text": by(
        "ui.settings.self_attention.W_Q",
        values=lambda: list(np.shape(sa_settings.W_Q.default)),
        note="1 x 2 is the shape W_Q parses (projection_parser(1, 2)): d_s = 1 rows (the scorer's U takes a "
        "scalar) by d_h = 2",
    ),
    "sa.w_q": by("ui.settings.self_attention.W_Q", values=lambda: list(np.shape(sa_settings.W_Q.default))),
    "sa.w_q_help": by("ui.settings.self_attention.W_Q", values=lambda: _entries(sa_settings.W_Q)),
    "sa.mask_help": by(
        "core.masks.causal_mask",
        values=lambda: [_first_position_causal()],
        note="the first position every row of causal_mask may read, counted from 1",
    ),
    "sa.mask.causal": by(
        "core.masks.causal_mask",
        values=lambda: [_first_position_causal()],
        site=SELF_READ,
        note="the first position every row of causal_mask may read, counted from 1",
    ),
    "sa.self_caption": by(
        "core.self_attention.self_attention",
        "core.masks.causal_mask",
        values=lambda: [_masked_weight()],
        note="the 0 is the largest weight self_attention gives a masked pair under causal_mask (defaults)",
    ),
    "sa.self_table_caption": by(
        "core.self_attention.rows_read_as_states",
        "core.example.worked_example",
        values=lambda: [STATES["A"], STATES["B"]],
        note="'most weight' is the argmax of each row of the self-attention weights",
    ),
    "sa.order_same": by("core.self_attention.reorder_gap"),
    "sa.order_changes": by("core.self_attention.reorder_gap"),
    "sa.bad_shape": by("ui.settings.self_attention.projection_parser"),
    "sa.bad_size": by("ui.settings.self_attention.PROJECTION_LIMIT"),
}


# --- ui/catalog/walkthrough.py

_WALKTHROUGH = {
    "walk.links": by(
        "screens.walkthrough.steps.STEPS",
        values=lambda: [1, int(links.switch_text(True))],
        note="n = len(STEPS); K counts the steps from 1 (view.py numbers them with enumerate(STEPS, start=1) and "
        "accepts 1 <= k <= len(STEPS): a literal of the numbering, nothing to compute), present=1 is presenter "
        "mode's switch text in a link (ui.links.switch_text(True), the encoding of ui.links.PRESENT)",
    ),
    "walk.heading": by("ui.settings.walkthrough.STEP", "screens.walkthrough.steps.STEPS"),
    "walk.back_to_step": by(
        "ui.settings.walkthrough.STEP",
        note="k is the step the screen's link still names (ui.walkthrough.way_back reads it from the link), the step "
        "the button leads back to",
    ),
    "walk.bad_step": by(
        "ui.settings.walkthrough.STEP",
        "screens.walkthrough.steps.STEPS",
        values=lambda: [1],
        note="value is the step the link gave (state.get(STEP)), n = len(STEPS); the steps are numbered from 1 "
        "(view.current accepts 1 <= k <= len(STEPS)): the 1 is a literal of that numbering",
    ),
    "walk.fixed.numbers": by(
        "core.recurrent.largest_step_change",
        "ui.fixed_summary.decoded",
        "ui.settings.fixed_summary.FIX_TARGET",
    ),
    "walk.hull.numbers": by("core.reading.attend", "screens.walkthrough.reading.hull_numbers"),
    "walk.tanh.none": by(
        "core.reading.attend",
        "screens.walkthrough.reading.STATES",
        note="said with the nonlinearity removed, whatever the scorer: the state's term is shared by every score",
    ),
    "walk.tanh.same": by(
        "core.reading.attend",
        "screens.walkthrough.reading.STATES",
        "screens.walkthrough.reading.SAME",
        note="'no longer' is decided by the largest weight difference of states A and B falling below SAME",
    ),
    "walk.tanh.differ": by(
        "core.reading.attend", "screens.walkthrough.reading.STATES", "screens.walkthrough.reading.SAME"
    ),
    "walk.states.numbers": by(
        "core.reading.attend",
        "screens.walkthrough.reading.STATES",
        "screens.walkthrough.reading.states_numbers",
        values=lambda: [dict(reading.STATES)["A"]],
    ),
    "walk.states.caption": by(
        note="'above' places the state slider on the page (the state set above the chart); it compares nothing"
    ),
    "walk.sweep.point": by(
        "core.sweep.sweep_states",
        "core.sweep.linspace_states",
        "core.switches.TIE_TOLERANCE",
        "ui.settings.state_sweep.POINTS",
        "screens.walkthrough.sweep.sweep_point",
    ),
    "walk.sweep.point_moves": by(
        "core.sweep.sweep_states",
        "core.sweep.linspace_states",
        "core.switches.TIE_TOLERANCE",
        "ui.settings.state_sweep.POINTS",
        "screens.walkthrough.sweep.sweep_point",
    ),
    "walk.sweep.taken": by(
        "core.sweep.sweep_states",
        "core.switches.TIE_TOLERANCE",
        "screens.walkthrough.sweep.sweep_point",
        note="at: the first swept state whose leader (Leads.leader) is a position; 'first' and 'one weight is "
        "ahead' are that rule's words.",
    ),
    "walk.sweep.kept": by(
        "core.sweep.sweep_states",
        "core.switches.TIE_TOLERANCE",
        "screens.walkthrough.sweep.sweep_point",
        note="at: the last swept state whose leader is a position.",
    ),
    "walk.hard.point": by(
        "core.sweep.sweep_states",
        "core.sweep.linspace_states",
        "screens.walkthrough.sweep.soft_and_hard",
    ),
    "walk.hard.more": by(
        "core.sweep.sweep_states",
        "core.sweep.linspace_states",
        "screens.walkthrough.sweep.soft_and_hard",
        note="n: the switches of the lead after the first (Sweep.leads.switches); at, a, b: the next one's.",
    ),
    "walk.hard.tie": by(
        "core.sweep.sweep_states",
        "core.switches.TIE_TOLERANCE",
        "screens.walkthrough.sweep.soft_and_hard",
    ),
    "walk.hard.tie_at": by(
        "core.sweep.sweep_states",
        "core.switches.TIE_TOLERANCE",
        "screens.walkthrough.sweep.soft_and_hard",
    ),
    "walk.hard.none": by("core.sweep.sweep_states", "screens.walkthrough.sweep.soft_and_hard"),
    "walk.hard.jumps": by(
        "core.sweep.sweep_states",
        "core.sweep.linspace_states",
        "screens.walkthrough.sweep.soft_and_hard",
        note="jump, a, b: hard selection's first switch of the lead (Sweep.leads.switches[0]), the change of c_1 "
        "from h_a to h_b",
    ),
    "walk.sweep.steady": by(
        "core.sweep.sweep_states",
        "core.switches.TIE_TOLERANCE",
        "screens.walkthrough.sweep.sweep",
        note="said when one position leads (ahead by TIE_TOLERANCE) at every swept state: no switch, no near-tie",
    ),
    "walk.sweep.passes": by(
        "core.sweep.sweep_states",
        "screens.walkthrough.sweep.sweep",
        note="said when the lead changes hands in the interval (Sweep.leads.switches)",
    ),
    "walk.sweep.near_tie": by(
        "core.sweep.sweep_states",
        "core.switches.TIE_TOLERANCE",
        "screens.walkthrough.sweep.sweep",
        note="said when the lead never changes hands but rests on a near-tie somewhere (no weight ahead by "
        "TIE_TOLERANCE)",
    ),
    "walk.gradient.check": by(
        "ui.probe.checked_gradients", "ui.probe.TOLERANCE", "screens.walkthrough.learning.gradient_check"
    ),
    "walk.gradient.failed": by(
        "ui.probe.checked_gradients", "ui.probe.TOLERANCE", "screens.walkthrough.learning.gradient_check"
    ),
    "walk.step.point": by(
        "core.tied_output.predict",
        "core.learning.train_scorer",
        "screens.walkthrough.learning.MANY",
        "screens.walkthrough.learning.one_step_at_s",
    ),
    "walk.step.lower": by(
        "core.tied_output.predict",
        "core.learning.train_scorer",
        "ui.settings.learning.LEARN_LR",
        "screens.walkthrough.learning.MANY",
        "screens.walkthrough.learning.one_step_at_s",
    ),
    "walk.step.higher": by(
        "core.tied_output.predict",
        "core.learning.train_scorer",
        "ui.settings.learning.LEARN_LR",
        "screens.walkthrough.learning.MANY",
        "screens.walkthrough.learning.one_step_at_s",
    ),
    "walk.step.after_many": by(
        "screens.walkthrough.learning.MANY", note="a group's label: the steps the chart's third group took"
    ),
    "walk.step.caption": by("screens.walkthrough.learning.MANY", note="the steps the chart's third group took"),
    "walk.align.point": by(
        "core.translator.evaluate.argmax_hits",
        "core.translator.snapshot_steps",
        "ui.settings.translator.TR_STEP",
        "screens.walkthrough.translator.alignment_point",
    ),
    "walk.align.point_all": by(
        "core.translator.evaluate.argmax_hits",
        "core.translator.snapshot_steps",
        "screens.walkthrough.translator.alignment_point",
        note="said when every target word with a source word reads it most (hits == n)",
    ),
    "walk.align.unknown": by("ui.settings.translator.TR_STEP", "screens.walkthrough.translator.alignment_point"),
    "walk.long.point": by(
        "core.translator.beyond_training",
        note="'longer than any in training': beyond_training keeps the test lengths above the training set's "
        "longest (train_max_length) and pools their counts and exact-match shares",
    ),
    "present.toggle_help": by(
        "ui.present.CSS",
        "ui.present.CHART_FONT",
        "ui.present.TALLER",
        "ui.links.PRESENT",
        values=lambda: [int(links.switch_text(True))],
        note="'larger type' is present.CSS's root font size and CHART_FONT's chart type (charts TALLER); "
        "present=1 is the link text of the PRESENT switch when on",
    ),
}


CLAIMS: dict[str, Claim] = {
    **_COMMON,
    **_REVISITABLE,
    **_LEARNING,
    **_TRANSLATOR,
    **_LIMITS,
    **_SELF_ATTENTION,
    **_WALKTHROUGH,
    **question_claims(by),
    **classroom_claims(by),
}
