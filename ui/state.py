"""The values a reader sets, shared by every screen of a session and mirrored in the URL.

Every value lives in ``st.session_state["shared"]`` in its text form (see
:mod:`ui.codec`), keyed by its URL name. A new session starts from the URL's
query parameters, so a shared link opens exactly the view it was copied from;
a malformed or hostile parameter falls back to its default with a notice. At
the end of each run the URL is rewritten to the values that differ from the
defaults.

The model shared by the screens is the worked example's: tokens and 2-D
sources h_j, the additive scorer's W, U, v, b (d_s = 1) and the scalar state s.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TypeVar

import numpy as np
import streamlit as st

from core.example import worked_example
from core.refusal import Refusal
from core.scorers import AdditiveParams, check_sources
from ui import codec, readings, streamlit_private
from ui.links import LANG, MAX_POSITIONS, PRIVATE, S_RANGE, Adjusted, Binding, Explained
from ui.settings import every
from ui.text import LANGUAGES, available_languages, t, use

S_KEY = "s"  # the state's name in the link
MAX_UNITS = 16  # hidden units d_a of the scorer
UNKNOWN_NAMED = 5  # settings a link carries that the dashboard does not know, named in its notice
MAX_ABS = 1e6  # larger entries are refused: the screens are about shape, not overflow

T_ = TypeVar("T_")
R = TypeVar("R")


@dataclass(frozen=True)
class Model:
    """Sources (tokens, H: (T, 2)), scorer parameters (d_s = 1) and the scalar state s."""

    tokens: tuple[str, ...]
    H: np.ndarray
    params: AdditiveParams
    s: float

    def encode(self) -> dict[str, str]:
        p = self.params
        return {
            "tokens": codec.joined(self.tokens),
            "H": codec.format_matrix(self.H),
            "W": codec.format_matrix(p.W),
            "U": codec.format_matrix(p.U),
            "v": codec.format_vector(p.v),
            "b": codec.format_vector(p.b),
            "s": codec.format_number(self.s),
        }


def default_model() -> Model:
    ex = worked_example()
    return Model(ex.tokens, ex.H, ex.params, float(ex.states["A"][0]))


MODEL_KEYS = ("tokens", "H", "W", "U", "v", "b", "s")  # the link's keys the model is stored under (Model.encode)


@functools.cache
def model_defaults() -> Mapping[str, str]:
    """The example model's texts under :data:`MODEL_KEYS`, made the first time they are asked for."""
    return MappingProxyType(default_model().encode())


@functools.cache
def defaults() -> Mapping[str, str]:
    """Every key a link may carry and its default, the model's and every screen's (:func:`ui.settings.every`),
    known before any page runs."""
    found = dict(model_defaults()) | {b.key: b.default_text for b in every()}
    if len(found) != len(model_defaults()) + len(every()):
        raise KeyError("a link key is declared twice")
    return MappingProxyType(found)


def session_language() -> str | None:
    """The language the reader's session stores (its link's ``lang``), if this thread runs for a session that has
    stored one: what a widget's callback speaks, before the run sets the language (the frame tells
    :func:`ui.text.read_session_language_with` so)."""
    if not streamlit_private.in_a_session():
        return None
    shared = st.session_state.get("shared")
    code = shared.get(LANG.key) if shared is not None else None
    return code if code in LANGUAGES else None


# --- Decoding, with a reason for every refusal --------------------------------------------


def check_sources_2d(tokens: list[str], H: object) -> np.ndarray:
    H_ = _in_readers_words("H", check_sources, H, 2)
    if len(tokens) != H_.shape[0]:
        raise ValueError(t("check.rows_for_tokens", rows=H_.shape[0], tokens=len(tokens)))
    if H_.shape[0] > MAX_POSITIONS:
        raise ValueError(t("check.max_positions", most=MAX_POSITIONS, got=H_.shape[0]))
    _not_huge("H", H_)
    return H_


def _in_readers_words(name: str, check: Callable[..., R], *args: object) -> R:
    """``check(*args)`` from core, whose refusal is told in the reader's words: what core names (the argument,
    the shape it expected and the one it got, the length two arguments share) where core says it with a code,
    and otherwise which of ``name`` do not fit, with the shapes they must have."""
    try:
        return check(*args)
    except Refusal as refusal:
        raise ValueError(_refusal_worded(refusal) or t("check.shape", name=name)) from None
    except ValueError:
        raise ValueError(t("check.shape", name=name)) from None


SUBSCRIPTED = {"d_a": "dₐ", "d_h": "dₕ", "d_s": "dₛ"}  # core's names of lengths, as the screens write them


def _subscripted(text: object) -> str:
    shown = str(text)
    for name, symbol in SUBSCRIPTED.items():
        shown = shown.replace(name, symbol)
    return shown


def _refusal_worded(refusal: Refusal) -> str | None:
    f = {k: _subscripted(v) for k, v in refusal.fields.items()}
    if refusal.code == "array.shape":
        return t("check.shape_got", name=f["name"], expected=f["shape"], got=f["got"])
    if refusal.code == "array.length":
        return t("check.length", name=f["name"], symbol=f["symbol"], first=f["first"], n=f["n"], got=f["got"])
    if refusal.code == "array.finite":
        return t("check.finite", name=f["name"], bad=f["bad"])
    return None


def _not_huge(name: str, x: np.ndarray) -> None:
    if np.abs(x).max() > MAX_ABS:
        raise ValueError(t("check.too_large", name=name, most=f"{MAX_ABS:g}"))


def check_scorer(W: object, U: object, v: object, b: object) -> AdditiveParams:
    p = _in_readers_words("W, U, v, b", AdditiveParams.checked, W, U, v, b)
    if p.d_h != 2:
        raise ValueError(t("check.w_columns", got=p.d_h))
    if p.d_s != 1:
        raise ValueError(t("check.u_columns", got=p.d_s))
    if p.d_a > MAX_UNITS:
        raise ValueError(t("check.max_units", most=MAX_UNITS, got=p.d_a))
    for name in ("W", "U", "v", "b"):
        _not_huge(name, getattr(p, name))
    return p


def check_state(s: float) -> float:
    lo, hi = S_RANGE
    if not lo <= s <= hi:
        raise ValueError(t("check.state_range", lo=f"{lo:g}", hi=f"{hi:g}", got=codec.cut(codec.format_number(s))))
    return s


def decode_model(values: Mapping[str, str]) -> tuple[Model, list[str]]:
    """The model from text values; each group that fails falls back to its defaults."""
    d = default_model()
    problems: list[str] = []
    try:
        tokens = codec.parse_tokens(values["tokens"], MAX_POSITIONS)
        H = check_sources_2d(tokens, codec.parse_matrix(values["H"]))
    except (ValueError, KeyError) as exc:
        problems.append(t("state.bad_group", group=t("state.group.sources"), reason=str(exc)))
        tokens, H = list(d.tokens), d.H
    try:
        p = check_scorer(
            *(codec.parse_matrix(values[k]) for k in ("W", "U")), *(codec.parse_vector(values[k]) for k in ("v", "b"))
        )
    except (ValueError, KeyError) as exc:
        problems.append(t("state.bad_group", group=t("state.group.scorer"), reason=str(exc)))
        p = d.params
    try:
        s = check_state(codec.parse_number(values[S_KEY]))
    except (ValueError, KeyError) as exc:
        problems.append(t("state.bad_group", group="s", reason=str(exc)))
        s = d.s
    return Model(tuple(tokens), H, p, s), problems


# --- Session ----------------------------------------------------------------------------------


def _shared() -> dict[str, str]:
    ss = st.session_state
    if "shared" not in ss:
        ss["shared"], ss["notices"] = _from_url()
    return ss["shared"]


def link_key(free: Iterable[str] = ()) -> tuple[tuple[str, str], ...]:
    """Every setting of the link as its text (the model, the views, the language, presenter mode), but those
    named in ``free``: what a chart built from the link alone depends on (see :mod:`ui.kept`)."""
    skipped = set(free)
    return tuple(sorted((k, v) for k, v in _shared().items() if k not in skipped))


def _from_url() -> tuple[dict[str, str], list[str]]:
    """Start a session from the URL: model values are checked now, view values when read."""
    known = defaults()
    shared = dict(known)
    repeats, unknown = [], []
    for key in st.query_params:  # every setting the link carries is read, however many there are
        if key not in known:
            if key not in PRIVATE:
                unknown.append(key)
            continue
        values = st.query_params.get_all(key)
        shared[key] = values[-1][: codec.MAX_TEXT + 1] if values else ""
        if len(values) > 1:
            repeats.append((key, len(values), values[-1]))
    if shared[LANG.key] in available_languages():
        use(shared[LANG.key])  # the link's notices in the link's language
    repeated = [t("state.repeated", name=key, n=n, value=codec.cut(last)) for key, n, last in repeats]
    if unknown:
        named = ", ".join(codec.cut(key) for key in unknown[:UNKNOWN_NAMED])
        more = len(unknown) - UNKNOWN_NAMED
        repeated.append(
            t("state.unknown_more", names=named, more=more) if more > 0 else t("state.unknown", names=named)
        )
    model, problems = decode_model(shared)
    shared.update(model.encode())
    # Every screen's settings are checked here too, at the door, whichever screen or tab reads them first: a
    # setting read only in a tab the reader opens later is named now, on the first view, not bent in silence.
    for b in every():
        _, notice = _checked(shared, b)
        if notice:
            problems.append(notice)
    return shared, repeated + problems


def notices() -> list[str]:
    """Messages about the URL for the reader; each is shown once."""
    _shared()
    out, st.session_state["notices"] = st.session_state["notices"], []
    return out


@functools.lru_cache(maxsize=256)
def stored_model(values: tuple[str, ...]) -> Model:
    """The model stored as ``values`` (the texts of :data:`MODEL_KEYS`, in that order), decoded once for every
    session that stores them: a screen reads the model several times a run. Only checked values are stored, so
    the decoding never falls back, and it reads no language. Its arrays are read-only, as they are shared."""
    m, _ = decode_model(dict(zip(MODEL_KEYS, values, strict=True)))
    for a in (m.H, m.params.W, m.params.U, m.params.v, m.params.b):
        a.flags.writeable = False
    return m


def model() -> Model:
    """The shared model, its tokens in the reader's reading (see :mod:`ui.readings`)."""
    shared = _shared()
    m = stored_model(tuple(shared[k] for k in MODEL_KEYS))
    return replace(m, tokens=readings.shown(m.tokens))


def set_model(m: Model) -> None:
    """Store the model, as a link would carry it; ValueError, with the reason, for one a link could not carry (its
    text would not read back: a stored model is the one every screen reads, never one put back in silence)."""
    values = replace(m, tokens=readings.stored(m.tokens)).encode()
    _, problems = decode_model(values)
    if problems:
        raise ValueError(problems[0])
    _shared().update(values)


def set_state(s: float) -> None:
    """Store the state s alone (checked), leaving the sources and the scorer as they are.

    A widget's callback may call it before the script runs, when the reader's language is not yet known.
    """
    _shared()[S_KEY] = codec.format_number(check_state(float(s)))


def reset_model() -> None:
    """Back to the worked example's sources, scorer and state; the screens' own settings stay."""
    _shared().update(model_defaults())


def get(b: Binding[T_]) -> T_:
    """The setting's value from the shared values, with a notice if ``b.parse`` refuses it or moves it into range.

    A refused value gives the default; a value out of range the nearest bound.
    """
    return _in_readers_reading(b, _parsed(b))


def _parsed(b: Binding[T_]) -> T_:
    value, notice = _checked(_shared(), b)
    if notice:
        st.session_state["notices"].append(notice)
    return value


def _checked(shared: dict[str, str], b: Binding[T_]) -> tuple[T_, str]:
    """The setting's value in ``shared`` and, where ``b.parse`` refused it or moved it into range, the notice that
    says so (the stored text is then the value used); else an empty notice."""
    try:
        return b.parse(shared[b.key]), ""
    except Adjusted as exc:
        shared[b.key] = b.encode(exc.value)
        return exc.value, t("state.adjusted_view", name=b.key, reason=str(exc), value=shared[b.key])
    except Explained as exc:
        shared[b.key] = b.default_text
        return b.default, str(exc)
    except ValueError as exc:
        shared[b.key] = b.default_text
        return b.default, t("state.bad_view", name=b.key, reason=str(exc))


def _in_readers_reading(b: Binding[T_], value: T_) -> T_:
    """A sentence setting whose value is the example's, in the reader's reading (see :mod:`ui.readings`)."""
    return list(readings.shown(value, b.reading)) if b.reading else value  # type: ignore[return-value]


def put(b: Binding[T_], value: T_) -> None:
    """Store the setting's value (already checked) in the shared values, hence in the link."""
    if b.reading:
        value = list(readings.stored(value, b.reading))  # type: ignore[assignment]
    _shared()[b.key] = b.encode(value)


def sync_url() -> None:
    """Write the values that differ from their defaults into the URL, each key once (a key the link gave twice is
    written once, with the value used: else every reload of the link would name it again)."""
    shared = _shared()
    known = defaults()
    wanted = {k: [v] for k, v in shared.items() if k in known and v != known[k]}
    current = {k: st.query_params.get_all(k) for k in st.query_params}
    if current != wanted:
        st.query_params.from_dict({k: v for k, [v] in wanted.items()})


def seed(key: str, initial: object) -> None:
    """Seed a keyed widget from the shared values the first time it is drawn this visit."""
    if key not in st.session_state:
        st.session_state[key] = initial


def forget_widgets() -> None:
    """Drop the widgets seeded from the shared values (keys ``w_…``) so they are seeded again; the language stays."""
    for key in [k for k in st.session_state if str(k).startswith("w_") and k != LANG.widget_key]:
        del st.session_state[key]
