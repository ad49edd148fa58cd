"""The participant URL rule (assessment/participant_url.py): a URL at the AgentBeats gateway's loopback proxy is called
through the green's proxy slot, path and query kept; every other URL, and every URL without a slot, as given."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from green_agent.assessment.participant_url import GatewayProxy, through_proxy
from green_agent.config import GreenSettings
from green_agent.protocol import parse_request

SLOT = "http://127.0.0.1:31337"


@pytest.mark.parametrize(("given", "called"), [
    # the gateway's own form, under each loopback name
    ("http://127.0.0.1:8080/personal_assistant", f"{SLOT}/personal_assistant"),
    ("http://localhost:8080/personal_assistant", f"{SLOT}/personal_assistant"),
    ("http://LOCALHOST:8080/personal_assistant", f"{SLOT}/personal_assistant"),
    ("http://0.0.0.0:8080/personal_assistant", f"{SLOT}/personal_assistant"),
    ("http://[::1]:8080/personal_assistant", f"{SLOT}/personal_assistant"),
    # path and query kept; no path at all stays none
    ("http://127.0.0.1:8080/a/b/?x=1&y=2", f"{SLOT}/a/b/?x=1&y=2"),
    ("http://127.0.0.1:8080", SLOT),
    # not the gateway's proxy: another port, the default port, another host, a name that merely starts like one
    ("http://127.0.0.1:9019/personal_assistant", "http://127.0.0.1:9019/personal_assistant"),
    ("http://127.0.0.1/personal_assistant", "http://127.0.0.1/personal_assistant"),
    ("http://purple:8080/personal_assistant", "http://purple:8080/personal_assistant"),
    ("http://127.0.0.1.example:8080/x", "http://127.0.0.1.example:8080/x"),
    ("http://10.0.0.5:8080/personal_assistant", "http://10.0.0.5:8080/personal_assistant"),
])
def test_only_the_gateways_loopback_proxy_is_rewritten(given: str, called: str) -> None:
    assert through_proxy(given, SLOT, 8080) == called


@pytest.mark.parametrize("slot", [None, ""])
def test_without_a_slot_nothing_is_rewritten(slot: str | None) -> None:
    url = "http://127.0.0.1:8080/personal_assistant"
    assert through_proxy(url, slot, 8080) == url


@pytest.mark.parametrize(("slot", "called"), [
    ("http://127.0.0.1:31337/", "http://127.0.0.1:31337/personal_assistant"),  # a trailing slash is not doubled
    ("http://router:4000/gateway", "http://router:4000/gateway/personal_assistant"),  # the slot's own path first
    ("https://proxy.example", "https://proxy.example/personal_assistant"),
])
def test_the_slots_scheme_host_and_path_lead(slot: str, called: str) -> None:
    assert through_proxy("http://127.0.0.1:8080/personal_assistant", slot, 8080) == called


def test_the_gateway_port_is_a_setting() -> None:
    assert through_proxy("http://127.0.0.1:9999/personal_assistant", SLOT, 9999) == f"{SLOT}/personal_assistant"
    assert through_proxy("http://127.0.0.1:8080/personal_assistant", SLOT, 9999) == \
        "http://127.0.0.1:8080/personal_assistant"


def test_a_routed_request_calls_the_slot_and_keeps_the_url_given() -> None:
    request = parse_request({"participants": {"personal_assistant": "http://127.0.0.1:8080/personal_assistant"},
                             "config": {"scenario_id": "mini_day"}})
    routed = GatewayProxy(SLOT, 8080).route(request)
    assert routed.participant_url == f"{SLOT}/personal_assistant"
    assert routed.participant_url_given == "http://127.0.0.1:8080/personal_assistant"
    assert GatewayProxy(None, 8080).route(request) is request  # off Amber: unchanged
    direct = parse_request({"participants": {"personal_assistant": "http://purple:9019"},
                            "config": {"scenario_id": "mini_day"}})
    assert GatewayProxy(SLOT, 8080).route(direct).participant_url_given is None


def test_settings_read_the_slot_and_port_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GREEN_PROXY_URL", SLOT)
    monkeypatch.setenv("GREEN_GATEWAY_PROXY_PORT", "8099")
    assert GreenSettings().gateway_proxy == GatewayProxy(SLOT, 8099)
    monkeypatch.setenv("GREEN_PROXY_URL", "")  # an unbound slot: nothing to rewrite to
    monkeypatch.delenv("GREEN_GATEWAY_PROXY_PORT")
    assert GreenSettings().gateway_proxy == GatewayProxy(None, 8080)


def test_a_slot_that_is_no_url_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GREEN_PROXY_URL", "127.0.0.1:31337")
    with pytest.raises(ValidationError, match="GREEN_PROXY_URL must be an http"):
        GreenSettings()
