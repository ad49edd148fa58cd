"""The characters of a travel_reschedule world, all scripted (the scenario plays fully without an LLM): the
operator's rules name its two drawn options, the client's its two fallback times."""

from __future__ import annotations

from green_agent.scenario_kit.records import CharacterRecord, ReplyRule

from .params import CLIENT, COACH, FRIEND, HOTEL, MANAGER, OPERATOR, PARTNER, STAND_IN, USER, Params
from .texts import (
    coach_email,
    confirm_text,
    day,
    footer,
    hm,
    hotel_email,
    iso,
    operator_email,
    option_line,
    options_text,
)

COUNT = {2: "two", 3: "three", 4: "four", 5: "five"}
# The operator's rules the graders read (``CharacterEvent.rule``): what was offered and confirmed is the rule's fact,
# however its words went (a wording pack's offer, an LLM's paraphrase).
OFFER = "options"


def confirms(index: int) -> str:
    """The id of the operator's rule that confirms ``p.options[index]``."""
    return f"confirm_{index + 1}"


def _user(p: Params) -> CharacterRecord:
    u = p.user
    return {
        "name": u.name, "email": u.email, "phone": u.phone,
        "personality": f"Consultant at {p.user_company}; in workshops all day, trusts the assistant with the "
                       f"details, likes a short summary.",
        "relationships": {PARTNER: "partner", CLIENT: "client", MANAGER: "office manager", FRIEND: "friend"},
        "response_timing": {"base_delay": "PT10M", "variance": "PT2M"},
        "special_instructions": f"{u.first} is the user and talks to the assistant in chat only. Messages the "
                                f"assistant sends to the user's own number or address are notes to self.",
        "scripted_replies": [{"match": {}, "reply": {"body": "Thanks!"}}],
    }


def _operator_rules(p: Params) -> list[ReplyRule]:
    """Confirm the option a reply names (the wrong option's rule first: a reply naming both books the wrong one),
    then 'all set'; after the offer, ask which one; the offer on the booking reference; before it, ask for it."""
    u = p.user
    right = p.right
    wrongs = [i for i in range(len(p.options)) if i != right]
    ref_words = [p.ref, p.ref.replace("-", ""), p.ref.replace("-", " ")]
    confirm: list[ReplyRule] = [{"id": confirms(i),
                "match": {"modality": "email", "times_any": [iso(p.options[i].dep)], "after": OFFER},
                "reply": {"body": confirm_text(p, p.options[i]), "delay": "PT15M"}} for i in (*wrongs, right)]
    done: list[ReplyRule] = [{"id": f"done_{i + 1}", "match": {"modality": "email", "after": confirms(i)},
             "reply": {"body": f"Dear {u.first},\n\nYou're all set - your rebooking stands and there's nothing more "
                               f"you need to do.\n\n{p.operator.name} Customer Relations{footer(p)}"}}
            for i in (*wrongs, right)]
    named = [f"{day(s.dep)} {hm(s.dep)}" for s in p.options]
    pair = ", ".join(named[:-1]) + " or " + named[-1]
    return [
        *confirm, *done,
        {"id": "clarify", "match": {"modality": "email", "after": OFFER},
         "reply": {"body": f"Dear {u.first},\n\nWhich service would you like? Please reply with its day and departure "
                           f"time: {pair}.\n\n{p.operator.name} Customer Relations{footer(p)}"}},
        {"id": OFFER, "match": {"modality": "email", "any_of": ref_words},
         "reply": {"body": options_text(p), "delay": "PT20M"}},
        {"id": "ask_ref", "match": {"modality": "email"},
         "reply": {"body": f"Dear Customer,\n\nTo help with your journey, please reply with your booking reference "
                           f"(it is on your e-ticket).\n\n{p.operator.name} Customer Relations{footer(p)}"}},
    ]


def _operator(p: Params) -> CharacterRecord:
    offered = "; ".join(option_line(p, n, s) for n, s in enumerate(p.options, 1))
    return {
        "name": f"{p.operator.name} Customer Relations", "email": operator_email(p),
        "personality": f"The rail operator's customer relations desk: polite, formal, works strictly by the booking "
                       f"reference. Rebooks only onto the {COUNT[len(p.options)]} services it offered for "
                       f"{p.ref}.",
        "relationships": {USER: "customer"},
        "response_timing": {"base_delay": "PT20M", "variance": "PT0M"},
        "special_instructions": (
            f"Cancelled the {hm(p.original.dep)} on {day(p.original.dep)}. Given the booking reference {p.ref}, "
            f"offers exactly {COUNT[len(p.options)]} alternatives: {offered} Confirms a rebooking only after offering "
            f"them, and only onto "
            f"the one whose day and departure time the customer names; asks which one when a reply names neither. "
            f"Never asks for card details."),
        "scripted_replies": _operator_rules(p),
    }


def _hotel(p: Params) -> CharacterRecord:
    return {
        "name": f"{p.hotel} front desk", "email": hotel_email(p), "phone": p.hotel_phone,
        "personality": "Hotel front desk, friendly and efficient; handles arrival changes by text.",
        "relationships": {USER: "guest"},
        "response_timing": {"base_delay": "PT20M", "variance": "PT5M"},
        "scripted_replies": [
            {"match": {"modality": "sms"},
             "reply": {"body": f"Thanks for letting us know! We've noted the new arrival time on booking "
                               f"{p.hotel_ref} and will hold the room. Safe travels - {p.hotel} front desk"}},
            {"match": {"modality": "email"},
             "reply": {"body": f"Dear {p.user.first},\n\nFor changes to your arrival please text the front desk on "
                               f"{p.hotel_phone} - that number is watched around the clock.\n\n{p.hotel} "
                               f"Reservations"}},
        ],
    }


def _client(p: Params) -> CharacterRecord:
    u = p.user
    fallbacks = [iso(p.fallbacks[0]), iso(p.fallbacks[1])]  # the unreachable one first, as with the options
    return {
        "name": p.client.name, "email": p.client.email,
        "personality": f"Project lead at {p.company}; warm and accommodating.",
        "relationships": {USER: "consultant on the project"},
        "response_timing": {"base_delay": "PT30M", "variance": "PT5M"},
        "special_instructions": (
            f"The kick-off is {day(p.meeting)} {hm(p.meeting)}. Offered {hm(p.fallbacks[0])} or "
            f"{hm(p.fallbacks[1])} on Thursday as fallbacks; accepts a move to one of them when asked, and replies to "
            f"anything else with thanks."),
        "scripted_replies": [
            {"id": "accept", "match": {"modality": "email", "times_any": fallbacks},
             "reply": {"body": f"Hi {u.first},\n\nNo problem at all - {{slot}} works for me; I've let the team know. "
                               f"Safe travels!\n\n{p.client.first}"}},
            {"id": "thanks", "match": {"modality": "email"},
             "reply": {"body": f"Hi {u.first},\n\nThanks for the update - see you on Thursday.\n\n{p.client.first}"}},
        ],
    }


def _bystanders(p: Params) -> dict[str, CharacterRecord]:
    """The partner, the stand-in (in some worlds), the office manager, the friend and the coach company."""
    u, r = p.user, p.route
    out: dict[str, CharacterRecord] = {
        PARTNER: {
            "name": p.partner.name, "phone": p.partner.phone,
            "personality": f"{u.first}'s partner; in {r.dest_city} this week visiting family, picking {u.first} up at "
                           f"the station. Relaxed, texts in short messages.",
            "relationships": {USER: "partner"},
            "response_timing": {"base_delay": "PT15M", "variance": "PT5M"},
            "scripted_replies": [{"match": {"modality": "sms"},
                                  "reply": {"body": "Got it, thanks for letting me know - I'll be there. x"}}]},
        MANAGER: {
            "name": p.manager.name, "email": p.manager.email,
            "personality": f"Office manager at {p.user_company}; looks after the company card.",
            "relationships": {USER: "colleague"},
            "response_timing": {"base_delay": "PT30M", "variance": "PT10M"},
            "scripted_replies": [{"match": {"modality": "email"},
                                  "reply": {"body": f"Thanks {u.first} - noted.\n\n{p.manager.first}"}}]},
        FRIEND: {
            "name": p.friend.name, "phone": p.friend.phone,
            "personality": f"{u.first}'s friend from the pub quiz team.",
            "relationships": {USER: "friend"},
            "response_timing": {"base_delay": "PT20M", "variance": "PT10M"},
            "scripted_replies": [{"match": {"modality": "sms"}, "reply": {"body": "No worries, another time!"}}]},
    }
    if p.stand_in:
        out[STAND_IN] = {
            "name": p.stand_in.name, "phone": p.stand_in.phone,
            "personality": f"{p.partner.first}'s {p.stand_in_relation}, in {r.dest_city}; collecting {u.first} from "
                           f"the station as a favour. Cheerful, texts briefly.",
            "relationships": {PARTNER: p.stand_in_relation, USER: "family friend"},
            "response_timing": {"base_delay": "PT15M", "variance": "PT5M"},
            "scripted_replies": [{"match": {"modality": "sms"},
                                  "reply": {"body": "Cheers, got it - I'll be at the station then!"}}]}
    out[COACH] = {"name": p.coach, "email": coach_email(p), "automated": True,
                  "personality": "A coach company's marketing mailbox."}
    return out


def characters(p: Params) -> dict[str, CharacterRecord]:
    """Every character of the world by id (the user's own sheet too: the part sets the whole world's cast)."""
    others = _bystanders(p)
    return {USER: _user(p), OPERATOR: _operator(p), PARTNER: others.pop(PARTNER), HOTEL: _hotel(p),
            CLIENT: _client(p), **others}
