"""Sibling helper module, imported the reference way (`import _eval_helpers as helpers`)."""

from __future__ import annotations


def agent_chat_messages(action_log):
    return [entry for entry in action_log
            if entry.action == "chat.send_message" and entry.parameters.get("role") == "assistant"]
