"""The green names each assessment's report in its summary and serves it there; a held-out green does neither."""

from __future__ import annotations

import re
import uuid
from pathlib import Path

import httpx

from green_agent.assessment.purple_link import PurpleLink
from green_agent.config import GreenSettings
from green_agent.embedded import purple_process
from green_agent.selftest import green_server

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


async def summary_of_one_assessment(settings: GreenSettings) -> tuple[str, str]:
    """(green URL, the Result artifact's summary text) of one mini_day assessment with the noop purple."""
    async with green_server(settings) as green, purple_process("noop", SCENARIOS) as purple:
        request = {"participants": {"personal_assistant": purple}, "config": {"scenario_id": "mini_day"}}
        async with PurpleLink(green, f"report-{uuid.uuid4().hex[:8]}") as link:
            reply = await link.send(request, timeout_s=300)
        assert reply.task is not None
        [artifact] = reply.task.artifacts
        summary = artifact.parts[0].text
        found = re.search(r"Report: (\S+)", summary)
        async with httpx.AsyncClient(timeout=30) as http:
            fetched = await http.get(found.group(1)) if found else None
            missing = await http.get(f"{green}/reports/{'0' * 32}.html")
            nasty = await http.get(f"{green}/reports/..%2F..%2Fetc%2Fpasswd.html")
    assert missing.status_code == 404 and nasty.status_code == 404
    if fetched is not None and fetched.status_code == 200:
        assert "default-src 'none'" in fetched.headers["content-security-policy"]
        return summary, fetched.text
    return summary, ""


async def test_the_summary_names_the_report_and_the_green_serves_it(tmp_path):
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path)
    summary, page = await summary_of_one_assessment(settings)
    assert "Report: http://127.0.0.1:" in summary
    assert page.startswith("<!DOCTYPE html>") and "mini_day" in page
    assert list((tmp_path / "reports").glob("*.html"))


async def test_a_held_out_green_writes_the_report_but_neither_names_nor_serves_it(tmp_path):
    settings = GreenSettings(scenarios_dir=SCENARIOS, data_dir=tmp_path, heldout_secret="operator-only")
    summary, page = await summary_of_one_assessment(settings)
    assert "Report:" not in summary and page == ""
    assert list((tmp_path / "reports").glob("*.html"))  # for the operator, on disk
