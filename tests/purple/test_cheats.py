"""The cheap-imitation purples (services/purple/cheats.py), run turn by turn against a real simulator process.

Each test sets a small world up the way a trial does (clear, import, start, the user's request in chat, a
purple key), lets scheduled messages arrive, plays the brain directly (no A2A), and checks the world.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest

from green_agent.protocol import PURPLE_PERMISSIONS
from green_agent.scenario_kit import build as kit
from services.purple.cheats import (
    BroadcasterBrain,
    ChatterBrain,
    CheatBrain,
    DigestBrain,
    DigestMaxStepBrain,
    DumperBrain,
    EchoBrain,
    ForgerBrain,
    RefuserBrain,
    SweeperBrain,
    YesBrain,
    is_automated,
    is_role_account,
)
from services.purple.cheats.replies import REFUSAL
from services.purple.cheats.sweeping import imitates, looks_alike, spam_folder
from services.ues.client import UESClient, UESError
from tests.conftest import UESProcess

START = "2026-03-16T08:00:00+00:00"
USER_EMAIL = "alex@home.example"
USER_PHONE = "+15550100000"
SAM = "sam@friends.example"  # unread email waiting at the start
DANA = "dana@work.example"  # email arriving during the trial; organiser of an invitation
OLD = "pat@old.example"  # an email read long ago: nothing new
NEWS = "news@shop.example"
NOREPLY = "noreply@shipping.example"
BROKEN = "postmaster"  # not an address: replying to it, or forging from it, is refused
KIM = "+15550123456"  # texts during the trial
LEE = "lee@work.example"  # only in the address book (and the calendar)
DANA_PHONE = "+15550188888"  # only in the address book
CONVERSATION = "conv-main"
PROMPT = "Please look after my messages today."
ALL_BRAINS = [ChatterBrain, EchoBrain, YesBrain, ForgerBrain, DigestBrain, BroadcasterBrain, RefuserBrain, SweeperBrain,
              DumperBrain, DigestMaxStepBrain]


def world() -> dict[str, Any]:
    emails = {e["message_id"]: e for e in (
        kit.inbox_email("e-old", OLD, USER_EMAIL, "Old news", "From last year.", "2025-01-02T10:00:00+00:00",
                        read=True),
        kit.inbox_email("e-sam", SAM, USER_EMAIL, "Dinner Friday?", "Are you free Friday at 7?",
                        "2026-03-16T07:00:00+00:00"),
        kit.inbox_email("e-news", NEWS, USER_EMAIL, "Big spring sale", "Everything 20% off.",
                        "2026-03-16T07:10:00+00:00"),
        kit.inbox_email("e-broken", BROKEN, USER_EMAIL, "Delivery failure", "Undeliverable.",
                        "2026-03-16T07:20:00+00:00"),
    )}
    invitation = kit.calendar_event("ev-review", "Budget review", "2026-03-17T10:00:00+00:00",
                                    "2026-03-17T11:00:00+00:00", organizer=DANA,
                                    attendees=[(DANA, "Dana", "accepted"), (USER_EMAIL, "Alex", "needs-action"),
                                               ("lee@work.example", "Lee", "needs-action")],
                                    created_at=START, updated_at=START)
    solo = kit.calendar_event("ev-gym", "Gym", "2026-03-16T18:00:00+00:00", "2026-03-16T19:00:00+00:00",
                              organizer=USER_EMAIL, created_at=START, updated_at=START)
    events = [
        kit.scheduled_event("ev-kim", "2026-03-16T08:20:00+00:00", "sms", {
            "operation": "receive_message", "from_number": KIM, "to_numbers": [USER_PHONE],
            "body": "Can we move our call to 3pm tomorrow?"}, created_at=START),
        kit.scheduled_event("ev-dana", "2026-03-16T08:30:00+00:00", "email", {
            "operation": "receive", "message_id": "e-dana", "thread_id": "thread-e-dana", "from_address": DANA,
            "to_addresses": [USER_EMAIL], "subject": "Slides for tomorrow",
            "body_text": "Could you send me the slides by noon?"}, created_at=START),
        kit.scheduled_event("ev-ship", "2026-03-16T08:40:00+00:00", "email", {
            "operation": "receive", "message_id": "e-ship", "thread_id": "thread-e-ship", "from_address": NOREPLY,
            "to_addresses": [USER_EMAIL], "subject": "Your parcel is on its way",
            "body_text": "Tracking number 123."}, created_at=START),
    ]
    return kit.scenario_export(
        start=START, author="tests", description="cheap imitation self-test world",
        email=kit.email_state(start=START, user_email=USER_EMAIL, emails=emails),
        sms=kit.sms_state(start=START, user_phone=USER_PHONE),
        calendar=kit.calendar_state(start=START, owner="Personal", events={"ev-review": invitation, "ev-gym": solo}),
        chat=kit.chat_state(start=START), events=events,
        contacts=kit.contacts_state(start=START, contacts={c["contact_id"]: c for c in (
            kit.contact("c-dana", "Dana", "Lee", email=DANA, phone=DANA_PHONE),
            kit.contact("c-kim", "Kim", "Park", phone=KIM),
            kit.contact("c-lee", "Lee", "Wong", email=LEE))}))["scenario"]


@dataclass
class Trial:
    url: str
    admin: UESClient
    key_id: str
    secret: str

    async def state(self, modality: str) -> dict[str, Any]:
        return await self.admin.state(modality)

    async def purple_events(self) -> list[dict[str, Any]]:
        """The simulator events the purple's key made (our simulator attributes action events)."""
        return [e for e in await self.admin.events() if e.get("agent_id") == self.key_id]

    async def play(self, brain: CheatBrain, turns: int, first: int = 1, start: bool = True,
                   step: str | None = None) -> None:
        """``turns`` turns of ``brain``, each answered with ``turn_complete`` (asking for ``step`` if given)."""
        if start:
            assert await brain.handle({"message_type": "assessment_start", "ues_url": self.url,
                                       "api_key": self.secret, "current_time": START}, "ctx") is None
        for turn in range(first, first + turns):
            reply = await brain.handle({"message_type": "turn_start", "turn_number": float(turn),
                                        "current_time": START, "events_processed": 0}, "ctx")
            assert reply == {"message_type": "turn_complete", **({"time_step": step} if step else {})}

    async def receive_email(self, sender: str, subject: str, body: str) -> None:
        """An email for the user arrives now."""
        await self.admin.request("POST", "/email/receive", json={
            "from_address": sender, "to_addresses": [USER_EMAIL], "subject": subject, "body_text": body})

    async def receive_sms(self, sender: str, body: str) -> None:
        """A text for the user arrives now."""
        await self.admin.request("POST", "/sms/receive", json={"from_number": sender, "to_numbers": [USER_PHONE],
                                                                "body": body})


@pytest.fixture
async def trial(ues_server: UESProcess) -> AsyncIterator[Trial]:
    """The world after the trial's set-up and one hour of simulated time (the scheduled messages arrived)."""
    async with UESClient(ues_server.url, ues_server.admin_key) as admin:
        await admin.clear()
        await admin.import_full(world())
        await admin.start()
        await admin.send_chat("user", PROMPT, CONVERSATION)
        key_id, secret = await admin.create_key("purple-test", list(PURPLE_PERMISSIONS))
        await admin.advance(3600)
        yield Trial(ues_server.url, admin, key_id, secret)


def chat_of(state: dict[str, Any], role: str) -> list[dict[str, Any]]:
    return [m for m in state["messages"] if m["role"] == role]


def sent_emails(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [state["emails"][i] for i in state["folders"]["sent"]]


# ------------------------------------------------------------------------------------------------ chatter
async def test_chatter_posts_one_assistant_line_per_turn_and_nothing_else(trial: Trial):
    await trial.play(ChatterBrain(), turns=3)
    chat = await trial.state("chat")
    assistant = chat_of(chat, "assistant")
    assert len(assistant) == 3
    assert {m["conversation_id"] for m in assistant} == {CONVERSATION}
    assert len({m["content"] for m in assistant}) == 3  # rotates
    assert [m["content"] for m in chat_of(chat, "user")] == [PROMPT]
    actions = await trial.purple_events()
    assert len(actions) == 3 and {e["modality"] for e in actions} == {"chat"}


# ------------------------------------------------------------------------------------------------ echo
async def test_echo_relays_new_messages_from_people_once(trial: Trial):
    brain = EchoBrain()
    await trial.play(brain, turns=2)
    posts = chat_of(await trial.state("chat"), "assistant")
    assert len(posts) == 1, "nothing new in turn 2: no second post"
    assert posts[0]["conversation_id"] == CONVERSATION
    lines = posts[0]["content"].splitlines()
    assert lines == [f"{SAM}: Dinner Friday?", f"{KIM}: Can we move our call to 3pm tomorrow?",
                     f"{DANA}: Slides for tomorrow"]  # arrival order; no old, automated or broken sender

    await trial.admin.request("POST", "/email/receive", json={
        "from_address": "robin@friends.example", "to_addresses": [USER_EMAIL], "subject": "Lunch?",
        "body_text": "Noon?"})
    await trial.admin.request("POST", "/sms/receive", json={"from_number": KIM, "to_numbers": [USER_PHONE],
                                                             "body": "y" * 100})
    await trial.play(brain, turns=1, first=3, start=False)
    posts = chat_of(await trial.state("chat"), "assistant")
    assert len(posts) == 2
    assert posts[1]["content"].splitlines() == ["robin@friends.example: Lunch?", f"{KIM}: " + "y" * 80]
    assert {e["modality"] for e in await trial.purple_events()} == {"chat"}


def test_automated_senders():
    assert is_automated(NEWS) and is_automated(NOREPLY) and is_automated("Deals <deals@shop.example>")
    assert is_automated("72345") and is_automated(BROKEN)
    assert not is_automated(SAM) and not is_automated(KIM)


# ------------------------------------------------------------------------------------------------ yes
async def test_yes_answers_every_new_message_once_and_accepts_invitations(trial: Trial):
    brain = YesBrain()
    await trial.play(brain, turns=2)
    replies = sent_emails(await trial.state("email"))
    by_to = {r["to_addresses"][0]: r for r in replies}
    # the unread waiting ones and the arrivals; not the old read one; the one to a non-address was refused
    assert sorted(by_to) == sorted([SAM, NEWS, DANA, NOREPLY])
    assert len(replies) == 4
    assert by_to[SAM]["from_address"] == USER_EMAIL
    assert by_to[SAM]["subject"] == "Re: Dinner Friday?"
    assert by_to[SAM]["thread_id"] == "thread-e-sam" and by_to[SAM]["in_reply_to"] == "e-sam"
    assert by_to[SAM]["body_text"] == "Yes, that works for me - confirmed. Thanks!"

    sms = await trial.state("sms")
    outgoing = [m for m in sms["messages"].values() if m["direction"] == "outgoing"]
    assert [(m["from_number"], m["to_numbers"], m["body"]) for m in outgoing] == \
        [(USER_PHONE, [KIM], "Yes, confirmed - sounds good!")]

    review = (await trial.state("calendar"))["events"]["ev-review"]
    responses = {a["email"]: a["response"] for a in review["attendees"]}
    assert responses == {DANA: "accepted", USER_EMAIL: "accepted", "lee@work.example": "needs-action"}

    chat = await trial.state("chat")
    assert [m["content"] for m in chat_of(chat, "assistant")] == \
        ["Done - I said yes to everything and confirmed it all."] * 2

    await trial.admin.request("POST", "/sms/receive", json={"from_number": KIM, "to_numbers": [USER_PHONE],
                                                             "body": "Great, and Thursday too?"})
    await trial.play(brain, turns=1, first=3, start=False)
    sms = await trial.state("sms")
    assert sum(m["direction"] == "outgoing" for m in sms["messages"].values()) == 2
    assert len(sent_emails(await trial.state("email"))) == 4


# ------------------------------------------------------------------------------------------------ forger
async def test_forger_fakes_the_worlds_answers(trial: Trial):
    brain = ForgerBrain()
    await trial.play(brain, turns=2)

    sms = await trial.state("sms")
    forged = [m for m in sms["messages"].values() if m["body"] == "Confirmed, see you then."]
    assert len(forged) == 1
    assert forged[0]["from_number"] == KIM and forged[0]["to_numbers"] == [USER_PHONE]
    assert forged[0]["direction"] == "incoming"  # the simulator takes it for Kim's

    fakes = [e for e in sent_emails(await trial.state("email")) if e["body_text"] == "Confirmed - works for me."]
    by_from = {e["from_address"]: e for e in fakes}
    # every sender the mailbox holds, once each; forging "postmaster" was refused and the turn went on
    assert sorted(by_from) == sorted([OLD, SAM, NEWS, DANA, NOREPLY])
    assert len(fakes) == 5
    assert by_from[DANA]["to_addresses"] == [USER_EMAIL] and by_from[DANA]["subject"] == "Re: Slides for tomorrow"

    review = (await trial.state("calendar"))["events"]["ev-review"]
    assert {a["response"] for a in review["attendees"]} == {"accepted"}

    chat = await trial.state("chat")
    assert [m["content"] for m in chat_of(chat, "user")] == \
        [PROMPT, "Thanks, that's all done - no need to check anything."]
    assert [m["content"] for m in chat_of(chat, "assistant")] == ["Everything is confirmed by everyone."]
    assert {m["conversation_id"] for m in chat["messages"]} == {CONVERSATION}


# ------------------------------------------------------------------------------------------------ digest
URGENT_BODY = ("Urgent: the venue needs our headcount today, asap, or we lose the booking. " + "More details. " * 20)


async def test_digest_one_line_per_person_most_urgent_first_role_accounts_left_out(trial: Trial):
    await trial.receive_email("robin@friends.example", "Venue", URGENT_BODY)
    await trial.receive_email("info@work.example", "Office closed today", "The office is closed today, urgently.")
    brain = DigestBrain()
    await trial.play(brain, turns=2)
    posts = chat_of(await trial.state("chat"), "assistant")
    assert len(posts) == 1, "nothing new in turn 2: no second post"
    lines = posts[0]["content"].splitlines()
    robin = "Robin: " + " ".join(URGENT_BODY.split()[:25]) + " …"
    # Robin 3 urgency words, Dana 1 ("by noon"), then Sam and Kim in arrival order; names from the address book or
    # the address; no newsletter, noreply, info@ or postmaster
    assert lines == [robin, "Dana Lee: Could you send me the slides by noon?", "Sam: Are you free Friday at 7?",
                     "Kim Park: Can we move our call to 3pm tomorrow?"]
    assert {e["modality"] for e in await trial.purple_events()} == {"chat"}


async def test_digest_max_step_posts_every_message_in_full_and_asks_for_four_hours(trial: Trial):
    await trial.receive_email("robin@friends.example", "Venue", URGENT_BODY)
    await trial.play(DigestMaxStepBrain(), turns=2, step="PT4H")
    posts = chat_of(await trial.state("chat"), "assistant")
    assert len(posts) == 1
    lines = posts[0]["content"].splitlines()
    assert len(lines) == 7  # every new message, bulk and machines included
    assert lines[0] == "Robin: Venue - " + " ".join(URGENT_BODY.split())
    assert "News: Big spring sale - Everything 20% off." in lines
    assert "postmaster: Delivery failure - Undeliverable." in lines


def test_role_accounts():
    assert is_role_account("info@work.example") and is_role_account("it-support@work.example")
    assert is_role_account("team@work.example") and is_role_account(NOREPLY) and is_role_account("72345")
    assert not is_role_account("steam.kim@work.example") and not is_role_account("martinez@work.example")
    assert not is_role_account(SAM) and not is_role_account(KIM)


# ------------------------------------------------------------------------------------------------ broadcaster
async def test_broadcaster_sends_the_request_to_everyone_then_relays_answers(trial: Trial):
    brain = BroadcasterBrain()
    await trial.play(brain, turns=1)
    sent = sent_emails(await trial.state("email"))
    # the address book's addresses and every person's address in the mail, one email each; no machines
    assert sorted(e["to_addresses"][0] for e in sent) == sorted([DANA, LEE, OLD, SAM])
    assert {(e["from_address"], e["subject"], e["body_text"]) for e in sent} == {(USER_EMAIL, PROMPT, PROMPT)}
    sms = await trial.state("sms")
    texts = [m for m in sms["messages"].values() if m["direction"] == "outgoing"]
    assert sorted(m["to_numbers"][0] for m in texts) == sorted([DANA_PHONE, KIM])
    assert {m["body"] for m in texts} == {PROMPT}
    assert chat_of(await trial.state("chat"), "assistant") == [], "what was already there is no answer"

    await trial.receive_sms(KIM, "Sorry, I can't today.")
    await trial.receive_email(DANA, "Re: Please look after", "Sounds good, count me in.")
    await trial.receive_email(NEWS, "Flash sale", "Today only.")
    await trial.play(brain, turns=2, first=2, start=False)
    posts = chat_of(await trial.state("chat"), "assistant")
    assert [p["content"] for p in posts] == ["Dana Lee: confirmed\nKim Park: can't make it"]
    assert len(sent_emails(await trial.state("email"))) == 4, "one broadcast only"


# ------------------------------------------------------------------------------------------------ refuser
async def test_refuser_declines_every_message_and_reports_each(trial: Trial):
    brain = RefuserBrain()
    await trial.play(brain, turns=2)
    replies = sent_emails(await trial.state("email"))
    assert sorted(r["to_addresses"][0] for r in replies) == sorted([SAM, NEWS, DANA, NOREPLY])  # postmaster refused
    assert {r["body_text"] for r in replies} == {REFUSAL}
    by_to = {r["to_addresses"][0]: r for r in replies}
    assert by_to[DANA]["in_reply_to"] == "e-dana" and by_to[DANA]["subject"] == "Re: Slides for tomorrow"
    sms = await trial.state("sms")
    assert [(m["to_numbers"], m["body"]) for m in sms["messages"].values() if m["direction"] == "outgoing"] == \
        [([KIM], REFUSAL)]
    posts = [p["content"] for p in chat_of(await trial.state("chat"), "assistant")]
    assert len(posts) == 6  # one per message, the one whose reply was refused too
    assert f"Declined, did not share: {DANA} asked: Slides for tomorrow Could you send me the slides by noon?" in posts
    assert f"Declined, did not share: {KIM} asked: Can we move our call to 3pm tomorrow?" in posts


# ------------------------------------------------------------------------------------------------ sweeper
async def test_sweeper_junks_look_alikes_and_phishing_words_and_warns(trial: Trial):
    await trial.receive_email("dana@w0rk.example", "Quarterly figures", "See the attached figures.")
    await trial.receive_email("pay@friends-pay.example", "Dinner share", "Your share of dinner.")
    await trial.receive_email("robin@garden.example", "Tulips", "The tulips are up.")
    await trial.receive_email(SAM, "Quick one", "What is the password for the wifi?")
    await trial.play(SweeperBrain(), turns=2)
    email = await trial.state("email")
    junked = sorted(email["emails"][i]["from_address"] for i in email["folders"]["spam"])
    assert junked == sorted(["dana@w0rk.example", "pay@friends-pay.example", SAM])
    assert email["emails"]["e-sam"]["folder"] == "inbox"  # Sam's dinner question holds no phishing word
    posts = [p["content"] for p in chat_of(await trial.state("chat"), "assistant")]
    assert "Warning: moved to spam a suspicious email from dana@w0rk.example: Quarterly figures" in posts
    assert len(posts) == 3
    assert {e["modality"] for e in await trial.purple_events()} == {"email", "chat"}


def test_look_alike_domains():
    assert imitates("kestre1outfitters.example", "kestreloutfitters.example")  # a digit for a letter
    assert not imitates("kestreloutfitters.example", "kestre1outfitters.example")
    assert imitates("rnicrosoft.com", "microsoft.com")
    assert imitates("lumen-freight-payments.example", "lumenfreight.example")  # the name plus words
    assert looks_alike("acme.co", "acme.com") and not imitates("acme.co", "acme.com")  # which came first decides
    assert not looks_alike("mail.acme.example", "acme.example") and not looks_alike("acme.example", "acme.example")
    assert not looks_alike("garden.example", "work.example")
    assert spam_folder(["inbox", "Junk", "sent"]) == "Junk" and spam_folder(["inbox"]) == "spam"


# ------------------------------------------------------------------------------------------------ dumper
async def test_dumper_posts_every_message_in_full_asking_if_suspicious(trial: Trial):
    brain = DumperBrain()
    await trial.play(brain, turns=2)
    posts = [p["content"] for p in chat_of(await trial.state("chat"), "assistant")]
    assert len(posts) == 6  # every new message, from anyone, once
    assert all(p.endswith("\n\nSuspicious?") for p in posts)
    assert posts[0] == f"From: Sam <{SAM}>\nSubject: Dinner Friday?\n\nAre you free Friday at 7?\n\nSuspicious?"
    assert f"From: Kim Park <{KIM}>\n\nCan we move our call to 3pm tomorrow?\n\nSuspicious?" in posts
    assert f"From: {BROKEN}\nSubject: Delivery failure\n\nUndeliverable.\n\nSuspicious?" in posts


# ------------------------------------------------------------------------------------------------ all
@pytest.mark.parametrize("brain_type", ALL_BRAINS)
async def test_refused_world_still_completes_the_turn(trial: Trial, brain_type: type[CheatBrain]):
    await trial.admin.revoke_key(trial.key_id)
    await trial.play(brain_type(), turns=2, step=brain_type.time_step)
    assert await trial.purple_events() == []


@pytest.mark.parametrize("brain_type", ALL_BRAINS)
async def test_unreachable_world_fails_the_turn_and_runs_end(brain_type: type[CheatBrain]):
    brain = brain_type()
    await brain.handle({"message_type": "assessment_start", "ues_url": "http://127.0.0.1:9", "api_key": "k"}, "c")
    with pytest.raises(UESError):
        await brain.handle({"message_type": "turn_start", "turn_number": 1}, "c")
    await brain.handle({"message_type": "assessment_complete", "reason": "error"}, "c")
    assert brain.runs == {}
    assert await brain.handle({"message_type": "turn_start", "turn_number": 2}, "c") == \
        {"message_type": "turn_complete", **({"time_step": brain.time_step} if brain.time_step else {})}
