"""Part: answer, in chat, when and where the user's dinner with a friend is and who else is coming.

No one message holds the answer, and no phrase marks where each fact sits. The time is either on the calendar (moved
since the first plan, which a mail still names) or only in the host's later mail (the calendar still holds the first
plan); the host's mail names the restaurant (sometimes beside one that was full) or books "the same place as last
time" (whose name only last month's event and mail give); it names one guest, in words drawn from many; a second
guest wrote separately that they are coming too; a third person said the same and then dropped out (they wrote so,
or the host did). Beside it lie last month's dinner with the same host (an event and a mail naming its restaurant
and other guests). The answer must state, in one reply and in the assistant's own words (pasted mail is not its
words), the right time, the restaurant and both guests — and none of the other restaurants, last month's guests or
the one who is not coming. It is all or nothing: a digest of every name, or three facts of four, earns nothing.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

from green_agent.judging.context import EvalContext
from green_agent.judging.evaluators import EvalResult
from green_agent.scenario_kit import build as kit
from green_agent.scenario_kit.facts import has_all, has_any, times
from green_agent.scenario_kit.grading import when
from green_agent.scenario_kit.part import Part, Truth, grades, register
from green_agent.scenario_kit.phrasing import Phrasebook
from green_agent.scenario_kit.precision import own_words
from green_agent.scenario_kit.records import CalendarEvent
from green_agent.scenario_kit.slices import CompositionError, Day, Slice, iso
from green_agent.scenario_kit.world import Person

KEY = "facts_answer"
# None of thread_decision's options: the day's chat answers both, and a name one part wants is a stray for the other.
RESTAURANTS = ("Trattoria Vela", "Maple & Rye", "Golden Lantern", "The Olive Yard", "Casa Lumen", "Kinto Ramen",
               "Le Petit Quai", "Fig and Fennel", "The Salt Cellar")
# Where the dinner's time is (the calendar, or only the host's later mail), whether the host names the restaurant or
# books last month's place again ("the same restaurant as last time": its name is on last month's event), and who
# says the third person is not coming (the host, or that person): a world's shape.
SHAPES = tuple(f"{time}/{where}/{no}" for time in ("calendar", "mail") for where in ("named", "again")
               for no in ("host", "self"))

OLD = (
    "Looking forward to tomorrow at {old_place}. {old1} and {old2} are joining us as well, it should be a fun "
    "evening with the whole old crew.",
    "Table's booked at {old_place} for tomorrow! {old1} is in, and {old2} too.",
    "Reminder: {old_place} tomorrow. I've told {old1} and {old2} the time.",
    "See you tomorrow. {old1} and {old2} said they'd meet us at {old_place}.",
    "All set for {old_place} tomorrow evening with {old1} and {old2}.",
)
PLAN = (
    "How about dinner on {weekday} at {first}? I'll look for a table somewhere nice and let you know where once it "
    "is booked.",
    "Are you free {weekday} evening? Say {first}. Leave the restaurant to me.",
    "Dinner {weekday}? I was thinking {first}, place to be decided.",
    "Let's do {weekday}, {first}-ish. I'll find somewhere and confirm.",
    "{weekday} works for me, {first}. I'll sort out the booking.",
)
BOOKED = (
    "Booked! We have a table at {place}, {moved}. I've also invited {guest}, who is keen to meet you.",
    "{guest} will be joining us, hope that's OK. {rejected} was full, so it's {place} instead, {moved}.",
    "Good news, {place} could fit us in, {moved}. And I asked {guest} along.",
    "Sorted: {place}, {moved}. Oh, {guest} is coming too.",
    "So {rejected} had nothing, but {place} did, {moved}. I mentioned it to {guest}, who said yes.",
)
BOOKED_AGAIN = (
    "Booked! {rejected} was full, so I went back to {ref}, {moved}. I've also invited {guest}, who is keen to meet "
    "you.",
    "We're going back to {ref}, {moved}. {guest} is coming too, hope that's OK.",
    "{guest} will be joining us. I couldn't resist {ref} again, {moved}.",
    "Sorted: {ref}, {moved}. {rejected} had nothing anyway. Oh, I asked {guest} along.",
    "Same as before: {ref}, {moved}. I mentioned it to {guest}, who said yes.",
)
AGAIN = ("the place we went last month", "the same restaurant as last time", "our spot from last month",
         "where we had dinner last time", "last month's place")
MOVED = ("but they could only do {start}, so I changed the time", "at {start} rather than {first}",
         "they had {start} free, not {first}, so {start} it is", "the only slot was {start}",
         "though we'll have to make it {start}")
# The calendar holds the time (the host moved the event): the mail leaves it to the invite.
IN_CALENDAR = ("and I've updated the calendar invite", "the invite has the details", "check the calendar for the time",
               "booked under my name", "they'll hold the table for us")
LATE = (
    "{host} told me about the dinner on {weekday}, I'm coming along too if that's all right with you. Can't wait to "
    "catch up properly.",
    "Count me in for {weekday}! {host} said you wouldn't mind an extra one.",
    "I'll be there on {weekday} too. See you at dinner!",
    "Hope it's fine that I tag along on {weekday}, {host} insisted.",
    "Just so you know, I said yes to {host}'s dinner on {weekday}. Looking forward to it.",
)
DECLINE_SELF = (
    "I said yes to {host}, but I can't make {weekday} after all, sorry. Next time!",
    "Sadly I'm away on {weekday} now, so I'll miss the dinner. Have fun!",
    "Change of plan: I won't be at {host}'s dinner on {weekday}; something came up at work.",
    "Can't do {weekday} after all, I'm afraid. Say hi to {host} for me.",
    "Bad news: I'm out for {weekday}. Enjoy it!",
)
DECLINE_HOST = (
    "PS: {no} said yes at first, but can't make it after all.",
    "PS: {no} has dropped out, away that week, so it won't be the full gang.",
    "PS: {no} sends apologies; something came up, so they're out.",
    "PS: no {no} this time after all, sadly; they have a work thing.",
    "PS: {no} was coming, but has had to cancel.",
)


class FactsAnswerTruth(Truth):
    at: str
    place: str
    old_place: str
    guests: list[list[Any]]
    old_guests: list[list[Any]]
    asked: str
    mails: list[str]
    host: str = ""
    wrong_places: list[str] = []  # besides old_place: a restaurant that was full
    absent: list[list[Any]] = []  # asked, and not coming
    shape: str = ""


Mail = tuple[Person, datetime, str, str]  # (sender, sent at, subject, body)


def _dinners(day: Day, host: Person, calendar_at: datetime, booked: str, past: datetime,
             old_place: str) -> list[CalendarEvent]:
    # This week's dinner (at the time the calendar holds) and last month's, at the old place.
    return [
        kit.calendar_event("ev-facts-0", f"Dinner with {host.first}", iso(calendar_at),
                           iso(calendar_at + timedelta(hours=2)),
                           organizer=day.user.email, attendees=[(day.user.email, day.user.name, "accepted")],
                           created_at=booked, updated_at=booked),
        kit.calendar_event("ev-facts-1", f"Dinner with {host.first}", iso(past), iso(past + timedelta(hours=2)),
                           organizer=day.user.email, location=old_place,
                           attendees=[(day.user.email, day.user.name, "accepted")],
                           created_at=iso(past - timedelta(days=7)), updated_at=iso(past - timedelta(days=7)))]


@register
class FactsAnswer(Part):
    """Answer, in chat, when and where the user's dinner with a friend is and who else is coming."""

    key = KEY
    version = 2
    Truth = FactsAnswerTruth
    phrasebook = Phrasebook({"old_dinner": OLD, "plan": PLAN, "booked": BOOKED, "booked_again": BOOKED_AGAIN,
                             "last_time": AGAIN, "time_moved": MOVED,
                             "time_in_calendar": IN_CALENDAR, "coming_too": LATE, "not_coming": DECLINE_SELF,
                             "not_coming_host": DECLINE_HOST})
    structures = len(SHAPES)

    def structure(self, truth: FactsAnswerTruth) -> str:
        return truth.shape

    def draw(self, day: Day) -> Slice:
        rng, book = day.rng, self.phrasebook
        host, guest, late, absent, *old_guests = day.people(6, domain=rng.choice(("gmail.example",
                                                                                 "fastmail.example")))
        place, old_place, rejected = rng.sample(RESTAURANTS, 3)
        shape = SHAPES[rng.randrange(len(SHAPES))]
        in_mail, again, host_says_no = (shape.startswith("mail"), "/again/" in shape, shape.endswith("host"))
        if again:  # last month's dinner was at this very place: its event and mail name it
            old_place = place
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
        booked = iso(day.start - timedelta(days=2 if in_mail else 1))
        # "mail": the calendar still holds the first plan's time, and only the host's later mail moves it.
        calendar_at = first if in_mail else start
        events = _dinners(day, host, calendar_at, booked, past, old_place)
        rng.shuffle(events)
        f = {"weekday": weekday, "first": f"{first:%H:%M}", "start": f"{start:%H:%M}", "host": host.first,
             "place": place, "rejected": rejected, "old_place": old_place, "guest": guest.name,
             "old1": old_guests[0].first, "old2": old_guests[1].first, "no": absent.first}
        moved = book.say(rng, "time_moved" if in_mail else "time_in_calendar", **f)
        news = (book.say(rng, "booked_again", **f, moved=moved, ref=book.say(rng, "last_time", **f)) if again
                else book.say(rng, "booked", **f, moved=moved))
        if host_says_no:
            news += "\n\n" + book.say(rng, "not_coming_host", **f)
        mails = self._mails(day, f, (host, late, absent), past, news, in_mail=in_mail, host_says_no=host_says_no)
        order = rng.sample(range(len(mails)), len(mails))
        emails = [kit.inbox_email(f"m-facts-{n}", who.email, day.user.email, subject, f"Hi {day.user.first},\n\n"
                                  f"{body}\n\n{who.first}", iso(at), read=True)
                  for n, (who, at, subject, body) in zip(order, mails, strict=True)]
        answer = (f"Your dinner with {host.first} is on {weekday} at {start:%H:%M}, at {place}; "
                  f"{guest.first} {guest.last} and {late.first} {late.last} are coming too.")
        return Slice(
            part=KEY, emails=emails, calendar=events, done=answer,
            request=f"When and where is my dinner with {host.first} this week, and who else is coming?",
            # "again": no old place to avoid; the restaurant that was full (named or not) stands in for it.
            truth=FactsAnswerTruth(at=iso(start), place=place, old_place=rejected if again else old_place,
                                   guests=[[p.first, p.last] for p in (guest, late)],
                                   old_guests=[[p.first, p.last] for p in old_guests],
                                   asked=iso(day.start), mails=[e["body_text"] for e in emails], host=host.first,
                                   wrong_places=[rejected] if rejected in news and not again else [],
                                   absent=[[absent.first, absent.last]], shape=shape))

    def _mails(self, day: Day, f: dict[str, str], people: tuple[Person, Person, Person], past: datetime, news: str,
               *, in_mail: bool, host_says_no: bool) -> list[Mail]:
        # The mails in the order their text is drawn; the inbox shows them in another order.
        rng, book = day.rng, self.phrasebook
        host, late, absent = people
        weekday, old_place = f["weekday"], f["old_place"]
        mails: list[Mail] = [
            (host, past - timedelta(days=1), rng.choice(("Tomorrow!", "See you tomorrow", f"{old_place}")),
             book.say(rng, "old_dinner", **f)),
            (host, day.start - timedelta(days=6), rng.choice((f"Dinner on {weekday}?", "Dinner soon?",
                                                               "Catch-up", "Long time no see")),
             book.say(rng, "plan", **f)),
            (host, day.start - timedelta(days=1 if in_mail else 2),
             rng.choice(("Re: Dinner", "Booked", "Update", f"{weekday}")), news),
            (late, day.start - timedelta(days=rng.choice((1, 3))), rng.choice((f"{weekday} dinner", "Dinner",
                                                                               "See you soon", "Hi!")),
             book.say(rng, "coming_too", **f)),
        ]
        # The one not coming first said yes, in the words a guest uses; then withdrew (or the host says so).
        mails.append((absent, day.start - timedelta(days=rng.choice((4, 5))), rng.choice(("Dinner", "Count me in",
                                                                                          f"{weekday}")),
                      book.say(rng, "coming_too", **f)))
        if not host_says_no:
            mails.append((absent, day.start - timedelta(days=rng.choice((0.5, 1))),
                          rng.choice((f"{weekday}", "Dinner", "Sorry!", f"Re: {host.first}'s dinner")),
                          book.say(rng, "not_coming", **f)))
        return mails

    @grades("When, where and who of the dinner", "accuracy", 20,
            "In one chat reply, in the assistant's own words, in the paragraphs about the dinner: its time, its "
            "restaurant and both guests, and none of last month's guests, a restaurant that was full, last month's "
            "restaurant when it is not this one, or the person who dropped out. All or nothing: an answer with a fact "
            "missing or wrong sends the user to the wrong table or leaves them expecting the wrong people.",
            pass_threshold=0.99)
    async def dinner_facts(self, ctx: EvalContext, truth: FactsAnswerTruth) -> EvalResult:
        """Full marks when one reply, in the assistant's own chat words and in the answer about the dinner (the
        paragraphs of the reply that speak of it, and the one after each), names the time, the restaurant and the two
        guests, and no wrong fact (another restaurant, one of last month's guests, the one not coming); else 0 — the
        explanation counts the facts right and wrong in the best reply. Names spread over several replies, or a
        digest of the mail, tie nothing to the dinner; a dump of the mail is not the assistant's words."""
        best: tuple[float, dict[str, bool], list[str]] = (-1.0, {}, [])
        for message in ctx.assistant_messages():
            said = _about_the_dinner(own_words(str(message.get("content") or ""), truth.mails), truth)
            named = times(said, when(truth.asked))
            checks = {"time": when(truth.at) in named, "place": has_all(said, [truth.place]),
                      **{f"guest {g[0]}": has_all(said, [g[0]]) for g in truth.guests}}
            # The first plan's time is no error: "20:00, moved from 19:30" is a good answer, and the time's point
            # needs the right one anyway.
            wrong = {**{f"wrong place {p}": has_all(said, [p]) for p in (truth.old_place, *truth.wrong_places)},
                     **{f"old guest {g[0]}": has_all(said, [g[0]]) for g in truth.old_guests},
                     **{f"not coming {g[0]}": has_all(said, [g[0]]) for g in truth.absent}}
            errors = [name for name, hit in wrong.items() if hit]
            score = max(0.0, sum(checks.values()) - len(errors)) / len(checks)
            if score > best[0]:
                best = (score, checks, errors)
        net, checks, errors = best
        score = 1.0 if net == 1.0 else 0.0
        if not checks:
            return EvalResult(score=0.0, max_score=1.0, explanation="no reply in chat")
        missed = [name for name, hit in checks.items() if not hit]
        return EvalResult(score=score, max_score=1.0,
                          explanation=f"{len(checks) - len(missed)}/{len(checks)} facts right"
                                      + (f"; missed {', '.join(missed)}" if missed else "")
                                      + (f"; wrong: {', '.join(errors)}" if errors else ""),
                          details={"checks": checks, "wrong": errors})


def _about_the_dinner(text: str, truth: FactsAnswerTruth) -> str:
    """The paragraphs of ``text`` that speak of the dinner (name it, its host, a restaurant or a time), each with the
    paragraph after it (a list of guests under the answer)."""
    paragraphs = re.split(r"\n\s*\n", text)
    marks = ["dinner", truth.host, truth.place, truth.old_place, *truth.wrong_places]
    about = [bool(has_any(p, [m for m in marks if m]) or times(p, when(truth.asked))) for p in paragraphs]
    keep = [p for i, p in enumerate(paragraphs) if about[i] or (i and about[i - 1])]
    return "\n\n".join(keep)
