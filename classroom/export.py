"""A class's anonymous results as CSV: one row per question, round and answer, with how many gave it.

Columns: ``question``, ``round``, ``settings`` (the JSON the question was asked under), ``answer`` (a text answer as
it is, any other as JSON), ``count``; ``no_answer`` (from a store: how many of the class's students, as many as had
joined when the file was made, gave no answer in that round; the same on each row of a round); and, where the
caller words the questions (``words``), ``asked`` (the question as the students read it), ``shown`` (the answer as
they saw it), ``right`` (yes or no) and ``right_answer`` (as they saw it: a round nobody got right names it too). A
round nobody answered has one row with an empty answer and 0. No student ids, no times: the file says what the
class answered, not who.

A spreadsheet reads a cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return before one)
as a formula, which an answer or a setting could smuggle in; every such cell is written with a ``'`` in front, which
the spreadsheet shows as text, except a plain number (``-0.5``, ``-2e-3``): a number runs nothing, and written as
text the class's negative answers could not be summed or plotted.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterable

from classroom.store import RoundResult, Store

HEADER = ("question", "round", "settings", "answer", "count")
SILENT = ("no_answer",)  # the column a class's size adds
WORDED = ("asked", "shown", "right", "right_answer")  # the columns a caller's words add
# (result, answer or None for a round nobody answered) -> (asked, shown, right, the right answer as shown)
Words = Callable[[RoundResult, object], tuple[str, str, bool | None, str]]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")  # a plain number, as Python and JSON write one


def safe_cell(value: object) -> str:
    """``value`` as a CSV cell no spreadsheet reads as a formula (a plain negative number as it is)."""
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) and not NUMBER.fullmatch(text) else text


def _answer_cell(text: str) -> str:
    value = json.loads(text)
    return value if isinstance(value, str) else text


def export_csv(store: Store, code: str, secret: str, words: Words | None = None) -> str:
    """The anonymous results of the class ``code`` as CSV, for its teacher (``secret``): :meth:`Store.results`
    refuses anyone else."""
    results = store.results(code, secret)
    return results_csv(results, words, joined=store.teacher(code, secret).students)


def for_spreadsheets(text: str) -> bytes:
    """The CSV ``text`` as a file a spreadsheet opens in the right encoding: UTF-8 led by its byte-order mark, without
    which Excel reads the file in the system's code page ("câ‚œ" for "cₜ", the Chinese answers garbled)."""
    return text.encode("utf-8-sig")


def results_csv(results: Iterable[RoundResult], words: Words | None = None, joined: int | None = None) -> str:
    """The CSV of ``results``; with ``joined`` (the class's students), how many gave no answer in each round."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(HEADER + (SILENT if joined is not None else ()) + (WORDED if words else ()))
    for result in results:
        settings = json.dumps(result.settings, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        answers = sorted(result.answers.items()) or [("", 0)]
        for text, count in answers:
            answer = _answer_cell(text) if text else ""
            row: tuple[object, ...] = (result.question_id, result.round, settings, answer, count)
            if joined is not None:  # a student who joined after the round gave no answer in it either
                row += (max(joined - result.answered, 0),)
            if words:
                asked, shown, right, answer_is = words(result, json.loads(text) if text else None)
                row += (asked, shown, "" if right is None else ("yes" if right else "no"), answer_is)
            writer.writerow([safe_cell(cell) for cell in row])
    return out.getvalue()
