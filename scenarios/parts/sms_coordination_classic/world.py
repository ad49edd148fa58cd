"""The records of an sms_coordination world (texts, mail, calendar, what arrives during the day) and the whole of it
as one ``Slice`` with its ``Frame``: the part drawn alone sets the user, the hours and the request."""

from __future__ import annotations

from datetime import datetime, timedelta

from green_agent.scenario_kit import build as kit
from green_agent.scenario_kit.records import CalendarEvent, Email, ScheduledEvent, SmsThread
from green_agent.scenario_kit.slices import Frame, Slice, iso

from .cast import characters
from .clock import clock, clock_range, weekday
from .oracle import finish, reckless, solution
from .params import DENTIST_EVENT, END, KEY, START, USER, WELCOME_EMAIL, Params, at
from .phrases import PHRASES
from .templates import AFTERNOON, PARTNER_EVENTS
from .texts import (
    colleague_email,
    coop_email,
    dentist_email,
    description,
    entrance_mails,
    invoice_email,
    office_mails,
    partner_text,
    undo_text,
    user_prompt,
    welcome_text,
)
from .truth import truth

START_ISO = START.isoformat()
UNDO_AFTER = timedelta(minutes=10)  # the partner takes the mid-morning text back before the assistant's next turn
Row = tuple[str, str, str, str, str | None, str | None]  # event id, title, start, end, location, description


def texts(p: Params) -> list[SmsThread]:
    """The phone's threads: the plumber's last job, the partner (with Sunday's request in a "lifted" or "still"
    world) and the neighbour's tip about another plumber."""
    u, t, j, n, r = p.user, p.plumber, p.partner, p.neighbour, p.rival
    tid, jid, nid = t.first.lower(), j.first.lower(), n.first.lower()
    # Sunday's request: the day freed later ("lifted", "partner_dropped") or the one still (or again) needed
    # ("partner_still", "partner_undo").
    sunday = p.partner_day if p.partner_still >= 0 or p.partner_undo >= 0 else p.lifted_day or p.dropped_day
    threads = [
        (f"thread-{tid}", t.phone, [
            (f"sms-{tid}-1", "out", "2025-11-17T18:05:00+00:00",
             f"Hi {t.first}, it's {u.name} at {p.street}. The bathroom tap is dripping again - any chance you could "
             "pop round this week?"),
            (f"sms-{tid}-2", "in", "2025-11-17T19:12:00+00:00", f"Hi {u.first}! Can do Thursday 2-4pm if that works?"),
            (f"sms-{tid}-3", "out", "2025-11-17T19:20:00+00:00", f"Perfect, thanks {t.first}. I'll be in."),
            (f"sms-{tid}-4", "in", "2025-11-20T15:40:00+00:00",
             f"All sorted, new washer fitted. Receipt to follow by email. Cheers, {t.first} - {p.company}"),
        ]),
        (f"thread-{jid}", j.phone, [
            (f"sms-{jid}-1", "in", "2026-03-15T17:48:00+00:00", "Can you grab oat milk on the way home? x"),
            (f"sms-{jid}-2", "out", "2026-03-15T17:55:00+00:00", "Will do!"),
            (f"sms-{jid}-3", "in", "2026-03-15T21:30:00+00:00",
             "The kitchen sink is dripping into the cupboard again btw, I put a bowl under it"),
            *([(f"sms-{jid}-4", "in", "2026-03-15T21:32:00+00:00", PHRASES.nth(
                "partner_sunday", 0, old=weekday(sunday), part=p.part))] if sunday else []),
        ]),
        (f"thread-{nid}", n.phone, [
            (f"sms-{nid}-1", "in", "2026-02-26T12:02:00+00:00",
             f"If {t.first}'s ever booked up, {r.first} at {p.rival_company} Plumbing sorted our boiler - {r.phone}. "
             f"Ask for {r.first}!"),
            (f"sms-{nid}-2", "out", "2026-02-26T12:30:00+00:00", f"Good to know, thanks {n.first}!"),
        ]),
    ]
    return [kit.sms_thread(u.phone, thread_id, other, rows) for thread_id, other, rows in threads]


def _dentist_moved(p: Params, old: datetime) -> Email:
    new = p.dentist_start
    # One index for the subject and the body.
    body = PHRASES.nth("dentist_moved", p.moved_subject % len(PHRASES.phrasings("dentist_moved")), first=p.user.first,
                       dentist=p.dentist_name, away=weekday(old), old=f"{weekday(old)} {old.day} March at {clock(old)}",
                       new=f"{weekday(new)} {new.day} March, {clock_range(new, p.dentist_end)}")
    return kit.inbox_email(
        "email-dentist-moved", dentist_email(p), p.user.email,
        PHRASES.nth("dentist_moved_subject", p.moved_subject, dentist=p.dentist_name),
        f"{body}\n\n{p.dentist_name} Dental",
        "2026-03-13T11:20:00+00:00")


def _dentist_offer(p: Params, alt: datetime) -> Email:
    booked = p.dentist_start
    n = p.moved_subject
    body = PHRASES.nth("dentist_offer", n % len(PHRASES.phrasings("dentist_offer")), first=p.user.first,
                       dentist=p.dentist_name, booked=f"{weekday(booked)} {booked.day} March at {clock(booked)}",
                       alt=f"{weekday(alt)} {alt.day} March at {clock(alt)}")
    return kit.inbox_email(
        "email-dentist-offer", dentist_email(p), p.user.email,
        PHRASES.nth("dentist_offer_subject", n % len(PHRASES.phrasings("dentist_offer_subject")),
                    dentist=p.dentist_name),
        f"{body}\n\n{p.dentist_name} Dental", "2026-03-13T11:20:00+00:00")


def emails(p: Params) -> list[Email]:
    """The inbox: the building manager's welcome (the address beside the codes), Tony's last receipt, a newsletter
    and, in a "moved" world, the dentist's unread note that the appointment moved."""
    t, me = p.plumber, p.user.email
    welcome = kit.inbox_email(WELCOME_EMAIL, p.manager.email, me, f"Welcome to {p.number} {p.street} - your home info",
                              welcome_text(p), "2025-09-01T10:00:00+00:00", read=True)
    rows: list[Email] = [
        {**welcome, "is_starred": True},
        kit.inbox_email(f"email-{t.first.lower()}-invoice", invoice_email(p), me,
                        f"Receipt {t.last[0]}P-2291 - bathroom tap repair",
                        f"Hi {p.user.first},\n\nThis is your receipt for the tap repair on 20 November: USD 95.00, "
                        f"paid by card on the day - no action needed.\n\n{p.company} - {t.name}\nCall or text: "
                        f"{t.phone}", "2025-11-20T17:10:00+00:00", read=True),
        kit.inbox_email("email-coop", coop_email(p), me, "This week at the Co-op: spring greens are in",
                        "Hello neighbour! Rhubarb, ramps and the first spring greens arrive Thursday. Members save "
                        "10% on bulk grains all week.", "2026-03-16T06:30:00+00:00"),
    ]
    if p.dentist_shown is not None:
        rows.append(_dentist_moved(p, p.dentist_shown))
    if p.dentist_offer is not None:
        rows.append(_dentist_offer(p, p.dentist_offer))
    for n, (subject, body, sent) in enumerate(entrance_mails(p)):
        rows.append(kit.inbox_email(f"email-entrance-{n}", p.manager.email, me, subject, body, sent, read=n == 0))
    for n, (subject, body, sent) in enumerate(office_mails(p)):
        rows.append(kit.inbox_email(f"email-office-{n}", colleague_email(p), me, subject, body, sent, read=n == 0))
    return rows


def calendar_rows(p: Params) -> list[Row]:
    """The calendar; the dentist at ``calendar_dentist`` (its old time when it moved). A user at home only in the
    mornings has the week's work meetings in the afternoons."""
    t, dentist, d = p.plumber, p.dentist_name, p.calendar_dentist
    before: list[Row] = [
        ("cal-plumber-nov", f"Plumber ({t.name}) - bathroom tap", "2025-11-20T14:00:00+00:00",
         "2025-11-20T16:00:00+00:00", None, f"{p.company}, arrival window 2-4pm."),
        ("cal-standup-mon", "Team stand-up", "2026-03-16T09:30:00+00:00", "2026-03-16T09:45:00+00:00", "Video call",
         None)]
    visit: Row = (DENTIST_EVENT, f"Dentist - Dr. {dentist}", iso(d), iso(d + (p.dentist_end - p.dentist_start)),
                  f"{dentist} Dental, 210 Hawthorne Blvd", "Check-up and clean.")
    yoga: Row = ("cal-yoga", "Yoga class", "2026-03-20T17:00:00+00:00", "2026-03-20T18:00:00+00:00", "Lotus Studio",
                 None)
    if p.hours != AFTERNOON:
        review, one_on_one, planning = (
            ("2026-03-17T13:00:00+00:00", "2026-03-17T14:00:00+00:00"),
            ("2026-03-19T14:00:00+00:00", "2026-03-19T14:30:00+00:00"),
            ("2026-03-20T13:30:00+00:00", "2026-03-20T15:00:00+00:00"))
        lunch: list[Row] = []
    else:
        review, one_on_one, planning = (
            ("2026-03-17T10:00:00+00:00", "2026-03-17T11:00:00+00:00"),
            ("2026-03-19T09:00:00+00:00", "2026-03-19T09:30:00+00:00"),
            ("2026-03-20T10:00:00+00:00", "2026-03-20T11:30:00+00:00"))
        lunch = [(f"cal-lunch-{p.neighbour.first.lower()}", f"Lunch with {p.neighbour.first}",
                  "2026-03-16T12:30:00+00:00", "2026-03-16T13:30:00+00:00", "Little Fig Cafe", None)]
    work: list[Row] = [("cal-design-review", "Design review", *review, "Video call", None),
                       ("cal-one-on-one", f"1:1 with {p.colleague}", *one_on_one, "Video call", None),
                       ("cal-planning", "Quarterly planning", *planning, "Video call", None)]
    evening: list[Row] = []
    if p.partner_event >= 0:  # the partner names the day by this evening's event only
        title = PARTNER_EVENTS[p.partner_event][0]
        evening = [("cal-partner-evening", title, iso(at(p.asked_day, 18, 30)), iso(at(p.asked_day, 20, 30)),
                    "Home", None)]
    if p.decoy_event >= 0 and p.decoy_day is not None:  # another evening at home, which no text is about
        evening.append(("cal-home-evening", PARTNER_EVENTS[p.decoy_event][0], iso(at(p.decoy_day, 18, 30)),
                        iso(at(p.decoy_day, 20, 30)), "Home", None))
    evening.sort(key=lambda row: row[2])
    return [*before, *lunch, work[0], visit, *work[1:], yoga, *evening]


def calendar(p: Params) -> list[CalendarEvent]:
    return [kit.calendar_event(eid, title, start, end, organizer=p.user.email, location=location,
                               description=about, created_at=kit.CALENDAR_CREATED, updated_at=kit.CALENDAR_CREATED)
            for eid, title, start, end, location, about in calendar_rows(p)]


def busy(p: Params) -> list[tuple[datetime, datetime]]:
    """The user's real commitments: the calendar, with the dentist at its real time (not where the calendar shows
    it when it moved)."""
    rows = [(datetime.fromisoformat(s), datetime.fromisoformat(e)) for eid, _, s, e, _, _ in calendar_rows(p)
            if eid != DENTIST_EVENT]
    return [*rows, (p.dentist_start, p.dentist_end)]


def _reminder(p: Params) -> tuple[str, str]:
    """The dentist's reminder: world 0's names the time; a drawn world's names none (the mails and the calendar tell
    it, and which of them is current is the point)."""
    d = p.dentist_start
    if p.gendered:
        return (f"Reminder: your appointment on {weekday(d)[:3]} {d.day} March at {clock(d)}",
                f"Hi {p.user.first}, this is a reminder of your check-up with Dr. {p.dentist_name} on "
                f"{weekday(d)} {d.day} March, {clock_range(d, p.dentist_end)}. Reply C to confirm or call "
                f"us to reschedule. - {p.dentist_name} Dental")
    subject, body = PHRASES.nth("dentist_reminder", p.opener % len(PHRASES.phrasings("dentist_reminder")),
                                first=p.user.first, dentist=p.dentist_name).split("\n", 1)
    return subject, body


def arrivals(p: Params) -> list[ScheduledEvent]:
    """During the day: the partner's text about the kitchen and the dentist's reminder."""
    subject, body = _reminder(p)
    return [
        kit.scheduled_event(f"ev-{p.partner.first.lower()}-kitchen", iso(p.partner_text_at), "sms", {
            "operation": "receive_message", "from_number": p.partner.phone, "to_numbers": [p.user.phone],
            "body": partner_text(p)}, created_at=START_ISO),
        *([kit.scheduled_event(f"ev-{p.partner.first.lower()}-undo", iso(p.partner_text_at + UNDO_AFTER), "sms", {
            "operation": "receive_message", "from_number": p.partner.phone, "to_numbers": [p.user.phone],
            "body": undo_text(p)}, created_at=START_ISO)] if p.lifted_day or p.later_day else []),
        kit.scheduled_event("ev-dentist-reminder", "2026-03-16T09:15:00+00:00", "email", {
            "operation": "receive", "message_id": "email-dentist-reminder",
            "thread_id": "thread-email-dentist-reminder",
            "from_address": dentist_email(p), "to_addresses": [p.user.email],
            "subject": subject, "body_text": body},
            created_at=START_ISO),
    ]


def build(p: Params) -> Slice:
    """The whole world of ``p``: its records, characters, oracle, truth and frame."""
    cast = characters(p)
    return Slice(part=KEY, request=user_prompt(p), emails=emails(p), arrivals=arrivals(p), calendar=calendar(p),
                 texts=texts(p), characters=cast, steps=solution(p), reckless=reckless(p), truth=truth(p),
                 last_turn=finish(p),
                 frame=Frame(user=p.user, start=START, end=END, prompt=user_prompt(p), description=description(p),
                             max_turns=12, time_step="PT1H", finish_after_turn=finish(p),
                             personality=str(cast[USER]["personality"])))
