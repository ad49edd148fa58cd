"""The words of ``triage``: every text its worlds hold is drawn from this phrasebook, so a wording pack rewords all of
it — what each request asks, its title and what others call it (``ask_<key>``, ``title_<key>``, ``noun_<key>``), the
deadlines and their changes, the user's request with its cut-off, and the mails around them.

A phrasing of ``ask_<key>`` carries ``{thing}`` and one of ``noun_<key>`` or ``title_<key>`` a keyword of the ask
(``ASKS``), so the request stays nameable in a report whatever the words."""

from __future__ import annotations

from green_agent.scenario_kit.phrasing import Phrasebook

# What each request asks (``{thing}``: what it is about, the ask's own noun), its titles and what others call it.
_ASK = {
    "lease": ("the landlord needs the {thing} signed and sent back", "the landlord wants you to sign the {thing}",
              "the {thing} is waiting on your signature before it goes back to the landlord",
              "we still don't have your signature on the {thing}"),
    "budget": ("finance is waiting on your approval of the {thing}", "the {thing} needs your approval",
               "finance can't close the books until you approve the {thing}",
               "nobody can spend until you approve the {thing}"),
    "brief": ("I need three {thing} from you for the press brief", "I'd like three {thing} from you for the press "
              "brief", "the press brief is missing your {thing} (three would do)",
              "I'm drafting the press brief and need your {thing}"),
    "contract": ("legal would like your comments on the draft {thing}", "please comment on the draft {thing}",
                 "the draft {thing} needs your comments before legal signs", "legal asked me to get your notes on "
                 "the {thing}"),
    "analyst": ("HR needs your sign-off on the {thing}", "the {thing} needs your sign-off",
                "we can't send the {thing} until you sign it off", "HR is waiting for you to sign off the {thing}"),
    "lisbon": ("the travel desk needs your go-ahead to book the {thing}", "I can't book the {thing} without your "
               "go-ahead", "the {thing} can't be booked without your OK", "please give the travel desk the nod on "
               "the {thing}"),
}
_TITLE = {"lease": ("Lease addendum", "Lease - signature", "The addendum to the lease"),
          "budget": ("Revised budget", "Budget approval", "The budget, again"),
          "brief": ("Press brief", "Talking points?", "Press brief points"),
          "contract": ("Vendor contract", "Contract draft", "Comments on the contract"),
          "analyst": ("Analyst hire", "Offer for the analyst", "New analyst"),
          "lisbon": ("Lisbon trip", "Lisbon flights", "Booking for Lisbon")}
_NOUN = {"lease": ("lease addendum", "lease paperwork", "lease signature"),
         "budget": ("budget sign-off", "budget approval", "revised budget"),
         "brief": ("talking points", "press brief", "points for the press brief"),
         "contract": ("contract comments", "contract review", "vendor contract"),
         "analyst": ("analyst offer", "analyst's offer", "offer for the analyst"),
         "lisbon": ("Lisbon booking", "Lisbon flights", "Lisbon travel")}
_BEFORE = {  # the deadline: an event's start less a lead of 0, 30 or 60 minutes
    0: ("I need it before {ref}.", "It has to be done before {ref}.", "Please have it ready by the time of {ref}.",
        "Could it reach me ahead of {ref}? That's my deadline."),
    30: ("Please get it to me half an hour before {ref}.", "I need it thirty minutes ahead of {ref}.",
         "Give me half an hour before {ref} to go through it."),
    60: ("I need it an hour before {ref}.", "Please send it at least an hour ahead of {ref}.",
         "It has to reach me a full hour before {ref}."),
}
# Which event. The calendar holds the meeting meant and a look-alike (the same meeting on another topic, one with
# someone else, or the same person's other meeting), and every phrasing names both, the one meant set apart by a
# correction or a negation; about half name the look-alike first, so neither the first nor the last name nor a "not"
# beside a name tells it without reading the sentence (but one phrasing a kind, which names the meeting meant alone: a
# wording pack written before these fields words the kind without them). {topic}/{aside}: the meant and the other
# topic; {who}/{other}: who is in the meant and in the look-alike meeting ({role}/{other_role}: their roles).
_REF = {
    "topic": ("the {lower} on {topic}, not the {aside} one", "not the {aside} {lower} - the one on {topic}",
              "the {topic} {lower} (you also have one on {aside}; that's not it)",
              "your {title} - the {topic} one, not {aside}", "the {lower} about {aside}... no, sorry, the one about "
              "{topic}", "the {aside} {lower}? No - the {topic} one", "your {title} ({topic})"),
    "who": ("your meeting with {who}, not the one with {other}", "not your slot with {other} - the one with {who}",
            "the {lower} {who} is joining ({other} isn't in that one)",
            "the {lower} with {other}? No, the one with {who}", "your session with {who}"),
    "role": ("your meeting with our {role}, not the one with the {other_role}",
             "not your slot with the {other_role} - the one with our {role}",
             "the {lower} our {role} is joining (the {other_role} isn't in that one)",
             "the session with the {other_role}? No, the one with the {role}", "your slot with the {role}"),
    "us": ("our meeting, not yours with {other}", "not your meeting with {other} - our catch-up",
           "our session (the one with {other} doesn't count)", "your meeting with {other}? No - ours", "our catch-up"),
    # Two meetings with the same person: which one, by their order.
    "earlier": ("your earlier meeting with {who}, not the later one",
                "not the later meeting with {who} - the earlier one",
                "the first of your two meetings with {who} (not the second)",
                "the second of your two meetings with {who}? No, the first"),
    "later": ("your later meeting with {who}, not the earlier one",
              "not the earlier meeting with {who} - the later one",
              "the second of your two meetings with {who} (not the first)",
              "the first of your two meetings with {who}? No, the second"),
}
_FIRST = ("{Ask}. Could you get it done by {old}?", "{Ask}. Deadline: {old}.", "{Ask} - {old} at the latest, please.",
          "Quick one: {ask}. I'd need it by {old}.")
_SHIFT = {  # overnight, the deadline moves: outright, or relative to yesterday's
    "explicit": ("Change of plan: I now need it by {new}.", "Update - the deadline is {new} now, not {old_day}.",
                 "Sorry to move the goalposts: {new} instead.", "Scratch the earlier deadline; {new} is what counts."),
    "day_earlier": ("Could you make it a day earlier? Same time of day.",
                    "They've pulled it forward by a day - same hour.", "Any chance of one day sooner, same time?"),
    "day_later": ("Good news: you get an extra day, same time.", "It can slip by a day, same hour.",
                  "No rush after all - a day later than I said is fine, same time of day."),
    "hours_later": ("You can have two more hours than I said, same day.",
                    "It can wait two hours longer than my first mail said.", "Push my deadline back by two hours."),
    "hours_earlier": ("I need it two hours sooner than I said, sorry - same day.",
                      "Can you bring it forward by two hours?", "Make that two hours earlier than my first mail."),
}
_RELAY = ("Passing this on from {sender}, who's travelling: {change}",
          "{witness} and I just spoke with {sender} about the {noun}: {change}",
          "Per {sender} (via {witness}, who took the call): {change}",
          "{sender} asked me to tell you about the {noun}: {change}",
          "Message from {sender} (their laptop died): {change}", "FYI from {sender} re the {noun} - {change}")
_RELAY_SUBJECT = ("Message from {sender}", "Re: {subject}", "FYI - {noun}", "On behalf of {sender}")
_PEER = ("{Ask}. Same deadline as {other}'s {their} - you'll know when that is.",
         "{Ask}. I'm working to {other}'s timeline on the {their}, so whenever that's due works for me.",
         "{Ask}. Can it go with {other}'s {their}? Same deadline.",
         "{Ask}. {other} has the deadline for the {their}; mine is the same.")
_PEER_NOUN = ("{Ask}. Same deadline as the {their}, please.", "{Ask}. Whenever the {their} is due works for me too.",
              "{Ask}. Treat it like the {their} - same deadline.")
# The last word in a thread whose deadline moved: the change taken back (``revert``) or confirmed (``confirm``),
# neither with a time. Each kind's phrasings carry the other's words as often as their own ("forget the change",
# "the first deadline is back", "ignore my last mail"), negated or put in the mouth of {witness} (a colleague who
# heard it wrong; one phrasing a kind names nobody, for the packs written before the field), so the words one meets
# first or a "not" next to them tell neither.
_REVERT = ("{witness} told you the change stands? It doesn't - forget the change, the original deadline holds.",
           "The first deadline is back - ignore whatever {witness} says about the change standing.",
           "Ignore my last mail: the original deadline stands, whatever {witness} heard.",
           "Not the new timing after all, whatever {witness} says: we go back to what was first agreed.",
           "Forget the change after all: the first deadline is back.")
_CONFIRM = ("If {witness} tells you the first deadline is back, it isn't: the change holds.",
            "Don't forget the change - {witness} got it wrong, the new timing is final.",
            "Please don't ignore my last mail: the change stands, whatever {witness} heard.",
            "Whatever {witness} says, we don't go back to what was first agreed: the new timing is final.",
            "Don't forget the change: the first deadline is not back, the new one holds.")
# Overnight the deadline is set by a meeting instead ({deadline}: a ``before_<lead>`` sentence naming it).
_SHIFT_EVENT = ("Change of plan - forget {old_day}. {deadline}", "The timing moved overnight. {deadline}",
                "Scratch the deadline I gave you yesterday. {deadline}", "New deadline, and not {old_day}: {deadline}")
# Another request of the night named in a mail that does not share its deadline.
_UNLINKED = (" {other}'s {their}? Separate thing, its own deadline.",
             " Don't tie this to {other}'s {their} - different timeline.",
             " (I know {other} is after the {their} too; mine isn't linked to it.)",
             " This isn't on the same clock as the {their}, whatever {other} says.")
# The user's request: urgent is what is due before ``{cutoff}`` today.
_REQUEST = ("Triage the emails that came in overnight, here in chat: urgent first (whatever needs me before {cutoff} "
            "today, whatever its tone), then the rest, each with the sender, what they need and by when (the day and "
            "the time - check my calendar and the earlier mail where they point to it), in your own words. Leave "
            "newsletters and promotions out, and don't answer any of them.",
            "Could you sort last night's mail for me here in chat? Anything I have to deliver before {cutoff} today "
            "is urgent and goes first, however calm it sounds; the rest after. For each: who wrote, what they need "
            "and the deadline's day and time (some point to my calendar or to an earlier mail). Your own words; skip "
            "newsletters and promotions and reply to nobody.",
            "Overnight mail, please: list in chat what people need from me, with the day and time it's due - follow "
            "the pointers to my calendar and earlier mail. My rule today: due before {cutoff} today means urgent, "
            "list those first, then the rest. Leave out newsletters and promotions, summarise in your own words, and "
            "don't answer anyone.")
# Yesterday's other mail from a sender: another task's deadline (which says nothing of tonight's request), and side
# notes about other things that move, worded like a moved deadline.
_OTHER = ("Thanks for today. The {task} is due {when}, as discussed.", "Reminder: {task}, {when}.",
          "Just so it's written down: I'll send the {task} {when}.", "The {task} is on me - expect it {when}.")
_ASIDE = (" Unrelated, but the team lunch can slip by a day, same hour.", " Separately: push the rota review back by "
          "two hours.", " Side note - the offsite got pulled forward by a day.", " (The fire drill was brought forward "
          "by two hours, by the way.)")
_FILLER = (" I'm in back-to-backs until {x}.", " I'm at my desk from {x} if you want to talk.",
           " (I'm on a call at {x}, so email is best.)", " I'm out for lunch until {x}.")
_ALARM = (" This is urgent, please don't let it slip.", " Really important - please prioritise it.",
          " Sorry to chase, it's critical.", " Please treat this as top priority.",
          " We're in trouble if this is late!")
_SUBJECT = ("{subject}", "Re: {subject}", "{subject} - quick one", "Need you: {subject}", "Question: {subject}",
            "{subject} (action needed)")
_NEWS = ("{brand}: this week in logistics\nThis week at {brand}: port delays ease, diesel dips again, and five "
         "charts on warehouse rents. Read the full issue online.",
         "The {brand} briefing\nGood morning from {brand}: rail strikes, cheaper pallets and a reader question on "
         "customs. Manage your preferences online.",
         "{brand} #{number}\nIssue {number} of {brand}: robots in the warehouse and a deadline reminder for the "
         "customs change next month.",
         "New from {brand}\nToday at {brand}: our salary survey results, and why spot rates dipped.",
         "{brand} weekly\nYour weekly {brand}: peak-season surcharges, three tools we like, and a webinar today.")
_PROMO = ("URGENT: ends today\nHi {first}, {pitch} from {promo} here. URGENT - today is the deadline: 40% off every "
          "standing desk until 17:00. Don't miss it!",
          "Last chance, {first}\n{first}, it's {pitch} at {promo}. Our offer closes at 17:00 today - reply before "
          "then and I'll hold the price for you.",
          "Quick question before 5pm\nHi {first}, {pitch} ({promo}) here - can I book you a demo today? The launch "
          "discount ends at 17:00.",
          "Action needed: your {promo} trial\nHello {first}, your {promo} trial ends today at 17:00. Upgrade now to "
          "keep your data. - {pitch}",
          "Re: our chat\n{first}, following up from {pitch} at {promo}: the early-bird price expires at 17:00 "
          "today, urgent if you want it.")
PHRASEBOOK = Phrasebook({**{f"ask_{key}": p for key, p in _ASK.items()},
                         **{f"title_{key}": p for key, p in _TITLE.items()},
                         **{f"noun_{key}": p for key, p in _NOUN.items()}, "shift_event": _SHIFT_EVENT,
                         "confirm": _CONFIRM, "unlinked": _UNLINKED, "request": _REQUEST,
                         **{f"before_{lead}": p for lead, p in _BEFORE.items()},
                         **{f"event_{ref}": p for ref, p in _REF.items()}, "first_deadline": _FIRST,
                         **{f"shift_{kind}": p for kind, p in _SHIFT.items()}, "relay": _RELAY,
                         "relay_subject": _RELAY_SUBJECT, "peer": _PEER, "peer_noun": _PEER_NOUN,
                         "revert": _REVERT, "other_task": _OTHER, "aside": _ASIDE, "filler": _FILLER, "alarm": _ALARM,
                         "subject": _SUBJECT, "newsletter": _NEWS, "promotion": _PROMO})
