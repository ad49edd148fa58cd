"""The words of a calendar_conflicts world: the scenario's description and the user's request (the priorities, the
third one and the destination as the world draws them), and how prose names days, dates and people."""

from __future__ import annotations

from datetime import date

from . import rules
from .plan import MONTHS, Plan, last_day, weekday


def date_words(d: date) -> str:
    return f"{weekday(d)} {d.day} {MONTHS[d.month - 1]}"


def joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _week_words(plan: Plan) -> str:
    mon, fri = plan.monday, last_day(plan)
    if mon.month == fri.month:
        return f"Mon {mon.day} - Fri {fri.day} {MONTHS[fri.month - 1]}"
    return f"Mon {mon.day} {MONTHS[mon.month - 1]} - Fri {fri.day} {MONTHS[fri.month - 1]}"


def texts(plan: Plan) -> dict[str, str]:
    """The scenario's description and the user's request."""
    u = plan.user
    board = weekday(next(c for c in plan.clashes if c.kind == "board").winner.day)
    personal = next(c for c in plan.clashes if c.kind == "personal")
    description = (
        f"Monday morning at {plan.company}. {u.name}'s week has four double-bookings (a customer meeting vs an "
        f"internal one, twice; {plan.personal['description']} vs a meeting; the board review vs a customer call), "
        f"plus near misses that only touch and a clash with an event {u.first} already declined. {u.first} states "
        f"the priorities in chat: the board review is untouchable, {plan.personal['description']} stays, and "
        f"{_regime_words(plan, short=True)}; losing meetings {u.first} organises move to "
        f"{_destination_words(plan, short=True)}, others are declined. The assistant must resolve every clash "
        f"accordingly, email exactly the people affected, leave everything else alone and summarise in chat.")
    prompt = (
        f"Hi! My calendar this week ({_week_words(plan)}) is a mess: several things are double-booked. Please fix "
        f"every clash using these priorities: 1) never move or decline the board review on {board}; "
        f"2) my {plan.personal['prompt']} on {weekday(personal.winner.day)} stays, no matter what; 3) otherwise "
        f"{_regime_words(plan)}. If I organise the meeting that loses, move it to "
        f"{_destination_words(plan)}; if someone else organises it, decline it. Email the people affected by each "
        f"change - politely, saying what changed - and don't bother anyone else. Then give me a short summary "
        f"here.")
    return {"description": description, "user_prompt": prompt}


def _regime_words(plan: Plan, short: bool = False) -> str:
    """The user's third priority: how a customer meeting and an internal one are settled."""
    focus, why = plan.focus, plan.crunch
    if plan.regime == "customers":
        return "customer meetings beat internal ones"
    if plan.regime == "internal":
        return ("internal meetings beat customer ones" if short else
                f"internal meetings beat customer ones this week - {why}")
    if plan.regime == "internal_except":
        return (f"internal meetings beat customer ones except {focus}'s" if short else
                f"internal meetings beat customer ones this week ({why}), with one exception: anything with "
                f"{focus} wins, their renewal is at risk")
    return (f"customer meetings beat internal ones except {focus}'s" if short else
            f"customer meetings beat internal ones, except {focus}: we're winding that account down, so their "
            f"meetings lose to internal ones")


def _destination_words(plan: Plan, short: bool = False) -> str:
    """Where the user wants a losing meeting the user organises to go."""
    if plan.destination == "earliest":
        return ("the earliest free slot that day" if short else
                f"the earliest free slot that same day, starting on the hour or half past "
                f"({rules.WORK_START}-{rules.WORK_END} UTC, no new clash)")
    if plan.destination == "latest":
        return ("the latest free slot that day" if short else
                f"the latest free slot that same day that still ends by {rules.WORK_END} UTC, starting on the hour or "
                f"half past (no new clash)")
    return ("the first free slot after the meeting that won" if short else
            f"the first free slot after the meeting it clashed with ends, the same day, starting on the hour or half "
            f"past ({rules.WORK_START}-{rules.WORK_END} UTC, no new clash)")


