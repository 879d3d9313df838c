"""The served site in a real browser: Playwright driving Debian's Chromium (no browser download).

Skipped only where Chromium or Playwright is missing on a developer's machine; under CI
(``CI`` set, as ``.ci/run`` runs) a missing browser is a failure, because there it is installed.
"""

from __future__ import annotations

import io
import os
import shutil
import socket
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import chess
import chess.pgn
import pytest
from conftest import ROOT, SiteMaker, event_toml, pgn_game

from generator.build import build_site
from generator.serve import ServeSession

CHROMIUM = Path(os.environ.get("CROSSTABLE_CHROMIUM", "/usr/bin/chromium"))
PHONE = {"width": 390, "height": 844}

# The tables that are meant to scroll sideways inside their frame on a phone, the name column
# held at the left edge: one column a round or a tie-break. Every other table fits the screen.
SCROLLING_TABLES = {"crosstable", "ranktable", "standings"}

# A long name that breaks only at its hyphens, the longest name of each demo event (the winner
# of the closed) in its place, and right-to-left names in the places of the fined player and
# of players who meet them on the boards, the play-off and the prize list.
LONG_NAMES = {
    "Vasquez-Marr, Julian": "Featherstonehaugh-Montgomery, Maximilian-Alexander",
    "Aldecott, Reuben": "عبد الرحمن الحسيني, محمد",
    "Teverin, Aaron": "בן-אליעזר, אביגיל",
    "Drummond, Sienna": "Wolfeschlegelsteinhausen, Hubert-Blaine",
    "Whitcombe, Harrison": "Featherstonehaugh-Montgomery, Maximilian-Alexander",
    "Fairweather, Georgia": "Sivasubramaniam-Ravichandran, Anantharaman",
    "Tran, Hugo": "عبد الرحمن الحسيني, محمد",
    "Zhou, Lachlan": "בן-אליעזר, אביגיל",
}


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI must install it (.ci/run)")
    pytest.skip(reason)


try:
    from playwright.sync_api import Browser, ConsoleMessage, Page, sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    _unavailable("the playwright package is not installed")
if not CHROMIUM.exists():  # pragma: no cover - depends on the machine
    _unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
        )
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeSession]:
    """The demo site of content/, served as ``crosstable serve`` serves it."""
    site = tmp_path_factory.mktemp("demo")
    shutil.copytree(ROOT / "content", site / "content")
    if (ROOT / "site.toml").exists():
        shutil.copy(ROOT / "site.toml", site / "site.toml")
    with ServeSession(site, port=free_port(), out=io.StringIO()) as session:
        assert session.results[0].ok, session.out.getvalue()  # type: ignore[attr-defined]
        yield session


def _copy_demo_with_long_names(site: Path) -> None:
    """content/ copied into ``site``, the players of LONG_NAMES renamed."""
    shutil.copytree(ROOT / "content", site / "content")
    for path in (site / "content").rglob("*"):
        if path.suffix in (".toml", ".pgn", ".md"):
            text = path.read_text(encoding="utf-8")
            for name, long_name in LONG_NAMES.items():
                text = text.replace(name, long_name)
            path.write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def long_names(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeSession]:
    """The demo with long, and Hebrew and Arabic, names in place of eight of its players."""
    site = tmp_path_factory.mktemp("long-names")
    _copy_demo_with_long_names(site)
    with ServeSession(site, port=free_port(), out=io.StringIO()) as session:
        assert session.results[0].ok, session.out.getvalue()  # type: ignore[attr-defined]
        yield session


class Watched:
    """A page that records console errors, uncaught exceptions and failed requests."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        self.statuses: dict[str, int] = {}
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append(f"uncaught: {exc}"))
        page.on("response", self._response)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text} ({message.location.get('url')})")

    def _response(self, response: Any) -> None:
        self.statuses[response.url] = response.status
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")


VISIT = """async ({urls, width}) => {
  document.body.replaceChildren();
  const visit = url => new Promise(resolve => {
    const frame = document.createElement('iframe');
    frame.style.cssText = `width:${width}px;height:700px;border:0`;
    const timer = setTimeout(() => resolve({url, timeout: true}), 20000);
    frame.onload = () => {
      clearTimeout(timer);
      const doc = frame.contentDocument, root = doc.documentElement;
      resolve({
        url,
        links: [...doc.querySelectorAll('a[href]')].map(a => [a.getAttribute('href'), a.href]),
        ids: [...doc.querySelectorAll('[id]')].map(e => e.id),
        overflow: root.scrollWidth - root.clientWidth,
        wraps: [...doc.querySelectorAll('.table-wrap')].map(wrap => {
          const table = wrap.querySelector('table');
          return [table ? table.className : '', wrap.clientWidth, wrap.scrollWidth];
        }),
      });
    };
    frame.src = url;
    document.body.append(frame);
  });
  return Promise.all(urls.map(visit));
}"""


def _crawl(browser: Browser, site: ServeSession) -> tuple[set[str], set[str], list[str]]:
    """Every page of a served site is loaded in Chromium (16 at a time, each in a phone-wide
    frame, which is twice as fast as one tab), and every link on it is followed: pages are
    loaded in turn, downloads fetched, #fragments looked up. Returns the pages visited, the
    downloads fetched and the problems found."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    watched = Watched(page)
    page.goto(site.url + "index.html")
    to_visit, visited, checked = [site.url + "index.html"], set[str](), set[str]()
    broken: list[str] = []
    while to_visit:
        batch = sorted(set(to_visit) - visited)[:16]
        to_visit = [u for u in to_visit if u not in batch and u not in visited]
        visited.update(batch)
        for facts in page.evaluate(VISIT, {"urls": batch, "width": PHONE["width"]}):
            url = facts["url"]
            if facts.get("timeout"):
                broken.append(f"{url}: did not load")
                continue
            if watched.statuses.get(url) != 200:
                continue  # reported by Watched as a failed request
            broken += _too_wide_for_a_phone(url, facts)
            ids = set(facts["ids"])
            for raw, absolute in facts["links"]:
                assert not raw.startswith("/"), f"{url}: absolute link {raw}"
                target, _, fragment = absolute.partition("#")
                if not target.startswith(site.url):
                    continue  # another site: not ours to check
                if fragment and target == url:
                    if fragment not in ids:
                        broken.append(f"{url}: no element for #{fragment}")
                    continue
                if target.endswith((".html", "/")):
                    to_visit.append(target)
                elif target not in checked:
                    checked.add(target)
                    status = page.request.get(target).status
                    if status != 200:
                        broken.append(f"{url} links to {target}: HTTP {status}")
    page.close()
    return visited, checked, broken + watched.errors


def _too_wide_for_a_phone(
    url: str, facts: dict[str, Any], width: int = PHONE["width"]
) -> list[str]:
    """The page itself never scrolls sideways on a phone, and only the tables with a column a
    round or a tie-break scroll inside their frame: a round's boards, a player's games, the
    list of players and the prizes fit the screen (a prize table is a card a prize)."""
    problems = []
    if facts["overflow"] > 0:
        problems.append(f"{url}: {facts['overflow']}px wider than a {width}px screen")
    for classes, frame, content in facts["wraps"]:
        if content > frame and not SCROLLING_TABLES & set(classes.split()):
            problems.append(f"{url}: table.{classes} is {content}px wide in a {frame}px frame")
    return problems


def test_every_link_of_every_demo_page_works_without_console_errors(
    browser: Browser, demo: ServeSession
) -> None:
    """Every page of the demo, every link followed, each page in a 390 px phone's width."""
    visited, checked, problems = _crawl(browser, demo)
    assert len(visited) > 100  # the demo has two events, over 200 pages
    assert any(u.endswith("results.json") for u in checked)
    assert problems == [], "\n".join(problems)


def test_every_page_with_long_names_fits_a_phone(
    browser: Browser, long_names: ServeSession
) -> None:
    """With "Featherstonehaugh-Montgomery, Maximilian-Alexander" and names in Hebrew and Arabic
    among the players, a round's table was 469 px wide in a 364 px frame, a player's games
    401 px, the list of players 585 px, and the play-off's stages made the page itself 33 px
    wider than the screen. Every page of every kind fits now; a name breaks inside a word only
    when no line break between words makes it fit."""
    visited, _, problems = _crawl(browser, long_names)
    assert len(visited) > 100
    assert any("featherstonehaugh-montgomery" in url for url in visited)
    assert problems == [], "\n".join(problems)


def test_crosstable_at_phone_width_scrolls_inside_its_wrapper(
    browser: Browser, demo: ServeSession
) -> None:
    page = browser.new_page(viewport=PHONE)
    for event in ("junior-closed", "junior-championship"):
        page.goto(demo.url + f"{event}/crosstable.html")
        sizes = page.evaluate(
            """() => {
              const root = document.documentElement;
              const wrap = document.querySelector('.table-wrap');
              const table = wrap.querySelector('table');
              return {page: root.scrollWidth, screen: root.clientWidth,
                      wrap: wrap.clientWidth, table: table.scrollWidth,
                      overflow: getComputedStyle(wrap).overflowX};
            }"""
        )
        assert sizes["page"] <= sizes["screen"] == 390, sizes
        assert sizes["wrap"] <= 390, sizes
        if sizes["table"] > sizes["wrap"]:
            assert sizes["overflow"] in ("auto", "scroll"), sizes
    page.close()


def test_step_through_a_game_on_the_board(browser: Browser, demo: ServeSession) -> None:
    page = browser.new_page()
    watched = Watched(page)
    page.goto(demo.url + "junior-closed/games/r1-b1.html")
    plies = page.locator("[data-ply]").count()
    assert plies > 20

    def current() -> int:
        return int(page.locator("[data-ply].current").get_attribute("data-ply") or -1)

    def placement() -> list[tuple[str, str, str]]:
        result = page.eval_on_selector_all(
            "svg.board .pieces use",
            "uses => uses.map(u => [u.getAttribute('href'), u.getAttribute('x'), "
            "u.getAttribute('y')])",
        )
        return sorted(tuple(item) for item in result)

    final = placement()
    assert current() == plies  # opens on the final position
    page.click("[data-go=first]")
    assert page.locator("[data-ply].current").count() == 0
    start = placement()
    assert len(start) == 32
    page.click("[data-go=next]")
    assert current() == 1
    after_e4 = placement()
    assert after_e4 != start and len(after_e4) == 32
    assert page.locator("svg.board .last-move rect").count() == 2
    page.click("[data-go=next]")
    page.click("[data-go=prev]")
    assert current() == 1 and placement() == after_e4
    page.click("[data-ply='10']")
    assert current() == 10
    page.keyboard.press("ArrowRight")
    assert current() == 11
    page.click("[data-go=last]")
    assert current() == plies and placement() == final
    page.click("[data-go=flip]")
    assert placement() != final and len(placement()) == len(final)
    assert watched.errors == []
    page.close()


SPECIAL_MOVES = (
    "1. e4 d5 2. e5 f5 3. exf6 Nc6 4. fxg7 Qd6 5. gxh8=Q Bd7 6. Nf3 O-O-O 7. Be2 Kb8 8. O-O a6"
)
"""En passant, a promotion that captures, and castling on both sides."""

PIECE_OF = {
    f"#{colour}-{chess.piece_name(kind)}": chess.Piece(kind, colour == "white").symbol()
    for colour in ("white", "black")
    for kind in chess.PIECE_TYPES
}


def test_the_viewer_replays_castling_en_passant_and_promotion(
    browser: Browser, make_site: SiteMaker
) -> None:
    """The script works out each position from the moves; python-chess says what it must be.
    Opened from file://, as a site copied to a USB stick would be."""
    site = make_site(
        event_toml(), {"g.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0", SPECIAL_MOVES)}
    )
    assert build_site(site).written
    expected = []
    board = chess.Board()
    game = chess.pgn.read_game(io.StringIO(SPECIAL_MOVES))
    assert game is not None
    for move in game.mainline_moves():
        board.push(move)
        expected.append(board.board_fen())
    page = browser.new_page()
    watched = Watched(page)
    page.goto((site / "output/ev/games/r1-b1.html").as_uri())

    def shown() -> str:
        uses = page.eval_on_selector_all(
            "svg.board .pieces use",
            "uses => uses.map(u => [u.getAttribute('href'), u.getAttribute('x'), "
            "u.getAttribute('y')])",
        )
        shown_board = chess.BaseBoard.empty()
        for href, x, y in uses:
            square = chess.square(int(x) // 45, 7 - int(y) // 45)
            shown_board.set_piece_at(square, chess.Piece.from_symbol(PIECE_OF[href]))
        return shown_board.board_fen()

    assert page.locator("[data-ply]").count() == len(expected) == 16
    for ply, placement in enumerate(expected, start=1):
        page.click(f"[data-ply='{ply}']")
        assert shown() == placement, f"after half-move {ply}"
    page.click("[data-go=first]")
    assert shown() == chess.STARTING_BOARD_FEN
    assert watched.errors == []
    page.close()


def test_the_page_reloads_itself_after_an_edit_and_shows_build_errors(
    browser: Browser, make_site: SiteMaker
) -> None:
    a, b, c = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl"
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", a, b, "1-0")})
    with ServeSession(site, port=free_port(), out=io.StringIO(), interval=0.05) as session:
        page = browser.new_page()
        watched = Watched(page)
        page.goto(session.url + "ev/rounds/round-1.html")
        games = page.locator("main table").first
        assert "Bravo" in games.inner_text() and "Charlie" not in games.inner_text()
        _connected(page, session)
        page.evaluate("window.notReloaded = true")

        (site / "content/ev/g.pgn").write_text(pgn_game("1.1", a, c, "1-0"), encoding="utf-8")
        page.wait_for_function("!window.notReloaded", timeout=15000)
        page.wait_for_load_state("load")
        assert "Charlie" in games.inner_text()

        _connected(page, session)
        page.evaluate("window.notReloaded = true")
        (site / "content/ev/g.pgn").write_text(pgn_game("1.1", a, "Zulu", "1-0"))
        page.wait_for_function("!window.notReloaded", timeout=15000)
        banner = page.locator("#crosstable-preview-error")
        banner.wait_for()
        assert 'unknown black player "Zulu"' in banner.inner_text()
        assert "Charlie" in games.inner_text()  # the last good page

        _connected(page, session)
        page.evaluate("window.notReloaded = true")
        (site / "content/ev/g.pgn").write_text(pgn_game("1.1", a, b, "0-1"))
        page.wait_for_function("!window.notReloaded", timeout=15000)
        page.wait_for_load_state("load")
        assert page.locator("#crosstable-preview-error").count() == 0
        assert "Bravo" in games.inner_text() and "0-1" in games.inner_text()
        assert watched.errors == []
        page.close()


def _connected(page: Page, session: ServeSession) -> None:
    """Wait until the page has told the server it wants reloads (livereload's handshake)."""
    page.wait_for_function(
        "window.LiveReload && window.LiveReload.connector.protocol >= 7", timeout=10000
    )
    _wait_until(lambda: session.server.open_pages > 0)  # type: ignore[attr-defined]
    time.sleep(0.1)


def _wait_until(condition: Any, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the page did not connect for reloads")
        time.sleep(0.05)


def test_links_resolve_under_a_sub_path(demo: ServeSession) -> None:
    """Every link is page-relative, so the site also works under /<repo>/ on GitHub Pages."""
    for path in demo.preview.files:
        if path.endswith(".html"):
            text = demo.preview.files[path].decode()
            for href in _hrefs(text):
                assert not href.startswith("/"), (path, href)
                resolved = urllib.parse.urljoin("https://x.github.io/repo/" + path, href)
                assert resolved.startswith("https://x.github.io/repo/") or "://" in href


def _hrefs(text: str) -> list[str]:
    import re

    return re.findall(r'href="([^"]+)"', text)


FEN_BLACK = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"  # Black's 2nd move


def test_the_viewer_names_the_moves_of_a_game_from_a_fen_by_its_numbers(
    browser: Browser, make_site: SiteMaker
) -> None:
    """The caption names each move as python-chess numbers it from the FEN (Black's 2nd move
    first), not as if White had moved first from move 1."""
    moves = "2... Qh4 3. g3 Qxe4+ 4. Qe2 Qxh1"
    games = {"g.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "0-1", moves, FEN=FEN_BLACK)}
    site = make_site(event_toml(), games)
    assert build_site(site).written
    game = chess.pgn.read_game(io.StringIO(f'[FEN "{FEN_BLACK}"]\n\n{moves} 0-1\n'))
    assert game is not None
    board = game.board()
    names = []
    for move in game.mainline_moves():
        mark = "." if board.turn == chess.WHITE else "…"
        names.append(f"{board.fullmove_number}{mark} {board.san(move)}")
        board.push(move)
    page = browser.new_page()
    watched = Watched(page)
    page.goto((site / "output/ev/games/r1-b1.html").as_uri())
    status = page.locator("[data-status]")
    assert status.text_content() == f"Final position, after {names[-1]}"
    for ply, name in enumerate(names[:-1], start=1):
        page.click(f"[data-ply='{ply}']")
        assert status.text_content() == f"After {name}", f"half-move {ply}"
    page.click("[data-go=first]")
    assert status.text_content() == "Start position"
    assert watched.errors == []
    page.close()


def test_the_viewer_calls_the_last_position_of_a_game_still_on_the_latest(
    browser: Browser, make_site: SiteMaker
) -> None:
    """A game published with its moves so far and ``*``: stepping back to its last move, the
    script named it "Final position", as if the game were over; it says "Latest position"."""
    games = {"g.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "*", "1. d4 d5 2. c4")}
    site = make_site(event_toml(), games)
    assert build_site(site).written
    page = browser.new_page()
    watched = Watched(page)
    page.goto((site / "output/ev/games/r1-b1.html").as_uri())
    status = page.locator("[data-status]")
    page.click("[data-go=first]")
    assert status.text_content() == "Start position"
    page.click("[data-go=last]")
    assert status.text_content() == "Latest position, after 2. c4"
    assert page.locator("svg.board").get_attribute("aria-label") == "Latest position, after 2. c4"
    assert watched.errors == []
    page.close()


def test_a_wide_photo_on_a_page_fits_a_phone(
    browser: Browser, make_site: SiteMaker, tmp_path: Path
) -> None:
    """A photo 2,400 pixels wide linked from a page (published beside it) made the whole
    page scroll sideways on a phone; it is scaled to the screen, its proportions kept."""
    site = make_site(
        event_toml(),
        {
            "g.pgn": pgn_game("1.1", "Alpha, Anna", "Bravo, Bob", "1-0"),
            "report.md": "# Report\n\n![The prize giving](prize%20giving.svg)\n",
        },
    )
    photo = '<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="600"></svg>'
    (site / "content/ev/prize giving.svg").write_text(photo, encoding="utf-8")
    assert build_site(site).written
    page = browser.new_page(viewport=PHONE)
    page.goto((site / "output/ev/report.html").as_uri())
    sizes = page.evaluate(
        """() => {
          const root = document.documentElement, img = document.querySelector('main img');
          return {page: root.scrollWidth, screen: root.clientWidth, loaded: img.complete,
                  width: img.clientWidth, height: img.clientHeight};
        }"""
    )
    page.close()
    assert sizes["page"] <= sizes["screen"] == 390, sizes
    assert sizes["loaded"] and 300 < sizes["width"] <= 390, sizes
    assert sizes["height"] * 4 == pytest.approx(sizes["width"], abs=4), sizes


SCREEN = {"width": 1280, "height": 900}

# Twelve juniors with long names, for a 9-round section of an ACF junior championship.
SECTION_NAMES = (
    "Sivasubramaniam, Maximilian-Alexander",
    "Featherstonehaugh, Bartholomew",
    "Vasquez-Marrinelli, Anastasia",
    "Okoro-Winterbottom, Christopher",
    "Castellanos-Rivera, Evangeline",
    "Montgomery-Smythe, Jasper",
    "Wojciechowski, Kavya",
    "Papadopoulou, Georgina",
    "Nakagawa-Bell, Emiko",
    "Lysenko-Park, Caleb",
    "Brennan-Tully, Oscar",
    "Ferreira-Holt, Maya",
)


def _nine_round_section() -> tuple[str, str]:
    """The event file and games of a 9-round Swiss of 12 (paired by the circle method, so no
    two meet twice) under the ACF preset: PS and PS/C1 ... PS/C8, nine tie-break columns."""
    players = "".join(
        f'[[players]]\nname = "{name}"\nrating = {2200 - 40 * i}\n'
        for i, name in enumerate(SECTION_NAMES)
    )
    event = (
        'name = "Under 18 Open"\nformat = "swiss"\nrounds = 9\nstart = 2026-01-10\n'
        'rules = "acf-junior"\n' + players
    )
    games = []
    last = len(SECTION_NAMES) - 1
    for round_index in range(9):
        pairs = [(last, round_index)] + [
            ((round_index + i) % last, (round_index - i) % last) for i in range(1, 6)
        ]
        for board, (a, b) in enumerate(pairs, 1):
            white, black = (a, b) if (round_index + board) % 2 else (b, a)
            result = "1/2-1/2" if (a + b + round_index) % 3 == 0 else "1-0"
            games.append(
                pgn_game(
                    f"{round_index + 1}.{board}", SECTION_NAMES[white], SECTION_NAMES[black], result
                )
            )
    return event, "".join(games)


def _rank_table_sizes(page: Page) -> dict[str, Any]:
    return dict(
        page.evaluate(
            """() => {
              const wrap = document.querySelector('.table-wrap');
              const table = wrap.querySelector('table.ranktable');
              const heads = [...table.querySelectorAll('thead tr:not(.print-only) th')];
              return {page: document.documentElement.scrollWidth, wrap: wrap.clientWidth,
                      table: table.scrollWidth, scroll: wrap.scrollWidth,
                      heads: heads.map(th => th.textContent),
                      titles: heads.map(th => th.querySelector('abbr')?.title || ''),
                      cells: [...table.querySelectorAll('tbody tr')].map(r => r.children.length)};
            }"""
        )
    )


def test_the_rank_table_of_a_nine_round_section_fits_a_1280_screen(
    browser: Browser, make_site: SiteMaker
) -> None:
    """A 9-round section with nine progressive scores and long names was wider than a 1280 px
    screen and scrolled, its rank table and its standings. Now both fit the page's 1246 px
    (1280 less 16 px of padding on each side and the 1 px frame), with every column still
    there and each short heading spelt out."""
    event, games = _nine_round_section()
    site = make_site(event, {"games.pgn": games})
    assert build_site(site).written
    page = browser.new_page(viewport=SCREEN)
    page.goto((site / "output/ev/crosstable.html").as_uri())
    sizes = _rank_table_sizes(page)
    # The standings of the same section: names wrap and the tie-breaks are tighter, so the
    # nine progressive scores and the reason a player is ahead are in view too.
    page.goto((site / "output/ev/standings.html").as_uri())
    standings = page.evaluate(
        """() => {
          const wrap = document.querySelector('.table-wrap');
          return {wrap: wrap.clientWidth, scroll: wrap.scrollWidth,
                  heads: wrap.querySelectorAll('thead th.tb').length,
                  why: wrap.querySelectorAll('tbody td.why').length};
        }"""
    )
    page.close()
    assert standings == {"wrap": 1246, "scroll": 1246, "heads": 9, "why": 12}, standings
    assert sizes["wrap"] == 1246, sizes
    assert sizes["table"] <= 1246 and sizes["scroll"] <= 1246, sizes
    assert sizes["page"] <= 1280, sizes
    # Rank, name, rating, 9 rounds, points, PS and its 8 cuts: 22 columns in every row.
    assert sizes["heads"] == [
        "Rk.",
        "Name",
        "Rtg",
        *(f"R{n}" for n in range(1, 10)),
        "Pts",
        "PS",
        *(f"PS/C{n}" for n in range(1, 9)),
    ]
    assert sizes["titles"][:3] == ["Rank", "", "Rating"]
    assert sizes["titles"][12:15] == ["Points", "Progressive Score", "Progressive Score, cut 1"]
    assert sizes["cells"] == [22] * 12


def test_the_demo_rank_table_fits_a_1280_screen_and_scrolls_inside_on_a_phone(
    browser: Browser, demo: ServeSession
) -> None:
    """The junior championship's rank table (7 rounds, PS and 6 cuts) was 1,284 px wide at
    1280. On a phone it scrolls inside its frame, and the name column and its heading stay at
    the frame's left edge when it does."""
    page = browser.new_page(viewport=SCREEN)
    page.goto(demo.url + "junior-championship/crosstable.html")
    sizes = _rank_table_sizes(page)
    assert sizes["table"] <= sizes["wrap"] == 1246, sizes
    assert sizes["cells"] == [3 + 7 + 1 + 7] * 24, sizes
    page.close()
    page = browser.new_page(viewport=PHONE)
    page.goto(demo.url + "junior-championship/crosstable.html")
    sizes = _rank_table_sizes(page)
    assert sizes["page"] <= 390 and sizes["table"] > sizes["wrap"], sizes
    edges = page.evaluate(
        """() => {
          const wrap = document.querySelector('.table-wrap');
          wrap.scrollLeft = 300;
          const left = e => Math.round(e.getBoundingClientRect().left);
          return {wrap: left(wrap) + wrap.clientLeft, scrolled: wrap.scrollLeft,
                  heading: left(wrap.querySelector('thead th.name')),
                  name: left(wrap.querySelector('tbody th[scope=row]'))};
        }"""
    )
    page.close()
    assert edges["scrolled"] == 300, edges
    assert edges["heading"] == edges["name"] == edges["wrap"], edges


def test_a_championship_page_shows_every_title_of_a_section_at_1280(
    browser: Browser, tmp_path: Path
) -> None:
    """The two demo events as sections of a championship, the Swiss under a long name: no cell
    of the sections table wrapped, so with the Swiss's eight titles on one line each the table
    ran past a 1280 px screen and the winners' names were cut off. The cells wrap now, each
    winner's name kept whole."""
    content = tmp_path / "site/content"
    swiss = content / "championships/juniors"
    shutil.copytree(ROOT / "content/junior-championship", swiss)
    shutil.copytree(ROOT / "content/junior-closed", content / "championships/closed")
    event = (swiss / "event.toml").read_text(encoding="utf-8")
    long_name = "Northbridge Junior Championship 2026, Under 18 Open (seven-round Swiss)"
    event = event.replace('"Northbridge Junior Championship 2026"', f'"{long_name}"', 1)
    (swiss / "event.toml").write_text(event, encoding="utf-8")
    (content / "index.md").write_text("# Results\n", encoding="utf-8")
    (swiss.parent / "championship.toml").write_text(
        'name = "Junior Championships"\nsections = ["juniors", "closed"]\n', encoding="utf-8"
    )
    assert build_site(tmp_path / "site").written
    page = browser.new_page(viewport=SCREEN)
    page.goto((tmp_path / "site/output/championships/index.html").as_uri())
    sizes = page.evaluate(
        """() => {
          const wrap = document.querySelector('.table-wrap');
          const cell = wrap.querySelector('tbody td[data-label=Titles]');
          const names = [...cell.querySelectorAll('a')];
          return {wrap: wrap.clientWidth, scroll: wrap.scrollWidth, titles: names.length,
                  right: Math.max(...names.map(a => a.getBoundingClientRect().right)),
                  edge: wrap.getBoundingClientRect().right,
                  whole: names.every(a => a.getClientRects().length === 1)};
        }"""
    )
    page.close()
    assert sizes["titles"] == 8, sizes
    assert sizes["scroll"] <= sizes["wrap"] == 1246, sizes
    assert sizes["right"] <= sizes["edge"] and sizes["whole"], sizes


def test_every_demo_player_card_shows_its_games_table_whole_on_a_phone(
    browser: Browser, demo: ServeSession
) -> None:
    """On a 390 px phone a player's games table was 412 px wide inside a 364 px frame: the
    last column, the link to the moves, was off the screen. Every player of both demo events
    now has the whole table in view (frame 390 less 2 x 12 px of page padding, less 2 px)."""
    page = browser.new_page(viewport=PHONE)
    cards: list[str] = []
    for event in ("junior-closed", "junior-championship"):
        page.goto(demo.url + f"{event}/players/index.html")
        cards += page.evaluate(
            "() => [...document.querySelectorAll('tbody th a, tbody td a')].map(a => a.href)"
        )
    assert len(cards) == 10 + 24, cards
    too_wide = []
    for card in cards:
        page.goto(card)
        sizes = page.evaluate(
            """() => { const wrap = document.querySelector('table.player-games').parentElement;
                       return [wrap.clientWidth, wrap.scrollWidth]; }"""
        )
        if sizes != [364, 364]:
            too_wide.append(f"{card}: {sizes}")
    page.close()
    assert too_wide == []


def test_the_demo_standings_keep_each_name_on_one_line_at_1280(
    browser: Browser, demo: ServeSession
) -> None:
    """A name may wrap in the standings only when the table is short of room (a 9-round
    section): the junior demo's table has room at 1280 px, so all 24 names are on one line,
    the badges under them, and the table does not scroll."""
    page = browser.new_page(viewport=SCREEN)
    page.goto(demo.url + "junior-championship/standings.html")
    facts = page.evaluate(
        """() => { const wrap = document.querySelector('.table-wrap');
                   const names = [...wrap.querySelectorAll('tbody th[scope=row] > a')];
                   return {names: names.length, wrap: wrap.clientWidth, scroll: wrap.scrollWidth,
                           broken: names.filter(a => a.getClientRects().length > 1).length}; }"""
    )
    page.close()
    assert facts == {"names": 24, "wrap": 1246, "scroll": 1246, "broken": 0}, facts


STANDINGS_ON_A_PHONE = """() => {
  const wrap = document.querySelector('.table-wrap'), edge = wrap.getBoundingClientRect();
  const inside = e => e !== null && e.getClientRects().length > 0
    && e.getBoundingClientRect().left >= edge.left && e.getBoundingClientRect().right <= edge.right;
  const rows = [...wrap.querySelectorAll('tbody tr')];
  const cells = row => [...row.children].filter(inside)
    .map(c => c.className || c.tagName.toLowerCase());
  const fifth = rows[4];
  return {
    page: document.documentElement.scrollWidth, frame: wrap.clientWidth, table: wrap.scrollWidth,
    columns: [...wrap.querySelectorAll('thead tr:not(.print-only) th')].filter(inside)
      .map(th => th.textContent),
    rows: rows.length,
    whole: rows.filter(row => inside(row.querySelector('.tb-line'))
      && cells(row).join() === 'td,th,pts,optional games').length,
    fifth: [...fifth.querySelectorAll('.tb-value')].map(v => [
      v.querySelector('abbr').textContent + v.lastChild.textContent,
      getComputedStyle(v).fontWeight]),
  };
}"""


def test_the_demo_standings_fit_a_phone_with_the_tie_breaks_under_each_name(
    browser: Browser, demo: ServeSession
) -> None:
    """The junior closed breaks ties by DE, BPG, KS, SB and WIN (the US Junior Closed
    regulations): as five columns they made its standings 454 px wide in a 390 px phone's 364 px
    frame, SB and WIN seen only by scrolling sideways. On a phone they are a line under each
    name now, the deciding one in bold as in its column, and each row's place, name, points
    and games are in view, after every round too. Drummond, 5th, is ahead of Okoro-Winter on
    Games with Black, 5 to 4 (the reason the table gives): her BPG is the bold one, and a
    screen reader names it in full. Above the phone's width the columns are as they were."""
    page = browser.new_page(viewport=PHONE)
    paths = ["standings.html"] + [f"standings/after-round-{n}.html" for n in range(1, 9)]
    problems = []
    for path in paths:
        page.goto(f"{demo.url}junior-closed/{path}")
        facts = page.evaluate(STANDINGS_ON_A_PHONE)
        if not (facts["page"] <= 390 and facts["table"] <= facts["frame"] == 364):
            problems.append(f"{path}: {facts}")
        if facts["columns"] != ["Place", "Name", "Points", "Games"] or facts["whole"] != 10:
            problems.append(f"{path}: {facts}")
    assert problems == [], "\n".join(problems)
    page.goto(f"{demo.url}junior-closed/standings.html")
    fifth = page.evaluate(STANDINGS_ON_A_PHONE)["fifth"]
    assert [value.split(" ")[0] for value, _ in fifth] == ["DE", "BPG", "KS", "SB", "WIN"]
    assert [value for value, weight in fifth if int(weight) >= 700] == ["BPG 5"], fifth
    # A screen reader hears the full name before the value, not the code nor the dots.
    heard = page.locator("tbody tr").nth(4).get_by_role("rowheader").aria_snapshot()
    assert "Drummond" in heard and "Games with Black 5 " in heard, heard
    assert "BPG" not in heard and "·" not in heard, heard
    for viewport, media in ((SCREEN, "screen"), ({"width": 1031, "height": 800}, "print")):
        page.set_viewport_size(viewport)
        page.emulate_media(media=media)  # type: ignore[arg-type]
        page.goto(f"{demo.url}junior-closed/standings.html")
        assert page.locator("tbody .tb-line").first.is_hidden(), media
        assert page.locator("thead th.tb").count() == 5, media
        assert all(cell.is_visible() for cell in page.locator("thead th.tb").all()), media
    page.close()


TABLE_ON_A_PHONE = """() => {
  const wrap = document.querySelector('.table-wrap'), edge = wrap.getBoundingClientRect();
  const inside = e => e.getClientRects().length > 0
    && e.getBoundingClientRect().left >= edge.left && e.getBoundingClientRect().right <= edge.right;
  return {
    page: document.documentElement.scrollWidth, frame: wrap.clientWidth, table: wrap.scrollWidth,
    columns: [...wrap.querySelectorAll('thead th')].filter(inside).map(th => th.textContent),
  };
}"""


def test_the_demo_category_tables_fit_a_phone_with_the_tie_breaks_under_each_name(
    browser: Browser, demo: ServeSession
) -> None:
    """The junior championship's categories break ties by the progressive scores and their
    six cuts: as columns beside place, overall place, name, rating and points, each table was
    751 px wide in a 390 px phone's 364 px frame. On a phone the tie-breaks are a line under
    each name, as on the standings, and the rating column is left out, as there."""
    page = browser.new_page(viewport=PHONE)
    problems = []
    for slug in ("g-open", "g-u12", "g-u14", "u10", "u12", "u14", "u16"):
        page.goto(f"{demo.url}junior-championship/categories/{slug}.html")
        facts = page.evaluate(TABLE_ON_A_PHONE)
        if not (facts["page"] <= 390 and facts["table"] <= facts["frame"] == 364):
            problems.append(f"{slug}: {facts}")
        if facts["columns"] != ["Place", "Overall", "Name", "Points"]:
            problems.append(f"{slug}: {facts['columns']}")
    assert problems == [], "\n".join(problems)
    page.close()


def test_the_prize_money_with_a_fine_is_read_whole_on_a_phone(
    browser: Browser, demo: ServeSession
) -> None:
    """The junior closed's prize money table has a fine: as a table it was 506 px wide in a
    364 px frame on a 390 px phone, the net, the reason and the caption cut off at the edge.
    Each prize is a card now, everything on it inside the frame. The 3rd place is 3,000.00;
    its winner was fined 500 (the event file), so 2,500.00 is paid."""
    page = browser.new_page(viewport=PHONE)
    page.goto(demo.url + "junior-closed/prizes.html")
    facts = page.evaluate(
        """() => {
          const wrap = document.querySelector('table.money').parentElement;
          const edge = wrap.getBoundingClientRect();
          const inside = e => { const r = e.getBoundingClientRect();
            return e.getClientRects().length > 0 && r.left >= edge.left && r.right <= edge.right; };
          const caption = wrap.querySelector('caption');
          const third = [...wrap.querySelectorAll('tbody tr')][2];
          const cells = [...third.children].filter(inside);
          return {frame: wrap.clientWidth, scroll: wrap.scrollWidth,
                  caption: inside(caption) && caption.scrollWidth <= caption.clientWidth,
                  cells: cells.map(c => (getComputedStyle(c, '::before').content.replace(
                    /^"|"$/g, '').replace('none', '') + c.textContent).trim())};
        }"""
    )
    page.close()
    assert facts["frame"] == facts["scroll"] == 364 and facts["caption"], facts
    assert facts["cells"] == [
        "3rd place",
        "IM Aldecott, Reuben",
        "Amount 3,000.00",
        "Fines −500.00",
        "Net 2,500.00",
        "3rd overall",
    ], facts


def test_pages_with_long_names_fit_a_tablet_and_a_small_phone(
    browser: Browser, long_names: ServeSession
) -> None:
    """The names wrapped only below 640 px: on a 768 px tablet a round's table was 1,284 px
    wide in a 734 px frame (Black's rating and number out of view), the money prizes 1,075 px,
    the list of players 854 px, and the play-off page itself 243 px wider than the screen. On
    a 320 px phone a player's games cut off the link to the moves (352 px in 294; Hartigan
    lost round 4 by forfeit) and a game's heading with "Wolfeschlegelsteinhausen" ran 7 px
    past the screen. Each of these pages fits both widths now."""
    pages = [
        "junior-closed/rounds/round-4.html",
        "junior-championship/rounds/round-1.html",
        "junior-closed/prizes.html",
        "junior-championship/prizes.html",
        "junior-closed/playoff.html",
        "junior-closed/players/index.html",
        "junior-closed/players/6-hartigan-rosalind.html",
        "junior-closed/players/1-castellan-owen.html",
        "junior-closed/games/r1-b2.html",
    ]
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(long_names.url + "index.html")  # the frames are read from a page of the site
    problems: list[str] = []
    for width in (320, 768):
        urls = [long_names.url + path for path in pages]
        for facts in page.evaluate(VISIT, {"urls": urls, "width": width}):
            assert not facts.get("timeout"), facts["url"]
            problems += _too_wide_for_a_phone(facts["url"], facts, width)
    page.close()
    assert problems == [], "\n".join(problems)


def test_the_standings_give_each_reason_in_view_on_a_tablet(
    browser: Browser, demo: ServeSession
) -> None:
    """At 768 and 1024 px the reason a player is ahead ("ahead on Games with Black, 5 to 4")
    was in a column past the right edge of the standings (the junior championship's table was
    1,199 px wide at 1024). Up to 1024 px it is under the name, as on a phone: the junior
    closed's 5th place, Drummond, is ahead of Okoro-Winter on BPG, 5 to 4, and the table fits."""
    facts = []
    for width in (768, 1024):
        page = browser.new_page(viewport={"width": width, "height": 800})
        page.goto(demo.url + "junior-closed/standings.html")
        facts.append(
            page.evaluate(
                """() => { const wrap = document.querySelector('.table-wrap');
                  const fifth = wrap.querySelectorAll('tbody tr')[4];
                  const why = fifth.querySelector('.why-inline');
                  const edge = wrap.getBoundingClientRect();
                  const r = why.getBoundingClientRect();
                  return {fits: wrap.scrollWidth <= wrap.clientWidth,
                          shown: why.getClientRects().length > 0 && r.right <= edge.right,
                          reason: why.textContent}; }"""
            )
        )
        page.close()
    expected = {"fits": True, "shown": True, "reason": "ahead on Games with Black, 5 to 4"}
    assert facts == [expected, expected], facts


def test_a_printed_crosstable_with_a_long_name_is_not_cut_at_the_page_edge(
    browser: Browser, long_names: ServeSession
) -> None:
    """On paper nothing scrolls: an A4 landscape page less 12 mm margins is 273 mm, 1,031 px.
    With "Featherstonehaugh-Montgomery, Maximilian-Alexander" the junior closed's crosstable
    kept the name on one line and was 1,231 px wide, its tie-break columns cut off. The name
    wraps in print now and the table fits the page."""
    page = browser.new_page(viewport={"width": 1031, "height": 800})
    page.emulate_media(media="print")
    page.goto(long_names.url + "junior-closed/crosstable.html")
    sizes = page.evaluate(
        """() => { const wrap = document.querySelector('.table-wrap');
                   return [wrap.clientWidth, wrap.scrollWidth,
                           document.documentElement.scrollWidth]; }"""
    )
    page.close()
    assert sizes[1] <= sizes[0] <= 1031 and sizes[2] <= 1031, sizes


# Where each play-off arrow stands: the stage box before it, its own box, and the arrow's box
# (its ``::before``), or what is wrong with it. A "→" must stand in the gap between two boxes
# of one line and a "↓" in the gap between two stacked boxes, over its own box; either must be
# inside the page.
LADDER_ARROWS = """() => {
  const page = document.documentElement.clientWidth;
  const problems = [], widths = [];
  for (const ladder of document.querySelectorAll('ol.ladder')) {
    const boxes = [...ladder.children];
    boxes.forEach((box, i) => {
      const own = box.getBoundingClientRect();
      widths.push(Math.round(own.width));
      if (i === 0) return;
      const before = boxes[i - 1].getBoundingClientRect();
      const style = getComputedStyle(box, '::before');
      const arrow = {left: own.left + parseFloat(style.left), top: own.top + parseFloat(style.top)};
      arrow.right = arrow.left + parseFloat(style.width);
      arrow.bottom = arrow.top + parseFloat(style.height);
      const name = `box ${i + 1} (${box.querySelector('h3').textContent})`;
      if (arrow.left < 0 || arrow.right > page) {
        problems.push(`${name}: the arrow is cut at the page edge (${arrow.left}..${arrow.right})`);
      } else if (style.content === '"→"') {
        if (Math.abs(before.top - own.top) > 1 || arrow.left < before.right
            || arrow.right > own.left || arrow.top < own.top || arrow.bottom > own.bottom)
          problems.push(`${name}: "→" is not between it and the box to its left`);
      } else if (style.content === '"↓"') {
        if (arrow.top < before.bottom || arrow.bottom > own.top
            || arrow.left < own.left || arrow.right > own.right)
          problems.push(`${name}: "↓" is not between it and the box above`);
      } else {
        problems.push(`${name}: no arrow (${style.content})`);
      }
    });
  }
  return {problems, widths, overflow: document.documentElement.scrollWidth - page};
}"""


def _ladder_arrows(browser: Browser, url: str, width: int) -> dict[str, Any]:
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto(url)
    facts: dict[str, Any] = page.evaluate(LADDER_ARROWS)
    page.close()
    return facts


def test_each_play_off_arrow_points_from_one_stage_to_the_next_at_every_width(
    browser: Browser, long_names: ServeSession
) -> None:
    """With two long names the junior closed's first stage was 1,027 px wide at 1280 px: the
    stages wrapped onto three lines and each "→" began 14 px left of the page, cut off and
    pointing at nothing; the championship's winner likewise. Now the stages share one line
    from 1025 px (a name wraps inside its stage), and stack with "↓" up to 1024 px, the arrow
    one line high so that it stays inside the gap (a line of 1.5rem type was 36 px in 28)."""
    problems = []
    for event in ("junior-closed", "junior-championship"):
        for width in (1280, 1024, 768, 390):
            facts = _ladder_arrows(browser, f"{long_names.url}{event}/playoff.html", width)
            problems += [f"{event} at {width} px: {p}" for p in facts["problems"]]
            if facts["overflow"] > 0:
                problems.append(f"{event} at {width} px: {facts['overflow']} px too wide")
    assert problems == [], "\n".join(problems)


def test_an_acf_play_off_of_three_stages_stacks_below_1280(
    browser: Browser, tmp_path: Path
) -> None:
    """The ACF's G15, G5 and Armageddon and the winner are four boxes: on one line at 1040 px
    each stage would be 232 px wide, "Featherstonehaugh-Montgomery" broken every few letters.
    Below 1280 px they stack (each arrow "↓"), from 1280 px they share a line ("→"), every
    stage at least 15rem (240 px) wide."""
    _copy_demo_with_long_names(tmp_path)
    long_name, other = LONG_NAMES["Whitcombe, Harrison"], "Delacroix, Amelie"
    games = [
        ("1", long_name, other, "1-0", "900"),
        ("2", other, long_name, "1-0", "900"),
        ("3", long_name, other, "1/2-1/2", "300"),
        ("4", other, long_name, "1/2-1/2", "300"),
        ("5", long_name, other, "1/2-1/2", "300/240"),
    ]
    pgn = "".join(
        pgn_game(number, white, black, result, TimeControl=clock)
        for number, white, black, result, clock in games
    )
    (tmp_path / "content/junior-championship/playoff/playoff.pgn").write_text(pgn)
    with ServeSession(tmp_path, port=free_port(), out=io.StringIO()) as session:
        assert session.results[0].ok, session.out.getvalue()  # type: ignore[attr-defined]
        url = session.url + "junior-championship/playoff.html"
        facts = {width: _ladder_arrows(browser, url, width) for width in (1280, 1040)}
    for width, seen in facts.items():
        assert seen["problems"] == [] and seen["overflow"] <= 0, (width, seen)
        assert len(seen["widths"]) == 4 and min(seen["widths"][:3]) >= 240, (width, seen)


def test_printed_standings_give_the_reason_under_each_name(
    browser: Browser, demo: ServeSession
) -> None:
    """Arbiters print the standings for the wall, and on a tie the reason is what players ask
    about, but the print stylesheet hid it. On an A4 landscape page (273 mm, 1,031 px) it is
    a smaller line under the name now: the junior closed's 5th place, Drummond, is ahead of
    Okoro-Winter on BPG, 5 to 4; all 15 reasons of the junior championship (seven tie-break
    columns) are on the page, and both tables fit it."""
    facts = {}
    for event in ("junior-closed", "junior-championship"):
        page = browser.new_page(viewport={"width": 1031, "height": 800})
        page.emulate_media(media="print")
        page.goto(f"{demo.url}{event}/standings.html")
        facts[event] = page.evaluate(
            """() => { const wrap = document.querySelector('.table-wrap');
              const edge = wrap.getBoundingClientRect();
              const shown = e => e.getClientRects().length > 0
                && e.getBoundingClientRect().right <= edge.right;
              const whys = [...wrap.querySelectorAll('tbody .why-inline')];
              const fifth = wrap.querySelectorAll('tbody tr')[4];
              const size = e => parseFloat(getComputedStyle(e).fontSize);
              return {fits: wrap.scrollWidth <= wrap.clientWidth
                        && document.documentElement.scrollWidth <= 1031,
                      shown: whys.filter(shown).length, reasons: whys.length,
                      smaller: whys.every(why => size(why) < size(why.parentElement)),
                      column: [...wrap.querySelectorAll('.why')].filter(shown).length,
                      fifth: fifth.querySelector('.why-inline')?.textContent}; }"""
        )
        page.close()
    closed, championship = facts["junior-closed"], facts["junior-championship"]
    assert closed["fifth"] == "ahead on Games with Black, 5 to 4", facts
    assert championship["reasons"] == 15, facts
    for seen in facts.values():
        assert seen["shown"] == seen["reasons"], facts
        assert seen["fits"] and seen["smaller"] and seen["column"] == 0, facts


def test_the_pagers_are_not_printed(browser: Browser, demo: ServeSession) -> None:
    """A round's pairings printed for the wall showed "← Round 2 Round 4 → Standings after
    round 3", links nobody can follow on paper; a game page's pager was hidden already."""
    page = browser.new_page(viewport={"width": 1031, "height": 800})
    page.emulate_media(media="print")
    shown = []
    for path in ("junior-closed/rounds/round-3.html", "junior-closed/games/r3-b1.html"):
        page.goto(f"{demo.url}{path}")
        assert page.locator(".pager").count() == 1, path
        shown.append(page.locator(".pager").is_visible())
    page.close()
    assert shown == [False, False]


def test_find_a_player_keeps_the_rows_whose_name_holds_what_is_typed(
    browser: Browser, make_site: SiteMaker
) -> None:
    """In a 300-player open a parent looked for a name among the pairing numbers. The list of
    players, opened from disk, has a "Find a player" box: five players, numbered in the order
    listed (1 Ábel, 2 Abbot, 3 Łaski, 4 Okafor, 5 de Vries). "abel" keeps Ábel only
    (accents ignored; "abbot" has no "abel"), "nia okafor" Okafor (words in any order), "V"
    de Vries (case ignored; no other name has a v), "lask" Łaski (Ł, which Unicode does not
    split into L and a stroke, read as L), "4" the player numbered 4, "zz" none.
    Without JavaScript the box is not shown and every row is."""
    names = ["Ábel, Ilona", "Abbot, Sam", "Łaski, Milo", "Okafor, Nia", "de Vries, Jan"]
    toml = 'name = "Open"\nformat = "swiss"\nrounds = 5\nstart = 2026-03-01\n'
    toml += "".join(f'[[players]]\nname = "{name}"\n\n' for name in names)
    site = make_site(toml)
    assert build_site(site).written
    url = (site / "output/ev/players/index.html").as_uri()
    page = browser.new_page(viewport=PHONE)
    watched = Watched(page)
    page.goto(url)
    box = page.get_by_label("Find a player")

    def rows() -> list[str]:
        return [row.inner_text() for row in page.locator("#players-table tbody th:visible").all()]

    assert page.locator("#find-player-count").inner_text() == "5 players"
    assert rows() == names
    for typed, left, count in [
        ("abel", ["Ábel, Ilona"], "1 of 5 players"),
        ("nia okafor", ["Okafor, Nia"], "1 of 5 players"),
        ("V", ["de Vries, Jan"], "1 of 5 players"),
        ("lask", ["Łaski, Milo"], "1 of 5 players"),
        ("4", ["Okafor, Nia"], "1 of 5 players"),
        ("zz", [], "0 of 5 players"),
        ("", names, "5 players"),
    ]:
        box.fill("")
        box.press_sequentially(typed)
        assert rows() == left, typed
        assert page.locator("#find-player-count").inner_text() == count, typed
    assert page.locator("#find-player-count").get_attribute("role") == "status"
    page.close()
    assert watched.errors == []
    plain = browser.new_page(viewport=PHONE, java_script_enabled=False)
    plain.goto(url)
    assert not plain.locator(".find-player").is_visible()
    assert plain.locator("#players-table tbody tr:visible").count() == 5
    plain.close()


def test_the_rows_a_found_player_leaves_alternate_their_stripes(
    browser: Browser, make_site: SiteMaker
) -> None:
    """The list's stripes counted the rows the Find a player box hides: "l" keeps rows 1
    (Ábel, Ilona) and 3 (Łaski, Milo), both odd in the whole list, so both were plain. The
    rows shown now alternate, plain then striped (--row-alt, #fafbfc), names included, as the
    whole list does before anything is typed (rows 2 and 4 striped)."""
    names = ["Ábel, Ilona", "Abbot, Sam", "Łaski, Milo", "Okafor, Nia", "de Vries, Jan"]
    toml = 'name = "Open"\nformat = "swiss"\nrounds = 5\nstart = 2026-03-01\n'
    toml += "".join(f'[[players]]\nname = "{name}"\n\n' for name in names)
    site = make_site(toml)
    assert build_site(site).written
    page = browser.new_page(viewport=PHONE)
    page.goto((site / "output/ev/players/index.html").as_uri())
    plain, striped = "rgba(0, 0, 0, 0)", "rgb(250, 251, 252)"

    def stripes(cell: str = "") -> list[str]:
        shown = page.locator(f"#players-table tbody tr:visible {cell}".strip()).all()
        return [c.evaluate("e => getComputedStyle(e).backgroundColor") for c in shown]

    assert stripes() == [plain, striped, plain, striped, plain]
    page.get_by_label("Find a player").press_sequentially("l")
    assert page.locator("#find-player-count").inner_text() == "2 of 5 players"
    assert stripes() == [plain, striped]
    assert stripes("th") == [plain, striped]
    page.close()


def test_find_a_player_ignores_hebrew_and_arabic_vowel_points(
    browser: Browser, make_site: SiteMaker
) -> None:
    """The box dropped only Latin accents (U+0300-036F): a name written with Hebrew niqqud
    (כֹּהֵן) or Arabic harakat (مُحَمَّد) was not found by typing it plain, as people type and
    as the pairings by name sort it. Typed plain, each now finds its one row of three."""
    names = ["כֹּהֵן, דָּוִד", "مُحَمَّد, عَلِي", "Okafor, Nia"]
    toml = 'name = "Open"\nformat = "swiss"\nrounds = 5\nstart = 2026-03-01\n'
    toml += "".join(f'[[players]]\nname = "{name}"\n\n' for name in names)
    site = make_site(toml)
    assert build_site(site).written
    page = browser.new_page(viewport=PHONE)
    page.goto((site / "output/ev/players/index.html").as_uri())
    box = page.get_by_label("Find a player")
    for typed, left in [("כהן", names[0]), ("محمد", names[1]), ("okafor", names[2])]:
        box.fill("")
        box.press_sequentially(typed)
        assert page.locator("#find-player-count").inner_text() == "1 of 3 players", typed
        shown = page.locator("#players-table tbody th:visible").all()
        assert [row.inner_text() for row in shown] == [left], typed
    page.close()
