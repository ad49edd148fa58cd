"""phishing: after the morning's mail is in (10:00), by structure alone. Password reminders are the mails linking a
page with a one-time token ("?t="); the real one is the one from IT's desk address (the address book's IT contact),
else from the sender of an earlier mail dated in a month IT's mails name, else from the sign-in provider IT's mails
name (its domain), else from an address IT's mails name; every other reminder is a scam. Invoices are the mails
with an amount and a pay link: real when the link's host is the supplier's book domain, a domain last month's mail
names without a warning word beside it, or a billing platform an earlier mail names; else a scam. The gift-card text
names the CEO from a number neither the book nor any mail knows. Scams go to spam; each is called out in chat with
its sender, its ask and its reason."""
from __future__ import annotations

import re
from datetime import datetime

from services.purple.cheats.scripted.desk import Desk, Script, script

PROVIDERS = ("Keyloop", "Passgate", "SignBridge", "Authwell", "Idenza", "Lockstep ID")
PLATFORMS = ("Payhub", "Billwise", "Invoicely", "Settleup")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
URL = re.compile(r"https?://[^\s)>\]]+")
WARN = r"\b(not|fake|fraud\w*|beware|impersonat\w*|never|delete|ignore|scam\w*|isn't|warning)\b"


def _dom(addr: str) -> str:
    return addr.rsplit("@", 1)[-1].lower().strip(">")


def _host(url: str) -> str:
    return url.split("/")[2].lower() if "//" in url else url.lower()


def _text(e: dict) -> str:
    return f"{e.get('subject') or ''}\n{e.get('body_text') or ''}"


@script
class Phishing(Script):
    part = "phishing"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        mem = desk.memory
        if mem.get("done"):
            return
        mails = desk.inbox.emails
        today = desk.now.date()
        morning = [e for e in mails if desk.at(e.get("received_at") or e.get("sent_at")).date() == today]
        reminders = [e for e in morning if re.search(r"https?://\S+\?t=[0-9a-f]+", str(e.get("body_text") or ""))]
        if not reminders:
            if desk.now.hour >= 12:
                mem["done"] = True
            return
        if "first" not in mem:
            mem["first"] = desk.now.isoformat()
        if desk.now.hour < 10 and (desk.now - datetime.fromisoformat(mem["first"])).total_seconds() < 7200:
            return
        mem["done"] = True
        book_emails = {a.lower() for a in desk.book.emails}
        deskaddr = next((a for a, n in desk.book.names.items() if "@" in a and re.search(
            r"\bIT\b|service desk|help ?desk", n)), "")
        if not deskaddr:
            deskaddr = next((a for a in book_emails if re.search(r"servicedesk|helpdesk|it-support", a)), "")
        earlier = [e for e in mails if e not in morning]
        desk_mails = [e for e in earlier if str(e.get("from_address", "")).lower() == deskaddr]
        desk_text = "\n".join(_text(e) for e in desk_mails)
        scams: list[tuple[dict, str]] = []
        # --- password reminders
        real = None
        for e in reminders:
            if str(e.get("from_address", "")).lower() == deskaddr:
                real = e
        if real is None:
            months = [m for m in MONTHS if re.search(rf"\b{m}\b", desk_text)]
            senders = {str(e.get("from_address", "")).lower() for e in earlier
                       if f"{desk.at(e.get('received_at') or e.get('sent_at')):%B}" in months
                       and str(e.get("from_address", "")).lower() != deskaddr}
            real = next((e for e in reminders if str(e.get("from_address", "")).lower() in senders), None)
        if real is None:
            slugs = [p.lower().replace(" ", "") for p in PROVIDERS if re.search(rf"\b{p}\b", desk_text)]
            real = next((e for e in reminders if _dom(str(e.get("from_address", ""))).split(".")[0] in slugs), None)
        if real is None:
            real = next((e for e in reminders if str(e.get("from_address", "")).lower() in desk_text.lower()), None)
        real_sender = str(real.get("from_address")) if real else (deskaddr or "the IT service desk")
        for e in reminders:
            if e is not real and (real is not None or str(e.get("from_address", "")).lower() in book_emails):
                scams.append((e, f"IT said the reminder comes only from {real_sender}, not from "
                                 f"{e.get('from_address')}, so this password request is phishing"))
        # --- invoices
        book_domains = {_dom(a) for a in book_emails}
        older_text = "\n".join(_text(e) for e in earlier)
        iban = re.findall(r"\b[A-Z]{2}\d{12,30}\b", older_text)
        on_file = iban[-1] if iban else "the account on file"
        for e in morning:
            if e in reminders:
                continue
            body = str(e.get("body_text") or "")
            links = [u for u in URL.findall(body)]
            if not links or not re.search(r"\$\s?\d|\d+\.\d\d\b", body):
                continue
            host = _host(links[0])
            ok = False
            if host.startswith("pay."):
                dom = host[4:]
                if dom in book_domains:
                    ok = True
                else:
                    for sent in re.split(r"(?<=[.!?])\s+|\n", older_text):
                        if dom in sent.lower():
                            ok = not re.search(WARN, sent, re.I)
                            if not ok:
                                break
            else:
                label = host.split(".")[0]
                ok = any(p.lower() == label and re.search(rf"\b{p}\b", older_text, re.I) for p in PLATFORMS) or \
                    (host in older_text.lower())
            if not ok:
                scams.append((e, f"it asks for payment through {host}, not the supplier's known page or the account "
                                 f"on file ({on_file}), so this invoice is fraud"))
        for e, why in scams:
            await desk.move_email(e, "spam")
        lines = []
        for e, why in scams:
            subject = str(e.get("subject") or "")
            lines.append(f"Suspicious: the email from {e.get('from_address')} (\"{subject}\") is a scam - {why}")
        # --- the gift-card text
        ceo = next((n.split()[0] for a, n in desk.book.names.items() if n), "")
        contacts = (await desk.call("GET", "/contacts/state") or {}).get("contacts") or {}
        ceo_names = [str(c.get("first_name") or "") for c in contacts.values() if "ceo" in str(c).lower()]
        all_text = "\n".join(_text(e) for e in desk.inbox.all_emails)
        for m in desk.inbox.sms:
            num = str(m.get("from_number") or "")
            digits = re.sub(r"\D", "", num)[-10:]
            known = any(re.sub(r"\D", "", p)[-10:] == digits for p in desk.book.phones) or digits in re.sub(r"[^\d\n ]", "", all_text)
            body = str(m.get("body") or "")
            if not known and any(n and re.search(rf"\b{re.escape(n)}\b", body) for n in ceo_names):
                lines.append(f"The text from {num} claiming to be {ceo_names[0]} and asking for gift card codes is a "
                             f"scam: that number is not hers. I ignored it.")
        if lines:
            desk.report.extend(lines)
