"""A championship run as separate tournaments (sections), and category views of one event."""

from __future__ import annotations

import json
import re
import shutil
import unicodedata
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from conftest import ROOT

from generator.build import build_site
from generator.config import load_championship_config
from generator.problems import Problems

SECTION = """name = "{name}"
format = "round-robin"
rounds = 3
start = 2026-01-10
rules = "acf-junior"

[[titles]]
name = "{title}"
category = "open"

[[players]]
name = "{p}1"
[[players]]
name = "{p}2"
[[players]]
name = "{p}3"
[[players]]
name = "{p}4"
"""


def _games(p: str) -> str:
    # Player 1 wins everything; 2 beats 3 and 4; 3 beats 4: 3, 2, 1, 0 points.
    pairs = [(1, 1, 2), (1, 3, 4), (2, 1, 3), (2, 2, 4), (3, 1, 4), (3, 2, 3)]
    return "".join(
        f'[Round "{r}"]\n[White "{p}{w}"]\n[Black "{p}{b}"]\n[Result "1-0"]\n\n1-0\n\n'
        for r, w, b in pairs
    )


def _championship(root: Path) -> Path:
    content = root / "content"
    champ = content / "ajc-2026"
    champ.mkdir(parents=True)
    (content / "index.md").write_text("# Results\n", encoding="utf-8")
    (champ / "championship.toml").write_text(
        'name = "Australian Junior Championships 2026"\nstart = 2026-01-10\n'
        'end = 2026-01-16\nlocation = "Canberra"\n'
        'sections = ["under-18-open", "under-16-open", "under-18-girls"]\n',
        encoding="utf-8",
    )
    sections = {
        "under-18-open": ("Under 18 Open", "Australian Junior Champion", "Open18-"),
        "under-16-open": ("Under 16 Open", "Under 16 Champion", "Open16-"),
        "under-18-girls": ("Under 18 Girls", "Australian Junior Girls Champion", "Girls18-"),
    }
    for folder, (name, title, prefix) in sections.items():
        (champ / folder).mkdir()
        (champ / folder / "event.toml").write_text(
            SECTION.format(name=name, title=title, p=prefix), encoding="utf-8"
        )
        (champ / folder / "games.pgn").write_text(_games(prefix), encoding="utf-8")
    # A separate event beside the championship.
    (content / "club").mkdir()
    (content / "club" / "event.toml").write_text(
        SECTION.format(name="Club Cup", title="Club Champion", p="Club"), encoding="utf-8"
    )
    (content / "club" / "games.pgn").write_text(_games("Club"), encoding="utf-8")
    return root


def test_three_sections_built_end_to_end(tmp_path: Path) -> None:
    site = _championship(tmp_path / "site")
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    output = site / "output"
    landing = (output / "ajc-2026/index.html").read_text("utf-8")
    # Sections in the order the championship file gives, each with its winner and title.
    order = [landing.index(n) for n in ("Under 18 Open", "Under 16 Open", "Under 18 Girls")]
    assert order == sorted(order)
    for title, winner in (
        ("Australian Junior Champion", "Open18-1"),
        ("Under 16 Champion", "Open16-1"),
        ("Australian Junior Girls Champion", "Girls18-1"),
    ):
        assert re.search(rf"{title}: <a href=\"[^\"]+\"><bdi>{winner}</bdi></a>", landing), title
    data = json.loads((output / "ajc-2026/under-16-open/results.json").read_text("utf-8"))
    assert data["event"]["slug"] == "ajc-2026/under-16-open"
    assert [s["points"] for s in data["standings"]] == [3, 2, 1, 0]
    # Titles are per section ("one title ... from each tournament").
    assert [p["player"] for p in data["prizes"]] == ["Open16-1"]
    home = (output / "index.html").read_text("utf-8")
    assert 'href="ajc-2026/index.html"' in home and 'href="club/index.html"' in home
    listed = [home.index(f'"ajc-2026/{s}/index.html"') for s in ("under-18-open", "under-16-open")]
    assert listed == sorted(listed)  # the championship file's order, not the folders' (16 < 18)
    section = (output / "ajc-2026/under-16-open/standings.html").read_text("utf-8")
    assert 'href="../index.html">Australian Junior Championships 2026</a>' in section
    for page in output.rglob("*.html"):
        for link in re.findall(r'href="([^"]*)"', page.read_text("utf-8")):
            path = urlsplit(link).path
            if path and not urlsplit(link).scheme:
                assert (page.parent / path).resolve().exists(), (page, link)


def _sections_nav(page: Path) -> list[tuple[str, str, str]]:
    """The links of a page's row of sections: (href, aria-current, name)."""
    found = re.search(r'<ul class="rounds sections"[^>]*>(.*?)</ul>', page.read_text("utf-8"), re.S)
    if found is None:
        return []
    return re.findall(r'<a href="([^"]*)"(?: aria-current="(\w+)")?>([^<]*)</a>', found.group(1))


def test_every_page_of_a_section_links_the_other_sections(tmp_path: Path) -> None:
    """A parent following the Under 16 section reaches the Under 18 ones in one click, in
    the championship file's order; the section of the page is marked. An event outside the
    championship has no such row, and one published section alone needs none."""
    site = _championship(tmp_path / "site")
    assert build_site(site).written
    output = site / "output"
    section = output / "ajc-2026/under-16-open"
    expected = [
        ("../under-18-open/index.html", "", "Under 18 Open"),
        ("index.html", "page", "Under 16 Open"),
        ("../under-18-girls/index.html", "", "Under 18 Girls"),
    ]
    assert _sections_nav(section / "index.html") == expected
    expected[1] = ("index.html", "true", "Under 16 Open")
    for page in ("rounds/round-2.html", "games/r1-b1.html", "players/2-open16-2.html"):
        assert [(unquote(href), *rest) for href, *rest in _sections_nav(section / page)] == [
            (f"../{href}", *rest) for href, *rest in expected
        ], page
    assert _sections_nav(output / "club/standings.html") == []
    # A name changed in one section's event.toml reaches the other sections' pages.
    girls = site / "content/ajc-2026/under-18-girls/event.toml"
    girls.write_text(girls.read_text("utf-8").replace("Under 18 Girls", "U18 Girls"), "utf-8")
    assert build_site(site).written
    assert _sections_nav(section / "standings.html")[2] == (
        "../under-18-girls/index.html",
        "",
        "U18 Girls",
    )
    held = 'drafts = ["ajc-2026/under-18-open", "ajc-2026/under-16-open"]\n'
    (site / "site.toml").write_text(held, encoding="utf-8")
    assert build_site(site).written
    assert _sections_nav(output / "ajc-2026/under-18-girls/index.html") == []


def test_a_missing_section_is_reported(tmp_path: Path) -> None:
    site = _championship(tmp_path / "site")
    marker = site / "content/ajc-2026/championship.toml"
    marker.write_text(marker.read_text("utf-8").replace('"under-18-girls"', '"u18-girls"'))
    report = build_site(site)
    (error,) = report.problems.errors
    assert error.message == 'the section "u18-girls" has no event.toml'
    assert error.path == marker
    assert error.line == 5  # name, start, end, location, then sections = [...]


def test_category_standings_are_views_of_one_event(tmp_path: Path) -> None:
    site = tmp_path / "demo"
    shutil.copytree(ROOT / "content", site / "content")
    assert build_site(site).written
    page = (site / "output/junior-championship/categories/u12.html").read_text("utf-8")
    names = re.findall(r'<th scope="row"><a href="[^"]+"><bdi>([^<]+)</bdi></a>', page)
    # Under 12 on 2026-01-01, in the overall order (see test_demo): 17, 19, 11, 13, 16, 21, 22,
    # 23, 24.
    assert names == [
        "Quinlan, Ruby", "Ellery, Sophie", "Kowalczyk, Jasper", "Tran, Hugo", "Ashdown, Billy",
        "Pillai, Arjun", "Cavanagh, Isla", "Dunstan, Toby", "Vuong, Chloe",
    ]  # fmt: skip
    places = re.findall(r"<tr>\s*<td>([^<]+)</td>\s*<td>([^<]+)</td>", page)
    assert places[:3] == [("1", "11"), ("2", "14"), ("3", "15")]


def test_a_section_that_has_not_started(tmp_path: Path) -> None:
    """Round 1 paired in one section, no result yet: no winner, no title and no warning (a
    strict build passes); every prize waits for the results."""
    site = _championship(tmp_path / "site")
    pgn = site / "content/ajc-2026/under-16-open/games.pgn"
    first_round = pgn.read_text("utf-8").split('[Round "2"]')[0]
    pgn.write_text(first_round.replace("1-0", "*"), encoding="utf-8")
    report = build_site(site, strict=True)
    assert report.written, [p.format() for p in report.problems.items]
    assert not report.problems.items
    landing = (site / "output/ajc-2026/index.html").read_text("utf-8")
    row = landing[landing.index(">Under 16 Open</a>") : landing.index(">Under 18 Girls</a>")]
    assert "not started" in row and "Open16-1" not in row
    assert "awarded after the last round" in row and "Under 16 Champion" not in row
    data = json.loads((site / "output/ajc-2026/under-16-open/results.json").read_text("utf-8"))
    assert [(p["status"], p["reason"]) for p in data["prizes"]] == [
        ("pending", "no game has a result yet")
    ]


def test_a_section_still_being_played_names_its_leader_not_its_champion(tmp_path: Path) -> None:
    """After round 2 of 3 (the last round paired, no result yet), Open16-1 leads with 2: the
    landing page says so, and names no champion before the last round."""
    site = _championship(tmp_path / "site")
    pgn = site / "content/ajc-2026/under-16-open/games.pgn"
    rounds = pgn.read_text("utf-8").split('[Round "3"]')
    pgn.write_text(
        rounds[0] + '[Round "3"]'.join(r.replace("1-0", "*") for r in ["", *rounds[1:]]),
        encoding="utf-8",
    )
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    landing = (site / "output/ajc-2026/index.html").read_text("utf-8")
    row = landing[landing.index(">Under 16 Open</a>") : landing.index(">Under 18 Girls</a>")]
    assert "after round 2 of 3" in row
    assert re.search(r">Open16-1</bdi></a> <span class=\"note\">\(leading\)</span>", row)
    assert "awarded after the last round" in row and "Under 16 Champion" not in row


def test_a_draft_championship_is_not_published(tmp_path: Path) -> None:
    """site.toml ``drafts``: the championship's folder holds back its page and every section;
    holding back every section holds back the page too; one section alone leaves the rest."""
    site = _championship(tmp_path / "site")
    for drafts, published in (
        ('["ajc-2026"]', []),
        ('["ajc-2026/*"]', []),
        ('["ajc-2026/under-16-open"]', ["under-18-girls", "under-18-open"]),
    ):
        (site / "site.toml").write_text(f"drafts = {drafts}\n", encoding="utf-8")
        report = build_site(site)
        assert report.written, [p.format() for p in report.problems.items]
        output = site / "output"
        home = (output / "index.html").read_text("utf-8")
        assert ("ajc-2026/index.html" in home) == bool(published), drafts
        assert (output / "ajc-2026/index.html").exists() == bool(published), drafts
        found = sorted(p.parent.name for p in output.glob("ajc-2026/*/results.json"))
        assert found == published, drafts
        assert (output / "club/index.html").exists()


def test_folders_that_would_publish_to_one_place_are_errors(tmp_path: Path) -> None:
    site = _championship(tmp_path / "site")
    content = site / "content"
    shutil.copytree(content / "club", content / "Club!")  # "club/" too
    (content / "ajc-2026/event.toml").write_text(  # over the championship's page
        SECTION.format(name="Stray", title="Stray Champion", p="Stray"), encoding="utf-8"
    )
    report = build_site(site)
    assert not report.written
    clashes = sorted(
        (p.path.relative_to(content).as_posix(), p.message)
        for p in report.problems.errors
        if p.code == "slug-clash"
    )
    assert clashes == [
        (
            "ajc-2026/event.toml",
            'the pages of ajc-2026/ would go to "ajc-2026/", over the championship\'s own page '
            "(championship.toml is beside it)",
        ),
        (  # folders are read in name order: "Club!" first
            "club/event.toml",
            'the pages of club/ would go to "club/", over the pages of Club!/',
        ),
    ]


def test_two_championships_of_one_address_are_an_error(tmp_path: Path) -> None:
    """ "AJC 2026/" and "ajc-2026/" both publish to ajc-2026/: one landing page silently
    replaced the other (and the home page linked both to it). The second is an error."""
    site = _championship(tmp_path / "site")
    content = site / "content"
    shutil.copytree(content / "ajc-2026", content / "AJC 2026")
    report = build_site(site)
    assert not report.written
    clashes = [
        (p.path.relative_to(content).as_posix(), p.message)
        for p in report.problems.errors
        if p.code == "slug-clash"
    ]
    assert clashes == [
        (
            "ajc-2026/championship.toml",
            'the championship ajc-2026/ would go to "ajc-2026/", over the championship AJC 2026/',
        )
    ]


def test_folders_in_another_script_have_their_own_address_and_case_does_not_count(
    tmp_path: Path,
) -> None:
    """Two events named in Cyrillic both went to "x/" and the build refused them; now each
    has its own folder. "КУБОК" and "Кубок" are one folder on macOS and Windows, which
    ignore case: one address, an error rather than one event overwriting the other."""
    site = _championship(tmp_path / "site")
    content = site / "content"
    shutil.copytree(content / "club", content / "Кубок")
    shutil.copytree(content / "club", content / "Первенство")
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    assert (site / "output/кубок/results.json").is_file()
    assert (site / "output/первенство/results.json").is_file()
    shutil.copytree(content / "club", content / "КУБОК")
    report = build_site(site)
    assert not report.written
    clashes = [
        (p.path.relative_to(content).as_posix(), p.message)
        for p in report.problems.errors
        if p.code == "slug-clash"
    ]
    assert clashes == [  # "У" (U+0423) sorts before "у" (U+0443): КУБОК/ is read first
        ("Кубок/event.toml", 'the pages of Кубок/ would go to "кубок/", over the pages of КУБОК/')
    ]


def test_the_championship_file_is_checked(tmp_path: Path) -> None:
    site = _championship(tmp_path / "site")
    marker = site / "content/ajc-2026/championship.toml"
    marker.write_text(
        'name = "AJC"\nstart = 2026-01-10\nend = 2025-01-01\n'
        'sections = ["under-18-open", "../club", "under-18-open"]\n',
        encoding="utf-8",
    )
    report = build_site(site)
    assert not report.written
    assert [(p.line, p.message) for p in report.problems.errors if p.path == marker] == [
        (3, "end: the championship ends (2025-01-01) before it starts"),
        (4, 'sections[2]: "../club" is not a folder of the championship'),
        (4, 'sections[3]: "under-18-open" is listed twice'),
    ]


_SECTIONS_LIST = (
    "sections is a list, written on one line with its items in brackets: write "
    'sections = ["under-12"]'
)


@pytest.mark.parametrize(
    ("key", "message"),
    [
        (
            "section",
            'section: section.name = "under-12" is TOML for the key name in a table section, '
            "and section is not a table championship.toml knows",
        ),
        (
            "sections",
            'sections: sections.name = "under-12" makes sections one table (a dotted key '
            "a.b = ... is TOML for the key b in a table a), but sections is a list",
        ),
    ],
    ids=["section", "sections"],
)
def test_a_section_written_as_a_dotted_key_is_told_the_sections_line(
    tmp_path: Path, key: str, message: str
) -> None:
    """``section.name = "x"`` was told 'did you mean name = "x"?', the championship's own
    name; ``sections.name`` that a list was "found a table {'name': 'x'}", without a hint.
    The sections are one line, their folders in brackets."""
    path = tmp_path / "championship.toml"
    path.write_text(f'name = "AJC"\n{key}.name = "under-12"\n', encoding="utf-8")
    problems = Problems()
    config, _ = load_championship_config(path, problems)
    assert config is None
    assert [(p.line, p.message, p.hint) for p in problems.errors] == [(2, message, _SECTIONS_LIST)]


def test_an_event_key_in_championship_toml_is_told_it_belongs_in_each_section(
    tmp_path: Path,
) -> None:
    """``rounds = 9``, ``[scoring]`` or ``section.rounds = 9`` in championship.toml were an
    unknown key, table or table "section" with the championship's own keys to choose from
    (name, start ...), none of them the fix: these are each section's event.toml's."""
    path = tmp_path / "championship.toml"
    path.write_text(
        'name = "AJC"\nrounds = 9\nsection.rounds = 9\n[scoring]\nwin = 3.0\n', encoding="utf-8"
    )
    problems = Problems()
    config, _ = load_championship_config(path, problems)
    assert config is None
    where = "each section's event.toml (the event folders inside this one)"
    told = [(p.line, p.message, p.hint) for p in problems.errors]
    assert told == [
        (2, f"rounds: this key belongs in {where}", "move it there"),
        (
            3,
            "section: section.rounds = 9 is TOML for the key rounds in a table section, and "
            "section is not a table championship.toml knows",
            f"rounds is not set in championship.toml: it belongs in {where}",
        ),
        (4, f"scoring: this table belongs in {where}", "move it there"),
    ]


def test_a_section_folder_left_out_of_the_list_is_reported(tmp_path: Path) -> None:
    site = _championship(tmp_path / "site")
    marker = site / "content/ajc-2026/championship.toml"
    marker.write_text(marker.read_text("utf-8").replace(', "under-18-girls"', ""), "utf-8")
    report = build_site(site)
    assert report.written
    (warning,) = [p for p in report.problems.items if p.path == marker]
    assert warning.message == (
        'the folder "under-18-girls" has an event.toml but is not one of the sections: it is '
        "published as an event of its own"
    )
    assert warning.line == 5  # on sections = [...], where to add it


def test_a_player_in_two_sections_is_reported(tmp_path: Path) -> None:
    site = _championship(tmp_path / "site")
    girls = site / "content/ajc-2026/under-18-girls"
    for name in ("event.toml", "games.pgn"):
        path = girls / name
        path.write_text(path.read_text("utf-8").replace("Girls18-4", "Open16-4"), "utf-8")
    report = build_site(site)
    assert report.written
    (warning,) = [p for p in report.problems.items if p.code == "championship"]
    assert warning.message == "Open16-4 plays in two sections: Under 16 Open and Under 18 Girls"
    # On the entry to correct, the fourth [[players]] line (17) of the second section's file,
    # naming the other: it was championship.toml, which lists no player, without a line.
    assert (warning.path, warning.line) == (girls / "event.toml", 17)
    assert warning.hint == (
        "enter each player in one section; two players of one name need names that tell them "
        "apart (the other entry: content/ajc-2026/under-16-open/event.toml:17)"
    )
    # On the Arbiter report of the section whose entry to correct it names, and in its
    # results.json: the build's terminal alone said it, and no page did.
    output = site / "output/ajc-2026"
    report_page = (output / "under-18-girls/arbiter.html").read_text("utf-8")
    assert "Open16-4 plays in two sections: Under 16 Open and Under 18 Girls" in report_page
    data = json.loads((output / "under-18-girls/results.json").read_text("utf-8"))
    assert [w["code"] for w in data["warnings"]] == ["championship"]
    assert not (output / "under-16-open/arbiter.html").exists()


def test_one_fide_id_in_two_sections_is_reported(tmp_path: Path) -> None:
    """One player entered twice under two spellings, with one FIDE id: the names differ, so
    only the id tells (two titles could go to one player)."""
    site = _championship(tmp_path / "site")
    for folder, name in (("under-16-open", "Open16-2"), ("under-18-girls", "Girls18-3")):
        path = site / "content/ajc-2026" / folder / "event.toml"
        text = path.read_text("utf-8")
        path.write_text(text.replace(f'"{name}"\n', f'"{name}"\nfide_id = 3200001\n'), "utf-8")
    report = build_site(site)
    assert report.written
    (warning,) = [p for p in report.problems.items if p.code == "championship"]
    assert warning.message == "Girls18-3 plays in two sections: Under 16 Open and Under 18 Girls"


def test_section_names_are_folder_names(tmp_path: Path) -> None:
    site = _championship(tmp_path / "site")
    marker = site / "content/ajc-2026/championship.toml"
    long = "x" * 300
    marker.write_text(
        f'name = "AJC"\nsections = ["under-18-open", "./under-18-open", "{long}", "./.."]\n',
        encoding="utf-8",
    )
    report = build_site(site)
    assert not report.written
    assert [p.message for p in report.problems.errors if p.path == marker] == [
        'sections[2]: "./under-18-open" is listed twice',
        "sections[3]: is too long for a folder name",
        'sections[4]: "./.." is not a folder of the championship',
    ]


def test_a_drafts_pattern_that_matches_nothing_is_reported(tmp_path: Path) -> None:
    site = _championship(tmp_path / "site")
    (site / "site.toml").write_text('drafts = ["content/ajc-2026"]\n', encoding="utf-8")
    report = build_site(site)
    assert report.written and (site / "output/ajc-2026/index.html").exists()
    (warning,) = [p for p in report.problems.items if p.code == "drafts"]
    assert warning.message == 'drafts: "content/ajc-2026" matches no folder or page under content/'
    (site / "site.toml").write_text('drafts = ["./ajc-2026"]\n', encoding="utf-8")
    report = build_site(site)
    assert report.written and not report.problems.items
    assert not (site / "output/ajc-2026").exists()


def test_a_section_listed_in_another_unicode_form_is_its_folder(tmp_path: Path) -> None:
    """macOS names a folder "Garçons" with "c" and a combining cedilla; championship.toml
    lists it typed, with "ç" as one character. The two look alike and are one section (it
    was reported missing, and its folder as not a section)."""
    site = _championship(tmp_path / "site")
    champ = site / "content/ajc-2026"
    typed, on_disk = "Garçons Élite", unicodedata.normalize("NFD", "Garçons Élite")
    (champ / "under-18-girls").rename(champ / on_disk)
    marker = champ / "championship.toml"
    marker.write_text(marker.read_text("utf-8").replace("under-18-girls", typed), "utf-8")
    report = build_site(site)
    assert report.written and not report.problems.items, [p.format() for p in report.problems.items]
    assert (site / "output/ajc-2026/garcons-elite/results.json").is_file()


def test_an_event_folder_too_deep_is_reported_and_an_empty_championship_left_out(
    tmp_path: Path,
) -> None:
    """Sections one folder too deep (content/ajc/open/under-18/) were read by nothing: the
    championship was published with no section, and the only word was "no events"."""
    site = _championship(tmp_path / "site")
    champ = site / "content/ajc-2026"
    for section in ("under-18-open", "under-16-open", "under-18-girls"):
        (champ / "deeper").mkdir(exist_ok=True)
        (champ / section).rename(champ / "deeper" / section)
    marker = champ / "championship.toml"
    marker.write_text(marker.read_text("utf-8").replace("sections = [", "# sections = ["), "utf-8")
    report = build_site(site)
    assert report.written
    warnings = [(p.code, p.message) for p in report.problems.warnings]
    assert warnings == [
        (
            "event-not-read",
            f"ajc-2026/deeper/{section}/event.toml is not read: an event's folder is "
            "content/<event>/, or content/<championship>/<section>/ beside a championship.toml",
        )
        for section in ("under-16-open", "under-18-girls", "under-18-open")
    ] + [
        (
            "championship",
            "the championship ajc-2026 has no section to publish: its page is left out",
        )
    ]
    assert not (site / "output/ajc-2026").exists()
    assert (site / "output/club/index.html").is_file()


def test_a_page_in_the_championships_own_folder_is_reported(tmp_path: Path) -> None:
    """Markdown beside championship.toml is published nowhere: it was dropped without a word."""
    site = _championship(tmp_path / "site")
    page = site / "content/ajc-2026/regulations.md"
    page.write_text("# Regulations\n", encoding="utf-8")
    report = build_site(site)
    assert report.written
    assert [(p.path, p.code) for p in report.problems.warnings] == [(page, "championship")]


def test_sections_that_fail_are_not_called_missing(tmp_path: Path) -> None:
    """Every section's event.toml there, each with an error of its own: the build named those
    errors, then warned that the championship had "no section to publish" and that "a section
    is a folder beside championship.toml holding an event.toml", which each of them is."""
    site = _championship(tmp_path / "site")
    champ = site / "content/ajc-2026"
    for section in ("under-18-open", "under-16-open", "under-18-girls"):
        event = champ / section / "event.toml"
        event.write_text(event.read_text("utf-8").replace("rounds = ", "rounds = -"), "utf-8")
    report = build_site(site)
    assert not report.written
    assert [p.path for p in report.problems.errors] == [
        champ / section / "event.toml"
        for section in ("under-16-open", "under-18-girls", "under-18-open")
    ]
    assert not report.problems.warnings


def test_the_leaders_of_a_section_read_as_so_many_players(tmp_path: Path) -> None:
    """After round 1 of a six-player section three players won: they share first place. Their
    names are written "Last, First", so the landing page parts them with "; " (", " made
    "Lopez, Ana, Oz, Dara, Quinn, Fay" read as six players); the other section's two leaders,
    with no comma in their names, are joined by " and "."""
    site = _championship(tmp_path / "site")
    section = site / "content/ajc-2026/under-18-girls"
    names = ["Lopez, Ana", "Ng, Ben", "Oz, Dara", "Roe, Eli", "Quinn, Fay", "Sato, Gus"]
    (section / "event.toml").write_text(
        'name = "Under 18 Girls"\nformat = "round-robin"\nrounds = 5\nstart = 2026-01-10\n'
        'rules = "acf-junior"\n' + "".join(f'[[players]]\nname = "{n}"\n' for n in names),
        encoding="utf-8",
    )
    pairs = [(names[0], names[1]), (names[2], names[3]), (names[4], names[5])]
    games = (
        f'[Round "1"]\n[White "{w}"]\n[Black "{b}"]\n[Result "1-0"]\n\n1-0\n\n' for w, b in pairs
    )
    (section / "games.pgn").write_text("".join(games), encoding="utf-8")
    open16 = site / "content/ajc-2026/under-16-open/games.pgn"
    open16.write_text(_games("Open16-").split('[Round "2"]')[0], encoding="utf-8")
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    landing = (site / "output/ajc-2026/index.html").read_text("utf-8")
    cells = re.findall(r'<td data-label="First place">(.*?)</td>', landing)
    text = [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", cell)).strip() for cell in cells]
    assert text[1:] == [
        "Open16-1 and Open16-3 (shared) (leading)",
        "Lopez, Ana; Oz, Dara and Quinn, Fay (shared) (leading)",
    ]
    # So does the text a shared link shows, each name isolated (and one point is "point").
    page = (site / "output/ajc-2026/under-18-girls/index.html").read_text("utf-8")
    (card,) = re.findall(r'<meta name="description" content="([^"]*)"', page)
    assert card.startswith(
        "After round 1 of 5: \u2068Lopez, Ana\u2069; \u2068Oz, Dara\u2069 and "
        "\u2068Quinn, Fay\u2069 lead with 1 point. "
    )


def test_a_section_ranked_by_other_rules_is_reported(tmp_path: Path) -> None:
    """Sections of one championship are played under one set of regulations: a section whose
    event.toml lost its rules line was ranked by the default, "fide", with no tie-break and no
    play-off, without a word. The rapid preset is the same by-law (clause 5.3.4), and a
    section of other rules written out is named on its line."""
    site = _championship(tmp_path / "site")
    champ = site / "content/ajc-2026"
    girls, open16 = champ / "under-18-girls/event.toml", champ / "under-16-open/event.toml"
    girls.write_text(girls.read_text("utf-8").replace('rules = "acf-junior"\n', ""), "utf-8")
    text = open16.read_text("utf-8")
    open16.write_text(text.replace('"acf-junior"', '"acf-junior-rapid"'), "utf-8")
    report = build_site(site)
    assert report.written
    assert [(p.path, p.line, p.message, p.hint) for p in report.problems.warnings] == [
        (
            girls,
            None,
            'the section "Under 18 Girls" is ranked by the rules "fide" (no rules line: the '
            'default), the other sections by "acf-junior"',
            'write rules = "acf-junior" in its event.toml if the section is played under the '
            "same regulations: the rules give its tie-breaks and its play-off",
        )
    ]
    girls.write_text(
        girls.read_text("utf-8").replace("start =", 'rules = "us-junior-closed"\nstart =')
    )
    report = build_site(site)
    (warning,) = [p for p in report.problems.warnings if p.code == "championship"]
    assert (warning.path, warning.line) == (girls, 4)  # name, format, rounds, then rules
    assert warning.message.startswith('the section "Under 18 Girls" is ranked by the rules "us-')


def test_two_sections_of_one_name_are_reported(tmp_path: Path) -> None:
    """The landing page, the row of sections and the build's messages name sections by their
    event's name: two alike (case and spacing aside) could not be told apart."""
    site = _championship(tmp_path / "site")
    girls = site / "content/ajc-2026/under-18-girls/event.toml"
    girls.write_text(girls.read_text("utf-8").replace("Under 18 Girls", "under 16  OPEN"), "utf-8")
    report = build_site(site)
    assert report.written
    assert [(p.path, p.line, p.message) for p in report.problems.warnings] == [
        (girls, 1, 'two sections are named "under 16  OPEN": under-16-open/ and under-18-girls/')
    ]


def test_sections_taking_ages_on_other_days_are_reported(tmp_path: Path) -> None:
    """A championship over New Year: the Under 18 section starts on 2025-12-28, so without an
    age_reference_date its ages are taken on 2025-01-01, the Under 16 section's on the
    2026-01-01 it writes. A player born 2010-06-01 is 14 on the first day and 15 on the
    second: Under 15 in one section and not in the other. The section that takes the date by
    default is the one named (the two are one against one), on its start line (4)."""
    site = _championship(tmp_path / "site")
    champ = site / "content/ajc-2026"
    marker = champ / "championship.toml"
    marker.write_text(marker.read_text("utf-8").replace("2026-01-10", "2025-12-28"), "utf-8")
    u15 = '\n[[categories]]\nid = "U15"\nname = "Under 15"\nunder = 15\n'
    for folder, old, new in (
        ("under-18-open", "start = 2026-01-10", "start = 2025-12-28"),
        (
            "under-16-open",
            'rules = "acf-junior"',
            'rules = "acf-junior"\nage_reference_date = 2026-01-01',
        ),
    ):
        event = champ / folder / "event.toml"
        text = event.read_text("utf-8").replace(old, new)
        text = re.sub(r'(name = "Open1\d-\d")\n', r"\1\nborn = 2010-06-01\n", text)
        event.write_text(text + u15, "utf-8")
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    assert [(p.path, p.line, p.message, p.hint) for p in report.problems.warnings] == [
        (
            champ / "under-18-open/event.toml",
            4,
            'the section "Under 18 Open" takes ages on 2025-01-01 (1 January of its start year), '
            "the other sections on 2026-01-01: a player's age group would depend on the section",
            "write age_reference_date = 2026-01-01 in its event.toml, the day the championship's "
            "age groups are reckoned on",
        )
    ]
    # The ages as the sections took them: 14 in one, under 15; 15 in the other, not.
    for folder, names in (
        ("under-18-open", ["Open18-1", "Open18-2", "Open18-3", "Open18-4"]),
        ("under-16-open", []),
    ):
        page = (site / f"output/ajc-2026/{folder}/categories/u15.html").read_text("utf-8")
        assert re.findall(r'<th scope="row"><a href="[^"]+"><bdi>([^<]+)</bdi></a>', page) == names


def test_the_home_pages_link_preview_names_the_championship(tmp_path: Path) -> None:
    """A shared link to the home page read "Results: Under 16 Open; Under 18 Girls; Under 18
    Open; Club Cup": sections without their championship, in the folders' order. It now names
    the championship with its sections in the championship file's order, then the events."""
    site = _championship(tmp_path / "site")
    assert build_site(site).written
    home = (site / "output/index.html").read_text("utf-8")
    expected = (
        "Results: Australian Junior Championships 2026 (Under 18 Open; Under 16 Open; "
        "Under 18 Girls); Club Cup"
    )
    assert f'<meta name="description" content="{expected}">' in home
    assert f'<meta property="og:description" content="{expected}">' in home
    club = site / "content/club"
    shutil.rmtree(club)
    assert build_site(site).written
    home = (site / "output/index.html").read_text("utf-8")
    assert (
        '<meta name="description" content="Results: Australian Junior Championships 2026 (' in home
    )
    assert 'Under 18 Girls)">' in home


def test_a_section_outside_the_championships_dates_is_reported(tmp_path: Path) -> None:
    """The championship runs 2026-01-10 to 2026-01-16; a section's event.toml copied from last
    year still starts on 2025-01-10 (its ages would be taken on 2025-01-01) and one ends on
    2026-01-17. Each is named on its line; a section inside the dates is not."""
    site = _championship(tmp_path / "site")
    champ = site / "content/ajc-2026"
    open18, girls = champ / "under-18-open/event.toml", champ / "under-18-girls/event.toml"
    open18.write_text(open18.read_text("utf-8").replace("2026-01-10", "2025-01-10"), "utf-8")
    text = girls.read_text("utf-8")
    girls.write_text(text.replace("start = 2026-01-10", "start = 2026-01-16\nend = 2026-01-17"))
    report = build_site(site)
    assert report.written
    assert [(p.path, p.line, p.message, p.hint) for p in report.problems.warnings] == [
        (
            open18,
            4,
            'the section "Under 18 Open" starts on 2025-01-10, outside the championship\'s '
            "dates (2026-01-10 to 2026-01-16)",
            "correct start in the section's event.toml, or start and end in championship.toml",
        ),
        (
            girls,
            5,
            'the section "Under 18 Girls" ends on 2026-01-17, outside the championship\'s '
            "dates (2026-01-10 to 2026-01-16)",
            "correct end in the section's event.toml, or start and end in championship.toml",
        ),
    ]


def test_a_section_listed_in_other_letter_cases_is_its_folder(tmp_path: Path) -> None:
    """championship.toml lists "Under-16-OPEN" for the folder under-16-open/: macOS and
    Windows, which ignore case, built the site; GitHub's Linux stopped with 'the section
    "Under-16-OPEN" has no event.toml' ("create it") and published the folder as an event of
    its own. The section is its folder on every system now; listed twice in two cases, it is
    listed twice."""
    site = _championship(tmp_path / "site")
    marker = site / "content/ajc-2026/championship.toml"
    marker.write_text(marker.read_text("utf-8").replace('"under-16-open"', '"Under-16-OPEN"'))
    report = build_site(site)
    assert report.written and not report.problems.items, [p.format() for p in report.problems.items]
    assert [
        href for href, *_ in _sections_nav(site / "output/ajc-2026/under-18-girls/index.html")
    ] == [
        "../under-18-open/index.html",
        "../under-16-open/index.html",
        "index.html",
    ]
    marker.write_text(
        marker.read_text("utf-8").replace('"Under-16-OPEN"', '"under-16-open", "Under-16-Open"')
    )
    report = build_site(site)
    assert not report.written
    assert [(p.line, p.message) for p in report.problems.errors] == [
        (5, 'sections[3]: "Under-16-Open" is listed twice')
    ]


def test_a_sections_pages_name_the_championship_in_their_titles(tmp_path: Path) -> None:
    """A browser tab, a bookmark or a search result read "Standings · Under 16 Open" of some
    championship: a section's page titles now name it; an event of its own keeps its name
    alone. Game and player pages (written in Python) say the same as their templates."""
    site = _championship(tmp_path / "site")
    assert build_site(site).written
    output = site / "output"
    section = "Under 16 Open · Australian Junior Championships 2026"

    def title(path: str) -> str:
        found = re.search(r"<title>([^<]*)</title>", (output / path).read_text("utf-8"))
        assert found is not None, path
        return found.group(1)

    assert title("ajc-2026/under-16-open/standings.html") == f"Standings · {section}"
    player = "\u2068Open16-1\u2069"  # a name isolated, as every title isolates it
    assert title("ajc-2026/under-16-open/players/1-open16-1.html") == f"{player} · {section}"
    assert title("ajc-2026/under-16-open/games/r1-b1.html").endswith(f", round 1 · {section}")
    assert title("club/standings.html") == "Standings · Club Cup"


def test_a_sections_trf_names_the_championship(tmp_path: Path) -> None:
    """A section's tournament.trf is read away from the site (a rating officer's program):
    its tournament name (record 012) was "Under 16 Open" of some championship. It names the
    championship now, in ASCII; an event of its own keeps its name alone."""
    site = _championship(tmp_path / "site")
    assert build_site(site).written

    def name(path: str) -> str:
        trf = (site / "output" / path).read_text("utf-8")
        return next(line[4:] for line in trf.splitlines() if line.startswith("012 "))

    assert name("ajc-2026/under-16-open/tournament.trf") == (
        "Under 16 Open - Australian Junior Championships 2026"
    )
    assert name("club/tournament.trf") == "Club Cup"
