"""Shared helpers: tiny sites written into a temporary folder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from generator import config
from generator.build import load_event
from generator.model import Event
from generator.problems import Problems
from generator.render import exports
from generator.rules import checks, standings

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"

FOUR_PLAYERS = """
[[players]]
name = "Alpha, Anna"
fide_id = 1000001
rating = 2300

[[players]]
name = "Bravo, Bob"
aliases = ["Bravo, B."]
rating = 2250

[[players]]
name = "Charlie, Carl"
rating = 2200

[[players]]
name = "Delta, Dora"
rating = 2150
"""


def circle(players: int) -> list[list[tuple[int, int]]]:
    """Round-robin rounds by the circle method; with an odd count, a pair with 0 sits out."""
    seats = list(range(1, players + 1)) + ([0] if players % 2 else [])
    rounds = []
    for _ in range(len(seats) - 1):
        half = len(seats) // 2
        rounds.append(list(zip(seats[:half], reversed(seats[half:]), strict=True)))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


def event_toml(body: str = "", *, format: str = "round-robin", rounds: int = 3) -> str:
    """A valid event file for the four players above, plus ``body``."""
    head = f'name = "Test Event"\nformat = "{format}"\nrounds = {rounds}\nstart = 2025-06-01\n'
    return head + body + FOUR_PLAYERS


def pgn_game(
    round_tag: str, white: str, black: str, result: str, moves: str = "", **tags: str
) -> str:
    extra = "".join(f'[{key} "{value}"]\n' for key, value in tags.items())
    return (
        f'[Event "Test Event"]\n[Round "{round_tag}"]\n[White "{white}"]\n[Black "{black}"]\n'
        f'[Result "{result}"]\n{extra}\n{moves} {result}\n\n'
    )


# Five players, five rounds. Alpha, Bravo and Charlie beat each other in a circle (A beat B,
# B beat C, C beat A); against the others Alpha drew twice and Bravo and Charlie won once and
# lost once to Echo. Echo 3 (draws with A and D, wins over B and C); A, B, C 2; Delta 1.
DE_TWICE_RESULTS = (
    (1, "Alpha, Anna", "Bravo, Bob", "1-0"),
    (1, "Charlie, Carl", "Delta, Dora", "1-0"),
    (2, "Charlie, Carl", "Alpha, Anna", "1-0"),
    (2, "Echo, Eve", "Bravo, Bob", "1-0"),
    (3, "Alpha, Anna", "Delta, Dora", "1/2-1/2"),
    (3, "Echo, Eve", "Charlie, Carl", "1-0"),
    (4, "Alpha, Anna", "Echo, Eve", "1/2-1/2"),
    (4, "Bravo, Bob", "Delta, Dora", "1-0"),
    (5, "Bravo, Bob", "Charlie, Carl", "1-0"),
    (5, "Delta, Dora", "Echo, Eve", "1/2-1/2"),
)


def de_twice_event() -> str:
    """The event above with Direct Encounter listed twice: ``["DE", "WIN", "DE"]``."""
    players = "".join(
        f'[[players]]\nname = "{name}"\n\n'
        for name in ("Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora", "Echo, Eve")
    )
    results = "".join(
        f'[[results]]\nround = {r}\nwhite = "{w}"\nblack = "{b}"\nresult = "{res}"\n\n'
        for r, w, b, res in DE_TWICE_RESULTS
    )
    head = 'name = "DE twice"\nformat = "round-robin"\nrounds = 5\nstart = 2025-06-01\n'
    return head + 'tiebreaks = ["DE", "WIN", "DE"]\n\n' + players + results


SiteMaker = Callable[..., Path]


@pytest.fixture
def make_site(tmp_path: Path) -> SiteMaker:
    """Write a site with one event ``ev``: ``make_site(event_toml(...), {"games.pgn": "..."})``."""

    def make(event: str, files: dict[str, str] | None = None, slug: str = "ev") -> Path:
        folder = tmp_path / "site" / "content" / slug
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "event.toml").write_text(event, encoding="utf-8")
        for name, text in (files or {}).items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        return tmp_path / "site"

    return make


def forget_memos() -> None:
    """Empty what this process remembers between builds (the standings, final-position
    verdicts, exported games and event files: ``cache.load_memos``), as a new process
    starts. A build without cache run after a rebuild in the same process would otherwise
    be handed the rebuild's values, and a memo whose key missed an input would give both
    the same stale value: the two would agree."""
    for memo in (standings.RANKED, exports.EXPORTS, checks.VERDICTS, config.PARSED):
        memo.clear()


def load(site: Path, slug: str = "ev") -> tuple[Event | None, Problems]:
    problems = Problems()
    event = load_event(site / "content" / slug, problems)
    return event, problems


def messages(problems: Problems) -> list[str]:
    return [p.format() for p in problems.items]
