"""Input checks shared by every public function of ``core``.

Each check turns its argument into a float64 array and raises a
:class:`core.refusal.Refusal` (a ``ValueError``) naming the argument, the shape it
expected and what it got, in English and as a code with fields that an interface
words in its reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from core.refusal import Refusal

Shape = Sequence[str | int]


def _describe(shape: Shape) -> str:
    return "(" + ", ".join(str(d) for d in shape) + ")"


def wrong_shape(message: str, name: str, expected: str, got: tuple[int, ...]) -> Refusal:
    """The refusal of argument ``name`` whose shape is ``got`` where ``expected`` (as written, ``(T, 2)``) was
    asked for; ``message`` is core's English sentence for it."""
    return Refusal(message, "array.shape", name=name, shape=expected, got=str(got))


def as_array(name: str, value: object, shape: Shape) -> np.ndarray:
    """Return ``value`` as a finite float64 array of the given symbolic shape.

    ``shape`` lists one entry per axis: an int fixes that axis's length, a
    string names a length that must be at least 1 (``"T"``, ``"d_h"``...).
    A leading ``"..."`` admits any number of leading (batch) axes.
    Consistency between named lengths of different arguments is checked by
    :func:`same_length`.
    """
    try:
        arr = np.asarray(value)
    except Exception as exc:  # ragged nested lists, odd objects
        raise Refusal(
            f"{name}: expected numbers of shape {_describe(shape)}, got {value!r:.80}",
            "array.numbers",
            name=name,
            shape=_describe(shape),
        ) from exc
    if arr.dtype.kind not in "biuf":
        raise Refusal(
            f"{name}: expected real numbers of shape {_describe(shape)}, got values of type {arr.dtype}",
            "array.real",
            name=name,
            shape=_describe(shape),
            dtype=str(arr.dtype),
        )
    arr = arr.astype(np.float64, copy=False)
    if shape and shape[0] == "...":
        # any number of leading axes (a batch), then the named trailing axes
        shape = tuple(f"n{i}" for i in range(max(arr.ndim - len(shape) + 1, 0))) + tuple(shape[1:])
    if arr.ndim != len(shape):
        raise wrong_shape(
            f"{name}: expected {len(shape)}-D array of shape {_describe(shape)}, "
            f"got {arr.ndim}-D array of shape {arr.shape}",
            name,
            _describe(shape),
            arr.shape,
        )
    for axis, (want, got) in enumerate(zip(shape, arr.shape, strict=True)):
        if isinstance(want, int) and got != want:
            raise wrong_shape(
                f"{name}: expected shape {_describe(shape)}, got {arr.shape} (axis {axis} must be {want})",
                name,
                _describe(shape),
                arr.shape,
            )
        if isinstance(want, str) and got < 1:
            raise wrong_shape(
                f"{name}: expected shape {_describe(shape)} with {want} >= 1, got {arr.shape}",
                name,
                _describe(shape),
                arr.shape,
            )
    if not np.all(np.isfinite(arr)):
        bad = "NaN" if np.any(np.isnan(arr)) else "inf"
        raise Refusal(
            f"{name}: expected finite numbers, got {bad} in an array of shape {arr.shape}",
            "array.finite",
            name=name,
            bad=bad,
        )
    return arr


def same_length(symbol: str, *named: tuple[str, np.ndarray, int]) -> int:
    """Check that several arrays agree on one named length and return it.

    ``named`` holds ``(argument name, array, axis)`` triples; the first one
    fixes the expected length.
    """
    first_name, first, first_axis = named[0]
    n = first.shape[first_axis]
    for name, arr, axis in named[1:]:
        if arr.shape[axis] != n:
            raise Refusal(
                f"{name}: its axis {axis} is {symbol} and must match {first_name} "
                f"({symbol} = {n}), got {arr.shape[axis]} (shape {arr.shape})",
                "array.length",
                name=name,
                symbol=symbol,
                first=first_name,
                n=n,
                got=arr.shape[axis],
            )
    return n
