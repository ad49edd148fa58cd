"""phishing: links and fields, few words. The genuine sign-in page is the most common /password or /reset link host
of the earlier mail (else of the morning's); a morning mail linking a /password or /reset page is genuine only from
that host's own domain (a role mailbox when it is the company's) and linking only that host, else junked. Invoices (morning mails naming an IBAN or a PREFIX-number
link): the account on file is the IBAN of the colleague's earlier mail that the words around it favour, the genuine
pay host a billing platform the earlier mail names, else a domain of the address book, else the domain the earlier
mail says billing moved to (not the one it warns about), else the most linked; an invoice stating another IBAN or paying
on another host is junked. The gift-card text is the text from a number neither in the book nor in any mail that names a contact
(the boss it poses as), the fewest contacts if two. Each
junked mail and the text get a one-line warning with its own reason; nothing is ever sent."""

from __future__ import annotations

import re
from collections import Counter

from services.purple.cheats.base import is_role_account
from services.purple.cheats.scripted.desk import Desk, Script, script

URL = re.compile(r"https?://([\w.-]+)(/[^\s?)\"'<>,]*)?")
IBAN = re.compile(r"\b[A-Z]{2}\d{14,30}\b")
GOOD = re.compile(r"on file|keep|stays?|still|new account|we pay|updated|is now|new\b|\buse\b|\bpay\b|remains|"
                  r"as before|continue|from today|from here on|\bis (?:now )?(?:IBAN )?$|it is\b|current", re.I)
BAD = re.compile(r"\bold\b|closed|stop|\bnot\b|never|don't|did not|isn't|switch|moved to|any more|no longer|into|"
                 r"shut|dead|retired|finished|false|\bwas\b|claimed|gone to|asked|no more|wasn't|denied|previous|"
                 r"fake|fraud", re.I)


MOVE = re.compile(r"moved|moving|new billing|future invoices|from next month|whitelist|not a fake|same team|"
                  r"will be sent|come from", re.I)
WARN = re.compile(r"not ours|not us|nothing to do|fraud|impersonat|somebody else|someone|did not come|ignore mail|"
                  r"delete|beware|never use|look like|warning|don't own|crook|scam|hostile|counterfeit|posing|"
                  r"third party|isn't ours|\bbin\b|disregard", re.I)


def _scores(body: str, ibans: list[str]) -> dict[str, int]:
    """How the words around each IBAN of a colleague's note lean: kept/current (+) or old/false (-)."""
    score = {}
    for ib in ibans:
        s = 0
        for m in re.finditer(re.escape(ib), body):
            before = re.split(r"[.;:!?\n]\s|\n", body[max(0, m.start() - 40):m.start()])[-1]
            after = re.split(r"[.;:!?\n](?:\s|$)|\n", body[m.end():m.end() + 30])[0]
            s += 2 * len(GOOD.findall(before)) - 2 * len(BAD.findall(before)) \
                + len(GOOD.findall(after)) - len(BAD.findall(after))
        score[ib] = s
    return score


def _on_file(body: str) -> str:
    ibans = list(dict.fromkeys(IBAN.findall(body)))
    score = _scores(body, ibans)
    return max(ibans, key=lambda ib: score[ib])


def _reset_links(text: str) -> list[tuple[str, str]]:
    return [(m[1].lower(), (m[2] or "").lower()) for m in URL.finditer(text)
            if re.search(r"/(?:password|reset)\b", m[2] or "", re.I)]


def _arr(desk: Desk, e: dict) -> object:
    return desk.at(e.get("received_at") or e.get("sent_at"))


@script
class Phishing(Script):
    part = "phishing"
    trigger = r"."

    async def turn(self, desk: Desk) -> None:
        today = desk.now.date()
        earlier = [e for e in desk.inbox.emails if _arr(desk, e).date() < today]
        morning = [e for e in desk.inbox.emails if _arr(desk, e).date() == today]
        if not morning:
            return
        user_domain = desk.inbox.user_email.split("@")[-1].lower()
        hosts_pw = Counter(h for e in earlier for h, _ in _reset_links(str(e.get("body_text") or "")))
        if not hosts_pw:
            hosts_pw = Counter(h for e in morning for h, _ in _reset_links(str(e.get("body_text") or "")))
        known = {m.lower() for e in earlier for m in re.findall(r"@([\w.-]+\.\w+)",
                                                              f"{e.get('from_address')} {e.get('body_text')}")}

        def rank(h: str) -> tuple:
            b = ".".join(h.split(".")[-2:])
            return hosts_pw[h], b == user_domain, b in known

        real_host = max(hosts_pw, key=rank) if hosts_pw else ""
        base = ".".join(real_host.split(".")[-2:])

        def genuine_pw(e: dict) -> bool:
            sender = str(e.get("from_address") or "").lower()
            if not real_host or sender.split("@")[-1] != base:
                return False
            if base == user_domain and not is_role_account(sender):
                return False
            return all(h == real_host for h, _ in _reset_links(str(e.get("body_text") or "")))

        done = desk.memory.setdefault("phish_done", set())
        # Account on file.
        on_file = ""
        for e in earlier:
            body = str(e.get("body_text") or "")
            ibans = list(dict.fromkeys(IBAN.findall(body)))
            if len(ibans) == 2 and not URL.search(body):
                score = _scores(body, ibans)
                stated = Counter(i for m in morning for i in IBAN.findall(str(m.get("body_text") or "")))
                on_file = max(ibans, key=lambda ib: (score[ib], stated[ib]))
        # Invoices of the morning.
        invoices = []
        for e in morning:
            body = str(e.get("body_text") or "")
            links = [(h.lower(), p) for h, p in URL.findall(body) if re.search(r"[A-Z]{2}-\d{4}", p or "")]
            if links or IBAN.search(body):
                invoices.append((e, links[0][0] if links else "", IBAN.findall(body)))
        hosts = Counter(h for _, h, _ in invoices if h)
        book_domains = {a.split("@")[1].lower() for a in desk.book.emails if "@" in a}
        real_pay = ""
        earlier_text = " ".join(str(e.get("body_text") or "") for e in earlier)
        capitals = {w.lower() for w in re.findall(r"\b[A-Z][a-z]+[A-Za-z]*\b", earlier_text)}

        def pay_rank(h: str) -> tuple:
            b = ".".join(h.split(".")[-2:])
            platform = h.split(".")[0] != "pay" and h.split(".")[0] in capitals and b not in book_domains
            score = 0
            for sent in re.split(r"(?<=[.!?])\s+", earlier_text):
                if b in sent.lower():
                    score += len(MOVE.findall(sent)) - len(WARN.findall(sent))
            return platform, b in book_domains, score, hosts[h]

        if hosts:
            real_pay = max(hosts, key=pay_rank)
        lines = []
        for e in morning:
            mid = str(e.get("message_id"))
            if mid in done:
                continue
            body = str(e.get("body_text") or "")
            sender = str(e.get("from_address") or "").lower()
            subject = str(e.get("subject") or "")
            why = ""
            pw = _reset_links(body)
            inv = next((x for x in invoices if x[0] is e), None)
            if pw and real_host and not genuine_pw(e):
                why = (f"Suspicious password mail from {sender} (\"{subject}\"): it asks you to sign in and change "
                       f"your password, but IT said the reminder comes only from its sign-in page "
                       f"{real_host}")
            elif inv is not None and on_file:
                _, host, ibans = inv
                number = next(iter(re.findall(r"[A-Z]{2}-\d{4}", subject + " " + body)), "")
                wrong_iban = [i for i in ibans if on_file and i != on_file]
                wrong_host = host and real_pay and host != real_pay
                if wrong_iban or wrong_host:
                    pays = wrong_iban[0] if wrong_iban else host
                    why = (f"Fraudulent invoice {number} from {sender} (\"{subject}\"): it asks you to pay into "
                           f"{pays}, not the account on file {on_file or real_pay}")
            if not why:
                continue
            done.add(mid)
            await desk.move_email(e, "spam")
            lines.append(why + ".")
        # The gift-card text.
        if "gift" not in done and (real_host or on_file):
            known = {re.sub(r"\D", "", p)[-10:] for p in desk.book.phones}
            mailtext = " ".join(str(e.get("body_text") or "") for e in desk.inbox.emails)
            mailnums = {re.sub(r"\D", "", n)[-10:] for n in re.findall(r"\+?\d[\d\s-]{8,}\d", mailtext)}
            strangers = [m for m in desk.inbox.sms if _arr(desk, m).date() == today
                         and re.sub(r"\D", "", str(m.get("from_number")))[-10:] not in known | mailnums]
            firsts = {n.split()[0] for n in desk.book.names.values() if n}
            def names(m: dict) -> int:
                return sum(1 for f in firsts if re.search(rf"\b{re.escape(f)}\b", str(m.get("body") or "")))
            # The gift-card text names the boss it poses as (a contact); a personal-phone raffle text names its
            # writer besides.
            strangers = [m for m in strangers if names(m) >= 1]
            if strangers:
                gift = min(strangers, key=names)
                done.add("gift")
                lines.append(f"Scam text from {gift.get('from_number')}: it asks you to buy gift cards and send "
                             f"the codes, from a number that is not in your contacts - fake, don't reply.")
        if lines:
            desk.report.append("\n".join(lines))
