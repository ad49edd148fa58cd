"""Participant URLs as the green calls them: the AgentBeats gateway's loopback proxy, reached through the green's slot.

The gateway sends ``{"participants": {"personal_assistant": "http://127.0.0.1:8080/personal_assistant"}}``: its proxy
on 127.0.0.1 of the *gateway's* container. Under Amber the green reaches that proxy only through its own slot
(``${slots.proxy.url}`` in deploy/agentbeats/green.json5, ``GREEN_PROXY_URL``). So a participant URL whose host is a
loopback address and whose port is the gateway's proxy port is called at the slot's URL instead, with its path and
query kept; any other URL, and every URL when no slot is configured, is called as given.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import SplitResult, urlsplit, urlunsplit

import structlog

from green_agent.protocol import AssessmentRequest

log = structlog.get_logger("green.participant_url")

# The names a URL may give the gateway's own machine (the gateway's proxy rewrites the same set).
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "0.0.0.0"})
_DEFAULT_PORTS = {"http": 80, "https": 443}


def _port(parts: SplitResult) -> int | None:
    try:
        return parts.port or _DEFAULT_PORTS.get(parts.scheme)
    except ValueError:  # a port that is no number: not the proxy's
        return None


def through_proxy(url: str, proxy_url: str | None, proxy_port: int) -> str:
    """The URL to call for the participant URL ``url``: ``proxy_url`` followed by ``url``'s path (and query) when
    ``url`` points at the gateway's proxy on loopback (host in LOOPBACK_HOSTS, port ``proxy_port``); else ``url``."""
    if not proxy_url:
        return url
    given = urlsplit(url)
    if given.hostname not in LOOPBACK_HOSTS or _port(given) != proxy_port:
        return url
    proxy = urlsplit(proxy_url)
    return urlunsplit((proxy.scheme, proxy.netloc, proxy.path.rstrip("/") + given.path, given.query, given.fragment))


def _shown(url: str) -> str:
    """``url`` without any user info, for the logs."""
    parts = urlsplit(url)
    if parts.username is None and parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit((parts.scheme, host, parts.path, parts.query, parts.fragment))


@dataclass(frozen=True)
class GatewayProxy:
    """Where the green reaches the gateway's proxy: ``url``, its slot (None off Amber: nothing is rewritten), and
    ``port``, the proxy's port in the participant URLs the gateway sends."""

    url: str | None
    port: int

    def route(self, request: AssessmentRequest) -> AssessmentRequest:
        """``request`` with the participant URL the green will call (``through_proxy``); the URL as given is kept in
        ``participant_url_given`` when the two differ."""
        called = through_proxy(request.participant_url, self.url, self.port)
        if called == request.participant_url:
            return request
        log.info("participant_url_rewritten", role=request.participant_role,
                 given=_shown(request.participant_url), called=_shown(called))
        return request.model_copy(update={"participant_url": called,
                                          "participant_url_given": request.participant_url})
