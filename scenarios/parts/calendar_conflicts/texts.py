"""The words of a calendar_conflicts world: the scenario's description and the user's request (the priorities, the
third one and the destination as the world draws them), and how prose names days, dates and people.

The request is worded many ways (``PHRASES``): its frame (a numbered list, plain prose, bullets, the destination
before the priorities), each regime and each destination rule have phrasings of different structure, and the
exception a regime names is a company, the customer who mailed the user an agenda, or the weekday of a customer's
clash. World 0 uses the first phrasing of each kind (the published template); every other world draws its own
(``Plan.wording``). A drawn request (not world 0's) adds to each rule its asides (``_asides``, part 6)."""

from __future__ import annotations

import random
from datetime import date

from green_agent.scenario_kit.phrasing import Phrasebook

from . import rules
from .plan import MONTHS, Plan, last_day, weekday

_GRID = f"on the hour or half past ({rules.WORK_START}-{rules.WORK_END} UTC, no new clash)"

PHRASES = Phrasebook({
    "frame": (
        "Hi! My calendar this week ({week}) is a mess: several things are double-booked. Please fix every clash "
        "using these priorities: 1) {board_rule}; 2) {personal_rule}; 3) otherwise {regime}. If I organise the "
        "meeting that loses, move it to {destination}; if someone else organises it, decline it. Email the people "
        "affected by each change - politely, saying what changed - and don't bother anyone else. Then give me a "
        "short summary here.",
        "Morning! I've got overlapping meetings all over {week}. Can you sort them out? Ground rules: {Board_rule}. "
        "{Personal_rule}. For anything else, {regime}. When the meeting that has to give way is one I organised, "
        "move it to {destination}; when it's someone else's, just decline it. Let the people affected know what "
        "changed (nicely), nobody else, and give me a quick summary here when you're done.",
        "Hi - can you untangle my calendar for {week}? A few things overlap.\n\nHow to decide who wins:\n"
        "- {Regime}.\n- That said: {personal_rule}.\n- And {board_rule}.\n\nWhat to do with the one that loses: if "
        "it's mine, move it to {destination}; otherwise decline it.\n\nThen email the people affected - politely, "
        "saying what changed - and no one else, and summarise for me here.",
        "Several meetings in {week} overlap and I need them fixed. A meeting I organise that loses a clash: move it "
        "to {destination}. One somebody else organises that loses: decline it. Who loses? {Board_rule}. "
        "{Personal_rule}. Beyond those two, {regime}. Please write to the people affected, politely and saying what "
        "changed, and don't contact anyone else. A short summary here afterwards, please.",
    ),
    # The user's first priority: the board review stays (board_board) or gives way (board_call).
    "board_board": (
        "never move or decline the board review on {board}",
        "the board review on {board} is untouchable - don't move it, don't decline it",
        "the board review on {board} is sacred: it never moves and I never decline it",
        "whatever clashes with the board review on {board} gives way - the board review itself stays put",
    ),
    "board_call": (
        "the board review on {board} is the one meeting I can miss (my slides are in): if it clashes, decline it "
        "and keep the other meeting",
        "the board review on {board} gives way this time - I only listen in, so decline it if anything overlaps it",
        "don't protect the board review on {board}: I'm just sitting in, so whatever clashes with it wins and the "
        "board review gets declined",
        "whatever clashes with the board review on {board} stays - decline the board review itself, my part is "
        "already sent",
    ),
    # The second: the personal event stays (personal_personal) or is what moves (personal_meeting).
    "personal_personal": (
        "my {personal} on {pday} stays, no matter what",
        "my {personal} on {pday} is untouchable too - a meeting that clashes with it gives way",
        "my {personal} ({pday}) always stays",
        "when a meeting clashes with my {personal} on {pday}, the meeting gives way",
    ),
    "personal_meeting": (
        "my {personal} on {pday} is the flexible one: if a meeting clashes with it, the meeting stays and the "
        "{personal} moves (like a meeting I organise)",
        "my {personal} on {pday} can shift - a meeting that clashes with it stays, and the {personal} moves like one "
        "of my own meetings",
        "my {personal} ({pday}) can move: a clashing meeting wins, and it moves as my own meetings do",
        "when a meeting clashes with my {personal} on {pday}, the meeting stays and my {personal} moves instead "
        "(as one of my own meetings would)",
    ),
    "regime_customers": (
        "customer meetings beat internal ones",
        "a meeting with a customer wins over an internal one",
        "when it's a customer against one of our own internal meetings, keep the customer",
        "I'd rather let an internal meeting go than a customer one",
        "forget last week's 'internal first' - a customer meeting wins over an internal one again",
        "even though {why}, I won't let a customer meeting give way to an internal one",
    ),
    "regime_internal": (
        "internal meetings beat customer ones this week - {why}",
        "our internal meetings win over customer ones this week ({why})",
        "this week I keep the internal meeting and let the customer one go: {why}",
        "a customer meeting gives way to an internal one this week, since {why}",
        "normally customer meetings beat internal ones, but not this week: {why}",
        "no customer gets priority this week - {why}",
    ),
    "regime_internal_except": (
        "internal meetings beat customer ones this week ({why}), with one exception: anything with {focus} wins, "
        "their renewal is at risk",
        "{focus}'s renewal is at risk, so anything with them wins; apart from that, internal meetings beat customer "
        "ones ({why})",
        "internal comes first this week ({why}) - {focus} is the only customer I won't bump, we can't lose that "
        "account",
        "we're nowhere near winding {focus} down - keep anything with them; every other customer loses to internal "
        "meetings this week ({why})",
    ),
    "regime_customers_except": (
        "customer meetings beat internal ones, except {focus}: we're winding that account down, so their meetings "
        "lose to internal ones",
        "we're winding {focus} down, so their meetings give way to internal ones; any other customer beats an "
        "internal meeting",
        "a customer meeting normally wins over an internal one - not {focus}'s though, that account is being "
        "handed off and can wait",
        "{focus}'s renewal is signed and the account moves to another team, so their meetings lose to internal "
        "ones; any other customer beats an internal meeting",
        "customers first - but I won't bump an internal meeting for {focus} any more",
    ),
    "regime_internal_except_mail": (
        "internal meetings beat customer ones this week ({why}), except the customer who already sent me their "
        "topics for their meeting - that one wins",
        "the one customer who has already written to me with what they want to cover keeps their meeting; every "
        "other customer loses to internal ones this week ({why})",
        "internal first this week ({why}), with one exception: whoever on the customer side emailed me their list "
        "for our meeting - keep theirs",
        "internal first this week ({why}) - but the customer who took the trouble to mail me ahead of our meeting "
        "keeps it",
    ),
    "regime_customers_except_day": (
        "customer meetings beat internal ones, except the customer in {fday}'s clash: that account is being wound "
        "down, so it loses to internal ones",
        "customers come first, but not the one whose meeting clashes on {fday} - we're winding that account down",
        "the customer meeting wins over an internal one, unless it's the customer of the {fday} double-booking "
        "(that account is on its way out)",
        "customers first; the {fday} customer is the exception - their renewal fell through, so they lose to "
        "internal meetings",
    ),
    "destination_earliest": (
        f"the earliest free slot that same day, starting {_GRID}",
        f"the first gap that day it fits in (starting on the hour or half past, within {rules.WORK_START}-"
        f"{rules.WORK_END} UTC, without creating a new clash)",
        f"the same day, as early as it can go without a new clash - on the hour or half past, between "
        f"{rules.WORK_START} and {rules.WORK_END} UTC",
        f"not the latest or the nearest slot - the earliest free one that same day, starting {_GRID}",
    ),
    "destination_after": (
        f"the first free slot after the meeting it clashed with ends, the same day, starting {_GRID}",
        f"right after the meeting that beat it, or the first free start after that one ends if that's taken (same "
        f"day, {_GRID})",
        f"the same day, once the other meeting is over - the first free start on the hour or half past after it "
        f"ends (by {rules.WORK_END} UTC, no new clash)",
        f"not before it: the first free start after the meeting it clashed with ends, same day, starting {_GRID}",
    ),
    "destination_latest": (
        f"the latest free slot that same day that still ends by {rules.WORK_END} UTC, starting on the hour or half "
        f"past (no new clash)",
        f"the end of that same day: the last start on the hour or half past that's free and still finishes by "
        f"{rules.WORK_END} UTC (no new clash)",
        f"as late as possible the same day without running past {rules.WORK_END} UTC (on the hour or half past, "
        f"no new clash)",
        f"not the earliest but the latest free start that day, finishing by {rules.WORK_END} UTC (on the hour or "
        f"half past, no new clash)",
    ),
    "destination_before": (
        f"the latest free slot that same day that still ends before the meeting it clashed with starts, starting "
        f"{_GRID}",
        f"the same day, just ahead of the meeting that won - the last free start on the hour or half past that "
        f"finishes by the time that one begins (from {rules.WORK_START} UTC, no new clash)",
        f"earlier that day: as late as it can go while still wrapping up before the other meeting begins (on the "
        f"hour or half past, from {rules.WORK_START} UTC, no new clash)",
        f"not after the meeting it clashed with: the latest free start that still ends in time for it, starting "
        f"{_GRID}",
    ),
    "destination_afternoon": (
        f"the earliest free slot that same day from {rules.AFTERNOON} UTC on, starting on the hour or half past "
        f"(ending by {rules.WORK_END}, no new clash)",
        f"that day's afternoon - the first free start at or after {rules.AFTERNOON} UTC, on the hour or half past, "
        f"ending by {rules.WORK_END}, no new clash",
        f"the same day after lunch: the first time from {rules.AFTERNOON} UTC that's free (on the hour or half "
        f"past, done by {rules.WORK_END} UTC, no new clash)",
        f"not the morning and not the nearest - the earliest free start from {rules.AFTERNOON} UTC that day, "
        f"on the hour or half past (ending by {rules.WORK_END}, no new clash)",
    ),
    "destination_morning": (
        f"the latest free slot that same day that still ends by {rules.NOON} UTC, starting {_GRID}",
        f"that day's morning - the last free start on the hour or half past that finishes by {rules.NOON} UTC "
        f"(from {rules.WORK_START} UTC, no new clash)",
        f"the same day before lunch: as late in the morning as it fits while ending by {rules.NOON} UTC (on the "
        f"hour or half past, no new clash)",
        f"not the afternoon - the latest free start that day that still wraps up by {rules.NOON} UTC, starting "
        f"{_GRID}",
    ),
    # An overlap the user accepts (both meetings stay), said beside the two clashes of the same shape, which are to be
    # fixed; each named by its day and its internal meeting ({ok_*}: the accepted pair; {fix_*}, {fix2_*}: the real
    # clashes). The accepted one comes first, second or last, one phrasing each.
    "accepted_overlap": (
        "One overlap can stay: {ok_day}'s {ok_meeting} and the customer meeting it runs into - I'll join one late "
        "and leave the other early, so leave both exactly as they are. {fix_day}'s {fix_meeting} and {fix2_day}'s "
        "{fix2_meeting}, which also overlap customer meetings, do need fixing like the rest.",
        "About the overlaps with customer meetings: {fix_day}'s {fix_meeting} needs fixing; {ok_day}'s {ok_meeting} "
        "is fine - I'll juggle that one myself, so touch neither meeting there; and {fix2_day}'s {fix2_meeting} "
        "needs fixing too.",
        "{fix_day}'s {fix_meeting} and {fix2_day}'s {fix2_meeting} each clash with a customer meeting and follow the "
        "rules above, but {ok_day}'s {ok_meeting} and the customer meeting beside it can both stay as they are - "
        "I'll dip in and out.",
    ),
    # The same three overlaps, one line each (part version 7; ``accepted_overlap`` above no longer reaches the request,
    # only its draw stays, so a pack that words it keeps its worlds): a lead-in, then one line per internal meeting
    # in a drawn order, the accepted one first, second or last. overlaps_intro: the lead-in, no fields.
    "overlaps_intro": (
        "Three of my internal meetings also run into customer meetings this week, one by one:",
        "The overlaps between my own meetings and customer meetings, each in turn:",
        "On the internal meetings that overlap a customer meeting:",
    ),
    # overlap_fix: one overlap that is to be resolved by the rules above; {day}: its weekday, {meeting}: the internal
    # meeting's title. Each phrasing carries the words of keeping both (leave, keep both, juggle, live with, let
    # stand) negated, retracted or reported, beside the words of resolving it; phrasing n of overlap_keep holds the
    # same words with the sides swapped, so a count of either side's words, or the first or last of them, is right
    # at chance and only the composition tells.
    "overlap_fix": (
        "{day}'s {meeting} - fix that clash; don't leave both meetings as they are",
        "{day}'s {meeting} - no, I won't keep both and juggle them myself - that clash needs sorting out like the rest",
        "{day}'s {meeting} - I was going to live with that overlap and let both stand, but I've changed my mind - "
        "resolve it",
        "{day}'s {meeting} - resolve that one by my rules; someone suggested I live with it and let both stand - no",
    ),
    # overlap_keep: the overlap the user accepts, both meetings staying as they are; same fields. Each phrasing
    # carries the words of resolving it (fix, sort out, resolve) negated, retracted or reported, beside the words of
    # keeping both (the mirror of overlap_fix, phrasing by phrasing).
    "overlap_keep": (
        "{day}'s {meeting} - leave both meetings as they are; don't fix that clash",
        "{day}'s {meeting} - no, that clash needs no sorting out like the rest - I'll keep both and juggle them myself",
        "{day}'s {meeting} - I was going to resolve that overlap, but I've changed my mind - I'll live with it and let "
        "both stand",
        "{day}'s {meeting} - let both stand, I'll live with it; someone suggested I resolve that one by my rules - no",
    ),
    # Asides (issue 34, part version 6): every drawn request carries, beside each rule, a sentence that uses the words
    # of the *other* side of that rule, negated, reported or retracted, so that the cue words a short list reads
    # ("skip", "sacred", "flexible", "customers first", "internal wins") stand for both answers in every world and
    # only the composition tells. Each is drawn in every world of its side, in a drawn order.
    # board_aside_board: said when the board review stays; {board}: its weekday, {ceo}: the CEO's first name.
    "board_aside_board": (
        "to be clear, it's not one I can skip, miss or sit out, and declining it is not an option",
        "{ceo} suggested I could skip it this once, decline and just send regrets - I'd rather not",
        "it may look optional, like one I could miss or decline; for me it isn't",
    ),
    # board_aside_call: said when the board review gives way; same fields.
    "board_aside_call": (
        "to be clear, it's not sacred, untouchable or fixed for me this time",
        "{ceo} calls the board review untouchable and says it always comes first and never gives way - for the rest "
        "of the board maybe, not for me on {board}",
        "normally the board review is sacred, stays put and beats anything; this week it doesn't",
    ),
    # personal_aside_personal: said when the personal event stays; {personal}: how the request names it.
    "personal_aside_personal": (
        "it's not the flexible one this week: it can't move, shift or be rescheduled for a meeting",
        "someone asked whether the {personal} could shift, be rescheduled or be movable if work got busy - it can't",
        "please don't treat my {personal} as flexible or movable, whatever else happens",
    ),
    # personal_aside_meeting: said when the personal event gives way; same field.
    "personal_aside_meeting": (
        "my {personal} is not protected, sacred or untouchable this week",
        "usually nothing bumps my {personal} and it always stays; this week is the exception",
        "I'd normally say the {personal} is sacred and always stays - not this week",
    ),
    # regime_aside_customers: said when a customer meeting wins by default (customers, customers_except,
    # customers_except_day); no fields.
    "regime_aside_customers": (
        "internal meetings don't win or beat customer ones just because they're ours",
        "someone told me internal meetings come first and internal ones win this quarter - not on my calendar",
        "'internal first, keep the internal meeting' was last month's rule; it no longer applies",
    ),
    # regime_aside_internal: said when an internal meeting wins by default (internal, internal_except,
    # internal_except_mail); no fields.
    "regime_aside_internal": (
        "a customer meeting doesn't automatically win or come first this week",
        "customers first - keep the customer - is my usual rule, but it's off this week",
        "I know I normally say the customer always comes first and customer meetings win - not this week",
    ),
    # The same rules restated in their own side's words (drawn instead of the negated aside half the time, so that
    # counting the cue words of either side, or inverting the count, is right at chance). Fields as above.
    "board_again_board": (
        "again: the board review on {board} stays put - never moved, never declined.",
        "{ceo} knows the board review is untouchable for me; it comes first.",
        "the board review is sacred, as always.",
    ),
    "board_again_call": (
        "again: I can skip the board review on {board} - decline it if anything overlaps.",
        "{ceo} knows I'm only sitting in on the board review; it's optional for me.",
        "the board review is the one I let go this week.",
    ),
    "personal_again_personal": (
        "my {personal} stays, whatever clashes with it.",
        "nothing bumps my {personal} this week.",
        "my {personal} is protected - the other meeting gives way.",
    ),
    "personal_again_meeting": (
        "my {personal} is the flexible one - it can move.",
        "the {personal} can be rescheduled if it clashes; the meeting stays.",
        "treat my {personal} as movable.",
    ),
    "regime_again_customers": (
        "as a rule, customer meetings win.",
        "by default, keep the customer meeting over an internal one.",
        "customers come first, as a rule.",
    ),
    "regime_again_internal": (
        "as a rule this week, internal meetings win.",
        "by default this week, keep the internal meeting over a customer one.",
        "internal comes first this week, as a rule.",
    ),
    # Each of the user's three priorities and the destination rule is given as two (the destination: three) quoted
    # versions, the user's own and the other side's (other destination rules), in a drawn order, and a selector
    # that names the version that holds by its position only (part version 8): the other side's public sentence
    # stands beside the user's in every world, so matching a rule's sentence, counting its cue words or taking the
    # first or last one is right at chance; the selectors carry "holds" and "no longer holds" words for every
    # position alike, so only position and polarity together tell.
    # pick_two: two versions of one rule; {a} and {b}: the two sentences, as the text gives them.
    "pick_two": (
        "either \"{a}\" or \"{b}\"",
        "one of two versions I've given you - \"{a}\", and \"{b}\"",
        "\"{a}\" / \"{b}\" (I've said both at some point)",
    ),
    # pick_three: three versions of where a moved meeting goes; {a}, {b}, {c}: the three, as the text gives them.
    "pick_three": (
        "one of \"{a}\", \"{b}\" or \"{c}\"",
        "whichever holds of three versions I've given you - \"{a}\"; \"{b}\"; \"{c}\"",
        "\"{a}\" / \"{b}\" / \"{c}\" (I've said all three at some point)",
    ),
    # pick_N_of_M: which version holds, by its position among M (no fields); phrasing n of every pick_*_of_two (and
    # of every pick_*_of_three) is worded alike, the positions swapped.
    "pick_1_of_2": (
        "the first of those holds, not the second",
        "the second is last month's and no longer holds",
        "go by the first version",
        "the second version is out of date; the first stands",
    ),
    "pick_2_of_2": (
        "the second of those holds, not the first",
        "the first is last month's and no longer holds",
        "go by the second version",
        "the first version is out of date; the second stands",
    ),
    "pick_1_of_3": (
        "the first of those holds, not the other two",
        "the second and the third are last month's and no longer hold",
        "go by the first version",
        "the third version is out of date, and so is the second; the first stands",
    ),
    "pick_2_of_3": (
        "the second of those holds, not the other two",
        "the first and the third are last month's and no longer hold",
        "go by the second version",
        "the third version is out of date, and so is the first; the second stands",
    ),
    "pick_3_of_3": (
        "the third of those holds, not the other two",
        "the first and the second are last month's and no longer hold",
        "go by the third version",
        "the first version is out of date, and so is the second; the third stands",
    ),
    # customers_named: the two customers of the week's customer-vs-internal clashes, each with its weekday, named
    # alike whichever (if any) the rule's exception is; {co_a}/{day_a} and {co_b}/{day_b} in calendar order.
    "customers_named": (
        "for reference, the customer in {day_a}'s clash is {co_a}, and the customer in {day_b}'s clash is {co_b}.",
        "{day_a}'s customer meeting with {co_a} and {day_b}'s customer meeting with {co_b} are both confirmed on "
        "their side.",
        "both {co_a} ({day_a}) and {co_b} ({day_b}) have confirmed their meetings with me.",
    ),
    # lunch_note: the user's lunch hour, no constraint on where a meeting may go; {noon}-{afternoon} UTC.
    "lunch_note": (
        "my lunch break ({noon}-{afternoon} UTC) isn't blocked and isn't a constraint: a meeting may go there.",
        "ignore lunch ({noon} to {afternoon} UTC) when you look for free time - I eat at my desk.",
        "free time means free in the calendar - lunch between {noon} and {afternoon} UTC doesn't count as busy.",
    ),
    # customer_admin: a mail the second customer's contact sent before the week (no topics, no meeting): what
    # makes "the customer who mailed me" a matter of what was written, not of who wrote. {user}: the user's first
    # name, {co}: the customer, {me}: the sender's first name.
    "customer_admin": (
        "Hi {user},\n\nQuick admin note: {co}'s accounts-payable address has changed - please send invoices to me "
        "from now on.\n\nThanks,\n{me}",
        "Hi {user}, our purchase-order number for this year's invoices is new; I'll forward it once finance "
        "confirms. {me}",
        "Hello {user},\n\nJust confirming we received the countersigned contract - nothing needed from you for "
        "now.\n\n{me}",
    ),
    "customer_admin_subject": ("Invoices - new contact", "{co}: PO number", "Contract received"),
    # The subject of the agenda a customer sends (the mail the "internal_except_mail" regime points at).
    "agenda_subject": ("Agenda for {day}'s {short}", "{day} - what we'd like to cover", "Prep for our {short}",
                       "Topics from our side ({co})", "Re: {day}"),
})


def date_words(d: date) -> str:
    return f"{weekday(d)} {d.day} {MONTHS[d.month - 1]}"


def joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _week_words(plan: Plan) -> str:
    mon, fri = plan.monday, last_day(plan)
    if mon.month == fri.month:
        return f"Mon {mon.day} - Fri {fri.day} {MONTHS[fri.month - 1]}"
    return f"Mon {mon.day} {MONTHS[mon.month - 1]} - Fri {fri.day} {MONTHS[fri.month - 1]}"


def _say(plan: Plan, kind: str, name: str, **fields: object) -> str:
    return PHRASES.nth(name, plan.wording.get(kind, 0), **fields)


def texts(plan: Plan) -> dict[str, str]:
    """The scenario's description and the user's request."""
    u = plan.user
    board = weekday(next(c for c in plan.clashes if c.kind == "board").winner.day)
    personal = next(c for c in plan.clashes if c.kind == "personal")
    pdesc = plan.personal["description"]
    description = (
        f"Monday morning at {plan.company}. {u.name}'s week has four double-bookings (a customer meeting vs an "
        f"internal one, twice; {pdesc} vs a meeting; the board review vs a customer call), "
        f"plus near misses that only touch and a clash with an event {u.first} already declined. {u.first} states "
        f"the priorities in chat: "
        f"{'the board review is untouchable' if plan.board_side == 'board' else 'the board review gives way'}, "
        f"{pdesc} {'stays' if plan.personal_side == 'personal' else 'moves when it clashes'}, and "
        f"{_regime_short(plan)}; losing meetings {u.first} organises move to {_DESTINATION_SHORT[plan.destination]}, "
        f"others are declined. The assistant must resolve every clash accordingly, email exactly the people "
        f"affected, leave everything else alone and summarise in chat.")
    focus_day = next((weekday(c.winner.day) for c in plan.clashes if c.meta.get("customer") == plan.focus), "")
    regime = _say(plan, "regime", f"regime_{plan.regime}", focus=plan.focus, why=plan.crunch, fday=focus_day)
    pday = weekday(personal.winner.day)
    board_rule = _say(plan, "board", f"board_{plan.board_side}", board=board)
    personal_rule = _say(plan, "personal", f"personal_{plan.personal_side}", personal=plan.personal["prompt"],
                         pday=pday)
    destination = _say(plan, "destination", f"destination_{plan.destination}")
    if "pick_board_at" in plan.wording:  # part 8: every rule beside the other side's, the one that holds by position
        said, form, alt = _asides(plan, board), plan.wording.get("aside_form", 0), _decoys(plan, board, pday)
        board_rule = _picked(plan, "board", board_rule, alt[0])
        personal_rule = _picked(plan, "personal", personal_rule, alt[1])
        # (A rule's own asides named its side in one public sentence: only the side-free ones stay.)
        regime = _with(_picked(plan, "regime", regime, alt[2]), form & 4, said[3])
        destination = _with(_picked(plan, "dest", destination, *alt[3:]), form & 8, said[4])
    elif "aside_how" in plan.wording:  # each rule carries its asides in the same clause: no paragraph to strip
        said, form = _asides(plan, board), plan.wording.get("aside_form", 0)
        board_rule, personal_rule = _with(board_rule, form & 1, said[0]), _with(personal_rule, form & 2, said[1])
        regime, destination = _with(regime, form & 4, *said[2:4]), _with(destination, form & 8, said[4])
    prompt = _say(plan, "frame", "frame", week=_week_words(plan), board=board, personal=plan.personal["prompt"],
                  pday=pday, regime=regime, Regime=regime[:1].upper() + regime[1:], board_rule=board_rule,
                  Board_rule=board_rule[:1].upper() + board_rule[1:], personal_rule=personal_rule,
                  Personal_rule=personal_rule[:1].upper() + personal_rule[1:], destination=destination)
    if plan.accepted:
        prompt += "\n\n" + _accepted_words(plan)
        description += " One more overlap the user accepts: both of its meetings stay as they are."
    return {"description": description, "user_prompt": prompt}


_SLOTS = ("board", "personal", "regime", "dest")
_PLACES = ("first", "second", "third")


def draw_picks(rng: random.Random, plan: Plan) -> None:
    """The other versions each rule is given beside the user's (part version 8), where the user's stands and how the
    selector names it. Drawn last, once the week holds, so every other draw of the world stays what it was."""
    w = plan.wording
    inner = plan.regime in _CUSTOMERS_SIDE
    other = [g for g in rules.REGIMES if (g in _CUSTOMERS_SIDE) != inner]
    w["pick_regime_rule"] = rules.REGIMES.index(rng.choice(other))
    w["pick_regime_focus"] = rng.randrange(2)
    dests = rng.sample([d for d in rules.DESTINATIONS if d != plan.destination], 2)
    w["pick_dest_rule_0"], w["pick_dest_rule_1"] = (rules.DESTINATIONS.index(d) for d in dests)
    kinds = (f"board_{_other(rules.BOARD_SIDES, plan.board_side)}",
             f"personal_{_other(rules.PERSONAL_SIDES, plan.personal_side)}",
             f"regime_{rules.REGIMES[w['pick_regime_rule']]}", *(f"destination_{d}" for d in dests))
    for i, kind in enumerate(kinds):
        w[f"pick_alt_{i}"] = PHRASES.index(rng, kind)
    for slot in _SLOTS:
        n = 3 if slot == "dest" else 2
        w[f"pick_{slot}_at"] = at = rng.randrange(n)
        w[f"pick_{slot}_intro"] = PHRASES.index(rng, "pick_three" if n == 3 else "pick_two")
        w[f"pick_{slot}_sel"] = PHRASES.index(rng, _selector(at, n))


_CUSTOMERS_SIDE = ("customers", "customers_except", "customers_except_day")


def _other(sides: tuple[str, ...], side: str) -> str:
    return next(s for s in sides if s != side)


def _selector(at: int, n: int) -> str:
    return f"pick_{at + 1}_of_{n}"


def _decoys(plan: Plan, board: str, pday: str) -> list[str]:
    """The other versions of each rule (``draw_picks``): the other side of the first two priorities, a regime of the
    other side (an exception naming one of the week's two customers, or the one the world's rule names), two other
    destination rules."""
    w, named = plan.wording, [c for c in plan.clashes if c.kind == "customer"]
    pick = named[w["pick_regime_focus"]]
    focus = plan.focus or pick.meta["customer"]
    fday = next((weekday(c.winner.day) for c in named if c.meta.get("customer") == focus), weekday(pick.winner.day))
    regime = rules.REGIMES[w["pick_regime_rule"]]
    dests = [rules.DESTINATIONS[w[f"pick_dest_rule_{i}"]] for i in range(2)]
    return [
        PHRASES.nth(f"board_{_other(rules.BOARD_SIDES, plan.board_side)}", w["pick_alt_0"], board=board),
        PHRASES.nth(f"personal_{_other(rules.PERSONAL_SIDES, plan.personal_side)}", w["pick_alt_1"],
                    personal=plan.personal["prompt"], pday=pday),
        PHRASES.nth(f"regime_{regime}", w["pick_alt_2"], focus=focus, why=plan.crunch, fday=fday),
        *(PHRASES.nth(f"destination_{d}", w[f"pick_alt_{3 + i}"]) for i, d in enumerate(dests)),
    ]


def _picked(plan: Plan, slot: str, right: str, *wrong: str) -> str:
    """The user's version of a rule among the others, at its drawn place, and the selector naming that place."""
    w = plan.wording
    at, versions = w[f"pick_{slot}_at"], list(wrong)
    versions.insert(at, right)
    names = dict(zip("abc", versions, strict=False))
    intro = PHRASES.nth("pick_three" if len(versions) == 3 else "pick_two", w[f"pick_{slot}_intro"], **names)
    return f"{intro} - {PHRASES.nth(_selector(at, len(versions)), w[f'pick_{slot}_sel'])}"


def _with(rule: str, dash: int, *asides: str) -> str:
    """A rule and its asides in one clause, after a dash or in brackets (drawn): no one form marks the aside."""
    said = "; ".join(a.rstrip(".") for a in asides)
    return f"{rule} - {said}" if dash else f"{rule} ({said})"


def _asides(plan: Plan, board: str) -> list[str]:
    """The asides of a drawn request (the other side's words of each rule, negated, or the rule restated; both
    customers named alike; the lunch hour), in the order board, personal, regime, customers, lunch."""
    ceo = next(p for p in plan.people.values() if p.personality.startswith("CEO of")).first
    named = [c for c in plan.clashes if c.kind == "customer"]
    inner = "customers" if plan.regime in ("customers", "customers_except", "customers_except_day") else "internal"
    how = plan.wording["aside_how"]  # bit i set: rule i restated in its own words, else the other side's negated
    kind = ["again" if how >> i & 1 else "aside" for i in range(3)]
    return [
        _say(plan, "aside_board", f"board_{kind[0]}_{plan.board_side}", board=board, ceo=ceo),
        _say(plan, "aside_personal", f"personal_{kind[1]}_{plan.personal_side}", personal=plan.personal["prompt"]),
        _say(plan, "aside_regime", f"regime_{kind[2]}_{inner}"),
        _say(plan, "aside_named", "customers_named", co_a=named[0].meta["customer"],
             day_a=weekday(named[0].winner.day), co_b=named[1].meta["customer"], day_b=weekday(named[1].winner.day)),
        _say(plan, "aside_lunch", "lunch_note", noon=rules.NOON, afternoon=rules.AFTERNOON),
    ]


def _accepted_words(plan: Plan) -> str:
    """The overlap the user accepts beside the two clashes of the same shape, a line each, each by its day and its
    internal meeting (a customer's name would point at one customer, which the exception of a regime must not), the
    accepted one at a drawn place; each line carries both sides' words (``overlap_fix``, ``overlap_keep``)."""
    events = {e.event_id: e for e in plan.events}
    internal = events[plan.accepted[1]]
    fix = [c.winner if c.meta.get("side") == "internal" else c.loser for c in (plan.clashes[i] for i in plan.named)]
    lines = [_say(plan, f"overlap_{i}", kind, day=weekday(e.day), meeting=e.title)
             for i, (kind, e) in enumerate((("overlap_keep", internal), ("overlap_fix", fix[0]),
                                            ("overlap_fix", fix[1])))]
    keep = lines.pop(0)
    lines.insert(plan.wording.get("overlap_at", 0), keep)
    return "\n".join([_say(plan, "overlap_intro", "overlaps_intro"), *(f"- {line}." for line in lines)])


def _regime_short(plan: Plan) -> str:
    """The user's third priority in a few words (the scenario's description)."""
    return {"customers": "customer meetings beat internal ones",
            "internal": "internal meetings beat customer ones",
            "internal_except": f"internal meetings beat customer ones except {plan.focus}'s",
            "customers_except": f"customer meetings beat internal ones except {plan.focus}'s",
            "internal_except_mail": "internal meetings beat customer ones except the customer who sent an agenda",
            "customers_except_day": f"customer meetings beat internal ones except {plan.focus}'s"}[plan.regime]


_DESTINATION_SHORT = {"earliest": "the earliest free slot that day", "latest": "the latest free slot that day",
                      "after": "the first free slot after the meeting that won",
                      "before": "the latest free slot ending before the meeting that won starts",
                      "afternoon": f"the earliest free slot from {rules.AFTERNOON}",
                      "morning": f"the latest free slot ending by {rules.NOON}"}
