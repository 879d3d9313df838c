"""The build-time SVG charts: right points, and the numbers in words for screen readers."""

from __future__ import annotations

import re

from conftest import SiteMaker, event_toml, pgn_game

from generator.build import build_site
from generator.render.charts import HEIGHT, rank_by_round, score_progression


def test_score_progression_has_a_point_per_round_and_a_text_alternative() -> None:
    svg = str(score_progression([1.0, 1.5, 2.5], 1.0, "Okafor, Nia"))
    # The name isolated (U+2068 ... U+2069): a Hebrew or Arabic one keeps its place.
    assert "<title>Score of \u2068Okafor, Nia\u2069 after each round</title>" in svg
    assert "<desc>round 1: 1, round 2: 1½, round 3: 2½</desc>" in svg
    assert svg.count('<circle class="score"') == 3
    line = re.search(r'<polyline class="score" points="([^"]+)"', svg)
    assert line is not None
    ys = [float(p.split(",")[1]) for p in line.group(1).split()]
    # Starts at 0 at the bottom of the plot; higher scores are drawn higher (smaller y).
    assert ys[0] == HEIGHT - 28 and ys == sorted(ys, reverse=True)


def test_rank_by_round_puts_first_place_on_top_and_escapes_names() -> None:
    svg = str(rank_by_round([("<A>", [2, 1]), ("B & C", [1, 2])], 2))
    assert "\u2068&lt;A&gt;\u2069: 2, 1; \u2068B &amp; C\u2069: 1, 2" in svg
    lines = re.findall(r'<polyline class="rank" points="([^"]+)"', svg)
    first = [float(p.split(",")[1]) for p in lines[0].split()]
    assert first[1] < first[0]  # place 1 after round 2 is higher than place 2 after round 1


def _score_labels(svg: str) -> list[str]:
    """The score axis's labels, bottom to top (the round axis's are centred, not these)."""
    return re.findall(r'<text class="axis" x="28" y="[^"]+" text-anchor="end">([^<]+)</text>', svg)


def test_score_axis_labels_stay_apart_with_three_points_a_win() -> None:
    """With 3 points a win an 11-round Swiss reaches 33: labelled every 2 points, 17 labels
    13 px high stood 160 px * 2 / 33 = 9.7 px apart, printed over each other. The step is
    now 1, 2, 5, 10 ... whichever first leaves at most 12 steps: 5 here (0 to 30, 24 px
    apart); 1-½-0 events keep theirs (9 rounds: every point; 15 rounds: every 2)."""
    football = str(score_progression([3.0] * 11, 3.0, "Okafor, Nia"))
    assert _score_labels(football) == ["0", "5", "10", "15", "20", "25", "30"]
    nine = str(score_progression([1.0] * 9, 1.0, "Okafor, Nia"))
    assert _score_labels(nine) == [str(n) for n in range(10)]
    fifteen = str(score_progression([1.0] * 15, 1.0, "Okafor, Nia"))
    assert _score_labels(fifteen) == [str(n) for n in range(0, 15, 2)]


A, B, C, D = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora"


def test_event_page_chart_of_places_leaves_out_a_round_being_played(make_site: SiteMaker) -> None:
    """The event page's chart plotted a round still being played as if it were over: its
    places were only those "during round 3" the standings name. It now ends at the last round
    played to its end and says which round it leaves out; once that round is over it is in.
    No tie-breaks, so players level share the place, the chart drawing the first of it.
    By hand: after round 1 (A beat B, C beat D) A 1, C 1, B 0, D 0: places 1, 1, 3, 3;
    after round 2 (A beat C, B drew D) A 2, C 1, B ½, D ½: places 1, 2, 3, 3; during round 3
    (B beat C, A v D on) A 2, B 1½, C 1, D ½, the order the chart's lines follow."""
    games = (
        pgn_game("1.1", A, B, "1-0")
        + pgn_game("1.2", C, D, "1-0")
        + pgn_game("2.1", A, C, "1-0")
        + pgn_game("2.2", B, D, "1/2-1/2")
        + pgn_game("3.1", B, C, "1-0")
    )
    site = make_site(event_toml("tiebreaks = []\n"), {"g.pgn": games + pgn_game("3.2", A, D, "*")})
    assert build_site(site).written
    page = (site / "output/ev/index.html").read_text(encoding="utf-8")
    desc = re.search(r"<desc>([^<]*)</desc>", page)
    assert desc is not None
    assert desc.group(1) == (
        "\u2068Alpha, Anna\u2069: 1, 1; \u2068Bravo, Bob\u2069: 3, 3; "
        "\u2068Charlie, Carl\u2069: 1, 2; \u2068Delta, Dora\u2069: 3, 3"
    )
    assert "Place after each round (round 3, still being played, not shown)" in page
    # Round 3 over (A beat D): A 3, B 1½, C 1, D ½, places 1, 2, 3, 4.
    (site / "content/ev/g.pgn").write_text(games + pgn_game("3.2", A, D, "1-0"), encoding="utf-8")
    assert build_site(site).written
    page = (site / "output/ev/index.html").read_text(encoding="utf-8")
    desc = re.search(r"<desc>([^<]*)</desc>", page)
    assert desc is not None
    assert desc.group(1) == (
        "\u2068Alpha, Anna\u2069: 1, 1, 1; \u2068Bravo, Bob\u2069: 3, 3, 2; "
        "\u2068Charlie, Carl\u2069: 1, 2, 3; \u2068Delta, Dora\u2069: 3, 3, 4"
    )
    assert "not shown" not in page
