"""Who is who in email_triage_basic, as the templates write them, and the words of the user's request.

The templates (``mail``) and everything here name Maya Lindqvist, VP of Operations at Copperleaf Foods, her twelve
correspondents, the colleague they mention, the supplier, the customer, the audit firm and two sites: world 0's
cast. Every other world renames them all (``params.names``) from the pools below, consistently in every text.
``characters`` are the scenario's character sheets, ``PROMPT`` and ``DESCRIPTION`` the user's request and the
scenario's summary.
"""

from __future__ import annotations

from typing import Any

from green_agent.scenario_kit.records import CharacterRecord, ReplyRule

Record = dict[str, Any]

USER = "maya"
USER_PHONE = "+15550107700"
CO = "copperleaf.example"

# person id → (first name, last name, address) as the templates write them. The user is "maya"; "jonah" sends
# nothing.
PEOPLE: dict[str, tuple[str, str, str]] = {
    "maya": ("Maya", "Lindqvist", f"maya.lindqvist@{CO}"),
    "daniel": ("Daniel", "Okoro", f"daniel.okoro@{CO}"),
    "aiko": ("Aiko", "Tanaka", f"aiko.tanaka@{CO}"),
    "marcus": ("Marcus", "Feld", f"marcus.feld@{CO}"),
    "priya": ("Priya", "Raman", f"priya.raman@{CO}"),
    "grace": ("Grace", "Liu", f"grace.liu@{CO}"),
    "helen": ("Helen", "Achebe", f"helen.achebe@{CO}"),
    "lena": ("Lena", "Novak", f"lena.novak@{CO}"),
    "tomas": ("Tomás", "Rivera", f"tomas.rivera@{CO}"),
    "raj": ("Raj", "Mehta", f"raj.mehta@{CO}"),
    "ben": ("Ben", "Whitaker", "ben.whitaker@ridgelinepack.example"),
    "sofia": ("Sofia", "Marchetti", "sofia.marchetti@greenwaymarkets.example"),
    "omar": ("Omar", "Haddad", "omar.haddad@safeharbor-audits.example"),
    "carla": ("Carla", "Duarte", "billing@ridgelinepack.example"),  # a person behind a role address
}
JONAH = "Jonah"  # the colleague named in the shift-swap mail, who sends none
USER_EMAIL = PEOPLE[USER][2]
# Spelling variants of a name that mean the same person in a summary.
VARIANTS = {"Tomás": ("Tomas",)}

# The organisations and sites: (full name, short name, mail domain).
Organisation = tuple[str, str, str]
COMPANY: Organisation = ("Copperleaf Foods", "Copperleaf", CO)
SUPPLIER: Organisation = ("Ridgeline Packaging", "Ridgeline", "ridgelinepack.example")
CUSTOMER: Organisation = ("Greenway Markets", "Greenway", "greenwaymarkets.example")
AUDITOR: Organisation = ("SafeHarbor Audits", "SafeHarbor", "safeharbor-audits.example")
WAREHOUSE = "Eastfield"
COLD_STORE = "Bayside"
INVOICE = "RP-7731"
# The outside senders, by the organisation a summary may name them by.
OUTSIDE = {"ben": SUPPLIER, "carla": SUPPLIER, "sofia": CUSTOMER, "omar": AUDITOR}

# What a world draws the organisations and sites from.
COMPANIES = (("Birchwood Provisions", "Birchwood", "birchwood.example"),
             ("Northgate Foods", "Northgate", "northgatefoods.example"),
             ("Saltmeadow Foods", "Saltmeadow", "saltmeadow.example"),
             ("Tidewater Provisions", "Tidewater", "tidewater.example"),
             ("Juniper Fresh", "Juniper", "juniperfresh.example"))
SUPPLIERS = (("Boxwell Packaging", "Boxwell", "boxwellpack.example"),
             ("Corrugo Packaging", "Corrugo", "corrugo.example"),
             ("Foldline Cartons", "Foldline", "foldline.example"),
             ("Kestrel Packaging", "Kestrel", "kestrelpack.example"))
CUSTOMERS = (("Fairbrook Markets", "Fairbrook", "fairbrookmarkets.example"),
             ("Pennyroyal Grocers", "Pennyroyal", "pennyroyal.example"),
             ("Meadowlark Markets", "Meadowlark", "meadowlark.example"),
             ("Orchard Row Grocers", "Orchard Row", "orchardrow.example"))
AUDITORS = (("ClearPath Audits", "ClearPath", "clearpath-audits.example"),
            ("Veritas Food Audits", "Veritas", "veritas-audits.example"),
            ("TrueNorth Audits", "TrueNorth", "truenorth-audits.example"))
WAREHOUSES = ("Millbrook", "Westgate", "Stonebridge", "Oakridge", "Northfield")
COLD_STORES = ("Harbourview", "Dockside", "Lakeside", "Portside", "Quayside")
# The colleague who asks for the shift swap is "he" in the mail.
HIS_NAMES = ("Bruno", "Caleb", "Felix", "Hugo", "Ivan", "Kofi", "Leon", "Malik", "Oskar", "Rafael", "Theo", "Yusuf")

DESCRIPTION = (
    "A Tuesday at Copperleaf Foods. Maya, VP of Operations, is at an offsite and asks the assistant for a ranked "
    "triage summary in chat every hour while 56 emails come in: a warehouse-system outage, a customer escalation, an "
    "auditor chasing confirmation, the CEO's board-deck deadline, a supplier's billing desk, routine requests, and a "
    "steady stream of newsletters, promotions and notifications - some from person-named senders that shout "
    "'urgent'. Urgency is a judgement (a deadline before 17:00 today), not a tone: real deadlines come calmly worded, "
    "routine mail says 'not urgent, no deadline today'. The assistant must report every substantive email in the "
    "next summary in its own words (what it needs and by when or how much), urgent items first, leave the noise out, "
    "post once per hour, and send nothing on Maya's behalf.")
PROMPT = (
    "Morning! I'm at the ops offsite all day, so please be my inbox filter. Every hour on the hour from 8:00 to 16:00 "
    "UTC, starting now, post a triage summary here covering the email that arrived since your previous summary (this "
    "first one: everything already in my inbox). Rank the items most urgent first - urgent means it needs me, or "
    "something goes wrong, before 17:00 today, whatever tone the email takes - and for each one name the sender and "
    "say in a line, in your own words, what it needs from me and by when (or how much). Leave newsletters, "
    "promotions, sales pitches and automated notifications out entirely - don't even list them. And please don't "
    "send any email or text on my behalf today; I'll answer people myself. Thanks! - Maya")
# Drawn worlds' mail names what it needs and what it does not (``letters``): the request says which to report.
PROMPT_DRAWN = PROMPT.replace("what it needs from me and by when", "what it still needs from me (not what the "
                                                                 "sender says is covered) and by when")
PERSONALITY = ("VP of Operations at Copperleaf Foods, a regional food distributor. In an offsite all day; wants "
               "crisp, ranked updates and answers people herself.")

# person id → (personality, response delay, the answer to any email); colleagues are at the user's company.
SHEETS: dict[str, tuple[str, str, str]] = {
    "daniel": ("CEO of Copperleaf Foods. Direct, deadline-driven.", "PT15M", "Got it, thanks. Daniel"),
    "aiko": ("HR business partner; friendly and organised.", "PT40M", "Thanks Maya! Noted. Aiko"),
    "marcus": ("In-house legal counsel; precise, unhurried.", "PT1H",
               "Thanks Maya, I'll fold that into the lease comments. Marcus"),
    "priya": ("IT and warehouse-systems lead; calm under pressure.", "PT10M",
              "Thanks Maya — on it, I'll keep you posted. Priya"),
    "grace": ("Warehouse shift supervisor reporting to Maya.", "PT20M", "Thank you! I'll let Jonah know. Grace"),
    "helen": ("Financial controller; careful with numbers.", "PT30M", "Thanks Maya, noted. Helen"),
    "lena": ("Ops team coordinator; upbeat.", "PT25M", "Yay, thanks Maya! Lena"),
    "tomas": ("Fleet manager; practical.", "PT15M", "Understood, thanks. Tomás"),
    "raj": ("Sales director.", "PT45M", "Thanks Maya, appreciate it. Raj"),
    "ben": ("Account manager at Ridgeline Packaging, a supplier.", "PT1H",
            "Thanks Maya, I'll send over a proposal. Ben"),
    "sofia": ("Category manager at Greenway Markets, Copperleaf's largest grocery customer; under pressure from the "
              "chain's own stores.", "PT20M", "Thanks for getting back to me, Maya. I'll hold you to that. Sofia"),
    "omar": ("Lead auditor at SafeHarbor Audits; formal.", "PT30M",
             "Dear Maya, thank you for confirming. Regards, Omar Haddad"),
    "carla": ("Accounts receivable at Ridgeline Packaging, a supplier; writes from the billing desk's shared "
              "mailbox.", "PT30M", "Thank you, Maya - I've noted it on the account. Carla"),
}
# The CEO's answer to mail about the board numbers names their deadline.
BOARD_REPLY = "Thanks Maya — I'll watch for the numbers before {board_due}. Daniel"

# The user's calendar: id → (title, start, end, description) on the day.
CALENDAR = {
    "cal-offsite": ("Ops leadership offsite (Harbour Room)", "08:30", "16:30",
                    "Quarterly planning offsite; phone on silent."),
    "cal-board-prep": ("Board prep with Daniel", "17:00", "17:30", "Walk through the ops slide."),
}


def characters(board_due: str) -> dict[str, CharacterRecord]:
    """Every character as the templates name them: the user's whole sheet, then each correspondent, who answers any
    email once (the CEO names the board deadline, ``board_due``, when the mail is about the board)."""
    name, last, email = PEOPLE[USER]
    out: dict[str, CharacterRecord] = {"user": {"name": f"{name} {last}", "email": email, "phone": USER_PHONE,
                                       "personality": PERSONALITY,
                                       "response_timing": {"base_delay": "PT30M", "variance": "PT10M"}}}
    for pid, (personality, delay, reply) in SHEETS.items():
        first, last, email = PEOPLE[pid]
        replies: list[ReplyRule] = [{"match": {"modality": "email"}, "reply": {"body": reply}}]
        if pid == "daniel":
            replies.insert(0, {"match": {"modality": "email", "body_contains": "board"},
                               "reply": {"body": BOARD_REPLY.format(board_due=board_due)}})
        out[pid] = {"name": f"{first} {last}", "email": email, "personality": personality,
                    "relationships": {"user": "external contact" if pid in OUTSIDE else "colleague"},
                    "response_timing": {"base_delay": delay, "variance": "PT5M"}, "scripted_replies": replies}
    return out
