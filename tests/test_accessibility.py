"""Accessibility of the demo site, checked in a real browser: axe-core (the copy bundled in the
PyPI package axe-playwright-python, so no CDN and no npm) run by Playwright in Debian's Chromium
(no browser download), and the game viewer driven from the keyboard.

What is checked on which pages, to keep the run short (one browser, one tab, ~2 s a page):

- every page but the game pages: every axe rule in the light scheme, and axe's contrast rule
  again in the dark scheme (the only thing the dark scheme changes is colour);
- the game pages (130 of the demo's ~230, all from one template): a sample per event, the
  first and the last game, every play-off game, and every game with an arbiter's decision, an
  illegal move or no moves. ``CROSSTABLE_A11Y_ALL=1`` checks every game page too.

A serious or critical violation fails the test; moderate and minor ones are reported as
warnings. test_html.py checks the structure of every page (game pages included) without a
browser: captions, scoped headers, text alternatives, link names, HTML validity.

Skipped only where Chromium or a package is missing on a developer's machine; under CI (``CI``
set, as ``.ci/run`` runs) that is a failure, because there they are installed.
"""

from __future__ import annotations

import os
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_html import build_demo

CHROMIUM = Path(os.environ.get("CROSSTABLE_CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
FAILING = ("serious", "critical")
SCREEN = {"width": 1280, "height": 900}


def _unavailable(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI must install it (.ci/run)")
    pytest.skip(reason, allow_module_level=True)


try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    _unavailable("the playwright package is not installed")
try:
    import axe_playwright_python
except ImportError:  # pragma: no cover - depends on the machine
    _unavailable("the axe-playwright-python package (axe-core) is not installed")
if not CHROMIUM.exists():  # pragma: no cover - depends on the machine
    _unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium)")

AXE = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def output(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_demo(tmp_path_factory.mktemp("demo"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def page(browser: Browser) -> Iterator[Page]:
    """One tab for every test, in the light scheme unless a test says otherwise."""
    tab = browser.new_page(viewport=SCREEN, color_scheme="light")
    yield tab
    tab.close()


MANY = re.compile(
    r"^(?P<event>.+)/(?P<kind>games|players|rounds|standings|categories)/(?!index\.html)"
)
UNUSUAL = re.compile(
    r'class="decision"|class="warning"|Withdrew|; withdrew after round|No moves were recorded'
)
# The pages of test_html's small championship that show what the demo does not.
EXTRAS = (
    "club-2026/index.html",
    "club-2026/open/arbiter.html",
    "club-2026/open/games/r1-b1.html",
    "club-2026/open/rounds/round-2.html",
    "club-2026/rapid/index.html",
    "club-2026/rapid/standings.html",
    "club-2026/rapid/crosstable.html",
    "club-2026/rapid/players/1-alpha-anna.html",
)
CHROME = [[".site-header"], [".event-nav"], [".site-footer"]]


def pages_to_check(output: Path) -> dict[str, bool]:
    """The pages to check, each with whether to check the parts every page of an event repeats
    (header, event navigation, footer). See the module's docstring: of each event's game pages,
    player cards, round pages and earlier standings, the first, the middle and the last, every
    play-off game, and the first page that shows each unusual thing (an arbiter's decision, an
    illegal move, a withdrawal, a game without moves), with the repeated parts left out; every
    other page in full."""
    everything = sorted(p.relative_to(output).as_posix() for p in output.rglob("*.html"))
    if os.environ.get("CROSSTABLE_A11Y_ALL"):
        return dict.fromkeys(everything, True)
    chosen = {name: True for name in EXTRAS}
    groups: dict[tuple[str, str], list[str]] = {}
    for name in everything:
        many = MANY.match(name)
        if name.startswith("club-2026/"):
            continue
        if many:
            groups.setdefault((many["event"], many["kind"]), []).append(name)
        else:
            chosen[name] = True
    for names in groups.values():
        names.sort(key=lambda n: [int(x) for x in re.findall(r"\d+", n)])
        regular = [name for name in names if "/playoff-" not in name]
        sample = {regular[0], regular[len(regular) // 2], regular[-1]}
        sample.update(name for name in names if "/playoff-" in name)
        shown: set[str] = set()
        for name in names:
            unusual = set(UNUSUAL.findall((output / name).read_text(encoding="utf-8")))
            if unusual - shown:
                sample.add(name)
                shown |= unusual
        chosen.update(dict.fromkeys(sample, False))
    return dict(sorted(chosen.items()))


def axe(page: Page, full: bool, **options: Any) -> list[dict[str, Any]]:
    """axe's violations on the page shown, injected once per page load."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE)
    result: dict[str, Any] = page.evaluate(
        "([context, options]) => axe.run(context || document, options)",
        [None if full else {"exclude": CHROME}, {"resultTypes": ["violations"], **options}],
    )
    return list(result["violations"])


def describe(name: str, scheme: str, violation: dict[str, Any]) -> list[str]:
    lines = []
    for node in violation["nodes"][:5]:
        checks = node.get("any", []) + node.get("all", []) + node.get("none", [])
        why = checks[0]["message"] if checks else violation["help"]
        lines.append(
            f"{name} ({scheme}): {violation['id']} [{violation['impact']}] "
            f"{' '.join(map(str, node['target']))}: {why}"
        )
    return lines


def test_axe_finds_nothing_serious_in_light_and_dark(page: Page, output: Path) -> None:
    """Every rule in the light scheme, then the contrast rule again in the dark one (switching
    the scheme restyles the page in place: no second load)."""
    names = pages_to_check(output)
    assert len(names) > 50
    contrast_only = {"runOnly": {"type": "rule", "values": ["color-contrast"]}}
    failures: list[str] = []
    notes: list[str] = []
    for name, full in names.items():
        page.emulate_media(color_scheme="light")
        page.goto((output / name).as_uri())
        for scheme, options in (("light", {}), ("dark", contrast_only)):
            page.emulate_media(color_scheme=scheme)
            for violation in axe(page, full, **options):
                lines = describe(name, scheme, violation)
                (failures if violation["impact"] in FAILING else notes).extend(lines)
    page.emulate_media(color_scheme="light")
    if notes:
        warnings.warn("axe, moderate and minor:\n" + "\n".join(notes), stacklevel=1)
    assert failures == [], "\n".join(failures)


def test_the_dark_scheme_is_dark_and_the_light_one_light(page: Page, output: Path) -> None:
    """The contrast checks above are only worth something if both schemes really apply."""
    colours = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.goto((output / "junior-closed/crosstable.html").as_uri())
        colours[scheme] = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert colours == {"light": "rgb(255, 255, 255)", "dark": "rgb(18, 22, 25)"}
    page.emulate_media(color_scheme="light")


FOCUS = """() => {
  const e = document.activeElement, s = getComputedStyle(e);
  return {tag: e.tagName, text: (e.getAttribute('aria-label') || e.textContent).trim(),
          ply: e.dataset ? e.dataset.ply || null : null,
          outline: s.outlineStyle, width: parseFloat(s.outlineWidth)};
}"""


def state(page: Page) -> dict[str, Any]:
    return dict(
        page.evaluate(
            """() => {
          const current = document.querySelectorAll('[data-ply][aria-current="step"]');
          return {
            current: current.length ? Number(current[0].dataset.ply) : 0,
            currents: current.length,
            status: document.querySelector('[data-status]').textContent,
            pieces: document.querySelector('[data-pieces]').textContent,
            label: document.querySelector('svg.board').getAttribute('aria-label'),
            pressed: document.querySelector('[data-go=flip]').getAttribute('aria-pressed'),
          };
        }"""
        )
    )


def test_the_game_viewer_works_from_the_keyboard(page: Page, output: Path) -> None:
    page.emulate_media(color_scheme="light")
    page.goto((output / "junior-closed/games/r1-b1.html").as_uri())
    last = page.locator("[data-ply]").count()
    assert last == 110
    start = state(page)
    assert start["current"] == last and start["currents"] == 1
    assert start["status"] == start["label"] == "Final position, after 55… Bxh4"
    assert start["pieces"].startswith(". White: king f1, bishop g8, pawns b3 and e4; Black: ")

    # The first Tab shows the skip link; Enter on it moves on to the content.
    page.keyboard.press("Tab")
    focus = page.evaluate(FOCUS)
    assert focus["text"] == "Skip to content" and focus["outline"] == "solid"
    assert page.evaluate("document.activeElement.getBoundingClientRect().left") >= 0

    # Tab on to the viewer's buttons; every stop shows a focus ring.
    buttons = []
    for _ in range(60):
        page.keyboard.press("Tab")
        focus = page.evaluate(FOCUS)
        assert focus["outline"] == "solid" and focus["width"] >= 2, focus
        if focus["tag"] == "BUTTON":
            buttons.append(focus["text"])
            if len(buttons) == 5:
                break
    assert buttons == [
        "Start position",
        "Previous move",
        "Next move",
        "Final position",
        "Flip the board",
    ]
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")  # back on "Previous move"
    page.keyboard.press("Enter")
    assert state(page)["current"] == last - 1
    page.keyboard.press("Space")
    after = state(page)
    assert after["current"] == last - 2 and after["status"] == "After 54… Be1"
    assert after["label"] == "After 54… Be1" and after["pieces"] != start["pieces"]

    # The arrow keys step anywhere; Home and End while the focus is in the viewer.
    page.keyboard.press("ArrowLeft")
    assert state(page)["current"] == last - 3
    page.keyboard.press("ArrowRight")
    assert state(page)["current"] == last - 2
    page.keyboard.press("Home")
    first = state(page)
    assert first["current"] == 0 and first["currents"] == 0
    assert first["status"] == "Start position"
    assert first["pieces"].startswith(". White: king e1, queen d1, rooks a1 and h1, bishops c1")
    page.keyboard.press("ArrowRight")
    assert state(page)["status"] == "After 1. e4"
    page.keyboard.press("End")
    assert state(page)["current"] == last
    page.evaluate(  # Alt+← is the browser's Back, not a step
        "document.dispatchEvent(new KeyboardEvent('keydown', "
        "{key: 'ArrowLeft', altKey: true, bubbles: true}))"
    )
    assert state(page)["current"] == last

    # The flip button says whether it is pressed.
    page.locator("[data-go=flip]").focus()
    page.keyboard.press("Enter")
    flipped = state(page)
    assert flipped["pressed"] == "true" and flipped["label"].endswith(", seen from Black")

    # A move in the list is a link: Enter on it shows it, and the arrows then move the focus
    # along the list with the position.
    page.locator("[data-ply='9']").focus()
    page.keyboard.press("Enter")
    assert state(page)["current"] == 9
    assert state(page)["status"] == "After 5. Nc3, seen from Black"
    page.keyboard.press("ArrowRight")
    assert state(page)["current"] == 10
    assert page.evaluate(FOCUS)["ply"] == "10"


def test_focus_rings_show_on_every_kind_of_control(page: Page, output: Path) -> None:
    """Links in the navigation, in tables and in text, buttons and the PGN disclosure, in both
    schemes, with an outline that stands out from the page (3:1 at least)."""
    contrast = """() => {
      const lum = c => { const [r, g, b] = c.match(/\\d+/g).slice(0, 3).map(v => {
          v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
      const e = document.activeElement;
      let back = e, bg = 'rgba(0, 0, 0, 0)';
      while (back && (bg = getComputedStyle(back).backgroundColor) === 'rgba(0, 0, 0, 0)')
        back = back.parentElement;
      if (!back) bg = 'rgb(255, 255, 255)';
      const [a, b] = [lum(getComputedStyle(e).outlineColor), lum(bg)].sort((x, y) => y - x);
      return (a + 0.05) / (b + 0.05);
    }"""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for name, selector in (
            ("junior-closed/standings.html", ".event-nav a"),
            ("junior-closed/standings.html", "table a"),
            ("junior-closed/standings.html", ".site-title"),
            ("junior-closed/crosstable.html", "td .res a"),
            ("junior-closed/games/r1-b1.html", "summary"),
            ("junior-closed/games/r1-b1.html", "[data-go=next]"),
            ("junior-closed/games/r1-b1.html", "[data-ply='3']"),
        ):
            page.goto((output / name).as_uri())
            # Focus by keyboard (Tab) so that :focus-visible applies, as for a real user.
            page.evaluate(
                "s => { const e = document.querySelector(s); const all = [...document"
                ".querySelectorAll('a[href], button, summary')]; all[all.indexOf(e) - 1]"
                ".focus(); }",
                selector,
            )
            page.keyboard.press("Tab")
            focus = page.evaluate(FOCUS)
            where = f"{name} {selector} ({scheme})"
            assert page.evaluate(f"document.activeElement === document.querySelector({selector!r})")
            assert focus["outline"] == "solid" and focus["width"] >= 2, where
            assert page.evaluate(contrast) >= 3, where
    page.emulate_media(color_scheme="light")
