"""The words of a multi_day_followup world: the mail, the user's request, the description and the oracle's messages,
as hand-written templates filled from one ``Params``."""

from __future__ import annotations

import random
from datetime import datetime

from green_agent.scenario_kit.facts import clock12, time_phrases
from green_agent.scenario_kit.phrasing import Phrasebook

from .params import WEEKDAYS, Params, money


def clock(moment: datetime) -> str:
    return f"{moment:%H:%M}"


def day_time(moment: datetime) -> str:
    """"Wednesday 10:00" (reads back as exactly ``moment`` from any day of that week before it)."""
    return time_phrases(moment)[0]


def weekday(moment: datetime) -> str:
    return WEEKDAYS[moment.weekday()]


def figures_table(p: Params, amounts: tuple[int, ...]) -> str:
    lines = [f"- {c}: {money(a)}" for c, a in zip(p.categories, amounts, strict=True)]
    return "\n".join([*lines, f"Total: {money(sum(amounts))}"])


# ------------------------------------------------------------------------------------------------ the mail
# Legal's second Tuesday email and the bank's lines, each worded several ways (drawn worlds; world 0 has neither).
PHRASES = Phrasebook({
    "replaced": ("Hi {user},\n\nPlease ignore the link I sent earlier - we pulled that copy (a clause reference was "
                 "wrong). The corrected countersigned {ref} is here: {link}\n\n{legal}",
                 "{user}, correction: the earlier copy of the {ref} is withdrawn. Use this one instead: {link}\n"
                 "{legal}",
                 "Hello again {user},\n\nWe had to re-issue the {ref}: {link} is the valid countersigned version "
                 "now, the first one no longer works.\n\n{legal}",
                 "Hi {user} - superseded! Send {client} {link} rather than what I shared this morning.\n{legal}",
                 "{user},\n\nLast-minute fix from the partners. New countersigned {ref}: {link}\nThe previous link "
                 "has been revoked.\n\nThanks,\n{legal}",
                 # The internal side's words ("for our files only", "don't forward") on the right link's side.
                 "Hi {user},\n\nPlease don't forward the link I sent earlier - that copy is for our files only now "
                 "(a clause reference was wrong). The corrected countersigned {ref} for {client}: {link}\n\n{legal}",
                 "{user} - keep this morning's {ref} inside the company; it is no longer valid. The one {client} "
                 "should get is {link}.\n{legal}",
                 "Hi {user},\n\nThe {ref} link I sent earlier is now for our files only: a clause was wrong. "
                 "The countersigned copy for {client}: {link}\n\n{legal}"),
    "internal": ("Hi {user},\n\nFor our files only, not for {client}: the internal markup of the {ref} with our "
                 "negotiation notes is at {decoy}\n\n{legal}",
                 "{user} - our redline of the {ref} (internal, please don't forward): {decoy}\n{legal}",
                 "Hello {user},\n\nThe partners' annotated copy of the {ref} is at {decoy}. It is for internal "
                 "reference only.\n\n{legal}",
                 "Hi {user}, also sharing our playbook notes on the {ref} ({decoy}) - strictly in-house.\n{legal}",
                 "{user},\n\nFYI the {ref} with our comments: {decoy} - keep it inside the company.\n\n{legal}",
                 # The replacing side's words ("earlier", "instead", "rather than") beside the internal copy.
                 "Hi {user},\n\nThe copy I sent earlier stands - that is the one for {client}; nothing replaces it. "
                 "Separately, the partners' marked-up working copy of the {ref}, for us to keep: {decoy}\n\n{legal}",
                 "Hello {user},\n\nNothing to replace: this morning's {ref} is the one {client} gets. This link is "
                 "the partners' draft with their margin comments, for us: {decoy}\n\n{legal}",
                 "Hi {user}, the first link is still right for {client}. Instead of forwarding this one, keep it "
                 "for us - the {ref} with our negotiation notes: {decoy}\n{legal}",
                 "{user} - no correction to this morning's link, it is still the one to send {client}. Here instead is "
                 "our marked-up copy of the {ref} for us, rather than anything for them: {decoy}\n{legal}"),
    "other": ("Hi {user},\n\nUnrelated to {client}: the {other_ref} with {other_client} is countersigned too, for "
              "their account team - {decoy}\n\n{legal}",
              "{user} - while I'm at it, {other_client}'s {other_ref} is signed as well: {decoy} (that one goes to "
              "their side via Accounts, not to {client}).\n{legal}",
              "Hello {user},\n\nSeparate matter: the countersigned {other_ref} for {other_client} is at {decoy}. "
              "Nothing to do on your side, just so you know it exists.\n\n{legal}",
              "Hi {user}, FYI the {other_client} agreement ({other_ref}) came back signed today: {decoy}\n{legal}",
              "{user},\n\nAlso done today: {other_ref} ({other_client}), countersigned at {decoy}. It has nothing "
              "to do with the {ref}.\n\nThanks,\n{legal}",
              "Hi {user},\n\nThe earlier {ref} link stays as it is for {client}. Not a replacement: this one is "
              "the {other_client} contract ({other_ref}), countersigned at {decoy}\n\n{legal}",
              "{user} - the {ref} link from this morning is still the one for {client}; nothing is withdrawn. "
              "Separately, {other_client}'s {other_ref} is signed: {decoy}\n{legal}",
              "Hi {user},\n\nBefore I forget: {other_client}'s {other_ref} came back countersigned too ({decoy}). "
              "The earlier {ref} link for {client} stands.\n\n{legal}",
              # The internal side's words beside another client's contract.
              "Hi {user}, {other_client}'s {other_ref} is countersigned as well ({decoy}) - don't forward it to "
              "{client}; it goes to {other_client} via Accounts.\n{legal}",
              "{user},\n\nFor our files only: the countersigned {other_ref} with {other_client} is at {decoy}. "
              "Nothing for {client} here.\n\n{legal}"),
    "scrubbed": ("Hi {user},\n\nThe copy of the {ref} I sent earlier still carried our internal comments - please "
                 "don't forward that one. The clean countersigned copy for {client} is {link}\n\n{legal}",
                 "{user} - oops, this morning's link had our in-house notes in the margin. Clean version for "
                 "{client}: {link}\n{legal}",
                 "Hello {user},\n\nWe noticed the first {ref} file included the partners' internal markup, so we "
                 "have pulled it. The one to send {client} is {link}.\n\n{legal}",
                 "Hi {user}, please use {link} for {client} - the earlier copy of the {ref} was our annotated "
                 "internal file by mistake.\n{legal}",
                 "{user},\n\nCorrection: what I sent before was the internal redline of the {ref}. The "
                 "countersigned version {client} should get: {link}\n\nThanks,\n{legal}",
                 # The replacing side's words without the internal ones.
                 "Hi {user},\n\nThe earlier {ref} copy still had the partners' margin comments in it. Please send "
                 "{client} this one instead: {link}\n\n{legal}",
                 "{user} - this morning's file of the {ref} was our working draft with negotiation notes, sorry. "
                 "It is replaced by the clean copy for {client}: {link}\n{legal}",
                 "Hello {user},\n\nWe pulled the first {ref} link: it showed our comments. The copy {client} "
                 "should get is {link}.\n\n{legal}"),
    "adviser": ("Your adviser, {adviser}: {n}", "{n} (direct line of {adviser}, your adviser)",
                "To reach {adviser} directly, dial {n}."),
    "general": ("General enquiries: {n}", "{n} (main switchboard, 8am-8pm)",
                "For anything else, our main line is {n}."),
    "fax": ("Fax: {n}", "{n} (fax only)", "Documents may be faxed to {n}."),
    "cover": ("{adviser} is on leave this week; {cover} is handling your application meanwhile: {n}",
              "While {adviser} is away, {cover} looks after your file - {n}",
              "{cover} ({n}) has taken over your application until {adviser} is back.",
              "{adviser} is out of the office until next week. Please speak to {cover} instead, on {n}.",
              "{cover} covers your file until {adviser} is back from leave next week - {n}."),
    # "covered": the adviser was away and {cover} covered; the adviser is back and handles the application again, so
    # {cover}'s number {n} is not the one to call (the same two names and leave words as "cover").
    "covered": ("{adviser} is back from leave; {cover}, who handled your application while they were away, can still "
                "be reached on {n} but has handed your file back.",
                "While {adviser} was away, {cover} looked after your file ({n}); {adviser} has taken it over again.",
                "{cover} ({n}) covered your application during {adviser}'s leave last week. {adviser} is back "
                "and handling it now.",
                "{adviser} was out of the office last week and {cover} stood in on {n}; please speak to {adviser} "
                "again, not {cover}."),
    "bank_deadline": ("The rate lock on your mortgage application (reference {ref}) runs out on {when}.",
                      "Your mortgage rate lock, reference {ref}, expires at {when}.",
                      "We are holding your rate under reference {ref} until {when}; after that it lapses.",
                      "Please note: the rate lock for application {ref} ends {when}."),
    "correction": ("Hi {user},\n\nOne more fix to the finals, sorry: {category} is {new}, not {old} (a credit note "
                   "came in late). That makes the total {total}.\n\n{olu}",
                   "{user} - small correction to my last email: {category} should read {new}. New total: {total}."
                   "\n{olu}",
                   "Hello {user},\n\nInvoice check caught one more: {category} comes to {new} rather than {old}, so "
                   "the total is now {total}. Everything else stands.\n\n{olu}",
                   "Hi {user}, please use {new} for {category} (I had {old}); the overall total becomes {total}. "
                   "The other lines are unchanged.\n{olu}",
                   "Hi {user},\n\nThe supplier was right after all: {category} is {new}, not {old} as in my final "
                   "table. Total {total}; nothing else changes.\n\n{olu}"),
    # "query": finance checked a doubt about one line and the final table stands: {old} is right, {new} (which would
    # have made {wrong_total}) is not; {total} is the final total. The same words as "correction", turned down.
    "query": ("Hi {user},\n\nOne more check on the finals: the supplier said {category} should be {new}, not {old}. "
              "It shouldn't - their credit note was for Q1. {old} stands and the total stays {total}.\n\n{olu}",
              "{user} - small follow-up to my last email: someone queried {category} at {new} (total {wrong_total}). "
              "I checked, and it is {old} as I had it; total unchanged at {total}.\n{olu}",
              "Hello {user},\n\nInvoice check on {category}: the vendor billed {new} rather than {old}, but we "
              "only owe {old} - the finals stand, total {total}. Everything else stands too.\n\n{olu}",
              "Hi {user}, no correction after all: {category} stays {old} (not the {new} the supplier claimed); "
              "the overall total remains {total}. The other lines are unchanged.\n{olu}"),
    # The user's request (drawn worlds): an opening, its three tasks in a drawn order, a closing.
    "opening": ("Hi! I'm at the {client} workshop until Wednesday afternoon, so please look after my inbox. You'll "
                "get about a dozen check-ins between now and Wednesday afternoon, each at most four hours apart - "
                "plan them so you're there when things are due.",
                "I'm tied up with {client} at their workshop until Wednesday afternoon - please mind my inbox. You get "
                "roughly twelve check-ins until then, never more than four hours apart, so time them to be around "
                "when something is due.",
                "Please cover my inbox while I run the {client} workshop (back Wednesday afternoon). Your check-ins "
                "come at most four hours apart, about a dozen in all: pick them so nothing due slips.",
                "Workshop with {client} until Wednesday afternoon, so my email is yours. About twelve check-ins, "
                "four hours apart at most - be there when things are due."),
    "ask_contract": ("{sam} ({client}) is asking for the signed contract. Reply to {s} today that we'll send the "
                     "countersigned {ref} by {when}. {legal} from Legal will email the countersigned copy tomorrow, "
                     "but Legal can still pull it back until Tuesday night - so send it to {s} on {day}, not "
                     "before, and no later than that.",
                     "{s} at {client} ({sam}) wants the countersigned {ref}. Let {s} know today it will arrive by "
                     "{when}. Legal ({legal}) sends it tomorrow but may withdraw it until Tuesday night, so it goes "
                     "out on {day} only - not earlier, not later than I said.",
                     "The countersigned {ref}: {sam} from {client} needs it. Today, tell {s} to expect it by {when}; "
                     "then send it on {day} (never before: {legal} in Legal can still recall tomorrow's copy until "
                     "Tuesday night) by that time.",
                     "Answer {sam} of {client} today about the signed contract: promise the countersigned {ref} by "
                     "{when}. {legal} (Legal) emails it tomorrow and could pull it back until Tuesday night, so "
                     "deliver it to {s} on {day} and not before, in time."),
    "ask_figures": ("{priya} will email this evening asking for the Q2 vendor cost figures. Tell {p} tonight that "
                    "the figures will come by {when}, and send them to {p} then (on {day}, not earlier). Use {olu}'s "
                    "final figures, which come tomorrow; the draft in {olu}'s email from this morning is not final.",
                    "Expect {priya} to ask tonight for the Q2 vendor costs. Tonight, tell {p} they'll be there by "
                    "{when}, and send them on {day}, not before. {olu} sends the final numbers tomorrow - this "
                    "morning's draft from {olu} doesn't count.",
                    "The Q2 vendor cost figures: {priya} will ask for them this evening. Reply to {p} tonight that "
                    "they'll come by {when}; deliver them on {day} (not earlier), using {olu}'s final numbers due "
                    "tomorrow rather than this morning's draft.",
                    "When {priya} writes tonight about the Q2 vendor costs, promise them by {when} and send them "
                    "then, on {day} and not sooner. Take them from {olu}'s final email tomorrow, not {olu}'s draft "
                    "from this morning."),
    "remind_at": ("Remind me here at {when} to call the bank about the mortgage rate lock - with the number that "
                  "reaches whoever is handling my application there and the reference from their email.",
                  "At {when}, remind me in this chat to ring the bank about the rate lock: give me the number of "
                  "whoever has my application now, and the reference from their email.",
                  "I need to call the bank about my mortgage rate lock: post a reminder here at {when}, with the "
                  "reference and the number for the person currently handling my application.",
                  "Bank call about the rate lock - remind me here at {when}. Include the reference from their email "
                  "and the number of whoever is dealing with my application."),
    "remind_before": ("Remind me here {gap} before the mortgage rate lock runs out (their email says when) to call "
                      "the bank - with the number that reaches whoever is handling my application there and the "
                      "reference from their email.",
                      "{gap_cap} before my rate lock expires (the bank's email has the time), remind me in this chat "
                      "to ring them: give me the number of whoever has my application now, and the reference.",
                      "I need to call the bank before my mortgage rate lock lapses: post a reminder here {gap} ahead "
                      "of the time in their email, with the reference and the number for the person currently "
                      "handling my application.",
                      "Bank call about the rate lock - remind me here {gap} before it ends (check their email for "
                      "when). Include the reference and the number of whoever is dealing with my application."),
    "closing": ("Don't answer anything else or promise anyone anything else; I'll deal with the rest when I'm back. "
                "On {day}, once it's all done, give me a short summary here.",
                "Leave everything else unanswered and promise nothing more - I'll pick it up when I'm back. When "
                "it's all done on {day}, sum it up for me here.",
                "Nobody else gets a reply or a promise from you; the rest waits for me. Once everything is done on "
                "{day}, a short summary here, please.",
                "Nothing else: no other replies, no other promises. On {day}, when it's all done, tell me briefly "
                "here how it went."),
})


def _say(p: Params, kind: str, salt: str, **fields: str) -> str:
    """One phrasing of ``kind``, fixed by the world's draw (its decoy token and ``salt``)."""
    return PHRASES.say(random.Random(f"{p.decoy_code}:{salt}"), kind, **fields)


def when_phrase(moment: datetime, form: int) -> str:
    """How the user's request writes a moment: "Wednesday 10:00", "10am on Wednesday", "Wednesday at 10am" or
    "10:00 on Wednesday" (``form`` 0-3)."""
    twelve, day = clock12(moment), weekday(moment)
    return (f"{day} {clock(moment)}", f"{twelve} on {day}", f"{day} at {twelve}", f"{clock(moment)} on {day}")[form]


def bank_lines(p: Params) -> str:
    numbers = {"adviser": p.bank_phone, "general": p.general_phone, "fax": p.fax_phone, "cover": p.cover_phone,
               "covered": p.cover_phone}
    kinds = list(p.bank_order)
    # Both shapes carry a line naming the adviser and a colleague with the colleague's number: whether the colleague
    # handles the application now reads from its words, not from there being such a line.
    kinds.insert(random.Random(f"{p.decoy_code}:cover-at").randrange(len(kinds) + 1),
                 "cover" if p.bank_shape == "cover" else "covered")
    cover = p.cover.name if p.cover else ""
    return "\n".join(_say(p, k, k, n=numbers[k], adviser=p.adviser.name, cover=cover) for k in kinds)


def bank_email(p: Params) -> str:
    if p.general_phone:
        deadline = _say(p, "bank_deadline", "deadline", ref=p.bank_reference,
                        when=when_phrase(p.lock_end, p.formats[2]))
        return (f"Dear {p.user.name},\n\n{deadline} To extend it, please call us and quote the reference.\n\n"
                f"{bank_lines(p)}\n\nKind regards,\nMortgage Services, {p.bank}\n\nThis mailbox is not "
                f"monitored; please do not reply to this email.")
    return (f"Dear {p.user.name},\n\nThe rate lock on your mortgage application (reference {p.bank_reference}) runs "
            f"out this week. To extend it, please call your adviser {p.adviser.name} on {p.bank_phone} and quote the "
            f"reference above.\n\nKind regards,\nMortgage Services, {p.bank}\n\nThis mailbox is not monitored; "
            f"please do not reply to this email.")


def olu_draft(p: Params) -> str:
    changed = " and ".join(p.categories[i] for i in p.changed)
    return (f"Hi {p.user.first},\n\nDraft Q2 vendor costs below - NOT final: {changed} are still being checked "
            f"against the invoices. I'll send the final numbers tomorrow afternoon.\n\n"
            f"{figures_table(p, p.draft)}\n\n{p.olu.first}")


def sam_request(p: Params) -> str:
    return (f"Hi {p.user.first},\n\nHope the workshop prep is going well. Could you send over the countersigned "
            f"{p.contract_ref}? Ideally we'd have it by {day_time(p.day(*p.sam_asked))} so procurement can file it. "
            f"When can we expect it?\n\nBest,\n{p.sam.name}\nHead of Operations, {p.client}")


def vendor_request(p: Params) -> str:
    return (f"Hello {p.user.first},\n\nThe proofs for PO-5531 (500 brochures, matte) are approved on our side. Could "
            f"you confirm the order by {day_time(p.day(1, p.marta_asked))} so we can book the press?\n\nThanks,\n"
            f"{p.marta.name}\n{p.vendor}")


def dev_request(p: Params) -> str:
    return (f"Hi {p.user.first},\n\nCould you send me {p.deck} by {day_time(p.day(1, p.dev_asked))}? I want to reuse "
            f"a few slides for the newsletter.\n\nCheers,\n{p.dev.first}")


def priya_request(p: Params) -> str:
    return (f"Hi {p.user.first},\n\nFor Thursday's board pack I need the Q2 vendor cost figures - each category and "
            f"the total. Could I have them by {day_time(p.day(*p.priya_asked))}?\n\nThanks!\n{p.priya.first}")


def legal_second(p: Params) -> str:
    """Legal's second Tuesday email: the corrected or clean copy (the client's link), or the internal markup or another
    client's contract (not theirs)."""
    return _say(p, p.legal_shape, "legal", user=p.user.first, ref=p.contract_ref, link=p.contract_link,
                decoy=p.decoy_link, client=p.sam.first, legal=p.grace.first, other_ref=p.other_ref,
                other_client=p.other_client)


def legal_text(p: Params) -> str:
    # In the "replaced" and "scrubbed" shapes this first copy is the one Legal pulls later: it carries the other link.
    link = p.decoy_link if p.legal_shape in ("replaced", "scrubbed") else p.contract_link
    return (f"Hi {p.user.first},\n\nThe {p.contract_ref} with {p.client} is countersigned - the final signed copy is "
            f"here: {link}\n\nThe hold ends tonight: unless you hear from me before midnight it is "
            f"final and yours to send.\n\n{p.grace.first}\nLegal, {p.company}")


def olu_final(p: Params) -> str:
    changed = ", ".join(f"{p.categories[i]} {money(p.draft[i])} -> {money(p.final[i])}" for i in p.changed)
    return (f"Hi {p.user.first},\n\nFinal Q2 vendor costs, checked against every invoice (changes from the draft: "
            f"{changed}):\n\n{figures_table(p, p.final)}\n\nThese are final - good to share.\n\n{p.olu.first}")


def olu_correction(p: Params) -> str:
    """Finance's later email on one line of the final figures: a fix ("corrected" shape), or a query it turns down
    ("final" shape: the same category, both amounts and a total, but the final table stands)."""
    i = p.fix_index
    fixed = sum(p.fix_amount if j == i else a for j, a in enumerate(p.final))
    if p.figures_shape != "corrected":
        return _say(p, "query", "correction", user=p.user.first, category=p.categories[i], old=money(p.final[i]),
                    new=money(p.fix_amount), total=money(p.final_total), wrong_total=money(fixed), olu=p.olu.first)
    return _say(p, "correction", "correction", user=p.user.first, category=p.categories[i], old=money(p.final[i]),
                new=money(p.fix_amount), total=money(p.delivered_total), olu=p.olu.first)


DIGEST_MONDAY = ("Design Weekly: five studios on pricing retainers",
                 "This week: how five small studios price retainers, a new colour-contrast checker, and the shortlist "
                 "for the regional design awards. Read online at designweekly.example.")
DIGEST_TUESDAY = ("Design Weekly: the accessibility issue",
                  "This week: accessible colour palettes, alt text that helps, and a checklist for inclusive forms.")


# ------------------------------------------------------------------------------------------------ the frame
def user_personality(p: Params) -> str:
    return (f"Founder of {p.company}, a small design studio; busy at a client workshop this week, writes short precise "
            f"instructions and expects them kept to the minute.")


GAPS = {1: "an hour", 2: "two hours", 3: "three hours"}


def user_prompt(p: Params) -> str:
    """World 0's request as published; a drawn world's worded through the phrasebook, its tasks in a drawn order and
    its times in drawn forms."""
    if not p.general_phone:
        return _published_prompt(p)
    rng = random.Random(f"{p.decoy_code}:prompt")
    s, pr, f = p.sam, p.priya, p.formats
    tasks = [PHRASES.say(rng, "ask_contract", sam=s.name, s=s.first, client=p.client, ref=p.contract_ref,
                         legal=p.grace.first, when=when_phrase(p.contract_promise, f[0]),
                         day=weekday(p.contract_promise)),
             PHRASES.say(rng, "ask_figures", priya=pr.name, p=pr.first, olu=p.olu.first,
                         when=when_phrase(p.figures_promise, f[1]), day=weekday(p.figures_promise)),
             PHRASES.say(rng, "remind_at", when=when_phrase(p.reminder, f[2])) if p.remind_shape == "at" else
             PHRASES.say(rng, "remind_before", gap=GAPS[p.lock_gap], gap_cap=GAPS[p.lock_gap].capitalize())]
    items = "\n".join(f"{n}. {tasks[i]}" for n, i in enumerate(p.order, 1))
    return (f"{PHRASES.say(rng, 'opening', client=p.client)}\n{items}\n"
            f"{PHRASES.say(rng, 'closing', day=weekday(p.reminder))}")


def _published_prompt(p: Params) -> str:
    s, pr, tc, d, r = p.sam, p.priya, p.contract_promise, p.figures_promise, p.reminder
    return (
        f"Hi! I'm at the {p.client} workshop until Wednesday afternoon, so please look after my inbox. You'll get "
        f"about a dozen check-ins between now and Wednesday afternoon, each at most four hours apart - plan them so "
        f"you're there when things are due.\n"
        f"1. {s.name} ({p.client}) is asking for the signed contract. Reply to {s.first} today that we'll send the "
        f"countersigned {p.contract_ref} on {weekday(tc)} by {clock(tc)}. {p.grace.first} from Legal will email the "
        f"countersigned copy tomorrow, but Legal can still pull it back until Tuesday night - so send it to "
        f"{s.first} on {weekday(tc)} morning, not before, and no later than {clock(tc)}.\n"
        f"2. {pr.name} will email this evening asking for the Q2 vendor cost figures. Tell {pr.first} tonight that "
        f"the figures will come on {weekday(d)} by {clock(d)}, and send them to {pr.first} then (on {weekday(d)}, not "
        f"earlier). Use {p.olu.first}'s final figures, which come tomorrow; the draft in {p.olu.first}'s email from "
        f"this morning is not final.\n"
        f"3. Remind me here on {weekday(r)} at {clock(r)} to call the bank about the mortgage rate lock - with the "
        f"{'number' if not p.general_phone else 'direct number of my adviser there'} and the reference from their "
        f"email.\n"
        f"Don't answer anything else or promise anyone anything else; I'll deal with the rest when I'm back. On "
        f"{weekday(r)}, once it's all done, give me a short summary here.")


def description(p: Params) -> str:
    return (
        f"A three-day horizon (Monday {clock(p.start)} to Wednesday {clock(p.end)}, at most a dozen turns). On Monday "
        f"the assistant replies to a client and a colleague promising, at the times the user gives, the signed "
        f"contract (Wednesday by {clock(p.contract_promise)}) and the final vendor cost figures (Wednesday by "
        f"{clock(p.figures_promise)}); the material for both arrives on Tuesday (Legal's countersigned copy, finance's "
        f"final figures that replace Monday's draft). On Wednesday it delivers both in their windows - not before "
        f"Wednesday, not late - reminds the user in chat at {clock(p.reminder)} to call the bank with the number and "
        f"reference, and sums up in chat; it answers no one else and promises no time the user did not give.")


# ------------------------------------------------------------------------------------------------ the oracle
def signature(p: Params) -> str:
    return f"Best regards,\n{p.user.name}\n{p.company}"


def promise_to_sam(p: Params) -> str:
    return (f"Hi {p.sam.first},\n\nThanks for your patience. We'll send you the countersigned {p.contract_ref} on "
            f"{day_time(p.contract_promise)} at the latest.\n\n{signature(p)}")


def promise_to_priya(p: Params) -> str:
    return (f"Hi {p.priya.first},\n\nYou'll have the final Q2 vendor cost figures (each category and the total) on "
            f"{day_time(p.figures_promise)} at the latest.\n\nBest,\n{p.user.first}")


def reminder(p: Params) -> str:
    who = p.cover.name if p.bank_shape == "cover" and p.cover else p.adviser.name
    return (f"Reminder ({clock(p.reminder)}): time to call {p.bank} about the mortgage rate lock - {who} on "
            f"{p.call_phone}, reference {p.bank_reference}.")


def contract_to_sam(p: Params) -> str:
    return (f"Hi {p.sam.first},\n\nAs promised, here is the countersigned {p.contract_ref}: {p.contract_link}\n\n"
            f"{signature(p)}")


def figures_to_priya(p: Params) -> str:
    return (f"Hi {p.priya.first},\n\nHere are the final Q2 vendor costs for the board pack, as checked by "
            f"{p.olu.first}:\n\n{figures_table(p, p.delivered)}\n\nBest,\n{p.user.first}")


def summary(p: Params) -> str:
    s, pr = p.sam.first, p.priya.first
    return (f"Summary: on Monday I told {s} the countersigned {p.contract_ref} would come on "
            f"{day_time(p.contract_promise)} and {pr} the figures on {day_time(p.figures_promise)}. Today I sent {s} "
            f"the countersigned contract (Legal's final link) and {pr} {p.olu.first}'s final Q2 vendor cost figures "
            f"(total {money(p.delivered_total)}), both on time, and reminded you about the bank call. I didn't answer "
            f"{p.dev.first} ({p.deck}), {p.vendor} (print order PO-5531) or the newsletters.")
