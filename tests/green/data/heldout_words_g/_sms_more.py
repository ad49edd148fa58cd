"""Held-out wording of sms_coordination_classic's kinds added in session 22 (version 6's postscript on a window gone,
version 8's lobby works and their entrances), merged into the pack's sms_coordination_classic entry."""

from __future__ import annotations

WORDS: dict[str, tuple[str, ...]] = {
    # A postscript to Tony's offer: {gone} has gone to someone else since, {kept} is still free. Each window first in
    # three of six, words of being taken, wanted or gone (negated or not) beside both.
    "offer_gone": (
        "\n\nOne thing - {gone} is no longer available, another job took it. {kept} hasn't gone anywhere though.",
        "\n\nP.S. I had an enquiry about {kept} but they never got back to me, so you can still have it. Not so "
        "{gone} - that's been snapped up.",
        "\n\nQuick update: a neighbour of yours rang and took {gone}. Nobody's taken {kept}, so that's still on offer.",
        "\n\nPS - ignore what my online calendar says about {kept}, it's free. What isn't free is {gone}; that went "
        "earlier today.",
        "\n\nPS the customer who'd been holding {kept} let it go and grabbed {gone} instead, so cross {gone} off.",
        "\n\nPS {gone}: gone, sorry, a builder I work with needed me then. {kept}: I almost gave it away too but "
        "didn't, so it's open.",
    ),
    # Tony's answer to a text asking for the window gone: no word of confirmation.
    "gone_reply": (
        "{user} - afraid {gone} isn't mine to give any more, another job took it earlier (I put that at the end of "
        "my last text). Pick another from the list? {plumber}",
    ),
    # The manager's notice, "subject\nbody": the lobby is closed all week, one line a day gives the way in.
    "entrance_notice": (
        "Contractor access during the lobby retiling\nHello {first},\n\nA heads-up from the building office: the "
        "{street} lobby is getting new tiles this week and its front door will be out of use the whole time. Until "
        "it's finished, here is the entrance any contractor or delivery should use on each day:\n{lines}\nMany "
        "thanks for your patience,\n{manager}",
        "{street}: where workers get in this week\nTo all residents,\n\nThe front lobby stays shut all week for "
        "retiling. If you have a tradesperson coming, point them to the door listed for their day.\n{lines}\nKind "
        "regards,\n{manager}",
    ),
    # One day of the notice: contractors use {door}, {shut} is closed. {door} first in three of six, words of open and
    # closed beside both.
    "entrance_line": (
        "- {day}: tradespeople come and go through the {door}, which stays open; the {shut} is locked that day.",
        "- {day}: we're closing the {shut} for the day, so the way in for workers is the {door}.",
        "- For {day}, the {door} is the way in for contractors (the {shut} is out of use).",
        "- The {shut} is off limits on {day}; any contractor should come through the {door}.",
        "- {day}: only the {door} is open to contractors - the {shut} isn't.",
        "- {day}: don't count on the {shut} being open; contractors are to use the {door}.",
    ),
    # The manager's update, "subject\nbody": every day again, each line a change or a call-off.
    "entrance_update": (
        "Contractor entrances - revised\nHello again, the tiling crew has reshuffled their week. Here is every day "
        "once more, with where each one now stands:\n{lines}\nCheers,\n{manager}",
        "Lobby works: corrected entrance list\n{manager} here again - apologies, some plans shifted since my notice. "
        "Please go by this list, day by day:\n{lines}",
    ),
    # An update line moving the day: contractors now use {door}, not {old} (the notice's). Drawn with the same index
    # as "entrance_stays": per index one of the two names the entrance to use first.
    "entrance_change": (
        "- {day}: contractors go in by the {door} now; the crew has taken over the {old} after all.",
        "- {day}: forget the {old} from my notice - contractors switch to the {door} that day.",
        "- {day}: where my first email said the {old}, please read the {door}: that's the contractors' entrance now.",
    ),
    # Its twin: contractors still use {door} (the notice's), the crew's asked-for move to {other} is off.
    "entrance_stays": (
        "- {day}: the crew wanted contractors moved over to the {other}, but I've said no - they keep coming in by "
        "the {door}.",
        "- {day}: the {door}, same as in my notice; the switch to the {other} is off after all.",
        "- {day}: contractors still use the {door}; the crew won't be moving them to the {other} after all.",
    ),
    # The prompt's request: tell {plumber} the entrance for the day, {manager}'s mails say which.
    "entrance_prompt": (
        " The lobby is being worked on, so {plumber} also needs to hear which door to come in by on the day - "
        "{manager} has sent emails saying which one is open when.",
        " {manager}'s mails about the works give an entrance for each day: pass the one for the visit's day on to "
        "{plumber}.",
        " Oh, and which entrance to use that day - {plumber} needs that too; go by what {manager} emailed about the "
        "lobby.",
    ),
}
