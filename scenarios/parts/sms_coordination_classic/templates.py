"""The hand-written words of sms_coordination that a world picks among (data only): how the user states their hours,
the partner's reasons for needing the kitchen, and the texts of the "lifted" twist."""

from __future__ import annotations

AFTERNOON, MORNING = "afternoon", "morning"
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

# How the prompt states the user's hours (the first: world 0's, and its mirror). The lists mirror each other phrasing
# for phrasing: each names both parts of the day, its own first in half of them; "12:00 or later" / "noon or later"
# and "end by 12:00" sit in half the phrasings of each list (together, alone, or neither), ruled in or out, so
# neither a clock cue nor "morning" or "afternoon" tells the user's hours better than chance: the reader must see
# which frame is ruled out.
HOURS_WORDING = {
    AFTERNOON: ("It has to be an afternoon (12:00 or later)",
                "It has to be an afternoon, not a morning: a window that has to end by 12:00 is no use to me, the "
                "arrival window has to start at 12:00 or later -",
                "I'm out every morning this week and only home in the afternoons, so not a window ending by 12:00 - "
                "it has to start at 12:00 or later -",
                "Afternoons are when I'm home this week (mornings I'm at the studio), so a window that starts at noon "
                "or later, not one that's over by midday -",
                "No morning works for me this week, only the afternoon: nothing that's over before midday, the "
                "arrival window has to start at 12:00 or later -",
                "I can only do afternoons this week - I'm at the studio every morning - so don't pick a window that "
                "has to end by 12:00; it can't begin before midday -",
                "A morning window that must end by 12:00 won't do; I'm only home in the afternoon this week, so it "
                "has to begin at midday or after -",
                "The afternoon is my only free time this week (I'm at the studio every morning), so the window must "
                "not open before midday -",
                "I'm out every morning this week, so nothing before midday: an afternoon window, beginning at midday "
                "at the earliest -"),
    MORNING: ("It has to be a morning (nothing 12:00 or later)",
              "It has to be a morning, not an afternoon: a window that starts at 12:00 or later is no use to me, the "
              "arrival window has to end by 12:00 -",
              "I'm out every afternoon this week and only home in the mornings, so not a window starting at 12:00 or "
              "later - it has to end by 12:00 -",
              "Mornings are when I'm home this week (afternoons I'm at the studio), so a window that's over by "
              "midday, not one that starts at noon or later -",
              "No afternoon works for me this week, only the morning: nothing that starts at 12:00 or later, the "
              "arrival window has to be over by midday -",
              "I can only do mornings this week - I'm at the studio every afternoon - so pick a window that will "
              "end by 12:00; nothing that runs on past midday -",
              "An afternoon window won't do, since I'm only home in the morning this week, so it has to be a window "
              "that will end by 12:00 -",
              "The morning is my only free time this week (I'm at the studio every afternoon), so the window must "
              "not run on past midday -",
              "I'm out every afternoon this week, so nothing after midday: a morning window, over by midday at the "
              "latest -"),
}

PARTNER_REASONS = (
    # (the partner's text, their personality note, their scripted reply); {day} is the weekday, {first} their name.
    # These three are for a user at home in the afternoons; MORNING_REASONS for one at home in the mornings.
    ("Morning! Reminder: Mum's birthday dinner is {day} and I'm cooking from lunchtime, so I need the kitchen "
     "completely free all {day} afternoon. Please don't let the plumber come then! x",
     "warm, a bit frazzled this week because they are hosting {first}'s mum's birthday dinner on {day}.",
     "Thank you!! Mum will be thrilled the sink's getting fixed x"),
    ("Morning! Don't forget the food photographer is shooting my recipes in our kitchen on {day}, all afternoon - "
     "so no plumber then, please! x",
     "warm, a bit frazzled this week because a food photographer is shooting their recipes in the kitchen on "
     "{day} afternoon.",
     "Thank you!! So glad the sink's getting fixed x"),
    ("Morning! Heads up: I'm hosting the cooking club at ours on {day} and need the kitchen all {day} afternoon "
     "for prep - please keep the plumber away then! x",
     "warm, a bit frazzled this week because they host the cooking club at home on {day}.",
     "Amazing, thank you!! The club will be relieved x"),
)

MORNING_REASONS = (
    ("Morning! Reminder: the health inspector for my catering course is coming to check our kitchen on {day} "
     "morning, so it has to be spotless and empty all {day} morning. Please don't let the plumber come then! x",
     "warm, a bit frazzled this week because a health inspector checks their kitchen on {day} morning.",
     "Thank you!! One less thing to worry about x"),
    ("Morning! Don't forget the food photographer is shooting my recipes in our kitchen on {day}, all morning - "
     "so no plumber then, please! x",
     "warm, a bit frazzled this week because a food photographer is shooting their recipes in the kitchen on "
     "{day} morning.",
     "Thank you!! So glad the sink's getting fixed x"),
    ("Morning! Heads up: I'm hosting the cooking club brunch at ours on {day} and need the kitchen all {day} "
     "morning - please keep the plumber away then! x",
     "warm, a bit frazzled this week because they host the cooking club brunch at home on {day}.",
     "Amazing, thank you!! The club will be relieved x"),
)

# The "lifted" twist: the partner's Sunday text (in the thread from the start) and the mid-morning one. {old} is
# the day first asked for (now free), {day} the day now needed, {part} the user's part of the day.
LIFTED_SUNDAY = ("Also - my sister is coming to cook with me on {old}, so can we keep the kitchen free all {old} "
                 "{part}? Don't book anyone in then x")
LIFTED_TEXTS = (
    "Morning! Change of plan: my sister can't make {old} after all, so {old} is totally fine for the plumber now. "
    "But the landlord's inspection got moved to {day} {part} - no plumber then please! x",
    "Morning! Update: the cooking session with my sister moved from {old} to {day} {part}, so {old} is free again "
    "and it's {day} {part} I need the kitchen. x",
    "Morning! Scrap what I said about {old}, that's cancelled, any time that day is fine. I do need the kitchen "
    "all {day} {part} for the bake sale prep though x",
    # The day now needed named first, the freed one after it, in words that sound like a need.
    "Morning! I need the kitchen all {day} {part} now - the landlord's inspection moved there. {old} is no longer a "
    "problem, my sister can't come x",
    "Morning! Keep {day} {part} free for me please, the bake sale prep moved. Don't worry about {old} any more x",
    "Morning! Please don't book {day} {part} - the cooking session moved there from {old}, which is free again x",
    # Negative words beside the day still needed, asking words beside the freed one.
    "Morning! Nothing's off for {day} {part}: the landlord's inspection moved there and I'll need the kitchen. Please "
    "don't keep {old} free any more - my sister can't come x",
    "Morning! No bake sale on {old} after all, so please go ahead and book that day. Not {day} {part} though, "
    "the prep moved there x",
)
# Half the "lifted" worlds: ten minutes after the mid-morning text the partner takes it back ("partner_undo"): the day
# Sunday's text asked for ({old}) is needed again after all, the day the mid-morning text asked for ({new}) is free,
# {part} the user's part of the day. The words of need and of release sit beside either day, so only the order of the
# texts and what each undoes tell the day (a reader of the mid-morning text alone is wrong here).
PARTNER_UNDO = (
    "Argh, ignore my last text! My sister can come after all, so it's {old} {part} I need the kitchen again - {new} "
    "is fine for the plumber x",
    "Sorry, scrap that - {new} doesn't need keeping free after all, please book away. It's {old} {part} that's back "
    "on, like I said on Sunday x",
    "Update to my update: please don't keep {new} clear for me any more - no plumber {old} {part} after all, it's "
    "back on x",
    "Forget what I just said - nothing's happening on {new} now. It's {old} {part} again that I need the kitchen, "
    "sorry! x",
)
# The other half of the "lifted" worlds, the twin of "partner_undo": the later text only repeats the mid-morning one
# ({day}: the day needed, {old}: Sunday's day, free; {part}: the user's part of the day), in the same words of
# forgetting, need and release, so "a second text reverses the first" is right only half the time.
PARTNER_RECAP = (
    "Argh, ignore my text from Sunday, I mean it! My sister can't come, so {old} is fine for the plumber - it's {day} "
    "{part} I need the kitchen x",
    "Sorry, to be clear - {old} doesn't need keeping free any more, please book away. It's {day} {part} that's on, "
    "like I said this morning x",
    "Just checking you saw my update: please don't keep {old} clear for me any more - no plumber {day} {part}, that's "
    "when it's on x",
    "Forget what I said at the weekend - nothing's happening on {old} now. It's {day} {part} that I need the kitchen, "
    "sorry for the faff! x",
)
# Drawn worlds whose mid-morning text names the day (by weekday or by an evening event), the twin pair of a later text
# ten minutes on. "partner_moved": the need moved; {old} is the day the mid-morning text asked for (free now), {day}
# the day needed now, {part} the user's part of the day. "partner_same": the need stands; {day} is the mid-morning
# text's day (still needed), {other} another day the partner says is fine, {part} as above. Phrasing n of one kind
# carries the cue words of phrasing n of the other ("moved", "still", "now", need and release words, beside either
# day), so which day the later text names beside which word, or whether it repeats the first text's day, is right
# only half the time: the reader has to tell whether the later text moves the first one's day or restates it.
PARTNER_MOVED = (
    "Change of plan - it's been moved to {day}, so {old} is fine for the plumber now. It's {day} {part} I need the "
    "kitchen x",
    "Ugh, sorry: it's still on, just not on {old} any more - it's {day} {part} now. Please keep the plumber away then "
    "x",
    "Scrap {old}, no need to keep it clear any more - it's happening {day} {part} instead, so no plumber then x",
    "Don't keep {old} free for me after all - please book the plumber then if it suits. Not {day} {part} though: it "
    "all moved there x",
    "Nothing's happening on {old} now, don't worry about it. It's still on, on {day} {part}, when I'll need the "
    "kitchen x",
)
PARTNER_SAME = (
    "Change of plan? No - it hasn't moved to {other}, whatever Mum said, so {other} is fine for the plumber. It's "
    "{day} {part} I need the kitchen x",
    "Ugh, sorry: it's still on, and not on {other} - it's {day} {part} like I said. Please keep the plumber away then "
    "x",
    "Scrap {other}, no need to keep it clear - I'd muddled the days. It's happening {day} {part} as planned, so no "
    "plumber then x",
    "Don't keep {other} free for me - please book the plumber then if it suits. Not {day} {part} though: nothing "
    "moved there, it's where it was x",
    "Nothing's happening on {other}, don't worry about it. It's still on {day} {part}, when I'll need the kitchen, "
    "same as before x",
)
# Drawn worlds without the "lifted" twist, a third of them: the partner asked for the day in Sunday's text
# ("partner_sunday": {old} the day, {part} the user's part of the day) and the mid-morning text ("partner_still")
# points back at it without naming it: the kitchen is still needed then. It also calls the day of another evening in
# the shared calendar ({event}: the partner's words for it) fine, so "the day of the evening event the text names" is
# the partner's only in the twin "partner_dropped" worlds. The same Sunday text opens a "lifted" world,
# where the mid-morning text frees that day instead.
PARTNER_STILL = (
    "Morning! Did you see my text from Sunday? That's still on - I need the kitchen that {part}, so no plumber then "
    "please. The day of {event} is fine though, that's only in the evening x",
    "Morning! Just so you know, the plan I texted about on Sunday hasn't changed, the kitchen's still taken that whole "
    "{part}. Please don't keep the day of {event} clear for me - that's only an evening thing x",
    "Morning! My sister's still coming on the day I said at the weekend - keep the plumber out of the kitchen that "
    "{part} please. No need to worry about {event}, the plumber can come that day x",
)
# Drawn worlds without the "lifted" twist: a postscript naming the valid slot's day as fine, in words that sound
# like a need ("no", "don't", "not", "keep clear").
PARTNER_PS = (" P.S. {free}'s no problem at all, I'm out.",
              " P.S. Don't worry about {free}, I won't be needing the kitchen.",
              " P.S. Not {free} though - that day's totally fine.",
              " Oh and {free} I'm at work, so no need to keep that clear.")
LIFTED_REASON = ("", "warm, a bit frazzled this week: a plan for {old} fell through and another one needs the kitchen "
                     "on {day}.", "Perfect, thank you!! x")

# Drawn worlds: the office day is known only from a colleague's mail ("mail": one mail moving it off the usual day,
# which holds the valid slot; "corrected": a first mail naming the usual day, a later one correcting it). How the
# prompt points at it ({boss}: the colleague, {usual}: the usual day).
OFFICE_REF = ("not on my office day, which {boss} emails round each week",
              "not the day I'm in the office ({boss}'s email says which this week)",
              "not my office day - usually {usual}, but {boss} said it moves this week",
              "not whatever day {boss} has us in the office this week")
OFFICE_MAIL = ("Office day this week\nHi team, this week we're in on {day}, not {usual} as usual - the floor is being "
               "repainted. {boss}",
               "Swap this week\nHeads up: {usual} in the office is cancelled; we'll all come in on {day} instead.",
               "Re: team day\nInstead of {usual}, let's meet at the office {day} this week. Thanks, {boss}",
               "In-person day\nReminder that this week's in-person day has moved from {usual} to {day}.",
               "This week\nNot {usual} this week - {day} is our day at the office (client visit). {boss}",
               "Office\n{day} rather than {usual} for the office this week, everyone. The room's booked all day.",
               "Team day moved\nThe client can only do {day}, so that's when we're all in the office; {usual} we "
               "work from home as normal.",
               # The office day in the clause that sounds negative, the usual one in the plain one.
               "Team day\nWe can't do {usual} this week, the floor is being repainted. Nobody's working from home "
               "on {day} instead: that's the office day. {boss}",
               "Office\n{usual} is a home day this week; it's {day} we won't be at home - we'll all be in.",
               "This week\n{usual} is fine to stay put. {day} is no longer a home day - client visit, all in. {boss}")
OFFICE_AFTER = ("Office day this week\nWe'll go in the day after {prev} this week - {usual} is off, the floor's being "
                "repainted. {boss}",
                "Team day\nNo office on {usual} this week; we're in the day after {prev} instead.")
OFFICE_BEFORE = ("In-person day\nThis week it's the day before {after}, not {usual}. {boss}",
                 "Swap this week\n{usual} is cancelled - we'll be in the office the day before {after}.")
OFFICE_FIRST = ("Office day this week\nHi all, the in-office day this week is {usual}. {boss}",
                "Team day\nSee everyone at the office on {usual} this week.",
                "This week's rota\nWe're in on {usual} - desks are booked. {boss}",
                "Office day this week\nHi all, we're in on {usual} this week; the all-hands on {day} is on video as "
                "always. {boss}")
OFFICE_FIX = ("Re: Office day this week\nCorrection - make that {day}, sorry. The room's taken on {usual}.",
              "Change of plan\nScrap what I said about {usual}: we're in on {day} now. {boss}",
              "Re: Team day\nUpdate: {day}, not {usual}. Apologies for the mix-up.",
              "Re: Office day this week\nSorry all - forget {usual}. Nobody works from home on {day}: the all-hands "
              "is in person now. {boss}")
# "kept" worlds: the colleague's later mail calling off the move an earlier mail announced. {day}: the usual office
# day, which stands (this week's office day); {moved}: the day the earlier mail had moved it to (a home day after
# all); {boss}: the colleague. Either day may sit in the clause with the negative words.
OFFICE_KEPT = ("Re: Office day this week\nScratch that - the move to {moved} is off, we stay with {day} as usual. "
               "{boss}",
               "Re: Swap this week\nThe client cancelled, so no swap after all: not {moved}, it's {day} again.",
               "Back to normal\n{day} is our office day again this week; forget what I said about {moved}. {boss}",
               "Re: Team day\nUpdate: we're not moving after all. {moved} is a home day as normal and {day} we're all "
               "in. {boss}",
               "Re: In-person day\nNobody's going in on {moved} now - the repainting was postponed, so it's the usual "
               "{day}. Sorry for the noise.")
# "aside" worlds: the first mail ("office_first") names this week's office day, and the colleague's later mail is
# about something else on another day, which is no office day: {other} that day (a party, a home day, a closure),
# {day} the office day, which stands (some phrasings name it, some do not), {boss} the colleague. The other day sits in
# plain or in negative words, so neither "the latest mail's day" nor "the day the latest mail negates" decides.
OFFICE_ASIDE = ("Re: Office day this week\nAlso - the spring party is on {other} at the park, partners welcome! {boss}",
                "Building notice\nThe lifts are out of service all {other}, so nobody will be working from the office "
                "that day. {boss}",
                "Re: Team day\nNothing changes for {day}. On {other} we're all at the offsite in the hills - the bus "
                "leaves from the station. {boss}",
                "Heads up\nI'm on leave {other}, so send anything urgent before then. See you all {day} as planned.",
                "Re: This week's rota\nThe all-hands moves to {other}, on video from home as always. Desks stay "
                "booked for {day}. {boss}")
# Drawn worlds without the "lifted" twist: in half of them the partner names the day only by an evening event in
# the shared calendar that day (its title, the partner's words for it).
PARTNER_EVENTS = (("Dinner - Mum's birthday", "Mum's birthday dinner"), ("Cooking club (our place)", "cooking club"),
                  ("Supper club - hosting", "the supper club"), ("Book group at ours", "book group"),
                  ("Neighbours over for dinner", "the dinner with the neighbours"))
PARTNER_REF_TEXTS = (
    "Morning! Don't forget it's {event} this week - I need the kitchen all {part} that day, so no plumber then "
    "please! x",
    "Morning! Reminder: the day of {event} I'm prepping from early and need the kitchen all {part}. Please keep the "
    "plumber away then x",
    "Morning! Keep the kitchen free the {part} of {event} please (it's in our calendar). No plumber then! x")
# Drawn worlds without the "lifted" twist, the twin of "partner_still": Sunday's text asked for one day, and the
# mid-morning text ("partner_dropped") calls that plan off and names the day it needs only by an evening event in the
# shared calendar ({event}: the partner's words for it; {part}: the user's part of the day). Like "partner_still" it
# names no weekday and points back at Sunday's text, so "the day Sunday's text names" is right only in "still" worlds.
PARTNER_DROPPED = (
    "Morning! Ignore my text from Sunday - that's off, the plumber can come that day. But it's {event} this week and "
    "I need the kitchen all {part} that day, so no plumber then please x",
    "Morning! What I said at the weekend doesn't stand any more, my sister cancelled. I'll need the kitchen the {part} "
    "of {event} though (it's in our calendar) - keep the plumber away then x",
    "Morning! Forget the day I texted about on Sunday, that's all cancelled. The day of {event} is the one I need the "
    "kitchen, the whole {part} - no plumber then please x",
)

# The subject of the dentist's note that the appointment moved (world 0 has none).
MOVED_SUBJECTS = ("Your appointment has moved", "Change to your appointment", "New time for your check-up",
                  "Rescheduled: your visit to Dr. {dentist}", "Appointment update")

# Drawn worlds without the "moved" twist: the dentist offered another time, which the user never took (the booking
# stands). Worded like a move ("move", "now", "instead", "rebook", "cancellation") so that a cue word does not tell
# it from one. {booked}: the real appointment, {alt}: the time offered.
OFFER_SUBJECTS = ("Earlier appointment available", "Would another time suit you?", "A cancellation - Dr. {dentist}",
                  "Your check-up: option to move", "Rebooking offer")
OFFER_BODIES = (
    "Hi {first},\n\nA cancellation has opened up {alt}. If you'd rather come then instead, reply MOVE and we'll "
    "rebook you; otherwise nothing changes and we'll see you {booked} as booked.",
    "Dear {first}, Dr. {dentist} now has a free chair {alt}. Your appointment stays {booked} unless you call us "
    "to swap.",
    "Hello {first}, we're asking a few patients whether they could move to {alt}. No problem if not - your "
    "check-up remains {booked}.",
    "{first}, your check-up is {booked}. If that's awkward, Dr. {dentist} could now see you {alt} instead - just "
    "let reception know by Friday.",
    "Hi {first} - reception here. We could rebook you to {alt} if it suits better; if we don't hear back, {booked} "
    "is not cancelled and stays as it is.",
)
# Drawn worlds: the reminder that arrives during the day names no time (the mails and the calendar tell it).
REMINDERS = ("Reminder: your check-up this week\nHi {first}, this is a reminder of your check-up with Dr. {dentist} "
             "this week. Reply C to confirm or call us to reschedule. - {dentist} Dental",
             "Your appointment with Dr. {dentist}\nHello {first}, we look forward to seeing you this week. Please "
             "arrive ten minutes early. - {dentist} Dental",
             "See you soon\n{first}, just a nudge about your dental check-up later this week. Any questions, call "
             "us. - {dentist} Dental")

# Words that make a text a booking request (Tony's offer answers the first one).
BOOKING_WORDS = ("sink", "leak", "leaking", "plumber", "plumbing", "fix", "repair", "book", "booking", "visit",
                 "come", "available", "availability", "slot", "free", "job", "appointment", "week", "pop round",
                 "tap", "drip", "dripping", "kitchen", "when")
# What Tony's confirmation says (the graders look for one of these in a text naming one of his slots).
CONFIRM_WORDS = ("booked in", "booked", "confirmed", "locked in")

STREETS = ("Alder Street", "Birch Avenue", "Cedar Lane", "Juniper Road", "Hazel Street", "Linden Avenue",
           "Willow Lane", "Rowan Road", "Aspen Street", "Poplar Avenue")
CITIES = (("Portland", "OR", "97214"), ("Seattle", "WA", "98122"), ("Denver", "CO", "80206"),
          ("Minneapolis", "MN", "55408"), ("Madison", "WI", "53703"), ("Boise", "ID", "83702"),
          ("Sacramento", "CA", "95816"), ("Tucson", "AZ", "85719"))
RIVALS = ("QuickFlow", "PipeRight", "FlowFix", "DrainPro", "ClearLine", "TapWise")
DENTISTS = ("Okafor", "Lindqvist", "Adeyemi", "Marchetti", "Haddad", "Novak")
COLLEAGUES = ("Lena", "Omar", "Ruth", "Kenji", "Aisha", "Piotr")
WIFI_WORDS = (("maple", "cedar", "amber", "cobalt", "willow", "copper", "velvet", "harbor"),
              ("kettle", "lantern", "meadow", "pebble", "teapot", "ribbon", "garden", "falcon"))

# Version 8 (issue 34, session 22): the building's entrances. Lobby works this week close one entrance a day; the
# building manager's notice says, day by day, which one contractors use, and later mails change a day's entrance
# or call a planned switch off. Tony must be told the entrance for the day he is booked: a second decision, its own
# five candidates, that a guess of the slot does not make. Each name holds one word no other text of the world
# uses (ENTRANCE_WORDS, read by the grader).
ENTRANCES = ("courtyard gate", "garage ramp", "bike store door", "loading bay", "laundry room door")
ENTRANCE_WORDS = ("courtyard", "garage", "bike", "loading", "laundry")
