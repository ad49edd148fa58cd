"""What of a summary line is copied from the mail, beyond the verbatim runs ``precision.own_words`` finds: a line
that follows an email's own words in order with a word dropped or slipped in every few words (``near_copied``) is
still the email's wording, not the assistant's.

Only words of four letters or more count (``_content``): the short ones ("of", "by", "the", a clock time's digits)
are what every wording shares and what a copier drops first. A content word is *near-copied* when it lies on a chain
of at least ``CHAIN`` content words that the line and one email share in the same order, consecutive chain words at
most ``SLACK`` content words apart on either side; the short words between copied ones are copied with them. A
summary shares phrases with its email ("a recovery plan", "two of your leads"), seldom such a chain; an edited copy
keeps one.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

# Chains of this many shared content words, in order, count as copied.
CHAIN = 6
# Consecutive words of a chain may have this many content words between them in the line and in the email (a dropped
# word, a filler slipped in, a word swapped for another).
SLACK = 1

_WORD = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*")


def _content(word: str) -> bool:
    """Whether ``word`` carries content: four letters or more. Short words ("of", "by", "the", the digits of a
    clock time) are what every wording shares, and a copier drops them first."""
    return len(word) >= 4 and not word.isdigit()


@functools.lru_cache(maxsize=8)
def _indexed(sources: tuple[str, ...]) -> tuple[dict[str, tuple[int, ...]], ...]:
    """Per source: each (lower-cased) word → the positions it holds."""
    out = []
    for source in sources:
        where: dict[str, list[int]] = {}
        for j, word in enumerate(w.lower() for w in _WORD.findall(source) if _content(w)):
            where.setdefault(word, []).append(j)
        out.append({w: tuple(js) for w, js in where.items()})
    return tuple(out)


def _chained(words: Sequence[str], where: dict[str, tuple[int, ...]]) -> set[int]:
    """The positions of ``words`` that lie on a long enough chain shared with one source."""
    matches = [(i, j) for i, w in enumerate(words) for j in where.get(w, ())]
    if len(matches) < CHAIN:
        return set()
    ahead: dict[tuple[int, int], int] = {}  # longest chain ending at a match
    for i, j in matches:  # in line order, so every predecessor is done
        ahead[(i, j)] = 1 + max((ahead.get((a, b), 0) for a in range(i - 1 - SLACK, i)
                                 for b in range(j - 1 - SLACK, j)), default=0)
    behind: dict[tuple[int, int], int] = {}  # longest chain starting at a match
    for i, j in reversed(matches):
        behind[(i, j)] = 1 + max((behind.get((a, b), 0) for a in range(i + 1, i + 2 + SLACK)
                                  for b in range(j + 1, j + 2 + SLACK)), default=0)
    return {i for (i, j), n in ahead.items() if n + behind[(i, j)] - 1 >= CHAIN}


@functools.lru_cache(maxsize=4096)
def _line(line: str, sources: tuple[str, ...]) -> str:
    found = list(_WORD.finditer(line))
    content = [i for i, m in enumerate(found) if _content(m[0])]
    words = [found[i][0].lower() for i in content]
    chained: set[int] = set()
    for where in _indexed(sources):
        chained |= _chained(words, where)
    copied = {content[k] for k in chained}
    # The short words of a copied stretch (its "by", "at", the digits of its clock time) are copied with it: a
    # word lying between copied words, or between one and the line's end.
    flags = [i in copied for i in range(len(found))]
    for i in range(len(found)):
        if flags[i] or _content(found[i][0]):
            continue
        before = next((c for c in reversed(content) if c < i), None)
        after = next((c for c in content if c > i), None)
        if (before is None or before in copied) and (after is None or after in copied) and {before, after} != {None}:
            flags[i] = True
    out = list(line)
    for i, match in enumerate(found):
        if flags[i]:
            start, end = match.span()
            out[start:end] = " " * (end - start)
    return "".join(out)


def near_copied(text: str, sources: Sequence[str]) -> str:
    """``text`` with every near-copied word blanked, line by line (line breaks kept)."""
    frozen = tuple(sources)
    return "\n".join(_line(line, frozen) for line in text.split("\n"))
