"""FIDE rating change (Rating Regulations, 1 March 2024, 8.3) on the player's card and in
results.json. Every expected value is worked out by hand from table 8.1.2:

* 2000 beats 2100: D = -100, PD = 0.36 (D 99-106: 0.64 for the higher), Delta R = +0.64;
* 2000 draws with 1600: D = +400, PD = 0.92 (D 392-411), Delta R = 0.5 - 0.92 = -0.42;
* 2000 loses to 2500: D = -500 counts as -400 (8.3.1), PD = 0.08, Delta R = -0.08.

With K 20: +12.8, -8.4 and -1.6 a game, +2.8 over the three.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import SiteMaker, circle, load, messages, pgn_game

from generator.build import build_site, load_site
from generator.problems import Problems
from generator.render.site import SiteRenderer
from generator.rules.ratings import (
    counted_difference,
    development_coefficient,
    expected_hundredths,
    game_delta,
    rating_change,
    rounded,
)
from generator.rules.scores import player_records

A, B, C, D, E = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora", "Echo, Eve"
CARD = "output/ev/players/1-alpha-anna.html"


def _players(*entries: tuple[str, str]) -> str:
    return "".join(f'\n[[players]]\nname = "{name}"\n{extra}\n' for name, extra in entries)


def _event(top: str = "k_factor = 20\n", bravo: str = "", rounds: int = 3) -> str:
    """Alpha 2000, Bravo 2100, Charlie 1600, Delta 2500; ``top`` above the players."""
    head = f'name = "Rated"\nformat = "round-robin"\nrounds = {rounds}\nstart = 2025-06-01\n'
    return (
        head
        + top
        + _players(
            (A, "rating = 2000"),
            (B, f"rating = 2100\n{bravo}"),
            (C, "rating = 1600"),
            (D, "rating = 2500"),
        )
    )


# Alpha: beats Bravo, draws with Charlie, loses to Delta. Bravo: loses to Alpha and Delta,
# beats Charlie. Charlie: draws with Alpha, loses to Bravo, beats Delta.
THREE_ROUNDS = (
    pgn_game("1.1", A, B, "1-0", "1. e4 e5")
    + pgn_game("1.2", C, D, "1-0", "1. d4 d5")
    + pgn_game("2.1", C, A, "1/2-1/2", "1. c4 c5")
    + pgn_game("2.2", D, B, "1-0", "1. e4 c5")
    + pgn_game("3.1", A, D, "0-1", "1. f4 e5")
    + pgn_game("3.2", B, C, "1-0", "1. g3 g6")
)


def _built(site: Path) -> tuple[str, dict[str, dict[str, object]]]:
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    card = (site / CARD).read_text(encoding="utf-8")
    data = json.loads((site / "output/ev/results.json").read_text(encoding="utf-8"))
    return card, {entry["name"]: entry for entry in data["standings"]}


def _column(card: str) -> list[str]:
    """The card's "Rtg+/-" cells, round by round (the cell before the game's link)."""
    rows = re.findall(r"<tr>\n(.*?)</tr>", card, flags=re.S)
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in rows]
    return [row[-2] for row in cells]


# -- the regulations' numbers --------------------------------------------------------------


def test_a_difference_over_400_counts_as_400_either_way() -> None:
    """8.3.1: D = own rating - opponent's, more than 400 counting as 400."""
    assert counted_difference(2000, 2100) == -100
    assert counted_difference(2000, 1600) == 400
    assert counted_difference(2000, 2500) == -400
    assert counted_difference(2000, 1400) == 400
    assert counted_difference(2000, 1599) == 400


def test_the_expected_score_is_table_8_1_2() -> None:
    """PD in hundredths: D 0-3 0.50, 4-10 0.51, 99-106 0.64, 392-411 0.92, above 735 1.00;
    the lower-rated player's is 1 - the higher's."""
    assert [expected_hundredths(d) for d in (0, 3, 4, 10, 11)] == [50, 50, 51, 51, 52]
    assert [expected_hundredths(d) for d in (98, 99, 106, 107)] == [63, 64, 64, 65]
    assert [expected_hundredths(d) for d in (-100, 400, -400, 391)] == [36, 92, 8, 91]
    assert expected_hundredths(736) == 100 and expected_hundredths(-736) == 0


def test_each_game_s_delta_is_score_minus_pd() -> None:
    """8.3.2: the three games of the module's docstring, and a win over a player 500 below
    (D counts as 400: 1 - 0.92 = +0.08, not 1 - 0.95 = +0.05 of the uncapped 500)."""
    assert game_delta(2000, 2100, "win") == 64
    assert game_delta(2000, 1600, "draw") == -42
    assert game_delta(2000, 2500, "loss") == -8
    assert game_delta(2000, 1500, "win") == 8


def test_k_is_capped_so_that_k_times_games_is_at_most_700() -> None:
    """8.3.3: K 40 over 18 games would be 720: K is 38 (38 x 18 = 684, 39 x 18 = 702);
    over 17 games 680 is allowed; K 20 over 35 games is 700 exactly, over 36 it is 19."""
    assert development_coefficient(40, 18) == 38
    assert development_coefficient(40, 17) == 40
    assert development_coefficient(20, 35) == 20
    assert development_coefficient(20, 36) == 19
    assert development_coefficient(10, 0) == 10


def test_rounding_is_half_away_from_zero() -> None:
    """8.3.4: 2.5 is 3 and -2.5 is -3; to tenths, 5.55 is 5.6 and -5.55 is -5.6."""
    assert [rounded(h, 100) for h in (250, -250, 249, -249, 0)] == [3, -3, 2, -2, 0]
    assert [rounded(h, 10) for h in (555, -555, 554, -554)] == [56, -56, 55, -55]


# -- the card and results.json -----------------------------------------------------------


def test_the_card_shows_the_change_and_each_game_s(make_site: SiteMaker) -> None:
    """Alpha (K 20): +12.8, -8.4, -1.6, in all +2.8. Bravo (own K 10 over the event's 20):
    loses to Alpha (D = +100, PD 0.64: -0.64), loses to Delta (D = -400, PD 0.08: -0.08),
    beats Charlie (D = +500 as 400, PD 0.92: +0.08): -0.64 x 10 = -6.4. Delta: loses to
    Charlie (D = +900 as 400, PD 0.92: -0.92), beats Bravo (D = +400: +0.08) and Alpha
    (D = +500 as 400: +0.08): -0.76 x 20 = -15.2."""
    card, standings = _built(make_site(_event(bravo="k_factor = 10"), {"g.pgn": THREE_ROUNDS}))
    assert "<dt>Rating performance</dt>" in card
    after = card.split("<dt>Rating performance</dt>", 1)[1]
    assert after.split("</dd>", 1)[1].startswith("<dt>Rating change</dt><dd>+2.8 (K 20) ")
    assert "month's total change to a whole number" in card
    assert '<abbr title="Rating change">Rtg+/-</abbr>' in card
    assert _column(card) == ["+12.8", "−8.4", "−1.6"]
    assert standings[A]["rating_change"] == 2.8
    assert standings[B]["rating_change"] == -6.4
    assert standings[D]["rating_change"] == -15.2


def test_odd_k_keeps_hundredths_in_json_and_rounds_the_card_away_from_zero(
    make_site: SiteMaker,
) -> None:
    """K 15: Alpha 2000 beats Bravo 2095 (D = -95, PD 0.37: +0.63 x 15 = +9.45, shown +9.5)
    and loses to Charlie 1905 (D = +95, PD 0.63: -0.63 x 15 = -9.45, shown -9.5): in all 0."""
    text = _event("k_factor = 15\n")  # two rounds of three played
    text = text.replace("rating = 2100", "rating = 2095").replace("rating = 1600", "rating = 1905")
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("2.1", C, A, "1-0")
    games += pgn_game("1.2", C, D, "1/2-1/2") + pgn_game("2.2", D, B, "1/2-1/2")
    card, standings = _built(make_site(text, {"g.pgn": games}))
    assert _column(card) == ["+9.5", "−9.5", ""]
    assert "<dt>Rating change</dt><dd>0.0 (K 15) " in card
    assert standings[A]["rating_change"] == 0
    # Bravo (2095) loses to Alpha (D = +95, PD 0.63: -0.63) and draws Delta (D = -405 as
    # -400, PD 0.08: +0.42): -0.21 x 15 = -3.15 to the hundredth.
    assert standings[B]["rating_change"] == -3.15


def test_an_unrated_opponent_a_forfeit_and_a_game_still_on_do_not_count(
    make_site: SiteMaker,
) -> None:
    """Alpha (2000, K 20) beats Bravo (2100: +12.8), beats Echo, who is unrated (no change),
    wins round 3 by forfeit against Charlie (no change) and is still playing Delta in round 4
    (no change yet): +12.8 in all, over one game; the other rounds' cells are blank."""
    head = 'name = "Rated"\nformat = "swiss"\nrounds = 4\nstart = 2025-06-01\nk_factor = 20\n'
    text = head + _players(
        (A, "rating = 2000"),
        (B, "rating = 2100"),
        (C, "rating = 1600"),
        (D, "rating = 2500"),
        (E, ""),
    )
    text += f'\n[[results]]\nround = 3\nwhite = "{A}"\nblack = "{C}"\nresult = "+-"\n'
    games = (
        pgn_game("1.1", A, B, "1-0", "1. e4 e5")
        + pgn_game("2.1", E, A, "0-1", "1. d4 d5")
        + pgn_game("4.1", D, A, "*", "1. c4")
    )
    card, standings = _built(make_site(text, {"g.pgn": games}))
    assert "<dt>Rating change</dt><dd>+12.8 (K 20) " in card
    assert _column(card) == ["+12.8", "", "", ""]
    assert standings[A]["rating_change"] == 12.8
    # Echo is unrated: no change (null); so is Charlie, who played no game over the board.
    assert standings[E]["rating_change"] is None
    assert standings[C]["rating_change"] is None


def test_the_event_s_scoring_does_not_change_the_rating_scale(make_site: SiteMaker) -> None:
    """With 3-1-0 scoring a win is still 1 and a draw ½ for the rating: Alpha's +2.8."""
    text = _event("k_factor = 20\n\n[scoring]\nwin = 3.0\ndraw = 1.0\nloss = 0.0\n")
    card, standings = _built(make_site(text, {"g.pgn": THREE_ROUNDS}))
    assert _column(card) == ["+12.8", "−8.4", "−1.6"]
    assert standings[A]["rating_change"] == 2.8


def test_k_40_over_18_games_is_38(make_site: SiteMaker) -> None:
    """A round robin of 19 (18 games each), Alpha (2000, K 40) beats everyone, all 2000:
    Delta R = +0.5 a game, 9 in all; 40 x 18 = 720 > 700, so K 38: +19.0 a game, +342.0."""
    names = [A] + [f"Player, No{n}" for n in range(2, 20)]
    head = 'name = "Rated"\nformat = "round-robin"\nrounds = 19\nstart = 2025-06-01\n'
    text = head + "k_factor = 40\n"
    text += _players(*((name, "rating = 2000") for name in names))
    for number, pairs in enumerate(circle(19), start=1):
        for white, black in pairs:
            if 0 in (white, black):
                continue
            result = "1-0" if white == 1 else "0-1" if black == 1 else "1/2-1/2"
            text += (
                f'\n[[results]]\nround = {number}\nwhite = "{names[white - 1]}"\n'
                f'black = "{names[black - 1]}"\nresult = "{result}"\n'
            )
    site = make_site(text)
    event, problems = load(site)
    assert event is not None and not problems.errors, messages(problems)
    change = rating_change(event, player_records(event)[1])
    assert change is not None and (change.k_given, change.k, change.games) == (40, 38, 18)
    assert change.total == 34200
    card, standings = _built(site)
    assert "+342.0 (K 38, as 40 × 18 games would exceed 700)" in card
    assert standings[A]["rating_change"] == 342


def test_without_k_nothing_is_shown(make_site: SiteMaker) -> None:
    """No k_factor anywhere: no line on the card, no column, no key in results.json (the
    event's pages and files are as before)."""
    card, standings = _built(make_site(_event(""), {"g.pgn": THREE_ROUNDS}))
    assert "Rating change" not in card and "Rtg+/-" not in card
    assert all("rating_change" not in entry for entry in standings.values())
    assert len(_column(card)[0]) > 0  # the column before the link is the score


def test_a_player_s_own_k_alone_gives_only_that_player_a_change(make_site: SiteMaker) -> None:
    """Only Bravo has a K (10): his -6.4; everyone else null, and no line on Alpha's card."""
    card, standings = _built(make_site(_event("", bravo="k_factor = 10"), {"g.pgn": THREE_ROUNDS}))
    assert standings[B]["rating_change"] == -6.4
    assert standings[A]["rating_change"] is None
    assert "Rating change" not in card


def test_an_unrated_player_has_no_change(make_site: SiteMaker) -> None:
    """Alpha without a rating: no change, although her opponents are rated."""
    text = _event().replace("rating = 2000\n", "\n")
    card, standings = _built(make_site(text, {"g.pgn": THREE_ROUNDS}))
    assert standings[A]["rating_change"] is None
    assert "Rating change" not in card and "Rtg+/-" not in card


def test_the_card_written_in_python_is_the_template_s(make_site: SiteMaker) -> None:
    """``render.pages.player_page`` and ``player.html`` write the same card with a rating
    change (a rated player, an unrated one, a player without games counted)."""
    site = make_site(_event(bravo="k_factor = 10"), {"g.pgn": THREE_ROUNDS})
    loaded, outcomes = load_site(site, Problems())
    renderer = SiteRenderer(loaded, outcomes, 2, "keys")
    renderer.collect()
    cards = [job for job in renderer.pages or [] if job.template == "player.html"]
    assert len(cards) == 4
    for job in cards:
        renderer.python_pages = True
        written = renderer.page_bytes(job)
        renderer.python_pages = False
        assert written == renderer.page_bytes(job), job.path
        assert b"Rtg+/-" in written


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("0", "0 is too small: expected a whole number from 1 to 40"),
        ("50", "50 is too large: at most 40"),
        ('"forty"', "expected a whole number from 1 to 40, found"),
        ("20.5", "expected a whole number from 1 to 40, found"),
    ],
)
def test_a_bad_k_is_a_located_message_with_a_hint(
    make_site: SiteMaker, value: str, expected: str
) -> None:
    """``k_factor`` at the top and in [[players]]: the file, the line, what is wrong and
    FIDE's values as the hint."""
    for text in (_event(f"k_factor = {value}\n"), _event("", bravo=f"k_factor = {value}")):
        event, problems = load(make_site(text, {"g.pgn": THREE_ROUNDS}))
        assert event is None
        (found,) = [m for m in messages(problems) if "k_factor" in m]
        assert "event.toml" in found and expected in found, found
        assert "40 for a player new to the list" in found, found
        line = text.splitlines().index(next(x for x in text.splitlines() if "k_factor" in x))
        assert f":{line + 1}" in found, found


def test_a_trf_event_takes_a_player_s_k_from_event_toml(make_site: SiteMaker) -> None:
    """TRF has no field for K: a [[players]] entry gives it to a player the TRF file lists.
    A (2000, K 10) beats B (2100): D = -100, PD 0.36, +0.64 x 10 = +6.4; B has no K."""
    from trf_rows import line

    trf = "\n".join(
        [
            "012 T",
            "XXR 1",
            line(1, "A, A", 2000, (2, "w", "1")),
            line(2, "B, B", 2100, (1, "b", "0")),
        ]
    )
    text = 'name = "T"\nformat = "swiss"\nrounds = 1\ntrf = "event.trf"\n'
    text += '\n[[players]]\nname = "A, A"\nk_factor = 10\n'
    event, problems = load(make_site(text, {"event.trf": trf}))
    assert event is not None and not problems.errors, messages(problems)
    records = player_records(event)
    change = rating_change(event, records[1])
    assert change is not None and (change.k, change.total) == (10, 640)
    assert rating_change(event, records[2]) is None


def test_a_game_played_then_forfeited_counts_and_so_does_a_withdrawn_opponent_s(
    make_site: SiteMaker,
) -> None:
    """Alpha (2000, K 20) beats Bravo (2100) in round 1, a game played, then forfeited: it
    was played and counts (D = -100, PD 0.36: +12.8); Bravo withdraws after round 1, his game
    still counts for both (Bravo: D = +100, PD 0.64: -12.8). Alpha draws with Charlie (1600:
    D = +400, PD 0.92, -8.4) in round 2; round 3 is to come. In all +0.22 x 20 = +4.4."""
    text = _event() + (
        f'\n[[results]]\nround = 1\nwhite = "{A}"\nblack = "{B}"\nresult = "1-0"\n'
        f'forfeited = true\n\n[[withdrawals]]\nplayer = "{B}"\nafter_round = 1\n'
    )
    games = pgn_game("1.2", C, D, "1-0", "1. d4 d5") + pgn_game("2.1", C, A, "1/2-1/2", "1. c4")
    card, standings = _built(make_site(text, {"g.pgn": games}))
    assert _column(card) == ["+12.8", "−8.4", ""]
    assert "<dt>Rating change</dt><dd>+4.4 (K 20) " in card
    assert standings[A]["rating_change"] == 4.4
    assert standings[B]["rating_change"] == -12.8


def test_byes_of_each_kind_and_a_double_forfeit_do_not_count(make_site: SiteMaker) -> None:
    """Echo (2000, K 20) has a full-point, a half-point and a zero-point bye, then a double
    forfeit with Alpha: no game counts, no change (null). Alpha: beats Bravo (2100, +12.8),
    beats Charlie (1600: D = +400, PD 0.92, +1.6), loses to Delta (2500: D = -500 as -400,
    PD 0.08, -1.6); the double forfeit's cell is blank: +12.8. Delta (2500): loses to
    Charlie (D = +400 counted, -0.92) and to Bravo (-0.92), beats Alpha (+0.08):
    -1.76 x 20 = -35.2."""
    head = 'name = "Rated"\nformat = "swiss"\nrounds = 4\nstart = 2025-06-01\nk_factor = 20\n'
    text = head + _players(
        (A, "rating = 2000"),
        (B, "rating = 2100"),
        (C, "rating = 1600"),
        (D, "rating = 2500"),
        (E, "rating = 2000"),
    )
    for number, points in ((1, 1), (2, 0.5), (3, 0)):
        text += f'\n[[byes]]\nround = {number}\nplayer = "{E}"\npoints = {points}\n'
    text += f'\n[[results]]\nround = 4\nwhite = "{E}"\nblack = "{A}"\nresult = "--"\n'
    games = (
        pgn_game("1.1", A, B, "1-0", "1. e4")
        + pgn_game("1.2", C, D, "1-0", "1. d4")
        + pgn_game("2.1", A, C, "1-0", "1. c4")
        + pgn_game("2.2", B, D, "1-0", "1. f4")
        + pgn_game("3.1", D, A, "1-0", "1. g3")
        + pgn_game("3.2", B, C, "1-0", "1. b3")
    )
    card, standings = _built(make_site(text, {"g.pgn": games}))
    assert _column(card) == ["+12.8", "+1.6", "−1.6", ""]
    assert standings[A]["rating_change"] == 12.8
    assert standings[D]["rating_change"] == -35.2
    assert standings[E]["rating_change"] is None


def test_a_trf_game_of_less_than_one_move_does_not_count(make_site: SiteMaker) -> None:
    """TRF-16's W, D, L: "a game of less than one move (not rated)". K 20; A 2000, B 2100,
    C 1600, D 2500. Round 1 A-B W/L and C-D 1/0; round 2 A-C D/D and B-D 1/0; round 3 A-D
    1/0 and B-C =/=. Only the games with 1 = 0 count:
    A: beats D (D = -500 as -400, PD 0.08): +0.92 x 20 = +18.4, one game (counted, the W
    over B (+0.64) and the D with C (-0.42) made it +22.8 over three);
    B: beats D (+0.92), draws with C (D = +500 as 400, PD 0.92: -0.42): +0.50 x 20 = +10.0;
    C: beats D (D = -900 as -400: +0.92), draws with B (PD 0.08: +0.42): +1.34 x 20 = +26.8;
    D: loses to C, B and A, D = +400 each (PD 0.92): -2.76 x 20 = -55.2, three games."""
    from trf_rows import line

    trf = "\n".join(
        [
            "012 T",
            "XXR 3",
            line(1, "A, A", 2000, (2, "w", "W"), (3, "w", "D"), (4, "w", "1")),
            line(2, "B, B", 2100, (1, "b", "L"), (4, "w", "1"), (3, "w", "=")),
            line(3, "C, C", 1600, (4, "w", "1"), (1, "b", "D"), (2, "b", "=")),
            line(4, "D, D", 2500, (3, "b", "0"), (2, "b", "0"), (1, "b", "0")),
        ]
    )
    text = 'name = "T"\nformat = "swiss"\nrounds = 3\ntrf = "event.trf"\nk_factor = 20\n'
    event, problems = load(make_site(text, {"event.trf": trf}))
    assert event is not None and not problems.errors, messages(problems)
    records = player_records(event)
    changes = {n: rating_change(event, records[n]) for n in (1, 2, 3, 4)}
    found = {n: (c.games, c.total) for n, c in changes.items() if c is not None}
    assert found == {1: (1, 1840), 2: (2, 1000), 3: (2, 2680), 4: (3, -5520)}
    per_game = {n: c.per_game for n, c in changes.items() if c is not None}
    assert per_game[1] == {3: 1840} and per_game[2] == {2: 1840, 3: -840}
