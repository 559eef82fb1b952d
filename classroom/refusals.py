"""Why the class store refuses an operation, in a form a page words in its reader's language.

Every refusal is a :class:`ClassRefused`, a :class:`core.refusal.Refusal` whose ``code`` is a :class:`Reason`'s
value and whose ``fields`` are the details its sentence names (``wait``: whole seconds until a rate limit lets the
caller try again; ``most``: a class's size cap). A refused operation changes nothing in a class (the tests check it
for each reason); a rate limit counts every attempt, refused ones too.
"""

from __future__ import annotations

from enum import StrEnum

from core.refusal import Refusal


class Reason(StrEnum):
    UNKNOWN = "class.unknown"  # no live class has this code (never created, mistyped, or expired)
    ENDED = "class.ended"  # the teacher ended the class
    FULL = "class.full"  # the class has its size cap of students (fields: most)
    NOT_TEACHER = "class.not_teacher"  # the teacher secret is not this class's
    NOT_JOINED = "class.not_joined"  # the student has not joined this class
    NO_QUESTION = "class.no_question"  # no question is on (vote again)
    NOT_OPEN = "class.not_open"  # the question is not taking answers (none, or revealed)
    OTHER_QUESTION = "class.other_question"  # the answer is to another question than the one open
    OTHER_ROUND = "class.other_round"  # the answer is to another round than the one open
    INADMISSIBLE = "class.inadmissible"  # the answer is not one the question takes (an option, a range)
    BAD_VALUE = "class.bad_value"  # an id, a step or settings of the wrong shape or size (fields: what)
    RATE_LIMITED = "class.rate_limited"  # too many attempts a minute (fields: wait)


_SENTENCES = {
    Reason.UNKNOWN: "there is no class with this code (it may have ended some hours ago)",
    Reason.ENDED: "the teacher has ended this class",
    Reason.FULL: "this class is full ({most} students)",
    Reason.NOT_TEACHER: "this link is not the teacher's link of this class",
    Reason.NOT_JOINED: "join the class before answering",
    Reason.NO_QUESTION: "no question is on",
    Reason.NOT_OPEN: "the question is not taking answers now",
    Reason.OTHER_QUESTION: "this answer is to a question that is not open",
    Reason.OTHER_ROUND: "this answer is to a round that is not open",
    Reason.INADMISSIBLE: "this answer is not one the question takes",
    Reason.BAD_VALUE: "the {what} is not of a shape the class store keeps",
    Reason.RATE_LIMITED: "too many attempts: try again in {wait} s",
}


class ClassRefused(Refusal):
    """A refused class operation: ``reason`` (a :class:`Reason`), ``code`` (its value) and ``fields``."""

    def __init__(self, reason: Reason, **fields: object) -> None:
        super().__init__("class: " + _SENTENCES[reason].format(**fields), reason.value, **fields)
        self.reason = reason

    def __reduce__(self) -> tuple[object, ...]:
        return _refused, (self.reason.value, self.fields)


def _refused(code: str, fields: dict[str, object]) -> ClassRefused:
    return ClassRefused(Reason(code), **fields)
