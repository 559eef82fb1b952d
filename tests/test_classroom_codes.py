"""Join codes, secrets, the results' CSV, the settings and the refusals of the class store (no backend needed)."""

from __future__ import annotations

import csv
import io
import json
import math
import pickle
import re
from pathlib import Path

import pytest

from classroom import codes, limits
from classroom.backends import open_store
from classroom.export import FORMULA_STARTS, results_csv, safe_cell
from classroom.redis_store import RedisStore
from classroom.refusals import ClassRefused, Reason
from classroom.settings import Settings
from classroom.sqlite_store import SqliteStore
from classroom.store import RoundResult
from tests import classroom_stores


def test_the_alphabet_has_no_look_alikes():
    assert len(set(codes.ALPHABET)) == len(codes.ALPHABET) == 31
    assert not set("0O1IL") & set(codes.ALPHABET)
    assert set(codes.ALPHABET) == set("23456789ABCDEFGHJKMNPQRSTUVWXYZ")


def test_codes_are_drawn_by_the_cryptographic_generator_over_the_whole_alphabet(monkeypatch):
    drawn = [codes.new_code() for _ in range(2000)]
    assert all(len(c) == codes.CODE_LENGTH and set(c) <= set(codes.ALPHABET) for c in drawn)
    assert set("".join(drawn)) == set(codes.ALPHABET)
    monkeypatch.setattr(codes.secrets, "choice", lambda alphabet: alphabet[-1])
    assert codes.new_code() == "ZZZZZZ"


def test_the_docstring_states_the_entropy_and_the_guessing_bound():
    bits = codes.CODE_LENGTH * math.log2(len(codes.ALPHABET))
    per_day = limits.JOINS.most * 24 * 3600 / limits.JOINS.seconds
    space = len(codes.ALPHABET) ** codes.CODE_LENGTH
    doc = " ".join(codes.__doc__.split())
    assert f"= {bits:.1f} bits" in doc and f"31^6 = {space:,} codes" in doc
    assert f"at most {per_day:,.0f} codes a day" in doc
    assert f"{100 * per_day * 100 / space:.2f} % with K = 100" in doc
    assert f"{100 * per_day * 1000 / space:.1f} % with K = 1,000" in doc


def test_a_typed_code_is_read_in_any_case_and_grouping():
    assert codes.normalise("abc 234") == "ABC234" == codes.normalise(" ABC-234 ")
    for wrong in ("ABC23", "ABC2345", "ABC 23O", "ABC231", "", None, 123456):
        assert codes.normalise(wrong) is None


def test_a_teacher_secret_has_256_bits_and_only_its_digest_is_kept():
    secret = codes.new_secret()
    assert len(secret) == 43 and re.fullmatch(r"[A-Za-z0-9_-]+", secret)
    kept = codes.digest(secret)
    assert kept != secret and codes.same_secret(kept, secret)
    assert not codes.same_secret(kept, secret[:-1] + ("A" if secret[-1] != "A" else "B"))
    assert not codes.same_secret(kept, None) and not codes.same_secret(None, secret) and not codes.same_secret("", "")


def test_a_student_is_an_anonymous_id_not_a_name():
    assert codes.is_student(codes.new_student()) and codes.is_student("3f2a9c1e-77b0-4d6e-9a51-0c8d2f4e6b7a")
    for wrong in ("Ann Smith", "ann", "x" * 65, "a;b" * 8, None, 12345678901234567):
        assert not codes.is_student(wrong)


# --- the results' CSV ---


def test_no_cell_of_the_csv_reads_as_a_formula():
    hostile = ["=HYPERLINK(1)", "+1", "-2+3+cmd|' /C calc'!A0", "@SUM(A1)", "\t=1", "\r=1"]
    asked = zip("abcd", hostile[:4], strict=True)
    results = [RoundResult(q, 1, {"why": text}, {json.dumps(text): 2}) for q, text in asked]
    results += [RoundResult("e", 1, {}, {json.dumps(text): 1 for text in hostile[4:]} | {"-2": 1, "-0.5e-3": 1})]
    cells = [cell for row in csv.reader(io.StringIO(results_csv(results))) for cell in row]
    assert len(cells) == 9 * 5  # the header and 8 rows of 5

    def formula(cell: str) -> bool:
        return cell.startswith(FORMULA_STARTS) and not re.fullmatch(r"-\d+(\.\d+)?(e-?\d+)?", cell)

    assert not [cell for cell in cells if formula(cell)]
    assert "'=HYPERLINK(1)" in cells and "'-2+3+cmd|' /C calc'!A0" in cells and "'\t=1" in cells
    # a negative number a student answered stays a number a spreadsheet sums: written as text ('-0.5), it was not
    assert "-2" in cells and "-0.5e-3" in cells and "'-2" not in cells
    worded = results_csv(results, lambda result, answer: (f"={answer}", "-1", answer == "+1", "@1"))  # a caller's too
    rows = list(csv.reader(io.StringIO(worded)))
    assert rows[0][-4:] == ["asked", "shown", "right", "right_answer"] and len(rows) == 1 + 4 + 4
    assert not [cell for row in rows for cell in row if formula(cell)]
    assert [row[3] for row in rows[1:] if row[-2] == "yes"] == ["'+1"]  # judged on the answer as it was sent
    silent = results_csv([RoundResult("q", 1, {}, {})], lambda result, answer: ("Q?", "", answer, "B"))
    assert list(csv.reader(io.StringIO(silent)))[1][-4:] == ["Q?", "", "", "B"]  # a round nobody answered names it
    assert [safe_cell(x) for x in ("A", 3, "a=b", "'=x", -1.5, "-", "-1-1")] == [
        "A",
        "3",
        "a=b",
        "'=x",
        "-1.5",
        "'-",
        "'-1-1",
    ]


# --- settings, backends, refusals ---


def test_settings_come_from_the_environment(tmp_path):
    default = Settings.from_environ({})
    assert default.data_dir.name == "attention-data" and default.redis_url is None
    assert (default.hours, default.ttl, default.most_students) == (6.0, 21600.0, 500)
    env = {"ATTENTION_DATA": str(tmp_path), "ATTENTION_CLASS_HOURS": "0.5", "ATTENTION_CLASS_SIZE": "40"}
    chosen = Settings.from_environ(env | {"ATTENTION_REDIS_URL": "redis://db:6379/0"})
    assert (chosen.data_file, chosen.ttl, chosen.most_students) == (tmp_path / "classroom.sqlite3", 1800.0, 40)
    assert chosen.redis_url == "redis://db:6379/0"
    for wrong in ("0", "-1", "six", "nan", "inf"):
        with pytest.raises(ValueError, match="ATTENTION_CLASS_HOURS"):
            Settings.from_environ({"ATTENTION_CLASS_HOURS": wrong})
    with pytest.raises(ValueError, match="ATTENTION_CLASS_SIZE"):
        Settings.from_environ({"ATTENTION_CLASS_SIZE": "2.5"})


def test_open_store_picks_the_backend_the_settings_name_once_a_process(tmp_path):
    sqlite = open_store(Settings(data_dir=tmp_path))
    assert isinstance(sqlite, SqliteStore) and sqlite.path == Path(tmp_path) / "classroom.sqlite3"
    assert open_store(Settings(data_dir=tmp_path)) is sqlite
    redis = open_store(Settings(data_dir=tmp_path, redis_url="redis://127.0.0.1:1/0"))  # connects on first use
    assert isinstance(redis, RedisStore)


def test_a_refusal_keeps_its_reason_through_pickling():
    refused = ClassRefused(Reason.RATE_LIMITED, wait=12)
    again = pickle.loads(pickle.dumps(refused))
    assert (again.reason, again.code, again.fields, str(again)) == (
        Reason.RATE_LIMITED,
        "class.rate_limited",
        {"wait": 12},
        "class: too many attempts: try again in 12 s",
    )
    assert isinstance(again, ValueError)


def test_a_missing_redis_server_skips_or_fails_where_ci_requires_it(monkeypatch):
    monkeypatch.setattr(classroom_stores.shutil, "which", lambda name: None)
    for required, outcome in (("0", pytest.skip.Exception), ("1", pytest.fail.Exception)):
        monkeypatch.setenv("ATTENTION_REQUIRE_BROWSER", required)
        with pytest.raises(BaseException) as raised:  # a skip or a failure, whichever it is, is caught here
            classroom_stores.redis_server_path()
        assert raised.type is outcome and "redis-server not found" in str(raised.value)
    assert "ATTENTION_REQUIRE_BROWSER=1 makes this a failure" in str(raised.value)


def test_the_projector_draws_the_join_link_as_a_qr_codes_image_its_name_escaped():
    import html
    import re
    from urllib.parse import unquote

    import segno

    from ui.classroom import qr_image

    link = "https://example.org/?class=ABC234"
    tag = qr_image(link, 'The class\'s link "as a QR code" <b>')
    src = html.unescape(re.search(r'src="([^"]*)"', tag).group(1))
    assert src.startswith("data:image/svg+xml") and "<path" in unquote(src)
    assert src == segno.make(link, error="m").svg_data_uri(scale=8, border=2, dark="#000", light="#fff")
    assert 'alt="The class&#x27;s link &quot;as a QR code&quot; &lt;b&gt;"' in tag and "<b>" not in tag


def test_the_results_file_tells_a_spreadsheet_it_is_utf_8():
    """Without UTF-8's byte-order mark Excel reads a CSV in the system's code page: "cₜ" and Chinese answers garbled."""
    from classroom.export import for_spreadsheets

    text = results_csv([RoundResult("q", 1, {}, {'"我 cₜ"': 2})])
    data = for_spreadsheets(text)
    assert data.startswith(b"\xef\xbb\xbf") and data.decode("utf-8-sig") == text and "我 cₜ" in text


def test_the_results_write_a_students_number_as_given_beside_the_right_one():
    """Step 6's crossings are whole: a 1.5 sent was written "2" beside the right answer "2", judged "no"."""
    from core.questions import ask, question_json
    from ui.classroom import _worded

    result = RoundResult("sweep.switches", 1, question_json(ask("sweep.switches"))["setting"], {"1.5": 1})
    asked, shown, right, answer_is = _worded(result, 1.5)
    assert (shown, right, answer_is) == ("1.5", False, "2") and asked


def test_the_results_name_a_number_answer_as_every_device_said_it():
    """The CSV's right_answer read 0.79 where every device said "The answer: 0.791, within ±0.05"."""
    from core.questions import ask, question_json
    from ui import questions
    from ui.classroom import _worded
    from ui.text import t

    q = ask("compare.weight")
    result = RoundResult(q.id, 1, question_json(q)["setting"], {"0.5": 1})
    *_, answer_is = _worded(result, 0.5)
    assert answer_is == f"{float(q.answer):.3f}" and q.tolerance > 0
    assert questions.correct_line(q) == t("q.correct_within", answer=answer_is, tolerance=f"{q.tolerance:.2f}")
