"""Selecting is not understanding (article section 1): a goal picks what to read; meaning needs relations.

Our example, built for this screen (the article's section 1 has no numbers):
a scene is a set of T sources, each with a hand-made representation h_j in
R^{d_h} whose coordinates are named features (``features[i]`` names
coordinate i). A goal or question is a query q in R^{d_h}; it scores every
source with Luong's dot score and the read is the usual soft read:

    e_j = q^T h_j,    alpha_j = Softmax_j(e_j),    c = sum_j alpha_j h_j

Arrays: H is (T, d_h) with row j = h_j^T; q is (d_h,); scores and weights are
(T,); the context c is (d_h,).

The notebook sentence is read in phrases, so that the sentence with "did not
leave" has as many positions as the one with "left" and the two can be read
with the same weights. Only the action phrase carries the feature ``not``;
a question's query gives that feature no weight, so both sentences get
exactly the same scores and weights, while what the sentence says about the
place differs. :func:`stated_answer` is the meaning: it combines the place
phrase with the negation of the action; :func:`most_weighted` is the shortcut
the article warns against, one apparently relevant phrase cut out.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.reading import Reading, read
from core.scorers import dot_scores


@dataclass(frozen=True)
class Scene:
    """T sources with labels and representations H: (T, d_h); ``features`` names the d_h coordinates."""

    labels: tuple[str, ...]
    H: np.ndarray
    features: tuple[str, ...]

    def query(self, weights: dict[str, float]) -> np.ndarray:
        """q: (d_h,) with ``weights[name]`` on the coordinate of each named feature, 0 elsewhere."""
        unknown = sorted(set(weights) - set(self.features))
        if unknown:
            raise ValueError(f"query: unknown features {unknown}; expected some of {list(self.features)}")
        return np.array([float(weights.get(name, 0.0)) for name in self.features])  # (d_h,)

    def feature(self, name: str) -> int:
        """The coordinate of feature ``name``."""
        return self.features.index(name)


def _scene(rows: dict[str, dict[str, float]], features: tuple[str, ...]) -> Scene:
    H = np.array([[row.get(f, 0.0) for f in features] for row in rows.values()])  # (T, d_h)
    return Scene(tuple(rows), H, features)


def dot_read(scene: Scene, q: np.ndarray) -> Reading:
    """e_j = q^T h_j, alpha = Softmax(e), c = sum_j alpha_j h_j for q: (d_h,)."""
    return read(scene.H, dot_scores(scene.H, q))  # scores, weights: (T,); context: (d_h,)


# --- The café: the same sources, a different goal --------------------------------------------------

CAFE_FEATURES = ("friend", "speech", "phone")
CAFE_GOALS: dict[str, dict[str, float]] = {
    "follow": {"friend": 3.0, "speech": 1.0},  # follow what your friend is explaining
    "phone": {"phone": 4.0},  # find the phone you just put down
}


def cafe() -> Scene:
    """The café's four sources: your friend's voice, the next table, the coffee machine, the phone."""
    return _scene(
        {
            "your friend's voice": {"friend": 1.0, "speech": 1.0},
            "the next table's conversation": {"speech": 1.0},
            "the coffee machine": {},
            "the phone on the table": {"phone": 1.0},
        },
        CAFE_FEATURES,
    )


# --- The notebook sentence: where it was left, its colour, and "not" -----------------------------

FEATURES = ("person", "action", "colour", "object", "place", "time", "not")
QUESTIONS = ("where", "colour")
SHARPNESS = 4.0  # the query's weight on the feature its question asks for


def notebook(negated: bool) -> Scene:
    """'Felix left the blue notebook in the meeting room yesterday.', or with 'did not leave', in phrases.

    Positions (T = 7): Felix | left (did not leave) | the | blue | notebook |
    in the meeting room | yesterday. Only the action phrase differs: it adds 1
    on the feature ``not`` when ``negated``.
    """
    action = {"action": 1.0, "not": 1.0} if negated else {"action": 1.0}
    return _scene(
        {
            "Felix": {"person": 1.0},
            "did not leave" if negated else "left": action,
            "the": {},
            "blue": {"colour": 1.0},
            "notebook": {"object": 1.0},
            "in the meeting room": {"place": 1.0},
            "yesterday": {"time": 1.0},
        },
        FEATURES,
    )


def question_query(question: str, action: float = 0.0) -> dict[str, float]:
    """The query's feature weights for a question: SHARPNESS on what it asks for, ``action`` on the action phrase.

    "where": where was the notebook left (the feature ``place``); "colour":
    what colour is it (``colour``). No question weighs the feature ``not``.
    """
    if question not in QUESTIONS:
        raise ValueError(f"question: expected one of {list(QUESTIONS)}, got {question!r}")
    asked = "place" if question == "where" else "colour"
    return {asked: SHARPNESS, "action": float(action)}


def most_weighted(reading: Reading) -> int:
    """The position with the largest weight (the first on ties): one phrase cut out of the sentence."""
    return int(np.argmax(reading.weights))


def stated_answer(scene: Scene, question: str) -> int | None:
    """The phrase that answers ``question`` in the notebook sentence, or None when it does not say.

    The meaning combines phrases: the colour phrase describes the notebook
    whether or not it was left, so "colour" is answered by "blue" in both
    sentences; the place phrase says where the notebook was left only if the
    action is not negated, so "where" has no stated answer with "did not".
    """
    if question not in QUESTIONS:
        raise ValueError(f"question: expected one of {list(QUESTIONS)}, got {question!r}")
    asked = scene.feature("place" if question == "where" else "colour")
    answer = int(np.argmax(scene.H[:, asked]))
    negated = bool(np.any(scene.H[:, scene.feature("not")] > 0))
    return None if question == "where" and negated else answer
