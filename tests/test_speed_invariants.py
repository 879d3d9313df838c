"""What the speed work relies on, checked without timing anything (``benchmarks/speed.py``
measures the speed itself).

* The shortcuts give exactly what the plain ways give: the parser's recorded SAN and
  placements, the PGN export written from SAN, reading a file block by block, the arbiter's
  final-position check without replaying ordinary games, the index of players' spellings
  behind "closest known players" hints.
* A game page's key covers everything its templates can show (a template edit that shows more
  must extend ``game_page_key``, or kept pages would go stale); so do the keys of players'
  pages, rounds' pages and the standings after earlier rounds, and a rebuild that keeps pages
  by their keys gives the files a build without cache gives.
* Tie-breaks do a bounded amount of work per player: no tie-break looks at every player for
  every player.
"""

from __future__ import annotations

import dataclasses
import io
import itertools
import os
import random
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import chess
import chess.pgn
import jinja2
import jinja2.meta
import pytest
from conftest import FIXTURES, ROOT, SiteMaker, event_toml, forget_memos, load, pgn_game
from jinja2 import nodes

from generator import pgn
from generator.build import build_site, decide
from generator.buildstate import SiteState
from generator.cache import IncrementalSite
from generator.model import Event, Game
from generator.problems import Problems
from generator.render import environment as environment_module
from generator.render import fragments
from generator.render import site as site_module
from generator.render.environment import NAV_LINKS, make_environment
from generator.rules import checks, tiebreaks
from generator.rules.scores import player_records
from generator.rules.standings import rank


def random_game(rng: random.Random, plies: int, board: chess.Board | None = None) -> chess.Board:
    """Random legal play; pawns are pushed often, so promotions and en passant happen."""
    board = board or chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        pawn_moves = [m for m in moves if board.piece_type_at(m.from_square) == chess.PAWN]
        board.push(rng.choice(pawn_moves if pawn_moves and rng.random() < 0.4 else moves))
    return board


def pgn_of(board: chess.Board, result: str = "*", **tags: str) -> str:
    game = chess.pgn.Game.from_board(board)
    game.headers["Result"] = result
    for key, value in tags.items():
        game.headers[key] = value
    return str(game) + "\n\n"


def replayed(game: chess.pgn.Game) -> tuple[list[tuple[str, str]], str, int]:
    """The moves as the plain way makes them (replay and ``san``), the final placement
    (``board_fen``) and the halfmove clock."""
    board = game.board()
    moves = []
    for move in game.mainline_moves():
        san = board.san(move)
        board.push(move)
        moves.append((san, move.uci()))
    return moves, board.board_fen(), board.halfmove_clock


def test_recorded_moves_equal_a_replay() -> None:
    rng = random.Random(7)
    texts = [pgn_of(random_game(rng, rng.randint(0, 200))) for _ in range(150)]
    start = chess.Board("r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R b KQkq - 3 9")
    texts.append(pgn_of(random_game(rng, 60, start.copy())))  # from_board writes the FEN
    texts.append("1. e4 e5 (1... c5 2. Nf3 (2. Nc3) d6) 2. Nf3 { a comment } Nc6 $1 3. -- Nf6 *\n")
    texts.append("1. e4 e5 2. Nf3 Nc6 3. Bb5 Ke7 4. Ng5 Kd6 5. Nxf7+ Kc5 6. Qf3 Zq9 7. Qf7 *\n")
    texts.append("1. Nf3 Nf6 2. Nc3 Nc6 3. Nb1 Nb8 4. Ng1 Ng8 5. Nf3 Nf6 6. Nd4 Nd5 7. Nb5 *\n")
    # SAN as people write it, not as SAN writes it: zeros for castling, no "=" or "x".
    texts.append(
        "1. e4 d5 2. ed5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxa8Q e5 6. Nf3 Bd6 7. Be2 0-0 *\n"
    )
    texts.append("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 5. d3 O-O 6. Ng5 d6 7. Nxf7 *\n")
    for text in texts:
        game = chess.pgn.read_game(io.StringIO(text), Visitor=pgn._MainlineRecorder)
        assert game is not None
        noted = pgn._recorded_moves(game)
        assert noted is not None, text
        moves, final = noted
        assert (moves, final.board_fen(), final.halfmove_clock) == replayed(game), text


def test_the_pgn_export_written_from_san_is_python_chess_own() -> None:
    rng = random.Random(3)
    for index in range(120):
        board = random_game(rng, rng.randint(0, 260))
        text = pgn_of(board, rng.choice(["1-0", "0-1", "1/2-1/2", "*"]))
        (game,) = pgn.read_pgn_text(text, Path("x.pgn"), Problems())
        headers = {"Event": "E" * (index % 90), "White": 'O"Brien', "Result": "*", "Zz": "x\\y"}
        for tags in (game.headers, headers, {}):
            plain = pgn._export_game(
                tuple(game.moves), tuple((k, pgn.escape_tag(v)) for k, v in tags.items())
            )
            assert pgn.export_game(game.moves, tags) == plain


def test_reading_block_by_block_is_reading_the_file() -> None:
    paths = sorted((ROOT / "content").rglob("*.pgn")) + sorted(FIXTURES.rglob("*.pgn"))
    texts = [(path, pgn.decode(path.read_bytes())) for path in paths]
    base = texts[0][1]
    for index, text in enumerate(
        (
            base.replace("\n", "\r"),
            base.replace("\n", "\r\n"),
            base.replace("\n\n[Event", "\n\x85\n[Event"),
            "junk before\n" + base,
            base[: len(base) // 2],
            base.replace("[Round", "\n[Round", 5),
        )
    ):
        texts.append((Path(f"odd-{index}.pgn"), text))
    for path, text in texts:
        plain, blocks = Problems(), Problems()
        assert pgn.read_pgn_text(text, path, plain) == pgn.read_pgn_text(
            text, path, blocks, pgn.read_block
        )
        assert plain.items == blocks.items, path


ENDINGS = {
    "mate": ("1. f3 e5 2. g4 Qh4#", "1/2-1/2"),
    "stalemate": ("1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 "
                  "7. Qxb7 Qd3 8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6", "1-0"),
    "dead": ("1. e3 c6 2. Ba6 bxa6 3. d3 Qa5+ 4. Kf1 Qxa2 5. Rxa2 g5 6. Rxa6 Bxa6 7. Qf3 Bxd3+ "
             "8. cxd3 Na6 9. Qxf7+ Kxf7 10. Nc3 Nh6 11. h4 gxh4 12. Rxh4 Kg8 13. Rxh6 Bxh6 "
             "14. Nf3 Bxe3 15. Bxe3 Nc5 16. Bxc5 Rb8 17. Bxe7 Rxb2 18. Ng1 Rxf2+ 19. Kxf2 a5 "
             "20. d4 c5 21. Bxc5 h6 22. Ke2 d6 23. Bxd6 Kf7 24. Ne4 Ke8 25. Ba3 h5 26. Bc1 Rh7 "
             "27. Nd2 Rd7 28. Nc4 Rxd4 29. Nxa5 Kd8 30. Be3 Rh4 31. Kf2 Rd4 32. Bxd4 h4 "
             "33. Bc5 Kc8 34. g3 hxg3+ 35. Kxg3 Kc7 36. Bb4 Kd7 37. Bc3 Kd8 38. Kf2 Kd7 "
             "39. Ne2 Kc7 40. Bd2 Kb6 41. Bh6 Kxa5 42. Kg2 Kb6 43. Bg7 Kc6 44. Ba1 Kd6 "
             "45. Kh2 Kc7 46. Nf4 Kb7 47. Bg7 Kc8 48. Bf8 Kd7 49. Bh6 Kc8 50. Ne2 Kd8 "
             "51. Kh1 Ke7 52. Nc3 Kd8 53. Nd1 Kc7 54. Ne3 Kc8 55. Nf5 Kb7 56. Bc1 Ka6 "
             "57. Kg2 Ka7 58. Kh3 Kb6 59. Bb2 Ka7 60. Kg3 Ka6 61. Ng7 Kb6 62. Ne6 Ka6 "
             "63. Nc5+ Kb5 64. Kh3 Kxc5", "1-0"),
    "fivefold": ("1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 "
                 "7. Nf3 Nf6 8. Ng1 Ng8", "1-0"),
    "ordinary": ("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6", "1-0"),
    "check": ("1. e4 e5 2. Qh5 Nc6 3. Qxf7+", "0-1"),
}  # fmt: skip


def test_final_positions_are_judged_alike_without_a_replay(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = ("Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora")
    pairs = [(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)]
    games = "".join(
        pgn_game(f"{n // 2 + 1}.{n % 2 + 1}", names[pairs[n][0]], names[pairs[n][1]], res, moves)
        for n, (moves, res) in enumerate(ENDINGS.values())
    )
    site = make_site(event_toml(rounds=3), {"games.pgn": games})
    event, problems = load(site)
    assert event is not None and not problems.errors
    monkeypatch.setattr(checks, "VERDICTS", {})
    fast = Problems()
    checks.check_final_positions(event, fast)
    monkeypatch.setattr(checks, "VERDICTS", {})  # worked out again, not remembered
    with monkeypatch.context() as patch:
        patch.setattr(checks, "_plainly_open", lambda game: False)
        slow = Problems()
        checks.check_final_positions(event, slow)
    assert fast.items == slow.items
    expected = [dict(p.context)["expected"] for p in fast.items]
    assert sorted(expected) == ["0-1", "1/2-1/2", "1/2-1/2", "1/2-1/2"]  # ordinary, check: no


def test_verdicts_from_the_parsers_board_are_the_replays(monkeypatch: pytest.MonkeyPatch) -> None:
    """``note_final_position`` (the parser's board, no replay) judges as ``final_verdict``
    with a replay of every game does."""
    rng = random.Random(17)
    texts = [pgn_of(random_game(rng, rng.randint(1, 320)), "1-0") for _ in range(120)]
    texts += [
        f'[White "A"]\n[Black "B"]\n\n{moves} {result}\n' for moves, result in ENDINGS.values()
    ]
    judged = 0
    for text in texts:
        monkeypatch.setattr(checks, "VERDICTS", {})
        (game,), _ = pgn.read_block(text, checks.note_final_position)
        key = checks.verdict_key(game)
        assert key in checks.VERDICTS, text
        from_board = checks.VERDICTS[key]
        monkeypatch.setattr(checks, "VERDICTS", {})
        with monkeypatch.context() as patch:
            patch.setattr(checks, "_plainly_open", lambda game: False)
            assert checks.final_verdict(game) == from_board, text
        judged += from_board is not None
    assert judged >= len(ENDINGS) - 2  # mate, stalemate, dead position, fivefold at least


def template_chain(environment: jinja2.Environment, name: str) -> dict[str, nodes.Template]:
    """A template and every template it extends, includes or imports, parsed."""
    found: dict[str, nodes.Template] = {}
    todo = [name]
    while todo:
        current = todo.pop()
        if current in found:
            continue
        source = environment.loader.get_source(environment, current)[0]  # type: ignore[union-attr]
        found[current] = environment.parse(source)
        todo.extend(r for r in jinja2.meta.find_referenced_templates(found[current]) if r)
        if any(n.name == "event_nav" for n in found[current].find_all(nodes.Name)):
            todo.append(NAV_LINKS)  # event_nav() renders it with the page's context
    return found


def test_a_game_page_key_covers_what_its_templates_show(tmp_path: Path) -> None:
    environment = make_environment(None)
    chain = template_chain(environment, "game.html")
    used = used_names(chain, environment)
    # base.html: `is defined`, never set here (a game page has a card of its own: no `social`)
    guarded = {"championship", "sections", "shown", "social"}
    assert used - guarded <= site_module.GAME_PAGE_CONTEXT

    # The context a game page really gets: what the key leaves out, no template reads.
    site = tmp_path / "demo"
    shutil.copytree(ROOT / "content", site / "content")
    jobs: list[site_module.PageJob] = []
    original = site_module.write_pages

    def capture(renderer, pages, count, sink):  # type: ignore[no-untyped-def]
        jobs.extend(pages)
        return original(renderer, pages, count, sink)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("generator.cache.write_pages", capture)
        build_site(site, jobs=1)
    game_jobs = [job for job in jobs if job.template == "game.html"]
    assert game_jobs and all(job.page_key() for job in game_jobs)
    context = set(game_jobs[0].context) | {"board", "piece_defs", "viewer_data", "pgn_text"}
    context |= {"position_words", "move_list"}
    assert (context - site_module.GAME_PAGE_CONTEXT).isdisjoint(used)
    assert not guarded & context

    # Attributes read from the objects whose key is a summary.
    read = attributes_read(chain)
    assert {attr for name, attr in read if name == "event"} <= EVENT_SUMMARY | {"player"}
    site_summary = {"title", "base_url", "language", "description", "championships"}
    assert {attr for name, attr in read if name == "site"} <= site_summary

    # `prizes` only decides whether the navigation links the prize page.
    tests = {
        id(node.test)
        for tree in chain.values()
        for node in tree.find_all((nodes.If, nodes.CondExpr))
    }
    prizes = [n for t in chain.values() for n in t.find_all(nodes.Name) if n.name == "prizes"]
    assert prizes and all(id(n) in tests for n in prizes)


def test_page_keys_are_the_same_in_every_build(tmp_path: Path) -> None:
    site = tmp_path / "demo"
    shutil.copytree(ROOT / "content", site / "content")
    build_site(site)
    folder = site / ".crosstable-cache" / "output"
    first = SiteState.load(folder)
    shutil.rmtree(site / "output")
    build_site(site)  # the inputs are the same; only the output went
    second = SiteState.load(folder)
    assert first is not None and second is not None
    keys = {path: record[2] for path, record in first.files.items() if record[2]}
    assert keys and keys == {path: record[2] for path, record in second.files.items() if record[2]}
    assert isinstance(IncrementalSite(None, site / "output", 1).keys, dict)


def test_a_key_digest_is_the_same_in_every_process_and_tells_values_apart() -> None:
    """Keys are compared with the last build's, made by another process (another hash seed,
    other objects for equal texts): equal values must give equal digests, and values that
    print differently must not share one."""
    digest = site_module._digest
    values = "('w', 1, 1.0, None, True, ('x', [2.5]), {'Round': '1.1'}, ''.join(['wh', 'ite']))"
    code = f"from generator.render.site import _digest; print(_digest(*{values}))"
    seen = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": seed},
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for seed in ("1", "2", "3")
    }
    assert seen == {digest("w", 1, 1.0, None, True, ("x", [2.5]), {"Round": "1.1"}, "white")}
    assert digest(("white", "white")) == digest(("".join(["wh", "ite"]), "white"))
    apart = [digest(1), digest(1.0), digest(True), digest("1"), digest((1,)), digest([1])]
    assert len(set(apart)) == len(apart)
    # Not plain values: by their repr; an object printed by its address gives no key.
    assert digest(Path("a")) == digest(Path("a")) not in ("", digest(Path("b")))
    assert digest(object()) == ""


def test_tie_breaks_look_at_each_player_a_bounded_number_of_times(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FB, KS and AOB once looked at every player for every player; now each context works
    out the drawn last round, the Koya line and each opponent's Buchholz once."""
    players = 40
    body = "".join(
        f'[[players]]\nname = "P{n:02d}, X"\nrating = {2400 - n}\n\n' for n in range(players)
    )
    head = 'name = "Open"\nformat = "swiss"\nrounds = 3\nstart = 2026-07-01\n'
    head += 'tiebreaks = ["FB", "KS", "AOB", "BH/C1", "SB"]\n\n'
    games = ""
    circle = list(range(players))
    for round_number in (1, 2, 3):  # the circle method: nobody meets anybody twice
        for board in range(players // 2):
            white, black = circle[board], circle[players - 1 - board]
            result = "1-0" if (board + round_number) % 3 else "1/2-1/2"
            games += pgn_game(
                f"{round_number}.{board + 1}", f"P{white:02d}, X", f"P{black:02d}, X", result
            )
        circle = [circle[0], circle[-1], *circle[1:-1]]
    site = make_site(head + body, {"games.pgn": games})
    event, problems = load(site)
    assert event is not None, [p.format() for p in problems.items]
    counts = {"drawn": 0, "koya": 0, "buchholz": 0}
    drawn, koya, buchholz = tiebreaks._final_round_drawn, tiebreaks.koya_line, tiebreaks.buchholz

    def count(name, function):  # type: ignore[no-untyped-def]
        def counted(*args):  # type: ignore[no-untyped-def]
            counts[name] += 1
            return function(*args)

        return counted

    monkeypatch.setattr(tiebreaks, "_final_round_drawn", count("drawn", drawn))
    monkeypatch.setattr(tiebreaks, "koya_line", count("koya", koya))
    monkeypatch.setattr(tiebreaks, "buchholz", count("buchholz", buchholz))
    rank(event, player_records(event))
    assert counts["drawn"] <= 1 and counts["koya"] <= 1
    assert counts["buchholz"] <= players * 3  # BH/C1, FB and one per player for AOB
    outcome = decide(event, Problems())
    assert len(outcome.history) == 2


def test_a_game_page_key_sees_every_field_of_the_game(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")})
    event, _ = load(site)
    assert event is not None
    game = event.games[0]
    key = site_module.game_page_key("chrome", game)
    others = {
        "round": 2, "board": 7, "white": 3, "black": 4, "result": "0-1",
        "moves": pgn.Moves("e4", "e2e4", "8/8/8/8/4P3/8/8/8"), "initial_placement": "8/8",
        "headers": {"Opening": "x"}, "source": Path("other.pgn"), "line": 99, "reason": "late",
        "pgn_result": "1-0", "illegal": "move 1", "side_line_left_out": "move 2", "forfeited": True,
        "less_than_one_move": True,
    }  # fmt: skip
    assert set(others) == {field.name for field in dataclasses.fields(game)}
    for name, value in others.items():
        changed = dataclasses.replace(game, **{name: value})
        assert site_module.game_page_key("chrome", changed) != key, name


def test_a_game_page_key_sees_its_pagers_links(make_site: SiteMaker) -> None:
    """The pager shows the neighbouring games' pages and which games they are: a game added
    before or after this one (another path or label, a link where there was none) changes
    the key; an equal pager gives the same key."""
    from generator.render.views import GameLink, GamePager

    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")})
    event, _ = load(site)
    assert event is not None
    game = event.games[0]
    first = GameLink("ev/games/r1-b1.html", "Round 1, board 1")
    third = GameLink("ev/games/r1-b3.html", "Round 1, board 3")
    pager = GamePager(first, third)
    key = site_module.game_page_key("chrome", game, pager)
    same = GamePager(GameLink(first.path, first.label), GameLink(third.path, third.label))
    assert site_module.game_page_key("chrome", game, same) == key
    others = [
        GamePager(None, third),
        GamePager(first, None),
        GamePager(third, first),
        GamePager(GameLink("ev/games/r1-b2.html", first.label), third),
        GamePager(first, GameLink(third.path, "Round 2, board 1")),
    ]
    keys = {site_module.game_page_key("chrome", game, other) for other in others}
    assert len(keys) == len(others) and key not in keys


def test_plain_games_read_without_nodes_are_read_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """``_read_lean`` and ``_PlainRecorder`` (no tree of nodes) give what python-chess's own
    reader and builder give."""
    rng = random.Random(5)
    generated = [pgn_of(random_game(rng, rng.randint(0, 120)), "1-0") for _ in range(40)]
    assert all(pgn._read_lean(text) is not None for text in generated)  # the quick way's case
    texts = [*generated, *LEAN_EDGES]
    texts += [
        '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 { [%clk 1:30:00] } Nc6 1-0\n',
        '[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 (1... c5) 2. Nf3 $1 Nc6 0-1\n',
        '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Ke3 Nc6 3. Nf3 1/2-1/2\n',
        '[White "A"]\n[Black "B"]\n\n1. e4 -- 2. d4 *\n\n[White "C"]\n[Black "D"]\n\n1-0\n',
        '[Variant "Crazyhouse"]\n[White "A"]\n[Black "B"]\n\n1. e4 d5 2. exd5 Qxd5 *\n',
        '[Variant "Nonsense"]\n[White "A"]\n\n1. e4 *\n',
        '[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n[SetUp "1"]\n\n1. e4 Kd7 2. e5 *\n',
        '[FEN "not a position"]\n\n1. e4 *\n',
        "{ a comment first }\n1. d4 d5 *\n",
        '[White "A"]\n\n1. e4 e5 2. Nf3\n',
        '[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n',
    ]
    for text in texts:
        plain, full = Problems(), Problems()
        read = pgn.read_pgn_text(text, Path("x.pgn"), plain)
        with monkeypatch.context() as patch:
            patch.setattr(pgn, "_read_lean", lambda block: None)
            patch.setattr(pgn, "_PlainRecorder", pgn._MainlineRecorder)
            reference = pgn.read_pgn_text(text, Path("x.pgn"), full)
        assert read == reference and plain.items == full.items, text


_TAGS = '[Event "E"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n'
LEAN_EDGES = [
    _TAGS + "\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 5. Re1 *\n",  # the result tag stays
    _TAGS + "\n1. e4 e5 1-0 2. Nf3 Nc6 *\n",  # moves after a result are read on
    _TAGS + "\n1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. 0-0 0-0 0-1\n",  # castling with zeros
    _TAGS + "\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n",  # no mate sign: added
    _TAGS + "\n1. e4+ e5# 2. Nf3 *\n",  # wrong signs: dropped
    _TAGS + "\n1. e4 e5 2. Nc3 Nc6 3. Nge2 *\n",  # disambiguated by file
    _TAGS + "\n1. e4 e5 2. Nc3 Nc6 3. N1e2 *\n",  # by rank: written Nge2
    _TAGS + "\n1. e4 e5 2. Nc3 Nc6 3. Ne2 *\n",  # ambiguous: reported
    '[Event "E"]\n[FEN "8/P6k/8/8/8/8/8/K7 w - - 0 1"]\n\n1. a8Q+ Kg6 2. Qa6+ *\n',
    _TAGS.replace("\n", "\r\n") + "\r\n1. e4 e5\r\n2. Nf3 *\r\n",
    _TAGS + "\n\n1. e4 e5 *\n",  # two blank lines: the game ends before its moves
    _TAGS + "\n1. e4 e5\n\n2. Nf3 *\n",  # a blank line among the moves ends the game
    _TAGS + "\n1. e4 e5\n   \n2. Nf3 *\n",
    _TAGS + "1. e4 e5 *\n",  # no blank line after the tags
    _TAGS + '\n1. e4 e5 2. Nf3 Nc6\n[Round "2"]\n3. Bb5 *\n',
    _TAGS + "\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 b5 5. Bb3 d6 6. Bxf7+ Kxf7 7. Ng5+ *\n",
    _TAGS + "\n1. f3 e5 2. g4 Qh4# 0-1\n",
    _TAGS + "\n1. e4 e5 2. Ke3 Nc6 *\n",  # illegal: python-chess reports it
    _TAGS + "\n1. e4 e5 2. Nd2 Nc6 3. Ngf3 Nf6 4. Nb3 Ng8 5. Nbd4 *\n",
    _TAGS + "\n1. e4 e5 2. N1f3 *\n",
    _TAGS + "\n1. e4 -- 2. d4 *\n",
    _TAGS + "\n1. e4 e5 2. Nf3 Nc6 !? 3. Bb5 *\n",
    _TAGS + "\n1. e4 e5 % an escape\n2. Nf3 *\n",
    _TAGS + "\n1. e4 e5 ; a rest-of-line comment\n2. Nf3 *\n",
    _TAGS + "\n",  # tags and nothing else
    _TAGS,
    '[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1-0\n',  # a result without moves
    '[White "A" ]\n[Black "B"]\n\n1. d4 *\n',  # a tag the pattern does not take
    '[White "Say \\"hi\\""]\n[Black "B"]\n\n1. d4 d5 *\n',
    "\ufeff" + _TAGS + "\n1. d4 *\n",
    _TAGS + "\n1. e4 e5 2. f4 exf3 3. Nxf3 d5 4. exd5 Qxd5 5. Nc3 Qe6+ 6. Kf2 Bc5+ 7. d4 *\n",
    _TAGS + "\n1. a4 b5 2. axb5 a6 3. bxa6 c5 4. a7 c4 5. axb8=Q Rxb8 6. b4 cxb3 *\n",
    _TAGS + "\n1. a4 b5 2. axb5 a6 3. bxa6 c5 4. a7 c4 5. axb8Q Rxb8 *\n",
    _TAGS + "\n1. a4 b5 2. axb5 a6 3. bxa6 c5 4. a7 c4 5. axb8=N *\n",
]
"""Texts that come near the edges of what ``_read_lean`` takes: all must read alike."""


EVENT_SUMMARY = {
    *("config", "name", "slug", "rounds", "rounds_played", "is_round_robin"),
    *("rounds_in_progress", "finished"),  # ``finished`` follows from the rounds and these
}
"""What keyed pages may read of the event (the chrome key covers these)."""


def attributes_read(chain: dict[str, nodes.Template]) -> set[tuple[str, str]]:
    """(name, attribute) for every ``name.attribute`` a template chain reads."""
    return {
        (n.node.name, n.attr)
        for tree in chain.values()
        for n in tree.find_all(nodes.Getattr)
        if isinstance(n.node, nodes.Name)
    }


def used_names(chain: dict[str, nodes.Template], environment: jinja2.Environment) -> set[str]:
    """The context names a template chain reads that it does not set itself."""
    defined = set(environment.globals)
    for tree in chain.values():
        defined |= {n.name for n in tree.find_all(nodes.Name) if n.ctx in ("store", "param")}
        defined |= {m.name for m in tree.find_all(nodes.Macro)}
        for imported in tree.find_all(nodes.FromImport):
            defined |= {n if isinstance(n, str) else n[-1] for n in imported.names}
    used = set().union(*(jinja2.meta.find_undeclared_variables(t) for t in chain.values()))
    return used - defined


def outside_final(tree: nodes.Node) -> Iterator[nodes.Node]:
    """Every node of a template but those only shown on the current standings (inside
    ``{% if final %}``, not its ``else``)."""
    for child in tree.iter_child_nodes():
        test = child.test if isinstance(child, nodes.If) else None
        if isinstance(child, nodes.If) and isinstance(test, nodes.Name) and test.name == "final":
            yield test
            for node in (*child.elif_, *child.else_):
                yield node
                yield from outside_final(node)
            continue
        yield child
        yield from outside_final(child)


@pytest.mark.parametrize(
    ("template", "allowed"),
    [
        ("player.html", site_module.PLAYER_PAGE_CONTEXT),
        ("round.html", site_module.ROUND_PAGE_CONTEXT),
        ("round_by_name.html", site_module.ROUND_PAGE_CONTEXT),
    ],
)
def test_a_keyed_page_reads_only_what_its_key_covers(
    template: str, allowed: frozenset[str]
) -> None:
    environment = make_environment(None)
    chain = template_chain(environment, template)
    guarded = {"championship", "sections", "shown"}  # base.html: `is defined`, never set here
    if template == "player.html":
        guarded.add("social")  # a player's page has a card of its own
        assert "social" not in allowed
    assert used_names(chain, environment) - guarded <= allowed
    read = attributes_read(chain)
    assert {attr for name, attr in read if name == "event"} <= EVENT_SUMMARY | {"player"}
    # Of a game these pages show the result and the reason (and link to its page: round,
    # board and source); ``shown_game`` covers those.
    games = {
        n.attr
        for tree in chain.values()
        for n in tree.find_all(nodes.Getattr)
        if isinstance(n.node, nodes.Getattr) and n.node.attr == "game"
    }
    assert games <= {"result", "reason"}
    # Only the player's own prizes, and those that passed them over: awards.get(player.number)
    for per_player in ("awards", "passes") if template == "player.html" else ():
        found = [n for t in chain.values() for n in t.find_all(nodes.Name) if n.name == per_player]
        looked_up = {
            id(n.node)
            for t in chain.values()
            for n in t.find_all((nodes.Getattr, nodes.Getitem))
            if isinstance(n.node, nodes.Name) and n.node.name == per_player
        }
        loads = [n for n in found if n.ctx == "load"]
        assert loads and all(id(n) in looked_up for n in loads), per_player


def test_earlier_standings_read_only_what_their_key_covers() -> None:
    """The standings after an earlier round show no prizes, play-offs or categories (those
    are inside ``{% if final %}``): their key is the chrome and what the ranking follows from."""
    environment = make_environment(None)
    tree = environment.parse(environment.loader.get_source(environment, "standings.html")[0])  # type: ignore[union-attr]
    names = {n.name for n in outside_final(tree) if isinstance(n, nodes.Name) and n.ctx == "load"}
    stored = {n.name for n in tree.find_all(nodes.Name) if n.ctx in ("store", "param")}
    imported = {
        n if isinstance(n, str) else n[-1]
        for node in tree.find_all(nodes.FromImport)
        for n in node.names
    }
    base = template_chain(environment, "base.html")
    inherited = used_names(base, environment) - {"championship", "sections"}
    for included in ("_event_nav.html", NAV_LINKS, "_macros.html"):
        inherited |= used_names(template_chain(environment, included), environment)
    used = (names - stored - imported - set(environment.globals) - {"loop"}) | inherited
    assert used - {"shown"} <= site_module.EARLIER_STANDINGS_CONTEXT - {"shown"}
    assert "shown" in used


class _Reads:
    """An event that notes which of its attributes are read."""

    def __init__(self, **values: object) -> None:
        self.__dict__["values"], self.__dict__["read"] = values, set()

    def __getattr__(self, name: str) -> object:
        self.read.add(name)
        return self.values[name]


def test_the_status_words_read_only_what_the_chrome_key_covers() -> None:
    """Every keyed page prints the event's status (``views.event_status``, in the printed
    header; the earlier standings' "Provisional:" line): it is worked out in Python, out of
    sight of the template checks above, so it is held to ``EVENT_SUMMARY`` here, in each
    state it words differently (the play-off's state is ``playoff_pending``, in the keys)."""
    states = [(0, (), False), (2, (), False), (3, (2, 3), False), (3, (), True)]
    read: set[str] = set()
    for played, on, finished in states:
        for pending, after_round in ((False, None), (True, None), (False, 1)):
            event = _Reads(rounds=3, rounds_played=played, rounds_in_progress=on, finished=finished)
            site_module.views.event_status(event, pending, after_round)  # type: ignore[arg-type]
            read |= event.read
    assert read <= EVENT_SUMMARY
    assert "rounds_in_progress" in read  # the check sees the reads


def test_a_keyed_page_sees_what_it_shows_of_a_game(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")})
    event, _ = load(site)
    assert event is not None
    game = event.games[0]
    shown = site_module.shown_game(game)
    others = {
        "round": 2, "board": 7, "white": 3, "black": 4, "result": "0-1", "reason": "late",
        "pgn_result": "1-0", "source": Path("other.pgn"),
    }  # fmt: skip
    for name, value in others.items():
        changed = dataclasses.replace(game, **{name: value})
        assert site_module.shown_game(changed) != shown, name


def swiss_site(make_site: SiteMaker, body: str = "", results: dict[str, str] | None = None) -> Path:
    """Six players, three Swiss rounds, every game in its round's file."""
    names = [f"P{n}, X" for n in range(1, 7)]
    players = "".join(
        f'[[players]]\nname = "{name}"\nrating = {2400 - 50 * i}\n\n'
        for i, name in enumerate(names)
    )
    head = 'name = "Open"\nformat = "swiss"\nrounds = 3\nstart = 2026-07-01\n'
    head += 'tiebreaks = ["BH/C1", "BH", "SB"]\n\n'
    pairs = {
        "1.1": (0, 3, "1-0"), "1.2": (1, 4, "1/2-1/2"), "1.3": (2, 5, "0-1"),
        "2.1": (5, 0, "0-1"), "2.2": (3, 1, "0-1"), "2.3": (4, 2, "1-0"),
        "3.1": (0, 1, "1-0"), "3.2": (2, 3, "1/2-1/2"), "3.3": (4, 5, "0-1"),
    }  # fmt: skip
    files: dict[str, str] = {}
    for tag, (white, black, result) in pairs.items():
        result = (results or {}).get(tag, result)
        name = f"round-{tag[0]}.pgn"
        files[name] = files.get(name, "") + pgn_game(tag, names[white], names[black], result)
    return make_site(head + body + players, files)


def tree_of(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def test_kept_pages_are_never_stale(
    make_site: SiteMaker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After each edit a rebuild (which keeps the pages whose key did not change) gives the
    files a build without cache gives; a late result keeps the earlier rounds' pages."""
    site = swiss_site(make_site)
    assert build_site(site, jobs=1).written
    rendered: list[str] = []
    original = site_module.write_pages

    def capture(renderer, pages, count, sink):  # type: ignore[no-untyped-def]
        def recording(job, render):  # type: ignore[no-untyped-def]
            def rendering(page):  # type: ignore[no-untyped-def]
                rendered.append(page.path)
                return render(page)

            return sink(job, rendering)

        return original(renderer, pages, count, recording)

    monkeypatch.setattr("generator.cache.write_pages", capture)
    event_file = site / "content/ev/event.toml"
    edits = [
        ("round-3.pgn", '[Round "3.2"]', "1/2-1/2", "1-0"),  # a late result
        ("round-3.pgn", '[Round "3.1"]', "1-0", "0-1"),  # a new winner: every page
        ("round-1.pgn", '[Round "1.3"]', "0-1", "1/2-1/2"),  # an early one
        ("event.toml", 'name = "P5, X"\nrating = 2200', "2200", "2390"),
        ("event.toml", 'tiebreaks = ["BH/C1", "BH", "SB"]', '"SB"', '"SB", "WIN"'),
        ("event.toml", "\n[[players]]", "\n[[players]]", '\n[prizes]\ncurrency = "EUR"\n\n'
         '[[prizes.money]]\nname = "First"\nplace = 1\namount = 100\n\n[[players]]'),
        ("event.toml", "rounds = 3", "rounds = 3", "rounds = 4"),
        ("event.toml", "\n[[players]]", "\n[[players]]",
         '\n[[byes]]\nround = 4\nplayer = "P6, X"\npoints = 0.5\n\n[[players]]'),
    ]  # fmt: skip
    for step, (name, near, old, new) in enumerate(edits):
        path = event_file if name == "event.toml" else site / "content/ev" / name
        text = path.read_text(encoding="utf-8")
        start = text.index(near)
        at = text.index(old, start)
        text = text[:at] + new + text[at + len(old) :]
        if name.endswith(".pgn"):  # the result after the moves too, as the tag
            end = text.find("\n[Event", at)
            game = text[at : len(text) if end < 0 else end]
            text = text[:at] + game.replace(old, new, 1) + text[at + len(game) :]
        path.write_text(text, encoding="utf-8")
        rendered.clear()
        assert build_site(site, jobs=1).written, step
        copy = tmp_path / f"fresh-{step}"
        shutil.copytree(site / "content", copy / "content")
        forget_memos()  # as a new process: the rebuild's memos would hide a stale key
        with monkeypatch.context() as plain:
            plain.setattr("generator.cache.write_pages", original)
            assert build_site(copy, jobs=1).written
        assert tree_of(site / "output") == tree_of(copy / "output"), step
        if step == 0:
            kept = {"ev/rounds/round-1.html", "ev/rounds/round-2.html"}
            kept |= {"ev/standings/after-round-1.html", "ev/standings/after-round-2.html"}
            assert rendered and not kept & set(rendered)
            assert "ev/rounds/round-3.html" in rendered


def test_pages_are_shared_out_whole_and_tables_close_their_runs(make_site: SiteMaker) -> None:
    site = swiss_site(make_site)
    event, _ = load(site)
    assert event is not None
    templates = ["player.html"] * 50 + ["standings.html", "player.html", "ranktable.html"]
    templates += ["game.html"] * 200
    pages = [site_module.PageJob(f"p{i}", t, {"event": event}) for i, t in enumerate(templates)]
    for jobs in (1, 2, 4):
        tasks = site_module._tasks(pages, jobs)
        runs = sorted(tasks)  # every page in exactly one run of neighbours
        assert runs[0][0] == 0 and runs[-1][1] == len(pages)
        assert all(a[1] == b[0] and a[0] < a[1] for a, b in itertools.pairwise(runs))
        weight = [sum(site_module.page_weight(job, 6) for job in pages[a:b]) for a, b in tasks]
        assert weight == sorted(weight, reverse=True)  # the heaviest first
    big = [site_module.PageJob(f"p{i}", t, {"event": event}) for i, t in enumerate(templates)]
    weights = [site_module.page_weight(job, 2000) for job in big]
    assert weights[50] > 64 and weights[52] > weights[50] and weights[0] == 1
    open_event = dataclasses.replace(event, players=event.players * 400)  # weighs as 2,400
    big = [site_module.PageJob(f"p{i}", t, {"event": open_event}) for i, t in enumerate(templates)]
    first = site_module._tasks(big, 2)[0]
    assert templates[first[1] - 1] == "ranktable.html"  # the heaviest run first


def test_the_navigation_kept_between_pages_is_the_one_each_page_renders(
    tmp_path: Path, make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``event_nav`` renders an event's navigation once per folder and current page; every
    page must come out as if each had rendered its own (the demo: a championship, extra pages,
    play-offs, prizes; and a Swiss open)."""
    demo = tmp_path / "demo"
    shutil.copytree(ROOT / "content", demo / "content")
    for site in (demo, swiss_site(make_site)):
        assert build_site(site, tmp_path / "kept", jobs=1).written
        with monkeypatch.context() as plain:
            plain.setattr(environment_module, "NAV_MEMO", False)
            assert build_site(site, tmp_path / "plain", jobs=1).written
        assert tree_of(tmp_path / "kept") == tree_of(tmp_path / "plain")
        nav = b'<nav class="event-nav"'
        assert sum(nav in data for data in tree_of(tmp_path / "kept").values()) > 10


def test_a_relocated_game_keeps_every_other_field() -> None:
    """``pgn.relocated_game`` builds the game field by field: one added to ``PgnGame`` must
    be carried over too."""
    (game,), _ = pgn.read_block('[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Ke3 *\n')
    moved = pgn.relocated_game(game, Path("elsewhere.pgn"), 10)
    assert (moved.path, moved.line, moved.tag_lines) == (
        Path("elsewhere.pgn"),
        game.line + 10,
        {tag: line + 10 for tag, line in game.tag_lines.items()},
    )
    for field in dataclasses.fields(pgn.PgnGame):
        if field.name not in ("path", "line", "tag_lines"):
            assert getattr(moved, field.name) == getattr(game, field.name), field.name
    assert game.illegal  # the illegal move is carried over too


def test_lean_tokens_are_python_chess_tokens() -> None:
    """``pgn._LEAN_TOKENS`` cuts every text ``_read_lean`` takes into the tokens python-chess's
    ``MOVETEXT_REGEX`` finds there (moves, castling either way, null moves, results, and
    whatever else is skipped between them)."""
    pieces = ["e4", "exd5", "N1f3", "Qh4+", "O-O", "O-O-O", "0-0", "0-0-0", "1-0", "0-1"]
    pieces += ["1/2-1/2", "*", "12.", "3...", "--", "Z0", "0000", "e8=Q", "e8Q", "10000"]
    pieces += ["1-0-0", "Kxe2#", "x", "-", "1", "0", "/", "."]
    rng = random.Random(9)
    checked = 0
    for _ in range(5000):
        text = "".join(
            rng.choice(pieces) + rng.choice(["", " ", "\n"]) for _ in range(rng.randint(1, 12))
        )
        if pgn._LEAN_REJECTS.search(text):
            continue
        expected = [m.group(0) for m in chess.pgn.MOVETEXT_REGEX.finditer(text)]
        assert pgn._LEAN_TOKENS.findall(text) == expected, text
        checked += 1
    assert checked > 2000


def test_kept_table_rows_are_written_anew_when_what_they_show_changes(
    make_site: SiteMaker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The big tables keep their rows between builds (``fragments.RowMemo``): a page rendered
    again for its frame alone writes none of its rows again, a result writes again the rows
    that show it, and the pages are always those a build without cache writes."""
    site = swiss_site(make_site)
    assert build_site(site, jobs=1).written
    rows = site / ".crosstable-cache/output/rows"
    assert len(list(rows.iterdir())) == 7  # three standings, three rounds, the rank table
    (rows / "stray").write_bytes(b"from a table that is gone")
    written: list[tuple[str, object]] = []
    for name in ("_standings_row", "_pairing_row", "_rank_row"):
        original = getattr(fragments, name)

        def counting(fields, name=name, original=original):  # type: ignore[no-untyped-def]
            written.append((name, fields[1] if name == "_standings_row" else fields))
            return original(fields)

        monkeypatch.setattr(fragments, name, counting)

    def edit(path: Path, old: str, new: str) -> None:
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    def same_as_fresh(step: str) -> None:
        copy = tmp_path / step
        shutil.copytree(site / "content", copy / "content")
        assert build_site(copy, jobs=1).written
        assert tree_of(site / "output") == tree_of(copy / "output"), step

    edit(site / "content/ev/event.toml", 'name = "Open"', 'name = "Open 2026"')
    assert build_site(site, jobs=1).written
    assert written == []  # every table page rendered again (its heading), no row
    assert not (rows / "stray").exists()
    same_as_fresh("name")
    round_3 = site / "content/ev/round-3.pgn"
    text = round_3.read_text(encoding="utf-8")
    at = text.index('[Round "3.2"]')
    round_3.write_text(text[:at] + text[at:].replace("1/2-1/2", "1-0", 2), encoding="utf-8")
    assert build_site(site, jobs=1).written
    standings = {number for name, number in written if name == "_standings_row"}
    assert {3, 4} <= standings  # P3's and P4's points changed
    assert any(name == "_pairing_row" for name, _ in written)  # the result of board 3.2
    same_as_fresh("result")


def test_a_games_kept_pgn_is_never_stale(make_site: SiteMaker) -> None:
    """``game_pgn`` keeps each game's text by ``export_key`` (between builds, too): whatever
    the games.pgn record of a game follows from, changed alone, must give the text written
    afresh, never the one kept for the game before the change."""
    from generator.render import exports

    site = make_site(
        event_toml('location = "Perth"'),
        {"g.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0", "1. e4 e5 2. Nf3 1-0")},
    )
    event, _ = load(site)
    assert event is not None
    # No tags of its own for the event and the place (they would stand instead); two others.
    tags = {k: v for k, v in event.games[0].headers.items() if k not in ("Event", "Site")}
    game = dataclasses.replace(event.games[0], headers={**tags, "ECO": "C40", "Annotator": "Q"})
    white, *others = event.players

    def with_config(**changes: object) -> Event:
        return dataclasses.replace(event, config=dataclasses.replace(event.config, **changes))

    def with_white(**changes: object) -> Event:
        return dataclasses.replace(event, players=(dataclasses.replace(white, **changes), *others))

    def with_game(**changes: object) -> Game:
        return dataclasses.replace(game, **changes)

    start = {"SetUp": "1", "FEN": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}
    variants = {
        "event name": (with_config(name="X"), game),
        "location": (with_config(location="Y"), game),
        "player name": (with_white(name="Alpha, Anne"), game),
        "rating": (with_white(rating=2101), game),
        "round": (event, with_game(round=2)),
        "board": (event, with_game(board=4)),
        "result": (event, with_game(result="1/2-1/2")),
        "tags": (event, with_game(headers={**game.headers, "Opening": "Z"})),
        "tag order": (event, with_game(headers=dict(reversed(game.headers.items())))),
        "moves": (event, with_game(moves=pgn.Moves("e4", "e2e4"))),
        "start": (
            event,
            with_game(headers={**game.headers, **start}, moves=pgn.Moves("e4", "e2e4")),
        ),
    }
    assert white.number == game.white
    exports.game_pgn(event, game)  # kept, as a build keeps it
    for what, (other_event, other_game) in variants.items():
        fresh = pgn.export_game(other_game.moves, exports.game_headers(other_event, other_game))
        assert exports.game_pgn(other_event, other_game) == fresh, what
        assert fresh != exports.game_pgn(event, game), what


def test_a_name_the_trf_field_cut_is_looked_up_not_compared_with_every_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """2,000 players whose TRF names the 33-column field cut, each named by the full name in
    11 rounds of PGN games: each spelling is compared with the one cut name it begins (one
    comparison per distinct length of the cut names: 33 here), once, not with every cut name
    in every game (44 million comparisons took 4 seconds)."""
    from generator import assemble
    from generator.config.event import EventConfig, PlayerEntry, TrfPlace

    place = TrfPlace(Path("event.trf"), 1, 15)
    full = [f"Longsurname-Otherlongname{i:04d}, Given Middle Another" for i in range(2000)]
    entries = tuple(
        PlayerEntry(name=name[:33], number=i, trf=place) for i, name in enumerate(full, start=1)
    )
    config = EventConfig(name="T", format="swiss", rounds=11, players=entries)
    compared = 0
    plain = assemble.continues_cut

    def counted(whole: str, key: str, filled: bool) -> bool:
        nonlocal compared
        compared += 1
        return plain(whole, key, filled)

    monkeypatch.setattr(assemble, "continues_cut", counted)
    names = assemble._Names(config, assemble.build_players(config))
    found = [names.find(name) for _ in range(11) for name in full]
    assert found == list(range(1, 2001)) * 11
    assert compared == 2000


def test_the_spelling_index_finds_what_comparing_with_every_spelling_finds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The closest spellings the index finds, comparing few, are the ones difflib finds
    comparing the name with every spelling: for typos, other transliterations, names in the
    other order and names like none, among 300 players in two scripts. Without the cap on
    comparisons for any name; with it, for every name the bound stopped before the cap."""
    import difflib

    from generator.config.event import PlayerEntry, SpellingIndex, _latin

    rng = random.Random(11)
    stems = ["Иван", "Петр", "Георги", "Стоян", "Тодор", "Ангел", "Smith", "Jones", "Weber"]
    given = ["Никола", "Мария", "Йордан", "Юлиян", "Anna", "Jack", "Stefan", "Elena"]
    ends = ["ов", "ева", "er", ""]
    spelt = {
        f"{rng.choice(stems)}{rng.choice(ends)}, {rng.choice(given)}{rng.choice(['', ' A.'])}"
        for _ in range(400)
    }
    names = sorted(spelt)[:300]
    players = [
        PlayerEntry(name=n, aliases=(f"{n} Jr",) if i % 50 == 0 else (), number=i)
        for i, n in enumerate(names, start=1)
    ]
    index = SpellingIndex(players)
    assert len(index.keys) > index.COMPARED  # the bound and the cap are both at work

    def variants(name: str) -> list[str]:
        latin = _latin(name).title()
        i = rng.randrange(len(latin))
        surname, _, first = latin.partition(", ")
        return [
            latin[:i] + rng.choice("aeiyjkz") + latin[i + 1 :],  # a typo
            latin.replace("Y", "J"),  # another transliteration
            f"{first} {surname}",  # the other order
            "".join(rng.choice("bdfgpqtvwx") for _ in range(7)) + ", Zed",  # like none
        ]

    unknown = [v for name in rng.sample(names, 30) for v in variants(name)]

    plain = {
        name: difflib.get_close_matches(_latin(name), index.keys, n=3, cutoff=0.5)
        for name in unknown
    }

    stopped_by_the_bound = 0
    for name in unknown:
        before = index.compared
        found = index._close_matches(_latin(name))
        if index.compared - before < index.COMPARED:
            stopped_by_the_bound += 1
            assert found == plain[name], name
    assert stopped_by_the_bound > len(unknown) / 2
    monkeypatch.setattr(SpellingIndex, "COMPARED", len(index.keys) + 1)
    assert {n: index._close_matches(_latin(n)) for n in unknown} == plain
