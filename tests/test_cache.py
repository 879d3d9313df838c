"""Incremental rebuilds: the same files as a full build, with only the changed work redone."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest
from conftest import ROOT, SiteMaker, event_toml, pgn_game

from generator.build import build_site, check_site
from generator.cache import BuildCache, PgnStore, RebuildStats
from generator.parallel import can_fork

A, B, C, D = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora"


def incremental(site: Path, cache: BuildCache) -> tuple[dict[str, bytes], RebuildStats, list[str]]:
    report = cache.build(site)
    return report.files, cache.stats, [p.format() for p in report.problems.items]


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("demo")
    shutil.copytree(ROOT / "content", site / "content")
    return site


def test_demo_rebuilds_only_the_edited_event_and_matches_a_full_build(demo: Path) -> None:
    cache = BuildCache()
    first, stats, _ = incremental(demo, cache)
    assert stats.pgn_reused == 0 and len(stats.events_rendered) == 2

    again, stats, _ = incremental(demo, cache)
    assert again == first
    assert stats.pgn_parsed == [] and stats.events_rendered == []
    assert sorted(stats.events_reused) == ["junior-championship", "junior-closed"]

    edited = demo / "content/junior-closed/regulations.md"
    edited.write_text(edited.read_text() + "\nOne more rule.\n", encoding="utf-8")
    files, stats, _ = incremental(demo, cache)
    assert stats.pgn_parsed == []
    assert stats.events_rendered == ["junior-closed"]
    assert stats.events_reused == ["junior-championship"]
    assert files == check_site(demo).files
    changed = {path for path in files if first.get(path) != files[path]}
    assert changed == {"junior-closed/regulations.html"}


def test_only_the_changed_pgn_file_is_parsed_again(make_site: SiteMaker) -> None:
    site = make_site(
        event_toml(),
        {
            "r1.pgn": pgn_game("1.1", A, B, "1-0", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#")
            + pgn_game("1.2", C, D, "0-1"),
            "r2.pgn": pgn_game("2.1", A, C, "1/2-1/2"),
        },
    )
    cache = BuildCache()
    incremental(site, cache)
    (site / "content/ev/r2.pgn").write_text(pgn_game("2.1", A, C, "1-0"), encoding="utf-8")
    files, stats, _ = incremental(site, cache)
    assert [p.name for p in stats.pgn_parsed] == ["r2.pgn"]
    assert stats.pgn_reused == 1
    assert files == check_site(site).files


def test_warnings_of_cached_files_are_reported_on_every_build(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0", "1. e4 e5 2. Ke3")})
    cache = BuildCache()
    _, _, first = incremental(site, cache)
    _, stats, second = incremental(site, cache)
    assert stats.pgn_parsed == []
    assert any("illegal" in m for m in first)
    assert second == first


def test_a_template_edit_renders_every_event_again(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    cache = BuildCache()
    incremental(site, cache)
    templates = site / "templates"
    templates.mkdir()
    base = (ROOT / "templates/base.html").read_text(encoding="utf-8")
    (templates / "base.html").write_text(base.replace("</footer>", "Club</footer>"))
    files, stats, _ = incremental(site, cache)
    assert stats.events_rendered == ["ev"]
    assert b"Club</footer>" in files["ev/standings.html"]


def test_a_removed_pgn_file_is_forgotten(make_site: SiteMaker) -> None:
    site = make_site(
        event_toml(),
        {"r1.pgn": pgn_game("1.1", A, B, "1-0"), "r2.pgn": pgn_game("2.1", A, C, "1-0")},
    )
    cache = BuildCache()
    incremental(site, cache)
    (site / "content/ev/r2.pgn").unlink()
    files, stats, _ = incremental(site, cache)
    assert files == check_site(site).files
    assert stats.pgn_reused == 1


def test_drafts_show_only_with_drafts_on(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0"), "report.md": "# R\n"})
    make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0")}, slug="next-year")
    (site / "site.toml").write_text('drafts = ["ev/report.md", "next-year/"]\n')
    built = build_site(site)
    assert not built.failed()
    assert "ev/report.html" not in built.files
    assert not any(path.startswith("next-year/") for path in built.files)
    assert b"next-year" not in built.files["index.html"]
    shown = check_site(site, drafts=True).files
    assert "ev/report.html" in shown and "next-year/index.html" in shown


def test_a_changed_event_keeps_its_pages_whose_inputs_did_not_change(
    make_site: SiteMaker,
) -> None:
    """serve renders again only the pages of a changed event whose key changed: a new tag on
    one game changes its page alone among the keyed pages (players', rounds', games')."""
    site = make_site(
        event_toml(),
        {
            "r1.pgn": pgn_game("1.1", A, B, "1-0", "1. e4 e5") + pgn_game("1.2", C, D, "0-1"),
            "r2.pgn": pgn_game("2.1", A, C, "1/2-1/2", "1. d4 d5"),
        },
    )
    cache = BuildCache()
    first, stats, _ = incremental(site, cache)
    assert stats.pages_kept == 0
    keyed = len(cache.pages.pages["ev"])
    assert keyed >= 4 + 2 + 3  # players, rounds and games with moves at least
    path = site / "content/ev/r2.pgn"
    path.write_text(path.read_text().replace('[Round "2.1"]', '[Round "2.1"]\n[ECO "D06"]'))
    files, stats, _ = incremental(site, cache)
    assert stats.events_rendered == ["ev"]
    assert stats.pages_kept == keyed - 1
    assert files == check_site(site).files
    changed = {p for p in files if first.get(p) != files[p]}
    assert "ev/games/r2-b1.html" in changed and "ev/games/r1-b1.html" not in changed


def test_an_edited_template_is_compiled_again(make_site: SiteMaker) -> None:
    """serve keeps compiled templates between builds; an edit to one is seen at once."""
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    templates = site / "templates"
    templates.mkdir()
    base = (ROOT / "templates/base.html").read_text(encoding="utf-8")
    cache = BuildCache()
    for club in ("Club", "League", "Club"):
        (templates / "base.html").write_text(base.replace("</footer>", f"{club}</footer>"))
        files, _, _ = incremental(site, cache)
        assert f"{club}</footer>".encode() in files["ev/standings.html"], club
    assert cache.pages.bytecode.code, "the compiled templates are kept"


@pytest.mark.skipif(not can_fork(), reason="worker processes are forked")
def test_serves_first_build_shares_out_the_work_and_the_later_ones_do_not(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``serve`` builds once before its threads start: that build may fork workers, as
    ``crosstable build`` does; the builds beside its threads run in one process. Both give
    the files of a plain build."""
    shares: list[int] = []
    original = PgnStore.prefetch

    def prefetch(
        self: PgnStore,
        paths: Iterable[Path],
        jobs: int,
        encoding_of: Callable[[Path], str | None] | None = None,
    ) -> None:
        shares.append(jobs)
        original(self, paths, jobs, encoding_of)

    monkeypatch.setattr(PgnStore, "prefetch", prefetch)
    monkeypatch.setattr("generator.cache.usable_cpus", lambda: 2)
    cache = BuildCache()
    first = cache.build(demo)
    assert shares == [2] and first.files == check_site(demo).files
    server = threading.Event()  # serve's server thread, running from now on
    thread = threading.Thread(target=server.wait, daemon=True)
    thread.start()
    try:
        edited = demo / "content/junior-closed/regulations.md"
        edited.write_text(edited.read_text() + "\nAnd another.\n", encoding="utf-8")
        again = cache.build(demo)
    finally:
        server.set()
        thread.join()
    assert shares == [2] and again.files == check_site(demo).files


def test_a_file_the_home_page_links_changes_without_rendering_the_events(tmp_path: Path) -> None:
    """serve: the home page's photo is published from content/; a new photo is served at
    once, and the events' pages, which do not show it, are kept (all were rendered again)."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "content", site / "content")
    home = site / "content/index.md"
    home.write_text(home.read_text(encoding="utf-8") + "\n![Logo](logo.png)\n", encoding="utf-8")
    (site / "content/logo.png").write_bytes(b"\x89PNG one")
    cache = BuildCache()
    files, stats, problems = incremental(site, cache)
    assert files["logo.png"] == b"\x89PNG one" and problems == []
    (site / "content/logo.png").write_bytes(b"\x89PNG two")
    files, stats, _ = incremental(site, cache)
    assert files["logo.png"] == b"\x89PNG two"
    assert stats.events_rendered == []


@pytest.mark.parametrize(
    "reading",
    [
        # A macro given the site: ``s.events`` is not ``site.events`` by name.
        '{% from "_list.html" import listing %}{{ listing(site) }}',
        "{% set s = site %}{% for e in s.events %}<li>{{ e.name }}</li>{% endfor %}",
        '{% for e in site | attr("events") %}<li>{{ e.name }}</li>{% endfor %}',
        '{% include "list.inc" %}',  # a template file not named .html
    ],
)
def test_a_site_template_listing_the_events_shows_a_new_renamed_or_deleted_one(
    make_site: SiteMaker, reading: str
) -> None:
    """A site's page.html that lists every event, however it reaches the list: adding,
    renaming or deleting another event changes every Markdown page, as a full build says."""
    site = make_site(event_toml().replace("Test Event", "Event A"), {"notes.md": "# Notes\n"})
    templates = site / "templates"
    templates.mkdir()
    (templates / "_list.html").write_text(
        "{% macro listing(s) %}{% for e in s.events %}<li>{{ e.name }}</li>{% endfor %}"
        "{% endmacro %}",
        encoding="utf-8",
    )
    (templates / "list.inc").write_text(
        "{% for e in events %}<li>{{ e.name }}</li>{% endfor %}", encoding="utf-8"
    )
    page = (ROOT / "templates/page.html").read_text(encoding="utf-8")
    (templates / "page.html").write_text(
        page.replace("{% block main %}", "{% block main %}" + reading, 1), encoding="utf-8"
    )
    cache = BuildCache()
    files, _, _ = incremental(site, cache)
    assert b"<li>Event A</li>" in files["ev/notes.html"]

    make_site(event_toml().replace("Test Event", "Event B"), slug="b")
    files, _, _ = incremental(site, cache)
    assert b"<li>Event B</li>" in files["ev/notes.html"]
    assert files == check_site(site, drafts=True).files

    make_site(event_toml().replace("Test Event", "Event Bee"), slug="b")
    files, _, _ = incremental(site, cache)
    assert b"<li>Event Bee</li>" in files["ev/notes.html"]
    assert b"<li>Event B</li>" not in files["ev/notes.html"]

    shutil.rmtree(site / "content/b")
    files, _, _ = incremental(site, cache)
    assert b"<li>Event A</li>" in files["ev/notes.html"]
    assert b"<li>Event Bee</li>" not in files["ev/notes.html"]
    assert files == check_site(site, drafts=True).files
