"""The words of a multi_day_followup world: the mail, the user's request, the description and the oracle's messages,
as hand-written templates filled from one ``Params``."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

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
    # "legal_pair": Legal's first Tuesday email (version 7): two countersigned contracts, each its reference {refN},
    # its client company {clientN}, that client's contact's first name {whoN} and its link {linkN}; both final unless
    # Legal writes again before midnight. {company}: the user's company.
    "legal_pair": ("Hi {user},\n\nTwo contracts came back countersigned today:\n- {ref1} with {client1} ({who1}): "
                   "{link1}\n- {ref2} with {client2} ({who2}): {link2}\n\nThe hold ends tonight: unless you hear from "
                   "me before midnight, both are final and yours to send.\n\n{legal}\nLegal, {company}",
                   "{user} - both countersigned now. {client1}'s {ref1} (for {who1}) is at {link1}, and {client2}'s "
                   "{ref2} (for {who2}) at {link2}. We can still pull either back until midnight; after that they "
                   "are final.\n{legal}\nLegal, {company}",
                   "Hello {user},\n\nThe {ref1} ({client1}, {who1}'s team) is countersigned: {link1}\nSo is the "
                   "{ref2} ({client2}, {who2}): {link2}\nIf I don't write again before midnight, both are final.\n\n"
                   "{legal}\nLegal, {company}",
                   "Hi {user},\n\nCountersigned today, final unless I pull them back before midnight:\n{who1} at "
                   "{client1} - {ref1}: {link1}\n{who2} at {client2} - {ref2}: {link2}\n\n{legal}\nLegal, {company}"),
    # "internal_latest": as "internal" (Legal's own markup of {ref} at {decoy}, not for {client}), said after Legal may
    # already have re-issued the {ref}: the copy for {client} stays the newest link Legal sent for it.
    "internal_latest": ("Hi {user},\n\nFor our files only, not for {client}: the partners' markup of the {ref} is at "
                        "{decoy}. The copy {client} gets is still the newest one I sent for it.\n\n{legal}",
                        "{user} - our redline of the {ref}, internal, please don't forward: {decoy}. Nothing changes "
                        "for {client}: my latest {ref} link stands.\n{legal}",
                        "Hello {user},\n\nNo new copy for {client} here - instead, our annotated working file of the "
                        "{ref}, to keep in-house: {decoy}. The last {ref} link I sent you for {client} stays.\n\n"
                        "{legal}"),
    # "other_latest": as "other" ({other_client}'s {other_ref} countersigned at {decoy}, nothing for {client}), said
    # after Legal may already have re-issued the {ref}: the newest {ref} link Legal sent stays {client}'s.
    "other_latest": ("Hi {user},\n\nUnrelated to {client}: {other_client}'s {other_ref} is countersigned too, for "
                     "their account team - {decoy}. The newest {ref} link I sent stays as it is.\n\n{legal}",
                     "{user} - not a replacement: {other_client}'s {other_ref} is signed as well ({decoy}); it goes to "
                     "them via Accounts. For {client}, my latest {ref} link stands.\n{legal}",
                     "Hello {user},\n\nSeparate matter: the countersigned {other_ref} for {other_client} is at "
                     "{decoy}. Nothing changes on the {ref} - the last link I sent for {client} is still the one."
                     "\n\n{legal}"),
    # "untouched": a sentence closing each of Legal's later emails (version 7): the other of the two contracts, {keep}
    # (its contact {who}), is not what the email is about and stays as it is.
    "untouched": ("The {keep} ({who}) is not affected.", "Nothing changes on the {keep} for {who}.",
                  "{who}'s {keep} stays as it is.", "This has nothing to do with the {keep} ({who}).",
                  "The {keep} for {who} is untouched."),
    # "roster": the heading of the bank's list of its mortgage team this week (no fields): the lines after it say, for
    # each of three advisers, whether a colleague covers for them ("cover") or covered and handed back ("covered").
    "roster": ("Our mortgage team this week:", "Who is in this week:", "Mortgage advisers this week:",
               "Team availability this week:"),
    # "team_away": another adviser of the bank ({adviser}, not the user's) is away and {cover} covers their clients on
    # {n}; "team_back": {adviser} is back and {cover}, who covered, has handed their clients back. Neither is about the
    # user's application: the same leave and handling words as "cover" and "covered", about someone else's clients.
    "team_away": ("{adviser} is on leave this week; {cover} is handling their clients meanwhile: {n}",
                  "While {adviser} is away, {cover} looks after their customers - {n}",
                  "{cover} ({n}) has taken over {adviser}'s applications until they are back.",
                  "{adviser} is out of the office until next week; their customers should speak to {cover} instead, "
                  "on {n}."),
    "team_back": ("{adviser} is back from leave; {cover}, who handled their clients meanwhile, is still on {n} but "
                  "has handed them back.",
                  "While {adviser} was away, {cover} looked after their customers ({n}); {adviser} has taken them over "
                  "again.",
                  "{cover} ({n}) covered {adviser}'s applications during last week's leave. {adviser} is back and "
                  "handling them now.",
                  "{adviser} was out of the office last week and {cover} stood in on {n}; their customers speak to "
                  "{adviser} again."),
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
    # How the request words a promised time (a phrase after "by"). Every form names one Wednesday clock time: in
    # "at_clock" the promise {when} beside a time the user turns down ({other}), the promise first or second and a
    # negation word beside either; in the relative forms {other} is the only clock time (the one turned down) and the
    # promise is {gap} ("an hour") after or before {anchor} (an "anchor_*" phrase: another time of the request).
    "at_clock": ("{when} - not {other} as I first thought",
                 "{when}; I had pencilled {other}, but that is off",
                 "{when} and not a minute later (never mind the {other} I mentioned last week)",
                 "{when} (the {other} slot I floated earlier is gone)",
                 "{other}... no, scratch that: {when}",
                 "not {other}, as I said last week, but {when}",
                 "{other} - no, make it {when}",
                 "(forget the {other} I floated earlier) {when}"),
    "after_anchor": ("{gap} after {anchor} - not {other} as I first thought",
                     "{gap} after {anchor}; I had pencilled {other}, but that is off",
                     "not {other}, as I said last week, but {gap} after {anchor}",
                     "{gap} after {anchor} (the {other} slot I floated earlier is gone)"),
    "before_anchor": ("{gap} before {anchor} - not {other} as I first thought",
                      "{gap} before {anchor}; I had pencilled {other}, but that is off",
                      "not {other}, as I said last week, but {gap} before {anchor}",
                      "{gap} before {anchor} (the {other} slot I floated earlier is gone)"),
    # The moments a relative promise is told from: the bank reminder's time, or the other person's promised time
    # ({who}: that person's first name).
    "anchor_reminder": ("the time you remind me about the bank", "my bank reminder", "the bank reminder I ask for",
                        "the moment you remind me to call the bank"),
    "anchor_figures": ("the time you promise {who} the figures", "what you promise {who}",
                       "the figures' promised time", "the time {who} gets for the figures"),
    "anchor_contract": ("the time you promise {who} the contract", "what you promise {who}",
                        "the contract's promised time", "the time {who} gets for the contract"),
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
    """The bank's numbers (the adviser's direct line, the general line, the fax) and its team this week: three
    advisers, each away with a colleague covering or back with the cover over, the user's adviser among them (version
    6). The number to call is on the line of the user's adviser, or their direct line when they are back."""
    numbers = {"adviser": p.bank_phone, "general": p.general_phone, "fax": p.fax_phone}
    lines = [_say(p, k, k, n=numbers[k], adviser=p.adviser.name) for k in p.bank_order]
    theirs = (p.adviser, p.cover, p.cover_phone, "cover" if p.bank_shape == "cover" else "covered")
    team = [(a, c, n, "team_away" if k == "cover" else "team_back") for a, c, n, k in p.roster]
    team.insert(p.roster_at, theirs)  # type: ignore[arg-type]
    roster = [_say(p, "roster", "roster")] + [
        _say(p, kind, f"{kind}{k}", n=phone, adviser=adviser.name, cover=cover.name if cover else "")
        for k, (adviser, cover, phone, kind) in enumerate(team)]
    lines.insert(random.Random(f"{p.decoy_code}:cover-at").randrange(len(lines) + 1), "\n".join(roster))
    return "\n".join(lines)


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


def _contracts(p: Params) -> dict[str, dict[str, str]]:
    """The two contracts of Legal's first Tuesday email (drawn worlds): "A" the client's, "B" another client's."""
    assert p.other_who is not None
    return {"A": {"ref": p.contract_ref, "who": p.sam.first, "client": p.client, "link": p.link(p.first_code)},
            "B": {"ref": p.other_ref, "who": p.other_who.first, "client": p.other_client,
                  "link": p.link(p.other_code)}}


def legal_second(p: Params, k: int = 0) -> str:
    """Legal's later email ``k`` (drawn worlds): a re-issue of one of the two contracts ("replaced", "scrubbed": its
    link the contract's now), or a copy for nobody about either ("internal", "other" and their "_latest" forms)."""
    kind, about, code, _ = p.follow[k]
    c, keep = _contracts(p)[about], _contracts(p)["B" if about == "A" else "A"]
    body = _say(p, kind, f"legal{k}", user=p.user.first, ref=c["ref"], link=p.link(code), decoy=p.link(code),
                client=c["who"], legal=p.grace.first, other_ref=p.third_ref, other_client=p.third_client)
    # Every later email names both contracts (the one it is about, and the other as untouched), so which contract an
    # email concerns is read from its sentences, not from which reference it carries.
    aside = _say(p, "untouched", f"untouched{k}", keep=keep["ref"], who=keep["who"])
    cut = "\n\n" if "\n\n" in body else "\n"
    main, _, closing = body.rpartition(cut)
    return f"{main}\n{aside}{cut}{closing}"


def legal_text(p: Params) -> str:
    if p.follow:
        c = _contracts(p)
        one, two = (c["A"], c["B"]) if p.pair_first else (c["B"], c["A"])
        return _say(p, "legal_pair", "legal-pair", user=p.user.first, legal=p.grace.first, company=p.company,
                    **{f"{key}{n}": value for n, x in ((1, one), (2, two)) for key, value in x.items()})
    return (f"Hi {p.user.first},\n\nThe {p.contract_ref} with {p.client} is countersigned - the final signed copy is "
            f"here: {p.contract_link}\n\nThe hold ends tonight: unless you hear from me before midnight it is "
            f"final and yours to send.\n\n{p.grace.first}\nLegal, {p.company}")


def olu_final(p: Params) -> str:
    changed = ", ".join(f"{p.categories[i]} {money(p.draft[i])} -> {money(p.final[i])}" for i in p.changed)
    return (f"Hi {p.user.first},\n\nFinal Q2 vendor costs, checked against every invoice (changes from the draft: "
            f"{changed}):\n\n{figures_table(p, p.final)}\n\nThese are final - good to share.\n\n{p.olu.first}")


def olu_correction(p: Params, second: bool = False) -> str:
    """Finance's later email on one line of the figures: a fix ("corrected" shape), or a query it turns down ("final"
    shape: the same category, both amounts and a total, but the line stands). The second one (``second``) reads the
    table as the first left it."""
    if second:
        table, shape, i, new, salt = p.after_first_fix, p.figures_shape2, p.fix2_index, p.fix2_amount, "correction2"
    else:
        table, shape, i, new, salt = p.final, p.figures_shape, p.fix_index, p.fix_amount, "correction"
    moved = sum(table) - table[i] + new
    if shape != "corrected":
        return _say(p, "query", salt, user=p.user.first, category=p.categories[i], old=money(table[i]),
                    new=money(new), total=money(sum(table)), wrong_total=money(moved), olu=p.olu.first)
    return _say(p, "correction", salt, user=p.user.first, category=p.categories[i], old=money(table[i]),
                new=money(new), total=money(moved), olu=p.olu.first)


DIGEST_MONDAY = ("Design Weekly: five studios on pricing retainers",
                 "This week: how five small studios price retainers, a new colour-contrast checker, and the shortlist "
                 "for the regional design awards. Read online at designweekly.example.")
DIGEST_TUESDAY = ("Design Weekly: the accessibility issue",
                  "This week: accessible colour palettes, alt text that helps, and a checklist for inclusive forms.")


# ------------------------------------------------------------------------------------------------ the frame
def user_personality(p: Params) -> str:
    return (f"Founder of {p.company}, a small design studio; busy at a client workshop this week, writes short precise "
            f"instructions and expects them kept to the minute.")


GAPS = {1: "an hour", 2: "two hours", 3: "three hours", 4: "four hours"}


# How the request tells each promised time (drawn worlds): a clock time, or hours after the bank reminder, or hours
# from the other promise (never both from each other). Each beside a Wednesday time the user turns down.
WHEN_FORMS = ("clock", "reminder", "other")


def promise_forms(p: Params) -> tuple[tuple[str, str], tuple[datetime, datetime]]:
    """How the request tells the (contract, figures) promises, and the time it turns down beside each: an hour or two
    either side of the promise, on Wednesday, so neither the first clock time of a task nor the only one is it."""
    rng = random.Random(f"{p.decoy_code}:when-forms")
    forms = (rng.choice(WHEN_FORMS), rng.choice(WHEN_FORMS))
    if forms == ("other", "other"):
        forms = (forms[0], rng.choice(WHEN_FORMS[:2]))
    decoys = []
    for promise in (p.contract_promise, p.figures_promise):
        # Never the reminder's moment: a request that asks for the reminder "before the rate lock ends" names no clock
        # time of it.
        shifts = [h for h in (-2, -1, 1, 2) if 7 <= promise.hour + h <= 18
                  and promise + timedelta(hours=h) != p.reminder]
        decoys.append(promise + timedelta(hours=rng.choice(shifts)))
    return forms, (decoys[0], decoys[1])


def _promised_when(p: Params, rng: random.Random, task: int) -> str:
    """The phrase after "by" telling task ``task``'s (0 contract, 1 figures) promised time."""
    (forms, decoys), promise = promise_forms(p), (p.contract_promise, p.figures_promise)[task]
    form, other = forms[task], when_phrase(decoys[task], p.formats[task])
    if form == "clock":
        return PHRASES.say(rng, "at_clock", when=when_phrase(promise, p.formats[task]), other=other)
    if form == "reminder":
        gap, anchor = promise - p.reminder, PHRASES.say(rng, "anchor_reminder")
    else:
        gap = promise - (p.figures_promise, p.contract_promise)[task]
        anchor = PHRASES.say(rng, "anchor_figures" if task == 0 else "anchor_contract",
                             who=(p.priya.first, p.sam.first)[task])
    hours = abs(int(gap.total_seconds())) // 3600
    return PHRASES.say(rng, "after_anchor" if gap.total_seconds() > 0 else "before_anchor", gap=GAPS[hours],
                       anchor=anchor, other=other)


def user_prompt(p: Params) -> str:
    """World 0's request as published; a drawn world's worded through the phrasebook, its tasks in a drawn order and
    its times in drawn forms."""
    if not p.general_phone:
        return _published_prompt(p)
    rng = random.Random(f"{p.decoy_code}:prompt")
    s, pr, f = p.sam, p.priya, p.formats
    tasks = [PHRASES.say(rng, "ask_contract", sam=s.name, s=s.first, client=p.client, ref=p.contract_ref,
                         legal=p.grace.first, when=_promised_when(p, rng, 0),
                         day=weekday(p.contract_promise)),
             PHRASES.say(rng, "ask_figures", priya=pr.name, p=pr.first, olu=p.olu.first,
                         when=_promised_when(p, rng, 1), day=weekday(p.figures_promise)),
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
