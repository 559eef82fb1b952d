"""A paste longer than any field takes reaches the server as a text it can refuse with a notice.

The server closes a websocket whose message is past ``server.maxMessageSize`` (4 MB) unread: a reader who pasted a
longer text into a field saw the connection fail, and the page could not run again while the field held it.
:data:`SCRIPT`, installed once by :mod:`ui.frame`, cuts such a paste to :data:`ui.forged.MAX_TEXT` + 1 characters
as it enters the field: the server then refuses it as too long, with a notice that names the field (:mod:`ui.forged`:
the field the session drew under the id the text came in), and keeps the last valid values. A paste within
``MAX_TEXT`` is untouched.
"""

from __future__ import annotations

from ui import page_assets
from ui.forged import MAX_TEXT

SCRIPT = page_assets.read("paste_guard.js")
CONFIG = {"most": MAX_TEXT}  # the values the script reads (window.attentionConfig.paste_guard)
