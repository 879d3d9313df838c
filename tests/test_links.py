"""Files a Markdown page links beside it are published with it (generator/links.py), and
links between Markdown pages lead to the pages made of them."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import SiteMaker, event_toml, pgn_game

from generator.build import build_site
from generator.cache import BuildCache
from generator.links import linked_files, local_path

A, B = "Alpha, Anna", "Bravo, Bob"
PDF = b"%PDF-1.4 the regulations\x00\xff"
JPEG = b"\xff\xd8\xff\xe0 a photo"

REGULATIONS = """# Regulations

Read [the full regulations](regs.pdf) and the [fees](fees.md#late).

![The winners](photos/winners%20day.jpg)

See also [last year's](missing.pdf), [a secret](../secret.txt), [dot](.env) and
[a card](players/mine.png); [standings](standings.html), [the club](https://club.example/x.pdf),
[top](#top).
Not files: [the photos](photos), [notes](drafts/notes.md) and [the rounds](rounds/).
"""


def _site(make_site: SiteMaker) -> Path:
    site = make_site(
        event_toml(),
        {
            "g.pgn": pgn_game("1.1", A, B, "1-0"),
            "regulations.md": REGULATIONS,
            "fees.md": "# Fees\n\n## Late\n\nBack to [the regulations](regulations.md).\n",
            "entries.csv": "name,telephone\nAlpha,555 0101\n",
            ".env": "secret",
            "players/mine.png": "png",
            "drafts/notes.md": "# Notes\n",
        },
    )
    event = site / "content/ev"
    (event / "regs.pdf").write_bytes(PDF)
    (event / "photos").mkdir()
    (event / "photos/winners day.jpg").write_bytes(JPEG)
    (site / "content/secret.txt").write_text("not for the web", encoding="utf-8")
    return site


def test_the_links_of_a_page_are_read_as_the_page_shows_them() -> None:
    assert linked_files(REGULATIONS) == [
        "regs.pdf",
        "fees.md",
        "photos/winners day.jpg",
        "missing.pdf",
        "../secret.txt",
        ".env",
        "players/mine.png",
        "standings.html",
        "photos",
        "drafts/notes.md",
        "rounds/",
    ]
    # A reference link and a link inside code: the first is one, the second is text.
    assert linked_files("[a][r] `[b](b.pdf)`\n\n[r]: a.pdf\n") == ["a.pdf"]
    for outside in ("https://x.example/a.pdf", "//x.example/a", "/a.pdf", "#top", "mailto:a@b"):
        assert local_path(outside) is None, outside
    assert local_path("a%20b.pdf?v=2#page=3") == "a b.pdf"


def test_a_file_a_page_links_is_published_beside_it(make_site: SiteMaker) -> None:
    """The regulations link a PDF and show a photo from a folder: both are published where
    the links lead, byte for byte, as is a file in a folder named like one the site writes
    (players/); a file beside the page that no page links (a list of entries with telephone
    numbers) is not."""
    site = _site(make_site)
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.errors]
    output = site / "output/ev"
    assert (output / "regs.pdf").read_bytes() == PDF
    assert (output / "photos/winners day.jpg").read_bytes() == JPEG
    assert not (output / "entries.csv").exists() and not (output / ".env").exists()
    assert not (site / "output/secret.txt").exists()
    assert (output / "players/mine.png").read_bytes() == b"png"
    page = (output / "regulations.html").read_text(encoding="utf-8")
    assert 'href="regs.pdf"' in page and 'src="photos/winners%20day.jpg"' in page
    assert 'href="fees.html#late"' in page  # the page made of fees.md, not the file
    back = (output / "fees.html").read_text(encoding="utf-8")
    assert 'href="regulations.html"' in back


def test_a_link_to_nothing_or_outside_is_a_warning_on_its_line(make_site: SiteMaker) -> None:
    site = _site(make_site)
    report = build_site(site)
    found = [
        (p.code, p.path and p.path.name, p.line, re.sub(r",.*", "", p.message))
        for p in report.problems.warnings
        if p.code in ("broken-link", "link-outside")
    ]
    assert found == [
        ("broken-link", "regulations.md", 7, 'the page links "missing.pdf"'),
        ("link-outside", "regulations.md", 7, 'the page links "../secret.txt"'),
        ("link-outside", "regulations.md", 7, 'the page links ".env"'),
        ("broken-link", "regulations.md", 10, 'the page links "photos"'),
        ("broken-link", "regulations.md", 10, 'the page links "drafts/notes.md"'),
    ]


def test_the_home_page_publishes_its_files_at_the_sites_root(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0"), "rules.md": "# Rules\n"})
    (site / "content/index.md").write_text(
        "# Club\n\n![logo](logo.png) [The rules](ev/rules.md)\n", encoding="utf-8"
    )
    (site / "content/logo.png").write_bytes(b"\x89PNG logo")
    assert build_site(site).written
    assert (site / "output/logo.png").read_bytes() == b"\x89PNG logo"
    home = (site / "output/index.html").read_text(encoding="utf-8")
    assert 'src="logo.png"' in home and 'href="ev/rules.html"' in home


def test_a_changed_or_unlinked_file_is_never_stale(make_site: SiteMaker) -> None:
    site = _site(make_site)
    assert build_site(site).written
    (site / "content/ev/regs.pdf").write_bytes(b"%PDF-1.4 amended")
    assert build_site(site).written
    assert (site / "output/ev/regs.pdf").read_bytes() == b"%PDF-1.4 amended"
    page = site / "content/ev/regulations.md"
    page.write_text(REGULATIONS.replace("(regs.pdf)", "(#top)"), encoding="utf-8")
    assert build_site(site).written
    assert not (site / "output/ev/regs.pdf").exists()
    assert (site / "output/ev/photos/winners day.jpg").read_bytes() == JPEG


def test_a_page_beside_the_home_page_is_reported(make_site: SiteMaker) -> None:
    """content/about.md was left out without a word (only index.md is read there)."""
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    (site / "content/about.md").write_text("# About us\n", encoding="utf-8")
    report = build_site(site)
    assert report.written
    (warning,) = [p for p in report.problems.warnings if p.code == "page-not-read"]
    assert warning.path == site / "content/about.md"
    assert warning.message.startswith("about.md is not published: of content/ itself only")
    assert not (site / "output/about.html").exists()


def test_a_link_through_a_symbolic_link_loop_is_a_broken_link(make_site: SiteMaker) -> None:
    """content/photos linked to itself (a mistaken ``ln -s``): the home page's links through
    it name no file. Each is a broken link on its line; the build stopped with a traceback
    (Python 3.11's ``resolve`` raises ``RuntimeError`` on a loop), first in the load stage
    for the photo, then in the render stage for the page."""
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    (site / "content/photos").symlink_to("photos")
    (site / "content/index.md").write_text(
        "# Club\n\n![prize-giving](photos/prizes.jpg)\n[the report](photos/report.md)\n",
        encoding="utf-8",
    )
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.errors]
    found = [
        (p.code, p.line, p.message)
        for p in report.problems.warnings
        if p.code in ("broken-link", "link-outside")
    ]
    assert found == [
        ("broken-link", 3, 'the page links "photos/prizes.jpg", which is not in its folder'),
        ("broken-link", 4, 'the page links "photos/report.md", which is not in its folder'),
    ]
    home = (site / "output/index.html").read_text(encoding="utf-8")
    assert 'href="photos/report.md"' in home


def test_a_link_in_text_that_looks_like_html_is_published(make_site: SiteMaker) -> None:
    """Raw HTML is shown as text (``markdown_raw_html`` is off), so the Markdown link
    between "<div>" and "</div>" is a link on the page. The file it links was not published
    and no warning said so (the links were read with Markdown's HTML blocks on, which took
    the three lines for markup). With ``markdown_raw_html = true`` the lines are markup on
    the page too: no link, nothing published."""
    page = "# Rules\n\n<div>\n[the regulations](regs.pdf)\n</div>\n"
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0"), "rules.md": page})
    (site / "content/ev/regs.pdf").write_bytes(PDF)
    assert build_site(site).written
    rules = (site / "output/ev/rules.html").read_text(encoding="utf-8")
    assert '<a href="regs.pdf">the regulations</a>' in rules
    assert (site / "output/ev/regs.pdf").read_bytes() == PDF
    (site / "site.toml").write_text("markdown_raw_html = true\n", encoding="utf-8")
    assert build_site(site).written
    rules = (site / "output/ev/rules.html").read_text(encoding="utf-8")
    assert '<a href="regs.pdf">' not in rules
    assert not (site / "output/ev/regs.pdf").exists()


def test_a_link_to_a_file_the_site_makes_is_no_warning(make_site: SiteMaker) -> None:
    """Every event's output holds results.json, standings.csv, games.pgn and tournament.trf:
    a page's link to one ("the standings as a spreadsheet") leads to it, as a link to one of
    its pages does. Each was warned as a broken link (a failed build with --strict)."""
    page = (
        "# Downloads\n\n[CSV](standings.csv), [JSON](results.json), [PGN](games.pgn), "
        "[TRF](tournament.trf), [not one](photos/results.json)\n"
    )
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0"), "files.md": page})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.errors]
    assert [p.message for p in report.problems.warnings if "link" in p.code] == [
        'the page links "photos/results.json", which is not in its folder'
    ]
    downloads = (site / "output/ev/files.html").read_text(encoding="utf-8")
    assert 'href="standings.csv"' in downloads and 'href="tournament.trf"' in downloads
    assert (site / "output/ev/standings.csv").exists() and (site / "output/ev/games.pgn").exists()


def test_a_draft_pages_links_are_not_checked_by_a_build(make_site: SiteMaker) -> None:
    """A report kept back (drafts in site.toml) shows a photo still to be taken: the build,
    which publishes neither, says nothing of it (its warning failed ``build --strict``);
    serve, which shows the draft, warns. The published page's broken link is still told."""
    page = "# Report\n\n![prize-giving](photos/prizes.jpg)\n"
    files = {"g.pgn": pgn_game("1.1", A, B, "1-0"), "report.md": page, "rules.md": "[x](x.pdf)"}
    site = make_site(event_toml(), files)
    (site / "site.toml").write_text('drafts = ["ev/report.md"]\n', encoding="utf-8")
    report = build_site(site)
    found = [(p.code, p.path and p.path.name) for p in report.problems.warnings]
    assert ("broken-link", "rules.md") in found and ("broken-link", "report.md") not in found
    (site / "content/ev/rules.md").write_text("# Rules\n", encoding="utf-8")
    report = build_site(site)
    assert report.written and not [p for p in report.problems.warnings if "link" in p.code]
    served = BuildCache().build(site)
    shown = [(p.code, p.path and p.path.name) for p in served.problems.warnings]
    assert [(code, name) for code, name in shown if "link" in code] == [
        ("broken-link", "report.md")
    ]


def test_a_link_to_a_heading_finds_it_in_any_script(make_site: SiteMaker) -> None:
    """ "Вижте [наградите](#награди)" led nowhere: headings had no id. Each now has the id
    GitHub's editor gives it (lower case, spaces as hyphens, punctuation dropped, letters of
    every script kept); "Main" may not take the skip link's ``main``."""
    page = (
        "# Регламент\n\nВижте [наградите](#награди).\n\n## Награди\n\n"
        "## Ties for first place\n\n## Main\n"
    )
    games = pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")
    site = make_site(event_toml(), {"g.pgn": games, "Регламент.md": page})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    html = (site / "output/ev/регламент.html").read_text(encoding="utf-8")
    assert '<a href="#награди">наградите</a>' in html
    assert '<h2 id="награди">Награди</h2>' in html
    assert '<h2 id="ties-for-first-place">Ties for first place</h2>' in html
    assert '<h2 id="main_1">Main</h2>' in html
    assert html.count('id="main"') == 1


def test_a_heading_typed_with_decomposed_accents_gets_the_composed_id(
    make_site: SiteMaker,
) -> None:
    """ "## Me\u0301daille" (the accent a letter of its own, as macOS file names hold it) got
    the id ``medaille``, so ``[the medal](#médaille)``, typed with the composed é, led nowhere."""
    page = "# Rules\n\nSee [the medal](#médaille).\n\n## Me\u0301daille\n"
    games = pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0")
    site = make_site(event_toml(), {"g.pgn": games, "rules.md": page})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    html = (site / "output/ev/rules.html").read_text(encoding="utf-8")
    assert '<a href="#médaille">the medal</a>' in html
    assert '<h2 id="médaille">' in html


def test_a_link_to_a_page_the_site_does_not_make_is_a_warning(make_site: SiteMaker) -> None:
    """Links ending in .html were taken for pages the site makes, unchecked: "standing.html"
    and "../evt/index.html" (typos) led nowhere without a word. A link to the event's folder
    from the home page ("ev/") was "a folder: a web site shows no folder", though the site
    publishes the event's page there, and a link from an event's page to the home page
    ("../index.html") was "outside its folder". Each is now checked against the pages
    built, on its line, with the closest page's link as written from the page."""
    page = (
        "# Links\n\n[Standings](standings.html), [the home page](../index.html), "
        "[the players](players/)\n"
        "[typo](standing.html#top), [no event](../evt/index.html)\n"
        "[up](../../index.html), [a folder](../evt/)\n"
    )
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0"), "links.md": page})
    (site / "content/index.md").write_text(
        "# Home\n\n[The event](ev/), [its crosstable](ev/crosstable.html)\n", encoding="utf-8"
    )
    report = build_site(site)
    found = [
        (p.path and p.path.name, p.line, p.message, p.hint)
        for p in report.problems.warnings
        if "link" in p.code
    ]
    assert found == [
        (
            "links.md",
            4,
            'the page links "standing.html", a page the site does not have',
            'did you mean "standings.html"?',
        ),
        (
            "links.md",
            4,
            'the page links "../evt/index.html", a page the site does not have',
            'did you mean "index.html"?',
        ),
        (
            "links.md",
            5,
            'the page links "../../index.html", above the site\'s first folder: no page of the '
            "site is there",
            "correct the link (../ goes up one folder from the page's own)",
        ),
        (
            "links.md",
            5,
            'the page links "../evt/", a page the site does not have',
            'did you mean "index.html"?',  # the closest, ev/index.html, is the page's own
        ),
    ]


def test_a_link_to_a_page_the_site_lacks_is_on_the_arbiter_report(make_site: SiteMaker) -> None:
    """A Markdown page's link to a page the site does not make ("player.html") was printed by
    the build but missing from the event's Arbiter report and results.json, where the report
    says every warning is: an organiser reading the report never learnt of it. An event with
    no other warning gets the report (and its link) for it; the home page's own broken link,
    which belongs to no event, is printed only."""
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", "Charlie, Carl", "Delta, Dora", "0-1")
    page = "# Rules\n\nThe [players](player.html), the [standings](standings.html).\n"
    site = make_site(event_toml(), {"g.pgn": games, "rules.md": page})
    (site / "content/index.md").write_text("# Home\n\n[Event](evv/index.html)\n", encoding="utf-8")
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.errors]
    told = [(p.path and p.path.name, p.line, p.message) for p in report.problems.warnings]
    assert told == [
        ("rules.md", 3, 'the page links "player.html", a page the site does not have'),
        ("index.md", 3, 'the page links "evv/index.html", a page the site does not have'),
    ]
    out = site / "output/ev"
    arbiter = (out / "arbiter.html").read_text(encoding="utf-8")
    assert 'Links to pages or files that are not there <span class="count">(1)</span>' in arbiter
    assert "the page links &#34;player.html&#34;, a page the site does not have" in arbiter
    assert "<code>rules.md:3</code>" in arbiter
    assert "evv/index.html" not in arbiter
    assert 'href="arbiter.html"' in (out / "index.html").read_text(encoding="utf-8")
    warned = json.loads((out / "results.json").read_text(encoding="utf-8"))["warnings"]
    assert [(w["code"], w["message"]) for w in warned] == [
        ("broken-link", 'the page links "player.html", a page the site does not have')
    ]


def test_a_link_to_the_arbiter_report_is_broken_only_while_no_warning_makes_one(
    make_site: SiteMaker,
) -> None:
    """An event with no warning has no Arbiter report. A page linking "arbiter.html" alone
    is warned of by the build, and no report is made for it: one was made, its only line
    saying that "arbiter.html" is not there. Beside a broken link to "player.html", the
    report is made for that one, and its own link is not broken then."""
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", "Charlie, Carl", "Delta, Dora", "0-1")
    only = "# Rules\n\nThe [report](arbiter.html).\n"
    site = make_site(event_toml(), {"g.pgn": games, "rules.md": only})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.errors]
    told = [(p.path and p.path.name, p.line, p.message) for p in report.problems.warnings]
    assert told == [("rules.md", 3, 'the page links "arbiter.html", a page the site does not have')]
    out = site / "output/ev"
    assert not (out / "arbiter.html").exists()
    assert json.loads((out / "results.json").read_text(encoding="utf-8"))["warnings"] == []

    both = "# Rules\n\nThe [report](arbiter.html), the [players](player.html).\n"
    (site / "content/ev/rules.md").write_text(both, encoding="utf-8")
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.errors]
    told = [(p.path and p.path.name, p.line, p.message) for p in report.problems.warnings]
    assert told == [("rules.md", 3, 'the page links "player.html", a page the site does not have')]
    arbiter = (out / "arbiter.html").read_text(encoding="utf-8")
    assert "player.html" in arbiter and "arbiter.html&#34;" not in arbiter


def _two_events(make_site: SiteMaker, a_files: dict[str, str], b_files: dict[str, str]) -> Path:
    """Events "a" and "b", four players and two games each, no warning of their own."""
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", "Charlie, Carl", "Delta, Dora", "0-1")
    make_site(event_toml(), {"g.pgn": games, **a_files}, slug="a")
    return make_site(event_toml(), {"g.pgn": games, **b_files}, slug="b")


def _link_warnings(site: Path) -> list[tuple[str, int | None, str]]:
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.errors]
    return [
        (str(p.path.relative_to(site / "content")) if p.path else "", p.line, p.message)
        for p in report.problems.warnings
    ]


def test_a_link_to_another_events_arbiter_report_sees_the_report_the_build_writes(
    make_site: SiteMaker,
) -> None:
    """Event b has a report only for its own page's broken link ("player.html"). Event a's
    notes linking "../b/arbiter.html" were checked against the reports made before any
    link was checked: the link was "a page the site does not have", though b's report was
    written, and a got a report for that false warning alone. Whichever event comes first,
    the link works now: one warning (b's), and only b has a report."""
    to_a = {"notes.md": "# Notes\n\nThe [report](../a/arbiter.html).\n"}
    to_b = {"notes.md": "# Notes\n\nThe [report](../b/arbiter.html).\n"}
    broken = {"rules.md": "# Rules\n\nThe [players](player.html).\n"}
    for a_files, b_files, linked, other in ((to_b, broken, "b", "a"), (broken, to_a, "a", "b")):
        site = _two_events(make_site, a_files, b_files)
        assert _link_warnings(site) == [
            (f"{linked}/rules.md", 3, 'the page links "player.html", a page the site does not have')
        ]
        assert (site / f"output/{linked}/arbiter.html").is_file()
        assert not (site / f"output/{other}/arbiter.html").exists()
        for folder in ("a", "b"):  # the next round writes them afresh
            for name in ("notes.md", "rules.md"):
                (site / "content" / folder / name).unlink(missing_ok=True)


def test_a_link_to_the_report_of_an_event_without_warnings_is_still_broken(
    make_site: SiteMaker,
) -> None:
    """Event b has no warning, so no report: a's link to it is broken, on a's report (a has
    one for it), and event c's page linking a's report finds it."""
    site = _two_events(make_site, {"notes.md": "# Notes\n\nThe [report](../b/arbiter.html).\n"}, {})
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", "Charlie, Carl", "Delta, Dora", "0-1")
    notes = "# Notes\n\nTheir [report](../a/arbiter.html) and\nours.\n"
    make_site(event_toml(), {"g.pgn": games, "notes.md": notes}, slug="c")
    message = 'the page links "../b/arbiter.html", a page the site does not have'
    assert _link_warnings(site) == [("a/notes.md", 3, message)]
    arbiter = (site / "output/a/arbiter.html").read_text(encoding="utf-8")
    assert "the page links &#34;../b/arbiter.html&#34;" in arbiter
    assert not (site / "output/b/arbiter.html").exists()
    assert not (site / "output/c/arbiter.html").exists()


def test_two_events_linking_only_each_others_reports_make_no_report(
    make_site: SiteMaker,
) -> None:
    """Neither event has a warning but its link to the other's report: were both reports
    made for it, both links would work and neither report would have a line. As for a page
    linking its own event's report, the build says the links are broken and makes neither."""
    site = _two_events(
        make_site,
        {"notes.md": "# Notes\n\nThe [report](../b/arbiter.html).\n"},
        {"notes.md": "# Notes\n\nThe [report](../a/arbiter.html).\n"},
    )
    assert _link_warnings(site) == [
        ("a/notes.md", 3, 'the page links "../b/arbiter.html", a page the site does not have'),
        ("b/notes.md", 3, 'the page links "../a/arbiter.html", a page the site does not have'),
    ]
    assert not (site / "output/a/arbiter.html").exists()
    assert not (site / "output/b/arbiter.html").exists()


def test_a_link_from_the_web_servers_root_is_a_warning_with_the_relative_link(
    make_site: SiteMaker,
) -> None:
    """A link "/b/standings.html" works only where the site is the server's root: on GitHub's
    project pages (https://YOU.github.io/REPO/) it leads to YOU.github.io/b/..., and from
    file:// to the disk's root. It was never checked. From content/a/notes.md the relative
    link is "../b/standings.html" (one folder, a/, below content/); from the home page,
    content/index.md, "b/standings.html" and "/" is "index.html". A web address, one from
    another host ("//host/x") and relative links give no warning."""
    notes = (
        "# Notes\n\n[B](/b/standings.html) and [B again](/b/standings.html).\n\n"
        "[web](https://example.org/x) [host](//example.org/x) [ok](../b/standings.html)\n"
    )
    site = _two_events(make_site, {"notes.md": notes}, {})
    (site / "content" / "index.md").write_text(
        "# Home\n\n[B](/b/standings.html)\n\n[home](/)\n", encoding="utf-8"
    )
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.errors]
    told = [
        (str(p.path.relative_to(site / "content")), p.line, p.message.split(",")[0], p.hint)
        for p in report.problems.warnings
        if p.code == "link-outside"
    ]
    linked, write = 'the page links "/b/standings.html"', "write it from this page: "
    assert sorted(told) == [
        ("a/notes.md", 3, linked, write + '"../b/standings.html"'),
        ("index.md", 3, linked, write + '"b/standings.html"'),
        ("index.md", 5, 'the page links "/"', write + '"index.html"'),
    ]
    assert len(report.problems.warnings) == 3
    arbiter = (site / "output" / "a" / "arbiter.html").read_text(encoding="utf-8")
    assert "/b/standings.html" in arbiter
