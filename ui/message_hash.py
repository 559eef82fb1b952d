"""Streamlit's hashes made without letting go of the interpreter: the same digests, fed in pieces.

Streamlit 1.67 hashes every message a run sends (``populate_hash_if_needed``,
for its forward-message cache) and every element's id with BLAKE2b from
:mod:`hashlib`. ``hashlib`` releases the GIL while it hashes 2,048 bytes or
more at once. The script thread writing a page and the server's event loop
sending it share one GIL, and the event loop is woken by every message the
script enqueues: whenever the script thread lets go to hash a chart's message
(tens of kilobytes), the event loop takes the interpreter, and the script
thread waits for it to give it back. Measured on a 2-core machine (a reader
changing screen 2's language, 300 times over the websocket): 19.5 ms a rerun
with Streamlit's hasher, 11.8 ms with the same hashes fed in pieces under that
size (``bench/interactions.py`` gives the figures for every control).

:func:`install` makes ``streamlit.util.create_fast_hasher`` (which
``streamlit.util.calc_hash``, the message cache and element ids call through
the module) return a hasher that feeds its input to Streamlit's own in pieces
of :data:`PIECE` bytes: the digest is the same, byte for byte. The replacing is
:func:`ui.streamlit_private.install_hasher`'s, which leaves Streamlit's own
where the app keeps to the public API.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ui import streamlit_private

PIECE = 2047  # bytes: hashlib keeps the GIL for an update shorter than 2,048 bytes (CPython's HASHLIB_GIL_MINSIZE)


class PieceHasher:
    """A hasher that gives ``inner`` each update in pieces of at most :data:`PIECE` bytes."""

    __slots__ = ("_inner",)

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def update(self, data: bytes | bytearray | memoryview) -> None:
        if len(data) <= PIECE:
            self._inner.update(data)
            return
        view = memoryview(data).cast("B")
        for start in range(0, len(view), PIECE):
            self._inner.update(view[start : start + PIECE])

    def hexdigest(self) -> str:
        return self._inner.hexdigest()

    def digest(self) -> bytes:
        return self._inner.digest()

    def copy(self) -> PieceHasher:
        return PieceHasher(self._inner.copy())

    @property
    def name(self) -> str:
        return self._inner.name

    @property
    def digest_size(self) -> int:
        return self._inner.digest_size

    @property
    def block_size(self) -> int:
        return self._inner.block_size


# Streamlit's own, also when this module is imported again (the server re-imports edited modules) after install()
_STREAMLITS: Callable[[], Any] = streamlit_private.streamlits_hasher()


def fast_hasher() -> PieceHasher:
    """Streamlit's fast hasher (BLAKE2b, or MD5 where BLAKE2b is refused), fed in pieces."""
    return PieceHasher(_STREAMLITS())


fast_hasher.streamlits = _STREAMLITS  # type: ignore[attr-defined]


def install() -> None:
    """Make Streamlit hash through :func:`fast_hasher` (the same digests). Idempotent: a rerun calls it again."""
    streamlit_private.install_hasher(fast_hasher)
