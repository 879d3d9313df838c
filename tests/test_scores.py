"""Scoring of games, forfeits, byes and withdrawals, and standings by points."""

from __future__ import annotations

from conftest import SiteMaker, event_toml, load, pgn_game

from generator.model import Event
from generator.rules.scores import Kind, player_records
from generator.rules.standings import rank

A, B, C, D = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora"


def _event(make_site: SiteMaker, body: str, games: str, **kwargs: object) -> Event:
    event, problems = load(make_site(event_toml(body, **kwargs), {"g.pgn": games}))  # type: ignore[arg-type]
    assert event is not None, problems.items
    assert not problems.errors, problems.items
    return event


def test_forfeits_score_a_win_and_nothing(make_site: SiteMaker) -> None:
    body = (
        f'[[results]]\nround = 1\nwhite = "{A}"\nblack = "{B}"\nresult = "+-"\n\n'
        f'[[results]]\nround = 1\nwhite = "{C}"\nblack = "{D}"\nresult = "--"\n\n'
        f'[[results]]\nround = 2\nwhite = "{B}"\nblack = "{C}"\nresult = "-+"\n\n'
        f'[[results]]\nround = 2\nwhite = "{D}"\nblack = "{A}"\nresult = "1/2-1/2"\n\n'
    )
    records = player_records(_event(make_site, body, "", format="swiss", rounds=2))
    assert [e.kind for e in records[1].entries] == [Kind.FORFEIT_WIN, Kind.GAME]
    assert records[1].points == 1.5
    assert [e.kind for e in records[2].entries] == [Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS]
    assert records[2].points == 0
    assert [e.kind for e in records[3].entries] == [Kind.DOUBLE_FORFEIT, Kind.FORFEIT_WIN]
    assert records[3].points == 1
    assert records[4].points == 0.5
    assert records[4].games == 2


def test_byes_full_half_and_zero(make_site: SiteMaker) -> None:
    body = (
        f'[[byes]]\nround = 1\nplayer = "{C}"\npoints = 1\n\n'
        f'[[byes]]\nround = 1\nplayer = "{D}"\npoints = 0.5\n\n'
        f'[[byes]]\nround = 2\nplayer = "{D}"\npoints = 0\n\n'
    )
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("2.1", A, C, "0-1")
    records = player_records(_event(make_site, body, games, format="swiss", rounds=2))
    assert records[3].points == 2  # full-point bye + a win
    assert records[4].points == 0.5  # half-point bye + zero-point bye
    assert [e.kind for e in records[4].entries] == [Kind.BYE, Kind.BYE]
    assert records[4].games == 0
    assert records[2].entries[1].kind is Kind.UNPAIRED  # no game, no bye in a played round


def test_withdrawal_makes_later_rounds_absent(make_site: SiteMaker) -> None:
    body = f'[[withdrawals]]\nplayer = "{D}"\nafter_round = 1\n\n'
    games = (
        pgn_game("1.1", A, B, "1/2-1/2")
        + pgn_game("1.2", C, D, "0-1")
        + pgn_game("2.1", A, C, "1-0")
    )
    event = _event(make_site, body, games, format="swiss", rounds=3)
    records = player_records(event)
    assert [e.kind for e in records[4].entries] == [Kind.GAME, Kind.ABSENT, Kind.ABSENT]
    assert records[4].points == 1
    assert [e.kind for e in records[1].entries] == [Kind.GAME, Kind.GAME, Kind.FUTURE]
    assert event.rounds_played == 2


def test_a_withdrawal_leaves_the_round_withdrawn_after_as_it_was(make_site: SiteMaker) -> None:
    """Delta withdraws after round 2, having had no game in round 2 (Alpha v Charlie was the
    only game): round 2 is a round Delta was still in but not paired (unpaired, a missing
    game), only round 3 is after the withdrawal (absent). A bye round has no outcome."""
    body = f'[[withdrawals]]\nplayer = "{D}"\nafter_round = 2\n\n'
    body += f'[[byes]]\nround = 2\nplayer = "{B}"\npoints = 1\n\n'
    games = pgn_game("1.1", A, B, "1/2-1/2") + pgn_game("1.2", C, D, "0-1")
    games += pgn_game("2.1", A, C, "1-0")
    records = player_records(_event(make_site, body, games, format="swiss", rounds=3))
    assert [e.kind for e in records[4].entries] == [Kind.GAME, Kind.UNPAIRED, Kind.ABSENT]
    assert [e.outcome for e in records[2].entries[:2]] == ["draw", None]


def test_scoring_table_is_used(make_site: SiteMaker) -> None:
    body = "[scoring]\nwin = 3\ndraw = 1\nloss = 0\n\n"
    body += f'[[byes]]\nround = 2\nplayer = "{A}"\npoints = 0.5\n\n'
    body += f'[[results]]\nround = 2\nwhite = "{B}"\nblack = "{C}"\nresult = "+-"\n\n'
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", C, D, "1/2-1/2")
    records = player_records(_event(make_site, body, games, format="swiss", rounds=2))
    assert records[1].points == 4  # 3 for the win, 1 for a half-point bye (a draw)
    assert records[2].points == 3  # a loss, then a forfeit win worth a win
    assert records[3].points == 1
    assert records[1].running_scores() == (3, 4)


def test_record_after_each_round(make_site: SiteMaker) -> None:
    """``upto`` gives the points and games as they stood: the standings after each round."""
    body = "[scoring]\nwin = 3\ndraw = 1\nloss = 0\n\n"
    body += f'[[byes]]\nround = 2\nplayer = "{A}"\npoints = 0.5\n\n'
    body += f'[[results]]\nround = 3\nwhite = "{A}"\nblack = "{C}"\nresult = "-+"\n\n'
    games = pgn_game("1.1", A, B, "1/2-1/2") + pgn_game("4.1", A, D, "*")
    record = player_records(_event(make_site, body, games, format="swiss", rounds=4))[1]
    # A: a draw (1), a half-point bye (1, no game), a forfeit loss (0, a game), pending
    expected = [(0, 0), (1, 1), (2, 1), (2, 2), (2, 2)]
    for rounds, (points, games_counted) in enumerate(expected):
        earlier = record.upto(rounds)
        assert (earlier.points, earlier.games) == (points, games_counted), rounds
        fresh = type(record)(record.number, record.entries[:rounds])  # worked out anew
        assert (fresh.points, fresh.games) == (points, games_counted), rounds


def test_pending_game_scores_nothing_yet(make_site: SiteMaker) -> None:
    games = pgn_game("1.1", A, B, "*") + pgn_game("1.2", C, D, "1-0")
    records = player_records(_event(make_site, "", games))
    assert records[1].entries[0].kind is Kind.PENDING
    assert records[1].points == 0 and records[1].games == 0


def test_equal_points_share_a_place(make_site: SiteMaker) -> None:
    games = (
        pgn_game("1.1", A, B, "1-0")
        + pgn_game("1.2", C, D, "1-0")
        + pgn_game("2.1", A, C, "1/2-1/2")
        + pgn_game("2.2", B, D, "1-0")
    )
    event = _event(make_site, "", games)
    standings = rank(event, player_records(event), codes=())
    assert [(r.player.name, r.points, r.rank, r.place, r.decided_by) for r in standings.rows] == [
        (A, 1.5, 1, "1-2", "shared"),
        (C, 1.5, 1, "1-2", "points"),
        (B, 1.0, 3, "3", "points"),
        (D, 0.0, 4, "4", "points"),
    ]


def test_byes_given_with_the_pairings_or_ahead_score_nothing_yet(make_site: SiteMaker) -> None:
    """Round 1 played (A beat B, C beat D). Round 2 is paired, no result yet, with a
    pairing-allocated bye for B; D asked for a half-point bye in round 3. The standings stay
    those after round 1: B on 0, D on 0; rounds 2 and 3 are still to come for everyone (no
    "missing game"), and the byes count once a game of their round has a result."""
    byes = (
        f'[[byes]]\nround = 2\nplayer = "{B}"\npoints = 1\n\n'
        f'[[byes]]\nround = 3\nplayer = "{D}"\npoints = 0.5\n'
    )
    played = pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", C, D, "1-0")
    event = _event(make_site, byes, played + pgn_game("2.1", C, A, "*"), format="swiss", rounds=3)
    assert (event.rounds_played, event.finished) == (1, False)
    records = player_records(event)
    assert {n: r.points for n, r in records.items()} == {1: 1, 2: 0, 3: 1, 4: 0}
    assert [e.kind for e in records[2].entries] == [Kind.GAME, Kind.FUTURE, Kind.FUTURE]
    assert [e.kind for e in records[4].entries] == [Kind.GAME, Kind.FUTURE, Kind.FUTURE]
    assert records[2].entries[1].bye is not None  # still shown with the round's pairings

    games = played + pgn_game("2.1", C, A, "1-0")
    event = _event(make_site, byes, games, format="swiss", rounds=3)
    assert event.rounds_played == 2
    records = player_records(event)
    assert {n: r.points for n, r in records.items()} == {1: 1, 2: 1, 3: 2, 4: 0}
    assert records[4].entries[1].kind is Kind.UNPAIRED  # round 2 played: D had no game


def test_a_last_round_with_a_game_still_on_is_not_final(make_site: SiteMaker) -> None:
    games = (
        pgn_game("1.1", A, D, "1-0") + pgn_game("1.2", B, C, "0-1")
        + pgn_game("2.1", C, A, "1/2-1/2") + pgn_game("2.2", D, B, "1/2-1/2")
        + pgn_game("3.1", A, B, "1/2-1/2")
    )  # fmt: skip
    event = _event(make_site, "", games + pgn_game("3.2", C, D, "*"))
    assert (event.rounds_played, event.rounds_in_progress, event.finished) == (3, (3,), False)
    event = _event(make_site, "", games + pgn_game("3.2", C, D, "1-0"))
    assert (event.rounds_played, event.rounds_in_progress, event.finished) == (3, (), True)


def test_a_forfeit_loss_scores_nothing_even_when_a_loss_scores_something(
    make_site: SiteMaker,
) -> None:
    """[scoring] win 3, draw 2, loss 1: a loss over the board earns its 1, a forfeit loss
    earns nothing (the module's rule: "a forfeit win earns a win and a forfeit loss
    nothing"), a double forfeit nothing for either. Round 1: A beat B over the board, C won
    by forfeit against D. Round 2: A lost by forfeit to C (A White, "-+"), B and D a double
    forfeit. By hand: A 3 + 0 = 3, B 1 + 0 = 1, C 3 + 3 = 6, D 0 + 0 = 0."""
    body = "[scoring]\nwin = 3\ndraw = 2\nloss = 1\n\n"
    body += f'[[results]]\nround = 1\nwhite = "{C}"\nblack = "{D}"\nresult = "+-"\n\n'
    body += f'[[results]]\nround = 2\nwhite = "{A}"\nblack = "{C}"\nresult = "-+"\n\n'
    body += f'[[results]]\nround = 2\nwhite = "{B}"\nblack = "{D}"\nresult = "--"\n\n'
    games = pgn_game("1.1", A, B, "1-0")
    records = player_records(_event(make_site, body, games, format="swiss", rounds=2))
    assert {n: r.points for n, r in records.items()} == {1: 3, 2: 1, 3: 6, 4: 0}


def test_each_round_s_outcome_is_seen_from_the_player_s_side(make_site: SiteMaker) -> None:
    """``outcome`` (the crosstable's symbol, the TRF's result column) for every kind of
    round. Round 1: A (White) beat B over the board, D (Black) beat C. Round 2: C (White)
    won by forfeit against A, B and D drew. Round 3: A v D double forfeit, B v C still on."""
    body = f'[[results]]\nround = 2\nwhite = "{C}"\nblack = "{A}"\nresult = "+-"\n\n'
    body += f'[[results]]\nround = 3\nwhite = "{A}"\nblack = "{D}"\nresult = "--"\n\n'
    games = (
        pgn_game("1.1", A, B, "1-0")
        + pgn_game("1.2", C, D, "0-1")
        + pgn_game("2.2", B, D, "1/2-1/2")
        + pgn_game("3.2", B, C, "*")
    )
    records = player_records(_event(make_site, body, games, format="swiss", rounds=3))
    outcomes = {n: [e.outcome for e in r.entries] for n, r in records.items()}
    assert outcomes == {
        1: ["win", "loss", "loss"],
        2: ["loss", "draw", None],
        3: ["loss", "win", None],
        4: ["win", "draw", "loss"],
    }
