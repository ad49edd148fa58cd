"""Where a purple reaches its world: the ``ues_url`` of ``assessment_start``, through the purple's own slot.

Under Amber (AgentBeats) a purple reaches the green's world gateway only through a slot of its own (``ues``, bound to
the green's ``world`` capability), at a loopback URL Amber gives it (``${slots.ues.url}``, which a purple's manifest
passes as ``PURPLE_UES_URL``). The green cannot know that URL, so the rule (protocol.md §4) is the purple's:

    When ``PURPLE_UES_URL`` is set, the purple replaces the scheme, host and port of the ``ues_url`` it was sent with
    those of ``PURPLE_UES_URL``, and keeps the rest (path, query) as sent.

``http://127.0.0.1:9010/w/Tk`` sent, ``PURPLE_UES_URL=http://127.0.0.1:20417`` → ``http://127.0.0.1:20417/w/Tk``.
Unset, the ``ues_url`` is used as sent. Our purples follow the rule in their A2A server (services/purple/server.py),
before any brain or assistant sees the message.

And whether it can: a purple whose world does not answer at that URL (``world_unreachable``: a slot left unbound, a
``PURPLE_UES_URL`` missing) says so in its reply to ``assessment_start`` (protocol.md §4), so the green can tell a
deployment that cut the purple off its world from a purple that did nothing.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

import httpx

from services.ues.client import tls_context

__all__ = ["PROBE_PATH", "check_slot_url", "reachable_ues_url", "world_unreachable"]

# What the purple asks its world at assessment_start: the readiness route every UES serves without a key (ues-api.md),
# so the probe is no call of the purple's key and changes nothing.
PROBE_PATH = "/health"
# Well inside the 30 s the green gives assessment_start (protocol.md §4).
PROBE_TIMEOUT_S = 10.0
PROBE_CONNECT_TIMEOUT_S = 5.0


def check_slot_url(value: str) -> str:
    """``value`` as a slot URL (``scheme://host[:port]``, a trailing ``/`` dropped); ValueError naming the problem
    when it is not one."""
    parts = urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"PURPLE_UES_URL must be an http(s) URL such as http://127.0.0.1:20001 (the purple's `ues` "
                         f"slot), got {value[:80]!r}")
    try:
        parts.port  # noqa: B018 - a port that is no number raises here
    except ValueError:
        raise ValueError(f"PURPLE_UES_URL has a port that is no number: {value[:80]!r}") from None
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(f"PURPLE_UES_URL is only where the world gateway is (scheme, host, port); the path comes "
                         f"from the ues_url the green sends, so it takes none: {value[:80]!r}")
    return urlunsplit((parts.scheme, parts.netloc, "", "", ""))


def reachable_ues_url(ues_url: str, slot_url: str | None) -> str:
    """The URL the purple calls for the ``ues_url`` it was sent: with ``slot_url`` (``PURPLE_UES_URL``), that URL's
    scheme, host and port with ``ues_url``'s path and query; without, ``ues_url`` as sent."""
    if not slot_url:
        return ues_url
    slot = urlsplit(check_slot_url(slot_url))
    sent = urlsplit(ues_url)
    return urlunsplit((slot.scheme, slot.netloc, sent.path, sent.query, sent.fragment))


async def world_unreachable(ues_url: str, *, timeout_s: float = PROBE_TIMEOUT_S) -> str | None:
    """Why the world at ``ues_url`` (the URL the purple calls, after ``reachable_ues_url``) gave no HTTP answer to
    ``GET <ues_url>/health`` within ``timeout_s`` — the error, as one short line — or None when an answer came, whatever
    its status (a gateway answering for a world it lost was reached all the same)."""
    try:
        async with httpx.AsyncClient(timeout=httpx.Timeout(timeout_s, connect=min(timeout_s, PROBE_CONNECT_TIMEOUT_S)),
                                     follow_redirects=False, verify=tls_context()) as http:
            await http.get(ues_url.rstrip("/") + PROBE_PATH)
    except (httpx.HTTPError, httpx.InvalidURL, ValueError) as exc:
        detail = str(exc).strip().splitlines()[0][:200] if str(exc).strip() else ""
        return f"{type(exc).__name__}: {detail}" if detail else type(exc).__name__
    return None
