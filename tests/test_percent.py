"""A share written as a percentage the way the reader's language writes it (ui.format.percent)."""

from ui import text
from ui.format import percent


def test_a_percentage_is_written_as_the_readers_language_writes_it():
    with text.speaking("fr"):
        assert percent(0.922) == "92\u202f%"  # French: a narrow no-break space before the sign
    with text.speaking("zh"):
        assert percent(0.24) == "24%"
    assert percent(0.922) == "92%" and percent(0.0) == "0%"
