"""A share written as a percentage the way the reader's language writes it (ui.format.percent)."""

from ui import text
from ui.format import percent


def test_a_percentage_is_written_as_the_readers_language_writes_it():
    with text.speaking("fr"):
        assert percent(0.922) == "92\u202f%"  # French: a narrow no-break space before the sign
    with text.speaking("zh"):
        assert percent(0.24) == "24%"
    assert percent(0.922) == "92%" and percent(0.0) == "0%"


def test_a_messages_percentage_field_is_written_as_the_language_writes_it_too():
    """A message may format its share itself ({share:.1%}): in French that read "92.2%" beside percent()'s "92 %"
    on the same step (11's answer and its reason)."""
    with text.speaking("fr"):
        why = text.t("q.long.share.why", share=0.922, count=40)
        assert "92,2\u202f%" in why or "92.2\u202f%" in why, why
        assert "%" not in why.replace("\u202f%", "")
    assert "92.2%" in text.t("q.long.share.why", share=0.922, count=40)


def test_a_mark_after_an_inline_formula_goes_into_it_so_no_line_starts_with_it():
    """A line could break between a formula and the comma after it (", a convex combination" began a line at 1920
    px); inside the formula the mark stays on the formula's line. A display formula is left as it is."""
    moved = text.marks_inside("The cross is $c$, a sum of the $h_j$. Then $$x$$. $a$;")
    assert moved == "The cross is $c,$ a sum of the $h_j.$ Then $$x$$. $a;$"
    plain = [k for k, m in text.CATALOG["en"].items() if "{" not in m and k not in text.PLURALS]
    for code in ("en", "fr"):
        with text.speaking(code):
            said = {k: text.t(k) for k in plain}
        assert [k for k, m in said.items() if text.FORMULA_THEN_MARK.search(m)] == []
    assert "The cross is $c,$ a convex combination of the $h_j,$ so" in text.t("rev.plane_caption")
