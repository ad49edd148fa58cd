"""newsletter_sweep: the public part's phrasings (imported verbatim from it; a participant would paste them) turned
into regexes; find the decider's mail (manager by job title, a first name, or the user's sent mail), read each
sentence's verdict, apply the later change, archive the newsletters judged "drop"."""

from __future__ import annotations

import re

from scenarios.parts import newsletter_sweep as ns
from services.purple.cheats.base import arrived, body_of, sender_of
from services.purple.cheats.scripted.desk import Desk, Script, script


def rx(template: str, end: str = "$") -> re.Pattern[str]:
    out = re.escape(template)
    for f in ("b", "a", "keeps", "drops", "other", "verdict"):
        out = out.replace(re.escape("{" + f + "}"), f"(?P<{f}>.+?)", 1).replace(re.escape("{" + f + "}"), f"(?P={f})")
    return re.compile(out + end)


KINDS = {k: [rx(t) for t in getattr(ns, n)] for k, n in (("keep", "_KEEP"), ("drop", "_DROP"), ("same", "_SAME"),
         ("other", "_OTHER_WAY"), ("pair", "_PAIR"))}
KINDS |= {"only": [rx(t, "") for t in ns._ONLY], "except": [rx(t, "") for t in ns._EXCEPT]}


def refs_in(text: str, refs: dict[str, str]) -> list[str]:
    """Newsletters named in ``text``, in order of position (longest ref wins)."""
    hits = []
    for ref in sorted(refs, key=len, reverse=True):
        for m in re.finditer(re.escape(ref), text, re.I):
            if not any(s <= m.start() < e for s, e, _ in hits):
                hits.append((m.start(), m.end(), refs[ref]))
    return [b for *_, b in sorted(hits)]


def verdicts(body: str, refs: dict[str, str], names: list[str]) -> dict[str, bool]:
    flat = " ".join(body.split())
    for kind, keep, grp in (("only", True, "keeps"), ("except", False, "drops")):
        for pat in KINDS[kind]:
            m = pat.search(flat)
            if m:
                listed = set(refs_in(m.group(grp), refs))
                return {b: (b in listed) == keep for b in names}
    out: dict[str, bool] = {}
    last = None
    for sent in re.split(r"(?<=[.!])\s+", flat):
        for kind in ("pair", "same", "other", "keep", "drop"):
            m = next((m for p in KINDS[kind] if (m := p.search(sent))), None)
            if not m:
                continue
            if kind == "pair":
                a, b = refs_in(m["a"], refs)[-1:], refs_in(m["b"], refs)[-1:]
                out.update({x: True for x in a} | {x: False for x in b})
                last = None
            else:
                got = refs_in(m["b"], refs)[-1:]
                if not got or (kind in ("same", "other") and last is None):
                    continue
                v = {"keep": True, "drop": False, "same": last, "other": not last}[kind]
                out[got[0]], last = v, v
            break
    return out


@script
class NewsletterSweep(Script):
    part = "newsletter_sweep"
    trigger = r"Archive the newsletters"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("newsletter_sweep"):
            return
        mails = sorted(desk.inbox.all_emails, key=arrived)
        letters: dict[str, dict] = {}
        refs: dict[str, str] = {}
        for e in mails:
            text = f"{e.get('subject')}\n{body_of(e)}"
            for first, company in ns.FOUNDERS:
                if f"{first}" in text and company in text and sender_of(e).startswith(first.lower()):
                    letters[company] = e
                    refs.update({company: company, **{r.format(first=first): company for r in ns._FOUNDER_REFS}})
            for brand in ns.BRANDS:
                if brand in str(e.get("subject")) + body_of(e)[:200] and sender_of(e).split("@")[0] in (
                        "news", "hello", "digest", "updates", "editor"):
                    letters[brand] = e
                    refs[brand] = brand
                    for n, t in enumerate(ns._ISSUE):
                        if rx(t.split("\n")[0].replace("#{number}", "#{b}").replace("{day}", "{b}")
                              .replace("{brand}", brand)).search(str(e.get("subject"))):
                            refs.update({r: brand for r in ns._TOPICS[n]})
        for e in mails:  # people's mail about a newsletter: "the one Tom forwarded", "the list Ann is asking about"
            if e in letters.values():
                continue
            who = desk.book.name(sender_of(e)).split()[0]
            for name, letter in letters.items():
                if str(letter.get("subject")) in body_of(e) + str(e.get("subject")):
                    refs.update({r.format(who=who): name for r in ns._PERSON_REFS["forward"]})
                elif name in body_of(e) + str(e.get("subject")) and re.search(r"take me off|unsubscribe|remove me"
                                                                            r"|leave the", body_of(e)):
                    refs.update({r.format(who=who): name for r in ns._PERSON_REFS["ask_off"]})
        contacts = ((await desk.call("GET", "/contacts/state")) or {}).get("contacts") or {}
        people = {c.get("first_name"): [i["value"].lower() for i in c.get("identifiers") or []]
                  for c in contacts.values()}
        if m := re.search(r"newsletters (\w+) told me", desk.prompt):
            decider = people.get(m[1], [])
        elif re.search(r"I told (\w+) I no longer", desk.prompt):
            decider = [desk.inbox.user_email.lower()]
        else:
            decider = next(([i["value"].lower() for i in c.get("identifiers") or []] for c in contacts.values()
                            if c.get("job_title") in ns.MANAGER_TITLES), [])
        thread = [e for e in mails if str(e.get("subject")) in ns._THREAD or re.sub(r"^Re: ", "", str(e.get("subject")))
                  in ns._THREAD]
        said = [e for e in thread if sender_of(e).lower() in decider]
        if not said:
            return
        names = list(letters)
        state: dict[str, bool] = {}
        if any(re.search(re.split(r"\{b\}|\{verdict\}", t)[0].replace("{other}", r"\w+"), body_of(said[0]))
               for t in ns._AGREE if "{other}" in t):
            for e in thread:
                if e not in said:
                    state.update(verdicts(body_of(e), refs, names))
                    break
        for e in said:
            state.update(verdicts(body_of(e), refs, names))
        drop = [letters[b]["message_id"] for b, keep in state.items() if not keep and b in letters]
        if drop:
            await desk.call("POST", "/email/archive", {"message_ids": drop})
            desk.report.append(f"Archived {len(drop)} newsletter(s).")
