"""A game page's pager: the games before and after it, as a reader goes through a round's
games (and on into the next round) without going back to the round's page.

The expected links are worked out by hand from the games each test writes: board order
within a round, round after round; the play-off's games in playing order, apart from the
rounds; a game without a page (a forfeit) passed over."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from conftest import SiteMaker, event_toml, pgn_game

from generator.build import build_site
from generator.buildstate import CACHE_FOLDER, SiteState

A, B, C, D = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora"
MOVES = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"
PAGER = re.compile(r'<nav class="pager" aria-label="([^"]*)">(.*?)</nav>')
LINK = re.compile(r'<a href="([^"]*)"(?: rel="([a-z]+)")?(?: title="([^"]*)")?>([^<]*)</a>')

Link = tuple[str, str | None, str | None, str]


def pager(page: Path) -> tuple[str, list[Link]]:
    """The pager's label and its links: (href, rel, title, text)."""
    found = PAGER.findall(page.read_text(encoding="utf-8"))
    assert len(found) == 1, page
    label, links = found[0]
    return label, [(h, r or None, t or None, x) for h, r, t, x in LINK.findall(links)]


def up(round_number: int) -> Link:
    return (f"../rounds/round-{round_number}.html", None, None, f"Round {round_number}")


def previous(slug: str, label: str) -> Link:
    return (f"{slug}.html", "prev", label, "← Previous game")


def following(slug: str, label: str) -> Link:
    return (f"{slug}.html", "next", label, "Next game →")


def forfeit(round_tag: str, white: str, black: str) -> str:
    """A forfeit as a broadcast tool writes one: no moves, Termination "forfeit"."""
    return pgn_game(round_tag, white, black, "1-0", Termination="forfeit")


def three_rounds(round_two_board_one: str) -> dict[str, str]:
    """Every pairing of four players over three rounds; board 2 of round 1 written before
    board 1 (the pager goes by board, not by the file's order)."""
    return {
        "r1.pgn": pgn_game("1.2", C, D, "0-1", MOVES) + pgn_game("1.1", A, B, "1-0", MOVES),
        "r2.pgn": round_two_board_one + pgn_game("2.2", B, D, "1/2-1/2", MOVES),
        "r3.pgn": pgn_game("3.1", A, D, "1-0", MOVES) + pgn_game("3.2", B, C, "0-1", MOVES),
    }


def test_game_pages_link_the_games_before_and_after_in_board_order(make_site: SiteMaker) -> None:
    """Round 2, board 1 is a forfeit: no page, so round 1 board 2 and round 2 board 2 lead to
    each other. The first game of round 1 has no previous game, the last of round 3 no next."""
    site = make_site(event_toml(), three_rounds(forfeit("2.1", A, C)))
    assert build_site(site).written
    games = site / "output/ev/games"
    assert not (games / "r2-b1.html").exists()
    assert pager(games / "r1-b1.html") == (
        "Games of round 1",
        [up(1), following("r1-b2", "Round 1, board 2")],
    )
    assert pager(games / "r1-b2.html") == (
        "Games of round 1",
        [
            previous("r1-b1", "Round 1, board 1"),
            up(1),
            following("r2-b2", "Round 2, board 2"),
        ],
    )
    assert pager(games / "r2-b2.html") == (
        "Games of round 2",
        [
            previous("r1-b2", "Round 1, board 2"),
            up(2),
            following("r3-b1", "Round 3, board 1"),
        ],
    )
    assert pager(games / "r3-b2.html") == (
        "Games of round 3",
        [previous("r3-b1", "Round 3, board 1"), up(3)],
    )


def test_a_play_off_games_pager_stays_among_the_play_off_games(make_site: SiteMaker) -> None:
    """Alpha and Bravo tie on 2 (A beats C and D, loses to B; B draws C and D) and play two
    G15 games (ACF By-law 3): game 1 leads only to game 2, game 2 only back to game 1, both
    up to the play-off page; the last game of round 3 does not lead on into the play-off."""
    rounds = [
        ("1.1", A, B, "0-1"), ("1.2", C, D, "1/2-1/2"),
        ("2.1", A, C, "1-0"), ("2.2", B, D, "1/2-1/2"),
        ("3.1", A, D, "1-0"), ("3.2", B, C, "1/2-1/2"),
    ]  # fmt: skip
    games = "".join(pgn_game(r, w, b, res, MOVES) for r, w, b, res in rounds)
    playoff = pgn_game("1", A, B, "1-0", MOVES, TimeControl="900")
    playoff += pgn_game("2", B, A, "1/2-1/2", MOVES, TimeControl="900")
    text = event_toml('rules = "acf-junior"\n')
    site = make_site(text, {"games.pgn": games, "playoff/playoff.pgn": playoff})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    folder = site / "output/ev/games"
    to_playoff = ("../playoff.html", None, None, "Play-off")
    assert pager(folder / "playoff-1.html") == (
        "Play-off games",
        [to_playoff, following("playoff-2", "Play-off game 2")],
    )
    assert pager(folder / "playoff-2.html") == (
        "Play-off games",
        [previous("playoff-1", "Play-off game 1"), to_playoff],
    )
    assert pager(folder / "r3-b2.html")[1] == [previous("r3-b1", "Round 3, board 1"), up(3)]


def test_a_game_added_to_a_round_renders_its_neighbours_again_and_no_other_page(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """Round 2, board 1 was a forfeit (no page); its score sheet comes in with the same
    result. Its page appears, and the pages before and after it (round 1 board 2, round 2
    board 2) now link to it: their keys change. The other games' pages keep theirs."""
    site = make_site(event_toml(), three_rounds(forfeit("2.1", A, C)))
    assert build_site(site).written
    (index,) = site.glob(f"{CACHE_FOLDER}/*/site.index")
    before = SiteState.load(index.parent)
    played = three_rounds(pgn_game("2.1", A, C, "1-0", MOVES))["r2.pgn"]
    (site / "content/ev/r2.pgn").write_text(played, encoding="utf-8")
    assert build_site(site).written
    after = SiteState.load(index.parent)
    assert before is not None and after is not None

    def key(state: SiteState, slug: str) -> str:
        return state.files[f"ev/games/{slug}.html"][2]

    assert "ev/games/r2-b1.html" not in before.files and key(after, "r2-b1")
    for neighbour in ("r1-b2", "r2-b2"):
        assert key(before, neighbour) != key(after, neighbour), neighbour
    for other in ("r1-b1", "r3-b1", "r3-b2"):
        assert key(before, other) == key(after, other), other
    games = site / "output/ev/games"
    assert following("r2-b1", "Round 2, board 1") in pager(games / "r1-b2.html")[1]
    assert previous("r2-b1", "Round 2, board 1") in pager(games / "r2-b2.html")[1]
    # The kept pages and the rendered ones are what a build without a cache writes.
    fresh = tmp_path / "fresh"
    shutil.copytree(site / "content", fresh / "content")
    assert build_site(fresh).written
    for page in sorted(games.iterdir()):
        assert page.read_bytes() == (fresh / "output/ev/games" / page.name).read_bytes(), page
