"""The build cache of ``crosstable build``: never stale, safe to delete, never published.

Every build that uses the cache must give the files a fresh build gives; a rebuild only does
less work (parses new games, renders pages whose inputs changed, writes files whose bytes
changed), and a build that fails still leaves the last good site in place.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, SiteMaker, event_toml, forget_memos, pgn_game

from generator import buildstate, cache, pgn
from generator.build import build_site, check_site
from generator.buildstate import CACHE_FOLDER, OutputFiles
from generator.cache import BuildCache, PgnStore

A, B, C, D = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora"
MOVES = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7"


def tree(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def fresh_build(site: Path, where: Path) -> dict[str, bytes]:
    """The output of a build of a copy of ``site`` with no cache at all, this process's
    memos included (``forget_memos``)."""
    forget_memos()
    copy = where / "fresh"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(site / "content", copy / "content")
    if (site / "site.toml").is_file():
        shutil.copy(site / "site.toml", copy / "site.toml")
    assert build_site(copy, jobs=1).written
    return tree(copy / "output")


def four_games(result: str = "1-0") -> dict[str, str]:
    return {
        "r1.pgn": pgn_game("1.1", A, B, result, MOVES) + pgn_game("1.2", C, D, "0-1", MOVES),
        "r2.pgn": pgn_game("2.1", A, C, "1/2-1/2", MOVES) + pgn_game("2.2", B, D, "1-0"),
    }


def results(site: Path) -> dict[str, str]:
    data = json.loads((site / "output/ev/results.json").read_text(encoding="utf-8"))
    return {f"{g['round']}.{g['board']}": g["result"] for g in data["games"]}


def test_an_edited_game_is_never_stale(make_site: SiteMaker, tmp_path: Path) -> None:
    site = make_site(event_toml(), four_games())
    assert build_site(site).written
    assert results(site)["1.1"] == "1-0"
    path = site / "content/ev/r1.pgn"
    path.write_text(path.read_text().replace("1-0", "0-1"), encoding="utf-8")
    assert build_site(site).written
    assert results(site)["1.1"] == "0-1"
    assert b"0-1" in (site / "output/ev/games/r1-b1.html").read_bytes()
    assert tree(site / "output") == fresh_build(site, tmp_path)


def test_an_edited_clock_or_comment_is_never_stale(make_site: SiteMaker, tmp_path: Path) -> None:
    """A game's clocks show on its page and its comments in games.pgn: an edit to them alone
    (the moves and result unchanged) rewrites both."""
    games = four_games()
    games["r1.pgn"] = games["r1.pgn"].replace("1. e4 e5", "1. e4 { [%clk 1:30:00] } e5", 1)
    site = make_site(event_toml(), games)
    assert build_site(site).written
    page = site / "output/ev/games/r1-b1.html"
    assert "1:30:00</span>" in page.read_text(encoding="utf-8")
    path = site / "content/ev/r1.pgn"
    path.write_text(path.read_text().replace("1:30:00]", "1:29:41] quick"), encoding="utf-8")
    assert build_site(site).written
    html = page.read_text(encoding="utf-8")
    assert "1:29:41</span>" in html and "1:30:00" not in html
    assert "{ [%clk 1:29:41] quick }" in (site / "output/ev/games.pgn").read_text()
    assert tree(site / "output") == fresh_build(site, tmp_path)


def test_the_cache_is_beside_the_output_never_in_it(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), four_games())
    build_site(site)
    cache = site / CACHE_FOLDER
    assert (cache / ".gitignore").read_text() == "*\n"  # git ignores it, and it is no input
    assert (cache / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172789f")
    assert (cache / "output" / "games.index").is_file()
    published = tree(site / "output")
    assert not any(path.endswith((".index", ".pickle", ".TAG")) for path in published)
    assert not any(part.startswith(".") for path in published for part in path.split("/"))


def test_deleting_or_damaging_the_cache_changes_nothing(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    site = make_site(event_toml(), four_games())
    build_site(site)
    first = tree(site / "output")
    shutil.rmtree(site / CACHE_FOLDER)
    assert build_site(site).written and tree(site / "output") == first
    for path in (site / CACHE_FOLDER).rglob("*"):
        if path.is_file() and path.name not in (".gitignore", "CACHEDIR.TAG"):
            path.write_bytes(path.read_bytes()[:7])  # cut short, as by a crash
    (site / "content/ev/r2.pgn").write_text(four_games("0-1")["r2.pgn"] + "\n")
    assert build_site(site).written
    assert tree(site / "output") == fresh_build(site, tmp_path)


def test_a_build_with_nothing_changed_writes_nothing(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), four_games())
    first = build_site(site)
    stamps = {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in (site / "output").rglob("*")}
    again = build_site(site)
    assert again.written and again.problems.items == first.problems.items
    assert {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in stamps} == stamps
    assert again.files == first.files and len(again.files) == len(first.files)
    assert again.files["ev/results.json"] == (site / "output/ev/results.json").read_bytes()


def test_a_file_name_that_is_not_utf8_is_read(make_site: SiteMaker, tmp_path: Path) -> None:
    """A PGN file unzipped from an old Windows archive is named in Latin-1 (b"caf\\xe9"):
    Python reads the name with a surrogate, which the cache's digest of the inputs refused
    with a traceback on every build, fresh or not."""
    site = make_site(event_toml(), four_games())
    games = site / "content/ev"
    (games / "r2.pgn").rename(games / os.fsdecode(b"caf\xe9.pgn"))
    assert build_site(site).written
    assert results(site) == {"1.1": "1-0", "1.2": "0-1", "2.1": "1/2-1/2", "2.2": "1-0"}
    again = build_site(site)  # nothing changed: told from the cache's record alone
    assert again.written and not again.problems.items
    assert tree(site / "output") == fresh_build(site, tmp_path)


def test_a_touched_output_is_built_again(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), four_games())
    build_site(site)
    page = site / "output/ev/games/r1-b2.html"
    good = page.read_bytes()
    page.write_text("vandalised")
    (site / "output/stray.html").write_text("not ours")
    assert build_site(site).written
    assert page.read_bytes() == good and not (site / "output/stray.html").exists()


def test_only_changed_pages_are_written(make_site: SiteMaker, tmp_path: Path) -> None:
    site = make_site(event_toml(), four_games())
    build_site(site)
    games = site / "output/ev/games"
    inodes = {p.name: p.stat().st_ino for p in games.iterdir()}
    path = site / "content/ev/r1.pgn"  # Delta's win becomes a draw: Alpha still leads alone
    path.write_text(path.read_text().replace("0-1", "1/2-1/2"), encoding="utf-8")
    assert build_site(site).written
    after = {p.name: p.stat().st_ino for p in games.iterdir()}
    assert after["r1-b2.html"] != inodes["r1-b2.html"]  # its result changed: written again
    assert after["r2-b1.html"] == inodes["r2-b1.html"]  # untouched: the same file, linked
    assert tree(site / "output") == fresh_build(site, tmp_path)


def test_a_failed_build_leaves_the_last_good_site(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), four_games())
    build_site(site)
    good = tree(site / "output")
    (site / "content/ev/r3.pgn").write_text(pgn_game("3.1", A, "Nobody, Ned", "1-0"))
    failed = build_site(site)
    assert failed.failed() and not failed.written
    assert tree(site / "output") == good
    (site / "content/ev/r3.pgn").unlink()
    again = build_site(site)  # back to the inputs of the good site: nothing to do
    assert again.written and tree(site / "output") == good


def test_strict_fails_on_warnings_even_when_nothing_changed(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0", "1. e4 e5 2. Ke3")})
    assert build_site(site).written  # an illegal move is a warning
    strict = build_site(site, strict=True)
    assert strict.failed(strict=True) and not strict.written


def test_site_settings_and_templates_reach_every_page(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), four_games())
    build_site(site)
    (site / "site.toml").write_text('title = "Renamed Results"\n', encoding="utf-8")
    build_site(site)
    assert b"Renamed Results" in (site / "output/ev/games/r1-b1.html").read_bytes()
    templates = site / "templates"
    templates.mkdir()
    base = (ROOT / "templates/base.html").read_text(encoding="utf-8")
    (templates / "base.html").write_text(base.replace("</footer>", "Club</footer>"))
    build_site(site)
    assert b"Club</footer>" in (site / "output/ev/games/r1-b1.html").read_bytes()
    (templates / "game.html").write_text(
        '{% extends "base.html" %}{% block main %}{{ standings.rows | length }} '
        "players{% endblock %}"
    )
    build_site(site)
    assert b"4 players" in (site / "output/ev/games/r1-b1.html").read_bytes()


def test_parallel_and_cached_builds_match_a_plain_one(tmp_path: Path) -> None:
    plain = tmp_path / "plain"
    shutil.copytree(ROOT / "content", plain / "content")
    reference = check_site(plain).files  # no cache, no other process
    for jobs in (2, 2, 1):
        report = build_site(plain, tmp_path / f"out-{jobs}", jobs=jobs)
        assert report.written and report.files == reference
        assert tree(tmp_path / f"out-{jobs}") == reference


def test_one_changed_game_of_a_file_is_the_only_one_parsed(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = make_site(event_toml(), four_games())
    build_site(site)
    parsed: list[str] = []
    original = pgn.read_block

    def counting(
        block: str, on_final: pgn.FinalPosition | None = None
    ) -> tuple[list[pgn.PgnGame], list[pgn.Problem]]:
        parsed.append(block)
        return original(block, on_final)

    monkeypatch.setattr("generator.cache.read_block", counting)
    path = site / "content/ev/r1.pgn"
    path.write_text(path.read_text().replace('"1-0"]', '"0-1"]').replace(" 1-0", " 0-1"))
    assert build_site(site, jobs=1).written
    assert len(parsed) == 1 and '[Round "1.1"]' in parsed[0]
    assert results(site)["1.1"] == "0-1"


def test_serve_parses_again_only_the_changed_game_too(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), four_games())
    cache = BuildCache()
    for edit in (False, True):
        if edit:
            path = site / "content/ev/r2.pgn"
            path.write_text(path.read_text().replace("1/2-1/2", "0-1"), encoding="utf-8")
        files = cache.build(site).files
    assert [p.name for p in cache.stats.pgn_parsed] == ["r2.pgn"]
    assert files == check_site(site).files


def test_games_moved_down_a_file_keep_their_lines(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), four_games())
    store = PgnStore(site / "kept")
    path = site / "content/ev/r1.pgn"
    first = store.read(path, path.read_bytes(), pgn.Problems())
    store.save()
    path.write_text("\n\n\n" + path.read_text(), encoding="utf-8")
    later = PgnStore(site / "kept")
    moved = later.read(path, path.read_bytes(), pgn.Problems())
    direct = pgn.read_pgn_text(path.read_text(), path, pgn.Problems())
    assert [g.line for g in moved] == [g.line for g in direct] == [g.line + 3 for g in first]
    assert moved == direct
    assert later.stats.pgn_parsed == [path]  # the file changed, its games were kept


def test_output_files_read_kept_pages_only_when_asked(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_bytes(b"kept")
    files = OutputFiles({"b.html": b"new"}, ["a.html"], tmp_path).sorted()
    assert list(files) == ["a.html", "b.html"] and len(files) == 2 and "a.html" in files
    (tmp_path / "a.html").write_bytes(b"kept!")  # not read yet: the file as it is now
    assert dict(files) == {"a.html": b"kept!", "b.html": b"new"} == files
    assert files.get("a.html") == b"kept!" and files.get("c.html") is None
    assert sorted(files.values()) == [b"kept!", b"new"]


def test_a_build_needs_no_writable_cache(make_site: SiteMaker, tmp_path: Path) -> None:
    site = make_site(event_toml(), four_games())
    (site / CACHE_FOLDER).write_text("a file where the cache folder would go")
    assert build_site(site).written
    assert tree(site / "output") == fresh_build(site, tmp_path)
    if os.name == "posix":
        assert (site / CACHE_FOLDER).is_file()


def test_nothing_changed_is_told_without_loading_the_pipeline(make_site: SiteMaker) -> None:
    """``crosstable build`` with nothing changed answers from ``generator.buildstate`` alone
    (importing python-chess and Jinja2 takes longer than the check); after an edit it builds."""
    site = make_site(event_toml(), four_games())
    probe = (
        "import sys; from generator import cli; status = cli.main(sys.argv[1:]); "
        "print(status, 'chess' in sys.modules, 'jinja2' in sys.modules)"
    )
    command = [sys.executable, "-c", probe, "build", "--site", str(site)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))

    def run() -> str:
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
        return done.stdout.strip().splitlines()[-1]

    assert run() == "0 True True"  # the first build
    assert run() == "0 False False"
    path = site / "content/ev/r1.pgn"
    path.write_text(path.read_text().replace("1-0", "0-1"), encoding="utf-8")
    assert run() == "0 True True"
    assert results(site)["1.1"] == "0-1"


def test_games_exported_by_a_worker_process_are_kept_for_the_next_build(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The games' PGN (``exports.EXPORTS``) is kept between builds even when worker processes
    made it (here they render every page)."""
    import concurrent.futures
    import multiprocessing
    import pickle

    from generator.render import exports
    from generator.render import site as site_module

    def all_in_workers(tasks, jobs, local, remote, load):  # type: ignore[no-untyped-def]
        context = multiprocessing.get_context("fork")
        with concurrent.futures.ProcessPoolExecutor(1, mp_context=context) as pool:
            yield from (load(data) for data in pool.map(remote, tasks))

    for memo in ("EXPORTS", "EXPORTS_NEW"):  # not what earlier tests exported
        monkeypatch.setattr(exports, memo, {})
    monkeypatch.setattr(exports, "EXPORTS_USED", set())
    site = make_site(event_toml(), four_games())
    with monkeypatch.context() as patched:
        patched.setattr(site_module, "run_parallel", all_in_workers)
        assert build_site(site, jobs=2).written
    (folder,) = site.glob(f"{CACHE_FOLDER}/*/memos.pickle")
    saved = pickle.loads(folder.read_bytes())
    assert len(saved["exports"]) == 4, "every game's export kept"
    exported: list[str] = []
    original = exports.export_game

    def counting(moves: pgn.Moves, headers: dict[str, str]) -> str:
        exported.append(headers["Round"])
        return original(moves, headers)

    monkeypatch.setattr(exports, "export_game", counting)
    path = site / "content/ev/r1.pgn"
    path.write_text(path.read_text().replace('"1-0"]', '"0-1"]').replace(" 1-0", " 0-1"))
    assert build_site(site, jobs=1).written
    assert exported == ["1.1"]
    assert '[Result "0-1"]' in (site / "output/ev/games.pgn").read_text(encoding="utf-8")


def test_a_result_that_changes_the_leaders_keeps_the_other_games_pages(
    make_site: SiteMaker,
) -> None:
    """The leaders are named by the event's shared-link card, not by games' and players'
    pages: Bob taking the lead from Anna (1.1 turned to 0-1) leaves the keys of the other
    games' pages as they were."""
    from generator.buildstate import SiteState

    site = make_site(event_toml(), four_games())
    assert build_site(site).written
    (folder,) = site.glob(f"{CACHE_FOLDER}/*/site.index")
    before = SiteState.load(folder.parent)
    leaders = (site / "output/ev/index.html").read_text(encoding="utf-8")
    assert "After round 2 of 3: \u2068Alpha, Anna\u2069 leads with 1½ points." in leaders
    path = site / "content/ev/r1.pgn"
    path.write_text(path.read_text().replace('"1-0"]', '"0-1"]').replace(" 1-0", " 0-1"))
    assert build_site(site).written
    after = SiteState.load(folder.parent)
    assert before is not None and after is not None
    leaders = (site / "output/ev/index.html").read_text(encoding="utf-8")
    assert "After round 2 of 3: \u2068Bravo, Bob\u2069 leads with 2 points." in leaders

    def key(state: SiteState, path: str) -> str:
        return state.files[path][2]

    for game in ("r1-b2", "r2-b1"):
        assert key(before, f"ev/games/{game}.html") == key(after, f"ev/games/{game}.html")
    assert key(before, "ev/games/r1-b1.html") != key(after, "ev/games/r1-b1.html")


def test_a_rebuild_changes_the_standing_site_in_place(make_site: SiteMaker, tmp_path: Path) -> None:
    """The output stands as the last build left it: the rebuild moves the changed files into it
    (the folder itself stays) and deletes the pages that went."""
    games = four_games()
    games["r2.pgn"] = pgn_game("2.1", A, C, "1/2-1/2", MOVES) + pgn_game("2.2", B, D, "1-0", MOVES)
    site = make_site(event_toml(), games)
    build_site(site)
    output = site / "output"
    folder, kept = output.stat().st_ino, (output / "ev/games/r1-b1.html").stat()
    assert (output / "ev/games/r2-b2.html").is_file()
    moved = games["r2.pgn"].replace('"2.2"', '"2.3"')  # its page is now r2-b3.html
    (site / "content/ev/r2.pgn").write_text(moved, encoding="utf-8")
    assert build_site(site).written
    assert output.stat().st_ino == folder  # patched, not swapped
    now = (output / "ev/games/r1-b1.html").stat()
    assert (now.st_ino, now.st_mtime_ns) == (kept.st_ino, kept.st_mtime_ns)
    assert not (output / "ev/games/r2-b2.html").exists()
    assert (output / "ev/games/r2-b3.html").is_file()
    assert tree(output) == fresh_build(site, tmp_path)
    # What it wrote is on record, the games' PGN too: the next build finds nothing to do.
    before = {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in output.rglob("*")}
    again = build_site(site)
    assert again.written and set(again.files) == set(tree(output))
    assert {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in output.rglob("*")} == before


def test_a_rebuild_of_few_pages_makes_the_games_pgn_beside_them_and_records_it(
    tmp_path: Path,
) -> None:
    """When few pages change, the games' PGN is made beside them (``after_beside``): it is a
    file of the site like any other, on record for the next build, which has nothing to do."""
    names = [f"Player, No{n}" for n in range(10)]
    players = "".join(f'[[players]]\nname = "{name}"\n\n' for name in names)
    head = 'name = "Open"\nformat = "swiss"\nrounds = 5\nstart = 2026-07-01\n\n'
    site = tmp_path / "site"
    (site / "content/ev").mkdir(parents=True)
    (site / "content/ev/event.toml").write_text(head + players, encoding="utf-8")
    for round_number in range(1, 6):
        pairs = [(board, (board + round_number) % 5 + 5) for board in range(5)]
        games = "".join(
            pgn_game(f"{round_number}.{i + 1}", names[white], names[black], "1-0", MOVES)
            for i, (white, black) in enumerate(pairs)
        )
        (site / f"content/ev/r{round_number}.pgn").write_text(games, encoding="utf-8")
    build_site(site)
    path = site / "content/ev/r3.pgn"
    path.write_text(path.read_text().replace("5. O-O Be7", "5. O-O b5", 1), encoding="utf-8")
    rebuilt = build_site(site)
    assert rebuilt.written and "ev/games.pgn" in rebuilt.files
    assert b"5. O-O b5" in (site / "output/ev/games.pgn").read_bytes()
    assert tree(site / "output") == fresh_build(site, tmp_path)
    before = {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in (site / "output").rglob("*")}
    assert build_site(site).written
    now = {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in (site / "output").rglob("*")}
    assert now == before


def test_a_build_hands_the_collector_back_as_it_found_it(make_site: SiteMaker) -> None:
    """A build runs the garbage collector less often (``cache.BUILD_COLLECTION``) and keeps
    objects from it; after it, failed or not, the collector is as it was (serve and the tests
    go on in the same process)."""
    import gc

    from generator.cache import BUILD_COLLECTION

    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")})
    before = gc.get_threshold()
    assert before != BUILD_COLLECTION
    seen: list[tuple[int, int, int]] = []
    real = check_site

    def spying(*args: object, **kwargs: object) -> object:
        seen.append(gc.get_threshold())
        return real(*args, **kwargs)  # type: ignore[arg-type]

    import generator.build as build_module

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build_module, "check_site", spying)
        assert build_site(site).written
        (site / "content" / "ev" / "event.toml").write_text("not = [toml")
        assert not build_site(site).written
        assert BuildCache().build(site).problems.errors  # serve's builds too
    assert seen == [BUILD_COLLECTION] * 3
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_a_cache_that_cannot_be_saved_leaves_the_site_built(
    make_site: SiteMaker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk once the pages are in place: the cache only saves time, so the site
    stands and a notice says so (a traceback before). The record of the older site is
    dropped, and the next build, which has nothing saved to go by, builds it all again."""
    site = make_site(event_toml(), four_games())
    assert build_site(site).written
    record = site / CACHE_FOLDER / "output" / "site.index"
    assert record.is_file(), sorted(p.name for p in (site / CACHE_FOLDER).rglob("*"))
    path = site / "content/ev/r1.pgn"
    path.write_text(path.read_text().replace("1-0", "0-1"), encoding="utf-8")

    def full(target: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device", str(target))

    with monkeypatch.context() as patched:
        patched.setattr(buildstate, "write_atomically", full)
        patched.setattr(cache, "write_atomically", full)
        report = build_site(site)
    assert report.written and not report.problems.items
    (notice,) = report.notices
    assert notice.startswith("the site was built, but its build cache could not be saved (")
    assert notice.endswith(": No space left on device; the next build will take longer")
    assert results(site)["1.1"] == "0-1" and not record.exists()
    again = build_site(site)
    assert again.written and again.notices == [] and record.is_file()
    assert tree(site / "output") == fresh_build(site, tmp_path)


def test_a_card_whose_category_place_changes_through_another_game_is_rebuilt(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """A player's card shows their place in each category, which a game the player had no
    part in decides: round 1 of a Swiss, Alpha beat Bravo, Charlie beat Delta, Foxtrot beat
    Echo. In the Women category (Alpha and Echo) Alpha is 1st alone. Echo's game turned to
    1-0: Alpha's place (1-3 on 1 point), her opponent's points (0) and her games are as
    before, but Echo now ties her on 1 point with nothing to part them, so the card must
    say place 1-2 on a rebuild as on a fresh build."""
    players = "".join(
        f'\n[[players]]\nname = "{name}"\nsex = "{sex}"\n'
        for name, sex in (
            (A, "F"),
            (B, "M"),
            (C, "M"),
            (D, "M"),
            ("Echo, Eve", "F"),
            ("Foxtrot, Fay", "M"),
        )
    )
    event = (
        'name = "Test Event"\nformat = "swiss"\nrounds = 3\nstart = 2025-06-01\n'
        '\n[[categories]]\nid = "W"\nname = "Women"\nsex = "F"\n' + players
    )
    games = (
        pgn_game("1.1", A, B, "1-0", MOVES)
        + pgn_game("1.2", C, D, "1-0", MOVES)
        + pgn_game("1.3", "Foxtrot, Fay", "Echo, Eve", "1-0", MOVES)
    )
    site = make_site(event, {"r1.pgn": games})
    assert build_site(site).written
    card = site / "output/ev/players/1-alpha-anna.html"
    assert ">Women</a>: place 1<" in card.read_text(encoding="utf-8")
    echo_won = pgn_game("1.3", "Foxtrot, Fay", "Echo, Eve", "0-1", MOVES)
    (site / "content/ev/r1.pgn").write_text(games.replace(games[-len(echo_won) :], echo_won))
    assert build_site(site).written
    assert ">Women</a>: place 1-2<" in card.read_text(encoding="utf-8")
    assert tree(site / "output") == fresh_build(site, tmp_path)


def fresh_build_kept_templates(site: Path, where: Path) -> dict[str, bytes]:
    """``fresh_build``, keeping only the compiled built-in templates of the last one (Jinja
    checks each against its source): compiling them is most of a small site's build."""
    copy = where / "fresh"
    compiled = copy / CACHE_FOLDER / "output/templates"
    if compiled.is_dir():
        shutil.move(compiled, where / "compiled")
    shutil.rmtree(copy, ignore_errors=True)
    if (where / "compiled").is_dir():
        compiled.parent.mkdir(parents=True)
        shutil.move(where / "compiled", compiled)
    forget_memos()
    shutil.copytree(site / "content", copy / "content")
    if (site / "site.toml").is_file():
        shutil.copy(site / "site.toml", copy / "site.toml")
    assert build_site(copy, jobs=1).written
    return tree(copy / "output")


def championship_site(root: Path) -> Path:
    """A championship of two round robins of four (sections "a" and "b", two rounds played
    of three), with a Markdown page in "a" and a picture on the home page."""
    site = root / "site"
    cup = site / "content/cup"
    cup.mkdir(parents=True)
    (cup / "championship.toml").write_text(
        'name = "Club Cup 2025"\nstart = 2025-06-01\nend = 2025-06-30\nsections = ["a", "b"]\n',
        encoding="utf-8",
    )
    (site / "content/index.md").write_text("# Club\n\n![logo](logo.png)\n", encoding="utf-8")
    (site / "content/logo.png").write_bytes(b"first picture")
    prizes = (
        '[prizes]\ncurrency = "EUR"\n\n[[prizes.money]]\nname = "First"\nplace = 1\n'
        'amount = 100\n\n[[categories]]\nid = "U16"\nname = "Under 16"\nunder = 16\n\n'
        '[[titles]]\nname = "Under 16 Champion"\ncategory = "U16"\nkind = "open"\n'
    )
    a = event_toml('rules = "us-junior-closed"\nmin_draw_moves = 0\n' + prizes)
    born = {A: "2010-05-01", B: "2008-03-03", C: "2012-01-01", D: "2011-09-09"}
    for name, day in born.items():
        a = a.replace(f'name = "{name}"\n', f'name = "{name}"\nborn = {day}\n')
    for section, toml in (("a", a), ("b", event_toml().replace(", ", "-, "))):
        folder = cup / section
        folder.mkdir()
        (folder / "event.toml").write_text(toml, encoding="utf-8")
        for name, text in four_games().items():
            text = text if section == "a" else text.replace(", ", "-, ")
            (folder / name).write_text(text, encoding="utf-8")
    (cup / "a/notes.md").write_text("# Notes\n\nPlay starts at ten.\n", encoding="utf-8")
    return site


def test_an_organiser_s_edits_to_a_championship_are_never_stale(tmp_path: Path) -> None:
    """After each of the edits an organiser makes, one after the other, a rebuild (pages
    kept by their keys, games, standings and event files from the cache) gives the files a
    build without any cache gives."""
    site = championship_site(tmp_path)
    a, b = "content/cup/a", "content/cup/b"
    assert build_site(site, jobs=1).written
    edits: list[tuple[str, str, str]] = [
        ("content/cup/championship.toml", "Club Cup 2025", "Club Summer Cup 2025"),
        ("content/cup/championship.toml", '["a", "b"]', '["b", "a"]'),
        (f"{a}/event.toml", "rating = 2300", 'rating = 2300\ntitle = "FM"\nfederation = "NOR"'),
        (f"{a}/event.toml", "born = 2010-05-01", "born = 2008-05-01"),  # no longer under 16
        (f"{a}/event.toml", "\n[prizes]",
         '\n[[fines]]\nplayer = "Alpha, Anna"\namount = 30\nreason = "Phone"\n\n[prizes]'),
        (f"{a}/event.toml", "\n[prizes]",
         '\n[[withdrawals]]\nplayer = "Delta, Dora"\nafter_round = 2\nreason = "Moved away"\n\n'
         "[prizes]"),
        (f"{a}/event.toml", "\n[prizes]",
         '\n[[results]]\nround = 2\nwhite = "Bravo, Bob"\nblack = "Delta, Dora"\n'
         'result = "1-0"\nreason = "Phone rang"\nforfeited = true\n\n[prizes]'),
        (f"{a}/event.toml", "\n[prizes]", "\n[scoring]\nwin = 2.0\ndraw = 1.0\n\n[prizes]"),
        (f"{a}/r1.pgn", '[Round "1.1"]', '[Round "1.1"]\n[Date "2025.06.02"]'),
        (f"{a}/r1.pgn", "5. O-O Be7 1-0", "5. O-O 1-0"),  # other moves, the same result
        (f"{b}/report.md", "", "# Report of B\n\nA quiet day.\n"),  # a page added
        (f"{a}/notes.md", "ten.", "ten.\n\nSee [section B](../b/report.md)."),  # linked
        ("site.toml", "", 'title = "Club"\nbase_url = "https://example.org/"\nlanguage = "en-GB"'),
    ]  # fmt: skip
    for step, (name, old, new) in enumerate(edits):
        path = site / name
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        assert old in text, step
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        assert build_site(site, jobs=1).written, step
        assert tree(site / "output") == fresh_build_kept_templates(site, tmp_path), step
        if step == 0:  # a section's kept pages name the championship
            page = site / "output/cup/a/rounds/round-1.html"
            assert b"Club Summer Cup 2025" in page.read_bytes()
        if step == 5:
            page = site / "output/cup/a/players/4-delta-dora.html"
            assert b"after round 2 (Moved away)" in page.read_bytes()
    (site / b / "r2.pgn").rename(site / b / "round-2.pgn")  # a file renamed
    (site / b / "report.md").unlink()  # the page linked from a's notes removed
    (site / "content/logo.png").write_bytes(b"second picture")
    assert build_site(site, jobs=1).written
    assert tree(site / "output") == fresh_build_kept_templates(site, tmp_path)
    assert (site / "output/logo.png").read_bytes() == b"second picture"


def test_a_card_whose_k_or_ratings_change_is_rebuilt(make_site: SiteMaker, tmp_path: Path) -> None:
    """The card's rating change (FIDE Rating Regulations 8.3) follows from the event's K and
    the players' ratings, in event.toml: no result changes with them. Alpha (2300) beat
    Bravo (2250): D = +50, PD 0.57, +0.43; then drew Charlie (2200): D = +100, PD 0.64,
    -0.14; +0.29 in all. K 20: +5.8; K 10: +2.9; Charlie rated 2300 instead (D = 0,
    PD 0.50, 0.00): +0.43 x 10 = +4.3."""
    site = make_site(event_toml("k_factor = 20\n"), four_games())
    assert build_site(site).written
    card = site / "output/ev/players/1-alpha-anna.html"
    assert "<dt>Rating change</dt><dd>+5.8 (K 20) " in card.read_text(encoding="utf-8")
    path = site / "content/ev/event.toml"
    path.write_text(event_toml("k_factor = 10\n"), encoding="utf-8")
    assert build_site(site).written
    assert "<dt>Rating change</dt><dd>+2.9 (K 10) " in card.read_text(encoding="utf-8")
    assert tree(site / "output") == fresh_build(site, tmp_path)
    text = event_toml("k_factor = 10\n").replace("rating = 2200", "rating = 2300")
    path.write_text(text, encoding="utf-8")
    assert build_site(site).written
    assert "<dt>Rating change</dt><dd>+4.3 (K 10) " in card.read_text(encoding="utf-8")
    assert tree(site / "output") == fresh_build(site, tmp_path)


def test_k_added_given_to_one_player_and_removed_rebuilds_as_a_fresh_build(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """No K, then K 20 for all, a player's own K alone, Alpha's rating left out, and no K
    again: each rebuild is a fresh build's bytes (the "Rtg+/-" column and the results.json
    key come and go with K). Alpha (2300) beat Bravo (2250: +0.43) and drew Charlie (2200:
    -0.14): +0.29, K 20 +5.8."""
    site = make_site(event_toml(), four_games())
    assert build_site(site).written
    path = site / "content/ev/event.toml"
    card = site / "output/ev/players/1-alpha-anna.html"
    own = event_toml().replace("rating = 2300\n", "rating = 2300\nk_factor = 20\n", 1)
    steps = [
        (event_toml("k_factor = 20\n"), "+5.8 (K 20)"),
        (own, "+5.8 (K 20)"),
        (event_toml("k_factor = 20\n").replace("rating = 2300\n", "", 1), None),
        (event_toml(), None),
    ]
    for text, shown in steps:
        path.write_text(text, encoding="utf-8")
        assert build_site(site).written
        page = card.read_text(encoding="utf-8")
        assert (shown is None) == ("Rtg+/-" not in page)
        assert shown is None or f"<dt>Rating change</dt><dd>{shown} " in page
        assert tree(site / "output") == fresh_build(site, tmp_path)


def test_a_card_s_round_to_come_shows_the_opponent_s_points_after_a_result_elsewhere(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """A round robin's card lists its rounds to come with the Berger table's opponent and the
    opponent's points now. Round 1 (table: 1-4, 2-3): Alpha beats Delta, Bravo draws
    Charlie. Bravo's round 2 is Alpha (1 point), round 3 Delta (0). Round 1's first result
    corrected to 0-1: Alpha has 0, Delta 1; Bravo's own games are unchanged, yet the card
    says so on a rebuild as on a fresh build."""
    games = pgn_game("1.1", A, D, "1-0", MOVES) + pgn_game("1.2", B, C, "1/2-1/2", MOVES)
    site = make_site(event_toml(), {"r1.pgn": games})
    assert build_site(site).written
    card = site / "output/ev/players/2-bravo-bob.html"

    def opponents_points() -> list[str]:
        to_come = r'<td>([^<]*)</td>\n *<td class="result"> <span class="note">not played yet'
        return re.findall(to_come, card.read_text(encoding="utf-8"))

    assert opponents_points() == ["1", "0"]
    (site / "content/ev/r1.pgn").write_text(games.replace("1-0", "0-1"), encoding="utf-8")
    assert build_site(site).written
    assert opponents_points() == ["0", "1"]
    assert tree(site / "output") == fresh_build(site, tmp_path)
