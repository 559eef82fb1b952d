"""computed_once: one computation however many threads ask at the same moment."""

import threading
import time

from core.once import computed_once


def test_concurrent_first_calls_compute_once_and_share_the_value():
    calls = []

    @computed_once
    def slow(x):
        calls.append(x)
        time.sleep(0.05)
        return [x]

    start = threading.Barrier(20)
    results = []

    def ask():
        start.wait()
        results.append(slow(3))

    threads = [threading.Thread(target=ask) for _ in range(20)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert calls == [3]
    assert all(r is results[0] for r in results)
    assert slow(4) == [4] and calls == [3, 4]
