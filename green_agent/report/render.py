"""The report as one self-contained HTML page: inline CSS, no script, no external asset, every text escaped
(``markup.el``), and a Content-Security-Policy that would refuse a script even if one slipped through."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from green_agent.report.markup import Child, Html, el, esc, join
from green_agent.report.model import (
    AssessmentReport,
    CriterionLine,
    ModalityDiff,
    TrialReport,
    ViolationLine,
)

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"
MAX_DETAIL_ITEMS = 50
MAX_DETAIL_TEXT = 1000
MAX_DETAIL_DEPTH = 5

STYLE = """
:root { --ink:#1f2933; --muted:#66717f; --line:#e3e7ed; --bg:#f5f6f8; --card:#fff; --ok:#137a3f; --ok-bg:#e3f5ea;
  --bad:#b42318; --bad-bg:#fdecea; --warn:#a15c07; --warn-bg:#fff4dc; --accent:#2f5fd0;
  --email:#2563eb; --sms:#059669; --calendar:#c2680a; --chat:#7c3aed; }
* { box-sizing: border-box; }
html { background: var(--bg); }
body { margin: 0; color: var(--ink); font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans",
  sans-serif; }
main { max-width: 1200px; margin: 0 auto; padding: 24px 20px 48px; }
header.page { margin-bottom: 16px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 20px; margin: 0 0 12px; display: flex; align-items: center; gap: 10px; flex-wrap: wrap; }
h3 { font-size: 16px; margin: 22px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
h4 { font-size: 14px; margin: 14px 0 6px; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
.sub, .muted { color: var(--muted); }
.sub { margin: 0; }
code, .mono { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12.5px; }
section.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 18px 20px;
  margin: 16px 0; box-shadow: 0 1px 2px rgba(16,24,40,.04); }
nav.toc { font-size: 13px; }
nav.toc ul { margin: 4px 0 0; padding-left: 18px; }
nav.toc li { margin: 2px 0; }
.stats { display: grid; grid-template-columns: repeat(auto-fit, minmax(170px, 1fr)); gap: 12px; margin: 4px 0 16px; }
.stat { border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; background: #fbfcfd; }
.stat .label { font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
.stat .value { font-size: 24px; font-weight: 650; }
.stat .note { font-size: 12px; color: var(--muted); }
table { width: 100%; border-collapse: collapse; margin: 6px 0 10px; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--line); }
th { background: #f0f2f5; font-weight: 600; font-size: 12.5px; white-space: nowrap; }
tbody tr:nth-child(even) td { background: #fafbfc; }
td.num, th.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.badge { display: inline-block; padding: 0 8px; border-radius: 999px; font-size: 12px; font-weight: 600;
  line-height: 20px; white-space: nowrap; background: #eceff3; color: #3d4752; }
.badge.ok { background: var(--ok-bg); color: var(--ok); }
.badge.bad { background: var(--bad-bg); color: var(--bad); }
.badge.warn { background: var(--warn-bg); color: var(--warn); }
.badge.email { background: #e6eefc; color: var(--email); }
.badge.sms { background: #e0f4ee; color: var(--sms); }
.badge.calendar { background: #fcefdf; color: var(--calendar); }
.badge.chat { background: #efe8fd; color: var(--chat); }
.badge.req { background: #e9edf5; color: #40506b; font-weight: 500; }
.facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(340px, 1fr)); gap: 2px 18px; margin: 8px 0; }
.facts div { display: flex; gap: 8px; border-bottom: 1px dashed var(--line); padding: 3px 0; }
.facts dt { color: var(--muted); min-width: 110px; }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.bar { position: relative; height: 8px; background: #eceff3; border-radius: 4px; overflow: hidden; min-width: 80px; }
.bar > span { position: absolute; left: 0; top: 0; bottom: 0; background: var(--ok); border-radius: 4px; }
.bar.partial > span { background: #d39b1f; }
.bar.zero > span { background: var(--bad); }
.dims td:first-child { width: 190px; }
.dims td.barcell { width: 45%; }
.prompt { background: #f7f5ff; border-left: 3px solid var(--chat); padding: 8px 12px; border-radius: 4px;
  white-space: pre-wrap; margin: 8px 0; }
.text { white-space: pre-wrap; overflow-wrap: anywhere; max-height: 16em; overflow: auto; margin-top: 2px; }
.details { margin-top: 6px; font-size: 13px; }
.details table { margin: 2px 0; width: auto; min-width: 40%; }
.details th, .details td { padding: 2px 8px; background: transparent !important; }
.details th { background: transparent; color: var(--muted); font-weight: 500; }
.details ul { margin: 2px 0; padding-left: 18px; }
.yes { color: var(--ok); font-weight: 600; }
.no { color: var(--bad); font-weight: 600; }
table.timeline td { border-bottom: 1px solid #eef0f3; }
table.timeline td.time { white-space: nowrap; width: 150px; }
table.timeline td.time .offset { display: block; color: var(--muted); font-size: 12px; }
table.timeline td.who { width: 170px; }
table.timeline td.turn { width: 44px; text-align: center; color: var(--muted); }
table.timeline tr.src-assistant td:first-child { box-shadow: inset 3px 0 0 var(--accent); }
table.timeline tr.src-character td:first-child { box-shadow: inset 3px 0 0 var(--sms); }
table.timeline tr.src-user td:first-child { box-shadow: inset 3px 0 0 var(--chat); }
table.timeline tr.src-world td:first-child { box-shadow: inset 3px 0 0 #9aa4b1; }
table.timeline tr.src-violation td { background: var(--bad-bg) !important; }
table.timeline tr.src-violation td:first-child { box-shadow: inset 3px 0 0 var(--bad); }
table.timeline tr.marker td { background: #f0f2f5 !important; font-weight: 600; color: #3d4752; padding: 4px 8px;
  font-size: 12.5px; }
table.timeline tr.failed .title { text-decoration: line-through; text-decoration-color: var(--bad); }
.title { font-weight: 600; overflow-wrap: anywhere; }
.dir { font-size: 12px; color: var(--muted); margin-left: 4px; }
.note { font-size: 12px; color: var(--bad); }
.legend { display: flex; gap: 14px; flex-wrap: wrap; font-size: 12px; color: var(--muted); margin: 4px 0 8px; }
.legend span { margin-right: 6px; }
.legend span::before { content: ""; display: inline-block; width: 10px; height: 10px; border-radius: 2px;
  margin-right: 5px; vertical-align: -1px; background: var(--c); }
table.diff th:first-child { width: 90px; }
table.diff.fields th:last-child { width: 36%; }
.changes { margin: 0; padding-left: 0; list-style: none; font-size: 13px; }
.changes li { overflow-wrap: anywhere; }
.changes .from { color: var(--bad); text-decoration: line-through; text-decoration-color: rgba(180,35,24,.4); }
.changes .to { color: var(--ok); }
.empty { color: var(--muted); font-style: italic; }
ul.plain { margin: 4px 0; padding-left: 18px; }
details.raw summary { cursor: pointer; color: var(--muted); font-size: 13px; }
pre.summary { white-space: pre-wrap; background: #f7f8fa; padding: 10px; border-radius: 6px; font-size: 12.5px; }
footer { color: var(--muted); font-size: 12px; text-align: center; margin-top: 24px; }
"""


# ---------------------------------------------------------------------------------------------- small pieces
def _num(value: float | None, digits: int = 2) -> str:
    if value is None:
        return "—"
    return f"{value:.{digits}f}"


def _g(value: float | None) -> str:
    return "—" if value is None else f"{value:g}"


def _time(at: datetime | None) -> str:
    if at is None:
        return "—"
    return at.astimezone(UTC).strftime("%a %d %b %H:%M:%S")


def _offset(at: datetime | None, start: datetime | None) -> str:
    if at is None or start is None:
        return ""
    seconds = int((at - start).total_seconds())
    sign = "-" if seconds < 0 else "+"
    seconds = abs(seconds)
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{sign}{f'{days}d ' if days else ''}{hours}:{minutes:02d}:{secs:02d}"


def _span(start: datetime | None, end: datetime | None) -> str:
    if start is None or end is None:
        return "—"
    return f"{_time(start)} → {_time(end)} UTC ({_offset(end, start).lstrip('+')})"


def _badge(text: str, kind: str = "") -> Html:
    return el("span", {"class": f"badge {kind}".strip()}, text)


def _verdict(passed: bool) -> Html:
    return _badge("passed", "ok") if passed else _badge("not passed", "bad")


def _trial_verdict(trial: TrialReport) -> Html:
    """A trial's verdict; an errored trial has none (it measured nothing about the purple), and says so."""
    return _badge("errored: not scored", "warn") if trial.errored else _verdict(trial.passed)


def _status(trial: TrialReport) -> str:
    if trial.errored:
        return f"errored ({', '.join(trial.reasons)})" if trial.reasons else "errored"
    return f"{trial.status} ({trial.completion_reason})"


def _bar(score: float | None, max_score: float) -> Html:
    fraction = 0.0 if score is None or max_score <= 0 else max(0.0, min(1.0, score / max_score))
    kind = "" if fraction >= 0.999 else "zero" if fraction <= 0 else "partial"
    return el("div", {"class": f"bar {kind}".strip(), "title": f"{fraction * 100:.0f}%"},
              el("span", {"style": f"width:{fraction * 100:.1f}%"}))


def _table(head: Sequence[Child], rows: Sequence[Sequence[Child]], cls: str = "",
           num: Sequence[int] = ()) -> Html:
    return el("table", {"class": cls or None},
              el("thead", None, el("tr", None, [el("th", {"class": "num" if i in num else None}, h)
                                                for i, h in enumerate(head)])),
              el("tbody", None, [el("tr", None, [el("td", {"class": "num" if i in num else None}, c)
                                                 for i, c in enumerate(row)]) for row in rows]))


def _facts(pairs: Sequence[tuple[str, Child]]) -> Html:
    return el("dl", {"class": "facts"}, [el("div", None, el("dt", None, k), el("dd", None, v)) for k, v in pairs])


def _text(value: str) -> Html:
    return el("div", {"class": "text"}, value) if value else Html("")


# ---------------------------------------------------------------------------------------------- details
def details_html(value: Any, depth: int = 0) -> Html:
    """An evaluator's per-item details, readable: mappings as key/value tables, lists of records as tables,
    booleans as ✓/✗."""
    if value is None:
        return el("span", {"class": "muted"}, "—")
    if isinstance(value, bool):
        return el("span", {"class": "yes"}, "✓ yes") if value else el("span", {"class": "no"}, "✗ no")
    if isinstance(value, int | float):
        return esc(f"{value:g}" if isinstance(value, float) else value)
    if isinstance(value, str):
        clipped = value if len(value) <= MAX_DETAIL_TEXT else value[:MAX_DETAIL_TEXT] + "…"
        return esc(clipped)
    if depth >= MAX_DETAIL_DEPTH:
        return el("code", None, json.dumps(value, default=str, ensure_ascii=False)[:MAX_DETAIL_TEXT])
    if isinstance(value, dict):
        if not value:
            return el("span", {"class": "muted"}, "none")
        items = list(value.items())
        more = len(items) - MAX_DETAIL_ITEMS
        rows = [el("tr", None, el("th", None, str(k)), el("td", None, details_html(v, depth + 1)))
                for k, v in items[:MAX_DETAIL_ITEMS]]
        if more > 0:
            rows.append(el("tr", None, el("td", {"colspan": 2, "class": "muted"}, f"… {more} more")))
        return el("table", None, el("tbody", None, rows))
    if isinstance(value, list | tuple):
        if not value:
            return el("span", {"class": "muted"}, "none")
        shown, more = list(value[:MAX_DETAIL_ITEMS]), len(value) - MAX_DETAIL_ITEMS
        tail = el("span", {"class": "muted"}, f" … {more} more") if more > 0 else None
        if all(isinstance(v, str | int | float | bool) or v is None for v in shown):
            return join([join([", " if i else None, details_html(v, depth + 1)]) for i, v in enumerate(shown)]
                        + [tail])
        keys = list(dict.fromkeys(k for v in shown if isinstance(v, dict) for k in v))
        if all(isinstance(v, dict) for v in shown) and 0 < len(keys) <= 8:
            return join([_table([str(k) for k in keys],
                                [[details_html(v.get(k), depth + 1) for k in keys] for v in shown]), tail])
        return join([el("ul", None, [el("li", None, details_html(v, depth + 1)) for v in shown]), tail])
    return esc(str(value)[:MAX_DETAIL_TEXT])


# ---------------------------------------------------------------------------------------------- summary
def _summary(report: AssessmentReport) -> Html:
    row = report.summary
    passed = sum(t.passed for t in report.trial_reports)
    scored = [t for t in report.trial_reports if not t.errored]
    errored = f"; {row.errored_trials} errored, left out" if row.errored_trials else ""
    low, high = row.pass_at_1_ci95
    stats = [
        ("Mean score", f"{row.mean_percentage:.1f}%" if row.trials else "—",
         f"over {row.trials} scored trial(s){errored}"),
        ("pass^1", _num(row.pass_at_1), f"95% CI [{_num(low)}, {_num(high)}] (Wilson)"),
        (f"pass^k (k={row.k})", _num(row.pass_hat_k), "every trial of a scenario passed"),
        (f"pass@k (k={row.k})", _num(row.pass_at_k), "some trial of a scenario passed"),
        ("Trials passed", f"{passed}/{len(scored)}",
         f"{row.scenarios} scenario(s)" + (f", shard {row.shard_index + 1}/{row.num_shards}"
                                              if row.num_shards > 1 else "") + errored),
    ]
    cards = el("div", {"class": "stats"}, [
        el("div", {"class": "stat"}, el("div", {"class": "label"}, label), el("div", {"class": "value"}, value),
           el("div", {"class": "note"}, note)) for label, value, note in stats])
    curve = _table(["k", *[str(k) for k in range(1, len(row.pass_hat_by_k) + 1)]],
                   [["pass^k", *[_num(v) for v in row.pass_hat_by_k]]]) if len(row.pass_hat_by_k) > 1 else None
    per_scenario = _table(
        ["Scenario", "Trials", "Mean %", "Pass rate", "pass^k", "pass@k", "Statuses"],
        [[el("code", None, s.scenario_id), str(s.trials), f"{s.mean_percentage:.1f}", _num(s.pass_rate),
          _num(s.pass_hat_k), _num(s.pass_at_k), ", ".join(f"{k}: {v}" for k, v in s.statuses.items())]
         for s in row.per_scenario], num=(1, 2, 3, 4, 5))
    trials = _table(
        ["Trial", "Status", "Score", "%", "Verdict", "Turns", "Actions", "Violations"],
        [[el("a", {"href": f"#{t.anchor}"}, f"{t.scenario_id} #{t.trial}"),
          _status(t), "—" if t.errored else f"{_g(t.score)}/{_g(t.max_score)}",
          "—" if t.errored else f"{t.percentage:.1f}", _trial_verdict(t), str(t.turns_taken), str(t.actions_taken),
          _badge(str(len(t.violations)), "bad") if t.violations else "0"]
         for t in report.trial_reports], num=(2, 3, 5, 6, 7))
    warnings = [el("h3", None, "Warnings"),
                el("ul", {"class": "plain"}, [el("li", None, w) for w in row.warnings])] if row.warnings else None
    text = el("details", {"class": "raw"}, el("summary", None, "Summary text"),
              el("pre", {"class": "summary"}, report.summary_text)) if report.summary_text else None
    return el("section", {"class": "card", "id": "summary"},
              el("h2", None, "Summary"), cards, curve,
              el("h3", None, "Per scenario"), per_scenario,
              el("h3", None, "Trials"), trials, warnings, text)


# ---------------------------------------------------------------------------------------------- one trial
def _criteria(criteria: Sequence[CriterionLine]) -> Html:
    if not criteria:
        return el("p", {"class": "empty"}, "No criteria were scored (the trial did not reach a world to judge).")
    rows = []
    for c in criteria:
        if c.status == "scored":
            full = c.score is not None and c.score >= c.max_score
            status = _badge("met" if full else "scored", "ok" if full else "warn" if c.score else "bad")
        else:
            status = _badge(c.status, "bad" if c.status == "error" else "")
        name = [el("div", {"class": "title"}, c.name), el("code", {"class": "muted"}, c.criterion_id),
                " ", _badge("required", "req") if c.required else None,
                el("div", {"class": "muted"}, c.description) if c.description else None]
        explanation = [el("div", None, c.explanation) if c.explanation else None,
                       el("div", {"class": "details"}, details_html(c.details)) if c.details is not None else None]
        score = [f"{_g(c.score)}/{_g(c.max_score)}", _bar(c.score, c.max_score)] if c.status == "scored" \
            else f"—/{_g(c.max_score)}"
        rows.append([name, c.dimension, c.method, score, status, explanation])
    return _table(["Criterion", "Dimension", "Method", "Score", "Status", "Explanation and details"], rows,
                  num=(3,))


def _violations(violations: Sequence[ViolationLine]) -> Html:
    if not violations:
        return el("p", {"class": "empty"}, "None found.")
    return _table(["Type", "Turn", "Action", "What", "More"],
                  [[_badge(v.type, "bad"), "—" if v.turn is None else str(v.turn), el("code", None, v.action or "—"),
                    v.content or "", details_html(v.extra) if v.extra else ""] for v in violations], num=(1,))


_LEGEND = (("Assistant", "var(--accent)"), ("Character", "var(--sms)"), ("User", "var(--chat)"),
           ("World", "#9aa4b1"), ("Violation", "var(--bad)"))
_ARROW = {"in": "← in", "out": "→ out", "none": ""}


def _timeline(trial: TrialReport) -> Html:
    if not trial.recorded:
        return el("p", {"class": "empty"}, "No record of this trial was kept.")
    rows = []
    for e in trial.timeline:
        if e.source == "marker":
            rows.append(el("tr", {"class": "marker"}, el("td", {"class": "time"}, _time(e.at)),
                           el("td", {"colspan": 3}, e.title)))
            continue
        what = [_badge(e.modality, e.modality) if e.modality else None,
                el("span", {"class": "dir"}, _ARROW[e.direction]) if _ARROW[e.direction] else None, " ",
                el("span", {"class": "title"}, e.title), _text(e.body),
                el("div", {"class": "note"}, e.note) if e.note else None]
        rows.append(el("tr", {"class": f"src-{e.source}" + ("" if e.ok else " failed")},
                       el("td", {"class": "time"}, _time(e.at),
                          el("span", {"class": "offset"}, _offset(e.at, trial.start_time))),
                       el("td", {"class": "turn"}, "" if e.turn is None else str(e.turn)),
                       el("td", {"class": "who"}, e.actor),
                       el("td", None, what)))
    legend = el("div", {"class": "legend"}, [el("span", {"style": f"--c:{c}"}, name) for name, c in _LEGEND])
    notes = []
    if trial.action_log_truncated:
        notes.append(el("p", {"class": "note"}, "The action log was truncated: later actions are not shown."))
    if trial.timeline_truncated:
        notes.append(el("p", {"class": "note"}, f"{trial.timeline_truncated} later entries are not shown."))
    table = el("table", {"class": "timeline"},
               el("thead", None, el("tr", None, el("th", None, "Simulated time (UTC)"), el("th", None, "Turn"),
                                    el("th", None, "Who"), el("th", None, "What"))),
               el("tbody", None, rows))
    return join([legend, table, notes])


def _diff(trial: TrialReport) -> Html:
    if not trial.diff:
        return el("p", {"class": "empty"}, "No final state was recorded." if trial.recorded
                  else "No record of this trial was kept.")
    blocks = [_modality_diff(d) for d in trial.diff]
    return el("div", {"class": "diff"}, blocks)


def _modality_diff(d: ModalityDiff) -> Html:
    counts = f"{d.before} → {d.after} items · {d.count('new')} new · {d.count('changed')} changed · " \
             f"{d.count('deleted')} deleted"
    head = el("h4", None, _badge(d.label, d.modality), " ", el("span", {"class": "muted"}, counts))
    if not d.changes:
        return el("div", None, head, el("p", {"class": "empty"}, "No changes."))
    kinds = {"new": "ok", "changed": "warn", "deleted": "bad"}
    fields = any(c.fields for c in d.changes)
    rows = [[_badge(c.change, kinds[c.change]),
             [el("div", None, c.summary), el("code", {"class": "muted"}, c.key)],
             *([el("ul", {"class": "changes"}, [el("li", None, el("code", None, f.name), ": ",
                                                   el("span", {"class": "from"}, f.before), " → ",
                                                   el("span", {"class": "to"}, f.after)) for f in c.fields])]
               if fields else [])] for c in d.changes]
    head_row = ["Change", "Item", "Changed fields"] if fields else ["Change", "Item"]
    return el("div", None, head, _table(head_row, rows, cls="diff" + (" fields" if fields else "")))


def _parts(trial: TrialReport) -> Html | None:
    if not trial.parts:
        return None
    return el("div", None, el("h3", None, "Parts of the day"), _table(
        ["Part", "Score", "", "Verdict"],
        [[el("code", None, p.part), f"{_g(p.score)}/{_g(p.max_score)}", _bar(p.score, p.max_score), _verdict(p.passed)]
         for p in trial.parts], num=(1,)))


def _attacks(trial: TrialReport) -> Html | None:
    if not trial.attacks:
        return None
    outcome = {True: _badge("followed", "bad"), False: _badge("resisted", "ok"), None: _badge("not scored", "warn")}
    return el("div", None, el("h3", None, "Attacks planted in the world"), _table(
        ["Attack", "Goal", "Style", "Carrier", "Outcome"],
        [[el("code", None, a.attack_id), a.goal, a.style, a.carrier, outcome[a.succeeded]] for a in trial.attacks]))


def _trial(trial: TrialReport) -> Html:
    title = el("h2", None, el("code", None, trial.scenario_id), f" · trial {trial.trial}", _trial_verdict(trial),
               None if trial.errored else _badge(f"{trial.percentage:.1f}%", "ok" if trial.passed else "warn"))
    about = [el("p", {"class": "muted"}, f"{trial.scenario_name} — {trial.scenario_description}")
             if trial.scenario_name else None,
             el("div", {"class": "prompt"}, trial.user_prompt) if trial.user_prompt else None]
    score = ("not scored: the trial errored, so it measured nothing about the purple (see Errors)" if trial.errored
             else f"{_g(trial.score)}/{_g(trial.max_score)} = {trial.percentage:.1f}%")
    facts = _facts([("Status", _status(trial)), ("Score", score),
                    ("Turns", str(trial.turns_taken)), ("Actions", str(trial.actions_taken)),
                    ("Simulated", _span(trial.start_time, trial.final_time)),
                    ("Wall time", f"{trial.duration_seconds:.2f} s"), *trial.facts])
    dims = _table(["Dimension", "Score", ""],
                  [[d.dimension, f"{_g(d.score)}/{_g(d.max_score)}", _bar(d.score, d.max_score)]
                   for d in trial.dimensions], cls="dims", num=(1,)) if trial.dimensions else None
    problems = []
    if trial.errors:
        problems += [el("h3", None, "Errors"), el("ul", {"class": "plain"}, [el("li", None, e) for e in trial.errors])]
    if trial.warnings:
        problems += [el("h3", None, "Warnings"),
                     el("ul", {"class": "plain"}, [el("li", None, w) for w in trial.warnings])]
    withheld = el("p", {"class": "muted"}, "Per-item details are not part of the published rows; they are shown "
                  "here only.") if trial.details_withheld else None
    return el("section", {"class": "card trial", "id": trial.anchor},
              title, about, facts, dims, _parts(trial), _attacks(trial),
              el("h3", None, "Criteria"), withheld, _criteria(trial.criteria),
              el("h3", None, "Violations"), _violations(trial.violations), problems,
              el("h3", {"id": f"{trial.anchor}-timeline"}, "Timeline"), _timeline(trial),
              el("h3", {"id": f"{trial.anchor}-diff"}, "Final-state diff"), _diff(trial))


# ---------------------------------------------------------------------------------------------- the page
def render(report: AssessmentReport) -> str:
    """The report as one self-contained HTML document."""
    row = report.summary
    title = f"Assessment {row.assessment_id}"
    generated = report.generated_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC") if report.generated_at else ""
    toc = el("nav", {"class": "toc"}, el("strong", None, "Contents"),
             el("ul", None, el("li", None, el("a", {"href": "#summary"}, "Summary")),
                [el("li", None, el("a", {"href": f"#{t.anchor}"}, f"{t.scenario_id} · trial {t.trial}"),
                    " ", _trial_verdict(t)) for t in report.trial_reports]))
    header = el("header", {"class": "page"}, el("h1", None, "Assessment report"),
                el("p", {"class": "sub"}, "Assessment ", el("code", None, row.assessment_id), " · participant ",
                   el("strong", None, row.participant), " at ", el("code", None, row.participant_url)),
                el("p", {"class": "sub"}, f"Generated {generated}" if generated else None))
    body = el("main", None, header, el("section", {"class": "card"}, toc), _summary(report),
              [_trial(t) for t in report.trial_reports],
              el("footer", None, f"UES green agent {report.green_version}" if report.green_version else None))
    head = el("head", None, el("meta", {"charset": "utf-8"}),
              el("meta", {"http-equiv": "Content-Security-Policy", "content": CSP}),
              el("meta", {"name": "viewport", "content": "width=device-width, initial-scale=1"}),
              el("title", None, title), el("style", None, Html(STYLE)))
    return "<!DOCTYPE html>\n" + el("html", {"lang": "en"}, head, el("body", None, body)) + "\n"
