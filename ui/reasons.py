"""Why a typed sentence cannot be read or has no reference, in the reader's language.

:mod:`core.translator.task` refuses a sentence with a :class:`core.refusal.Refusal`:
its English sentence, a code naming the reason and the details it names; here each
code becomes a catalog message with the same details. The words named in a reason
(the reader's unknown words, the word where the grammar stopped, the vocabulary the
grammar expected) are the reader's text and the toy language's, and stay as they are.
"""

from __future__ import annotations

from core.refusal import Refusal
from ui.text import language, t


def _worded(refusal: Refusal) -> str | None:
    f = refusal.fields
    if refusal.code == "sentence.empty":
        return t("tr.why_empty")
    if refusal.code == "sentence.too_long":
        return t("tr.why_too_long", most=f["most"], n=f["n"])
    if refusal.code == "sentence.unknown":
        named = {"words": f["words"], "vocabulary": f["vocabulary"]}
        return t("tr.why_unknown_more", more=f["more"], **named) if f["more"] else t("tr.why_unknown", **named)
    if refusal.code == "sentence.grammar":
        got = t("tr.got_end") if f["word"] is None else t("tr.got_word", word=f["word"], k=f["at"])
        return t("tr.why_grammar", expected=t(f"tr.expect_{f['expected']}", words=f["words"]), got=got)
    return None


def reason(error: ValueError) -> str:
    """The reason core gives for a sentence it refuses, without its "sentence: " prefix, in the reader's language.

    A reason this module does not know (a plain ``ValueError``, or a code it has no message for) is shown as core
    wrote it to an English reader, and as a general message to any other (a test checks that every reason core
    gives is known).
    """
    text = _worded(error) if isinstance(error, Refusal) else None
    if text is not None:
        return text
    return str(error).removeprefix("sentence: ") if language() == "en" else t("tr.why_other")
