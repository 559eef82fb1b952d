"""Command line: train both models, or evaluate the shipped checkpoints.

python -m core.translator --train              # train both, write checkpoints/ (about a minute)
python -m core.translator --train-longer-summary   # the fixed-summary model trained 4x longer (about 1.5 min)
python -m core.translator --train-luong        # Luong's three decoders, the attention model's budget; the five
                                               # side by side in checkpoints/luong/luong.json (about 2.5 min)
python -m core.translator --whatif             # every reading model's single-step interventions on the test
                                               # set, by part of speech, into checkpoints/whatif.json (~10 s)
python -m core.translator --evaluate           # evaluate checkpoints/ on the test sets, as a table
python -m core.translator --evaluate --json    # the same as one JSON object (with the Luong models, if trained)
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from core.translator import checkpoint, compare, run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m core.translator", description=__doc__.splitlines()[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--train", action="store_true", help="train both models and write the checkpoints")
    action.add_argument(
        "--train-longer-summary",
        action="store_true",
        help="train the fixed-summary model four times longer; write checkpoints/summary_longer.{npz,json}",
    )
    action.add_argument(
        "--train-luong",
        action="store_true",
        help="train Luong's dot, general and local models with the attention model's budget; write "
        "checkpoints/luong/{luong_dot,luong_general,luong_local}.npz and luong.json (all five models side by side)",
    )
    action.add_argument(
        "--whatif",
        action="store_true",
        help="for every model that reads with weights, how often one step's output word changes when its "
        "most-weighted word's weight moves to the second or is removed, by part of speech; write "
        "checkpoints/whatif.json",
    )
    action.add_argument("--evaluate", action="store_true", help="evaluate the checkpoints on the test sets")
    parser.add_argument("--json", action="store_true", help="with --evaluate: print one JSON object")
    parser.add_argument("--dir", type=Path, default=checkpoint.CHECKPOINT_DIR, help="checkpoint folder")
    parser.add_argument("--steps", type=int, default=None, help="with --train-luong: fewer steps (a quick check)")
    parser.add_argument("--note", default="", help="with --train-luong: a note on the machine, kept in luong.json")
    args = parser.parse_args(argv)
    if args.train:
        metrics = run.train_all(args.dir, log=lambda s: print(s, flush=True))
        print()
        print(run.format_table(metrics))
        print(f"\nwhole command (data, training, evaluation): {metrics['total_seconds']:.1f} s")
        return 0
    if args.train_longer_summary:
        metrics = run.train_longer_summary(args.dir, log=lambda s: print(s, flush=True))
        keys = ("steps", "exact_match", "perfect", "low_from", "at_most", "train_seconds")
        print(json.dumps({k: metrics[k] for k in keys}, indent=1))
        return 0
    if args.train_luong:
        if args.steps is not None and args.steps < 1:
            parser.error(f"--steps: expected a positive integer, got {args.steps}")
        try:
            recorded = compare.train_luong(
                args.dir, log=lambda s: print(s, flush=True), steps=args.steps, note=args.note
            )
        except ValueError as exc:
            print(exc, file=sys.stderr)
            return 1
        print()
        print(compare.format_table(recorded))
        print(f"\nwhole command (data, training, evaluation): {recorded['total_seconds']:.1f} s")
        return 0
    if args.whatif:
        from core.translator import api, whatif

        effects = whatif.effects_of_every_model(api.load_models(args.dir), api.test_sentences("test"))
        recorded = {"command": "python -m core.translator --whatif", "split": "test", "models": effects}
        (args.dir / whatif.READERS_FILE).write_text(json.dumps(recorded, indent=1) + "\n")
        print(json.dumps(recorded, indent=1))
        return 0
    try:
        metrics = run.evaluate_all(args.dir)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(json.dumps(metrics, indent=1) if args.json else run.format_table(metrics))
    return 0


if __name__ == "__main__":
    sys.exit(main())
