"""The world gateway (green_agent/world_gateway.py) in front of a real simulator process: a purple's call through it
is answered exactly as the world answers it, its record of the calls is the world's access log for the key, and a
URL that leads nowhere (unknown token, ended trial, unreachable world, no such route) gets a JSON error naming why.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest

from green_agent.config import GreenSettings
from green_agent.protocol import PURPLE_PERMISSIONS
from green_agent.world_gateway import GATEWAY_PREFIX, GatewayError, WorldGateway, gateway_from
from tests.conftest import UESProcess, free_port, start_ues_process, stop_ues_process

# (method, path with query, JSON body): reads, a write, and every kind of refusal a purple's key meets.
CALLS: list[tuple[str, str, Any]] = [
    ("GET", "/email/state", None),
    ("GET", "/access-logs?limit=1", None),  # outside the grant, with a query: 403
    ("POST", "/email/query", {"limit": 2}),
    ("POST", "/chat/send", {"role": "assistant", "content": "hello", "conversation_id": "user-assistant"}),
    ("POST", "/simulation/clear", {}),  # outside the grant: 403
    ("POST", "/email/send", {}),  # invalid body: 422
    ("GET", "/no/such/route", None),  # 404
    ("PUT", "/calendar/create", {}),  # 405
]


@pytest.fixture(scope="module")
def world() -> Iterator[UESProcess]:
    ues = start_ues_process({"UES_RATE_LIMIT_PER_SECOND": "0"})
    yield ues
    stop_ues_process(ues)


@pytest.fixture
async def gateway() -> AsyncIterator[WorldGateway]:
    async with WorldGateway() as gateway:
        yield gateway


async def purple_key(http: httpx.AsyncClient, world: UESProcess) -> dict[str, str]:
    response = await http.post(world.url + "/keys", json={"name": "purple", "permissions": list(PURPLE_PERMISSIONS)},
                               headers=world.headers)
    assert response.status_code == 201, response.text
    return response.json()


async def test_every_call_is_answered_as_the_world_answers_it(world, gateway):
    async with httpx.AsyncClient() as http:
        key = await purple_key(http, world)
        base = gateway.url_of(gateway.register(world.url, key["key_id"], key["secret"]))
        assert base == f"{gateway.public_url}/{GATEWAY_PREFIX}/" + base.rsplit("/", 1)[1]
        headers = {"X-API-Key": key["secret"]}
        for method, path, body in CALLS:
            if path == "/chat/send":
                continue  # a write: its second run would not answer alike
            through = await http.request(method, base + path, json=body, headers=headers)
            direct = await http.request(method, world.url + path, json=body, headers=headers)
            assert (through.status_code, through.headers["content-type"], through.content) == \
                (direct.status_code, direct.headers["content-type"], direct.content), (method, path)
        # The key as a bearer token reaches the world too (our simulator takes it; the gateway forwards the header).
        bearer = await http.get(base + "/email/state", headers={"Authorization": f"Bearer {key['secret']}"})
        assert bearer.status_code == 200 and bearer.json() == (await http.get(world.url + "/email/state",
                                                                                 headers=headers)).json()
        # The query goes through as sent (any key is forwarded: the world decides what it may do).
        for limit in (1, 3):
            page = await http.get(base + f"/access-logs?limit={limit}&key_id={key['key_id']}", headers=world.headers)
            assert page.status_code == 200 and len(page.json()["entries"]) == limit


async def test_the_record_is_the_worlds_access_log_of_the_key(world, gateway):
    async with httpx.AsyncClient() as http:
        key = await purple_key(http, world)
        token = gateway.register(world.url, key["key_id"], key["secret"])
        base = gateway.url_of(token)
        for method, path, body in CALLS:
            await http.request(method, base + path, json=body, headers={"X-API-Key": key["secret"]})
        await http.get(base + "/email/state")  # no key: the world refuses it (401), and it is no call of the key
        taken = gateway.take_calls(token)
        logged = (await http.get(world.url + "/access-logs", params={"key_id": key["key_id"], "limit": 100},
                                 headers=world.headers)).json()["entries"]
    mine = [(c.method, c.path, c.status) for c in taken.calls if c.key_id == key["key_id"]]
    assert mine == [(e["method"], e["path"], e["status_code"]) for e in reversed(logged)]
    assert [s for *_, s in mine] == [200, 403, 200, 200, 403, 422, 404, 405]
    assert [(c.path, c.status, c.key_id) for c in taken.calls if c.key_id != key["key_id"]] == \
        [("/email/state", 401, None)]
    assert key["secret"] not in repr(taken)  # the key's id is recorded, never the key
    assert gateway.take_calls(token).calls == []  # each call is read once


async def test_urls_that_lead_nowhere_get_a_json_error_naming_why(world, gateway):
    async with httpx.AsyncClient() as http:
        key = await purple_key(http, world)
        token = gateway.register(world.url, key["key_id"], key["secret"])
        headers = {"X-API-Key": key["secret"]}
        assert (await http.get(gateway.url_of(token) + "/email/state", headers=headers)).status_code == 200

        unknown = await http.get(gateway.url_of("not-a-token") + "/email/state", headers=headers)
        assert unknown.status_code == 404 and "unknown world token" in unknown.json()["error"]
        nowhere = await http.get(gateway.local_url + "/email/state", headers=headers)
        assert nowhere.status_code == 404 and f"/{GATEWAY_PREFIX}/<token>" in nowhere.json()["error"]

        await http.post(gateway.url_of(token) + "/email/query", json={}, headers=headers)
        await gateway.unregister(token)
        assert gateway.live == 0
        ended = await http.get(gateway.url_of(token) + "/email/state", headers=headers)
        assert ended.status_code == 410 and "has ended" in ended.json()["error"]
        # The calls made before the end are still there to read; the refused one after it is no call of the world's.
        assert [(c.method, c.path) for c in gateway.take_calls(token).calls] == [("GET", "/email/state"),
                                                                                 ("POST", "/email/query")]

        gone = gateway.register(f"http://127.0.0.1:{free_port()}", key["key_id"], key["secret"])
        unreachable = await http.get(gateway.url_of(gone) + "/email/state", headers=headers)
        assert unreachable.status_code == 502 and "could not be reached" in unreachable.json()["error"]
        assert gateway.take_calls(gone).calls == []  # the world never answered it


async def test_a_port_in_use_is_a_clear_error(gateway):
    with pytest.raises(GatewayError, match=f"could not listen on 127.0.0.1:{gateway.port}"):
        await WorldGateway(port=gateway.port).start()


def test_settings_switch_it_on_and_name_a_bad_public_url(tmp_path):
    assert gateway_from(GreenSettings(data_dir=tmp_path)) is None  # off unless asked for
    on = gateway_from(GreenSettings(data_dir=tmp_path, world_gateway="on", world_gateway_port=0,
                                    world_gateway_url="http://c2-green-net:9010/"))
    assert on is not None and on.public_url == "http://c2-green-net:9010"
    with pytest.raises(ValueError, match="GREEN_WORLD_GATEWAY_URL"):
        GreenSettings(data_dir=tmp_path, world_gateway_url="c2-green-net:9010")
