"""Held-out wording of multi_day_followup's session-22 kinds (parts 5-7: the promises told beside a turned-down time or
from an anchor, finance's query, the bank's team roster, Legal's two contracts and re-issues), and the phrasings that
bring the pack's older kinds to the public book's number, with the public book's balance (each kind also carries the
words of the kind it is to be told from)."""

from __future__ import annotations

# ------------------------------------------------------------------------------------------------ new kinds
NEW: dict[str, tuple[str, ...]] = {
    # The user's adviser ({adviser}) is back; {cover} covered and has handed the file back: {cover}'s number {n} is not
    # the one to call. The same names and leave words as the pack's "cover", in the past.
    "covered": (
        "{cover} was standing in for {adviser} until this week ({n}); {adviser} is back and has your case again.",
        "With {adviser} back from holiday, your case no longer sits with {cover} ({n}) but with {adviser}.",
        "Temporary contact while {adviser} was off: {cover}, {n} - no longer needed, as {adviser} has returned "
        "to your case.",
        "{n} - {cover}, who had picked up your case from {adviser} for a while; {adviser} has it back now.",
    ),
    # Legal's first Tuesday email: two countersigned contracts (reference, client, contact, link each), both final
    # unless Legal writes again before midnight.
    "legal_pair": (
        "Hi {user},\n\nGood news twice over. {who1}'s contract at {client1} - the {ref1} - is countersigned "
        "({link1}), and so is {who2}'s {ref2} at {client2} ({link2}).\n\nBoth stay provisional until midnight "
        "tonight: if you don't hear from me by then, they're final and can go out.\n\n{legal}\n{company} legal team",
        "{user},\n\nSigned by both sides today:\n\n{ref1}\n  Client: {client1} (contact {who1})\n  Link: {link1}\n\n"
        "{ref2}\n  Client: {client2} (contact {who2})\n  Link: {link2}\n\nI can still recall either of them before "
        "midnight. No word from me by then means they are final.\n\n{legal}, {company} Legal",
        "Hello {user} - the signatures are back. {link1} is the {ref1} for {client1} ({who1}); {link2} is the {ref2} "
        "for {client2} ({who2}). We keep the right to withdraw them until midnight tonight, after which both are "
        "final.\n{legal} | Legal, {company}",
        "Hi {user},\n\nUntil midnight tonight these two are still on hold; after that, unless I've written again, "
        "both are final:\n1. {client1}, attention {who1}: countersigned {ref1} - {link1}\n2. {client2}, attention "
        "{who2}: countersigned {ref2} - {link2}\n\nRegards,\n{legal} ({company} Legal)",
    ),
    # As "internal" (Legal's markup of {ref} at {decoy}, not for {client}), said when Legal may already have re-issued
    # the {ref}: the newest link Legal sent for it stays {client}'s.
    "internal_latest": (
        "Hi {user},\n\nOne for the internal folder: {decoy} is the {ref} with the partners' comments, so please keep "
        "it away from {client}. Whichever {ref} link I sent you most recently is still what {client} should get.\n\n"
        "{legal}",
        "{user} - quick note, not a re-issue. {client} still gets my most recent {ref} link; {decoy} is only our "
        "commented working file of it, for inside the firm.\n{legal}",
        "Hello {user},\n\nThe link below is the {ref} as marked up by our negotiators - {decoy}. It never goes out. "
        "For {client}, stick with the last version of it I sent before this email.\n\nThanks,\n{legal}",
    ),
    # As "other" ({other_client}'s {other_ref} countersigned at {decoy}, nothing for {client}), said when Legal may
    # already have re-issued the {ref}: the newest {ref} link Legal sent stays {client}'s.
    "other_latest": (
        "Hi {user},\n\nNothing new for {client} - the most recent {ref} link I sent is still theirs. What I do have "
        "is {other_client}'s {other_ref}, now countersigned: {decoy}. That one belongs to their own account team.\n\n"
        "{legal}",
        "{user} - {decoy} is {other_client}'s countersigned {other_ref}, for their side only. Not a change to the "
        "{ref}: {client} keeps the latest link I gave you for it.\n{legal}",
        "Hello {user},\n\nLogging another signature: {other_client} ({other_ref}) - {decoy}. It replaces nothing. "
        "For {client}'s {ref}, keep using the newest {ref} link I sent before this one.\n\n{legal}",
    ),
    # A sentence closing each of Legal's later emails: the other contract of the two, {keep} ({who}'s), is not what
    # the email is about and stays as it is.
    "untouched": (
        "As for {who}'s {keep}: no change there.",
        "None of this touches the {keep} that {who} is getting.",
        "({keep}, {who}: still exactly as before.)",
        "{who} and the {keep} are not part of this.",
        "{who}'s {keep} is left alone and stays as it was.",
    ),
    # The heading of the bank's list of its mortgage team this week (no fields).
    "roster": (
        "This week in our mortgage team:",
        "Mortgage team - who's where this week:",
        "Advisers on and off this week:",
        "Staff availability, mortgages, this week:",
    ),
    # Another adviser ({adviser}, not the user's) is away and {cover} covers their clients on {n}; "team_back": they
    # are back and {cover} has handed the clients back. The words of "cover" and "covered", about someone else's
    # clients.
    "team_away": (
        "{cover} is standing in for {adviser} until next week - {adviser}'s clients reach {cover} on {n}",
        "With {adviser} on holiday, their cases sit with {cover}: {n}",
        "Temporary contact for {adviser}'s clients while {adviser} is off: {cover}, {n}.",
        "{n} - {cover}, who has picked up {adviser}'s cases for now.",
    ),
    "team_back": (
        "{cover} was standing in for {adviser} until this week ({n}); {adviser} is back and has their cases again.",
        "With {adviser} back from holiday, their cases no longer sit with {cover} ({n}) but with {adviser}.",
        "Temporary contact for {adviser}'s clients while {adviser} was off: {cover}, {n} - no longer needed, as "
        "{adviser} has returned.",
        "{n} - {cover}, who had picked up {adviser}'s cases for a while; {adviser} has them back now.",
    ),
    # Finance checked a doubt about one line and the table stands: {old} is right, {new} (which would have made
    # {wrong_total}) is not, {total} stays. The words of the pack's "correction", turned down.
    "query": (
        "Hi {user},\n\nLate query, but no change: a refund was meant to put the {category} line at {new} instead of "
        "{old}, except it had already been counted. The line stays {old}, and the total is still {total}.\n\n{olu}",
        "{user} - no need to adjust any figure: the {category} {new} someone suggested (total {wrong_total}) was a "
        "misread. It's {old}; total {total}.\n{olu}",
        "Hello {user},\n\nAfter one last invoice match: {category} would have landed at {new} if the duplicate charge "
        "were real. It isn't, so the line stays at {old} and nothing moved - the total is {total}.\n\n{olu}",
        "Hi {user}, don't swap {old} for {new} on {category} - the vendor's claim didn't hold up. Everything, the "
        "{total} total included, stays as sent.\n{olu}",
    ),
    # A promised time (after "by"): the promise {when} beside a time turned down ({other}), either first, a negation
    # word beside either.
    "at_clock": (
        "{when} and no later ({other} was my first idea; it's dropped)",
        "{when}, which replaces the {other} I had jotted down",
        "{when} - ignore any mention of {other} from before",
        "{when}; the earlier {other} no longer applies",
        "{other} - no, wait, {when} is right",
        "{other}, or rather {when} (that first one won't work)",
        "{other} - strike that, I meant {when}",
        "the time that replaced {other}: {when}",
    ),
    # The promise {gap} after / before {anchor}; {other} (the only clock time) turned down.
    "after_anchor": (
        "{gap} after {anchor} (ignore the {other} I mentioned earlier)",
        "whatever time is {gap} past {anchor} - {other} is no longer the plan",
        "{other}? No: {gap} after {anchor}",
        "{gap} later than {anchor}, which replaces the {other} I had jotted down",
    ),
    "before_anchor": (
        "{gap} before {anchor} (ignore the {other} I mentioned earlier)",
        "whatever time is {gap} ahead of {anchor} - {other} is no longer the plan",
        "{other}? No: {gap} before {anchor}",
        "{gap} earlier than {anchor}, which replaces the {other} I had jotted down",
    ),
    # The moments a relative promise is told from: the bank reminder's, or the other person's promised time ({who}).
    "anchor_reminder": (
        "the bank-call reminder",
        "when you ping me about ringing the bank",
        "the reminder time for my mortgage call",
        "the point at which you nudge me to phone the bank",
    ),
    "anchor_figures": (
        "the time {who} is promised the figures",
        "{who}'s promised time",
        "the figures deadline you give {who}",
        "whenever the vendor numbers are promised for",
    ),
    "anchor_contract": (
        "the time {who} is promised the contract",
        "{who}'s promised time",
        "the contract deadline you give {who}",
        "whenever the countersigned copy is promised for",
    ),
}

# ------------------------------------------------------------------------------------------------ older kinds
# Added to the pack's own phrasings of kinds it already words, up to the public book's number. Each carries, as the
# public book's later phrasings do, the words of the kind it must be told from.
MORE: dict[str, tuple[str, ...]] = {
    # A re-issue: its link is now the contract's. The internal side's words ("our own records", "in-house") here on
    # the right link's side.
    "replaced": (
        "Hi {user},\n\nThe {ref} I sent first is now only for our own records - a clause number was off. What "
        "{client} gets is the corrected countersigned copy: {link}\n\n{legal}",
        "{user} - please keep the earlier {ref} copy in-house from now on; it has been superseded. Send {client} "
        "{link}.\n{legal}",
    ),
    # A copy for nobody: the replacing side's words ("earlier", "instead", "rather than") beside it; the first link
    # stands.
    "internal": (
        "Hi {user},\n\nNo swap this time - the {ref} link from earlier is still the right one for {client}. "
        "Instead, for our own files, the negotiation-annotated copy: {decoy}\n\n{legal}",
        "{user} - {decoy} is our in-house mark-up of the {ref}, rather than a new copy for {client}; the earlier link "
        "is unchanged.\n{legal}",
        "Hello {user},\n\nThis doesn't replace anything I sent earlier. It's the partners' working copy of the {ref} "
        "({decoy}), kept internal and not for {client}.\n\n{legal}",
    ),
    # Another client's contract: the first link stands ("not a new link", "instead", "doesn't replace"), or the
    # internal side's words beside it.
    "other": (
        "Hi {user},\n\nThis isn't a new {ref} link - that one stays as I sent it for {client}. It's {other_client}'s "
        "{other_ref}, fully signed: {decoy}\n\n{legal}",
        "{user} - no change on the {ref} for {client}; instead, {decoy} is the countersigned {other_ref} for "
        "{other_client}.\n{legal}",
        "Hello {user},\n\nOne more signature in, on a different deal: {other_client}, {other_ref}, at {decoy}. It "
        "doesn't replace the earlier {ref} link for {client}.\n\n{legal}",
        "Hi {user}, internal note: {other_client}'s {other_ref} ({decoy}) is countersigned. Please don't pass it to "
        "{client}; their own account team handles it.\n{legal}",
        "{user},\n\nKeep this one in-house: the signed {other_ref} for {other_client} - {decoy}. Nothing in it for "
        "{client}.\n\n{legal}",
    ),
    # A clean re-issue: the replacing side's words without the internal ones.
    "scrubbed": (
        "Hi {user},\n\nThe first {ref} file still had the partners' comments in its margins. Use {link} for {client} "
        "instead of it.\n\n{legal}",
        "{user} - the {ref} from before turned out to be our negotiation draft with notes. It's replaced: {client} "
        "gets {link}\n{legal}",
        "Hello {user},\n\n{link} is now the copy of the {ref} for {client}. The one before it carried the partners' "
        "remarks and has been withdrawn.\n\n{legal}",
    ),
    # The user's adviser is away and {cover} handles the application.
    "cover": (
        "Your case is with {cover} on {n} for as long as {adviser} is on leave.",
    ),
    # A fix to one line: the query's words ("double-checked") beside it.
    "correction": (
        "Hi {user},\n\nI double-checked {category} once more, and this time it does change: {old} becomes {new}. "
        "Updated total {total}.\n\n{olu}",
    ),
}


def merged(base: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """The pack's multi_day_followup phrasings ``base`` with the added ones and the new kinds."""
    assert set(MORE) <= set(base) and not set(NEW) & set(base), "the pack's own kinds changed"
    out = {kind: (*phrasings, *MORE.get(kind, ())) for kind, phrasings in base.items()}
    return {**out, **NEW}
