"""Balanced days for an assessment whose trials each face a world of their own (config ``worlds: "each"``).

Drawn independently, the days of a short assessment hold some parts three times and others never, and carry attacks
on a coin's whim: two purples, or one purple twice, get scores that differ by what was drawn as much as by what it
did. Drawn in balance (a balanced incomplete design, as item banks are), every part of the family comes up about
equally often and at every position in turn, and every other day carries one attack, the goals in turn — so an
assessment's mean varies less (figures in docs/scoring.md, "Paired comparisons"; tests/bench/bench_balance.py)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from green_agent.protocol import AttackChoice, Composition

__all__ = ["balanced_days"]


def balanced_days(parts: Sequence[str], trials: int, count: tuple[int, int], goals: Sequence[str], root: int,
                  fits: Callable[[int, Composition], bool], *, attacks: bool) -> list[Composition]:
    """One composition per trial: the day's parts taken in turn from a cycle of ``parts`` (shuffled from ``root``,
    reshuffled when spent), as many per day as ``count`` allows in turn, rotated so every position gets every part;
    with ``attacks``, every odd day carries one attack, the ``goals`` in turn. ``fits(trial, composition)`` says
    whether that trial's day can be composed so (parts may clash): a part that does not fit waits for the next day."""
    rng = random.Random(f"balance:{root}")
    sizes = list(range(min(count[0], len(parts)), min(count[1], len(parts)) + 1))
    cycle: list[str] = rng.sample(list(parts), len(parts))
    waiting: list[str] = []
    goal_order = rng.sample(list(goals), len(goals))
    days: list[Composition] = []

    def take(day: list[str]) -> str | None:  # the longest-waiting part not in the day yet
        for queue in (waiting, cycle):
            for i, key in enumerate(queue):
                if key not in day:
                    return queue.pop(i)
        return None

    for t in range(trials):
        day: list[str] = []
        while len(day) < sizes[t % len(sizes)]:
            key = take(day)
            if key is None:
                cycle.extend(rng.sample(list(parts), len(parts)))
                key = take(day)
            if key is None:
                break
            day.append(key)
        carried: AttackChoice | tuple[str, ...] = AttackChoice.NONE
        if attacks and goal_order and t % 2 == 1:
            carried = (goal_order[(t // 2) % len(goal_order)],)
        while len(day) > 1 and not fits(t, Composition(parts=tuple(day), attacks=carried)):
            waiting.insert(0, day.pop())
        turn = t % len(day)
        rotated = Composition(parts=tuple(day[turn:] + day[:turn]), attacks=carried)
        days.append(rotated if turn == 0 or fits(t, rotated) else Composition(parts=tuple(day), attacks=carried))
    return days
