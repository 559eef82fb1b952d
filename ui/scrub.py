"""Charts that follow a slider while it moves, in the browser, with no rerun.

A continuous control whose effect ``core`` can compute ahead (the decoder
state s on its slider's steps, a stored training snapshot) is *scrubbed*: the
chart receives the rows for every value the slider can take, each row tagged
with its value in a field, and a Vega-Lite parameter named after the slider's
widget key selects the rows of the current value. While the thumb moves, the
page's script (:data:`SCRIPT`, installed once by :mod:`ui.frame`) copies the
slider's value into that parameter of every chart that has one; the numbers
drawn are the rows ``core`` computed, the browser only chooses among them.
Streamlit sends the slider's value to the server when the thumb is released,
and the section that owns the slider reruns to write the link and the
sentences that quote numbers. A drag of such a slider is followed by the
script itself (the slider is kept from the pointer's moves, whose rendering
costs it as much as the charts, and handed the last one on release); on a
narrow screen the slider is docked at the window's foot while a chart it moves
is in sight and its own place is not.

The parameter is bound to a text input inside the chart, hidden by the frame's
style: the reader's control is the slider itself (keyboard and screen readers
included), the input is only the channel the script writes into.

A select slider's range input carries the index of its option (0, 1, ...), not
the option: a chart it scrubs is tagged, or indexed, by the option's index. Where
the rows at every value would repeat everything but a number (a training
snapshot's weights over the same cells), a row may instead hold that number at
every index in a list, and the chart picks the one at the slider's index
(:meth:`Channel.pick`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import altair as alt

from ui import page_assets

# The script that moves the charts. It watches the page: when a slider's hidden range input changes value
# (Streamlit 1.67 updates it on every move of the thumb, before release) or a chart appears, it writes the
# value of every slider (by its widget key, the class ``st-key-<key>`` of its container) into the inputs of
# the charts' parameters with that name, and fires their input event, which is how Vega reads a bound input.
# While the thumb moves, only the charts in the window follow it: a chart out of sight is written when it comes
# into sight, and every chart once the thumb has rested for RESTED_MS (so that what a screen reader or a test
# reads off the page at rest is the slider's value everywhere). Installed once per page; a second install only
# resynchronises.
RESTED_MS = 200
SCRIPT = page_assets.read("scrub.js")
CONFIG = {"restedMs": RESTED_MS}  # the values the script reads (window.attentionConfig.scrub)
TOLERANCE = 1e-9  # a row belongs to the slider's value when its tag is this close (both are the same decimal)
_TEST = re.compile(r'abs\(datum\[(".*?")\] - toNumber\((\w+)\)\) < ' + re.escape(str(TOLERANCE)))


@dataclass(frozen=True)
class Channel:
    """What a chart's shape knows of a slider: its widget ``key`` names the chart's parameter, and ``field``
    tags each row with the slider value it belongs to."""

    key: str
    field: str

    def param(self) -> alt.Parameter:
        """The parameter the page's script writes into (a hidden text input, see the module's doc)."""
        return alt.param(name=self.key, value=0.0, bind=alt.binding(input="text", name=self.key))

    def test(self) -> str:
        """A Vega expression true for the rows of the slider's current value."""
        return f"abs(datum[{json.dumps(self.field)}] - toNumber({self.key})) < {TOLERANCE}"

    @staticmethod
    def of(test: object) -> Channel | None:
        """The channel whose :meth:`test` ``test`` is, if it is one."""
        m = _TEST.fullmatch(test) if isinstance(test, str) else None
        return Channel(m[2], json.loads(m[1])) if m else None

    def pick(self) -> str:
        """A Vega expression for the number at the slider's index in the row's list ``field`` (a slider whose value
        is an index, as a select slider's range input is)."""
        return f"datum[{json.dumps(self.field)}][toNumber({self.key})]"


@dataclass(frozen=True)
class Scrub:
    """A chart scrubbed by a slider: the ``channel``, and the slider's ``value`` when the chart is drawn."""

    channel: Channel
    value: float

    def params(self) -> dict[str, float]:
        """The chart parameter's value, for :meth:`ui.charts.template.Template.fill`."""
        return {self.channel.key: self.value}
