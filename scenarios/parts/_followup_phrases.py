"""The words of the followup part (scenarios/parts/followup.py): its pools of names, and its phrasebook — every kind
of message it writes, in the phrasings a world draws from."""

from __future__ import annotations

import re
from datetime import datetime

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
    "window": ("Send {client} their link after its hold-back hour and no later than what you promised.",
               "Their link goes to {client} once it is final, by the promised time - never another link.",
               "Don't pass Legal's link on before it is final, but do get it to {client} by the promise.",
               "{client} gets the link between its hold-back and your promise; nothing else from Legal goes out.",
               "Forward the right link to {client} in that window - after the hold-back, by the promise."),
    "before-promise": ("An hour before the time you promise {client}, remind me here to {call}, with the number "
                       "from their email.",
                       "Nudge me in this chat an hour ahead of {client}'s promised time to {call} - give me the "
                       "right number from the bank's email.",
                       "Post me a reminder here one hour before what you promise {client}: {call}, number included.",
                       "Sixty minutes before {client}'s deadline, remind me to {call}; include the number they gave.",
                       "I need a chat reminder an hour before the promise to {client}: {call}. Put the number in it."),
})
