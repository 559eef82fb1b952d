"""Screen 8, masks and the road to self-attention: its page, ``page.py``, and its sections: visibility, keys and
values, self-attention."""

from ui.charts.spec import Rows


def named(rows: Rows, names: dict[str, str]) -> Rows:
    """A chart's rows with their fields named in the reader's language: the numbers its description lists and
    the take-home files hold."""
    return [{names[field]: value for field, value in row.items()} for row in rows]
