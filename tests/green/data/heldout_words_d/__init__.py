"""Held-out wording of chase_reply and newsletter_sweep (issue 34): words nobody fitted a script to, for
tests/green/test_heldout_wording.py and tests/bench/bench_heldout_wording.py."""

PACK = "heldout-words-d"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# chase_reply's replies in words of the leaderboard's own: answers, answers sent for a teammate, replies that are no
# answer, answers taken back and replies with one thing sent and one still to come, each told apart by what it says
# (the public phrasings' words appear in none), with the public book's counts and balance kept: half the answers and
# half the non-answers quote the substance (answers for two: five of nine).
WORDING = {
    "chase_reply": {
        "answer": (
            lambda what, detail, me: f"{_cap(detail)} - that covers my part. Shout if the numbers look off.\n\n{me}",
            "Sorted on my side. The gist: {detail}.\n\n{me}",
            "My {what} is in the team space now; the short version is that {detail}.\n\n{me}",
            "Done and dusted: {detail}.\n\n{me}",
            "Re your note - {detail}. Nothing else to add from me.\n\n{me}",
            "The {what} is sorted and sitting in the team space.\n\n{me}",
            "Ticked off: my {what} went in through the portal an hour ago.\n\n{me}",
            "You have my {what} now - emailed it separately, complete.\n\n{me}",
            "For the record, {detail}. That's my {what} finished; nothing further from me.\n\n{me}",
            "Just dropped my {what} into your inbox as a PDF - that's the finished version.\n\n{me}",
            "Yours now: my {what}, sent over via the portal before lunch. Nothing else pending on my end.\n\n{me}",
            "Good news - finished and filed in the team space under today's date: my {what}.\n\n{me}",
        ),
        "answer for two": (
            "This one counts for {other} and me both: {detail}.\n\n{me}",
            "{other} and I pooled ours into one - {detail}.\n\n{me}",
            "On behalf of {other} too, one file between us: {detail}.\n\n{me}",
            "Me and {other} in a single go: {detail}.\n\n{me}",
            "Both of ours are in this message, since {other} couldn't get to email: {detail}.\n\n{me}",
            "{other}'s {what} and mine went into the portal together this afternoon - nothing left for either of "
            "us.\n\n{me}",
            "Covering for {other} here: in the team space you'll find their {what} next to mine, both finished.\n\n"
            "{me}",
            "You now have two files from me - my {what} and the one {other} did. That's the pair of us sorted.\n\n"
            "{me}",
            "I forwarded {other}'s {what} along with my own an hour ago; nothing more from either of us.\n\n{me}",
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
            "I can tell you roughly that {detail}, but that's a guess, not the finished {what} - that still needs a "
            "day or two.\n\n{me}",
            "Heads-up while I finish: {detail}. Don't file anything yet - I'm still working through the rest.\n\n"
            "{me}",
            "Placeholder only: {detail}. Those figures are provisional, so hold off using any of it until the proper "
            "version.\n\n{me}",
            "I've only half-written my {what} so far; I'll need another couple of days.\n\n{me}",
        ),
        "taken back": (
            "Please don't use what I sent earlier: wrong version. A fixed one is coming.\n\n{me}",
            "Oops - that was the old {what}. Treat mine as still outstanding.\n\n{me}",
            "That file was incomplete, sorry; I'm redoing mine.\n\n{me}",
            "Update on what I sent yesterday: it had the wrong figures in it, so please count my {what} as not in "
            "yet.\n\n{me}",
            "Bad news - the file I gave you is corrupt and won't open. I'll have to redo mine from scratch.\n\n{me}",
        ),
        # One thing sent now and one not yet in, in one message ({sent}, {owed}: "my timesheet for March", "my
        # timesheet for February" or "Zora's timesheet for March"). The part draws each frame for a writer who has
        # answered and one who has not alike, so only the binding says which is in: {sent} is with the user now,
        # {owed} is not finished, and no frame says the writer will send it (a teammate's is owed by the teammate).
        "one sent, one to come": (
            lambda sent, owed, me: f"With this email you get {sent}, finished. Don't expect {owed} yet, though - "
                                   f"nothing before Thursday, there's still work left on it.\n\n{me}",
            lambda sent, owed, me: f"I'm afraid you're still a few days away from {owed} - one figure hasn't been "
                                   f"confirmed. What I can give you right now is {sent}, in the team space since "
                                   f"earlier today.\n\n{me}",
            lambda sent, owed, me: f"Where things stand:\n• {_cap(sent)} - delivered, in your inbox now\n"
                                   f"• {_cap(owed)} - pending, not finished yet\n\n{me}",
            lambda sent, owed, me: f"Were you waiting on {sent}? That went into the portal an hour ago, the finished "
                                   f"version. As for {owed}: a different matter - nowhere near ready, so count on "
                                   f"Monday at best.\n\n{me}",
            lambda sent, owed, me: f"For {owed} you'll have to wait until early next week at least - the work on it "
                                   f"isn't finished. {_cap(sent)}, on the other hand, you already have: it came with "
                                   f"this message.\n\n{me}",
            lambda sent, owed, me: f"Now that you have {sent} (the document with this message), what remains open is "
                                   f"{owed} - blocked until a figure is signed off.\n\n{me}",
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
        # Said after the request: the earlier period's thing ({before}: "timesheet for February") is not to be chased.
        "earlier aside": (
            "As for the {before}: that one is in hand on my side, so no reminders about it.",
            "If anyone still owes me the {before}, leave that to me and keep it out of your reminders.",
            "Keep the reminders to this round only; I'll see to the {before} personally.",
            "Leave the {before} off the table here - I'm dealing with that separately.",
        ),
    },
    "newsletter_sweep": {
        "keep": (
            "{b}: hang on to it.",
            "I'd be lost without {b}.",
            "{b} is one I open every Monday.",
            "Leave {b} where it is, I use it.",
            "For me {b} is a must-read.",
            "{b} I read every single week.",
            "Hold on to {b} - easily the best of them.",
            "{b} I'd never give up.",
            "I forward {b} to the team most weeks, so it stays.",
            "Of all of them, {b} is the one I open.",
        ),
        "drop": (
            "{b} goes straight past me unread.",
            "Feel free to get rid of {b}.",
            "{b} - not read it in months.",
            "Clear out {b}, it's noise.",
            "I skip {b} every time.",
            "Not worth keeping: {b}.",
            "{b} - finished with it.",
            "{b} is mostly adverts these days; let it go.",
            "Months since I last read {b}.",
            "{b} isn't earning its place.",
        ),
        "only": (
            "{keeps}: those are the ones I read, the others can be cleared.",
            "Out of the whole pile I'd hang on to {keeps} and nothing more.",
            "If it's not {keeps}, clear it out.",
            "Archive the lot except {keeps}.",
            "None of them are worth it apart from {keeps}.",
        ),
        "except": (
            "Hang on to every one of them bar {drops}.",
            "Clear out {drops}; the rest I read.",
            "{drops} can be cleared, everything else I read.",
            "{drops} I never open; the others are fine.",
            "The whole lot can stay, {drops} excepted.",
        ),
        "agree": (
            "{other} has it right for the most part, just not on {b}. {verdict}",
            "Mostly what {other} wrote, one difference: {verdict}",
            "I'd go along with {other}'s list, save for {b}. {verdict}",
            "{other} is right, with one exception. {verdict}",
        ),
        "change": (
            "On reflection, a change about {b}. {verdict}",
            "Changed my mind on one: {verdict}",
            "Update to what I wrote: {verdict}",
            "Scrap my earlier view on {b}. {verdict}",
            "Second thoughts - {verdict}",
        ),
        "same": (
            "The same verdict for {b}.",
            "{b} gets the same treatment.",
            "Treat {b} the same way.",
            "Likewise {b}.",
            "{b} as well.",
        ),
        "other_way": (
            "For {b} my answer is the opposite.",
            "{b} gets the opposite verdict.",
            "With {b}, the reverse.",
            "{b} is the other way round.",
            "Not {b}, though - the reverse.",
        ),
        "pair": (
            "Of {a} and {b}, I'd hang on to {a} and clear {b}.",
            "{b} can be cleared; {a} I read.",
            "Hold on to {a}, lose {b}.",
            "{a} over {b}, please.",
            "{a}: yes. {b}: no.",
        ),
        "issue": (
            "Rates, ports and charts - {brand}\nFive charts worth your time this week, on rates and on what's "
            "happening at the ports. From {brand}.",
            "Why spot rates slipped\n{brand} explains this week's dip in spot freight rates - and what it could mean "
            "for Q3.",
            "{brand} morning briefing - {day}\nMorning. In today's {brand}: congestion at the ports, diesel prices, "
            "and a rail link that just opened.",
            "What logistics managers earn: our salary survey\n2,000 logistics managers told {brand} their pay. This "
            "issue has the numbers.",
            "Issue {number} of {brand}\nIn number {number}: robots in the warehouse, pallets getting cheaper, and a "
            "reader asks about customs.",
            "{brand}: peak-season surcharges\nThis week's lead: carriers are adding peak-season surcharges. Also "
            "inside: three tools we rate.",
        ),
        "footer_with_word": (
            "\n\nSubscribed via {site}. To unsubscribe, go to https://{site}/unsubscribe",
            "\n\n--\nHear from us less, or unsubscribe altogether: https://{site}/u",
            "\n\nHad enough? One click and you're unsubscribed: https://{site}/unsubscribe",
            "\n\nunsubscribe · {brand} · https://{site}",
            "\n\nReply STOP to unsubscribe, or use https://{site}/unsubscribe.",
        ),
        "footer_other": (
            "\n\nChoose what we send you: https://{site}/preferences",
            "\n\nYou signed up for this at {site}. Change your settings whenever you like.",
            "\n\nToo much mail from us? https://{site}/settings",
            "",
            "\n\nYou're on the {brand} list. To leave it: https://{site}/leave",
            "\n\nReading this in a browser is easier: https://{site}/latest",
        ),
        "founder": (
            "Spring news from {company}\nHello! {first} here - I started {company}. This spring: three new features, "
            "and a webinar next week.",
            "What {company} shipped in May\nHi, this is {first} at {company}. Here's what the team built this month "
            "- and I have a small favour to ask.",
            "{company} is two!\n{first} writing. {company} turned two this week, and here's what the two years "
            "taught us.",
            "Help shape {company}'s roadmap\nHi from {first} ({company}). We're planning what to build next and a "
            "short reader survey would help a lot.",
            "From the founder's desk - {company}\n{first} here with this month's letter: new prices, a new "
            "integration, and our first meetup for customers.",
        ),
        "draft": (
            "Draft of this month's team newsletter\n{first},\n\nMy draft of the team newsletter is below. Could you "
            "look at the intro before Thursday?\n\n{signer}",
            "Read my newsletter intro?\nHi {first}, I've drafted the intro for our newsletter - would you read it "
            "before it goes out to the list?\n\n{signer}",
            "Client newsletter draft\n{first}, here's the draft of the client newsletter. The unsubscribe line is as "
            "last time.\n\n{signer}",
            "June customer digest - first go\nHi {first}, my first go at the customer digest for June. Cut whatever "
            "you like.\n\n{signer}",
            "Re: newsletter draft\n{first},\n\nI've worked your notes into the newsletter draft. Should the "
            "subscriber count stay in?\n\n{signer}",
        ),
        "forward": (
            "Fwd: {subject}\nHi {first}, the part below - do we need to warn our Leeds "
            "customers?\n\n{signer}\n\n---------- Forwarded message ----------\n{body}",
            "FW: {subject}\nWhat do you make of this one?\n\n{signer}\n\n> {body}",
            "Fwd: {subject}\n{first}, worth passing to the team, do you think?\n\n{signer}\n\n-----\n{body}",
            "{subject} (fwd)\nSeen this issue? The third item mentions us.\n\n{signer}\n\n{body}",
            "Fwd: {subject}\nFor Monday's meeting, {first}.\n\n{signer}\n\nBegin forwarded message:\n{body}",
        ),
        "ask_off": (
            "Leaving the {brand} list\nHi {first}, the {brand} digest keeps landing on the team list - could you "
            "take me off it when you get a moment? Thanks, {signer}",
            "{brand}\n{first}, please remove me from the {brand} mailing - I never read it. {signer}",
            "Who runs our {brand} subscription?\nHi {first}, I'd like to come off {brand} - who handles that? "
            "Thanks, {signer}",
            "Re: {brand}\n{first}, could you take me off {brand}? It's swamping my inbox. {signer}",
            "{brand} distribution\nHello {first},\n\nI'd like to leave the {brand} distribution - it's no longer "
            "part of my job.\n\n{signer}",
        ),
        "customer": (
            "Please unsubscribe me\nHello, I've left purchasing, so please unsubscribe me from your newsletter. "
            "Thank you, {signer}",
            "Remove this address\nHi, I've moved to another role - could you unsubscribe this address from your "
            "mailings? Best, {signer}",
            "Product updates\nHello {first}, great to meet you at the trade fair! Please unsubscribe me from the "
            "product updates, though. {signer}",
            "Re: customer newsletter\nHi, your unsubscribe link isn't working for me. Could you remove me manually? "
            "{signer}",
            "Unsubscribe, please\nDear {first},\n\nKindly unsubscribe me from your list and let me know once it's "
            "done.\n\n{signer}",
        ),
        # The decider's verdict on {b} put through the other person's ({other}: a first name, or "you"), the same or
        # the reverse; each pair built alike, so only the other's own word on {b} says which way it goes. No
        # possessive or verb agreeing with {other}, which may be "you".
        "with_other": (
            "{b}: I agree with {other}.",
            "Whatever {other} decided about {b}, that's my call too.",
            "{other} and I see {b} the same way.",
            "Put me down as agreeing with {other} about {b}.",
            "As for {b}, count me on the same side as {other}.",
        ),
        "against_other": (
            "{b}: I disagree with {other}.",
            "Whatever {other} decided about {b}, my call is the opposite.",
            "{other} and I see {b} in opposite ways.",
            "Put me down as disagreeing with {other} about {b}.",
            "As for {b}, count me on the other side from {other}.",
        ),
        # The other person's verdict quoted ({claim}, a keep or drop sentence), the decider siding with it or not.
        "reported_yes": (
            "Did {other} get it right with \"{claim}\"? Yes.",
            "Word for word, {other} wrote \"{claim}\" - and I'd echo that.",
            "\"{claim}\" - that's from {other}, and it's right.",
            "I'm of the same mind as {other}, who wrote: \"{claim}\"",
            "On this one I back the line from {other}: \"{claim}\"",
        ),
        "reported_no": (
            "Did {other} get it right with \"{claim}\"? No.",
            "Word for word, {other} wrote \"{claim}\" - and I wouldn't echo that.",
            "\"{claim}\" - that's from {other}, and it's wrong.",
            "I'm of the opposite mind to {other}, who wrote: \"{claim}\"",
            "On this one I reject the line from {other}: \"{claim}\"",
        ),
        # Some named for sure, and every other list by the other person's word or its reverse.
        "keeps_with": (
            "Follow {other} on every list but {keeps} - those I'm keeping.",
            "{keeps} must stay; the others I'd settle just as {other} did.",
            "Beyond {keeps}, which I'm keeping, I'm following {other} on every list.",
            "Hold on to {keeps}; past those, {other} and I agree on the lot.",
            "Everything else exactly as {other} said - and {keeps} kept regardless.",
        ),
        "keeps_against": (
            "Go the other way from {other} on every list but {keeps} - those I'm keeping.",
            "{keeps} must stay; the others I'd settle the reverse of how {other} did.",
            "Beyond {keeps}, which I'm keeping, I'm going against {other} on every list.",
            "Hold on to {keeps}; past those, {other} and I disagree on the lot.",
            "Everything else the reverse of what {other} said - and {keeps} kept regardless.",
        ),
        "drops_with": (
            "Follow {other} on every list but {drops} - those I'm dropping.",
            "{drops} must go; the others I'd settle just as {other} did.",
            "Beyond {drops}, which I'm dropping, I'm following {other} on every list.",
            "Clear out {drops}; past those, {other} and I agree on the lot.",
            "Everything else exactly as {other} said - and {drops} gone regardless.",
        ),
        "drops_against": (
            "Go the other way from {other} on every list but {drops} - those I'm dropping.",
            "{drops} must go; the others I'd settle the reverse of how {other} did.",
            "Beyond {drops}, which I'm dropping, I'm going against {other} on every list.",
            "Clear out {drops}; past those, {other} and I disagree on the lot.",
            "Everything else the reverse of what {other} said - and {drops} gone regardless.",
        ),
        # A second look at one newsletter that changes nothing: the twin of this pack's "change", in its words.
        "stand_by": (
            "On reflection about {b}: no change, it stays as I said.",
            "I did wonder whether I'd changed my mind on {b}, but I haven't - same verdict as before.",
            "Update to what I wrote about {b}: there isn't one, it holds.",
            "Scrap my doubt over {b}; my earlier view stands.",
            "Second thoughts on {b} - none worth acting on, leave it.",
        ),
        # A manager's card that is not the user's manager: the manager words of the real one's notes, negated.
        "not_my_manager": (
            "Boss of the sales floor - I report to someone else.",
            "Line manager for the drivers, not for me.",
            "Not my manager; runs the supplier's account team.",
            "A manager, yes, but in finance - not the one I report to.",
        ),
    },
}
