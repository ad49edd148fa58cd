"""Held-out wording of chase_reply and newsletter_sweep (issue 34): words nobody fitted a script to, for
tests/green/test_heldout_wording.py and tests/bench/bench_heldout_wording.py."""

PACK = "heldout-words-d"

# chase_reply's replies in words of the leaderboard's own: answers, answers sent for a teammate, replies that are no
# answer and answers taken back, each told apart by what it says (the public phrasings' words appear in none), with
# the public book's balance kept: some answers and some non-answers quote the substance.
WORDING = {
    "chase_reply": {
        "answer": (
            "{detail} - that covers my part. Shout if the numbers look off.\n\n{me}",
            "Sorted on my side. The gist: {detail}.\n\n{me}",
            "My {what} is in the team space now; the short version is that {detail}.\n\n{me}",
            "Done and dusted: {detail}.\n\n{me}",
            "Re your note - {detail}. Nothing else to add from me.\n\n{me}",
            "The {what} is sorted and sitting in the team space.\n\n{me}",
            "Ticked off: my {what} went in through the portal an hour ago.\n\n{me}",
            "You have my {what} now - emailed it separately, complete.\n\n{me}",
        ),
        "answer for two": (
            "This one counts for {other} and me both: {detail}.\n\n{me}",
            "{other} and I pooled ours into one - {detail}.\n\n{me}",
            "On behalf of {other} too, one file between us: {detail}.\n\n{me}",
            "Me and {other} in a single go: {detail}.\n\n{me}",
        ),
        "not an answer": (
            "Can't get to it before the weekend, apologies.\n\n{me}",
            "Quick question before I start on my {what}: per project or in total?\n\n{me}",
            "Away until Monday with patchy signal; I'll deal with it when I'm back.\n\n{me}",
            "Still waiting on finance for two numbers, so mine isn't ready yet.\n\n{me}",
            "Noted - I'll get to it.\n\n{me}",
            "Rough notes, not the real thing: {detail}. Give me until Monday.\n\n{me}",
            "I've got as far as this: {detail}. Still missing half, so hold on.\n\n{me}",
            "Is it enough if I say {detail}? If so I'll write it up properly.\n\n{me}",
        ),
        "taken back": (
            "Please don't use what I sent earlier: wrong version. A fixed one is coming.\n\n{me}",
            "Oops - that was the old {what}. Treat mine as still outstanding.\n\n{me}",
            "That file was incomplete, sorry; I'm redoing mine.\n\n{me}",
        ),
        # No answer, and the teammate named has none in either: what is said of them is that theirs is not in.
        "not an answer, naming": (
            "Still outstanding from me - and {other}'s, before you ask, is in the same boat: we both need finance's "
            "figures first. Expect them by Friday.\n\n{me}",
            "Mine's not started, sorry. I'd hoped to copy {other}'s layout, but {other} hasn't begun either. Next "
            "week.\n\n{me}",
            "Tomorrow afternoon {other} and I are blocking out an hour to write ours together - you'll get both after "
            "that. Neither exists yet.\n\n{me}",
            "Before I fill in my {what}: old template or new? {other} heard it changed, so the two of us are holding "
            "off for now.\n\n{me}",
            "Apologies in advance - I'm behind, and {other} is off ill, so neither my {what} nor theirs will arrive "
            "on time.\n\n{me}",
        ),
        # A new mail's subject, the same for answers and replies that are none.
        "subject": (
            lambda what: f"My {what}",
            lambda what: "From me",
            lambda what: "Following up",
            lambda what: f"{what.split()[0].capitalize()} (as asked)",
            lambda what: "One thing",
        ),
        "ask": (
            "Team,\n\nPlease get your {what} to me; I'm collecting them all on Wednesday.\n\n{me}",
            "Hello all - small ask: before Wednesday is out, I'll need your {what}, every one of you.\n\nMany thanks,"
            "\n{me}",
            "Everyone,\n\nYour {what}: to me no later than Wednesday, please.\n\n{me}",
            "Hi team, could each of you send over your {what}? Wednesday's the cut-off.\n\n{me}",
            "Dear all,\n\nI'm putting the {what} together for everyone on Wednesday, so please mail me yours by "
            "then.\n\nThank you,\n{me}",
        ),
        "ask subject": ("{what} - due Wednesday", "Collecting: {what}", "{what}?", "Wednesday: {what}",
                        "Please send - {what}"),
        "request": (
            "Not everyone has sent their {what} yet. Give a gentle nudge to the people still missing - and only to "
            "them.",
            "Please follow up, kindly, with each team member whose {what} I still don't have; those who've sent "
            "theirs shouldn't hear from you.",
            "The {what}: work out who hasn't delivered and send each of them a friendly reminder. Anyone who has, "
            "leave alone.",
            "Chase up the {what} for me - politely, and only from the ones who haven't got it to me yet.",
        ),
    },
    "newsletter_sweep": {
        "keep": ("{b}: hang on to it.", "I'd be lost without {b}.", "{b} is one I open every Monday.",
                 "Leave {b} where it is, I use it.", "For me {b} is a must-read."),
        "drop": ("{b} goes straight past me unread.", "Feel free to get rid of {b}.", "{b} - not read it in months.",
                 "Clear out {b}, it's noise.", "I skip {b} every time."),
        "only": ("{keeps}: those are the ones I read, the others can be cleared.",
                 "Out of the whole pile I'd hang on to {keeps} and nothing more.",
                 "If it's not {keeps}, clear it out."),
        "except": ("Hang on to every one of them bar {drops}.", "Clear out {drops}; the rest I read.",
                   "{drops} can be cleared, everything else I read."),
        "agree": ("{other} has it right for the most part, just not on {b}. {verdict}",
                  "Mostly what {other} wrote, one difference: {verdict}",
                  "I'd go along with {other}'s list, save for {b}. {verdict}"),
        "change": ("On reflection, a change about {b}. {verdict}", "Changed my mind on one: {verdict}",
                   "Update to what I wrote: {verdict}"),
        "same": ("The same verdict for {b}.", "{b} gets the same treatment.", "Treat {b} the same way."),
        "other_way": ("For {b} my answer is the opposite.", "{b} gets the opposite verdict.",
                      "With {b}, the reverse."),
        "pair": ("Of {a} and {b}, I'd hang on to {a} and clear {b}.", "{b} can be cleared; {a} I read.",
                 "Hold on to {a}, lose {b}."),
    },
}
