"""The calibration page: one plot per scenario (mean score against the share of the plan done, with 95 % intervals
and each world's score), the figures beside it and the findings. Inline SVG, no script, the report's CSP."""

from __future__ import annotations

from pathlib import Path

from green_agent.calibration.analysis import CalibrationReport, ScenarioCalibration
from green_agent.report.markup import Html, el
from green_agent.report.render import CSP

STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1d2330}
main{max-width:1100px;margin:0 auto;padding:24px}
section{background:#fff;border:1px solid #dde1e7;border-radius:8px;padding:16px 20px;margin:16px 0}
.plot{display:flex;gap:24px;flex-wrap:wrap;align-items:flex-start}
table{border-collapse:collapse}td,th{padding:3px 10px;border-bottom:1px solid #eceff3;text-align:right}
th:first-child,td:first-child{text-align:left}
.bad{color:#b3261e}.ok{color:#1e7b34}.sub{color:#5b6475}
svg text{font:11px system-ui,sans-serif;fill:#1d2330}
"""
W, H, LEFT, RIGHT, TOP, BOTTOM = 420, 280, 48, 16, 16, 40


def _x(p: float) -> float:
    return LEFT + p / 100 * (W - LEFT - RIGHT)


def _y(score: float) -> float:
    return TOP + (100 - max(0.0, min(100.0, score))) / 100 * (H - TOP - BOTTOM)


def plot(scenario: ScenarioCalibration) -> Html:
    """Score against the share of the plan carried out: a mean per rung with its 95 % interval, a dot per world."""
    grid = [el("line", {"x1": LEFT, "x2": W - RIGHT, "y1": _y(v), "y2": _y(v), "stroke": "#eceff3"}) for v in
            range(0, 101, 25)]
    ticks = [el("text", {"x": LEFT - 6, "y": _y(v) + 4, "text-anchor": "end"}, str(v)) for v in range(0, 101, 25)]
    ticks += [el("text", {"x": _x(r.percent), "y": H - BOTTOM + 16, "text-anchor": "middle"}, f"{r.percent / 100:g}")
              for r in scenario.rungs]
    axes = [el("line", {"x1": LEFT, "x2": LEFT, "y1": TOP, "y2": H - BOTTOM, "stroke": "#5b6475"}),
            el("line", {"x1": LEFT, "x2": W - RIGHT, "y1": H - BOTTOM, "y2": H - BOTTOM, "stroke": "#5b6475"}),
            el("text", {"x": (LEFT + W - RIGHT) / 2, "y": H - 6, "text-anchor": "middle"},
               "p (share of the plan carried out)"),
            el("text", {"x": 12, "y": (TOP + H - BOTTOM) / 2, "text-anchor": "middle",
                        "transform": f"rotate(-90 12 {(TOP + H - BOTTOM) / 2})"}, "score %")]
    worlds = [el("circle", {"cx": _x(r.percent) + 6, "cy": _y(v), "r": 2.5, "fill": "#9aa4b5",
                            "fill-opacity": "0.6"}, el("title", None, f"world {seed}: {v:g} %"))
              for r in scenario.rungs for seed, v in r.world_means.items()]
    shown = [r for r in scenario.rungs if r.mean is not None]
    line = el("polyline", {"points": " ".join(f"{_x(r.percent):.1f},{_y(r.mean or 0):.1f}" for r in shown),
                           "fill": "none", "stroke": "#2f6fdb", "stroke-width": 2})
    bars = [el("line", {"x1": _x(r.percent), "x2": _x(r.percent), "y1": _y(r.ci95[0]), "y2": _y(r.ci95[1]),
                        "stroke": "#2f6fdb", "stroke-width": 1.5}) for r in shown if r.ci95]
    means = [el("circle", {"cx": _x(r.percent), "cy": _y(r.mean or 0), "r": 4, "fill": "#2f6fdb"},
                el("title", None, f"p {r.percent / 100:g}: mean {r.mean:g} %, 95 % interval "
                                  f"{'n/a' if r.ci95 is None else f'{r.ci95[0]:g}..{r.ci95[1]:g}'}"))
             for r in shown]
    return el("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewbox": f"0 0 {W} {H}", "width": W, "height": H,
                      "role": "img", "aria-label": f"{scenario.scenario_id}: score against p"},
              grid, axes, ticks, worlds, line, bars, means)


def _num(value: float | None) -> str:
    return "–" if value is None else f"{value:g}"


def _scenario(s: ScenarioCalibration) -> Html:
    rows = [el("tr", None, el("td", None, f"{r.percent / 100:g}"), el("td", None, _num(r.mean)),
               el("td", None, "–" if r.ci95 is None else f"{r.ci95[0]:g} – {r.ci95[1]:g}"), el("td", None, _num(r.sd)),
               el("td", None, str(r.trials))) for r in s.rungs]
    rows += [el("tr", None, el("td", None, m.role), el("td", None, _num(m.mean)),
                el("td", None, "–" if m.ci95 is None else f"{m.ci95[0]:g} – {m.ci95[1]:g}"),
                el("td", None, f"drop {_num(m.drop)}"), el("td", None, str(m.trials))) for m in s.mistakes]
    table = el("table", None, el("tr", None, el("th", None, "p"), el("th", None, "mean %"), el("th", None, "95 % CI"),
                                 el("th", None, "sd"), el("th", None, "trials")), rows)
    figures = el("table", None,
                 el("tr", None, el("td", None, "monotone in p"),
                    el("td", {"class": "ok" if s.monotone else "bad"}, "yes" if s.monotone else "no")),
                 el("tr", None, el("td", None, "worlds monotone"), el("td", None, s.monotone_worlds)),
                 el("tr", None, el("td", None, "sd between worlds (p 0.5)"), el("td", None, _num(s.between_world_sd))),
                 el("tr", None, el("td", None, "sd within a world"), el("td", None, _num(s.within_world_sd))),
                 [el("tr", None, el("td", None, f"detectable difference, n = {d.n}"),
                     el("td", None, _num(d.difference))) for d in s.detectable],
                 [el("tr", None, el("td", None, f"p {sep.low / 100:g} vs {sep.high / 100:g} at n = {sep.n}"),
                     el("td", {"class": "ok" if sep.separates else "bad"},
                        f"{sep.difference:g} apart, need {_num(sep.needed)}")) for sep in s.separations])
    findings = el("ul", {"class": "bad"}, [el("li", None, f"{f.kind}: {f.text}") for f in s.findings]) \
        if s.findings else el("p", {"class": "ok"}, "No findings.")
    return el("section", {"id": s.scenario_id}, el("h2", None, s.scenario_id),
              el("div", {"class": "plot"}, plot(s), el("div", None, table, figures)), findings)


def _paired(report: CalibrationReport) -> Html:
    """Close rungs on the same worlds: the difference a board of n worlds resolves, paired and unpaired."""
    if not report.paired:
        return Html("")
    head = el("tr", None, [el("th", None, t) for t in ("suite", "rungs", "worlds", "true difference", "sd paired",
                                                       "sd unpaired", "n", "paired detects", "unpaired detects",
                                                       "paired power")])
    rows = [el("tr", None, el("td", None, suite.suite), el("td", None, f"{p.low / 100:g} vs {p.high / 100:g}"),
               el("td", None, str(p.worlds)), el("td", None, _num(p.difference)), el("td", None, _num(p.sd_paired)),
               el("td", None, _num(p.sd_unpaired)), el("td", None, str(size.n)),
               el("td", None, _num(size.paired_detectable)), el("td", None, _num(size.unpaired_detectable)),
               el("td", None, _num(size.paired_power)))
            for suite in report.paired for p in suite.pairs for size in p.sizes]
    return el("section", {"id": "paired"}, el("h2", None, "Paired power: close purples on the same worlds"),
              el("p", {"class": "sub"}, "Coupled rungs (a step done at the lower p is done at the higher) on the "
                 "same worlds: the smallest difference a board of n worlds detects (power 0.8, alpha 0.05) with a "
                 "paired t-test of the per-world differences and with an unpaired one, and the measured power of the "
                 "paired test against the true difference (boards resampled from the worlds run)."),
              el("table", None, head, rows))


def render(report: CalibrationReport) -> str:
    """The whole page."""
    head = el("head", None, el("meta", {"charset": "utf-8"}),
              el("meta", {"http-equiv": "Content-Security-Policy", "content": CSP}),
              el("title", None, "Calibration"), el("style", None, Html(STYLE)))
    intro = el("section", None, el("h1", None, "Calibration"),
               el("p", {"class": "sub"}, f"{len(report.scenarios)} scenario(s); rungs "
                  f"{', '.join(f'{p / 100:g}' for p in report.rungs)}; worlds (seeds) "
                  f"{', '.join(map(str, report.seeds))}; {report.trials} trial(s) each; characters "
                  f"{report.character_mode}; {report.wall_seconds:g} s."),
               el("p", {"class": "sub"}, f"Detectable difference: {report.test}. Noise floor: {report.noise_floor}."),
               el("p", None, f"{len(report.flagged)} scenario(s) whose ladder has findings (not monotone, rungs "
                  f"0 / 0.5 / 1 not separated at n = 10, wrong ends): "
                  f"{', '.join(s.scenario_id for s in report.flagged) or 'none'}."))
    body = el("main", None, intro, _paired(report), [_scenario(s) for s in report.scenarios])
    return "<!DOCTYPE html>\n" + el("html", {"lang": "en"}, head, el("body", None, body)) + "\n"


def write(path: Path, report: CalibrationReport) -> Path:
    """Write the page to ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(report))
    return path
