"""A purple agent to start from: it reads the user's task, acknowledges it, watches the inbox and tells the user
what is new each turn, then lets the simulated clock move one hour. Replace the parts marked YOUR LOGIC HERE.

    python agent.py --host 0.0.0.0 --port 9019 --card-url http://my-agent:9019/

The SDK (services/purple/sdk.py) speaks the protocol: every turn gets a correct reply whatever on_turn does. It also
finds the world: under Amber (AgentBeats) set PURPLE_UES_URL to your `ues` slot's URL (`${slots.ues.url}`) and
every ues_url the green sends is reached through it (protocol.md §4); unset, the ues_url is used as sent.
"""

from __future__ import annotations

import argparse
from datetime import timedelta

import uvicorn

from services.purple.sdk import Assistant, Session, TurnReply, TurnStart, create_app

STEP = timedelta(hours=1)  # how far the simulated clock moves before the next turn
MAX_LINES = 10  # a report longer than this is cut: the user reads chat, not a log


class MyAssistant(Assistant):
    name = "My UES assistant"
    description = "Reads the user's task, watches the inbox and reports what is new."

    async def on_turn(self, session: Session, turn: TurnStart) -> TurnReply:
        """One turn: read new chat from the user, read the inbox, act, answer how far the clock moves."""
        for message in await session.new_user_messages():  # the task on turn 1, anything the user adds later
            session.state.setdefault("tasks", []).append(message.text)
            await session.tell_user(f"Got it, working on: {message.text[:200]}")
            # YOUR LOGIC HERE: plan the task (an LLM call, rules...).
        new = await self.new_in_inbox(session)
        if new:
            more = f"\n(+{len(new) - MAX_LINES} more)" if len(new) > MAX_LINES else ""
            await session.tell_user("New since my last look:\n" + "\n".join(new[:MAX_LINES]) + more)
        # YOUR LOGIC HERE: act through session.ues, e.g. session.ues.request("POST", "/email/send", json={...}),
        # /sms/send, /calendar/create. Return TurnReply(done=True, notes="why") once the task is finished.
        return TurnReply(time_step=STEP, notes=f"turn {turn.turn_number}: {len(new)} new in the inbox")

    async def new_in_inbox(self, session: Session) -> list[str]:
        """One line per email or SMS that arrived since the previous turn (oldest first)."""
        seen: set[str] = session.state.setdefault("seen", set())
        email = await session.ues.request("GET", "/email/state")
        sms = await session.ues.request("GET", "/sms/state")
        arrived = [(m["received_at"], m["message_id"], f"email from {m['from_address']}: {m['subject']}")
                   for m in (email.get("emails") or {}).values() if m.get("folder") == "inbox"]
        arrived += [(m["sent_at"], m["message_id"], f"SMS from {m['from_number']}: {m['body'][:80]}")
                    for m in (sms.get("messages") or {}).values() if m.get("direction") == "incoming"]
        fresh = sorted(item for item in arrived if item[1] not in seen)
        seen.update(item[1] for item in fresh)
        return [line for _, _, line in fresh]


def main() -> None:
    """Serve the assistant over A2A (the AgentBeats image contract: --host, --port, --card-url)."""
    parser = argparse.ArgumentParser(description=MyAssistant.description)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=9019)
    parser.add_argument("--card-url", default=None, help="URL advertised in the agent card")
    args = parser.parse_args()
    app = create_app(MyAssistant(), url=args.card_url or f"http://{args.host}:{args.port}/")
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
