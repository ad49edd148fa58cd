"""Rules for ``route_request``, from reading the public part (version 3): each request is one of the part's ask
phrasings (copied here as a distinctive fragment per phrasing), so the fragment names the trade; the address book's job
titles (the part's title lists, copied) name each colleague's trade. Each asked trade has two colleagues, one away
today: the script reads every statement of leave (notes, automatic replies, the lead's emails, a correction that swaps
two names) with a date reader built on scenario_kit/leave.py's constructions (spans, "back on", "n days from",
moved leave: the newer span, leave anchored on a dated event), and forwards to the colleague in today."""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Any

from services.purple.cheats.base import body_of, sender_of
from services.purple.cheats.scripted.desk import Desk, Script, script

# trade → the fragments of its ask phrasings (one per phrasing of the part's ASKS, insider then outsider)
ASKS: dict[str, tuple[str, ...]] = {
    "billing": ("charged twice", "reminder reached them today", "split across two purchase orders",
                "last year's day rate", "expected a credit on our account"),
    "it": ("can't sign in to", "drops my connection", "two-factor codes stopped", "gets 'permission denied'",
           "guest login you gave us", "asks for a password nobody"),
    "press": ("asking for a quote on", "morning show tomorrow", "journalist asked me to comment",
              "writing a piece for the herald", "a line on the record", "doing an episode on"),
    "legal": ("liability in our deal", "subcontractor take on part", "breaches the exclusivity",
              "liability to run both ways", "clause 7 lets you", "confidentiality obligations we signed"),
    "facilities": ("the radiator there", "water dripping from the ceiling", "six more chairs",
                   "the lift was out of order", "loading bay door", "back door of your building"),
    "people": ("two weeks off in august", "contract of employment still shows", "talk in confidence",
               "offer letter would follow", "sent me a contract or told me where", "my final payslip"),
}
# trade → the job titles the part gives it (copied)
TITLES: dict[str, tuple[str, ...]] = {
    "billing": ("accounts receivable lead", "billing specialist", "credit controller", "finance operations analyst"),
    "it": ("it support engineer", "service desk analyst", "systems administrator", "workplace technology lead"),
    "press": ("communications manager", "press officer", "head of media relations", "pr lead"),
    "legal": ("contracts counsel", "legal adviser", "commercial lawyer", "head of legal"),
    "facilities": ("office manager", "facilities coordinator", "workplace services lead", "building manager"),
    "people": ("hr business partner", "people operations manager", "head of people", "hr adviser"),
}
TRIGGER = (r"forward each|whose job covers|aren't mine to handle|whichever colleague|route the emails|"
           r"colleague who handles|job titles in my|covers? (?:it|for)|belongs? to")


MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
DATE = re.compile(r"(?P<rel>today|tomorrow|yesterday)|(?:(?:(?P<dir>this|last|on) )?(?P<wd>" + "|".join(WEEKDAYS)
                  + r")\b(?! ?(?:the )?\d))|(?P<d>\d{1,2})(?:st|nd|rd|th)?(?: (?P<mon>" + "|".join(MONTHS)
                  + r")|/(?P<m>\d{1,2}))?", re.IGNORECASE)


def dates(text: str, said: date | None, today: date) -> list[date]:
    """Every day ``text`` names, in order: absolute (the nearest month to today), or relative to ``said``."""
    out = []
    for m in DATE.finditer(text):
        if m.group("rel") and said:
            out.append(said + timedelta(days={"today": 0, "tomorrow": 1, "yesterday": -1}[m.group("rel").lower()]))
        elif m.group("wd") and said:
            gap = (WEEKDAYS.index(m.group("wd").lower()) - said.weekday()) % 7
            out.append(said + timedelta(days=gap - 7 if (m.group("dir") or "").lower() == "last" else gap))
        elif m.group("d") and (m.group("mon") or m.group("m") or "the " + m.group("d") in text[max(0, m.start()
                                                                                                   - 4):m.end()]):
            month = MONTHS.index(m.group("mon").lower()) + 1 if m.group("mon") else int(m.group("m") or 0)
            out.append(near(today, int(m.group("d")), month))
    return out


def near(today: date, day: int, month: int) -> date:
    """The date of ``day`` (of ``month``, or of the month nearest ``today``) closest to today."""
    options = []
    for shift in (-1, 0, 1):
        y, mo = today.year, (month or today.month + shift)
        y, mo = (y + (mo - 1) // 12, (mo - 1) % 12 + 1)
        try:
            options.append(date(y, mo, day))
        except ValueError:
            continue
    return min(options, key=lambda d: abs((d - today).days))


def away(text: str, said: date | None, today: date, diary: dict[str, date]) -> bool | None:
    """Whether a statement of leave puts its person away ``today`` (None: it says nothing readable)."""
    low = text.lower()
    n = re.search(r"(\d+)[- ]day|(\d+) days", low)
    days = int(n.group(1) or n.group(2)) if n else 0
    event = next((e for e in diary if f"the {e}" in low), None)
    if event and days:
        at = diary[event]
        span = (at - timedelta(days=days), at - timedelta(days=1)) if re.search(r"days? before the", low) else (
            at + timedelta(days=1), at + timedelta(days=days))
        return span[0] <= today <= span[1]
    found = dates(re.sub(r"\d+[- ]day|\d+ days", "", low), said, today)
    if not found:
        return None
    if re.search(r"moved|swapped|change of plan|instead|gave up", low) and len(found) >= 4:
        found = found[2:]
    if days:
        return found[0] <= today <= found[0] + timedelta(days=days - 1)
    if re.search(r"back|returns", low) and len(found) == 1:
        return found[0] > today
    if len(found) == 1:
        return (said or today) <= today <= found[0]
    last = found[1] - timedelta(days=1) if re.search(r"back", low[low.find(str(found[1].day)) - 30:]) else found[1]
    return found[0] <= today <= last


EVENTS = ("sales kickoff", "board meeting", "quarterly review", "compliance review", "all-hands", "supplier expo",
          "planning hearing", "design freeze", "tender deadline")  # scenario_kit/leave.py's, copied


def anchors(desk: Desk, today: date) -> dict[str, date]:
    """The dated events leave may be anchored on, from the mail."""
    return {e: d for email in desk.inbox.emails for e in EVENTS
            for line in body_of(email).splitlines() if f"the {e} " in line.lower() or f"the {e} (" in line
            for d in dates(line, None, today)[:1]}


async def contacts(desk: Desk) -> list[dict[str, Any]]:
    """The address book's entries (job titles and notes included), read through the purple's key."""
    state = await desk.call("GET", "/contacts/state") or {}
    entries = state.get("contacts") or {}
    return list(entries.values()) if isinstance(entries, dict) else []


def email_of(contact: dict[str, Any]) -> str:
    return next((str(i.get("value")) for i in contact.get("identifiers") or []
                 if i.get("identifier_type") == "email"), "")


def title_trade(contact: dict[str, Any]) -> str | None:
    title = str(contact.get("job_title") or "").lower()
    return next((t for t, titles in TITLES.items() if title in titles), None)


def ask_trade(text: str) -> str | None:
    low = re.sub(r"\s+", " ", text.lower())
    return next((t for t, cues in ASKS.items() if any(c in low for c in cues)), None)


async def forward(desk: Desk, owner: dict[str, Any], email: dict[str, Any]) -> None:
    sender = desk.book.name(sender_of(email))
    await desk.email([email_of(owner)], f"Fwd: {email.get('subject') or ''}",
                     f"Hi {owner.get('first_name') or ''},\n\nCould you take this one?\n\n"
                     f"---------- Forwarded message ----------\nFrom: {sender} <{sender_of(email)}>\n\n"
                     f"{body_of(email)}")


# The part's "cover" sentences (scenario_kit/leave.py COVER, copied): whose leave a sentence naming two people is.
COVER = (re.compile(r"(\w+) is covering for (?P<who>\w+), who is"),
         re.compile(r"While (?P<who>\w+) is .*?, (\w+) picks up"),
         re.compile(r"(\w+) has (?P<who>\w+)'s desk, as"),
         re.compile(r"Ask (\w+), not (?P<who>\w+), for anything"))
CALLED_OFF = re.compile(r"is cancelled|fell through|no longer needs")
LEAVE_WORDS = re.compile(r"off|away|leave|back|returns|flew|left|tour|holiday|out |course", re.IGNORECASE)


def subject(sentence: str, staff: list[dict[str, Any]]) -> str | None:
    """The first name of the colleague a sentence of leave is about: the cover sentences' absent one, "our <title>",
    else the first colleague it names."""
    for pattern in COVER:
        m = pattern.search(sentence)
        if m:
            return m.group("who")
    role = re.search(r"[Oo]ur ([a-z ]+?) (?:is|has|left|was|no|takes|cancelled|gave|flew|returns)", sentence)
    if role:
        return next((str(c.get("first_name")) for c in staff if str(c.get("job_title") or "").lower()
                     == role.group(1).lower()), None)
    named = [(sentence.find(str(c.get("first_name"))), str(c.get("first_name"))) for c in staff
             if re.search(rf"\b{re.escape(str(c.get('first_name')))}\b", sentence)]
    return min(named)[1] if named else None


def texts(desk: Desk) -> list[tuple[str, date | None]]:
    """Every text that may state leave, with its date: notes, then emails oldest first (a correction's two names
    swapped back in the email before it)."""
    mails = sorted(desk.inbox.emails, key=lambda e: str(e.get("received_at") or e.get("sent_at") or ""))
    bodies = [body_of(m) for m in mails]
    for k, body in enumerate(bodies):
        swap = re.search(r"it's (\w+), not (\w+)|(\w+) is in as normal; what I wrote is about (\w+)|"
                         r"I meant (\w+) in my last message, not (\w+)", body)
        if swap:
            g = [x for x in swap.groups() if x]
            right, wrong = (g[1], g[0]) if "is in as normal" in swap.group(0) else (g[0], g[1])
            j = next((j for j in range(k - 1, -1, -1) if wrong in bodies[j]), None)
            if j is not None:
                bodies[j] = re.sub(rf"\b{wrong}\b", right, bodies[j])
    return [(body, desk.at(m.get("received_at") or m.get("sent_at")).date()) for m, body in zip(mails, bodies,
                                                                                                  strict=True)]


def away_today(desk: Desk, book: list[dict[str, Any]], diary: dict[str, date], today: date | None = None) -> set[str]:
    """The first names of the people some statement puts away ``today`` (default: the desk's day; the latest
    statement about each wins), read from notes, emails and texts."""
    today = today or desk.now.date()
    verdict: dict[str, bool] = {}
    sms = [(str(m.get("body") or ""), desk.at(m.get("sent_at")).date()) for m in desk.inbox.sms]
    sources = [(str(c.get("notes") or ""), None) for c in book] + texts(desk) + sms
    for text, said in sources:
        for sentence in re.split(r"(?<=[.!?])\s+|\n+", text):
            who = subject(sentence, book) if LEAVE_WORDS.search(sentence) else None
            if who is None:
                continue
            if CALLED_OFF.search(sentence):
                verdict[who] = False
                continue
            said_away = away(sentence, said, today, diary)
            if said_away is not None:
                verdict[who] = said_away
    return {who for who, off in verdict.items() if off}


@script
class RouteRequest(Script):
    part = "route_request"
    trigger = TRIGGER

    async def turn(self, desk: Desk) -> None:
        if not desk.once("route_request"):
            return
        book = [c for c in await contacts(desk) if c.get("job_title")]
        today = desk.now.date()
        diary = anchors(desk, today)
        off = away_today(desk, book, diary)
        staff = [(c, title_trade(c)) for c in book if str(c.get("first_name")) not in off]
        names = re.findall(r"\b([A-Z][a-z]+)\b", desk.prompt)
        done = []
        for email in desk.inbox.emails:
            sender = desk.book.name(sender_of(email))
            if not any(n in sender.split() for n in names):
                continue
            trade = ask_trade(body_of(email))
            owner = next((c for c, t in staff if t == trade and email_of(c)), None)
            if owner is None:
                continue
            await forward(desk, owner, email)
            done.append(f"{sender.split()[0]}'s to {owner.get('first_name')}")
        if done:
            desk.report.append("Forwarded " + " and ".join(done) + ".")
