"""The message catalog: every key is used somewhere, every key a screen asks for exists."""

import ast
import re
from pathlib import Path

import pytest

from tests.apptest import ROOT
from tools.translations import fields
from ui.text import CATALOG, t

SOURCES = [p for folder in ("screens", "ui") for p in (ROOT / folder).rglob("*.py") if "catalog" not in p.parts]
SOURCES.append(ROOT / "app.py")


def mentioned() -> tuple[set[str], list[re.Pattern]]:
    """Every string constant of the screens' code, and a pattern for each ``t(f"...")`` key built at run time."""
    constants, patterns = set(), []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "t" and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.JoinedStr):
                    parts = [re.escape(v.value) if isinstance(v, ast.Constant) else "[^.]+" for v in arg.values]
                    patterns.append(re.compile("".join(parts) + "$"))
    return constants, patterns


def test_every_message_key_is_mentioned_by_the_code():
    constants, patterns = mentioned()
    unused = [k for k in CATALOG["en"] if k not in constants and not any(p.match(k) for p in patterns)]
    assert unused == []


def test_every_key_the_code_asks_for_exists():
    missing = []
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "t" and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and arg.value not in CATALOG["en"]:
                    missing.append(f"{path.name}: {arg.value}")
    assert missing == []


# What the article itself states, checked against its text: its two states, its tanh scorer, its lost numbers.
# Every other value on screen (sources, scorer, g, W^T v = 0) is our reconstruction and must say so.
ARTICLE_CLAIMS = (
    "the article's two states",
    "the article's state a",
    "the article's state b",
    "tanh is the article's scorer",
    "tanh (the article's)",
    "the article's printed numbers were lost",
    "the article's states a and b",
    "the article's closing questions",
    "not the article's (it gives none here)",
)


def test_no_message_credits_our_reconstruction_to_the_article():
    claims = []
    for key, text in CATALOG["en"].items():
        rest = " ".join(text.lower().split())
        for claim in ARTICLE_CLAIMS:
            rest = rest.replace(claim, "")
        if "article's" in rest or "article’s" in rest:
            claims.append(f"{key}: {text}")
    assert claims == []


def test_the_docs_list_every_value_of_our_example_they_reconstruct():
    from core.example import worked_example

    example = (ROOT / "docs" / "worked-example.md").read_text()
    table = example[example.index("**The values are the project's reconstruction.**") :]
    g = worked_example().g
    assert f"g = ({g[0]:g}, {g[1]:g})" in table
    for text in (example, (ROOT / "README.md").read_text()):
        prose = " ".join(text.split())
        assert "print the article's worked example" not in prose and "the article's example" not in prose


def test_the_readmes_table_of_screens_says_what_each_screen_lets_the_reader_operate():
    """One row a screen, in the navigation's order, each a sentence of what the reader operates and learns (not
    figures)."""
    from app import SCREENS

    readme = (ROOT / "README.md").read_text()
    table = readme[readme.index("| screen | what the reader operates and learns |") : readme.index("**Walkthrough.**")]
    rows = [line.split("|")[1:-1] for line in table.splitlines()[2:] if line.startswith("|")]
    assert [name.strip() for name, _ in rows] == ["Home" if i == 0 else t(s.title) for i, s in enumerate(SCREENS)]
    for name, operates in rows:
        assert len(operates.split()) >= 8 and not re.search(r"\d+ / \d+", operates), (name, operates)


def test_the_readmes_table_of_where_each_screen_is_names_the_screens_addresses_and_files():
    """One row a screen, in the navigation's order: its address as app.py declares it, its package, its settings
    module and its words, every path there."""
    from app import SCREENS

    readme = (ROOT / "README.md").read_text()
    table = readme[readme.index("| screen | address | code | link settings | words |") :].split("\n\n")[0]
    rows = [line.split("|")[1:-1] for line in table.splitlines()[2:]]
    assert [address.split("`")[1] for _, address, *_ in rows] == ["/" + s.url_path for s in SCREENS]
    assert [code.split("`")[1] for _, _, code, *_ in rows] == [str(Path(s.script).parent) + "/" for s in SCREENS]
    for *_, settings, words in rows:
        assert (ROOT / settings.strip(" `")).is_file(), settings
        assert all((ROOT / "ui/catalog" / Path(w).name).is_file() for w in re.findall(r"`([^`]+)`", words)), words


PROSE_EXEMPT = r"\$[^$]*\$|\{[a-z_0-9]+(:[^{}]*)?\}|:material/[a-z_]+:"  # math, fields, icons


def test_symbols_in_prose_are_typeset_never_shown_as_latex_source():
    """Outside $...$, no message writes h_{j-1}, \\alpha, d_a or e_tj: math goes in $...$ (or, in tooltips, labels
    and chart text that cannot typeset, in Unicode subscripts such as hⱼ,₁)."""
    raw = []
    for key, text in CATALOG["en"].items():
        # math, format fields such as {steps:,}, and icons such as :material/check_circle:
        prose = re.sub(PROSE_EXEMPT, "", text)
        if re.search(r"[A-Za-zα-ω]_|\\[A-Za-z]|\^\{", prose):
            raw.append(f"{key}: {text}")
    assert raw == []


def math(message: str) -> list[str]:
    """The message's equations as the reader sees them (a doubled brace shows one), each once, with the words of
    any ``\\text{...}`` left out (those translate)."""
    shown = message.replace("{{", "{").replace("}}", "}")
    return sorted({re.sub(r"\\text\{[^{}]*\}", r"\\text{}", m) for m in re.findall(r"\$\$?[^$]+\$\$?", shown)})


@pytest.mark.parametrize("code", ["zh", "fr"])
def test_every_message_is_translated_with_the_same_fields_and_equations(code):
    english, other = CATALOG["en"], CATALOG[code]
    assert sorted(k for k in english if not other.get(k, "").strip()) == []  # none missing or empty
    assert sorted(set(other) - set(english)) == []  # none the English catalog does not know
    assert [k for k in english if fields(other[k]) != fields(english[k])] == []
    assert [k for k in english if math(other[k]) != math(english[k])] == []


@pytest.mark.parametrize("code", ["zh", "fr"])
def test_translated_prose_typesets_its_symbols_too(code):
    raw = [
        key
        for key, message in CATALOG[code].items()
        if re.search(r"[A-Za-zα-ω]_|\\[A-Za-z]|\^\{", re.sub(PROSE_EXEMPT, "", message))
    ]
    assert raw == []


# --- The article's claims that a screen states (issue: nothing on screen that is not so, nothing left out) ---------


@pytest.mark.parametrize(
    ("page", "query", "where", "says"),
    [
        # §2: the schematic recurrence is not the gated units of the time
        ("screens/fixed_summary/page.py", {}, "help", ("LSTMs (Sutskever et al., 2014", "gated recurrent units")),
        # §3: attention reached machines by more than one route; this one follows translation
        ("app.py", {}, "text", ("visual attention", "Mnih et al.", "follows the translation route")),
        # §8: Luong's decoder reads in another order than Bahdanau's
        (
            "screens/scoring/page.py",
            {"score_tab": "luong"},
            "text",
            ("first updating its state to $s_t", "$s_{t-1},$ before"),
        ),
    ],
    ids=["gated-cells", "visual-attention", "luong-order"],
)
def test_the_articles_remaining_claims_are_on_screen(page, query, where, says):
    from tests.apptest import no_exception, run_page, shown_text

    at = run_page(page, query)
    no_exception(at)
    text = "\n".join(m.proto.help for m in at.markdown) if where == "help" else shown_text(at)
    for phrase in says:
        assert phrase in text, phrase


def test_the_home_page_the_take_home_and_the_walkthrough_show_no_maintainers_words():
    """How our example was made, or the command that prints it, is docs/worked-example.md's to say (a reader of the
    home page read that the article's numbers 'were lost', and the take-home dialog named `python -m core.example
    --json`)."""
    words = ("python -m", "were lost", "--json")
    shown = [
        f"{key}: {text}"
        for key, text in CATALOG["en"].items()
        if key.split(".")[0] in ("home", "export", "walk", "nav", "chart") and any(w in str(text) for w in words)
    ]
    assert shown == []
