"""The rows of a chart that follows the state slider, held as ``core``'s arrays rather than one dict a row.

A chart that follows the decoder state s is drawn from a row for every state of the slider's grid and every
source position (and, in a chart of several readings, every reading). :class:`StateRows` keeps those rows as
columns: the states (N,), the positions' labels (T,), and blocks, one a reading, each with the fields that are
the same in all its rows (the reading's name) and arrays (N, T), row n for state n, column j for position j.
It reads as the list of dicts it stands for (a :class:`collections.abc.Sequence`, made on first use and kept),
in the order: block, then state, then position; each dict's keys: the block's own fields, 's', 'position',
then its arrays' names. What a chart's filling reads most (a field's values in row order, the rows at one
state, whether a field is the same at every state) is answered from the columns, without the dicts.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

STATE = "s"  # the field that tags each row with its state
POSITION = "position"


@dataclass(frozen=True)
class Block:
    """One reading's rows: ``tags`` the same in each, ``columns`` (N, T) as nested lists of Python floats."""

    tags: tuple[tuple[str, Any], ...]
    columns: tuple[tuple[str, list[list[float]]], ...]


class StateRows(Sequence[dict[str, Any]]):
    """Rows of (block, state, position), held as columns (see the module's doc)."""

    def __init__(self, labels: Sequence[str], states: np.ndarray, blocks: Sequence[Block]) -> None:
        self.labels = tuple(labels)
        self.states: list[float] = np.asarray(states, dtype=float).tolist()
        self.blocks = tuple(blocks)
        self._rows: list[dict[str, Any]] | None = None

    @staticmethod
    def of(
        labels: Sequence[str], states: np.ndarray, groups: Sequence[tuple[Mapping[str, Any], Mapping[str, np.ndarray]]]
    ) -> StateRows:
        """Rows from ``groups``: for each, the fields its rows share and its arrays (N, T) by name."""
        shape = (len(states), len(labels))
        blocks = []
        for tags, columns in groups:
            arrays = {name: np.asarray(values, dtype=float) for name, values in columns.items()}
            for name, values in arrays.items():
                if values.shape != shape:
                    raise ValueError(f"column {name!r} has shape {values.shape}, expected {shape}")
            blocks.append(Block(tuple(tags.items()), tuple((name, a.tolist()) for name, a in arrays.items())))
        return StateRows(labels, states, blocks)

    # --- As the list of dicts it stands for ------------------------------------------------------------------

    def rows(self) -> list[dict[str, Any]]:
        """The rows as dicts (made once)."""
        if self._rows is None:
            self._rows = [
                self._row(b, n, j)
                for b in self.blocks
                for n in range(len(self.states))
                for j in range(len(self.labels))
            ]
        return self._rows

    def _row(self, b: Block, n: int, j: int) -> dict[str, Any]:
        """The row of block ``b`` at the n-th state and the j-th position."""
        return {**dict(b.tags), STATE: self.states[n], POSITION: self.labels[j], **{k: v[n][j] for k, v in b.columns}}

    def __len__(self) -> int:
        return len(self.blocks) * len(self.states) * len(self.labels)

    def __getitem__(self, i):  # type: ignore[override]
        return self.rows()[i]

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self.rows())

    def __add__(self, other: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        return [*self.rows(), *other]

    def __radd__(self, other: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        return [*other, *self.rows()]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self):  # pickled as its columns: the same rows pickle the same, made into dicts or not
        return (StateRows, (self.labels, np.asarray(self.states), self.blocks))

    # --- Answered from the columns -----------------------------------------------------------------------------

    def fields(self) -> list[str]:
        """Every field some row has, in the order the rows first show them (each block's rows have the same)."""
        firsts = ({**dict(b.tags), STATE: None, POSITION: None, **dict(b.columns)} for b in self.blocks)
        return list(dict.fromkeys(k for row in firsts for k in row)) if len(self) else []

    def _value(self, b: Block, field: str) -> tuple[str, Any]:
        """Where a block's rows take ``field`` from, as a row's dict would: ('column', lists), ('position', None),
        ('state', None), ('tag', value) or ('none', None); a later key of the dict wins."""
        columns = dict(b.columns)
        if field in columns:
            return "column", columns[field]
        if field == POSITION:
            return "position", None
        if field == STATE:
            return "state", None
        tags = dict(b.tags)
        return ("tag", tags[field]) if field in tags else ("none", None)

    def column(self, field: str) -> list[Any]:
        """``[row.get(field) for row in self]``."""
        n, t = len(self.states), len(self.labels)
        out: list[Any] = []
        for b in self.blocks:
            kind, value = self._value(b, field)
            if kind == "column":
                out += [v for row in value for v in row]
            elif kind == "position":
                out += list(self.labels) * n
            elif kind == "state":
                out += [s for s in self.states for _ in range(t)]
            else:
                out += [value] * (n * t)
        return out

    def unique_states(self) -> bool:
        return len(set(self.states)) == len(self.states)

    def at(self, n: int) -> list[dict[str, Any]]:
        """The rows of the n-th state, in order (each with its 's')."""
        return [self._row(b, n, j) for b in self.blocks for j in range(len(self.labels))]

    def at_every_state(self, field: str) -> list[list[Any]]:
        """For each state, the field's values in the order of that state's rows (None where a row lacks it)."""
        out: list[list[Any]] = [[] for _ in self.states]
        t = len(self.labels)
        for b in self.blocks:
            kind, value = self._value(b, field)
            for n, s in enumerate(self.states):
                if kind == "column":
                    out[n] += value[n]
                elif kind == "position":
                    out[n] += self.labels
                elif kind == "state":
                    out[n] += [s] * t
                else:
                    out[n] += [value] * t
        return out

    def same_at_every_state(self, field: str) -> bool:
        """Whether each row's value of ``field`` is the one of the row in its place at the first state (``==``)."""
        for b in self.blocks:
            kind, value = self._value(b, field)
            if kind == "column":
                if any(v != v for v in value[0]) or any(row != value[0] for row in value[1:]):
                    return False  # a NaN is not equal to itself, as ``==`` row by row says
            elif kind == "state" and len(self.states) > 1:
                return False
            elif kind == "tag" and value != value:
                return False
        return True


def column(rows: Sequence[Mapping[str, Any]], field: str) -> list[Any]:
    """``[r.get(field) for r in rows]``, from the columns where the rows are held as columns."""
    return rows.column(field) if isinstance(rows, StateRows) else [r.get(field) for r in rows]
