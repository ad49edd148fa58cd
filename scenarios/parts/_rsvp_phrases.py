"""The words of ``rsvp_policy``: every text its worlds hold, the two sides of each rule included, is drawn from this
phrasebook, so a wording pack rewords all of it (a rule script that finds a side by its public description finds
nothing under a pack).

The sides of a rule are kinds of their own, one per side (``side <kind> <side>``), none naming accept or decline: the
frame (``rule``, ``only yes``, ``only no``, ``sorts``) says which side is accepted, in places and voices that differ
— the accepted side first or last, one side only (either one), or both sides listed and the answer given by "the
former"/"the latter", so the accept or decline word nearest a side is not its answer."""

from __future__ import annotations

from collections.abc import Callable

from green_agent.scenario_kit.phrasing import Phrasebook


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# Both sides named: the accepted and the declined side in different places and voices.
FRAMES: tuple[Callable[..., str], ...] = (
    lambda yes, no: f"accept {yes}, and decline {no}.",
    lambda yes, no: f"say no to {no}; {yes} get a yes.",
    lambda yes, no: f"{yes} make the cut this week — turn down {no}.",
    lambda yes, no: f"I'll go to {yes}. For {no}, please send my apologies (decline).",
    lambda yes, no: f"{_cap(no)}: decline. {_cap(yes)}: accept.",
    lambda yes, no: f"I can't do {no}, so decline those; {yes} are fine, accept them.",
    lambda yes, no: f"skip {no}. Count me in for {yes}.",
    lambda yes, no: f"rather than decline {yes}, accept them; it's {no} I want to avoid.",
    lambda yes, no: f"I don't want to miss {yes}, so no declining those; {no}, on the other hand, I'm happy to drop.",
    lambda yes, no: f"{_cap(yes)}: yes please, not a decline among them. {_cap(no)}: I'll have to turn those down.",
)
# Only the accepted side named; everything else is declined.
ONLY_YES: tuple[Callable[..., str], ...] = (
    lambda yes: f"the only ones I'll say yes to are {yes}; decline the rest.",
    lambda yes: f"nothing gets a no unless it isn't {yes}.",
    lambda yes: f"just {yes} — I'm not turning those down. Everything else can go.",
    lambda yes: f"I'd hate to skip {yes}. Anything outside that, no thanks.",
    lambda yes: f"decline whatever doesn't count as {yes} — only those get an accept.",
)
# Only the declined side named; everything else is accepted.
ONLY_NO: tuple[Callable[..., str], ...] = (
    lambda no: f"anything that isn't {no} gets a yes from me.",
    lambda no: f"I'm not going to {no} — the rest I'm in for.",
    lambda no: f"accept everything except {no}.",
    lambda no: f"I'll take them all bar {no}, which I'd rather not attend.",
    lambda no: f"go ahead and say yes across the board, but not to {no}.",
)
# Both sides listed first; which is accepted is said by "the first"/"the second" (or former/latter) afterwards.
SORTS: tuple[Callable[..., str], ...] = (
    lambda first, second, keep: f"they're of two sorts: {first}, and {second}. Accept the "
                                f"{'first' if keep == 1 else 'second'} sort, decline the "
                                f"{'second' if keep == 1 else 'first'}.",
    lambda first, second, keep: f"I see {first} and {second} in there. The "
                                f"{'former' if keep == 1 else 'latter'} I'll attend; decline the "
                                f"{'latter' if keep == 1 else 'former'}.",
    lambda first, second, keep: f"I'd split them into {first} and {second}; no to the "
                                f"{'second' if keep == 1 else 'first'} group, yes to the "
                                f"{'first' if keep == 1 else 'second'}.",
    lambda first, second, keep: f"two groups: (1) {first}; (2) {second}. Group {keep} gets a yes, group "
                                f"{3 - keep} a no.",
)
OPENERS = ("Answer the meeting invitations waiting in my calendar: ", "There are a few invites waiting for me — ",
           "Could you deal with my pending calendar invitations? The rule: ",
           "Please reply to the meeting requests sitting in my calendar. ",
           "I've got invitations I haven't answered yet; ")
# An exception to a proposal: one named organiser's meeting (``who``, ``title``) answered ``say`` ("accept" or
# "decline") whatever the rule says. Version 6 adds one to a proposal the user follows for neither group, in half
# the worlds (version 5's came only with the rule followed, and told its kind).
EXCEPTIONS: tuple[Callable[..., str], ...] = (
    lambda who, title, say: f" One exception: {who}'s {title} — {say} that one whatever the rule says.",
    lambda who, title, say: f" Except {who}'s invitation: {say} it anyway.",
    lambda who, title, say: f" ({who} is the exception — {say} the {title}, I promised.)",
    lambda who, title, say: f" But for the {title} from {who}, do the opposite and {say}.",
    lambda who, title, say: f" The one from {who} goes the other way: {say} it.",
)
DESCRIPTIONS: tuple[Callable[..., str], ...] = (
    lambda title, who: f"{title} — invitation from {who}.",
    lambda title, who: f"Hi, adding you to this. {who}",
    lambda title, who: "",
    lambda title, who: f"Agenda to follow. Organiser: {who}.",
    lambda title, who: f"Let's use this slot for the {title.lower()}.",
)
# Why the user answers load or clash rules the way they do (either way round is a reasonable rule).
REASONS = {
    "why light": (" My busy days are full enough.", " I want to keep the packed days from getting worse.",
                  " (A third meeting on a full day never goes well.)", " I'm trying to spread my meetings out."),
    "why heavy": (" I batch my meetings so the quiet days stay free for deep work.",
                  " (I'd rather keep my quiet days clear and stack meetings together.)",
                  " Quiet days are my focus days; I don't want to break them up.",
                  " One more on a day that's already in meetings mode costs me nothing."),
    "why fits": (" I don't want to be double-booked.", " I'm not moving anything I've already agreed to.",
                 " (My own commitments come first.)", " No juggling this week, please."),
    "why clashes": (" I'll move my own meetings to make room — the open slots I keep for focus time.",
                    " (What I've set up myself can shift; my free time I protect.)",
                    " My own meetings are easy to reschedule, unlike my free slots, which I'm guarding.",
                    " I'd rather reshuffle my own things than give up the gaps in my week."),
}
SIDES = {
    "side company in": ("the ones from people at {co}", "invitations from my {co} colleagues",
                        "internal ones (sent by someone here)", "anything organised inside {co}"),
    "side company out": ("the ones from outside the company", "anything from another company ({co} aside)",
                         "external invitations (organiser not at {co})", "outsiders' meetings, not {co} people's"),
    "side hour early": ("those that start before {at}", "anything starting earlier than {at}",
                        "meetings that begin before {at}", "whatever is over by {at} at the latest"),
    "side hour late": ("the ones at {at} or later", "anything from {at} on", "whatever starts at {at} or after",
                       "meetings that don't begin until {at} or later"),
    "side topic on": ("anything about {topic}", "the {topic} ones", "invitations for {topic}",
                      "meetings that are really {topic}"),
    "side topic off": ("everything else", "the rest", "anything unrelated", "whatever's about something else"),
    "side people named": ("invitations from anyone who was at the {past}",
                          "the ones from people I met at the {past} recently",
                          "whoever came to the {past} - their invites", "meetings set up by {past} attendees"),
    "side people others": ("everyone else's", "the rest", "the others", "those from people who weren't there"),
    "side thread named": ("invitations from the people who wrote to me about {thread}",
                          "anyone on the thread about {thread}", "whoever emailed me about {thread}",
                          "the ones from those who've been mailing me on {thread}"),
    "side thread others": ("everyone else's", "the rest", "the others", "those from people outside that thread"),
    "side clash fits": ("the ones that fit around what's already on my calendar",
                        "anything that doesn't collide with a meeting I'm already going to",
                        "invitations for times I'm actually free", "whatever lands in a gap in my week",
                        "the ones where my calendar is clear (a meeting I've turned down doesn't count)",
                        "invites for slots I haven't already promised to someone"),
    "side clash clashes": ("anything that overlaps something I've already accepted or set up",
                           "the ones that double-book me", "invitations on top of meetings I'm going to",
                           "whatever would clash with my own meetings", "invites that land on a busy slot",
                           "anything at a time I've already committed to"),
    "side load light": ("ones on a day where I have at most one meeting already",
                        "invitations for days that are otherwise quiet (one meeting or none on my calendar)",
                        "anything on a day I haven't already got two meetings booked",
                        "the ones falling on my lighter days (no more than one thing booked)"),
    "side load heavy": ("ones on days already holding two or more of my meetings",
                        "anything landing on a day that's packed (two meetings or more already on my calendar)",
                        "invites on days where I've already got at least two things booked",
                        "the ones on my busy days (two or more meetings there already)"),
}
# How the user names a topic, and meetings by what they are about: no word is shared within a topic, so a keyword
# list of one title finds no other. A pack may replace both.
TOPIC_NAMES = {
    "hiring": ("hiring", "recruiting", "anything to do with filling our open roles", "interviews and offers"),
    "customers": ("customer meetings", "anything with or about a customer account", "client work",
                  "account stuff"),
    "money": ("money matters", "finance and budget stuff", "anything about costs or forecasts", "the numbers"),
    "social": ("social things", "team socials", "the fun stuff (lunches, drinks and so on)", "get-togethers"),
    "security": ("security work", "anything security-related", "the security and compliance topics",
                 "keeping us safe (audits, drills and the like)"),
    "product": ("product work", "anything about the product itself", "roadmap and design sessions",
                "what we're building"),
}
TOPICS = {
    "hiring": ("Candidate panel: senior designer", "Offer review for the data role", "Interview loop debrief",
               "Reference call prep", "Recruiter sync", "Take-home exercise marking"),
    "customers": ("Halcyon renewal call", "QBR with Bluefin", "Kestrel escalation review",
                  "Onboarding kickoff: Pinecrest", "Account plan for Solstice", "Marlowe contract questions"),
    "money": ("Q3 forecast walk-through", "Spend review", "Invoice reconciliation", "Budget check-in",
              "Pricing sign-off", "Headcount cost model"),
    "social": ("Team lunch", "Farewell drinks for Sam", "Friday pizza", "Book club", "Birthday cake in the kitchen",
               "Quiz night planning"),
    "security": ("Pen-test readout", "Access review", "Incident postmortem", "Phishing drill debrief",
                 "SOC 2 evidence walk-through", "Laptop encryption rollout"),
    "product": ("Roadmap review", "Design critique", "Sprint demo", "Feature prioritisation", "Launch go/no-go",
                "Usability test playback"),
}
# What a thread or a past meeting is about (the "thread" and "people" rules name people by them, not by name).
THREADS = ("the Lisbon offsite", "the Q3 hiring plan", "the new expense tool", "the office move", "the data retention "
           "policy", "the partner newsletter", "the SSO migration", "the summer party")
PAST = ("Partner summit debrief", "Q2 planning day", "Customer advisory board", "Architecture review",
        "Vendor selection workshop", "Brand refresh kickoff")
THREAD_SUBJECTS = ("Re: {t}", "{T} - thoughts?", "Quick question on {t}", "Fwd: {t}", "{T}")
THREAD_MAILS = (
    "Hi {me},\n\na quick note on {t}: can we talk it through when you have a moment?\n\n{sign}",
    "{me} - where did we land on {t}? I've a couple of ideas.\n\n{sign}",
    "Hello {me},\n\nFollowing up on {t}. Happy to grab ten minutes whenever suits.\n\nThanks,\n{sign}",
    "Hi {me}, sending over my notes on {t} before I forget. More soon.\n{sign}",
)
# A mail of the other subject that names the first in passing (a keyword for the first subject finds it too).
THREAD_ASIDES = (
    "Hi {me},\n\nseparate from {other}, a quick note on {t}: can we talk it through when you have a moment?\n\n{sign}",
    "{me} - not about {other} this time: where did we land on {t}?\n\n{sign}",
    "Hello {me},\n\nI know everyone's busy with {other}, but {t} needs a decision too. Ten minutes?\n\n{sign}",
    "Hi {me}, unlike {other}, {t} is still open on my side; notes attached soon.\n{sign}",
)
# Version 5: the user relays six people's proposals (since version 6: three kinds of rule, each either way round)
# and says which one to follow for each group. "proposals" introduces them (no fields).
PROPOSALS = ("six people have told me how they'd answer them, and I've picked which to follow.",
             "I asked around how to handle them and got six different rules.",
             "the team floated six ways of replying; I'm following some and not others.",
             "I've had six suggestions on how to reply, and I know which ones I'm going with.")
# One person's proposal: ``who`` a first name, ``rule`` a whole rule (one or more sentences, capitalised).
PROPOSAL = (" {who}'s suggestion: {rule}", " {who} says: {rule}", " {who} would do it this way: {rule}",
            " From {who}: {rule}", " Here's {who}'s take. {rule}")
# Version 6: the invitations come in two groups, meetings in a room and video calls, and the user follows one
# proposal for each. ``group <place>`` names a group (a noun phrase: "the video calls"); ``place <place>`` is an
# invitation's location, which tells its group (a room's name, or where a call is held).
GROUPS = {
    "group room": ("the meetings in a room", "the in-person ones", "anything we meet for face to face",
                   "the invitations with a meeting room"),
    "group video": ("the video calls", "the online ones", "anything held over a video link",
                    "the invitations that are calls"),
}
PLACES = {
    "place room": ("Room 4.12", "Main boardroom", "Meeting room Aster", "Room B2 (ground floor)", "Library corner",
                   "Meeting room Juniper"),
    "place video": ("Video call", "Online (link to follow)", "Video call - link in the invite",
                    "Remote: video meeting"),
}
# Which proposal the user follows for a group (``group``, as above) — by its proposer's first name (``who``) ...
# (kinds "pick who for", "pick not for", "pick nth for", new in version 6 so that no wording of version 5's
# one-choice frames drops the group)
PICK_WHO = (" For {group}, I'm going with {who}'s.", " {who} has it right for {group}, so do those that way.",
            " Follow {who}'s rule for {group}.", " Of those, {who}'s is the one I agree with for {group}.")
# ... by the five the user does not follow (``others``: "A, B, C, D and E"), so the sixth is meant ...
PICK_NOT = (" For {group}, I don't agree with {others}; the remaining one is my rule.",
            " For {group}, ignore what {others} said and go with the one left over.",
            " {others} have it wrong about {group}, so follow the other suggestion there.",
            " For {group}, not {others}: the one person left has the rule I want.")
# ... or by its place in the list above (``nth``: first to sixth).
PICK_NTH = (" For {group}, the {nth} suggestion is the one I'm following.", " Go with the {nth} one for {group}.",
            " Of those, the {nth} is right for {group}.", " For {group}, please use the {nth} of those rules.")
OWN = ("Focus block", "1:1 with my manager", "Supplier call", "Team sync", "Workshop", "Dentist", "Planning hour")

BOOK = Phrasebook({
    "rule": FRAMES, "only yes": ONLY_YES, "only no": ONLY_NO, "sorts": SORTS, "opener": OPENERS,
    "invitation": DESCRIPTIONS, **REASONS, **SIDES,
    **{f"topic name {t}": names for t, names in TOPIC_NAMES.items()},
    **{f"titles {t}": titles for t, titles in TOPICS.items()},
    "thread about": THREADS, "past meeting": PAST, "thread_subject": THREAD_SUBJECTS, "thread mail": THREAD_MAILS,
    "thread aside": THREAD_ASIDES, "own meeting": OWN, "proposals": PROPOSALS, "proposal": PROPOSAL,
    "exception": EXCEPTIONS, "pick who for": PICK_WHO, "pick not for": PICK_NOT, "pick nth for": PICK_NTH,
    **GROUPS, **PLACES})
