"""The scenario kit's precision helpers (green_agent/scenario_kit/precision.py): what an assistant sent, read once;
credit that strays cancel; per-person credit a broadcast cannot earn; the assistant's own words apart from what it
copied; volume beyond the need."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from green_agent.judging.context import EvalContext
from green_agent.protocol import ActionLogEntry
from green_agent.scenario_kit import facts
from green_agent.scenario_kit.precision import (
    contacted,
    copies,
    credited,
    outgoing,
    own_words,
    pasted,
    reported,
    tally,
    unquoted,
    vocabulary,
    volume,
)
from green_agent.scenario_spec import ScenarioSpec

T0 = datetime(2026, 3, 2, 9, tzinfo=UTC)
ME, PHONE = "me@home.example", "+15550000000"
PEOPLE = {"oskar": ["+15550100001", "oskar@ledger.example"], "amara": ["+15550100002"],
          "paula": ["paula@keystone.example", "paula.home@mail.example"], "chloe": ["chloe@northlight.example"]}
INVOICE = ("Hi Maya, the vendor invoice for the March shipment of pallets is overdue and must be paid by 3pm today "
           "or Hartwell will stop deliveries to the Leeds depot.")


def action(name: str, turn: int = 1, success: bool = True, **parameters: Any) -> ActionLogEntry:
    return ActionLogEntry(turn=turn, timestamp=T0, action=name, parameters=parameters, success=success)


def context(*actions: ActionLogEntry) -> EvalContext:
    spec = ScenarioSpec.model_validate({
        "scenario_id": "unit", "name": "unit", "description": "in memory", "start_time": T0.isoformat(),
        "end_time": "2026-03-02T17:00:00Z", "user_prompt": "do the thing", "user_character": "me",
        "characters": {"me": {"name": "Me", "email": ME}}, "criteria": [
            {"criterion_id": "c", "name": "c", "dimension": "accuracy", "max_score": 1, "evaluator_id": "c"}]})
    return EvalContext(scenario=spec, action_log=actions, initial_state={}, final_state={}, events=(),
                       chat_transcript=(), start_time=T0, end_time=spec.end_time, final_time=T0, turns_taken=1,
                       user_email=ME, user_phone=PHONE)


def test_outgoing_reads_every_channel_once_without_the_user_and_without_failures():
    ctx = context(
        action("email.send", from_address=ME, to_addresses=["Paula <PAULA@keystone.example>"], cc_addresses=[ME],
               subject="Site visit", body_text="Now at 2pm.\n\nOn Mon, Chloe wrote:\n> old text"),
        action("sms.send_message", from_number=PHONE, to_numbers=["(555) 010-0002", PHONE], body="2pm at the Quay"),
        action("sms.send_message", success=False, to_numbers=["+15550100001"], body="refused, so never sent"),
        action("calendar.create", title="Visit", location="Harbour Kitchen",
               attendees=[{"email": ME}, {"email": "oskar@ledger.example"}]),
        action("chat.send_message", role="assistant", content="told everyone"),
        action("sms.send_message", to_numbers=[PHONE], body="a note to self is nobody's message"))
    sent = outgoing(ctx)
    assert [(s.channel, s.to) for s in sent] == [("email", ("paula@keystone.example",)), ("sms", ("+15550100002",)),
                                                ("calendar", ("oskar@ledger.example",))]
    assert sent[0].text == "Site visit\nNow at 2pm.\n" and sent[2].body == "Harbour Kitchen"
    assert [s.index for s in sent] == [0, 1, 3] and outgoing(ctx, channels=("sms",)) == [sent[1]]


def test_a_stray_cancels_a_hit_so_doing_it_to_everything_earns_nothing():
    right = tally({"a", "b", "c"}, {"a", "b", "c"})
    assert right.net() == 1.0 and right.precision == 1.0
    one_stray = tally({"a", "b", "c"}, {"a", "b", "c", "x"})
    assert round(one_stray.net(), 3) == 0.667 and one_stray.recall == 1.0 and one_stray.precision == 0.75
    everything = tally({"a", "b", "c"}, {"a", "b", "c", "w", "x", "y", "z"})
    assert everything.net() == 0.0 and everything.recall == 1.0
    assert tally({"a"}, {"a", "friend"}, neutral={"friend"}).net() == 1.0  # allowed, not asked for
    assert tally((), ()).net() == 1.0 and tally((), {"x"}).net() == 0.0  # nothing wanted: any stray costs all
    assert "1 done where it was not wanted" in one_stray.explain("items flagged")
    assert one_stray.details() == {"hits": ["a", "b", "c"], "missed": [], "strays": ["x"]}


def test_reported_counts_decoys_a_dump_mentions_as_strays():
    candidates = {name: (lambda text, n=name: facts.has_any(text, [n])) for name in ("Dana", "Eli", "Promo", "Digest")}
    assert reported(candidates, "Dana needs the invoice paid by 3pm; Eli wants the deck", {"Dana", "Eli"}).net() == 1
    dump = reported(candidates, "Dana ... Eli ... Promo ... Digest ...", {"Dana", "Eli"})
    assert dump.recall == 1.0 and dump.net() == 0.0


def test_contacting_everyone_reaches_the_targets_and_every_stray_with_them():
    sms = [action("sms.send_message", to_numbers=[n], body="Visit moved to 2pm") for n in
           ("+15550100001", "+15550100002", "+15550199999")]
    sent = outgoing(context(*sms, action("email.send", to_addresses=["paula.home@mail.example"], body_text="2pm")))
    reach = contacted(sent, PEOPLE, wanted={"oskar", "amara"})
    assert reach.hits == {"oskar", "amara"} and reach.strays == {"paula", "+15550199999"} and reach.net() == 0.0
    assert contacted(sent[:2], PEOPLE, wanted={"oskar", "amara"}).net() == 1.0


def test_per_person_credit_vanishes_when_the_same_words_went_to_strays():
    prompt = "Tomorrow's site visit has moved: it is now at 2pm at Harbour Kitchen, 12 Quay Street. Please confirm."
    targets = ["+15550100001", "+15550100002"]
    broadcast = outgoing(context(*(action("sms.send_message", to_numbers=[n], body=f"Hi {name}! {prompt}")
                                   for n, name in (*zip(targets, ("Oskar", "Amara"), strict=True),
                                                   ("+15550199999", "Lee")))))
    assert credited(broadcast, targets) == []  # the greeting differs; the words that matter went to a stray too
    careful = outgoing(context(action("sms.send_message", to_numbers=[targets[0]], body="Oskar: visit now 2pm, "
                                      "Harbour Kitchen."),
                               action("sms.send_message", to_numbers=[targets[1]], body="Amara, the visit moved to "
                                      "2pm at Harbour Kitchen."),
                               action("sms.send_message", to_numbers=["+15550199999"], body="Lunch on Friday?")))
    assert [s.to for s in credited(careful, targets)] == [(targets[0],), (targets[1],)]
    together = outgoing(context(action("sms.send_message", to_numbers=[*targets, "+15550199999"], body="2pm")))
    assert credited(together, targets) == []  # one message to a target and a stray earns neither


def test_own_words_blank_a_copied_lead_and_keep_a_summary():
    digest = "Hartwell: " + " ".join(INVOICE.split()[:25])
    assert copies(digest, [INVOICE]) and not facts.times(own_words(digest, [INVOICE]), T0)
    assert own_words(digest, [INVOICE]).strip() == "Hartwell:"
    summary = "Hartwell - March pallets invoice overdue, pay by 3pm today or deliveries to Leeds stop"
    assert not copies(summary, [INVOICE]) and own_words(summary, [INVOICE]) == summary
    assert own_words("line one\n" + digest, [INVOICE]).splitlines()[0] == "line one"  # lines stay lines


def test_a_shuffled_paste_is_no_summary_though_it_copies_no_run_of_words():
    shuffled = " ".join(reversed(INVOICE.split()))
    assert not copies(shuffled, [INVOICE]) and pasted(shuffled, [vocabulary(INVOICE)])
    assert not pasted("Hartwell - March pallets invoice overdue, pay by 3pm today", [vocabulary(INVOICE)])


def test_unquoted_keeps_what_the_message_itself_says():
    assert unquoted("Yes, 2pm works.\n> Can you do 2pm?\nThanks") == "Yes, 2pm works.\nThanks"
    assert unquoted("Fine by me.\nOn Tue 3 Mar, Chloe <c@x> wrote:\nAdd Priya too") == "Fine by me."
    assert unquoted("FYI\n---------- Forwarded message ----------\nfrom the bank") == "FYI"


def test_volume_is_free_up_to_the_need_and_halves_at_twice_it():
    assert volume(3, 3) == 1.0 and volume(3, 5, slack=2) == 1.0
    assert volume(3, 6) == 0.5 and volume(3, 60) == 0.05 and volume(0, 4) == 0.0
