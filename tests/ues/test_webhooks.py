"""Webhook registrations (ues-api.md §2.11): the routes exist, so a key without ``webhooks:*`` (the purple's) meets
403 like on real UES, not 404; a permitted key keeps, lists, changes, pauses and deletes registrations. Nothing is
delivered (``/test`` says so)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("method,path", [
    ("POST", "/webhooks"), ("GET", "/webhooks"), ("GET", "/webhooks/wh_1"), ("PATCH", "/webhooks/wh_1"),
    ("DELETE", "/webhooks/wh_1"), ("POST", "/webhooks/wh_1/test"), ("POST", "/webhooks/wh_1/pause"),
    ("POST", "/webhooks/wh_1/resume"), ("GET", "/webhooks/wh_1/deliveries"),
])
async def test_the_purple_key_is_forbidden_not_lost(client, purple, method, path):
    r = await client.request(method, path, headers=purple.headers, json={"url": "http://x.example/"})
    assert r.status_code == 403, r.text
    assert "webhooks:" in r.json()["detail"]


async def test_registrations_are_kept_changed_and_deleted(client, admin):
    r = await client.post("/webhooks", headers=admin, json={"url": "https://hooks.example/ues", "events": ["email."],
                                                            "secret": "s3cret", "metadata": {"team": "a"}})
    assert r.status_code == 201, r.text
    hook = r.json()
    assert hook["id"].startswith("wh_") and hook["status"] == "active" and hook["has_secret"] is True
    assert "secret" not in hook and hook["events"] == ["email."] and hook["metadata"] == {"team": "a"}
    hook_id = hook["id"]

    listing = (await client.get("/webhooks", headers=admin)).json()
    assert listing["total"] == 1 and [h["id"] for h in listing["items"]] == [hook_id]
    r = await client.patch(f"/webhooks/{hook_id}", headers=admin, json={"url": "https://hooks.example/v2",
                                                                         "events": None})
    assert r.status_code == 200 and r.json()["url"] == "https://hooks.example/v2" and r.json()["events"] is None
    assert (await client.post(f"/webhooks/{hook_id}/pause", headers=admin)).json()["status"] == "paused"
    assert (await client.get("/webhooks", headers=admin, params={"status": "active"})).json()["total"] == 0
    assert (await client.post(f"/webhooks/{hook_id}/resume", headers=admin)).json()["status"] == "active"
    test = (await client.post(f"/webhooks/{hook_id}/test", headers=admin)).json()
    assert test["delivered"] is False and "delivers nothing" in test["detail"]
    assert (await client.get(f"/webhooks/{hook_id}/deliveries", headers=admin)).json()["items"] == []

    assert (await client.delete(f"/webhooks/{hook_id}", headers=admin)).status_code == 204
    assert (await client.get(f"/webhooks/{hook_id}", headers=admin)).status_code == 404
    assert (await client.post(f"/webhooks/{hook_id}/pause", headers=admin)).status_code == 404


@pytest.mark.parametrize("body", [{}, {"url": "ftp://x.example"}, {"url": ""}, {"url": "http://x", "events": "all"}])
async def test_invalid_registrations_are_422(client, admin, body):
    assert (await client.post("/webhooks", headers=admin, json=body)).status_code == 422
