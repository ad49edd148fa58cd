"""Blocks of the command-line page: each program's usage and options, read from its argparse parser."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from docs_gen.blocks import BlockError
from docs_gen.fields import cell


def _parsers() -> dict[str, Callable[[], argparse.ArgumentParser]]:
    from green_agent.cli import parser as green
    from green_agent.conformance import parser as check
    from services.purple.cli import parser as purple
    from services.ues.cli import parser as ues
    return {"green-agent": green, "purple-agent": purple, "purple-agent check": check, "ues-server": ues}


def _usage(parser: argparse.ArgumentParser) -> str:
    # A fixed width, so the page does not depend on the terminal that generated it.
    formatter = argparse.HelpFormatter(parser.prog, width=100)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    return formatter.format_help().strip()


def _options(parser: argparse.ArgumentParser) -> str:
    rows = ["| option | default | meaning |", "|---|---|---|"]
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction | argparse._SubParsersAction) or action.help == argparse.SUPPRESS:
            continue
        name = ", ".join(f"`{o}`" for o in action.option_strings) or f"`{action.metavar or action.dest}`"
        if action.choices is not None:
            choices = list(action.choices)
            name += " (" + ", ".join(f"`{c}`" for c in choices) + ")" if len(choices) <= 12 else (
                f" (one of {len(choices)} choices, `--help` lists them)")
        if action.required and action.option_strings:
            shown = "required"
        elif action.default in (None, argparse.SUPPRESS) or isinstance(action, argparse._StoreTrueAction):
            shown = ""
        else:
            shown = f"`{action.default}`"
        help_text = (action.help or "") % {"default": action.default, "prog": parser.prog} if action.help else ""
        rows.append(f"| {cell(name)} | {cell(shown)} | {cell(help_text)} |")
    return "\n".join(rows) if len(rows) > 2 else "No options."


def _sections(parser: argparse.ArgumentParser, level: int, summary: str | None = None) -> list[str]:
    out = [f"{'#' * level} `{parser.prog}`"]
    if parser.description or summary:
        out.append((parser.description or summary or "").replace("%%", "%"))
    out += [f"```text\n{_usage(parser)}\n```", _options(parser)]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help for choice in action._choices_actions}
            for name, sub in action.choices.items():
                out += _sections(sub, min(level + 1, 6), helps.get(name))
    return out


def cli_block(argument: str) -> str:
    """``cli PROGRAM``: the program's usage and options, then each subcommand's, nested."""
    parsers = _parsers()
    if argument not in parsers:
        raise BlockError(f"no program {argument!r}; known: {sorted(parsers)}")
    return "\n\n".join(_sections(parsers[argument](), 3))
