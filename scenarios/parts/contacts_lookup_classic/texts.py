"""The hand-written words of the contacts_lookup classic: the project team it draws from, how the people answer, the
look-alikes' messages, and the cues a chat report is read by (``reading``). Data only."""

from __future__ import annotations

from typing import Final

from green_agent.scenario_kit.phrasing import Phrasebook

TEXT: Final = "sms"
EMAIL: Final = "email"
TRAPS = ("namesake", "old_number", "personal_email")

# (role, companies): the project team the people to tell are drawn from.
ROLES = (
    ("structural engineer", ("Bridgeline Engineering", "Keystone Structures", "Arcwell Engineers")),
    ("site manager", ("Castlegate Builders", "Northgate Construction", "Redbrick Contracting")),
    ("landscape architect", ("Greenway Landscapes", "Fernhill Landscape Studio", "Willowmere Design")),
    ("services engineer", ("Voltaic Services", "Brightwater Building Services", "Currentflow Engineering")),
    ("quantity surveyor", ("Ledgerwood Surveyors", "Tallyfield Cost Consultants", "Costwise Partners")),
)
# (company, what the namesake is to the user): unrelated to the project.
NAMESAKE_COMPANIES = (
    ("Blue Door Catering", "caters the studio's Friday lunches"),
    ("Sunnyside Dental", "is the receptionist at the user's dentist"),
    ("Maple Yoga Studio", "teaches the user's Thursday yoga class"),
    ("Oakridge Tennis Club", "runs the user's tennis club bookings"),
)
# The namesake's recent text to the user ({u} the user's first name, {f} theirs).
NAMESAKE_TEXTS = {
    "Blue Door Catering": "Hi {u}! Friday's lunch for 12 is all set - sandwiches, soup and the big salad. {f}",
    "Sunnyside Dental": "Hi {u}, a reminder of your check-up next Monday morning. Reply if you need to move it. {f}",
    "Maple Yoga Studio": "Hi {u}, Thursday's class is in studio 2 this week - see you there! {f}",
    "Oakridge Tennis Club": "Hi {u}, court 3 is booked for you on Saturday morning as usual. {f}",
}
FIRMS = ("Northlight Architects", "Fieldstone Architects", "Atelier Rowan")
# (project, the old meeting place)
PROJECTS = (
    ("Pier Street library", "the Pier Street site gate"),
    ("Mill Lane school extension", "the main gate on Mill Lane"),
    ("Riverside community centre", "the Riverside Road entrance"),
    ("Orchard Court housing scheme", "the Orchard Court site cabin"),
)
# (venue, address, marks: words that name the place in a message)
PLACES = (
    ("Harbour Kitchen", "12 Quay Street", ("Harbour Kitchen", "Quay Street")),
    ("the Copper Kettle cafe", "48 Market Row", ("Copper Kettle", "Market Row")),
    ("Lindenfield Hall", "3 Station Road", ("Lindenfield Hall", "Lindenfield", "Station Road")),
    ("the Foundry meeting room", "27 Foundry Lane", ("Foundry meeting room", "Foundry Lane")),
)
# Beyond world 0 the new meeting place is drawn from these (venue: "{name} {kind}"; address: "{n} {street}"), so no
# short list names it; the phrasebook's "venue" and "venue_street" kinds word them, so a pack may replace them.
VENUE_NAMES = ("Harbour Kitchen", "Copper Kettle cafe", "Lindenfield Hall", "Foundry meeting room", "Granary Rooms",
               "Ropewalk Studio", "Tannery Works", "Saltbox cafe", "Kiln House", "Wharfside Hall", "Mulberry Rooms",
               "Cooper's Yard", "Old Station cafe", "Weaver's Hall", "Brickfield Studio", "Lantern Rooms")
VENUE_STREETS = ("Quay Street", "Market Row", "Station Road", "Foundry Lane", "Dock Road", "Canal Walk", "Bell Yard",
                 "Ropemaker Street", "Chapel Row", "Kiln Lane", "Tanner's Way", "Brewery Lane", "Salt Street",
                 "Ferry Road")
# World 0's old and new times; beyond it both are drawn from one pool (OLD_TIMES + NEW_TIMES), so that neither the
# morning nor the afternoon says which of the prompt's two clock times is the new one.
OLD_TIMES = ((9, 0), (9, 30), (10, 0), (10, 30))
NEW_TIMES = ((13, 0), (13, 30), (14, 0), (14, 30), (15, 0), (15, 30), (16, 0))
# Why a person cannot come (world 0 draws among the first three); confirmations may name one too (a plan that fell
# through), so a reason's words say nothing of the answer. The phrasebook's "reason" kind, so a pack may reword them.
DECLINE_REASONS = ("on another site all afternoon", "in a client workshop all afternoon",
                   "travelling back from a conference", "at the planning committee", "covering the Eastgate job",
                   "stuck at the depot for a delivery", "tied up with the fire inspection")
FILLERS = (  # (job title or note, company or None): address-book entries with nothing to do with the task
    ("Mum", None), ("Plumber", "Quickfix Plumbing"), ("Landlord", "Harbourside Lettings"),
    ("Interior designer", "Studio Lumen"), ("Accountant", "Pennywise Accounts"),
)

# How a person answers a message that gives the new time and place ({u} the user's first name, {f} theirs, {slot}
# the new time as they write it, {venue}/{addr} the new place, {reason} why a decliner cannot come). Drawn per person,
# so that the words do not give the answer away: some confirmations open with "no", "not" or "sorry", some declines
# hold none of the usual refusal words. Only reading the whole reply tells which it is.
# World 0 draws among the first four confirmations and three declines (its published replies); other worlds among all.
CONFIRM_REPLIES = (
    "Thanks {u} - got it: {slot} at {addr}. See you there! {f}",
    "No problem at all - {slot} at {venue} works for me. See you there. {f}",
    "Not a problem, {u}: {slot} at {addr} is fine by me. {f}",
    "Sorry for the slow reply! {slot} at {venue} suits me - I'll be there. {f}",
    "{slot} at {venue}? Done - I've moved my other meeting. {f}",
    "Got your message. Count me in for {slot}, {addr}. {f}",
    "I was going to say no, but my afternoon freed up, so {slot} it is. {f}",
    "I was meant to be {reason}, but that's been pushed back - {slot} at {venue} works. {f}",
    "Good news: I'm no longer {reason}, so I'll see you at {addr} at {slot}. {f}",
    # Version 7: more that carry a refusal's words around a yes.
    "Unfortunately for my dentist, {slot} at {venue} wins - I've moved the appointment. {f}",
    "I can't make it any earlier than {slot} anyway, so {addr} at {slot} is perfect. {f}",
    "Nothing clashes now - {slot} at {venue}, count me in. {f}",
    "Wouldn't miss it, {u}. {slot}, {addr}. {f}",
)
DECLINE_REPLIES = (
    "Thanks for the heads-up, {u}. Unfortunately I can't make {slot} - I'm {reason}. Could you send me the notes "
    "afterwards? {f}",
    "Ah, {slot} is out for me, I'm afraid - I'll be {reason}. Could you send me the notes afterwards? {f}",
    "Thanks {u}. I'll have to miss this one: at {slot} I'll be {reason}. Notes afterwards would be great. {f}",
    "{venue} at {slot} sounds great, but I'm {reason}, so go ahead without me. {f}",
    "Sure, noted - though at {slot} I'll be {reason}. Send me the notes? {f}",
    # Version 7: more that say no with a yes's words and none of a refusal's.
    "Got it - {slot} at {addr}. No problem for the others, I'm sure, but I'll be {reason}; I'll catch up after. {f}",
    "{slot} at {venue} would have suited me, but I'll be {reason} - see you at the one after. {f}",
    "Thanks {u}! I'd love to be there at {slot}, but I'm {reason}. Fine by me if you go ahead. {f}",
    "Noted: {slot}, {addr}. That's exactly when I'm {reason}, so I'll read the notes after instead. {f}",
)
CONFIRMS_AT_0, DECLINES_AT_0 = 4, 3

# The user's request ({texted}, {emailed}: the people as the prompt names them). The first is world 0's.
REQUESTS = (
    "Morning! Tomorrow's site visit for the {project} has moved: it's now at {new} instead of {old}, and we'll meet "
    "at {place} rather than {old_place}. Could you let people know? Please text {texted}, and email {emailed} - for "
    "email always use their work address, never a personal one. Their numbers and addresses are in my contacts; make "
    "sure each message gives the new time and place. {pm} ({pm_email}) is checking whether anyone else needs to come "
    "- if {pm} emails you a name, tell that person too, the way {pm} asks. Please also move the visit in my calendar. "
    "Once people have replied, tell me here who has confirmed and who can't make it.",
    "Change of plan for tomorrow ({project} site visit): {new}, not {old}; and {place}, not {old_place}. I need "
    "{emailed} told by email (work addresses only - never personal ones) and {texted} by text. You'll find them in "
    "my contacts. If {pm} ({pm_email}) sends you another name, tell them as well, however {pm} says. Update my "
    "calendar too, and when the answers are in, let me know who's coming and who isn't.",
    "Could you handle the site visit news? The {project} visit tomorrow moves from {old} to {new}, and from "
    "{old_place} to {place}. Texts for {texted}; emails for {emailed}, at work addresses, not personal ones. Details "
    "are in my contacts. {pm} ({pm_email}) may add someone by email - do what {pm} asks for them. Move it in my "
    "calendar, and report back here on who confirmed and who can't come.",
    "Hi! Two changes to tomorrow's {project} site visit - time {new} (was {old}), place {place} (was {old_place}). "
    "Email {emailed} and text {texted}; for the emails, use the work address every time, not a personal one. All in "
    "my address book. {pm} ({pm_email}) might email you about one more person: tell them the way {pm} says. Also "
    "move my calendar entry, and tell me once they've answered who can make it and who can't.",
    # Version 7: three more, of other orders (a list; the emailed first; the people before the news).
    "Tomorrow's {project} site visit has changed.\n- New time: {new} (it was {old})\n- New place: {place} (it was "
    "{old_place})\nBy text: {texted}. By email, at work addresses only (never personal ones): {emailed}. Everyone is "
    "in my contacts, and each message needs the new time and place. If {pm} ({pm_email}) emails you another name, "
    "tell that person too, the way {pm} asks. Please move the visit in my calendar as well, and once they've "
    "answered, tell me here who's confirmed and who can't make it.",
    "Small favour: {emailed} should get an email about tomorrow (work address, not a personal one), and {texted} a "
    "text. The news: the {project} site visit is at {new} now, not {old}, and at {place} instead of {old_place}. "
    "Their details are in my contacts; say the new time and place in each message. {pm} ({pm_email}) may send one "
    "more name - tell them too, as {pm} asks. Move it in my calendar, please, and report back here on who confirmed "
    "and who can't come.",
    "{texted} by text and {emailed} by email (work addresses - never personal ones), please: tomorrow's {project} "
    "site visit now starts at {new} (instead of {old}) at {place} (instead of {old_place}). You'll find everyone in "
    "my contacts; each message should give the new time and place. If {pm} ({pm_email}) emails another name, tell "
    "that person as {pm} asks. Also move the visit in my calendar, and when they've replied let me know who's coming "
    "and who isn't.",
)
# The project manager's addition ({who}: the person as named, {role}, {how}: "text them" or "email them ...").
# The later ones carry words of refusal or of someone not coming beside the one to add, as the asides carry
# words of coming beside the one not to tell.
ADDITIONS = (
    "Hi {u},\n\nOne more for tomorrow's site visit: {who}, our {role}, should come too. Could you {how} the new time "
    "and place as well? Their details are in your contacts.\n\nThanks,\n{pm}",
    "{u} - the client wants our {role} there tomorrow as well, so please add {who}. Best to {how} the new time and "
    "place. Contacts have their details.\n\n{pm}",
    "Hi {u},\n\nQuick one: {who} ({role}) is joining the site visit. Can you {how} with the new time and place?"
    "\n\n{pm}",
    "Following up on the visit: I've checked with the client, and {who} needs to be there too - {role}. Please {how} "
    "the details (new time and place).\n\nCheers,\n{pm}",
    "{u} - I can't do without {who} ({role}) tomorrow after all; no one else can answer the client's questions. "
    "Please {how} the new time and place.\n\n{pm}",
    "Hi {u},\n\nWe're not going without {who}, our {role}: the client insists. Could you {how} the new time and "
    "place? Details in your contacts.\n\n{pm}",
)
# How a contact's notes tell an out-of-use number ({old}, {new}, {tail}: the new number's last four). The first is
# world 0's.
OLD_NUMBER_NOTES = (
    "New mobile number since 2 March: {new}. The old number {old} is no longer in use.",
    "Changed phones in March - {old} is dead now.",
    "Only the number ending {tail} works these days.",
    "Switched provider in the spring: text {new}, never {old}.",
    "{old} was the work phone handed back at the last job change.",
    # Beyond these, both numbers are named, and words of old and new sit beside each (a phone tried and given up, a
    # number gone back to), so only reading the sentence as a whole tells which one works.
    "Went back to the old number {new} in March - the new one, {old}, is cancelled.",
    "Not {old} any more (that new SIM never worked); the previous number {new} is the one in use.",
    "New phone stolen in March: {old} is gone, {new} (the old mobile, still working) is current.",
    "{new} is current. The number {old} from the new contract was never activated.",
    "Numbers: {old} - dead since the new year; {new} - new, in use.",
    "The new work mobile {new} replaced {old}, which is no longer in use.",
    # Version 7: a change of number that has not happened yet. The number named new ({old} here) is not switched on
    # until after tomorrow's visit, so the one in use is the one the note calls current or old: only the note's dates,
    # read against today's, tell which to text.
    "New mobile number from 1 May: {old}. Until then, still {new}.",
    "Moving to {old} at the end of April (new contract) - keep using {new} until then.",
    "{old} is the new work phone, but it isn't switched on until June; text {new} for now.",
    "Old number {new} still works until the handover in May; the new one, {old}, only starts after that.",
    "New number: {old} (from the 1st of next month). Until then it's still {new}.",
    "Getting a new phone in May ({old}, not live yet) - text {new} until then.",
    "Never text {new}? That was true last year - it's back in use, and {old} was a temporary SIM, now returned.",
)
# How a reply says it cannot come (a reply with one of these answers the news, whatever else it says).
DECLINE_CUES = ("can't make", "can’t make", "cannot make", "can't do", "can’t do", "won't be able", "won’t be able",
                "won't make", "won’t make", "unable", "not able to", "not available", "unavailable", "can't come",
                "can’t come", "can't attend", "can’t attend", "can't be there", "can’t be there", "can't join",
                "can’t join", "is out for me", "have to miss", "sit this one out")

# A report clause that says someone is not coming (or has not answered), and one that says they are.
NEGATIVE = ("can't", "can’t", "cannot", "can not", "unable", "won't", "won’t", "will not", "not", "declined",
            "decline", "declines", "unavailable", "except", "couldn't", "couldn’t", "isn't", "isn’t", "hasn't",
            "hasn’t", "haven't", "haven’t", "didn't", "didn’t", "no reply", "no answer", "nor", "miss", "misses",
            "missing", "is out", "sit this one out", "sitting this one out", "busy", "apologies", "regrets",
            "absent", "declining")
CONFIRMING = ("confirmed", "confirm", "confirms", "confirming", "will be there", "can make it", "coming", "see you",
              "attending", "on board", "all set", "good to go", "accepted", "agreed", "fine", "works", "ok", "okay",
              "yes", "acknowledged", "will attend", "will come", "can come", "can attend", "can do", "is in", "are in",
              "be there", "replied yes", "suits")
# The narrower cues that make a status of a sentence about someone who is not on the team: what a relay of their
# reply says ("X: confirmed", "X can't make it"), not what the assistant says it did ("I did not write to X").
CLAIMED_NOT = ("can't make", "can’t make", "cannot make", "can't come", "can’t come", "can't attend", "can’t attend",
               "won't make", "won’t make", "won't be there", "won’t be there", "unable", "unavailable", "declined",
               "declines", "not coming", "not attending", "miss", "misses", "is out", "apologies", "regrets")
CLAIMED_YES = ("confirmed", "confirms", "will be there", "can make it", "coming", "attending", "accepted",
               "all set", "on board", "will attend", "will come", "be there", "replied yes", "see you")

# A colleague of the team who is NOT to be told, named in the request's aside and in the project manager's mail the
# way a person to tell is named ({other}: "<First> from <Company>" or "<First Last> (<Company>)"): each aside means
# "do not write to {other}" while carrying the words a request to tell someone carries (coming, be there, let know)
# or a refusal's words, so neither a name in the mail nor a cue word near it says who is to be told.
REQUEST_ASIDES = (
    "{other} knows already - no need to message them.",
    "Leave {other} out of it; they're not coming any more.",
    "{other} will be there anyway, and I've told them myself, so don't write to them.",
    "You'll see {other} in my contacts too: they're off this job now, so please don't contact them.",
    "Don't let {other} know - they aren't needed tomorrow.",
)
# The project manager's word on {other} beside the addition (before it or after it, drawn): never "tell them".
ADDITION_ASIDES = (
    "{other} asked whether they should come too - no, the client only wants one from their side, so don't contact "
    "them.",
    "I thought about {other} as well, but they're not needed: please don't message them.",
    "{other} already has the new time and place from me, so no need to tell them.",
    "Not {other}, by the way - they're on leave tomorrow; leave them out.",
    "{other} will be there anyway (I told them myself this morning) - don't write to them.",
)

# The kinds the world's words are drawn from (the part's phrasebook): ``cast`` draws which phrasing of each a world
# uses through it and ``world`` fills them through it, so a wording pack words them all anew.
# A recent text from a current number (so an SMS history marks no number as the old one): {u} the user, {f} theirs.
RECENT_TEXTS = ("Hi {u}, drawings received - I'll send comments by Friday. {f}",
                "On my way to the client meeting, see you there. {f}",
                "Thanks for the call earlier {u}, all sorted. {f}",
                "{u} - can you resend the latest section drawing? {f}",
                "Running 5 min late, sorry! {f}")
# The visit's calendar title and the project manager's earlier mail about it (the first of each is world 0's): a
# title is no fixed string a script finds the visit by.
VISIT_TITLES = ("Site visit - {project}", "{project}: on-site walk round", "Visit to the {project} site",
                "{project} - site walkthrough", "On site: {project}")
PM_VISIT_SUBJECTS = ("Site visit on Wednesday - {project}", "Wednesday at the {project}", "{project}: who's coming",
                     "Walk round on Wednesday", "Re: {project} visit")
PM_VISIT = (
    "Hi {u},\n\nFor Wednesday's site visit ({old} at {old_place}) we have {team} so far. I'm checking with the client "
    "whether anyone else should come and will let you know.\n\n{pm}",
    "{u} - the list for Wednesday ({old}, {old_place}) is {team} at the moment. The client may want one more; I'll "
    "tell you.\n\n{pm}",
    "Hi {u}, so far it's {team} for the walk round on Wednesday, {old} at {old_place}. Waiting to hear from the client "
    "about anyone else.\n\nThanks,\n{pm}",
)
BOOK = Phrasebook({"visit_title": VISIT_TITLES, "pm_visit_subject": PM_VISIT_SUBJECTS, "pm_visit": PM_VISIT,
                   "request": REQUESTS, "addition": ADDITIONS, "old_number_note": OLD_NUMBER_NOTES,
                   "confirm": CONFIRM_REPLIES, "decline": DECLINE_REPLIES, "reason": DECLINE_REASONS,
                   "venue": VENUE_NAMES, "venue_street": VENUE_STREETS, "recent_text": RECENT_TEXTS,
                   "request_aside": REQUEST_ASIDES, "addition_aside": ADDITION_ASIDES})
