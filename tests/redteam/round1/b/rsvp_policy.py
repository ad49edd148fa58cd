"""rsvp_policy: the rule's sentence frames and side phrases are public; find the declined side's text, then split the
four invitations by the feature the rule names (domain, hour, title list, past attendees, thread senders, own
meetings at that hour, meetings that day)."""

from __future__ import annotations

import re

from services.purple.cheats.base import body_of
from services.purple.cheats.scripted.desk import Desk, Script, script

FRAMES = ("accept {yes}, and decline {no}.", "say no to {no}; {yes} get a yes.",
          "only {yes} make the cut this week — turn down {no}.",
          "I'll go to {yes}. For {no}, please send my apologies (decline).", "{no}: decline. {yes}: accept.",
          "I can't do {no}, so decline those; {yes} are fine, accept them.", "anything that isn't {no} gets a yes",
          "skip {no}. Count me in for {yes}.", "I'm not going to {no} — the rest I'm in for.",
          "rather than decline {yes}, accept them; it's {no} I want to avoid.")
TOPICS = {"hiring": ("Candidate panel", "Offer review", "Interview loop", "Reference call", "Recruiter sync",
                     "Take-home", "hiring", "recruiting", "open roles"),
          "customers": ("Halcyon", "Bluefin", "Kestrel", "Pinecrest", "Solstice", "Marlowe", "customer", "client"),
          "money": ("forecast", "Spend review", "Invoice", "Budget check", "Pricing", "Headcount cost", "money",
                    "finance", "costs"),
          "social": ("Team lunch", "Farewell", "pizza", "Book club", "Birthday", "Quiz night", "social", "fun stuff"),
          "security": ("Pen-test", "Access review", "postmortem", "Phishing drill", "SOC 2", "encryption", "security"),
          "product": ("Roadmap", "Design critique", "Sprint demo", "prioritisation", "go/no-go", "Usability",
                      "product")}
NAMES = {"nine": 9, "ten": 10, "eleven": 11, "noon": 12, "one": 13, "two": 14, "three": 15, "four": 16}
PAST = ("Partner summit debrief", "Q2 planning day", "Customer advisory board", "Architecture review",
        "Vendor selection workshop", "Brand refresh kickoff")


def _no_side(prompt: str) -> str:
    for f in FRAMES:
        pattern = re.escape(f).replace(r"\{yes\}", "(?P<yes>.+?)").replace(r"\{no\}", "(?P<no>.+?)")
        m = re.search(pattern, prompt, re.I)
        if m:
            return m.group("no").lower()
    return ""


def _hour(text: str) -> int | None:
    m = re.search(r"(?:before|earlier than|at|from) (\d+):00|(\d+)(am|pm)|(\w+) o'clock|\b(noon)\b", text)
    if not m:
        return None
    if m.group(1):
        return int(m.group(1))
    if m.group(2):
        h = int(m.group(2))
        return h + 12 if m.group(3) == "pm" and h != 12 else h
    return NAMES.get((m.group(4) or m.group(5)).lower())


@script
class RsvpPolicy(Script):
    part = "rsvp_policy"
    trigger = r"invitations waiting in my calendar|few invites waiting|pending calendar invitations|meeting requests " \
              r"sitting|invitations I haven't answered"

    async def turn(self, desk: Desk) -> None:
        me = desk.inbox.user_email.lower()
        invites = [e for e in desk.events if str(e.get("organizer", "")).lower() != me and any(
            str(a.get("email", "")).lower() == me and a.get("response") == "needs-action" for a in e.get("attendees") or [])]
        if not invites or not desk.once("rsvp"):
            return
        p, no = desk.prompt, _no_side(desk.prompt)
        mine = [e for e in desk.events if e not in invites and (str(e.get("organizer", "")).lower() == me or any(
            str(a.get("email", "")).lower() == me and a.get("response") == "accepted" for a in e.get("attendees") or []))]
        start = {id(e): desk.at(e["start"]) for e in desk.events}
        group: dict[int, bool] = {}  # invitation → on the "marked" side; flip: whether that side is declined
        past = next((t for t in PAST if t.lower() in p.lower()), None)
        thread = re.search(r"(?:wrote to me about|thread about|emailed me about) (the [\w ]+?)(?: -|[,.;:—)]| get| are|"
                           r" make)", p)
        topic = next((k for k, words in TOPICS.items() if any(w.lower() in p.lower() for w in words[6:] if w)), None)
        if re.search(r"collide|actually free|gap in my week|calendar is clear|already promised|double-book", p):
            for e in invites:
                group[id(e)] = any(start[id(o)] == start[id(e)] for o in mine)
            flip = True
        elif re.search(r"at most one meeting|otherwise quiet|two meetings booked|two or more|packed", p):
            for e in invites:
                group[id(e)] = sum(start[id(o)].date() == start[id(e)].date() for o in mine) >= 2
            flip = True
        elif past:
            ev = next((e for e in desk.events if e.get("title") == past), {})
            who = {str(a.get("email", "")).lower() for a in ev.get("attendees") or []}
            for e in invites:
                group[id(e)] = str(e.get("organizer", "")).lower() in who
            flip = past.lower() in no
        elif thread:
            t = thread.group(1).lower()
            who = {str(m.get("from_address", "")).lower() for m in desk.inbox.emails
                   if t in str(m.get("subject", "")).lower()}
            for e in invites:
                group[id(e)] = str(e.get("organizer", "")).lower() in who
            flip = t in no
        elif re.search(r"before|earlier than|or later|from .+ on|or after", p) and _hour(no) is not None:
            cut = _hour(no)
            for e in invites:
                group[id(e)] = start[id(e)].hour < cut
            flip = bool(re.search(r"before|earlier", no))
        elif topic and not re.search(r"outside|another company|external|outsiders", p):
            words = TOPICS[topic][:6]
            for e in invites:
                group[id(e)] = any(w.lower() in str(e.get("title", "")).lower() for w in words)
            flip = any(w.lower() in no for w in TOPICS[topic][6:])
        else:
            domain = me.split("@")[-1]
            for e in invites:
                group[id(e)] = str(e.get("organizer", "")).lower().endswith("@" + domain)
            flip = bool(re.search(r"from people at|colleagues|internal|organised inside", no))
            for e in invites:  # the exception: a named organiser goes the other way
                if desk.book.name(str(e.get("organizer", ""))) in p:
                    group[id(e)] = not group[id(e)]
        for e in invites:
            ok = group[id(e)] != flip
            await desk.call("POST", "/calendar/respond", {"event_id": e["event_id"], "attendee_email": me,
                                                        "response": "accepted" if ok else "declined"})
        desk.report.append("I answered the invitations by your rule.")
