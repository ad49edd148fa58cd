"""The comparison page: for each comparison a table of every item (overall, scenarios, parts) and one plot per item —
each paired world's difference as a dot, the mean with its paired 95 % interval, and the unpaired interval beneath
for contrast. Inline SVG, no script, the report's CSP (a maintainer can publish it as a static file)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from green_agent.comparison.pairing import Comparison, Contrast
from green_agent.report.markup import Html, el
from green_agent.report.render import CSP

STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1d2330}
main{max-width:1100px;margin:0 auto;padding:24px}
section{background:#fff;border:1px solid #dde1e7;border-radius:8px;padding:16px 20px;margin:16px 0}
.plots{display:flex;gap:16px;flex-wrap:wrap}
table{border-collapse:collapse}td,th{padding:3px 10px;border-bottom:1px solid #eceff3;text-align:right}
th:first-child,td:first-child{text-align:left}
.bad{color:#b3261e}.ok{color:#1e7b34}.sub{color:#5b6475}
svg text{font:11px system-ui,sans-serif;fill:#1d2330}
"""
W, H, LEFT, RIGHT = 340, 96, 16, 16
SIGNIFICANT = 0.05  # the p-value below which (with an interval excluding 0) the page calls a difference resolved


def _x(value: float, span: float) -> float:
    return LEFT + (max(-span, min(span, value)) + span) / (2 * span) * (W - LEFT - RIGHT)


def plot(item: Contrast) -> Html:
    """One item: a dot per paired world's difference, the paired mean and interval (blue), the unpaired one (grey)."""
    extent = [abs(v) for v in [*item.differences, *(item.paired_ci95 or ()), *(item.unpaired_ci95 or ())]]
    span = next(v for v in (10.0, 20.0, 25.0, 50.0, 100.0) if v >= min(100.0, max(extent, default=0.0)))
    zero = _x(0, span)
    axis = [el("line", {"x1": LEFT, "x2": W - RIGHT, "y1": 70, "y2": 70, "stroke": "#5b6475"}),
            el("line", {"x1": zero, "x2": zero, "y1": 8, "y2": 74, "stroke": "#9aa4b5", "stroke-dasharray": "3 3"}),
            [el("text", {"x": _x(v, span), "y": 86, "text-anchor": "middle"}, f"{v:+.0f}" if v else "0")
             for v in (-span, -span / 2, 0, span / 2, span)]]
    dots = [el("circle", {"cx": _x(d, span), "cy": 22 + (n % 5) * 3, "r": 2.5, "fill": "#9aa4b5",
                          "fill-opacity": "0.7"}, el("title", None, f"one world: {d:+g} points"))
            for n, d in enumerate(item.differences)]
    marks: list[Html] = []
    if item.paired_ci95 and item.difference is not None:
        low, high = item.paired_ci95
        marks += [el("line", {"x1": _x(low, span), "x2": _x(high, span), "y1": 44, "y2": 44, "stroke": "#2f6fdb",
                              "stroke-width": 3}),
                  el("circle", {"cx": _x(item.difference, span), "cy": 44, "r": 4.5, "fill": "#2f6fdb"},
                     el("title", None, f"paired: {item.difference:+g} ({low:+g} to {high:+g})"))]
    if item.unpaired_ci95 and item.unpaired_difference is not None:
        low, high = item.unpaired_ci95
        marks += [el("line", {"x1": _x(low, span), "x2": _x(high, span), "y1": 58, "y2": 58, "stroke": "#9aa4b5",
                              "stroke-width": 3}),
                  el("circle", {"cx": _x(item.unpaired_difference, span), "cy": 58, "r": 3.5, "fill": "#9aa4b5"},
                     el("title", None, f"unpaired: {item.unpaired_difference:+g} ({low:+g} to {high:+g})"))]
    return el("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewbox": f"0 0 {W} {H}", "width": W, "height": H,
                      "role": "img", "aria-label": f"{item.level}: {item.name}, A minus B per world"},
              el("text", {"x": LEFT, "y": 12}, f"{item.name} — {item.pairs} paired world(s)"), axis, dots, marks)


def _num(value: float | None, sign: bool = False) -> str:
    return "–" if value is None else (f"{value:+g}" if sign else f"{value:g}")


def _interval(ci: tuple[float, float] | None) -> str:
    return "–" if ci is None else f"{ci[0]:+g} to {ci[1]:+g}"


def _verdict(item: Contrast) -> Html:
    if item.paired_ci95 is None or item.p_value is None:
        return el("td", {"class": "sub"}, "too few pairs")
    low, high = item.paired_ci95
    # Both: a t-interval of a few identical differences has no width, yet so few pairs prove nothing (the
    # sign-flip test says so).
    if (low > 0 or high < 0) and item.p_value < SIGNIFICANT:
        return el("td", {"class": "ok"}, "A ahead" if low > 0 else "B ahead")
    return el("td", {"class": "sub"}, "not resolved")


def _table(items: Sequence[Contrast]) -> Html:
    head = el("tr", None, [el("th", None, t) for t in ("item", "pairs", "A %", "B %", "A − B", "paired 95 % CI",
                                                       "p", "unpaired A − B", "unpaired 95 % CI", "")])
    rows = [el("tr", None, el("td", None, f"{i.level}: {i.name}"), el("td", None, str(i.pairs)),
               el("td", None, _num(i.mean_a)), el("td", None, _num(i.mean_b)),
               el("td", None, _num(i.difference, True)), el("td", None, _interval(i.paired_ci95)),
               el("td", None, _num(i.p_value)), el("td", None, _num(i.unpaired_difference, True)),
               el("td", None, _interval(i.unpaired_ci95)), _verdict(i)) for i in items]
    return el("table", None, head, rows)


def _section(c: Comparison) -> Html:
    items = [c.overall, *c.scenarios, *c.parts]
    warn = el("ul", {"class": "bad"}, [el("li", None, w) for w in c.warnings]) if c.warnings else ""
    return el("section", None, el("h2", None, f"A = {c.a}  vs  B = {c.b}"),
              el("p", {"class": "sub"}, f"{c.worlds_a} world(s) of A, {c.worlds_b} of B, {c.overall.pairs} paired. "
                 "Differences are A minus B in percentage points, world by world: each world's difficulty cancels."),
              warn, _table(items), el("div", {"class": "plots"}, [plot(i) for i in items]))


def render(comparisons: Sequence[Comparison]) -> str:
    """The whole page: one section per comparison."""
    head = el("head", None, el("meta", {"charset": "utf-8"}),
              el("meta", {"http-equiv": "Content-Security-Policy", "content": CSP}),
              el("title", None, "Paired comparison"), el("style", None, Html(STYLE)))
    intro = el("section", None, el("h1", None, "Paired comparison"),
               el("p", {"class": "sub"}, "Trials of two purples on the same world (the rows' world_digest) are "
                  "paired; the paired interval is a Student-t interval of the per-world differences, p a two-sided "
                  "sign-flip test, and the unpaired interval (Welch's) what the same rows say without pairing."))
    body = el("main", None, intro, [_section(c) for c in comparisons])
    return "<!DOCTYPE html>\n" + el("html", {"lang": "en"}, head, el("body", None, body)) + "\n"


def write(path: Path, comparisons: Sequence[Comparison]) -> Path:
    """Write the page to ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(comparisons))
    return path
