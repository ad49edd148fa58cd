"""The words of the followup part (scenarios/parts/followup.py): its pools of names, and its phrasebook — every kind
of message it writes, in the phrasings a world draws from."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from green_agent.scenario_kit.phrasing import Phrasebook

CONTRACTS = (("master services agreement", "MSA"), ("data processing agreement", "DPA"),
             ("framework contract", "framework contract"), ("licence agreement", "licence"))
CLIENTS = (("Harborview Logistics", "harborview.example"), ("Ostara Foods", "ostara.example"),
           ("Pinecrest Health", "pinecrest.example"), ("Kestrel Media", "kestrelmedia.example"))
BANKS = (("Harbourside Bank", "mortgage rate lock"), ("Crestline Bank", "business overdraft renewal"),
         ("Meridian Savings", "fixed-rate deposit rollover"))
TITLES = ("Weekly sync", "Roadmap review", "Design crit", "Budget check-in", "Hiring panel", "Quarterly planning",
          "Vendor review", "Team retro", "Pricing workshop", "Ops stand-up")
WORDS = {11: "eleven", 12: "noon", 13: "one", 14: "two", 15: "three", 16: "four"}
GAPS = {1: "an hour", 2: "two hours", 3: "three hours", 4: "four hours", 5: "five hours", 6: "six hours"}


def _digits(number: str) -> str:
    """A number's digits after the country code (how a reminder is read: any spacing)."""
    return re.sub(r"\D", "", number)[1:]


def _hour24(moment: datetime) -> str:
    return f"{moment:%H:%M}"


def _spoken(moment: datetime) -> str:
    """"three in the afternoon", "noon", "eleven in the morning" (an hour o'clock said in words)."""
    word = WORDS[moment.hour]
    return word if moment.hour == 12 else f"{word} in the {'morning' if moment.hour < 12 else 'afternoon'}"


def _cap(text: str) -> str:
    """``text`` opening a sentence (a link stays as it is)."""
    return text if text.startswith("http") else text[:1].upper() + text[1:]


PHRASES = Phrasebook({
    # How Legal names a contract in a link's line ({N}: the colleague who negotiated it); a world keeps one phrasing.
    "label": ("the contract {N} negotiated", "{N}'s deal", "the one {N} closed", "the {N} file", "{N}'s contract"),
    # A claim said past a wrong name with the right name FIRST (N negotiated M; X, named after, did not): the twin of
    # "trap", whose right name comes last, so neither "the first name" nor "the last name" picks the negotiator.
    "trap_first": ("{N} negotiated {M}, whatever {X} may tell you", "{N} ran {M}; {X} was only copied in",
                   "it was {N} on {M} - {X} just forwarded the invites",
                   "{N} closed {M}, although {X}'s name is on the invite",
                   "{N} did {M}, even if {X} likes to take the credit",
                   "{N} negotiated {M}; people keep saying {X}, wrongly"),
    # N negotiated M, said with a negation word (the twin of "neg", which rules a name out): a clause's "not" or
    # "never" is no sign that its one name is ruled out.
    "pos_neg": ("nobody but {N} touched {M}", "{M} was no one's but {Np}'s", "{N} never let anyone else near {M}",
                "{M} was negotiated by {N} and by no one else", "none of us but {N} negotiated {M}",
                "{N} and nobody else negotiated {M}"),
    # A line's hold-back told from another line's ({gap}: "two hours"; {ref}: that other contract's label).
    "rel_after": ("{gap} after the hold-back on {ref}", "{gap} later than {ref}'s hold-back",
                  "{gap} past the hold-back on {ref}",
                  "{gap} on from when {ref} is final", "{ref}'s hold-back plus {gap}"),
    "rel_before": ("{gap} before the hold-back on {ref}", "{gap} earlier than {ref}'s hold-back",
                   "{gap} ahead of the hold-back on {ref}", "{ref}'s hold-back less {gap}",
                   "{gap} short of when {ref} is final"),
    # A link's line naming another contract ({other}) BEFORE its own ({label}), the other with no "not" before it: the
    # first name in a line is no sign of whose link it is.
    "line_after": ("{Other} is listed here too; {label} is countersigned as well: {url} (final at {at})",
                   "Like {other}, {label} is signed: {url} - it can still be withdrawn until {at24}",
                   "Unlike {other}, {label} may still be pulled back until {at}: {url}",
                   "{Other} came back first; next, {label}: {url}, hold it until {at}",
                   "{Other} is in this mail as well; {label} sits at {url} and is revocable until {at24}"),
    # A re-issue of {which} that names another contract ({other}, unchanged) first: the first name in the second mail
    # is no sign of which copy was re-issued. Some say the re-issued copy is the one for the client (not internal).
    "replaced_after": ("Hi {user},\n\n{Other} is fine as sent. {Which}, though, had a wrong clause reference, so we "
                       "pulled that copy; use {url} instead. {hold_note}\n\n{legal}",
                       "{user}, nothing changes for {other}. For {which} the first link is withdrawn - the valid "
                       "countersigned copy, the one for the client and not an internal draft, is {url}. {hold_note}"
                       "\n{legal}",
                       "Hello {user},\n\n{Other} stays as it was; {which} we had to re-issue: {url} replaces this "
                       "morning's link. {hold_note}\n\n{legal}",
                       "{user} - {other} is untouched. We pulled the first copy of {which}; the corrected one for the "
                       "client is {url}. {hold_note}\n{legal}",
                       "Hi {user},\n\nNo change to {other}. {Which} is re-issued at {url} (the earlier link is "
                       "dead). {hold_note}\n\n{legal}"),
    # A moved hold-back that also names the first copy's hour ({old}) beside the new one ({at}, {at24}).
    "moved_from": ("The {old} I gave you no longer applies: it is final at {at} now.",
                   "Not {old} any more - the hold-back moves to {at24}.",
                   "Please hold it until {at} instead of {old}.", "It was {old}; it is {at24} now.",
                   "Move the hold-back from {old} to {at}."),
    # The bank's lines, one each ({n} the number; {adviser} the adviser's full name, {adviser_first}; {topic}).
    "bank_adviser": ("Your adviser, {adviser}: {n}", "{n} (direct line of {adviser}, your adviser)",
                     "To reach {adviser} directly, dial {n}.", "{adviser} (your adviser) takes calls on {n}.",
                     "Adviser line - {adviser}: {n}"),
    "bank_team": ("{Topic} team: {n}", "{n} - our {topic} specialists", "The {topic} desk answers on {n}.",
                  "For the {topic} itself, the team is on {n}.", "{n}: {topic} team"),
    "bank_general": ("General enquiries: {n}", "{n} (main switchboard, 8am-8pm)",
                     "For anything else, our main line is {n}.", "Switchboard: {n}", "{n} (general line)"),
    # How the bank's note (kind "bank_renumbered") names the one line whose number changed: other words than its
    # row's, so matching the note to the line the user asks for is a join of the two, not a shared label.
    "which_adviser": ("{adviser}'s direct line", "your adviser's number", "the line to {adviser_first}",
                      "{adviser_first}'s personal line", "your adviser {adviser_first}'s phone"),
    "which_team": ("the {topic} team's line", "our {topic} desk", "the {topic} specialists' number",
                   "the {topic} team", "the desk for your {topic}"),
    "which_general": ("our main switchboard", "the general enquiries number", "our main line",
                      "the general line", "our switchboard"),
    # One line of the bank's ({which}, a "which_*" phrase) has a new number ({n}); its listed one ({old}) is dead.
    # The line is the one the user asks for half the time, so neither the asked row's number nor "the new number"
    # is the right one more often than a coin.
    "bank_renumbered": ("Please note: {which} has changed to {n}; {old} no longer connects.",
                        "From today {which} is {n} (not {old} as listed).",
                        "One change since we printed this: {old} is out of service, {which} now answers on {n}.",
                        "{Which} moved to {n} this week - {old} will not reach anyone.",
                        "Important: {which} is no longer {old}. Dial {n} instead."),
    "bank_fax": ("Fax: {n}", "{n} (fax only)", "Documents may be faxed to {n}.",
                 "Fax documents to {n}.", "{n}: fax"),
    # The line the user asks to call (a verb phrase after "remind me to"), and a line the user rules out (a noun
    # phrase): every request names one of each, so a line's words in the request are no sign it is the one asked.
    "call_adviser": ("call my adviser {adviser_first} at {bank} about the {topic}",
                     "ring {adviser_first}, my adviser at {bank}, about the {topic}",
                     "phone {adviser_first} at {bank} about the {topic} - my adviser",
                     "get {adviser_first}, my {bank} adviser, on the phone about the {topic}",
                     "call {adviser_first} directly at {bank} about the {topic}"),
    "call_team": ("phone the {topic} team at {bank}", "ring {bank}'s {topic} desk",
                  "call the {topic} specialists at {bank}", "get the {topic} team at {bank} on the phone",
                  "ring the people at {bank} who handle the {topic}"),
    "call_general": ("ring {bank}'s main enquiries line about the {topic}",
                     "call the general line at {bank} about the {topic}",
                     "phone {bank}'s switchboard about the {topic}", "ring {bank}'s main number about the {topic}",
                     "call {bank} on its general number about the {topic}"),
    "skip_adviser": ("my adviser {adviser_first}'s direct line", "{adviser_first}, my adviser there",
                     "{adviser_first}'s line", "my adviser", "{adviser_first} directly"),
    "skip_team": ("the {topic} team", "their {topic} desk", "the {topic} specialists",
                  "the team that handles the {topic}", "the {topic} team's number"),
    "skip_general": ("the main switchboard", "their general enquiries line", "the main number", "the general line",
                     "their switchboard"),
    # The asked line ({ask}, a "call_*" phrase) and the ruled-out one ({skip}, a "skip_*" phrase), either first as
    # often (a verb phrase after "remind me to").
    "call_pair": ("{ask}, not {skip}", "not {skip} but {ask}", "{ask} ({skip} is closed today)",
                  "skip {skip} and {ask}", "{ask}, since {skip} never picks up", "forget {skip} - {ask}"),
    # A second rule the user withdraws beside the promise's: in an "after-hold" world, the meeting rule; in a "meeting"
    # world, a number of hours ({stale}: "two hours", never the right gap). So both words appear in every request.
    "drop_meeting": ("Don't go by my meetings for this one.",
                     "Last time I had you wait for the end of a meeting; not today.",
                     "Forget my calendar here - the hours after the hold-back decide.",
                     "No need to check my meetings for this.", "My meetings don't come into it this time."),
    "drop_gap": ("Not {stale} after it, as I said yesterday - the meeting decides.",
                 "Ignore the {stale} I mentioned before; go by that meeting.",
                 "Last time it was {stale} after the hold-back; today it's the meeting.",
                 "Scrap the {stale} rule from my last note.", "Not the usual {stale} after the hold-back, this time."),
    "ask_subject": ("Countersigned {ref}", "{short} {ref} - signed copy?", "Quick one about the paperwork",
                    "Procurement is chasing", "Re: our {short}"),
    # The client's ask: their company and name (the colleague's earlier mail names clients so), never who negotiated.
    "ask": ("Hi {user},\n\nCould we have the countersigned {kind} ({ref}) today? Procurement is waiting on it.\n\n"
            "Thanks,\n{client_full}\n{company}",
            "{user} - procurement asked me again this morning. Any chance of our signed {short}, ref {ref}, today?"
            "\n\n{client_full} | {company}",
            "Hello {user},\n\nJust checking in on {ref}, the {kind} between us and {company}. Our side signed last "
            "week; we'd love your countersigned copy back today if at all possible.\n\nBest,\n{client_full}",
            "Hi {user}, hope the week is going well. Small favour: our finance team closes the file today and needs "
            "the countersigned {short} for it (our ref {ref}). Doable?\n{client_full}, {company}",
            "Morning {user},\n\nWhere are we with the {kind}? It's {ref} on your side, I believe. Ideally I'd have "
            "the countersigned version in my inbox today.\n\nCheers,\n{client_full}\n{company}"),
    "teller_subject": ("Who negotiated what", "Handover: the three contracts", "Re: negotiators",
                       "Contracts - who ran which", "For your notes"),
    # Who negotiated which client's contract ({A} negotiated {a}, ...): the order of the three drawn, one phrasing
    # with a negation, one naming a colleague's earlier part.
    # Who negotiated which client's contract, clause by clause (N negotiated M; X is another negotiator): a clause
    # saying so, one saying so past a wrong name, one ruling a name out, the names left sharing the rest, the last
    # left over. A world states the client's negotiator in one of four ways (``TOLD``).
    "pos": ("{N} negotiated {M}", "{M} was {Np}'s deal", "{M} went to {N}", "{N} ran the {M} negotiation",
            "{M} was negotiated by {N}", "{N} handled {M} from start to finish", "{M}: {N}", "{N} closed {M}",
            "{M} ended up with {N}", "it was {N} who landed {M}", "{M} - that was {N}", "{M} was led by {N}"),
    "trap": ("everyone assumes {X} negotiated {M}, but it was {N}",
             "{M} was supposed to be {X}'s deal until {N} took it over",
             "{X}'s name is on the first {M} invite, but {N} negotiated it",
             "not {X} - {N} ran the {M} negotiation", "{M} went to {N}, not to {X} as the org chart suggests",
             "{X} started {M}, but {N} closed it", "{M} looks like {X}'s on paper; in fact {N} negotiated it"),
    "neg": ("{M} was not {X}'s", "{X} had nothing to do with {M}", "{X} never touched {M}",
            "{X} stayed well away from {M}", "leave {X} out of anything about {M}", "{M} was anyone's but {X}'s"),
    # A note beside a negotiator's name (W another's): most are asides, some name a colleague who did not negotiate.
    "aside": (", back from leave,", " (finally)", " (with {W} sitting in)", ", not {W},", " - {W} only took notes -",
              ", who took it over from {W},", " - as you know -", " (yes, really)"),
    # A negotiator named by the user's meeting with them.
    "by_meeting": ("whoever I have the {title} with", "the colleague from my {title}",
                   "the person I meet at the {title}", "my {title} counterpart", "the one who sits in my {title}"),
    "pair": ("{N} and {X} split the other two", "the other two were {N}'s and {X}'s, one each",
             "{X} and {N} had one each of the rest", "{N} and {X} did the rest between them",
             "as for the other two, {X} and {N} shared them"),
    "rest": ("{N} took whatever was left", "the remaining one was {Np}'s", "{N} had the third",
             "{N} did the other one", "the last went to {N}"),
    "teller": ("Hi {user},\n\nWho negotiated what, for when the signed copies come back: {body}.\n\n{teller}",
               "{user} - for your handover notes:\n{lines}\n{teller}",
               "Hi {user},\n\nTo clear up the confusion about the three contracts: {body}.\n\n{teller}",
               "Hello {user},\n\nNegotiators, as agreed in the partners' meeting:\n{lines}\n\n{teller}",
               "Hi {user},\n\nYou asked who ran which deal. {Sentences}\n\nThanks,\n{teller}"),
    # A later reply in the same thread: the first mail had two negotiators swapped.
    "teller_fix": ("Sorry {user}, one correction: {clause}. The rest stands.\n{teller}",
                   "Correction to my last mail - {clause}.\n{teller}",
                   "{user}, I mixed two of them up below. {Clause}.\n{teller}",
                   "Hi {user}, scratch what I said about {M}: {clause}.\n{teller}",
                   "Small fix: {clause}. Apologies!\n{teller}"),
    "legal_subject": ("Countersigned contracts", "Signed copies", "From Legal: today's signatures",
                      "Re: signatures", "Contracts update"),
    # A link's line: which contract (as Legal names it: by its negotiator), its link and its own hold-back hour.
    "line": ("{Label}, countersigned: {url} (final at {at})",
             "{url} is {label}, signed; it can still be withdrawn until {at24}",
             "for {label}: {url} - hold it until {at}, please",
             "{Label} is at {url} and stays revocable until {at}",
             "{label} - not {not_label} - lives at {url}; nothing leaves before {at}",
             "we may pull {label} back until {at24}: {url}"),
    # The client's line with its hold-back told from another line's ({when}: "an hour after the hold-back on the one
    # Nils closed").
    "relative_line": ("{Label}, countersigned: {url} (final {when})",
                      "{url} is {label}, signed; it can still be withdrawn until {when}",
                      "for {label}: {url} - hold it until {when}, please",
                      "{Label} is at {url} and stays revocable until {when}",
                      "we may pull {label} back until {when}: {url}"),
    # One email with three clients' links.
    "three": ("Hi {user},\n\nThree countersigned contracts today:\n{l1}\n{l2}\n{l3}\n\n{legal}",
              "{user} - {l1}; {l2}; {l3}.\n{legal}",
              "Hello {user},\n\nAs discussed:\n- {l1}\n- {l2}\n- {l3}\n\nRegards,\n{legal}, Legal",
              "Hi {user},\n\n{L1}. Separately, {l2}. And {l3}.\n\n{legal}",
              "{user},\n{L1}\n{L2}\n{L3}\n{legal}"),
    # A copy pulled: the re-issued link, its hold-back kept ("as before") or moved.
    "replaced": ("Hi {user},\n\nPlease ignore the link I sent earlier for {which} - we pulled that copy (a clause "
                 "reference was wrong). The corrected one is here: {url}. {hold_note}\n\n{legal}",
                 "{user}, correction on {which}: the earlier copy is withdrawn. Use this one instead: {url}. "
                 "{hold_note}\n{legal}",
                 "Hello again {user},\n\nWe had to re-issue {which}: {url} is the valid countersigned version now, "
                 "the first one no longer works. {hold_note}\n\n{legal}",
                 "Hi {user} - superseded! {url} replaces what I shared this morning for {which}. {hold_note}\n"
                 "{legal}",
                 "{user},\n\nLast-minute fix from the partners on {which}. New countersigned copy: {url}\nThe "
                 "previous link has been revoked. {hold_note}\n\nThanks,\n{legal}"),
    # Legal's late note (version 8): the hold-back of {which} moves from {old} ({old24}) to {at} ({at24}, {at_words});
    # half the phrasings name another contract ({other}, unchanged) too, before or after the moved one, so neither
    # the only nor the first name in the note marks the client's contract: only who negotiated it does.
    "hold_moved": ("Hi {user},\n\nOne change to this morning's list: the hold-back on {which} is now {at}, not {old}. "
                   "Everything else stands.\n\n{legal}",
                   "{user} - {other} keeps its hour. {Which}, though, stays revocable until {at24} (I said {old24} "
                   "earlier).\n{legal}",
                   "Hello {user},\n\nThe partners want more time on {which}: please hold it until {at_words} "
                   "rather than {old}.\n\n{legal}",
                   "Hi {user}, quick update. We can withdraw {which} until {at} now - {old} was too early. No "
                   "change to {other}.\n{legal}",
                   "{user},\n\nNothing new on {other}. The {old} I gave for {which} moves to {at24}.\n\n{legal}",
                   "Hello {user} - scheduling note: {which} goes final at {at}; ignore the {old} in my first "
                   "mail.\n{legal}"),
    "moved_subject": ("One hold-back moves", "Timing change", "Re: countersigned contracts", "Hold-back update",
                      "Small change to the hours"),
    "same_hold": ("Same hold-back as before.", "The hold-back hour doesn't change.",
                  "Timing as in my first note.", "Nothing else changes, the hour included.",
                  "Keep to the hour I gave you earlier."),
    "moved_hold": ("It is final at {at} now.", "The hold-back moves to {at24}.",
                   "We can still withdraw this one until {at}.", "Please hold it until {at} instead.",
                   "New hold-back: {at_words}."),
    # The client's copy's internal sibling, with a time of its own.
    "internal": ("Hi {user},\n\nFor our files only, not for the client: the internal markup of {ours} with our "
                 "negotiation notes is at {url}. We go through it at {at}.\n\n{legal}",
                 "{user} - our redline of {ours} (internal, please don't forward): {url}. Review at "
                 "{at24}.\n{legal}",
                 "Hello {user},\n\nThe partners' annotated copy of {ours} is at {url}. It is for internal "
                 "reference only, even after {at}.\n\n{legal}",
                 "Hi {user}, also sharing our playbook notes on {ours} ({url}) - strictly in-house; I'll "
                 "walk you through them at {at}.\n{legal}",
                 "{user},\n\nFYI the version of {ours} with our comments: {url} - keep it inside the "
                 "company. Final at {at24} for our records.\n\n{legal}"),
    "bank_subject": ("Your {topic}", "{topic} - action needed", "Reference {bank_ref}", "Message from {bank}",
                     "Please call us about your {topic}"),
    "bank": ("Dear customer,\n\nYour {topic} (reference {bank_ref}) is ready for review. Please call us, quoting "
             "your reference, so that we can complete it.\n\n{lines}\n\n{bank}",
             "Hello,\n\n{lines}\n\nWhichever you use, quote {bank_ref} about your {topic}.\n\n{bank}",
             "Dear customer,\n\nWe need a quick call to finish your {topic}.\n\nHow to reach us:\n{lines}\n\n"
             "Reference: {bank_ref}\n{bank}",
             "{bank}: your {topic} ({bank_ref}) awaits a call from you.\n{lines}",
             "Dear customer, regarding {bank_ref}: the {topic} can be completed by phone at a time that suits you."
             "\n\n{lines}\n\nKind regards,\n{bank}"),
    # The user's request: the promise told from the client's hold-back (hours after it, or the end of the first
    # meeting after it with the colleague who negotiated their contract), the link's window, and the reminder.
    "after-hold": ("{client_full} wants their countersigned contract: once Legal tells you when theirs is final, "
                   "promise it for {after_hold} after that.",
                   "Reply to {client_full} this morning: they get their contract {after_hold} after Legal's "
                   "hold-back on it ends - work out the hour and promise exactly that.",
                   "{client_full} is chasing their contract. The time to promise them is the hold-back hour Legal "
                   "gives for it, plus {after_hold}.",
                   "Promise {client_full} the signed contract for {after_hold} past the moment Legal stops being "
                   "able to withdraw their copy.",
                   "Write back to {client_full} before their copy's hold-back ends; the promise is that hold-back "
                   "plus {after_hold}."),
    "meeting": ("{client_full} wants their countersigned contract: promise it for the end of my first meeting with "
                "whoever negotiated it that starts once Legal's hold-back on their copy is over.",
                "Reply to {client_full} this morning with a time: when the first meeting I have after their "
                "contract's hold-back with the colleague who negotiated it ends.",
                "{client_full} is chasing their contract. Tell them they'll have it when my first post-hold-back "
                "meeting with its negotiator finishes (Legal gives the hold-back hour).",
                "Promise {client_full} the signed contract for the moment my next meeting after Legal's hold-back "
                "with the person who negotiated it is done.",
                "Write back to {client_full} before their copy's hold-back ends: the time to promise is the end of "
                "the first meeting starting after it with the colleague who ran their negotiation."),
    # When the link goes (version 8): in the hour before the promise, never sooner and never another link.
    "window": ("Send {client} their link during the hour before the time you promise them - not earlier, and never "
               "another link.",
               "Hold {client}'s link back until an hour before your promise, then forward it within that hour.",
               "Legal wants copies kept in-house as long as possible: {client} gets the link in the last hour before "
               "the promised time, and nothing else from Legal goes out.",
               "The link should reach {client} no sooner than sixty minutes ahead of what you promise - and ahead "
               "of it, not at it.",
               "Once you're within an hour of the promise to {client}, send the right link; before that hour it "
               "stays with us."),
    "before-promise": ("An hour before the time you promise {client}, remind me here to {call}, with the number "
                       "from their email.",
                       "Nudge me in this chat an hour ahead of {client}'s promised time to {call} - give me the "
                       "right number from the bank's email.",
                       "Post me a reminder here one hour before what you promise {client}: {call}, number included.",
                       "Sixty minutes before {client}'s deadline, remind me to {call}; include the number they gave.",
                       "I need a chat reminder an hour before the promise to {client}: {call}. Put the number in it."),
})


def bank_lines(rng: Any, numbers: dict[str, str], fields: dict[str, Any], renumbered: tuple[str, str]) -> str:
    """The bank's numbers (``numbers``: line -> number, "fax" too), one a line, in shuffled order, then the note that
    ``renumbered`` = (line, its new number) changed."""
    order = list(numbers)
    rng.shuffle(order)
    line, new = renumbered
    note = PHRASES.say(rng, "bank_renumbered", n=new, old=numbers[line],
                       which=(which := PHRASES.say(rng, f"which_{line}", **fields)), Which=_cap(which))
    return "\n".join([*(PHRASES.say(rng, f"bank_{k}", **fields, n=numbers[k]) for k in order), note])


def call(rng: Any, line: str, lines: tuple[str, ...], fields: dict[str, Any]) -> str:
    """The user's words for the bank's line to call: ``line`` asked, another of ``lines`` ruled out."""
    skip = rng.choice([k for k in lines if k != line])
    return PHRASES.say(rng, "call_pair", ask=PHRASES.say(rng, f"call_{line}", **fields),
                       skip=PHRASES.say(rng, f"skip_{skip}", **fields))


def clauses(rng: Any, pairs: list[tuple[str, str]], mode: str, titles: dict[str, list[str]]) -> list[str]:
    """Clauses telling who negotiated which: ``pairs`` is (negotiator, client) with the client's contract first, told
    by ``mode`` ("pos", "trap", "rest", "neg"); the two others are told so that the whole determines every pair. A
    negotiator is named, with an aside half the time, or told by the user's meeting with them (``titles``). A claim
    is put as often with a negation word as without ("pos_neg"), and one said past a wrong name puts the right name
    first as often as last ("trap_first")."""
    (n_o, m_o), (n_x, m_x), (n_y, m_y) = pairs
    names = [n_o, n_x, n_y]

    def ref(name: str) -> str:
        if rng.random() < 0.4:
            return PHRASES.say(rng, "by_meeting", title=rng.choice(titles[name]))
        if rng.random() < 0.5:
            return name
        return name + PHRASES.say(rng, "aside", W=rng.choice([n for n in names if n != name]))

    def say(kind: str, n: str, m: str = "", x: str = "") -> str:
        kind = {"pos": rng.choice(("pos", "pos_neg")), "trap": rng.choice(("trap", "trap_first"))}.get(kind, kind)
        return re.sub(r"(?:,| -)$", "", PHRASES.say(rng, kind, N=ref(n), Np=n, M=m, X=x))

    def said(n: str, m: str, wrong: str) -> str:
        return say(rng.choice(("pos", "trap")), n, m, wrong)

    if mode == "neg":  # x told; the client's is what is left once a name is ruled out for it (or for y)
        ruled = say("neg", n_y, m_o, n_y) if rng.random() < 0.5 else say("neg", n_o, m_y, n_o)
        return [said(n_x, m_x, n_o), PHRASES.say(rng, "pair", N=n_o, X=n_y), ruled]
    if mode == "rest":
        first = [said(n_x, m_x, n_o), said(n_y, m_y, n_o)]
        rng.shuffle(first)
        return [*first, say("rest", n_o)]
    own = say("pos", n_o, m_o) if mode == "pos" else say("trap", n_o, m_o, rng.choice((n_x, n_y)))
    others = [(n_x, said(n_x, m_x, n_o)), (n_y, said(n_y, m_y, n_o))]
    rng.shuffle(others)
    if rng.random() < 0.5:
        return [own, *(c for _, c in others)] if rng.random() < 0.5 else [others[0][1], own, others[1][1]]
    return [*rng.sample([own, others[0][1]], 2), say("rest", others[1][0])]
