"""phishing: reads senders' domains only (no words of the mails beyond links, IBAN-like tokens and the ask's
keywords): IT's desk (a company-domain sender that wrote before the day) and the sign-in providers it names (the
part's fixed PROVIDERS), the supplier's domain (the earlier invoice's sender) and its known spellings (address book,
earlier mails). Junks, among the mail arriving on the day, only what a domain rule is sure of:
  * a look-alike (edit distance <= 2, rn/m, vv/w) of the company's or IT's provider's domain;
  * a sign-in provider's domain that IT's mails never name;
  * a respelling of the supplier's domain that neither the address book nor any earlier mail names.
Tells the user, per junked mail, its sender, the ask and the genuine sender/domain it departs from; warns of an
SMS from an unknown number asking for gift cards. Sends nothing to anyone."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from services.purple.cheats.scripted.desk import Desk, Script, script

PROVIDERS = ("Keyloop", "Passgate", "SignBridge", "Authwell", "Idenza", "Lockstep ID")
SLUGS = {p.lower().replace(" ", ""): p for p in PROVIDERS}
URL = re.compile(r"https?://([\w.-]+)", re.I)
EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
IBAN = re.compile(r"\b[A-Z]{2}\d{2}[A-Z0-9]{10,30}\b")


def _lev(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def _norm(s: str) -> str:
    return s.replace("rn", "m").replace("vv", "w").replace("-", "")


def _near(a: str, b: str) -> bool:
    """Whether domain ``a`` is a look-alike of ``b`` (not the same)."""
    if a == b:
        return False
    la, lb = a.split(".")[0], b.split(".")[0]
    return _norm(la) == _norm(lb) or _lev(la, lb) <= 2 or _lev(_norm(la), _norm(lb)) <= 1


def _core(domain: str) -> str:
    label = domain.split(".")[0]
    return re.sub(r"-?(billings?|accounts?|invoices?|payments?|pay|ar)$", "", label.replace("rn", "m"))


def _kin(a: str, b: str) -> bool:
    """Whether domain ``a`` is a spelling of supplier domain ``b`` (another billing word, a hyphen or an s)."""
    return _near(a, b) or (a != b and _lev(_core(a), _core(b)) <= 1 and len(_core(b)) >= 4)


def _dom(address: str) -> str:
    return address.lower().rsplit("@", 1)[-1]


@script
class Phishing(Script):
    part = "phishing"
    trigger = r"."
    time_step = timedelta(minutes=30)

    async def turn(self, desk: Desk) -> None:
        if desk.memory.get("run") is not desk.run:  # the brain keys memory by id(run): a new run may reuse one
            desk.memory.clear()
            desk.memory["run"] = desk.run
        mem = desk.memory
        if "start" not in mem:
            mem["start"] = desk.now.isoformat()
            mem["old"] = [e["message_id"] for e in desk.inbox.emails if e.get("is_read")]
            mem["done"] = []
        if desk.now < datetime.fromisoformat(mem["start"]) + timedelta(hours=3):
            return  # the morning's mail first; then every rule sees all of it
        old_ids = set(mem["old"])
        old = [e for e in desk.inbox.emails if e["message_id"] in old_ids]
        new = [e for e in desk.inbox.emails if e["message_id"] not in old_ids and e["message_id"] not in mem["done"]]
        user_dom = _dom(desk.inbox.user_email)
        # IT's desk and the providers it names
        desks = {str(e["from_address"]).lower() for e in old if _dom(str(e["from_address"])) == user_dom
                 and re.search(r"desk|help|support|it-|^it@|service", str(e["from_address"]).split("@")[0], re.I)}
        it_text = " ".join(str(e.get("body_text") or "") + " " + str(e.get("subject") or "")
                           for e in old if str(e["from_address"]).lower() in desks)
        named = {slug for slug, p in SLUGS.items() if re.search(re.escape(p), it_text, re.I)}
        gift = any(re.search(r"gift|voucher", str(m.get("body") or ""), re.I) for m in desk.inbox.sms)
        if not desks or not (named or gift or re.search(r"phish|scam|fraud|spam", desk.prompt, re.I)):
            return
        # the supplier: the earlier mail stating an IBAN or an invoice, from outside the company
        sup = [e for e in old if _dom(str(e["from_address"])) != user_dom
               and re.search(r"\binvoice\b|IBAN", str(e.get("body_text") or ""), re.I)
               and _dom(str(e["from_address"])).split(".")[0] not in SLUGS]
        sup_doms = {_dom(str(e["from_address"])) for e in sup}
        known = {_dom(a) for a in desk.book.emails} | {_dom(str(e["from_address"])) for e in old}
        said = " ".join(str(e.get("body_text") or "") for e in old).lower()
        official = {user_dom, *(f"{s}.example" for s in named)}
        people = {a.split("@")[0].lower() for a in desk.book.emails}
        pay_hosts = {h for e in sup for h in URL.findall(str(e.get("body_text") or ""))}
        sure, rest = [], []
        for e in [e for e in desk.inbox.all_emails if e["message_id"] not in old_ids
                  and str(e.get("from_address")).lower() != desk.inbox.user_email.lower()]:
            sender = str(e["from_address"]).lower()
            dom = _dom(sender)
            if sup_doms and any(_kin(dom, s) or dom == s for s in sup_doms) and sender.split("@")[0] not in people:
                sure.append(e)
            else:
                rest.append(e)
        # the account on file: an IBAN a sure scam that copies the real pay page asks for is not it; else the IBAN
        # stated most often
        # a sure scam that links the page the day's other invoices link (the real one, copied) asks for the other
        # account; a sure scam on a page of its own states either account
        pages = pay_hosts | {h for e in rest if IBAN.search(str(e.get("body_text") or "")) or re.search(
            r"invoice", str(e.get("body_text") or ""), re.I) for h in URL.findall(str(e.get("body_text") or ""))}
        bad = {i for e in sure if set(URL.findall(str(e.get("body_text") or ""))) & pages
               for i in IBAN.findall(str(e.get("body_text") or ""))}
        ibans: dict[str, int] = {}  # the day's invoices not already sure scams: real ones state the account on file
        everywhere: set[str] = set()
        for e in desk.inbox.all_emails:
            found = set(IBAN.findall(str(e.get("body_text") or "")))
            everywhere |= found
            if e in sure or e["message_id"] in old_ids:
                continue
            for i in found:
                ibans[i] = ibans.get(i, 0) + 1
        if "on_file" not in mem:
            left = sorted(everywhere - bad)
            votes = sorted(((ibans.get(i, 0), i) for i in left if i not in bad), reverse=True)
            if bad and len(left) == 1:
                mem["on_file"] = left[0]
            elif votes and votes[0][0] > 0 and (len(votes) == 1 or votes[0][0] > votes[1][0]):
                mem["on_file"] = votes[0][1]
            else:
                mem["on_file"] = None
        on_file = mem["on_file"]
        real, other = self._reminder_sender(desk, old, desks, named)
        # the sign-in pages IT and the providers linked before the day
        known_hosts = {h.lower() for e in old for h in URL.findall(str(e.get("body_text") or ""))
                       if str(e["from_address"]).lower() in desks or _dom(str(e["from_address"])).split(".")[0] in SLUGS}
        for e in new:
            sender = str(e["from_address"]).lower()
            dom = _dom(sender)
            body = str(e.get("body_text") or "") + " " + str(e.get("subject") or "")
            why = ""
            if any(_near(dom, o) for o in official) and dom not in known:
                base = next(o for o in official if _near(dom, o))
                why = (f"its domain {dom} only imitates {base}, not the sender IT named", "password")
            elif (bad_host := next((h for h in URL.findall(body) if h.lower() not in known_hosts and any(
                    h.split(".")[0].lower() == k.split(".")[0] and _near(h.lower().split(".", 1)[1], k.split(".", 1)[1])
                    for k in known_hosts if "." in h and "." in k)), None)):
                why = (f"its link goes to {bad_host}, a look-alike of the genuine sign-in page", "password")
            elif real and sender in other and re.search(r"password|passcode|passphrase|credential|\breset\b", body, re.I) \
                    and URL.search(body):
                why = (f"IT said the reminder comes only from {real}, not from {sender}", "password")
            elif named and dom.split(".")[0] in SLUGS and dom.split(".")[0] not in named:
                why = (f"IT never named {SLUGS[dom.split('.')[0]]}, our sign-in provider is "
                       f"{', '.join(SLUGS[s] for s in named)}", "password")
            elif sup_doms and any(_kin(dom, s) or dom == s for s in sup_doms) and \
                    sender.split("@")[0] not in people:
                base = next(s for s in sup_doms if _kin(dom, s) or dom == s)
                why = (f"{sender} is no one we know at the supplier (its billing is {base}), and the account on file "
                       f"is {on_file}", "invoice")
            elif sup_doms and (odd := next((h for h in URL.findall(body) if h.lower().startswith("pay.")
                                            and any(_kin(h.lower()[4:], x) or h.lower()[4:] == x for x in sup_doms)
                                            and h.lower()[4:] != dom), None)):
                why = (f"it comes from {sender} but asks to pay on {odd}, a page of another domain", "invoice")
            elif on_file and (found := set(IBAN.findall(body))) and on_file not in found and \
                    re.search(r"invoice|pay|iban|bank|transfer", body, re.I):
                why = (f"it asks for payment to {', '.join(sorted(found))}, not the account on file {on_file}",
                       "invoice")
            if not why:
                continue
            mem["done"].append(e["message_id"])
            await desk.move_email(e, "spam")
            hosts = ", ".join(dict.fromkeys(URL.findall(body)))
            ask = "password" if why[1] == "password" else "invoice payment"
            desk.report.append(f"Moved to spam: the {ask} email from {sender} is phishing, because {why[0]}"
                               + (f" (its link goes to {hosts})" if hosts else "") + ".")
        self._texts(desk)

    @staticmethod
    def _reminder_sender(desk: Desk, old: list[dict], desks: set[str], named: set[str]) -> tuple[str, set[str]]:
        """Where IT's latest word names a month ("the sender of the set-up mail in May"), that month's mail from an
        official with a link is from the genuine sender; the other official is then not it."""
        months = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                  "November", "December")
        it_mails = sorted((e for e in old if str(e["from_address"]).lower() in desks), key=lambda e: e["received_at"])
        month = None
        for e in it_mails:
            found = [m for m in months if re.search(rf"\b{m}\b", str(e.get("body_text") or ""))]
            if found:
                month = months.index(found[-1]) + 1
        it_text = " ".join(str(e.get("body_text") or "") for e in it_mails)
        providers = {str(e["from_address"]).lower() for e in old if _dom(str(e["from_address"])).split(".")[0] in SLUGS
                     and (not named or _dom(str(e["from_address"])).split(".")[0] in named)
                     and not str(e["from_address"]).lower().startswith("hello@")}
        providers |= {a.lower() for a in EMAIL.findall(it_text) if _dom(a).split(".")[0] in SLUGS
                      and (not named or _dom(a).split(".")[0] in named)}
        officials = desks | providers
        votes: set[str] = set()
        if month is not None:
            senders = {str(e["from_address"]).lower() for e in old if desk.at(e["received_at"]).month == month
                       and str(e["from_address"]).lower() in officials and URL.search(str(e.get("body_text") or ""))}
            if len(senders) == 1:
                votes.add("desk" if senders.pop() in desks else "provider")
        # a colleague's guess in IT's thread is always wrong: the official it names is not the sender
        threads = {e.get("thread_id") for e in it_mails}
        for e in old:
            frm = str(e["from_address"]).lower()
            if e.get("thread_id") in threads and frm not in desks and _dom(frm) == _dom(desk.inbox.user_email):
                for a in EMAIL.findall(str(e.get("body_text") or "")):
                    if a.lower() in desks:
                        votes.add("provider")
                    elif a.lower() in providers:
                        votes.add("desk")
        # the official that sends no reminder may write on the day about something else (a link, no password)
        for e in desk.inbox.emails:
            frm = str(e["from_address"]).lower()
            body = str(e.get("body_text") or "") + " " + str(e.get("subject") or "")
            if e in old or frm not in officials or not URL.search(body):
                continue
            if not re.search(r"password|passcode|credential|rotation|reminder|expir", body, re.I):
                votes.add("provider" if frm in desks else "desk")
        if len(votes) != 1 or not providers:
            return "", set()
        real = votes.pop()
        return (sorted(desks)[0], providers) if real == "desk" else (sorted(providers)[0], desks)

    def _texts(self, desk: Desk) -> None:
        for m in desk.inbox.sms:
            number = str(m.get("from_number") or "")
            key = f"sms:{m.get('message_id')}"
            digits = "".join(c for c in number if c.isdigit())[-10:]
            body = str(m.get("body") or "")
            if digits in desk.book.names or any(digits and digits in re.sub(r"\D", "", str(e.get("body_text") or ""))
                                                for e in desk.inbox.emails) or not (re.search(r"gift|voucher|\bcards?\b", body, re.I)
                                                 and re.search(r"\bcodes?\b|\bpins?\b|numbers on|scratch|photo",
                                                               body, re.I)) \
                    or re.search(r"raffle|receipt|expense", body, re.I):
                continue
            if desk.once(key):
                desk.report.append(f"The text from {number} asking for gift card codes is a scam: an unknown "
                                   f"number posing as a colleague. I did not answer it.")
