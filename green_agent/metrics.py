"""The green's Prometheus metrics, one registry per app (so tests and several apps in a process never collide)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from green_agent.protocol import TrialRow
from ues_pool.pool import UESPool


class GreenMetrics:
    """Every Prometheus metric of the green."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self.started = Counter("green_assessments_started", "Valid assessment requests accepted.", registry=r)
        self.finished = {
            "completed": Counter("green_assessments_completed", "Assessments that ended completed.", registry=r),
            "rejected": Counter("green_assessments_rejected", "Assessment requests rejected as invalid.", registry=r),
            "failed": Counter("green_assessments_failed", "Assessments that ended failed.", registry=r),
            "canceled": Counter("green_assessments_canceled", "Assessments that ended canceled.", registry=r),
        }
        self.trials = Counter("green_trials", "Trials run, by status.", ["status"], registry=r)
        self.trial_duration = Histogram("green_trial_duration_seconds", "Wall-clock duration of one trial.",
                                        buckets=(1, 5, 15, 30, 60, 120, 300, 600, 1200, 3600, float("inf")),
                                        registry=r)
        self.pool_idle = Gauge("green_pool_idle_instances", "Warm idle UES instances.", registry=r)
        self.pool_leased = Gauge("green_pool_leased_instances", "UES instances leased to contexts.", registry=r)
        self.pool_starting = Gauge("green_pool_starting_instances", "UES instances being started.", registry=r)
        # The pool counts its own events; a gauge mirrors each running total when /metrics is read.
        self.pool_events = Gauge("green_pool_events", "Pool events since start-up, by kind: acquire_waits "
                                 "(acquisitions that found every slot taken), destroyed_unhealthy, reaped_orphans, …",
                                 ["event"], registry=r)

    def assessment_started(self) -> None:
        self.started.inc()

    def assessment_finished(self, state: str) -> None:
        """Count a terminal state (``completed``, ``rejected``, ``failed``, ``canceled``)."""
        counter = self.finished.get(state)
        if counter is not None:
            counter.inc()

    def observe_trials(self, rows: list[TrialRow]) -> None:
        for row in rows:
            self.trials.labels(status=row.status.value).inc()
            self.trial_duration.observe(row.duration_seconds)

    def observe_pool(self, pool: UESPool | None) -> None:
        if pool is None:
            return
        stats = pool.metrics()
        self.pool_idle.set(float(stats.get("idle", 0)))
        self.pool_leased.set(float(stats.get("leased", 0)))
        self.pool_starting.set(float(stats.get("starting", 0)))
        for event, count in pool.stats.items():
            self.pool_events.labels(event=event).set(float(count))

    def render(self) -> bytes:
        return generate_latest(self.registry)
