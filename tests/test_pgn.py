"""Reading PGN: lenient, located, with moves and positions."""

from __future__ import annotations

from pathlib import Path

from generator.pgn import export_game, read_pgn_file, read_pgn_text
from generator.problems import Problems

TWO_GAMES = """
[Event "E"]
[Round "2.1"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0

[Event "E"]
[Round "2.2"]
[White "C"]
[Black "D"]
[Result "1/2-1/2"]

1/2-1/2
"""


def test_games_keep_their_lines_moves_and_positions() -> None:
    problems = Problems()
    first, second = read_pgn_text(TWO_GAMES, Path("r2.pgn"), problems)
    assert not problems.items
    assert first.line == 2
    assert first.tag_line("White") == 4
    assert second.line == 10
    assert second.tag_line("Black") == 13
    assert [m.san for m in first.moves] == ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
    assert first.moves[-1].uci == "h5f7"
    assert first.moves[-1].placement == "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR"
    assert second.moves == ()
    assert second.headers["Result"] == "1/2-1/2"


def test_an_illegal_move_is_a_warning_naming_the_game_and_move() -> None:
    text = '[White "A"]\n[Black "B"]\n[Round "1"]\n[Result "1-0"]\n\n1. e4 e5 2. Ke3 Nf6 1-0\n'
    problems = Problems()
    (game,) = read_pgn_text(text, Path("bad.pgn"), problems)
    assert not problems.errors
    (warning,) = problems.warnings
    assert warning.line == 1
    assert warning.code == "illegal-move"
    assert "round 1, A v B" in warning.message
    assert "move 2 (White): 'Ke3'" in warning.message
    assert len(game.moves) == 2


def test_latin1_files_are_read(tmp_path: Path) -> None:
    path = tmp_path / "old.pgn"
    path.write_bytes(
        '[White "Ólafsson, Þóra"]\n[Black "B"]\n[Result "0-1"]\n\n0-1\n'.encode("latin-1")
    )
    problems = Problems()
    (game,) = read_pgn_file(path, problems)
    assert game.headers["White"] == "Ólafsson, Þóra"


def test_export_writes_the_given_headers_and_moves() -> None:
    (game,) = read_pgn_text(TWO_GAMES.split("\n\n[Event")[0], Path("x.pgn"), Problems())
    text = export_game(
        game.moves, {"Event": "E", "White": "Alpha", "Black": "Beta", "Result": "1-0"}
    )
    assert '[White "Alpha"]' in text
    assert text.rstrip().endswith("4. Qxf7# 1-0")
