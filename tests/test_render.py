"""The written site: relative links only, everything escaped, byte-identical rebuilds."""

from __future__ import annotations

import csv
import errno
import io
import json
import posixpath
import re
import shutil
import sys
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import quote, unquote, urlsplit

import chess
import chess.pgn
import pytest
from conftest import FIXTURES, ROOT, SiteMaker, de_twice_event, event_toml, pgn_game
from hypothesis import given
from hypothesis import strategies as st

from generator import cache
from generator.build import build_site
from generator.pgn import unescape_tag
from generator.render import fragments
from generator.render.environment import builtin_templates_dir, relative_url
from generator.render.exports import comment_lines

A, B, C, D = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora"
LINK = re.compile(r'(?:href|src)="([^"]*)"')


@pytest.fixture
def mini(tmp_path: Path) -> Path:
    site = tmp_path / "mini-rr"
    shutil.copytree(FIXTURES / "mini-rr", site, ignore=shutil.ignore_patterns("output"))
    return site


def test_relative_url() -> None:
    assert relative_url("ev/rounds/round-1.html", "ev/players/1-a.html") == "../players/1-a.html"
    assert relative_url("index.html", "ev/index.html") == "ev/index.html"
    assert relative_url("ev/games/r1-b1.html", "static/style.css") == "../../static/style.css"
    assert relative_url("ev/index.html", "ev/") == "./"
    assert relative_url("ev/players/index.html", "ev/") == "../"
    assert relative_url("index.html", "./ev//x.html") == "ev/x.html"  # normalised


_PART = st.sampled_from(["ev", "players", "games", "a", "b", "x.html", ".", ".."])


@given(
    st.lists(_PART.filter(lambda p: p not in (".", "..")), max_size=3),
    st.lists(_PART, min_size=1, max_size=4),
    st.booleans(),
)
def test_relative_url_agrees_with_relpath(
    folder: list[str], target: list[str], as_folder: bool
) -> None:
    """The quick way (from the paths' parts) gives ``posixpath.relpath``'s link."""
    start = "/".join(folder) or "."
    path = "/".join(target) + ("/" if as_folder else "")
    expected = posixpath.relpath(path, start) + ("/" if as_folder else "")
    expected = expected.replace("//", "/")
    assert relative_url(f"{start}/page.html", path) == expected


def test_every_link_is_relative_and_points_to_a_file(mini: Path) -> None:
    report = build_site(mini)
    assert report.written, [p.format() for p in report.problems.items]
    output = mini / "output"
    pages = sorted(output.rglob("*.html"))
    # home, event, standings (+ after rounds 1 and 2), crosstable, tie-breaks, players,
    # 4 player cards, 3 rounds and their pairings by name, 5 games
    assert len(pages) == 23
    for page in pages:
        for link in LINK.findall(page.read_text(encoding="utf-8")):
            parts = urlsplit(link)
            assert not parts.scheme and not parts.netloc, f"{page}: absolute link {link}"
            assert not link.startswith("/"), f"{page}: root-relative link {link}"
            if parts.path:
                target = (page.parent / unquote(parts.path)).resolve()
                assert target.is_file(), f"{page}: broken link {link}"


def test_two_builds_are_byte_identical(mini: Path, tmp_path: Path) -> None:
    build_site(mini, tmp_path / "one")
    build_site(mini, tmp_path / "two")
    one = {
        p.relative_to(tmp_path / "one"): p.read_bytes()
        for p in (tmp_path / "one").rglob("*")
        if p.is_file()
    }
    two = {
        p.relative_to(tmp_path / "two"): p.read_bytes()
        for p in (tmp_path / "two").rglob("*")
        if p.is_file()
    }
    assert one == two


def _event_in_scripts(name: str, players: list[str], extra: str = "") -> dict[str, str]:
    """An event of four players, all games won by the lower pairing number."""
    toml = f'name = "{name}"\nformat = "round-robin"\nrounds = 3\nstart = 2026-03-01\n{extra}'
    toml += "".join(
        f'\n[[players]]\nname = "{p}"\nrating = {2300 - 100 * i}\n' for i, p in enumerate(players)
    )
    pairs = [(1, 0, 1), (1, 2, 3), (2, 0, 2), (2, 1, 3), (3, 0, 3), (3, 1, 2)]
    games = "".join(pgn_game(str(r), players[w], players[b], "1-0") for r, w, b in pairs)
    return {"event.toml": toml, "games.pgn": games}


def _site_in_scripts(site: Path) -> Path:
    """Events, a championship, its sections, a category and a page named in other scripts."""
    files = {
        "site.toml": 'title = "Results"\nbase_url = "https://club.example.org/results/"\n',
        "content/index.md": "# Results\n\n[Правила](<Чемпионат Москвы/Правила.md>)\n",
        "content/Чемпионат Москвы/Правила.md": "# Правила\n\nКонтроль времени: 90 минут.\n",
        "content/Πρωτάθλημα/championship.toml": 'name = "Πανελλήνιο Πρωτάθλημα"\n'
        'start = 2026-03-01\nend = 2026-03-03\nsections = ["Ανδρών", "Γυναικών"]\n',
    }
    events = {
        "Чемпионат Москвы": (
            ["Иванов, Пётр", "Παπαδόπουλος, Ελένη", "王力宏", "محمد علي"],
            '\n[[categories]]\nid = "Девушки"\nname = "Девушки"\nmax_rating = 2200\n',
        ),
        "Кубок": (["Li, 李", "Lee, Wei", "김철수", "Արոնյան, Լևոն"], ""),
        "Πρωτάθλημα/Ανδρών": (["Καρύδης, Νίκος", "Μπανίκας, Χρήστος", "כהן, דוד", "ნინო"], ""),
        "Πρωτάθλημα/Γυναικών": (["Μακροπούλου, Μαρία", "Σταυρούλα", "Ирина", "Anna"], ""),
    }
    for folder, (players, extra) in events.items():
        for name, text in _event_in_scripts(folder, players, extra).items():
            files[f"content/{folder}/{name}"] = text
    for name, text in files.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text, encoding="utf-8")
    return site


def test_names_in_other_scripts_give_their_own_pages(tmp_path: Path) -> None:
    """Cyrillic, Greek, Chinese... names gave players/1-x.html, 2-x.html, and every event
    folder named in them went to x/ (the build refused the second). Each now has its own
    page, named in its letters, and every link leads to it, %-encoded as UTF-8."""
    site = _site_in_scripts(tmp_path / "site")
    report = build_site(site, tmp_path / "one")
    assert report.written and not report.problems.items, [p.format() for p in report.problems.items]
    output = tmp_path / "one"
    for path in (
        "чемпионат-москвы/players/1-иванов-пётр.html",
        "чемпионат-москвы/players/2-παπαδόπουλος-ελένη.html",
        "чемпионат-москвы/players/3-王力宏.html",
        "чемпионат-москвы/players/4-محمد-علي.html",
        "чемпионат-москвы/categories/девушки.html",
        "чемпионат-москвы/правила.html",
        "кубок/players/1-li-李.html",
        "кубок/players/3-김철수.html",
        "πρωτάθλημα/index.html",
        "πρωτάθλημα/ανδρών/players/4-ნინო.html",
        "πρωτάθλημα/γυναικών/players/2-σταυρούλα.html",
    ):
        assert (output / path).is_file(), path
    home = (output / "index.html").read_text("utf-8")
    # "кубок" in UTF-8: к D0 BA, у D1 83, б D0 B1, о D0 BE, к D0 BA.
    assert 'href="%D0%BA%D1%83%D0%B1%D0%BE%D0%BA/index.html"' in home
    # "правила": п D0 BF, р D1 80, а D0 B0, в D0 B2, и D0 B8, л D0 BB, а D0 B0.
    assert "/%D0%BF%D1%80%D0%B0%D0%B2%D0%B8%D0%BB%D0%B0.html" in home  # the Markdown link
    player = (output / "кубок/players/1-li-李.html").read_text("utf-8")
    # 李 is U+674E: E6 9D 8E in UTF-8.
    canonical = "https://club.example.org/results/%D0%BA%D1%83%D0%B1%D0%BE%D0%BA/players/1-li-%E6%9D%8E.html"
    assert f'<link rel="canonical" href="{canonical}">' in player
    pages = sorted(output.rglob("*.html"))
    for page in pages:
        for link in LINK.findall(page.read_text(encoding="utf-8")):
            parts = urlsplit(link)
            assert link.isascii(), f"{page}: {link}"
            if parts.scheme:  # og:url and canonical: the page itself
                place = unquote(link.removeprefix("https://club.example.org/results/"))
                own = page.relative_to(output).as_posix()
                assert place in (own, own.removesuffix("index.html")), f"{page}: {link}"
                continue
            if parts.path:
                target = (page.parent / unquote(parts.path)).resolve()
                assert target.is_file() or (target / "index.html").is_file(), f"{page}: {link}"
    build_site(site, tmp_path / "two")
    one, two = (
        {p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.is_file()}
        for root in (output, tmp_path / "two")
    )
    assert one == two


def test_a_page_the_computer_cannot_name_is_an_error_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under an ISO-8859-1 locale Python cannot name "кубок/index.html" (it has no
    Cyrillic): the build stopped with a UnicodeEncodeError. It says where the name comes
    from and how to build, and writes nothing."""
    site = _site_in_scripts(tmp_path / "site")
    monkeypatch.setattr(sys, "getfilesystemencoding", lambda: "iso8859-1")
    report = build_site(site, tmp_path / "out")
    assert not report.written and not (tmp_path / "out").exists()
    assert [(p.path, p.line, p.message, p.hint) for p in report.problems.items] == [
        (
            site / "content/Πρωτάθλημα/championship.toml",
            None,
            'cannot write the page "πρωτάθλημα/index.html": this computer names files in '
            "iso8859-1, which cannot write its letters",
            "build under a UTF-8 locale (e.g. LANG=C.UTF-8), or with the environment "
            "variable PYTHONUTF8=1",
        )
    ]


def test_names_and_texts_are_escaped(make_site: SiteMaker) -> None:
    evil = '<script>alert("x")</script>'
    text = event_toml().replace('name = "Test Event"', f"name = '{evil}'")
    text = text.replace('"Delta, Dora"', "'Delta <b>&</b> Dora'")
    games = pgn_game("1.1", A, "Delta <b>&</b> Dora", "1-0", "1. e4 e5", Opening=evil)
    site = make_site(text, {"g.pgn": games, "notes.md": f"# Notes\n\nRaw {evil} here.\n"})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    for page in (site / "output").rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "<script>alert" not in html, page
        assert "<b>&</b>" not in html, page
    game = (site / "output/ev/games/r1-b1.html").read_text(encoding="utf-8")
    assert "Delta &lt;b&gt;&amp;&lt;/b&gt; Dora" in game
    notes = (site / "output/ev/notes.html").read_text(encoding="utf-8")
    assert "Raw &lt;script&gt;" in notes


def test_the_leaders_list_sums_up_a_place_shared_by_many(make_site: SiteMaker) -> None:
    """After round 1 of a 24-player Swiss ranked by Buchholz alone, the 12 winners share 1st
    place (each beat a player on 0: Buchholz 0 each): the Leaders list gives the place and
    how many share it, not twelve names."""
    names = [f"P{n:02}" for n in range(1, 25)]
    toml = 'name = "Big"\nformat = "swiss"\nrounds = 3\ntiebreaks = ["BH"]\n'
    toml += "".join(f'[[players]]\nname = "{name}"\n' for name in names)
    games = "".join(pgn_game(f"1.{b + 1}", names[b], names[b + 12], "1-0") for b in range(12))
    site = make_site(toml, {"games.pgn": games})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    html = (site / "output/ev/index.html").read_text(encoding="utf-8")
    leaders = html[html.index('<ol class="leaders">') : html.index("</ol>", html.index("leaders"))]
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", leaders)).strip()
    assert words == "1-12 12 players with 1 point (standings)"


def test_before_the_first_result_no_page_speaks_of_round_0(make_site: SiteMaker) -> None:
    """Round 1 paired, no result yet: the standings were headed "Standings after round 0",
    and the event page's Leaders listed everyone, or summed up "1-4 4 players with 0 points".
    The standings are headed "Standings", and the Leaders say there are no results yet."""
    games = pgn_game("1.1", A, B, "*") + pgn_game("1.2", C, D, "*")
    site = make_site(event_toml(), {"g.pgn": games})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    standings = (site / "output/ev/standings.html").read_text(encoding="utf-8")
    assert "<h1>Standings</h1>" in standings and "round 0" not in standings
    assert "Standings before the first result: place, points" in standings
    home = (site / "output/ev/index.html").read_text(encoding="utf-8")
    assert "<h2>Leaders</h2>\n<p>No results yet.</p>" in home
    assert 'class="leaders"' not in home and "round 0" not in home
    # Nor the crosstable, players list or cards ("place 1-4 after round 0 with 0 points"),
    # written in Python or by the template.
    for page in ("crosstable.html", "players/index.html", "players/1-alpha-anna.html"):
        assert "round 0" not in (site / "output/ev" / page).read_text(encoding="utf-8"), page
    card = (site / "output/ev/players/1-alpha-anna.html").read_text(encoding="utf-8")
    assert 'content="\u2068Alpha, Anna\u2069: no results yet. Test Event: ' in card
    both = [(path, one, other) for path, one, other in _game_pages_both_ways(site) if one != other]
    assert not both, [path for path, *_ in both]


def test_results_json_follows_the_contract(mini: Path) -> None:
    build_site(mini)
    data = json.loads((mini / "output/mini/results.json").read_text(encoding="utf-8"))
    assert data["schema"] == 1
    assert data["event"] == {
        "slug": "mini", "name": "Mini Round Robin", "format": "round-robin", "rounds": 3,
        "rounds_played": 3, "tiebreaks": ["DE", "BPG", "KS", "SB", "WIN"], "rules_edition": "2024",
        "start": "2025-06-01", "end": "2025-06-03", "location": "Testville", "finished": True,
    }  # fmt: skip
    # By hand: Bravo ½ + 1 + 1 = 2½; Charlie ½ + ½ + 1 (forfeit) = 2; Alpha 1 + ½ + 0 = 1½; Delta 0.
    assert [
        (s["rank"], s["place"], s["name"], s["points"], s["games"]) for s in data["standings"]
    ] == [
        (1, "1", "Bravo, Bob", 2.5, 3),
        (2, "2", "Charlie, Carl", 2, 3),
        (3, "3", "Alpha, Anna", 1.5, 3),
        (4, "4", "Delta, Dora", 0, 3),
    ]
    assert data["games"][0] == {
        "round": 1, "board": 1, "white": "Alpha, Anna", "black": "Delta, Dora", "result": "1-0",
        "forfeit": False, "plies": 7,
    }  # fmt: skip
    forfeit = data["games"][-1]
    assert (forfeit["result"], forfeit["forfeit"], forfeit["plies"]) == ("-+", True, 0)
    # Bravo is alone on top: the us-junior-closed play-off for first place is not needed.
    (playoff,) = data["playoffs"]
    assert (playoff["place"], playoff["status"], playoff["players"]) == (1, "not-needed", [])
    assert playoff["tied"] == ["Bravo, Bob"] and playoff["next"] is None
    assert data["prizes"] == [] and data["warnings"] == []


def test_a_forfeit_over_a_pgn_game_has_no_plies_in_any_export(make_site: SiteMaker) -> None:
    """An arbiter's forfeit replaces a game whose PGN has moves: the game was not played, so
    results.json counts no plies, as games.pgn (a forfeit record without moves) shows none;
    a game played, then forfeited (``forfeited = true``) keeps its moves in both. The forfeit
    record drops the tags that describe moves (PlyCount, ECO, Opening): it has none."""
    body = (
        '[[results]]\nround = 1\nwhite = "Alpha, Anna"\nblack = "Bravo, Bob"\nresult = "+-"\n'
        'reason = "Black more than 30 minutes late"\n\n'
        '[[results]]\nround = 1\nwhite = "Charlie, Carl"\nblack = "Delta, Dora"\n'
        'result = "0-1"\nforfeited = true\nreason = "White\'s phone rang"\n\n'
    )
    opening = {"PlyCount": "4", "ECO": "A00", "Opening": "Barnes Opening"}
    games = pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "0-1", "1. f3 e5 2. g4 Qh4#", **opening)
    games += pgn_game("1.2", "Charlie, Carl", "Delta, Dora", "1-0", "1. e4 e5 2. Nf3")
    site = make_site(event_toml(body, format="swiss", rounds=1), {"games.pgn": games})
    build_site(site)
    data = json.loads((site / "output/ev/results.json").read_text(encoding="utf-8"))
    plies = [(g["result"], g["forfeit"], g["plies"]) for g in data["games"]]
    assert plies == [("+-", True, 0), ("0-1", False, 3)]
    exported = chess.pgn.read_game(io.StringIO((site / "output/ev/games.pgn").read_text()))
    assert exported is not None and exported.end().ply() == 0
    assert not {"PlyCount", "ECO", "Opening"} & set(exported.headers)


def test_a_forfeit_entered_in_event_toml_is_dated_by_its_round_in_games_pgn(
    make_site: SiteMaker,
) -> None:
    """A [[results]] forfeit has no PGN of its own, so its record in games.pgn said
    "????.??.??" though its round's games give the day: it takes that day. A round none of
    whose games is dated leaves the forfeit undated, and a forfeit over a game in a PGN file
    keeps the Date it gives (the 16th, where round 3's other game was played on the 17th)."""
    body = (
        '[[results]]\nround = 1\nwhite = "Alpha, Anna"\nblack = "Bravo, Bob"\nresult = "+-"\n\n'
        '[[results]]\nround = 2\nwhite = "Bravo, Bob"\nblack = "Charlie, Carl"\nresult = "-+"\n\n'
        '[[results]]\nround = 3\nwhite = "Alpha, Anna"\nblack = "Charlie, Carl"\nresult = "+-"\n'
        'reason = "Black arrived late"\n\n'
    )
    games = pgn_game("1.2", "Charlie, Carl", "Delta, Dora", "1-0", Date="2025.06.14")
    games += pgn_game("2.2", "Delta, Dora", "Alpha, Anna", "1-0")
    games += pgn_game("3.1", "Alpha, Anna", "Charlie, Carl", "1-0", Date="2025.06.16")
    games += pgn_game("3.2", "Bravo, Bob", "Delta, Dora", "1-0", Date="2025.06.17")
    site = make_site(event_toml(body, format="swiss", rounds=3), {"games.pgn": games})
    build_site(site)
    text = (site / "output/ev/games.pgn").read_text(encoding="utf-8")
    dates = {}
    with io.StringIO(text) as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            dates[game.headers["Round"]] = game.headers["Date"]
    assert dates == {
        "1.1": "2025.06.14", "1.2": "2025.06.14",
        "2.1": "????.??.??", "2.2": "????.??.??",
        "3.1": "2025.06.16", "3.2": "2025.06.17",
    }  # fmt: skip


def test_direct_encounter_listed_twice_shows_each_applications_value(
    make_site: SiteMaker,
) -> None:
    """``["DE", "WIN", "DE"]`` (the event of test_standings, worked out there by hand): each
    column of the tables and of standings.csv holds its own application's value, and
    results.json and standings.csv's heading keep the first under "DE" and the second under
    "DE#2". Bravo is ahead of
    Charlie by the second DE: only that column is marked as deciding (both were), and
    results.json names the code, "DE"."""
    site = make_site(de_twice_event())
    build_site(site)
    output = site / "output/ev"
    data = json.loads((output / "results.json").read_text(encoding="utf-8"))
    assert data["event"]["tiebreaks"] == ["DE", "WIN", "DE"]
    assert [(s["name"], s["tiebreaks"], s["decided_by"]) for s in data["standings"][1:4]] == [
        ("Bravo, Bob", {"DE": 1, "WIN": 2, "DE#2": 1}, "DE"),
        ("Charlie, Carl", {"DE": 1, "WIN": 2, "DE#2": 0}, "WIN"),
        ("Alpha, Anna", {"DE": 1, "WIN": 1, "DE#2": 0}, "points"),
    ]
    rows = list(csv.reader(io.StringIO((output / "standings.csv").read_text(encoding="utf-8"))))
    assert rows[0][-3:] == ["DE", "WIN", "DE#2"]  # one heading a column, as results.json
    assert [row[-3:] for row in rows[2:4]] == [["1", "2", "1"], ["1", "2", "0"]]
    html = (output / "standings.html").read_text(encoding="utf-8")
    cells = [
        re.findall(r'<td class="tb[^"]*">([^<]*)</td>', row)
        for row in re.findall(r"<tr>(.*?)</tr>", html, re.S)
        if "Bravo" in row or "Charlie" in row or "Alpha" in row
    ]
    assert cells == [["1", "2", "1"], ["1", "2", "0"], ["1", "1", "–"]]
    marked = [
        re.findall(r'<td class="tb( decisive)?">', row)
        for row in re.findall(r"<tr>(.*?)</tr>", html, re.S)
        if "Bravo" in row or "Charlie" in row
    ]
    assert marked == [["", "", " decisive"], ["", " decisive", ""]]
    listed = (output / "tiebreaks.html").read_text(encoding="utf-8")
    assert 'id="DE"' in listed and 'id="DE-2"' in listed


def test_games_pgn_holds_every_played_game_with_canonical_names(mini: Path) -> None:
    build_site(mini)
    text = (mini / "output/mini/games.pgn").read_text(encoding="utf-8")
    assert text.count("[Event ") == 6
    # The forfeit is a record without moves: result "*" and what happened in a comment.
    assert '[Termination "forfeit"]' in text
    assert "{ Black wins by forfeit (-+): White more than 30 minutes late } *" in text
    assert '[White "Bravo, Bob"]' in text and "Bravo, B." not in text
    assert '[Round "1.2"]' in text


def test_a_site_template_overrides_the_built_in_one(mini: Path) -> None:
    (mini / "templates").mkdir()
    (mini / "templates/page.html").write_text("unused", encoding="utf-8")
    (mini / "templates/players.html").write_text(
        '{% extends "base.html" %}{% block main %}'
        "<p>Custom players: {{ event.players | length }}</p>{% endblock %}",
        encoding="utf-8",
    )
    build_site(mini)
    html = (mini / "output/mini/players/index.html").read_text(encoding="utf-8")
    assert "<p>Custom players: 4</p>" in html
    assert 'href="../../static/style.css"' in html


def test_game_page_has_board_viewer_and_pgn(mini: Path) -> None:
    build_site(mini)
    html = (mini / "output/mini/games/r1-b1.html").read_text(encoding="utf-8")
    assert 'src="../../static/board.js"' in html
    data = json.loads(
        re.search(
            r'<script type="application/json" class="viewer-data">(.*?)</script>', html
        ).group(1)
    )  # type: ignore[union-attr]
    assert data["start"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    assert len(data["moves"]) == 7 and data["moves"][-1] == "h5f7"
    assert "positions" not in data  # the viewer replays standard chess itself
    assert "White: king e1, queen f7, rooks a1 and h1, bishops c1 and c4," in html
    assert html.count('<use href="#') == 32 - 1  # final position after Qxf7#: one pawn captured
    assert "4. Qxf7# 1-0" in html


def test_csv_names_are_never_spreadsheet_formulas(make_site: SiteMaker) -> None:
    text = event_toml().replace('"Delta, Dora"', '"=HYPERLINK(1)"')
    site = make_site(text, {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    assert build_site(site).written
    csv_text = (site / "output/ev/standings.csv").read_text(encoding="utf-8")
    assert ",'=HYPERLINK(1)," in csv_text


def test_a_site_that_cannot_be_written_is_an_error_not_a_traceback(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    report = build_site(site, blocker / "out")
    assert not report.written
    (error,) = report.problems.errors
    assert error.message.startswith("cannot write the site")


@pytest.mark.parametrize("staged", [True, False], ids=["cold", "rebuild"])
def test_a_full_disk_names_the_page_where_it_was_to_be_published(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch, staged: bool
) -> None:
    """The build writes into a hidden folder beside the output; the message named a file in
    it (".output.new-k3j9x/ev/index.html"), which the failed build had removed."""
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    if not staged:
        assert build_site(site).written
        (site / "content/ev/g.pgn").write_text(pgn_game("1.1", A, B, "0-1"), encoding="utf-8")

    def full(staging: Path, *args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(staging / "ev/index.html"))

    monkeypatch.setattr(cache, "swap", full)
    monkeypatch.setattr(cache, "patch", full)
    report = build_site(site)
    assert not report.written
    (error,) = report.problems.errors
    assert error.message == "cannot write the site: No space left on device"
    assert error.path == site / "output/ev/index.html"
    assert "disk has room" in error.hint


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_disk_that_fills_while_pages_are_written_is_an_error_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, jobs: int
) -> None:
    """The demo's pages written until the disk is full, in one process or two: a traceback
    before; now the build fails with the page's name, and the output keeps the last site."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "content", site / "content")
    written = [0]
    put = cache.IncrementalSite.put

    def filling(self: cache.IncrementalSite, path: str, data: bytes) -> cache.Written:
        written[0] += 1
        if written[0] > 20:
            raise OSError(errno.ENOSPC, "No space left on device", f"{self.staging}/{path}")
        return put(self, path, data)

    monkeypatch.setattr(cache.IncrementalSite, "put", filling)
    report = build_site(site, jobs=jobs)
    assert not report.written
    (error,) = report.problems.errors
    assert error.message == "cannot write the site: No space left on device"
    assert error.path is not None and error.path.is_relative_to(site / "output")
    assert error.path.suffix == ".html"
    assert sorted(path.name for path in site.iterdir()) == [".crosstable-cache", "content"]


LINKS = SimpleNamespace(
    player=lambda n: f"ev/players/p-{n}&.html",
    round=lambda n: f"ev/rounds/round-{n}.html",
    game=lambda g: (
        None
        if g.board == 2
        else f"ev/games/r{g.round}-b{g.board}.html"
        if g.board == 3
        else f'ev/games/r{g.round}-b{g.board}".html'
    ),
)
"""The event's links for the fragment tests: texts that need escaping (but the game on board
3's, which has nothing to escape), and the game on board 2 has no page."""


def test_fragments_are_the_macros_they_stand_in_for() -> None:
    """``render.fragments`` writes what the macros of ``_macros.html`` write, character for
    character (the built-in templates call the fragments; a site's templates may import the
    macros)."""
    from generator.model import Game, Player
    from generator.render import fragments
    from generator.render.environment import make_environment, url_for
    from generator.render.views import Cell

    environment = make_environment(None)
    template = environment.from_string(
        '{% from "_macros.html" import player_link, player_link_short, tiebreak_cells, '
        "result_cell %}{{ player_link(p, links, url) }}|{{ player_link_short(p, links, url) }}|"
        "{{ tiebreak_cells(row, columns) }}|{% for c in cells %}{{ result_cell(c, links, url) }}"
        "{% endfor %}"
    )
    url = url_for("ev/standings/after-round-1.html")
    links = LINKS
    game = Game(1, 1, 1, 2, "1-0")
    other = Game(1, 2, 1, 2, "1/2-1/2")
    plain = Game(1, 3, 1, 2, "0-1")
    cells = [
        Cell(s, colour, g, opponent, label, kind)
        for s in ("1", "½", "<b>")
        for colour in ("w", "b", None)
        for g in (game, other, plain, None)
        for opponent in ("", "12", "bye")
        for label in ("", "won by forfeit", 'a "label" & <more>')
        for kind in ("game", "bye")
    ]
    columns = [SimpleNamespace(code=c, key=c) for c in ("BH/C1", "BH", "SB", "DE")]
    for name, title in (
        ("Alpha, Anna", "GM"),
        ("O'Brien <Bob>", None),
        ("Plain", ""),
        ("A & B, C", "WIM"),
    ):
        player = Player(number=7, name=name, slug="x", title=title)
        for decided in ("points", "BH", "DE"):
            values = {"BH/C1": 12.5, "BH": -0.0, "SB": 27.75, "DE": 1 / 3}
            row = SimpleNamespace(decided_by=decided, tiebreaks=values)
            expected = template.render(
                p=player, links=links, url=url, row=row, columns=columns, cells=cells
            ).split("|")
            assert expected[0] == fragments.player_link(player, links, url)
            assert expected[1] == fragments.player_link_short(player, links, url)
            assert expected[2] == fragments.tiebreak_cells(row, columns)
            assert expected[3] == "".join(fragments.result_cell(c, links, url) for c in cells)


def test_the_table_row_fragments_equal_their_macros() -> None:
    """``fragments.standings_row`` and ``fragments.rank_row`` give what the macros of
    ``_macros.html`` give: withdrawn players, badges, every reason, texts that need escaping."""
    from generator.model import Game, Player
    from generator.render import fragments
    from generator.render.environment import make_environment, url_for
    from generator.render.views import Cell
    from generator.text import Name, Phrase

    environment = make_environment(None)
    template = environment.from_string(
        '{% from "_macros.html" import standings_row, rank_row %}'
        "{{ standings_row(row, after_round, final, awards, links, url, columns) }}|"
        "{{ rank_row(table_row, links, url, columns) }}"
    )
    url = url_for("ev/standings.html")
    links = LINKS
    games = [Game(1, 1, 7, 2, "1-0"), Game(2, 2, 3, 7, "1/2-1/2"), None]
    cells = [
        (Cell("1", "w", games[0], "12", "", "game"),),
        (Cell("½", "b", games[1], "3", "", "game"),),
        (Cell("+", None, None, "bye", 'a "bye" & <more>', "bye"),),
    ]
    columns = [
        SimpleNamespace(code=c, key=c, name=n)
        for c, n in (("BH/C1", "Buchholz <Cut 1>"), ("SB", "Sonneborn-Berger"), ("DE", "D & E"))
    ]
    award = SimpleNamespace(
        kind="title", reason="best <junior>", name="Champion & co", label="Champion & co"
    )
    rows = 0
    for name, rating, federation in (("O'Brien <Bob>", 2311, "IRL"), ("Plain", None, None)):
        for withdrawn_after in (None, 1, 3):
            player = Player(
                number=7,
                name=name,
                slug="x",
                rating=rating,
                federation=federation,
                withdrawn_after=withdrawn_after,
            )
            for decided, reason in (
                ("points", ""),
                ("shared", ""),
                ("SB", "higher Sonneborn-Berger: 12.5 > 10 & <more>"),
                ("PS", Phrase("played off, and PS left ", Name("<O'Hara> & Co"), " out")),
            ):
                row = SimpleNamespace(
                    player=player,
                    place="3-4" if decided == "shared" else "3",
                    points=2.5,
                    record=SimpleNamespace(games=3),
                    decided_by=decided,
                    reason=reason,
                    tiebreaks={"BH/C1": 12.5, "SB": 10.25, "DE": 0.0},
                    unreached=("DE",) if decided == "points" else (),  # a dash
                )
                table_row = SimpleNamespace(position=3, row=row, cells=cells[: 1 + rows % 3])
                for after_round, final in ((2, False), (3, True)):
                    awards = {7: [award]} if final else {}
                    expected = template.render(
                        row=row,
                        after_round=after_round,
                        final=final,
                        awards=awards,
                        links=links,
                        url=url,
                        columns=columns,
                        table_row=table_row,
                    ).split("|")
                    shown = fragments.standings_row(
                        row, after_round, final, awards, links, url, columns
                    )
                    assert expected[0] == shown
                    if isinstance(reason, Phrase):  # the name set apart, and escaped
                        why = "left <bdi>&lt;O&#39;Hara&gt; &amp; Co</bdi> out</td>"
                        assert why in shown
                    assert expected[1] == fragments.rank_row(table_row, links, url, columns)
                    rows += 1
    assert rows == 2 * 3 * 4 * 2


def test_the_event_line_fragment_equals_its_macro() -> None:
    """``fragments.event_line`` (the print header) gives what the macro gives: with and
    without dates, one day or several, final, current and earlier standings."""
    import datetime as dt

    from generator.render import fragments
    from generator.render.environment import make_environment

    template = make_environment(None).from_string(
        '{% from "_macros.html" import event_line, print_row %}'
        "{{ event_line(event, shown, pending) }}|{{ print_row(event, shown, pending) }}"
    )
    day = dt.date(2026, 7, 1)
    lines = set()
    for start, end in ((None, None), (day, None), (day, day), (day, dt.date(2026, 7, 9))):
        for rounds_played, on in ((0, ()), (3, ()), (9, ()), (9, (9,))):
            event = SimpleNamespace(
                name="Open <A> & B",
                config=SimpleNamespace(start=start, end=end),
                rounds=9,
                rounds_played=rounds_played,
                rounds_in_progress=on,  # (9,): a game of the last round is still on
                finished=rounds_played == 9 and not on,
            )
            for shown in (None, SimpleNamespace(after_round=2), SimpleNamespace(after_round=9)):
                for pending in (False, True):  # a play-off still to be played
                    expected, row = template.render(
                        event=event, shown=shown, pending=pending
                    ).split("|")
                    assert expected == fragments.event_line(event, shown, pending)
                    assert row == fragments.print_row(event, shown, pending)
                    lines.add(expected)
    # dates: none, one day, two; not started, after rounds 2 and 3, round 9 in progress,
    # final, play-off pending
    assert len(lines) == 3 * 6
    days = "Open &lt;A&gt; &amp; B · 2026-07-01 – 2026-07-09 · "
    assert {line.removeprefix(days) for line in lines if line.startswith(days)} == {
        "not started",
        "after round 2 of 9",
        "after round 3 of 9",
        "after round 8 of 9, round 9 in progress",
        "final",
        "all rounds played, play-off pending",
    }


def test_the_pairing_row_fragment_equals_its_macro() -> None:
    """``fragments.pairing_row`` gives what the ``pairing_row`` macro gives: games with and
    without a page, every sort of result, an arbiter's reason that needs escaping."""
    from generator.model import Game, Player
    from generator.render import fragments
    from generator.render.environment import make_environment, url_for
    from generator.render.views import Pairing

    environment = make_environment(None)
    template = environment.from_string(
        '{% from "_macros.html" import pairing_row %}{{ pairing_row(p, links, url) }}'
    )
    url = url_for("ev/rounds/round-3.html")
    links = LINKS
    white = Player(number=7, name="O'Brien <Bob>", slug="x", title="FM", rating=2315)
    black = Player(number=2, name="Plain", slug="y")  # unrated
    shown = 0
    for board in (1, 2):
        for result in ("1-0", "1/2-1/2", "+-", "-+", "--", "*", "0-1"):
            for reason in ("", 'late & "absent" <30 min>'):
                game = Game(3, board, 7, 2, result, reason=reason)
                pairing = Pairing(board, game, white, black, 2.5, 0.0)
                expected = template.render(p=pairing, links=links, url=url)
                assert expected == fragments.pairing_row(pairing, links, url)
                shown += 1
    assert shown == 2 * 7 * 2


def test_a_sites_own_macros_are_used_by_the_built_in_templates(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")})
    macros = (builtin_templates_dir() / "_macros.html").read_text(encoding="utf-8")
    mine = macros.replace(
        '<a href="{{ url(links.player(player.number)) }}">',
        '<a class="mine" href="{{ url(links.player(player.number)) }}">',
        1,
    )
    assert mine != macros
    (site / "templates").mkdir()
    (site / "templates" / "_macros.html").write_text(mine, encoding="utf-8")
    report = build_site(site)
    assert report.written
    assert '<a class="mine" href="players/1-alpha-anna.html">' in (
        site / "output/ev/standings.html"
    ).read_text(encoding="utf-8")


def test_the_viewer_gets_every_position_of_a_variant_game() -> None:
    """Drops and promoted pieces: positions worked out by python-chess, in plain placements."""
    from generator.model import Game
    from generator.pgn import Moves
    from generator.render.board import viewer_data

    ucis = "e2e4 d7d5 e4d5 d8d5 P@d7 e8d8 d7c8q"
    moves = Moves("e4 d5 exd5 Qxd5 P@d7+ Kd8 dxc8=Q+", ucis)
    game = Game(1, 1, 1, 2, "*", moves, headers={"Variant": "Crazyhouse"})
    data = json.loads(str(viewer_data(game)))
    assert len(data["positions"]) == 8
    assert data["positions"][5] == "rnb1kbnr/pppPpppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR"  # P@d7
    assert data["positions"][-1] == "rnQk1bnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR"


def test_a_players_card_shows_each_opponents_points(mini: Path) -> None:
    """chess-results' player card: each opponent with their points now (not their place,
    which a result elsewhere would change on most players' cards). Anna met Dora (0 from her
    games), Carl (½ + ½, and 1 from Dora's forfeit in round 3) and Bob (½ + 1 + 1)."""
    assert build_site(mini).written
    html = (mini / "output/mini/players/1-alpha-anna.html").read_text(encoding="utf-8")
    header = re.search(r'<table class="player-games">.*?<thead>(.*?)</thead>', html, re.S)
    assert header is not None
    columns = re.findall(r"<th[^>]*>(.*?)</th>", header.group(1))
    assert [re.sub(r"<[^>]+>", "", c) for c in columns][3:6] == ["Opponent", "Rating", "Pts."]
    body = html.split('<table class="player-games">')[1].split("</tbody>")[0]
    shown = []
    for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)[1:]:
        cells = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)  # after Rd.: Bd., Colour ...
        shown.append((re.sub(r"<[^>]+>", "", cells[2]), cells[4]))
    assert shown == [(D, "0"), (C, "2"), (B, "2½")]


def test_the_move_list_is_whole_moves_with_the_last_half_move_current() -> None:
    """Each item a whole move (White's and Black's half-moves), each half-move a link the
    viewer steps to; the final position's half-move is the current one."""
    from generator import pgn
    from generator.render.board import move_list

    moves = pgn.Moves.of([("e4", "e2e4"), ("e5", "e7e5"), ("Qh5", "d1h5")], "x", 1)
    current = ' class="current" aria-current="step"'
    assert move_list(moves) == (
        '    <li><a href="#ply-1" id="ply-1" data-ply="1">e4</a> '
        '<a href="#ply-2" id="ply-2" data-ply="2">e5</a></li>\n'
        f'    <li><a href="#ply-3" id="ply-3" data-ply="3"{current}>Qh5</a></li>\n'
    )
    two = pgn.Moves.of([("d4", "d2d4"), ("d5", "d7d5")], "x", 0)
    assert move_list(two).count(current) == 1 and f'data-ply="2"{current}>d5' in move_list(two)
    assert move_list(pgn.NO_MOVES) == ""


def test_the_move_list_gives_each_half_moves_clock_where_the_pgn_does() -> None:
    """A broadcast's ``[%clk]`` comments: the time left after each half-move stands beside
    it, outside its link, named for a screen reader; a half-move without one has none."""
    from generator import pgn
    from generator.render.board import move_list

    moves = pgn.Moves.of([("e4", "e2e4"), ("e5", "e7e5"), ("Qh5", "d1h5")], "x", 1)
    moves.clocks = "1:29:58 - 0:00:04.5"
    clock = (
        ' <span class="clock" title="Time left on the clock after this move">'
        '<span class="visually-hidden">clock </span>{}</span>'
    )
    current = ' class="current" aria-current="step"'
    assert move_list(moves) == (
        f'    <li><a href="#ply-1" id="ply-1" data-ply="1">e4</a>{clock.format("1:29:58")} '
        '<a href="#ply-2" id="ply-2" data-ply="2">e5</a></li>\n'
        f'    <li><a href="#ply-3" id="ply-3" data-ply="3"{current}>Qh5</a>'
        f"{clock.format('0:00:04.5')}</li>\n"
    )


def test_the_player_row_and_badge_fragments_equal_their_macros() -> None:
    """``fragments.player_game_row`` and ``fragments.badges`` give what the macros of
    ``_macros.html`` give, on rounds of every sort and texts that need escaping; the row
    called as an older ``player.html`` does (no ``rated`` nor ``board``) and with each of
    the four ways of showing the "Rtg+/-" and "Bd." cells."""
    from generator.model import Game, Player
    from generator.render import fragments
    from generator.render.environment import make_environment, url_for

    environment = make_environment(None)
    template = environment.from_string(
        '{% from "_macros.html" import player_game_row, badges %}'
        "{{ player_game_row(line, links, url) }}|{{ badges(awards, 7) }}"
        "{% for rated, board in shown %}|{{ player_game_row(line, links, url, rated, board) }}"
        "{% endfor %}"
    )
    shown = [(False, False), (True, False), (False, True), (True, True)]
    url = url_for("ev/players/p-7.html")
    links = LINKS
    games = [
        None,
        Game(3, 1, 7, 2, "1-0"),
        Game(3, 2, 7, 2, "1/2-1/2"),
        Game(3, 1, 7, 2, "+-", reason='late & "absent"'),
        Game(3, 12, 2, 7, "*"),
    ]
    opponents = [None, Player(number=2, name="O'Brien <Bob>", slug="x", title="FM", rating=2311)]
    award = SimpleNamespace(kind="money", reason="1st & best", name="<1st>", label="<1st> prize")
    rows = 0
    for game in games:
        for opponent in (*opponents, Player(number=4, name="Plain", slug="y")):
            for colour in ("w", "b", None):
                for kind in ("game", "bye", "future"):
                    for label in ("", "won by forfeit", "<bye>"):
                        entry = SimpleNamespace(
                            round=3, colour=colour, game=game, kind=SimpleNamespace(value=kind)
                        )
                        cell = SimpleNamespace(symbol="½" if label else "<1>", label=label)
                        for points, change in ((None, None), (0.0, ""), (2.5, "+1.6")):
                            line = SimpleNamespace(
                                entry=entry,
                                cell=cell,
                                opponent=opponent,
                                opponent_points=points,
                                score_after=1.5,
                                rating_change=change,
                            )
                            awards = {7: [award, award]} if rows % 2 else {}
                            expected = template.render(
                                line=line, links=links, url=url, awards=awards, shown=shown
                            ).split("|")
                            assert expected[0] == fragments.player_game_row(line, links, url)
                            assert expected[1] == fragments.badges(awards, 7)
                            for (rated, board), row in zip(shown, expected[2:], strict=True):
                                assert row == fragments.player_game_row(
                                    line, links, url, rated, board
                                )
                            rows += 1
    assert rows == 5 * 3 * 3 * 3 * 3 * 3
    bye = SimpleNamespace(round=2, colour=None, game=None, kind=SimpleNamespace(value="bye"))
    line = SimpleNamespace(
        entry=bye, cell=SimpleNamespace(symbol="½", label="bye"), opponent=None,
        opponent_points=None, score_after=1.5, rating_change=None,
    )  # fmt: skip
    cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", fragments.player_game_row(line, links, url))
    with_board = fragments.player_game_row(line, links, url, False, True)
    assert re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", with_board) == [cells[0], "", *cells[1:]]
    line.entry = SimpleNamespace(round=3, colour="b", game=games[-1], kind=bye.kind)
    row = fragments.player_game_row(line, links, url, False, True)
    assert '</th>\n      <td class="board">12</td>\n      <td>Black</td>' in row


def test_a_sites_older_macros_file_falls_back_to_the_built_in_pieces(
    make_site: SiteMaker,
) -> None:
    """A site's ``_macros.html`` copied before a macro was added (here without
    ``player_game_row`` and ``badges``) still builds: the built-in pieces stand in."""
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")})
    macros = (builtin_templates_dir() / "_macros.html").read_text(encoding="utf-8")
    older = re.sub(
        r"\{% macro (player_game_row|badges)\(.*?\{%- endmacro %\}\n", "", macros, flags=re.S
    )
    assert "player_game_row" not in older and "macro badges" not in older
    (site / "templates").mkdir()
    (site / "templates" / "_macros.html").write_text(older, encoding="utf-8")
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    card = (site / "output/ev/players/1-alpha-anna.html").read_text(encoding="utf-8")
    assert '<th scope="row"><a href="../rounds/round-1.html">1</a></th>' in card


def _game_pages_both_ways(site: Path) -> list[tuple[str, bytes, bytes]]:
    """Every game's and player's page of ``site``, written in Python and by the templates."""
    from generator.build import load_site
    from generator.problems import Problems
    from generator.render.site import SiteRenderer

    loaded, outcomes = load_site(site, Problems())
    renderer = SiteRenderer(loaded, outcomes, 2, "keys")
    renderer.collect()
    found = []
    for job in renderer.pages or []:
        if job.template in ("game.html", "player.html"):
            renderer.python_pages = True
            written = renderer.page_bytes(job)
            renderer.python_pages = False
            found.append((job.path, written, renderer.page_bytes(job)))
    return found


def test_pages_written_in_python_are_the_templates_pages(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """``render.pages`` writes what ``game.html`` and ``player.html`` do: the demo's games and
    players (play-offs, forfeits, prizes, fines, a withdrawal, two events, a championship) and
    pages of every other sort (an arbiter's decision over the score sheet, an illegal move, no
    moves, tags to escape, a title, club and withdrawal with a reason, a base URL)."""
    demo = tmp_path / "demo"
    shutil.copytree(ROOT / "content", demo / "content")
    pages = _game_pages_both_ways(demo)
    assert len(pages) > 100 and any("playoff" in path for path, _, _ in pages)
    a, b, c, d = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora"
    tagged = pgn_game("1.1", a, b, "1-0", "1. e4 e5 2. Nf3", ECO="C<6&", Date="2025.06.01")
    illegal = pgn_game("1.2", c, d, "0-1", "1. e4 e5 2. Ke3", Opening='"Open" <b>')
    bare = pgn_game("2.1", a, c, "1/2-1/2", Date="2025.??.??")
    from_fen = pgn_game("3.1", b, c, "0-1", FEN_GAME, SetUp="1", FEN=FEN_BLACK)
    games = {"g.pgn": tagged + illegal + bare + pgn_game("2.2", b, d, "1-0", "1. d4") + from_fen}
    results = (
        '\n[[results]]\nround = 1\nwhite = "Alpha, Anna"\nblack = "Bravo, Bob"\n'
        'result = "1/2-1/2"\nreason = "flag & <time> \\"fell\\""\n'
    )
    results += (
        '\n[[withdrawals]]\nplayer = "Delta, Dora"\nafter_round = 2\nreason = "ill & <away>"\n'
    )
    delta = 'name = "Delta, Dora"\nrating = 2150'
    more = '\ntitle = "WIM"\nclub = "Chess & <Co>"\nbirth_year = 2008'
    text = event_toml(results, rounds=3).replace(delta, delta + more)
    site = make_site(text, games)
    (site / "site.toml").write_text(
        'title = "R&D <Results>"\nbase_url = "https://example.org/chess/"\n', encoding="utf-8"
    )
    odd_pages = _game_pages_both_ways(site)
    texts = b"".join(written for _, written, _ in odd_pages)
    expected_texts = (b"Arbiter&#39;s decision", b"illegal", b"No moves were recorded", b"og:url")
    withdrew = b"; withdrew after round 2 (ill &amp; &lt;away&gt;)</dd>"
    expected_texts += (withdrew, b"<dt>Club</dt>", b'<abbr class="title">WIM')
    expected_texts += (b'aria-label="Moves" start="2"', b"after 4\xe2\x80\xa6 Qxh1")
    for expected in expected_texts:
        assert expected in texts or expected.replace(b"&#39;", b"'") in texts
    # Hebrew and Arabic names: isolated alike in the titles, prizes and headings.
    rtl = tmp_path / "rtl"
    shutil.copytree(FIXTURES / "rtl-names", rtl, ignore=shutil.ignore_patterns("output"))
    rtl_pages = _game_pages_both_ways(rtl)
    assert any(b"\xe2\x81\xa8" in written for _, written, _ in rtl_pages)  # U+2068
    for path, written, rendered in [*pages, *odd_pages, *rtl_pages]:
        assert written == rendered, path


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=30,
)


@given(_JSON)
def test_results_json_is_written_as_json_writes_it(value: object) -> None:
    """``exports.pretty_json`` stands in for ``json.dumps(..., indent=2)``: the same text."""
    from generator.render.exports import pretty_json

    assert pretty_json(value) == json.dumps(value, ensure_ascii=False, indent=2)


def test_kept_rows_belong_to_one_version_of_the_code(tmp_path: Path) -> None:
    """``fragments.RowMemo``: rows kept by other code, or a damaged file, are not used."""
    file = str(tmp_path / "rows" / "page")

    def render(version: str, fields: tuple[object, ...]) -> tuple[str, list[tuple[object, ...]]]:
        written: list[tuple[object, ...]] = []

        def write(fields: tuple[object, ...]) -> str:
            written.append(fields)
            return f"<tr>{fields}</tr>"

        with fragments.kept_rows(file, version):
            text = fragments._row(fields, write)
        return text, written

    assert render("v1", (1, "A")) == ("<tr>(1, 'A')</tr>", [(1, "A")])
    assert render("v1", (1, "A")) == ("<tr>(1, 'A')</tr>", [])  # kept
    assert render("v1", (1, 1.0))[1] == [(1, 1.0)]  # 1.0 is not "A"
    assert render("v2", (1, 1.0))[1] == [(1, 1.0)]  # other code: written again
    Path(file).write_bytes(Path(file).read_bytes()[:9])
    assert render("v2", (1, 1.0))[1] == [(1, 1.0)]  # damaged: written again
    assert fragments._MEMO is None  # only while a page renders


def test_games_pgn_escapes_quotes_in_forfeit_records_too(make_site: SiteMaker) -> None:
    """PGN tag values escape quotes and backslashes (PGN standard 8.1.1), in the records of
    played games and of forfeits alike: each reads back as the event's name."""
    name = 'Spring "Open" \\ Cup'
    toml = event_toml(
        '[[results]]\nround = 1\nwhite = "Charlie, Carl"\nblack = "Delta, Dora"\nresult = "+-"\n'
    ).replace('name = "Test Event"', f"name = '{name}'")
    game = pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")
    game = game.replace('[Event "Test Event"]', '[Event "Spring \\"Open\\" \\\\ Cup"]')
    site = make_site(toml, {"g.pgn": game})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    text = (site / "output/ev/games.pgn").read_text(encoding="utf-8")
    assert text.count('[Event "Spring \\"Open\\" \\\\ Cup"]') == 2
    handle = io.StringIO(text)
    events = []
    while (game := chess.pgn.read_game(handle)) is not None:
        events.append(unescape_tag(game.headers["Event"]))  # python-chess keeps the escapes
    assert events == [name, name]


# Alpha 1½, Bravo ½, Charlie 1½, Delta ½ after two rounds of a round robin of four.
FIRST_TWO_ROUNDS = (
    pgn_game("1.1", "Alpha, Anna", "Delta, Dora", "1-0")
    + pgn_game("1.2", "Bravo, Bob", "Charlie, Carl", "0-1")
    + pgn_game("2.1", "Charlie, Carl", "Alpha, Anna", "1/2-1/2")
    + pgn_game("2.2", "Delta, Dora", "Bravo, Bob", "1/2-1/2")
)


def test_a_last_round_still_on_is_not_called_final(make_site: SiteMaker) -> None:
    games = FIRST_TWO_ROUNDS + pgn_game("3.1", "Alpha, Anna", "Bravo, Bob", "1/2-1/2")
    site = make_site(
        event_toml(), {"g.pgn": games + pgn_game("3.2", "Charlie, Carl", "Delta, Dora", "*")}
    )
    assert build_site(site).written
    out = site / "output/ev"
    standings = (out / "standings.html").read_text(encoding="utf-8")
    assert "Provisional: round 3 in progress." in standings
    assert (
        json.loads((out / "results.json").read_text(encoding="utf-8"))["event"]["finished"] is False
    )
    assert "Final standings" not in standings
    event = (out / "index.html").read_text(encoding="utf-8")
    assert "After round 2 of 3, round 3 in progress" in event
    assert "Final:" not in event

    (site / "content/ev/g.pgn").write_text(
        games + pgn_game("3.2", "Charlie, Carl", "Delta, Dora", "1-0"), encoding="utf-8"
    )
    assert build_site(site).written  # a rebuild: the pages that said so change
    standings = (out / "standings.html").read_text(encoding="utf-8")
    assert "Provisional" not in standings and "Final standings" in standings
    assert "Final: all 3 rounds played" in (out / "index.html").read_text(encoding="utf-8")


def test_a_card_during_the_last_round_counts_only_known_results(make_site: SiteMaker) -> None:
    """While Alpha's round-3 game is on, her card says 1½ from 2 rounds (1-0, ½), her place
    is provisional, her chart stops after round 2, and her prize is what the standings would
    give if the event ended now; the standings show no prize badges until it is finished."""
    games = FIRST_TWO_ROUNDS + pgn_game("3.2", "Charlie, Carl", "Delta, Dora", "1-0")
    toml = event_toml(
        '[prizes]\ncurrency = "AUD"\n'
        '[[prizes.money]]\nname = "1st place"\nplace = 1\namount = 100\n'
    )
    site = make_site(toml, {"g.pgn": games + pgn_game("3.1", "Alpha, Anna", "Bravo, Bob", "*")})
    assert build_site(site).written
    out = site / "output/ev"
    card = (out / "players/1-alpha-anna.html").read_text(encoding="utf-8")
    assert "<dd>1½ from 2 rounds; round 3 not finished</dd>" in card
    assert '<dt>Place</dt><dd>2 <span class="note">provisional</span></dd>' in card
    assert "<h2>Prizes if the event ended now</h2>" not in card  # Charlie (2½) leads
    charlie = (out / "players/3-charlie-carl.html").read_text(encoding="utf-8")
    assert "<h2>Prizes if the event ended now</h2>" in charlie
    assert "<dd>2½ from 3 rounds</dd>" in charlie
    chart = card[card.index('<figure class="chart-frame">') :]
    assert ">2</text>" in chart and ">3</text>" not in chart.split("</figure>")[0]
    assert 'class="badge' not in (out / "standings.html").read_text(encoding="utf-8")
    assert "<h1>Prizes if the event ended now</h1>" in (out / "prizes.html").read_text("utf-8")
    home = (site / "output/index.html").read_text(encoding="utf-8")
    assert "· after round 2 of 3, round 3 in progress</span>" in home

    (site / "content/ev/g.pgn").write_text(
        games + pgn_game("3.1", "Alpha, Anna", "Bravo, Bob", "0-1"), encoding="utf-8"
    )
    assert build_site(site).written
    card = (out / "players/1-alpha-anna.html").read_text(encoding="utf-8")
    assert "<dd>1½ from 3 rounds</dd>" in card and "provisional" not in card
    charlie = (out / "players/3-charlie-carl.html").read_text(encoding="utf-8")
    assert "<h2>Prizes</h2>" in charlie
    standings = (out / "standings.html").read_text(encoding="utf-8")
    assert standings.count('class="badge') == 1  # Charlie's, now the event is finished
    # A money prize named for a place reads as a prize, not as the holder's place.
    assert ">1st place prize</span>" in standings
    assert "<h1>Prize winners</h1>" in (out / "prizes.html").read_text("utf-8")
    players = (out / "players/index.html").read_text(encoding="utf-8")
    assert re.search(r"Charlie, Carl</bdi></a></th>.*?<td>1</td><td class=\"pts\">2½</td>", players)
    assert "· final</span>" in (site / "output/index.html").read_text(encoding="utf-8")


def test_why_a_player_is_ahead_is_also_said_under_the_name(make_site: SiteMaker) -> None:
    """Bravo and Alpha both score 1 (Bravo beat Alpha): Direct Encounter puts Bravo ahead.
    The reason is in its column and, for a phone's narrow screen, under Bravo's name."""
    games = (
        pgn_game("1.1", "Bravo, Bob", "Alpha, Anna", "1-0")
        + pgn_game("1.2", "Charlie, Carl", "Delta, Dora", "1/2-1/2")
        + pgn_game("2.1", "Alpha, Anna", "Charlie, Carl", "1-0")
        + pgn_game("2.2", "Delta, Dora", "Bravo, Bob", "1-0")
    )
    site = make_site(event_toml('tiebreaks = ["DE"]\n', rounds=2, format="swiss"), {"g.pgn": games})
    assert build_site(site).written
    standings = (site / "output/ev/standings.html").read_text(encoding="utf-8")
    reason = "ahead on Direct Encounter, 1 to 0"
    assert f'<span class="why-inline">{reason}' in standings
    assert f'<td class="why">{reason}' in standings
    # Delta (1½) and Charlie (½) are tied with nobody: Direct Encounter never applied to
    # them, a dash in the table (a 0 in results.json, as the spec has it), not a lost game.
    assert standings.count('<td class="tb">–</td>') == 2
    data = json.loads((site / "output/ev/results.json").read_text(encoding="utf-8"))
    assert [(s["name"], s["tiebreaks"]["DE"]) for s in data["standings"]] == [
        ("Delta, Dora", 0), ("Bravo, Bob", 1), ("Alpha, Anna", 0), ("Charlie, Carl", 0),
    ]  # fmt: skip


def test_a_game_still_on_without_moves_says_so_both_ways(make_site: SiteMaker) -> None:
    """A paired game with no result and no moves yet: its page does not say "only its
    result", written in Python or by the template alike (and the cards of a running event
    alike too)."""
    games = pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0") + pgn_game(
        "1.2", "Charlie, Carl", "Delta, Dora", "*"
    )
    site = make_site(event_toml(), {"g.pgn": games})
    pages = _game_pages_both_ways(site)
    for path, written, rendered in pages:
        assert written == rendered, path
    (unplayed,) = [w for path, w, _ in pages if path.endswith("games/r1-b2.html")]
    assert b"<p>No result yet, and no moves recorded.</p>" in unplayed


def test_a_game_still_on_with_moves_shows_its_latest_position_not_a_final_one(
    make_site: SiteMaker,
) -> None:
    """A game published with its moves so far and the result ``*``: the caption, the board's
    label and the last-position button said "Final position", which tells a parent following
    the round that the game is over. They say "Latest position" (the script, told by the
    viewer's data, too), written in Python or by the template alike; a finished game's page
    still says "Final position"."""
    games = pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0", "1. e4 e5 2. Nf3") + pgn_game(
        "1.2", "Charlie, Carl", "Delta, Dora", "*", "1. d4 d5"
    )
    site = make_site(event_toml(), {"g.pgn": games})
    pages = _game_pages_both_ways(site)
    for path, written, rendered in pages:
        assert written == rendered, path
    (on,) = [w.decode() for path, w, _ in pages if path.endswith("games/r1-b2.html")]
    (over,) = [w.decode() for path, w, _ in pages if path.endswith("games/r1-b1.html")]
    assert '<span data-status aria-live="polite">Latest position, after 1… d5</span>' in on
    assert 'role="img" aria-label="Latest position"' in on
    assert 'aria-label="Latest position" title="Latest position (End)">»</button>' in on
    assert "Final position" not in on
    data = json.loads(re.search(r'class="viewer-data">(.*?)</script>', on).group(1))  # type: ignore[union-attr]
    assert data["latest"] is True
    assert '<span data-status aria-live="polite">Final position, after 2. Nf3</span>' in over
    assert 'role="img" aria-label="Final position"' in over
    assert 'aria-label="Final position" title="Final position (End)">»</button>' in over
    assert "Latest position" not in over
    data = json.loads(re.search(r'class="viewer-data">(.*?)</script>', over).group(1))  # type: ignore[union-attr]
    assert "latest" not in data
    script = (ROOT / "templates/static/board.js").read_text(encoding="utf-8")
    assert 'data.latest ? "Latest position, after " : "Final position, after "' in script


def test_a_round_without_pairings_does_not_explain_a_table_it_lacks(
    make_site: SiteMaker,
) -> None:
    """Round 2 of 3 not paired yet, with a bye asked for it: its page said "No pairings
    published for this round yet." and then "Pts: the player's score before this round.",
    a legend for a column of a table the page does not have. Only a round with pairings
    explains its Pts columns."""
    games = pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")
    games += pgn_game("1.2", "Charlie, Carl", "Delta, Dora", "0-1")
    bye = '[[byes]]\nround = 2\nplayer = "Alpha, Anna"\npoints = 0.5\n\n'
    site = make_site(event_toml(bye, format="swiss"), {"g.pgn": games})
    assert build_site(site).written
    paired = (site / "output/ev/rounds/round-1.html").read_text(encoding="utf-8")
    assert '<p class="legend">Pts: the player\'s score before this round.</p>' in paired
    ahead = (site / "output/ev/rounds/round-2.html").read_text(encoding="utf-8")
    assert "<p>No pairings published for this round yet.</p>" in ahead
    assert "half-point bye" in ahead
    assert "Pts" not in ahead


FEN_BLACK = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"  # Black's 2nd move
FEN_GAME = "2... Qh4 3. g3 Qxe4+ 4. Qe2 Qxh1"


def test_a_game_from_a_fen_is_numbered_from_its_fen(make_site: SiteMaker) -> None:
    """The list of moves and the caption number the moves as python-chess does (and the
    game's PGN on the page): from the FEN's move number, Black's move first if it is Black's
    turn; not "1. Qh4 g3" as if White had moved first from move 1."""
    a, b = "Alpha, Anna", "Bravo, Bob"
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", a, b, "0-1", FEN_GAME, FEN=FEN_BLACK)})
    assert build_site(site).written
    html = (site / "output/ev/games/r1-b1.html").read_text(encoding="utf-8")
    start = chess.Board(FEN_BLACK)
    parsed = chess.pgn.read_game(io.StringIO(f'[FEN "{FEN_BLACK}"]\n\n{FEN_GAME} 0-1\n'))
    assert parsed is not None
    moves = list(parsed.mainline_moves())
    expected = start.variation_san(moves)  # "2...Qh4 3. g3 Qxe4+ 4. Qe2 Qxh1"
    found = re.search(r'<ol class="moves" aria-label="Moves" start="(\d+)">(.*?)</ol>', html, re.S)
    assert found is not None
    shown = []
    for number, item in enumerate(re.findall(r"<li>(.*?)</li>", found.group(2)), int(found[1])):
        words = re.sub(r"<[^>]+>", "", item).split()
        if words[0] == "…":  # Black's move alone: "2...Qh4" as python-chess writes it
            shown.append(f"{number}...{words[1]}")
        else:
            shown.append(" ".join([f"{number}.", *words]))
    assert " ".join(shown) == expected
    before_last = parsed.end().parent.board()  # type: ignore[union-attr]
    mark = "." if before_last.turn == chess.WHITE else "…"
    last = f"{before_last.fullmove_number}{mark} {parsed.end().san()}"
    assert f"Final position, after {last}</span>" in html
    data = json.loads(re.search(r'class="viewer-data">(.*?)</script>', html).group(1))  # type: ignore[union-attr]
    assert data["first"] == start.ply()  # board.js names the moves from it (test_browser.py)


def test_the_move_list_of_a_game_with_black_to_move_starts_with_blacks_move() -> None:
    from generator import pgn
    from generator.render.board import move_list, moves_start

    moves = pgn.Moves.of([("Qh4", "d8h4"), ("g3", "g2g3")], "x", 0)
    current = ' class="current" aria-current="step"'
    assert move_list(moves, first=3) == (
        '    <li>… <a href="#ply-1" id="ply-1" data-ply="1">Qh4</a></li>\n'
        f'    <li><a href="#ply-2" id="ply-2" data-ply="2"{current}>g3</a></li>\n'
    )
    assert move_list(moves, first=2) == move_list(moves)  # White to move: whole moves
    alone = move_list(pgn.Moves.of([("Qh4", "d8h4")], "x", 0), first=3)
    assert alone == f'    <li>… <a href="#ply-1" id="ply-1" data-ply="1"{current}>Qh4</a></li>\n'
    assert moves_start(3) == ' start="2"' and moves_start(0) == moves_start(1) == ""


def test_a_prize_held_while_the_event_runs_is_provisional_in_results_json(
    make_site: SiteMaker,
) -> None:
    """After round 2 of 3 A leads alone (2 points, the others 1 or less): the title is A's
    if the event ended now, which results.json says with the status "provisional" (a program
    reading "awarded" recorded a champion mid-event). Once round 3 is in, it is awarded."""
    title = '[[titles]]\nname = "Champion"\ncategory = "open"\n\n'
    games = (
        pgn_game("1.1", A, D, "1-0") + pgn_game("1.2", B, C, "1/2-1/2")
        + pgn_game("2.1", C, A, "0-1") + pgn_game("2.2", D, B, "1/2-1/2")
    )  # fmt: skip
    site = make_site(event_toml(title), {"g.pgn": games})
    build_site(site)
    data = json.loads((site / "output/ev/results.json").read_text(encoding="utf-8"))
    assert data["event"]["finished"] is False
    assert [(p["name"], p["player"], p["status"]) for p in data["prizes"]] == [
        ("Champion", A, "provisional")
    ]
    last = pgn_game("3.1", A, B, "1/2-1/2") + pgn_game("3.2", C, D, "1-0")
    (site / "content/ev/g.pgn").write_text(games + last, encoding="utf-8")
    build_site(site)
    data = json.loads((site / "output/ev/results.json").read_text(encoding="utf-8"))
    assert [(p["player"], p["status"]) for p in data["prizes"]] == [(A, "awarded")]


def test_an_event_whose_play_off_is_pending_is_not_called_final(make_site: SiteMaker) -> None:
    """A and B tie for first after the last round (U.S. rules: a play-off). The home page and
    the event page say the play-off is pending, not "final": there is no champion yet."""
    games = (
        pgn_game("1.1", A, B, "1/2-1/2") + pgn_game("1.2", C, D, "1/2-1/2")
        + pgn_game("2.1", A, C, "1-0") + pgn_game("2.2", B, D, "1-0")
        + pgn_game("3.1", D, A, "0-1") + pgn_game("3.2", C, B, "0-1")
    )  # fmt: skip
    site = make_site(event_toml('rules = "us-junior-closed"\n'), {"g.pgn": games})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    home = (site / "output/index.html").read_text(encoding="utf-8")
    assert "· all rounds played, play-off pending<" in home and "· final<" not in home
    event = (site / "output/ev/index.html").read_text(encoding="utf-8")
    assert "All 3 rounds played, play-off pending" in event
    assert "Final: all 3 rounds played" not in event


def test_a_pages_title_is_its_heading_as_shown(make_site: SiteMaker) -> None:
    """The heading "**2026** Rules &amp; <b>" was put in the navigation and the window title
    as written, Markdown and all: "**2026** Rules &amp;amp; &lt;b&gt;"; the page shows
    "2026 Rules & <b>"."""
    games = pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")
    site = make_site(event_toml(), {"g.pgn": games, "rules.md": "# **2026** Rules &amp; <b>\n"})
    assert build_site(site).written
    page = (site / "output/ev/rules.html").read_text(encoding="utf-8")
    assert '<h1 id="2026-rules-b"><strong>2026</strong> Rules &amp; &lt;b&gt;</h1>' in page
    assert "<title>2026 Rules &amp; &lt;b&gt; · Test Event</title>" in page
    assert '<a href="rules.html" aria-current="page">2026 Rules &amp; &lt;b&gt;</a>' in page


def test_a_fined_right_to_left_name_is_isolated_from_the_amount(make_site: SiteMaker) -> None:
    """The fine "עברית, דוד: 500" was shown as "500 :דוד ,עברית": the amount joined the
    name's run."""
    hebrew = "עברית, דוד"
    extra = f'[[fines]]\nplayer = "{hebrew}"\namount = 500\n\n'
    extra += '[[prizes.money]]\nname = "1st place"\nplace = 1\namount = 400\n\n'
    games = pgn_game("1.1", hebrew, "Bravo, Bob", "1-0")
    site = make_site(event_toml(extra).replace("Alpha, Anna", hebrew), {"g.pgn": games})
    assert build_site(site).written
    page = (site / "output/ev/prizes.html").read_text(encoding="utf-8")
    card = quote("players/1-עברית-דוד.html")  # player 1, whose card the fine links
    assert f'<li><a href="{card}"><bdi>עברית, דוד</bdi></a>: 500.00</li>' in page


def _css_outside_media_queries(css: str) -> str:
    """The stylesheet's rules for every width: without its ``@media`` blocks."""
    kept, depth, in_media = [], 0, False
    for part in re.split(r"([{}])", css):
        if part == "{":
            if depth == 0 and kept and kept[-1].strip().startswith("@media"):
                in_media = True
            depth += 1
        elif part == "}":
            depth -= 1
            if depth == 0 and in_media:
                in_media = False
                continue
        if not in_media:
            kept.append(part)
    return "".join(kept)


def test_the_standings_badges_wrap_under_the_name_at_every_width() -> None:
    """The junior demo's winner holds three badges; unwrapped, at 1280 px they pushed four of
    the seven tie-break columns and the "Ahead of the next because" column out of view. The
    name cell may wrap at every width (the badges go under the name). The name itself may wrap
    only when the table is short of room, as a 9-round section's standings are at 1280 px
    (test_browser.py checks that the demo's names stay on one line there)."""
    css = (builtin_templates_dir() / "static" / "style.css").read_text(encoding="utf-8")
    every_width = _css_outside_media_queries(re.sub(r"/\*.*?\*/", "", css, flags=re.S))
    rules = dict(re.findall(r"([^{}]+)\{([^{}]*)\}", every_width))
    rules = {selector.strip(): body for selector, body in rules.items()}
    assert "white-space: normal" in rules['table.standings th[scope="row"]']
    assert "white-space: normal" in rules['table.standings th[scope="row"] > a']


def test_a_rounds_pairings_show_each_players_number_and_rating(make_site: SiteMaker) -> None:
    """As a pairing list on chess-results: board, number, White, rating, points, result,
    points, Black, rating, number. Delta (number 4, 2150) had White against Alpha (number 1,
    2300) on board 1 of round 1 and lost; both had 0 points before the round. Charlie is
    unrated here: an empty rating cell, not "None"."""
    unrated = event_toml().replace("rating = 2200\n", "")
    games = pgn_game("1.1", "Delta, Dora", "Alpha, Anna", "0-1") + pgn_game(
        "1.2", "Charlie, Carl", "Bravo, Bob", "1/2-1/2"
    )
    site = make_site(unrated, {"g.pgn": games})
    assert build_site(site).written
    page = (site / "output/ev/rounds/round-1.html").read_text(encoding="utf-8")
    head = re.search(r"<thead>(.*?)</thead>", page, re.S)
    assert head is not None
    assert re.findall(r'<th scope="col"[^>]*>(.*?)</th>', head.group(1)) == [
        "Bd.", '<abbr title="Pairing number">No.</abbr>', "White", "Rating", "Pts", "Result",
        "Pts", "Black", "Rating", '<abbr title="Pairing number">No.</abbr>',
    ]  # fmt: skip
    rows = re.findall(r"<tr>(.*?)</tr>", page.split("<tbody>")[1], re.S)
    cells = [
        [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r)] for r in rows
    ]
    assert cells == [
        ["1", "4", "Delta, Dora", "2150", "0", "0-1", "0", "Alpha, Anna", "2300", "1"],
        ["2", "3", "Charlie, Carl", "", "0", "½-½", "0", "Bravo, Bob", "2250", "2"],
    ]


def _css_for_phones(css: str) -> dict[str, str]:
    """The rules of the stylesheet's ``@media (max-width: 40rem)`` blocks, by selector."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    rules: dict[str, str] = {}
    for block in re.finditer(r"@media \(max-width: 40rem\) \{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}", css):
        for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", block.group(1)):
            for selector in selectors.split(","):
                rules[selector.strip()] = rules.get(selector.strip(), "") + body
    return rules


def test_on_a_phone_the_names_of_a_round_and_a_card_wrap() -> None:
    """At 390 px a round's Black player (names kept on one line) was off the screen, and so
    were a player's running score and games: the names may wrap there."""
    css = (builtin_templates_dir() / "static" / "style.css").read_text(encoding="utf-8")
    phone = _css_for_phones(css)
    # The rules outside any @media block hold on a phone too (names wrap at every width).
    plain = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    plain = re.sub(r"@media[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", plain)
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", plain):
        for selector in selectors.split(","):
            phone[selector.strip()] = body + phone.get(selector.strip(), "")
    assert "white-space: normal" in phone["table.pairings td"]
    assert "white-space: normal" in phone["table.player-games td"]


def test_a_tiebreak_page_without_a_play_off_names_none(make_site: SiteMaker) -> None:
    """FIDE rules hold no play-off: the tie-breaks settle every tie, the first place's too."""
    games = pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1/2-1/2")
    body = 'rules = "fide"\ntiebreaks = ["SB"]\n'
    site = make_site(event_toml(body, format="swiss", rounds=1), {"g.pgn": games})
    assert build_site(site).written
    page = (site / "output/ev/tiebreaks.html").read_text(encoding="utf-8")
    assert "Players on equal points are separated by the tie-breaks below" in page
    assert "play-off" not in page


@pytest.mark.parametrize(
    ("names", "listed"),
    [
        (("Ana Lopez", "Ben Ng", "Dara Oz", "Eve Park"), "Ana Lopez, Ben Ng and Dara Oz."),
        (("Lopez, Ana", "Ng, Ben", "Oz, Dara", "Park, Eve"), "Lopez, Ana; Ng, Ben and Oz, Dara."),
    ],
)
def test_the_play_off_page_parts_names_as_the_text_does(
    make_site: SiteMaker, names: tuple[str, str, str, str], listed: str
) -> None:
    """U.S. rules, a round robin of four: the first three beat each other in a cycle (each
    with White once) and each beats the fourth, so they score 2 and all three play off (not
    started). The page parted every name with "; ", which read "Ana Lopez; Ben Ng and Dara
    Oz": a semicolon only where a name is written "Last, First", as the text's lists do."""
    a, b, c, d = names
    games = [(1, a, b, "1-0"), (1, c, d, "1-0"), (2, b, c, "1-0"), (2, a, d, "1-0")]
    games += [(3, c, a, "1-0"), (3, b, d, "1-0")]
    toml = 'name = "P"\nformat = "round-robin"\nrounds = 3\nrules = "us-junior-closed"\n'
    toml += "".join(f'[[players]]\nname = "{name}"\n' for name in names)
    pgn = "".join(
        f'[Round "{r}"]\n[White "{w}"]\n[Black "{bl}"]\n[Result "{res}"]\n\n{res}\n\n'
        for r, w, bl, res in games
    )
    site = make_site(toml, {"games.pgn": pgn})
    assert build_site(site).written
    page = (site / "output/ev/playoff.html").read_text(encoding="utf-8")
    line = page.split("Playing off: ")[1].split("</p>")[0]
    assert re.sub(r"<[^>]+>", "", line) == listed


def test_scores_binary_fractions_cannot_hold_are_exported_as_written(
    make_site: SiteMaker,
) -> None:
    """Scoring of 1, 0.9 and 0.1: Alpha loses all three rounds, 0.1 + 0.1 + 0.1, which a
    binary float makes 0.30000000000000004; Delta draws twice and wins, 0.9 + 0.9 + 1 = 2.8.
    results.json and standings.csv print 0.3 and 2.8."""
    body = "[scoring]\nwin = 1\ndraw = 0.9\nloss = 0.1\n\n"
    games = (
        pgn_game("1.1", A, B, "0-1")
        + pgn_game("1.2", C, D, "1/2-1/2")
        + pgn_game("2.1", C, A, "1-0")
        + pgn_game("2.2", D, B, "1/2-1/2")
        + pgn_game("3.1", A, D, "0-1")
        + pgn_game("3.2", B, C, "1-0")
    )
    site = make_site(event_toml(body), {"g.pgn": games})
    assert build_site(site).written
    data = json.loads((site / "output/ev/results.json").read_text("utf-8"))
    points = {row["name"]: row["points"] for row in data["standings"]}
    assert 0.1 + 0.1 + 0.1 != 0.3 and (points[A], points[D]) == (0.3, 2.8)
    rows = list(csv.reader(io.StringIO((site / "output/ev/standings.csv").read_text("utf-8"))))
    header = rows[0]
    shown = {row[header.index("name")]: row[header.index("points")] for row in rows[1:]}
    assert (shown[A], shown[D]) == ("0.3", "2.8")


def test_a_category_page_calls_its_players_women_in_an_open_and_girls_in_an_age_group(
    make_site: SiteMaker,
) -> None:
    """An open's women's prize: its page said "Players girls.", the junior championships'
    word in a sentence without a verb. Without an age limit the players are women (or men);
    with one, girls (or boys); other conditions follow the noun."""
    toml = (
        'name = "Open"\nformat = "swiss"\nrounds = 1\nstart = 2026-01-10\n'
        '[[categories]]\nid = "W"\nname = "Women"\nsex = "F"\n'
        '[[categories]]\nid = "M"\nname = "Men"\nsex = "M"\n'
        '[[categories]]\nid = "G12"\nname = "Girls U12"\nsex = "F"\nunder = 12\n'
        '[[categories]]\nid = "WU"\nname = "Unrated women"\nsex = "F"\nmax_rating = 0\n'
        '[[categories]]\nid = "AUS"\nname = "Australians"\nfederation = "AUS"\n'
        '[[categories]]\nid = "WR"\nname = "Women 1800+"\nsex = "F"\nmin_rating = 1800\n'
        '[[players]]\nname = "Rated, Rita"\nrating = 1500\nsex = "F"\nborn = 2015-02-01\n'
        '[[players]]\nname = "New, Ned"\nsex = "M"\nborn = 1990-01-01\n'
    )
    site = make_site(toml, {"g.pgn": pgn_game("1", "Rated, Rita", "New, Ned", "1-0")})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    for page, rule in (
        ("w", "Women."),
        ("m", "Men."),
        ("g12", "Girls under 12 on 2026-01-01."),
        ("wu", "Unrated women."),
        ("aus", "Players of federation AUS."),
        ("wr", "Women rated 1800 or more."),
    ):
        _category_page(site, page, rule)


def _category_page(site: Path, page: str, rule: str) -> str:
    """The category page ``page`` of event "ev", checked to begin by saying who is in it."""
    html = (site / f"output/ev/categories/{page}.html").read_text(encoding="utf-8")
    meta = re.search(r'<p class="meta">([^<]*)', html)
    assert meta is not None and meta.group(1).startswith(f"{rule} Places are counted"), (
        page,
        meta and meta.group(1),
    )
    return html


def test_a_category_of_unrated_players_says_so_on_its_page(make_site: SiteMaker) -> None:
    """``max_rating = 0`` is the category of unrated players ("unrated counts as 0"): its page
    said nothing of who belongs to it, as 0 read as no limit at all."""
    toml = (
        'name = "Ratings"\nformat = "swiss"\nrounds = 1\nstart = 2026-01-10\n'
        '[[categories]]\nid = "UNR"\nname = "Best unrated"\nmax_rating = 0\n'
        '[[categories]]\nid = "U1200"\nname = "Under 1200"\nmax_rating = 1200\n'
        '[[players]]\nname = "Rated, Rita"\nrating = 1500\n[[players]]\nname = "New, Ned"\n'
    )
    site = make_site(toml, {"g.pgn": pgn_game("1", "Rated, Rita", "New, Ned", "1-0")})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    for page, rule in (
        ("unr", "Unrated players."),
        ("u1200", "Players rated 1200 or less (or unrated)."),
    ):
        html = _category_page(site, page, rule)
        names = re.findall(r'<th scope="row"><a href="[^"]+"><bdi>([^<]+)</bdi></a>', html)
        assert names == ["New, Ned"]  # unrated: in both; 1500: in neither


def test_a_withdrawal_after_the_last_round_played_shows_on_the_standings_of_that_round(
    make_site: SiteMaker,
) -> None:
    """Delta withdrew after round 2, the last round played: the standings after round 2 (the
    current ones, read before round 3) and the event's leaders say so beside her, as the
    prize page does, rather than list her as a player still in the event; the standings after
    round 1, when she was still playing, do not."""
    withdrawal = '[[withdrawals]]\nplayer = "Delta, Dora"\nafter_round = 2\n\n'
    site = make_site(event_toml(withdrawal), {"g.pgn": FIRST_TWO_ROUNDS})
    assert build_site(site).written
    out = site / "output/ev"
    note = '<span class="note">withdrew after round 2</span>'

    def row(page: str, name: str = "Delta, Dora") -> str:
        html = (out / page).read_text(encoding="utf-8")
        return next(r for r in html.split("<tr") if f"<bdi>{name}</bdi>" in r)

    # After round 2: Alpha 1½, Charlie 1½, Bravo ½, Delta ½ (1-0 and ½ for Alpha; 0 and ½
    # for Delta): Delta is in the standings, marked as withdrawn.
    now = row("standings.html")
    assert now.startswith(' class="withdrawn"') and note in now
    assert note not in row("standings.html", "Bravo, Bob")
    assert note not in row("standings/after-round-1.html")
    leaders = (out / "index.html").read_text(encoding="utf-8").split('class="leaders"')[1]
    delta = next(li for li in leaders.split("<li>") if "<bdi>Delta, Dora</bdi>" in li)
    assert note in delta


# Alpha loses to Bravo and beats Charlie and Delta; Bravo draws Charlie and Delta: Alpha 2,
# Bravo 2 (1 + ½ + ½), Charlie 1 and Delta 1. Alpha and Bravo tie for first.
TIED_FOR_FIRST = (
    pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "0-1")
    + pgn_game("1.2", "Charlie, Carl", "Delta, Dora", "1/2-1/2")
    + pgn_game("2.1", "Alpha, Anna", "Charlie, Carl", "1-0")
    + pgn_game("2.2", "Bravo, Bob", "Delta, Dora", "1/2-1/2")
    + pgn_game("3.1", "Alpha, Anna", "Delta, Dora", "1-0")
    + pgn_game("3.2", "Bravo, Bob", "Charlie, Carl", "1/2-1/2")
)


GAME_PAGE = "games/r1-b1.html"


def test_a_printed_page_is_not_final_while_the_play_off_is_to_be_played(
    make_site: SiteMaker,
) -> None:
    """Every round played, Alpha and Bravo level on 2 for first: the printed standings,
    crosstable and cards said "final" above a table that shares first place while the home
    page said "play-off pending". They say the play-off is pending until its last game, then
    "final"."""
    site = make_site(event_toml('rules = "us-junior-closed"\n'), {"g.pgn": TIED_FOR_FIRST})
    assert build_site(site).written
    out = site / "output/ev"
    pending = "Test Event · 2025-06-01 · all rounds played, play-off pending"
    for page in ("standings.html", "crosstable.html", "players/1-alpha-anna.html", GAME_PAGE):
        html = (out / page).read_text(encoding="utf-8")
        assert f'<p class="print-header">{pending}</p>' in html, page
        assert "· final" not in html, page
    standings = (out / "standings.html").read_text(encoding="utf-8")
    assert f'<th scope="col" colspan="99">{pending}</th>' in standings
    assert "all rounds played, play-off pending" in (site / "output/index.html").read_text(
        encoding="utf-8"
    )

    # The blitz double round robin: Alpha wins the first game and draws the second (1½-½).
    blitz = {"TimeControl": "180+2"}
    playoff = pgn_game("1", "Alpha, Anna", "Bravo, Bob", "1-0", **blitz) + pgn_game(
        "2", "Bravo, Bob", "Alpha, Anna", "1/2-1/2", **blitz
    )
    (site / "content/ev/playoff").mkdir()
    (site / "content/ev/playoff/playoff.pgn").write_text(playoff, encoding="utf-8")
    assert build_site(site).written
    for page in ("standings.html", "crosstable.html", "players/1-alpha-anna.html", GAME_PAGE):
        html = (out / page).read_text(encoding="utf-8")
        assert '<p class="print-header">Test Event · 2025-06-01 · final</p>' in html, page
        assert "play-off pending" not in html, page


# The status macros of a site's ``_macros.html`` copied from earlier versions: before the
# play-off's state (two arguments), and before ``event_status`` (worded in the template); their
# event line leaves out the dates.
OLDER_STATUS_MACROS = {
    "two arguments": (
        "{% macro status_text(event, shown=none) -%}\n"
        "{% if shown is not none and shown.after_round < event.rounds_played %}after round "
        "{{ shown.after_round }}{% elif event.finished %}final{% else %}after round "
        "{{ event.rounds_played }}{% endif %}\n"
        "{%- endmacro %}\n\n"
        "{% macro event_line(event, shown=none) -%}\n"
        "{{ event.name }} · {{ status_text(event, shown) }}\n"
        "{%- endmacro %}\n\n"
        "{% macro print_row(event, shown=none) -%}\n"
        '<tr class="print-only"><th scope="col" colspan="99">{{ event_line(event, shown) }}'
        "</th></tr>\n"
        "{%- endmacro %}\n"
    ),
    "worded in the template": (
        "{% macro status_text(event, shown=none, playoff_pending=false) -%}\n"
        "{% if shown is not none and shown.after_round < event.rounds_played %}after round "
        "{{ shown.after_round }}{% elif event.finished %}{% if playoff_pending %}all rounds "
        "played, play-off pending{% else %}final{% endif %}{% else %}after round "
        "{{ event.rounds_played }}{% endif %}\n"
        "{%- endmacro %}\n\n"
        "{% macro event_line(event, shown=none, playoff_pending=false) -%}\n"
        "{{ event.name }} · {{ status_text(event, shown, playoff_pending) }}\n"
        "{%- endmacro %}\n\n"
        "{% macro print_row(event, shown=none, playoff_pending=false) -%}\n"
        '<tr class="print-only"><th scope="col" colspan="99">'
        "{{ event_line(event, shown, playoff_pending) }}</th></tr>\n"
        "{%- endmacro %}\n"
    ),
}


@pytest.mark.parametrize(
    ("version", "status"),
    [("two arguments", "final"), ("worded in the template", "all rounds played, play-off pending")],
)
def test_a_sites_older_status_macros_still_build(
    make_site: SiteMaker, version: str, status: str
) -> None:
    """A site's ``_macros.html`` whose ``status_text``, ``event_line`` and ``print_row`` are
    an earlier version's still builds, its print header in its own words: the two-argument
    macros know nothing of the play-off (Alpha and Bravo tie for first, U.S. rules)."""
    site = make_site(event_toml('rules = "us-junior-closed"\n'), {"g.pgn": TIED_FOR_FIRST})
    macros = (builtin_templates_dir() / "_macros.html").read_text(encoding="utf-8")
    begin = macros.index("{% macro status_text(")
    end = macros.index("{% macro badges(")
    older = macros[:begin] + OLDER_STATUS_MACROS[version] + "\n" + macros[end:]
    (site / "templates").mkdir()
    (site / "templates" / "_macros.html").write_text(older, encoding="utf-8")
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    for page in ("standings.html", "players/1-alpha-anna.html"):
        html = (site / "output/ev" / page).read_text(encoding="utf-8")
        assert f'<p class="print-header">Test Event · {status}</p>' in html, page
    standings = (site / "output/ev/standings.html").read_text(encoding="utf-8")
    assert f'colspan="99">Test Event · {status}</th>' in standings


def test_a_sites_home_page_from_before_event_status_still_builds(make_site: SiteMaker) -> None:
    """A site's ``home.html`` copied when it worded the status itself, reading the events
    awaiting a play-off as ``playoff_pending`` (a set of slugs there), still builds and says
    the play-off is pending (Alpha and Bravo tie for first, U.S. rules)."""
    site = make_site(event_toml('rules = "us-junior-closed"\n'), {"g.pgn": TIED_FOR_FIRST})
    home = (builtin_templates_dir() / "home.html").read_text(encoding="utf-8")
    call = "{{ event_status(event, event.slug in events_awaiting_playoff).short }}"
    assert call in home
    older_macro = (
        "{% macro event_status(event) -%}\n"
        "{% if event.finished %}{% if event.slug in playoff_pending | default(()) %}all rounds "
        "played, play-off pending{% else %}final{% endif %}{% elif event.rounds_played == 0 %}"
        "not started{% else %}after round {{ event.rounds_played }} of {{ event.rounds }}"
        "{% endif %}\n"
        "{%- endmacro %}\n"
    )
    older = home.replace(call, "{{ event_status(event) }}").replace(
        "{% block main %}", older_macro + "{% block main %}", 1
    )
    (site / "templates").mkdir()
    (site / "templates" / "home.html").write_text(older, encoding="utf-8")
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    page = (site / "output/index.html").read_text(encoding="utf-8")
    assert "· all rounds played, play-off pending</span>" in page


def test_a_long_forfeit_reason_keeps_games_pgn_within_pgn_lines_and_braces(
    make_site: SiteMaker,
) -> None:
    """PGN standard 4.3: no line longer than 255 characters; 5: a brace comment ends at the
    first "}" and does not nest. python-chess writes a comment on one line whatever its
    length, so a forfeit's reason of 60 words (about 370 characters) made one line of 400;
    and a "{" in the reason stayed inside the comment, where a reader that counts braces
    takes it for a nested comment. Now the comment is wrapped at 80 columns like the moves,
    and both braces of the reason become parentheses."""
    reason = "Black {arbiter's note} arrived late " + " ".join(["word"] * 60)
    toml = event_toml(
        '[[results]]\nround = 1\nwhite = "Charlie, Carl"\nblack = "Delta, Dora"\n'
        f'result = "+-"\nreason = "{reason}"\n'
    )
    site = make_site(toml, {"g.pgn": pgn_game("1.1", A, B, "1-0", "1. e4 e5")})
    assert build_site(site).written
    text = (site / "output/ev/games.pgn").read_text(encoding="utf-8")
    forfeit = text[text.index('[Round "1.2"]') :]
    movetext = forfeit.split("\n\n")[1]
    assert max(len(line) for line in text.splitlines()) < 80
    # One comment, opened once and closed once, then the result "*".
    assert movetext.count("{") == 1 and movetext.count("}") == 1
    assert movetext.startswith("{ White wins by forfeit (+-): Black (arbiter's note) arrived")
    assert movetext.endswith("word }\n*")
    assert " ".join(movetext.split()) == (
        "{ White wins by forfeit (+-): Black (arbiter's note) arrived late "
        + " ".join(["word"] * 60)
        + " } *"
    )
    record = chess.pgn.read_game(io.StringIO(forfeit))
    assert record is not None and record.headers["Result"] == "*"
    assert " ".join(record.comment.split()).endswith("late " + " ".join(["word"] * 60))


def test_a_forfeit_comment_line_never_begins_with_a_percent_sign_or_passes_255() -> None:
    """PGN standard 6: a line beginning with "%" is an escape line, skipped by readers, so a
    wrapped comment line that would begin with one begins with a space; 4.3: a word longer
    than a line (300 characters) is cut into lines of 252, room for "{ " and " }"."""
    assert comment_lines("a" * 76 + " %5 late") == "a" * 76 + "\n %5 late"
    assert comment_lines("y" * 300) == "y" * 252 + "\n" + "y" * 48
    assert comment_lines("White wins by forfeit (+-)") == "White wins by forfeit (+-)"


def test_a_rounds_page_links_the_standings_after_that_round(make_site: SiteMaker) -> None:
    """A parent reading round 1 asks where everyone stood after it: the round's page links the
    standings after it. Three rounds scheduled, two played: round 1 leads to the standings
    after round 1, round 2 (the last played) to the current standings, and round 3, not yet
    played, has no standings to lead to."""
    games = (
        pgn_game("1.1", "Alpha, Anna", "Delta, Dora", "1-0")
        + pgn_game("1.2", "Bravo, Bob", "Charlie, Carl", "1/2-1/2")
        + pgn_game("2.1", "Delta, Dora", "Charlie, Carl", "0-1")
        + pgn_game("2.2", "Alpha, Anna", "Bravo, Bob", "1/2-1/2")
    )
    site = make_site(event_toml(), {"g.pgn": games})
    assert build_site(site).written
    rounds = site / "output/ev/rounds"

    def standings_links(number: int) -> list[tuple[str, str]]:
        page = (rounds / f"round-{number}.html").read_text(encoding="utf-8")
        return re.findall(r'<a href="([^"]*standings[^"]*)">(Standings after[^<]*)</a>', page)

    assert standings_links(1) == [("../standings/after-round-1.html", "Standings after round 1")]
    assert standings_links(2) == [("../standings.html", "Standings after round 2")]
    assert standings_links(3) == []
    assert (site / "output/ev/standings/after-round-1.html").is_file()


def test_a_sites_copy_of_the_macros_shows_a_dash_where_direct_encounter_never_applied(
    make_site: SiteMaker,
) -> None:
    """Direct Encounter is the score among the players tied on points; for a player tied with
    nobody it was never applied, and the built-in pages print "–". The macro of
    ``_macros.html`` printed the 0 the row holds instead: a site with its own copy of the
    file (the demo built from the source checkout, whose ``templates/`` is that copy) showed
    "DE 0" for the 3rd, 4th and 10th of the U.S. Junior Closed demo, who met no tied player.
    Here after two rounds Alpha (1½: drew Charlie, beat Delta) and Charlie (1½: drew Alpha,
    beat Bravo) are tied and have met, so DE was applied to them and is ½ for each; Bravo (1)
    and Delta (0) are alone on their points: a dash. (Tied players who have not met get a
    dash too: ``test_standings``.)"""
    body = 'tiebreaks = ["DE"]\n'
    games = (
        pgn_game("1.1", "Alpha, Anna", "Charlie, Carl", "1/2-1/2")
        + pgn_game("1.2", "Bravo, Bob", "Delta, Dora", "1-0")
        + pgn_game("2.1", "Alpha, Anna", "Delta, Dora", "1-0")
        + pgn_game("2.2", "Charlie, Carl", "Bravo, Bob", "1-0")
    )
    site = make_site(event_toml(body), {"g.pgn": games})
    assert build_site(site).written
    built_in = {
        page: (site / "output/ev" / page).read_text(encoding="utf-8")
        for page in ("standings.html", "crosstable.html")
    }
    (site / "templates").mkdir()
    shutil.copy(builtin_templates_dir() / "_macros.html", site / "templates" / "_macros.html")
    assert build_site(site).written
    for page, expected in built_in.items():
        shown = (site / "output/ev" / page).read_text(encoding="utf-8")
        assert shown == expected
        rows = re.findall(r"<tr[^>]*>(.*?)</tr>", shown.split("<tbody>")[1], re.S)
        de = {}
        for row in rows:
            # The name is the link's text (the tie-breaks repeated under it are not).
            link = re.findall(r'<th scope="row".*?<a [^>]*>(.*?)</a>', row, re.S)[0]
            name = re.sub(r"<[^>]+>", "", link)
            name = re.sub(r"^\d+ ", "", re.sub(r"\s+,", ",", " ".join(name.split())))
            de[name] = re.findall(r'<td class="tb[^"]*">([^<]*)</td>', row)
        assert de == {
            "Alpha, Anna": ["0.5"],
            "Charlie, Carl": ["0.5"],
            "Bravo, Bob": ["–"],
            "Delta, Dora": ["–"],
        }


# One championship, a section in each state an event goes through (a round robin of three
# rounds: A-B and C-D in round 1, A-C and B-D in round 2, A-D and B-C in round 3), with the
# status every page gives it: (short: the home page, the championship's table and the
# printed header; sentence: the event page's Progress; the standings' "Provisional:" line).
STATUS_SECTIONS: dict[str, tuple[str, str, str, str | None]] = {
    # Round 1 paired, no result yet.
    "not-started": (
        pgn_game("1.1", A, B, "*") + pgn_game("1.2", C, D, "*"),
        "not started",
        "Not started",
        "3 rounds still to play",
    ),
    # Round 1 complete, round 2 paired without results.
    "after-one": (
        pgn_game("1.1", A, B, "1-0")
        + pgn_game("1.2", C, D, "0-1")
        + pgn_game("2.1", A, C, "*")
        + pgn_game("2.2", B, D, "*"),
        "after round 1 of 3",
        "After round 1 of 3",
        "2 rounds still to play",
    ),
    # Rounds 1 and 2 complete, one game of round 3 still on.
    "one-on": (
        pgn_game("1.1", A, B, "1-0")
        + pgn_game("1.2", C, D, "0-1")
        + pgn_game("2.1", A, C, "1-0")
        + pgn_game("2.2", B, D, "1/2-1/2")
        + pgn_game("3.1", A, D, "1-0")
        + pgn_game("3.2", B, C, "*"),
        "after round 2 of 3, round 3 in progress",
        "After round 2 of 3, round 3 in progress",
        "round 3 in progress",
    ),
    # Round 1 complete; a game of round 2 and one of round 3 still on.
    "two-on": (
        pgn_game("1.1", A, B, "1-0")
        + pgn_game("1.2", C, D, "0-1")
        + pgn_game("2.1", A, C, "1-0")
        + pgn_game("2.2", B, D, "*")
        + pgn_game("3.1", A, D, "1-0")
        + pgn_game("3.2", B, C, "*"),
        "after round 1 of 3, rounds 2 and 3 in progress",
        "After round 1 of 3, rounds 2 and 3 in progress",
        "rounds 2 and 3 in progress",
    ),
    # Every game played: Alpha 3 alone on top (1-0, 1-0, 1-0), no play-off.
    "final": (
        pgn_game("1.1", A, B, "1-0")
        + pgn_game("1.2", C, D, "0-1")
        + pgn_game("2.1", A, C, "1-0")
        + pgn_game("2.2", B, D, "1/2-1/2")
        + pgn_game("3.1", A, D, "1-0")
        + pgn_game("3.2", B, C, "1-0"),
        "final",
        "Final: all 3 rounds played",
        None,
    ),
    # Every game played, Alpha and Bravo level on 2 for first (``TIED_FOR_FIRST``): U.S. rules
    # call a play-off, not played yet.
    "playoff": (
        TIED_FOR_FIRST,
        "all rounds played, play-off pending",
        "All 3 rounds played, play-off pending",
        None,
    ),
}


def test_each_state_of_an_event_reads_the_same_on_every_page(make_site: SiteMaker) -> None:
    """The home page said "round 3 of 3 in progress" where the championship's page said
    "after round 3 of 3 (round 3 still has games to finish)" and the event page "After round
    3 of 3 (...)", and a not-started event's page "After round 0 of 3". Each state now reads
    alike on the home page, the championship's table, the event page and the printed header
    (of the pages written by a template and of those written in Python: a player's card)."""
    for slug in STATUS_SECTIONS:
        name = f"Section {slug}"
        toml = event_toml('rules = "us-junior-closed"\n').replace("Test Event", name)
        site = make_site(toml, {"g.pgn": STATUS_SECTIONS[slug][0]}, slug=f"ch/{slug}")
    sections = ", ".join(f'"{slug}"' for slug in STATUS_SECTIONS)
    (site / "content/ch/championship.toml").write_text(
        f'name = "Cup"\nsections = [{sections}]\n', encoding="utf-8"
    )
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    out = site / "output"
    home = (out / "index.html").read_text(encoding="utf-8")
    landing = (out / "ch/index.html").read_text(encoding="utf-8")
    for slug, (_, short, sentence, remaining) in STATUS_SECTIONS.items():
        folder = out / "ch" / slug
        link = f'<a href="ch/{slug}/index.html">Section {slug}</a>'
        assert f'{link} <span class="meta">{short}</span></li>' in home, slug
        cell = f'Section {slug}</a></th>\n      <td data-label="Progress">{short}</td>'
        assert cell in landing, slug
        event = (folder / "index.html").read_text(encoding="utf-8")
        progress = f"<dt>Progress</dt><dd>{sentence}"  # then the next round's pairings, if out
        assert f"{progress}</dd>" in event or f"{progress} · <a href=" in event, slug
        header = f'<p class="print-header">Section {slug} · 2025-06-01 · {short}</p>'
        standings = (folder / "standings.html").read_text(encoding="utf-8")
        card = (folder / "players/1-alpha-anna.html").read_text(encoding="utf-8")
        for page in (event, standings, card):
            assert header in page, slug
        assert f'colspan="99">Section {slug} · 2025-06-01 · {short}</th>' in standings, slug
        if remaining is None:
            assert "Provisional" not in standings, slug
        else:
            assert f'<p class="provisional">Provisional: {remaining}.</p>' in standings, slug
    # The standings after round 1 of a finished event, printed, say so.
    earlier = (out / "ch/final/standings/after-round-1.html").read_text(encoding="utf-8")
    assert '<p class="print-header">Section final · 2025-06-01 · after round 1 of 3</p>' in earlier
    # A shared link's text says the same: Alpha 3 (1-0 in each round) leads while Bravo and
    # Charlie play on; not "Final:" while Alpha and Bravo (2 each) have a play-off to play
    # (Bravo named first: he beat Alpha in round 1, and the tie-breaks put him ahead).
    facts = "3 rounds, 4 players, 2025-06-01."
    alpha, bravo = "\u2068Alpha, Anna\u2069", "\u2068Bravo, Bob\u2069"
    for slug, lead in (
        ("one-on", f"After round 2 of 3, round 3 in progress: {alpha} leads with 3 points."),
        (
            "playoff",
            f"All 3 rounds played, play-off pending: {bravo} and {alpha} are tied for 1st"
            " place on 2 points.",
        ),
    ):
        event = (out / "ch" / slug / "index.html").read_text(encoding="utf-8")
        assert f'<meta name="description" content="{lead} {facts}">' in event, slug


THREE = "".join(f'[[players]]\nname = "{name}"\n' for name in ("A", "B", "C"))


@pytest.mark.parametrize("codes", [("PS",), ("SB",)])
def test_the_tiebreak_page_says_what_the_round_sat_out_counts_for(
    make_site: SiteMaker, codes: tuple[str, ...]
) -> None:
    """A round robin of three: A sits out round 1, C round 2, B round 3 (Berger). B beats C,
    A beats B, C and A draw. B's running score is 1, 1, 1: PS 3, the round B sat out adding
    the 1 B had after it, as after every round (A: 0, 1, 1½ = 2½; C: 0, 0, ½ = ½). The page
    said that round "does not count at all"; it now says Progressive Score adds it."""
    games = pgn_game("1.1", "B", "C", "1-0") + pgn_game("2.1", "A", "B", "1-0")
    games += pgn_game("3.1", "C", "A", "1/2-1/2")
    tiebreaks = ", ".join(f'"{code}"' for code in codes)
    toml = f'name = "Three"\nformat = "round-robin"\nrounds = 3\ntiebreaks = [{tiebreaks}]\n'
    site = make_site(toml + THREE, {"g.pgn": games})
    assert build_site(site).written
    page = (site / "output/ev/tiebreaks.html").read_text(encoding="utf-8")
    assert "does not count at all" not in page
    assert "the round each player sits out when the number of players is odd" in page
    ps = "except that Progressive Score adds the player's running score after it"
    assert (ps in page) == (codes == ("PS",))
    if codes == ("PS",):
        results = json.loads((site / "output/ev/results.json").read_text(encoding="utf-8"))
        found = {row["name"]: row["tiebreaks"]["PS"] for row in results["standings"]}
        assert found == {"A": 2.5, "B": 3, "C": 0.5}


def test_the_tiebreak_page_of_an_even_round_robin_says_nothing_of_sitting_out(
    make_site: SiteMaker,
) -> None:
    """Four players, nobody withdrawn: every player has a game every round."""
    games = pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1/2-1/2")
    site = make_site(event_toml('tiebreaks = ["SB"]\n'), {"g.pgn": games})
    assert build_site(site).written
    page = (site / "output/ev/tiebreaks.html").read_text(encoding="utf-8")
    assert "counts as a game against the scheduled opponent" in page
    assert "sits out" not in page and "withdrawn" not in page


def test_a_double_round_robin_crosstable_says_a_cell_holds_both_games(
    make_site: SiteMaker,
) -> None:
    """Four players meet twice. Alpha drew Bravo with White in round 1 and beat them with
    Black in round 4: Alpha's cell against Bravo reads "○½ ●1", in that order, and the legend
    says why a cell holds two results; a single round robin's legend does not."""
    games = pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1/2-1/2")
    games += pgn_game("4.1", "Bravo, Bob", "Alpha, Anna", "0-1")
    site = make_site(event_toml(format="double-round-robin", rounds=6), {"g.pgn": games})
    assert build_site(site).written
    page = (site / "output/ev/crosstable.html").read_text(encoding="utf-8")
    legend = "Each pair meets twice: a cell holds both results, in the order of the rounds."
    assert legend in page
    row = page[page.index('href="players/1-') :]
    cell = re.search(r"<td>(.*?)</td>", row)
    assert cell is not None
    assert re.findall(r'title="(White|Black)".*?>([½10])</a>', cell.group(1)) == [
        ("White", "½"),
        ("Black", "1"),
    ]
    single = make_site(event_toml(), {"g.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")})
    assert build_site(single).written
    assert legend not in (single / "output/ev/crosstable.html").read_text(encoding="utf-8")


def test_a_round_page_says_why_a_player_of_a_round_robin_has_no_game(
    make_site: SiteMaker,
) -> None:
    """Delta withdrew after round 1 of four players: in round 2 Bravo, Delta's scheduled
    opponent, is under "Not playing" with the reason, as is Delta with the withdrawal."""
    body = '[[withdrawals]]\nplayer = "Delta, Dora"\nafter_round = 1\n\n'
    games = pgn_game("1.1", "Alpha, Anna", "Delta, Dora", "1-0")
    games += pgn_game("1.2", "Bravo, Bob", "Charlie, Carl", "1/2-1/2")
    games += pgn_game("2.1", "Alpha, Anna", "Charlie, Carl", "1-0")
    site = make_site(event_toml(body), {"games.pgn": games})
    build_site(site)
    page = (site / "output/ev/rounds/round-2.html").read_text(encoding="utf-8")
    listed = re.findall(r"<li>.*?<bdi>([^<]*)</bdi></a>([^<]*)</li>", page.split("Not playing")[1])
    assert listed == [
        ("Bravo, Bob", " (opponent withdrew)"),
        ("Delta, Dora", " (withdrew after round 1)"),
    ]


def test_a_card_says_which_prize_passed_the_player_over_and_why(make_site: SiteMaker) -> None:
    """U.S. rules: "Players who withdraw or forfeit a game may not receive any prize money."
    A ½ + 1 + 1 = 2½; B ½ + 1 and a forfeit lost to D in round 3 = 1½; C 1 (beat D); D 1 (the
    forfeit). 2nd place is B's by place, but B forfeited: it goes to C (ahead of D on Direct
    Encounter). The prize page said so in C's row; B's own card said nothing. It now says so
    under "Prizes" (B holds none), names escaped and isolated, written in Python and by the
    template alike; while a round is to come, "would go to", under "Prizes if the event
    ended now"."""
    odd = "Charlie <b>&</b>, Carl"  # the name is escaped wherever it goes
    games = (
        pgn_game("1.1", A, B, "1/2-1/2") + pgn_game("1.2", odd, D, "1-0")
        + pgn_game("2.1", B, odd, "1-0") + pgn_game("2.2", A, D, "1-0")
        + pgn_game("3.1", A, odd, "1-0")
    )  # fmt: skip
    body = 'rules = "us-junior-closed"\n'
    body += '[[results]]\nround = 3\nwhite = "Bravo, Bob"\nblack = "Delta, Dora"\nresult = "-+"\n'
    body += '[[prizes.money]]\nname = "1st place"\nplace = 1\namount = 300\n'
    body += '[[prizes.money]]\nname = "2nd place"\nplace = 2\namount = 200\n'
    line = (
        "<li>The 2nd place prize {verb} <bdi>Charlie &lt;b&gt;&amp;&lt;/b&gt;, Carl</bdi>: "
        "<bdi>Bravo, Bob</bdi> forfeited a game (round 3), and a player who withdraws or "
        "forfeits a game receives no prize money.</li>"
    )
    for slug, toml, heading, verb in (
        ("ended", event_toml(body), "Prizes", "went to"),
        (
            "running",
            event_toml(body, format="swiss", rounds=4),
            "Prizes if the event ended now",
            "would go to",
        ),
    ):
        site = make_site(toml.replace(C, odd), {"g.pgn": games}, slug=slug)
        report = build_site(site)
        assert report.written, [p.format() for p in report.problems.items]
        data = json.loads((site / f"output/{slug}/results.json").read_text(encoding="utf-8"))
        assert [s["name"] for s in data["standings"]] == [A, B, odd, D]
        assert [(p["name"], p["player"]) for p in data["prizes"]] == [
            ("1st place", A),
            ("2nd place", odd),
        ]
        card = (site / f"output/{slug}/players/2-bravo-bob.html").read_text(encoding="utf-8")
        expected = f'<h2>{heading}</h2>\n<ul class="awards passed-over">\n  '
        expected += line.format(verb=verb) + "\n</ul>\n"
        assert expected in card
        assert '<ul class="awards">' not in card  # B holds no prize of their own
        for other in ("1-alpha-anna.html", "4-delta-dora.html"):  # not passed over
            page = (site / f"output/{slug}/players" / other).read_text(encoding="utf-8")
            assert "passed-over" not in page, other
        both = [(p, one, other) for p, one, other in _game_pages_both_ways(site) if one != other]
        assert not both, [path for path, *_ in both]


def test_the_event_page_names_the_deputy_arbiters(make_site: SiteMaker) -> None:
    """After the chief arbiter, the deputies event.toml lists, escaped, joined by ";" as
    names written "Surname, Given" hold commas; one deputy is "Deputy arbiter", and none
    gives no line."""
    chief = 'arbiter = "Chief, C"\n'
    deputies = 'deputy_arbiters = ["Deputy, <One>", "Deputy, Two"]\n'
    site = make_site(event_toml(chief + deputies), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    assert build_site(site).written
    home = (site / "output/ev/index.html").read_text(encoding="utf-8")
    assert (
        "<dt>Chief arbiter</dt><dd>Chief, C</dd>"
        "<dt>Deputy arbiters</dt><dd>Deputy, &lt;One&gt;; Deputy, Two</dd>"
    ) in home
    one = event_toml(chief + 'deputy_arbiters = "Deputy, Two"\n')
    site = make_site(one, {"g.pgn": pgn_game("1.1", A, B, "1-0")}, slug="one")
    assert build_site(site).written
    home = (site / "output/one/index.html").read_text(encoding="utf-8")
    assert "<dt>Deputy arbiter</dt><dd>Deputy, Two</dd>" in home
    site = make_site(event_toml(chief), {"g.pgn": pgn_game("1.1", A, B, "1-0")}, slug="none")
    assert build_site(site).written
    assert "Deputy" not in (site / "output/none/index.html").read_text(encoding="utf-8")


SIX = ("Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora", "Echo, Eve", "Foxtrot, Fay")
A6, B6, C6, D6, E6, F6 = SIX


def _six_player_swiss(games: str, extra: str = "") -> tuple[str, dict[str, str]]:
    """A 7-round Swiss of six, ranked by Buchholz under C.07 of 2026 (the event starts in
    2026), in which Foxtrot withdrew ill after round 2, with ``games`` as its PGN file and
    Echo's one-point bye in round 3, when five are left."""
    players = "".join(f'[[players]]\nname = "{name}"\n\n' for name in SIX)
    toml = (
        'name = "Six"\nformat = "swiss"\nrounds = 7\nstart = 2026-05-02\ntiebreaks = ["BH"]\n\n'
        f'{players}[[byes]]\nround = 3\nplayer = "{E6}"\npoints = 1\n\n'
        f'[[withdrawals]]\nplayer = "{F6}"\nafter_round = 2\nreason = "Illness"\n\n'
    )
    return toml + extra, {"g.pgn": games}


# Alpha 1-0 Delta, Bravo 1-0 Echo, Charlie 1-0 Foxtrot; Delta 0-1 Bravo, Echo ½ Charlie,
# Foxtrot 0-1 Alpha: Alpha 2, Bravo 2, Charlie 1½, Echo ½, Delta 0, Foxtrot 0.
SIX_FIRST_TWO = (
    pgn_game("1.1", A6, D6, "1-0")
    + pgn_game("1.2", B6, E6, "1-0")
    + pgn_game("1.3", C6, F6, "1-0")
    + pgn_game("2.1", D6, B6, "0-1")
    + pgn_game("2.2", E6, C6, "1/2-1/2")
    + pgn_game("2.3", F6, A6, "0-1")
)
# Alpha ½ Bravo, Charlie 1-0 Delta, Echo the bye: Alpha 2½, Bravo 2½, Charlie 2½, Echo 1½.
SIX_ROUND_THREE = pgn_game("3.1", A6, B6, "1/2-1/2") + pgn_game("3.2", C6, D6, "1-0")
# Round 4 with one game in: Bravo 1-0 Charlie; Alpha and Echo still playing; Delta the bye.
SIX_ROUND_FOUR_ON = pgn_game("4.1", B6, C6, "1-0") + pgn_game("4.2", A6, E6, "*")
SIX_ROUND_FOUR_BYE = f'[[byes]]\nround = 4\nplayer = "{D6}"\npoints = 1\n\n'


def test_a_card_says_the_withdrawal_beside_the_points_it_explains(make_site: SiteMaker) -> None:
    """Foxtrot withdrew after round 2, seen during round 4: the card said "0 from 4 rounds",
    four rounds lost to a parent who did not know. By hand: 0 (lost to Charlie) + 0 (lost to
    Alpha) = 0 from the 2 rounds taken part in (the rounds after the withdrawal are not
    counted, as the standings' Games do not). The card now
    says "0 from 2 rounds; withdrew after round 2 (Illness)", and not again in a row of its
    own. A withdrawal announced after a round not played yet is not in the points yet: the
    row of its own still gives it."""
    games = SIX_FIRST_TWO + SIX_ROUND_THREE + SIX_ROUND_FOUR_ON
    toml, files = _six_player_swiss(games, SIX_ROUND_FOUR_BYE)
    site = make_site(toml, files)
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    card = (site / "output/ev/players/6-foxtrot-fay.html").read_text(encoding="utf-8")
    assert "<dt>Points</dt><dd>0 from 2 rounds; withdrew after round 2 (Illness)</dd>" in card
    assert "<dt>Withdrew</dt>" not in card and card.count("withdrew after round 2") == 1
    alpha = (site / "output/ev/players/1-alpha-anna.html").read_text(encoding="utf-8")
    assert "<dd>2½ from 3 rounds; round 4 not finished</dd>" in alpha  # 1 + 1 + ½
    assert "withdrew" not in alpha.lower()

    # Announced after round 5 with two rounds played: 0 + 0 = 0 from 2 rounds, nothing
    # missed for it yet, and the row of its own says it.
    ahead, files = _six_player_swiss(SIX_FIRST_TWO)
    site = make_site(ahead.replace("after_round = 2", "after_round = 5"), files, slug="ahead")
    assert build_site(site).written
    card = (site / "output/ahead/players/6-foxtrot-fay.html").read_text(encoding="utf-8")
    assert "<dt>Points</dt><dd>0 from 2 rounds</dd>" in card
    assert "<dt>Withdrew</dt><dd>after round 5 (Illness)</dd>" in card
    # The cards written in Python say the same, both ways.
    for path, written, rendered in _game_pages_both_ways(site):
        assert written == rendered, path


def test_a_withdrawal_before_round_1_is_not_after_round_0(make_site: SiteMaker) -> None:
    """event.toml takes ``after_round = 0`` for a player who withdrew before playing (and a
    TRF line without a round reads so), and every page said "withdrew after round 0", a round
    no event has: the standings, the card, the round pages. They now say "before round 1".
    Echo, withdrawn so, two rounds played: 0 points, no round taken part in. The card's points
    read "0 from 0 rounds; withdrew before round 1", counting rounds she was never in; they
    read "0; withdrew before round 1" now."""
    names = ("Alpha, Ann", "Bravo, Bo", "Charlie, Cy", "Delta, Di", "Echo, Eve")
    players = "".join(f'[[players]]\nname = "{name}"\n\n' for name in names)
    toml = (
        f'name = "Five"\nformat = "swiss"\nrounds = 3\n\n{players}'
        f'[[withdrawals]]\nplayer = "Echo, Eve"\nafter_round = 0\nreason = "Visa"\n'
    )
    games = (
        pgn_game("1.1", "Alpha, Ann", "Bravo, Bo", "1-0")
        + pgn_game("1.2", "Charlie, Cy", "Delta, Di", "1/2-1/2")
        + pgn_game("2.1", "Charlie, Cy", "Alpha, Ann", "0-1")
        + pgn_game("2.2", "Bravo, Bo", "Delta, Di", "1-0")
    )
    site = make_site(toml, {"g.pgn": games})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    out = site / "output/ev"
    card = (out / "players/5-echo-eve.html").read_text(encoding="utf-8")
    assert "<dt>Points</dt><dd>0; withdrew before round 1 (Visa)</dd>" in card
    assert "from 0 rounds" not in card
    standings = (out / "standings.html").read_text(encoding="utf-8")
    assert '<span class="note">withdrew before round 1</span>' in standings
    for number in (1, 2):
        round_page = (out / f"rounds/round-{number}.html").read_text(encoding="utf-8")
        assert "(withdrew before round 1)" in round_page
    pages = [path for path in out.rglob("*.html")]
    assert not [path for path in pages if "round 0" in path.read_text(encoding="utf-8")]
    for path, written, rendered in _game_pages_both_ways(site):
        assert written == rendered, path


def test_the_standings_during_a_round_are_headed_as_the_status_reads(
    make_site: SiteMaker,
) -> None:
    """Round 4 of 7 with one game in and one on: the page's status says "after round 3 of 7,
    round 4 in progress" (round 3 the last with every result), and the standings, which do
    count the game in (Bravo 1 + 1 + ½ + 1 = 3½), were headed "Standings after round 4", as
    if round 4 were over. They are now "Standings during round 4", as is the round's link to
    them; the standings after round 3 and, once round 4 is in, after round 4, as before."""
    games = SIX_FIRST_TWO + SIX_ROUND_THREE + SIX_ROUND_FOUR_ON
    site = make_site(*_six_player_swiss(games, SIX_ROUND_FOUR_BYE))
    assert build_site(site).written
    out = site / "output/ev"
    standings = (out / "standings.html").read_text(encoding="utf-8")
    assert "Six · 2026-05-02 · after round 3 of 7, round 4 in progress</p>" in standings
    assert "<h1>Standings during round 4</h1>" in standings
    assert "Standings during round 4: place, points" in standings  # the table's caption
    assert (
        '<p class="provisional">Provisional: round 4 in progress, 3 rounds still to play.</p>'
        in standings
    )
    assert "after round 4" not in standings
    bravo = next(r for r in standings.split("<tr") if f"<bdi>{B6}</bdi>" in r)
    assert '<td class="pts">3½</td>' in bravo
    earlier = (out / "standings/after-round-3.html").read_text(encoding="utf-8")
    assert "<h1>Standings after round 3</h1>" in earlier

    def standings_link(number: int) -> str:
        page = (out / f"rounds/round-{number}.html").read_text(encoding="utf-8")
        (link,) = re.findall(r'<a href="[^"]*standings[^"]*">(Standings [^<]*)</a>', page)
        return str(link)

    assert standings_link(4) == "Standings during round 4"
    assert standings_link(3) == "Standings after round 3"

    # Alpha and Echo draw: round 4 is over, and the standings are after it.
    done = games.replace('[Result "*"]', '[Result "1/2-1/2"]').replace(" *\n", " 1/2-1/2\n")
    (site / "content/ev/g.pgn").write_text(done, encoding="utf-8")
    assert build_site(site).written
    standings = (out / "standings.html").read_text(encoding="utf-8")
    assert "Six · 2026-05-02 · after round 4 of 7</p>" in standings
    assert "<h1>Standings after round 4</h1>" in standings and "during" not in standings
    assert standings_link(4) == "Standings after round 4"


def test_the_tiebreak_page_caps_the_dummy_by_the_rounds_played(make_site: SiteMaker) -> None:
    """C.07 (2026) 16.4.2 caps a bye's dummy opponent at a draw in every round played. After
    round 3 of 7 the page said "(3½ points after all 7 rounds)", a cap the standings do not
    use until round 7: by hand ½ × 3 = 1½ points after round 3; during round 4 the current
    standings count four rounds, ½ × 4 = 2 points, "during round 4" as they are headed."""
    site = make_site(*_six_player_swiss(SIX_FIRST_TWO + SIX_ROUND_THREE))
    assert build_site(site).written
    page = (site / "output/ev/tiebreaks.html").read_text(encoding="utf-8")
    assert "at most a draw in every round played (1½ points after round 3) for any" in page
    assert "all 7 rounds" not in page

    games = SIX_FIRST_TWO + SIX_ROUND_THREE + SIX_ROUND_FOUR_ON
    site = make_site(*_six_player_swiss(games, SIX_ROUND_FOUR_BYE), slug="on")
    assert build_site(site).written
    page = (site / "output/on/tiebreaks.html").read_text(encoding="utf-8")
    assert "at most a draw in every round played (2 points during round 4) for any" in page


def test_the_tables_during_a_round_are_headed_and_explained_as_the_status_reads(
    make_site: SiteMaker,
) -> None:
    """Four players, a round robin of 3 rounds: round 1 in (Alpha 1-0 Delta, Bravo ½ Charlie),
    round 2 with Alpha 1-0 Charlie in and Delta v Bravo still on. The status says "after
    round 1 of 3, round 2 in progress" and the standings "during round 2", but the crosstable
    was headed "Crosstable after round 2", as if round 2 were over; its legend and the round
    page named every result but the game still on ("*" in the table, "…" on the round page),
    which a parent could not read. Now: "Crosstable during round 2", "* not finished" in its
    legend and "…: game still being played." on round 2's page, not on round 1's. Once the
    game is in (a draw), "Crosstable after round 2" and no word of a game still on."""
    a, b, c, d = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora"
    games = (
        pgn_game("1.1", a, d, "1-0")
        + pgn_game("1.2", b, c, "1/2-1/2")
        + pgn_game("2.1", a, c, "1-0")
        + pgn_game("2.2", d, b, "*", "1. e4 e5")
    )
    site = make_site(event_toml(), {"g.pgn": games})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    out = site / "output/ev"
    crosstable = (out / "crosstable.html").read_text(encoding="utf-8")
    assert "after round 1 of 3, round 2 in progress" in crosstable
    assert "<h1>Crosstable during round 2</h1>" in crosstable
    assert "after round 2" not in crosstable
    assert "1 win, ½ draw, 0 loss, + and − forfeits, * not finished; the circle" in crosstable
    on = (out / "rounds/round-2.html").read_text(encoding="utf-8")
    assert "Pts: the player's score before this round. …: game still being played.</p>" in on
    done = (out / "rounds/round-1.html").read_text(encoding="utf-8")
    assert "being played" not in done

    (site / "content/ev/g.pgn").write_text(
        games.replace('"*"', '"1/2-1/2"').replace("e5 *", "e5 1/2-1/2"), encoding="utf-8"
    )
    assert build_site(site).written
    crosstable = (out / "crosstable.html").read_text(encoding="utf-8")
    assert "<h1>Crosstable after round 2</h1>" in crosstable
    assert "not finished" not in crosstable and "during" not in crosstable
    assert "being played" not in (out / "rounds/round-2.html").read_text(encoding="utf-8")


def test_the_rank_table_during_a_round_is_headed_as_the_status_reads(
    make_site: SiteMaker,
) -> None:
    """The Swiss of six during round 4 (Bravo 1-0 Charlie in, Alpha v Echo on): the rank table
    was headed "Rank table after round 4" and gave each opponent's "rank after round 4",
    round 4 being in progress; the "*" of the game still on was in no legend. Now "Rank table
    during round 4", "rank during round 4" and "* not finished"."""
    games = SIX_FIRST_TWO + SIX_ROUND_THREE + SIX_ROUND_FOUR_ON
    site = make_site(*_six_player_swiss(games, SIX_ROUND_FOUR_BYE))
    assert build_site(site).written
    page = (site / "output/ev/crosstable.html").read_text(encoding="utf-8")  # a Swiss's rank table
    assert "<h1>Rank table during round 4</h1>" in page
    assert "Each round shows the opponent's rank during round 4, the colour" in page
    assert "1 win, ½ draw, 0 loss, + and − forfeits, * not finished; " in page
    assert "after round 4" not in page


def test_a_play_off_under_way_is_not_said_to_be_still_to_play(make_site: SiteMaker) -> None:
    """A Swiss of four under the ACF rules: A and B 2 points each (A lost to B, beat C and
    D; B drew with C and D), a play-off of two G15 games for 1st place. Game 1 drawn, game 2
    (B White) on the board: the pages said "Still to play. Next: ..., game 2: B (White) v A
    (Black), being played" and the standings "a play-off still to be played", though it was
    being played. Now "Being played. Now: ..." and "a play-off being played". Before its
    first game it is "Still to play. Next: ..." as before."""
    names = ("A", "B", "C", "D")
    players = "".join(f'[[players]]\nname = "{name}"\n\n' for name in names)
    toml = f'name = "P"\nformat = "swiss"\nrounds = 3\nrules = "acf-junior"\n\n{players}'
    games = (
        pgn_game("1", "A", "B", "0-1")
        + pgn_game("1", "C", "D", "1/2-1/2")
        + pgn_game("2", "A", "C", "1-0")
        + pgn_game("2", "B", "D", "1/2-1/2")
        + pgn_game("3", "A", "D", "1-0")
        + pgn_game("3", "B", "C", "1/2-1/2")
    )
    playoff = pgn_game("1", "A", "B", "1/2-1/2") + pgn_game("2", "B", "A", "*", "1. d4 d5")
    site = make_site(toml, {"g.pgn": games, "playoff/p.pgn": playoff})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    out = site / "output/ev"
    words = "Two games at G15 (15 minutes each for the whole game), game 2: "
    words += "<bdi>B</bdi> (White) v <bdi>A</bdi> (Black), being played."
    page = (out / "playoff.html").read_text(encoding="utf-8")
    assert f"<strong>Being played.</strong> Now: {words}</p>" in page
    assert "Still to play" not in page and "Next:" not in page
    event = (out / "index.html").read_text(encoding="utf-8")
    assert f"1st place</a>: being played. Now: {words}</p>" in event
    standings = (out / "standings.html").read_text(encoding="utf-8")
    assert "goes to a <a href" in standings and "play-off</a> being played: " in standings
    assert "still to be played" not in standings

    (site / "content/ev/playoff/p.pgn").unlink()
    assert build_site(site).written
    page = (out / "playoff.html").read_text(encoding="utf-8")
    assert "<strong>Still to play.</strong> Next: Two games at G15" in page
    event = (out / "index.html").read_text(encoding="utf-8")
    assert "1st place</a>: still to play. Next: Two games at G15" in event
    assert "play-off</a> still to be played: " in (out / "standings.html").read_text("utf-8")


def test_a_games_comments_are_escaped_on_its_page_and_kept_in_games_pgn(
    make_site: SiteMaker,
) -> None:
    """A comment is the organiser's text, written into the page's PGN: escaped there, and
    kept as written in games.pgn, which is no HTML."""
    A, B = "Alpha, Anna", "Bravo, Bob"
    moves = '1. e4 { <script>alert("x")</script> & [%clk 0:10:00] } e5'
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0", moves)})
    assert build_site(site).written
    page = (site / "output/ev/games/r1-b1.html").read_text(encoding="utf-8")
    assert "<script>alert" not in page
    assert "{ &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; [%clk 0:10:00] }" in page
    assert "0:10:00</span>" in page  # the clock beside 1. e4
    games = (site / "output/ev/games.pgn").read_text(encoding="utf-8")
    assert '{ <script>alert("x")</script> & [%clk 0:10:00] }' in games


def test_the_card_and_results_json_print_the_rating_change_the_rule_stage_gave(
    make_site: SiteMaker,
) -> None:
    """The rating change is worked out once, in the rule stage (``EventOutcome``), and both
    the card and results.json print that one. K 20: Alpha 2300 beats Bravo 2250, D = +50,
    PD 0.57 (table 8.1.2, D 47-53): Alpha +0.43, Bravo -0.43 (hundredths 43 and -43);
    Charlie and Delta have no game. Handed a change of +0.64 for Alpha instead (x 20 =
    +12.8) and none for Bravo, the card and results.json say +12.8 and nothing."""
    from dataclasses import replace

    from generator.build import load_site
    from generator.problems import Problems
    from generator.render.site import render_site
    from generator.rules.ratings import RatingChange

    site = make_site(event_toml("k_factor = 20\n"), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    loaded, outcomes = load_site(site, Problems())
    assert dict(outcomes[0].rating_changes) == {
        1: RatingChange(20, 20, ((1, 43),)),
        2: RatingChange(20, 20, ((1, -43),)),
    }
    other = replace(outcomes[0], rating_changes={1: RatingChange(20, 20, ((1, 64),))})
    files = render_site(loaded, [other])
    card = files["ev/players/1-alpha-anna.html"].decode("utf-8")
    assert "<dt>Rating change</dt><dd>+12.8 (K 20) " in card
    assert "Rating change" not in files["ev/players/2-bravo-bob.html"].decode("utf-8")
    data = json.loads(files["ev/results.json"])
    changes = {entry["name"]: entry["rating_change"] for entry in data["standings"]}
    assert changes == {A: 12.8, B: None, C: None, D: None}


class _ThreeTexts:
    """A fragment's text three ways: as copied (every text), as seen (without what is
    visually hidden) and as heard (without what is ``aria-hidden``)."""

    def __init__(self, markup: str) -> None:
        from html.parser import HTMLParser

        self.copied: list[str] = []
        self.seen: list[str] = []
        self.heard: list[str] = []
        stack: list[tuple[bool, bool]] = []
        texts = self

        class Parser(HTMLParser):
            def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
                found = dict(attrs)
                hidden = "visually-hidden" in (found.get("class") or "").split()
                unheard = found.get("aria-hidden") == "true"
                above = stack[-1] if stack else (False, False)
                stack.append((above[0] or hidden, above[1] or unheard))

            def handle_endtag(self, tag: str) -> None:
                stack.pop()

            def handle_data(self, data: str) -> None:
                hidden, unheard = stack[-1] if stack else (False, False)
                texts.copied.append(data)
                texts.seen.append("" if hidden else data)
                texts.heard.append("" if unheard else data)

        Parser().feed(markup)

    def text(self, parts: list[str]) -> str:
        return " ".join("".join(parts).split())


def test_the_tie_break_line_copies_as_code_and_name_in_brackets_in_both_renderers() -> None:
    """On a phone a standings row shows "PS 25.5" under the name; a screen reader hears
    "Progressive Score 25.5" (the code is hidden from it); copied, the line was
    "PSProgressive Score 25.5" and is now "PS (Progressive Score) 25.5": the macro and
    ``fragments.standings_row`` alike, two tie-breaks in a row (PS 25.5 then BH 12)."""
    from generator.model import Player
    from generator.render.environment import make_environment, url_for

    columns = [
        SimpleNamespace(code=c, key=c, name=n)
        for c, n in (("PS", "Progressive Score"), ("BH", "Buchholz"))
    ]
    row = SimpleNamespace(
        player=Player(number=7, name="Plain", slug="x"),
        place="3",
        points=2.5,
        record=SimpleNamespace(games=3),
        decided_by="points",
        reason="",
        tiebreaks={"PS": 25.5, "BH": 12.0},
        unreached=(),
    )
    url = url_for("ev/standings.html")
    template = make_environment(None).from_string(
        '{% from "_macros.html" import standings_row %}'
        "{{ standings_row(row, 3, false, {}, links, url, columns) }}"
    )
    written = {
        "macro": template.render(row=row, links=LINKS, url=url, columns=columns),
        "fragment": str(fragments.standings_row(row, 3, False, {}, LINKS, url, columns)),
    }
    for how, markup in written.items():
        assert markup.count('<span class="tb-line">') == 1, how
        line = markup.split('<span class="tb-line">')[1].split("</th>")[0]  # to the name's end
        texts = _ThreeTexts('<span class="tb-line">' + line)
        assert texts.text(texts.copied) == "PS (Progressive Score) 25.5 BH (Buchholz) 12", how
        assert texts.text(texts.seen) == "PS 25.5 BH 12", how
        assert texts.text(texts.heard) == "Progressive Score 25.5 Buchholz 12", how


def test_the_games_heading_fragment_equals_its_macro() -> None:
    """``fragments.player_games_head`` gives what the macro gives, with the "Rtg+/-"
    column and without it, with the "Bd." column right after "Rd." and without it (as an
    older ``player.html`` calls it, ``rated`` alone)."""
    from generator.render.environment import make_environment

    template = make_environment(None).from_string(
        '{% from "_macros.html" import player_games_head %}'
        "{{ player_games_head(rated) }}|{{ player_games_head(rated, board) }}"
    )
    for rated in (True, False):
        for board in (True, False):
            alone, both = template.render(rated=rated, board=board).split("|")
            assert alone == fragments.player_games_head(rated)
            assert both == fragments.player_games_head(rated, board)
    assert "Rtg+/-" in fragments.player_games_head(True)
    assert "Rtg+/-" not in fragments.player_games_head(False)
    board = '<th scope="col" class="board"><abbr title="Board">Bd.</abbr></th>'
    assert f'Rd.</th>{board}<th scope="col">Colour' in fragments.player_games_head(False, True)
    assert "Bd." not in fragments.player_games_head(True)


def _card_table(card: str) -> tuple[list[str], list[list[str]]]:
    """The card's games table: its heading's columns and each row's cells."""
    table = card.split('<table class="player-games">', 1)[1].split("</table>", 1)[0]
    head, body = table.split("</thead>", 1)
    columns = [re.sub(r"<[^>]+>", "", h) for h in re.findall(r"<th[^>]*>(.*?)</th>", head)]
    rows = re.findall(r"<tr>(.*?)</tr>", body, flags=re.S)
    cells = [re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, flags=re.S) for row in rows]
    return columns, cells


def _before_the_board(template: str) -> str:
    """The built-in ``_macros.html`` or ``player.html`` as a site copied it before the "Bd."
    column: the same file but for that column and the comments (``player.html`` byte for
    byte as it was)."""
    text = re.sub(r"\{% if board %\}.*?\{% endif %\}", "", template, flags=re.S)
    text = re.sub(
        r'\{#- The "Bd\." column.*?-#\}\n\{% set board = true %\}\n', "", text, flags=re.S
    )
    text = text.replace(", board=false)", ")").replace(", board)", ")")
    assert not re.search(r"if board|board[=)]|set board", text), "a board is left"
    return text


def test_a_sites_older_macros_file_gives_a_card_without_the_rating_column_not_a_shifted_one(
    make_site: SiteMaker,
) -> None:
    """A site's ``_macros.html`` copied before the "Rtg+/-" column (no heading macro, a row
    without the cell), with K 20: the card's table has the 8 columns Rd., Colour, Opponent,
    Rating, Pts., Result, Score, Game and each of the 3 rounds 8 cells; the card still says
    the change, Alpha 2300 beating Bravo 2250 (D = +50, PD 0.57): +0.43 x 20 = +8.6. The
    built-in file gives 10 columns, "Bd." after Rd. and "Rtg+/-" before Game, and the rows
    "+8.6", "", ""."""
    games = {"g.pgn": pgn_game("1.1", A, B, "1-0")}
    site = make_site(event_toml("k_factor = 20\n"), games)
    path = site / "output/ev/players/1-alpha-anna.html"
    columns = ["Rd.", "Colour", "Opponent", "Rating", "Pts.", "Result", "Score", "Game"]
    (site / "templates").mkdir()
    macros = (builtin_templates_dir() / "_macros.html").read_text(encoding="utf-8")
    (site / "templates" / "_macros.html").write_text(macros, encoding="utf-8")
    assert build_site(site).written
    shown, rows = _card_table(path.read_text(encoding="utf-8"))
    assert shown == ["Rd.", "Bd.", *columns[1:-1], "Rtg+/-", "Game"]
    assert [row[-2] for row in rows] == ["+8.6", "", ""]

    older = re.sub(
        r"\{#- The heading of the card's games.*?\{%- endmacro %\}\n",
        "",
        _before_the_board(macros),
        flags=re.S,
    )
    older = re.sub(r"\{% if rated %\}.*?\{% endif %\}", "", older, flags=re.S)
    older = older.replace(", rated=false) -%}", ") -%}")
    assert "player_games_head" not in older and "rating_change" not in older
    (site / "templates" / "_macros.html").write_text(older, encoding="utf-8")
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    card = path.read_text(encoding="utf-8")
    assert "<dt>Rating change</dt><dd>+8.6 (K 20) " in card
    shown, rows = _card_table(card)
    assert shown == columns
    assert [len(row) for row in rows] == [8, 8, 8]


_OLD_HEAD = (
    '  <thead><tr><th scope="col">Rd.</th><th scope="col">Colour</th><th scope="col">Opponent'
    '</th><th scope="col" class="optional">Rating</th><th scope="col"><abbr title="The '
    'opponent\'s points">Pts.</abbr></th><th scope="col">Result</th><th scope="col">Score'
    '</th><th scope="col">Game</th></tr></thead>\n'
)
"""The games' heading of a ``player.html`` copied before the "Rtg+/-" column."""


def test_a_sites_older_player_html_gives_rows_without_the_rating_cell_like_its_heading(
    make_site: SiteMaker,
) -> None:
    """A site's ``player.html`` copied before the "Rtg+/-" column (its own 8-column heading,
    ``player_game_row(line, links, url)``) with the built-in ``_macros.html`` and K 20: each
    of the 3 rounds has 8 cells under Rd., Colour, Opponent, Rating, Pts., Result, Score,
    Game, the last the game's link, not the rating change; the card still says it, Alpha
    2300 beating Bravo 2250 (D = +50, PD 0.57): +0.43 x 20 = +8.6. The same with the
    site's own ``_macros.html`` too, copied before ``player_games_head``."""
    games = {"g.pgn": pgn_game("1.1", A, B, "1-0")}
    site = make_site(event_toml("k_factor = 20\n"), games)
    path = site / "output/ev/players/1-alpha-anna.html"
    columns = ["Rd.", "Colour", "Opponent", "Rating", "Pts.", "Result", "Score", "Game"]
    page = _before_the_board((builtin_templates_dir() / "player.html").read_text(encoding="utf-8"))
    older = re.sub(r"\{% set rated = .*?%\}\n  <thead>.*?</thead>\n", _OLD_HEAD, page)
    older = older.replace(
        "player_game_row(line, links, url, rated)", "player_game_row(line, links, url)"
    )
    assert "Rtg+/-" not in older and "player_games_head" not in older and "rated" not in older
    (site / "templates").mkdir()
    (site / "templates" / "player.html").write_text(older, encoding="utf-8")
    macros = _before_the_board((builtin_templates_dir() / "_macros.html").read_text("utf-8"))
    # The row macro of a copy made between the two: the cell when the line has a change.
    between = re.sub(
        r"\{#- The heading of the card's games.*?\{%- endmacro %\}\n", "", macros, flags=re.S
    )
    between = re.sub(r", rated=false\) -%\}", ") -%}", between)
    between = between.replace("{% if rated %}", "{% if line.rating_change is not none %}")
    assert "player_games_head" not in between and "{% if rated %}" not in between
    for own_macros in (None, between):
        if own_macros is not None:
            (site / "templates" / "_macros.html").write_text(own_macros, encoding="utf-8")
        report = build_site(site)
        assert report.written, [p.format() for p in report.problems.items]
        card = path.read_text(encoding="utf-8")
        assert "<dt>Rating change</dt><dd>+8.6 (K 20) " in card
        shown, rows = _card_table(card)
        assert shown == columns
        assert [len(row) for row in rows] == [8, 8, 8]
        assert "moves" in rows[0][-1]


def test_a_sites_macros_file_of_today_still_gives_the_rating_column_to_the_built_in_card(
    make_site: SiteMaker,
) -> None:
    """The built-in ``_macros.html`` copied into the site, with the built-in ``player.html``:
    with K 20, 10 columns, "Bd." after Rd., "Rtg+/-" before Game, the rows "+8.6", "", ""
    (Alpha 2300 beats Bravo 2250: +0.43 x 20); without a k_factor 9 columns and 9 cells a
    row."""
    games = {"g.pgn": pgn_game("1.1", A, B, "1-0")}
    make_site(event_toml("k_factor = 20\n"), games, "rated")
    site = make_site(event_toml(), games, "unrated")
    (site / "templates").mkdir()
    shutil.copy(builtin_templates_dir() / "_macros.html", site / "templates")
    assert build_site(site).written
    columns = ["Rd.", "Bd.", "Colour", "Opponent", "Rating", "Pts.", "Result", "Score", "Game"]
    card = site / "output/{}/players/1-alpha-anna.html"
    shown, rows = _card_table(Path(str(card).format("rated")).read_text(encoding="utf-8"))
    assert shown == [*columns[:-1], "Rtg+/-", "Game"]
    assert [row[-2] for row in rows] == ["+8.6", "", ""]
    shown, rows = _card_table(Path(str(card).format("unrated")).read_text(encoding="utf-8"))
    assert shown == columns and [len(row) for row in rows] == [9, 9, 9]


_BOARD_GAMES = (
    pgn_game("1.2", B, A, "0-1")
    + pgn_game("1.1", C, D, "1-0")
    + pgn_game("2.1", C, B, "1/2-1/2")
    + pgn_game("3.1", B, D, "*")
    + pgn_game("3.2", A, C, "*")
)
"""A Swiss of 4 rounds: Anna wins on board 2 in round 1, has a half-point bye in round 2, is
paired on board 2 in round 3 (no result yet) and round 4 is to come."""
_BOARD_BYE = '[[byes]]\nround = 2\nplayer = "Alpha, Anna"\npoints = 0.5\n\n'


def _board_cells(card: str) -> list[tuple[str, str]]:
    """Each row of the card's games table: its round and the board under "Bd.", the
    heading's second column."""
    columns, rows = _card_table(card)
    assert columns[:3] == ["Rd.", "Bd.", "Colour"], columns
    assert [len(row) for row in rows] == [len(columns)] * len(rows)
    return [(re.sub(r"<[^>]+>", "", row[0]), row[1]) for row in rows]


def test_a_players_card_gives_the_board_of_each_game_after_the_round(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """chess-results' "Bo.": the card's games table has "Bd." (abbr "Board") after "Rd.",
    each row as many cells as the heading. Swiss (``_BOARD_GAMES``): Anna's rounds 1-4 on
    boards 2, none (her bye), 2 (paired, as "Next game" says) and none (round to come).
    Round robin of 4 by the Berger table (1-4, 2-3; 4-3, 1-2; 2-4, 3-1): round 1 entered
    (Anna-Dora board 1, Bob-Carl board 2), round 2 paired without results (Dora-Carl
    board 1, Anna-Bob board 2), round 3 only the table's Carl-Anna, whose board the model
    does not know: Anna 1, 2 and none; Carl 2, 1 and none. The pages written in Python
    and by the templates agree."""
    site = make_site(
        event_toml(_BOARD_BYE, format="swiss", rounds=4), {"g.pgn": _BOARD_GAMES}, "swiss"
    )
    rr_games = (
        pgn_game("1.1", A, D, "1-0")
        + pgn_game("1.2", B, C, "1/2-1/2")
        + pgn_game("2.1", D, C, "*")
        + pgn_game("2.2", A, B, "*")
    )
    make_site(event_toml(rounds=3), {"g.pgn": rr_games}, "rr")
    for path, written, rendered in _game_pages_both_ways(site):
        assert written == rendered, path
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    card = (site / "output/swiss/players/1-alpha-anna.html").read_text(encoding="utf-8")
    assert '<th scope="col" class="board"><abbr title="Board">Bd.</abbr></th>' in card
    assert _board_cells(card) == [("1", "2"), ("2", ""), ("3", "2"), ("4", "")]
    assert "Round 3</a>, board 2: White against" in card
    rr = site / "output/rr/players"
    assert _board_cells((rr / "1-alpha-anna.html").read_text(encoding="utf-8")) == [
        ("1", "1"),
        ("2", "2"),
        ("3", ""),
    ]
    carl = (rr / "3-charlie-carl.html").read_text(encoding="utf-8")
    assert _board_cells(carl) == [("1", "2"), ("2", "1"), ("3", "")]
    assert ">Alpha, Anna</bdi></a></td>" in carl.split("round-3.html")[-1]  # the table's


def test_a_sites_older_player_html_gives_a_card_without_the_board_column_not_a_shifted_one(
    make_site: SiteMaker,
) -> None:
    """A site's ``player.html`` copied before the "Bd." column (``_before_the_board``: its
    heading ``player_games_head(rated)``, its rows ``player_game_row(line, links, url,
    rated)``), with the built-in ``_macros.html`` and with a copy of it in the site: Anna's
    card (K 20) has the 9 columns Rd., Colour, Opponent, Rating, Pts., Result, Score,
    Rtg+/-, Game and each of her 4 rounds 9 cells, the colour second (Black in round 1,
    none for the bye, White in round 3, none for round 4), the game's link last."""
    site = make_site(
        event_toml("k_factor = 20\n" + _BOARD_BYE, format="swiss", rounds=4),
        {"g.pgn": _BOARD_GAMES},
    )
    page = (builtin_templates_dir() / "player.html").read_text(encoding="utf-8")
    older = _before_the_board(page)
    assert "Bd." not in older and "player_games_head(rated)" in older
    (site / "templates").mkdir()
    (site / "templates" / "player.html").write_text(older, encoding="utf-8")
    macros = (builtin_templates_dir() / "_macros.html").read_text(encoding="utf-8")
    columns = ["Rd.", "Colour", "Opponent", "Rating", "Pts.", "Result", "Score", "Rtg+/-", "Game"]
    for own_macros in (None, macros):
        if own_macros is not None:
            (site / "templates" / "_macros.html").write_text(own_macros, encoding="utf-8")
        report = build_site(site)
        assert report.written, [p.format() for p in report.problems.items]
        card = (site / "output/ev/players/1-alpha-anna.html").read_text(encoding="utf-8")
        shown, rows = _card_table(card)
        assert shown == columns
        assert [len(row) for row in rows] == [9, 9, 9, 9]
        assert [row[1] for row in rows] == ["Black", "", "White", ""]
        assert "moves" in rows[0][-1]


def test_a_sites_older_macros_file_gives_a_card_without_the_board_column_not_a_shifted_one(
    make_site: SiteMaker,
) -> None:
    """A site's ``_macros.html`` copied before the "Bd." column (``_before_the_board``: its
    macros take no ``board``) with the built-in ``player.html``, which gives them one more
    value: Anna's card (no K) has the 8 columns Rd., Colour, Opponent, Rating, Pts., Result,
    Score, Game and each of her 4 rounds 8 cells, the colour second (Black, none, White,
    none), the game's link last."""
    site = make_site(event_toml(_BOARD_BYE, format="swiss", rounds=4), {"g.pgn": _BOARD_GAMES})
    macros = (builtin_templates_dir() / "_macros.html").read_text(encoding="utf-8")
    older = _before_the_board(macros)
    assert '"Board">Bd.' not in older and "player_games_head(rated)" in older
    (site / "templates").mkdir()
    (site / "templates" / "_macros.html").write_text(older, encoding="utf-8")
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    shown, rows = _card_table(
        (site / "output/ev/players/1-alpha-anna.html").read_text(encoding="utf-8")
    )
    assert shown == ["Rd.", "Colour", "Opponent", "Rating", "Pts.", "Result", "Score", "Game"]
    assert [len(row) for row in rows] == [8, 8, 8, 8]
    assert [row[1] for row in rows] == ["Black", "", "White", ""]
    assert "moves" in rows[0][-1]


def test_a_big_open_s_place_chart_labels_its_axis_without_printing_labels_over_each_other() -> None:
    """The leaders' chart of places has a 160 px plot (200 high, 12 above and 28 below) and
    13 px labels. 300 places: 12 steps at most, so every 50th (every 20th would be 15 steps):
    1, 50 ... 300 (the 60 labels every 5th place overlapped). 61 places: every 10th, but 60
    is 1 place, 2.7 px, from 61 (a label is 13 x 60 / 160 = 4.9 places): left out. 10
    places: 1, 5, 10 as before."""
    from generator.render.charts import rank_by_round

    def labels(players: int) -> list[str]:
        svg = str(rank_by_round([("A", [1, players]), ("B", [players, 1])], players))
        return re.findall(r'text-anchor="end">(\d+)</text>', svg)

    assert labels(300) == ["1", "50", "100", "150", "200", "250", "300"]
    assert labels(61) == ["1", "10", "20", "30", "40", "50", "61"]
    assert labels(10) == ["1", "5", "10"]


def test_a_card_says_the_next_game_with_round_board_and_colour(make_site: SiteMaker) -> None:
    """A Swiss after round 1 (Alpha beat Bravo, Charlie drew Delta) with round 2 paired,
    no results yet: board 1 Delta-Alpha, board 2 Bravo-Charlie. Alpha's card says "Round 2,
    board 1: Black against Delta, Dora", Charlie's "Round 2, board 2: Black against Bravo,
    Bob", the round linked to its page. A round robin with round 1 played (1-4, 2-3) has
    round 2 by the Berger table for 4 (4-3, 1-2): Alpha has White against Bravo, on no
    board the games give. Once round 2 has its results, the Swiss's round 3 is not paired:
    no next game. The pages written in Python say the same as the templates."""
    round_1 = pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", C, D, "1/2-1/2")
    paired = pgn_game("2.1", D, A, "*") + pgn_game("2.2", B, C, "*")
    swiss = event_toml(format="swiss", rounds=3)
    make_site(swiss, {"g.pgn": round_1 + paired}, "swiss")
    table = pgn_game("1.1", A, D, "1-0") + pgn_game("1.2", B, C, "0-1")
    site = make_site(event_toml(), {"g.pgn": table}, "rr")
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]

    def next_game(path: str) -> str:
        card = (site / "output" / path).read_text(encoding="utf-8")
        found = re.search(r"<dt>Next game</dt><dd>(.*?)</dd>\n", card)
        return re.sub(r"<[^>]+>", "", found.group(1)) if found else ""

    alpha = next_game("swiss/players/1-alpha-anna.html")
    assert alpha == "Round 2, board 1: Black against Delta, Dora"
    charlie = next_game("swiss/players/3-charlie-carl.html")
    assert charlie == "Round 2, board 2: Black against Bravo, Bob"
    card = (site / "output/swiss/players/1-alpha-anna.html").read_text(encoding="utf-8")
    assert '<dd><a href="../rounds/round-2.html">Round 2</a>, board 1: ' in card
    assert next_game("rr/players/1-alpha-anna.html") == "Round 2: White against Bravo, Bob"
    for path, python, templates in _game_pages_both_ways(site):
        assert python == templates, path

    played = pgn_game("2.1", D, A, "0-1") + pgn_game("2.2", B, C, "1-0")
    (site / "content/swiss/g.pgn").write_text(round_1 + played, encoding="utf-8")
    assert build_site(site).written
    assert next_game("swiss/players/1-alpha-anna.html") == ""


def test_the_event_page_links_the_next_round_s_pairings_once_they_are_out(
    make_site: SiteMaker,
) -> None:
    """After round 1 of a 3-round Swiss, the event page's Progress links round 2 when its
    games are entered without results ("Round 2 pairings"), not before, and not once round 2
    has its results and round 3 is not paired yet. A round robin after round 1 links round 2,
    whose games the Berger table gives (its page lists them)."""
    round_1 = pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", C, D, "1/2-1/2")
    paired = pgn_game("2.1", D, A, "*") + pgn_game("2.2", B, C, "*")
    played = pgn_game("2.1", D, A, "0-1") + pgn_game("2.2", B, C, "1-0")
    swiss = event_toml(format="swiss", rounds=3)
    for slug, games in (("before", round_1), ("paired", round_1 + paired)):
        make_site(swiss, {"g.pgn": games}, slug)
    make_site(swiss, {"g.pgn": round_1 + played}, "played")
    table = pgn_game("1.1", A, D, "1-0") + pgn_game("1.2", B, C, "0-1")
    site = make_site(event_toml(), {"g.pgn": table}, "rr")
    assert build_site(site).written
    link = '<a href="rounds/round-{}.html">Round {} pairings</a>'
    pages = {
        slug: (site / "output" / slug / "index.html").read_text(encoding="utf-8")
        for slug in ("before", "paired", "played", "rr")
    }
    assert f"After round 1 of 3 · {link.format(2, 2)}</dd>" in pages["paired"]
    assert "pairings</a>" not in pages["before"]
    assert "pairings</a>" not in pages["played"]
    assert link.format(2, 2) in pages["rr"]


def test_the_rank_table_s_federation_fragments_equal_their_macros() -> None:
    """``fragments.rank_federation_head`` and ``fragments.rank_row`` with and without the FED
    column give what the macros give: the cell after the rating, "IRL", empty for a player
    without one, escaped; neither heading nor cell when not told (the default)."""
    from generator.model import Player
    from generator.render.environment import make_environment, url_for
    from generator.render.views import Cell

    template = make_environment(None).from_string(
        '{% from "_macros.html" import rank_federation_head, rank_row %}'
        "{{ rank_federation_head(feds) }}|{{ rank_row(r, links, url, columns, feds) }}|"
        "{{ rank_row(r, links, url, columns) }}"
    )
    url = url_for("ev/crosstable.html")
    columns = [SimpleNamespace(code="SB", key="SB", name="Sonneborn-Berger")]
    cells = ((Cell("1", "w", None, "2", "", "game"),),)
    cell = '      <td class="optional">{}</td>\n'
    for federation, shown in (("IRL", "IRL"), (None, ""), ("<A&B>", "&lt;A&amp;B&gt;")):
        player = Player(
            number=7, name="O'Brien <Bob>", slug="x", rating=2311, federation=federation
        )
        row = SimpleNamespace(player=player, points=1.0, decided_by="SB", tiebreaks={"SB": 2.5})
        r = SimpleNamespace(position=1, row=row, cells=cells)
        plain = fragments.rank_row(r, LINKS, url, columns)
        for feds in (True, False):
            head, with_feds, without = template.render(
                feds=feds, r=r, links=LINKS, url=url, columns=columns
            ).split("|")
            assert head == fragments.rank_federation_head(feds)
            assert with_feds == fragments.rank_row(r, LINKS, url, columns, feds)
            assert without == plain
            assert (cell.format(shown) in with_feds) is feds
        assert fragments.rank_row(r, LINKS, url, columns, True) == str(plain).replace(
            cell.format(2311), cell.format(2311) + cell.format(shown)
        )
    assert fragments.rank_federation_head(True) == (
        '<th scope="col" class="optional"><abbr title="Federation">FED</abbr></th>'
    )
    assert fragments.rank_federation_head(False) == ""


def _federations_event(
    federations: tuple[str | None, ...],
    body: str = "",
    format: str = "round-robin",
    rounds: int = 3,
) -> str:
    """The four test players (ratings 2300, 2250, 2200, 2150) with these federations."""
    players = ""
    for name, rating, federation in zip(
        (A, B, C, D), (2300, 2250, 2200, 2150), federations, strict=True
    ):
        fed = f'federation = "{federation}"\n' if federation else ""
        players += f'[[players]]\nname = "{name}"\nrating = {rating}\n{fed}\n'
    head = event_toml("tiebreaks = []\n" + body, format=format, rounds=rounds)
    head = head.split("[[players]]", 1)[0]
    return head + players


def _table(page: str, kind: str) -> tuple[list[str], list[list[str]]]:
    """A table's last heading row (its columns) and each body row's cells, as text."""
    table = page.split(f'<table class="{kind}">', 1)[1].split("</table>", 1)[0]
    head, body = table.split("</thead>", 1)
    last = head.rsplit("<tr>", 1)[1]
    columns = [re.sub(r"<[^>]+>", "", h) for h in re.findall(r"<th[^>]*>(.*?)</th>", last)]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body, flags=re.S)
    cells = [
        [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
        for row in rows
    ]
    return columns, cells


_SWISS_GAMES = (
    pgn_game("1.1", A, B, "1-0")
    + pgn_game("1.2", C, D, "1/2-1/2")
    + pgn_game("2.1", A, C, "1-0")
    + pgn_game("2.2", D, B, "1-0")
)
"""Two rounds of a Swiss: Alpha 2, Delta 1½, Charlie ½, Bravo 0 (no ties)."""


def test_the_rank_table_crosstable_and_category_have_a_fed_column_for_two_federations(
    make_site: SiteMaker,
) -> None:
    """Alpha and Delta IRL, Charlie NZL, Bravo none. Swiss, 2 rounds: A beat B, C drew D; A
    beat C, D beat B: A 2, D 1½, C ½, B 0, so the rank table reads Rk., Name, Rtg, FED, R1,
    R2, Pts with FED IRL, IRL, NZL, "" (7 cells a row). Round robin (Berger: 1-4, 2-3; 4-3,
    1-2): A beat D, C beat B; C drew D, A beat B: A 2, C 1½, D ½, B 0; the crosstable reads
    Place, Name, Rating, FED, 1-4, Points, FED IRL, NZL, IRL, "". Its category "Top" (2200
    or more: A, B, C) reads Place, Overall, Name, Rating, FED, Points: A 1st (1), C 2nd (2),
    B 3rd (4), FED IRL, NZL, "". The standings keep their Fed column as before."""
    feds = ("IRL", None, "NZL", "IRL")
    make_site(_federations_event(feds, format="swiss", rounds=2), {"g.pgn": _SWISS_GAMES}, "sw")
    games = (
        pgn_game("1.1", A, D, "1-0")
        + pgn_game("1.2", B, C, "0-1")
        + pgn_game("2.1", D, C, "1/2-1/2")
        + pgn_game("2.2", A, B, "1-0")
    )
    top = '[[categories]]\nid = "top"\nname = "Top"\nmin_rating = 2200\n\n'
    site = make_site(_federations_event(feds, top), {"g.pgn": games}, "rr")
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    output = site / "output"
    page = (output / "sw/crosstable.html").read_text(encoding="utf-8")
    columns, rows = _table(page, "ranktable")
    assert columns == ["Rk.", "Name", "Rtg", "FED", "R1", "R2", "Pts"]
    assert [row[:4] for row in rows] == [
        ["1", "Alpha, Anna", "2300", "IRL"],
        ["2", "Delta, Dora", "2150", "IRL"],
        ["3", "Charlie, Carl", "2200", "NZL"],
        ["4", "Bravo, Bob", "2250", ""],
    ]
    assert [len(row) for row in rows] == [7, 7, 7, 7]
    assert '<th scope="col" class="optional"><abbr title="Federation">FED</abbr></th>' in page
    assert '<td class="optional">NZL</td>' in page  # hidden on a phone, as the rating
    page = (output / "rr/crosstable.html").read_text(encoding="utf-8")
    columns, rows = _table(page, "crosstable")
    assert columns == ["Place", "Name", "Rating", "FED", "1", "2", "3", "4", "Points"]
    assert [(row[1][2:], row[3], row[-1]) for row in rows] == [
        ("Alpha, Anna", "IRL", "2"),
        ("Charlie, Carl", "NZL", "1½"),
        ("Delta, Dora", "IRL", "½"),
        ("Bravo, Bob", "", "0"),
    ]
    assert [len(row) for row in rows] == [9, 9, 9, 9]
    page = (output / "rr/categories/top.html").read_text(encoding="utf-8")
    columns, rows = _table(page, "standings")
    assert columns == ["Place", "Overall", "Name", "Rating", "FED", "Points"]
    assert [(row[0], row[1], row[2], row[4]) for row in rows] == [
        ("1", "1", "Alpha, Anna", "IRL"),
        ("2", "2", "Charlie, Carl", "NZL"),
        ("3", "4", "Bravo, Bob", ""),
    ]
    assert [len(row) for row in rows] == [6, 6, 6]
    columns, _ = _table((output / "rr/standings.html").read_text(encoding="utf-8"), "standings")
    assert columns[3:5] == ["Rating", "Fed"]


def test_one_federation_or_none_gives_no_fed_column(make_site: SiteMaker) -> None:
    """Everyone IRL (a national championship), or only some IRL and the rest none, or none
    at all: one federation, so the rank table reads Rk., Name, Rtg, R1, R2, Pts (6 cells a
    row) and the crosstable Place, Name, Rating, 1-4, Points (8), as before the column."""
    for slug, feds in (
        ("all", ("IRL",) * 4),
        ("some", ("IRL", None, "IRL", None)),
        ("none", (None,) * 4),
    ):
        make_site(_federations_event(feds, format="swiss", rounds=2), {"g.pgn": _SWISS_GAMES}, slug)
        site = make_site(_federations_event(feds), {}, f"rr-{slug}")
    assert build_site(site).written
    for slug in ("all", "some", "none"):
        page = (site / f"output/{slug}/crosstable.html").read_text(encoding="utf-8")
        columns, rows = _table(page, "ranktable")
        assert columns == ["Rk.", "Name", "Rtg", "R1", "R2", "Pts"], slug
        assert [len(row) for row in rows] == [6, 6, 6, 6] and "FED" not in page
        page = (site / f"output/rr-{slug}/crosstable.html").read_text(encoding="utf-8")
        columns, rows = _table(page, "crosstable")
        assert columns == ["Place", "Name", "Rating", "1", "2", "3", "4", "Points"], slug
        assert [len(row) for row in rows] == [8, 8, 8, 8] and "FED" not in page


def test_a_sites_older_macros_or_rank_table_gives_no_fed_column_not_a_shifted_one(
    make_site: SiteMaker,
) -> None:
    """The Swiss above (A, D IRL, C NZL): a site's ``_macros.html`` copied before the FED
    column (``rank_row`` without its cell, no ``rank_federation_head``) with the built-in
    rank table, and a site's ``ranktable.html`` copied before it (its own heading, the row
    called without ``federations``) with the built-in macros, both give Rk., Name, Rtg, R1,
    R2, Pts and 6 cells a row. Today's ``_macros.html`` copied into the site (the macros
    render, not ``fragments``) gives the built-in page byte for byte, FED and all."""
    feds = ("IRL", None, "NZL", "IRL")
    site = make_site(_federations_event(feds, format="swiss", rounds=2), {"g.pgn": _SWISS_GAMES})
    path = site / "output/ev/crosstable.html"
    assert build_site(site).written
    built_in = path.read_bytes()
    assert b">FED</abbr></th>" in built_in
    (site / "templates").mkdir()
    macros = (builtin_templates_dir() / "_macros.html").read_text(encoding="utf-8")
    (site / "templates/_macros.html").write_text(macros, encoding="utf-8")
    assert build_site(site).written
    assert path.read_bytes() == built_in
    older = re.sub(
        r"\{#- The rank table's FED heading.*?\{%- endmacro %\}\n", "", macros, flags=re.S
    )
    older = re.sub(r"\{#- The FED cell when told.*?-#\}\n", "", older, flags=re.S)
    older = older.replace(", tiebreaks, federations=false) -%}", ", tiebreaks) -%}")
    older = re.sub(r"\{% if federations %\}.*?\{% endif %\}\n", "", older, flags=re.S)
    assert "federations" not in older and "rank_federation_head" not in older
    (site / "templates/_macros.html").write_text(older, encoding="utf-8")
    rank_table = (builtin_templates_dir() / "ranktable.html").read_text(encoding="utf-8")
    old_table = rank_table.replace("{{ rank_federation_head(federations) }}", "")
    old_table = old_table.replace("tiebreaks, federations) }}", "tiebreaks) }}")
    old_table = re.sub(r"\{#- chess-results' FED.*?\n\{% set federations .*?\n", "", old_table)
    assert "federations" not in old_table
    for own in ("_macros.html", "ranktable.html"):
        if own == "ranktable.html":
            (site / "templates/_macros.html").unlink()
            (site / "templates/ranktable.html").write_text(old_table, encoding="utf-8")
        report = build_site(site)
        assert report.written, [p.format() for p in report.problems.items]
        columns, rows = _table(path.read_text(encoding="utf-8"), "ranktable")
        assert columns == ["Rk.", "Name", "Rtg", "R1", "R2", "Pts"], own
        assert [len(row) for row in rows] == [6, 6, 6, 6], own
        assert [row[1] for row in rows] == [A, D, C, B], own


def _by_name_rows(page: str) -> list[str]:
    """The rows of a round page's pairings by name, as text: the cells joined by " | "."""
    table = page[page.index('<table class="pairings by-name">') :]
    body = table[table.index("<tbody>") : table.index("</tbody>")]
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        rows.append(" | ".join(re.sub(r"<[^>]+>", "", cell).strip() for cell in cells))
    return rows


def test_a_rounds_pairings_by_name_list_every_player_once(make_site: SiteMaker) -> None:
    """A five-player Swiss. Round 1: Zeller-Ábel 1-0 on board 1, de Vries-Brandt lost by
    White by forfeit on board 2, Okafor the pairing's bye. De Vries withdraws after round 1.
    Round 2: Okafor-Zeller still on, Brandt-Ábel drawn. Each round's page links a page of
    its pairings by name: by the name as written, case and accents ignored, Ábel, Brandt,
    de Vries, Okafor, Zeller (a plain sort put "de Vries" after "Zeller", "Ábel" after
    both); each game twice, each player's own result."""
    names = ["Zeller, Tom", "Ábel, Ilona", "de Vries, Jan", "Brandt, Milo", "Okafor, Nia"]
    toml = 'name = "Open"\nformat = "swiss"\nrounds = 3\nstart = 2026-03-01\n'
    toml += "".join(f'[[players]]\nname = "{name}"\n\n' for name in names)
    toml += '[[results]]\nround = 1\nboard = 2\nwhite = "de Vries, Jan"\nblack = "Brandt, Milo"\n'
    toml += 'result = "-+"\n\n'
    toml += '[[byes]]\nround = 1\nplayer = "Okafor, Nia"\npoints = 1\npairing_allocated = true\n\n'
    toml += '[[withdrawals]]\nplayer = "de Vries, Jan"\nafter_round = 1\n'
    games = pgn_game("1.1", "Zeller, Tom", "Ábel, Ilona", "1-0", "1. e4 e5")
    games += pgn_game("2.1", "Okafor, Nia", "Zeller, Tom", "*")
    games += pgn_game("2.2", "Brandt, Milo", "Ábel, Ilona", "1/2-1/2", "1. d4 d5")
    site = make_site(toml, {"games.pgn": games})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    rounds = site / "output/ev/rounds"
    board_list = (rounds / "round-1.html").read_text(encoding="utf-8")
    assert '<a href="round-1-by-name.html">Pairings by name</a></p>' in board_list
    first = (rounds / "round-1-by-name.html").read_text(encoding="utf-8")
    assert "<h1>Round 1: pairings by name</h1>" in first
    assert '<a href="round-1.html">Round 1 by board</a>' in first
    assert _by_name_rows(first) == [
        "Ábel, Ilona | 1 | Black | Zeller, Tom | 0",
        "Brandt, Milo | 2 | Black | de Vries, Jan | +",
        "de Vries, Jan | 2 | White | Brandt, Milo | −",
        "Okafor, Nia |  |  | pairing-allocated bye",
        "Zeller, Tom | 1 | White | Ábel, Ilona | 1",
    ]
    second = (rounds / "round-2-by-name.html").read_text(encoding="utf-8")
    assert _by_name_rows(second) == [
        "Ábel, Ilona | 2 | Black | Brandt, Milo | ½",
        "Brandt, Milo | 2 | White | Ábel, Ilona | ½",
        "de Vries, Jan |  |  | not playing (withdrew after round 1)",
        "Okafor, Nia | 1 | White | Zeller, Tom | …",
        "Zeller, Tom | 1 | Black | Okafor, Nia | …",
    ]
    assert "…: game still being played." in second
    # Round 3, not paired yet: no list, nor a link to one.
    assert "by-name" not in (rounds / "round-3.html").read_text(encoding="utf-8")
    assert not (rounds / "round-3-by-name.html").exists()


def test_a_round_s_pairings_by_name_mark_their_round_in_the_navigation(
    make_site: SiteMaker,
) -> None:
    """The navigation's rounds mark the round a page is of: its page of boards as the page
    itself (aria-current="page"), its pairings by name as the current round (aria-current=
    "true", shown bold as well); other rounds unmarked."""
    games = pgn_game("1.1", "Alpha, Anna", "Delta, Dora", "1-0", "1. e4 e5")
    games += pgn_game("2.1", "Delta, Dora", "Charlie, Carl", "*")
    site = make_site(event_toml(), {"games.pgn": games})
    assert build_site(site).written
    rounds = site / "output/ev/rounds"
    by_name = (rounds / "round-2-by-name.html").read_text(encoding="utf-8")
    nav = by_name[
        by_name.index('<ul class="rounds"') : by_name.index(
            "</ul>", by_name.index('<ul class="rounds"')
        )
    ]
    assert '<li><a href="round-1.html">1</a></li>' in nav
    assert '<li><a href="round-2.html" aria-current="true">2</a></li>' in nav
    assert '<li><a href="round-3.html">3</a></li>' in nav
    assert 'aria-current="page"' not in by_name
    board_list = (rounds / "round-2.html").read_text(encoding="utf-8")
    assert '<li><a href="round-2.html" aria-current="page">2</a></li>' in board_list
    assert 'aria-current="true"' not in board_list


def test_the_event_page_links_no_pairings_the_withdrawals_cancelled(
    make_site: SiteMaker,
) -> None:
    """Four players, three rounds. Round 1 (Berger table 1-4, 2-3) played; Bravo (2) and
    Charlie (3) withdraw after it. Round 2's table games, 4-3 and 1-2, each have a player
    who withdrew: none will be played, and the round's page says "No pairings published for
    this round yet". The event page said "Round 2 pairings" and linked it; it now says only
    "After round 1 of 3"."""
    games = pgn_game("1.1", A, D, "1-0", "1. e4 e5") + pgn_game("1.2", B, C, "1-0", "1. d4 d5")
    gone = "".join(f'\n[[withdrawals]]\nplayer = "{name}"\nafter_round = 1\n' for name in (B, C))
    site = make_site(event_toml() + gone, {"g.pgn": games})
    assert build_site(site).written
    home = (site / "output/ev/index.html").read_text(encoding="utf-8")
    assert "<dt>Progress</dt><dd>After round 1 of 3</dd>" in home
    round_2 = (site / "output/ev/rounds/round-2.html").read_text(encoding="utf-8")
    assert "<p>No pairings published for this round yet.</p>" in round_2


def _players_list(site: Path) -> tuple[list[str], list[list[str]]]:
    """The players page's column headings and, per row, its cells' text (tags dropped)."""
    assert build_site(site).written
    page = (site / "output/ev/players/index.html").read_text(encoding="utf-8")
    head = re.search(r"<thead>(.*?)</thead>", page, re.S)
    assert head is not None
    headings = re.findall(r'<th scope="col"[^>]*>(.*?)</th>', head.group(1))
    rows = re.findall(r"<tr>(.*?)</tr>", page.split("<tbody>")[1], re.S)
    cells = [[re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", r)]
             for r in rows]  # fmt: skip
    return headings, cells


def test_the_players_list_has_a_club_column_when_a_player_has_a_club(
    make_site: SiteMaker,
) -> None:
    """As chess-results' starting rank list shows "Club/City" beside the federation: two
    players, one round, Alpha (1, 2300, ENG, Hastings CC) beat Bravo (2, 2250, no club).
    The Club column comes after Fed, hidden on a phone like it; Bravo's cell is empty, not
    "None". The number and the name stay the row's first two cells (players.js finds a
    player by them alone)."""
    toml = 'name = "Two"\nformat = "round-robin"\nrounds = 1\nstart = 2026-03-01\n'
    toml += f'\n[[players]]\nname = "{A}"\nrating = 2300\nfederation = "ENG"\n'
    toml += 'club = "Hastings CC"\n'
    toml += f'\n[[players]]\nname = "{B}"\nrating = 2250\n'
    site = make_site(toml, {"g.pgn": pgn_game("1", A, B, "1-0", "1. e4 e5")})
    headings, cells = _players_list(site)
    assert headings == ["No.", "Name", "Rating", "Fed", "Club", "FIDE ID", "Place", "Points"]
    assert cells == [
        ["1", A, "2300", "ENG", "Hastings CC", "", "1", "1"],
        ["2", B, "2250", "", "", "", "2", "0"],
    ]
    page = (site / "output/ev/players/index.html").read_text(encoding="utf-8")
    assert '<th scope="col" class="optional">Club</th>' in page
    assert '<td class="optional">Hastings CC</td>' in page


def test_the_players_list_of_an_event_without_clubs_has_no_club_column(
    make_site: SiteMaker,
) -> None:
    """A national championship gives no clubs: no Club column, and no empty cell for it -
    each row is number, name, rating, fed, FIDE ID, place, points as before."""
    site = make_site(event_toml(), {"g.pgn": ""})
    headings, cells = _players_list(site)
    assert headings == ["No.", "Name", "Rating", "Fed", "FIDE ID", "Place", "Points"]
    assert [len(row) for row in cells] == [7, 7, 7, 7]
    assert cells[0][:5] == ["1", A, "2300", "", "1000001"]
    page = (site / "output/ev/players/index.html").read_text(encoding="utf-8")
    assert "Club" not in page


def test_the_players_lists_club_is_escaped(make_site: SiteMaker) -> None:
    """A club named Chess & <Co> "K" 'Q' is written as text, never as markup: &amp;,
    &lt;, &gt;, &#34; and &#39; (the escapes Jinja's autoescape writes)."""
    club = '\nclub = "Chess & <Co> \\"K\\" \'Q\'"'
    delta = 'name = "Delta, Dora"\nrating = 2150'
    site = make_site(event_toml().replace(delta, delta + club), {"g.pgn": ""})
    assert build_site(site).written
    page = (site / "output/ev/players/index.html").read_text(encoding="utf-8")
    assert '<td class="optional">Chess &amp; &lt;Co&gt; &#34;K&#34; &#39;Q&#39;</td>' in page
    assert "<Co>" not in page


def test_a_game_page_says_where_an_illegal_move_stands_in_a_side_line(
    make_site: SiteMaker,
) -> None:
    """Board 1's main line 1. e4 e5 2. Nf3 is whole, and its side line (1... Nf6 2. Ke3) has
    White's illegal 2. Ke3 (the king cannot leave e1 for e3): the page said "the moves stop
    there", though the main line is shown to its end. Board 2's main-line 2. Ke3 keeps the
    old words. Python's page and the template's say the same."""
    side_line = pgn_game("1.1", A, B, "1-0", "1. e4 e5 (1... Nf6 2. Ke3) 2. Nf3")
    main_line = pgn_game("1.2", C, D, "1-0", "1. e4 e5 2. Ke3")
    site = make_site(event_toml(), {"g.pgn": side_line + main_line})
    pages = dict((path, (a, b)) for path, a, b in _game_pages_both_ways(site))
    first, template = pages["ev/games/r1-b1.html"]
    assert first == template
    assert (
        '<p class="warning">The score has an illegal or unreadable move in a side line, at '
        "move 2 (White): &#39;Ke3&#39;; that side line is left out, and the rest of the game "
        "is shown.</p>"
    ) in first.decode("utf-8")
    assert "3. Nf3" not in first.decode("utf-8") and "2. Nf3" in first.decode("utf-8")
    second, template = pages["ev/games/r1-b2.html"]
    assert second == template
    assert (
        '<p class="warning">The score has an illegal or unreadable move at move 2 (White): '
        "&#39;Ke3&#39;; the moves stop there.</p>"
    ) in second.decode("utf-8")
