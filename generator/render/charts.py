"""Small inline SVG charts drawn at build time: no script, no library, readable in print.

Each chart carries a ``<title>`` and a ``<desc>`` (the numbers in words) for screen readers,
and the page shows the same numbers in a table beside it, so colour is never the only signal.
Players' names in them are isolated (``bidi.isolate``): SVG's title takes no ``<bdi>``.
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

from ..text import score_text
from .bidi import isolate

WIDTH = 480
HEIGHT = 200
LEFT = 34
RIGHT = 12
TOP = 12
BOTTOM = 28
COLOURS = ("#1f5f99", "#b3261e", "#2e7d32", "#8a4b00", "#6a1b9a", "#00838f", "#5d4037", "#455a64")
DASHES = ("", "6 3", "2 3", "8 3 2 3", "", "6 3", "2 3", "8 3 2 3")


def _x(index: int, count: int) -> float:
    span = WIDTH - LEFT - RIGHT
    return LEFT + (span * index / max(count - 1, 1))


def _y(value: float, low: float, high: float, inverted: bool = False) -> float:
    span = HEIGHT - TOP - BOTTOM
    fraction = 0.0 if high == low else (value - low) / (high - low)
    if inverted:
        fraction = 1 - fraction
    return TOP + span * (1 - fraction)


def _frame(title: str, description: str, body: list[str]) -> Markup:
    text = "".join(body)
    return Markup(
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>'
        f"<desc>{escape(description)}</desc>{text}</svg>"
    )


def _round_axis(count: int, labels_from: int) -> list[str]:
    """``count`` vertical grid lines labelled with round numbers from ``labels_from``."""
    parts = []
    for index in range(count):
        x = _x(index, count)
        parts.append(
            f'<line class="grid" x1="{x:.1f}" y1="{TOP}" x2="{x:.1f}" y2="{HEIGHT - BOTTOM}"/>'
            f'<text class="axis" x="{x:.1f}" y="{HEIGHT - 10}" text-anchor="middle">'
            f"{index + labels_from}</text>"
        )
    return parts


MOST_SCORE_STEPS = 12
"""Steps of the score axis at most: 13 labels 13 px high fit the 160 px of the plot."""


def _score_step(high: float) -> int:
    """The score axis's step, 1, 2, 5, 10, 20, 50 ...: the first that leaves at most
    ``MOST_SCORE_STEPS`` steps up to ``high``. Three points a win over 11 rounds reach 33,
    whose labels every 2 points printed over each other."""
    base = 1
    while True:
        for step in (base, 2 * base, 5 * base):
            if high / step <= MOST_SCORE_STEPS:
                return step
        base *= 10


def score_progression(running: Sequence[float], win: float, name: str) -> Markup:
    """A player's score after each round against the most they could have had."""
    rounds = len(running)
    values = [0.0, *running]
    high = max(win * rounds, 1.0)
    body = _round_axis(rounds + 1, 0)
    for tick in range(0, int(high) + 1, _score_step(high)):
        y = _y(tick, 0, high)
        body.append(
            f'<line class="grid" x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}"/>'
            f'<text class="axis" x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{tick}</text>'
        )
    best = " ".join(
        f"{_x(i, rounds + 1):.1f},{_y(win * i, 0, high):.1f}" for i in range(rounds + 1)
    )
    body.append(f'<polyline class="ideal" points="{best}"/>')
    line = " ".join(f"{_x(i, rounds + 1):.1f},{_y(v, 0, high):.1f}" for i, v in enumerate(values))
    body.append(f'<polyline class="score" points="{line}"/>')
    for index, value in enumerate(values[1:], start=1):
        x, y = _x(index, rounds + 1), _y(value, 0, high)
        body.append(f'<circle class="score" cx="{x:.1f}" cy="{y:.1f}" r="3"/>')
    words = ", ".join(f"round {i}: {score_text(v)}" for i, v in enumerate(running, start=1))
    return _frame(f"Score of {isolate(name)} after each round", words, body)


LABEL_HEIGHT = 13
"""Pixels a label of an axis takes: two closer than that print over each other."""


def _place_ticks(high: int) -> list[int]:
    """The place axis's labels: 1, every 5th place and the last, ``high``; with more places
    than ``MOST_SCORE_STEPS`` steps of 5 (an open of 300 printed 60 labels over each other in
    160 px), every 10th, 20th, 50th ... (``_score_step``). A label nearer 1 or ``high`` than
    a label's height is left out, as it would print over theirs."""
    step = 5 if high <= 5 * MOST_SCORE_STEPS else _score_step(high)
    near = LABEL_HEIGHT * (high - 1) / (HEIGHT - TOP - BOTTOM)  # a label's height, in places
    return [1, *(t for t in range(step, high, step) if min(t - 1, high - t) >= near), high]


def _place_span(worst: int, players: int) -> int:
    """The last place of the axis: the worst place a charted player had, up to the next
    label (every 5th place, or 10th, 20th, 50th ...: ``_place_ticks``), within the field.
    In an open of 300 the leaders' lines spanned 1 to 300 and were squashed against the
    top; leaders who were never below 87th now span 1 to 90."""
    step = 5 if worst <= 5 * MOST_SCORE_STEPS else _score_step(worst)
    return max(min(-(-worst // step) * step, players), 2)


def rank_by_round(series: Sequence[tuple[str, Sequence[int]]], players: int) -> Markup:
    """The leaders' places after each round (1 at the top), on an axis from 1 to the worst
    place they had (``_place_span``), not to the field's last."""
    rounds = max((len(ranks) for _, ranks in series), default=0)
    if rounds == 0:
        return Markup("")
    worst = max(rank for _, ranks in series for rank in ranks)
    low, high = 1, _place_span(worst, players)
    body = _round_axis(rounds, 1)
    for tick in _place_ticks(high):
        y = _y(tick, low, high, inverted=True)
        body.append(
            f'<line class="grid" x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}"/>'
            f'<text class="axis" x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{tick}</text>'
        )
    words = []
    for index, (name, ranks) in enumerate(series):
        colour = COLOURS[index % len(COLOURS)]
        dash = DASHES[index % len(DASHES)]
        points = " ".join(
            f"{_x(r, rounds):.1f},{_y(rank, low, high, inverted=True):.1f}"
            for r, rank in enumerate(ranks)
        )
        dash_attribute = f' stroke-dasharray="{dash}"' if dash else ""
        body.append(f'<polyline class="rank" points="{points}" stroke="{colour}"{dash_attribute}/>')
        words.append(f"{isolate(name)}: " + ", ".join(str(rank) for rank in ranks))
    return _frame("Place after each round", "; ".join(words), body)
