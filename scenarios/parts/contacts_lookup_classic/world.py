"""A contacts_lookup world's records, drawn from ``Params``: the address book, the phone's and the inbox's history,
the calendar, the mail that arrives later, the people (each confirms or declines only a message that names the new
time and place) and the user's request — in the kit's record shapes (``scenario_kit.build``)."""

from __future__ import annotations

from datetime import datetime

from green_agent.scenario_kit import build as kit
from green_agent.scenario_kit.facts import clock12
from green_agent.scenario_kit.records import (
    CalendarEvent,
    CharacterRecord,
    Contact,
    Email,
    Identifier,
    ReplyContentRecord,
    ScheduledEvent,
    SmsThread,
)
from green_agent.scenario_kit.slices import iso

from .cast import START, TOMORROW, VISIT_LENGTH, Params, Target, contact_id
from .texts import BOOK, EMAIL, NAMESAKE_TEXTS, TEXT

START_ISO = iso(START)
VISIT_ID = "cal-site-visit"
PM_EMAIL_ID = "email-pm-addition"


# ------------------------------------------------------------------------------------------------ wording
def long_day(moment: datetime) -> str:
    """"Wednesday 15 April"."""
    return f"{moment:%A} {moment.day} {moment:%B}"


def who(t: Target) -> str:
    """How the prompt (or the project manager) names a target."""
    return f"{t.name} ({t.company})" if t.full_name_in_prompt else f"{t.first} from {t.company}"


def bystander(p: Params) -> str:
    """How the request and the project manager name the colleague not to tell, as they name the four."""
    b = p.bystander
    assert b is not None
    return f"{b.name} ({b.company})" if p.bystander_full else f"{b.first} from {b.company}"


def listing(items: list[str]) -> str:
    """"a, b and c"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def place(p: Params) -> str:
    """The new meeting place as the user writes it."""
    return f"{p.venue}, {p.venue_address}"


def user_prompt(p: Params) -> str:
    """The user's whole request in chat."""
    groups = {channel: listing([who(t) for t in p.prompt_targets if t.channel == channel]) for channel in (TEXT, EMAIL)}
    aside = "" if p.bystander is None else BOOK.nth("request_aside", p.wording["request_aside"], other=bystander(p))
    if aside and p.aside_at != "end":  # in brackets within the list of those to tell, so the list names them too
        channel = TEXT if p.aside_at == "texted" else EMAIL
        groups[channel] += f" ({aside.rstrip('.')})"
    request = BOOK.nth(
        "request", p.wording["request"], project=p.project, new=clock12(p.new_time), old=clock12(p.old_time),
        place=place(p), old_place=p.old_place, texted=groups[TEXT], emailed=groups[EMAIL], pm=p.pm.first,
        pm_email=p.pm.email)
    return f"{request} {aside}" if aside and p.aside_at == "end" else request


def description(p: Params) -> str:
    """What the world is about (scenario.json's description)."""
    return (f"Tomorrow's site visit for the {p.project} has moved to a new time and place. The assistant finds the "
            f"numbers and work addresses of the people the user names in the address book - past a contact with the "
            f"same first name, an old number marked as out of use, a personal address - tells each of them by the "
            f"channel asked, adds the person the project manager names in a mid-morning email, moves the calendar "
            f"entry, and reports in chat who confirmed and who cannot come. Nobody else may be contacted.")


# ------------------------------------------------------------------------------------------------ address book
def _identifier(kind: str, value: str, label: str) -> Identifier:
    return {"identifier_type": kind, "value": value, "label": label}


def _target_entry(p: Params, t: Target) -> Contact:
    entry = kit.contact(contact_id(t), t.first, t.last, company=t.company, job_title=t.role.capitalize())
    personal_label, work_label = p.email_labels
    phones = [_identifier("phone", t.phone, "mobile")]
    emails = [_identifier("email", t.email, work_label)]
    if t.trap == "old_number":
        old = _identifier("phone", t.old_phone, "mobile")
        phones = [*phones, old] if p.old_number_last else [old, *phones]
        # the added person's note is worded apart from the first one's (version 7)
        which = p.wording["old_number_note_added" if t.key == p.added.key else "old_number_note"]
        entry["notes"] = BOOK.nth("old_number_note", which, old=t.old_phone, new=t.phone,
                                  tail=t.phone[-4:])
    if t.trap == "personal_email":
        personal = _identifier("email", t.personal_email, personal_label)
        emails = [*emails, personal] if p.personal_email_last else [personal, *emails]
        entry["notes"] = "Met at the RIBA awards; we play five-a-side football on Sundays."
    entry["identifiers"] = phones + emails
    return entry


def entries(p: Params) -> list[Contact]:
    """The address book, in its drawn order: the four, the project manager, the namesake, three unrelated entries."""
    out = {contact_id(t): _target_entry(p, t) for t in p.targets}
    out[contact_id(p.pm)] = kit.contact(contact_id(p.pm), p.pm.first, p.pm.last, email=p.pm.email, phone=p.pm.phone,
                                        company=p.firm, job_title="Project manager")
    if p.namesake is not None:
        n, note = p.namesake, p.namesake_note.replace("the user's", "my")
        out[contact_id(n)] = kit.contact(contact_id(n), n.first, n.last, email=n.email, phone=n.phone,
                                         company=n.company, notes=note[:1].upper() + note[1:] + ".")
    if p.bystander is not None:
        b = p.bystander
        out[contact_id(b)] = kit.contact(contact_id(b), b.first, b.last, email=b.email, phone=b.phone,
                                         company=b.company, job_title=b.role.capitalize())
    for f in p.fillers:
        out[contact_id(f)] = kit.contact(contact_id(f), f.first, f.last, email=f.email, phone=f.phone,
                                         company=f.company, notes=f.role)
    return [out[cid] for cid in p.contact_order]


# ------------------------------------------------------------------------------------------------ history
def texts(p: Params) -> list[SmsThread]:
    """The SMS threads on the phone: the namesake's of yesterday, the old number's of last October, a family one."""
    u = p.user
    threads: list[tuple[str, str, list[tuple[str, str, str, str]]]] = []
    if p.namesake is not None:
        n = p.namesake
        threads.append(("thread-namesake", n.phone, [
            ("sms-namesake-1", "in", "2026-04-13T16:20:00+00:00", NAMESAKE_TEXTS[str(n.company)].format(u=u.first,
                                                                                                        f=n.first)),
            ("sms-namesake-2", "out", "2026-04-13T16:31:00+00:00", f"Lovely, thanks {n.first}!")]))
    old = next((t for t in p.targets if t.trap == "old_number"), None)
    if old is not None:
        threads.append(("thread-old-number", old.old_phone, [
            ("sms-old-1", "in", "2025-10-08T07:45:00+00:00",
             f"Morning {u.first}, {old.first} here - running 10 min late for the handover, start without me"),
            ("sms-old-2", "out", "2025-10-08T07:47:00+00:00", "No problem, see you shortly")]))
        if p.recent_thread:  # the current number has a history too
            threads.append(("thread-current-number", old.phone, [
                ("sms-current-1", "in", "2026-04-09T12:10:00+00:00",
                 BOOK.nth("recent_text", p.wording.get("recent_text", 0), u=u.first, f=old.first))]))
    mum = next((f for f in p.fillers if f.role == "Mum"), p.fillers[0])
    threads.append(("thread-filler", mum.phone, [
        ("sms-filler-1", "in", "2026-04-12T19:02:00+00:00", "Are you still coming for lunch on Sunday? x"),
        ("sms-filler-2", "out", "2026-04-12T19:30:00+00:00", "Yes! See you then x")]))
    return [kit.sms_thread(u.phone, thread_id, other, rows) for thread_id, other, rows in threads]


def emails(p: Params) -> list[Email]:
    """The inbox: the project manager's email listing the team, an old personal email, a newsletter."""
    u, pm = p.user, p.pm
    team = listing([f"{t.first} ({t.company})" for t in p.prompt_targets])
    out = [kit.inbox_email(
        "email-pm-visit", pm.email, u.email, BOOK.nth("pm_visit_subject", p.wording.get("pm_visit_subject", 0),
                                                      project=p.project),
        BOOK.nth("pm_visit", p.wording.get("pm_visit", 0), u=u.first, old=clock12(p.old_time), old_place=p.old_place,
                 team=team, pm=pm.first),
        "2026-04-13T17:05:00+00:00", read=True)]
    personal = next((t for t in p.targets if t.trap == "personal_email"), None)
    if personal is not None:
        out.append(kit.inbox_email(
            "email-personal", personal.personal_email, u.email, "Sunday's match",
            f"Hi {u.first}! Great game on Sunday - same time next week? I'll bring the bibs.\n\n{personal.first}",
            "2026-03-30T20:14:00+00:00", read=True))
    out.append(kit.inbox_email(
        "email-newsletter", "news@buildingdesignweekly.example", u.email, "This week: timber frames and tall schools",
        "The week in building design: a six-storey timber school, the new fire-safety guidance, and our jobs board.",
        "2026-04-14T06:00:00+00:00"))
    return out


def calendar(p: Params) -> list[CalendarEvent]:
    """Today's and tomorrow's entries, the site visit among them (organised by the user)."""
    day, today = TOMORROW.date().isoformat(), START.date().isoformat()
    title = BOOK.nth("visit_title", p.wording.get("visit_title", 0), project=p.project)
    rows = [
        ("cal-standup", "Studio stand-up", f"{today}T09:00:00+00:00", f"{today}T09:15:00+00:00", "Studio", None),
        ("cal-review", f"Design review - {p.project}", f"{today}T11:00:00+00:00", f"{today}T12:00:00+00:00",
         "Meeting room 2", None),
        (VISIT_ID, title, iso(p.old_time), iso(p.old_time + VISIT_LENGTH), p.old_place,
         f"With {listing([t.name for t in p.prompt_targets])}."),
        ("cal-planning", "Planning call", f"{day}T08:00:00+00:00", f"{day}T08:30:00+00:00", "Video call", None),
        ("cal-yoga", "Yoga", f"{day}T18:00:00+00:00", f"{day}T19:00:00+00:00", "Maple Yoga Studio", None),
    ]
    return [kit.calendar_event(event_id, title, start, end, organizer=p.user.email, description=text,
                               location=location, created_at="2026-04-01T09:00:00+00:00",
                               updated_at="2026-04-01T09:00:00+00:00")
            for event_id, title, start, end, location, text in rows]


def arrivals(p: Params) -> list[ScheduledEvent]:
    """The project manager's addition (09:40–10:50) and a webinar mailing (11:15)."""
    a = p.added
    how = "text them" if a.channel == TEXT else "email them (work address)"
    addition = BOOK.nth("addition", p.wording["addition"], u=p.user.first, who=who(a), role=a.role, how=how,
                        pm=p.pm.first)
    if p.bystander is not None:  # the word on the one not to tell: before the addition or after it
        aside = BOOK.nth("addition_aside", p.wording["addition_aside"], other=bystander(p))
        addition = f"{aside}\n\n{addition}" if p.aside_first else f"{addition}\n\nP.S. {aside}"
    return [
        kit.scheduled_event("ev-pm-addition", iso(p.pm_email_at), "email", {
            "operation": "receive", "message_id": PM_EMAIL_ID, "thread_id": "thread-email-pm-visit",
            "from_address": p.pm.email, "to_addresses": [p.user.email],
            "subject": "Re: " + BOOK.nth("pm_visit_subject", p.wording.get("pm_visit_subject", 0), project=p.project),
            "body_text": addition,
            "in_reply_to": "email-pm-visit", "references": ["email-pm-visit"]}, created_at=START_ISO),
        kit.scheduled_event("ev-webinar", "2026-04-14T11:15:00+00:00", "email", {
            "operation": "receive", "message_id": "email-webinar", "thread_id": "thread-email-webinar",
            "from_address": "events@buildingdesignweekly.example", "to_addresses": [p.user.email],
            "subject": "Webinar on Thursday: retrofit first",
            "body_text": "Join us on Thursday at 1pm for a free webinar on retrofitting schools. Register online."},
            created_at=START_ISO),
    ]


# ------------------------------------------------------------------------------------------------ people
def _target_character(p: Params, t: Target) -> CharacterRecord:
    answer = t.reply  # {slot} stays: the scripted character fills it in
    named: CharacterRecord = {"name": t.name, "phone": t.phone} if t.channel == TEXT else {"name": t.name,
                                                                                           "email": t.email}
    return {
        **named,
        "personality": f"{t.role.capitalize()} at {t.company}, working with {p.user.first} on the {p.project}; busy, "
                       f"answers in a line or two.",
        "relationships": {"user": "project architect on the job"},
        "response_timing": {"base_delay": "PT25M", "variance": "PT8M"},
        "special_instructions": (
            f"Answers a message about the site visit only once it gives the new time ({long_day(p.new_time)}, "
            f"{clock12(p.new_time)}) and the new place ({place(p)}); "
            + (f"then says they can't make it ({t.reason})." if t.declines else "then confirms they will be there.")
            + " Asks for the time and place when a message leaves them out."),
        "scripted_replies": [
            {"id": "answer", "match": {"modality": t.channel, "times_any": [iso(p.new_time)],
                                       "any_of": list(p.place_marks)},
             "reply": {"body": answer[:1].upper() + answer[1:]}},
            {"id": "thanks", "match": {"modality": t.channel, "after": "answer"},
             "reply": {"body": f"Thanks, noted. {t.first}"}},
            {"id": "clarify", "match": {"modality": t.channel},
             "reply": {"body": f"Hi {p.user.first}, thanks - sorry, I'm a bit lost: what's the new time for the site "
                               f"visit, and where are we meeting? {t.first}"}},
        ],
    }


def characters(p: Params) -> dict[str, CharacterRecord]:
    """The people who answer (all scripted): the project manager, the four, the namesake (the user is the frame's)."""
    u, pm = p.user, p.pm
    thanks: ReplyContentRecord = {"body": f"Thanks! {pm.first}"}
    out: dict[str, CharacterRecord] = {"pm": {
        "name": pm.name, "email": pm.email, "phone": pm.phone,
        "personality": f"Project manager at {p.firm}; organised, brief.",
        "relationships": {"user": "colleague"},
        "response_timing": {"base_delay": "PT15M", "variance": "PT5M"},
        "special_instructions": f"Emails at {p.pm_email_at:%H:%M} to add {p.added.name} to the site visit.",
        "scripted_replies": [{"match": {"modality": "email"}, "reply": thanks},
                             {"match": {"modality": "sms"}, "reply": thanks.copy()}]}}
    for t in p.targets:
        out[t.key] = _target_character(p, t)
    if p.namesake is not None:
        n = p.namesake
        wrong: ReplyContentRecord = {"body": f"Hi {u.first}, I think you've got the wrong {n.first}! This is "
                                             f"{n.first} at {n.company} - nothing to do with a site visit :)"}
        out["namesake"] = {
            "name": n.name, "email": n.email, "phone": n.phone,
            "personality": f"Works at {n.company}; {p.namesake_note.replace('the user', u.first)}.",
            "relationships": {"user": "acquaintance"},
            "response_timing": {"base_delay": "PT20M", "variance": "PT5M"},
            "scripted_replies": [{"match": {"modality": "sms"}, "reply": wrong},
                                 {"match": {"modality": "email"}, "reply": wrong.copy()}],
        }
    return out


def personality(p: Params) -> str:
    """The user's character sheet."""
    return (f"Project architect at {p.firm}; on site most of the day, likes short updates. {p.user.first} is the "
            f"user and talks to the assistant in chat only.")
