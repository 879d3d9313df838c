"""The Berger tables (FIDE Handbook C.05, Annex 1) and the schedule inferred from games."""

from __future__ import annotations

from conftest import SiteMaker, event_toml, load, pgn_game

from generator.build import build_site
from generator.render import views
from generator.rules.scores import player_records
from generator.schedule import (
    berger_opponents,
    berger_pairings,
    berger_round_of,
    event_round_pairings,
    inferred_schedule,
    table_pairings,
)

# FIDE's table for 7 or 8 players, copied by hand from C.05 Annex 1 (white first).
BERGER_EIGHT = (
    ((1, 8), (2, 7), (3, 6), (4, 5)),
    ((8, 5), (6, 4), (7, 3), (1, 2)),
    ((2, 8), (3, 1), (4, 7), (5, 6)),
    ((8, 6), (7, 5), (1, 4), (2, 3)),
    ((3, 8), (4, 2), (5, 1), (6, 7)),
    ((8, 7), (1, 6), (2, 5), (3, 4)),
    ((4, 8), (5, 3), (6, 2), (7, 1)),
)


def test_the_tables_pair_as_fides() -> None:
    for round_number, pairs in enumerate(BERGER_EIGHT, start=1):
        for white, black in pairs:
            assert berger_round_of(white, black, 8) == round_number, (white, black)
            assert berger_round_of(black, white, 8) == round_number
        opponents = berger_opponents(8, round_number)
        assert opponents == {**dict(pairs), **{b: w for w, b in pairs}}


def test_an_odd_field_plays_the_next_even_table_with_a_bye() -> None:
    """Seven players: number 8 is the bye, so whoever the table pairs with 8 sits out."""
    for round_number, pairs in enumerate(BERGER_EIGHT, start=1):
        opponents = berger_opponents(7, round_number)
        sits_out = [w if b == 8 else b for w, b in pairs if 8 in (w, b)]
        assert [n for n, o in opponents.items() if o is None] == sits_out
        assert len(opponents) == 7


def _games(rounds: list[int]) -> list[tuple[int, int, int]]:
    """Every game of these rounds of the table of eight, played in the event round given
    by position (``rounds[i]`` is the table's round played as event round i + 1)."""
    return [
        (event_round, white, black)
        for event_round, table_round in enumerate(rounds, start=1)
        for white, black in BERGER_EIGHT[table_round - 1]
    ]


def test_games_that_follow_the_table_give_the_schedule() -> None:
    games = [*_games([1, 2]), (3, 2, 8)]  # round 3 only begun
    schedule = inferred_schedule(range(1, 9), games, 7)
    assert schedule is not None and sorted(schedule) == [1, 2, 3]
    assert schedule[3][3] == 1 and schedule[3][8] == 2


def test_games_of_another_schedule_give_none() -> None:
    # Rounds played out of the table's order, in a single round robin.
    assert inferred_schedule(range(1, 9), _games([2, 1]), 7) is None
    # One game of round 2 that the table plays in round 3.
    assert inferred_schedule(range(1, 9), [*_games([1]), (2, 8, 5), (2, 3, 1)], 7) is None
    # Numbers that are not 1 to n (a player left out of the numbering).
    assert inferred_schedule([1, 2, 3, 4, 5, 6, 7, 9], _games([1])[:2], 7) is None


def test_a_double_round_robin_plays_the_table_twice_and_may_swap_two_rounds() -> None:
    """Eight players, 14 rounds: round 8 is the table's round 1 again. FIDE advises
    swapping the first cycle's last two rounds (6 and 7); any other order is not the table."""
    straight = _games([1, 2, 3, 4, 5, 6, 7, 1])
    assert inferred_schedule(range(1, 9), straight, 14) is not None
    swapped = _games([1, 2, 3, 4, 5, 7, 6, 1])
    schedule = inferred_schedule(range(1, 9), swapped, 14)
    assert schedule is not None and schedule[6][1] == 7  # table round 7: 7-1
    # A single round robin plays the table in its order: no swap.
    assert inferred_schedule(range(1, 9), _games([1, 2, 3, 4, 5, 7, 6]), 7) is None
    assert inferred_schedule(range(1, 9), _games([1, 2, 3, 4, 6, 5]), 14) is None


def test_three_players_play_the_table_of_four() -> None:
    """The smallest round robin: number 4 is the bye, so 1 sits out round 1 (1-4), 3 round
    2 (4-3) and 2 round 3 (2-4), while 2-3, 1-2 and 3-1 play."""
    schedule = inferred_schedule(range(1, 4), [(1, 2, 3), (2, 1, 2), (3, 3, 1)], 3)
    assert schedule == {
        1: {1: None, 2: 3, 3: 2},
        2: {1: 2, 2: 1, 3: None},
        3: {1: 3, 3: 1, 2: None},
    }


def test_a_game_of_numbers_outside_the_table_gives_none() -> None:
    """A number beyond the field's, or a player paired with themself, is no game of the
    table (the model never holds one; the schedule must not be guessed from it)."""
    # 1 + 15 leaves 2 on division by 7, as 1 + 8's round 1 of the table would.
    assert inferred_schedule(range(1, 9), [(1, 2, 7), (1, 1, 15)], 7) is None
    assert inferred_schedule(range(1, 9), [(1, 2, 7), (1, 15, 1)], 7) is None
    assert inferred_schedule(range(1, 9), [(1, 1, 8), (1, 3, 3)], 7) is None


# FIDE's tables for 3 or 4, 5 or 6 and 9 or 10 players, copied by hand from C.05 Annex 1:
# one line a round, each pair White first, board by board.
PRINTED_TABLES = {
    4: """
        1-4 2-3
        4-3 1-2
        2-4 3-1
    """,
    6: """
        1-6 2-5 3-4
        6-4 5-3 1-2
        2-6 3-1 4-5
        6-5 1-4 2-3
        3-6 4-2 5-1
    """,
    10: """
        1-10 2-9 3-8 4-7 5-6
        10-6 7-5 8-4 9-3 1-2
        2-10 3-1 4-9 5-8 6-7
        10-7 8-6 9-5 1-4 2-3
        3-10 4-2 5-1 6-9 7-8
        10-8 9-7 1-6 2-5 3-4
        4-10 5-3 6-2 7-1 8-9
        10-9 1-8 2-7 3-6 4-5
        5-10 6-4 7-3 8-2 9-1
    """,
}


def _printed(players: int) -> list[tuple[tuple[int, int], ...]]:
    """A printed table's rounds as pairs of numbers (White, Black)."""
    if players == 8:
        return list(BERGER_EIGHT)
    lines = PRINTED_TABLES[players].split("\n")
    return [
        tuple((int(w), int(b)) for w, b in (pair.split("-") for pair in line.split()))
        for line in lines
        if line.strip()
    ]


def test_the_tables_give_fides_colours_and_boards() -> None:
    """Every round of the tables for 4, 6, 8 and 10 as FIDE prints them: who has White on
    which board, not only who meets whom."""
    for players in (4, 6, 8, 10):
        printed = _printed(players)
        assert len(printed) == players - 1
        for round_number, pairs in enumerate(printed, start=1):
            assert berger_pairings(players, round_number) == pairs, (players, round_number)


def test_an_odd_field_plays_the_even_table_and_its_bye_has_no_board() -> None:
    """Five players play the table of six: whoever it pairs with 6 sits out, the other
    games keep their colours and order (round 2: 6-4 5-3 1-2, so 4 sits out)."""
    assert berger_pairings(5, 2) == ((6, 4), (5, 3), (1, 2))
    assert event_round_pairings(5, 5, 2, swap=False) == ((5, 3), (1, 2))
    assert event_round_pairings(5, 5, 5, swap=False) == ((4, 2), (5, 1))  # 3-6: 3 sits out


def test_a_double_round_robins_second_cycle_reverses_the_colours() -> None:
    """Four players, six rounds: rounds 4 to 6 are the table's 1 to 3 with Black and White
    exchanged (4-1 3-2, 3-4 2-1, 4-2 1-3); with the swap, the first cycle plays the
    table's round 3 second and its round 2 third."""
    assert [event_round_pairings(4, 6, r, swap=False) for r in range(1, 7)] == [
        ((1, 4), (2, 3)),
        ((4, 3), (1, 2)),
        ((2, 4), (3, 1)),
        ((4, 1), (3, 2)),
        ((3, 4), (2, 1)),
        ((4, 2), (1, 3)),
    ]
    assert [event_round_pairings(4, 6, r, swap=True) for r in (2, 3, 5, 6)] == [
        ((2, 4), (3, 1)),
        ((4, 3), (1, 2)),
        ((3, 4), (2, 1)),
        ((4, 2), (1, 3)),
    ]


def test_pairings_to_come_only_where_the_games_have_the_tables_colours() -> None:
    """Six players, rounds 1 and 2 as the table has them: round 3 is 2-6 3-1 4-5. One game
    with the colours the other way round (5-2 for 2-5), or a game the table does not pair,
    and nothing is said of the rounds to come."""
    games = [(1, 1, 6), (1, 2, 5), (1, 3, 4), (2, 6, 4), (2, 5, 3), (2, 1, 2)]
    pairings = table_pairings(range(1, 7), games, 5)
    assert pairings[3] == ((2, 6), (3, 1), (4, 5))
    assert pairings[5] == ((3, 6), (4, 2), (5, 1))
    swapped = [(1, 1, 6), (1, 5, 2), *games[2:]]
    assert inferred_schedule(range(1, 7), swapped, 5) is not None  # who meets whom: the table
    assert table_pairings(range(1, 7), swapped, 5) == {}
    assert table_pairings(range(1, 7), [(1, 1, 2)], 5) == {}


def test_a_double_round_robin_waits_to_see_whether_the_two_rounds_are_swapped() -> None:
    """Four players, six rounds, round 1 played: rounds 2 and 3 may come in either order,
    so neither is given; round 4 on are the same either way. Once round 2 is the table's
    round 3 (2-4 3-1), round 3 is its round 2 (4-3 1-2)."""
    pairings = table_pairings(range(1, 5), [(1, 1, 4), (1, 2, 3)], 6)
    assert sorted(pairings) == [1, 4, 5, 6]
    assert pairings[4] == ((4, 1), (3, 2))
    swapped = table_pairings(range(1, 5), [(1, 1, 4), (1, 2, 3), (2, 2, 4), (2, 3, 1)], 6)
    assert swapped[3] == ((4, 3), (1, 2))
    assert swapped[5] == ((3, 4), (2, 1))


def test_the_two_rounds_a_swap_may_exchange_share_no_pairing() -> None:
    """Why a double round robin's rounds ``n - 2`` and ``n - 1`` show nothing while the swap
    is not known: the table's last two rounds of a cycle have no game in common, not even
    with the colours left open, and no player sits out both, so the two readings agree on
    no pairing. By FIDE's table of eight, round 6 is 8-7 1-6 2-5 3-4, round 7 4-8 5-3 6-2
    7-1; the same holds for every field of 3 to 16 players."""
    assert {frozenset(p) for p in BERGER_EIGHT[5]} & {
        frozenset(p) for p in BERGER_EIGHT[6]
    } == set()
    for players in range(3, 17):
        cycle = players - 1 + players % 2
        last_but_one, last = (
            {frozenset(pair) for pair in berger_pairings(players, r)} for r in (cycle - 1, cycle)
        )
        assert last_but_one & last == set(), players
        pairings = table_pairings(range(1, players + 1), [], 2 * cycle)
        assert cycle - 1 not in pairings and cycle not in pairings


def test_three_players_get_the_pairings_of_the_table_of_four() -> None:
    """Three players, one round robin: the table of four (1-4 2-3, 4-3 1-2, 2-4 3-1) with 4
    as the bye, so 1, 3 and 2 sit out in turn. Three rounds are one cycle: no two rounds
    that a swap could exchange, so every round is given once round 1 is played."""
    pairings = table_pairings(range(1, 4), [(1, 2, 3)], 3)
    assert pairings == {1: ((2, 3),), 2: ((1, 2),), 3: ((3, 1),)}


def test_an_odd_fields_single_round_robin_gives_its_last_two_rounds() -> None:
    """Five players, five rounds, by the table of six (round 4: 6-5 1-4 2-3; round 5: 3-6 4-2
    5-1): a single round robin has no swap to wait for, so its last two rounds are known
    after round 1 as the others are."""
    pairings = table_pairings(range(1, 6), [(1, 2, 5), (1, 3, 4)], 5)
    assert sorted(pairings) == [1, 2, 3, 4, 5]
    assert pairings[4] == ((1, 4), (2, 3))
    assert pairings[5] == ((4, 2), (5, 1))


def test_no_table_pairings_for_players_not_numbered_from_one_on() -> None:
    """Players 1, 2, 3 and 5: the table numbers 1 to 4, so it pairs nobody numbered 5, and
    a game the table has (round 1: 2-3) does not make it the event's."""
    assert table_pairings([1, 2, 3, 5], [(1, 2, 3)], 3) == {}


# The odd fields' games as FIDE's tables give them, the pair with the dummy (6, 8 or 10) left
# out, worked out by hand from the tables above: (games of the round, who sits out).
ODD_FIVE = (
    (((2, 5), (3, 4)), 1),
    (((5, 3), (1, 2)), 4),
    (((3, 1), (4, 5)), 2),
    (((1, 4), (2, 3)), 5),
    (((4, 2), (5, 1)), 3),
)
ODD_SEVEN = (
    (((2, 7), (3, 6), (4, 5)), 1),
    (((6, 4), (7, 3), (1, 2)), 5),
    (((3, 1), (4, 7), (5, 6)), 2),
    (((7, 5), (1, 4), (2, 3)), 6),
    (((4, 2), (5, 1), (6, 7)), 3),
    (((1, 6), (2, 5), (3, 4)), 7),
    (((5, 3), (6, 2), (7, 1)), 4),
)
ODD_NINE = (
    (((2, 9), (3, 8), (4, 7), (5, 6)), 1),
    (((7, 5), (8, 4), (9, 3), (1, 2)), 6),
    (((3, 1), (4, 9), (5, 8), (6, 7)), 2),
    (((8, 6), (9, 5), (1, 4), (2, 3)), 7),
    (((4, 2), (5, 1), (6, 9), (7, 8)), 3),
    (((9, 7), (1, 6), (2, 5), (3, 4)), 8),
    (((5, 3), (6, 2), (7, 1), (8, 9)), 4),
    (((1, 8), (2, 7), (3, 6), (4, 5)), 9),
    (((6, 4), (7, 3), (8, 2), (9, 1)), 5),
)


def test_odd_fields_of_five_seven_and_nine_by_fides_tables() -> None:
    """5, 7 and 9 players play the tables of 6, 8 and 10: the player the table pairs with
    the dummy sits out, every other game keeps its colours and its order on the boards
    (the dummy's pair is always the table's board 1, so the games are boards 1, 2, ...).
    Round 1 of five: 1-6 2-5 3-4, so 1 sits out and 2-5, 3-4 play; round 2: 6-4 5-3 1-2,
    4 sits out."""
    for players, table in ((5, ODD_FIVE), (7, ODD_SEVEN), (9, ODD_NINE)):
        assert len(table) == players
        for round_number, (games, sits_out) in enumerate(table, start=1):
            assert event_round_pairings(players, players, round_number, swap=False) == games
            opponents = berger_opponents(players, round_number)
            assert opponents[sits_out] is None, (players, round_number)
            assert [n for n, o in opponents.items() if o is None] == [sits_out]
            seen = sorted(n for game in games for n in game)
            assert seen == sorted(set(range(1, players + 1)) - {sits_out})


def test_an_odd_double_round_robin_reverses_the_colours_in_its_second_cycle() -> None:
    """Five players, ten rounds: rounds 6 to 10 are the table's rounds again, each game with
    the colours the other way round and the same player sitting out (round 6: 5-2 4-3,
    1 sits out; round 10: 2-4 1-5, 3 sits out)."""
    for round_number, (games, _) in enumerate(ODD_FIVE, start=6):
        reversed_games = tuple((black, white) for white, black in games)
        assert event_round_pairings(5, 10, round_number, swap=False) == reversed_games
    assert event_round_pairings(5, 10, 6, swap=False) == ((5, 2), (4, 3))
    assert event_round_pairings(5, 10, 10, swap=False) == ((2, 4), (1, 5))


E, F, G = "Echo, Eve", "Foxtrot, Finn", "Golf, Gus"
A, B, C, D = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora"


def test_a_round_to_come_of_seven_lists_the_tables_games_in_its_order(
    make_site: SiteMaker,
) -> None:
    """Seven players (Echo 1, Foxtrot 2, Golf 3, Alpha 4, Bravo 5, Charlie 6, Delta 7) play
    the table of eight; round 1 played as it has it (2-7 3-6 4-5, Echo sits out). Round 2 is
    8-5 6-4 7-3 1-2: Bravo sits out, boards 1 Charlie-Alpha, 2 Delta-Golf, 3 Echo-Foxtrot.
    Round 7 is 4-8 5-3 6-2 7-1: Alpha sits out, boards 1 Bravo-Golf, 2 Charlie-Foxtrot,
    3 Delta-Echo."""
    three = "".join(f'[[players]]\nname = "{name}"\n\n' for name in (E, F, G))
    games = pgn_game("1.1", F, D, "1-0") + pgn_game("1.2", G, C, "1/2-1/2")
    games += pgn_game("1.3", A, B, "0-1")
    text = event_toml(three, rounds=7)
    event, problems = load(make_site(text, {"g.pgn": games}))
    assert event is not None and not problems.errors, problems.items
    records = player_records(event)

    def scheduled(number: int) -> list[tuple[int, str, str]]:
        view = views.round_view(event, records, number)
        return [(p.board, p.white.name, p.black.name) for p in view.scheduled]

    def absent(number: int) -> list[tuple[str, str]]:
        view = views.round_view(event, records, number)
        return [(player.name, why) for player, why in view.absent]

    assert scheduled(2) == [(1, C, A), (2, D, G), (3, E, F)]
    assert absent(2) == [(B, "sits out")]
    assert scheduled(7) == [(1, B, G), (2, C, F), (3, D, E)]
    assert absent(7) == [(A, "sits out")]
    site = make_site(text, {"g.pgn": games})
    assert build_site(site).written
    page = (site / "output/ev/rounds/round-2.html").read_text(encoding="utf-8")
    rows = page.split("<tbody>")[1].split("</tbody>")[0].split("<tr>")[1:]
    assert len(rows) == 3
    for board, (white, black) in enumerate(((C, A), (D, G), (E, F)), start=1):
        row = rows[board - 1]
        assert f"<td>{board}</td>" in row
        assert row.index(white.split(",")[0]) < row.index(black.split(",")[0])
