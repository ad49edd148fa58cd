"""The hand-written words of sms_coordination that a world picks among (data only): how the user states their hours,
the partner's reasons for needing the kitchen, and the texts of the "lifted" twist."""

from __future__ import annotations

AFTERNOON, MORNING = "afternoon", "morning"

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
)
LIFTED_REASON = ("", "warm, a bit frazzled this week: a plan for {old} fell through and another one needs the kitchen "
                     "on {day}.", "Perfect, thank you!! x")

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
