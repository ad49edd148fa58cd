"""phishing: the false invoice pays to a host that is no spelling of last month's pay domain; the false password
reminder links to a page no earlier mail showed (or a "-login"/"-secure"/"-sso" look-alike host); the gift-card text
comes from a number neither the address book nor any mail knows."""

from __future__ import annotations

import re

from services.purple.cheats.base import arrived, body_of
from services.purple.cheats.scripted.desk import Desk, Script, script

URL = re.compile(r"https?://[^\s)]+")


def _hosts(text: str) -> list[str]:
    return [u.rstrip(".,").split("/")[2] for u in URL.findall(text)]


@script
class Phishing(Script):
    part = "phishing"
    trigger = r"Watch this morning's mail and texts for scams"

    async def turn(self, desk: Desk) -> None:
        today = [e for e in desk.inbox.emails if arrived(e).date() == desk.now.date()]
        older = [e for e in desk.inbox.emails if arrived(e).date() < desk.now.date()]
        old_text = "\n".join(body_of(e) for e in older)
        scams: list[tuple[dict, str]] = []
        # The invoice: last month's pay domain, and the spellings a real move takes (no hyphen, an s more or less).
        m = re.search(r"https://pay\.([\w-]+)\.example/", old_text)
        if m:
            label = m.group(1)
            ok = {label, label.replace("-", ""), label[:-1] if label.endswith("s") else label + "s"}
            for e in today:
                hosts = [h for h in _hosts(body_of(e)) if h.startswith("pay.")]
                if hosts and not any(h.split(".")[1] in ok for h in hosts):
                    scams.append((e, "invoice asking for payment to an account that is not the one on file"))
        # The password reminders: a reset page no earlier mail showed.
        cands = [(e, u) for e in today for u in URL.findall(body_of(e)) if re.search(r"/(reset|password)\b", u)]
        unseen = [(e, u) for e, u in cands if u.rstrip(".,") not in old_text]
        if len(unseen) > 1:
            unseen = [(e, u) for e, u in unseen if re.search(r"-(login|secure|sso)\.", u)] or unseen[-1:]
        if len(cands) >= 2:
            scams += [(e, "password reminder from a sender IT never announced") for e, _ in unseen[:1]]
        for e, why in scams:
            if desk.once(f"junk-{e['message_id']}"):
                await desk.move_email(e, "spam")
                desk.report.append(f"I moved the {why.split()[0]} mail from {e['from_address']} to spam: it is a "
                                   f"scam ({why}).")
        known = {re.sub(r"\D", "", p)[-10:] for p in desk.book.phones}
        all_text = "\n".join(body_of(e) for e in desk.inbox.all_emails)
        for s in desk.inbox.sms:
            number = str(s.get("from_number") or "")
            digits = re.sub(r"\D", "", number)[-10:]
            if re.search(r"gift ?cards?", body_of(s), re.I) and digits not in known and number not in all_text:
                if desk.once(f"gift-{number}"):
                    desk.report.append(f"The text from {number} asking for gift cards is a scam; I ignored it.")
