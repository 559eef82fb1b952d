"""Why ``core`` refuses an input, in a form an interface can word in its reader's language."""

from __future__ import annotations


class Refusal(ValueError):
    """A ``ValueError`` whose text is core's English sentence (what the command line and an English reader see),
    carrying ``code``, which names the reason, and ``fields``, the details that sentence names, so that an
    interface words the reason in its own language without reading the English."""

    def __init__(self, message: str, code: str, **fields: object) -> None:
        super().__init__(message)
        self.code = code
        self.fields = fields

    def __reduce__(self) -> tuple[object, ...]:  # pickled with its code and fields (a cached result may hold one)
        return _refusal, (str(self), self.code, self.fields)


def _refusal(message: str, code: str, fields: dict[str, object]) -> Refusal:
    return Refusal(message, code, **fields)
