"""A class's anonymous results as CSV: one row per question, round and answer, with how many gave it.

Columns: ``question``, ``round``, ``settings`` (the JSON the question was asked under), ``answer`` (a text answer as
it is, any other as JSON), ``count``; and, where the caller words the questions (``words``), ``asked`` (the question
as the students read it), ``shown`` (the answer as they saw it), ``right`` (yes or no) and ``right_answer`` (as
they saw it: a round nobody got right names it too). A round nobody answered
has one row with an empty answer and 0. No student ids, no times: the file says what the class answered, not who.

A spreadsheet reads a cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage return before one)
as a formula, which an answer or a setting could smuggle in; every such cell is written with a ``'`` in front, which
the spreadsheet shows as text. A negative number is such a cell too: it reads as text (``'-0.5``).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable

from classroom.store import RoundResult, Store

HEADER = ("question", "round", "settings", "answer", "count")
WORDED = ("asked", "shown", "right", "right_answer")  # the columns a caller's words add
# (result, answer or None for a round nobody answered) -> (asked, shown, right, the right answer as shown)
Words = Callable[[RoundResult, object], tuple[str, str, bool | None, str]]
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: object) -> str:
    """``value`` as a CSV cell no spreadsheet reads as a formula."""
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _answer_cell(text: str) -> str:
    value = json.loads(text)
    return value if isinstance(value, str) else text


def export_csv(store: Store, code: str, secret: str, words: Words | None = None) -> str:
    """The anonymous results of the class ``code`` as CSV, for its teacher (``secret``): :meth:`Store.results`
    refuses anyone else."""
    return results_csv(store.results(code, secret), words)


def results_csv(results: Iterable[RoundResult], words: Words | None = None) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(HEADER + (WORDED if words else ()))
    for result in results:
        settings = json.dumps(result.settings, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        answers = sorted(result.answers.items()) or [("", 0)]
        for text, count in answers:
            answer = _answer_cell(text) if text else ""
            row: tuple[object, ...] = (result.question_id, result.round, settings, answer, count)
            if words:
                asked, shown, right, answer_is = words(result, json.loads(text) if text else None)
                row += (asked, shown, "" if right is None else ("yes" if right else "no"), answer_is)
            writer.writerow([safe_cell(cell) for cell in row])
    return out.getvalue()
