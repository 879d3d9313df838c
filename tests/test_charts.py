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


def _place_labels(svg: str) -> list[str]:
    """The place axis's labels, top to bottom."""
    return re.findall(r'text-anchor="end">(\d+)</text>', svg)


def _points(svg: str) -> list[list[str]]:
    """Each line's points, "x,y"."""
    return [p.split() for p in re.findall(r'<polyline class="rank" points="([^"]+)"', svg)]


def test_a_big_open_s_place_chart_spans_the_places_its_leaders_held() -> None:
    """300 players, the leaders never below 87th (A 12, 3, 1; B 40, 7, 2; C 87, 20, 3): the
    axis spanned 1 to 300 and squashed their lines against the top (87th at y 12 + 160 x
    86 / 299 = 58.0 of a 160 px plot from y 12). It now ends at 87 up to the next label:
    87 places need every 10th (every 5th is 18 steps, more than 12), so 1 to 90, labelled
    1, 10 ... 90 (a label is 13 x 89 / 160 = 7.2 places high: 10 and 80 are 9 and 10 away
    from the ends, kept). 87th is at y 12 + 160 x 86 / 89 = 166.6, 7th at 12 + 160 x 6 /
    89 = 22.8, 1st at 12; rounds at x 34, 34 + 434 / 2 = 251 and 468."""
    svg = str(rank_by_round([("A", [12, 3, 1]), ("B", [40, 7, 2]), ("C", [87, 20, 3])], 300))
    assert _place_labels(svg) == ["1", "10", "20", "30", "40", "50", "60", "70", "80", "90"]
    a, b, c = _points(svg)
    assert c[0] == "34.0,166.6" and b[1] == "251.0,22.8" and a[2] == "468.0,12.0"
    words = "\u2068A\u2069: 12, 3, 1; \u2068B\u2069: 40, 7, 2; \u2068C\u2069: 87, 20, 3"
    assert f"<desc>{words}</desc>" in svg


def test_the_place_axis_ends_at_a_label_step_within_the_field() -> None:
    """Leaders never below 23rd of 300: every 5th place (23 / 5 is 5 steps), up to 25:
    1, 5 ... 25. Never below 2nd: 1 to 5. Of 10 players, down to 9th: 10 (the field's
    last, as before: 1, 5, 10). Of 12, down to 11th: 15 is past the field, so 12: 1, 5, 10,
    12 (a label is 13 x 11 / 160 = 0.9 places: 10 is 2 from 12, kept). All 61 of 61:
    every 10th, 70 past the field, so 61: 1, 10 ... 50, 61 (60 is 1 place from 61, left
    out as before)."""

    def labels(worst: int, players: int) -> list[str]:
        return _place_labels(str(rank_by_round([("A", [1, worst]), ("B", [2, 1])], players)))

    assert labels(23, 300) == ["1", "5", "10", "15", "20", "25"]
    assert labels(2, 300) == ["1", "5"]
    assert labels(9, 10) == ["1", "5", "10"]
    assert labels(11, 12) == ["1", "5", "10", "12"]
    assert labels(61, 61) == ["1", "10", "20", "30", "40", "50", "61"]
