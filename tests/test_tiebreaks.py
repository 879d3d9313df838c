"""Tie-breaks against the worked examples and sample files of the tie-break notes.

Expected values come from ../shared/docs/tiebreaks.md (sections 4 and 6: hand-checked and
verified with the reference implementation), never from this code's own output.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import SiteMaker, event_toml, load, pgn_game
from trf_rows import line, trf_event, values

from generator.rules.scores import player_records
from generator.rules.standings import rank
from generator.rules.tiebreaks import (
    TiebreakContext,
    definition,
    describe_variant,
    direct_encounter,
    koya_line,
    parse_code,
    rating_difference,
    tiebreak_value,
    tiebreak_values,
)

A, B, C, D = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora"

RR6 = """
001    1 m    Alpha, Anna                       2300 NOR     1000001 2000/01/01  3.0    1     6 w =     2 w 1     3 b 1     4 w 0     5 b =
001    2 m    Bravo, Bob                        2250 NOR     1000002 2000/01/01  3.0    2     5 w 1     1 b 0     6 w 1     3 w =     4 b =
001    3 m    Charlie, Carl                     2200 NOR     1000003 2000/01/01  3.0    3     4 w 1     5 b =     1 w 0     2 b =     6 w +
001    4 m    Delta, Dora                       2150 NOR     1000004 2000/01/01  2.5    4     3 b 0     6 b =     5 w =     1 b 1     2 w =
001    5 m    Echo, Emil                        2100 NOR     1000005 2000/01/01  2.5    5     2 b 0     3 w =     4 b =     6 b 1     1 w =
001    6 m    Foxtrot, Finn                     2050 NOR     1000006 2000/01/01  1.0    6     1 b =     4 w =     2 b 0     5 w 0     3 b -
"""  # noqa: E501

SW6 = """
001    1 m    One, Ola                          2300 NOR     2000001 2000/01/01  3.5    1     4 w 1     2 b 1     3 w =     5 w 1
001    2 m    Two, Tom                          2250 NOR     2000002 2000/01/01  2.0    3     5 b =     1 w 0     0 - U     3 b =
001    3 m    Three, Tea                        2200 NOR     2000003 2000/01/01  2.5    2     6 w 1     4 b =     1 b =     2 w =
001    4 m    Four, Fay                         2150 NOR     2000004 2000/01/01  1.0    5     1 b 0     3 w =     5 b 0     0 - H
001    5 m    Five, Fox                         2100 NOR     2000005 2000/01/01  1.5    4     2 w =     6 b -     4 w 1     1 b 0
001    6 m    Six, Sam                          2050 NOR     2000006 2000/01/01  1.0    6     3 b 0     5 w +     0 - Z     0 - Z
"""  # noqa: E501

SW6B = SW6.replace("3 w =     5 w 1", "3 w =     5 w +").replace(
    "4 w 1     1 b 0", "4 w 1     1 b -"
)

DE63 = """
001    1      Aa, A                             2000                             2.0    0     2 w 1     3 b 1     4 b 0
001    2      Bb, B                             1990                             2.0    0     1 b 0     5 b 1     6 w 1
001    3      Cc, C                             1980                             2.0    0     4 w 1     1 w 0     5 w 1
001    4      Dd, D                             1970                             1.5    0     3 b 0     6 w =     1 w 1
001    5      Ee, E                             1960                             1.0    0     6 w 1     2 w 0     3 b 0
001    6      Ff, F                             1950                             0.5    0     5 b 0     4 b =     2 b 0
"""  # noqa: E501

RR5 = """
001    1      P1, A                             2000                             3.0    0     0 -       2 w 1     3 b 1     4 w =     5 b =
001    2      P2, B                             1990                             3.0    0     5 w 1     1 b 0     0 -       3 w 1     4 b 1
001    3      P3, C                             1980                             1.5    0     4 w =     5 b 1     1 w 0     2 b 0     0 -
001    4      P4, D                             1970                             2.0    0     3 b =     0 -       5 w 1     1 b =     2 w 0
001    5      P5, E                             1960                             0.5    0     2 b 0     3 w 0     4 b 0     0 -       1 w =
"""  # noqa: E501


# -- section 6.1: rr6, a round robin with draws, a forfeit and two ties ------------------------


def test_rr6_every_tiebreak(make_site: SiteMaker) -> None:
    event = trf_event(make_site, RR6, "round-robin")
    expected = {
        "SB": [7.75, 6.25, 6.25, 6.25, 5.25, 2.75],
        "KS": [2.5, 2.0, 2.0, 2.0, 1.5, 1.0],  # E9
        "WIN": [2, 2, 2, 1, 1, 0],
        "WON": [2, 2, 1, 1, 1, 0],  # E6: player 3's second win was the forfeit
        "BPG": [2, 2, 2, 3, 3, 2],  # E7: player 6 was Black in the forfeit, not counted
        "BWG": [1, 0, 0, 1, 1, 0],
        "PS": [10.0, 9.5, 9.0, 6.0, 6.0, 4.5],
        "PS/C1": [9.5, 8.5, 8.0, 6.0, 6.0, 4.0],
        "BH": [12.0, 12.0, 12.0, 12.5, 12.5, 14.0],
        "KS/L+1": [2.0, 0.5, 0.5, 1.5, 1.0, 0.5],  # E11
    }
    for code, numbers in expected.items():
        assert values(event, code) == numbers, code


def test_rr6_ranking_with_direct_encounter_first(make_site: SiteMaker) -> None:
    event = trf_event(make_site, RR6, "round-robin")
    codes = ("DE", "SB", "KS", "WIN", "WON", "BPG", "BWG", "PS", "PS/C1", "BH")
    standings = rank(event, player_records(event), codes=codes)
    assert [r.player.number for r in standings.rows] == [1, 2, 3, 4, 5, 6]
    assert [r.decided_by for r in standings.rows] == [
        "DE",
        "WON",
        "points",
        "SB",
        "points",
        "points",
    ]
    assert [r.place for r in standings.rows] == ["1", "2", "3", "4", "5", "6"]
    assert str(standings.rows[0].reason) == (
        "ahead on Direct Encounter, 2 to ½ among the 3 tied players"
    )
    # DE in results.json: the score among the group it was applied to.
    assert [r.tiebreaks["DE"] for r in standings.rows[:3]] == [2.0, 0.5, 0.5]
    assert str(standings.rows[1].reason) == "ahead on Games won, 2 to 1"


def test_e12_round_robin_forfeit_counts_as_a_game_for_sonneborn_berger(
    make_site: SiteMaker,
) -> None:
    event = trf_event(make_site, RR6, "round-robin")
    assert values(event, "SB")[2] == 6.25  # not 8.25 (Swiss dummy) nor 5.25 (dropped)


# -- section 6.2 / 6.3: a Swiss with a PAB, an HPB, a forfeit and a withdrawal ------------------


def test_sw6_every_tiebreak(make_site: SiteMaker) -> None:
    event = trf_event(make_site, SW6, "swiss")
    expected = {
        "BH": [7.0, 9.5, 8.5, 8.5, 8.0, 5.5],  # E13, E14
        "BH/C1": [6.0, 8.0, 7.5, 7.5, 6.5, 4.5],  # E17: the VUR round is cut, not the lowest
        "SB": [5.75, 4.0, 5.25, 1.75, 2.0, 1.0],
        "SB/C1": [4.75, 3.25, 4.75, 1.25, 1.0, 1.0],
        "WIN": [3, 1, 1, 0, 1, 1],
        "WON": [3, 0, 1, 0, 1, 0],
        "BPG": [1, 2, 2, 2, 1, 1],
        "REP": [4, 4, 4, 3, 3, 2],
        "PS": [9.0, 4.5, 7.0, 2.0, 4.0, 3.0],
        "FB": [7.5, 9.5, 8.0, 8.5, 8.0, 5.5],
        "AOB": [8.63, 7.83, 7.63, 7.83, 8.33, 8.5],
    }
    for code, numbers in expected.items():
        assert values(event, code) == numbers, code


def test_e13_withdrawn_players_trailing_byes_count_as_draws_for_opponents(
    make_site: SiteMaker,
) -> None:
    event = trf_event(make_site, SW6, "swiss")
    context = TiebreakContext.from_records(event, player_records(event))
    assert context.scores[6] == 1.0
    assert context.adjusted_scores[6] == 2.0


def test_sw6b_rules_editions(make_site: SiteMaker) -> None:
    old = trf_event(make_site, SW6B, "swiss", start="2025-06-01", slug="old")
    new = trf_event(make_site, SW6B, "swiss", start="2026-06-01", slug="new")
    assert (old.rules_edition, new.rules_edition) == ("2024", "2026")
    assert values(old, "BH") == [9.0, 9.5, 8.5, 8.5, 6.0, 5.5]
    assert values(new, "BH") == [7.0, 9.5, 8.5, 8.5, 6.0, 5.5]  # E15: capped at 5's 1.5
    assert values(old, "SB") == [7.75, 4.0, 5.25, 1.75, 2.0, 1.0]
    assert values(new, "SB") == [5.75, 4.0, 5.25, 1.75, 2.0, 1.0]
    assert values(old, "BH/C1") == [8.0, 8.0, 7.5, 7.5, 4.5, 4.5]
    assert values(new, "BH/C1") == [6.0, 8.0, 7.5, 7.5, 4.5, 4.5]


def test_e16_dummy_capped_at_half_the_rounds_from_2026(make_site: SiteMaker) -> None:
    # A 9-round Swiss player on 6.0 with a pairing-allocated bye: 2024 dummy 6.0, 2026 4.5.
    top = [(0, "-", "U")] + [
        (n, "w" if n % 2 else "b", "1" if n < 7 else "0") for n in range(2, 10)
    ]
    lines = [line(1, "Top, T", 2000, *top)]
    for n in range(2, 10):
        mine = [(0, "-", "Z")] * 9
        mine[n - 1] = (1, "b" if n % 2 else "w", "0" if n < 7 else "1")
        lines.append(line(n, f"P{n}, X", 1500, *mine))
    trf = "\n".join(lines)
    old = trf_event(make_site, trf, "swiss", start="2025-06-01", slug="old")
    new = trf_event(make_site, trf, "swiss", start="2026-06-01", slug="new")
    for event, dummy in ((old, 6.0), (new, 4.5)):
        context = TiebreakContext.from_records(event, player_records(event))
        assert context.scores[1] == 6.0
        bye_round = context.table[1][0]
        assert context.dummy_score(1, bye_round) == dummy


# -- section 6.4: Direct Encounter when not all tied players met (6.3) ------------------------


def test_de63_certainty_rule(make_site: SiteMaker) -> None:
    event = trf_event(make_site, DE63, "swiss")
    context = TiebreakContext.from_records(event, player_records(event))
    # E2: 1 beat 2 and 3 (2.0); 2 and 3 never met, their best case is 1.0: 1 is certain.
    assert direct_encounter(context, [1, 2, 3]) == [[1], [2, 3]]
    assert values(event, "BH")[:3] == [5.5, 3.5, 4.5]
    standings = rank(event, player_records(event), codes=("DE", "BH"))
    assert [r.player.number for r in standings.rows[:3]] == [1, 3, 2]
    assert [r.decided_by for r in standings.rows[:3]] == ["DE", "BH", "points"]


E3 = "\n".join(
    [
        line(1, "A, A", 2000, (2, "w", "1"), (4, "b", "0")),
        line(2, "B, B", 1990, (1, "b", "0"), (5, "w", "1")),
        line(3, "C, C", 1980, (4, "w", "="), (6, "b", "=")),
        line(4, "D, D", 1970, (3, "b", "="), (1, "w", "1")),
        line(5, "E, E", 1960, (6, "w", "1"), (2, "b", "0")),
        line(6, "F, F", 1950, (5, "b", "0"), (3, "w", "=")),
    ]
)


def test_e3_direct_encounter_without_certainty(make_site: SiteMaker) -> None:
    # A beat B; C met neither. A's game with C could still be lost: nobody is certain.
    event = trf_event(make_site, E3, "swiss")
    context = TiebreakContext.from_records(event, player_records(event))
    assert [context.scores[n] for n in (1, 2, 3)] == [1.0, 1.0, 1.0]
    assert direct_encounter(context, [1, 2, 3]) == [[1, 2, 3]]


def test_direct_encounter_in_a_round_robin_after_an_earlier_round(make_site: SiteMaker) -> None:
    """The pairings of E3 as the first two rounds of a round robin of five: after round 2, A
    beat B and C met neither, as in a Swiss. Not all have met (6.3), and A's game with C is
    still to come: nobody is certain, and DE does not put A first (a round robin's group
    counts as having met only once every round is played)."""
    swiss = trf_event(make_site, E3, "swiss")
    event = replace(swiss, config=replace(swiss.config, format="round-robin", rounds=5))
    context = TiebreakContext.from_records(event, player_records(event))
    assert direct_encounter(context, [1, 2, 3]) == [[1, 2, 3]]
    # Were those the last rounds, the group would count as having met: A 1, B 0, C 0.
    over = replace(event, config=replace(event.config, rounds=2))
    finished = TiebreakContext.from_records(over, player_records(over))
    assert direct_encounter(finished, [1, 2, 3]) == [[1], [2, 3]]


# -- section 6.5: an odd round robin and the Koya line ----------------------------------------


def test_rr5_koya_line_is_half_of_the_games_a_player_can_play(make_site: SiteMaker) -> None:
    event = trf_event(make_site, RR5, "round-robin")
    context = TiebreakContext.from_records(event, player_records(event))
    assert koya_line(context) == 2.0  # E10: 4 games, not 5 rounds
    assert values(event, "KS") == [1.5, 1.0, 0.5, 0.5, 0.5]
    assert values(event, "SB") == [5.75, 4.0, 1.5, 2.75, 1.5]
    assert values(event, "BPG") == [2, 2, 2, 2, 2]


def test_rr5_koya_line_is_the_same_when_the_sit_outs_are_written_as_byes(
    make_site: SiteMaker,
) -> None:
    """The same five players, the organiser having written each round's player out as a
    zero-point bye ([[byes]] points = 0). A bye in a round robin is no game a player could
    win: each still has 4 games, the line stays at 2.0 (E10) and P4, on exactly 2, still
    qualifies. Counted as a round, the bye put the line at 2½: P4 dropped out, and KS became
    P1 1 (P2), P2 0 (lost to P1), P3 0, P4 ½ (drew P1), P5 ½ (drew P1)."""
    trf = RR5.replace("0 -      ", "0 - Z    ").replace("0 -\n", "0 - Z\n")
    event = trf_event(make_site, trf, "round-robin")
    assert len(event.byes) == 5
    context = TiebreakContext.from_records(event, player_records(event))
    assert koya_line(context) == 2.0
    assert values(event, "KS") == [1.5, 1.0, 0.5, 0.5, 0.5]


def test_rr5_koya_line_counts_a_full_point_bye_as_a_round_that_could_be_won(
    make_site: SiteMaker,
) -> None:
    """RR5 with each player's sit-out written as a full-point bye, and P3's round-1 draw
    with P4 a loss instead. Scores (games + the bye's 1): P1 3+1 = 4, P2 3+1 = 4,
    P3 1+1 = 2, P4 2½+1 = 3½, P5 ½+1 = 1½. The most a player could score is 4 games and
    the bye, 5: the line is 2½, and P1, P2 and P4 qualify (P3's 2 does not).
    KS: P1 1 (P2) + ½ (P4) = 1½; P2 0 + 1 = 1; P3 0 + 0 + 0 = 0; P4 ½ (P1) + 0 (P2) = ½;
    P5 ½ (P1) + 0 + 0 = ½. A line of 2 (the bye not a round) would let P3 in: 2½, 2, 0,
    1½, ½."""
    trf = RR5.replace("0 -      ", "0 - F    ").replace("0 -\n", "0 - F\n")
    trf = trf.replace("4 w =     5 b 1", "4 w 0     5 b 1").replace(
        "3 b =     0 - F", "3 b 1     0 - F"
    )
    event = trf_event(make_site, trf, "round-robin")
    assert len(event.byes) == 5
    context = TiebreakContext.from_records(event, player_records(event))
    assert [context.scores[n] for n in range(1, 6)] == [4, 4, 2, 3.5, 1.5]
    assert koya_line(context) == 2.5
    assert values(event, "KS") == [1.5, 1, 0, 0.5, 0.5]
    standings = rank(event, player_records(event), codes=("KS",))
    assert {r.player.number: r.tiebreaks["KS"] for r in standings.rows} == {
        1: 1.5,
        2: 1,
        3: 0,
        4: 0.5,
        5: 0.5,
    }


def test_swiss_koya_line_counts_the_rounds_of_a_requested_bye(make_site: SiteMaker) -> None:
    """A four-player Swiss of 3 rounds in which everyone takes a bye once: round 1 A beat B,
    C and D half-point byes; round 2 A drew C, B and D half-point byes; round 3 B beat D, A and
    C half-point byes. Scores A 2, B 1½, C 1½, D 1. In a Swiss any round could have been won
    (a bye was asked for): the most anyone could score is 3, the line 1½, and A, B and C
    qualify. KS: A 1 (B) + ½ (C) = 1½; B 0 (A), D below the line: 0; C ½ (A); D 0 (B).
    Counting only the rounds with an opponent put the line at 1 and let D in (B 1)."""
    body = "".join(
        f'[[byes]]\nround = {n}\nplayer = "{name}"\npoints = 0.5\n\n'
        for n, name in ((1, C), (1, D), (2, B), (2, D), (3, A), (3, C))
    )
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("2.1", A, C, "1/2-1/2")
    games += pgn_game("3.1", B, D, "1-0")
    event, problems = load(make_site(event_toml(body, format="swiss"), {"g.pgn": games}))
    assert event is not None and not problems.errors, problems.items
    context = TiebreakContext.from_records(event, player_records(event))
    assert [context.scores[n] for n in range(1, 5)] == [2, 1.5, 1.5, 1]
    assert koya_line(context) == 1.5
    assert values(event, "KS") == [1.5, 0, 0.5, 0]
    standings = rank(event, player_records(event), codes=("KS",))
    assert {r.player.number: r.tiebreaks["KS"] for r in standings.rows} == {
        1: 1.5,
        2: 0,
        3: 0.5,
        4: 0,
    }


# -- section 4: the other worked examples ------------------------------------------------------


def test_e1_direct_encounter_is_applied_again_to_the_subgroup(make_site: SiteMaker) -> None:
    # A-B ½, A-C ½, A-D 1, B-C 1, B-D 0, C-D 1: A 2, B 1½, C 1½, D 1; then B beat C.
    trf = """
001    1      A, A                              2000                             2.0    0     2 w =     3 w =     4 w 1
001    2      B, B                              1990                             1.5    0     1 b =     4 b 0     3 w 1
001    3      C, C                              1980                             1.5    0     4 w 1     1 b =     2 b 0
001    4      D, D                              1970                             1.0    0     3 b 0     2 w 1     1 b 0
"""  # noqa: E501
    event = trf_event(make_site, trf, "round-robin")
    context = TiebreakContext.from_records(event, player_records(event))
    assert direct_encounter(context, [1, 2, 3, 4]) == [[1], [2], [3], [4]]


def test_e4_repeated_meetings_are_averaged(make_site: SiteMaker) -> None:
    trf = """
001    1      A, A                              2000                             1.5    0     2 w 1     2 b =
001    2      B, B                              1990                             0.5    0     1 b 0     1 w =
"""  # noqa: E501
    event = trf_event(make_site, trf, "double-round-robin")
    assert values(event, "PS") == [2.5, 0.5]
    from generator.rules.tiebreaks import direct_encounter_scores

    context = TiebreakContext.from_records(event, player_records(event))
    scores, _ = direct_encounter_scores(context, [1, 2])
    assert scores == {1: 0.75, 2: 0.25}


DRR4 = """
001    1      A, A                              2000                             4.0    0     4 w 1     2 w =     3 b 0     4 b 1     2 b 1     3 w =
001    2      B, B                              1990                             4.0    0     3 w 1     1 b =     4 w 1     3 b 1     1 w 0     4 b =
001    3      C, C                              1980                             3.0    0     2 b 0     4 b 1     1 w 1     2 w 0     4 w =     1 b =
001    4      D, D                              1970                             1.0    0     1 b 0     3 w 0     2 b 0     1 w 0     3 b =     2 w =
"""  # noqa: E501


def test_direct_encounter_reason_in_a_double_round_robin_gives_the_points_scored(
    make_site: SiteMaker,
) -> None:
    """Four players, Berger tables twice. A and B tie on 4: A drew B in round 2 and beat
    them in round 5, so A scored 1½ to B's ½ in their games. Article 6.1.2 averages the two
    games (¾ to ¼), which orders them the same, but the reason states what they scored."""
    event = trf_event(make_site, DRR4, "double-round-robin")
    standings = rank(event, player_records(event), codes=("DE", "SB"))
    assert [r.player.name for r in standings.rows] == ["A, A", "B, B", "C, C", "D, D"]
    assert standings.rows[0].decided_by == "DE"
    assert str(standings.rows[0].reason) == "ahead on Direct Encounter, 1½ to ½ in their games"
    # The mini-table's value is 6.1.2's: the average of each pair's games.
    assert [r.tiebreaks["DE"] for r in standings.rows[:2]] == [0.75, 0.25]


def test_direct_encounter_definition_says_repeated_games_are_averaged(
    make_site: SiteMaker,
) -> None:
    """In the double round robin above the DE column shows ¾ for A, who scored 1½ in two games
    against B: the definition beside it (tie-break page, column tooltip) must say why."""
    event = trf_event(make_site, DRR4, "double-round-robin")
    standings = rank(event, player_records(event), codes=("DE", "SB"))
    assert standings.rows[0].tiebreaks["DE"] == 0.75
    assert "more than once count the average of their games" in definition("DE").description


def test_direct_encounter_reason_when_some_pairs_met_twice_and_some_once(
    make_site: SiteMaker,
) -> None:
    """The same schedule after round 4: B and C have met twice (1-0, 0-1), A has met each of
    them once (drew B, lost to C). A, B and C have 2½ each (A beat D twice, B beat D, C drew
    D). 6.1.2 averages B-C: C 1 (A) + ½ = 1½, B ½ + ½ = 1, A ½ + 0 = ½. These are not the
    points the players scored among themselves (C 2, B 1½, A ½), so the reason says so."""
    trf = """
001    1      A, A                              2000                             4.0    0     4 w 1     2 w =     3 b 0     4 b 1     2 b =     3 w =
001    2      B, B                              1990                             4.0    0     3 w 1     1 b =     4 w 1     3 b 0     1 w =     4 b =
001    3      C, C                              1980                             3.0    0     2 b 0     4 b =     1 w 1     2 w 1     4 w =     1 b =
001    4      D, D                              1970                             1.0    0     1 b 0     3 w =     2 b 0     1 w 0     3 b =     2 w =
"""  # noqa: E501
    event = trf_event(make_site, trf, "double-round-robin")
    standings = rank(event, player_records(event), after_round=4, codes=("DE", "SB"))
    assert [r.player.name for r in standings.rows[:3]] == ["C, C", "B, B", "A, A"]
    averaged = "among the 3 tied players, each pair's games averaged (article 6.1.2)"
    assert str(standings.rows[0].reason) == f"ahead on Direct Encounter, 1½ to 1 {averaged}"
    assert str(standings.rows[1].reason) == f"ahead on Direct Encounter, 1 to ½ {averaged}"


def test_e5_forfeit_between_tied_players(make_site: SiteMaker) -> None:
    trf = """
001    1      A, A                              2000                             1.0    0     2 w +     3 b 0
001    2      B, B                              1990                             1.0    0     1 b -     4 w 1
001    3      C, C                              1980                             1.0    0     4 b 0     1 w 1
001    4      D, D                              1970                             1.0    0     3 w 1     2 b 0
"""  # noqa: E501
    swiss = trf_event(make_site, trf, "swiss", slug="swiss")
    context = TiebreakContext.from_records(swiss, player_records(swiss))
    assert direct_encounter(context, [1, 2]) == [[1, 2]]  # excluded: they "have not met"
    assert direct_encounter(context, [1, 2], forfeits_played=True) == [[1], [2]]  # DE/P


def test_e8_progressive_score_and_cut(make_site: SiteMaker) -> None:
    trf = """
001    1      A, A                              2000                             2.5    0     2 w 1     3 b 0     4 w =     5 b 1
001    2      B, B                              1990                             2.5    0     1 b 0     4 w =     5 b 1     3 w 1
001    3      C, C                              1980                             2.0    0     5 w 0     1 w 1     0 - H     2 b 0
001    4      D, D                              1970                             1.5    0     0 - Z     2 b =     1 b =     0 - U
001    5      E, E                              1960                             1.5    0     3 b 1     0 - Z     2 w 0     1 w 0
"""  # noqa: E501
    event = trf_event(make_site, trf, "swiss")
    ps = values(event, "PS")
    assert ps[:2] == [6.0, 4.5]  # W L D W -> 1, 1, 1.5, 2.5; L D W W -> 0, .5, 1.5, 2.5
    assert values(event, "PS/C1")[:2] == [5.0, 4.5]


def test_e18_sonneborn_berger_cut_on_equal_opponent_scores(make_site: SiteMaker) -> None:
    # Win against X (1.0) and loss against Y (1.0): the cut drops the 0 product.
    trf = """
001    1      A, A                              2000                             1.0    0     2 w 1     3 b 0
001    2      X, X                              1990                             1.0    0     1 b 0     4 w 1
001    3      Y, Y                              1980                             1.0    0     4 w 0     1 w 1
001    4      Z, Z                              1970                             1.0    0     3 b 1     2 b 0
"""  # noqa: E501
    event = trf_event(make_site, trf, "swiss")
    assert values(event, "SB")[0] == 1.0
    assert values(event, "SB/C1")[0] == 1.0


@pytest.mark.parametrize("swapped", [False, True])
def test_cuts_of_equal_unplayed_contributions_do_not_follow_the_round_order(
    make_site: SiteMaker, swapped: bool
) -> None:
    """16.5 (2026): A has two voluntarily unplayed rounds, both contributing 0 to SB: a
    zero-point bye (dummy 2, A's own score, within 0.5 x 4 rounds) and a forfeit loss to B
    (dummy 1: capped at B's score, 16.4.1); then wins against C (1.5) and D (2.5). SB 4.
    Cut 1 drops a 0. Of the two, the least significant goes (the forfeit's, dummy 1); cut 2
    then compares the bye's 0 with the least significant value left, C's 1.5: 0 is lower, so
    C's 1.5 goes. SB/C2 = 0 + 2.5 = 2.5, whichever of the two rounds came first."""
    played = {
        (1, "A, A"): [(0, "-", "Z"), (2, "w", "-"), (3, "w", "1"), (4, "b", "1")],
        (2, "B, B"): [(5, "w", "0"), (1, "b", "+"), (6, "b", "0"), (3, "w", "0")],
        (3, "C, C"): [(6, "w", "="), (5, "w", "0"), (1, "b", "0"), (2, "b", "1")],
        (4, "D, D"): [(0, "-", "U"), (6, "w", "1"), (5, "w", "="), (1, "w", "0")],
        (5, "E, E"): [(2, "b", "1"), (3, "b", "1"), (4, "b", "="), (6, "w", "=")],
        (6, "F, F"): [(3, "b", "="), (4, "b", "0"), (2, "w", "1"), (5, "b", "=")],
    }
    if swapped:  # rounds 1 and 2 the other way round
        played = {who: [rounds[1], rounds[0], *rounds[2:]] for who, rounds in played.items()}
    rows = [line(number, name, 2000 - number, *rounds) for (number, name), rounds in played.items()]
    event = trf_event(make_site, "\n".join(rows), "swiss", start="2026-06-01")
    assert event.rules_edition == "2026"
    assert [values(event, code)[0] for code in ("SB", "SB/C1", "SB/C2")] == [4.0, 4.0, 2.5]


def test_e19_late_entry_counts_as_zero_for_opponents(make_site: SiteMaker) -> None:
    # Player 4 misses round 1 (zero-point bye) and then plays: 16.2.3, not a draw.
    trf = """
001    1      A, A                              2000                             2.0    0     2 w 1     4 b 1
001    2      B, B                              1990                             1.0    0     1 b 0     3 w 1
001    3      C, C                              1980                             1.0    0     0 - U     2 b 0
001    4      D, D                              1970                             0.0    0     0 - Z     1 w 0
"""  # noqa: E501
    event = trf_event(make_site, trf, "swiss")
    context = TiebreakContext.from_records(event, player_records(event))
    assert context.adjusted_scores[4] == 0.0


def test_e20_double_forfeit_is_a_forfeit_loss_for_both(make_site: SiteMaker) -> None:
    trf = """
001    1      A, A                              2000                             1.0    0     2 w -     3 b 1
001    2      B, B                              1990                             1.0    0     1 b -     4 w 1
001    3      C, C                              1980                             1.0    0     4 w 1     1 w 0
001    4      D, D                              1970                             0.0    0     3 b 0     2 b 0
"""  # noqa: E501
    event = trf_event(make_site, trf, "swiss")
    assert values(event, "REP")[:2] == [1, 1]
    assert values(event, "WIN")[:2] == [1, 1]
    context = TiebreakContext.from_records(event, player_records(event))
    assert direct_encounter(context, [1, 2]) == [[1, 2]]


def test_e20_double_forfeit_as_an_absence_is_a_setting(make_site: SiteMaker) -> None:
    trf = """
001    1      A, A                              2000                             1.0    0     2 w -     3 b 1
001    2      B, B                              1990                             1.0    0     1 b -     4 w 1
001    3      C, C                              1980                             1.0    0     4 w 1     1 w 0
001    4      D, D                              1970                             0.0    0     3 b 0     2 b 0
"""  # noqa: E501
    extra = '[ranking]\ndouble_forfeit = "absence"\n'
    event = trf_event(make_site, trf, "swiss", extra=extra)
    context = TiebreakContext.from_records(event, player_records(event))
    # A zero-point bye followed by a played round (16.2.3): still a voluntarily unplayed round,
    # and the dummy in the player's own Buchholz, but no longer a forfeit against B.
    assert [r.slot.value for r in context.table[1]] == ["zero-bye", "played"]
    assert values(event, "REP")[:2] == [1, 1]
    assert values(event, "BH")[:2] == [2.0, 1.0]  # A: dummy 1 + C 1; B: dummy 1 + D 0


def test_e21_a_game_without_moves_counts_as_played(make_site: SiteMaker) -> None:
    # Result-only games are ordinary input: they count for WON and BPG like any other game.
    event = trf_event(make_site, RR6, "round-robin")
    assert all(game.plies == 0 for game in event.games if game.played)
    assert values(event, "WON")[0] == 2


def test_e22_odd_round_robin_bye_is_not_a_round(make_site: SiteMaker) -> None:
    event = trf_event(make_site, RR5, "round-robin")
    assert values(event, "REP") == [4, 4, 4, 4, 4]


def test_e23_rating_tiebreaks_leave_unrated_opponents_out(make_site: SiteMaker) -> None:
    trf = """
001    1      A, A                              2000                             1.5    0     2 w 1     3 b =
001    2      B, B                              1800                             0.5    0     1 b 0     4 w =
001    3      C, C                                                               1.0    0     4 b =     1 w =
001    4      D, D                              1600                             1.0    0     3 w =     2 b =
"""  # noqa: E501
    event = trf_event(make_site, trf, "swiss")
    assert values(event, "ARO")[0] == 1800  # C is unrated: only B counts
    # TPR: one game, 100% against 1800 -> 1800 + 800.
    assert values(event, "TPR")[0] == 2600


def test_fide_rating_difference_table() -> None:
    assert [rating_difference(p) for p in (1.0, 0.99, 0.75, 0.5, 0.25, 0.0)] == [
        800, 677, 193, 0, -193, -800,
    ]  # fmt: skip


def test_codes_and_modifiers_parse() -> None:
    code = parse_code("KS/L+1")
    assert (code.base, code.modifiers.limit) == ("KS", 1)
    code = parse_code("BH/C1")
    assert (code.base, code.modifiers.cut) == ("BH", 1)
    with pytest.raises(ValueError):
        parse_code("BH/X1")


# -- every player at once: the same values as one player at a time ----------------------------

EVERY = (
    "BH", "BH/C1", "BH/C2", "BH/M1", "BH/C1/M1", "BH/P", "FB", "FB/C1", "AOB", "AOB/C1", "SB",
    "SB/C1", "SB/M1", "SB/P", "KS", "KS/L+1", "KS/L-1", "WIN",
)  # fmt: skip
ODD_SCORING = "[scoring]\nwin = 1.0\ndraw = 0.3\nloss = 0.1\n"
"""Points whose sums depend on the order of the additions (0.1 + 0.2 != 0.3 in floats)."""


@pytest.mark.parametrize(
    ("trf", "format", "extra"),
    [
        (RR6, "round-robin", ""),
        (RR5, "round-robin", ""),
        (SW6, "swiss", ""),
        (SW6B, "swiss", ""),
        (SW6, "swiss", ODD_SCORING),
        (DE63, "swiss", ODD_SCORING),
        (RR6, "round-robin", ODD_SCORING),
    ],
    ids=["rr6", "rr5", "sw6", "sw6b", "sw6-odd", "de63-odd", "rr6-odd"],
)
def test_every_player_at_once_gives_each_players_own_value(
    make_site: SiteMaker, trf: str, format: str, extra: str
) -> None:
    """``tiebreak_values`` takes the players who played every round over the board in one pass
    over the context's tuples; after every round each value is the very float (``repr``) that
    the tie-break's own function gives that player on a context of its own."""
    event = trf_event(make_site, trf, format, extra=extra)
    records = player_records(event)
    players = [p.number for p in event.players]
    for after in range(event.rounds_played + 1):
        for code in EVERY:
            together = tiebreak_values(
                TiebreakContext.from_records(event, records, after), code, players
            )
            alone = {
                p: tiebreak_value(TiebreakContext.from_records(event, records, after), code, p)
                for p in players
            }
            assert repr(together) == repr(alone), (after, code)


@pytest.mark.parametrize(
    ("trf", "format"),
    [(SW6, "swiss"), (SW6B, "swiss"), (RR5, "round-robin")],
    ids=["sw6", "sw6b", "rr5"],
)
def test_the_contexts_columns_are_the_rows_columns(
    make_site: SiteMaker, trf: str, format: str
) -> None:
    """``from_records`` and the Fore Buchholz context fill ``points`` and ``over_the_board``
    from what they know; a context given only the rows works the same out, and the adjusted
    scores are ``_adjusted``'s own walk from the last round back."""
    event = trf_event(make_site, trf, format, extra=ODD_SCORING)
    records = player_records(event)
    for after in range(event.rounds_played + 1):
        context = TiebreakContext.from_records(event, records, after)
        for known in (context, context.final_round_drawn):
            fresh = TiebreakContext(event, known.table, known.rounds)
            assert known.points == fresh.points
            assert known.over_the_board == fresh.over_the_board
            assert repr(known.scores) == repr(fresh.scores)
            if not known.round_robin:
                walked = {n: known._adjusted(rounds) for n, rounds in known.table.items()}
                assert repr(known.adjusted_scores) == repr(walked)


@pytest.mark.parametrize(
    ("code", "rounds", "expected"),
    [
        # PS/C2 of 7 rounds drops the running scores after rounds 1 and 2 (C.07 7.5).
        (
            "PS/C2",
            7,
            "As PS, without the first 2 rounds: the running scores after rounds 3 to 7 "
            "are added up.",
        ),
        (
            "PS/C1",
            7,
            "As PS, without the first round: the running scores after rounds 2 to 7 are added up.",
        ),
        (
            "PS/C5",
            7,
            "As PS, without the first 5 rounds: the running scores after rounds 6 and 7 "
            "are added up.",
        ),
        (
            "PS/C6",
            7,
            "As PS, without the first 6 rounds: only the running score after round 7 counts.",
        ),
        ("BH/C1", 9, "As BH, with the lowest value left out."),
        ("BH/M2", 9, "As BH, with the lowest 2 values and the highest 2 values left out."),
        ("KS/L+1", 9, "As KS, with the qualifying line half a point higher (a draw)."),
        ("DE/P", 9, "As DE, with games won or lost by forfeit counted as games."),
        ("DE", 9, "Direct Encounter again, applied to the players still tied."),
    ],
)
def test_a_code_listed_again_is_described_by_what_it_changes(
    code: str, rounds: int, expected: str
) -> None:
    assert describe_variant(code, rounds) == expected


def test_a_round_robin_forfeit_in_direct_encounter_koya_sonneborn_berger_and_blacks(
    make_site: SiteMaker,
) -> None:
    """The U.S. Junior Closed list in a four-player round robin where A wins round 1 by
    forfeit against B (15.2: a regular game, except for the over-the-board counts). Results:
    A-B +-, C-D 1-0; A-C 0-1, B-D 1-0; A-D ½, B-C ½. Scores C 2½, A 1½, B 1½, D ½.

    * DE between A and B: the forfeit counts, A 1, B 0, so A is 2nd (in a Swiss, E5, they
      would not have met).
    * Koya, line 1½ (half of 3 games): against C, A and B. A 1 (the forfeit) + 0 = 1;
      B 0 + ½ = ½; C 1 + ½ = 1½; D ½ + 0 + 0 = ½.
    * SB: A 1½ x 1 + 2½ x 0 + ½ x ½ = 1¾; B 1½ x 0 + 2½ x ½ + ½ x 1 = 1¾;
      C 1½ x 1 + 1½ x ½ + ½ x 1 = 2¾; D 2½ x 0 + 1½ x 0 + 1½ x ½ = ¾.
    * Most Blacks over the board: B's Black in the forfeit does not count (B 0); D had Black
      in all three (3), C in two (2), A none.
    * WIN counts the forfeit win: A 1, B 1, C 2, D 0.
    """
    trf = "\n".join(
        [
            line(1, "A, A", 0, (2, "w", "+"), (3, "w", "0"), (4, "w", "=")),
            line(2, "B, B", 0, (1, "b", "-"), (4, "w", "1"), (3, "w", "=")),
            line(3, "C, C", 0, (4, "w", "1"), (1, "b", "1"), (2, "b", "=")),
            line(4, "D, D", 0, (3, "b", "0"), (2, "b", "0"), (1, "b", "=")),
        ]
    )
    event = trf_event(make_site, trf, "round-robin", extra='rules = "us-junior-closed"\n')
    assert values(event, "KS") == [1.0, 0.5, 1.5, 0.5]
    assert values(event, "SB") == [1.75, 1.75, 2.75, 0.75]
    assert values(event, "BPG") == [0, 0, 2, 3]
    assert values(event, "WIN") == [1, 1, 2, 0]
    standings = rank(event, player_records(event))
    assert [(r.player.name, r.points, r.decided_by) for r in standings.rows] == [
        ("C, C", 2.5, "points"),
        ("A, A", 1.5, "DE"),
        ("B, B", 1.5, "points"),
        ("D, D", 0.5, "points"),
    ]
    assert [r.tiebreaks["DE"] for r in standings.rows[1:3]] == [1.0, 0.0]


# -- a Swiss with every kind of unplayed round, worked by hand ---------------------------------

SW8 = """
001    1      A, A                              2000                                          2 w 1     5 w =     7 w 1     4 b =     6 w 1
001    2      B, B                              1900                                          1 b 0     6 w -     8 b 0     3 w 0     0 - H
001    3      C, C                              1800                                          4 w =     7 w 0     5 w =     2 b 1     8 b 1
001    4      D, D                              1700                                          3 b =     0 - H     6 w 1     1 w =     5 b =
001    5      E, E                              1600                                          6 w +     1 b =     3 b =     8 w -     4 w =
001    6      F, F                              1500                                          5 b -     2 b -     4 b 0     0 - U     1 b 0
001    7      G, G                              1400                                          0 - U     3 b 1     1 b 0
001    8      H, H                              1300                                          0 - Z     0 - Z     2 w 1     5 b +     3 w 0
"""  # noqa: E501
"""Eight players, five rounds. B-F in round 2 is a double forfeit; E wins round 1 by forfeit
against F and loses round 4 by forfeit to H; G has the pairing-allocated bye in round 1 and
withdraws after round 3; F has it in round 4; D takes a half-point bye in round 2, B one in
the last round; H enters late (zero-point byes in rounds 1 and 2)."""
SW8_WITHDRAWAL = '[[withdrawals]]\nplayer = "G, G"\nafter_round = 3\n'


def test_a_swiss_with_every_kind_of_unplayed_round(make_site: SiteMaker) -> None:
    """Scores: A 4, B ½, C 3, D 3, E 2½, F 1, G 2, H 2. Adjusted for the opponents (16.3):
    G's two rounds after the withdrawal are requested byes followed by nothing (16.2.5):
    draws, G 3; B's last-round bye is one too (½ either way); D's and H's byes are followed by
    games (16.2.3) and E's, F's and B's forfeits count as scored (16.2.1, 16.2.4): A 4, B ½,
    C 3, D 3, E 2½, F 1, G 3, H 2. Own unplayed rounds: a dummy with the player's own score
    (16.4, 2024 text); VUR = half- and zero-point byes and forfeit losses (16.1.2).

    BH, round by round (d = dummy, * = VUR):
    A 0.5+2.5+3+3+1 = 10; B 4+0.5d*+2+3+0.5d* = 10; C 3+3+2.5+0.5+2 = 11;
    D 3+3d*+1+4+2.5 = 13.5; E 2.5d+4+3+2.5d*+3 = 15; F 1d*+1d*+3+1d+4 = 10;
    G 2d+3+4+2d*+2d* = 13; H 2d*+2d*+0.5+2d+3 = 9.5.
    BH/C1 cuts a VUR's value first (16.5.1), never lower than the lowest anyway for BH:
    A 10-0.5, B 10-0.5, C 11-0.5, D 13.5-3 (not F's 1), E 15-2.5, F 10-1, G 13-2,
    H 9.5-2 (not B's 0.5) = 9.5, 9.5, 10.5, 10.5, 12.5, 9, 11, 7.5.
    BH/C2 (16.5.2 again on what is left): A -0.5-1, B -0.5-0.5, C -0.5-2, D -3-1,
    E -2.5-2.5 (the forfeit win's dummy, no VUR left), F -1-1, G -2-2, H -2-2
    = 8.5, 9, 8.5, 9.5, 10, 8, 9, 5.5.
    BH/M1 = BH/C1 less the highest: 6.5, 5.5, 7.5, 6.5, 8.5, 5, 7, 4.5.

    SB: A 0.5+1.25+3+1.5+1 = 7.25; B 0.5d x ½ = 0.25; C 1.5+0+1.25+0.5+2 = 5.25;
    D 1.5+1.5d+1+2+1.25 = 7.25; E 2.5d+2+1.5+0+1.5 = 7.5; F 1d (bye) = 1; G 2d+3 = 5;
    H 0.5 (B) + 2d (forfeit win) = 2.5.
    SB/C1 (16.5.1: cut the higher of the lowest VUR product and the least significant value,
    the product against the lowest-scored opponent): A -0.5 (B); C -0.5 (B); D: VUR 1.5 >
    F's 1, -1.5; H: VUR 0 < B's 0.5, so B's 0.5 goes; B, E, F, G: a VUR's 0 is the least
    significant value too = 6.75, 0.25, 4.75, 5.75, 7.5, 1, 5, 2.
    SB/C2: A -0.5-1 (F); B -0-0.25; C -0.5-2 (H); D -1.5-1; E -0-2.5 (forfeit win's dummy
    2½, the lowest score left); F, G -0-0; H -0.5 then 0 (a VUR, the lowest score 2 is a
    VUR's too) = 5.75, 0, 2.75, 4.75, 5, 1, 5, 2.

    PS: A 1+1.5+2.5+3+4 = 12; B 0.5; C 0.5+0.5+1+2+3 = 7; D 0.5+1+2+2.5+3 = 9;
    E 1+1.5+2+2+2.5 = 9; F 1+1 = 2; G 1+2+2+2+2 = 9; H 1+2+2 = 5. PS/C1 drops round 1's.
    WIN counts the forfeit wins and the byes worth a win, WON only games won over the board,
    BPG only games played with Black (not B's, E's or F's forfeits nor H's forfeit win), REP
    the rounds less byes of ½ or 0 and forfeit losses (B's and F's double forfeit too).

    FB: the round-5 games drawn (A-F, H-C): A 3½, C 2½, F 1½, H 2½; E-D already drawn.
    A 0.5+2.5+3+3+1.5 = 10.5; B 3.5+0.5d+2.5+2.5+0.5d = 9.5; C 3+3+2.5+0.5+2.5 = 11.5;
    D 2.5+3d+1.5+3.5+2.5 = 13; E 2.5d+3.5+2.5+2.5d+3 = 14; F 1.5d x3+3+3.5 = 11;
    G 2d+2.5+3.5+2d+2d = 12; H 2.5d x3+0.5+2.5 = 10.5.
    AOB (the BH of the opponents met over the board): A (10+15+13+13.5+10)/5 = 12.3;
    B (10+9.5+11)/3; D (11+10+10+15)/4 = 11.5; F (13.5+10)/2 = 11.75; H (10+11)/2 = 10.5.
    ARO and TPR count only games played over the board: E met A, C and D (1833 from
    5500/3), scoring 1½ of 3 (dp 0): 1833; H met B and C, 1 of 2: 1850; F lost both: 1050.
    """
    event = trf_event(make_site, SW8, "swiss", extra=SW8_WITHDRAWAL)
    assert event.rules_edition == "2024"
    context = TiebreakContext.from_records(event, player_records(event))
    assert [context.scores[n] for n in range(1, 9)] == [4, 0.5, 3, 3, 2.5, 1, 2, 2]
    assert [context.adjusted_scores[n] for n in range(1, 9)] == [4, 0.5, 3, 3, 2.5, 1, 3, 2]
    expected = {
        "BH": [10, 10, 11, 13.5, 15, 10, 13, 9.5],
        "BH/C1": [9.5, 9.5, 10.5, 10.5, 12.5, 9, 11, 7.5],
        "BH/C2": [8.5, 9, 8.5, 9.5, 10, 8, 9, 5.5],
        "BH/M1": [6.5, 5.5, 7.5, 6.5, 8.5, 5, 7, 4.5],
        "SB": [7.25, 0.25, 5.25, 7.25, 7.5, 1, 5, 2.5],
        "SB/C1": [6.75, 0.25, 4.75, 5.75, 7.5, 1, 5, 2],
        "SB/C2": [5.75, 0, 2.75, 4.75, 5, 1, 5, 2],
        "PS": [12, 0.5, 7, 9, 9, 2, 9, 5],
        "PS/C1": [11, 0.5, 6.5, 8.5, 8, 2, 8, 5],
        "WIN": [3, 0, 2, 1, 1, 1, 2, 2],
        "WON": [3, 0, 2, 1, 0, 0, 1, 1],
        "BPG": [1, 2, 2, 2, 2, 2, 2, 0],
        "BWG": [0, 0, 2, 0, 0, 0, 1, 0],
        "REP": [5, 3, 5, 4, 4, 3, 3, 3],
        "FB": [10.5, 9.5, 11.5, 13, 14, 11, 12, 10.5],
        "AOB": [12.3, 10.17, 12.2, 11.5, 11.5, 11.75, 10.5, 10.5],
        "ARO": [1620, 1700, 1580, 1725, 1833, 1850, 1900, 1850],
        "TPR": [1860, 900, 1652, 1820, 1833, 1050, 1900, 1850],
    }
    for code, numbers in expected.items():
        assert values(event, code) == numbers, code
    # The standings give every player the same values (the every-player-at-once path).
    standings = rank(event, player_records(event), codes=("BH/C1", "SB/C1", "SB/C2", "FB"))
    by_number = {row.player.number: row.tiebreaks for row in standings.rows}
    assert [by_number[n]["SB/C1"] for n in range(1, 9)] == expected["SB/C1"]
    assert [r.player.number for r in standings.rows] == [1, 4, 3, 5, 7, 8, 6, 2]


def test_a_swiss_with_every_kind_of_unplayed_round_under_the_2026_caps(
    make_site: SiteMaker,
) -> None:
    """The same event from 1 March 2026: the dummy is capped (16.4.1 at the scheduled
    opponent's adjusted score for a forfeit, 16.4.2 at ½ x 5 rounds = 2½ otherwise).

    D's round-2 bye: min(3, 2½) = 2½: BH 13.5-0.5 = 13; SB 7.25-0.25 = 7; SB/C1 cuts the
    VUR's 1.25 (above F's 1): 5.75; BH/C1 13-2.5 = 10.5.
    E's forfeit win against F: min(2½, F's 1) = 1; forfeit loss to H: min(2½, 2) = 2:
    BH 1+4+3+2+3 = 13; BH/C1 cuts the VUR's 2: 11; SB 1+2+1.5+0+1.5 = 6; SB/C1: the VUR's
    0 is below the least significant value (the forfeit win's 1 x 1, the lowest score),
    which goes: 5.
    F's double forfeit against B: min(1, B's ½) = ½, the round-1 forfeit min(1, 2½) = 1, the
    bye 1: BH 1+0.5+3+1+4 = 9.5; BH/C1 cuts the lowest VUR, the ½: 9.
    Everyone else's dummies are within both caps: unchanged.
    """
    event = trf_event(make_site, SW8, "swiss", start="2026-06-01", extra=SW8_WITHDRAWAL)
    assert event.rules_edition == "2026"
    assert values(event, "BH") == [10, 10, 11, 13, 13, 9.5, 13, 9.5]
    assert values(event, "BH/C1") == [9.5, 9.5, 10.5, 10.5, 11, 9, 11, 7.5]
    assert values(event, "SB") == [7.25, 0.25, 5.25, 7, 6, 1, 5, 2.5]
    assert values(event, "SB/C1") == [6.75, 0.25, 4.75, 5.75, 5, 1, 5, 2]


def test_koya_limit_steps_by_a_draw_under_football_scoring(make_site: SiteMaker) -> None:
    """KS/L+n moves the line by n half points (14.5): half a point of the 1-½-0 scale, a draw,
    which 3-1-0 scoring makes 1 point (7.7 STD counts it ½). Four players, one round robin by
    Berger (1-4 2-3, 4-3 1-2, 2-4 3-1): A beat D, B drew C; D drew C, A beat B; B beat D, C
    beat A. Scores A 3+3+0 = 6, B 1+0+3 = 4, C 1+1+3 = 5, D 0+1+0 = 1. The most anyone could
    score is 3 wins, 9: the line is 4½, so A and C qualify. KS: A 0 (lost to C), B 1 (drew
    C), C 3 (beat A), D 1 (drew C). L+1: 5½, only A: 0, 0, 3, 0 (a step of 0.5 put the line
    at 5, which lets in the same players as 4½: the modifier did nothing). L+2: 6½, nobody.
    L-1: 3½, B too: A 3 (beat B) + 0, B 0 + 1, C 3 + 1, D 1."""
    games = (
        pgn_game("1.1", A, D, "1-0") + pgn_game("1.2", B, C, "1/2-1/2")
        + pgn_game("2.1", D, C, "1/2-1/2") + pgn_game("2.2", A, B, "1-0")
        + pgn_game("3.1", B, D, "1-0") + pgn_game("3.2", C, A, "1-0")
    )  # fmt: skip
    scoring = "[scoring]\nwin = 3.0\ndraw = 1.0\nloss = 0.0\n"
    event, problems = load(make_site(event_toml(scoring), {"g.pgn": games}))
    assert event is not None and not problems.errors, problems.items
    context = TiebreakContext.from_records(event, player_records(event))
    assert [context.scores[n] for n in range(1, 5)] == [6, 4, 5, 1]
    assert koya_line(context) == 4.5
    assert values(event, "KS") == [0, 1, 3, 1]
    assert values(event, "KS/L+1") == [0, 0, 3, 0]
    assert values(event, "KS/L+2") == [0, 0, 0, 0]
    assert values(event, "KS/L-1") == [3, 1, 4, 1]
    standings = rank(event, player_records(event), codes=("KS/L+1",))
    assert {r.player.number: r.tiebreaks["KS/L+1"] for r in standings.rows} == {
        1: 0,
        2: 0,
        3: 3,
        4: 0,
    }


def test_koya_in_a_round_robin_with_a_withdrawal(make_site: SiteMaker) -> None:
    """Six players; F withdraws after round 2 (lost to A and D), so C, B and E sit out
    rounds 3, 4 and 5 against nobody. A and D could still play all five rounds: the most a
    player could score is 5, the Koya line 2½. Scores A 3, B 2½, C 3½, D 1½, E 1½, F 0:
    A, B and C qualify (B on the line exactly). KS: A ½ (B) + 0 (C) = ½; B ½ + ½ = 1;
    C 1 + ½ = 1½; D 0; E ½ (B) + 0 (C) + ½ (A) = 1; F 0. With KS/L+1 (line 3): A and C:
    A 0, B ½ + ½ = 1, C 1, D 0, E ½, F 0. SB of A: B 2½ x ½ + C 0 + D 1½ x 1 + E 1½ x ½ +
    F 0 x 1 = 3½. D and E drew each other (DE ½ each): Koya puts E ahead."""
    trf = """
001    1      A, A                                                                            6 w 1     2 w =     5 b =     3 w 0     4 w 1
001    2      B, B                                                                            5 w =     1 b =     4 w 1     0 -       3 w =
001    3      C, C                                                                            4 w 1     5 b 1     0 -       1 b 1     2 b =
001    4      D, D                                                                            3 b 0     6 w 1     2 b 0     5 w =     1 b 0
001    5      E, E                                                                            2 b =     3 w 0     1 w =     4 b =     0 -
001    6      F, F                                                                            1 b 0     4 b 0
"""  # noqa: E501
    withdrawal = '[[withdrawals]]\nplayer = "F, F"\nafter_round = 2\n'
    event = trf_event(make_site, trf, "round-robin", extra=withdrawal)
    context = TiebreakContext.from_records(event, player_records(event))
    assert koya_line(context) == 2.5
    assert values(event, "KS") == [0.5, 1, 1.5, 0, 1, 0]
    assert values(event, "KS/L+1") == [0, 1, 1, 0, 0.5, 0]
    assert values(event, "SB")[0] == 3.5
    standings = rank(event, player_records(event), codes=("DE", "KS", "SB"))
    assert [r.player.name for r in standings.rows] == [
        "C, C",
        "A, A",
        "B, B",
        "E, E",
        "D, D",
        "F, F",
    ]
    assert standings.rows[3].decided_by == "KS"


def _drr4_withdrawal(forfeits: bool) -> str:
    """Four players, double round robin by the Berger table (1-4 2-3, 4-3 1-2, 2-4 3-1, then
    4-1 3-2, 3-4 2-1, 4-2 1-3); D withdraws after round 3, the end of the first cycle. With
    ``forfeits`` D's three games of the second cycle are written as forfeits (D lost them),
    else as rounds A, C and B sit out (their scheduled opponent gone)."""
    gone = {"A": (0, "-", ""), "B": (0, "-", ""), "C": (0, "-", "")}
    if forfeits:
        gone = {"A": (4, "b", "+"), "C": (4, "w", "+"), "B": (4, "b", "+")}
    d_rounds = [(1, "b", "0"), (3, "w", "0"), (2, "b", "=")]
    if forfeits:
        d_rounds += [(1, "w", "-"), (3, "b", "-"), (2, "w", "-")]
    rows = [
        line(1, "A, A", 0, (4, "w", "1"), (2, "w", "="), (3, "b", "1"), gone["A"],
             (2, "b", "0"), (3, "w", "1")),
        line(2, "B, B", 0, (3, "w", "="), (1, "b", "="), (4, "w", "="), (3, "b", "0"),
             (1, "w", "1"), gone["B"]),
        line(3, "C, C", 0, (2, "b", "="), (4, "b", "1"), (1, "w", "0"), (2, "w", "1"),
             gone["C"], (1, "b", "0")),
        line(4, "D, D", 0, *d_rounds),
    ]  # fmt: skip
    return "\n".join(rows) + "\n"


def test_koya_in_a_double_round_robin_after_a_withdrawal(make_site: SiteMaker) -> None:
    """9.2 counts the points against those "who have scored at least 50% of the maximum
    possible tournament score". Four players, six rounds; D withdraws after round 3 (lost to
    A and C, drew B). Rounds after a withdrawal score nothing, for D and for the scheduled
    opponent, who sits that round out as the odd round robin's player does (E10: the maximum
    counts only the games a player can play): A, B and C each lose one game of the second
    cycle, and nobody can score more than 5. The line is 2½, not 3 (6 rounds).
    Scores: A 1+½+1+0+1 = 3½, B ½+½+½+0+1 = 2½, C ½+1+0+1+0 = 2½, D ½; A, B and C
    qualify (B and C on the line exactly). KS: A ½+0 (B) + 1+1 (C) = 2½; B ½+1 (A) + ½+0
    (C) = 2; C 0+0 (A) + ½+1 (B) = 1½; D ½ (drew B). KS/L+1 (line 3): only A: 0, 1½, 0, 0.
    A single round robin keeps its full line where some player met the withdrawn one before
    (``test_koya_in_a_round_robin_with_a_withdrawal``): the most any player can score."""
    withdrawal = '[[withdrawals]]\nplayer = "D, D"\nafter_round = 3\n'
    event = trf_event(make_site, _drr4_withdrawal(False), "double-round-robin", extra=withdrawal)
    context = TiebreakContext.from_records(event, player_records(event))
    assert [context.scores[n] for n in range(1, 5)] == [3.5, 2.5, 2.5, 0.5]
    assert koya_line(context) == 2.5
    assert values(event, "KS") == [2.5, 2, 1.5, 0.5]
    assert values(event, "KS/L+1") == [0, 1.5, 0, 0]
    standings = rank(event, player_records(event), codes=("KS",))
    assert [(r.player.name, r.tiebreaks["KS"]) for r in standings.rows] == [
        ("A, A", 2.5),
        ("B, B", 2),
        ("C, C", 1.5),
        ("D, D", 0.5),
    ]


def test_koya_in_a_double_round_robin_with_the_withdrawn_players_games_forfeited(
    make_site: SiteMaker,
) -> None:
    """The same event with D's three games of the second cycle written as forfeits: A, B and
    C each win one, so each could score 6 and the line is 3. Scores A 4½, B 3½, C 3½, D ½:
    A, B and C still qualify, and the forfeits against D (below the line) add nothing to
    KS: 2½, 2, 1½, ½ as before."""
    withdrawal = '[[withdrawals]]\nplayer = "D, D"\nafter_round = 3\n'
    event = trf_event(make_site, _drr4_withdrawal(True), "double-round-robin", extra=withdrawal)
    context = TiebreakContext.from_records(event, player_records(event))
    assert [context.scores[n] for n in range(1, 5)] == [4.5, 3.5, 3.5, 0.5]
    assert koya_line(context) == 3
    assert values(event, "KS") == [2.5, 2, 1.5, 0.5]


def test_a_game_still_on_in_a_swiss_adds_nothing_to_buchholz(make_site: SiteMaker) -> None:
    """A four-player Swiss in round 3 of 3: A beat D and drew C, B lost to C and drew D, and
    C beat D; A v B is still being played. Scores A 1½, B ½, C 2½ (beat B, drew A, beat D),
    D ½. BH counts the rounds with a result: A 0.5 (D) + 2.5 (C) = 3; B 2.5 (C) + 0.5 (D) = 3;
    C 0.5 (B) + 1.5 (A) + 0.5 (D) = 2.5; D 1.5 + 0.5 + 2.5 = 4.5. The game still on is no
    unplayed round of A's or B's (no dummy with their own score, which made 4½ and 3½)."""
    games = (
        pgn_game("1.1", A, D, "1-0") + pgn_game("1.2", B, C, "0-1")
        + pgn_game("2.1", C, A, "1/2-1/2") + pgn_game("2.2", D, B, "1/2-1/2")
        + pgn_game("3.1", A, B, "*") + pgn_game("3.2", C, D, "1-0")
    )  # fmt: skip
    event, problems = load(make_site(event_toml(format="swiss"), {"g.pgn": games}))
    assert event is not None and not problems.errors, problems.items
    assert (event.rounds_played, event.rounds_in_progress) == (3, (3,))
    assert values(event, "BH") == [3, 3, 2.5, 4.5]
    standings = rank(event, player_records(event), codes=("BH",))
    assert {r.player.number: r.tiebreaks["BH"] for r in standings.rows} == {
        1: 3,
        2: 3,
        3: 2.5,
        4: 4.5,
    }
