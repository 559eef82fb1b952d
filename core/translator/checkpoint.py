"""Saving and loading trained models as small ``.npz`` files.

One file per model holds its configuration, the final parameters (float64,
exactly as trained, so the shipped metrics reproduce), the parameters at every
snapshot step (float32: they are for pictures of training, not for metrics),
and the per-step training losses. ``metrics.json`` beside them records what
``--train`` measured.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from core.translator.model import Config, Params, check_params
from core.translator.train import TrainConfig, TrainResult

CHECKPOINT_DIR = Path(__file__).resolve().parents[2] / "checkpoints"
MODELS = ("attention", "summary")
# Luong et al.'s three decoders trained with the attention model's budget (core.translator.compare), kept apart from
# MODELS (the names screen 6 iterates over) and in a folder of their own: checkpoints/luong/<name>.npz.
LUONG_MODELS = ("luong_dot", "luong_general", "luong_local")
LUONG_FOLDER = "luong"
ALL_MODELS = (*MODELS, *LUONG_MODELS)  # every trained model a screen may name, in the order tables list them


@dataclass(frozen=True)
class Checkpoint:
    """A trained model: configuration, final parameters, snapshots {step: params}, losses per step."""

    cfg: Config
    tcfg: TrainConfig
    params: Params
    snapshots: dict[int, Params]
    losses: np.ndarray  # (steps,)
    seconds: float
    tokens: int

    @property
    def steps(self) -> tuple[int, ...]:
        return tuple(sorted(self.snapshots))

    def at(self, step: int | None) -> Params:
        """Parameters at a snapshot step (None: the final ones)."""
        if step is None or step == self.tcfg.steps:
            return self.params
        if step not in self.snapshots:
            raise ValueError(f"step: expected one of the snapshot steps {list(self.steps)}, got {step!r}")
        return self.snapshots[step]


def save(path: Path, cfg: Config, tcfg: TrainConfig, result: TrainResult) -> None:
    arrays: dict[str, np.ndarray] = {
        "config": np.array(json.dumps(asdict(cfg))),
        "train_config": np.array(json.dumps(asdict(tcfg))),
        "losses": np.asarray(result.losses, dtype=np.float32),
        "seconds": np.array(result.seconds),
        "tokens": np.array(result.tokens),
    }
    arrays.update({f"final/{k}": v for k, v in result.params.items()})
    for step, params in result.snapshots.items():
        if step != tcfg.steps:
            arrays.update({f"step{step}/{k}": v.astype(np.float32) for k, v in params.items()})
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **arrays)


def _read_only(params: Params) -> Params:
    """``params`` with every array read-only: a shipped model never changes (its encodings are kept,
    :func:`core.translator.encoder.encode`), and a caller that tried to change one would fail at once."""
    for array in params.values():
        array.setflags(write=False)
    return params


def load(path: Path) -> Checkpoint:
    """Read a checkpoint written by :func:`save`; ValueError if it is missing or malformed."""
    path = Path(path)
    if not path.is_file():
        raise ValueError(f"path: no checkpoint at {path}; run `python -m core.translator --train` to make one")
    with np.load(path) as data:
        cfg = Config(**json.loads(str(data["config"])))
        raw = json.loads(str(data["train_config"]))
        tcfg = TrainConfig(**{**raw, "snapshots": tuple(raw["snapshots"])})
        groups: dict[str, Params] = {}
        for key in data.files:
            if "/" in key:
                group, name = key.split("/", 1)
                groups.setdefault(group, {})[name] = data[key].astype(np.float64)
        params = _read_only(check_params(groups.pop("final"), cfg))
        snapshots = {int(g.removeprefix("step")): _read_only(check_params(p, cfg)) for g, p in groups.items()}
        snapshots[tcfg.steps] = params
        return Checkpoint(
            cfg, tcfg, params, dict(sorted(snapshots.items())), data["losses"].astype(np.float64),
            float(data["seconds"]), int(data["tokens"]),
        )  # fmt: skip
