"""Screen 1's link settings: the sentence the fixed summary reads and the target it is scored on (the walkthrough's
first steps show them too)."""

from __future__ import annotations

from core.example import TARGET_TOKENS, TOKENS
from ui import codec
from ui.links import Binding, parse_source, parse_target

FIX_SOURCE = Binding("fix_source", list(TOKENS), parse_source, codec.joined, reading="source")
FIX_TARGET = Binding("fix_target", list(TARGET_TOKENS), parse_target, codec.joined, reading="target")
