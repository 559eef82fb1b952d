"""bench.translator times every model's training, Luong et al.'s three included, and refuses names it has not."""

from __future__ import annotations

import pytest

from bench import translator


def test_the_bench_trains_every_model_it_is_asked_for(capsys):
    translator.main(["--steps", "2"])
    out = capsys.readouterr().out
    for name in ("attention", "summary", "luong_dot", "luong_general", "luong_local"):
        assert any(line.startswith(name) and "2 steps of 64 sentences" in line for line in out.splitlines()), name
    assert "5 model(s)" in out


def test_the_bench_refuses_an_unknown_model():
    with pytest.raises(SystemExit):
        translator.main(["--models", "transformer"])
