"""Statistics across trials: pass^k, pass@k, intervals for the pass rate and the mean score, and the smallest
difference in mean score a run of n trials can detect."""

from __future__ import annotations

import functools
import math
import random
from collections import defaultdict
from collections.abc import Callable, Sequence

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


# The test behind every "detectable difference": two-sided, two-sample, alpha 0.05, power 0.8.
ALPHA = 0.05
POWER = 0.8


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-14:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1 - x) / b


def t_cdf(t: float, df: float) -> float:
    """Student's t distribution function with ``df`` degrees of freedom."""
    tail = 0.5 * _betainc(df / 2, 0.5, df / (df + t * t))
    return 1.0 - tail if t >= 0 else tail


@functools.lru_cache(maxsize=512)
def t_quantile(q: float, df: float) -> float:
    """The ``q`` quantile of Student's t (bisection on ``t_cdf``; no SciPy in the image)."""
    if not 0 < q < 1 or df <= 0:
        raise ValueError(f"t quantile needs 0 < q < 1 and df > 0 (q={q}, df={df})")
    lo, hi = -1e4, 1e4
    for _ in range(100):
        mid = (lo + hi) / 2
        if t_cdf(mid, df) < q:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def sample_sd(values: Sequence[float]) -> float | None:
    """Sample standard deviation (n - 1); None below two values."""
    n = len(values)
    if n < 2:
        return None
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))


def mean_interval(values: Sequence[float], confidence: float = 0.95,
                  bounds: tuple[float, float] = (0.0, 100.0)) -> tuple[float, float] | None:
    """Student-t interval for the mean of ``values``, clipped to ``bounds`` (a percentage's, by default: no mean
    lies outside them); None below two values, since one value says nothing of its own spread."""
    sd = sample_sd(values)
    if sd is None:
        return None
    n = len(values)
    mean = sum(values) / n
    half = t_quantile(1 - (1 - confidence) / 2, n - 1) * sd / math.sqrt(n)
    return (round(max(bounds[0], mean - half), 2), round(min(bounds[1], mean + half), 2))


def detectable_difference(sd_a: float, n: int, sd_b: float | None = None, *, df: float | None = None,
                          alpha: float = ALPHA, power: float = POWER) -> float | None:
    """The smallest true difference between two means of ``n`` independent scores each (spreads ``sd_a`` and
    ``sd_b``, default equal) that a two-sided two-sample t-test at ``alpha`` finds with probability ``power``:
    (t_{1-alpha/2} + t_{power}) * sqrt((sd_a^2 + sd_b^2) / n), t with ``df`` degrees of freedom (default 2(n-1)).
    None when there are no degrees of freedom."""
    df = 2 * (n - 1) if df is None else df
    if n < 1 or df < 1:
        return None
    other = sd_a if sd_b is None else sd_b
    scale = math.sqrt((sd_a ** 2 + other ** 2) / n)
    return round((t_quantile(1 - alpha / 2, df) + t_quantile(power, df)) * scale, 2)


def paired_detectable_difference(sd_differences: float, n: int, *, alpha: float = ALPHA,
                                 power: float = POWER) -> float | None:
    """The smallest true mean difference between two purples on the same ``n`` worlds that a two-sided paired
    t-test at ``alpha`` finds with probability ``power``, the per-world differences spreading by ``sd_differences``:
    (t_{1-alpha/2} + t_{power}) * sd / sqrt(n), t with n - 1 degrees of freedom. None below two worlds."""
    if n < 2:
        return None
    return round((t_quantile(1 - alpha / 2, n - 1) + t_quantile(power, n - 1)) * sd_differences / math.sqrt(n), 2)


def difference_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float] | None:
    """Student-t interval for the mean of paired differences (unbounded: a difference of percentages lies in
    -100..100); None below two values."""
    return mean_interval(values, confidence, bounds=(-100.0, 100.0))


def welch_interval(a: Sequence[float], b: Sequence[float], confidence: float = 0.95) -> tuple[float, float] | None:
    """Welch's interval for mean(a) - mean(b) of two independent samples; None when either has under two values."""
    sd_a, sd_b = sample_sd(a), sample_sd(b)
    if sd_a is None or sd_b is None:
        return None
    va, vb = sd_a ** 2 / len(a), sd_b ** 2 / len(b)
    diff = sum(a) / len(a) - sum(b) / len(b)
    if va + vb == 0:
        return (round(diff, 2), round(diff, 2))
    df = (va + vb) ** 2 / ((va ** 2 / (len(a) - 1) if va else 0) + (vb ** 2 / (len(b) - 1) if vb else 0))
    half = t_quantile(1 - (1 - confidence) / 2, df) * math.sqrt(va + vb)
    return (round(max(-100.0, diff - half), 2), round(min(100.0, diff + half), 2))


# Paired differences up to this many are sign-flipped exhaustively (2^n arrangements); more are sampled.
EXACT_FLIPS = 12
SAMPLED_FLIPS = 20_000


def sign_flip_p(differences: Sequence[float]) -> float | None:
    """Two-sided permutation p-value of paired differences (the sign-flip test: under "no difference" each pair's
    sign is a coin toss): exact up to ``EXACT_FLIPS`` pairs, else from ``SAMPLED_FLIPS`` flips of a fixed seed, so a
    comparison is reproducible. None without a pair."""
    n = len(differences)
    if n == 0:
        return None
    observed = abs(sum(differences)) - 1e-9
    if n <= EXACT_FLIPS:
        arrangements: int = 2 ** n
        hits = sum(abs(sum(d if (mask >> i) & 1 else -d for i, d in enumerate(differences))) >= observed
                   for mask in range(arrangements))
        return round(hits / arrangements, 4)
    rng = random.Random(0)
    hits = sum(abs(sum(d if rng.random() < 0.5 else -d for d in differences)) >= observed
               for _ in range(SAMPLED_FLIPS))
    return round((hits + 1) / (SAMPLED_FLIPS + 1), 4)


def pooled_within(groups: Sequence[Sequence[float]]) -> tuple[float, int] | None:
    """The pooled standard deviation of values around their own group's mean, and its degrees of freedom
    (sum of n_g - 1); None when no group has two values."""
    df = sum(len(g) - 1 for g in groups if g)
    if df < 1:
        return None
    squares = sum(sum((v - sum(g) / len(g)) ** 2 for v in g) for g in groups if g)
    return math.sqrt(squares / df), df


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
            scores = [r.percentage for r in rows]
            sd = sample_sd(scores)
            out.append(ScenarioSummary(
                scenario_id=scenario_id, trials=len(rows),
                mean_percentage=round(sum(r.percentage for r in rows) / len(rows), 2),
                pass_rate=round(sum(passed) / len(rows), 4), pass_hat_k=float(all(passed)),
                pass_at_k=float(any(passed)),
                statuses={str(s): sum(r.status == s for r in rows) for s in sorted({r.status for r in rows})},
                mean_percentage_ci95=mean_interval(scores),
                detectable_difference=None if sd is None else detectable_difference(sd, len(scores))))
        return out

    def _pooled(self) -> tuple[float, int] | None:
        # Scenarios differ in difficulty by design; what moves a run's mean is the spread of trials around their own
        # scenario's mean, so the spread is pooled within scenarios.
        return pooled_within([[r.percentage for r in rows] for rows in self.by_scenario.values()])

    def mean_percentage_ci95(self) -> tuple[float, float] | None:
        """95 % t-interval of ``mean_percentage``, from the spread of trials within their scenarios (the scenario
        set is fixed, so only that spread makes the mean move); None without two trials of one scenario."""
        pooled = self._pooled()
        if pooled is None:
            return None
        sd, df = pooled
        half = t_quantile(1 - ALPHA / 2, df) * sd / math.sqrt(self.n)
        mean = self.mean_percentage()
        return (round(max(0.0, mean - half), 2), round(min(100.0, mean + half), 2))

    def detectable_difference(self) -> float | None:
        """How far apart two runs' ``mean_percentage`` (each with this run's trials and spread) must truly be for a
        two-sided two-sample t-test at alpha 0.05 to tell them apart with power 0.8; None as for the interval."""
        pooled = self._pooled()
        if pooled is None:
            return None
        sd, df = pooled
        return detectable_difference(sd, self.n, df=2 * df)

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
