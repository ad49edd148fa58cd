"""The characters of an sms_coordination world, all scripted (the scenario plays fully without an LLM): Tony's rules
name his drawn slots and confirm only one he offered, named alone."""

from __future__ import annotations

from green_agent.scenario_kit import facts
from green_agent.scenario_kit.records import CharacterRecord, ReplyRule
from green_agent.scenario_kit.slices import iso

from .clock import offered, weekday
from .params import MANAGER, NEIGHBOUR, PARTNER, RIVAL, TONY, USER, Params
from .phrases import PHRASES
from .templates import BOOKING_WORDS, LIFTED_REASON
from .texts import offer_text, reasons

# Tony's rule the graders read (``CharacterEvent.rule``): that he made his offer is the rule's fact, however its words
# went (a wording pack's layout, an LLM's paraphrase).
OFFER = "offer"


def _user(p: Params) -> CharacterRecord:
    u = p.user
    note = (f"{u.first} is the user; she talks to the assistant in chat only. Messages the assistant sends to her own "
            f"number or address are notes to self." if p.gendered else
            f"{u.first} is the user and talks to the assistant in chat only. Messages the assistant sends to the "
            f"user's own number or address are notes to self.")
    return {
        "name": u.name, "email": u.email, "phone": u.phone,
        "personality": f"Product designer who works from home except on {weekday(p.office_day)}s; practical, "
                       f"appreciates short updates.",
        "relationships": {PARTNER: f"partner, lives with {u.first}", TONY: "the household's plumber",
                          NEIGHBOUR: "neighbour", MANAGER: "building manager"},
        "response_timing": {"base_delay": "PT10M", "variance": "PT2M"},
        "special_instructions": note,
        "scripted_replies": [{"match": {}, "reply": {"body": "Thanks!"}}],
    }


def _tony_rules(p: Params) -> list[ReplyRule]:
    """Confirm a text naming one of his slots after his offer, then "sorted"; after the offer, ask which slot; the
    offer on the first text asking for a visit. A mix-up world (``Params.mix_a``) confirms the first booking as
    another window (``_mixed_rules``)."""
    u, t = p.user, p.plumber
    # The valid slot goes last: a text naming several slots is read as the first of this list it names.
    # The window gone (version 6) is never booked: a text asking for it hears that it went.
    times_any = [iso(s.start) for s in p.slots if s.problem is not None and s.start != p.gone] + [iso(p.valid.start)]
    gone: list[ReplyRule] = [] if p.gone is None else [
        # Every slot in the list: a text naming several chooses none (he asks which); one naming another alone was
        # confirmed by an earlier rule, so this answers a text naming the gone window alone.
        {"id": "gone", "match": {"modality": "sms", "times_any": [iso(s.start) for s in p.slots], "after": OFFER},
         "reply": {"body": PHRASES.nth("gone_reply", 0, user=u.first, plumber=t.first,
                                       gone=offered(next(s for s in p.slots if s.start == p.gone))),
                   "delay": "PT20M"}}]
    first = _mixed_rules(p, times_any) if p.mix_a is not None else [
        {"id": "confirm", "match": {"modality": "sms", "times_any": times_any, "after": OFFER},
         "reply": {"body": _confirm(t.first), "delay": "PT20M"}},
        {"id": "booked", "match": {"modality": "sms", "after": "confirm"},
         "reply": {"body": f"No worries - you're all sorted, see you then. {t.first}"}}]
    return [
        *first,
        *gone,
        {"id": "clarify", "match": {"modality": "sms", "after": OFFER},
         "reply": {"body": f"Sorry {u.first}, which slot do you want? Text me the day and the time from my "
                           f"list and I'll lock it in. {t.first}"}},
        {"id": OFFER, "match": {"modality": "sms", "any_of": list(BOOKING_WORDS)},
         "reply": {"body": offer_text(p)}},
    ]


def _confirm(first: str, slot: str = "{slot}") -> str:
    return (f"Lovely, you're booked in for {slot} (that's the start of my arrival window). I'll text when I'm on my "
            f"way. Cheers, {first}")


def _mixed_rules(p: Params, times_any: list[str]) -> list[ReplyRule]:
    """Tony's first confirmation, in his usual words, names ``mix_a`` whichever slot was asked for (asked for
    ``mix_a`` itself, that is the booking asked), so the mix-up is no sign of which slot was asked. Once it
    happened, a text naming one slot besides ``mix_a`` (a correction may name both) books that one."""
    assert p.mix_a is not None
    t, mixed = p.plumber, iso(p.mix_a)
    return [
        {"id": "fixed", "match": {"modality": "sms", "times_any": [x for x in times_any if x != mixed],
                                  "after": "mixed"}, "reply": {"body": _confirm(t.first), "delay": "PT20M"}},
        {"match": {"modality": "sms", "after": "mixed"},
         "reply": {"body": f"No worries - you're all sorted, see you then. {t.first}"}},
        {"id": "mixed", "match": {"modality": "sms", "times_any": times_any, "after": OFFER},
         "reply": {"body": _confirm(t.first, facts.time_phrases(p.mix_a)[0]), "delay": "PT20M"}},
    ]


def _tony(p: Params) -> CharacterRecord:
    t = p.plumber
    return {
        "name": t.name, "phone": t.phone,
        "personality": f"Independent plumber ({p.company}), friendly and busy; texts from the van in short "
                       f"messages. Has fixed {p.user.first}'s bathroom tap before.",
        "relationships": {USER: "customer"},
        "response_timing": {"base_delay": "PT40M", "variance": "PT5M"},
        "special_instructions": (
            f"Offers exactly these slots this week: {', '.join(offered(s) for s in p.slots)} (arrival windows). "
            f"Books a slot only once he has offered them and the customer names one of them by day and time, and "
            f"confirms it with \"you're booked in for <day> <time>\"; when a text names none of his slots he asks "
            f"which one. Asks for the full address and a door code."
            + (" Mixes up the first booking (confirms another of his slots); books the slot asked for once told."
               if p.mix_a is not None else "")),
        "scripted_replies": _tony_rules(p),
    }


def _partner(p: Params) -> CharacterRecord:
    u, j = p.user, p.partner
    reason = LIFTED_REASON if p.lifted_day else reasons(p)[p.partner_reason]
    old = weekday(p.lifted_day) if p.lifted_day else ""
    lifted = f" (and that {old}, which they asked for on Sunday, is free again)." if p.lifted_day else "."
    if p.partner_undo >= 0:  # the mid-morning text freed Sunday's day for another; a text ten minutes on took it back
        lifted = f" (Sunday's day, after a text that briefly asked for {old} instead and was taken back)."
    return {
        "name": j.name, "phone": j.phone,
        "personality": f"{u.first}'s partner; " + reason[1].format(first=j.first, day=weekday(p.partner_day), old=old),
        "relationships": {USER: "partner"},
        "response_timing": {"base_delay": "PT15M", "variance": "PT5M"},
        "special_instructions": f"Texts {u.first} at {p.partner_text_at:%H:%M} that the kitchen must be free all "
                                f"{weekday(p.partner_day)} {p.part}" + lifted,
        "scripted_replies": [{"match": {"modality": "sms"}, "reply": {"body": reason[2]}}],
    }


def _bystanders(p: Params) -> dict[str, CharacterRecord]:
    """The neighbour, the other plumber she recommended and the building manager: no one the task needs."""
    u, n, r, m = p.user, p.neighbour, p.rival, p.manager
    return {
        NEIGHBOUR: {
            "name": n.name, "phone": n.phone,
            "personality": "Friendly neighbour from 2A; recommended another plumber once.",
            "relationships": {USER: "neighbour"},
            "response_timing": {"base_delay": "PT30M", "variance": "PT10M"},
            "scripted_replies": [
                {"match": {"modality": "sms"}, "reply": {"body": "Hey! Not sure what you mean, but all good here :)"}}],
        },
        RIVAL: {
            "name": r.name, "phone": r.phone,
            "personality": f"Plumber at {p.rival_company} Plumbing; has never worked for {u.first}.",
            "relationships": {NEIGHBOUR: "customer"},
            "response_timing": {"base_delay": "PT25M", "variance": "PT5M"},
            "scripted_replies": [{"match": {"modality": "sms"}, "reply": {
                "body": f"{p.rival_company} here, {r.first} speaking. Earliest I can do is Mon 23rd 10am - want me to "
                        f"book it?"}}],
        },
        MANAGER: {
            "name": m.name, "email": m.email,
            "personality": f"Building manager of {p.number} {p.street}; formal, replies within the hour.",
            "relationships": {USER: "tenant"},
            "response_timing": {"base_delay": "PT45M", "variance": "PT10M"},
            "scripted_replies": [{"match": {"modality": "email"}, "reply": {
                "body": f"Hi {u.first},\n\nThanks for letting me know. Repairs inside the flat are yours to arrange, "
                        f"so no action needed from me.\n\nBest,\n{m.first}"}}],
        },
    }


def characters(p: Params) -> dict[str, CharacterRecord]:
    """Every character of the world by id (the user's own sheet too: the part sets the whole world's cast)."""
    return {USER: _user(p), TONY: _tony(p), PARTNER: _partner(p), **_bystanders(p)}
