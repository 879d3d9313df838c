"""Every page of the demo site is valid HTML: a strict HTML5 parser (html5lib) reads each one
without a parse error, ids are unique, and the structure screen readers rely on is there
(captions and scoped headers on data tables, a text alternative for every chart and board,
a name for every link). Plus the social card (Open Graph) of every page.

These checks need no browser, so they cover every page, every game page included; the checks
that need one (axe-core, contrast in both schemes, the keyboard) are in test_accessibility.py.

The demo is built with a small championship beside it, for the pages the demo does not have:
a championship landing page, an Arbiter report, a Swiss event in progress.
"""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from xml.etree.ElementTree import Element

import html5lib
import pytest
from conftest import ROOT

from generator.build import build_site

PLAYERS = "".join(
    f'[[players]]\nname = "{name}"\nrating = {rating}\nfederation = "AUS"\n\n'
    for name, rating in (
        ("Alpha, Anna", 2100),
        ("Bravo, Bob", 2000),
        ("Charlie, Carl", 1900),
        ("Delta, Dora", 1800),
    )
)
A, B, C, D = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora"
SVG = "{http://www.w3.org/2000/svg}"


def _game(round_tag: str, white: str, black: str, result: str, moves: str = "") -> str:
    return (
        f'[Event "Club"]\n[Round "{round_tag}"]\n[White "{white}"]\n[Black "{black}"]\n'
        f'[Result "{result}"]\n\n{moves} {result}\n\n'
    )


EXTRAS = {
    "club-2026/championship.toml": 'name = "Club Championship 2026"\nstart = 2026-03-01\n'
    'end = 2026-03-02\nlocation = "Springfield"\nsections = ["open", "rapid"]\n',
    # A finished round robin with an illegal move (an Arbiter report) and an arbiter's decision.
    "club-2026/open/event.toml": 'name = "Club Open"\nformat = "round-robin"\nrounds = 3\n'
    'start = 2026-03-01\n\n[[results]]\nround = 2\nwhite = "Bravo, Bob"\n'
    'black = "Delta, Dora"\nresult = "-+"\nreason = "White did not arrive"\n\n' + PLAYERS,
    "club-2026/open/games.pgn": _game("1.1", A, B, "1-0", "1. e4 e5 2. Ke3")
    + _game("1.2", C, D, "1/2-1/2")
    + _game("2.1", A, C, "1-0", "1. d4 d5 2. c4 e6")
    + _game("3.1", A, D, "1-0")
    + _game("3.2", B, C, "1/2-1/2", "1. Nf3 Nf6"),
    # A Swiss after its first round of three: the leaders, not a winner.
    "club-2026/rapid/event.toml": 'name = "Club Rapid"\nformat = "swiss"\nrounds = 3\n'
    "start = 2026-03-02\n\n" + PLAYERS,
    "club-2026/rapid/games.pgn": _game("1.1", A, C, "1-0", "1. e4 c5")
    + _game("1.2", D, B, "1/2-1/2"),
}


def build_demo(folder: Path, site_toml: str = "") -> Path:
    """The demo site of content/ and the extras above, built into ``folder/output``."""
    shutil.copytree(ROOT / "content", folder / "content")
    for name, text in EXTRAS.items():
        path = folder / "content" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    if site_toml:
        (folder / "site.toml").write_text(site_toml, encoding="utf-8")
    report = build_site(folder)
    assert report.written, [p.format() for p in report.problems.items]
    return folder / "output"


@pytest.fixture(scope="module")
def output(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_demo(tmp_path_factory.mktemp("demo"))


def html_pages(output: Path) -> list[str]:
    return sorted(p.relative_to(output).as_posix() for p in output.rglob("*.html"))


def parse(path: Path) -> Element:
    """The page as an element tree, with plain tag names (no XHTML namespace)."""
    parser = html5lib.HTMLParser(strict=True, namespaceHTMLElements=False)
    tree: Element = parser.parse(path.read_bytes(), transport_encoding="utf-8")
    return tree


@pytest.fixture(scope="module")
def trees(output: Path) -> Iterator[dict[str, Element]]:
    yield {name: parse(output / name) for name in html_pages(output)}


def text_of(element: Element) -> str:
    return " ".join("".join(element.itertext()).split())


def test_the_build_has_every_kind_of_page(output: Path) -> None:
    pages = html_pages(output)
    assert len(pages) > 250
    for needed in (
        "index.html",
        "club-2026/index.html",
        "club-2026/open/arbiter.html",
        "club-2026/rapid/standings.html",
        "junior-closed/playoff.html",
        "junior-closed/regulations.html",
        "junior-championship/prizes.html",
        "junior-championship/categories/u12.html",
        "junior-championship/standings/after-round-3.html",
        "junior-closed/games/playoff-1.html",
    ):
        assert needed in pages


def test_every_page_parses_as_html5_without_an_error(output: Path) -> None:
    """html5lib in strict mode stops at the first parse error; the lenient pass then lists
    every error of a failing page."""
    failures = []
    for name in html_pages(output):
        data = (output / name).read_bytes()
        try:
            html5lib.HTMLParser(strict=True).parse(data, transport_encoding="utf-8")
        except html5lib.html5parser.ParseError:
            lenient = html5lib.HTMLParser()
            lenient.parse(data, transport_encoding="utf-8")
            for (line, column), code, info in lenient.errors:
                failures.append(f"{name}:{line}:{column}: {code} {info or ''}")
    assert failures == [], "\n".join(failures)


def test_ids_are_unique_and_fragment_links_land(trees: dict[str, Element]) -> None:
    problems = []
    for name, tree in trees.items():
        ids = Counter(e.get("id") for e in tree.iter() if e.get("id") is not None)
        problems += [f"{name}: id {i!r} used {n} times" for i, n in ids.items() if n > 1]
        for link in tree.iter("a"):
            href = link.get("href", "")
            if href.startswith("#") and len(href) > 1 and href[1:] not in ids:
                problems.append(f"{name}: no element for {href}")
    assert problems == [], "\n".join(problems)


def test_every_page_has_a_language_one_main_one_h1_and_landmarks(
    trees: dict[str, Element],
) -> None:
    problems = []
    for name, tree in trees.items():
        if not tree.get("lang"):
            problems.append(f"{name}: no lang on <html>")
        title = tree.find("head/title")
        if title is None or not text_of(title):
            problems.append(f"{name}: no <title>")
        counts = Counter(e.tag for e in tree.iter())
        for tag, wanted in (("main", 1), ("h1", 1), ("header", 1), ("footer", 1)):
            if counts[tag] != wanted:
                problems.append(f"{name}: {counts[tag]} <{tag}> elements")
        for nav in tree.iter("nav"):
            if not nav.get("aria-label"):
                problems.append(f"{name}: a <nav> without a name")
    assert problems == [], "\n".join(problems)


def test_data_tables_have_a_caption_and_scoped_headers(trees: dict[str, Element]) -> None:
    """Tables written by the templates; a table in an organiser's Markdown page (inside
    .prose) can carry no caption and is left out."""
    problems = []
    for name, tree in trees.items():
        in_prose = {
            id(table)
            for article in tree.iter("article")
            if "prose" in article.get("class", "")
            for table in article.iter("table")
        }
        for table in tree.iter("table"):
            if id(table) in in_prose:
                continue
            label = f"{name}: table.{table.get('class')}"
            caption = table.find("caption")
            if caption is None or not text_of(caption):
                problems.append(f"{label} has no caption")
            elif next(iter(table)) is not caption:
                problems.append(f"{label}: the caption is not its first child")
            for header in table.iter("th"):
                if header.get("scope") not in ("col", "row", "colgroup", "rowgroup"):
                    problems.append(f"{label}: <th> without scope: {text_of(header)!r}")
            if table.get("class") in ("pairings", "stage-games"):
                continue  # a board of two players: no one cell names the row
            for body in table.iter("tbody"):
                for row in body.iter("tr"):
                    if not any(cell.tag == "th" and cell.get("scope") == "row" for cell in row):
                        problems.append(f"{label}: a body row without a row header")
    assert problems == [], "\n".join(sorted(set(problems)))


def test_every_picture_has_a_text_alternative(trees: dict[str, Element]) -> None:
    """Charts carry a <title> (and a <desc> with the numbers); the board is an image named by
    its position, inside a figure whose caption lists the pieces; decorative drawings are
    hidden from screen readers."""
    problems = []
    charts = boards = 0
    for name, tree in trees.items():
        hidden = {
            id(inner)
            for outer in tree.iter()
            if outer.get("aria-hidden") == "true"
            for inner in outer.iter()
        }
        for image in tree.iter("img"):
            if image.get("alt") is None:
                problems.append(f"{name}: <img> without alt")
        for svg in tree.iter(f"{SVG}svg"):
            if id(svg) in hidden:
                continue
            if svg.get("role") != "img":
                problems.append(f"{name}: an <svg> neither hidden nor an image")
            elif "chart" in svg.get("class", ""):
                charts += 1
                title, desc = svg.find(f"{SVG}title"), svg.find(f"{SVG}desc")
                if title is None or not text_of(title) or desc is None or not text_of(desc):
                    problems.append(f"{name}: a chart without a title and a description")
            elif "board" in svg.get("class", ""):
                boards += 1
                if not svg.get("aria-label"):
                    problems.append(f"{name}: a board without a name")
            else:
                problems.append(f"{name}: an unknown picture")
        for figure in tree.iter("figure"):
            if "board-frame" in figure.get("class", ""):
                caption = figure.find("figcaption")
                words = text_of(caption) if caption is not None else ""
                if "White: king" not in words or "Black: king" not in words:
                    problems.append(f"{name}: the board's caption does not list the pieces")
    assert problems == [], "\n".join(problems)
    assert charts > 30 and boards > 50


def test_every_link_and_button_has_a_name(trees: dict[str, Element]) -> None:
    problems = []
    for name, tree in trees.items():
        for element in (*tree.iter("a"), *tree.iter("button")):
            if not (text_of(element) or element.get("aria-label")):
                problems.append(f"{name}: <{element.tag} href={element.get('href')!r}> no name")
            if element.tag == "a" and not element.get("href"):
                problems.append(f"{name}: <a> without href")
    assert problems == [], "\n".join(problems)


def test_colour_markers_are_spelt_out_for_screen_readers(trees: dict[str, Element]) -> None:
    """The ○/● colour circles are drawn by CSS; the words White and Black are in the page."""
    crosstable = trees["junior-closed/crosstable.html"]
    markers = [e for e in crosstable.iter("span") if e.get("class") == "colour"]
    assert len(markers) == 10 * 9
    assert {text_of(e) for e in markers} == {"White", "Black"}


def meta(tree: Element) -> dict[str, str]:
    found = {}
    for element in tree.iter("meta"):
        key = element.get("property") or element.get("name")
        if key:
            found[key] = element.get("content", "")
    return found


def test_every_page_has_a_social_card(trees: dict[str, Element]) -> None:
    """An event's pages name its winner or leaders; a player's page the player's place and
    a game's page the game (a result that changes the leaders then leaves them alone)."""
    for name, tree in trees.items():
        card = meta(tree)
        assert card["og:type"] == "website" and card["twitter:card"] == "summary", name
        assert card["og:title"] == text_of(tree.find("head/title")), name  # type: ignore[arg-type]
        assert card["og:description"] and card["description"] == card["og:description"], name
        # No base_url in the demo: no absolute URL anywhere, so it works from any folder.
        assert "og:url" not in card and "og:image" not in card, name
        assert not any(link.get("rel") == "canonical" for link in tree.iter("link")), name
    # Each name between U+2068 and U+2069: no <bdi> in the head, and a Hebrew or Arabic name
    # would otherwise reorder the words beside it.
    closed = meta(trees["junior-closed/standings.html"])["og:description"]
    assert closed.startswith(
        "Won by IM \u2068Vasquez-Marr, Julian\u2069 with 6½ points, after a play-off."
    )
    assert "9 rounds, 10 players" in closed and "2026-07-08 – 2026-07-17" in closed
    rapid = meta(trees["club-2026/rapid/index.html"])["og:description"]
    assert rapid.startswith("After round 1 of 3: \u2068Alpha, Anna\u2069 leads with 1 point")
    open_ = meta(trees["club-2026/open/index.html"])["og:description"]
    assert open_.startswith("Won by \u2068Alpha, Anna\u2069 with 3 points.")
    facts = "Club Open: 3 rounds, 4 players, 2026-03-01."
    game = meta(trees["club-2026/open/games/r1-b1.html"])["og:description"]
    assert (
        game == f"\u2068Alpha, Anna\u2069 – \u2068Bravo, Bob\u2069, round 1, board 1: 1-0. {facts}"
    )
    # Dora: ½ from Charlie, 1 from Bob's forfeit, 0 against Anna; 2nd behind Anna's 3.
    (dora,) = [name for name in trees if name.startswith("club-2026/open/players/4-")]
    assert (
        meta(trees[dora])["og:description"]
        == f"\u2068Delta, Dora\u2069: final place 2 with 1½ points. {facts}"
    )
    (carl,) = [name for name in trees if name.startswith("club-2026/rapid/players/3-")]
    assert meta(trees[carl])["og:description"].startswith(
        "\u2068Charlie, Carl\u2069: place 4 after round 1 with 0 points. Club Rapid: 3 rounds, "
        "4 players"
    )
    assert meta(trees["index.html"])["og:description"].startswith("Results: ")
    assert "Club Open" in meta(trees["club-2026/index.html"])["og:description"]


def test_with_a_base_url_the_card_has_absolute_urls(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "content/ev").mkdir(parents=True)
    for name, text in EXTRAS.items():
        if name.startswith("club-2026/rapid/"):
            (site / "content/ev" / Path(name).name).write_text(text, encoding="utf-8")
    (site / "site.toml").write_text(
        'title = "Club results"\nbase_url = "https://example.org/results/"\n', encoding="utf-8"
    )
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    output = site / "output"
    for page, url in (
        ("ev/index.html", "https://example.org/results/ev/"),
        ("ev/standings.html", "https://example.org/results/ev/standings.html"),
        ("index.html", "https://example.org/results/"),
    ):
        tree = parse(output / page)
        assert meta(tree)["og:url"] == url
        assert [link.get("href") for link in tree.iter("link") if link.get("rel") == "canonical"]
        assert meta(tree)["og:site_name"] == "Club results"


def test_a_game_page_dates_the_game_as_every_other_page_dates_a_day(
    trees: dict[str, Element],
) -> None:
    """Round 1 of the junior demo is dated 2026.01.10 in its PGN (the tag's own form); the
    event page gives its dates as 2026-01-10 – 2026-01-16, so the game page says 2026-01-10
    too, not a second way of writing a day for a parent to puzzle over."""
    page = trees["junior-championship/games/r1-b1.html"]
    (line,) = [p for p in page.iter("p") if p.get("class") == "meta"]
    assert text_of(line) == "Round 1, board 1 · 2026-01-10"
    event = text_of(trees["junior-championship/index.html"].find("body"))  # type: ignore[arg-type]
    assert "2026-01-10 – 2026-01-16" in event


def test_a_prize_passed_on_reads_as_two_sentences_not_one_run_on_word(
    trees: dict[str, Element],
) -> None:
    """By-law 3 clause 4, one money prize each: Delacroix is the first girl but takes the
    600 for 1st place, so the 200 for the 1st girl goes to Nakagawa-Bell, the second girl.
    The note saying so is a separate line on screen (CSS); without a space before it, a
    screen reader's or a copied text ran the two together ("2nd in GirlsDelacroix")."""
    prizes = trees["junior-championship/prizes.html"]
    rows = {
        text_of(head): row
        for row in prizes.iter("tr")
        if (head := row.find("th[@scope='row']")) is not None
    }
    (why,) = [td for td in rows["1st Girls"].iter("td") if td.get("class") == "why"]
    assert text_of(why) == "2nd in Girls Delacroix, Amelie has a larger prize"


def test_how_prizes_are_awarded_speaks_of_age_groups_only_where_there_are_titles_of_several(
    trees: dict[str, Element],
) -> None:
    """The junior closed awards one title, Junior Closed Champion, to the open category (its
    event file): the procedure says who takes it, without the ACF's order of age groups and
    titles of the same kind, which a parent of that event would look for in vain. The junior
    championship's titles of several ages keep the full rule (By-law 3, 2a)."""

    def procedure(page: str) -> list[str]:
        (items,) = [ul for ul in trees[page].iter("ul") if ul.get("class") == "procedure"]
        return [text_of(li) for li in items.iter("li")]

    closed = procedure("junior-closed/prizes.html")
    assert closed[0] == "The title goes to the best-placed player."
    assert not any("age group" in item for item in closed)
    (titles,) = [i for i in procedure("junior-championship/prizes.html") if "Titles" in i]
    assert titles.startswith("Titles are awarded highest first, as listed, an older age group's")


def test_badges_tie_breaks_and_reasons_are_words_apart_from_the_name_and_the_result(
    trees: dict[str, Element],
) -> None:
    """Delacroix wins the junior championship's play-off: the open title, the girls' title a
    girl may hold beside it (By-law 3, 2b) and the 1st prize. On screen each is a badge
    after her name; to a screen reader or in a copied text they ran together with the name
    and the tie-breaks ("Delacroix, AmelieAustralian Junior Champion..."). So did the
    arbiter's reason after a forfeit on a round's page ("...White did not arrive")."""
    standings = trees["junior-championship/standings.html"]
    (name,) = [text_of(th) for th in standings.iter("th") if "Delacroix" in "".join(th.itertext())]
    assert name.startswith(
        "Delacroix, Amelie Australian Junior Champion Australian Junior Girls Champion "
        "1st place prize PS"
    )
    assert name.endswith(" 6 ahead in the play-off")  # PS/C6 6, then why she is 1st
    round_4 = trees["junior-closed/rounds/round-4.html"]
    (cell,) = [text_of(td) for td in round_4.iter("td") if "late" in "".join(td.itertext())]
    assert cell.endswith("− Black more than 30 minutes late")  # [[results]] of round 4
