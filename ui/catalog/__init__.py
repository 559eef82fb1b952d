"""Messages, one module a screen; each defines ``EN``, a dict from key to English text (or to a :class:`Plural`)."""

from typing import NamedTuple


class Plural(NamedTuple):
    """An English message that states a count: its text for one and for any other number; the field ``count``
    holds the number (gettext's ``msgid`` and ``msgid_plural``: a language has as many forms as its rule says)."""

    one: str
    other: str
    count: str = "n"
