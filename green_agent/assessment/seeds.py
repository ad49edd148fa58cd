"""Where every random draw of an assessment comes from: one root seed (the request's ``config.seed``).

* The **world seed** picks the scenario's world (names, times, amounts, which mail is urgent): one per scenario
  per assessment, so every trial of a scenario faces the same world and pass^k measures reliability on one task.
  Root seed 0 with no held-out secret is world 0, the folder's published world.
* The **trial seed** drives what varies between trials of that world: reply timing, character sampling.

With an operator's held-out secret the world seed is an HMAC of the root seed, so nobody without the secret can
compute a leaderboard's worlds in advance, and the rows do not publish it.
"""

from __future__ import annotations

import hashlib
import hmac


def trial_seed(root: int, scenario_id: str, trial: int) -> int:
    """Every trial's seed derives from the root seed, so a run is reproducible from one number."""
    digest = hashlib.sha256(f"{root}:{scenario_id}:{trial}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def world_seed(root: int, scenario_id: str, secret: str | None = None, trial: int | None = None) -> int:
    """The world of ``scenario_id`` for root seed ``root``: the root itself (world 0 for the default request, so
    published figures stay comparable), or a keyed digest of it when a held-out secret is set. ``trial``: the world
    of that trial alone (config ``worlds: "each"``), a digest of (root, scenario, trial), keyed when there is a
    secret — every purple run with the same root and secret meets the same worlds, trial by trial."""
    if trial is None and not secret:
        return root
    text = f"world:{root}:{scenario_id}" + ("" if trial is None else f":trial:{trial}")
    digest = hmac.new(secret.encode(), text.encode(), hashlib.sha256).digest() if secret else \
        hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:4], "big")
