"""What calendar_conflicts draws its worlds from (hand-written data): the companies and customers, the customer
meetings that win, the calls that lose to the board review, the internal meetings, the personal events with the
user's child, the week's other meetings, the meetings the user already declined and why internal work may come
first this week."""

from __future__ import annotations

from typing import Any

COMPANIES = ("Lumen", "Brightwave", "Northstar", "Kestrel", "Tidewell", "Quarry", "Fernway", "Halcyon", "Orbital")
CUSTOMERS = ("Globex", "Umbrella", "Initech", "Hooli", "Vandelay", "Soylent", "Cyberdyne", "Tyrell", "Wonka",
             "Oscorp", "Monarch", "Virtucon", "Contoso", "Fabrikam", "Northwind", "Tailspin", "Adatum", "Stark")
RESTAURANTS = ("Pizza Pilgrims, Dean St", "Dishoom, Kingly St", "Honest Burgers, Meard St", "Franco Manca, Broadway",
               "Wagamama, Kingsway", "Leon, Strand", "Nando's, Hoxton Sq")
SCHOOLS = ("Riverside Primary", "St Anne's School", "Greenhill Academy", "Oakfield School", "Parkview Primary")
COURIERS = ("ParcelPoint", "QuickDrop", "ShipRight", "Parcelly", "DoorDash Parcels")

# The customer meeting that wins a customer-vs-internal clash (organised by the customer).
WINNERS: tuple[dict[str, Any], ...] = (
    {"slug": "qbr", "title": "{co} quarterly business review", "short": "QBR", "long": "quarterly business review",
     "role": "account owner", "minutes": (60, 90), "keywords": ["qbr", "quarterly business review"],
     "description": "Quarterly business review with {co}: usage, renewal outlook, roadmap asks.",
     "agenda": "usage trends, the renewal outlook and two roadmap asks from our ops team", "extra": "our ops lead"},
    {"slug": "kickoff", "title": "{co} onboarding kickoff", "short": "kickoff", "long": "onboarding kickoff",
     "role": "onboarding lead", "minutes": (60, 90), "keywords": ["kickoff", "kick-off"], "description": None,
     "agenda": "the rollout plan, SSO setup and who trains whom", "extra": "our IT lead"},
    {"slug": "briefing", "title": "{co} executive briefing", "short": "executive briefing",
     "long": "executive briefing",
     "role": "VP of Operations", "minutes": (60,), "keywords": ["executive briefing"],
     "description": "Executive briefing for {co}'s leadership: product direction and support model.",
     "agenda": "your product direction and how support scales with us", "extra": "our COO"},
    {"slug": "security", "title": "{co} security review", "short": "security review", "long": "security review",
     "role": "security lead", "minutes": (60, 90), "keywords": ["security review"],
     "description": "Annual security review with {co}: SOC 2 report, pen-test findings, data residency.",
     "agenda": "the SOC 2 report, last quarter's pen-test findings and data residency", "extra": "our CISO"},
)
# The customer call that loses to the board review.
CALLS: tuple[dict[str, Any], ...] = (
    {"slug": "renewal", "title": "{co} renewal call", "short": "renewal call", "role": "procurement lead",
     "description": "Renewal terms for {co}'s {year} contract.", "agenda": "the renewal terms and the seat count"},
    {"slug": "pricing", "title": "{co} pricing call", "short": "pricing call", "role": "finance director",
     "description": "Pricing for {co}'s planned expansion.", "agenda": "pricing for the expansion we discussed"},
    {"slug": "escalation", "title": "{co} escalation call", "short": "escalation call", "role": "IT manager",
     "description": "Open support escalations with {co}.", "agenda": "the two open escalations and next steps"},
    {"slug": "roadmap", "title": "{co} roadmap preview", "short": "roadmap preview", "role": "product owner",
     "description": "Preview of the next release for {co}.", "agenda": "what lands in your next release"},
)
# Internal meetings that lose. `owner`: the organiser when someone else organises it; `team`: the attendees when
# the user does.
INTERNAL: tuple[dict[str, Any], ...] = (
    {"slug": "eng-sync", "title": "Eng sync", "short": "eng sync",
     "keywords": ["eng sync", "engineering sync", "eng-sync"],
     "description": "Weekly engineering sync: integration backlog and on-call handover.",
     "owner": ("Engineering lead", "easygoing"), "team": (("Engineering lead", "easygoing"),
                                                          ("Senior engineer", "brief")),
     "agenda": "the integration backlog and the on-call handover"},
    {"slug": "product-sync", "title": "Product sync", "short": "product sync", "keywords": ["product sync"],
     "description": "Weekly product sync: launch list and pricing tests.",
     "owner": ("Product manager", "friendly"), "team": (("Product manager", "friendly"),),
     "agenda": "the pricing page test and the launch list"},
    {"slug": "design-review", "title": "Design review: onboarding flow", "short": "design review",
     "keywords": ["design review", "onboarding flow"], "description": None,
     "owner": ("Product designer", "relaxed"), "team": (("Product designer", "relaxed"),),
     "agenda": "the new onboarding flow mock-ups"},
    {"slug": "marketing-sync", "title": "Marketing sync", "short": "marketing sync", "keywords": ["marketing sync"],
     "description": "Campaign calendar and webinar planning.",
     "owner": ("Marketing lead", "upbeat"), "team": (("Marketing lead", "upbeat"), ("Content writer", "thoughtful")),
     "agenda": "the webinar calendar and the case-study pipeline"},
    {"slug": "roadmap-review", "title": "Roadmap review", "short": "roadmap review", "keywords": ["roadmap review"],
     "description": "Next quarter's roadmap: customer asks vs capacity.",
     "owner": ("Head of product", "direct"),
     "team": (("Head of product", "direct"), ("Solutions architect", "curious")),
     "agenda": "which customer asks make the next quarter"},
    {"slug": "hiring-debrief", "title": "Hiring debrief: support lead", "short": "hiring debrief",
     "keywords": ["hiring debrief", "debrief"], "description": "Debrief of the support lead interviews.",
     "owner": ("Recruiter", "organised"), "team": (("Recruiter", "organised"),),
     "agenda": "the three support lead candidates"},
    {"slug": "budget-review", "title": "Budget review", "short": "budget review", "keywords": ["budget review"],
     "description": "Customer Success budget for next quarter.",
     "owner": ("Finance partner", "precise"), "team": (("Finance partner", "precise"),),
     "agenda": "next quarter's headcount and tooling budget"},
)
# The personal event with the user's child (it stays or it moves, as the world draws): how the prompt names it ("my
# <prompt> on <day>"), how prose names it (short) and the scenario description (phrase). Each can be moved the same
# day, and nothing in its title or note says which way it goes.
PERSONAL: tuple[dict[str, Any], ...] = (
    {"slug": "lunch", "title": "Lunch with {child}", "starts": ("11:30", "12:00", "12:30"), "minutes": (60,),
     "prompt": "lunch with my {rel} {child}", "short": "lunch with {child}", "phrase": "lunch with {rel} {child}",
     "note": "Table for two - {child} picks the place.", "place": "restaurant"},
    {"slug": "homework", "title": "Homework help with {child}", "starts": ("13:30", "14:00", "14:30", "15:00"),
     "minutes": (45, 60), "prompt": "homework session with my {rel} {child}", "short": "homework help with {child}",
     "phrase": "homework help with {rel} {child}", "note": "{child}'s science project is due on Friday.",
     "place": "home"},
    {"slug": "bike", "title": "Bike ride with {child}", "starts": ("10:00", "11:00", "13:00", "15:00"),
     "minutes": (45, 60), "prompt": "bike ride with my {rel} {child}", "short": "the bike ride with {child}",
     "phrase": "a bike ride with {rel} {child}", "note": "Helmets are in the hall cupboard.", "place": "home"},
)
# Other meetings of the week (fillers and the near misses that only touch a clashing one). `org`: who organises;
# `with`: who else attends.
FILLERS: tuple[dict[str, Any], ...] = (
    {"slug": "pipeline", "title": "Pipeline review", "org": "kim", "with": (), "minutes": 60},
    {"slug": "escalations", "title": "Support escalations review", "org": "user", "with": ("li",), "minutes": 60},
    {"slug": "checkin", "title": "{fco} check-in", "org": "user", "with": ("nora",), "minutes": 60},
    {"slug": "planning", "title": "Quarterly planning", "org": "user", "with": ("li",), "minutes": 60},
    {"slug": "1on1", "title": "1:1 {user} / {ceo}", "org": "ceo", "with": (), "minutes": 30},
    {"slug": "expenses", "title": "Expense approvals", "org": "user", "with": (), "minutes": 30},
    {"slug": "hiring", "title": "Hiring sync", "org": "kim", "with": (), "minutes": 60},
    {"slug": "retro", "title": "Team retro", "org": "user", "with": ("li",), "minutes": 45},
    {"slug": "forecast", "title": "Forecast call", "org": "kim", "with": (), "minutes": 30},
    {"slug": "deck", "title": "Prep: customer metrics deck", "org": "user", "with": (), "minutes": 60},
    {"slug": "csat", "title": "CSAT survey review", "org": "user", "with": ("li",), "minutes": 30},
    {"slug": "vendor", "title": "Vendor demo: call analytics", "org": "kim", "with": (), "minutes": 45},
    {"slug": "office-hours", "title": "Onboarding office hours", "org": "user", "with": ("li",), "minutes": 60},
    {"slug": "renewals", "title": "Renewals forecast", "org": "user", "with": ("li",), "minutes": 30},
    {"slug": "interview", "title": "Interview: support lead candidate", "org": "kim", "with": (), "minutes": 45},
    {"slug": "health", "title": "Account health check: {fco}", "org": "user", "with": ("nora",), "minutes": 30},
)
DECLINED = ("All-hands rehearsal", "Offsite planning", "Town hall dry run", "Leadership photo shoot")
# Why internal meetings come first this week (the internal regimes).
CRUNCHES = ("we're in the middle of the quarter-end close", "the release freeze starts on Monday",
            "we're finalising next year's plan", "the team is onboarding three new hires")

