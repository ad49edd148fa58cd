"""The words of facts_answer (scenarios/parts/facts_answer.py): every message it writes, its subjects and the
calendar's titles, as phrasebook kinds a wording pack can replace.

Where the time sits: the two clock times of a world are ``{first}`` (the first plan's) and ``{start}`` (the other
one); which of them is the dinner's depends on the world (see the part's docstring), so the kinds below state each
time's role in words, never by which field or place it takes."""

from __future__ import annotations

TITLE = ("Dinner with {host}", "{host} - dinner", "Dinner: {host}", "Supper with {host}", "{host} catch-up dinner",
         "Dinner ({host})")
OLD = (
    "Looking forward to tomorrow at {old_place}. {old1} and {old2} are joining us as well, it should be a fun "
    "evening with the whole old crew.",
    "Table's booked at {old_place} for tomorrow! {old1} is in, and {old2} too.",
    "Reminder: {old_place} tomorrow. I've told {old1} and {old2} the time.",
    "See you tomorrow. {old1} and {old2} said they'd meet us at {old_place}.",
    "All set for {old_place} tomorrow evening with {old1} and {old2}.",
)
PLAN = (
    "How about dinner on {weekday} at {first}? I'll look for a table somewhere nice and let you know where once it "
    "is booked.",
    "Are you free {weekday} evening? Say {first}. Leave the restaurant to me.",
    "Dinner {weekday}? I was thinking {first}, place to be decided.",
    "Let's do {weekday}, {first}-ish. I'll find somewhere and confirm.",
    "{weekday} works for me, {first}. I'll sort out the booking.",
)
BOOKED = (
    "Booked! We have a table at {place}, {moved}. I've also invited {guest}, who is keen to meet you.",
    "{guest} will be joining us, hope that's OK. {rejected} was full, so it's {place} instead, {moved}.",
    "Good news, {place} could fit us in, {moved}. And I asked {guest} along.",
    "Sorted: {place}, {moved}. Oh, {guest} is coming too.",
    "So {rejected} had nothing, but {place} did, {moved}. I mentioned it to {guest}, who said yes.",
)
BOOKED_AGAIN = (
    "Booked! {rejected} was full, so I went back to {ref}, {moved}. I've also invited {guest}, who is keen to meet "
    "you.",
    "We're going back to {ref}, {moved}. {guest} is coming too, hope that's OK.",
    "{guest} will be joining us. I couldn't resist {ref} again, {moved}.",
    "Sorted: {ref}, {moved}. {rejected} had nothing anyway. Oh, I asked {guest} along.",
    "Same as before: {ref}, {moved}. I mentioned it to {guest}, who said yes.",
)
# "Last time": the most recent of the two earlier dinners.
AGAIN = ("the place we went last month", "the same restaurant as last time", "our spot from last month",
         "where we had dinner last time", "last month's place")
# Version 6: the older of the two earlier dinners (the one before last month's), told in words as "last time" tells the
# latest: where the booking names no earlier guest, which earlier dinner it means is only in these words. No fields.
BEFORE_LAST = ("the place from the dinner before last", "where we went two months ago, not last month's place",
               "the restaurant from the time before last", "the older of our two spots, not last month's",
               "the place we tried before last month's dinner")
# An earlier dinner told by who came to it (either of the two earlier dinners: only their mails say who came).
PLACE_WITH = ("the place we took {ref_guest} to", "where we ate with {ref_guest}", "the restaurant {ref_guest} loved",
              "the spot from the dinner with {ref_guest}", "where {ref_guest} joined us")
# The dinner at {start}, moved there from {first} in the host's mail (the calendar still holds {first}).
MOVED = ("but they could only do {start}, so I changed the time", "at {start} rather than {first}",
         "they had {start} free, not {first}, so {start} it is", "the only slot was {start}",
         "though we'll have to make it {start}")
# The same move told against the first plan alone: the time is the plan's plus {shift}.
LATER = ("but {shift} later than we said", "they could only seat us {shift} after the time I suggested",
         "pushed back by {shift} from my first plan, sorry", "{shift} later than planned, I'm afraid",
         "only with the start moved {shift} later")
# The calendar holds the dinner's time ({start}) and the mail names no time.
IN_CALENDAR = ("and I've updated the calendar invite", "the invite has the details", "check the calendar for the time",
               "booked under my name", "they'll hold the table for us")
# The calendar holds the dinner's time ({start}); the mail tells the move from {first}.
UPDATED = ("{start} instead of {first}, I've changed the invite already",
           "and I moved the invite from {first} to {start}, which was all they had",
           "not at {first} any more: the calendar now says {start}, which is right",
           "{first} was taken, so the invite is at {start} now",
           "and the time in the invite is the new one, {start}; forget {first}")
# The dinner is at the first plan's time ({first}); the calendar still holds {start}, a slot the host had taken and
# then gave back.
BACK = ("and they found a table at {first} after all, so ignore the {start} in the invite",
        "back to {first} as first planned; the invite still says {start}, which is wrong now",
        "they first offered {start} and I changed the invite, but {first} came free again, so {first} it is",
        "at the original {first}, not the {start} I put in the calendar",
        "the {start} slot is off again, we're at {first} like I said at first")
# The dinner is at the first plan's time ({first}), as the calendar says; {start} was offered and turned down.
KEPT = ("they tried to move us to {start}, but I held out for {first}",
        "at {first} as planned - they offered {start}, which I turned down",
        "{start} was all they suggested at first, but I got {first} in the end",
        "and no, not {start} like they wanted: we keep {first}",
        "they asked about {start} but {first} stands")
# Version 5: the booking's time told with one clock time or none in every shape, so how many times it names and
# which says nothing. A clause after the restaurant ("at {place}, ..."), like the kinds above.
# The dinner's time ({right}) alone, whatever the calendar holds.
TIME_IS = ("for {right}", "and we're down for {right}", "the table is ours from {right}", "{right} it is",
           "starting at {right}")
# The one time the dinner is NOT at ({wrong}), negated; the dinner is at the other time the user knows of (the plan's
# or the calendar's).
TIME_NOT = ("just not at {wrong}, whatever you have heard", "though not at {wrong} any more", "and forget {wrong}",
            "{wrong} is off, mind", "only not at {wrong}")
# The dinner is {shift} later than the first plan's {wrong}, which the calendar still holds; told against {wrong}.
TIME_NOT_LATER = ("not at {wrong} but {shift} later", "{shift} after {wrong}, not at {wrong} itself",
                  "no longer {wrong}: add {shift}", "{wrong} was gone, so {shift} later than that",
                  "{shift} on from {wrong}")
# The dinner is at the first plan's time, told without a clock time (the calendar may hold another).
AS_PLANNED = ("at the time I first suggested, whatever the invite says", "same time as in my first mail",
              "at the time we first agreed, never mind the invite", "at the original time",
              "at the time from my first message")
LATE = (
    "{host} told me about the dinner on {weekday}, I'm coming along too if that's all right with you. Can't wait to "
    "catch up properly.",
    "Count me in for {weekday}! {host} said you wouldn't mind an extra one.",
    "I'll be there on {weekday} too. See you at dinner!",
    "Hope it's fine that I tag along on {weekday}, {host} insisted.",
    "Just so you know, I said yes to {host}'s dinner on {weekday}. Looking forward to it.",
)
# A second mail from someone who is coming, as often as the one who is not coming writes a second time.
STILL = (
    "I might be ten minutes late on {weekday}, work is busy, but I'll be there.",
    "Should I bring anything on {weekday}? {host} wouldn't say.",
    "Still on for {weekday}! I moved my gym class so I can make it.",
    "Quick one: is {weekday}'s dinner smart or casual? Either way I'm coming.",
    "Checking in: all good for {weekday} at my end, see you there.",
)
DECLINE_SELF = (
    "I said yes to {host}, but I can't make {weekday} after all, sorry. Next time!",
    "Sadly I'm away on {weekday} now, so I'll miss the dinner. Have fun!",
    "Change of plan: I won't be at {host}'s dinner on {weekday}; something came up at work.",
    "Can't do {weekday} after all, I'm afraid. Say hi to {host} for me.",
    "Bad news: I'm out for {weekday}. Enjoy it!",
)
DECLINE_HOST = (
    "PS: {no} said yes at first, but can't make it after all.",
    "PS: {no} has dropped out, away that week, so it won't be the full gang.",
    "PS: {no} sends apologies; something came up, so they're out.",
    "PS: no {no} this time after all, sadly; they have a work thing.",
    "PS: {no} was coming, but has had to cancel.",
)
# The host names the one coming too, as often as the host names the one not coming.
LATE_HOST = (
    "PS: {late} will come straight from work, so may be a few minutes behind us.",
    "PS: {late} asked me to save a seat, they're definitely in.",
    "PS: {late} is in too, as you probably heard.",
    "PS: {late} says hi and can't wait.",
    "PS: {late} will meet us there.",
)
# Version 6: the host's PS naming the one coming ({late}) in refusal-type words (late, nearly cancelled, can't stay),
# as often as in plain ones: the PS's mood words do not say who comes.
LATE_HOST_HEDGED = ("PS: {late} can't get away before eight, but is definitely coming.",
                    "PS: {late} nearly cancelled over a work thing, but sorted it and is in.",
                    "PS: sorry in advance, {late} will be late - but they're coming.",
                    "PS: {late} can't stay long, but wouldn't miss it.",
                    "PS: no getting rid of {late}: they said no to a work trip to come.")
# Version 6: the host's PS on the one not coming ({no}) in upbeat words with no "can't"/"sorry"-type word.
DECLINE_HOST_UPBEAT = ("PS: {no} got the Lisbon job and flies out that day, so toast them for me.",
                       "PS: {no} will be at their sister's wedding that evening - lovely for them.",
                       "PS: {no} is off hiking in Norway that week, lucky thing, so it's the rest of us.",
                       "PS: {no} has swapped our dinner for opening night at the theatre. Good for them!",
                       "PS: {no} is on the away team's bus that evening, so we're one fewer.")
# A host's mail about something else, naming a restaurant that is not the dinner's.
ASIDE = (
    "Random thought: if your parents visit next month, {other_place} does a lovely Sunday lunch.",
    "Did you ever try {other_place}? A colleague swears by it, maybe for another time.",
    "Totally unrelated, but {other_place} has reopened after the refit. We should go sometime.",
    "Forgot to say: I'm doing a work lunch at {other_place} tomorrow, will report back.",
    "Someone told me {other_place} is opening a second branch near you. Worth a try one day.",
)
SUBJECT_OLD = ("Tomorrow!", "See you tomorrow", "{old_place}", "Dinner tomorrow", "Re: tomorrow")
SUBJECT_HOST = ("Dinner on {weekday}?", "Dinner soon?", "Catch-up", "Long time no see", "Re: Dinner", "Booked",
                "Update", "{weekday}", "Quick note", "Hello")
SUBJECT_GUEST = ("{weekday} dinner", "Dinner", "See you soon", "Hi!", "Count me in", "{weekday}", "Sorry!",
                 "Re: {host}'s dinner")

# Someone the host invited too who is not coming, named in full in the booking (before or after the guest): so the
# booking's full name is the guest's only half the time. Told without "can't"/"not"-type words as often as with.
ASKED_NO = ("I also asked {asked}, who is in Porto on {weekday}.", "{asked} was invited as well but can't make it.",
            "{asked} would have loved to come; {weekday} is their daughter's recital.",
            "I tried {asked} too - no luck, sadly.", "{asked} has a work trip that week, so that's a pass from them.")
# A line about the guest the booking names (first name only), carrying refusal-type words although the guest comes.
GUEST_NEARLY = ("{gfirst} nearly said no because of work, but moved things around.",
                "{gfirst} can't stay late, but wouldn't miss it.", "No way {gfirst} is missing this, they said.",
                "{gfirst} had to cancel something else to come, sorry if they're a bit frazzled.",
                "{gfirst} wasn't sure at first, but is coming.")
# The restaurant the dinner is at, said to have been full before a table came free: "full" near the right place.
FULL_THEN_FREE = ("{place} was fully booked when I first rang, then someone cancelled.",
                  "{place} said no at first, but a table came free the next day.",
                  "I thought {place} had nothing, but they called back with a table.",
                  "No luck at {place} on the first try; the second time they found room.",
                  "{place} was packed out all week until a big group dropped out.")
# A restaurant the dinner is not at, said to have had room: availability words near a wrong place.
HAD_ROOM = ("{rejected} had a table too, but only by the kitchen door, so I passed.",
            "{rejected} could fit us in as well, but it's so loud there.",
            "I also got a yes from {rejected}, but I'd rather try something else this time.",
            "{rejected} offered us a table as well; I said thanks but no.",
            "{rejected} still had space, funnily enough, but we did that one to death.")
# A second paragraph on a host mail that is not the booking (the first plan, the aside): small talk, at times naming
# someone in full who has nothing to do with the dinner, so a PS or a full name marks no mail as the booking.
HOST_PS = ("PS: {someone} from my old team says hi.", "PS: I finally finished that book you lent me.",
           "PS: bumped into {someone} last week, they asked after you.", "PS: how did the move go in the end?",
           "PS: {someone} is having a party next month, you're invited too.")
# A second mail from the one coming that reads like a refusal at a glance (sorry, can't, late) but confirms.
STILL_HEDGED = ("Sorry, I can't get there before eight on {weekday}, but I'm not missing it.",
                "Ugh, work is mad - no chance I skip {weekday} though. See you there.",
                "I can't bring the wine after all on {weekday}, sorry! I'll still be there.",
                "Bad news: no babysitter till late. Good news: I'll still make {weekday}, just a bit after you.",
                "Sorry for the silence! Can't wait for {weekday}, nothing would stop me.")
# The one not coming withdraws in upbeat words, with no "can't"/"sorry"-type word.
DECLINE_UPBEAT = ("Great news: I got the Lisbon job! I fly out on {weekday}, so have a lovely dinner without me.",
                  "My sister is having the baby that week, so I'll be at the hospital on {weekday} - enjoy!",
                  "Turns out {weekday} is our anniversary, so I'm taking my wife out instead. Have fun!",
                  "I've been picked for the away match on {weekday}, so I'll skip the dinner. Enjoy it, all of you!",
                  "Lovely of {host} to ask! I'll be in Rome that evening though, so raise a glass for me.")

# Version 7: three restaurants in every booking, each with one of three kinds of note ("full"-type words, "too"/"as
# well"-type words, or neither), so no word beside a name marks the dinner's.
# The dinner's restaurant ({place}) praised in a line that carries a "too"/"also"/"as well"-type word, with no word
# that it was full or turned down: additive words beside the right place.
PLACE_ALSO = ("{place} does a great vegetarian menu too, so everyone is covered.",
              "{place} also has a little terrace, if the weather holds.",
              "I hear {place} has a new chef as well, so we're in luck.",
              "{place} is close to the station too, which helps.",
              "{place} also does cocktails, by the way.")
# A restaurant the dinner is NOT at ({rejected}) that was full or said no, told with no "too"/"also"-type word.
WAS_FULL = ("{rejected} was fully booked that night.", "{rejected} said no, they had a private party.",
            "No luck at {rejected}: nothing left.", "{rejected} had no tables at all.",
            "{rejected} was packed out.")
# A restaurant the dinner is NOT at ({rejected}) that the host thought of and chose against, in words with neither a
# "full"/"no room"-type nor a "too"/"also"-type word: only the sense says it is not the dinner's.
PASSED_OVER = ("I did think about {rejected}, but it's a long way for you.",
               "{rejected} crossed my mind, but the reviews lately are mixed.",
               "I nearly went for {rejected}, then remembered how loud it gets.",
               "{rejected} was my first idea, but parking there is a nightmare.",
               "I looked at {rejected} first, but the menu has changed for the worse.")
# Version 7: a third clock time ({third}) on the dinner's evening that the dinner is NOT at: a slot the restaurant
# offered that the host did not take. Said in the booking or in the host's other mail this week.
TIME_THIRD = ("They could also have done {third}, but I didn't take it.",
              "{third} was on offer as well, which I passed on.",
              "(They suggested {third} too; I said no.)",
              "For the record, {third} was the other slot they had; not for us.",
              "I was offered {third} as well, but turned it down.")
# Version 7: a line about someone from an earlier dinner ({old_other}) that says nothing about where this week's
# dinner is: so an earlier guest named in the booking marks no earlier dinner by being named.
OLD_NEWS = ("{old_other} asked after you the other day.", "I saw {old_other} last week, still the same.",
            "{old_other} says hello, by the way.", "Ran into {old_other} in town, we must all meet again.",
            "{old_other} has a new job, did you hear?")

KINDS = {"event_title": TITLE, "old_dinner": OLD, "plan": PLAN, "booked": BOOKED, "booked_again": BOOKED_AGAIN,
         "last_time": AGAIN, "place_with": PLACE_WITH, "time_moved": MOVED, "time_later": LATER,
         "time_in_calendar": IN_CALENDAR, "time_updated": UPDATED, "time_back": BACK, "time_kept": KEPT,
         "coming_too": LATE, "still_coming": STILL, "not_coming": DECLINE_SELF, "not_coming_host": DECLINE_HOST,
         "coming_host": LATE_HOST, "aside": ASIDE, "subject_old": SUBJECT_OLD, "subject_host": SUBJECT_HOST,
         "subject_guest": SUBJECT_GUEST, "asked_no": ASKED_NO, "guest_nearly": GUEST_NEARLY,
         "full_then_free": FULL_THEN_FREE, "had_room": HAD_ROOM, "host_ps": HOST_PS, "still_hedged": STILL_HEDGED,
         "decline_upbeat": DECLINE_UPBEAT, "time_is": TIME_IS, "time_not": TIME_NOT,
         "time_not_later": TIME_NOT_LATER, "time_as_planned": AS_PLANNED,
         "before_last": BEFORE_LAST, "coming_host_hedged": LATE_HOST_HEDGED,
         "not_coming_host_upbeat": DECLINE_HOST_UPBEAT, "place_also": PLACE_ALSO, "was_full": WAS_FULL,
         "passed_over": PASSED_OVER, "time_third": TIME_THIRD, "old_news": OLD_NEWS}
