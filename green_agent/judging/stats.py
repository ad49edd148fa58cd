"""Statistics across trials: pass^k, pass@k and a confidence interval for the pass rate."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable

from green_agent.protocol import ScenarioSummary, TrialRow


def wilson_interval(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval for a proportion (sensible at small n, unlike the normal approximation)."""
    if n == 0:
        return (0.0, 0.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def pass_hat(passes: int, n: int, k: int) -> float:
    """pass^k (tau-bench): the chance that k trials drawn without replacement from n, of which ``passes`` passed,
    all pass — the unbiased estimator C(c, k) / C(n, k). Needs 1 ≤ k ≤ n."""
    if not 1 <= k <= n or not 0 <= passes <= n:
        raise ValueError(f"pass^k needs 1 <= k <= n and 0 <= passes <= n (passes={passes}, n={n}, k={k})")
    return math.comb(passes, k) / math.comb(n, k)


def pass_at(passes: int, n: int, k: int) -> float:
    """pass@k: the chance that at least one of k trials drawn from n passes, 1 - C(n - c, k) / C(n, k)."""
    if not 1 <= k <= n or not 0 <= passes <= n:
        raise ValueError(f"pass@k needs 1 <= k <= n and 0 <= passes <= n (passes={passes}, n={n}, k={k})")
    return 1.0 - math.comb(n - passes, k) / math.comb(n, k)


class TrialStats:
    """Aggregates of trial rows, per scenario and overall."""

    def __init__(self, rows: list[TrialRow]) -> None:
        self.rows = rows
        self.by_scenario: dict[str, list[TrialRow]] = defaultdict(list)
        for row in rows:
            self.by_scenario[row.scenario_id].append(row)

    @property
    def n(self) -> int:
        return len(self.rows)

    @property
    def passes(self) -> int:
        return sum(row.passed for row in self.rows)

    @property
    def k(self) -> int:
        """The most trials any scenario had."""
        return max((len(rows) for rows in self.by_scenario.values()), default=0)

    def per_scenario(self) -> list[ScenarioSummary]:
        out = []
        for scenario_id, rows in self.by_scenario.items():
            passed = [row.passed for row in rows]
            out.append(ScenarioSummary(
                scenario_id=scenario_id, trials=len(rows),
                mean_percentage=round(sum(r.percentage for r in rows) / len(rows), 2),
                pass_rate=round(sum(passed) / len(rows), 4), pass_hat_k=float(all(passed)),
                pass_at_k=float(any(passed)),
                statuses={str(s): sum(r.status == s for r in rows) for s in sorted({r.status for r in rows})}))
        return out

    def mean_percentage(self) -> float:
        return round(sum(r.percentage for r in self.rows) / self.n, 2) if self.n else 0.0

    def pass_at_1(self) -> float:
        return round(self.passes / self.n, 4) if self.n else 0.0

    def pass_hat_by_k(self) -> list[float]:
        """pass^k for k = 1..K, each the mean over the scenarios that ran at least k trials."""
        curve = []
        for k in range(1, self.k + 1):
            values = [pass_hat(sum(r.passed for r in rows), len(rows), k)
                      for rows in self.by_scenario.values() if len(rows) >= k]
            curve.append(round(sum(values) / len(values), 4))
        return curve

    def pass_hat_k(self) -> float:
        """Share of scenarios whose every trial passed (pass^k at each scenario's own k)."""
        return self._mean_over_scenarios(lambda c, n: pass_hat(c, n, n))

    def pass_at_k(self) -> float:
        """Share of scenarios with at least one passing trial."""
        return self._mean_over_scenarios(lambda c, n: pass_at(c, n, n))

    def _mean_over_scenarios(self, estimate: Callable[[int, int], float]) -> float:
        if not self.by_scenario:
            return 0.0
        values = [estimate(sum(r.passed for r in rows), len(rows)) for rows in self.by_scenario.values()]
        return round(sum(values) / len(values), 4)
