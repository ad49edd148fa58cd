"""Part: answer, in chat, when and where the user's dinner with a friend is and who else is coming.

No one message holds the answer. The calendar holds the dinner's time (moved since the first plan, which a mail
still names) but no place; the host's mail names the restaurant and one guest; a second guest wrote separately that
they are coming too. Beside it lie last month's dinner with the same host (an event and a mail naming another
restaurant and other guests). The answer must state, in the assistant's own words (pasted mail is not its words),
the right time, the restaurant and both guests — and neither the old restaurant nor last month's guests.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from green_agent.judging.context import EvalContext
from green_agent.judging.evaluators import EvalResult
from green_agent.scenario_kit import build as kit
from green_agent.scenario_kit.facts import has_all, times
from green_agent.scenario_kit.grading import when
from green_agent.scenario_kit.part import Part, Truth, grades, register
from green_agent.scenario_kit.precision import own_words
from green_agent.scenario_kit.slices import CompositionError, Day, Slice, iso

KEY = "facts_answer"
# None of thread_decision's options: the day's chat answers both, and a name one part wants is a stray for the other.
RESTAURANTS = ("Trattoria Vela", "Maple & Rye", "Golden Lantern", "The Olive Yard", "Casa Lumen", "Kinto Ramen",
               "Le Petit Quai")


class FactsAnswerTruth(Truth):
    at: str
    place: str
    old_place: str
    guests: list[list[Any]]
    old_guests: list[list[Any]]
    asked: str
    mails: list[str]


@register
class FactsAnswer(Part):
    """Answer, in chat, when and where the user's dinner with a friend is and who else is coming."""

    key = KEY
    Truth = FactsAnswerTruth

    def draw(self, day: Day) -> Slice:
        rng = day.rng
        host, guest, late, *old_guests = day.people(5, domain=rng.choice(("gmail.example", "fastmail.example")))
        place, old_place = rng.sample(RESTAURANTS, 2)
        options = [(d, h) for d in day.workdays(1, 4) for h in (19, 20)]
        d, hour = next(((d, h) for d, h in rng.sample(options, len(options))
                        if day.free(day.at(h - 1, days=d), day.at(h + 2, days=d))), (None, 0))
        if d is None:
            raise CompositionError(f"{KEY}: no free evening for the dinner")
        # The first plan's hour is held too: an assistant that read the old time must find nothing else there.
        day.claim(day.at(hour - 1, days=d), day.at(hour + 2, days=d), KEY)
        start, first = day.at(hour, days=d), day.at(hour - 1, days=d) + timedelta(minutes=30 * rng.randrange(0, 2))
        past = day.at(hour, days=-rng.randrange(25, 35))
        weekday = f"{start:%A}"
        booked = iso(day.start - timedelta(days=2))
        events = [
            kit.calendar_event("ev-facts-dinner", f"Dinner with {host.first}", iso(start),
                               iso(start + timedelta(hours=2)),
                               organizer=day.user.email, attendees=[(day.user.email, day.user.name, "accepted")],
                               created_at=booked, updated_at=booked),
            kit.calendar_event("ev-facts-past", f"Dinner with {host.first}", iso(past), iso(past + timedelta(hours=2)),
                               organizer=day.user.email, location=old_place,
                               attendees=[(day.user.email, day.user.name, "accepted")],
                               created_at=iso(past - timedelta(days=7)), updated_at=iso(past - timedelta(days=7)))]
        mails = [
            ("m-facts-old", host, past - timedelta(days=1), "Tomorrow!",
             f"Looking forward to tomorrow at {old_place}. {old_guests[0].first} and {old_guests[1].first} are "
             "joining us "
             f"as well, it should be a fun evening with the whole old crew."),
            ("m-facts-plan", host, day.start - timedelta(days=6), f"Dinner on {weekday}?",
             f"How about dinner on {weekday} at {first:%H:%M}? I'll look for a table somewhere nice "
             f"and let you know where once it is booked."),
            ("m-facts-booked", host, day.start - timedelta(days=2), f"Re: Dinner on {weekday}?",
             f"Booked! We have a table at {place}, but they could only do {start:%H:%M}, so I "
             f"changed the time. I've also invited {guest.name}, who is keen to meet you."),
            ("m-facts-late", late, day.start - timedelta(days=1), f"{weekday} dinner",
             f"{host.first} told me about the dinner on {weekday}, I'm coming along too if that's all right with you. "
             f"Can't wait to catch up properly.\n{late.first}"),
        ]
        emails = [kit.inbox_email(mid, who.email, day.user.email, subject, f"Hi {day.user.first},\n\n{body}\n\n"
                                  f"{who.first}", iso(at), read=True) for mid, who, at, subject, body in mails]
        answer = (f"Your dinner with {host.first} is on {weekday} at {start:%H:%M}, at {place}; "
                  f"{guest.first} {guest.last} and {late.first} {late.last} are coming too.")
        return Slice(
            part=KEY, emails=emails, calendar=events, done=answer,
            request=f"When and where is my dinner with {host.first} this week, and who else is coming?",
            truth=FactsAnswerTruth(at=iso(start), place=place, old_place=old_place,
                                   guests=[[p.first, p.last] for p in (guest, late)],
                                   old_guests=[[p.first, p.last]
                                                                                      for p in old_guests],
                                   asked=iso(day.start), mails=[e["body_text"] for e in emails]))

    @grades("When, where and who of the dinner", "accuracy", 20,
            "In chat, in the assistant's own words: the dinner's time, its restaurant and both guests; not last "
            "month's restaurant or guests.", pass_threshold=0.99)
    async def dinner_facts(self, ctx: EvalContext, truth: FactsAnswerTruth) -> EvalResult:
        """One point each for the time, the restaurant and the two guests named in the assistant's own chat words; each
        wrong fact named (last month's restaurant, one of last month's guests) takes a point away.
        A dump of the mail is not the assistant's words, and naming every candidate earns about nothing."""
        said = "\n".join(own_words(str(m.get("content") or ""), truth.mails) for m in ctx.assistant_messages())
        named = times(said, when(truth.asked))
        checks = {"time": when(truth.at) in named, "place": has_all(said, [truth.place]),
                  **{f"guest {g[0]}": has_all(said, [g[0]]) for g in truth.guests}}
        # The first plan's time is no error: "20:00, moved from 19:30" is a good answer, and the time's point needs
        # the right one anyway.
        wrong = {"old place": has_all(said, [truth.old_place]),
                 **{f"old guest {g[0]}": has_all(said, [g[0]]) for g in truth.old_guests}}
        errors = [name for name, hit in wrong.items() if hit]
        score = max(0.0, sum(checks.values()) - len(errors)) / len(checks)
        missed = [name for name, hit in checks.items() if not hit]
        return EvalResult(score=score, max_score=1.0,
                          explanation=f"{len(checks) - len(missed)}/{len(checks)} facts right"
                                      + (f"; missed {', '.join(missed)}" if missed else "")
                                      + (f"; wrong: {', '.join(errors)}" if errors else ""),
                          details={"checks": checks, "wrong": errors})
