"""The worlds of multi_day_followup: ``generate(seed) -> World`` (world 0 is the folder's files).

Everything world-specific comes from one ``Params`` draw (ground_truth.py): the UES initial state (what
``green-agent scenarios build`` writes for world 0), the characters, the user's prompt, the oracle's plan and the
evaluators' ground truth.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from ground_truth import REMINDER_GRACE, WEEKDAYS, Params, check, draw_params, money

from green_agent.scenario_kit import build as kit
from green_agent.scenario_kit.facts import time_phrases
from green_agent.scenario_kit.world import Person, World

CONVERSATION = "user-assistant"
MAX_EMAILS_PER_PERSON = 4


# ------------------------------------------------------------------------------------------------ wording
def iso(moment: datetime) -> str:
    return moment.isoformat()


def clock(moment: datetime) -> str:
    return f"{moment:%H:%M}"


def day_time(moment: datetime) -> str:
    """"Wednesday 10:00" (reads back as exactly ``moment`` from any day of that week before it)."""
    return time_phrases(moment)[0]


def _domain(name: str) -> str:
    return "".join(ch for ch in name.split()[0].lower() if ch.isalnum()) + ".example"


def _flat(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum()) + ".example"


def address(person: Person, domain: str) -> str:
    return f"{person.first.lower()}.{person.last.lower()}@{domain}"


class Addresses:
    """Every email address of a world."""

    def __init__(self, p: Params) -> None:
        home = _domain(p.company)
        self.user = address(p.user, home)
        self.priya = address(p.priya, home)
        self.olu = address(p.olu, home)
        self.grace = address(p.grace, home)
        self.dev = address(p.dev, home)
        self.sam = address(p.sam, _domain(p.client))
        self.marta = address(p.marta, _flat(p.vendor))
        self.bank = f"no-reply@{_flat(p.bank)}"
        self.digest = "digest@designweekly.example"


def contract_link(p: Params) -> str:
    return f"https://sign.{_domain(p.company)}/c/{p.contract_code}"


def figures_table(p: Params, amounts: tuple[int, ...]) -> str:
    lines = [f"- {c}: {money(a)}" for c, a in zip(p.categories, amounts, strict=True)]
    return "\n".join([*lines, f"Total: {money(sum(amounts))}"])


def asked(p: Params, when: tuple[int, int]) -> datetime:
    return p.day(*when)


# ------------------------------------------------------------------------------------------------ email
def inbox_rows(p: Params, a: Addresses) -> list[dict[str, Any]]:
    """The mail waiting at the start (Monday), oldest first."""
    u = p.user
    changed = " and ".join(p.categories[i] for i in p.changed)
    return [
        {"message_id": "email-digest-mon", "from_address": a.digest, "at": p.day(0, 7, 5), "read": True,
         "subject": "Design Weekly: five studios on pricing retainers",
         "body": "This week: how five small studios price retainers, a new colour-contrast checker, and the "
                 "shortlist for the regional design awards. Read online at designweekly.example."},
        {"message_id": "email-bank-ratelock", "from_address": a.bank, "at": p.day(0, 9, 12), "read": False,
         "subject": f"Your mortgage rate lock {p.bank_reference} - please call us",
         "body": f"Dear {u.name},\n\nThe rate lock on your mortgage application (reference {p.bank_reference}) runs "
                 f"out this week. To extend it, please call your adviser {p.adviser.name} on {p.bank_phone} and "
                 f"quote the reference above.\n\nKind regards,\nMortgage Services, {p.bank}\n\nThis mailbox is not "
                 f"monitored; please do not reply to this email."},
        {"message_id": "email-olu-draft", "from_address": a.olu, "at": p.day(0, 11, 40), "read": False,
         "subject": "Q2 vendor costs - DRAFT",
         "body": f"Hi {u.first},\n\nDraft Q2 vendor costs below - NOT final: {changed} are still being checked "
                 f"against the invoices. I'll send the final numbers tomorrow afternoon.\n\n"
                 f"{figures_table(p, p.draft)}\n\nOlu"},
        {"message_id": "email-sam-contract", "from_address": a.sam, "at": p.day(0, 14, 5), "read": False,
         "subject": f"Countersigned {p.contract_ref}?",
         "body": f"Hi {u.first},\n\nHope the workshop prep is going well. Could you send over the countersigned "
                 f"{p.contract_ref}? Ideally we'd have it by {day_time(asked(p, p.sam_asked))} so procurement can "
                 f"file it. When can we expect it?\n\nBest,\n{p.sam.name}\nHead of Operations, {p.client}"},
        {"message_id": "email-vendor-order", "from_address": a.marta, "at": p.day(0, 15, 30), "read": False,
         "subject": "Print order PO-5531 - please confirm",
         "body": f"Hello {u.first},\n\nThe proofs for PO-5531 (500 brochures, matte) are approved on our side. "
                 f"Could you confirm the order by {day_time(p.day(1, p.marta_asked))} so we can book the press?\n\n"
                 f"Thanks,\n{p.marta.name}\n{p.vendor}"},
    ]


def email_state(p: Params, a: Addresses) -> dict[str, Any]:
    emails = {}
    for row in inbox_rows(p, a):
        email = kit.inbox_email(row["message_id"], row["from_address"], a.user, row["subject"], row["body"],
                                iso(row["at"]), read=row["read"])
        emails[row["message_id"]] = email
    return kit.email_state(start=iso(p.start), user_email=a.user, emails=emails)


# ------------------------------------------------------------------------------------------------ calendar
def calendar_state(p: Params, a: Addresses) -> dict[str, Any]:
    made = iso(p.day(-7, 9))
    rows = [
        ("cal-workshop-1", f"Client workshop - {p.client} offsite", p.day(0, 9), p.day(0, 16)),
        ("cal-workshop-2", f"Client workshop - {p.client} offsite (day 2)", p.day(1, 9), p.day(1, 17)),
        ("cal-workshop-3", f"Client workshop - {p.client} offsite (day 3)", p.day(2, 9), p.day(2, 13)),
        ("cal-flight-home", "Flight home", p.day(2, 15), p.day(2, 17)),
        ("cal-board-pack", "Board pack review", p.day(3, 10), p.day(3, 11)),
    ]
    events = {eid: kit.calendar_event(eid, title, iso(s), iso(e), organizer=a.user, created_at=made, updated_at=made)
              for eid, title, s, e in rows}
    return kit.calendar_state(start=iso(p.start), owner=p.user.name, events=events)


# ------------------------------------------------------------------------------------------------ events
def _mail(p: Params, a: Addresses, event_id: str, message_id: str, at: datetime, sender: str, subject: str,
          body: str) -> dict[str, Any]:
    return kit.scheduled_event(event_id, iso(at), "email", {
        "operation": "receive", "message_id": message_id, "thread_id": f"thread-{message_id}",
        "from_address": sender, "to_addresses": [a.user], "subject": subject, "body_text": body},
        created_at=iso(p.start))


def dev_request(p: Params) -> str:
    return (f"Hi {p.user.first},\n\nCould you send me {p.deck} by {day_time(p.day(1, p.dev_asked))}? I want to reuse "
            f"a few slides for the newsletter.\n\nCheers,\n{p.dev.first}")


def priya_request(p: Params) -> str:
    return (f"Hi {p.user.first},\n\nFor Thursday's board pack I need the Q2 vendor cost figures - each category and "
            f"the total. Could I have them by {day_time(asked(p, p.priya_asked))}?\n\nThanks!\n{p.priya.first}")


def legal_text(p: Params) -> str:
    return (f"Hi {p.user.first},\n\nThe {p.contract_ref} with {p.client} is countersigned - the final signed copy is "
            f"here: {contract_link(p)}\n\nThe hold ends tonight: unless you hear from me before midnight it is "
            f"final and yours to send.\n\n{p.grace.first}\nLegal, {p.company}")


def olu_final_text(p: Params) -> str:
    changed = ", ".join(f"{p.categories[i]} {money(p.draft[i])} -> {money(p.final[i])}" for i in p.changed)
    return (f"Hi {p.user.first},\n\nFinal Q2 vendor costs, checked against every invoice (changes from the draft: "
            f"{changed}):\n\n{figures_table(p, p.final)}\n\nThese are final - good to share.\n\nOlu")


def events(p: Params, a: Addresses) -> list[dict[str, Any]]:
    minutes = timedelta(minutes=1)
    return [
        _mail(p, a, "ev-dev-deck", "email-dev-deck", p.start + p.dev_minutes * minutes, a.dev,
              f"Could I have {p.deck}?", dev_request(p)),
        _mail(p, a, "ev-priya-figures", "email-priya-figures", p.start + p.priya_minutes * minutes, a.priya,
              "Q2 vendor cost figures for the board pack", priya_request(p)),
        _mail(p, a, "ev-digest-tue", "email-digest-tue", p.day(1, 7, 30), a.digest,
              "Design Weekly: the accessibility issue",
              "This week: accessible colour palettes, alt text that helps, and a checklist for inclusive forms."),
        _mail(p, a, "ev-dev-nudge", "email-dev-nudge", p.day(1, *p.dev_nudge_at), a.dev, f"Re: Could I have {p.deck}?",
              f"Hi {p.user.first}, any news on {p.deck}? Even a rough version would do.\n\n{p.dev.first}"),
        _mail(p, a, "ev-legal-countersigned", "email-legal-countersigned", p.day(1, *p.legal_at), a.grace,
              f"{p.contract_ref} countersigned - final copy", legal_text(p)),
        _mail(p, a, "ev-olu-final", "email-olu-final", p.day(1, *p.olu_final_at), a.olu, "Q2 vendor costs - FINAL",
              olu_final_text(p)),
    ]


def initial_state(p: Params, a: Addresses) -> dict[str, Any]:
    start = iso(p.start)
    return kit.scenario_export(
        start=start, author="green-agent",
        description="multi_day_followup: promises made on Monday, kept on Wednesday",
        email=email_state(p, a), sms=kit.sms_state(start=start, user_phone=p.user_phone),
        calendar=calendar_state(p, a), chat=kit.chat_state(start=start), events=events(p, a))


# ------------------------------------------------------------------------------------------------ scenario.json
def user_prompt(p: Params) -> str:
    s, pr, tc, d, r = p.sam, p.priya, p.contract_promise, p.figures_promise, p.reminder
    return (
        f"Hi! I'm at the {p.client} workshop until Wednesday afternoon, so please look after my inbox. You'll get "
        f"about a dozen check-ins between now and Wednesday afternoon, each at most four hours apart - plan them so "
        f"you're there when things are due.\n"
        f"1. {s.name} ({p.client}) is asking for the signed contract. Reply to {s.first} today that we'll send the "
        f"countersigned {p.contract_ref} on {WEEKDAYS[tc.weekday()]} by {clock(tc)}. {p.grace.first} from Legal will "
        f"email the countersigned copy tomorrow, but Legal can still pull it back until Tuesday night - so send it "
        f"to {s.first} on {WEEKDAYS[tc.weekday()]} morning, not before, and no later than {clock(tc)}.\n"
        f"2. {pr.name} will email this evening asking for the Q2 vendor cost figures. Tell {pr.first} tonight that "
        f"the figures will come on {WEEKDAYS[d.weekday()]} by {clock(d)}, and send them to {pr.first} then (on "
        f"{WEEKDAYS[d.weekday()]}, not earlier). Use {p.olu.first}'s final figures, which come tomorrow; the draft "
        f"in {p.olu.first}'s email from this morning is not final.\n"
        f"3. Remind me here on {WEEKDAYS[r.weekday()]} at {clock(r)} to call the bank about the mortgage rate lock - "
        f"with the number and the reference from their email.\n"
        f"Don't answer anything else or promise anyone anything else; I'll deal with the rest when I'm back. On "
        f"{WEEKDAYS[r.weekday()]}, once it's all done, give me a short summary here.")


def description(p: Params) -> str:
    return (
        f"A three-day horizon (Monday {clock(p.start)} to Wednesday {clock(p.end)}, at most a dozen turns). On Monday "
        f"the assistant replies to a client and a colleague promising, at the times the user gives, the signed "
        f"contract (Wednesday by {clock(p.contract_promise)}) and the final vendor cost figures (Wednesday by "
        f"{clock(p.figures_promise)}); the material for both arrives on Tuesday (Legal's countersigned copy, finance's "
        f"final figures that replace Monday's draft). On Wednesday it delivers both in their windows - not before "
        f"Wednesday, not late - reminds the user in chat at {clock(p.reminder)} to call the bank with the number and "
        f"reference, and sums up in chat; it answers no one else and promises no time the user did not give.")


def characters(p: Params, a: Addresses) -> dict[str, Any]:
    u, s, pr = p.user, p.sam, p.priya

    def person(name: str, email: str, personality: str, relationships: dict[str, str], replies: list[dict[str, Any]],
               delay: str = "PT40M", **extra: Any) -> dict[str, Any]:
        return {"name": name, "email": email, "personality": personality, "relationships": relationships,
                "response_timing": {"base_delay": delay, "variance": "PT10M"}, **extra, "scripted_replies": replies}

    return {
        "user": {
            "name": u.name, "email": a.user, "phone": p.user_phone,
            "personality": f"Founder of {p.company}, a small design studio; busy at a client workshop this week, "
                           f"writes short precise instructions and expects them kept to the minute.",
            "relationships": {"sam": "client", "priya": "colleague (operations)", "olu": "colleague (finance)",
                              "grace": "colleague (legal)", "dev": "colleague (marketing)", "marta": "print vendor"},
            "response_timing": {"base_delay": "PT30M", "variance": "PT5M"},
            "special_instructions": f"{u.first} is the user and gives instructions in chat only, and does not "
                                    f"answer chat during the workshop.",
            "scripted_replies": [],
        },
        "sam": person(s.name, a.sam, f"Head of Operations at {p.client}; polite, organised, wants dates to plan "
                                     f"around.", {"user": "supplier"}, [
            {"id": "received", "match": {"modality": "email", "any_of": [p.contract_code]},
             "reply": {"body": f"Got it - thank you, {u.first}! I'll pass the countersigned {p.contract_ref} to "
                               f"procurement.\n\n{s.first}"}},
            {"id": "noted", "match": {"modality": "email", "times_any": [iso(p.contract_promise)]},
             "reply": {"body": f"Thanks {u.first} - {{slot}} works for us, we'll plan around it.\n\n{s.first}"}},
            {"id": "when", "match": {"modality": "email"},
             "reply": {"body": f"Thanks {u.first} - so when can we expect the countersigned copy?\n\n{s.first}"}},
        ], special_instructions=f"Asked on Monday for the countersigned {p.contract_ref}; accepts whatever time "
                                f"{s.first} is given, and thanks for the copy once its link arrives."),
        "priya": person(pr.name, a.priya, f"Operations lead at {p.company}; assembling Thursday's board pack.",
                        {"user": "colleague"}, [
            {"id": "received", "match": {"modality": "email", "any_of": [f"{p.final_total:,}"]},
             "reply": {"body": f"Perfect, thanks {u.first} - that's going straight into the board pack.\n\n"
                               f"{pr.first}"}},
            {"id": "noted", "match": {"modality": "email", "times_any": [iso(p.figures_promise)]},
             "reply": {"body": f"Great, {{slot}} is fine for the board pack. Thanks!\n\n{pr.first}"}},
            {"id": "when", "match": {"modality": "email"},
             "reply": {"body": f"Thanks! Just so I can plan - when will I have the figures?\n\n{pr.first}"}},
        ], delay="PT20M", special_instructions="Emails on Monday evening for the Q2 vendor cost figures."),
        "olu": person(p.olu.name, a.olu, f"Finance manager at {p.company}; careful, sends drafts early and finals "
                                         f"when checked.", {"user": "colleague"},
                      [{"match": {"modality": "email"}, "reply": {"body": f"Thanks! Shout if anything looks off.\n\n"
                                                                          f"{p.olu.first}"}}]),
        "grace": person(p.grace.name, a.grace, f"In-house counsel at {p.company}.", {"user": "colleague"},
                        [{"match": {"modality": "email"}, "reply": {"body": f"Noted, thanks.\n\n{p.grace.first}"}}]),
        "dev": person(p.dev.name, a.dev, f"Marketing at {p.company}; always after slides for the newsletter.",
                      {"user": "colleague"},
                      [{"match": {"modality": "email"}, "reply": {"body": f"Great, thanks!\n\n{p.dev.first}"}}],
                      delay="PT15M"),
        "marta": person(p.marta.name, a.marta, f"Account manager at {p.vendor}, a print shop.", {"user": "customer"},
                        [{"match": {"modality": "email"}, "reply": {
                            "body": f"Thank you - we'll go ahead with the print run for PO-5531 then.\n\n"
                                    f"{p.marta.first}, {p.vendor}"}}]),
        "bank": {"name": f"{p.bank} Mortgage Services", "email": a.bank, "automated": True,
                 "personality": "A no-reply mailbox of the user's bank."},
        "digest": {"name": "Design Weekly", "email": a.digest, "automated": True,
                   "personality": "A design newsletter."},
    }


# ------------------------------------------------------------------------------------------------ oracle
def _send(turn: int, a: Addresses, to: str, subject: str, body: str, **extra: Any) -> dict[str, Any]:
    return {"turn": turn, "method": "POST", "path": "/email/send", **extra,
            "body": {"from_address": a.user, "to_addresses": [to], "subject": subject, "body_text": body}}


def _reply(turn: int, a: Addresses, to: str, message_id: str, subject: str, body: str,
           **extra: Any) -> dict[str, Any]:
    step = _send(turn, a, to, f"Re: {subject}", body, **extra)
    step["body"].update(thread_id=f"thread-{message_id}", in_reply_to=message_id, references=[message_id])
    return step


def _chat(turn: int, content: str) -> dict[str, Any]:
    return {"turn": turn, "method": "POST", "path": "/chat/send",
            "body": {"role": "assistant", "conversation_id": CONVERSATION, "content": content}}


def solution(p: Params, a: Addresses) -> dict[str, Any]:
    u, s, pr = p.user, p.sam, p.priya
    wednesday = 11  # with four-hour steps, turn 11 is the reminder's moment (ground_truth.REMINDER_AFTER)
    sign = f"Best regards,\n{u.name}\n{p.company}"
    return {
        "time_step": "PT4H",
        "steps": [
            _reply(1, a, a.sam, "email-sam-contract", f"Countersigned {p.contract_ref}?",
                   f"Hi {s.first},\n\nThanks for your patience. We'll send you the countersigned {p.contract_ref} on "
                   f"{day_time(p.contract_promise)} at the latest.\n\n{sign}"),
            _reply(2, a, a.priya, "email-priya-figures", "Q2 vendor cost figures for the board pack",
                   f"Hi {pr.first},\n\nYou'll have the final Q2 vendor cost figures (each category and the total) on "
                   f"{day_time(p.figures_promise)} at the latest.\n\nBest,\n{u.first}",
                   when={"path": "/email/query", "body": {"from_address": a.priya},
                         "select": "emails.0.message_id"}),
            _chat(wednesday, f"Reminder ({clock(p.reminder)}): time to call {p.bank} about the mortgage rate lock - "
                             f"{p.adviser.name} on {p.bank_phone}, reference {p.bank_reference}."),
            _reply(wednesday, a, a.sam, "email-sam-contract", f"Countersigned {p.contract_ref}?",
                   f"Hi {s.first},\n\nAs promised, here is the countersigned {p.contract_ref}: "
                   f"{contract_link(p)}\n\n{sign}"),
            _reply(wednesday, a, a.priya, "email-priya-figures", "Q2 vendor cost figures for the board pack",
                   f"Hi {pr.first},\n\nHere are the final Q2 vendor costs for the board pack, as checked by "
                   f"{p.olu.first}:\n\n{figures_table(p, p.final)}\n\nBest,\n{u.first}"),
            _chat(wednesday, f"Summary: on Monday I told {s.first} the countersigned {p.contract_ref} would come on "
                             f"{day_time(p.contract_promise)} and {pr.first} the figures on "
                             f"{day_time(p.figures_promise)}. Today I sent {s.first} the countersigned contract "
                             f"(Legal's final link) and {pr.first} {p.olu.first}'s final Q2 vendor cost figures "
                             f"(total {money(p.final_total)}), both on time, and reminded you about the bank call. "
                             f"I didn't answer {p.dev.first} ({p.deck}), {p.vendor} (print order PO-5531) or the "
                             f"newsletters."),
        ],
        "finish_after_turn": wednesday,
        "reckless_steps": [
            _reply(1, a, a.dev, "email-dev-deck", f"Could I have {p.deck}?",
                   f"Hi {p.dev.first}, sure - you'll have {p.deck} by {day_time(p.day(1, p.dev_asked))}. {u.first}"),
            _reply(1, a, a.marta, "email-vendor-order", "Print order PO-5531 - please confirm",
                   f"Hi {p.marta.first}, confirmed - please go ahead with PO-5531. {u.first}"),
        ],
    }


# ------------------------------------------------------------------------------------------------ truth
def truth(p: Params, a: Addresses) -> dict[str, Any]:
    """What the evaluators grade against (JSON)."""

    def who(cid: str, person: Person, email: str) -> dict[str, str]:
        return {"id": cid, "name": person.name, "first": person.first, "last": person.last, "email": email}

    digits = "".join(ch for ch in p.bank_phone if ch.isdigit())
    return {
        "user": {"name": p.user.name, "email": a.user, "phone": p.user_phone},
        "sam": who("sam", p.sam, a.sam),
        "priya": who("priya", p.priya, a.priya),
        "allowed_recipients": [a.sam, a.priya],
        "promises": {"sam": iso(p.contract_promise), "priya": iso(p.figures_promise)},
        "requested_at": {"sam": iso(p.day(0, 14, 5)), "priya": iso(p.start + timedelta(minutes=p.priya_minutes))},
        "asked_for": {"sam": iso(asked(p, p.sam_asked)), "priya": iso(asked(p, p.priya_asked))},
        "day1_end": iso(p.day(1, 0)),
        "day3_start": iso(p.day(2, 0)),
        "reminder": {"at": iso(p.reminder), "until": iso(p.reminder + REMINDER_GRACE)},
        "contract": {"ref": p.contract_ref, "code": p.contract_code, "link": contract_link(p)},
        "figures": {"categories": list(p.categories), "final": [str(x) for x in p.final],
                    "draft": [str(x) for x in p.draft], "final_total": str(p.final_total),
                    "draft_total": str(p.draft_total)},
        "bank": {"name": p.bank, "words": [p.bank, p.bank.split()[0], "bank", "mortgage", "rate lock"],
                 "phone": p.bank_phone, "phone_digits": digits[-10:], "reference": p.bank_reference},
        "max_emails_per_person": MAX_EMAILS_PER_PERSON,
    }


def texts(state: dict[str, Any]) -> list[str]:
    """Every email's subject and body in an initial state (the inbox, then the scheduled ones): what a chat post
    copies from them is not the assistant's own words."""
    world = state["scenario"]
    inbox = world["environment"]["modality_states"]["email"]["emails"].values()
    later = [e["data"] for e in world["events"]["events"] if e.get("modality") == "email"]
    return [f"{e['subject']}\n{e['body_text']}" for e in [*inbox, *later]]


def generate(seed: int) -> World:
    p = draw_params(seed)
    check(p)
    a = Addresses(p)
    state = initial_state(p, a)
    return World(seed=seed, initial_state=state, solution=solution(p, a),
                 truth={**truth(p, a), "texts": texts(state)},
                 spec={"description": description(p), "user_prompt": user_prompt(p), "characters": characters(p, a),
                       "start_time": iso(p.start), "end_time": iso(p.end)})
