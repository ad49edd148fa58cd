"""Rules for ``rsvp_policy``, ``chase_reply`` and ``scheduling``, from reading the public parts (version 2).

* ``rsvp_policy``: the rule is one of six kinds in one of six frames; a clause holding "accept"/"yes"/"make the cut"
  or "decline"/"no"/"turn down" gives the side it names that answer. The side is read by cue words: the company name,
  "internal"/"outside" (the organiser's domain), a clock time (the start hour), a topic name (the part's own title
  table), two first names (the organiser's), "meetings booked"/"quiet"/"packed" (the user's events that day); an
  exception names an organiser whose meeting goes the other way.
* ``chase_reply``: a reply counts as an answer when it carries answer words ("attached", "here", "done", "uploaded",
  "sent") and no not-yet words ("will send", "tomorrow", "automatic reply", "question", "haven't"); a name mentioned
  in an answer ("mine and Zora's") answered too; remind everyone else the ask went to.
* ``scheduling``: ask the colleagues named in the request; read their replies in every notation the part writes
  ("10:00-12:00", "10am–12pm", "from ten until noon", "only free at 9:00", "9-10: busy", "10h to 12h") and take the
  one hour from 9 to 16 that neither they nor the user's calendar rules out.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from services.purple.cheats.scripted.desk import Desk, Script, script

YES = re.compile(r"\b(accept|yes|make the cut|i'll go|are fine|count me in|in for)\b", re.I)
NO = re.compile(r"\b(decline|say no|turn down|apologies|can't do|skip|not going|avoid)\b", re.I)
CLOCK = re.compile(r"\b(\d{1,2})(?::00|am|pm|h)\b|\b(noon|nine|ten|eleven|one|two|three|four|five) o'clock", re.I)
WORDS = {"nine": 9, "ten": 10, "eleven": 11, "noon": 12, "twelve": 12, "one": 13, "two": 14, "three": 15, "four": 16,
         "five": 17}
TOPIC_CUES = {"hiring": ("hiring", "recruit", "open roles"), "customers": ("customer", "client"),
              "money": ("money", "finance", "budget", "costs"), "social": ("social", "fun stuff"),
              "security": ("security",), "product": ("product", "roadmap and design")}
TOPIC_TITLES = {"hiring": ("candidate", "offer review", "interview", "reference", "recruiter", "take-home"),
                "customers": ("renewal", "qbr", "escalation", "onboarding", "account plan", "contract"),
                "money": ("forecast", "spend", "invoice", "budget", "pricing", "cost"),
                "social": ("lunch", "drinks", "pizza", "book club", "cake", "quiz"),
                "security": ("pen-test", "access review", "postmortem", "phishing", "soc 2", "encryption"),
                "product": ("roadmap", "design", "sprint", "prioritisation", "launch", "usability")}
EXCEPT = re.compile(r"(?:exception|except|opposite|other way)", re.I)


def _mine(event: dict[str, Any], user: str) -> str | None:
    for a in event.get("attendees") or []:
        if str(a.get("email", "")).lower() == user.lower():
            return str(a.get("response") or "")
    return None


def _hour(found: re.Match[str]) -> int:
    if found.group(1):
        hour = int(found.group(1))
        return hour + 12 if hour < 8 else hour
    return WORDS[found.group(2).lower()]


CLASH = re.compile(r"collide|double-book|on top of|overlaps something|actually free|fit around|a gap|calendar is "
                   r"clear|haven't already promised|clash with my own|busy slot|already committed", re.I)
THREADS = ("the lisbon offsite", "the q3 hiring plan", "the new expense tool", "the office move",
           "the data retention policy", "the partner newsletter", "the sso migration", "the summer party")
PAST = ("partner summit debrief", "q2 planning day", "customer advisory board", "architecture review",
        "vendor selection workshop", "brand refresh kickoff")


def _nearest(clause: str, verdict: bool) -> bool:
    """The answer a clause gives the side it names by another item: the cue word last before the name, else the
    clause's verdict ("rather than decline X, accept them" and "X I want to avoid" read as the frames say)."""
    low = clause.lower()
    at = min((low.find(w) for w in (*THREADS, *PAST, "collide", "on top of", "overlaps", "actually free",
                                    "fit around", "double-book", "a gap", "calendar is clear", "promised",
                                    "clash with", "busy slot", "committed") if w in low), default=-1)
    before = low[:at] if at >= 0 else ""
    if re.search(r"rather than decline", before) or re.search(r"avoid", low[at:]):
        return bool(re.search(r"rather than decline", before))
    cues = [(m.end(), False) for m in NO.finditer(before)] + [(m.end(), True) for m in YES.finditer(before)]
    return max(cues)[1] if cues else verdict


def _linked_side(desk: Desk, event: dict[str, Any], clause: str) -> bool | None:
    """Whether this invitation is on the side a clause names by another item (None: the clause names none): it
    sits on something the user is going to, its organiser wrote about the subject, or was at the past meeting."""
    user = desk.inbox.user_email.lower()
    organiser = str(event.get("organizer", "")).lower()
    start, end = desk.at(event["start"]), desk.at(event["end"])
    if CLASH.search(clause):
        committed = [e for e in desk.events if e is not event and _mine(e, user) != "needs-action"
                     and _mine(e, user) != "declined" and desk.at(e["start"]) < end and start < desk.at(e["end"])]
        side = bool(committed)
        return side if re.search(r"collide|double-book|on top of|overlaps|clash with|busy slot|already committed",
                                 clause, re.I) and not re.search(
            r"doesn't collide", clause, re.I) else not side
    low = clause.lower()
    if (subject := next((t for t in THREADS if t in low), None)) is not None:
        return any(subject in str(e.get("subject", "")).lower() and str(e.get("from_address", "")).lower() == organiser
                   for e in desk.inbox.emails)
    if (title := next((t for t in PAST if t in low), None)) is not None:
        past = next((e for e in desk.events if str(e.get("title", "")).lower() == title), None)
        return past is not None and any(str(a.get("email", "")).lower() == organiser
                                        for a in past.get("attendees") or [])
    return None


def _side_of(desk: Desk, event: dict[str, Any], clauses: list[str], pending: list[dict[str, Any]]) -> bool | None:
    """Whether the clause naming this invitation's side says yes (None: no clause names it)."""
    user = desk.inbox.user_email
    company = user.split("@")[1].split(".")[0]
    organiser = str(event.get("organizer", "")).lower()
    inside = organiser.endswith(user.split("@")[1])
    start = desk.at(event["start"])
    title = str(event.get("title", "")).lower()
    day_events = [e for e in desk.events if e.get("organizer") == user
                  and desk.at(e["start"]).date() == start.date()]
    for clause in clauses:
        verdict = False if NO.search(clause) else True if YES.search(clause) else None
        if verdict is None:
            continue
        low = clause.lower()
        linked = _linked_side(desk, event, clause)
        if linked is not None:
            return _nearest(clause, verdict) if linked else not _nearest(clause, verdict)
        if re.search(r"internal|colleagues|inside|people at", low) or (company in low and "outside" not in low
                                                                       and "not at" not in low):
            return verdict if inside else not verdict
        if re.search(r"outside|external|another company|outsiders", low):
            return verdict if not inside else not verdict
        clock = CLOCK.search(clause)
        if clock:
            before = bool(re.search(r"before|earlier", low))
            return verdict if (start.hour < _hour(clock)) == before else not verdict
        if re.search(r"two or more|at least two|packed", low):
            return verdict if len(day_events) >= 2 else not verdict
        if re.search(r"at most one|quiet|haven't already", low):
            return verdict if len(day_events) <= 1 else not verdict
        for topic, cues in TOPIC_CUES.items():
            if any(c in low for c in cues):
                on = any(c in title for c in TOPIC_TITLES[topic])
                return verdict if on else not verdict
        names = re.findall(r"\b([A-Z][a-z]+)\b", clause)
        firsts = {n.lower() for n in names}
        if firsts & {organiser.split(".")[0]}:
            return verdict
        if firsts and any(f for f in firsts if any(str(e.get("organizer", "")).lower().startswith(f + ".")
                                                   for e in pending)):
            return not verdict
    return None


@script
class RsvpPolicy(Script):
    part = "rsvp_policy"
    trigger = r"invit|meeting requests"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("rsvp_policy"):
            return
        user = desk.inbox.user_email
        pending = [e for e in desk.events if _mine(e, user) == "needs-action" and e.get("organizer") != user]
        if not pending:
            return
        line = next((ln for ln in desk.prompt.splitlines() if re.search(r"invit|meeting requests", ln, re.I)), "")
        rule, _, exception = re.split(r"(?=\b(?:One exception|Except|But for|\(\w+ is the exception|"
                                      r"The one from)\b)", line, maxsplit=1)[0], "", ""
        exception = line[len(rule):]
        clauses = re.split(r"[;.—:]\s*", rule)
        for event in pending:
            ok = _side_of(desk, event, clauses, pending)
            if ok is None:
                ok = True
            if exception and EXCEPT.search(exception):
                who = str(event.get("organizer", "")).split("@")[0].split(".")
                if all(w in exception.lower() for w in who):
                    ok = bool(re.search(r"\baccept\b", exception, re.I))
            await desk.call("POST", "/calendar/respond", {"event_id": event["event_id"], "attendee_email": user,
                                                          "response": "accepted" if ok else "declined"})
        desk.report.append("Answered the invitations.")


ANSWER = re.compile(r"\b(attached|here you go|here are|final|shared (?:drive|folder)|everything from me|"
                    r"as myself|covered|with mine|did ours)\b", re.I)
PERIOD_WORDS = ("March", "February", "April", "Q3", "Q2", "May", "autumn", "summer", "June")
TAKEN_BACK = re.compile(r"\b(ignore my last|disregard|hold off|scratch that|bin it)\b", re.I)
NOT_YET = re.compile(r"\b(automatic reply|which sheet|haven't|by friday|on my list|buried today|half of it)\b",
                     re.I)


@script
class ChaseReply(Script):
    part = "chase_reply"
    trigger = r"remind just those who haven't"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("chase_reply"):
            return
        user = desk.inbox.user_email.lower()
        asks = [e for e in desk.inbox.all_emails if str(e.get("from_address", "")).lower() == user
                and len(e.get("to_addresses") or []) >= 3]
        if not asks:
            return
        # Version 3: the same thing was asked a period before; the newest request is this one, and an answer
        # outside its thread counts only when it names this request's period.
        ask = max(asks, key=lambda e: str(e.get("sent_at") or e.get("received_at") or ""))
        period = next((p for p in PERIOD_WORDS if re.search(rf"\b{p}\b", str(ask.get("subject") or ""))), "")
        team = [str(a).lower() for a in ask["to_addresses"]]
        done: set[str] = set()
        # The latest message of each person decides: a promise kept is an answer, an answer taken back is not.
        for e in sorted(desk.inbox.emails, key=lambda e: str(e.get("received_at") or e.get("sent_at") or "")):
            sender, body = str(e.get("from_address", "")).lower(), str(e.get("body_text") or "")
            if sender not in team:
                continue
            names = body + str(e.get("subject") or "")
            if any(re.search(rf"\b{p}\b", names) for p in PERIOD_WORDS if p != period) and not re.search(
                    rf"\b{period}\b", body):  # a late answer to the earlier request, wherever it was posted
                continue
            if e.get("thread_id") != ask.get("thread_id") and (
                    not period or not re.search(rf"\b{period}\b", body + str(e.get("subject") or ""), re.I)) \
                    and not TAKEN_BACK.search(body):
                continue
            if TAKEN_BACK.search(body) or NOT_YET.search(body):
                done.discard(sender)
            elif ANSWER.search(body):
                done.add(sender)
                for other in team:  # a teammate named by first name or surname
                    if any(re.search(rf"\b{re.escape(w)}\b", body, re.I) for w in other.split("@")[0].split(".")):
                        done.add(other)
        for person in team:
            if person not in done:
                await desk.email([person], f"Reminder: {ask.get('subject', '')}",
                                 f"Hi,\n\nA gentle reminder about my request ({ask.get('subject', '')}) - could you "
                                 "send it when you get a moment?\n\nThanks")
        desk.report.append("Reminded those who had not answered.")


SCHEDULE = re.compile(r"set up a one-hour (.+?) with (.+?) on \w+ (\d+) (\w+), between", re.I)
NUM = r"(\d{1,2}|nine|ten|eleven|noon|one|two|three|four|five)"


def _n(token: str) -> int:
    if token.isdigit():
        hour = int(token)
        return hour + 12 if hour < 8 else hour
    return WORDS[token.lower()]


def _busy(text: str) -> set[int]:
    """The hours a reply rules out, in every notation the part writes."""
    out: set[int] = set()
    free = re.search(r"only free at (.+?)\(", text)
    if free:
        hours = {int(h) for h in re.findall(r"(\d{1,2}):00", free.group(1))}
        return set(range(9, 17)) - hours
    for h, state in re.findall(r"^(\d{1,2})-\d{1,2}: (busy|free)", text, re.M):
        if state == "busy":
            out.add(int(h))
    for a, b in re.findall(r"(\d{1,2}):00-(\d{1,2}):00", text):
        out |= set(range(int(a), int(b)))
    for a, pa, b, pb in re.findall(r"(\d{1,2})(am|pm)–(\d{1,2})(am|pm)", text):
        out |= set(range(int(a) % 12 + (12 if pa == "pm" else 0), int(b) % 12 + (12 if pb == "pm" else 0)))
    for a, b in re.findall(rf"from {NUM} until {NUM}", text):
        out |= set(range(_n(a), _n(b)))
    for a, b in re.findall(r"(\d{1,2})h to (\d{1,2})h", text):
        out |= set(range(int(a), int(b)))
    return out


@script
class Scheduling(Script):
    part = "scheduling"
    trigger = r"set up a one-hour .+ ask them when they're busy first"

    async def turn(self, desk: Desk) -> None:
        found = SCHEDULE.search(desk.prompt)
        if found is None:
            return
        title, names, dom = found.group(1), found.group(2), int(found.group(3))
        firsts = [n.strip().lower() for n in re.split(r",| and ", names) if n.strip()]
        people = [a for a in desk.book.emails if any(a.lower().startswith(f + ".") for f in firsts)]
        if not people:
            return
        if desk.once("scheduling-ask"):
            await desk.email(people, f"{title} - when are you busy?",
                             f"Hi,\n\nCould you tell me when you're busy on the {dom}th between 9:00 and 17:00, so "
                             f"I can find a time for the {title}?\n\nThanks")
            return
        answers = [e for e in desk.inbox.emails if str(e.get("from_address", "")).lower() in people]
        if {str(e.get("from_address", "")).lower() for e in answers} != set(people) or "done" in desk.memory:
            return
        busy: set[int] = set()
        for e in answers:
            busy |= _busy(str(e.get("body_text") or ""))
        day = None
        for ev in desk.events:
            start = desk.at(ev["start"])
            if start.day == dom:
                day = start
                end = desk.at(ev["end"])
                busy |= set(range(start.hour, end.hour + (1 if end.minute else 0)))
        free = [h for h in range(9, 17) if h not in busy]
        if not free or day is None:
            return
        start = day.replace(hour=free[0], minute=0)
        await desk.call("POST", "/calendar/create", {
            "title": title.capitalize(), "start": start.isoformat(), "end": (start + timedelta(hours=1)).isoformat(),
            "organizer": desk.inbox.user_email, "attendees": [{"email": p} for p in people]})
        desk.memory["done"] = True
        desk.report.append(f"Booked the {title} at {free[0]}:00.")
