"""The class's entries in tests/claims.py: what fills the numbers its messages (``class.``, ui/catalog/classroom.py)
state. A class's counts come from the class store (:mod:`classroom.store`), read by :mod:`ui.classroom`."""

from __future__ import annotations

from collections.abc import Callable

# the fields of ui/catalog/classroom.py new here
CLASS_NUMBER_FIELDS = frozenset({"answered", "joined", "length", "roaming", "round"})
CODE = "the class's join code (classroom.codes.new_code): letters and digits that name a class, not a quantity"


def classroom_claims(by: Callable[..., object]) -> dict[str, object]:
    """The entries of the class's messages, made with tests/claims.py's ``by``."""
    return {
        "class.bad_link_code": by("classroom.codes.CODE_LENGTH", site="ui/links.py"),
        "class.bad_code": by("classroom.codes.CODE_LENGTH"),
        "class.question": by("classroom.store.ClassState.round"),
        "class.bar": by("classroom.store.ClassState.students", note=CODE),
        "class.roaming_count": by("classroom.store.Counts.roaming"),
        "class.teaching_here": by(note=CODE),
        "class.following": by(note=CODE),
        "class.roaming": by(note=CODE),
        "class.free": by(note=CODE),
        "class.ended_teacher": by(note=CODE),
        "class.counted": by("classroom.store.Counts.answered", "classroom.store.Counts.joined"),
        "class.end_confirm": by(note="no number: 'any more' compares nothing"),
        "class.more": by(note="a menu's name (more of the class's controls), not a comparison"),
        "class.round": by("classroom.store.ClassState.round", "classroom.store.RoundResult.round"),
        "class.right_count": by(
            "classroom.store.RoundResult.answered", "core.questions.question.check", site="ui/classroom.py"
        ),
        "class.went_question": by(note="Q{n}: the n-th question the class was asked, numbered in the order asked"),
        "class.went_said": by(
            "classroom.store.RoundResult.answered", "core.questions.question.check", site="ui/classroom.py"
        ),
        "class.silent_count": by(
            "classroom.store.ClassState.students", "classroom.store.RoundResult.answered", site="ui/classroom.py"
        ),
        "class.sent": by("classroom.store.Store.answer_of", note="the student's answer as the store counts it"),
        "class.send_empty_number": by(
            "core.questions.question.Question.low", "core.questions.question.Question.high", site="ui/classroom.py"
        ),
        "class.refused.full": by(
            note="the store's refusal carries the class's size cap (classroom.settings)", site="ui/classroom.py"
        ),
        "class.refused.rate_limited": by(
            note="the store's refusal carries the seconds to wait (Limit.wait)", site="ui/classroom.py"
        ),
    }
