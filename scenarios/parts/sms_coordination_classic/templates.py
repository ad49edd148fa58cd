"""The hand-written words of sms_coordination that a world picks among (data only): how the user states their hours,
the partner's reasons for needing the kitchen, and the texts of the "lifted" twist."""

from __future__ import annotations

AFTERNOON, MORNING = "afternoon", "morning"
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

# How the prompt states the user's hours; each names the other part of the day as often as its own, so the word
# "morning" or "afternoon" alone does not tell them apart.
HOURS_WORDING = {
    AFTERNOON: ("It has to be an afternoon (12:00 or later)",
                "I'm out every morning this week, so the arrival window has to start at 12:00 or later -",
                "Mornings are no good (I'm at the studio until lunch) - it has to start at noon or later -"),
    MORNING: ("It has to be a morning - the arrival window has to end by 12:00, since I'm out every afternoon this "
              "week -",
              "I'm only home until lunch this week, so the arrival window has to end by 12:00 -",
              "The afternoons are out (I'm at the studio from lunch on), so it has to be done by noon - the arrival "
              "window ending by 12:00 -"),
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
               "work from home as normal.")
OFFICE_AFTER = ("Office day this week\nWe'll go in the day after {prev} this week - {usual} is off, the floor's being "
                "repainted. {boss}",
                "Team day\nNo office on {usual} this week; we're in the day after {prev} instead.")
OFFICE_BEFORE = ("In-person day\nThis week it's the day before {after}, not {usual}. {boss}",
                 "Swap this week\n{usual} is cancelled - we'll be in the office the day before {after}.")
OFFICE_FIRST = ("Office day this week\nHi all, the in-office day this week is {usual}. {boss}",
                "Team day\nSee everyone at the office on {usual} this week.",
                "This week's rota\nWe're in on {usual} - desks are booked. {boss}")
OFFICE_FIX = ("Re: Office day this week\nCorrection - make that {day}, sorry. The room's taken on {usual}.",
              "Change of plan\nScrap what I said about {usual}: we're in on {day} now. {boss}",
              "Re: Team day\nUpdate: {day}, not {usual}. Apologies for the mix-up.")
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

# The subject of the dentist's note that the appointment moved (world 0 has none).
MOVED_SUBJECTS = ("Your appointment has moved", "Change to your appointment", "New time for your check-up",
                  "Rescheduled: your visit to Dr. {dentist}", "Appointment update")

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
