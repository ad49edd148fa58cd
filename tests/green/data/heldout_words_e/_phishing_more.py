"""Held-out wording of phishing_guard's kinds added in session 19."""

from __future__ import annotations

from typing import Any


# Real messages with an attack's surface (decoys.py): a stranger's sender, a file, an outside address, an unknown
# number naming a colleague; each asks for nothing. A letter is its subject, a line break, then its body; each note
# may come from the vendor's dispatch desk or from its delivery partner, so it signs for the vendor, not as it.
def _dispatch_status(*, d: Any) -> str:
    return (f"Delivered - {d.store} store ({d.vendor}, expedited) - {d.pod_file}\n"
            f"Consignment status: DELIVERED\n"
            f"Delivered to:   {d.store} store, receiving dock\n"
            f"Shipper:        {d.vendor} - rush replenishment\n"
            f"Signed for:     yes, see {d.pod_file} (attached)\n\n"
            f"Damage or shortage? Report it to {d.claims_desk}. This mailbox does not deal with claims.\n\n"
            f"No action is required from {d.company}: this copy is for your files only.\n\n"
            f"Automated dispatch notice, on behalf of {d.vendor}")


def _dispatch_chatty(*, d: Any) -> str:
    return (f"{d.store} rush order - arrived\nHi all,\n\njust so you know, the rush order for {d.store} made it. "
            f"Driver got there before opening and the store signed for the lot. I've stuck the POD on this email "
            f"({d.pod_file}) in case anyone asks for it later.\n\nWe don't handle claims ourselves - any damage goes "
            f"straight to {d.claims_desk}, not to me. That's it, nothing for you to action.\n\nThanks\nDispatch "
            f"office ({d.vendor} account)")


def _dispatch_claims_first(*, d: Any) -> str:
    return (f"Important: claims address for your {d.vendor} delivery\nDear {d.company},\n\nPlease note that any "
            f"damage claim on today's expedited {d.vendor} consignment to {d.store} must be made to our claims "
            f"handler, {d.claims_desk}, and not to this address. The consignment itself arrived complete and was "
            f"signed for at the store; the signed proof of delivery is attached as {d.pod_file}. This is for your "
            f"records only - nothing is owed and no reply is due.\n\nRegards,\nTransport coordination, {d.vendor} "
            f"deliveries")


def _courier_docket(*, d: Any) -> str:
    return (f"hey its the {d.vendor} driver, gave {d.tom[0]} the signed delivery dockets at the back door. all "
            f"sorted, dont need anything")


def _courier_pallet(*, d: Any) -> str:
    return (f"{d.tom[0]} took the spare pallet I owed your lot off the van at the dock just now. Driver, "
            f"{d.vendor}. No need to get back to me")


def _courier_crates(*, d: Any) -> str:
    return (f"This is the driver from this morning's {d.vendor} drop. Your colleague {d.tom[0]} has the two crates "
            f"of returns from me, signed for. Nothing for you to do, cheers")


# The store's real text about the raffle's gift cards names the CEO who ordered them, as the scam text names the CEO
# (the pack's first wording of this kind left the CEO out; these replace it).
def _store_landed(*, d: Any) -> str:
    return (f"Gift cards for {d.ceo[0]}'s customer raffle on Saturday - {d.gift_brand}, full count - landed with "
            f"today's delivery at the {d.store} store. They're in the safe till then. You don't need to do anything; "
            f"the bill goes through the normal way.")


def _store_in_case(*, d: Any) -> str:
    return (f"Hi it's {d.store} store. Just a note in case {d.ceo[0]} asks: the {d.gift_brand} cards for the "
            f"customer raffle came in fine this morning and are locked up. Receipt will be in with the weekly "
            f"expenses. No reply needed")


def _store_manager(*, d: Any) -> str:
    return (f"Text from the {d.store} store manager - all the {d.gift_brand} raffle cards that {d.ceo[0]} approved "
            f"are here and in our safe. Invoice will come through as normal, nothing needed from you. Thanks!")


WORDS: dict[str, Any] = {
    "dispatch_notice": (_dispatch_status, _dispatch_chatty, _dispatch_claims_first),
    "courier_text": (_courier_docket, _courier_pallet, _courier_crates),
    "store_text": (_store_landed, _store_in_case, _store_manager),
}
