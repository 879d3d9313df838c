"""Arbiter checks: each rule of the regulations a game can break, on hand-made games.

The expected numbers are counted by hand from the moves written here: "29 moves" is White's and
Black's 29th move played, and so on.
"""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from pathlib import Path

import chess.pgn
import pytest
from conftest import SiteMaker, event_toml, load, pgn_game
from trf_rows import line

from generator.build import build_site, decide
from generator.model import Event, Game
from generator.pgn import Moves
from generator.problems import Problem, Problems
from generator.render.site import arbiter_report
from generator.rules import checks

A, B, C, D = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora"
JUNIOR = 'rules = "us-junior-closed"\n'

# The first 29 moves of a drawn Sicilian (the demo's round 1, board 1): no position repeats.
MOVES_29 = (
    "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3 Be6 8. f3 Bxb3 "
    "9. axb3 Ke7 10. Nd5+ Nxd5 11. Qxd5 Qc7 12. Qc4 Qxc4 13. Bxc4 b5 14. Bd5 Nc6 15. Bxc6 Rc8 "
    "16. Rxa6 Rb8 17. Ba7 Rc8 18. Bf2 Rb8 19. Rb6 Rxb6 20. Bxb6 b4 21. Ba8 Kf6 22. Ba5 Be7 "
    "23. Bd5 Bd8 24. Bxb4 Bc7 25. c4 Rb8 26. Bxd6 Bxd6 27. c5 Bxc5 28. g3 Bd4 29. Ke2 Bxb2"
)
MOVES_30 = MOVES_29 + " 30. Rb1"  # White's 30th move: the game has reached move 30
REPETITION = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8"  # the start position a third time
STALEMATE = (  # Sam Loyd's ten-move stalemate: Black to move and no legal move
    "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 "
    "8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6"
)
FOOLS_MATE = "1. f3 e5 2. g4 Qh4#"  # Black mates


def warnings_of(problems: Problems, code: str) -> list[Problem]:
    return [p for p in problems.warnings if p.code == code]


def loaded(make_site: SiteMaker, body: str, games: str, **kwargs: object) -> Event:
    site = make_site(event_toml(body, **kwargs), {"games.pgn": games})  # type: ignore[arg-type]
    event, problems = load(site)
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    return event


def run(check: object, event: Event) -> Problems:
    problems = Problems()
    check(event, problems)  # type: ignore[operator]
    return problems


# --- the 30-move draw rule -------------------------------------------------------------------


def test_a_draw_agreed_after_29_moves_breaks_the_30_move_rule(make_site: SiteMaker) -> None:
    event = loaded(make_site, JUNIOR, pgn_game("1.1", A, B, "1/2-1/2", MOVES_29))
    (warning,) = warnings_of(run(checks.check_early_draws, event), "early-draw")
    assert warning.message == (
        "round 1, board 1, Alpha, Anna v Bravo, Bob: drawn after 29 moves, "
        "but draws may not be agreed before move 30"
    )
    assert dict(warning.context) == {
        "round": 1,
        "board": 1,
        "white": A,
        "black": B,
        "moves": 29,
    }
    assert warning.path is not None and warning.path.name == "games.pgn"
    assert warning.line == 1


def test_a_draw_after_whites_30th_move_is_allowed(make_site: SiteMaker) -> None:
    event = loaded(make_site, JUNIOR, pgn_game("1.1", A, B, "1/2-1/2", MOVES_30))
    assert not run(checks.check_early_draws, event)


def test_a_game_from_a_set_position_counts_its_moves_from_the_fen(make_site: SiteMaker) -> None:
    """A game set up from a FEN whose move number is 29, White to move: "29. Nf3" is move
    29, "30. Ng1" (White's 30th) reaches move 30. Drawn after move 30, as a score sheet
    counts it, the game keeps the rule; drawn after move 29 it does not. The moves are
    counted from the position, not from their number in the file (the count without the
    position is the FEN's business)."""
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 29"
    at_30 = pgn_game("1.1", A, B, "1/2-1/2", "29. Nf3 Nf6 30. Ng1", SetUp="1", FEN=fen)
    assert not run(checks.check_early_draws, loaded(make_site, JUNIOR, at_30))
    at_29 = pgn_game("1.1", A, B, "1/2-1/2", "29. Nf3 Nf6", SetUp="1", FEN=fen)
    (warning,) = warnings_of(
        run(checks.check_early_draws, loaded(make_site, JUNIOR, at_29)),
        "early-draw",
    )
    assert "drawn after 29 moves" in warning.message


def test_repetition_stalemate_and_dead_positions_are_not_agreed_draws(
    make_site: SiteMaker,
) -> None:
    games = (
        pgn_game("1.1", A, B, "1/2-1/2", REPETITION)
        + pgn_game("1.2", C, D, "1/2-1/2", STALEMATE)
        + pgn_game(
            "2.1",
            A,
            C,
            "1/2-1/2",
            "1. Ng3",
            SetUp="1",
            FEN="8/8/8/4k3/8/8/4K3/7N w - - 0 1",  # king and knight cannot mate
        )
    )
    event = loaded(make_site, JUNIOR, games)
    assert not run(checks.check_early_draws, event)


def test_a_draw_under_the_fifty_move_rule_is_no_agreement(make_site: SiteMaker) -> None:
    """King and rook against king, from a FEN at move 20 whose half-move clock is 98: after
    "20. Ra2 Kd7" it is 100, fifty moves without a capture or a pawn move, and the draw can
    be claimed, at move 20, well before 30. From a clock of 97 it is 99: the next quiet move
    lets White claim, which is no agreement either. From a clock of 0 the same two
    half-moves are a draw agreed after 20 moves."""
    warned = []
    for clock in (98, 97, 0):
        fen = f"4k3/8/8/8/8/8/8/R3K3 w - - {clock} 20"
        game = pgn_game("1.1", A, B, "1/2-1/2", "20. Ra2 Kd7", SetUp="1", FEN=fen)
        problems = run(checks.check_early_draws, loaded(make_site, JUNIOR, game))
        warned.append([w.message.split(": ")[1] for w in problems.items])
    assert warned == [
        [],
        [],
        ["drawn after 20 moves, but draws may not be agreed before move 30"],
    ]


def test_a_mate_scored_as_a_draw_is_a_wrong_result_not_an_early_draw(
    make_site: SiteMaker,
) -> None:
    event = loaded(make_site, JUNIOR, pgn_game("1.1", A, B, "1/2-1/2", FOOLS_MATE))
    assert not run(checks.check_early_draws, event)
    (warning,) = warnings_of(run(checks.check_final_positions, event), "result-mismatch")
    assert "ends in checkmate by Black but is scored 1/2-1/2" in warning.message


def test_play_off_games_are_under_the_draw_rule_too(make_site: SiteMaker) -> None:
    event = loaded(make_site, JUNIOR, pgn_game("1.1", A, B, "1-0"))
    short = loaded(make_site, JUNIOR, pgn_game("1.1", A, B, "1/2-1/2", MOVES_29)).games[0]
    playoff = replace(short, round=0, board=2, headers={**short.headers, "Round": "2"})
    event = replace(event, playoff_games=(playoff,))
    (warning,) = warnings_of(run(checks.check_early_draws, event), "early-draw")
    assert warning.message.startswith(
        'play-off game (Round "2") Alpha, Anna v Bravo, Bob: drawn after 29'
    )
    assert dict(warning.context)["playoff_game"] == 2
    assert "round" not in dict(warning.context)


def test_a_play_off_draw_is_not_sent_to_a_results_entry(make_site: SiteMaker) -> None:
    """[[results]] entries are for the rounds: the build refuses one for a play-off game, so
    neither hint may suggest one there."""
    event = loaded(make_site, JUNIOR, pgn_game("1.1", A, B, "1-0"))
    short = loaded(make_site, JUNIOR, pgn_game("1.1", A, B, "1/2-1/2", MOVES_29)).games[0]
    bare = replace(short, moves=Moves())
    event = replace(
        event,
        playoff_games=(replace(short, round=0, board=1), replace(bare, round=0, board=2)),
    )
    problems = run(checks.check_early_draws, event)
    (early,) = warnings_of(problems, "early-draw")
    (unverified,) = warnings_of(problems, "draw-unverified")
    assert early.hint == unverified.hint
    assert early.hint == (
        "add the moves to the play-off PGN if they were recorded; otherwise it is for the "
        "arbiter to check ([[results]] entries are for the rounds, not for play-off games)"
    )


def test_the_preset_switches_the_rule_on_and_min_draw_moves_overrides_it(
    make_site: SiteMaker,
) -> None:
    short = pgn_game("1.1", A, B, "1/2-1/2", MOVES_29)
    fide = loaded(make_site, "", short)
    assert checks.min_draw_moves(fide) == 0
    assert not run(checks.check_early_draws, fide)
    off = loaded(make_site, JUNIOR + "min_draw_moves = 0\n", short)
    assert not run(checks.check_early_draws, off)
    own = loaded(make_site, "min_draw_moves = 20\n", short)
    assert checks.min_draw_moves(own) == 20
    assert not run(checks.check_early_draws, own)  # 29 moves >= 20
    strict = loaded(make_site, "min_draw_moves = 40\n", pgn_game("1.1", A, B, "1/2-1/2", MOVES_30))
    (warning,) = strict_warnings = warnings_of(run(checks.check_early_draws, strict), "early-draw")
    assert len(strict_warnings) == 1
    assert "drawn after 30 moves, but draws may not be agreed before move 40" in warning.message


def test_a_draw_without_moves_cannot_be_judged_unless_the_arbiter_says_so(
    make_site: SiteMaker,
) -> None:
    event = loaded(make_site, JUNIOR, pgn_game("1.1", A, B, "1/2-1/2"))
    (warning,) = warnings_of(run(checks.check_early_draws, event), "draw-unverified")
    assert "no moves are recorded, so the 30-move draw rule cannot be checked" in warning.message
    confirmed = JUNIOR + (
        '[[results]]\nround = 1\nwhite = "Alpha, Anna"\nblack = "Bravo, Bob"\n'
        'result = "1/2-1/2"\nreason = "Draw by repetition, checked by the arbiter"\n'
    )
    event = loaded(make_site, confirmed, pgn_game("1.1", A, B, "1/2-1/2"))
    assert not run(checks.check_early_draws, event)


def test_a_short_draw_with_an_illegal_move_cannot_be_judged(make_site: SiteMaker) -> None:
    event = loaded(make_site, JUNIOR, pgn_game("1.1", A, B, "1/2-1/2", "1. e4 e5 2. Ke3"))
    (warning,) = warnings_of(run(checks.check_early_draws, event), "draw-unverified")
    assert "its moves stop at an illegal move" in warning.message


def test_a_short_draw_whose_side_line_is_left_out_is_judged_on_its_whole_main_line(
    make_site: SiteMaker,
) -> None:
    """An illegal move in a side line (1... c5 2. Ke3: the king cannot leave e1 for e3)
    leaves that side line out, and the main line is whole: 1. e4 e5 2. Nf3 Nf6, a draw after
    2 moves, is an early draw under the 30-move rule, not one whose "moves stop at an illegal
    move" (which the check said while the side line's move was the game's illegal one)."""
    moves = "1. e4 e5 (1... c5 2. Ke3) 2. Nf3 Nf6"
    event = loaded(make_site, JUNIOR, pgn_game("1.1", A, B, "1/2-1/2", moves))
    problems = run(checks.check_early_draws, event)
    assert warnings_of(problems, "draw-unverified") == []
    (warning,) = warnings_of(problems, "early-draw")
    assert "drawn after 2 moves, but draws may not be agreed before move 30" in warning.message


def test_a_mate_scored_as_a_draw_beside_a_side_line_left_out_is_a_mismatch(
    make_site: SiteMaker,
) -> None:
    """Fool's mate (1. f3 e5 2. g4 Qh4#) scored as a draw, with a side line whose move is
    illegal (1... e6 2. Ke3): the side line is left out, the main line is whole and ends in
    Black's checkmate, so the result contradicts it; the check skipped the game before."""
    moves = "1. f3 e5 (1... e6 2. Ke3) 2. g4 Qh4#"
    event = loaded(make_site, "", pgn_game("1.1", A, B, "1/2-1/2", moves))
    (warning,) = warnings_of(run(checks.check_final_positions, event), "result-mismatch")
    assert "ends in checkmate" in warning.message


def test_without_the_draw_rule_a_draw_without_moves_is_not_questioned(
    make_site: SiteMaker,
) -> None:
    """FIDE's rules set no minimum number of moves: a draw with no moves recorded has no rule
    to be checked against, so no draw-unverified (the 30-move rule's event asks for moves)."""
    event = loaded(make_site, "", pgn_game("1.1", A, B, "1/2-1/2"))
    assert checks.min_draw_moves(event) == 0
    assert not run(checks.check_early_draws, event)
    off = loaded(make_site, JUNIOR + "min_draw_moves = 0\n", pgn_game("1.1", A, B, "1/2-1/2"))
    assert not run(checks.check_early_draws, off)


def test_a_draw_after_one_move_says_move_not_moves(make_site: SiteMaker) -> None:
    """ "1. e4 e5" is one move each: drawn after 1 move; "1. e4 e5 2. Nf3 Nc6", 2 moves."""
    one = loaded(make_site, JUNIOR, pgn_game("1.1", A, B, "1/2-1/2", "1. e4 e5"))
    (warning,) = warnings_of(run(checks.check_early_draws, one), "early-draw")
    assert ": drawn after 1 move, but draws may not be agreed before move 30" in warning.message
    assert dict(warning.context)["moves"] == 1
    two = loaded(make_site, JUNIOR, pgn_game("1.1", A, B, "1/2-1/2", "1. e4 e5 2. Nf3 Nc6"))
    (warning,) = warnings_of(run(checks.check_early_draws, two), "early-draw")
    assert ": drawn after 2 moves, but" in warning.message


def test_moves_that_cannot_be_replayed_leave_the_draw_unverified(make_site: SiteMaker) -> None:
    """30 moves (60 half-moves) of knights going out and back, but the game starts from a FEN
    with no knight on g1, or is of a variant python-chess does not know: the moves cannot be
    played from the start, so how many moves were played is not known. Counting the
    half-moves as from the standard start would call it 30 moves and let the draw pass."""
    event = loaded(make_site, JUNIOR, pgn_game("1.1", A, B, "1-0"))
    plies = [("Nf3", "g1f3"), ("Nf6", "g8f6"), ("Ng1", "f3g1"), ("Ng8", "f6g8")] * 15
    drawn = Game(1, 1, 1, 2, "1/2-1/2", Moves.of(plies), headers={"FEN": SETUP_0})
    for headers in ({"FEN": SETUP_0}, {"Variant": "Nonsense"}):
        game = replace(drawn, headers=headers)
        assert len(game.moves) == 60 and checks.final_board(game) is None
        (warning,) = run(checks.check_early_draws, replace(event, games=(game,))).items
        assert (warning.code, warning.message) == (
            "draw-unverified",
            "round 1, board 1, Alpha, Anna v Bravo, Bob: a draw, but its moves cannot be "
            "replayed, so the 30-move draw rule cannot be checked",
        )


# --- results against the final position ------------------------------------------------------


def test_a_checkmate_scored_the_wrong_way(make_site: SiteMaker) -> None:
    games = (
        pgn_game("1.1", A, B, "1-0", FOOLS_MATE)
        + pgn_game("1.2", C, D, "0-1", FOOLS_MATE)
        + pgn_game("2.1", A, C, "*", FOOLS_MATE)
    )
    event = loaded(make_site, "", games)
    found = warnings_of(run(checks.check_final_positions, event), "result-mismatch")
    assert [w.message for w in found] == [
        "round 1, board 1, Alpha, Anna v Bravo, Bob: the game ends in checkmate by Black "
        "but is scored 1-0",
        "round 2, board 1, Alpha, Anna v Charlie, Carl: the game ends in checkmate by Black "
        "but is not finished (*)",
    ]
    assert dict(found[0].context)["expected"] == "0-1"


def test_a_stalemate_scored_as_a_win(make_site: SiteMaker) -> None:
    event = loaded(make_site, "", pgn_game("1.1", A, B, "1-0", STALEMATE))
    (warning,) = warnings_of(run(checks.check_final_positions, event), "result-mismatch")
    assert "ends in stalemate but is scored 1-0" in warning.message
    assert 'correct the Result tag to "1/2-1/2"' in warning.hint


def test_a_game_past_the_75_move_rule_scored_as_a_win(make_site: SiteMaker) -> None:
    """King and rook against king from a FEN whose half-move clock is 148: "80. Ra2 Kd7"
    makes it 150, seventy-five moves without a capture or a pawn move, and the game is
    drawn (FIDE Laws 9.6.2) whatever the result tag says; from a clock of 0 it is not."""
    scored = []
    for clock in (148, 0):
        fen = f"4k3/8/8/8/8/8/8/R3K3 w - - {clock} 80"
        game = pgn_game("1.1", A, B, "1-0", "80. Ra2 Kd7", SetUp="1", FEN=fen)
        problems = run(checks.check_final_positions, loaded(make_site, "", game))
        scored.append([(w.message.split(": ")[1], w.hint) for w in problems.items])
    assert scored == [
        [
            (
                "the game ends in a draw by the 75-move rule but is scored 1-0",
                'correct the Result tag to "1/2-1/2", or check the last moves; if the '
                "arbiter decided otherwise, record it in [[results]] with a reason",
            )
        ],
        [],
    ]


def test_an_arbiters_decision_is_not_second_guessed(make_site: SiteMaker) -> None:
    body = (
        '[[results]]\nround = 1\nwhite = "Alpha, Anna"\nblack = "Bravo, Bob"\n'
        'result = "+-"\nreason = "Black\'s phone rang"\n'
    )
    event = loaded(make_site, body, pgn_game("1.1", A, B, "0-1", FOOLS_MATE))
    assert event.games[0].result == "+-"
    assert not run(checks.check_final_positions, event)


def test_an_arbiters_result_that_is_no_forfeit_is_not_second_guessed(make_site: SiteMaker) -> None:
    """A [[results]] entry with a reason is the arbiter's ruling even when it is an ordinary
    result: Black mated on the board (0-1 in the PGN), but the arbiter gave the game to White
    (Black's phone rang before the mate). No forfeit, and no result-mismatch."""
    body = (
        '[[results]]\nround = 1\nwhite = "Alpha, Anna"\nblack = "Bravo, Bob"\n'
        'result = "1-0"\nreason = "Black\'s phone rang; the arbiter gave the game to White"\n'
    )
    event = loaded(make_site, body, pgn_game("1.1", A, B, "0-1", FOOLS_MATE))
    (game,) = event.games
    assert (game.result, game.forfeit, bool(game.moves)) == ("1-0", False, True)
    assert not run(checks.check_final_positions, event)


def test_moves_that_stop_at_an_illegal_move_are_not_judged_by_their_last_position(
    make_site: SiteMaker,
) -> None:
    """Loyd's stalemate, then a Black move where Black has none: the score sheet goes on past
    the position the moves reach, so the game did not end there, and the 1-0 is not called a
    stalemate scored as a win (the illegal-move warning says what is wrong)."""
    event = loaded(make_site, "", pgn_game("1.1", A, B, "1-0", STALEMATE + " Kh5 11. Qe5"))
    (game,) = event.games
    assert game.illegal
    assert not run(checks.check_final_positions, event)


# --- time control ----------------------------------------------------------------------------


def test_time_control_tags_against_pgn_time_control(make_site: SiteMaker) -> None:
    games = (
        pgn_game("1.1", A, B, "1-0", TimeControl="40/5400+30:1800+30")
        + pgn_game("1.2", C, D, "1-0", TimeControl="5400+30")
        + pgn_game("2.1", A, C, "1-0", TimeControl="?")
        + pgn_game("2.2", B, D, "1-0")
        + pgn_game("3.1", A, D, "1-0", TimeControl="40/5400+30 : 1800+30")
    )
    body = 'pgn_time_control = "40/5400+30:1800+30"\n'
    (warning,) = run(checks.check_time_controls, loaded(make_site, body, games)).items
    assert warning.code == "time-control"
    assert warning.message == (
        'round 1, board 2, Charlie, Carl v Delta, Dora: TimeControl "5400+30" is not the '
        'event\'s ("40/5400+30:1800+30")'
    )
    assert dict(warning.context)["time_control"] == "5400+30"
    assert warning.line == 10  # game 1: six tags, a blank line, moves, a blank line
    both = 'pgn_time_control = ["40/5400+30:1800+30", "5400+30"]\n'
    assert not run(checks.check_time_controls, loaded(make_site, both, games))
    assert not run(checks.check_time_controls, loaded(make_site, "", games))


# --- colours in a Swiss ----------------------------------------------------------------------

SWISS_ROUNDS = (
    pgn_game("1.1", A, B, "1-0")  # A: White      B: Black
    + pgn_game("1.2", C, D, "1-0")  # C: White      D: Black
    + pgn_game("2.1", A, C, "1-0")  # A: White      C: Black
    + pgn_game("2.2", D, B, "1-0")  # D: White      B: Black
    + pgn_game("3.1", A, D, "1-0")  # A: White (3rd in a row)
    + pgn_game("3.2", B, C, "1-0")  # B: W after B, B; C: B after W, B
)


def test_white_three_times_in_a_row_in_a_swiss(make_site: SiteMaker) -> None:
    event = loaded(make_site, "", SWISS_ROUNDS, format="swiss")
    (warning,) = run(checks.check_colour_streaks, event).items
    assert warning.code == "colour-streak"
    assert warning.message == "Alpha, Anna has White 3 times in a row (rounds 1, 2 and 3)"
    assert dict(warning.context) == {"round": 3, "player": A, "colour": "white"}


def test_black_three_times_in_a_row_then_white_in_a_swiss(make_site: SiteMaker) -> None:
    """Six players, four rounds. B has Black against A, C and D in rounds 1-3, then White
    against F: the run of three ends before B's last game and is reported once, at round 3.
    Nobody else has one colour three times (A W B W W, C W W B B, D B W W B, E W B B W,
    F B W W B)."""
    pairs = (
        (1, "A", "B"), (1, "C", "D"), (1, "E", "F"),
        (2, "C", "B"), (2, "D", "E"), (2, "F", "A"),
        (3, "D", "B"), (3, "A", "E"), (3, "F", "C"),
        (4, "B", "F"), (4, "E", "C"), (4, "A", "D"),
    )  # fmt: skip
    boards: dict[int, int] = {}
    games = ""
    for number, white, black in pairs:
        boards[number] = boards.get(number, 0) + 1
        games += pgn_game(f"{number}.{boards[number]}", white, black, "1-0")
    toml = 'name = "Six"\nformat = "swiss"\nrounds = 4\n' + "".join(
        f'[[players]]\nname = "{name}"\n' for name in "ABCDEF"
    )
    event, problems = load(make_site(toml, {"games.pgn": games}))
    assert event is not None and not problems.items, [p.format() for p in problems.items]
    (warning,) = run(checks.check_colour_streaks, event).items
    assert warning.message == "B has Black 3 times in a row (rounds 1, 2 and 3)"
    assert dict(warning.context) == {"round": 3, "player": "B", "colour": "black"}


def test_forfeits_have_no_colour_and_round_robins_are_not_checked(make_site: SiteMaker) -> None:
    body = (
        '[[results]]\nround = 2\nwhite = "Alpha, Anna"\nblack = "Charlie, Carl"\n'
        'result = "+-"\nreason = "Black more than 30 minutes late"\n'
    )
    without_round_2 = SWISS_ROUNDS.replace(pgn_game("2.1", A, C, "1-0"), "")
    swiss = loaded(make_site, body, without_round_2, format="swiss")
    assert not run(checks.check_colour_streaks, swiss)
    robin = loaded(make_site, "", SWISS_ROUNDS)
    assert not run(checks.check_colour_streaks, robin)


# --- duplicate games -------------------------------------------------------------------------


def test_the_same_game_pasted_into_a_later_round(make_site: SiteMaker) -> None:
    games = pgn_game("1.1", A, B, "1-0", MOVES_30) + pgn_game("4.1", A, B, "1-0", MOVES_30)
    event = loaded(make_site, "", games, format="double-round-robin", rounds=6)
    (warning,) = run(checks.check_duplicate_games, event).items
    assert warning.code == "duplicate-game"
    assert warning.message == (
        "round 4, board 1, Alpha, Anna v Bravo, Bob has the same players, colours and moves as "
        "round 1, board 1, Alpha, Anna v Bravo, Bob (games.pgn:1)"
    )
    assert warning.line == 9  # game 1: five tags, a blank line, moves, a blank line


def test_the_return_game_with_colours_reversed_is_not_a_copy(make_site: SiteMaker) -> None:
    games = pgn_game("1.1", A, B, "1/2-1/2", REPETITION) + pgn_game(
        "4.1", B, A, "1/2-1/2", REPETITION
    )
    event = loaded(make_site, "", games, format="double-round-robin", rounds=6)
    assert not run(checks.check_duplicate_games, event)


def test_games_without_moves_are_not_copies_of_each_other(make_site: SiteMaker) -> None:
    """A play-off game Alpha v Bravo recorded by its result alone, as their round 1 game:
    nothing to compare, so no duplicate-game. With the round game's 30 moves pasted into it,
    it is a copy of that game."""
    event = loaded(make_site, "", pgn_game("1.1", A, B, "1-0"))
    (game,) = event.games
    playoff = replace(game, round=0, board=1, headers={**game.headers, "Round": "1"})
    assert not run(checks.check_duplicate_games, replace(event, playoff_games=(playoff,)))
    event = loaded(make_site, "", pgn_game("1.1", A, B, "1-0", MOVES_30))
    (game,) = event.games
    playoff = replace(game, round=0, board=1, headers={**game.headers, "Round": "1"})
    (warning,) = run(checks.check_duplicate_games, replace(event, playoff_games=(playoff,))).items
    assert warning.message == (
        'play-off game (Round "1") Alpha, Anna v Bravo, Bob has the same players, colours '
        "and moves as round 1, board 1, Alpha, Anna v Bravo, Bob (games.pgn:1)"
    )


# --- the whole rule stage, results.json and the Arbiter report -------------------------------


def test_decide_runs_every_check(make_site: SiteMaker) -> None:
    games = pgn_game("1.1", A, B, "1/2-1/2", MOVES_29) + pgn_game("1.2", C, D, "1-0", STALEMATE)
    site = make_site(event_toml(JUNIOR), {"games.pgn": games})
    event, problems = load(site)
    assert event is not None
    outcome = decide(event, problems)
    assert [w.code for w in outcome.warnings] == ["early-draw", "result-mismatch"]


def test_warnings_reach_results_json_and_the_arbiter_report(make_site: SiteMaker) -> None:
    games = (
        pgn_game("1.1", A, B, "1/2-1/2", MOVES_29)
        + pgn_game("1.2", C, D, "1-0", "1. e4 e5 2. Ke3")
        + pgn_game("2.1", A, C, "1-0")
        + pgn_game("2.2", B, D, "1-0")
    )
    site = make_site(event_toml(JUNIOR), {"games.pgn": games})
    report = build_site(site)
    assert report.written
    output = site / "output/ev"
    data = json.loads((output / "results.json").read_text(encoding="utf-8"))
    codes = [w["code"] for w in data["warnings"]]
    assert codes == ["illegal-move", "early-draw"]
    illegal, early = data["warnings"]
    assert illegal == {
        "code": "illegal-move",
        "round": 1,
        "board": 2,
        "white": C,
        "black": D,
        "message": "round 1, board 2, Charlie, Carl v Delta, Dora: illegal or unreadable move "
        "at move 2 (White): 'Ke3'; the game is shown up to move 1",
    }
    assert early["round"] == 1 and early["board"] == 1 and early["moves"] == 29
    assert early["white"] == A and early["black"] == B
    page = (output / "arbiter.html").read_text(encoding="utf-8")
    assert "<h1>Arbiter report</h1>" in page
    assert "Draws agreed before the minimum number of moves" in page
    assert "Illegal or unreadable moves" in page
    assert page.index("Draws agreed") < page.index("Illegal or unreadable")
    assert 'href="games/r1-b1.html"' in page and 'href="games/r1-b2.html"' in page
    # Each link says which game it opens, to a screen reader listing the page's links
    # (two links both named "the game" told them apart by nothing).
    assert 'the game<span class="visually-hidden">: round 1, board 1</span></a>' in page
    assert 'the game<span class="visually-hidden">: round 1, board 2</span></a>' in page
    assert "<code>games.pgn:1</code>" in page
    standings = (output / "standings.html").read_text(encoding="utf-8")
    assert 'href="arbiter.html">Arbiter report</a>' in standings


def test_no_warnings_no_arbiter_report(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), {"games.pgn": pgn_game("1.1", A, B, "1-0")})
    (site / "content/ev/event.toml").write_text(
        event_toml('[[byes]]\nround = 1\nplayer = "Charlie, Carl"\npoints = 0\n'
                   '[[byes]]\nround = 1\nplayer = "Delta, Dora"\npoints = 0\n'),
        encoding="utf-8",
    )  # fmt: skip
    report = build_site(site)
    assert report.written and not report.problems.items
    output = site / "output/ev"
    assert not (output / "arbiter.html").exists()
    assert "Arbiter report" not in (output / "standings.html").read_text(encoding="utf-8")


def test_forfeit_reasons_are_shown_on_the_round_page(make_site: SiteMaker) -> None:
    body = (
        '[[results]]\nround = 1\nwhite = "Alpha, Anna"\nblack = "Bravo, Bob"\nresult = "-+"\n'
        'reason = "White\'s phone rang during the game"\n'
        '[[results]]\nround = 1\nwhite = "Charlie, Carl"\nblack = "Delta, Dora"\nresult = "+-"\n'
        'reason = "Black more than 30 minutes late"\n'
    )
    site = make_site(event_toml(body))
    report = build_site(site)
    assert report.written
    page = (site / "output/ev/rounds/round-1.html").read_text(encoding="utf-8")
    assert "White&#39;s phone rang during the game" in page
    assert "Black more than 30 minutes late" in page


def test_a_player_without_a_game_keeps_the_round_open(make_site: SiteMaker) -> None:
    """Results are entered as games end: in the last round of a Swiss, Bravo and Delta have
    nothing yet (their game not entered), so the event is not finished; a recorded absence
    for each closes the round. A round robin of three has one player sit out each round."""
    games = (
        pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")
        + pgn_game("1.2", "Charlie, Carl", "Delta, Dora", "1-0")
        + pgn_game("2.1", "Alpha, Anna", "Charlie, Carl", "1-0")
    )
    site = make_site(event_toml(format="swiss", rounds=2), {"g.pgn": games})
    event, problems = load(site)
    assert event is not None
    outcome = decide(event, problems)
    assert (event.rounds_played, event.rounds_in_progress, event.finished) == (2, (2,), False)
    missing = [dict(p.context) for p in outcome.warnings if p.code == "missing-game"]
    assert missing == [{"round": 2, "player": "Bravo, Bob"}, {"round": 2, "player": "Delta, Dora"}]
    assert outcome.warnings[0].message == (
        "Bravo, Bob has no game and no bye in round 2: the round counts as not finished until "
        "one is recorded (meanwhile 0 points)"
    )
    assert build_site(site).written
    results = json.loads((site / "output/ev/results.json").read_text(encoding="utf-8"))
    assert results["event"]["finished"] is False
    card = (site / "output/ev/players/2-bravo-bob.html").read_text(encoding="utf-8")
    assert "<dd>0 from 1 round; round 2 not finished</dd>" in card
    # Two rounds without Bravo's record read as two ("rounds 2 and 3"), not "round 2, 3".
    three = games + pgn_game("3.1", "Alpha, Anna", "Delta, Dora", "1-0")
    site3 = make_site(event_toml(format="swiss", rounds=3), {"g.pgn": three}, slug="three")
    assert build_site(site3).written
    card = (site3 / "output/three/players/2-bravo-bob.html").read_text(encoding="utf-8")
    assert "<dd>0 from 1 round; rounds 2 and 3 not finished</dd>" in card

    absences = "".join(
        f'[[byes]]\nround = 2\nplayer = "{name}"\npoints = 0\n'
        for name in ("Bravo, Bob", "Delta, Dora")
    )
    (site / "content/ev/event.toml").write_text(
        event_toml(absences, format="swiss", rounds=2), encoding="utf-8"
    )
    event, problems = load(site)
    assert event is not None and event.finished and event.unpaired == {}

    three = event_toml(rounds=3).split('[[players]]\nname = "Delta, Dora"')[0]
    sits_out = (
        pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")
        + pgn_game("2.1", "Charlie, Carl", "Alpha, Anna", "1/2-1/2")
        + pgn_game("3.1", "Bravo, Bob", "Charlie, Carl", "0-1")
    )
    site = make_site(three, {"g.pgn": sits_out}, slug="rr3")
    event, problems = load(site, "rr3")
    assert event is not None and len(event.players) == 3
    assert (event.finished, event.unpaired) == (True, {})

    # A round robin of four where Delta withdrew after round 1: her scheduled opponent in
    # rounds 2 (Charlie) and 3 (Bravo) sits out; the event is finished.
    games = (
        pgn_game("1.1", "Alpha, Anna", "Delta, Dora", "1-0")
        + pgn_game("1.2", "Bravo, Bob", "Charlie, Carl", "1/2-1/2")
        + pgn_game("2.1", "Alpha, Anna", "Bravo, Bob", "1-0")
        + pgn_game("3.1", "Charlie, Carl", "Alpha, Anna", "0-1")
    )
    withdrew = '[[withdrawals]]\nplayer = "Delta, Dora"\nafter_round = 1\n'
    site = make_site(event_toml(withdrew), {"g.pgn": games}, slug="rr4")
    event, problems = load(site, "rr4")
    assert event is not None and (event.finished, event.unpaired) == (True, {})

    # A round robin of six: E and F withdrew after round 3 and were due to meet in round 4,
    # where A-D is not entered. Entered in the order B, A, C, D, E, F, the players' numbers
    # are not the Berger table's the games follow (A is 2, F 6: A-F is its round 3's pair),
    # so the schedule is not known: two players without a game are the two sit-outs
    # allowed, and only the pairs that never met show it. Not finished until A-D is in.
    schedule = [
        ("A", "F", "B", "E", "C", "D"), ("F", "D", "E", "C", "A", "B"),
        ("B", "F", "C", "A", "D", "E"), ("F", "E", "A", "D", "B", "C"),
        ("C", "F", "D", "B", "E", "A"),
    ]  # fmt: skip
    games = ""
    for number, pairs in enumerate(schedule, start=1):
        for board, (white, black) in enumerate(zip(pairs[::2], pairs[1::2], strict=True), 1):
            gone = number > 3 and ({white, black} & {"E", "F"} or {white, black} == {"A", "D"})
            if not gone:
                games += pgn_game(f"{number}.{board}", white, black, "1/2-1/2")

    def six(order: str, slug: str) -> tuple[Event, Problems]:
        toml = 'name = "Six"\nformat = "round-robin"\nrounds = 5\nstart = 2025-06-01\n'
        toml += "".join(f'[[players]]\nname = "{n}"\n' for n in order)
        toml += "".join(f'[[withdrawals]]\nplayer = "{n}"\nafter_round = 3\n' for n in "EF")
        event, problems = load(make_site(toml, {"g.pgn": games}, slug=slug), slug)
        assert event is not None and event.rounds_played == 5
        return event, problems

    event, problems = six("BACDEF", "rr6")
    assert event.schedule is None and event.unpaired == {}
    assert (event.unplayed_pairs, event.rounds_in_progress, event.finished) == (
        ((2, 4),), (5,), False,
    )  # fmt: skip
    # Which round the game was due in is not known: A's cards show both rounds A has no
    # game in (4, and 5 where E's withdrawal left A without one), D's round 4.
    assert event.not_in_yet == {2: (4, 5), 4: (4,)}
    outcome = decide(event, problems)
    (warning,) = [w for w in outcome.warnings if w.code == "missing-game"]
    assert warning.message == (
        "A and D have not played each other: the round robin counts as not finished until "
        "their game is recorded"
    )
    # Entered A to F, the numbers are the table's (1-6, 2-5, 3-4 in round 1): A-D was due
    # in round 4, which stays open, and A's round 5 is E's withdrawal, not a missing game.
    event, problems = six("ABCDEF", "rr6b")
    assert event.schedule is not None and event.unpaired == {4: (1, 4)}
    assert (event.rounds_in_progress, event.not_in_yet) == ((4,), {1: (4,), 4: (4,)})
    outcome = decide(event, problems)
    named = [dict(w.context) for w in outcome.warnings if w.code == "missing-game"]
    assert named == [{"round": 4, "player": "A"}, {"round": 4, "player": "D"}]

    # A round robin of four whose round-3 game Alpha-Bravo is not entered: each of them is
    # named once, for the round; the pair is not named again.
    games = (
        pgn_game("1.1", "Alpha, Anna", "Charlie, Carl", "1-0")
        + pgn_game("1.2", "Bravo, Bob", "Delta, Dora", "1-0")
        + pgn_game("2.1", "Alpha, Anna", "Delta, Dora", "1-0")
        + pgn_game("2.2", "Bravo, Bob", "Charlie, Carl", "1-0")
        + pgn_game("3.2", "Charlie, Carl", "Delta, Dora", "1-0")
    )
    event, problems = load(make_site(event_toml(), {"g.pgn": games}, slug="rr4c"), "rr4c")
    assert event is not None and event.unplayed_pairs == ((1, 2),)
    outcome = decide(event, problems)
    named = [dict(w.context) for w in outcome.warnings if w.code == "missing-game"]
    assert named == [{"round": 3, "player": "Alpha, Anna"}, {"round": 3, "player": "Bravo, Bob"}]


def test_a_game_dated_outside_the_event_is_reported(make_site: SiteMaker) -> None:
    """The event starts 2025-06-01. Round 1, board 2 is dated 2024.06.02 (a year left from
    last year's template): a warning on its game, which begins on line 10 (game 1: six tags,
    a blank line, its moves, a blank line). A day inside the event, a tag without the day
    and no tag at all are not judged. With end = 2025-06-05, a game of 2025.06.09 is after
    it; an event without a start is not checked."""
    games = (
        pgn_game("1.1", A, B, "1-0", Date="2025.06.01")
        + pgn_game("1.2", C, D, "1-0", Date="2024.06.02")
        + pgn_game("2.1", A, C, "1-0", Date="2025.06.??")
        + pgn_game("2.2", B, D, "1-0")
        + pgn_game("3.1", A, D, "1-0", Date="2025.06.09")
    )
    (warning,) = run(checks.check_game_dates, loaded(make_site, "", games)).items
    assert (warning.code, warning.line, warning.message) == (
        "game-date",
        10,
        "round 1, board 2, Charlie, Carl v Delta, Dora: dated 2024.06.02, outside the event's "
        "dates (from 2025-06-01)",
    )
    assert dict(warning.context)["date"] == "2024.06.02"
    ended = loaded(make_site, "end = 2025-06-05\n", games)
    assert [w.message.split(": ")[1] for w in run(checks.check_game_dates, ended).items] == [
        "dated 2024.06.02, outside the event's dates (2025-06-01 – 2025-06-05)",
        "dated 2025.06.09, outside the event's dates (2025-06-01 – 2025-06-05)",
    ]
    undated = replace(ended, config=replace(ended.config, start=None, end=None))
    assert not run(checks.check_game_dates, undated)
    # The last day is the event's: ending 2025-06-09, the game of that day is inside it.
    last_day = loaded(make_site, "end = 2025-06-09\n", games)
    assert [w.message.split(": ")[1] for w in run(checks.check_game_dates, last_day).items] == [
        "dated 2024.06.02, outside the event's dates (2025-06-01 – 2025-06-09)",
    ]


def test_a_one_day_event_names_its_day(make_site: SiteMaker) -> None:
    """A rapid played on 2025-06-01 alone (start = end): a game dated the next day is outside
    it, and the warning names the one day, not "from 2025-06-01", which reads as an event
    still going on. The game of the day itself is inside."""
    games = pgn_game("1.1", A, B, "1-0", Date="2025.06.01") + pgn_game(
        "1.2", C, D, "1-0", Date="2025.06.02"
    )
    one_day = loaded(make_site, "end = 2025-06-01\n", games)
    (warning,) = run(checks.check_game_dates, one_day).items
    assert warning.message == (
        "round 1, board 2, Charlie, Carl v Delta, Dora: dated 2025.06.02, outside the event's "
        "dates (2025-06-01)"
    )


def test_every_code_has_a_heading() -> None:
    source = Path(checks.__file__).read_text(encoding="utf-8")
    for code in ("early-draw", "draw-unverified", "result-mismatch", "time-control"):
        assert f'code="{code}"' in source and code in checks.CHECKS
    for code in ("colour-streak", "duplicate-game", "missing-game"):
        assert f'code="{code}"' in source and code in checks.CHECKS


def test_the_start_position_decides_no_result() -> None:
    game = Game(round=1, board=1, white=1, black=2, result="1-0")
    assert checks.final_board(game) is not None
    assert checks.expected_result(checks.final_board(game)) is None  # type: ignore[arg-type]


def test_an_illegal_move_in_a_play_off_game_is_located_as_one(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), {"games.pgn": pgn_game("1", A, B, "1-0", "1. e4 e5 2. Ke3")})
    event, problems = load(site)
    assert event is not None
    (game,) = event.games
    event = replace(event, games=(), playoff_games=(replace(game, round=0, board=1),))
    checks.locate_illegal_moves(event, problems)
    (warning,) = warnings_of(problems, "illegal-move")
    assert dict(warning.context) == {
        "playoff_game": 1,
        "playoff_round": "1",
        "white": A,
        "black": B,
    }


# --- the start position: as the parser reads it ----------------------------------------------

SETUP_0 = "7k/8/5QK1/8/8/8/8/8 w - - 0 60"  # White to move; 60. Qf7 stalemates


def test_a_fen_beside_setup_0_is_the_start_the_checks_replay_from(make_site: SiteMaker) -> None:
    """python-chess reads the moves from the FEN tag whatever SetUp says; the checks replayed
    them from the standard start and failed an assertion (a traceback, no build)."""
    text = pgn_game("1.1", A, B, "1-0", "60. Qf7", SetUp="0", FEN=SETUP_0)
    parsed = chess.pgn.read_game(io.StringIO(text))
    assert parsed is not None
    expected = parsed.end().board()
    assert expected.is_stalemate()  # python-chess: the game ends in stalemate
    event = loaded(make_site, JUNIOR, text)
    board = checks.final_board(event.games[0])
    assert board is not None and board.fen() == expected.fen()
    (warning,) = warnings_of(run(checks.check_final_positions, event), "result-mismatch")
    assert "ends in stalemate but is scored 1-0" in warning.message
    drawn = loaded(make_site, JUNIOR, text.replace("1-0", "1/2-1/2"))
    assert not run(checks.check_early_draws, drawn)  # a stalemate at move 60 is no agreement


def test_moves_that_do_not_fit_the_start_are_not_replayed(make_site: SiteMaker) -> None:
    """A game whose moves cannot be played from its start (a stale cache, a hand-made game)
    has no final position to judge, and no traceback either."""
    game = Game(1, 1, 1, 2, "1-0", Moves.of([("Qf7", "f6f7")]), headers={"FEN": SETUP_0})
    assert checks.final_board(game) is not None
    for headers in ({}, {"SetUp": "0", "FEN": SETUP_0, "Variant": "Nonsense"}):
        assert checks.final_board(replace(game, headers=headers)) is None
    assert checks.final_board(replace(game, moves=Moves.of([("Kh7", "g6h7")]))) is None


def test_the_arbiter_report_gives_each_kind_of_warning_one_heading(
    make_site: SiteMaker,
) -> None:
    """A TRF line that stops before the last round and a birth year alone where the birthday
    decides Under 12 were two sections both headed "Other warnings (1)". Each has a heading
    of its own now, and warnings of a code with none share one "Other warnings" section."""
    first = line(1, "A, A", 2000, (2, "w", "1"), (3, "b", "1"))
    first = first[:69] + "2014/00/00" + first[79:]  # columns 70-79: the year alone
    trf = "\n".join(
        [
            first,
            line(2, "B, B", 1900, (1, "b", "0")),
            line(3, "C, C", 1800, (0, "-", "U"), (1, "w", "0")),
        ]
    )
    toml = (
        'name = "T"\nformat = "swiss"\nrounds = 2\ntrf = "event.trf"\n'
        'start = 2026-04-05\n[[categories]]\nid = "U12"\nname = "Under 12"\nunder = 12\n'
        '[[players]]\nname = "B, B"\nborn = 2010-01-01\n'
        '[[players]]\nname = "C, C"\nborn = 2010-01-01\n'
    )
    site = make_site(toml, {"event.trf": trf})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    assert sorted(p.code for p in report.problems.warnings) == [
        "birthday-unknown",
        "trf-withdrawal",
    ]
    page = (site / "output/ev/arbiter.html").read_text(encoding="utf-8")
    headings = re.findall(r"<h2>([^<]*) <span", page)
    assert headings == ["TRF lines that stop before the last round", "Birthdays an age group needs"]
    event, problems = load(site)
    assert event is not None
    outcome = decide(event, problems)
    other = Problems()
    other.warning("one", code="not-a-check")
    other.warning("two", code="nor-this")
    outcome = replace(outcome, warnings=outcome.warnings + tuple(other.items))
    sections = [(s.code, s.heading, len(s.notes)) for s in arbiter_report(outcome)]
    assert sections[-1] == ("other-warnings", "Other warnings", 2)
    assert len(sections) == 3


def test_a_play_off_game_is_named_by_its_round_tag_as_the_play_off_rules_name_it(
    make_site: SiteMaker,
) -> None:
    """The play-off's Round "2" game has no result yet, so Round "3" is the second finished
    play-off game (board 2). A check names it by the tag the organiser typed, 'play-off game
    (Round "3") A v B', as the load stage and the play-off rules do, not "play-off game 2",
    which reads as the Round "2" game."""
    event = loaded(make_site, JUNIOR, pgn_game("1.1", A, B, "1-0"))
    short = loaded(make_site, JUNIOR, pgn_game("1.1", A, B, "1/2-1/2", MOVES_29)).games[0]
    playoff = replace(short, round=0, board=2, headers={**short.headers, "Round": "3"})
    event = replace(event, playoff_games=(playoff,))
    (warning,) = warnings_of(run(checks.check_early_draws, event), "early-draw")
    assert warning.message.startswith('play-off game (Round "3") Alpha, Anna v Bravo, Bob:')
    assert dict(warning.context)["playoff_game"] == 2  # results.json keeps the play order


PLAYOFF_A_B = (  # A and B tie for first (ACF By-law 3: two games at G15)
    'name = "P"\nformat = "round-robin"\nrounds = 3\nrules = "acf-junior"\n'
    + "".join(f'[[players]]\nname = "{name}"\n' for name in "ABCD")
)
PAIR_GAMES = "".join(
    f'[Round "{r}"]\n[White "{w}"]\n[Black "{b}"]\n[Result "{res}"]\n\n{res}\n\n'
    for r, w, b, res in (
        (1, "A", "B", "0-1"), (1, "C", "D", "1/2-1/2"), (2, "A", "C", "1-0"),
        (2, "B", "D", "1/2-1/2"), (3, "A", "D", "1-0"), (3, "B", "C", "1/2-1/2"),
    )
)  # fmt: skip


def test_problems_of_unplaced_play_off_games_say_they_are_play_off_games(
    make_site: SiteMaker,
) -> None:
    """The play-off's Round "1" game (the first play-off game) has "2. Ke3" illegal (line 7);
    Round "2" (the second) a Result tag "1/2-1/2" the moves' "0-1" contradicts (line 12);
    Round "3" has no result yet, and its "2. Kd3" (line 23) is illegal too. results.json
    gave the unfinished game's warning the first game's number and players (the illegal move
    went to the last placed game starting before it), and the result-tag warning
    ``"round": "2"``, a round of the event. Every play-off game's warning now has
    ``playoff_game`` (its number in the play order, ``null`` for a game without one),
    ``playoff_round`` (its Round tag) and its players, and the Arbiter report links each
    warning to its own game, or to none. A game being played is numbered too (its page shows
    the moves so far), so Round "3"'s warning is game 3's."""
    playoff = (
        '[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n[TimeControl "900"]\n\n'
        "1. e4 e5 2. Ke3 1-0\n\n"
        '[Round "2"]\n[White "B"]\n[Black "A"]\n[Result "1/2-1/2"]\n[TimeControl "900"]\n\n'
        "1. d4 d5 0-1\n\n"
        '[Round "3"]\n[White "B"]\n[Black "A"]\n[Result "*"]\n[TimeControl "900"]\n\n'
        "1. d4 d5 2. Kd3 *\n"
    )
    site = make_site(PLAYOFF_A_B, {"games.pgn": PAIR_GAMES, "playoff/playoff.pgn": playoff})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    data = json.loads((site / "output/ev/results.json").read_text(encoding="utf-8"))
    found = [w for w in data["warnings"] if w["code"] in ("illegal-move", "result-tag")]
    illegal = "illegal or unreadable move at move 2 (White)"
    assert found == [
        {
            "code": "illegal-move",
            "playoff_game": 1,
            "playoff_round": "1",
            "white": "A",
            "black": "B",
            "message": f"play-off game (Round \"1\") A v B: {illegal}: 'Ke3'; "
            "the game is shown up to move 1",
        },
        {
            "code": "result-tag",
            "playoff_game": 2,
            "playoff_round": "2",
            "white": "B",
            "black": "A",
            "message": 'play-off game (Round "2") B v A: the Result tag says "1/2-1/2", but '
            'the moves end with "0-1"; the tag is taken',
        },
        {
            "code": "illegal-move",
            "playoff_game": 3,  # being played: numbered, its page showing the moves so far
            "playoff_round": "3",
            "white": "B",
            "black": "A",
            "message": f"play-off game (Round \"3\") B v A: {illegal}: 'Kd3'; "
            "the game is shown up to move 1",
        },
    ]
    event, problems = load(site)
    assert event is not None
    linked = [
        (str(note.message)[:25], note.game.board if note.game else None)
        for section in arbiter_report(decide(event, problems))
        if section.code in ("illegal-move", "result-tag")
        for note in section.notes
    ]
    assert linked == [
        ('play-off game (Round "1")', 1),
        ('play-off game (Round "3")', 3),
        ('play-off game (Round "2")', 2),
    ]


ABSENT_HINT = (
    "add the game to a PGN file, or a [[byes]] entry (points = 0 for an absence) or a "
    "[[withdrawals]] entry"
)


def test_no_late_entry_is_suggested_in_a_round_robin_or_for_a_player_without_games(
    make_site: SiteMaker,
) -> None:
    """The late-entry hint is for an open whose player first plays after the round. In a
    round robin Charlie and Delta, whose round 1 game is missing, play in round 2 but joined
    from the start; in a Swiss of one round they have no game at all: neither is a late
    entry, and each gets the plain hint."""
    round_robin = (
        pgn_game("1.1", A, B, "1-0") + pgn_game("2.1", A, C, "1-0") + pgn_game("2.2", B, D, "1-0")
    )
    swiss = pgn_game("1.1", A, B, "1-0")
    for event in (
        loaded(make_site, "", round_robin),
        loaded(make_site, "", swiss, format="swiss", rounds=1),
    ):
        found = warnings_of(run(checks.check_rounds, event), "missing-game")
        assert [(dict(w.context), w.hint) for w in found] == [
            ({"round": 1, "player": C}, ABSENT_HINT),
            ({"round": 1, "player": D}, ABSENT_HINT),
        ]


def test_a_player_who_first_plays_in_round_2_of_an_open_is_told_a_late_entry(
    make_site: SiteMaker,
) -> None:
    """A Swiss of two rounds: Charlie and Delta have nothing in round 1 and play from round
    2. Each gets a warning for round 1 whose hint says how to record a late entry
    (first_round, or a half point where the rules give one); Alpha and Bravo, who played
    round 1, get none."""
    games = (
        pgn_game("1.1", A, B, "1-0") + pgn_game("2.1", A, C, "1-0") + pgn_game("2.2", B, D, "1-0")
    )
    event = loaded(make_site, "", games, format="swiss", rounds=2)
    found = warnings_of(run(checks.check_rounds, event), "missing-game")
    late = (
        "a late entry from round 2: write first_round = 2 in the player's [[players]] entry "
        "(each round before it is then an absence; a [[byes]] entry with round = 1 and points "
        "= 0.5 gives a half point where the regulations give late entries one); otherwise "
        + ABSENT_HINT
    )
    assert [(dict(w.context), w.hint) for w in found] == [
        ({"round": 1, "player": C}, late),
        ({"round": 1, "player": D}, late),
    ]


def test_two_absences_in_place_of_a_game_are_told_the_double_forfeit(
    make_site: SiteMaker,
) -> None:
    """A round robin of four: Alpha and Bravo, due to meet in round 2, both stayed away, and
    the organiser wrote two [[byes]] absences. The pair never met, so the event is not
    finished (nothing says the absences were that game); the warning's hint now says how to
    record a game neither came to, naming the round of their absences."""
    games = (
        pgn_game("1.1", A, D, "1-0")
        + pgn_game("1.2", B, C, "1-0")
        + pgn_game("2.1", D, C, "1/2-1/2")
        + pgn_game("3.1", B, D, "1-0")
        + pgn_game("3.2", C, A, "0-1")
    )
    byes = "".join(f'[[byes]]\nround = 2\nplayer = "{n}"\npoints = 0\n\n' for n in (A, B))
    event, problems = load(make_site(event_toml(byes), {"g.pgn": games}, slug="abs"), "abs")
    assert event is not None and not event.finished
    outcome = decide(event, problems)
    (warning,) = [w for w in outcome.warnings if w.code == "missing-game"]
    assert warning.message == (
        "Alpha, Anna and Bravo, Bob have not played each other: the round robin counts as not "
        "finished until their game is recorded"
    )
    assert warning.hint == (
        "both have a [[byes]] absence in round 2: if that was their game and neither came, "
        'record it instead as a [[results]] entry with result = "--" (a double forfeit); '
        "otherwise add the game to a PGN file, a [[results]] entry (a forfeit), or a "
        "[[withdrawals]] entry for a player who left"
    )

    # Half-point byes are no absences: neither stayed away unannounced, so the hint does not
    # take them for a game neither came to.
    halves = byes.replace("points = 0\n", "points = 0.5\n")
    site = make_site(event_toml(halves), {"g.pgn": games}, slug="half")
    event, problems = load(site, "half")
    assert event is not None and not event.finished
    (warning,) = [w for w in decide(event, problems).warnings if w.code == "missing-game"]
    assert warning.hint == (
        "add the game to a PGN file, a [[results]] entry (a forfeit), or a [[withdrawals]] "
        "entry for a player who left"
    )

    # Only Bravo has a bye in round 2 (an absence); Alpha has nothing there: Alpha is
    # warned about round 2, and the pair's game, which Bravo's bye does not explain, is
    # still named as not played (it was left out once either of the two had a warning).
    one = '[[byes]]\nround = 2\nplayer = "Bravo, Bob"\npoints = 0\n\n'
    site = make_site(event_toml(one), {"g.pgn": games}, slug="one")
    event, problems = load(site, "one")
    assert event is not None
    missing = [w for w in decide(event, problems).warnings if w.code == "missing-game"]
    assert [w.message for w in missing] == [
        "Alpha, Anna has no game and no bye in round 2: the round counts as not finished "
        "until one is recorded (meanwhile 0 points)",
        "Alpha, Anna and Bravo, Bob have not played each other: the round robin counts as "
        "not finished until their game is recorded",
    ]


# --- mutation testing of the helpers (session 24) --------------------------------------------


def test_a_dead_position_scored_as_a_win_reads_as_an_ending(make_site: SiteMaker) -> None:
    """White's knight takes Black's last rook ("40. Nxg1" from Nf3, the rook giving check on
    g1): king and knight against king, where neither side can checkmate (FIDE Laws 5.2.2, a
    dead position), so the game is drawn; 1-0 is contradicted, 1/2-1/2 is not. The message
    names the ending as the others do ("ends in stalemate", "ends in checkmate by Black")."""
    fen = "4k3/8/8/8/8/5N2/8/4K1r1 w - - 0 40"
    found = []
    for result in ("1-0", "1/2-1/2"):
        game = pgn_game("1.1", A, B, result, "40. Nxg1", SetUp="1", FEN=fen)
        problems = run(checks.check_final_positions, loaded(make_site, "", game))
        found.append(
            [(w.message.split(": ")[1], dict(w.context)["expected"]) for w in problems.items]
        )
    assert found == [
        [
            (
                "the game ends in a dead position (neither side can checkmate) but is scored 1-0",
                "1/2-1/2",
            )
        ],
        [],
    ]


def test_a_located_warning_finds_its_game_when_the_file_puts_a_later_round_first(
    make_site: SiteMaker,
) -> None:
    """The file holds round 2's game (lines 1-7) before round 1's (from line 9), whose
    "2. Ke3" on line 15 is illegal. The event lists round 1 first; the warning still stands
    inside the game that begins last before line 15, the one from line 9: round 1, board 2."""
    games = pgn_game("2.1", A, C, "1-0") + pgn_game("1.2", C, D, "1-0", "1. e4 e5 2. Ke3")
    site = make_site(event_toml(), {"games.pgn": games})
    event, problems = load(site)
    assert event is not None
    assert [(g.round, g.line) for g in event.games] == [(1, 9), (2, 1)]
    checks.locate_illegal_moves(event, problems)
    (warning,) = warnings_of(problems, "illegal-move")
    assert warning.line == 15
    assert dict(warning.context) == {"round": 1, "board": 2, "white": C, "black": D}


def test_a_located_warning_in_a_file_the_event_holds_no_game_of_keeps_the_readers_words(
    make_site: SiteMaker,
) -> None:
    """A warning whose file has no game of the event before it names no game of the event:
    it keeps the tags the reader gave it (Round "1.1", the players as written)."""
    site = make_site(event_toml(), {"games.pgn": pgn_game("1.1", A, B, "1-0", "1. e4 e5 2. Ke3")})
    event, problems = load(site)
    assert event is not None
    checks.locate_illegal_moves(replace(event, games=(), playoff_games=()), problems)
    (warning,) = warnings_of(problems, "illegal-move")
    assert dict(warning.context) == {"round": "1.1", "white": A, "black": B}


def test_a_play_off_games_result_mismatch_keeps_the_result_it_expects(
    make_site: SiteMaker,
) -> None:
    """Black mates in a play-off game whose Result tag says 1-0 (the moves end "0-1", and
    the tag is taken): the result-mismatch warning names the game as a play-off game and the
    result the position demands (0-1). Only the reader's own warnings (here the Result tag's)
    are located afterwards; this one, whose context names the same Round tag and players,
    keeps its "expected"."""
    text = pgn_game("1", A, B, "1-0", FOOLS_MATE).replace("Qh4# 1-0", "Qh4# 0-1")
    site = make_site(event_toml(), {"games.pgn": text})
    event, problems = load(site)
    assert event is not None
    (game,) = event.games
    event = replace(event, games=(), playoff_games=(replace(game, round=0, board=1),))
    checks.arbiter_checks(event, problems)
    (warning,) = warnings_of(problems, "result-mismatch")
    assert dict(warning.context) == {
        "playoff_game": 1,
        "playoff_round": "1",
        "white": A,
        "black": B,
        "expected": "0-1",
    }


def test_final_verdicts_are_remembered_used_and_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """A verdict known from an earlier build (or another process) is taken as it stands, and
    its key is marked as used, to be kept in the cache. More than 200,000 remembered verdicts
    are forgotten before the next is added (a server runs for days); 200,000 are kept. The
    start position decides no result (a ``None`` verdict)."""
    game = Game(round=1, board=1, white=1, black=2, result="1-0")  # no moves: no verdict
    key = checks.verdict_key(game)
    known = ("0-1", "checkmate by Black")  # not the start position's: only the memory says it
    monkeypatch.setattr(checks, "VERDICTS", {key: known})
    monkeypatch.setattr(checks, "VERDICTS_USED", set())
    assert checks.final_verdict(game) == known
    assert sorted(checks.VERDICTS_USED) == [key]
    for size, after in ((200_000, 200_001), (200_001, 1)):
        monkeypatch.setattr(checks, "VERDICTS", {str(n): None for n in range(size)})
        assert checks.final_verdict(game) is None
        assert len(checks.VERDICTS) == after
        # The parser's board gives the verdict under the same bound.
        monkeypatch.setattr(checks, "VERDICTS", {str(n): None for n in range(size)})
        checks.note_final_position(game, chess.Board())
        assert len(checks.VERDICTS) == after


# Sam Loyd's stalemate a move later: "1. h3 h6" first, the h-pawns then go on as before
# ("5. h4" from h3, "3... h5" from h6), so the final position is the same: 21 half-moves,
# Black to move and no legal move.
STALEMATE_21 = (
    "1. h3 h6 2. e3 a5 3. Qh5 Ra6 4. Qxa5 h5 5. h4 Rah6 6. Qxc7 f6 7. Qxd7+ Kf7 8. Qxb7 Qd3 "
    "9. Qxb8 Qh7 10. Qxc8 Kg6 11. Qe6"
)


def test_a_stalemate_is_found_whoever_is_to_move_without_a_replay(make_site: SiteMaker) -> None:
    """A final position told from the moves alone (``_plainly_open``) must be seen from the
    side to move. After 21 half-moves from the usual start Black is to move (an odd count),
    and Black is stalemated. From a FEN with Black to move ("b"), "1... Qd3" is one
    half-move and leaves White to move: Ka1's squares a2 and b2 are the black king's on b3,
    b1 is the queen's on d3, White is not in check and has no legal move, a stalemate too.
    Both are scored as wins: both must be reported."""
    fen = "3q4/8/8/8/8/1k6/8/K7 b - - 0 1"
    games = pgn_game("1.1", A, B, "1-0", STALEMATE_21) + pgn_game(
        "1.2", C, D, "0-1", "1... Qd3", SetUp="1", FEN=fen
    )
    event = loaded(make_site, "", games)
    found = warnings_of(run(checks.check_final_positions, event), "result-mismatch")
    assert [w.message for w in found] == [
        "round 1, board 1, Alpha, Anna v Bravo, Bob: the game ends in stalemate but is scored 1-0",
        "round 1, board 2, Charlie, Carl v Delta, Dora: the game ends in stalemate "
        "but is scored 0-1",
    ]


def test_an_ordinary_final_position_is_judged_without_a_replay(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Most games end by resignation in an ordinary position, and judging each by a replay
    would cost every build: "3... a6" is a pawn move (no position can repeat), gives no
    check, and leaves both sides their pieces and legal moves, so the result stands without
    replaying the game (``final_board``) or asking the position's verdict (``expected_result``,
    when the parser hands over its own board)."""
    event = loaded(make_site, "", pgn_game("1.1", A, B, "1-0", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"))
    (game,) = event.games
    board = chess.Board()
    for uci in game.moves.ucis.split():
        board.push_uci(uci)

    def not_asked(*_: object) -> None:
        raise AssertionError("an ordinary final position was replayed or judged")

    monkeypatch.setattr(checks, "VERDICTS", {})
    monkeypatch.setattr(checks, "final_board", not_asked)
    monkeypatch.setattr(checks, "expected_result", not_asked)
    assert checks.final_verdict(game) is None
    monkeypatch.setattr(checks, "VERDICTS", {})
    checks.note_final_position(game, board)
    assert list(checks.VERDICTS.items()) == [(checks.verdict_key(game), None)]


def test_the_arbiter_checks_run_every_check_in_the_reports_order(make_site: SiteMaker) -> None:
    """One Swiss whose games break four rules, each once: round 1, board 1 gives TimeControl
    "5400" where the event plays "40/5400+30:1800+30"; round 1, board 2 is dated 2024.06.02,
    a year before the event's start (2025-06-01); Alpha has White in rounds 1, 2 and 3; and
    a play-off game repeats round 1, board 1's players, colours and moves ("1. e4 e5").
    ``arbiter_checks`` reports all four, in the order of the Arbiter report's checks (time
    controls, dates, colours, copies), as the checks one by one would."""
    games = (
        pgn_game("1.1", A, B, "1-0", "1. e4 e5", TimeControl="5400")
        + pgn_game("1.2", C, D, "1-0", Date="2024.06.02")
        + pgn_game("2.1", A, C, "1-0")
        + pgn_game("2.2", D, B, "1-0")
        + pgn_game("3.1", A, D, "1-0")
        + pgn_game("3.2", B, C, "1-0")
    )
    body = 'pgn_time_control = "40/5400+30:1800+30"\n'
    event = loaded(make_site, body, games, format="swiss")
    first = event.games[0]
    playoff = replace(first, round=0, board=1, headers={**first.headers, "Round": "1"})
    event = replace(event, playoff_games=(playoff,))
    problems = run(checks.arbiter_checks, event)
    assert [(w.code, dict(w.context).get("round")) for w in problems.items] == [
        ("time-control", 1),
        ("game-date", 1),
        ("colour-streak", 3),
        ("duplicate-game", None),
    ]
    assert dict(problems.items[3].context)["playoff_round"] == "1"
