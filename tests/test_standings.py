"""Ranking: points, then tie-breaks in order; shared places, lots, and standings after a round."""

from __future__ import annotations

import json
import re

from conftest import SiteMaker, de_twice_event, event_toml, load, pgn_game
from trf_rows import values

from generator.build import build_site, decide
from generator.model import Event
from generator.problems import Problems
from generator.rules.scores import player_records
from generator.rules.standings import (
    Standings,
    column_code,
    column_keys,
    rank,
    rank_among,
    rank_among_with_encounters,
)

A, B, C, D = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora"

# Round robin of four, all draws except A beat D and C beat B: A 2, C 2, B 1, D 1.
GAMES = (
    pgn_game("1.1", A, D, "1-0")
    + pgn_game("1.2", B, C, "0-1")
    + pgn_game("2.1", C, A, "1/2-1/2")
    + pgn_game("2.2", D, B, "1/2-1/2")
    + pgn_game("3.1", A, B, "1/2-1/2")
    + pgn_game("3.2", C, D, "1/2-1/2")
)


def _event(make_site: SiteMaker, body: str = "", games: str = GAMES, slug: str = "ev") -> Event:
    event, problems = load(make_site(event_toml(body), {"g.pgn": games}, slug=slug), slug)
    assert event is not None and not problems.errors, problems.items
    return event


def _order(event: Event, **kwargs: object) -> list[tuple[str, str, str]]:
    standings = rank(event, player_records(event), **kwargs)  # type: ignore[arg-type]
    return [(r.player.name, r.place, r.decided_by) for r in standings.rows]


def test_equal_on_every_tiebreak_shares_the_place(make_site: SiteMaker) -> None:
    # A and C drew; A's SB: 1×1 (D) + ½×2 (C) + ½×1 (B) = 2.5; C's: 1×1 (B) + ½×2 + ½×1 = 2.5.
    event = _event(make_site, 'tiebreaks = ["DE", "SB"]\n')
    assert _order(event) == [
        (A, "1-2", "shared"),
        (C, "1-2", "points"),
        (B, "3-4", "shared"),
        (D, "3-4", "points"),
    ]
    standings = rank(event, player_records(event))
    rows = standings.rows
    assert [r.rank for r in rows] == [1, 1, 3, 3]
    assert rows[0].tiebreaks == {"DE": 0.5, "SB": 2.5}
    # The chart of places after each round draws the shared place as shared (it drew C 2nd,
    # D 4th, by pairing number); the rank tables keep the positions.
    numbers = [r.player.number for r in rows]
    assert [standings.place_of(n) for n in numbers] == [1, 1, 3, 3]
    assert [standings.rank_of(n) for n in numbers] == [1, 2, 3, 4]


def _lots(*names: str) -> str:
    """Ties broken by DE and SB, then by the drawing of lots that gave ``names`` in order."""
    drawn = ", ".join(f'"{name}"' for name in names)
    return f'tiebreaks = ["DE", "SB"]\n[ranking]\nexhausted = "lots"\nlots = [{drawn}]\n\n'


def test_lots_decide_when_the_organiser_asks(make_site: SiteMaker) -> None:
    event = _event(make_site, _lots(C, D, A, B))
    assert _order(event) == [
        (C, "1", "lots"),
        (A, "2", "points"),
        (D, "3", "lots"),
        (B, "4", "points"),
    ]


def test_lots_not_recorded_lists_names_written_last_first_apart(make_site: SiteMaker) -> None:
    """Every game drawn: all four equal on every tie-break, and the lots name only A. The
    warning listed "Alpha, Anna, Bravo, Bob, Charlie, Carl and Delta, Dora", which reads as
    seven people; names written "Last, First" are parted by semicolons."""
    draws = (
        "".join(
            pgn_game(f"{r}.{b}", w, k, "1/2-1/2")
            for r, b, w, k in ((1, 1, A, D), (1, 2, B, C), (2, 1, C, A), (2, 2, D, B))
        )
        + pgn_game("3.1", A, B, "1/2-1/2")
        + pgn_game("3.2", C, D, "1/2-1/2")
    )
    event = _event(make_site, _lots(A), games=draws)
    outcome = decide(event, problems := Problems())
    assert outcome is not None
    assert [w.message for w in problems.warnings if w.code == "lots-not-recorded"] == [
        f"{A}; {B}; {C} and {D} are equal on every tie-break, but [ranking] lots does not "
        "name them all: they share the place"
    ]


def test_lots_that_do_not_name_a_tied_player_leave_the_place_shared(
    make_site: SiteMaker,
) -> None:
    """The lots name C and D but not A: A and C (equal on every tie-break) share 1st place
    rather than being put in an order nobody drew; B and D are ordered by the lots. The build
    says which drawing is missing."""
    event = _event(make_site, _lots(C, D, B))
    assert _order(event) == [
        (A, "1-2", "shared"),
        (C, "1-2", "points"),
        (D, "3", "lots"),
        (B, "4", "points"),
    ]
    outcome = decide(event, problems := Problems())
    assert [(w.code, w.message) for w in problems.warnings if w.code == "lots-not-recorded"] == [
        (
            "lots-not-recorded",
            f"{A} and {C} are equal on every tie-break, but [ranking] lots does not name "
            "them all: they share the place",
        )
    ]
    assert str(outcome.standings.rows[0].reason) == (
        "equal on every tie-break; no drawing of lots recorded"
    )


def test_first_tiebreak_that_differs_decides(make_site: SiteMaker) -> None:
    # WIN: A 1, C 1; B 0, D 0. BPG: A 1 (r2), C 1 (r1); B 2 (r2, r3), D 2 (r1, r3).
    # PS: A 1 + 1½ + 2 = 4½ = C; B 0 + ½ + 1 = 1½ = D. Nothing separates either pair.
    event = _event(make_site, 'tiebreaks = ["WIN", "BPG", "PS"]\n')
    assert [p for _, p, _ in _order(event)] == ["1-2", "1-2", "3-4", "3-4"]
    event = _event(make_site, 'tiebreaks = ["WIN", "KS"]\n', slug="ks")
    # KS line 1.5 (3 games): A and C qualify. A scored ½ against C; C ½ against A: equal.
    assert [p for _, p, _ in _order(event)] == ["1-2", "1-2", "3-4", "3-4"]


def test_standings_after_an_earlier_round(make_site: SiteMaker) -> None:
    event = _event(make_site, 'tiebreaks = ["SB"]\n')
    after_one = rank(event, player_records(event), after_round=1)
    assert after_one.after_round == 1
    # After round 1: A 1 and C 1 (SB: each beat a player on 0 -> 0), B 0, D 0.
    assert [(r.player.name, r.points, r.place) for r in after_one.rows] == [
        (A, 1.0, "1-2"),
        (C, 1.0, "1-2"),
        (B, 0.0, "3-4"),
        (D, 0.0, "3-4"),
    ]
    assert [r.record.games for r in after_one.rows] == [1, 1, 1, 1]


def test_round_robin_forfeits_over_the_board_setting(make_site: SiteMaker) -> None:
    body = f'[[results]]\nround = 1\nwhite = "{B}"\nblack = "{C}"\nresult = "-+"\n\n'
    games = GAMES.replace(pgn_game("1.2", B, C, "0-1"), "")
    default = _event(make_site, body, games)
    setting = _event(
        make_site, body + "[ranking]\nforfeits_over_the_board = true\n\n", games, slug="setting"
    )
    # C won by forfeit with Black in round 1: counted for BPG only with the setting.
    assert values(default, "BPG")[2] == 0
    assert values(setting, "BPG")[2] == 1
    assert values(default, "WIN")[2] == values(setting, "WIN")[2] == 1


def test_standings_read_back_from_the_cache_are_the_ones_worked_out(make_site: SiteMaker) -> None:
    """``rank_event`` keeps standings pickled (``RANKED``) and reads them back with their rows
    made only when asked: they equal the standings ``rank`` works out, in both directions."""
    from generator.rules import standings as standings_module

    event = _event(make_site)
    records = player_records(event)
    standings_module.RANKED.clear()
    for after_round in (1, None):
        worked_out = standings_module.rank_event(event, records, after_round)
        read_back = standings_module.rank_event(event, records, after_round)
        assert type(read_back) is not type(worked_out)  # the second came from RANKED
        assert read_back.rank_of(3) == worked_out.rank_of(3)  # before its rows exist
        numbers = [p.number for p in event.players]
        assert [read_back.place_of(n) for n in numbers] == [worked_out.place_of(n) for n in numbers]
        assert read_back == worked_out and worked_out == read_back
        assert read_back.rows == rank(event, records, after_round).rows
    assert standings_module.rank_event(event, records, 1) != standings_module.rank_event(
        event, records
    )


def test_acf_cuts_go_as_far_as_the_rounds(make_site: SiteMaker) -> None:
    """By-law 3, 5.1: SPSC drops "one or more rounds starting with the first round", as far as
    needed. X and Y both win rounds 1-8; then X scores 1, 0, ½ and Y ½, 1, 0: 9½ each.
    Running scores X 1..8, 9, 9, 9½ and Y 1..8, 8½, 9½, 9½: SPS 63½ each, equal after every
    cut up to 8 (27½ each); cut 9 leaves X 9 + 9½ = 18½ and Y 9½ + 9½ = 19, so Y is ahead."""
    fillers = [f"Filler, {chr(ord('A') + n)}" for n in range(11)]
    players = "".join(f'\n[[players]]\nname = "{name}"\n' for name in ["X", "Y", *fillers])
    toml = (
        'name = "Cuts"\nformat = "swiss"\nrounds = 11\nstart = 2026-01-10\n'
        'rules = "acf-junior"\n' + players
    )
    x_results = ["1-0"] * 9 + ["0-1", "1/2-1/2"]
    y_results = ["1-0"] * 8 + ["1/2-1/2", "1-0", "0-1"]
    games = "".join(
        pgn_game(f"{r + 1}.1", "X", fillers[r], x_results[r])
        + pgn_game(f"{r + 1}.2", "Y", fillers[(r + 5) % 11], y_results[r])
        for r in range(11)
    )
    event, problems = load(make_site(toml, {"g.pgn": games}))
    assert event is not None and not problems.errors, problems.items
    assert event.tiebreaks == ("PS", *(f"PS/C{cut}" for cut in range(1, 11)))
    rows = rank(event, player_records(event)).rows
    assert [(r.player.name, r.place, r.decided_by) for r in rows[:2]] == [
        ("Y", "1", "PS/C9"),
        ("X", "2", "points"),
    ]
    assert [rows[0].tiebreaks[c] for c in ("PS", "PS/C8", "PS/C9", "PS/C10")] == [
        63.5,
        27.5,
        19.0,
        9.5,
    ]
    assert [rows[1].tiebreaks[c] for c in ("PS", "PS/C8", "PS/C9")] == [63.5, 27.5, 18.5]


def test_direct_encounter_listed_twice_keeps_each_applications_values(
    make_site: SiteMaker,
) -> None:
    """FIDE C.07 4.3: Direct Encounter may come again in the list, applied afresh to the
    players still tied there. By hand: A, B, C score 1 each among themselves (DE ties all
    three); WIN puts B and C (2 wins) ahead of A (1); the second DE, between B and C alone,
    is B's win: 1 to 0, so it is the second application ("DE#2") that puts B ahead. Echo and
    Delta are alone on their points: DE never reaches them."""
    event, problems = load(make_site(de_twice_event()))
    assert event is not None and not problems.errors, problems.items
    standings = rank(event, player_records(event))
    rows = [(r.player.name, r.decided_by, r.tiebreaks, sorted(r.unreached)) for r in standings.rows]
    assert rows == [
        ("Echo, Eve", "points", {"DE": 0, "WIN": 2, "DE#2": 0}, ["DE", "DE#2"]),
        ("Bravo, Bob", "DE#2", {"DE": 1, "WIN": 2, "DE#2": 1}, []),
        ("Charlie, Carl", "WIN", {"DE": 1, "WIN": 2, "DE#2": 0}, []),
        ("Alpha, Anna", "points", {"DE": 1, "WIN": 1, "DE#2": 0}, ["DE#2"]),
        ("Delta, Dora", "points", {"DE": 0, "WIN": 0, "DE#2": 0}, ["DE", "DE#2"]),
    ]


def test_lots_may_name_a_player_by_an_alias(make_site: SiteMaker) -> None:
    """[ranking] lots, like every entry that names a player, takes any spelling [[players]]
    gives: "Bravo, B." is Bravo's alias. The drawing names all four, so the order is the one
    of ``test_lots_decide_when_the_organiser_asks``: C before A (equal on DE and SB, 2.5
    each), D before B; with the alias left unmatched, B and D shared 3rd-4th place."""
    event = _event(make_site, _lots(C, D, A, "Bravo, B."))
    assert _order(event) == [
        (C, "1", "lots"),
        (A, "2", "points"),
        (D, "3", "lots"),
        (B, "4", "points"),
    ]


def test_direct_encounter_waits_for_a_game_between_tied_players_still_being_played(
    make_site: SiteMaker,
) -> None:
    """Round 3, the last, has begun: Delta beat Charlie, and Alpha v Bravo is still on. A, B
    and C have 1 point each (A beat D and lost to C, B beat C and lost to D, C beat A), D 2.
    Direct Encounter among A, B and C: A 0, B 1, C 1, but A and B have not met, so the
    separate standings do not yet decide (C.07 6.2 needs all to have met; by 6.3 nobody is
    certain: B's 1 is C's 1, and A could still reach 1 against B). Sonneborn-Berger: A beat
    D (2 points), 2; B beat C (1 point), 1; C beat A (1 point), 1. So A is 2nd on SB, and B
    and C share 3rd-4th; before, DE put B and C ahead of A on a game A has yet to play."""
    games = (
        pgn_game("1.1", A, D, "1-0")
        + pgn_game("1.2", B, C, "1-0")
        + pgn_game("2.1", C, A, "1-0")
        + pgn_game("2.2", D, B, "1-0")
        + pgn_game("3.1", A, B, "*")
        + pgn_game("3.2", C, D, "0-1")
    )
    event = _event(make_site, 'tiebreaks = ["DE", "SB"]\n', games)
    assert _order(event) == [
        (D, "1", "points"),
        (A, "2", "SB"),
        (B, "3-4", "shared"),
        (C, "3-4", "points"),
    ]


def test_direct_encounter_does_not_wait_for_a_tied_players_game_against_another(
    make_site: SiteMaker,
) -> None:
    """Round 3, the last, has begun. Round 1's games were both double forfeits, counted as
    absences (so Alpha and Bravo never meet); Alpha beat Charlie and Bravo beat Delta in
    round 2; in round 3 Charlie beat Bravo and Alpha v Delta is still on. A, B and C have 1
    point each, D 0. The game still on is against a player outside the tie: it cannot change
    the games among A, B and C, a round robin's whole schedule for them (A 1, C 1, B 0), so
    DE puts B third and, applied again to A and C (6.2), A ahead on their game. Waiting for
    every game of the tied players would have left all three level (by 6.3 nobody is
    certain: A's 1 is what B could reach against A)."""
    body = 'tiebreaks = ["DE"]\n\n[ranking]\ndouble_forfeit = "absence"\n\n'
    body += "".join(
        f'[[results]]\nround = 1\nwhite = "{white}"\nblack = "{black}"\nresult = "--"\n\n'
        for white, black in ((A, B), (C, D))
    )
    games = (
        pgn_game("2.1", A, C, "1-0")
        + pgn_game("2.2", B, D, "1-0")
        + pgn_game("3.1", A, D, "*")
        + pgn_game("3.2", B, C, "0-1")
    )
    event = _event(make_site, body, games)
    assert (event.rounds_played, event.rounds_in_progress) == (3, (3,))
    assert _order(event) == [
        (A, "1", "DE"),
        (C, "2", "DE"),
        (B, "3", "points"),
        (D, "4", "points"),
    ]


SWISS_NOT_MET = (
    pgn_game("1.1", A, B, "1-0")
    + pgn_game("1.2", C, D, "1-0")
    + pgn_game("2.1", A, C, "1-0")
    + pgn_game("2.2", B, D, "1-0")
)
"""A Swiss of two rounds: A 2, B 1, C 1, D 0; B and C, tied, have not met."""


def test_direct_encounter_of_tied_players_who_have_not_met_is_not_applied(
    make_site: SiteMaker,
) -> None:
    """FIDE C.07 6.2-6.3: B and C, level on 1 point, have not met, so neither heads a separate
    standings whatever their missing game: Direct Encounter is skipped and WIN (1 each) then
    leaves them sharing 2nd-3rd. Their 0 under DE was printed as if DE had scored them level:
    it is now among the keys the tables show as a dash (``unreached``), as for A and D whom
    DE never reached; the value stays 0, the number results.json gives."""
    text = event_toml('tiebreaks = ["DE", "WIN"]\n', format="swiss", rounds=2)
    event, problems = load(make_site(text, {"g.pgn": SWISS_NOT_MET}))
    assert event is not None and not problems.errors, problems.items
    assert not event.is_round_robin
    standings = rank(event, player_records(event))
    rows = [(r.player.name, r.place, r.tiebreaks, r.unreached) for r in standings.rows]
    assert rows == [
        (A, "1", {"DE": 0, "WIN": 2}, ("DE",)),
        (B, "2-3", {"DE": 0, "WIN": 1}, ("DE",)),
        (C, "2-3", {"DE": 0, "WIN": 1}, ("DE",)),
        (D, "4", {"DE": 0, "WIN": 0}, ("DE",)),
    ]


def test_a_direct_encounter_not_applied_is_0_in_results_json(make_site: SiteMaker) -> None:
    """All four on 1 point after two Swiss rounds; each has played two of the other three
    (A beat B, C beat D, D beat A, B beat C) and scored 1 among them, and A-C, B-D are
    missing: anyone could still head the separate standings, so DE is not applied (C.07
    6.3) and WIN (1 each) leaves them sharing 1st-4th. The spec gives DE "0 when ... not
    applicable": results.json gave each 1, their score in games that decided nothing."""
    games = (
        pgn_game("1.1", A, B, "1-0")
        + pgn_game("1.2", C, D, "1-0")
        + pgn_game("2.1", D, A, "1-0")
        + pgn_game("2.2", B, C, "1-0")
    )
    text = event_toml('tiebreaks = ["DE", "WIN"]\n', format="swiss", rounds=2)
    site = make_site(text, {"g.pgn": games})
    assert build_site(site).written
    data = json.loads((site / "output/ev/results.json").read_text(encoding="utf-8"))
    rows = [(row["place"], row["tiebreaks"]) for row in data["standings"]]
    assert rows == [("1-4", {"DE": 0, "WIN": 1})] * 4
    standings = (site / "output/ev/standings.html").read_text(encoding="utf-8")
    cells = re.findall(r'<td class="tb[^"]*">([^<]*)</td>', standings)
    assert cells == ["–", "1"] * 4


def test_pages_show_a_dash_for_a_direct_encounter_not_applied(make_site: SiteMaker) -> None:
    """The event above, built: the standings print "–" under DE for B and C (they printed 0,
    as if DE had found them level), a player's card says "DE –", the legend says what the
    dash means, and the page on tie-breaks says when DE is skipped (C.07 6.2, 6.3).
    results.json keeps the number the spec gives, 0."""
    text = event_toml('tiebreaks = ["DE", "WIN"]\n', format="swiss", rounds=2)
    site = make_site(text, {"g.pgn": SWISS_NOT_MET})
    assert build_site(site).written
    out = site / "output/ev"
    standings = (out / "standings.html").read_text(encoding="utf-8")
    cells = re.findall(r'<td class="tb[^"]*">([^<]*)</td>', standings)
    # A, B, C, D in order, each with DE then WIN.
    assert cells == ["–", "2", "–", "1", "–", "1", "–", "0"]
    assert "A dash (–) under DE: Direct Encounter was not applied to the player" in standings
    card = (out / "players/3-charlie-carl.html").read_text(encoding="utf-8")
    assert '<abbr title="Direct Encounter">DE</abbr> –' in card
    page = (out / "tiebreaks.html").read_text(encoding="utf-8")
    assert "when it places nobody, it is skipped and the next tie-break decides" in page
    data = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert [row["tiebreaks"]["DE"] for row in data["standings"]] == [0, 0, 0, 0]


def test_players_left_level_are_ordered_among_themselves_alone(make_site: SiteMaker) -> None:
    """``rank_among`` (a play-off that leaves some level, "followed by math tiebreaks"): the
    tie-breaks ``["DE", "WIN", "DE"]`` among the players given, Direct Encounter counting
    only their games with each other. The DE-twice event: Alpha beat Bravo, Bravo beat
    Charlie, Charlie beat Alpha; wins: Alpha 1, Bravo 2, Charlie 2.
    - All three: DE 1 each; WIN puts Bravo and Charlie (2) ahead of Alpha (1); DE again,
      Bravo and Charlie alone: Bravo's win, 1 to 0. Alpha, alone after WIN, has no DE#2.
    - Alpha and Charlie alone: DE is Charlie's win, 1 to 0, and decides at once.
    - Alpha and Bravo alone: Alpha's win; the whole group's DE (1 each) would tie them."""
    event, problems = load(make_site(de_twice_event()))
    assert event is not None and not problems.errors, problems.items
    records = player_records(event)
    order, boundaries, de = rank_among_with_encounters(event, records, [3, 1, 2])
    assert order == [2, 3, 1]
    assert [by for by, _ in boundaries] == ["DE#2", "WIN"]
    assert str(boundaries[0][1]).startswith("ahead on Direct Encounter")
    assert de == {"DE": {1: 1, 2: 1, 3: 1}, "DE#2": {2: 1, 3: 0}}
    order, boundaries, de = rank_among_with_encounters(event, records, [1, 3])
    assert (order, [by for by, _ in boundaries]) == ([3, 1], ["DE"])
    assert de == {"DE": {1: 0, 3: 1}, "DE#2": {}}
    order, boundaries = rank_among(event, records, [2, 1])
    assert (order, [by for by, _ in boundaries]) == ([1, 2], ["DE"])


def test_players_left_level_who_have_not_met_have_no_direct_encounter(
    make_site: SiteMaker,
) -> None:
    """The Swiss where Bravo and Charlie (1 point each) have not met: ordered among
    themselves, DE is not applied (C.07 6.3, anyone could head the separate standings), so
    they have no DE value (a dash, not the 0 of a DE that found them level); WIN, 1 each,
    leaves them sharing, in pairing-number order."""
    text = event_toml('tiebreaks = ["DE", "WIN"]\n', format="swiss", rounds=2)
    event, problems = load(make_site(text, {"g.pgn": SWISS_NOT_MET}))
    assert event is not None and not problems.errors, problems.items
    order, boundaries, de = rank_among_with_encounters(event, player_records(event), [3, 2])
    assert (order, [by for by, _ in boundaries], de) == ([2, 3], ["shared"], {"DE": {}})


def test_keys_of_a_tiebreak_listed_again(make_site: SiteMaker) -> None:
    """A code listed again gets its count ("DE#2", C.07 4.3); ``column_code`` gives the code
    back, which results.json prints as ``decided_by``."""
    assert column_keys(["DE", "WIN", "DE", "DE"]) == ("DE", "WIN", "DE#2", "DE#3")
    assert [column_code(k) for k in ("DE#2", "BH/C1", "points")] == ["DE", "BH/C1", "points"]


def test_points_of_a_player_in_the_standings_after_a_round(make_site: SiteMaker) -> None:
    """``points_of`` (an opponent's score on a player's card): counted up to the round of the
    standings. After round 1 A and C have 1, B and D 0; after round 3 A and C 2, B and D 1."""
    event = _event(make_site, 'tiebreaks = ["SB"]\n')
    records = player_records(event)
    after_one, final = rank(event, records, after_round=1), rank(event, records)
    assert [after_one.points_of(n) for n in (1, 2, 3, 4)] == [1, 0, 1, 0]
    assert [final.points_of(n) for n in (1, 2, 3, 4)] == [2, 1, 2, 1]
    assert after_one != final and final == rank(event, records)
    assert final.__eq__(object()) is NotImplemented
    assert Standings(final.rows, 2) != Standings(final.rows, 3)  # same rows, other round
