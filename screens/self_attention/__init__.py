"""The sections of screen 8 (``screens/8_self_attention.py``): visibility, keys and values, self-attention."""

from ui.charts.spec import Rows


def named(rows: Rows, names: dict[str, str]) -> Rows:
    """A chart's rows with their fields named in the reader's language: the numbers its description lists and
    the take-home files hold."""
    return [{names[field]: value for field, value in row.items()} for row in rows]
