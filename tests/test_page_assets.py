"""ui.page_assets: the page's scripts and style are files in ui/assets/, and the values Python gives them reach them."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
from streamlit.string_util import clean_text

from tests.apptest import run_page
from ui import clicker, frame, gradient_refs, page_assets, player, present, scrub, spoken, tab_in_view
from ui.frame import STYLE
from ui.text import LANGUAGES

SCRIPTS = (scrub, spoken, clicker, player, tab_in_view, present, gradient_refs)  # as ui.frame sends them


def name(module) -> str:
    return module.__name__.rsplit(".", 1)[-1]


@pytest.mark.parametrize("module", SCRIPTS, ids=name)
def test_each_script_reads_every_value_its_module_gives_it(module):
    script = (page_assets.ASSETS / f"{name(module)}.js").read_text()
    config = getattr(module, "CONFIG", {})
    read = re.findall(r"const \{([^}]*)\} = window\.attentionConfig\.(\w+);", script)
    if not config:
        assert read == []
        return
    assert [where for _, where in read] == [name(module)]
    names = [n.strip() for n in read[0][0].split(",")]
    assert sorted(names) == sorted(config)
    for n in names:  # and uses each
        assert len(re.findall(rf"\b{n}\b", script)) > 1, n


def test_the_page_gets_one_script_with_its_language_and_every_value():
    sent = page_assets.script("zh", SCRIPTS)
    assert sent.startswith('<script>document.documentElement.lang = "zh";window.attentionConfig = ')
    body = sent.removeprefix("<script>").removesuffix("</script>")
    given = json.loads(body.split("window.attentionConfig = ", 1)[1].split(";", 1)[0])
    assert given == {name(m): m.CONFIG for m in SCRIPTS if hasattr(m, "CONFIG")}
    for module in SCRIPTS:
        assert module.SCRIPT in body
    # Streamlit's html element drops a script whose text holds a tag; a file's opening comment is not sent
    assert not re.search(r"<[A-Za-z/!]", body)
    assert "// Sent by ui/frame.py" not in body


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_script_is_sent_as_it_is_made(language):
    """The page's script skips the dedent and strip Streamlit's html element gives a text (page_assets.Prepared): it
    must be what they would make of it, and what the page sends."""
    sent = page_assets.script(language, frame.PAGE_SCRIPTS)
    assert clean_text(str(sent)) == sent
    at = run_page("app.py", {"lang": language})
    assert [str(h.proto.body) for h in at.get("html") if str(h.proto.body).startswith("<script>")] == [sent]


def test_the_styles_name_what_python_names():
    assert STYLE == page_assets.read("frame.css") and not STYLE.startswith("/*")
    assert f"{clicker.FLAG}: 1" in present.CSS
    assert f"[{present.FIT}]" in present.CSS and f"var({present.ROOM})" in present.CSS
    for number, value in (
        ("smallest", present.SMALLEST),
        ("full-type", present.FULL_TYPE),
        ("least-type", present.LEAST_TYPE),
    ):
        assert f"--attention-{number}: {value};" in present.CSS
        assert f"var(--attention-{number})" in present.CSS


@pytest.mark.skipif(shutil.which("node") is None, reason="node checks the scripts' syntax")
def test_the_page_script_parses(tmp_path):
    script = tmp_path / "page.js"
    script.write_text(page_assets.script("en", SCRIPTS).removeprefix("<script>").removesuffix("</script>"))
    checked = subprocess.run(["node", "--check", str(script)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_the_number_keys_script_finds_the_fields_of_numbers_typed_as_text():
    """ui/number_keys.js finds a typed number's field by how its key ends: the key ui.questions gives it."""
    from ui import number_keys, questions

    assert questions.typed_key("step2").endswith(number_keys.TYPED)
    assert not questions.answer_key("step2").endswith(number_keys.TYPED)
