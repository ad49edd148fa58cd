"""Rules for ``newsletter_sweep`` as it reads in round two of issue 34, written the way a participant would: the
part's phrasings copied into regular expressions.

Who decides comes from the request ("my manager": the contact whose title or notes say so; "X told me": X; "I told
X": the user's own sent mail); their messages in the thread are read oldest first and parsed by the form each takes
(a verdict per newsletter, only the keepers, only the drops, the other person's list with one change, a later change
of mind). A newsletter is recognised by every way the part names one: its name, its founder's first name, what its
issue carried (the part's topic phrases, copied), or the colleague whose mail forwarded it or asked to leave it.
"""

from __future__ import annotations

import re
from typing import Any

from services.purple.cheats.base import body_of, sender_of
from services.purple.cheats.scripted.desk import Desk, Script, script


def known(desk: Desk, sender: str) -> bool:
    """A colleague (the company's domain) or someone in the address book."""
    return sender.lower() in {a.lower() for a in desk.book.emails} or \
        sender.lower().endswith("@" + desk.inbox.user_email.split("@")[1].lower())

NAMES = ("Harbor Logistics Weekly", "Ledgerline", "Packwise Digest", "Freight Notes", "Supply Signal",
         "Dockside Brief", "Margin Memo", "Brightline", "Kitewell", "Fernhollow", "Sparrowgate")
FOUNDERS = {"Mara": "Brightline", "Teo": "Kitewell", "Juna": "Fernhollow", "Odile": "Sparrowgate"}
# What an issue carried (the part's _ISSUE subjects and bodies) → the part's ways of naming it.
TOPICS = {r"rates, ports and five charts": ("the rates-and-ports roundup", "the one with the charts on ports"),
          r"spot rates dipped": ("the spot-rates one", "the one explaining why spot rates dipped"),
          r"briefing": ("the morning briefing", "the one on port congestion and diesel"),
          r"salary survey": ("the salary-survey one", "the one with the pay survey"),
          r"warehouse robots": ("the warehouse-robots one", "the numbered one about pallets and customs"),
          r"surcharges for peak": ("the peak-season surcharges one", "the one with three tools")}
KEEP = ("{b} is worth keeping", "I still read {b} every week", "Don't drop {b}", "I'd never unsubscribe from {b}",
        "{b} stays", "The one I actually open is {b}", "Not ready to give up {b}", "{b}? Keep it",
        "Please don't archive {b}", "{b} earns its place")
DROP = ("{b} I never open", "No need to keep {b}", "I'm done with {b}", "{b} can go", "I wouldn't keep {b}",
        "Stopped reading {b}", "{b}? Archive it", "Nobody reads {b} any more", "{b} isn't worth the space",
        "Happy never to see {b} again")
SAME = ("Same goes for {b}", "Ditto {b}", "{b} too", "And {b}, likewise", "{b}: same again")
OTHER_WAY = ("The opposite for {b}", "{b} is another story", "Not so {b}", "{b}, on the other hand, the reverse",
             "{b}: the other way round")
PAIR = (r"Keep (?P<a>.+?) over (?P<b>.+?)\.", r"(?P<a>.+?) yes, (?P<b>.+?) no",
        r"Between .+? and .+?, only (?P<a>.+?) is", r"(?P<b>.+?) goes, (?P<a>.+?) stays",
        r"I'd swap (?P<b>.+?) for more of (?P<a>.+?)\.")
ONLY = (r"only ones worth reading are (.+?)\. Everything", r"I only read (.+?); archive", r"Keep (.+?) and bin",
        r"Apart from (.+?), none", r"Of all those lists, (.+?) - that's it")
EXCEPT = (r"all of them except (.+?)\.(?:\s|$)", r"all fine apart from (.+?), which", r"stays but (.+?)\.(?:\s|$)",
          r"the lot, minus (.+?)\.(?:\s|$)", r"Only (.+?) should go")
AGREE = r"I'm with \w+ on all|Same as \w+, apart|What \w+ said, with one change|\w+ got it right, bar one"
CHANGE = r"scrap what I said|One change:|Thinking again|Correction on|Ignore my last word"


def _pattern(phrasing: str) -> re.Pattern[str]:
    return re.compile(re.escape(phrasing).replace(re.escape("{b}"), "(.+)"), re.I)


def _ways(desk: Desk, lists: dict[str, dict[str, Any]]) -> dict[str, list[str]]:
    """Every way the part names each newsletter in the inbox."""
    ways: dict[str, list[str]] = {}
    for name, email in lists.items():
        text = f"{email.get('subject', '')}\n{body_of(email)}"
        out = [name]
        out += [w.format(first=f) for f, c in FOUNDERS.items() if c == name
                for w in ("{first}'s letters", "the founder's notes from {first}", "the one {first} writes")]
        out += [w for cue, words in TOPICS.items() if re.search(cue, text, re.I) for w in words]
        for e in desk.inbox.emails:
            if e is email or e.get("is_read") or name.lower() not in f"{e.get('subject', '')} {body_of(e)}".lower():
                continue
            first = desk.book.name(sender_of(e)).split()[0]
            out += [w.format(who=first) for w in ("the one {who} forwarded", "whatever {who} sent round",
                                                  "the one {who} wants to leave", "the list {who} is asking about")]
        ways[name] = out
    return ways


def _which(text: str, ways: dict[str, list[str]]) -> list[str]:
    return [n for n, words in ways.items() if any(w.lower() in text.lower() for w in words)]


def _read(text: str, ways: dict[str, list[str]], theirs: dict[str, bool]) -> dict[str, bool]:
    """What one message says each newsletter's fate is (True: keep), given the other person's word ``theirs``."""
    for pattern in ONLY:
        m = re.search(pattern, text, re.I)
        if m:
            keeps = _which(m.group(1), ways)
            return {n: n in keeps for n in ways}
    for pattern in EXCEPT:
        m = re.search(pattern, text, re.I)
        if m:
            drops = _which(m.group(1), ways)
            return {n: n not in drops for n in ways}
    said: dict[str, bool] = {}
    last: bool | None = None
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        pair = next((m for p in PAIR if (m := re.search(p, sentence, re.I))), None)
        if pair is not None:
            keeps = _which(pair.group("a"), ways)
            said.update({n: n in keeps for n in _which(sentence, ways)})
            last = False
            continue
        tables = ((True, KEEP), (False, DROP)) + (((last, SAME), (not last, OTHER_WAY)) if last is not None else ())
        for side, table in tables:
            for phrasing in table:
                m = _pattern(phrasing).search(sentence)
                if m and _which(m.group(1), ways):
                    said.update({n: side for n in _which(m.group(1), ways)})
                    last = side
    if re.search(AGREE, text, re.I) and theirs:
        return {**theirs, **said}
    return said


@script
class NewsletterSweep(Script):
    part = "newsletter_sweep"
    trigger = r"archive the newsletters"

    async def turn(self, desk: Desk) -> None:
        if not desk.once("sweep"):
            return
        lists = {n: e for e in desk.inbox.emails if not e.get("is_read") and not known(desk, sender_of(e))
                 and not re.search(r"^(?:fwd?|fw|re):|\(fwd\)", str(e.get("subject", "")), re.I)
                 for n in NAMES if n.lower() in f"{sender_of(e)} {e.get('subject', '')} {body_of(e)[:120]}".lower()}
        ways = _ways(desk, lists)
        # The thread: the earlier (read) mail, the user's own sent mail included, that names a newsletter.
        said = sorted((e for e in desk.inbox.all_emails if e.get("is_read")
                       and _which(f"{e.get('subject', '')} {body_of(e)}", ways)),
                      key=lambda e: str(e.get("sent_at") or e.get("received_at")))
        decider = await self._decider(desk)
        if decider is None:
            return
        theirs: dict[str, bool] = {}
        fate: dict[str, bool] = {}
        for e in said:
            body = body_of(e)
            if sender_of(e).lower() != decider:
                theirs = _read(body, ways, {}) or theirs
            elif re.search(CHANGE, body, re.I) and fate:
                fate.update(_read(re.sub(CHANGE, "", body), ways, {}))
            else:
                fate.update(_read(body, ways, theirs))
        go = [lists[n]["message_id"] for n, keep in fate.items() if not keep]
        if go:
            await desk.call("POST", "/email/archive", {"message_ids": go})
            desk.report.append(f"Archived {len(go)} newsletters.")

    @staticmethod
    async def _decider(desk: Desk) -> str | None:
        """The address whose word decides: the manager, the colleague named, or the user (I told X)."""
        prompt = desk.prompt
        if re.search(r"I told \w+", prompt):
            return desk.inbox.user_email.lower()
        state = await desk.call("GET", "/contacts/state") or {}
        contacts = {str(i.get("value", "")).lower(): c for c in (state.get("contacts") or {}).values()
                    for i in c.get("identifiers") or []}
        if re.search(r"my manager", prompt, re.I):
            return next((a for a, c in contacts.items() if re.search(
                r"manager|head of|director|boss|report", f"{c.get('job_title') or ''} {c.get('notes') or ''}", re.I)),
                None)
        m = re.search(r"newsletters (\w+) told me", prompt)
        if m:
            return next((a for a, c in contacts.items() if c.get("first_name") == m.group(1) and "@" in a), None)
        return None
