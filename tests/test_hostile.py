"""Hostile and broken input: a located message and a non-zero exit, never a traceback, and the
last good site left as it was. Escaping of names, comments and pages everywhere.

The odd files live in ``tests/fixtures/hostile/`` (made once, byte by byte; see each test).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import markdown
import pytest
from conftest import FIXTURES, SiteMaker, event_toml, load, pgn_game

from generator.build import build_site, check_site, leaves_folder
from generator.cli import main
from generator.render.site import markdown_html

HOSTILE = FIXTURES / "hostile"
A, B, C, D = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora"
GOOD = pgn_game("1.1", A, B, "1-0", "1. e4 e5")
Run = tuple[int, str]


@pytest.fixture
def built(make_site: SiteMaker) -> Path:
    """A site built once, so every test can check that a failed build leaves it alone."""
    site = make_site(event_toml(), {"games.pgn": GOOD})
    assert main(["build", "--site", str(site)]) == 0
    return site


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def rebuild(site: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> Run:
    """Build through the command line; the output must be untouched when the build fails."""
    before = snapshot(site / "output")
    status = main(["build", "--site", str(site), *extra])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    if status != 0:
        assert snapshot(site / "output") == before
        assert "nothing was written" in err
    return status, err


def put(site: Path, name: str, data: bytes | str) -> None:
    path = site / "content/ev" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)


def fixture(name: str) -> bytes:
    return (HOSTILE / name).read_bytes()


# --- event.toml ------------------------------------------------------------------------------


def test_invalid_toml(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    put(built, "event.toml", 'name = "Test Event\nformat = "round-robin"\n')
    status, err = rebuild(built, capsys)
    assert status == 1
    assert (
        "content/ev/event.toml:1: error: TOML syntax error: a quoted text is not closed: the "
        "line ends before its closing quote" in err
    )
    assert 'hint: add the closing " at the end of the value' in err


def test_wrong_types_and_unknown_keys(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = event_toml("colour = 2\n").replace("rounds = 3", 'rounds = "three"')
    put(built, "event.toml", text)
    status, err = rebuild(built, capsys)
    assert status == 1
    assert (
        "event.toml:3: error: rounds: expected a whole number of at least 1, found a string" in err
    )
    assert 'event.toml:5: error: colour: unknown key "colour"' in err


@pytest.mark.parametrize(
    ("start", "message"),
    [
        ('"next Tuesday"', "start: expected a date written as YYYY-MM-DD (no quotes)"),
        ("2025-13-01", "hint: 2025-13-01 is not a date: write YYYY-MM-DD"),
        ("2025-02-30", "hint: 2025-02-30 is not a date"),
        ("12:30:00", "start: expected a date written as YYYY-MM-DD (no quotes), found"),
    ],
)
def test_dates_that_are_not_dates(
    built: Path, capsys: pytest.CaptureFixture[str], start: str, message: str
) -> None:
    put(built, "event.toml", event_toml().replace("start = 2025-06-01", f"start = {start}"))
    status, err = rebuild(built, capsys)
    assert status == 1
    assert "content/ev/event.toml:4: error:" in err
    assert message in err


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("rounds = 3", "rounds = 1000000000"), "rounds: 1000000000 is too large: at most 999"),
        (("start = 2025-06-01", "start = 2025-06-01\n[scoring]\nwin = inf"), "win: expected"),
        (("start = 2025-06-01", "start = 2025-06-01\n[scoring]\ndraw = nan"), "draw: expected"),
        (('"Delta, Dora"', '"Delta,\\nDora"'), "contains a line break"),
        # Numbers so large the build raised (nan, overflow) or ran for minutes (a chart tick
        # per point), or that do not fit TRF-16's columns.
        (("start = 2025-06-01", "start = 2025-06-01\n[scoring]\nwin = 1e308"), "at most 100"),
        (("start = 2025-06-01", "start = 2025-06-01\n[scoring]\nwin = 1e9"), "at most 100"),
        (("rating = 2150", "rating = 2150\nbirth_year = 10000"), "10000 is too large"),
        (("rating = 2150", "rating = 99999"), "99999 is too large: at most 9999"),
        (("rating = 2150", "rating = 2150\nnumber = 10000"), "10000 is too large"),
        (("fide_id = 1000001", "fide_id = 123456789012345"), "at most 99999999999"),
        (
            (
                "start = 2025-06-01",
                'start = 2025-06-01\n[[prizes.money]]\nname = "X"\nplace = 1\namount = 1e308\n',
            ),
            "amount: 1e+308 is too large",
        ),
        (
            ("start = 2025-06-01", "start = 2025-06-01\n[scoring]\nwin = 0\nloss = 5"),
            "scoring: a win scores 0, a draw 0.5 and a loss 5: the standings would reward losing",
        ),
        (
            ("start = 2025-06-01", "start = 2025-06-01\nx = " + "[" * 600 + "]" * 600),
            "TOML nested too deeply",
        ),
    ],
)
def test_values_no_event_can_have(
    built: Path, capsys: pytest.CaptureFixture[str], change: tuple[str, str], message: str
) -> None:
    put(built, "event.toml", event_toml().replace(*change))
    status, err = rebuild(built, capsys)
    assert status == 1
    assert message in err


def test_a_ten_thousand_character_name(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    put(built, "event.toml", event_toml().replace("Delta, Dora", "D" * 10_000))
    status, err = rebuild(built, capsys)
    assert status == 1
    assert "event.toml:21: error: players[4].name: is 10000 characters long; at most 200" in err
    assert len(err) < 1000


def test_a_ten_thousand_character_name_in_a_pgn(
    built: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    put(built, "games.pgn", GOOD + pgn_game("1.2", C, "X" * 10_000, "1-0"))
    status, err = rebuild(built, capsys)
    assert status == 1
    assert 'games.pgn:12: error: unknown black player "XXXX' in err
    assert len(err) < 1000  # the name is shortened in the message


def test_a_long_name_still_makes_short_file_names(make_site: SiteMaker) -> None:
    name = "Wolfeschlegelsteinhausenbergerdorff-" * 5 + ", Hubert"  # 188 characters
    site = make_site(event_toml().replace("Delta, Dora", name), {"games.pgn": GOOD})
    report = build_site(site)
    assert report.written
    (card,) = (site / "output/ev/players").glob("4-*.html")
    assert len(card.name) == len("4-") + 60 + len(".html")


def test_a_game_for_a_round_beyond_rounds(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    put(built, "games.pgn", GOOD + pgn_game("4.1", A, C, "1-0"))
    status, err = rebuild(built, capsys)
    assert status == 1
    assert (
        "games.pgn:10: error: round 4, board 1, Alpha, Anna v Charlie, Carl: round 4 does not"
        in err
    )


def test_results_for_a_player_not_in_the_event(
    built: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = '[[results]]\nround = 2\nwhite = "Alpha, Anna"\nblack = "Echo, Eve"\nresult = "+-"\n'
    put(built, "event.toml", event_toml(body))
    status, err = rebuild(built, capsys)
    assert status == 1
    assert 'event.toml:8: error: results[1].black: unknown player "Echo, Eve"' in err


# --- PGN files -------------------------------------------------------------------------------


def test_an_empty_pgn_file_is_a_warning_that_fails_strict(
    built: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    put(built, "round-2.pgn", fixture("empty.pgn"))
    status, err = rebuild(built, capsys, "--strict")
    assert status == 1
    assert "content/ev/round-2.pgn: warning: the PGN file is empty" in err
    assert "hint: add the games, or delete the file" in err


def test_a_binary_file(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    put(built, "archive.pgn", fixture("binary.pgn"))
    status, err = rebuild(built, capsys)
    assert status == 1
    assert "content/ev/archive.pgn:1: error: this is not a PGN text file: it holds binary" in err


def test_a_file_cut_short_in_mid_game(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    put(built, "games.pgn", fixture("truncated.pgn"))
    status, err = rebuild(built, capsys)
    assert status == 1
    assert (
        "games.pgn:15: error: round 1, board 2, Charlie, Carl v Delta, Dora: the moves stop "
        "without a result (1-0, 0-1, 1/2-1/2 or *); the file looks cut short"
    ) in err


def test_a_file_cut_short_in_a_tag(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    put(built, "games.pgn", fixture("truncated-tag.pgn"))
    status, err = rebuild(built, capsys)
    assert status == 1
    assert "games.pgn:11: error: the file ends in the middle of a tag line" in err
    assert "unknown" not in err  # the cut game is not read as a game of player "Charl"


def test_an_unterminated_comment_is_a_cut(make_site: SiteMaker) -> None:
    text = GOOD + pgn_game("1.2", C, D, "1-0", "1. d4 {the file stops in here")[:-6]
    _, problems = load(make_site(event_toml(), {"games.pgn": text}))
    assert [p.code for p in problems.errors] == ["truncated-pgn"]


def test_latin1_and_windows_1252_are_read(make_site: SiteMaker) -> None:
    text = event_toml().replace('aliases = ["Bravo, B."]', 'aliases = ["Bravo, B.", "Bravo, Bób"]')
    site = make_site(text)
    put(site, "latin1.pgn", fixture("latin1.pgn"))
    put(site, "cp1252.pgn", fixture("cp1252.pgn"))
    event, problems = load(site)
    assert event is not None and not problems.items, [p.format() for p in problems.items]
    first, second = event.games
    assert first.headers["Black"] == "Bravo, Bób"
    assert first.headers["Annotator"] == "Jöns Ærø"
    assert second.headers["Annotator"] == "“Quoted” – dash"


@pytest.mark.parametrize("name", ["bom.pgn", "utf16.pgn"])
def test_a_byte_order_mark_is_read(make_site: SiteMaker, name: str) -> None:
    site = make_site(event_toml())
    put(site, "games.pgn", fixture(name))
    event, problems = load(site)
    assert event is not None and not problems.errors
    (game,) = event.games
    assert (game.white, game.black, game.result, game.line) == (1, 2, "1-0", 1)
    assert [m.san for m in game.moves] == ["e4", "e5"]


def test_games_with_tags_only_are_not_merged(make_site: SiteMaker) -> None:
    site = make_site(event_toml())
    put(site, "games.pgn", fixture("headers-only.pgn"))
    event, problems = load(site)
    assert event is not None and not problems.errors
    assert [(g.white, g.black, g.result, g.line) for g in event.games] == [
        (1, 2, "1-0", 1),
        (3, 4, "0-1", 7),
    ]


def test_tags_with_quotes_and_backslashes(make_site: SiteMaker) -> None:
    name = 'O"Brien \\ Dora'
    toml_name = 'O\\"Brien \\\\ Dora'  # the same name as a TOML string
    site = make_site(event_toml().replace('"Delta, Dora"', f'"{toml_name}"'))
    put(site, "games.pgn", fixture("quotes.pgn").replace(b'Round "1.1"', b'Round "1.2"'))
    put(site, "more.pgn", pgn_game("1.1", B, C, "1-0"))
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    output = site / "output/ev"
    pgn = (output / "games.pgn").read_text(encoding="utf-8")
    assert '[Black "O\\"Brien \\\\ Dora"]' in pgn
    assert '[Annotator "Say \\"hi\\" & <b>bold</b>"]' in pgn
    data = json.loads((output / "results.json").read_text(encoding="utf-8"))
    assert data["standings"][0]["name"] == "Alpha, Anna"
    assert name in [row["name"] for row in data["standings"]]
    page = (output / "games/r1-b2.html").read_text(encoding="utf-8")
    assert "O&#34;Brien \\ Dora" in page


# --- folders ---------------------------------------------------------------------------------


def test_output_inside_content_or_equal_to_the_site(
    built: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for output in (built / "content/out", built, built / "content"):
        before = snapshot(built / "content")
        assert main(["build", "--site", str(built), "--output", str(output)]) == 1
        err = capsys.readouterr().err
        assert "error: the output folder" in err and "overlaps the content folder" in err
        assert snapshot(built / "content") == before
    assert not (built / "content/out").exists()


def test_a_symlink_loop(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = built / "content/ev/games"
    games.mkdir()
    (games / "loop.pgn").symlink_to(games / "loop.pgn")
    (games / "up").symlink_to(built / "content/ev")
    status, err = rebuild(built, capsys)
    assert status == 1
    assert "content/ev/games/loop.pgn: error: symbolic link loop: loop.pgn points to itself" in err
    assert "content/ev/games/up: error: symbolic link loop: up points back to" in err
    assert "hint: delete the link, or make it point to the real file or folder" in err


def test_symlink_loops_are_told_in_name_order(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Were told in the order the file system lists folders (on tmpfs, the newest first):
    two builds of the same site printed their messages in another order."""
    site = make_site(event_toml(), {"games.pgn": GOOD})
    for name in ("a", "b"):
        (site / "content/ev" / name).mkdir()
        (site / "content/ev" / name / "loop").symlink_to(".")
    walk = os.walk

    def newest_first(top: Path) -> Iterator[tuple[str, list[str], list[str]]]:
        for root, dirs, files in walk(top):
            dirs.sort(reverse=True)  # the same list: os.walk descends into it as it stands
            yield root, dirs, files

    monkeypatch.setattr(os, "walk", newest_first)
    loops = [p.path for p in check_site(site).problems.errors if p.code == "symlink-loop"]
    assert loops == [site / "content/ev/a/loop", site / "content/ev/b/loop"]


def test_a_link_to_nothing_is_not_a_loop(make_site: SiteMaker, tmp_path: Path) -> None:
    site = make_site(event_toml(), {"games.pgn": GOOD})
    (site / "content/ev/.#games.pgn").symlink_to(tmp_path / "editor@host.1234")
    assert not [p for p in check_site(site).problems.errors]


def test_two_pages_of_one_address_are_an_error(make_site: SiteMaker) -> None:
    """Pages "Über Regeln.md" and "uber-regeln.md" both make uber-regeln.html: the second
    silently replaced the first, and the navigation linked the one page twice."""
    pages = {"uber-regeln.md": "# Short\n", "Über Regeln.md": "# Long\n"}
    site = make_site(event_toml(), {"games.pgn": GOOD, **pages})
    (error,) = check_site(site).problems.errors
    assert error.code == "slug-clash"
    assert error.path == site / "content/ev/Über Regeln.md"
    assert error.message == (
        '"Über Regeln.md" and "uber-regeln.md" would both be published as uber-regeln.html'
    )


def test_check_never_writes(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    put(built, "games.pgn", fixture("binary.pgn"))
    before = snapshot(built)
    assert main(["check", "--site", str(built)]) == 1
    assert "Traceback" not in capsys.readouterr().err
    assert snapshot(built) == before


# --- escaping --------------------------------------------------------------------------------

SCRIPT = '<script>alert("x&y")</script>'


def test_names_comments_events_and_pages_are_escaped_everywhere(make_site: SiteMaker) -> None:
    toml_script = SCRIPT.replace('"', '\\"')
    text = (
        event_toml()
        .replace('"Test Event"', f'"Open {toml_script} & Co"')
        .replace('"Bravo, Bob"', f'"{toml_script}, Bob"')
        .replace('aliases = ["Bravo, B."]', 'aliases = ["Bravo, B.", "Bravo, Bob"]')
    )
    site = make_site(text)
    put(site, "games.pgn", fixture("script.pgn"))
    put(site, "about.md", f'# About {SCRIPT}\n\n{SCRIPT}\n\nA & B "q" [x](javascript:alert(1))\n')
    (site / "content/index.md").write_text(f"# Home\n\n<b>{SCRIPT}</b>\n", encoding="utf-8")
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    output = site / "output"
    pages = sorted(output.rglob("*.html"))
    assert len(pages) > 10
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert "<script>alert" not in html, page
        assert "javascript:" not in html, page
        for tag in re.findall(r"<script\b[^>]*>", html):  # only the site's own scripts
            assert re.fullmatch(r'<script src="(\.\./)*static/(board|players)\.js">', tag) or (
                tag == '<script type="application/json" class="viewer-data">'
            ), (page, tag)
    about = (output / "ev/about.html").read_text(encoding="utf-8")
    assert '<p>&lt;script&gt;alert("x&amp;y")&lt;/script&gt;</p>' in about  # Markdown's escape
    assert '<a href="#">x</a>' in about
    standings = (output / "ev/standings.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(&#34;x&amp;y&#34;)&lt;/script&gt;, Bob" in standings
    assert 'aria-label="Open &lt;script&gt;alert(&#34;x&amp;y&#34;)&lt;/script&gt; &amp; Co"' in (
        standings
    )
    data = json.loads((output / "ev/results.json").read_text(encoding="utf-8"))
    assert data["event"]["name"] == f"Open {SCRIPT} & Co"
    assert f"{SCRIPT}, Bob" in [row["name"] for row in data["standings"]]
    game = (output / "ev/games/r1-b1.html").read_text(encoding="utf-8")
    assert "{&lt;script&gt;" not in game  # PGN comments are not published at all
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp;" in game  # the Opening tag, escaped


def test_raw_html_in_markdown_only_when_the_site_allows_it(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), {"games.pgn": GOOD, "about.md": '<div class="box">Hi</div>\n'})
    build_site(site)
    assert '&lt;div class="box"&gt;' in (site / "output/ev/about.html").read_text("utf-8")
    (site / "site.toml").write_text("markdown_raw_html = true\n", encoding="utf-8")
    build_site(site)
    assert '<div class="box">Hi</div>' in (site / "output/ev/about.html").read_text("utf-8")


def test_the_hostile_fixtures_never_raise(make_site: SiteMaker) -> None:
    site = make_site(event_toml())
    for path in sorted(HOSTILE.iterdir()):
        shutil.copy(path, site / "content/ev" / path.name)
    report = check_site(site)
    codes = sorted({p.code for p in report.problems.items if p.code})
    assert {"binary-pgn", "empty-pgn", "truncated-pgn"} <= set(codes)


def test_a_fen_that_is_not_a_position(make_site: SiteMaker) -> None:
    bad = pgn_game("1.2", C, D, "1-0", "1. Kd2", SetUp="1", FEN="4k3/8/8 w - - 0 1")
    _, problems = load(make_site(event_toml(), {"games.pgn": GOOD + bad}))
    (error,) = problems.errors
    assert error.code == "bad-fen"
    assert error.line == 15  # game 2: Event on line 9, ... SetUp 14, FEN 15
    assert error.message.startswith(
        "round 1, board 2, Charlie, Carl v Delta, Dora: the FEN tag is not a position "
        "(expected 8 rows"
    )


def test_python_chess_failing_on_a_game_is_an_error_not_a_crash(make_site: SiteMaker) -> None:
    # python-chess 1.11 raises IndexError on a ")" with no "(" after an illegal move
    broken = pgn_game("1.2", C, D, "1-0", "1. e4 ef6) Nc6")
    _, problems = load(make_site(event_toml(), {"games.pgn": GOOD + broken}))
    assert [p.code for p in problems.errors] == ["unreadable-pgn"]
    assert problems.errors[0].line == 9


@pytest.mark.parametrize(
    "target",
    [
        "java&#115;cript:alert(1)",
        "&#106;avascript:alert(1)",
        "javascript&colon;alert(1)",
        "&#x6A;avascript:alert(1)",
        "data&colon;text/html,x",
        "vbscript:x",
        "JaVaScRiPt:alert(1)",
    ],
)
def test_no_spelling_of_a_script_link_survives_markdown(target: str) -> None:
    """A browser decodes entities in a link before it reads the scheme: so must the filter."""
    page = markdown_html(f"[x]({target})")
    assert page == '<p><a href="#">x</a></p>', page


@pytest.mark.parametrize(
    "target", ["https://example.org/a?b=1", "mailto:arbiter@example.org", "round-2.html", "#top"]
)
def test_ordinary_links_are_kept(target: str) -> None:
    assert f'href="{target}"' in markdown_html(f"[x]({target})")


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ('pgn = [""]', 'pgn = [..., "", ...] cannot be searched: it is empty'),
        (
            'pgn = ["/tmp/*.pgn"]',
            'pgn = [..., "/tmp/*.pgn", ...] cannot be searched: it is not relative to the '
            "event's folder",
        ),
        (f'pgn = ["{"x" * 300}/*.pgn"]', "cannot be searched: File name too long"),
        ('trf = "x\\u0000.trf"', "cannot read the TRF file: embedded null byte"),
        # Outside the event's folder, a changed file would not make a rebuild (the check for
        # changes reads content/): the last site would stay up with the old results.
        (
            'pgn = ["games/*.pgn", "../../shared/*.pgn"]',
            'pgn = [..., "../../shared/*.pgn", ...] cannot be searched: it leaves the event\'s '
            'folder (".."), where a rebuild would not notice the files change',
        ),
        (
            'trf = "../t.trf"',
            'trf = "../t.trf" cannot be read: it leaves the event\'s folder',
        ),
        ('trf = "/tmp/t.trf"', "it is not relative to the event's folder"),
    ],
)
def test_file_settings_no_file_can_match_are_errors(
    make_site: SiteMaker, setting: str, message: str
) -> None:
    site = make_site(event_toml(setting + "\n"))
    report = build_site(site)
    assert not report.written
    assert any(message in p.message for p in report.problems.errors), [
        p.format() for p in report.problems.items
    ]


def test_an_event_file_that_is_a_broken_link_is_reported(make_site: SiteMaker) -> None:
    """A glob skips a link that leads nowhere: the event would vanish, and its published pages
    with it, without a word. It is an error, and the last good site stays."""
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")})
    assert build_site(site).written
    event_file = site / "content/ev/event.toml"
    event_file.unlink()
    event_file.symlink_to(site / "content/ev/missing.toml")
    report = build_site(site)
    assert not report.written
    (error,) = report.problems.errors
    assert (error.path, error.message) == (
        event_file,
        "cannot read the file: No such file or directory",
    )
    assert (site / "output/ev/index.html").is_file()


@pytest.mark.parametrize(
    ("pattern", "leaves"),
    [
        ("../x.pgn", True),
        ("games/../../x.pgn", True),
        ("..\\x.pgn", True),
        ("a/../b.pgn", False),  # through a "..", still inside
        ("games/*.pgn", False),
        ("..x.pgn", False),  # a name that starts with two dots
    ],
)
def test_a_pattern_leaves_the_folder_only_if_it_climbs_out(pattern: str, leaves: bool) -> None:
    assert leaves_folder(pattern) is leaves


@pytest.mark.parametrize(
    ("template", "message"),
    [
        ("{{ 1/0 }}", "templates/base.html:1: error: a template failed: division by zero"),
        ("{{ 1 + 'a' }}", "templates/base.html:1: error: a template failed: unsupported operand"),
        (
            "{% extends 'base.html' %}",
            "templates/base.html:1: error: a template failed: a template that includes or "
            "extends itself",
        ),
        ("\n\n{{ sponsor.name }}", "templates/base.html:3: error: a template failed: 'sponsor'"),
        (b"\xff\xfe{{ x }}", "templates/base.html: error: the template is not UTF-8 text"),
    ],
)
def test_a_failing_template_is_named_with_its_line(
    built: Path, capsys: pytest.CaptureFixture[str], template: str | bytes, message: str
) -> None:
    """A site's own template that fails while the pages render (in any process) is an error
    on its file and line, not a traceback."""
    path = built / "templates/base.html"
    path.parent.mkdir()
    if isinstance(template, bytes):
        path.write_bytes(template)
    else:
        path.write_text(template, encoding="utf-8")
    status, err = rebuild(built, capsys)
    assert status == 1
    assert message in err


def test_lists_nested_hundreds_deep_make_a_page_with_the_text_escaped() -> None:
    """1,000 nested list items: Markdown before 3.11 recursed without end on them (below), 3.11
    nests a few hundred and writes the rest as text. Either way the page is made, and what the
    organiser wrote is text, not markup."""
    shown = markdown_html("- " * 1000 + "x <b>")
    assert "x &lt;b&gt;" in shown
    assert "<b>" not in shown


def test_markdown_that_recurses_without_end_is_shown_as_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Markdown's parser recursed without end on lists nested hundreds deep (before 3.11): the
    page shows the text as written, escaped, rather than the build failing with a traceback."""

    def recurses(self: markdown.Markdown, source: str) -> str:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(markdown.Markdown, "convert", recurses)
    assert markdown_html("- - x <b>") == "<pre>- - x &lt;b&gt;</pre>"


def test_an_event_file_that_is_a_folder_is_an_error(
    built: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Left out, the event's published pages were deleted without a word."""
    (built / "content/ev/event.toml").unlink()
    (built / "content/ev/event.toml").mkdir()
    status, err = rebuild(built, capsys)
    assert status == 1
    assert "content/ev/event.toml: error: cannot read the file: Is a directory" in err


def test_a_pipe_named_like_a_pgn_file_is_not_waited_on(
    built: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkfifo(built / "content/ev/live.pgn")
    status, err = rebuild(built, capsys)
    assert status == 0, err


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            (
                "start = 2025-06-01",
                'start = 2025-06-01\n[[withdrawals]]\nplayer = "Delta, Dora"'
                '\nafter_round = 1\n[[withdrawals]]\nplayer = "delta, dora"\nafter_round = 2',
            ),
            "withdrawals[2].player: delta, dora already withdrew (withdrawals[1]): only one "
            "entry counts",
        ),
        (
            (
                "start = 2025-06-01",
                'start = 2025-06-01\n[[categories]]\nid = "R"\nname = '
                '"Rated"\nmin_rating = 3000\nmax_rating = 1000',
            ),
            "categories[1].max_rating: max_rating 1000 is below min_rating 3000: nobody can be "
            "in Rated",
        ),
        (("start = 2025-06-01", 'start = 2025-06-01\ntrf = ""'), 'trf = "" names no file'),
    ],
)
def test_settings_that_contradict_themselves(
    built: Path, capsys: pytest.CaptureFixture[str], change: tuple[str, str], message: str
) -> None:
    """Each was taken without a word: the first withdrawal silently ignored, a category
    nobody can be in, a TRF path that names the event's folder."""
    put(built, "event.toml", event_toml().replace(*change))
    status, err = rebuild(built, capsys)
    assert status == 1
    assert message in err


@pytest.mark.parametrize(
    "base_url", ["javascript:alert(1)", "//evil.example/", "https://a.example/\u0000", "results/"]
)
def test_a_base_url_that_is_no_web_address_is_an_error(
    built: Path, capsys: pytest.CaptureFixture[str], base_url: str
) -> None:
    """base_url goes into every page's canonical link and card: only an http(s) address."""
    (built / "site.toml").write_text(f"base_url = {json.dumps(base_url)}\n", encoding="utf-8")
    status, err = rebuild(built, capsys)
    assert status == 1
    assert "site.toml:1: error: base_url:" in err and "is not the address of a web site" in err


def test_an_event_folder_named_static_is_an_error(
    built: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its pages would mix with the site's script and style sheet in output/static/."""
    shutil.copytree(built / "content/ev", built / "content/Static")
    status, err = rebuild(built, capsys)
    assert status == 1
    assert (
        'the pages of Static/ would go to "static/", over the site\'s own script and style sheet'
    ) in err


def test_a_name_with_a_direction_override_is_refused(
    built: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """U+202E (right-to-left override) in a name turned the text after it around on every
    page that shows the name; a name never needs one (Arabic and Hebrew names alike)."""
    put(built, "event.toml", event_toml().replace("Delta, Dora", "Delta, \u202eDora"))
    status, err = rebuild(built, capsys)
    assert status == 1
    assert "contains an invisible direction control" in err
