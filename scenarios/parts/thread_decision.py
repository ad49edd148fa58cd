"""Part: catch the user up on what a long thread decided, and who decided it.

Colleagues argue over options in a thread of eleven to eighteen mails: most of them lean one way, and someone says as
much in words that sound like a decision ("my decision is that we go with X" from a colleague whose call it is not). The
thread shows whose call it is in one of three ways (the opener names the owner, a colleague hands the call over, or
the owner claims it as the budget holder), and the owner settles it in words drawn from many (a booking, a signed
contract, "final answer", an instruction to plan around it); in half the worlds the owner reverses that later
("change of plan: ... fell through") and the later choice stands. The decision is named, given by who proposed it,
or by its price among the three options a colleague quoted ("the cheapest", "the middle quote", "the dearest"; a
reversal "the next cheapest" or outright); the decided option's price rank is drawn evenly whatever names it, so
"the cheapest, or the second cheapest once reversed" is right no more often than chance; one colleague proposes the
first decision where the owner names it by its proposer and another a different option; else the two propose two of
three options (the first decision among them two times in three). A late mail names yet another
option in passing. No position marks the owner (version 4): the owner also writes an ordinary remark somewhere in the
middle of the thread, and someone who has not written before joins anywhere after it, so "the sender who first
speaks last" is never the owner and the mails beside the newcomer's are the owner's only by chance; whose call it is
shows only in what the thread says. The thread's subject is a phrasebook kind.
Every cue that picked the owner or the outcome sits on both sides (version 5): every opener also names a colleague
who does not decide, in the words that name an owner, negated or restricted ("not Dana's call", "Dana only gathers
opinions"), so the person the opener names is the owner only where it names the owner too, beside that colleague; a
colleague disclaims the call in the owner's own words ("not my budget", "my call would be X, for what a non-owner's
call is worth"); a colleague is asked by name just before their own mail, as a hand-over reads; a colleague's push is
acknowledged too, so an acknowledgement does not mark the owner's mail; the owner writes one or two remarks. Each of
the owner's deciding mails names a second option before or after the outcome (ruled out, or merely admired; a
reversal's, one the owner has not named before), so neither the first nor the last option left in the owner's
mail is the outcome more than chance allows; two colleagues each propose an option, and the owner naming the
decision by its proposer may name both ("Sam's idea rather than Dana's"); a price rank may be told against another
("not the cheapest, and not the top quote either").
No structure names the outcome (version 6): the prices mail quotes three options, the outcome among them only where the
owner names it by price, else as often as any three of five; the opener names its favourite and one more option (the
outcome among them two worlds in five); the mail naming yet another option comes anywhere after the decision, so the
last mail is it, an acknowledgement or the newcomer's; a reversal goes to the majority's favourite two times in five.
Neither the majority (beyond chance), nor the last option named, nor the first decision when reversed is the answer.
Nothing beside the outcome marks it (version 7): where no price words need it, the outcome and its twin (the option
ruled out beside it, the other proposal, or the first pick a reversal drops) are each quoted one time in five, so
over all worlds the outcome is in the quote as often as any option (three in five); options named in passing (a push's
"also on the shortlist", a remark, the opener) are drawn among all but the favourite, the outcome too, so "the option
named least" is no rule. Answers naming everyone who wrote beside the decision name no decider: the decider counts
beside at most one other person of the thread, over every paragraph and reply that names the decision.
The user asks, in chat, what was decided and by whom; the answer must say so in one reply, in the assistant's own
words (pasted mails are not its words), naming the decider beside the decision, and not present another option.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta
from random import Random

from green_agent.judging.context import EvalContext
from green_agent.judging.evaluators import EvalResult
from green_agent.scenario_kit import build as kit
from green_agent.scenario_kit.facts import has_all, has_any
from green_agent.scenario_kit.part import Part, Truth, grades, register
from green_agent.scenario_kit.phrasing import Phrasebook
from green_agent.scenario_kit.precision import Tally, own_words, reported
from green_agent.scenario_kit.records import Email
from green_agent.scenario_kit.slices import Day, Slice, iso
from green_agent.scenario_kit.world import Person

KEY = "thread_decision"
TOPICS = (("the offsite venue", ("Harbor Loft", "Cedar Hall", "The Glasshouse", "Millrace Barn", "Quarry House")),
          ("the new CRM", ("Pipewise", "Salesloom", "Orbitly", "Ledgerline", "Tallybird")),
          ("the team dinner", ("Osteria Nove", "Saffron House", "Blue Fern", "The Copper Pot", "Juniper Table")),
          ("the design agency", ("Northlight Studio", "Fieldwork Co", "Papercut Lab", "Atlas Ink", "Brightform")),
          ("the laptop refresh", ("Vantage 14", "Aero Pro", "Slate X1", "Corvid 13", "Nimbus Air")))
# How the thread shows whose call it is, and whether the owner later reverses the first decision: a world's shape.
OWNERSHIP = ("named", "handed", "claimed")
SHAPES = tuple(f"{how}/{ref}/{'reversed' if turn else 'kept'}" for how in OWNERSHIP
               for ref in ("name", "proposer", "price") for turn in (False, True))

KICKOFF = (
    "Kicking off the discussion about {topic}. {owner} has the final say on this one, but let's give them a "
    "shortlist. I would really like us to pick {liked}.",
    "Starting a thread on {topic} so we stop doing this over chat. Reminder that it's {owner}'s budget, so "
    "{owner} decides; my vote is {liked}.",
    "Hi all, we need to settle {topic} this week. {owner} owns this decision. From my side, {liked} worked well for "
    "the other teams last year.",
    "Quick one on {topic}: {owner} will make the call once we've all weighed in. I'm leaning towards {liked}.",
    "Opening this for {topic}. Whatever we say here, the decision sits with {owner}. For what it's worth: {liked}.",
)
OPEN = (
    "Kicking off the discussion about {topic}: I would really like us to pick {liked}, it worked well for the other "
    "teams last year.",
    "Starting a thread on {topic}. My vote is {liked}, mostly for the reviews.",
    "We need to settle {topic} this week. {liked} is my favourite by a distance.",
    "Quick one on {topic}: I've had good experiences with {liked} and would go for it again.",
    "Opening this for {topic}. I'd like {liked}, and {other} was also on the shortlist we made.",
)
PUSH = (
    "Agreed, {liked} gets my vote too, although {other} was also on the shortlist we made.",
    "Personally, my decision is that we go with {liked}. It just makes sense to me.",
    "Let's go with {liked}. Pricing looks fine on my side and I can book it this week if we agree.",
    "+1 for {liked}. I'd be surprised if anything beats it.",
    "{liked} for me as well. {other} looked nice, but it's a stretch.",
    "I've decided I'm backing {liked}; the reviews are great.",
)
HAND = (
    "We'll go round in circles otherwise. {owner}, it's your call.",
    "Over to you, {owner}: you own this one.",
    "{owner}, you hold the budget, so you decide. We'll live with whatever you pick.",
    "I think we've said all we can. {owner} gets the last word.",
    "Can we let {owner} settle it? It's their decision, not ours.",
)
CLAIM = (
    "As the budget holder for {topic}, I'm making the call.",
    "Since this comes out of my budget, the decision is mine.",
    "This one is my call as the owner of the budget.",
    "I own this decision, so here it is.",
    "Speaking as the person signing off on the spend:",
)
DECIDE = (
    "Thanks all. After weighing cost and timing, my decision is that we go with {pick} for {topic}, not {liked}; "
    "please plan around that.",
    "I've weighed it up: {pick}. Please plan around that.",
    "I've just signed with {pick}, so that's settled.",
    "{liked} can't do our dates, so it's {pick}. Final answer.",
    "I've asked {helper} to book {pick} for us; {liked} is off the table.",
    "Decision made: we'll use {pick}.",
    "Let's not go round in circles. Book {pick}.",
)
# How the owner names the option decided: by name, by who proposed it, or by its price (a world's shape).
REFERENCES = ("name", "proposer", "price")
BY_PROPOSER = ("the one {proposer} suggested", "{proposer}'s suggestion", "what {proposer} proposed",
               "{proposer}'s idea", "the option {proposer} brought up")
# By price, the option's rank among the three quoted (cheapest, middle, dearest), each as often as the others: "the
# cheapest" is the answer no more often than any other rank.
BY_PRICE = ("the cheapest option on the list", "whichever came in cheapest", "the lowest quote",
            "the cheapest of the lot", "the least expensive one")
BY_MIDDLE = ("the middle quote", "the mid-priced one", "the one in between on price",
             "the second-cheapest quote", "the one in the middle on price")
BY_DEAREST = ("the most expensive option on the list", "whichever came in dearest", "the top quote",
              "the priciest of the lot", "the most expensive one")
PRICE_KINDS = ("by_price", "by_middle", "by_dearest")
# A reversal by price, to another rank: told against the first pick (one step up or down) or outright.
NEXT_CHEAPEST = ("the next cheapest", "the next one down on price", "the one just below it on price",
                 "the next-cheapest quote", "the one a notch cheaper")
NEXT_DEAREST = ("the next one up on price", "the next dearest", "the one just above it on price",
                "the one a notch dearer", "the next-priciest quote")
PROPOSE = (
    "What about {first}? Nobody has mentioned it yet.",
    "Has anyone looked at {first}? I've heard good things.",
    "Throwing {first} into the mix, for what it's worth.",
    "I'd add {first} to the shortlist before we decide.",
    "One more idea: {first}.",
)
PRICES = (
    "For comparison, the prices I got: {prices}.",
    "I asked around for quotes: {prices}.",
    "Numbers, since nobody has posted them: {prices}.",
    "Cost check: {prices}.",
    "Here's what each would cost us: {prices}.",
)
ACK = (
    "Understood, {first} it is.",
    "Fine by me. I'll update the plan for {first}.",
    "OK, noted: {first}. I'll tell the others.",
    "Got it. Shame, but {first} is fine.",
    "Makes sense. Adding {first} to the plan now.",
)
# An acknowledgement that names nothing (an indirect decision stays indirect).
ACK_PLAIN = ("Understood.", "Fine by me, I'll update the plan.", "OK, noted. I'll tell the others.",
             "Got it. Shame, but fine.", "Makes sense.")
REVERSE = (
    "Change of plan: {first} can't take us after all, so we're going with {decided} instead.",
    "Update: I've switched us to {decided}; {first} fell through.",
    "Scratch what I said earlier about {first}. It's {decided}.",
    "{first} cancelled on us this morning. I've booked {decided} instead, and that's final.",
    "Quick correction: not {first}. We're doing {decided}.",
)
# The thread's subject, one per world (a pack words it like any other kind).
SUBJECT = ("Re: {topic}", "{topic}", "Re: {topic} - options", "Decision needed: {topic}", "Re: Re: {topic}",
           "Fwd: {topic} shortlist")
# A remark that settles nothing. The owner writes one in the middle of the thread, so the owner is no longer the one
# who speaks first only once everyone else has.
CHATTER = (
    "Reading along. Does anyone know whether {other} can still do our dates?",
    "Good points all round; keep them coming before anyone books anything.",
    "Has anyone actually checked the reviews for {liked}? Just asking.",
    "Not weighing in yet. I'd like to see a few more opinions first.",
    "Interesting thread. I used {other} at my last job, for what that's worth.",
)
ASIDE = (
    "Understood. Shame about {aside}, which someone mentioned over lunch.",
    "Noted. By the way, {aside} has a new offer on; maybe next year.",
    "Thanks. I still have a brochure from {aside} if anyone wants it.",
    "All good. Funny, {aside} called me yesterday asking about this.",
    "OK. Let's keep {aside} in mind for the spring.",
)

# Version 5 (issue 34, round 4): every cue that picked the owner or the option now sits on both sides.
# A sentence of the opening mail naming a colleague who does NOT decide (field: decoy, a colleague who writes in the
# thread), in the words that name an owner ("call", "decide", "sign off"), negated or restricted. Every opener holds
# one, so "the person the first mail names" is the owner only where the opener names the owner too, and then beside
# this decoy.
NOT_OWNER = (
    "To be clear, this is not {decoy}'s call, even though {decoy} started asking around.",
    "{decoy} is only gathering opinions; the decision isn't theirs.",
    "{decoy} offered to book whatever we decide, but won't be the one deciding.",
    "I asked {decoy} whether it was their budget - it isn't, so they don't sign this off.",
    "{decoy} will write up the notes. Final say: not {decoy}.",
    "Last time {decoy} made the call on this; this time someone else does.",
)
# A colleague's push that uses the owner's words about themself and denies them (field: liked): "budget", "my call"
# and "sign off" come from a non-owner in every world.
DISCLAIM = (
    "Not my budget and not my call, but I'd go with {liked}.",
    "I don't sign this off, so take it as a vote: {liked}.",
    "If it were my decision I'd book {liked} today. It isn't.",
    "Speaking as someone with no budget here: {liked}.",
    "My call would be {liked}, for what a non-owner's call is worth.",
)
# A question put to one colleague by name, just before that colleague's own mail (field: asked): a name followed by
# "you" and that person's next mail, as a hand-over reads, in every world.
ASK = (
    "{asked}, you looked into prices, didn't you? Could you post them?",
    "Did anyone get numbers? {asked}, I think you did.",
    "{asked}, your turn: what did the suppliers quote?",
    "Can you share the quotes, {asked}? Then we can compare.",
    "{asked} - you had the figures last week, right?",
)
# A sentence beside the owner's decision or reversal naming another option (field: rival) that is NOT the outcome,
# before or after it: "the option the owner's mail names" is right at chance, and only what the sentence says (it is
# ruled out, or only admired) tells them apart.
RULED_OUT = (
    "And no, not {rival}.",
    "{rival} is out, for the record.",
    "I did like {rival}, but that is not where we are going.",
    "{rival} was my second choice.",
    "Sorry to anyone who wanted {rival}.",
    "Whatever you heard, we are not doing {rival}.",
)
# The owner naming the decided option by its proposer against another colleague's proposal (fields: proposer, the
# one whose option it is, and others_idea, the colleague whose option it is not), either name first.
BY_PROPOSER_VS = ("not {others_idea}'s suggestion but {proposer}'s", "{proposer}'s idea rather than {others_idea}'s",
                  "the one {proposer} proposed, not the one from {others_idea}",
                  "what {proposer} suggested (sorry, {others_idea})",
                  "the option {others_idea} did not bring up, the one {proposer} did")
# The decided option by its price rank told against another rank (no fields): every rank word sits beside the right
# and the wrong answer alike.
PRICE_CONTRAST = ("not the dearest or the middle one: the cheapest", "the cheapest, not the mid-priced one",
                  "the one that is not the most expensive nor in the middle on price",
                  "the lowest quote rather than the top one", "the bottom of the price list, not its middle")
MIDDLE_CONTRAST = ("neither the cheapest nor the dearest", "not the cheapest, and not the top quote either",
                   "the one priced between the cheapest and the most expensive",
                   "the second cheapest, which is also the second dearest",
                   "the quote that is not the lowest but not the highest")
DEAREST_CONTRAST = ("not the cheapest or the middle one: the dearest", "the most expensive, not the mid-priced one",
                    "the one that is neither the cheapest nor in the middle on price",
                    "the top quote rather than the lowest one", "the top of the price list, not its middle")
CONTRAST_KINDS = ("price_contrast", "middle_contrast", "dearest_contrast")
# Version 6 (issue 34, round 5): a sentence of the opening mail naming one more option in passing (field: also, any
# option but the opener's favourite, the outcome among them), so the first mail names the outcome as often as a
# loser and "not named by the first mail" rules nothing out.
KICKOFF_ALSO = ("{also} came up last time too, so it is on the list.", "Someone also mentioned {also}.",
                "We could look at {also} as well.", "{also} is on the long list too.",
                "I have added {also} to the options we are comparing.")


def _named_beside(paragraphs: list[str], truth: ThreadDecisionTruth) -> set[str]:
    """The first names of the thread's people that ``paragraphs`` (those naming the decision) name, the decider by
    any form of the name."""
    named = {p for p in truth.people if p != truth.decider[0] and any(has_all(q, [p]) for q in paragraphs)}
    return named | ({truth.decider[0]} if any(has_any(q, truth.decider) for q in paragraphs) else set())


def _names(option: str) -> Callable[[str], bool]:
    return lambda text: has_all(text, [option])


class ThreadDecisionTruth(Truth):
    decided: str
    options: list[str]
    decider: list[str]
    mails: list[str]
    shape: str = ""
    quoted: dict[str, int] = {}  # the prices mail's options and their figures (the decided one's rank drawn evenly)
    people: list[str] = []  # the first names of everyone who writes in the thread, the decider among them


def _thread(day: Day, subject: str, team: list[Person], lines: list[tuple[Person, str]]) -> list[Email]:
    """Yesterday's thread, one mail every forty minutes from 8:00, each to the user and the rest of the team."""
    thread, at = "thread-decision", day.at(9, days=-1)
    emails = []
    for n, (person, body) in enumerate(lines):
        mail = kit.inbox_email(f"m-decision-{n}", person.email, day.user.email, subject,
                               f"{body}\n\n{person.first}", iso(at.replace(hour=8) + timedelta(minutes=40 * n)),
                               read=True)
        mail.update({"thread_id": thread, "to_addresses": [day.user.email, *(p.email for p in team
                                                                             if p is not person)]})
        emails.append(mail)
    return emails


# How often the outcome (and its twin) is quoted where no price words need it: price references force it in two
# worlds in five and a reversal told by price in one in ten more, so 1/2 + 1/2 * 1/5 = 3/5, as any of five options
# in a quote of three (version 7).
QUOTED_FREE = 0.2


def _quotes(rng: Random, options: tuple[str, ...], must: list[str],
            pair: tuple[str, str] | None) -> tuple[list[tuple[str, int]], dict[str, int]]:
    """Prices for three options in the order a colleague quotes them, and each quoted option's rank (0 the cheapest,
    2 the dearest). ``must`` holds what the owner names by price (the first decision, a reversal's outcome and the
    first pick it is told against). Where price words need nothing, ``pair`` is the outcome and its twin (the option
    ruled out beside it, the other proposal, or the first pick a reversal drops): each is quoted one time in five,
    so over all worlds the outcome is quoted as often as any option (three in five) and, where nothing forces it,
    no more often than its twin; the rest are drawn from the other options. The ranks are drawn evenly whatever
    names the outcome."""
    if pair is not None:
        must = [o for o in pair if rng.random() < QUOTED_FREE]
    rest = [o for o in options if o not in must and (pair is None or o not in pair)]
    chosen = [*must, *rng.sample(rest, 3 - len(must))]
    rng.shuffle(chosen)
    costs = sorted(rng.sample(range(20, 90), 3))
    quoted = list(zip(chosen, costs, strict=True))
    rng.shuffle(quoted)
    return quoted, {o: n for n, o in enumerate(chosen)}


def _middle(rng: Random, book: Phrasebook, f: dict[str, str], owner: Person, others: list[Person],
            proposals: list[tuple[Person, str]]) -> tuple[list[tuple[Person, str]], tuple[Person, str]]:
    """The thread's middle in a drawn order (the others pushing options, two proposals, the quotes asked for and
    posted, a non-owner disclaiming the call, the owner's remark or two) and the owner's first remark."""
    proposers = [p for p, _ in proposals]
    pushers = [p for p in others[1:] if p not in proposers]
    middle = [(p, book.nth("push", n, **_passing(rng, f)))
              for p, n in zip(pushers, book.indices(rng, "push", len(pushers)), strict=True)]
    middle += [(p, book.say(rng, "propose", **{**f, "first": o})) for p, o in proposals]
    pricer = rng.choice([p for p in others if p is not proposers[0]])
    prices = (pricer, book.say(rng, "prices", **f))
    middle.append(prices)
    if rng.random() < 0.5:
        middle.append((others[0], book.say(rng, "push", **_passing(rng, f))))
    middle.append((rng.choice(others), book.say(rng, "disclaim", **f)))
    pushes = [m for m in middle if m[0] not in proposers and m is not prices]
    # How many mails the owner writes says nothing of a reversal: one remark or two.
    remarks = [(owner, book.nth("chatter", n, **_passing(rng, f))) for n in book.indices(rng, "chatter",
                                                                                         rng.choice((1, 2)))]
    remark = remarks[0]
    middle += remarks
    rng.shuffle(middle)
    # A colleague's push is acknowledged too, once or twice, so "the mail an acknowledgement follows" is not the
    # owner's by its place.
    for pusher, said in rng.sample(pushes, min(len(pushes), rng.choice((1, 2)))):
        nodder = rng.choice([p for p in others if p is not pusher])
        middle.insert(middle.index((pusher, said)) + 1, (nodder, book.say(rng, "acknowledge_plain", **f)))
    asker = rng.choice([p for p in [owner, *others] if p is not pricer])
    middle.insert(middle.index(prices), (asker, book.say(rng, "ask", **{**f, "asked": pricer.first})))
    return middle, remark


def _passing(rng: Random, f: dict[str, str]) -> dict[str, str]:
    """The fields with ``other`` (an option named in passing by a push, a remark or the opener) drawn anew among
    every option but the favourite, the outcome too (version 7): the outcome, which the owner names by its proposer
    or price, is mentioned as often as the options nobody decides, so "the option mentioned least" is no rule."""
    return {**f, "other": rng.choice(sorted({f[k] for k in ("first", "aside", "other", "spare", "snub")}
                                            - {f["liked"]}))}


def _either(rng: Random, a: str, b: str) -> str:
    """Two sentences in a drawn order (what the first or the last sentence names is no rule)."""
    return f"{a} {b}" if rng.random() < 0.5 else f"{b} {a}"


def _pick(rng: Random, book: Phrasebook, ref: str, rank: int, f: dict[str, str]) -> str:
    """How the owner names the first decision: outright, by its proposer (alone or against the other proposal), or
    by its price rank (alone or against another rank)."""
    if ref == "name":
        return f["first"]
    if ref == "proposer":
        return book.say(rng, rng.choice(("by_proposer", "by_proposer_vs")), **f)
    return book.say(rng, rng.choice((PRICE_KINDS, CONTRAST_KINDS))[rank], **f)


def _settle(rng: Random, book: Phrasebook, f: dict[str, str], shape: tuple[str, str, str], ranks: dict[str, int],
            people: tuple[Person, list[Person]]) -> list[tuple[Person, str]]:
    """The owner's decision, its acknowledgement and, reversed (``turn`` "named" or "priced": how the owner names the
    new outcome), the owner's change of plan and its acknowledgement; each of the owner's mails names a ruled-out
    option beside the outcome."""
    (how, ref, turn), (owner, others) = shape, people
    # The option the first decision turns down ({liked} in its words) is the majority's favourite, unless the owner
    # comes round to that favourite later: then another option.
    decision = _either(rng, book.say(rng, "decision", **{**f, "liked": f["snub"]}), book.say(rng, "ruled_out", **f))
    if how == "claimed":
        decision = f"{book.say(rng, 'claim', **f)} {decision}"
    plain = ref != "name"
    lines = [(owner, decision),
             (rng.choice(others), book.say(rng, "acknowledge_plain" if plain else "acknowledge", **f))]
    if turn != "kept":
        at, to = ranks.get(f["first"]), ranks.get(f["decided"], 0)
        step = None if at is None else "next_cheapest" if to == at - 1 else "next_dearest" if to == at + 1 else None
        outright = rng.choice((PRICE_KINDS, CONTRAST_KINDS))[to]
        by_price = book.say(rng, step if step and rng.random() < .5 else outright, **f)
        again = {**f, "first": f["first"] if ref == "name" else rng.choice(("that", "the earlier pick")),
                 "decided": by_price if turn == "priced" else f["decided"]}
        # Another ruled-out option than the first decision's, so "what the owner had not named before" is no rule.
        ruled = book.say(rng, "ruled_out", **{**f, "rival": f["aside"]})
        lines.append((owner, _either(rng, book.say(rng, "reversal", **again), ruled)))
        lines.append((rng.choice(others), book.say(rng, "acknowledge_plain" if plain else "acknowledge",
                                                   **{**f, "first": f["decided"]})))
    return lines


def _roles(rng: Random, options: tuple[str, ...], reversed_: bool) -> dict[str, str]:
    """Each option's part in the thread. Reversed, the owner comes round to the majority's favourite two times in
    five, so the option most pushed is the outcome one world in five, as any option is."""
    liked, first, aside, other, spare = rng.sample(options, 5)
    snub = liked
    if reversed_ and rng.random() < 0.4:
        spare, snub = liked, spare
    return {"liked": liked, "first": first, "aside": aside, "other": other, "spare": spare, "snub": snub,
            "decided": spare if reversed_ else first,
            # A second option the opener names, any but the favourite: the first mail names the outcome two
            # worlds in five, as often as two options of five drawn blind.
            "also": rng.choice([o for o in options if o != liked])}


@register
class ThreadDecision(Part):
    """Catch the user up on what a long thread decided, and who decided it."""

    key = KEY
    version = 7
    Truth = ThreadDecisionTruth
    phrasebook = Phrasebook({"kickoff_naming_owner": KICKOFF, "kickoff": OPEN, "push": PUSH, "hand_over": HAND,
                             "claim": CLAIM, "decision": DECIDE, "acknowledge": ACK, "acknowledge_plain": ACK_PLAIN,
                             "reversal": REVERSE, "aside": ASIDE, "by_proposer": BY_PROPOSER, "by_price": BY_PRICE,
                             "by_middle": BY_MIDDLE, "by_dearest": BY_DEAREST, "propose": PROPOSE,
                             "next_cheapest": NEXT_CHEAPEST, "next_dearest": NEXT_DEAREST, "prices": PRICES,
                             "subject": SUBJECT, "chatter": CHATTER, "not_owner": NOT_OWNER, "disclaim": DISCLAIM,
                             "ask": ASK, "ruled_out": RULED_OUT, "by_proposer_vs": BY_PROPOSER_VS,
                             "price_contrast": PRICE_CONTRAST, "middle_contrast": MIDDLE_CONTRAST,
                             "dearest_contrast": DEAREST_CONTRAST, "kickoff_also": KICKOFF_ALSO})
    structures = len(SHAPES)

    def structure(self, truth: ThreadDecisionTruth) -> str:
        return truth.shape

    def draw(self, day: Day) -> Slice:
        rng, book = day.rng, self.phrasebook
        topic, options = rng.choice(TOPICS)
        day.hold(*options)  # decision_reported reads them in the day's one chat report
        # Named outright in one world of five; else by who proposed it or by its price.
        how, ref = rng.choice(OWNERSHIP), rng.choice(("name", "proposer", "proposer", "price", "price"))
        turn = rng.choice(("kept", "reversed"))
        shape = f"{how}/{ref}/{turn}"
        roles = _roles(rng, options, turn == "reversed")
        first, spare, decided = roles["first"], roles["spare"], roles["decided"]
        # Reversed, the owner names the new outcome by name in a world named outright, by price where the first
        # decision was, and either way where it was named by its proposer.
        turn = turn if turn == "kept" else "named" if ref == "name" else "priced" if ref == "price" else \
            rng.choice(("named", "priced"))
        owner, *others, newcomer = day.people(rng.choice((4, 5)))
        proposer = rng.choice(others[1:])
        second = rng.choice([p for p in others if p is not proposer])  # who proposes the other idea
        decoy = rng.choice([*others[1:], newcomer])  # the colleague the opener says does not decide
        f = {**roles, "topic": topic, "owner": owner.first, "helper": others[-1].first, "proposer": proposer.first,
             "others_idea": second.first, "decoy": decoy.first,
             "rival": roles["other"] if turn != "kept" else spare}
        # What each proposes: the first decision, where the owner names it by its proposer, else two of three.
        ideas = [first, rng.choice((spare, f["other"]))] if ref == "proposer" else \
            rng.sample((first, spare, f["other"]), 2)
        # The quote holds what the owner names by price and options drawn from the rest.
        must = [*([first] if ref == "price" or turn == "priced" else []), *([decided] if turn == "priced" else [])]
        twin = first if turn != "kept" else f["rival"] if ref == "name" else ideas[1]
        quoted, ranks = _quotes(rng, options, list(dict.fromkeys(must)), None if must else (decided, twin))
        unit = rng.choice(("${n},000", "${n}0 a head", "${n}0 per person"))
        f["prices"] = ", ".join(f"{o} {unit.format(n=c)}" for o, c in quoted)
        f["pick"] = _pick(rng, book, ref, ranks.get(first, 0), f)
        opener = book.say(rng, "kickoff_naming_owner" if how == "named" else "kickoff", **_passing(rng, f))
        opener = _either(rng, opener, book.say(rng, "kickoff_also", **f))
        lines = [(others[0], _either(rng, opener, book.say(rng, "not_owner", **f)))]
        middle, remark = _middle(rng, book, f, owner, others, list(zip((proposer, second), ideas, strict=True)))
        lines += middle
        if how == "handed":
            lines.append((rng.choice(others), book.say(rng, "hand_over", **f)))
        settled = len(lines)
        lines += _settle(rng, book, f, (how, ref, turn), ranks, (owner, others))
        # The mail naming yet another option comes anywhere after the owner's decision: the last mail is it, an
        # acknowledgement or the newcomer's, so what the last mail names is no rule.
        lines.insert(rng.randint(settled + 1, len(lines)), (others[-1], book.say(rng, "aside", **f)))
        # Someone joins late, anywhere after the owner's remark: the last to join the thread is not its owner, and
        # whose mail comes next to theirs is chance.
        joined = (newcomer, book.say(rng, "chatter", **_passing(rng, f)))
        lines.insert(rng.randint(lines.index(remark) + 1, len(lines)), joined)
        emails = _thread(day, book.say(rng, "subject", **f), [owner, *others, newcomer], lines)
        answer = f"About {topic}: {owner.first} decided we go with {decided}."
        return Slice(
            part=KEY, emails=emails, done=answer,
            request=f"Catch me up on the thread about {topic}: what was decided, and who made the call?",
            truth=ThreadDecisionTruth(decided=decided, options=list(options), decider=[owner.first, owner.last],
                                      mails=[e["body_text"] for e in emails], shape=shape,
                                      quoted={o: c for o, c in quoted},
                                      people=[p.first for p in (owner, *others, newcomer)]))

    @grades("The thread's decision and who made it", "accuracy", 20,
            "In one chat reply, in the assistant's own words: the option decided, with the person who decided named "
            "in the same paragraph, beside at most one other person of the thread; no other option given as the "
            "outcome.")
    async def decision_reported(self, ctx: EvalContext, truth: ThreadDecisionTruth) -> EvalResult:
        """Each chat reply of the assistant, less what it copied from the thread, is read on its own (the best one
        counts): full marks for naming the decided option with its decider in the same paragraph and no other option
        named; each other option named halves the credit (a list of every option says nothing). Names spread over a
        digest of several replies or paragraphs tie no one to the decision. Another option named in ANY reply halves
        it too: answers spread over the turns, one candidate each, say nothing either; and so do more than one other
        person of the thread named beside the decision anywhere (a roll of names, whole or spread)."""
        best: tuple[float, Tally | None, bool] = (0.0, None, False)
        strays: set[str] = set()
        beside: set[str] = set()  # everyone named beside the decision, in any reply
        for message in ctx.assistant_messages():
            said = own_words(str(message.get("content") or ""), truth.mails)
            options = reported({o: _names(o) for o in truth.options}, said, [truth.decided])
            strays |= set(options.strays)
            named = _named_beside([p for p in re.split(r"\n\s*\n", said) if has_all(p, [truth.decided])], truth)
            beside |= named
            decider = truth.decider[0] in named
            score = 1.0 if options.hits and decider else 0.0
            if best[1] is None or score > best[0]:
                best = (score, options, decider)
        score, tally_, decider = best
        if tally_ is None:
            return EvalResult(score=0.0, max_score=1.0, explanation="no reply in chat")
        # The decider beside at most one other person (say, whose idea it was), counted over every paragraph and reply
        # that names the decision: a roll of everyone who wrote, whole or one name a paragraph or a reply, names no one
        # (version 7: a blind script put every sender's name beside its guess).
        decider = decider and len(beside - {truth.decider[0]}) <= 1
        score *= 0.5 ** len(strays) if decider else 0.0
        return EvalResult(score=score, max_score=1.0,
                          explanation=tally_.explain("decided option named")
                          + ("" if decider else "; decider not named beside the decision")
                          + (f"; other options named in other replies: {', '.join(sorted(strays - tally_.strays))}"
                             if strays - tally_.strays else ""),
                          details={**tally_.details(), "decider_named": decider, "strays_in_any_reply": sorted(strays)})
