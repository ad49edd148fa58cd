"""Statistics across trials: pass^k, pass@k and a confidence interval for the pass rate."""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any


def wilson_interval(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval for a proportion (sensible at small n, unlike the normal approximation)."""
    if n == 0:
        return (0.0, 0.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def summarize(trial_rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Aggregate trial rows: per scenario and overall (pass^k: all k trials passed; pass@k: at least one)."""
    by_scenario: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in trial_rows:
        by_scenario[row["scenario_id"]].append(row)
    per_scenario = []
    for scenario_id, rows in by_scenario.items():
        passed = [bool(r["passed"]) for r in rows]
        per_scenario.append({
            "scenario_id": scenario_id, "trials": len(rows),
            "mean_percentage": round(sum(r["percentage"] for r in rows) / len(rows), 2),
            "pass_rate": round(sum(passed) / len(rows), 4),
            "pass_hat_k": all(passed), "pass_at_k": any(passed),
            "statuses": {s: sum(r["status"] == s for r in rows) for s in {r["status"] for r in rows}},
        })
    n = len(trial_rows)
    passes = sum(bool(r["passed"]) for r in trial_rows)
    scenarios = len(per_scenario) or 1
    return {
        "scenarios": len(per_scenario), "trials": n,
        "k": max((s["trials"] for s in per_scenario), default=0),
        "mean_percentage": round(sum(r["percentage"] for r in trial_rows) / n, 2) if n else 0.0,
        "pass_at_1": round(passes / n, 4) if n else 0.0,
        "pass_at_1_ci95": list(wilson_interval(passes, n)),
        "pass_hat_k": round(sum(s["pass_hat_k"] for s in per_scenario) / scenarios, 4),
        "pass_at_k": round(sum(s["pass_at_k"] for s in per_scenario) / scenarios, 4),
        "per_scenario": per_scenario,
    }
