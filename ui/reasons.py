"""Why a typed sentence cannot be read or has no reference, in the reader's language.

:mod:`core.translator.task` says why in English (``ValueError``); here each of its
reasons becomes a catalog message with the same detail. The words named in a reason
(the reader's unknown words, the word where the grammar stopped, the vocabulary the
grammar expected) are the reader's text and the toy language's, and stay as they are.
"""

from __future__ import annotations

import re

from ui.text import language, t

_EXPECTED = {  # what core says the grammar expected -> the message saying it
    re.compile(r"a determiner \((?P<words>[^()]*)\)"): "tr.expect_determiner",
    re.compile(r"an adjective or a noun \((?P<words>[^()]*)\)"): "tr.expect_noun",
    re.compile(r"a verb \((?P<words>[^()]*)\)"): "tr.expect_verb",
    re.compile(r"a preposition, a conjunction \((?P<words>[^()]*)\) or the end"): "tr.expect_more",
}
_GOT_WORD = re.compile(r"'(?P<word>[^']*)' at word (?P<k>\d+)")
_GOT_END = "the end of the sentence"
_EMPTY = re.compile(r"expected at least one word, got none")
_TOO_LONG = re.compile(r"expected at most (?P<most>\d+) words, got (?P<n>\d+)")
_UNKNOWN = re.compile(
    r"unknown word\(s\) (?P<words>.*?)(?: and (?P<more>\d+) more)?; the source vocabulary is: (?P<vocabulary>.*)"
)
_GRAMMAR = re.compile(r"not in the toy grammar: expected (?P<expected>.*), got (?P<got>.*)")


def _grammar(expected: str, got: str) -> str | None:
    what = next(((key, m) for pattern, key in _EXPECTED.items() if (m := pattern.fullmatch(expected))), None)
    if what is None:
        return None
    key, m = what
    if got == _GOT_END:
        where = t("tr.got_end")
    elif word := _GOT_WORD.fullmatch(got):
        where = t("tr.got_word", word=word["word"], k=int(word["k"]))
    else:
        return None
    return t("tr.why_grammar", expected=t(key, words=m["words"]), got=where)


def reason(error: ValueError | str) -> str:
    """The reason core gives for a sentence it refuses, without its "sentence: " prefix, in the reader's language.

    A reason this module does not know is shown as core wrote it to an English reader, and as a general message to
    any other (a test checks that every reason core gives is known).
    """
    raw = str(error).removeprefix("sentence: ")
    text: str | None = None
    if _EMPTY.fullmatch(raw):
        text = t("tr.why_empty")
    elif m := _TOO_LONG.fullmatch(raw):
        text = t("tr.why_too_long", most=int(m["most"]), n=int(m["n"]))
    elif m := _UNKNOWN.fullmatch(raw):
        fields = {"words": m["words"], "vocabulary": m["vocabulary"]}
        text = t("tr.why_unknown_more", more=int(m["more"]), **fields) if m["more"] else t("tr.why_unknown", **fields)
    elif m := _GRAMMAR.fullmatch(raw):
        text = _grammar(m["expected"], m["got"])
    if text is not None:
        return text
    return raw if language() == "en" else t("tr.why_other")
