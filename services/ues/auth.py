"""API keys: the registry, permission matching, and the FastAPI dependency that enforces both."""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from fastapi import HTTPException, Request

from services.ues.compat import is_real

ADMIN_PERMISSIONS = ["*"]
# Per-key call counters (``KeyCalls``): unmatched paths named one by one up to this many per key, the rest pooled.
MAX_UNMATCHED_PATHS = 50
MAX_PATH_CHARS = 200
OTHER_ROUTES = "(other routes)"
OTHER_METHOD = "(other)"
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"})


class KeyCalls:
    """Every call made with one key, counted by (status code, method, route template) — kept apart from the access
    log, whose ring buffer drops old entries: a proctor reading these never loses a call, however many were made.

    Memory stays bounded whatever the caller sends: matched routes are named by their template (one door tried with
    many ids is one route), unknown methods are pooled as ``(other)``, and paths that match no route are named one
    by one only up to ``MAX_UNMATCHED_PATHS`` per key, the rest pooled under ``(other routes)``. Status codes are
    the server's own, a small set.
    """

    __slots__ = ("counts", "unmatched")

    def __init__(self) -> None:
        self.counts: dict[tuple[int, str, str], int] = {}
        self.unmatched: set[str] = set()

    def count(self, status: int, method: str, template: str | None, path: str) -> None:
        """Count one call; ``template`` is the matched route's path template, None when no route matched."""
        method = method.upper()
        if method not in _METHODS:
            method = OTHER_METHOD
        if template is None:
            template = path[:MAX_PATH_CHARS]
            if template not in self.unmatched:
                if len(self.unmatched) >= MAX_UNMATCHED_PATHS:
                    template = OTHER_ROUTES
                else:
                    self.unmatched.add(template)
        bucket = (status, method, template)
        self.counts[bucket] = self.counts.get(bucket, 0) + 1

    def to_json(self) -> list[dict[str, Any]]:
        """``[{status_code, method, route, count}]``, ordered by route, method and status."""
        ordered = sorted(self.counts.items(), key=lambda item: (item[0][2], item[0][1], item[0][0]))
        return [{"status_code": status, "method": method, "route": route, "count": n}
                for (status, method, route), n in ordered]


@dataclass(slots=True)
class ApiKey:
    """A key record; the secret itself is never stored, only its SHA-256."""

    key_id: str
    name: str
    permissions: list[str]
    created_at: datetime
    created_by: str | None
    secret_hash: str
    last_used_at: datetime | None = None
    revoked_at: datetime | None = None
    is_admin: bool = False
    # token bucket for rate limiting: (tokens, last refill monotonic)
    bucket: list[float] = field(default_factory=lambda: [0.0, 0.0])
    calls: KeyCalls = field(default_factory=KeyCalls)  # every call made with it (AccessLogMiddleware counts)

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None

    def info(self, *, with_calls: bool = False) -> dict[str, Any]:
        """KeyInfo (ues-api.md §2.11); ``with_calls`` adds ``call_counts`` (``GET /keys/{key_id}`` only)."""
        info: dict[str, Any] = {
            "key_id": self.key_id,
            "name": self.name,
            "permissions": list(self.permissions),
            "created_at": self.created_at.isoformat(),
            "created_by": self.created_by,
            "last_used_at": self.last_used_at.isoformat() if self.last_used_at else None,
            "is_active": self.is_active,
            "revoked_at": self.revoked_at.isoformat() if self.revoked_at else None,
        }
        if with_calls:
            info["call_counts"] = self.calls.to_json()
        return info


def has_permission(granted: list[str], required: str) -> bool:
    """``*``, the exact permission, or ``<prefix>:*`` for any colon-prefix of it (ues-api.md §1.3)."""
    if "*" in granted or required in granted:
        return True
    parts = required.split(":")
    return any(":".join(parts[:i]) + ":*" in granted for i in range(1, len(parts)))


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class KeyRegistry:
    """In-memory key store. Keys live as long as the process (a restart loses them, like real UES)."""

    def __init__(self, admin_secret: str, rate_per_second: float, burst: int) -> None:
        self._by_hash: dict[str, ApiKey] = {}
        self._by_id: dict[str, ApiKey] = {}
        self.rate_per_second = rate_per_second
        self.burst = burst
        self.admin = self._add("Admin Key", ADMIN_PERMISSIONS, None, admin_secret, is_admin=True)

    def _add(self, name: str, permissions: list[str], created_by: str | None, secret: str,
             is_admin: bool = False) -> ApiKey:
        key = ApiKey(
            key_id="ues_" + secrets.token_hex(8),
            name=name,
            permissions=list(permissions),
            created_at=datetime.now(UTC),
            created_by=created_by,
            secret_hash=_hash(secret),
            is_admin=is_admin,
        )
        key.bucket[:] = [float(self.burst), time.monotonic()]
        self._by_hash[key.secret_hash] = key
        self._by_id[key.key_id] = key
        return key

    def create(self, name: str, permissions: list[str], created_by: str) -> tuple[ApiKey, str]:
        """Mint a key; returns the record and the secret (shown only once)."""
        secret = secrets.token_hex(32)
        return self._add(name, permissions, created_by, secret), secret

    def authenticate(self, secret: str) -> ApiKey | None:
        digest = _hash(secret)
        key = self._by_hash.get(digest)
        if key is None or not key.is_active or not hmac.compare_digest(key.secret_hash, digest):
            return None
        key.last_used_at = datetime.now(UTC)
        return key

    def identify(self, secret: str) -> ApiKey | None:
        """The key ``secret`` belongs to, active or revoked, without stamping it as used: for the access log, which
        names the key of every request it can (a refused body, an unknown route, a revoked key)."""
        return self._by_hash.get(_hash(secret))

    def is_admin(self, secret: str) -> bool:
        return hmac.compare_digest(_hash(secret), self.admin.secret_hash)

    def get(self, key_id: str) -> ApiKey | None:
        return self._by_id.get(key_id)

    def all(self) -> list[ApiKey]:
        return list(self._by_id.values())

    def revoke(self, key: ApiKey) -> datetime:
        """Revoke ``key`` now; returns the revocation time (also stored as ``key.revoked_at``)."""
        key.revoked_at = revoked_at = datetime.now(UTC)
        return revoked_at

    def take_token(self, key: ApiKey) -> float | None:
        """Consume one request from the key's bucket; return seconds to wait when empty, else None."""
        if key.is_admin or self.rate_per_second <= 0:
            return None
        now = time.monotonic()
        tokens, last = key.bucket
        tokens = min(float(self.burst), tokens + (now - last) * self.rate_per_second)
        if tokens < 1.0:
            key.bucket[:] = [tokens, now]
            return (1.0 - tokens) / self.rate_per_second
        key.bucket[:] = [tokens - 1.0, now]
        return None


_AUTH_HEADERS = {"WWW-Authenticate": "ApiKey"}


class Permission:
    """Route dependency: authenticate the caller and require one permission.

    The permission string is kept on the instance so that tests (and docs) can read every route's
    requirement from the app's route table.
    """

    def __init__(self, permission: str) -> None:
        self.permission = permission

    async def __call__(self, request: Request) -> ApiKey:
        registry: KeyRegistry = request.app.state.keys
        secret = request.headers.get("x-api-key")
        if not secret and not is_real(request.app.state):  # real UES accepts only X-API-Key (§1.3)
            auth = request.headers.get("authorization", "")
            if auth.lower().startswith("bearer "):
                secret = auth[7:].strip()
        if not secret:
            raise HTTPException(401, "API key required. Provide X-API-Key header.", headers=_AUTH_HEADERS)
        key = registry.authenticate(secret)
        if key is None:
            raise HTTPException(401, "Invalid or revoked API key.", headers=_AUTH_HEADERS)
        request.scope.setdefault("state", {})["api_key"] = key
        if not has_permission(key.permissions, self.permission):
            raise HTTPException(403, f"Permission denied. Required permission: {self.permission}")
        wait = registry.take_token(key)
        if wait is not None:
            raise HTTPException(
                429,
                f"Rate limit exceeded for key {key.key_id}: at most {registry.rate_per_second:g} requests "
                f"per second (burst {registry.burst}).",
                headers={"Retry-After": str(max(1, math.ceil(wait)))},
            )
        return key
