"""Part: answer, in chat, when and where the user's dinner with a friend is and who else is coming.

No one message holds the answer, and no phrase, field, count or position marks where each fact sits (version 3):

* **Time.** Two clock times are about: the first plan's (in the host's first mail) and another. The dinner is at the
  other one with the calendar right (the host moved the invite) or stale (only the host's mail says so, by the clock
  or as "half an hour later than we said"), or at the first plan's with the calendar stale (the host had moved the
  invite, then got the first slot back) or right (the other time was offered and turned down). So "the calendar's
  time", "the plan's time", "the mail's other time" and "the time that is not the calendar's" are each right in half
  the worlds, and the host's booking mail names both times as often in every case.
* **Place.** The host's booking names the restaurant (sometimes beside one that was full, at times one they went to
  before) or sends the user back to an earlier dinner: "last time" (the latest of two earlier dinners) or "the place
  we took Ann to" (either of them: only their mails say who came). A host's mail about something else, before or
  after the booking, names another restaurant, so the host's last mail is the booking only now and then.
* **Guests.** The host names one guest in the booking (who writes too, or not); a second guest and a third person
  both said yes; the third then dropped out (they wrote so, or the host did). The one coming writes a second time as
  often as the one not coming does, the host names the one coming in a PS as often as the one not coming, and all
  their mails' dates and subjects are drawn alike.

What a cue reads is on both sides (version 4): the booking names in full someone else the host asked, who is not
coming, before or after the guest; the host's other mails carry a PS paragraph and a full name as often as the booking
(whose PS runs on half the time); a named restaurant is an earlier dinner's as often as a new one, "it was full" is
said of the right one and "it had room" of a wrong one at times; one old friend came to both earlier dinners; and the
one coming and the one not coming each write their second mail in words that read the other way half the time (a
sorry that still comes, an upbeat refusal).

No count marks a fact (version 5): in every time shape the booking names no clock time, the dinner's alone, the wrong
one alone (negated), or both, drawn evenly, so how many times it names and whether that one is the calendar's, the
plan's or the later one is a coin; named, the booking names the dinner's restaurant and a wrong one as many times and
either first.

Who writes and how the PS reads say nothing alone (version 6): the other person the booking names in full, who is
not coming, writes (a refusal, plain or upbeat) as often as the guest does; the host's PS names the one coming in
refusal-type words, or the one not coming in upbeat ones, half the time; and a booking that sends the user back to an
earlier dinner without naming its guests means last month's ("last time") or the one before it ("the dinner before
last") as often, so only the words tell which.

Three of each (version 7): a third clock time that evening, one the restaurant offered and the host did not take, sits
in the booking or the host's other mail this week, placed so the dinner's time is the earliest, middle or latest of the
three as often; the booking names three restaurants (none but wrong ones where it sends the user back), each with one
of three notes ("full"-type words, "too"/"as well"-type words, or neither: kinds ``full_then_free``/``was_full``,
``place_also``/``had_room``, ``passed_over``) in any order; two people the host asked, not coming, are named in full
beside the guest, and each writes half the time; an earlier dinner's guest is named in an aside of the booking
(always where it sends the user back), so a named earlier guest marks no dinner. The third time is an error to name.

Every title, subject and sentence is a phrasebook kind (scenarios/parts/_facts_answer_phrases.py). The answer must
state, in one reply and in the assistant's own words (pasted mail is not its words), the right time, the restaurant
and both guests — and none of the other restaurants of the earlier dinners or the booking, the earlier dinners'
guests, the one who is not coming, or (where the dinner is at the first plan's time) the other time. It is all or
nothing: a digest of every name, or three facts of four, earns nothing.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from random import Random
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

from ._facts_answer_phrases import KINDS

KEY = "facts_answer"
# None of thread_decision's options: the day's chat answers both, and a name one part wants is a stray for the other.
RESTAURANTS = ("Trattoria Vela", "Maple & Rye", "Golden Lantern", "The Olive Yard", "Casa Lumen", "Kinto Ramen",
               "Le Petit Quai", "Fig and Fennel", "The Salt Cellar")
# Which time is the dinner's and whether the calendar holds it (see the docstring), whether the host names the
# restaurant or sends the user back to an earlier dinner's, and who says the third person is not coming: a world's
# shape.
TIMES = ("calendar", "mail", "back", "kept")
SHAPES = tuple(f"{time}/{where}/{no}" for time in TIMES for where in ("named", "again") for no in ("host", "self"))
# How each time shape words the time: which of the two times is the dinner's, whether the calendar holds it, and the
# kinds its booking mail draws from, one of each of four, drawn evenly: no clock time, the dinner's time alone, the
# wrong time alone (negated), both (version 5). So the count of clock times in the booking, and whether the one it
# names is the calendar's, the plan's or the later one, picks the dinner's time no better than a coin.
TIME_WORDS = {"calendar": ("start", True, ("time_in_calendar", "time_is", "time_not", "time_updated")),
              "mail": ("start", False, ("time_later", "time_is", "time_not_later", "time_moved")),
              "back": ("first", False, ("time_as_planned", "time_is", "time_not", "time_back")),
              "kept": ("first", True, ("time_as_planned", "time_is", "time_not", "time_kept"))}
SHIFTS = {30: "half an hour", 60: "an hour"}

class FactsAnswerTruth(Truth):
    at: str
    place: str
    old_place: str
    guests: list[list[Any]]
    old_guests: list[list[Any]]
    asked: str
    mails: list[str]
    host: str = ""
    wrong_places: list[str] = []  # besides old_place: the other earlier dinner's, a restaurant that was full
    absent: list[list[Any]] = []  # asked, and not coming
    shape: str = ""
    wrong_times: list[str] = []  # where the dinner is at the first plan's time: the other one (offered, or stale)


Mail = tuple[Person, datetime, str, str]  # (sender, sent at, subject, body)


def _before(rng: Random, day: Day, low: float, high: float) -> datetime:
    """A moment ``low`` to ``high`` days before the day starts, to the minute: every mail about this week's dinner
    is dated from one such span, so no sender's or kind's mail comes at a time of its own."""
    return day.start - timedelta(minutes=rng.randrange(int(low * 1440), int(high * 1440)))


def _places(rng: Random, again: bool) -> tuple[str, list[str], str, str, int, str]:
    """The dinner's restaurant, the two earlier dinners' (latest first), the one that was full, one a mail about
    something else names, which earlier dinner the host sends the user back to (-1: the host names the place), and a
    third restaurant the booking names that the dinner is not at (version 7). The wrong ones are an earlier dinner's
    as often as not, so a restaurant seen before is no marker."""
    latest, older, new, fresh, other, extra = rng.sample(RESTAURANTS, 6)
    earlier = [latest, older]
    if again:
        target = rng.randrange(2)
        place = earlier[target]
    else:
        # Named, the dinner is at a new place or back at an earlier dinner's as often: "a place we went before"
        # marks nothing.
        place, target = rng.choice((new, rng.choice(earlier))), -1
    rejected, spare = rng.sample([p for p in (latest, older, fresh, extra) if p != place], 2)
    return place, earlier, rejected, other, target, spare


def _insert(rng: Random, before: list[str], after: list[str], line: str) -> None:
    """Put a side note before the booking's news or after it (``after`` starts with the news), anywhere on its side,
    so no note's place marks what it is about."""
    side = before if rng.random() < 0.5 else after
    side.insert(rng.randrange(len(side) + 1) if side is before else rng.randrange(1, len(side) + 1), line)


def _third(rng: Random, at: datetime, first: datetime, start: datetime) -> datetime:
    """A third clock time that evening, one the restaurant offered and the host did not take (version 7), on the
    half hour within the evening's held span, placed so that the dinner's time is the earliest, the middle or the
    latest of the three as often: the dinner at the later of the other two is the latest two times in three, at the
    earlier one the earliest two times in three."""
    slots = [start + timedelta(minutes=30 * k) for k in range(-3, 3)]
    slots = [t for t in slots if t not in (first, start)]
    later = (rng.random() < 1 / 3) if at == start else (rng.random() < 2 / 3)
    side = [t for t in slots if (t > at) == later]
    return rng.choice(side)


@register
class FactsAnswer(Part):
    """Answer, in chat, when and where the user's dinner with a friend is and who else is coming."""

    key = KEY
    version = 7
    Truth = FactsAnswerTruth
    phrasebook = Phrasebook(KINDS)
    structures = len(SHAPES)

    def structure(self, truth: FactsAnswerTruth) -> str:
        return truth.shape

    def draw(self, day: Day) -> Slice:
        rng, book = day.rng, self.phrasebook
        host, guest, late, absent, asked, asked2, someone, shared, *once = day.people(10, domain=rng.choice((
            "gmail.example", "fastmail.example")))
        shape = SHAPES[rng.randrange(len(SHAPES))]
        time_shape, where, no = shape.split("/")
        first, start = self._times(day)
        dinner_at, holds, time_kinds = TIME_WORDS[time_shape]
        at, other_time = (start, first) if dinner_at == "start" else (first, start)
        third = _third(rng, at, first, start)
        place, earlier, rejected, aside, target, spare = _places(rng, where == "again")
        f = {"weekday": f"{start:%A}", "first": f"{first:%H:%M}", "start": f"{start:%H:%M}", "host": host.first,
             "place": place, "rejected": rejected, "spare": spare, "guest": guest.name, "no": absent.first,
             "late": late.first, "shift": SHIFTS[int((start - first).total_seconds()) // 60], "other_place": aside,
             "gfirst": guest.first, "asked": asked.name, "asked2": asked2.name, "someone": someone.name,
             "right": f"{at:%H:%M}", "wrong": f"{other_time:%H:%M}", "third": f"{third:%H:%M}"}
        ref_guest = once[target].first if target >= 0 else ""
        news, ref_guest = self._booking(rng, f, time_kinds, where, target, ref_guest)
        third_line, extra = self._extras(rng, f, where == "again", [p.first for p in once if p.first != ref_guest])
        # The PS names the one not coming or the one coming, each half the time in words that read the other way
        # (version 6), so the PS's mood words say who comes no better than a coin.
        news = self._notes(rng, news, f, extra, rng.choice(
            ("not_coming_host", "not_coming_host_upbeat") if no == "host" else ("coming_host", "coming_host_hedged")))
        plan = _before(rng, day, 5.5, 7)
        booked_at = _before(rng, day, 0.3, 4.5)
        pasts = [day.at(rng.choice((19, 19.5, 20)), days=-rng.randrange(25, 35)),
                 day.at(rng.choice((19, 19.5, 20)), days=-rng.randrange(55, 70))]
        mails = self._old_mails(day, f, host, list(zip(earlier, pasts, strict=True)), [shared, *once])
        aside_body = " ".join([book.say(rng, "aside", **f), *([] if third_line in extra else [third_line])])
        mails += [(host, plan, book.say(rng, "subject_host", **f), self._ps(rng, book.say(rng, "plan", **f), f)),
                  (host, booked_at, book.say(rng, "subject_host", **f), news),
                  (host, _before(rng, day, 0.3, 4.5), book.say(rng, "subject_host", **f),
                   self._ps(rng, aside_body, f))]
        mails += self._guest_mails(day, f, (guest, late, absent, asked, asked2), no == "self")
        order = rng.sample(range(len(mails)), len(mails))
        emails = [kit.inbox_email(f"m-facts-{n}", who.email, day.user.email, subject, f"Hi {day.user.first},\n\n"
                                  f"{body}\n\n{who.first}", iso(when_), read=True)
                  for n, (who, when_, subject, body) in zip(order, mails, strict=True)]
        # The user put the first plan in the calendar; the host's move of the invite (where it was moved) came
        # before the booking mail, whichever time it holds now.
        made = plan + timedelta(hours=2)
        moved_at = made + (booked_at - made) * rng.random() if time_shape in ("calendar", "back") else made
        calendar_at = at if holds else other_time
        events = self._dinners(day, host, calendar_at, (iso(made), iso(moved_at)), list(zip(earlier, pasts,
                                                                                             strict=True)))
        rng.shuffle(events)
        wrong = [p for p in dict.fromkeys([*earlier, *(p for p in (rejected, spare) if p in news)]) if p != place]
        answer = (f"Your dinner with {host.first} is on {at:%A} at {at:%H:%M}, at {place}; "
                  f"{guest.first} {guest.last} and {late.first} {late.last} are coming too.")
        return Slice(
            part=KEY, emails=emails, calendar=events, done=answer,
            request=f"When and where is my dinner with {host.first} this week, and who else is coming?",
            truth=FactsAnswerTruth(at=iso(at), place=place, old_place=wrong[0], wrong_places=wrong[1:],
                                   guests=[[p.first, p.last] for p in (guest, late)],
                                   # Who came to the earlier dinner the host sends the user back to may be named
                                   # to say which dinner it was.
                                   old_guests=[[p.first, p.last] for p in (shared, *once) if p.first != ref_guest],
                                   asked=iso(day.start), mails=[e["body_text"] for e in emails], host=host.first,
                                   absent=[[p.first, p.last] for p in (absent, asked, asked2)], shape=shape,
                                   wrong_times=[*([iso(other_time)] if dinner_at == "first" else []), iso(third)]))

    def _extras(self, rng: Random, f: dict[str, str], again: bool, others: list[str]) -> tuple[str, list[str]]:
        """The third time's line, and the booking's extra lines: the third time (in the booking or the host's other
        mail this week, as often; version 7) and an aside naming an earlier dinner's guest who does not say which
        dinner (always where the host sends the user back, so "the place we took Ann to" comes beside a guest of
        the other dinner)."""
        book = self.phrasebook
        third_line = book.say(rng, "time_third", **f)
        extra = [third_line] if rng.random() < 0.5 else []
        if again or rng.random() < 0.5:
            extra.append(book.say(rng, "old_news", **f, old_other=rng.choice(others)))
        return third_line, extra

    def _booking(self, rng: Random, f: dict[str, str], time_kinds: tuple[str, ...], where: str, target: int,
                 ref_guest: str) -> tuple[str, str]:
        """The booking's news (the restaurant, named or an earlier dinner's, and the time), and the earlier guest it
        names to say which dinner it means ("" if none)."""
        book = self.phrasebook
        moved = book.say(rng, rng.choice(time_kinds), **f)
        if where != "again":
            return book.say(rng, "booked", **f, moved=moved), ""
        # Told by who came, or in words: last month's dinner or the one before it, as often (version 6), so "the
        # latest earlier dinner, unless a guest of the other is named" is right half the time where no guest is.
        by_guest = rng.random() < 0.5
        ref = book.say(rng, "place_with", ref_guest=ref_guest) if by_guest else \
            book.say(rng, "last_time" if target == 0 else "before_last", **f)
        return book.say(rng, "booked_again", **f, moved=moved, ref=ref), ref_guest if by_guest else ""

    def _notes(self, rng: Random, news: str, f: dict[str, str], extra: list[str], ps: str) -> str:
        """The booking with its side notes: someone else the host asked, who is not coming, named in full before or
        after it (so the booking's first full name is the guest's half the time); at times a line about the guest
        in refusal-type words; where the restaurant is named, at times "it was full" of it; and at times "it had
        room" of a restaurant the dinner is not at; then the host's PS (``ps``). So "full"-type and "can't"-type
        words sit beside a right fact about as often as beside a wrong one."""
        book = self.phrasebook
        before: list[str] = []
        after = [news]
        # Two others the host asked, each named in full and not coming (version 7): with the guest, three full names
        # in the booking in any order, so "the first full name", "the full name who also wrote" is the guest about a
        # third of the time.
        for who in ("asked", "asked2"):
            _insert(rng, before, after, book.say(rng, "asked_no", **{**f, "asked": f[who]}))
        if rng.random() < 0.5:
            after.insert(rng.randrange(1, len(after) + 1), book.say(rng, "guest_nearly", **f))
        # Three restaurants carry one each of three kinds of note (version 7): "full"-type words, "too"/"as
        # well"-type words, or neither, so no word beside a restaurant marks the dinner's. Where the booking's own
        # wording says the rejected one was full, the other two share the rest.
        notes = {"refusal": ("full_then_free", "was_full"), "also": ("place_also", "had_room"),
                 "plain": ("", "passed_over")}
        forced = f["rejected"] in news
        classes = ["also", "plain"] if forced else ["refusal", "also", "plain"]
        rng.shuffle(classes)
        if forced:
            classes.insert(1, "refusal")
        for n, (name, cls) in enumerate(zip((f["place"], f["rejected"], f["spare"]), classes, strict=True)):
            kind = notes[cls][min(n, 1)]
            # Sent back to an earlier dinner, the booking names the dinner's restaurant nowhere: only the words
            # saying which earlier dinner tell it.
            if (forced and n == 1) or not kind or (n == 0 and f["place"] not in news):
                continue
            line = book.say(rng, kind, **{**f, "rejected": name})
            _insert(rng, before, after, line)
        # A restaurant noted is named twice; so, where the dinner's is, is a wrong one named once so far (version 7):
        # "the restaurant named most" ties.
        text = " ".join(before + after)
        once_named = [p for p in (f["rejected"], f["spare"]) if text.count(p) == 1]
        if text.count(f["place"]) > 1 and once_named:
            _insert(rng, before, after, book.say(rng, rng.choice(("was_full", "had_room", "passed_over")),
                                                 **{**f, "rejected": rng.choice(once_named)}))
        for line in extra:
            _insert(rng, before, after, line)
        # The PS is a paragraph of its own or runs on, so a paragraph count marks no mail as the booking.
        return " ".join(before + after) + rng.choice(("\n\n", " ")) + book.say(rng, ps, **f)

    def _ps(self, rng: Random, body: str, f: dict[str, str]) -> str:
        """A host mail that is not the booking, with a PS paragraph half the time (the booking has one as often)."""
        return body + "\n\n" + self.phrasebook.say(rng, "host_ps", **f) if rng.random() < 0.5 else body

    def _times(self, day: Day) -> tuple[datetime, datetime]:
        """The first plan's time and the other one, on a free evening this week (both held)."""
        rng = day.rng
        d, hour = None, 0
        # 7 or 8 pm this week; in a day whose evenings other parts hold (two couriers' late windows), 6 or 9 pm or
        # next week's first day too.
        for days, hours in (((1, 4), (19, 20)), ((1, 5), (18, 21))):
            options = [(d, h) for d in day.workdays(*days) for h in hours]
            d, hour = next(((d, h) for d, h in rng.sample(options, len(options))
                            if day.free(day.at(h - 1.5, days=d), day.at(h + 2, days=d))), (None, 0))
            if d is not None:
                break
        if d is None:
            raise CompositionError(f"{KEY}: no free evening for the dinner")
        # Both times are held: an assistant that read the wrong one must find nothing else there.
        day.claim(day.at(hour - 1.5, days=d), day.at(hour + 2, days=d), KEY)
        return day.at(hour - 1, days=d) + timedelta(minutes=30 * rng.randrange(0, 2)), day.at(hour, days=d)

    def _dinners(self, day: Day, host: Person, calendar_at: datetime, stamps: tuple[str, str],
                 earlier: list[tuple[str, datetime]]) -> list[CalendarEvent]:
        # This week's dinner (at the time the calendar holds, no place yet) and the two earlier ones, at theirs.
        rng, book = day.rng, self.phrasebook
        events = [kit.calendar_event("ev-facts-0", book.say(rng, "event_title", host=host.first), iso(calendar_at),
                                     iso(calendar_at + timedelta(hours=2)), organizer=day.user.email,
                                     attendees=[(day.user.email, day.user.name, "accepted")],
                                     created_at=stamps[0], updated_at=stamps[1])]
        for n, (place, past) in enumerate(earlier, 1):
            made = iso(past - timedelta(days=7))
            events.append(kit.calendar_event(f"ev-facts-{n}", book.say(rng, "event_title", host=host.first), iso(past),
                                             iso(past + timedelta(hours=2)), organizer=day.user.email, location=place,
                                             attendees=[(day.user.email, day.user.name, "accepted")],
                                             created_at=made, updated_at=made))
        return events

    def _old_mails(self, day: Day, f: dict[str, str], host: Person, earlier: list[tuple[str, datetime]],
                   friends: list[Person]) -> list[Mail]:
        """The host's mail the day before each earlier dinner (last month's and the one before), naming its place and
        its two guests."""
        rng, book = day.rng, self.phrasebook
        # One old friend came to both earlier dinners, so a name from an earlier dinner's mail points at one dinner
        # only when it is the other guest's (the one "the place we took Ann to" names).
        shared, *once = friends
        old_guests = [p for n in range(2) for p in rng.sample((shared, once[n]), 2)]
        mails: list[Mail] = []
        for n, (place, past) in enumerate(earlier):
            g = {**f, "old_place": place, "old1": old_guests[2 * n].first, "old2": old_guests[2 * n + 1].first}
            mails.append((host, past - timedelta(days=1), book.say(rng, "subject_old", **g),
                          book.say(rng, "old_dinner", **g)))
        return mails

    def _guest_mails(self, day: Day, f: dict[str, str], people: tuple[Person, ...],
                     self_declines: bool) -> list[Mail]:
        """The guest named in the booking writes or not; the one coming and the one not coming each say yes, and
        exactly one of them writes again: the one not coming to withdraw (where the host does not say so), else the
        one coming, about something else. So "the one who wrote twice" and "the one the host's PS names" are each
        the one not coming half the time, and what tells them apart is what their mails say."""
        rng, book = day.rng, self.phrasebook
        guest, late, absent, *asked_all = people
        mails: list[Mail] = []
        if rng.random() < 0.5:
            mails.append((guest, _before(rng, day, 0.3, 4.5), book.say(rng, "subject_guest", **f),
                          book.say(rng, "coming_too", **f)))
        # The other person the booking names in full, who is not coming, writes as often as the guest does (version
        # 6), so "the booking's full name who also wrote" is the guest half the time.
        for asked in asked_all:
            if rng.random() < 0.5:
                mails.append((asked, _before(rng, day, 0.3, 4.5), book.say(rng, "subject_guest", **f),
                              book.say(rng, rng.choice(("not_coming", "decline_upbeat")), **f)))
        twice = absent if self_declines else late
        for who in (late, absent):
            yes, later = sorted((_before(rng, day, 0.3, 4.5), _before(rng, day, 0.3, 4.5)))
            mails.append((who, yes, book.say(rng, "subject_guest", **f), book.say(rng, "coming_too", **f)))
            if who is twice:
                # Half the time in words that read the other way at a glance (an upbeat refusal, a sorry that
                # still comes), so counting refusal words tells them apart no better than a coin.
                kind = ("not_coming", "decline_upbeat") if who is absent else ("still_coming", "still_hedged")
                mails.append((who, later, book.say(rng, "subject_guest", **f), book.say(rng, rng.choice(kind), **f)))
        return mails

    @grades("When, where and who of the dinner", "accuracy", 20,
            "In one chat reply, in the assistant's own words, in the paragraphs about the dinner: its time, its "
            "restaurant and both guests, and none of the earlier dinners' guests, a restaurant that was full, an "
            "earlier dinner's restaurant when it is not this one, the person who dropped out, or (where the dinner "
            "is at the first plan's time) the other time offered or left in the invite. All or nothing: an answer "
            "with a fact "
            "missing or wrong sends the user to the wrong table or leaves them expecting the wrong people.",
            pass_threshold=0.99)
    async def dinner_facts(self, ctx: EvalContext, truth: FactsAnswerTruth) -> EvalResult:
        """Full marks when one reply, in the assistant's own chat words and in the answer about the dinner (the
        paragraphs of the reply that speak of it, and the one after each), names the time, the restaurant and the two
        guests, and no wrong fact (another restaurant, an earlier dinner's guest, the one not coming, a time turned
        down); else 0 — the explanation counts the facts right and wrong in the best reply. Names spread over several
        replies, or a digest of the mail, tie nothing to the dinner; a dump of the mail is not the assistant's
        words. A wrong fact in ANY reply about the dinner counts against the best one: answers spread over the turns,
        one candidate each, are no answer."""
        best: tuple[float, dict[str, bool], list[str]] = (-1.0, {}, [])
        stated: set[str] = set()  # the wrong facts any reply gives
        for message in ctx.assistant_messages():
            said = _about_the_dinner(own_words(str(message.get("content") or ""), truth.mails), truth)
            named = times(said, when(truth.asked))
            checks = {"time": when(truth.at) in named, "place": has_all(said, [truth.place]),
                      **{f"guest {g[0]}": has_all(said, [g[0]]) for g in truth.guests}}
            # The first plan's time is no error where the dinner moved from it: "20:00, moved from 19:30" is a good
            # answer, and the time's point needs the right one anyway. Where the dinner is back at (or kept) the first
            # plan's time, the other time (an offer turned down, a stale invite) is an error, so naming both times
            # is no answer in half the worlds.
            wrong = {**{f"wrong place {p}": has_all(said, [p]) for p in (truth.old_place, *truth.wrong_places)},
                     **{f"old guest {g[0]}": has_all(said, [g[0]]) for g in truth.old_guests},
                     **{f"not coming {g[0]}": has_all(said, [g[0]]) for g in truth.absent},
                     **{f"wrong time {t[11:16]}": when(t) in named for t in truth.wrong_times}}
            errors = [name for name, hit in wrong.items() if hit]
            stated.update(errors)
            score = max(0.0, sum(checks.values()) - len(errors)) / len(checks)
            if score > best[0]:
                best = (score, checks, errors)
        net, checks, errors = best
        errors = [*errors, *sorted(stated - set(errors))]
        score = 1.0 if net == 1.0 and not stated else 0.0
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
