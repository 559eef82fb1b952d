"""Benchmark: a sweep of many decoder states through one attention step.

    python -m bench.sweep [--states 100000] [--positions 64] [--d-a 16]

Prints the time of the vectorised sweep (scores, Softmax and contexts for
every state), the time of a bare ``np.tanh`` over an array with as many
elements as the scorer's intermediate (N x T x d_a) in the same run, their
ratio (target: at most 3), and the speed-up over a Python loop that calls the
single-state reading once per state (timed on a subset and scaled).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from core import AdditiveParams, attend


def best_of(fn, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=100_000)
    parser.add_argument("--positions", type=int, default=64)
    parser.add_argument("--d-a", type=int, default=16)
    parser.add_argument("--d-h", type=int, default=8)
    parser.add_argument("--d-s", type=int, default=4)
    parser.add_argument("--loop-states", type=int, default=2_000, help="states timed in the Python loop")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    rng = np.random.default_rng(0)
    N, T, d_a = args.states, args.positions, args.d_a
    H = rng.normal(size=(T, args.d_h))
    S = rng.normal(size=(N, args.d_s))
    params = AdditiveParams.checked(
        rng.normal(size=(d_a, args.d_h)), rng.normal(size=(d_a, args.d_s)), rng.normal(size=d_a), rng.normal(size=d_a)
    )
    elements = rng.normal(size=N * T * d_a)

    sweep = best_of(lambda: attend(H, S, params), args.repeats)
    bare = best_of(lambda: np.tanh(elements), args.repeats)
    subset = S[: args.loop_states]
    loop = best_of(lambda: [attend(H, s, params) for s in subset], max(1, args.repeats // 2))
    loop_full = loop * N / len(subset)

    print(f"sweep: N = {N:,} states x T = {T} positions, d_a = {d_a} ({N * T * d_a:,} tanh evaluations)")
    print(f"  vectorised sweep (scores, Softmax, contexts): {sweep * 1e3:9.1f} ms")
    print(f"  bare np.tanh over {N * T * d_a:,} elements:     {bare * 1e3:9.1f} ms")
    print(f"  ratio sweep / tanh:                           {sweep / bare:9.2f}   (target <= 3)")
    print(f"  Python loop of single-state reads:            {loop_full:9.1f} s  (scaled from {len(subset):,} states)")
    print(f"  speed-up over the loop:                       {loop_full / sweep:9.0f} x")


if __name__ == "__main__":
    main()
