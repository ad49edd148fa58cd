"""The recorded performance figures (tests/bench/figures.json, written by ``python -m tests.bench.bench_figures
--record``): the newest run may not be more than 50 % worse than its reference on any figure. Nothing is timed here;
the benchmark job measures, this test reads what it stored."""

from __future__ import annotations

import importlib

from tests.bench.bench_figures import FIGURES, REGRESSION, RETIRED, STORE, load_store, regressions


def run(**figures: float) -> dict:
    return {"figures": figures}


def test_the_newest_recorded_run_regressed_on_no_figure():
    runs = load_store()
    assert runs, f"{STORE} holds no run: record one with `uv run python -m tests.bench.bench_figures --record`"
    *before, newest = runs
    found = regressions(before, newest)
    assert not found, (f"recorded on {newest['recorded_at']} at {newest['commit']} (load {newest['loadavg_1min']}), "
                       f"these figures are over {REGRESSION}× their reference: {found}")


def test_a_figure_half_as_slow_again_is_a_regression_and_a_smaller_step_is_not():
    history = [run(a=1.0, b=10.0), run(a=1.2, b=10.0), run(a=0.8, b=12.0)]  # references: a 1.0, b 10.0
    assert regressions(history, run(a=1.49, b=14.9)) == {}
    assert regressions(history, run(a=1.51, b=9.0)) == {"a": {"value": 1.51, "reference": 1.0, "ratio": 1.51}}
    # A figure nobody measured before has no reference yet; an improvement is never a regression.
    assert regressions(history, run(c=100.0, b=1.0)) == {}
    # Only the newest runs make the reference: an old slow era does not excuse a new slowdown.
    assert "a" in regressions([run(a=9.0)] * 5 + history, run(a=1.6))


def test_every_figure_comes_from_a_benchmark_module_of_this_repository():
    stored = load_store()
    for figure in FIGURES:
        module = importlib.import_module(figure.command[0])
        assert callable(module.main), figure
    recorded = {name for r in stored for name in r["figures"]}
    known = {figure.name for figure in FIGURES} | set(RETIRED)
    assert recorded <= known, recorded - known
    assert not set(RETIRED) & {figure.name for figure in FIGURES}, "a retired figure is measured again"
