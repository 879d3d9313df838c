"""Reading PGN: lenient, located, with moves and positions."""

from __future__ import annotations

import codecs
import io
import pickle
import random
from pathlib import Path

import chess
import chess.engine
import chess.pgn
import chess.variant
import pytest
from conftest import SiteMaker, event_toml, load, pgn_game

from generator import codepages, pgn
from generator.build import build_site
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
    assert first.moves.final_placement == "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR"
    assert first.moves.quiet_plies == 0  # Qxf7# took a pawn
    assert len(second.moves) == 0 and second.moves == pgn.NO_MOVES
    assert second.headers["Result"] == "1/2-1/2"


def test_an_illegal_move_is_a_warning_naming_the_game_and_move() -> None:
    text = '[White "A"]\n[Black "B"]\n[Round "1"]\n[Result "1-0"]\n\n1. e4 e5 2. Ke3 Nf6 1-0\n'
    problems = Problems()
    (game,) = read_pgn_text(text, Path("bad.pgn"), problems)
    assert not problems.errors
    (warning,) = problems.warnings
    assert warning.line == 6  # four tags, a blank line, then the moves
    assert warning.code == "illegal-move"
    assert "round 1, A v B" in warning.message
    assert "move 2 (White): 'Ke3'" in warning.message
    assert len(game.moves) == 2


def test_an_illegal_move_is_reported_on_its_own_line() -> None:
    """The warning gave the game's first line whatever line the move stood on: in a score
    of many lines the arbiter had to count moves. "5. e5" (the pawn stands on e4 already,
    blocked by Black's e5) is on line 8: four tags, a blank line, three lines of moves."""
    text = (
        '[White "A"]\n[Black "B"]\n[Round "1"]\n[Result "1-0"]\n\n'
        "1. e4 e5 2. Nf3 Nc6\n3. Bc4 {the Italian} Bc5\n4. O-O Nf6 5. e5 d6 1-0\n"
    )
    problems = Problems()
    (game,) = read_pgn_text(text, Path("bad.pgn"), problems)
    (warning,) = problems.warnings
    assert (warning.code, warning.line) == ("illegal-move", 8)
    assert "move 5 (White): 'e5'" in warning.message
    assert len(game.moves) == 8


@pytest.mark.parametrize(
    ("moves", "line"),
    [
        # Four tags, a blank line, the moves from line 6: "$1" ends line 7; Black's illegal
        # "Qxh7" (the queen's path is blocked by e7) is on line 8.
        ("1. e4 e5 2. Nf3 Nc6\n3. Bc4 $1\n3... Qxh7 1-0\n", 8),
        ("1. e4 e5 2. Nf3 Nc6\n3. Bc4 !?\nQxh7 1-0\n", 8),
        # "Ke3" is illegal in a side line, on line 8: the main line is whole, its last word
        # the result on line 9. The side line is replayed to find the move: its own line (8),
        # neither the result's nor the game's first line.
        ("1. e4 e5\n(1... Nf6\n2. Ke3) 2. Nf3\n1-0\n", 8),
    ],
)
def test_an_illegal_move_is_not_put_on_a_nag_or_the_results_line(moves: str, line: int) -> None:
    """The move's own line was taken as the line of whatever word stood where the move
    should: a NAG or annotation before it, at the end of the previous line, or the result
    when the illegal move is in a side line (a line with no illegal move on it)."""
    text = '[White "A"]\n[Black "B"]\n[Round "1"]\n[Result "1-0"]\n\n' + moves
    problems = Problems()
    read_pgn_text(text, Path("bad.pgn"), problems)
    (warning,) = problems.warnings
    assert (warning.code, warning.line) == ("illegal-move", line)


def test_a_move_python_chess_cannot_read_is_named_not_the_move_after_it() -> None:
    """ "2. Nf9" (a typo for Nf3) is no move at all: python-chess passes over it and finds
    Black's "d6" illegal as White's move, so the warning sent the arbiter to move 2 (White)
    'd6', a move that is right, on the game's first line. It names "Nf9", on its own line
    (line 7: four tags, a blank line, the moves' first line). "Qh9" in the side line before
    it (no square h9) is passed over too: said in the same build, on line 6."""
    text = (
        '[White "A"]\n[Black "B"]\n[Round "1"]\n[Result "1-0"]\n\n'
        "1. e4 {a comment, 2. Nf3x} c5 (1... e5 2. Qh9) \n2. Nf9 d6 3. d4 1-0\n"
    )
    problems = Problems()
    (game,) = read_pgn_text(text, Path("typo.pgn"), problems)
    warning, skipped = problems.warnings
    assert (skipped.line, skipped.message) == (
        6,
        "round 1, A v B: the word 'Qh9' among the moves is no move: it was skipped, and the "
        "moves after it were kept, up to the illegal move",
    )
    assert warning.code == "illegal-move"
    assert warning.line == 7
    assert warning.message == (
        "round 1, A v B: illegal or unreadable move at move 2 (White): 'Nf9'; "
        "the game is shown up to move 1"
    )
    assert [m.san for m in game.moves] == ["e4", "c5"]
    assert game.illegal == "move 2 (White): 'Nf9'"


def test_a_null_move_is_an_illegal_move() -> None:
    """ "--" is no move of chess (python-chess reads it as a null move): the game is shown up to
    it, with the same warning as an illegal move, and the position is the one before it."""
    text = '[White "A"]\n[Black "B"]\n[Round "1"]\n[Result "1-0"]\n\n1. e4 -- 2. Qh5 1-0\n'
    problems = Problems()
    (game,) = read_pgn_text(text, Path("null.pgn"), problems)
    (warning,) = problems.warnings
    assert warning.code == "illegal-move"
    assert "move 1 (Black): '--', a null move" in warning.message
    assert [m.san for m in game.moves] == ["e4"]
    assert game.moves.final_placement == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"


@pytest.mark.parametrize("null", ["--", "Z0", "0000", "@@@@"])
def test_a_null_move_is_said_on_its_own_line(null: str) -> None:
    """The null move's warning sends the arbiter to the line the null move is on, not the
    game's first line: in a long game that is many lines off. It quotes the null move as the
    file writes it (python-chess reads all four spellings), what a search of the file finds:
    '--' was quoted for each."""
    text = (
        '[White "A"]\n[Black "B"]\n[Round "1"]\n[Result "1-0"]\n\n'  # lines 1-5
        "1. e4 e5 2. Nf3 Nc6\n"  # line 6
        "3. Bb5 a6 4. Ba4 Nf6\n"  # line 7
        f"5. O-O {null} 6. Re1 1-0\n"  # line 8: Black's 5th move is the null move
    )
    problems = Problems()
    (game,) = read_pgn_text(text, Path("null.pgn"), problems)
    (warning,) = problems.warnings
    assert warning.code == "illegal-move"
    assert warning.line == 8
    assert f"move 5 (Black): '{null}', a null move" in warning.message
    assert "the game is shown up to move 5" in warning.message
    assert len(game.moves) == 9


def test_castling_written_with_zeros_at_the_end_is_a_move_not_a_typed_result() -> None:
    """A file cut short just after "4. 0-0" (castling, as many programs write it): the game
    reads White's four moves, so the moves stop without a result. It was told its moves "end
    with "0-0", which is not a PGN result", to an organiser who had written no result."""
    text = (
        '[White "A"]\n[Black "B"]\n[Round "1"]\n[Result "1-0"]\n\n'
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0\n"
    )
    problems = Problems()
    (game,) = read_pgn_text(text, Path("r1.pgn"), problems)
    assert [m.san for m in game.moves][-2:] == ["Bc5", "O-O"]
    (cut,) = problems.errors
    assert (cut.code, cut.line) == ("truncated-pgn", 6)
    assert cut.message.startswith("round 1, A v B: the moves stop without a result")


def test_a_result_typed_as_half_after_the_moves_is_named() -> None:
    """A "1/2" typed after the moves was "the file looks cut short; copy the whole file again
    from its source", for a game typed in by hand. A move number at the end still is a cut."""
    text = (
        '[White "A"]\n[Black "B"]\n[Round "1"]\n[Result "1/2-1/2"]\n\n1. d4 d5 1/2\n\n'
        '[White "C"]\n[Black "D"]\n[Round "1"]\n[Result "1-0"]\n\n1. e4 e5 2.\n'
    )
    problems = Problems()
    read_pgn_text(text, Path("r1.pgn"), problems)
    typed, cut = problems.errors
    assert (typed.code, typed.line) == ("bad-result", 6)
    assert typed.message == 'round 1, A v B: the moves end with "1/2", which is not a PGN result'
    assert typed.hint == "write the result after the moves as 1-0, 0-1, 1/2-1/2 (a draw) or *"
    assert (cut.code, cut.line) == ("truncated-pgn", 13)


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


def test_the_moves_are_a_sequence_of_san_and_uci() -> None:
    moves = pgn.Moves.of([("e4", "e2e4"), ("e5", "e7e5"), ("Nf3", "g1f3")], "placement", 1)
    assert len(moves) == 3 and bool(moves)
    assert moves[0] == pgn.PlayedMove("e4", "e2e4") and moves[-1].san == "Nf3"
    assert list(moves[1:]) == [("e5", "e7e5"), ("Nf3", "g1f3")]
    assert [m.uci for m in moves] == ["e2e4", "e7e5", "g1f3"] == moves.uci_list
    assert moves.san_list == ["e4", "e5", "Nf3"]
    assert pickle.loads(pickle.dumps(moves)) == moves
    assert moves != pgn.Moves.of([("e4", "e2e4"), ("e5", "e7e5"), ("Nf3", "g1f3")], "other", 1)
    assert len(pgn.NO_MOVES) == 0 and not pgn.NO_MOVES and list(pgn.NO_MOVES) == []
    assert pgn.Moves.of([], "ignored", 5) == pgn.NO_MOVES  # no moves, no final position


def test_quiet_plies_count_from_the_last_capture_or_pawn_move() -> None:
    """The rules skip the repetition replay only while too few half-moves could repeat."""
    text = '[White "A"]\n[Black "B"]\n\n1. e4 Nf6 2. Nf3 Ng8 3. Ng1 Nf6 *\n'
    (game,) = read_pgn_text(text, Path("q.pgn"), Problems())
    assert game.moves.quiet_plies == 5  # every move after 1. e4
    assert game.moves.final_placement == "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR"


def test_a_variant_game_keeps_plain_placements() -> None:
    """Crazyhouse marks a promoted piece ("Q~") in its FEN; the placements the pages and the
    viewer read are plain."""
    text = '[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@d7+ Kd8 4. dxc8=Q+ *\n'
    (game,) = read_pgn_text(text, Path("zh.pgn"), Problems())
    assert game.moves.final_placement == "rnQk1bnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR"


def test_the_placement_is_python_chess_board_fen() -> None:
    """``pgn.placement`` writes the placement from the piece sets; python-chess's own
    ``board_fen`` is the reference, on random games, an empty board and variants."""
    rng = random.Random(2026)
    for _ in range(60):
        board = chess.Board()
        for _ in range(rng.randrange(1, 160)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            assert pgn.placement(board) == board.board_fen(promoted=False), board.fen()
    assert pgn.placement(chess.Board(None)) == "8/8/8/8/8/8/8/8"
    assert pgn.placement(chess.Board()) == chess.STARTING_BOARD_FEN
    crazyhouse = chess.variant.CrazyhouseBoard("k7/4P3/8/8/8/8/8/K7 w - - 0 1")
    crazyhouse.push_san("e8=Q")
    assert pgn.placement(crazyhouse) == "k3Q3/8/8/8/8/8/8/K7"


def test_blocks_found_by_one_search_are_those_found_line_by_line() -> None:
    """``_plain_tag_blocks`` (texts without comments in braces, lines ending in "\\n" or
    "\\r\\n") splits where the line-by-line reading does, on random texts of tag-like lines."""
    rng = random.Random(2026)
    lines = [
        *('[Event "x"]', '  [Round "1.1"]', '[White "A"]', '[Event\t"y"]', '\t[Site "s"]'),
        *("[Bad tag]", "[Event", '"x"]', '[ Event "q"]', 'x [Event "no"]', '[A "x"] [B "y"]'),
        *("", " ", "1. e4 e5", "1-0", '; [Event "z"]', 'Round "3"]', "%relay", 'Round "3"] x'),
    ]
    for _ in range(3000):
        end = rng.choice(["\n", "\r\n"])
        text = end.join(rng.choice(lines) for _ in range(rng.randrange(12)))
        text = rng.choice(["", end]) + text + rng.choice(["", end, end + end])
        assert pgn._plain_tag_blocks(text) == pgn._tag_blocks_by_line(text), repr(text)
    assert pgn._tag_blocks('[A "1"]\r1-0\r[B "2"]\r') == [(0, 12), (12, 20)]  # old Mac ends


def python_chess_games(text: str) -> list[tuple[dict[str, str], list[str]]]:
    """Every game python-chess reads from a text: its tags and its main line in SAN."""
    handle = io.StringIO(text)
    found = []
    while (game := chess.pgn.read_game(handle)) is not None:
        board = game.board()
        found.append((dict(game.headers), [board.san_and_push(m) for m in game.mainline_moves()]))
    return found


def read_as_site(path: Path) -> tuple[list[tuple[dict[str, str], list[str]]], Problems]:
    problems = Problems()
    games = read_pgn_file(path, problems)
    return [(game.headers, [move.san for move in game.moves]) for game in games], problems


GAME_A = '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n'
GAME_B = '[White "C"]\n[Black "D"]\n[Result "0-1"]\n\n1. d4 d5 0-1\n'


def test_a_dos_end_of_file_mark_ends_a_file(tmp_path: Path) -> None:
    """Ctrl-Z (0x1A) after the last game, as DOS tools write it, is not a game cut short;
    files joined with ``copy /b`` keep one in front of the next file's first tag. Each part
    is read as python-chess reads that file alone."""
    expected = python_chess_games(GAME_A) + python_chess_games(GAME_B)
    assert len(expected) == 2 and expected[0][1] == ["e4", "e5", "Nf3", "Nc6"]
    cases = {
        "one.pgn": (GAME_A + "\x1a", expected[:1]),
        "crlf.pgn": ((GAME_A + "\n" + GAME_B).replace("\n", "\r\n") + "\x1a", expected),
        "joined.pgn": (GAME_A + "\x1a" + GAME_B + "\x1a", expected),
    }
    for name, (text, games) in cases.items():
        path = tmp_path / name
        path.write_bytes(text.encode())
        read, problems = read_as_site(path)
        assert read == games and not problems.items, name
    text = "\x1a" + GAME_A + "\x1a\n" + GAME_B.replace("d5 0-1", "d5 2. Kd3 0-1")
    (tmp_path / "lines.pgn").write_bytes(text.encode())
    _, problems = read_as_site(tmp_path / "lines.pgn")
    (illegal,) = problems.items
    assert illegal.line == text.splitlines().index("1. d4 d5 2. Kd3 0-1") + 1  # as an editor


def test_old_mac_line_ends_are_line_ends(tmp_path: Path) -> None:
    """A file whose lines end in a bare CR reads as python-chess reads it opened as text
    (universal newlines), and messages give the lines an editor shows."""
    text = GAME_A + "\n" + GAME_B.replace("d5 0-1", "d5 2. Kd3 0-1")
    path = tmp_path / "mac.pgn"
    path.write_bytes(text.replace("\n", "\r").encode())
    with path.open(encoding="utf-8") as handle:  # universal newlines
        expected = python_chess_games(handle.read())
    assert [tags["White"] for tags, _ in expected] == ["A", "C"]
    read, problems = read_as_site(path)
    assert read == expected
    (illegal,) = problems.items
    assert illegal.line == text.splitlines().index("1. d4 d5 2. Kd3 0-1") + 1
    mixed = tmp_path / "mixed.pgn"  # CRLF lines stay as they were, lines counted alike
    mixed.write_bytes(text.replace("\n", "\r\n").encode())
    assert read_as_site(mixed)[0] == expected
    assert read_as_site(mixed)[1].items[0].line == illegal.line


def test_moves_of_a_game_from_a_fen_are_numbered_from_its_fen() -> None:
    """An illegal move in a game from a FEN is named by the FEN's move number and side to
    move, as python-chess numbers it, not as if White had moved first from move 1."""
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 30"
    text = f'[White "A"]\n[Black "B"]\n[SetUp "1"]\n[FEN "{fen}"]\n\n'
    text += "30. O-O-O O-O 31. Rd8 Rxd8 0-1\n"  # 31... Rxd8: the rooks on a8 and f8 both can
    parsed = chess.pgn.read_game(io.StringIO(text))
    assert parsed is not None and parsed.errors
    stopped = parsed.end().board()  # where python-chess stopped: the move not played
    side = "White" if stopped.turn == chess.WHITE else "Black"
    problems = Problems()
    (game,) = read_pgn_text(text, Path("x.pgn"), problems)
    assert game.illegal == f"move {stopped.fullmove_number} ({side}): 'Rxd8'"
    last_played = stopped.fullmove_number - (stopped.turn == chess.WHITE)
    assert problems.warnings[0].message.endswith(f"the game is shown up to move {last_played}")
    for start, first in ((fen, 58), (fen.replace(" w ", " b "), 59), (chess.STARTING_FEN, 0)):
        board = chess.Board(start)  # half-moves before: (move - 1) * 2, one more for Black
        assert pgn.first_ply({"FEN": start}) == first == board.ply()
    assert pgn.first_ply({}) == pgn.first_ply({"FEN": "not a position"}) == 0


def test_a_utf8_mark_before_a_windows_1252_body_hides_no_tag(tmp_path: Path) -> None:
    path = tmp_path / "mixed.pgn"
    text = '[Event "Cup"]\n[White "Müller, Jörg"]\n[Black "B"]\n[Result "1-0"]\n\n1-0\n'
    path.write_bytes(codecs.BOM_UTF8 + text.encode("cp1252"))
    read, problems = read_as_site(path)
    assert not problems.items
    assert read == python_chess_games(text)
    assert read[0][0]["Event"] == "Cup" and read[0][0]["White"] == "Müller, Jörg"


def test_a_file_joined_from_utf8_and_windows_1252_reads_each_part_right(tmp_path: Path) -> None:
    """``copy a.pgn+b.pgn`` of a UTF-8 export and an old Windows one: the whole file is
    neither, and read as Windows-1252 the UTF-8 "ü" (bytes C3 BC) became "Ã¼"."""
    first = '[White "Müller, Jörg"]\n[Black "Ørsted, Ève"]\n[Result "1-0"]\n\n1-0\n\n'
    second = '[White "Ærø, Zoë"]\n[Black "Müller, Jörg"]\n[Result "0-1"]\n\n0-1\n'
    path = tmp_path / "joined.pgn"
    path.write_bytes(first.encode("utf-8") + second.encode("cp1252"))
    games = read_pgn_file(path, Problems())
    names = [(game.headers["White"], game.headers["Black"]) for game in games]
    assert names == [("Müller, Jörg", "Ørsted, Ève"), ("Ærø, Zoë", "Müller, Jörg")]


def test_bytes_windows_1252_leaves_undefined_are_read_as_latin_1() -> None:
    """0x81, 0x8D, 0x8F, 0x90 and 0x9D have no Windows-1252 letter; the line that holds one
    is read as Latin-1 (a control character the page drops), its neighbours as before."""
    data = "Jörg\n".encode("cp1252") + b"A\x81B\n" + "“quoted”\n".encode("cp1252")
    assert pgn.decode(data) == "Jörg\nA\x81B\n“quoted”\n"


def test_a_windows_1251_file_reads_as_cyrillic(tmp_path: Path) -> None:
    """A Bulgarian Windows (ChessBase, Swiss-Manager) writes Windows-1251: "Иванов, Петър" is
    the bytes C8 E2 E0 ED EE E2 2C 20 CF E5 F2 FA F0, which Windows-1252 reads as
    "Èâàíîâ, Ïåòúð", a name no event file spells."""
    text = '[White "Иванов, Петър"]\r\n[Black "Щерев, Юлиян"]\r\n[Result "1-0"]\r\n\r\n1-0\r\n'
    path = tmp_path / "кръг-1.pgn"
    path.write_bytes(text.encode("cp1251"))
    (game,) = read_pgn_file(path, Problems())
    assert (game.headers["White"], game.headers["Black"]) == ("Иванов, Петър", "Щерев, Юлиян")


def test_western_accents_stay_windows_1252_beside_windows_1251_lines() -> None:
    """Each line of a file that is not UTF-8 is read alone: "Müller" in Windows-1251 would be
    "Mьller", a word of two scripts, so that line stays Windows-1252; "Ó" alone (in Windows-1251
    "У") is no Cyrillic word of three letters; the Cyrillic line beside them is Cyrillic."""
    data = (
        "Müller, Jörg\n".encode("cp1252")
        + "Ó Brien\n".encode("cp1252")
        + "Жекова, Десислава\n".encode("cp1251")
    )
    assert pgn.decode(data) == "Müller, Jörg\nÓ Brien\nЖекова, Десислава\n"


def test_a_short_cyrillic_name_in_a_windows_1251_file_reads_as_cyrillic() -> None:
    """ "Ли, Ян" (a Korean name as a Bulgarian event writes it) is the Windows-1251 bytes CB E8
    2C 20 DF ED: two words of two letters, too short to tell from Western accents alone, so
    the line was read as Windows-1252, "Ëè, ßí", while the line above it, of the same file,
    was Cyrillic. In a file with a line of Cyrillic words, two Cyrillic words will do."""
    text = '[White "Иванов, Петър"]\n[Black "Ли, Ян"]\n'
    assert pgn.decode(text.encode("cp1251")) == text
    alone = '[Black "Ли, Ян"]\n'.encode("cp1251") + '[White "Müller"]\n'.encode("cp1252")
    assert pgn.decode(alone) == '[Black "Ëè, ßí"]\n[White "Müller"]\n'  # no file to tell by


def test_a_capital_inside_a_word_is_not_cyrillic() -> None:
    """Greek "Νίκος" in Windows-1253 (CD DF EA EF F2) reads in Windows-1251 as "НЯкпт": the
    accented "ί" falls on a Cyrillic capital. Cyrillic names are capitalised or in one case."""
    assert not codepages._reads_as_cyrillic("НЯкпт")
    assert codepages._reads_as_cyrillic("ИВАНОВ, Петър")


def test_a_blank_line_among_a_games_tags_keeps_them_one_game() -> None:
    """ChessBase writes a blank line after [Event]: the tags after it are the same game's,
    as python-chess reads them (the build failed: a game of [Event] alone, with no players).
    A block of tags that repeats a tag is the next game's, even when the game before it has
    neither moves nor result (a file of results typed in)."""
    chessbase = (
        '[Event "Match"]\n\n[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "0-1"]\n\n'
        "1. f3 e5 2. g4 Qh4# 0-1\n"
    )
    problems = Problems()
    games = read_pgn_text(chessbase, Path("cb.pgn"), problems)
    assert not problems.items
    assert [(g.headers["Event"], g.headers["White"], len(g.moves)) for g in games] == [
        ("Match", "A", 4)
    ]
    assert [(h["Event"], h["White"]) for h, _ in python_chess_games(chessbase)] == [("Match", "A")]
    typed = (
        '[Event "E"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
        '[Event "E"]\n[Round "1"]\n[White "C"]\n[Black "D"]\n[Result "0-1"]\n'
    )
    for text in (typed, typed.replace("\n", "\r\n"), typed + "{ typed in }\n"):
        games = read_pgn_text(text, Path("typed.pgn"), Problems())
        assert [(g.headers["White"], g.headers["Result"]) for g in games] == [
            ("A", "1-0"),
            ("C", "0-1"),
        ], repr(text)


def test_cr_cr_lf_is_one_line_end(tmp_path: Path) -> None:
    """A file converted to Windows line ends twice ends its lines in CR CR LF: one line end,
    as python-chess reads the file opened as text. Read as two, every tag became a game."""
    path = tmp_path / "twice.pgn"
    path.write_bytes((GAME_A + "\n" + GAME_B).replace("\n", "\r\r\n").encode())
    read, problems = read_as_site(path)
    assert not problems.items
    assert read == python_chess_games(GAME_A + "\n" + GAME_B)


@pytest.mark.parametrize(
    ("round_line", "named"),
    [
        ('[Round "3.7"]\n', "round 3, board 7"),  # round 3, board 7: as the arbiter checks say
        ('[Round " 3.7 "]\n', "round 3, board 7"),  # spaces around the tag read as assemble does
        ('[Round "5"]\n', "round 5"),  # no board in the tag: the tag as written
        ("", "round ?"),  # no Round tag at all
        ('[Round "1.a"]\n', "round 1.a"),  # unreadable: what the organiser typed, to find it
        ('[Round "2.0"]\n', "round 2.0"),  # there is no board 0
    ],
)
def test_a_load_message_names_the_game_as_the_arbiter_checks_do(
    round_line: str, named: str
) -> None:
    """A Round tag "<round>.<board>" is named "round R, board B", the form of the arbiter's
    checks, so that an organiser sees one form for one game in one build; any other tag is
    quoted as written."""
    text = f'{round_line}[White "A"]\n[Black "B"]\n[Result "1/2-1/2"]\n\n1. e4 1-0\n'
    problems = Problems()
    read_pgn_text(text, Path("r.pgn"), problems)
    (warning,) = problems.items
    assert warning.message == (
        f'{named}, A v B: the Result tag says "1/2-1/2", but the moves end with "1-0"; '
        "the tag is taken"
    )


def test_every_load_message_of_one_game_names_it_alike() -> None:
    """The FEN check and the check of a file cut in mid-game named a game "round 3.7" (the
    FEN one without its players) while the other load messages said "round 3.7, A v B": each
    now says "round 3, board 7, A v B"."""
    fen = '[Round "3.7"]\n[White "A"]\n[Black "B"]\n[SetUp "1"]\n[FEN "8/8 w - - 0 1"]\n\n*\n'
    cut = '[Round "3.7"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3'
    for text, code, said in (
        (fen, "bad-fen", "round 3, board 7, A v B: the FEN tag is not a position ("),
        (cut, "truncated-pgn", "round 3, board 7, A v B: the moves stop without a result"),
    ):
        problems = Problems()
        read_pgn_text(text, Path("r.pgn"), problems)
        (error,) = (p for p in problems.errors if p.code == code)  # and "no games found"
        assert error.message.startswith(said), error.message


def test_a_play_off_game_is_named_by_its_round_tag() -> None:
    """A play-off game's Round tag gives its place in the play order ("P1.1" or "2"), not a
    round and a board: quoted, as the play-off rules name it; none, no tag to quote."""
    tags = {"Round": "2.1", "White": "A", "Black": "B"}
    assert str(pgn.game_words(tags, playoff=True)) == 'play-off game (Round "2.1") A v B'
    assert str(pgn.game_words({"White": "A", "Black": "B"}, playoff=True)) == (
        "play-off game A v B"
    )
    assert str(pgn.game_words(tags)) == "round 2, board 1, A v B"


def test_an_empty_round_or_player_tag_is_named_as_one_left_out() -> None:
    """[Round ""] names no round: the message says "round ?", as for a game without the tag,
    not "round , A v B"; an empty White or Black reads "?"; a play-off game whose Round tag
    is empty quotes none ('play-off game A v B', not 'play-off game (Round "") A v B')."""
    empty = {"Round": "", "White": "A", "Black": "B"}
    assert str(pgn.game_words(empty)) == "round ?, A v B"
    assert str(pgn.game_words({"Round": "  ", "White": "", "Black": "B"})) == "round ?, ? v B"
    assert str(pgn.game_words(empty, playoff=True)) == "play-off game A v B"
    problems = Problems()
    text = '[Round ""]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3'
    read_pgn_text(text, Path("r.pgn"), problems)
    (error,) = (p for p in problems.errors if p.code == "truncated-pgn")
    assert error.message.startswith("round ?, A v B: the moves stop without a result")


def test_a_result_tag_the_moves_contradict_is_a_warning() -> None:
    """PGN wants the Result tag and the result after the moves alike; a live feed or a typist
    may change one only. The tag is taken, and the warning names the game on the tag's line,
    whichever way the text is read (plain moves, or with a comment)."""
    for moves in ("1. e4 e5 2. Nf3 Nc6 1-0", "1. e4 { a comment } e5 2. Nf3 Nc6 1-0"):
        text = f'[White "A"]\n[Black "B"]\n[Result "1/2-1/2"]\n\n{moves}\n'
        problems = Problems()
        (game,) = read_pgn_text(text, Path("r.pgn"), problems)
        assert game.headers["Result"] == "1/2-1/2"
        (warning,) = problems.items
        assert (warning.code, warning.line, warning.message) == (
            "result-tag",
            3,
            'round ?, A v B: the Result tag says "1/2-1/2", but the moves end with "1-0"; '
            "the tag is taken",
        )
    # A game in progress written with its tag "*" takes the moves' result, without a word.
    problems = Problems()
    (game,) = read_pgn_text(
        '[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 0-1\n', Path("s"), problems
    )
    assert game.headers["Result"] == "0-1" and not problems.items


def test_an_export_keeps_every_tag_line_within_255_characters() -> None:
    """PGN standard 4.3: a line of PGN holds at most 255 characters, and a tag pair cannot be
    split over lines (8.1). A Site of 300 characters made a tag line of 309; a value that
    would pass the limit is now cut, with "..." to say so, and an escape is never cut in
    half: "a" and 250 quotes are 501 characters escaped; the line ``[Annotator "..."]`` has
    room for 255 - 14 = 241 characters of value, 238 before the "...": "a", 118 escaped
    quotes (236 characters) and the backslash of the 119th, which goes too, so the line is
    254 long. A tab in a value is a space (4.2: export format has no tabs)."""
    (game,) = read_pgn_text(TWO_GAMES.split("\n\n[Event")[0], Path("x.pgn"), Problems())
    site = "Hall " + "x" * 300
    headers = {
        "Event": "E\tF",
        "Site": site,
        "White": "Alpha",
        "Black": "Beta",
        "Result": "1-0",
        "Annotator": "a" + '"' * 250,
    }
    text = export_game(game.moves, headers)
    lines = text.splitlines()
    assert max(len(line) for line in lines) == 255
    assert '[Event "E F"]' in lines
    site_line = next(line for line in lines if line.startswith("[Site "))
    assert site_line == '[Site "' + site[: 255 - len('[Site ""]') - 3] + '..."]'
    annotator = next(line for line in lines if line.startswith("[Annotator "))
    assert annotator == '[Annotator "a' + '\\"' * 118 + '..."]'
    assert len(annotator) == 254
    read = chess.pgn.read_game(io.StringIO(text))
    assert read is not None and read.headers["White"] == "Alpha"
    assert [m.uci() for m in read.mainline_moves()] == [m.uci for m in game.moves]


@pytest.mark.parametrize("setup", ["", '[SetUp "0"]\n'], ids=["no SetUp", "SetUp 0"])
def test_an_export_from_a_position_says_so_with_setup_1(setup: str) -> None:
    """PGN standard 9.7.1: a game from a set-up position must carry [SetUp "1"] with its FEN;
    "0" says the game began from the usual array. The reader takes the FEN whatever SetUp
    says, and the export wrote the FEN without SetUp, or with SetUp "0", so a program that
    honours SetUp replayed 1. e4 Kd7 from the usual array (where Kd7 is no move)."""
    text = (
        '[Event "E"]\n[Site "S"]\n[Date "2025.01.01"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n'
        f'[Result "1-0"]\n{setup}[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 Kd7 1-0\n'
    )
    (game,) = read_pgn_text(text, Path("x.pgn"), Problems())
    exported = export_game(game.moves, dict(game.headers))
    lines = exported.splitlines()
    assert lines[7:9] == ['[SetUp "1"]', '[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]']
    assert lines[-1] == "1. e4 Kd7 1-0"


NO_CLOSING_QUOTE = ": the value has no closing double quote"
NOT_QUOTED = ": the value is not in double quotes"


@pytest.mark.parametrize(
    ("broken", "tag", "value", "what"),
    [
        ('[Round "3.2]', "Round", "3.2", NO_CLOSING_QUOTE),
        ("[Round 3.2]", "Round", "3.2", NOT_QUOTED),  # it split the game in two
        ('[Round "3.2"', "Round", "3.2", ": it does not end with ]"),
        ('[White "Quill, Ada]', "White", "Quill, Ada", NO_CLOSING_QUOTE),
        # the comment after the bracket is no part of the value: the value is the name
        ('[White "Quill, Ada] ; x', "White", "Quill, Ada", NO_CLOSING_QUOTE),
        ("[Result 0-1]", "Result", "0-1", NOT_QUOTED),
        ("[Result 0-1] ; adjudicated", "Result", "0-1", NOT_QUOTED),
    ],
)
def test_a_tag_line_python_chess_cannot_read_is_an_error_on_its_line(
    broken: str, tag: str, value: str, what: str
) -> None:
    """python-chess passes over such a line without a word: the game lost its round ('cannot
    read the Round tag "?"' naming a "?" the file does not hold), its player, or its result,
    which the moves' "1-0" then gave silently. Each is now one error on the line itself,
    saying what is wrong and the line to write, and the value is taken as meant, so that no
    further error follows from it (a player "Quill, Ada] ; x" was not found: a second error)."""
    good = {"Round": '[Round "3.2"]', "White": '[White "Quill, Ada"]', "Result": '[Result "0-1"]'}
    lines = ['[Event "Club"]', good["Round"], good["White"], '[Black "Okafor, Nia"]']
    lines.append(good["Result"])
    lines[lines.index(good[tag])] = broken
    text = "\n".join(lines) + "\n\n1. e4 e5 1-0\n"
    problems = Problems()
    (game,) = read_pgn_text(text, Path("r3.pgn"), problems)
    (error,) = problems.errors
    assert (error.code, error.line) == ("bad-tag", lines.index(broken) + 1)
    assert error.message == f"cannot read the tag line {broken}{what}"
    assert error.hint == f'write it as [{tag} "{value}"]'
    assert game.headers[tag] == value
    assert game.headers["Round"] == "3.2" and game.headers["Black"] == "Okafor, Nia"
    if tag == "Result":  # the tag, not the moves, as for a readable one: said, and taken
        assert [w.code for w in problems.warnings] == ["result-tag"]


def test_a_tag_pair_with_a_comment_after_it_is_read_not_an_error() -> None:
    """PGN lets a ";" comment run to the end of any line, a tag pair's too, and a space stand
    between a tag pair's value and its bracket (standard 8.1: four tokens); python-chess
    passes over such lines, and the unreadable-tag check made them errors that failed the
    build. Their values are read: Round 3.2, White 'Quill, "Ada"' (its escaped quotes undone
    as for any tag), Black 'Okafor, Nia'. A FEN so written is still an error: the moves were
    read without it."""
    text = (
        '[Event "Club"]\n[Round "3.2"] ; board 2\n[White "Quill, \\"Ada\\""] ;\n'
        '[Black "Okafor, Nia" ]\n[Result "1-0"]\n\n1. e4 e5 1-0\n'
    )
    problems = Problems()
    (game,) = read_pgn_text(text, Path("r3.pgn"), problems)
    assert not problems.errors and not problems.warnings, problems.items
    assert (game.headers["Round"], game.headers["White"]) == ("3.2", 'Quill, "Ada"')
    assert game.headers["Black"] == "Okafor, Nia"
    fen = '[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"] ; a study\n[SetUp "1"]\n'
    problems = Problems()
    read_pgn_text(fen + text, Path("r3.pgn"), problems)
    assert [(e.code, e.line) for e in problems.errors] == [("bad-tag", 1)]
    (error,) = problems.errors
    assert error.message.endswith(
        ": the moves are read from this tag only when it is written plainly, with no space "
        "before the ] and no comment after it"
    )
    assert error.hint == 'write it as [FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]'


def _read_both_ways(text: str, name: str) -> tuple[list[pgn.PgnGame], Problems]:
    """A text read as ``read_pgn_text`` reads it, and as the build's cache does (block by
    block, ``read_block``): both must give the same games and problems."""
    problems = Problems()
    games = read_pgn_text(text, Path(name), problems)
    cached = Problems()
    by_block = read_pgn_text(text, Path(name), cached, lambda block: pgn.read_block(block))
    assert by_block == games and cached.items == problems.items
    return games, problems


GAME_3_1 = '[Event "E"]\n[Round "3.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n'


@pytest.mark.parametrize(
    "comment",
    [
        # Three lines of comment, the second a tag pair as it stood before an edit: the game
        # starts on line 4.
        '{ Junior Closed, round 3\n  [Event "Junior Closed 2025"] was the old name\n}\n',
        # Its last line starts like a tag: it joined the comment to the game's tags.
        "{ Round 3 of the\n  Northbridge\n[Junior Closed] }\n",
    ],
)
def test_an_opening_comment_of_several_lines_is_no_game(comment: str) -> None:
    """A file opening with a comment in braces over several lines, one of them looking like a
    tag, was "round ?, ? v ?: the moves stop without a result; the file looks cut short", a
    false error on a complete file (or its game lost its tags to the comment). It is passed
    over: one game, from line 4, its tags on their lines, no problem."""
    games, problems = _read_both_ways(comment + GAME_3_1, "r3.pgn")
    assert not problems.items, problems.items
    (game,) = games
    assert (game.line, game.tag_line("Round"), game.tag_line("Result")) == (4, 5, 8)
    assert (game.headers["Round"], game.headers["White"], game.headers["Black"]) == (
        "3.1",
        "A",
        "B",
    )
    assert game.moves.san_list == ["e4", "e5"]


@pytest.mark.parametrize(
    ("text", "white_line", "moves_line"),
    [
        # Two blank lines between the tags and the moves: the moves on line 8.
        (GAME_3_1.replace("\n\n1.", "\n\n\n1."), 3, 8),
        # Three, with a % escape line among them: the moves on line 10.
        (GAME_3_1.replace("\n\n1.", "\n\n%broadcast 14:02\n\n\n1."), 3, 10),
        # A % escape line between two tag pairs: White on line 4, the moves on line 8.
        (GAME_3_1.replace('[White "A"]', '%relay board 1\n[White "A"]'), 4, 8),
    ],
)
def test_blank_lines_or_an_escape_line_in_a_game_keep_it_one_game(
    text: str, white_line: int, moves_line: int
) -> None:
    """A second blank line before the moves, or a ``%`` line among the tags (PGN 8.2.2: a
    line starting with % is passed over), made two games of one: its tags without moves and
    its moves without tags ("round ?, ? v ?"). It is one game, its lines kept: the illegal
    "2. Ke3" stands on the moves' line."""
    text = text.replace("1. e4 e5 1-0", "1. e4 e5 2. Ke3 1-0")
    games, problems = _read_both_ways(text, "r3.pgn")
    assert not problems.errors, problems.errors
    (game,) = games
    assert (game.line, game.tag_line("White")) == (1, white_line)
    assert (game.headers["Round"], game.headers["White"], game.headers["Result"]) == (
        "3.1",
        "A",
        "1-0",
    )
    assert game.moves.san_list == ["e4", "e5"]
    (warning,) = problems.warnings
    assert (warning.code, warning.line) == ("illegal-move", moves_line)
    assert warning.message.startswith("round 3, board 1, A v B: illegal or unreadable move")


def test_a_game_of_tags_alone_before_another_games_tags_stays_a_game() -> None:
    """Only moves without tags of their own join the tags before them: a game of tags and a
    result, then two blank lines or a % line, then the next game's tags, is two games (the
    first with no moves), not one game whose tags the second overwrote."""
    first = '[Event "E"]\n[Round "3.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n'
    second = (
        '[Event "E"]\n[Round "3.2"]\n[White "C"]\n[Black "D"]\n[Result "0-1"]\n\n1. d4 d5 0-1\n'
    )
    for between in ("\n\n", "%relay\n", "\n%relay\n\n"):
        games, problems = _read_both_ways(first + between + second, "r3.pgn")
        assert not problems.items, (between, problems.items)
        assert [(g.headers["White"], g.headers["Result"], g.moves.san_list) for g in games] == [
            ("A", "1-0", []),
            ("C", "0-1", ["d4", "d5"]),
        ], repr(between)


def test_a_game_of_tags_alone_then_a_comment_line_then_an_event_tag_is_two_games() -> None:
    """A forfeit typed as tags alone, without an Event tag, a ";" comment or a "%" line after
    it, then a program's game starting with its Event tag: two games. The Event tag repeats
    no tag of the first game, and the first was lost without a word, its tags overwritten by
    the second's (a "%" or ";" line between one game's tag pairs is no new game, but a game
    that has its White, Black and Result already starts no Event tag of its own)."""
    first = '[Round "3.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n'
    for moves in ("1. d4 d5 0-1", "1. d4 {a comment} d5 0-1"):
        second = (
            f'[Event "E"]\n[Round "3.2"]\n[White "C"]\n[Black "D"]\n[Result "0-1"]\n\n{moves}\n'
        )
        for between in ("; forfeit: B did not come\n", "%relay\n"):
            games, problems = _read_both_ways(first + between + second, "r3.pgn")
            assert not problems.items, (between, problems.items)
            assert [(g.headers["White"], g.headers["Result"], g.moves.san_list) for g in games] == [
                ("A", "1-0", []),
                ("C", "0-1", ["d4", "d5"]),
            ], (between, moves)
            assert [g.line for g in games] == [1, 6]


def test_a_tag_line_without_its_opening_bracket_is_one_error_on_its_line() -> None:
    """'Round "3.1"]' (the [ left out) ended the tags there: three errors, two of them on
    other lines (the game cut short, a game of moves without tags). It is one error on line 2
    saying what is missing and how to write it; the rest of the game is read, the round as
    meant."""
    text = GAME_3_1.replace('[Round "3.1"]', 'Round "3.1"]')
    games, problems = _read_both_ways(text, "r3.pgn")
    (error,) = problems.items
    assert (error.code, error.line, error.path) == ("bad-tag", 2, Path("r3.pgn"))
    assert error.message == 'cannot read the tag line Round "3.1"]: it does not start with ['
    assert error.hint == 'add the [ at the start of the line: [Round "3.1"]'
    (game,) = games
    assert (game.line, game.tag_line("Round"), game.tag_line("White")) == (1, 2, 3)
    assert (game.headers["Round"], game.headers["White"], game.headers["Black"]) == (
        "3.1",
        "A",
        "B",
    )
    assert game.moves.san_list == ["e4", "e5"]


def test_an_illegal_move_in_a_play_off_game_is_named_as_a_play_off_game(
    make_site: SiteMaker,
) -> None:
    """The warning named the play-off game 'round 2', a round of the event, from its Round
    tag: it names it as every load message about a play-off game does, finished or not."""
    playoff = pgn_game("2", "Alpha, Anna", "Bravo, Bob", "1-0", "1. e4 e5 2. Ke3")
    playoff += pgn_game("3", "Bravo, Bob", "Alpha, Anna", "*", "1. d4 d5 2. Kd3")
    site = make_site(event_toml(), {"playoff/playoff.pgn": playoff})
    _, problems = load(site)
    illegal = [p for p in problems.warnings if p.code == "illegal-move"]
    assert [(p.path.name if p.path else None, p.line, p.message) for p in illegal] == [
        (
            "playoff.pgn",
            7,
            'play-off game (Round "2") Alpha, Anna v Bravo, Bob: illegal or unreadable move '
            "at move 2 (White): 'Ke3'; the game is shown up to move 1",
        ),
        (
            "playoff.pgn",
            15,
            'play-off game (Round "3") Bravo, Bob v Alpha, Anna: illegal or unreadable move '
            "at move 2 (White): 'Kd3'; the game is shown up to move 1",
        ),
    ]


TAGS_3_2 = '[Event "E"]\n[Round "3.2"]\n[White "C"]\n[Black "D"]\n'


@pytest.mark.parametrize("after", ["", "\n", "\n\n" + GAME_3_1])
def test_a_game_of_tags_whose_last_tag_has_a_comment_after_it_is_a_game(after: str) -> None:
    """A forfeit recorded by its tags, its last tag line ``[Result "0-1"] ; typed in`` (PGN
    lets a ";" comment run to the end of any line): the check for a tag line cut off at the
    end of the file looked for a "]" at the end of the line, so the game was "the file ends
    in the middle of a tag line" and dropped. It is a game of tags (lines 1 to 5), Black's
    win, with no problem, whether the file ends there or another game follows."""
    text = TAGS_3_2 + '[Result "0-1"] ; typed in' + after
    games, problems = _read_both_ways(text, "r3.pgn")
    assert not problems.items, problems.items
    game = games[0]
    assert (game.line, game.tag_line("Result")) == (1, 5)
    assert (game.headers["Round"], game.headers["White"], game.headers["Result"]) == (
        "3.2",
        "C",
        "0-1",
    )
    assert game.moves == pgn.NO_MOVES
    assert [g.headers["Round"] for g in games] == (["3.2", "3.1"] if after.strip() else ["3.2"])


@pytest.mark.parametrize(
    "cut",
    [
        '[Result "0-',  # cut in the value
        '[Event "Club; Northbridge',  # a ";" inside the value is no comment
    ],
)
def test_a_tag_line_cut_off_at_the_end_of_the_file_is_still_reported(cut: str) -> None:
    """The last tag line of the file cut off (line 5): the file is cut short, said on that
    line, and the game is not read."""
    games, problems = _read_both_ways(TAGS_3_2 + cut, "r3.pgn")
    assert games == []
    truncated = [p for p in problems.errors if p.code == "truncated-pgn"]
    assert [(p.line, p.message) for p in truncated] == [
        (5, "the file ends in the middle of a tag line")
    ]


def test_a_bad_fen_in_a_play_off_game_is_named_as_a_play_off_game(make_site: SiteMaker) -> None:
    """The error for a FEN that is no position named the play-off game "round 2, A v B", a
    round of the event, though every other message about a play-off game names it as the
    play-off rules do. The game is not read, so its name cannot come from it: on the FEN's
    line (7: five tags, then SetUp and FEN) it is 'play-off game (Round "2") A v B'; a game
    of the rounds keeps "round 2, board 1" (Round tag "2.1")."""
    bad = {"SetUp": "1", "FEN": "8/8/8 w - - 0 1"}
    playoff = pgn_game("2", "Alpha, Anna", "Bravo, Bob", "*", "1. e4", **bad)
    rounds = pgn_game("2.1", "Charlie, Carl", "Delta, Dora", "*", "1. e4", **bad)
    site = make_site(event_toml(), {"playoff/playoff.pgn": playoff, "r2.pgn": rounds})
    _, problems = load(site)
    fen = sorted((p for p in problems.errors if p.code == "bad-fen"), key=lambda p: str(p.path))
    expected = "the FEN tag is not a position (expected 8 rows in position part of fen: '8/8/8')"
    assert [(p.path.name if p.path else None, p.line, p.message) for p in fen] == [
        ("playoff.pgn", 7, f'play-off game (Round "2") Alpha, Anna v Bravo, Bob: {expected}'),
        ("r2.pgn", 7, f"round 2, board 1, Charlie, Carl v Delta, Dora: {expected}"),
    ]


def test_a_game_of_tags_alone_straight_before_the_next_games_tags_stays_a_game() -> None:
    """A result typed in as tags alone, the next game's tags straight under it with no blank
    line: python-chess read the two as one game, the second's tags over the first's, and the
    first game was lost without a word. An Event tag after a whole game's tags (its own Event,
    White, Black and Result) starts the next game; a tag repeated inside one game's tags
    (two Date tags) does not."""
    text = (
        '[Event "Open"]\n[Round "1.2"]\n[White "Bravo, Bob"]\n[Black "Delta, Dora"]\n'
        '[Result "1-0"]\n[Event "Open"]\n[Round "1.1"]\n[White "Alpha, Anna"]\n'
        '[Black "Charlie, Carl"]\n[Result "0-1"]\n\n1. e4 e5 0-1\n'
    )
    games, problems = _read_both_ways(text, "r1.pgn")
    assert not problems.errors, [p.format() for p in problems.items]
    assert [
        (g.headers["Round"], g.headers["White"], g.headers["Result"], g.line) for g in games
    ] == [
        ("1.2", "Bravo, Bob", "1-0", 1),
        ("1.1", "Alpha, Anna", "0-1", 6),
    ]
    twice = '[Event "Open"]\n[Date "2026.01.01"]\n[Date "2026.01.02"]\n[White "A, A"]\n'
    twice += '[Black "B, B"]\n[Result "1-0"]\n\n1. e4 1-0\n'
    games, _ = _read_both_ways(twice, "r1.pgn")
    assert len(games) == 1


ANNOTATED = (
    '[Event "E"]\n[Round "1.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
    "{ Hall } 1. e4 {[%clk 1:29:58]} e5 { [%clk 1:29:50.5] } 2. Nf3 $1 (2. f4) Nc6\n"
    "{ [%clk 0:59:07] good } 3. Bb5 1-0\n"
)


def test_comments_nags_side_lines_and_clocks_are_kept() -> None:
    """A game's record keeps what the organiser's file held beyond the moves: the comment
    before the first move, the clocks, a NAG and a side line, in PGN's export layout (a move
    number before Black's move after a comment or side line, 80 columns)."""
    (game,) = read_pgn_text(ANNOTATED, Path("x.pgn"), Problems())
    assert game.moves.sans == "e4 e5 Nf3 Nc6 Bb5"
    assert game.moves.clocks == "1:29:58 1:29:50.5 - 0:59:07 -"
    assert game.moves.clock_list == ["1:29:58", "1:29:50.5", "", "0:59:07", ""]
    assert game.moves.annotations == (
        "{ Hall } 1. e4 { [%clk 1:29:58] } 1... e5 { [%clk 1:29:50.5] } 2. Nf3 $1 ( 2.\n"
        "f4 ) 2... Nc6 { [%clk 0:59:07] good } 3. Bb5"
    )


def test_an_annotated_game_is_exported_with_the_events_result() -> None:
    """The result at the end of the moves is the one the event decided (the Result tag
    given), not the one the file ended with: a [[results]] decision overrides it."""
    (game,) = read_pgn_text(ANNOTATED, Path("x.pgn"), Problems())
    exported = export_game(game.moves, {"White": "A", "Black": "B", "Result": "0-1"})
    assert exported == (
        '[White "A"]\n[Black "B"]\n[Result "0-1"]\n\n'
        "{ Hall } 1. e4 { [%clk 1:29:58] } 1... e5 { [%clk 1:29:50.5] } 2. Nf3 $1 ( 2.\n"
        "f4 ) 2... Nc6 { [%clk 0:59:07] good } 3. Bb5 0-1"
    )
    read = chess.pgn.read_game(io.StringIO(exported))
    assert read is not None and read.headers["Result"] == "0-1"
    nodes = list(read.mainline())
    assert [node.san() for node in nodes] == ["e4", "e5", "Nf3", "Nc6", "Bb5"]
    assert [node.clock() for node in nodes] == [5398, 5390.5, None, 3547, None]
    assert read.comment == "Hall" and nodes[2].nags == {1}
    assert [v.san() for v in nodes[1].variations] == ["Nf3", "f4"]


def test_a_long_comment_wraps_within_pgn_lines_and_no_line_starts_with_an_escape() -> None:
    """python-chess writes a comment as one word on one line, whatever its length (PGN
    allows 255 characters a line); the export wraps it at 80 columns as the moves are, and a
    word beginning with "%" never starts a line, where PGN reads it as a line to skip."""
    words = " ".join(f"w{i} %{i} %" for i in range(60)) + " [%csl Ga4,Rb5] [%cal Ge2e4]"
    text = ANNOTATED.replace("{ Hall }", "{ " + words + " }")
    (game,) = read_pgn_text(text, Path("x.pgn"), Problems())
    exported = export_game(game.moves, {"White": "A", "Black": "B", "Result": "1-0"})
    lines = exported.split("\n")
    assert max(len(line) for line in lines) < 80
    assert not any(line.startswith("%") for line in lines)
    assert any(line.startswith(" %") for line in lines)  # runs of them: a space before
    assert any("[%csl Ga4,Rb5]" in line for line in lines)  # a command stays on one line
    read = chess.pgn.read_game(io.StringIO(exported))
    assert read is not None and read.comment.split() == words.split()


def test_a_comment_word_too_long_for_a_pgn_line_is_cut() -> None:
    """PGN lines hold 255 characters: a word of 600 is written on three lines."""
    word = "x" * 600
    text = ANNOTATED.replace("{ Hall }", "{ " + word + " }")
    (game,) = read_pgn_text(text, Path("x.pgn"), Problems())
    exported = export_game(game.moves, {"White": "A", "Black": "B", "Result": "1-0"})
    lines = exported.split("\n")
    assert max(len(line) for line in lines) == 253  # room for a space before a "%"
    read = chess.pgn.read_game(io.StringIO(exported))
    assert read is not None and "".join(read.comment.split()) == word


def test_a_plain_game_or_one_cut_short_by_an_illegal_move_keeps_no_annotations() -> None:
    """Annotations are kept only when they follow the moves shown: a game cut short at an
    illegal move is exported with the moves it has, as before, comments and all left out
    with the rest of its text."""
    (plain,) = read_pgn_text(TWO_GAMES.split("\n\n[Event")[0], Path("x.pgn"), Problems())
    assert (plain.moves.annotations, plain.moves.clocks) == ("", "")
    broken = ANNOTATED.replace("3. Bb5", "3. Ke3")
    (cut,) = read_pgn_text(broken, Path("x.pgn"), Problems())
    assert cut.illegal is not None and cut.moves.sans == "e4 e5 Nf3 Nc6"
    assert (cut.moves.annotations, cut.moves.clocks) == ("", "")


def test_clock_text_gives_hours_minutes_seconds_and_tenths() -> None:
    assert pgn.clock_text(5398) == "1:29:58"
    assert pgn.clock_text(4.5) == "0:00:04.5"
    assert pgn.clock_text(59.96) == "0:01:00"  # tenths rounded: 600 tenths, a whole minute
    assert pgn.clock_text(36000) == "10:00:00"


def test_annotations_survive_the_cache_and_other_processes() -> None:
    """The parse workers hand games back pickled, and the cache keeps ``Moves.parts``."""
    (game,) = read_pgn_text(ANNOTATED, Path("x.pgn"), Problems())
    again = pickle.loads(pickle.dumps(game.moves))
    assert again == game.moves and again.annotations == game.moves.annotations
    assert pgn.Moves(*game.moves.parts()).clocks == game.moves.clocks


@pytest.mark.parametrize(
    ("moves", "line", "what"),
    [
        ("1. e4 e5 2. Bb9 1-0", 7, "move 2 (White): 'Bb9'"),
        ("1. e4 e5\n2. Nf3 Nc6\n3. Bb9 1-0", 9, "move 3 (White): 'Bb9'"),
        ("1. e4 e5 2. Nf3 Nf9+ 1-0", 7, "move 2 (Black): 'Nf9+'"),
        ("1. e4 e5 2. Nf3 { good } Nc6 3. Bb9 1-0", 7, "move 3 (White): 'Bb9'"),
        ("1. e4 d5 2. exd9 1-0", 7, "move 2 (White): 'exd9'"),
        ("1. d4 e5 2. Nf3 exd0 1-0", 7, "move 2 (Black): 'exd0'"),
    ],
    ids=[
        *("plain", "on a later line", "Black's, with a check", "read the full way"),
        *("a pawn's capture", "Black's pawn capture"),
    ],
)
def test_a_last_move_python_chess_passes_over_is_an_unreadable_move(
    moves: str, line: int, what: str
) -> None:
    """python-chess skips a word it cannot read as a move ("Bb9": there is no 9th rank);
    inside the moves the next move is then illegal and says so, but after the last move
    nothing did: the game was shown whole, without its last move and without a word."""
    text = '[Event "E"]\n[Round "1.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n' + moves
    problems = Problems()
    (game,) = read_pgn_text(text + "\n", Path("x.pgn"), problems)
    assert game.illegal == what
    (warning,) = problems.items
    assert warning.code == "illegal-move" and warning.line == line
    assert (game.moves.annotations, game.moves.clocks) == ("", "")


@pytest.mark.parametrize(
    "moves",
    [
        *("1. e4 e5 2. Qh5 mate 1-0", "1. e4 d5 2. e5 f5 3. exf6 e.p. 1-0", "1. e4 e5 1/2", "1-0"),
        *("1. e4 e5 2. Nf3 ; threat on h9\n1-0", "1. e4 e5 2. Nf3 {threat on h9} 1-0"),
        *("1. e4 e5 2. Nf3\n%escape Bb9\n1-0", "1. e4 e5 2. Nf3 1-0 {after the result, h9}"),
    ],
)
def test_a_last_word_that_is_no_move_written_is_no_unreadable_move(moves: str) -> None:
    """Words after the last move that are not written as moves ("mate", "e.p.", a result
    spelt "1/2") are passed over as before: the moves before them are the whole game. So are
    words written as moves in a comment ("h9" in "; threat on h9", or before the "}" of one),
    after the result, or on a line beginning with "%" (an escape, skipped by PGN's readers):
    the last word of the text was taken for a move, and the game said to stop before it.
    ("mate" is a word python-chess skips: that is said, ``test_a_word_among_the_moves_...``.)"""
    text = '[Event "E"]\n[Round "1.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n' + moves
    problems = Problems()
    (game,) = read_pgn_text(text + "\n", Path("x.pgn"), problems)
    assert game.illegal is None
    assert not [p for p in problems.items if "the game is shown up to" in p.message]


def test_a_game_without_a_result_before_another_game_is_not_said_to_be_a_cut_file() -> None:
    """Moves without a result, then another game: the file was not cut short, the result was
    left out; only the last game of a file can be where the file was cut."""
    first = '[Event "E"]\n[Round "1.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5\n\n'
    second = '[Event "E"]\n[Round "1.2"]\n[White "C"]\n[Black "D"]\n[Result "0-1"]\n\n1. d4 d5\n'
    problems = Problems()
    read_pgn_text(first + second, Path("x.pgn"), problems)
    assert [(p.line, p.message, p.hint) for p in problems.items] == [
        (
            7,
            "round 1, board 1, A v B: the moves stop without a result (1-0, 0-1, 1/2-1/2 or *)",
            "end the moves with the game's result, as the Result tag gives it",
        ),
        (
            15,
            "round 1, board 2, C v D: the moves stop without a result (1-0, 0-1, 1/2-1/2 or *); "
            "the file looks cut short",
            "copy the whole file again from its source; if the moves are complete, end them "
            "with the game's result",
        ),
    ]


SKIPPED = "it was skipped, and the moves after it were kept"
LEFT_OUT = "the side line is left out, and the main line is read on to its end"
"""What the warning of an illegal move in a side line says of the game."""


@pytest.mark.parametrize(
    ("moves", "word", "line", "sans"),
    [
        # The brief's game: "blunder" on the moves' first line (line 7: five tags, a blank).
        (
            "1. e4 e5 2. Nf3 blunder Nc6 3. Bb5 1-0",
            "blunder",
            7,
            ["e4", "e5", "Nf3", "Nc6", "Bb5"],
        ),
        # On the second line of moves, after a comment and a NAG: line 8.
        (
            "1. e4 e5 {open} 2. Nf3 $1\nNc6 oops 3. Bb5 1-0",
            "oops",
            8,
            ["e4", "e5", "Nf3", "Nc6", "Bb5"],
        ),
        # Castling in small letters: python-chess reads no move; Black's Nc6 follows Nf3.
        ("1. e4 e5 2. Nf3 o-o Nc6 1-0", "o-o", 7, ["e4", "e5", "Nf3", "Nc6"]),
        # In a side line: the side line is read without it.
        ("1. e4 e5 (1... c5 junk 2. Nf3) 2. Nf3 1-0", "junk", 7, ["e4", "e5", "Nf3"]),
        # A word after the last move ("mate"): the moves are whole.
        ("1. e4 e5 2. Qh5 mate 1-0", "mate", 7, ["e4", "e5", "Qh5"]),
    ],
    ids=["plain", "on a later line", "castling in small letters", "in a side line", "mate"],
)
def test_a_word_among_the_moves_that_is_no_move_is_a_warning(
    moves: str, word: str, line: int, sans: list[str]
) -> None:
    """python-chess passes over a word that is neither a move nor an annotation without an
    error and reads the moves after it: the game was shown as if the word were not there,
    and nothing said so, though the word may stand for a move. A warning names the game, the
    word and its line, and says it was skipped and the moves after it kept."""
    text = '[Event "E"]\n[Round "1.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n' + moves
    problems = Problems()
    (game,) = read_pgn_text(text + "\n", Path("r1.pgn"), problems)
    (warning,) = problems.items
    assert (warning.severity.value, warning.code) == ("warning", "illegal-move")
    assert (warning.path, warning.line) == (Path("r1.pgn"), line)
    assert warning.message == (
        f"round 1, board 1, A v B: the word '{word}' among the moves is no move: {SKIPPED}"
    )
    assert dict(warning.context) == {"round": "1.1", "white": "A", "black": "B"}
    assert [move.san for move in game.moves] == sans
    assert game.illegal is None


def test_several_words_among_the_moves_are_one_warning_naming_each() -> None:
    """A remark typed among the moves without braces is one warning for the game, on the
    first word's line, naming three words and their lines and counting the others."""
    text = (
        '[Round "2"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
        "1. e4 e5 2. Nf3 white\nplays a good move Nc6 1-0\n"
    )
    problems = Problems()
    (game,) = read_pgn_text(text, Path("r2.pgn"), problems)
    (warning,) = problems.items
    assert (warning.code, warning.line) == ("illegal-move", 6)
    assert warning.message == (
        "round 2, A v B: the words 'white' (line 6), 'plays' (line 7), 'a' (line 7) and 2 more "
        "among the moves are no moves: they were skipped, and the moves after them were kept"
    )
    assert [move.san for move in game.moves] == ["e4", "e5", "Nf3", "Nc6"]


@pytest.mark.parametrize(
    "moves",
    [
        "1. e4 e5 2. Nf3 $1 Nc6 !? 3. Bb5?! a6! 4. Ba4!! Nf6?? 5. O-O 1-0",
        "1. e4 {a comment, with words} e5 ; words to the end of the line\n2. Nf3 1-0",
        "1. e4 e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 1-0",
        "1. e4 d5 2. e5 f5 3. exf6 e.p. Nxf6 4. d4 1-0",
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 5. d3 0-0 1-0",
        "1. e2-e4 e7-e5 2. Ng1-f3 Nb8-c6 3. Bf1-b5 1-0",
        "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
        "1. e4 e5 +- 2. Nf3 = Nc6 += 1-0",
        "1.e4 e5 2.Nf3 Nc6 3.Bb5 3...a6 1-0",
        "1. e4 e5\n%an escape line with words\n2. Nf3 1-0",
        "1. e4 e5 2. Nf3 1-0 {after the result, words}",
    ],
    ids=[
        *("NAGs and marks", "comments", "side lines", "e.p.", "castling with zeros"),
        *("long algebraic", "check and mate signs", "evaluation marks", "numbers run in"),
        *("an escape line", "a comment after the result"),
    ],
)
def test_moves_annotations_and_comments_are_no_stray_words(moves: str) -> None:
    """What PGN allows among the moves (NAGs, "!?", comments, side lines, "e.p.", castling
    with zeros, long algebraic moves, evaluation marks, escape lines) warns of nothing."""
    text = '[Event "E"]\n[Round "1.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n' + moves
    problems = Problems()
    read_pgn_text(text + "\n", Path("x.pgn"), problems)
    assert not problems.items


@pytest.mark.parametrize(
    ("moves", "null"),
    [
        ("1. e4 e5 2. -- Nc6 1-0", "--"),
        ("1. e4 e5 2. Z0 Nc6 1-0", "Z0"),
        ("1. e4 e5 2.0000 Nc6 1-0", "0000"),  # the move number run in: not quoted
        ("1. e4 e5 {a remark} 2. @@@@! Nc6 1-0", "@@@@"),  # the mark after it: not quoted
    ],
)
def test_a_null_move_is_no_stray_word(moves: str, null: str) -> None:
    """ "--", "Z0", "0000" and "@@@@" are null moves: the game stops there
    (``test_a_null_move_...``), one warning quoting it as written, not also a word skipped."""
    text = '[Event "E"]\n[Round "1.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n' + moves
    problems = Problems()
    (game,) = read_pgn_text(text + "\n", Path("x.pgn"), problems)
    (warning,) = problems.items
    assert f"move 2 (White): '{null}', a null move" in warning.message
    assert [move.san for move in game.moves] == ["e4", "e5"]


@pytest.mark.parametrize(
    ("moves", "illegal", "illegal_line", "stray"),
    [
        # 'blunder' is skipped before Nf9 (no square f9): both said; 'xx' after Nf9 is not
        # read (the game stops at Nf9), so not said.
        (
            "1. e4 e5 2. Nf3 blunder Nc6 3. Nf9 d6 4. xx 1-0",
            "move 3 (White): 'Nf9'; the game is shown up to move 2",
            7,
            ("blunder", 7),
        ),
        # 'oops' on line 7, the last move Bb9 (no square b9) on line 8 after a comment.
        (
            "1. e4 e5 2. Nf3 oops\n{c} Nc6 3. Bb9 1-0",
            "move 3 (White): 'Bb9'; the game is shown up to move 2",
            8,
            ("oops", 7),
        ),
    ],
    ids=["a skipped illegal move", "the last move"],
)
def test_words_before_an_illegal_move_are_said_in_the_same_build(
    moves: str, illegal: str, illegal_line: int, stray: tuple[str, int]
) -> None:
    """A word skipped before an illegal move was said only once the move was corrected, a
    build later: both are said at once, the illegal move as before, and the skipped word
    (its line: 7, the first line of moves after five tags and a blank) with the moves after
    it kept up to the illegal move. The illegal move's word is not also a skipped word."""
    text = '[Event "E"]\n[Round "1.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n' + moves
    problems = Problems()
    (game,) = read_pgn_text(text + "\n", Path("r1.pgn"), problems)
    said = [(p.code, p.line, p.message) for p in problems.items]
    assert said == [
        (
            "illegal-move",
            illegal_line,
            f"round 1, board 1, A v B: illegal or unreadable move at {illegal}",
        ),
        (
            "illegal-move",
            stray[1],
            f"round 1, board 1, A v B: the word '{stray[0]}' among the moves is no move: "
            f"{SKIPPED}, up to the illegal move",
        ),
    ]
    assert [move.san for move in game.moves] == ["e4", "e5", "Nf3", "Nc6"]


def test_an_illegal_word_skipped_is_said_once() -> None:
    """'o-o' (castling in small letters) is skipped, so Nf6 falls to White, who cannot play
    it: the illegal move is 'o-o' (``_word_at``), said once, not also as a skipped word."""
    text = (
        '[Round "1.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. o-o Nf6 5. Re1 1-0\n"
    )
    problems = Problems()
    read_pgn_text(text, Path("r1.pgn"), problems)
    assert [p.message for p in problems.items] == [
        "round 1, board 1, A v B: illegal or unreadable move at move 4 (White): 'o-o'; "
        "the game is shown up to move 3"
    ]


REMARKS = (
    *("a good move", "[%clk 0:03:00]", "[%eval 0.3]", "[%clk 1:29:58] [%emt 0:00:05]"),
    *("White wins a pawn; a threat", "1-0 was likely", "e.p.", "(no side line)", "±"),
    *("∓ ⩲", "Nf3 was better", "two\nlines", ""),
)
"""Comments a game may carry: words, clocks and evaluations, marks, what looks like moves."""


def _random_game(rng: random.Random) -> chess.pgn.Game:
    """A legal game of up to 40 half-moves, from the start or a FEN, with comments, NAGs,
    clocks, evaluations and side lines of up to 4 half-moves."""
    board = chess.Board()
    if rng.random() < 0.2:  # a FEN, Black to move half of the time
        for _ in range(rng.randint(1, 12)):
            legal = list(board.legal_moves)
            if not legal:
                break
            board.push(rng.choice(legal))
        board = chess.Board(board.fen())
    game = chess.pgn.Game.from_board(board)
    game.headers.update({"Round": "1.1", "White": "A", "Black": "B"})
    node: chess.pgn.GameNode = game
    for _ in range(rng.randint(0, 40)):
        legal = list(board.legal_moves)
        if not legal:
            break
        move = rng.choice(legal)
        if rng.random() < 0.1 and len(legal) > 1:
            side = node.add_variation(rng.choice([m for m in legal if m != move]))
            side.comment = rng.choice(REMARKS)
            line = board.copy(stack=False)
            line.push(side.move)
            for _ in range(rng.randint(0, 4)):
                replies = list(line.legal_moves)
                if not replies:
                    break
                side = side.add_variation(rng.choice(replies))
                line.push(side.move)
                side.nags.add(rng.randint(1, 255))
        node = node.add_main_variation(move)
        board.push(move)
        if rng.random() < 0.3:
            node.comment = rng.choice(REMARKS)
        if rng.random() < 0.2:
            node.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 13, 14, 15, 16, 17, 18, 19, 22, 146]))
        if rng.random() < 0.15:
            node.set_clock(rng.uniform(0, 7200))
        if rng.random() < 0.05:
            node.set_eval(chess.engine.PovScore(chess.engine.Cp(rng.randint(-300, 300)), True))
        if rng.random() < 0.05 and node.parent is not None and len(node.parent.variations) > 1:
            node.starting_comment = rng.choice(REMARKS)
    game.comment = rng.choice(REMARKS) if rng.random() < 0.2 else ""
    game.headers["Result"] = rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
    return game


def test_games_python_chess_writes_have_no_stray_words() -> None:
    """300 random legal games (seeded) as python-chess writes them, with every option of its
    exporter in turn (side lines, comments, line widths): none of their words is a word
    skipped among the moves. A false alarm would warn of every game of a broadcast."""
    rng = random.Random(2026)
    options = [
        {"variations": variations, "comments": comments, "columns": columns}
        for variations in (True, False)
        for comments in (True, False)
        for columns in (None, 80, 40, 255)
    ]
    for number in range(300):
        game = _random_game(rng)
        exporter = chess.pgn.StringExporter(headers=True, **options[number % len(options)])
        text = game.accept(exporter) + "\n"
        assert pgn._stray_words(text, 1) == [], (number, text)


@pytest.mark.parametrize(
    "moves",
    [
        "1. e4 $146 e5 $1 2. Nf3 $14 *",
        "1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:02:58] } *",
        "1. e4 {[%eval 0.3]} e5 {[%eval 0.25] [%clk 0:01:00]} *",
        "1. e4 d5 2. e5 f5 3. exf6 e.p. Nxf6 4. exf6e.p. exf6 ep exf6 e.p *",
        "10. 0-0-0 O-O-O 11. O-O+ 0-0+ 12. O-O-O# 0-0-0+ *",
        "1... e5 2. Nf3 2...Nc6 3.Bb5 *",
        "30. exd8=Q# exd8Q+ exd8=N+ b1=Q gxh8=R *",
        "5. Nbd7 R1e2 Qh4xe1 Qh4-e1 R1xe2+ N5d4 *",
        "1. e4 ± e5 ∓ 2. Nf3 ⩲ Nc6 ⩱ 3. Bb5 +- a6 -+ 4. Ba4 = Nf6 ∞ *",
        "1. e4 += e5 =+ 2. Nf3 +/- Nc6 -/+ 3. Bb5 +/= a6 =/+ *",
        "1. e4 ‼ e5 ⁇ 2. Nf3 ⁉ Nc6 ⁈ 3. Bc4 □ Bc5 ⇆ 4. O-O → Nf6 ↑ *",
        "1. e4 { Comment, ± [%csl Ge4][%cal Ge2e4] } e5 (1... c5 $13 {Sicilian} (1... e6)) *",
    ],
    ids=[
        *("ChessBase NAGs", "lichess clocks", "evaluations", "e.p.", "castling"),
        *("Black's move numbers", "promotions", "disambiguation", "Unicode marks"),
        *("ASCII marks", "Unicode move marks", "comment marks"),
    ],
)
def test_common_pgn_writings_have_no_stray_words(moves: str) -> None:
    """What ChessBase, lichess and hand-written PGN put among the moves: no word skipped."""
    text = '[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n' + moves + "\n"
    assert pgn._stray_words(text, 1) == []


@pytest.mark.parametrize(
    "moves",
    [
        # After White's move, then after Black's; after a NAG; before a comment; in a side line.
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 N a6 4. Ba4 Nf6 N 5. O-O 1-0",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 $1 N a6 4. Ba4 Nf6 5. O-O 1-0",
        "1. e4 e5 2. Nf3 Nc6 3.Bb5 N {the novelty} 3...a6 4. Ba4 Nf6 5. O-O 1-0",
        "1. e4 e5 2. Nf3 Nc6 (2... d6 3. d4 N) 3. Bb5 a6 4. Ba4 Nf6 5. O-O 1-0",
    ],
    ids=["after each side", "after a NAG", "before a comment", "in a side line"],
)
def test_the_novelty_sign_is_no_stray_word(moves: str) -> None:
    """ "N" after a move is the novelty sign (PGN's $146) as printed score sheets and ChessBase
    write it: python-chess skips it, and it was said to be a word skipped. It is no warning,
    and the moves are read as if it were not there: the nine of the Ruy Lopez to 5. O-O."""
    text = '[Event "E"]\n[Round "1.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n' + moves
    problems = Problems()
    (game,) = read_pgn_text(text + "\n", Path("r1.pgn"), problems)
    assert not problems.items
    assert [move.san for move in game.moves] == [
        *("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O")
    ]
    assert game.illegal is None


@pytest.mark.parametrize(
    ("moves", "said"),
    [
        # After a move number, "N" is a move cut short (Nf3?): python-chess skips it, Black's
        # Nc6 falls to White, who cannot play it; the illegal move is the "N" (move 2, White).
        (
            "1. e4 e5 2. N Nc6 1-0",
            "illegal or unreadable move at move 2 (White): 'N'; the game is shown up to move 1",
        ),
        # After a word skipped, or after the sign itself, "N" is no sign: both words said.
        (
            "1. e4 e5 2. Nf3 blunder N Nc6 1-0",
            "the words 'blunder' (line 6), 'N' (line 6) among the moves are no moves: they "
            "were skipped, and the moves after them were kept",
        ),
        (
            "1. e4 e5 2. Nf3 N N Nc6 1-0",
            f"the word 'N' among the moves is no move: {SKIPPED}",
        ),
        # Black's "Nf3" after the sign is illegal (no black knight reaches f3): named, not "N".
        (
            "1. e4 e5 2. Nf3 N Nf3 3. Bb5 1-0",
            "illegal or unreadable move at move 2 (Black): 'Nf3'; the game is shown up to move 2",
        ),
    ],
    ids=["after a move number", "after a word", "twice", "an illegal move after it"],
)
def test_an_n_that_is_no_novelty_sign_is_still_said(moves: str, said: str) -> None:
    """Only an "N" right after a move is the novelty sign: elsewhere it may be a move lost,
    said as before (on line 6: four tags, a blank line); an illegal move after the sign is
    named itself, not the "N" before it."""
    text = '[Round "1.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n' + moves + "\n"
    problems = Problems()
    read_pgn_text(text, Path("r1.pgn"), problems)
    assert [(p.code, p.line, p.message) for p in problems.items] == [
        ("illegal-move", 6, f"round 1, board 1, A v B: {said}")
    ]


@pytest.mark.parametrize(
    ("moves", "illegal", "stray", "line", "main_line"),
    [
        # 'blunder' stands for White's 3rd move of the side line (3. Bb5?): without it, Black's
        # Qh4 falls to White, whose queen cannot reach h4 from d1. The side line is on line 7.
        (
            "1. e4 e5 2. Nf3 d6 (2... Nc6 blunder Qh4) 3. d4 1-0",
            f"move 3 (White) in a side line: 'Qh4'; {LEFT_OUT}",
            f"the word 'blunder' among the moves is no move: {SKIPPED}",
            7,
            ["e4", "e5", "Nf3", "d6", "d4"],
        ),
        # After the illegal move, python-chess skips the rest of its side line ('junk', and
        # 'more' in a side line of it: not said) and reads the main line on: 'oops' there
        # (line 9) is said too, not taken for the illegal move. The side line is on line 8.
        (
            "1. e4 e5 2. Nf3 d6\n(2... Nc6 blunder Qh4 junk (3. Bb5 more))\n3. d4 oops 1-0",
            f"move 3 (White) in a side line: 'Qh4'; {LEFT_OUT}",
            "the words 'blunder' (line 8), 'oops' (line 9) among the moves are no moves: they "
            "were skipped, and the moves after them were kept",
            8,
            ["e4", "e5", "Nf3", "d6", "d4"],
        ),
        # 'junk' stands for Black's 2nd move: Qh5 falls to Black, whose queen cannot reach
        # h5. The same Qh5 is White's legal 2nd move of the main line, before 'junk': the
        # illegal one is the second. The main line is e4 e5 Qh5 Nc6.
        (
            "1. e4 e5 2. Qh5 (2. Nf3 junk Qh5) Nc6 1-0",
            f"move 2 (Black) in a side line: 'Qh5'; {LEFT_OUT}",
            f"the word 'junk' among the moves is no move: {SKIPPED}",
            7,
            ["e4", "e5", "Qh5", "Nc6"],
        ),
    ],
    ids=["the brief's", "words after it", "the same move legal before"],
)
def test_words_before_an_illegal_move_in_a_side_line_are_said_in_the_same_build(
    moves: str, illegal: str, stray: str, line: int, main_line: list[str]
) -> None:
    """A word skipped before an illegal move in a side line was said only once the move was
    corrected, a build later, as in the main line before (b1541e0): both are said at once.
    The illegal move is named as python-chess read it in its side line (with the skipped word
    passed over: 'Qh4' as White's 3rd move), on its side line's line like the skipped word
    (7: five tags and a blank line before), and the main line is read whole: not "up to the
    illegal move"."""
    text = '[Event "E"]\n[Round "1.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n' + moves
    problems = Problems()
    (game,) = read_pgn_text(text + "\n", Path("r1.pgn"), problems)
    label = "round 1, board 1, A v B: "
    assert [(p.code, p.line, p.message) for p in problems.items] == [
        ("illegal-move", line, f"{label}illegal or unreadable move at {illegal}"),
        ("illegal-move", line, label + stray),
    ]
    assert [move.san for move in game.moves] == main_line


@pytest.mark.parametrize(
    ("moves", "line", "illegal", "main_line"),
    [
        # The main line is fine; its side line (3... Nf6 instead of 3... a6) goes on to White's
        # 4th move, Bxe5: the bishop on b5 cannot reach e5. Five tags and a blank line, then the
        # moves from line 7: the side line opens on line 9, "4. Bxe5" stands on line 10. The
        # main line read is 7 half-moves (to White's 4th, Ba4), where the old warning counted
        # from: "move 4 (Black)", on line 1.
        (
            "1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6\n(3... Nf6\n4. Bxe5) 4. Ba4 1-0",
            10,
            f"move 4 (White) in a side line: 'Bxe5'; {LEFT_OUT}",
            ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"],
        ),
        # A side line in a side line: (2... d6 3. d4 exd4 (3... Nd7 4. Ke3)). The inner one
        # replaces Black's 3... exd4; then White's 4th, Ke3, is two squares from e1. It stands
        # on line 10 (the inner side line opens on 9); the main line read is 5 half-moves
        # (old: "move 3 (Black)", line 1).
        (
            "1. e4 e5 2. Nf3 Nc6\n(2... d6 3. d4 exd4\n(3... Nd7\n4. Ke3) 4. Nxd4)\n3. Bb5 1-0",
            10,
            f"move 4 (White) in a side line: 'Ke3'; {LEFT_OUT}",
            ["e4", "e5", "Nf3", "Nc6", "Bb5"],
        ),
        # A side line that starts at Black's move replaces it: (1... c5 2. Qd3) is White's 2nd
        # move, the queen blocked by the pawn on d2. The main line read is 3 half-moves (old:
        # "move 2 (Black)"). Line 8.
        (
            "1. e4 e5\n(1... c5 2. Qd3) 2. Nf3 1-0",
            8,
            f"move 2 (White) in a side line: 'Qd3'; {LEFT_OUT}",
            ["e4", "e5", "Nf3"],
        ),
        # One that starts at White's move replaces it: (2. Nc3 Ke6) is Black's 2nd move, the
        # king two squares from e8. The main line read is 5 half-moves (old: "move 3 (Black)").
        # Line 8.
        (
            "1. e4 e5 2. Nf3\n(2. Nc3 Ke6) Nc6 3. Bb5 1-0",
            8,
            f"move 2 (Black) in a side line: 'Ke6'; {LEFT_OUT}",
            ["e4", "e5", "Nf3", "Nc6", "Bb5"],
        ),
        # The side line's first move is illegal: White's 2nd, Ke3, two squares from e1, on
        # line 8. python-chess read the main line's "Nc6" (line 9) on the side line's board,
        # as White's, and stopped the main line at 2. Nf3 (3 half-moves); the side line left
        # out, the main line is read whole: Black's 2... Nc6 too (4 half-moves).
        (
            "1. e4 e5 2. Nf3\n(2. Ke3)\nNc6 1-0",
            8,
            f"move 2 (White) in a side line: 'Ke3'; {LEFT_OUT}",
            ["e4", "e5", "Nf3", "Nc6"],
        ),
    ],
    ids=[
        *("on a later line", "nested", "starts at Black's move", "starts at White's move"),
        "its first move",
    ],
)
def test_an_illegal_move_in_a_side_line_is_named_as_the_side_line_plays_it(
    moves: str, line: int, illegal: str, main_line: list[str]
) -> None:
    """The warning of an illegal move in a side line stood on the game's first line and gave
    the main line's move number and side (from the half-moves of the main line read), a move
    of the main line that is right: it names the side line's own move, on its own line, and
    says it is in a side line. The main line is read whole."""
    text = '[Event "E"]\n[Round "1.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n' + moves
    problems = Problems()
    (game,) = read_pgn_text(text + "\n", Path("r1.pgn"), problems)
    assert [(p.code, p.line, p.message) for p in problems.items] == [
        (
            "illegal-move",
            line,
            f"round 1, board 1, A v B: illegal or unreadable move at {illegal}",
        )
    ]
    assert (game.illegal, game.side_line_left_out) == (None, illegal.split(";")[0])
    assert [move.san for move in game.moves] == main_line


def test_an_illegal_move_in_the_main_line_keeps_its_wording() -> None:
    """Only a side line's move says "in a side line": the main line's "2. Ke3" (line 7) is
    named as before, by the main line's number and side."""
    text = '[Event "E"]\n[Round "1.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
    problems = Problems()
    read_pgn_text(text + "1. e4 e5 (1... c5) 2. Ke3 Nf6 1-0\n", Path("r1.pgn"), problems)
    assert [(p.line, p.message) for p in problems.items] == [
        (
            7,
            "round 1, board 1, A v B: illegal or unreadable move at move 2 (White): 'Ke3'; "
            "the game is shown up to move 1",
        )
    ]


TAGS = '[Event "E"]\n[Round "1.1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
"""Five tags and a blank line: the moves start on line 7."""


def _read(moves: str) -> tuple[pgn.PgnGame, list[tuple[int | None, str]]]:
    """The game of ``TAGS`` and ``moves``, and each problem's line and message."""
    problems = Problems()
    (game,) = read_pgn_text(TAGS + moves + "\n", Path("r1.pgn"), problems)
    return game, [(p.line, p.message) for p in problems.items]


@pytest.mark.parametrize(
    ("moves", "line", "named", "main_line"),
    [
        # The side line replaces White's 2. Nf3: python-chess passes over "Nf9" (no square
        # f9) and tries "d6" as White's 2nd move (the pawn on d2 cannot reach d6). The move
        # written wrong is Nf9, White's 2nd of the side line: one warning, not also 'd6'.
        (
            "1. e4 e5 2. Nf3 (2. Nf9 d6) 2... Nc6 1-0",
            7,
            "move 2 (White) in a side line: 'Nf9'",
            ["e4", "e5", "Nf3", "Nc6"],
        ),
        # The same on three lines: Nf9 on line 8, the "d6" it left to White on line 9.
        (
            "1. e4 e5 2. Nf3\n(2. Nf9\nd6) Nc6 1-0",
            8,
            "move 2 (White) in a side line: 'Nf9'",
            ["e4", "e5", "Nf3", "Nc6"],
        ),
        # After a move of the side line: 2. Nc3 is right, then Black's "Nf9" is passed over
        # and "3. Bc4" falls to Black, whose bishop on f8 (a dark square) cannot reach c4.
        (
            "1. e4 e5 2. Nf3 (2. Nc3 Nf9 3. Bc4) Nc6 1-0",
            7,
            "move 2 (Black) in a side line: 'Nf9'",
            ["e4", "e5", "Nf3", "Nc6"],
        ),
    ],
    ids=["the brief's", "on its own line", "after a move of the side line"],
)
def test_a_word_written_as_a_move_in_a_side_line_is_named_not_the_move_after_it(
    moves: str, line: int, named: str, main_line: list[str]
) -> None:
    """As in the main line ("2. Nf9 d6"), a word written as a move that python-chess passes
    over in a side line is the move that is wrong, not the move after it that the passing
    over left to the other side: that was named 'd6', and 'Nf9' said again as a word
    skipped. One warning, on the line of Nf9, with its number and side in the side line."""
    game, said = _read(moves)
    assert said == [
        (line, f"round 1, board 1, A v B: illegal or unreadable move at {named}; {LEFT_OUT}")
    ]
    assert (game.illegal, game.side_line_left_out) == (None, named)
    assert [move.san for move in game.moves] == main_line


@pytest.mark.parametrize(
    ("moves", "main_line"),
    [
        # The side line's first move, 2. Ke3, is illegal (the king is two squares from e3):
        # python-chess read the main line on with White to move, so "Nc6" was illegal and
        # the game stopped at 2. Nf3 (3 half-moves) though 2... Nc6 3. Bb5 a6 are right.
        (
            "1. e4 e5 2. Nf3 (2. Ke3) Nc6 3. Bb5 a6 1-0",
            ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"],
        ),
        # A later move of the side line: (3... Nf6 4. Bxe5), the bishop on b5 cannot reach
        # e5. python-chess read the main line on the side line's board, where Black's knight
        # stands on f6 already: "4... Nf6" was illegal there, and the game silently stopped
        # at 4. Ba4 (7 half-moves, the warning naming Bxe5 only). All 10 are right.
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. Bxe5) 4. Ba4 Nf6 5. O-O Be7 1-0",
            [*("e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7")],
        ),
    ],
    ids=["its first move", "a later move"],
)
def test_an_illegal_move_in_a_side_line_leaves_the_side_line_out_not_the_main_line(
    moves: str, main_line: list[str]
) -> None:
    """A move python-chess cannot play in a side line cut the main line short (at once, or
    at a later move of the main line, without a word): the side line is left out and the
    main line read to its end, and the warning says so."""
    game, said = _read(moves)
    assert [(line, message.split("; ")[1]) for line, message in said] == [(7, LEFT_OUT)]
    assert [move.san for move in game.moves] == main_line


def test_each_side_line_left_out_is_said_and_a_main_line_move_after_them_too() -> None:
    """Two side lines with an illegal move each: (2. Ke3), the king two squares from e1, on
    line 7, and (2... Ke6), the king two squares from e8, on line 8; each is left out with a
    warning of its own. Then the main line's 3. Ke3 (line 9) is illegal too (the king is
    still two squares away): the main line stops there, after 2... Nc6 (4 half-moves, "shown
    up to move 2"), and the game's note names that move, where the moves stop."""
    game, said = _read("1. e4 e5 2. Nf3 (2. Ke3) Nc6\n(2... Ke6)\n3. Ke3 a6 1-0")
    label = "round 1, board 1, A v B: illegal or unreadable move at"
    assert said == [
        (7, f"{label} move 2 (White) in a side line: 'Ke3'; {LEFT_OUT}"),
        (8, f"{label} move 2 (Black) in a side line: 'Ke6'; {LEFT_OUT}"),
        (9, f"{label} move 3 (White): 'Ke3'; the game is shown up to move 2"),
    ]
    assert game.illegal == "move 3 (White): 'Ke3'"
    assert game.side_line_left_out == "move 2 (White) in a side line: 'Ke3'"
    assert [move.san for move in game.moves] == ["e4", "e5", "Nf3", "Nc6"]


def test_a_game_page_shows_the_main_line_after_a_side_line_left_out(
    make_site: SiteMaker,
) -> None:
    """The game page of a score whose side line (2. Ke3) opens with an illegal move says
    that side line is left out, and shows the rest: the main line to White's 4. Ba4, the
    final position after it (7 half-moves; it stopped at 2. Nf3 and said "as far as it could
    be read"), the other side line (2. Nc3 Nf6) and the comment, which a game with an
    illegal move had lost."""
    moves = "1. e4 e5 2. Nf3 (2. Ke3) (2. Nc3 Nf6) Nc6 {a comment} 3. Bb5 a6 4. Ba4"
    site = make_site(
        event_toml(), {"g.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0", moves)}
    )
    assert build_site(site).written
    page = (site / "output/ev/games/r1-b1.html").read_text(encoding="utf-8")
    assert (
        '<p class="warning">The score has an illegal or unreadable move in a side line, at '
        "move 2 (White): &#39;Ke3&#39;; that side line is left out, and the rest of the game "
        "is shown.</p>"
    ) in page
    assert "Final position, after 4. Ba4" in page
    assert (
        "1. e4 e5 2. Nf3 ( 2. Nc3 Nf6 ) 2... Nc6 { a comment } 3. Bb5 a6 4. Ba4 1-0</pre>" in page
    )


@pytest.mark.parametrize(
    "after",
    ["1-0 N", "1-0 foo", "1-0\nN"],
    ids=["an N", "a word", "an N on the next line"],
)
def test_a_word_after_the_result_is_a_stray_word_not_a_cut_file(after: str) -> None:
    """A word typed after the result ("1-0 N") was "the moves stop without a result ... the
    file looks cut short", an error, though the result is there: the word is a stray word,
    said as any other (the moves are whole), and nothing else; on the word's line (7, or 8
    on the next line)."""
    game, said = _read("1. e4 e5 2. Nf3 Nc6 " + after)
    word = after.split()[-1]
    assert said == [
        (
            7 + after.count("\n"),
            f"round 1, board 1, A v B: the word '{word}' among the moves is no move: {SKIPPED}",
        )
    ]
    assert [move.san for move in game.moves] == ["e4", "e5", "Nf3", "Nc6"]


@pytest.mark.parametrize(
    ("moves", "said", "main_line"),
    [
        # White's 2nd is Nc3, then "N" and White's 3rd number: Black's 2nd is missing, and
        # python-chess read White's 3. Nd5 as Black's (f6 to d5 is legal for Black too):
        # silent before. The N is said.
        (
            "1. Nf3 Nf6 2. Nc3 N 3. Nd5 1-0",
            f"the word 'N' among the moves is no move: {SKIPPED}",
            ["Nf3", "Nf6", "Nc3", "Nd5"],
        ),
        # A comment between: the same.
        (
            "1. Nf3 Nf6 2. Nc3 N {a new move} 3. Nd5 1-0",
            f"the word 'N' among the moves is no move: {SKIPPED}",
            ["Nf3", "Nf6", "Nc3", "Nd5"],
        ),
        # Where White's 3rd, read as Black's 2nd, is illegal (no black bishop reaches c4),
        # the N is the move that is wrong: it stands for Black's 2nd (3 half-moves read).
        (
            "1. e4 e5 2. Nf3 N 3. Bc4 1-0",
            "illegal or unreadable move at move 2 (Black): 'N'; the game is shown up to move 2",
            ["e4", "e5", "Nf3"],
        ),
    ],
    ids=["a move read by the wrong side", "a comment between", "an illegal move after it"],
)
def test_an_n_after_whites_move_before_whites_next_number_is_a_lost_move(
    moves: str, said: str, main_line: list[str]
) -> None:
    """An "N" after White's move followed by White's next move number stands where Black's
    move is missing (the novelty sign would stand before Black's move): it is said."""
    game, found = _read(moves)
    assert found == [(7, f"round 1, board 1, A v B: {said}")]
    assert [move.san for move in game.moves] == main_line


@pytest.mark.parametrize(
    "moves",
    [
        "1. Nf3 Nf6 2. Nc3 N 2... Nd5 3. Nxd5 1-0",
        "1. Nf3 Nf6 2. Nc3 N Nd5 3. Nxd5 1-0",
        "1. Nf3 Nf6 2. Nc3 Nc6 N 3. Nd5 1-0",
        "1. Nf3 Nf6 2. Nc3 N 1-0",
    ],
    ids=["Black's number after it", "Black's move after it", "after Black's move", "last"],
)
def test_an_n_that_is_clearly_the_novelty_sign_stays_silent(moves: str) -> None:
    """The novelty sign after White's move with Black's move (or Black's number) after it,
    after Black's move before White's next number, or after the last move: no warning."""
    game, said = _read(moves)
    assert said == []
    assert game.illegal is None


@pytest.mark.parametrize(
    ("moves", "line", "word", "ending"),
    [
        ("1. e4 e5 2. Nf3 Nc6 1-0 Bb5", 7, "Bb5", "1-0"),
        # Two games, the second without its tags: python-chess read them as one game of four
        # moves, silently (the second's "0-1" only gave a result warning, when it differed).
        ("1. e4 e5 2. Nf3 Nc6 1-0\n1. d4 d5 0-1", 8, "d4", "1-0"),
        ("1. e4 e5 2. Nf3 Nc6 1-0 { what came next } 3. Bb5", 7, "Bb5", "1-0"),
        # A second result: the first ends the moves (the second was the one compared with
        # the Result tag).
        ("1. e4 e5 2. Nf3 Nc6 1-0 1/2-1/2", 7, "1/2-1/2", "1-0"),
        # A side line between, itself ending in a result: the main line's result is the one.
        # A side line after it is left out too, its move named (not its "(" or ")"), and so
        # is the main line's move after that.
        ("1. e4 e5 (1... c5 2. Nf3 1-0) 2. Nf3 Nc6 1-0 (2... d6)\n3. Bb5", 7, "d6", "1-0"),
    ],
    ids=["a move", "another game's moves", "after a comment", "a second result", "side lines"],
)
def test_moves_after_the_result_are_left_out_and_said(
    moves: str, line: int, word: str, ending: str
) -> None:
    """PGN's result ends the moves (8.2.6). A move after it was played on as if the result
    were not there: "1. e4 e5 2. Nf3 Nc6 1-0 Bb5" gave five moves and no word. Now the game
    is its four moves, and one warning, on the line of the first move after the result,
    names it; read block by block (the build's cache) the same."""
    games, problems = _read_both_ways(TAGS + moves + "\n", "r1.pgn")
    (game,) = games
    assert [move.san for move in game.moves] == ["e4", "e5", "Nf3", "Nc6"]
    assert game.illegal is None
    assert word not in game.moves.annotations  # nor in the comments and side lines kept
    assert [(p.line, p.message) for p in problems.items] == [
        (
            line,
            f'round 1, board 1, A v B: the moves go on after the result "{ending}" '
            f"('{word}'): they are left out, as a result ends a game's moves",
        )
    ]


def test_a_result_in_a_side_line_does_not_end_the_moves() -> None:
    """A result inside a side line (an annotator's way to end a line of thought) ends
    neither the game's moves nor the side line: it was taken for a move python-chess cannot
    play, and the side line left out with an "illegal move" warning. Now it is passed over,
    the side line kept, the main line after it read, and nothing said."""
    game, said = _read("1. e4 e5 (1... c5 2. Nf3 1-0) 2. Nf3 Nc6 1-0")
    assert said == []
    assert [move.san for move in game.moves] == ["e4", "e5", "Nf3", "Nc6"]
    assert game.illegal is None


@pytest.mark.parametrize(
    ("moves", "word", "read_as", "moves_kept", "shown_to"),
    [
        # German letters: S (Springer) for the knight. python-chess read the pawn move f3 out
        # of "Sf3" and Black's "Sc6" as c6, and stopped at "Lb5" (b5 is no White pawn move
        # there), showing 2. f3 c6: a game that was never played.
        ("1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 1-0", "Sf3", "f3", ["e4", "e5"], 1),
        # Figurines, as some programs export them: the same.
        ("1. e4 e5 2. \u2658f3 \u265ec6 1-0", "\u2658f3", "f3", ["e4", "e5"], 1),
        # The pawn move read out of it is illegal at once: it was named 'c3' alone.
        ("1. d4 d5 2. c4 e6 3. Sc3 Sf6 1-0", "Sc3", "c3", ["d4", "d5", "c4", "e6"], 2),
    ],
    ids=["German letters", "figurines", "read as an illegal move"],
)
def test_a_move_in_another_notation_stops_the_moves_where_it_is_written(
    moves: str, word: str, read_as: str, moves_kept: list[str], shown_to: int
) -> None:
    """A piece's move written with letters (or a figure) python-chess does not know was read
    as the pawn move of its square and played on, in a position that never was; the word was
    said as "skipped". Now the moves stop before it, as at an illegal move, which it is in
    English notation, and the warning names the word, says what of it could be read, and
    hints at the notation. Read block by block (the build's cache) the same."""
    games, problems = _read_both_ways(TAGS + moves + "\n", "r1.pgn")
    (game,) = games
    assert [move.san for move in game.moves] == moves_kept
    ply = len(moves_kept)
    where = f"move {ply // 2 + 1} ({'White' if ply % 2 == 0 else 'Black'}): '{word}'"
    assert game.illegal == where
    assert [(p.line, p.message, p.hint) for p in problems.items] == [
        (
            7,
            f"round 1, board 1, A v B: illegal or unreadable move at {where} (only "
            f"'{read_as}' of it is a move in English notation); the game is shown up to "
            f"move {shown_to}",
            pgn.NOTATION_HINT,
        )
    ]


def test_letters_after_a_move_leave_the_move_read() -> None:
    """Letters after a move ("2. Nf3ch", an old check sign) are passed over while python-chess
    reads the move before them rightly: the moves go on, and the word is said, as read as
    that move (it was said to be skipped, which the move was not). Two such words are listed
    each with its line and what was read of it; a word of no move at all stays "skipped"."""
    game, said = _read("1. e4 e5 2. Nf3ch Nc6 1-0")
    assert [move.san for move in game.moves] == ["e4", "e5", "Nf3", "Nc6"]
    assert game.illegal is None
    assert said == [
        (
            7,
            "round 1, board 1, A v B: the word 'Nf3ch' among the moves was read as the move "
            "Nf3, the rest of it skipped, and the moves after it were kept",
        )
    ]
    game, said = _read("1. e4 e5 2. Nf3ch Nc6\n3. Bb5x blunder a6 1-0")
    assert [move.san for move in game.moves] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    assert said == [
        (
            7,
            "round 1, board 1, A v B: the words 'Nf3ch' (line 7, read as Nf3), 'Bb5x' (line "
            "8, read as Bb5), 'blunder' (line 8) among the moves are no moves as written: "
            "what was not read of them was skipped, and the moves after them were kept",
        )
    ]


def test_a_move_in_another_notation_after_an_illegal_move_is_not_where_the_moves_stop() -> None:
    """2. Ke3 (the king cannot leave e1 for e3) stops the moves; "Sf6" after it, which python-
    chess never reached, changes nothing: the warning names Ke3, without the notation's
    words or hint."""
    game, said = _read("1. e4 e5 2. Ke3 Sf6 1-0")
    assert [move.san for move in game.moves] == ["e4", "e5"]
    assert game.illegal == "move 2 (White): 'Ke3'"
    assert said == [
        (
            7,
            "round 1, board 1, A v B: illegal or unreadable move at move 2 (White): 'Ke3'; "
            "the game is shown up to move 1",
        )
    ]


def test_a_move_in_another_notation_in_a_side_line_is_said_as_read() -> None:
    """In a side line python-chess reads "Sf6" as the pawn move f6 and goes on: the main line
    is whole, and the word is said as read as f6 (it was said to be skipped)."""
    game, said = _read("1. e4 e5 (1... Sf6 2. Nf3) 2. Nf3 1-0")
    assert [move.san for move in game.moves] == ["e4", "e5", "Nf3"]
    assert game.illegal is None
    assert said == [
        (
            7,
            "round 1, board 1, A v B: the word 'Sf6' among the moves was read as the move f6, "
            "the rest of it skipped, and the moves after it were kept",
        )
    ]
