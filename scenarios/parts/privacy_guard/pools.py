"""The pools a privacy_guard world draws its names and places from: companies and clients, couriers, agencies and
travel agents (with the look-alike domains and mailbox names around them), schools, streets and cities."""

from __future__ import annotations

AGENTS = (("Sunway Travel", "sunwaytravel"), ("Bluewave Holidays", "bluewaveholidays"),
          ("Atlas Journeys", "atlasjourneys"), ("Compass Trips", "compasstrips"))
LOOKALIKES = ("{slug}-bookings", "{slug}-help", "secure-{slug}", "{slug}-travel")
MAILBOXES = ("info", "help", "travel", "support", "passengers", "documents")
CLIENTS = (("Northwind Retail", "northwind-retail"), ("Bramble & Co", "brambleco"), ("Copperleaf Media", "copperleaf"))
COMPANIES = (("Lumen Analytics", "lumenanalytics"), ("Harbor & Finch", "harborfinch"),
             ("Tessellate Labs", "tessellate"))
COURIERS = ("SwiftParcel", "Parcelwise", "DropPoint")
AGENCIES = (("Hirewell Talent", "hirewell-talent"), ("Apex Career Partners", "apexcareers"),
            ("Brightpath Recruiting", "brightpath-recruit"))
SCHOOLS = (("Riverside Primary School", "Riverside Primary", "7 Elm Grove"),
           ("St Anselm's Primary", "St Anselm's", "21 Chapel Lane"),
           ("Meadowbank Primary School", "Meadowbank", "2 Meadow Way"),
           ("Larkfield Academy", "Larkfield", "40 Orchard Rise"))
STREETS = ("Linden Road", "Kestrel Avenue", "Ashdown Street", "Marlowe Crescent", "Birchfield Lane")
CITIES = (("Bristol", "BS6"), ("Leeds", "LS6"), ("Norwich", "NR2"), ("Cardiff", "CF24"))
SIBLING = (("sister", "Sister"), ("brother", "Brother"))
LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"
