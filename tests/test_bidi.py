"""Hebrew and Arabic names set apart from the words around them in the texts the rules make:
``<bdi>`` in a page's body, U+2068 ... U+2069 in its title, plain text in the exports."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, SiteMaker, pgn_game

from generator.build import build_site
from generator.render.bidi import isolate, phrase_html, phrase_text
from generator.text import Name, Phrase

COHEN = "כהן, דוד"  # Hebrew: Cohen, David
SMITH = "Smith, John"
HADDAD = "حداد, سمير"  # Arabic: Haddad, Samir
BROWN = "Brown, Emma"
NAMES = (COHEN, SMITH, HADDAD, BROWN)
FSI, PDI = "\u2068", "\u2069"
NEXT = (
    "Blitz double round robin (3 minutes plus a 2-second increment (G3+2)), game 1: "
    "{cohen} v {haddad}, colours by lot"
)
"""The play-off's next game: U.S. Junior Closed's first stage and its time control, the lower
pairing number first, colours free in that stage (drawn by lot)."""


def test_a_phrase_reads_as_plain_text_and_its_names_are_isolated_on_a_page() -> None:
    words = Phrase("waits for the play-off: ", Name(COHEN), " or ", Name("<Smith> & Co"))
    assert str(words) == f"waits for the play-off: {COHEN} or <Smith> & Co"
    assert str(phrase_html(words)) == (
        f"waits for the play-off: <bdi>{COHEN}</bdi> or <bdi>&lt;Smith&gt; &amp; Co</bdi>"
    )
    assert (
        phrase_text(words) == f"waits for the play-off: {FSI}{COHEN}{PDI} or {FSI}<Smith> & Co{PDI}"
    )
    assert isolate(HADDAD) == f"{FSI}{HADDAD}{PDI}"
    assert str(phrase_html("a < b")) == "a &lt; b" and phrase_text("a < b") == "a < b"


@pytest.fixture(scope="module")
def output(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("rtl") / "site"
    shutil.copytree(FIXTURES / "rtl-names", site, ignore=shutil.ignore_patterns("output"))
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    return site / "output" / "rtl"


def _page(output: Path, name: str) -> str:
    return (output / name).read_text(encoding="utf-8")


def _only_in_bdi(html: str, *names: str) -> None:
    """Each of ``names`` is in the HTML, and only ever as a whole ``<bdi>``."""
    for name in names:
        assert f"<bdi>{name}</bdi>" in html, name
    outside = re.sub(r"<bdi>.*?</bdi>", "", html)
    for name in NAMES:
        assert name not in outside, (name, outside)


def test_the_play_offs_next_game_isolates_its_names(output: Path) -> None:
    """Cohen and Haddad both won against Smith and Brown and drew with each other: 2½ each,
    a play-off for 1st place, no game of it played yet."""
    expected = NEXT.format(cohen=f"<bdi>{COHEN}</bdi>", haddad=f"<bdi>{HADDAD}</bdi>")
    event = _page(output, "index.html")
    (line,) = re.findall(r"still to play\. Next: (.*?)\.</p>", event)
    assert line == expected
    playoff = _page(output, "playoff.html")
    (line,) = re.findall(r"Next: (.*?)\.</p>", playoff)
    assert line == expected


def test_prize_reasons_isolate_the_names_they_hold(output: Path) -> None:
    """ties = "split": Cohen and Haddad on 2½ share 1st and 2nd (750 each), Smith and Brown
    on ½ share 3rd and 4th (200 each), each reason naming the other; the title waits for the
    play-off and names both players, in the standings' order (equal on every tie-break: DE ½
    to ½, BPG 1 to 1, KS ½ to ½, SB 2¼ to 2¼, WIN 2 to 2, so by pairing number)."""
    prizes = _page(output, "prizes.html")
    reasons = re.findall(r'<td class="why">(.*?)</td>', prizes)
    assert f"waits for the play-off: <bdi>{COHEN}</bdi> or <bdi>{HADDAD}</bdi>" in reasons
    for other in NAMES:
        shared = [r for r in reasons if r.endswith(f"; shared equally with <bdi>{other}</bdi>")]
        assert len(shared) == 1, (other, reasons)
    for reason in reasons:
        _only_in_bdi(reason)
    # The player's own page, and the badge's tooltip: plain text there, so isolates.
    (card,) = output.glob("players/3-*.html")
    page = card.read_text(encoding="utf-8")
    (listed,) = re.findall(r'<ul class="awards">\n  <li>.*?</span> (.*?): 750\.00 USD</li>', page)
    assert listed.endswith(f"; shared equally with <bdi>{COHEN}</bdi>")
    assert f'shared equally with {FSI}{COHEN}{PDI}">Share of 1st place + 2nd place</span>' in page


def test_the_arbiter_reports_warnings_isolate_the_names(output: Path) -> None:
    """Round 2's draws in 2 and 3 moves, under the U.S. Junior Closed 30-move rule."""
    report = _page(output, "arbiter.html")
    messages = re.findall(r"<li>\n    <p>(.*?) · <a", report)
    assert messages == [
        f"round 2, board 1, <bdi>{HADDAD}</bdi> v <bdi>{COHEN}</bdi>: drawn after 2 moves, but "
        "draws may not be agreed before move 30",
        f"round 2, board 2, <bdi>{BROWN}</bdi> v <bdi>{SMITH}</bdi>: drawn after 3 moves, but "
        "draws may not be agreed before move 30",
    ]


def test_titles_isolate_the_names_between_unicode_controls(output: Path) -> None:
    """No markup in <title> and og:title: the names go between U+2068 and U+2069."""
    game = _page(output, "games/r2-b1.html")
    title = f"{FSI}{HADDAD}{PDI} – {FSI}{COHEN}{PDI}, round 2 · Mixed Scripts Closed"
    assert f"<title>{title}</title>" in game
    assert f'<meta property="og:title" content="{title}">' in game
    assert f'<meta name="description" content="{FSI}{HADDAD}{PDI} – {FSI}{COHEN}{PDI}, ' in game
    (card,) = output.glob("players/*-smith-john.html")
    player = card.read_text(encoding="utf-8")
    title = f"{FSI}{SMITH}{PDI} · Mixed Scripts Closed"
    assert f"<title>{title}</title>" in player
    assert f'<meta property="og:title" content="{title}">' in player


def test_the_exports_keep_the_plain_text(output: Path) -> None:
    """results.json, standings.csv, games.pgn and the TRF carry no invisible characters."""
    for name in ("results.json", "standings.csv", "games.pgn", "tournament.trf"):
        text = _page(output, name)
        assert FSI not in text and PDI not in text, name
    results = json.loads(_page(output, "results.json"))
    (playoff,) = results["playoffs"]
    assert playoff["next"] == NEXT.format(cohen=COHEN, haddad=HADDAD)
    reasons = {(p["player"], p["reason"]) for p in results["prizes"]}
    assert (None, f"waits for the play-off: {COHEN} or {HADDAD}") in reasons
    for player, other in ((COHEN, HADDAD), (HADDAD, COHEN), (SMITH, BROWN), (BROWN, SMITH)):
        (reason,) = [r for p, r in reasons if p == player]
        assert reason.endswith(f"; shared equally with {other}")
    assert [w["message"] for w in results["warnings"]] == [
        f"round 2, board 1, {HADDAD} v {COHEN}: drawn after 2 moves, but draws may not be "
        "agreed before move 30",
        f"round 2, board 2, {BROWN} v {SMITH}: drawn after 3 moves, but draws may not be "
        "agreed before move 30",
    ]
    rows = list(csv.reader(io.StringIO(_page(output, "standings.csv"))))
    assert rows[0][3] == "name" and {row[3] for row in rows[1:]} == set(NAMES)


def test_a_hint_naming_players_isolates_them_too(make_site: SiteMaker) -> None:
    """lots-not-recorded: its message and its hint (a TOML line to copy) name the players;
    between two right-to-left names, '", "' would otherwise join them into one run, the
    second shown first."""
    event = (
        'name = "Lots"\nformat = "round-robin"\nrounds = 1\nstart = 2025-06-01\n'
        'tiebreaks = ["DE"]\n\n[ranking]\nexhausted = "lots"\n\n'
        f'[[players]]\nname = "{COHEN}"\n\n[[players]]\nname = "{HADDAD}"\n'
    )
    site = make_site(event, {"games.pgn": pgn_game("1.1", COHEN, HADDAD, "1/2-1/2")})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    page = (site / "output/ev/arbiter.html").read_text(encoding="utf-8")
    assert (
        f"<p><bdi>{COHEN}</bdi> and <bdi>{HADDAD}</bdi> are equal on every tie-break, but "
        "[ranking] lots does not name them all: they share the place</p>"
    ) in page
    quote = "&#34;"
    assert (
        f"add the order the lots gave, e.g. lots = [{quote}<bdi>{COHEN}</bdi>{quote}, "
        f"{quote}<bdi>{HADDAD}</bdi>{quote}]</p>"
    ) in page
    (warning,) = report.problems.warnings
    assert warning.message == (
        f"{COHEN} and {HADDAD} are equal on every tie-break, but [ranking] lots does not name "
        "them all: they share the place"
    )
    assert warning.hint == f'add the order the lots gave, e.g. lots = ["{COHEN}", "{HADDAD}"]'


def test_the_standings_reasons_and_the_seeding_isolate_the_names_they_hold(
    make_site: SiteMaker,
) -> None:
    """By-law 3, tiebreaks = ["DE", "PS"]: Smith beats Cohen, Cohen beats Haddad, Haddad beats
    Smith, and all three beat Brown: 2 each, Direct Encounter 1 each. Running scores: Smith
    1, 1, 2 (SPS 4); Cohen 0, 1, 2 (SPS 3); Haddad 1, 2, 2 (SPS 5). SPS sends Haddad and
    Smith to the play-off and leaves Cohen out; Smith wins it. Haddad's reason for being
    ahead of Cohen names Cohen (Direct Encounter has no value of Haddad's own to set against
    Cohen's), and so does Haddad's prize: on the pages the names go in <bdi>, or between
    U+2068 and U+2069 in a tooltip; results.json keeps the plain names."""
    players = "".join(f'[[players]]\nname = "{name}"\n\n' for name in NAMES)
    event = (
        'name = "Seeding"\nformat = "round-robin"\nrounds = 3\nrules = "acf-junior"\n'
        'tiebreaks = ["DE", "PS"]\n\n'
        '[[prizes.money]]\nname = "2nd place"\nplace = 2\namount = 100\n\n' + players
    )
    games = (
        pgn_game("1.1", SMITH, COHEN, "1-0")
        + pgn_game("1.2", HADDAD, BROWN, "1-0")
        + pgn_game("2.1", SMITH, HADDAD, "0-1")
        + pgn_game("2.2", COHEN, BROWN, "1-0")
        + pgn_game("3.1", SMITH, BROWN, "1-0")
        + pgn_game("3.2", COHEN, HADDAD, "1-0")
    )
    playoff = pgn_game("1", HADDAD, SMITH, "0-1") + pgn_game("2", SMITH, HADDAD, "1/2-1/2")
    site = make_site(event, {"games.pgn": games, "playoff/playoff.pgn": playoff})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    output = site / "output" / "ev"

    seeding = (
        "3 players tied; Progressive Score reduced them to 2: {} (5) and {} (4) ahead of {} (3)"
    )
    page = _page(output, "playoff.html")
    bdi = [f"<bdi>{name}</bdi>" for name in (HADDAD, SMITH, COHEN)]
    assert f"ACF By-law 3, clause 5. {seeding.format(*bdi)}. Playing off: " in page
    # The play-off's games, Smith winning the first stage 1½-½, so no other stage is played.
    (games,) = re.findall(r'<table class="stage-games">.*?</table>', page, re.DOTALL)
    _only_in_bdi(games, HADDAD, SMITH)

    left_out = "played off, and PS left {} out"
    standings = _page(output, "standings.html")
    assert f'<td class="why">{left_out.format(f"<bdi>{COHEN}</bdi>")}</td>' in standings
    assert f'<span class="why-inline">{left_out.format(f"<bdi>{COHEN}</bdi>")}</span>' in standings
    tooltip = f"2nd overall, {left_out.format(f'{FSI}{COHEN}{PDI}')}"
    assert f'title="{tooltip}">2nd place prize</span>' in standings
    prizes = _page(output, "prizes.html")
    reasons = re.findall(r'<td class="why">(.*?)</td>', prizes)
    assert f"2nd overall, {left_out.format(f'<bdi>{COHEN}</bdi>')}" in reasons
    for reason in reasons:
        _only_in_bdi(reason)

    text = _page(output, "results.json")
    assert FSI not in text and PDI not in text
    results = json.loads(text)
    assert results["playoffs"][0]["seeding"] == seeding.format(HADDAD, SMITH, COHEN)
    (prize,) = results["prizes"]
    assert (prize["player"], prize["reason"]) == (HADDAD, f"2nd overall, {left_out.format(COHEN)}")
