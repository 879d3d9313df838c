"""Play-offs: both seed procedures, read from PGN, checked, resolved and shown."""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import replace
from pathlib import Path
from urllib.parse import quote

import pytest
from conftest import SiteMaker

from generator.build import build_site, decide, load_event
from generator.model import Event, Game, Player
from generator.problems import Problems
from generator.render.exports import playoff_json
from generator.render.site import EventOutcome, has_game_page, has_playoff_page
from generator.rules.playoffs import (
    FORMATS,
    Playoff,
    StageResult,
    _out_of_the_lead,
    _seeding,
    apply_playoffs,
    armageddon_winner,
)
from generator.rules.scores import PlayerRecord
from generator.rules.standings import StandingRow, Standings
from generator.text import Phrase

# A four-player round robin: A beats B, B beats C, C beats A, everyone beats D -> A, B, C on 2.
# Running scores: A 1, 1, 2 (PS 4); B 0, 1, 2 (PS 3); C 1, 2, 2 (PS 5).
CYCLE = [
    (1, "A", "B", "1-0"), (1, "C", "D", "1-0"),
    (2, "A", "C", "0-1"), (2, "B", "D", "1-0"),
    (3, "A", "D", "1-0"), (3, "B", "C", "1-0"),
]  # fmt: skip
# Two players tied: A beats C and D and loses to B; B draws C and D. A 2, B 2, C 1, D 1.
PAIR = [
    (1, "A", "B", "0-1"), (1, "C", "D", "1/2-1/2"),
    (2, "A", "C", "1-0"), (2, "B", "D", "1/2-1/2"),
    (3, "A", "D", "1-0"), (3, "B", "C", "1/2-1/2"),
]  # fmt: skip
# A Swiss where five players tie on 2 out of 3; A 1,2,2; B and C 1,1,2; D and F 0,1,2.
FIVE = [
    (1, "A", "E", "1-0"), (1, "B", "F", "1-0"), (1, "C", "G", "1-0"), (1, "D", "H", "0-1"),
    (2, "A", "H", "1-0"), (2, "B", "G", "0-1"), (2, "C", "F", "0-1"), (2, "D", "E", "1-0"),
    (3, "A", "F", "0-1"), (3, "B", "E", "1-0"), (3, "C", "H", "1-0"), (3, "D", "G", "1-0"),
]  # fmt: skip

FORFEITS = " if play-off games are forfeited (a player who forfeits one receives no prize money)"
"""How a pending prize names who may take it only should play-off games be forfeited
(U.S. rule: no prize money after a forfeit)."""


def _pgn(games: list[tuple[str | int, str, str, str]], **tags: str) -> str:
    extra = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
    return "".join(
        f'[Round "{r}"]\n[White "{w}"]\n[Black "{b}"]\n[Result "{res}"]\n{extra}\n{res}\n\n'
        for r, w, b, res in games
    )


def _outcome(
    make_site: SiteMaker,
    games: list[tuple[int, str, str, str]],
    playoff: list[tuple[str | int, str, str, str]],
    *,
    rules: str,
    format: str = "round-robin",
    extra: str = "",
    playoff_tags: dict[str, str] | None = None,
    slug: str = "ev",
    playoff_text: str = "",
) -> tuple[Event | None, EventOutcome | None, Problems]:
    names = sorted({n for _, w, b, _ in games for n in (w, b)})
    rounds = max(r for r, *_ in games)
    toml = f'name = "P"\nformat = "{format}"\nrounds = {rounds}\nrules = "{rules}"\n{extra}\n'
    toml += "".join(f'[[players]]\nname = "{n}"\n' for n in names)
    files = {"games.pgn": _pgn(list(games))}
    if playoff:
        files["playoff/playoff.pgn"] = _pgn(playoff, **(playoff_tags or {}))
    if playoff_text:  # games with tags of their own
        files["playoff/playoff.pgn"] = playoff_text
    site = make_site(toml, files, slug=slug)
    problems = Problems()
    event = load_event(site / "content" / slug, problems)
    if event is None or problems.errors:
        return event, None, problems
    outcome = decide(event, problems)
    return event, outcome, problems


def _names(event: Event, numbers: tuple[int, ...]) -> list[str]:
    return [event.player(n).name for n in numbers]


# -- ACF By-law 3 -----------------------------------------------------------------------------


def test_acf_clean_win_in_the_first_stage(make_site: SiteMaker) -> None:
    playoff = [(1, "A", "B", "1-0"), (2, "B", "A", "1/2-1/2")]
    event, outcome, problems = _outcome(
        make_site, PAIR, playoff, rules="acf-junior", playoff_tags={"TimeControl": "900"}
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.status == "complete"
    assert _names(event, result.players) == ["B", "A"]  # seeded by PS: B 4½, A 3
    assert [s.spec.name for s in result.stages] == ["Two games at G15"]
    assert result.stages[0].scores == {1: 1.5, 2: 0.5}
    assert _names(event, result.order) == ["A", "B"]
    rows = outcome.standings.rows
    assert [(r.player.name, r.place, r.decided_by) for r in rows[:2]] == [
        ("A", "1", "playoff"),
        ("B", "2", "points"),
    ]


def test_a_play_off_result_written_as_a_score_sheet_does_says_what_to_write(
    make_site: SiteMaker,
) -> None:
    """The second game of the G15 match typed "½-½": an error on its Result tag, saying to
    write "1/2-1/2"."""
    playoff = [(1, "A", "B", "1-0"), (2, "B", "A", "½-½")]
    _, _, problems = _outcome(
        make_site, PAIR, playoff, rules="acf-junior", playoff_tags={"TimeControl": "900"}
    )
    (error,) = problems.errors
    assert (error.message, error.line, error.hint) == (
        'play-off game (Round "2") B v A: the result "½-½" is not a PGN result',
        12,  # eight lines of the first game, then Round, White, Black, Result
        'write "1/2-1/2"',
    )


def test_acf_split_stages_then_armageddon_won_with_a_draw_as_black(make_site: SiteMaker) -> None:
    playoff = [
        (1, "A", "B", "1-0"), (2, "B", "A", "1-0"),  # G15: 1-1
        (3, "A", "B", "1/2-1/2"), (4, "B", "A", "1/2-1/2"),  # G5, same colours: 1-1
        (5, "B", "A", "1/2-1/2"),  # Armageddon: a draw is a win for Black (A)
    ]  # fmt: skip
    event, outcome, problems = _outcome(make_site, PAIR, playoff, rules="acf-junior")
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert [s.spec.name for s in result.stages] == [
        "Two games at G15", "Two games at G5", "Armageddon",
    ]  # fmt: skip
    assert result.stages[2].spec.armageddon
    assert _names(event, result.order) == ["A", "B"]


def test_acf_two_players_tied_play_off_without_a_reduction_and_score_each_stage(
    make_site: SiteMaker,
) -> None:
    """5.2.1 reduces only "more than two players": two tied play off with no seeding note.
    Each stage's score, from the games: G15 1-1, G5 ½+½ each, and the Armageddon 1-0 to A,
    who drew with Black (5.3.3: "a draw for Black being regarded as a win")."""
    playoff = [
        (1, "A", "B", "1-0"), (2, "B", "A", "1-0"),
        (3, "A", "B", "1/2-1/2"), (4, "B", "A", "1/2-1/2"),
        (5, "B", "A", "1/2-1/2"),
    ]  # fmt: skip
    event, outcome, problems = _outcome(make_site, PAIR, playoff, rules="acf-junior")
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert str(result.note) == ""
    a, b = (next(p.number for p in event.players if p.name == n) for n in "AB")
    assert [s.scores for s in result.stages] == [{a: 1, b: 1}, {a: 1, b: 1}, {a: 1, b: 0}]
    assert [s.advancing for s in result.stages] == [(), (), (a,)]


def test_a_game_of_another_player_in_the_armageddon_is_an_error_and_decides_nothing(
    make_site: SiteMaker,
) -> None:
    """G15 and G5 level 1-1 between A and B; the fifth game, A v C, is not the Armageddon
    between A and B (C is not in the play-off): an error, and the play-off still waits for
    its Armageddon, A and B sharing first place rather than A winning by it."""
    playoff = [
        (1, "A", "B", "1-0"), (2, "B", "A", "1-0"),
        (3, "A", "B", "1/2-1/2"), (4, "B", "A", "1/2-1/2"),
        (5, "A", "C", "1-0"),
    ]  # fmt: skip
    _, outcome, problems = _outcome(make_site, PAIR, playoff, rules="acf-junior")
    assert [e.code for e in problems.errors] == ["playoff-wrong-game"]
    assert problems.errors[0].message.startswith('play-off game (Round "5") A v C should be')
    assert outcome is not None
    (result,) = outcome.playoffs
    assert result.status == "pending"
    assert not result.stages[-1].complete
    assert [r.place for r in outcome.standings.rows[:2]] == ["1-2", "1-2"]


def test_acf_pending_at_every_stage(make_site: SiteMaker) -> None:
    games = [
        (1, "A", "B", "1-0"), (2, "B", "A", "1-0"),
        (3, "A", "B", "1/2-1/2"), (4, "B", "A", "1/2-1/2"),
    ]  # fmt: skip
    expected = [
        "Two games at G15 (15 minutes each for the whole game), game 1: A v B, colours by lot",
        "Two games at G15 (15 minutes each for the whole game), game 2: B (White) v A (Black)",
        "Two games at G5 (5 minutes each for the whole game), game 1: A (White) v B (Black)",
        "Two games at G5 (5 minutes each for the whole game), game 2: B (White) v A (Black)",
        "Armageddon (White 5 minutes, Black 4 minutes; a draw counts as a win for Black): "
        "B v A, colours by lot",
    ]
    for played in range(5):
        _event, outcome, problems = _outcome(
            make_site, PAIR, games[:played], rules="acf-junior", slug=f"p{played}"
        )
        assert outcome and not problems.errors, problems.items
        (result,) = outcome.playoffs
        assert (result.status, str(result.next)) == ("pending", expected[played]), played
        rows = outcome.standings.rows
        assert [r.place for r in rows[:2]] == ["1-2", "1-2"]  # not guessed while pending


def test_a_play_off_game_being_played_is_the_game_due_in_its_colours(
    make_site: SiteMaker,
) -> None:
    """A play-off game published while being played (result "*") was dropped: "Next" named
    it as still to start, and an Armageddon being played as "colours by lot", though its
    colours are on the board. Two players still in have one game due, so it is that game:
    named with its colours, "being played", and kept with its number (``Playoff.live``).
    It decides nothing: the places stay shared."""
    g15 = "Two games at G15 (15 minutes each for the whole game), game 2: "
    on = [(1, "A", "B", "1-0"), (2, "B", "A", "*")]
    event, outcome, problems = _outcome(make_site, PAIR, on, rules="acf-junior")
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.status == "pending"
    assert str(result.next) == g15 + "B (White) v A (Black), being played"
    assert result.due_on  # the game due is the one on the board ("Now")
    assert [(g.board, g.white, g.black, g.result) for g in result.live] == [(2, 2, 1, "*")]
    assert [len(stage.games) for stage in result.stages] == [1]  # the game on is not in it
    assert [r.place for r in outcome.standings.rows[:2]] == ["1-2", "1-2"]

    # The Armageddon (PAIR's G15 and G5 games split), A White on the board: the lot's
    # colours were unknown, and "Next" said "B v A, colours by lot".
    games = [
        (1, "A", "B", "1-0"), (2, "B", "A", "1-0"),
        (3, "A", "B", "1/2-1/2"), (4, "B", "A", "1/2-1/2"), (5, "A", "B", "*"),
    ]  # fmt: skip
    _, outcome, problems = _outcome(make_site, PAIR, games, rules="acf-junior", slug="arm")
    assert outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert str(result.next) == (
        "Armageddon (White 5 minutes, Black 4 minutes; a draw counts as a win for Black): "
        "A (White) v B (Black), being played"
    )
    assert [g.board for g in result.live] == [5]


def test_the_play_off_page_shows_the_game_being_played_and_its_moves(
    make_site: SiteMaker,
) -> None:
    """The play-off page lists the game being played in its stage, "being played", linked to
    its page, which shows the moves so far and their "Latest position"; finished, the game
    keeps its number and page (playoff-2)."""
    games = [(r, w, b, res) for r, w, b, res in PAIR]
    names = sorted({n for _, w, b, _ in games for n in (w, b)})
    toml = 'name = "P"\nformat = "round-robin"\nrounds = 3\nrules = "acf-junior"\n'
    toml += "".join(f'[[players]]\nname = "{n}"\n' for n in names)
    playoff = (
        '[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n\n'
        '[Round "2"]\n[White "B"]\n[Black "A"]\n[Result "*"]\n\n1. d4 d5 2. c4 *\n'
    )
    site = make_site(toml, {"games.pgn": _pgn(games), "playoff/playoff.pgn": playoff})
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    page = (site / "output/ev/playoff.html").read_text(encoding="utf-8")
    row = next(r for r in page.split("<tr") if "being played</a>" in r)
    assert '<a href="games/playoff-2.html">being played</a>' in row
    assert row.index("<bdi>B</bdi>") < row.index("<bdi>A</bdi>")  # B White, A Black
    assert "<bdi>B</bdi> (White) v <bdi>A</bdi> (Black), being played" in page
    game = (site / "output/ev/games/playoff-2.html").read_text(encoding="utf-8")
    assert "Latest position" in game and "Final position" not in game


def test_acf_lots_decide_the_first_colours(make_site: SiteMaker) -> None:
    extra = '[playoff]\nlots = ["B"]\n'
    _, _, problems = _outcome(
        make_site, PAIR, [(1, "A", "B", "1-0")], rules="acf-junior", extra=extra
    )
    (error,) = problems.errors
    assert error.message == (
        'play-off game (Round "1") A v B: B should have White in game 1 of "Two games at G15"'
    )
    assert error.path is not None and error.path.name == "playoff.pgn" and error.line == 1
    assert error.hint == (
        "colours of the second game are reversed; stage 2 keeps stage 1's colours; [playoff] "
        'lots names, in order, the player who drew White in the first game of "Two games at '
        'G15" and the Armageddon'
    )


def test_a_pending_armageddon_names_the_colours_the_lot_gave(make_site: SiteMaker) -> None:
    """[playoff] lots: B drew White for the G15 games, A for the Armageddon."""
    games = [
        (1, "B", "A", "1-0"), (2, "A", "B", "1-0"),
        (3, "B", "A", "1/2-1/2"), (4, "A", "B", "1/2-1/2"),
    ]  # fmt: skip
    extra = '[playoff]\nlots = ["B", "A"]\n'
    _, outcome, problems = _outcome(make_site, PAIR, games, rules="acf-junior", extra=extra)
    assert outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert str(result.next) == (
        "Armageddon (White 5 minutes, Black 4 minutes; a draw counts as a win for Black): "
        "A (White) v B (Black)"
    )


def test_acf_armageddon_colours_are_drawn_by_lot_again(make_site: SiteMaker) -> None:
    """By-law 3, 5.3.3: the Armageddon's colours are "drawn by lot" afresh, not those of the
    earlier games. The lots gave B White in the G15 games and A White in the Armageddon: B
    (White) drawing with A is an error; A (White) drawing with B, a draw, makes B (Black) the
    winner."""
    games = [
        (1, "B", "A", "1-0"), (2, "A", "B", "1-0"),
        (3, "B", "A", "1/2-1/2"), (4, "A", "B", "1/2-1/2"),
    ]  # fmt: skip
    extra = '[playoff]\nlots = ["B", "A"]\n'
    _, _, problems = _outcome(
        make_site, PAIR, [*games, (5, "B", "A", "1/2-1/2")], rules="acf-junior", extra=extra
    )
    (error,) = problems.errors
    assert error.message == 'play-off game (Round "5") B v A: the lot gave White to A'
    assert error.path is not None and error.path.name == "playoff.pgn" and error.line == 29
    assert error.hint == (
        "check the game's colours; [playoff] lots names, in order, the player who drew White "
        'in the first game of "Two games at G15" and the Armageddon'
    )
    event, outcome, problems = _outcome(
        make_site,
        PAIR,
        [*games, (5, "A", "B", "1/2-1/2")],
        rules="acf-junior",
        extra=extra,
        slug="right",
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.status == "complete" and _names(event, result.order) == ["B", "A"]


def test_acf_more_than_two_tied_are_reduced_by_progressive_scores(make_site: SiteMaker) -> None:
    playoff = [(1, "C", "A", "1-0"), (2, "A", "C", "1/2-1/2")]
    event, outcome, problems = _outcome(make_site, CYCLE, playoff, rules="acf-junior")
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert _names(event, result.tied) == ["C", "A", "B"]
    assert _names(event, result.players) == ["C", "A"]  # PS 5 and 4; B's 3 is out
    assert str(result.note) == (
        "3 players tied; Progressive Score reduced them to 2: C (5) and A (4) ahead of B (3)"
    )
    assert result.note.names == ("C", "A", "B")
    rows = outcome.standings.rows
    assert [(r.player.name, r.place, r.decided_by) for r in rows[:3]] == [
        ("C", "1", "playoff"),
        ("A", "2", "PS"),
        ("B", "3", "points"),
    ]


def test_a_shared_link_names_everyone_tied_and_who_plays_off(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """A, B and C are tied on 2 (CYCLE), and SPS leaves C (5) and A (4) to play off. A shared
    link said "C and A are tied for 1st place on 2 points", as if B were not; it names the
    three and who plays off."""
    _outcome(make_site, CYCLE, [], rules="acf-junior")
    assert build_site(tmp_path / "site").written
    page = (tmp_path / "site/output/ev/index.html").read_text(encoding="utf-8")
    c, a, b = ("\u2068" + name + "\u2069" for name in "CAB")
    assert (
        f'content="All 3 rounds played, play-off pending: {c}, {a} and {b} are tied for 1st '
        f"place on 2 points; {c} and {a} play off."
    ) in page


# Every game drawn: A, B, C and D 1½ each, and equal on every tie-break.
ALL_DRAWN = [
    (1, "A", "B", "1/2-1/2"), (1, "C", "D", "1/2-1/2"),
    (2, "A", "C", "1/2-1/2"), (2, "B", "D", "1/2-1/2"),
    (3, "A", "D", "1/2-1/2"), (3, "B", "C", "1/2-1/2"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("tiebreaks", "said"),
    [
        ("", "Progressive Score; Progressive Score, cut 1; Progressive Score, cut 2"),
        ('tiebreaks = ["DE", "PS"]', "Direct Encounter; Progressive Score"),
        ("tiebreaks = []", None),
    ],
    ids=["preset", "de-first", "none"],
)
def test_a_tie_no_tie_break_reduces_names_the_tie_breaks_it_was_equal_on(
    make_site: SiteMaker, tiebreaks: str, said: str | None
) -> None:
    """ALL_DRAWN: four players on 1½, each running score ½, 1, 1½ (Progressive Score 3, cut 1
    2½, cut 2 1½) and every game between them drawn (Direct Encounter 1½ each). By-law 3
    5.2.3: all four play off. The note said "the progressive scores cannot separate them"
    even when the event's list begins with Direct Encounter; it names the list now."""
    event, outcome, problems = _outcome(
        make_site, ALL_DRAWN, [], rules="acf-junior", extra=tiebreaks
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert _names(event, result.players) == ["A", "B", "C", "D"]
    if said is None:  # an event without tie-breaks: nothing to be equal on
        assert str(result.note) == "4 players tied, with no tie-break to separate them"
    else:
        assert str(result.note) == f"4 players tied, equal on every tie-break ({said})"


def test_the_top_seed_who_loses_the_play_off_is_ahead_of_the_left_out_on_their_own_values(
    make_site: SiteMaker,
) -> None:
    """CYCLE: SPS admits C (PS 1 + 2 + 2 = 5) and A (1 + 1 + 2 = 4) to the play-off and leaves
    B out (0 + 1 + 2 = 3). A wins it, so C is 2nd, ahead of B: on Progressive Score 5 to 3, C's
    own score, not A's 4 to 3 (which the standings and C's 2nd prize said)."""
    playoff = [(1, "C", "A", "0-1"), (2, "A", "C", "1/2-1/2")]
    extra = '[[prizes.money]]\nname = "2nd place"\nplace = 2\namount = 100\n'
    event, outcome, problems = _outcome(make_site, CYCLE, playoff, rules="acf-junior", extra=extra)
    assert event and outcome and not problems.errors, problems.items
    rows = outcome.standings.rows
    assert [(r.player.name, r.place, r.decided_by) for r in rows[:3]] == [
        ("A", "1", "playoff"),
        ("C", "2", "PS"),
        ("B", "3", "points"),
    ]
    assert str(rows[1].reason) == "ahead on Progressive Score, 5 to 3"
    (second,) = [a for a in outcome.prizes if a.kind == "money"]
    assert (event.player(second.player or 0).name, str(second.reason)) == (
        "C",
        "2nd overall, ahead on Progressive Score, 5 to 3",
    )


def test_with_direct_encounter_first_the_left_out_reason_names_the_seeding(
    make_site: SiteMaker,
) -> None:
    """As above with tiebreaks = ["DE", "PS"]: Direct Encounter (1 each in the cycle) is worked
    out on a group, not a value of C's own to set against B's, so C's reason names the
    seeding: PS left B out of the play-off."""
    playoff = [(1, "C", "A", "0-1"), (2, "A", "C", "1/2-1/2")]
    extra = 'tiebreaks = ["DE", "PS"]\n'
    event, outcome, problems = _outcome(make_site, CYCLE, playoff, rules="acf-junior", extra=extra)
    assert event and outcome and not problems.errors, problems.items
    rows = outcome.standings.rows
    assert [(r.player.name, r.decided_by, str(r.reason)) for r in rows[1:3]] == [
        ("C", "PS", "played off, and PS left B out"),
        ("B", "points", "more points"),
    ]


# A Swiss of eight where A (W W L), B (W L W) and C (D W D) tie on 2 out of 3, the rest lower.
# Running scores: A 1, 2, 2 (PS 5, PS-C1 4); B 1, 1, 2 (PS 4, PS-C1 3); C ½, 1½, 2 (PS 4,
# PS-C1 3½).
CUT_DECIDES = [
    (1, "A", "E", "1-0"), (1, "B", "F", "1-0"), (1, "C", "D", "1/2-1/2"), (1, "G", "H", "1/2-1/2"),
    (2, "A", "F", "1-0"), (2, "C", "B", "1-0"), (2, "D", "G", "0-1"), (2, "E", "H", "0-1"),
    (3, "A", "B", "0-1"), (3, "C", "E", "1/2-1/2"), (3, "G", "F", "0-1"), (3, "H", "D", "0-1"),
]  # fmt: skip


def test_acf_sps_cuts_reduce_the_tie_when_sps_alone_cannot(make_site: SiteMaker) -> None:
    """By-law 3, 5.1 and 5.2.1: SPS "including the SPS cuts, if necessary" reduces three tied
    players to two. SPS puts A first and leaves B and C level on 4; the first cut (B 3, C 3½)
    takes C. C then wins the play-off: A is 2nd, ahead of B on A's own SPS, 5 to 4."""
    playoff = [(1, "C", "A", "1-0"), (2, "A", "C", "0-1")]
    event, outcome, problems = _outcome(
        make_site, CUT_DECIDES, playoff, rules="acf-junior", format="swiss"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert sorted(_names(event, result.tied)) == ["A", "B", "C"]
    assert _names(event, result.players) == ["A", "C"]
    # SPS put A ahead of the other two, and its first cut C ahead of B.
    assert str(result.note) == (
        "3 players tied; Progressive Score put A (5) ahead of C (4) and B (4); then "
        "Progressive Score, cut 1, reduced them to 2: C (3½) ahead of B (3)"
    )
    assert result.note.names == ("A", "C", "B", "C", "B")
    rows = outcome.standings.rows
    assert [(r.player.name, r.place, r.decided_by, str(r.reason)) for r in rows[:3]] == [
        ("C", "1", "playoff", "ahead in the play-off"),
        ("A", "2", "PS", "ahead on Progressive Score, 5 to 4"),
        ("B", "3", "points", "more points"),
    ]


def test_the_seeding_note_names_the_players_on_each_side_of_the_line(
    make_site: SiteMaker,
) -> None:
    """FIVE, its players written "Last, First": the running scores are A 1, 2, 2 (SPS 5); B
    and C 1, 1, 2 (SPS 4, and equal on every cut: 3 without round 1, 2 without rounds 1-2);
    D and F 0, 1, 2 (SPS 3, cuts 3 and 2). SPS cannot part B and C, so three play off: the
    note names all five with their SPS, those in ahead of those out, a list of such names
    parted by semicolons ("Ames, Ann, Bell, Bo" would read as four people)."""
    renamed = {
        **{"A": "Ames, Ann", "B": "Bell, Bo", "C": "Cole, Cy", "D": "Dunn, Di"},
        **{"E": "Eden, Eve", "F": "Fox, Flo", "G": "Gray, Gus", "H": "Hart, Hal"},
    }
    games = [(r, renamed[white], renamed[black], res) for r, white, black, res in FIVE]
    event, outcome, problems = _outcome(make_site, games, [], rules="acf-junior", format="swiss")
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert _names(event, result.players) == ["Ames, Ann", "Bell, Bo", "Cole, Cy"]
    assert str(result.note) == (
        "5 players tied; Progressive Score reduced them to 3: Ames, Ann (5); Bell, Bo (4) and "
        "Cole, Cy (4) ahead of Dunn, Di (3) and Fox, Flo (3)"
    )
    assert result.note.names == ("Ames, Ann", "Bell, Bo", "Cole, Cy", "Dunn, Di", "Fox, Flo")
    assert playoff_json(event, result)["seeding"] == str(result.note)


# A round robin of six where A, B and C tie on 3½. Among themselves A beat B and drew with C,
# B beat C: Direct Encounter A 1½, B 1, C ½. Against the others A beat D and E and lost to F,
# B beat D and E and drew with F, C beat D, E and F. D 1, E 1, F 2½.
DE_LADDER = [
    (1, "A", "F", "0-1"), (1, "B", "E", "1-0"), (1, "C", "D", "1-0"),
    (2, "F", "D", "1/2-1/2"), (2, "E", "C", "0-1"), (2, "A", "B", "1-0"),
    (3, "B", "F", "1/2-1/2"), (3, "C", "A", "1/2-1/2"), (3, "D", "E", "1/2-1/2"),
    (4, "F", "E", "1/2-1/2"), (4, "A", "D", "1-0"), (4, "B", "C", "1-0"),
    (5, "C", "F", "1-0"), (5, "D", "B", "0-1"), (5, "E", "A", "0-1"),
]  # fmt: skip


def test_a_seeding_by_direct_encounter_gives_the_mini_tables_words(make_site: SiteMaker) -> None:
    """tiebreaks = ["DE", "PS"] under By-law 3: Direct Encounter parts all three (1½, 1 and
    ½ in their games), so A and B play off. It is worked out on the group, not a value of
    each player's own, so the note names the sides and gives the mini-table's words for the
    line, saying whose line it is (A is on B's side, but not level with B)."""
    extra = 'tiebreaks = ["DE", "PS"]\n'
    event, outcome, problems = _outcome(make_site, DE_LADDER, [], rules="acf-junior", extra=extra)
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert _names(event, result.tied) == ["A", "B", "C"]
    assert _names(event, result.players) == ["A", "B"]
    assert str(result.note) == (
        "3 players tied; Direct Encounter reduced them to 2: A and B ahead of C (B ahead of C, "
        "1 to ½ among the 3 tied players)"
    )
    assert result.note.names == ("A", "B", "C", "B", "C")


def _tied_row(number: int, name: str, decided_by: str, **values: float) -> StandingRow:
    tiebreaks = {"PS": values["PS"], "PS/C1": values["C1"]}
    player = Player(number, name, name.lower())
    return StandingRow(player, PlayerRecord(number, ()), 1, "1-5", decided_by, tiebreaks)


def test_a_seeding_in_steps_says_what_each_tie_break_did() -> None:
    """Five tied on points, by hand: SPS A 6; B and C 5; D 4; E 3. The first cut parts B
    (4) and C (4½). SPS takes A and leaves D and E out; its first cut takes C of the two it
    left level: a step for each, the last the one that drew the line."""
    rows = (
        _tied_row(1, "A", "PS", PS=6, C1=5),
        _tied_row(3, "C", "PS/C1", PS=5, C1=4.5),
        _tied_row(2, "B", "PS", PS=5, C1=4),
        _tied_row(4, "D", "PS", PS=4, C1=3.5),
        _tied_row(5, "E", "points", PS=3, C1=3),
    )
    players, note = _seeding(FORMATS["acf-by-law-3"], (1, 3, 2, 4, 5), Standings(rows, 5))
    assert players == (1, 3)
    assert str(note) == (
        "5 players tied; Progressive Score put A (6) ahead of C (5) and B (5), ahead of D (4) "
        "and E (3); then Progressive Score, cut 1, reduced them to 2: C (4½) ahead of B (4)"
    )
    assert note.names == ("A", "C", "B", "D", "E", "C", "B")


def test_a_tie_the_cuts_cannot_reduce_below_all_does_not_call_the_first_equal() -> None:
    """Three tied on points, by hand: SPS A 5; B and C 4, and equal on the cut too (3 each).
    No two can be chosen (B and C cannot be parted), so all three play off (5.2.3); but A is
    ahead of them on SPS, and the note said all three were "equal on every tie-break"."""
    rows = (
        _tied_row(1, "A", "PS", PS=5, C1=4),
        _tied_row(2, "B", "shared", PS=4, C1=3),
        _tied_row(3, "C", "points", PS=4, C1=3),
    )
    players, note = _seeding(FORMATS["acf-by-law-3"], (1, 2, 3), Standings(rows, 3))
    assert players == (1, 2, 3)
    assert str(note) == (
        "3 players tied; Progressive Score put A (5) ahead of B (4) and C (4), who are equal "
        "on every tie-break (Progressive Score; Progressive Score, cut 1)"
    )
    assert note.names == ("A", "B", "C")


# A Swiss of seven: A (W W L) 1, 2, 2 (SPS 5); B and C (W L W) 1, 1, 2 (SPS 4, cut 1 3, cut 2
# 2); D, E and F 1, G 0. G is absent in round 1, F in round 2 and E in round 3.
FIRST_AHEAD_REST_LEVEL = [
    (1, "A", "D", "1-0"), (1, "B", "E", "1-0"), (1, "C", "F", "1-0"),
    (2, "A", "G", "1-0"), (2, "B", "D", "0-1"), (2, "C", "E", "0-1"),
    (3, "B", "G", "1-0"), (3, "C", "D", "1-0"), (3, "A", "F", "0-1"),
]  # fmt: skip


def test_a_play_off_of_all_three_says_the_first_was_ahead_on_sps(make_site: SiteMaker) -> None:
    """FIRST_AHEAD_REST_LEVEL built and published: all three play off, and results.json's
    seeding says why without calling A equal to B and C."""
    byes = "".join(
        f'[[byes]]\nround = {r}\nplayer = "{p}"\npoints = 0\n'
        for r, p in ((1, "G"), (2, "F"), (3, "E"))
    )
    event, outcome, problems = _outcome(
        make_site, FIRST_AHEAD_REST_LEVEL, [], rules="acf-junior", format="swiss", extra=byes
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert _names(event, result.players) == ["A", "B", "C"]
    assert playoff_json(event, result)["seeding"] == (
        "3 players tied; Progressive Score put A (5) ahead of B (4) and C (4), who are equal "
        "on every tie-break (Progressive Score; Progressive Score, cut 1; Progressive Score, "
        "cut 2)"
    )


# Eight players, three rounds: A, B and C each win, draw, win (running 1, 1½, 2½: SPS 5,
# SPSC 4 and 2½), so 5.1 cannot reduce them (5.2.3: all three play off); G 2, the rest less.
THREE_LEVEL_ON_EVERY_CUT = [
    (1, "A", "D", "1-0"), (1, "B", "E", "1-0"), (1, "C", "F", "1-0"), (1, "G", "H", "1-0"),
    (2, "A", "B", "1/2-1/2"), (2, "C", "G", "1/2-1/2"), (2, "E", "D", "0-1"),
    (2, "H", "F", "1/2-1/2"),
    (3, "E", "A", "0-1"), (3, "F", "B", "0-1"), (3, "H", "C", "0-1"), (3, "G", "D", "1/2-1/2"),
]  # fmt: skip
MONEY_FOR_THREE_PLACES = """
[prizes]
currency = "AUD"

[[prizes.money]]
name = "1st"
place = 1
amount = 100

[[prizes.money]]
name = "2nd"
place = 2
amount = 60

[[prizes.money]]
name = "3rd"
place = 3
amount = 40
"""


def test_a_player_a_finished_stage_put_out_has_their_place_while_the_rest_play_on(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """By-law 3, 5.3.2: only the players "still tied" after the G15 games play on. A and B
    draw both their games and each beat C twice: A 3, B 3, C 0. C is out, 3rd whoever
    wins; only A or B may still take 1st and 2nd. C's 3rd place and its 40 are known now,
    and the 1st and 2nd prizes wait for A and B alone (C was said to share 1st-3rd and to
    be able to take any of them)."""
    g15 = [
        ("1", "A", "B", "1/2-1/2"), ("2", "B", "A", "1/2-1/2"), ("3", "A", "C", "1-0"),
        ("4", "C", "A", "0-1"), ("5", "B", "C", "1-0"), ("6", "C", "B", "0-1"),
    ]  # fmt: skip
    event, outcome, problems = _outcome(
        make_site,
        THREE_LEVEL_ON_EVERY_CUT,
        g15,
        rules="acf-junior",
        format="swiss",
        extra=MONEY_FOR_THREE_PLACES,
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert _names(event, result.players) == ["A", "B", "C"]
    assert result.status == "pending"
    assert _names(event, result.still) == ["A", "B"]
    assert str(result.next) == (
        "Two games at G5 (5 minutes each for the whole game), game 1: A (White) v B (Black)"
    )
    rows = outcome.standings.rows
    assert [(r.player.name, r.place, r.rank, r.decided_by) for r in rows[:4]] == [
        ("A", "1-2", 1, "shared"), ("B", "1-2", 1, "playoff"), ("C", "3", 3, "points"),
        ("G", "4", 4, "points"),
    ]  # fmt: skip
    money = [(a.name, a.status, a.player and event.player(a.player).name) for a in outcome.prizes]
    assert money == [("1st", "pending", None), ("2nd", "pending", None), ("3rd", "awarded", "C")]
    assert [str(a.reason) for a in outcome.prizes[:2]] == ["waits for the play-off: A or B"] * 2
    report = build_site(tmp_path / "site")
    assert report.written, [p.format() for p in report.problems.items]
    data = json.loads((tmp_path / "site" / "output" / "ev" / "results.json").read_text("utf-8"))
    (published,) = data["playoffs"]
    assert (published["status"], published["order"]) == ("pending", [])  # no final order yet
    assert [(r["name"], r["place"]) for r in data["standings"][:3]] == [
        ("A", "1-2"), ("B", "1-2"), ("C", "3"),
    ]  # fmt: skip


def test_a_stage_of_three_names_the_games_being_played_beside_the_next(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """Three still in have three games due at once in a stage (a double round robin): the
    page lists the games being played beside "Next", which names the first game due not on
    the board (it named B v C's first game, the one being played). A, B and C (level on
    every cut) have played four of the six G15 games; B v C (game 5) is on, so the next is
    their second game, colours reversed: C (White) v B (Black)."""
    g15 = [
        ("1", "A", "B", "1/2-1/2"), ("2", "B", "A", "1/2-1/2"), ("3", "A", "C", "1-0"),
        ("4", "C", "A", "0-1"), ("5", "B", "C", "*"),
    ]  # fmt: skip
    event, outcome, problems = _outcome(
        make_site, THREE_LEVEL_ON_EVERY_CUT, g15, rules="acf-junior", format="swiss"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.status == "pending" and _names(event, result.players) == ["A", "B", "C"]
    assert (str(result.next), result.due_on) == (
        "Two games at G15 (15 minutes each for the whole game), game 2: C (White) v B (Black)",
        False,
    )
    assert [(g.board, g.white, g.black) for g in result.live] == [(5, 2, 3)]
    report = build_site(tmp_path / "site")
    assert report.written, [p.format() for p in report.problems.items]
    page = (tmp_path / "site/output/ev/playoff.html").read_text(encoding="utf-8")
    assert (
        '. Being played now: <a href="games/playoff-5.html"><bdi>B</bdi> (White) v '
        "<bdi>C</bdi> (Black)</a>.</p>"
    ) in page


def test_acf_reduction_that_cannot_reach_two_keeps_the_fewest_above(make_site: SiteMaker) -> None:
    # A (PS 5) is ahead, B and C are equal on PS and every cut, D and F behind (PS 3).
    playoff = [
        (1, "A", "B", "1-0"), (2, "C", "A", "1/2-1/2"), (3, "B", "C", "1-0"),
        (4, "B", "A", "1/2-1/2"), (5, "A", "C", "1/2-1/2"), (6, "C", "B", "1/2-1/2"),
    ]  # fmt: skip
    event, outcome, problems = _outcome(
        make_site, FIVE, playoff, rules="acf-junior", format="swiss"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert len(result.tied) == 5
    assert _names(event, result.players) == ["A", "B", "C"]
    # A 1 + ½ + ½ + ½ = 2½, B 0 + 1 + ½ + ½ = 2, C ½ + 0 + ½ + ½ = 1½: A wins the first stage.
    assert result.stages[0].scores == {1: 2.5, 2: 2.0, 3: 1.5}
    assert _names(event, result.order) == ["A", "B", "C"]
    places = [(r.player.name, r.place) for r in outcome.standings.rows[:5]]
    assert places == [("A", "1"), ("B", "2"), ("C", "3"), ("D", "4-5"), ("F", "4-5")]


def test_acf_players_the_play_off_leaves_level_share_the_place(make_site: SiteMaker) -> None:
    """A, B and C play off (B and C equal on PS and every cut); A wins every game and B and C
    draw both of theirs. Nothing in By-law 3 separates B and C: they share 2nd-3rd, whatever
    their pairing numbers."""
    playoff = [
        (1, "A", "B", "1-0"), (2, "C", "A", "0-1"), (3, "B", "C", "1/2-1/2"),
        (4, "B", "A", "0-1"), (5, "A", "C", "1-0"), (6, "C", "B", "1/2-1/2"),
    ]  # fmt: skip
    event, outcome, problems = _outcome(
        make_site, FIVE, playoff, rules="acf-junior", format="swiss"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.stages[0].scores == {1: 4.0, 2: 1.0, 3: 1.0}
    assert result.places == ("1", "2-3", "2-3")
    rows = outcome.standings.rows
    assert [(r.player.name, r.rank, r.place, r.decided_by) for r in rows[:5]] == [
        ("A", 1, "1", "playoff"),
        ("B", 2, "2-3", "shared"),
        ("C", 2, "2-3", "PS"),
        ("D", 4, "4-5", "shared"),
        ("F", 4, "4-5", "points"),
    ]
    assert str(rows[1].reason) == "equal on every tie-break"


def test_acf_rapid_goes_from_g5_straight_to_armageddon(make_site: SiteMaker) -> None:
    playoff = [(1, "A", "B", "1-0"), (2, "B", "A", "1-0"), (3, "A", "B", "1-0")]
    event, outcome, problems = _outcome(make_site, PAIR, playoff, rules="acf-junior-rapid")
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert [s.spec.name for s in result.stages] == ["Two games at G5", "Armageddon"]
    assert _names(event, result.order) == ["A", "B"]


# -- U.S. Junior Closed ------------------------------------------------------------------------


def test_us_clean_win_in_the_blitz_double_round_robin(make_site: SiteMaker) -> None:
    playoff = [(1, "A", "B", "1-0"), (2, "B", "A", "1/2-1/2")]
    event, outcome, problems = _outcome(
        make_site, PAIR, playoff, rules="us-junior-closed", playoff_tags={"TimeControl": "180+2"}
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert [s.spec.name for s in result.stages] == ["Blitz double round robin"]
    assert _names(event, result.order) == ["A", "B"]


def test_us_lots_record_the_armageddon_colours_and_the_hint_says_so(
    make_site: SiteMaker,
) -> None:
    """The U.S. blitz colours are free ("Lots shall be drawn at random" is not checked), so
    [playoff] lots' one name is the Armageddon's: an organiser who wrote the blitz's lot
    there (A, who had White in blitz game 1) is told what the list records."""
    blitz = [(1, "A", "B", "1-0"), (2, "B", "A", "1-0")]
    armageddon = [(3, "B", "A", "1/2-1/2")]
    _, _, problems = _outcome(
        make_site,
        PAIR,
        blitz + armageddon,
        rules="us-junior-closed",
        extra='[playoff]\nlots = ["A"]\n',
    )
    (error,) = problems.errors
    assert error.message == 'play-off game (Round "3") B v A: the lot gave White to A'
    assert error.hint == (
        "check the game's colours; [playoff] lots names, in order, the player who drew White "
        'in the Armageddon (the colours of "Blitz double round robin" are not recorded there)'
    )


TWO_MONEY_PRIZES = (
    '[prizes]\ncurrency = "USD"\n'
    '[[prizes.money]]\nname = "1st place"\nplace = 1\namount = 1000\n'
    '[[prizes.money]]\nname = "2nd place"\nplace = 2\namount = 500\n'
)


def test_a_play_off_game_forfeited_counts_as_lost_and_costs_the_us_prize_money(
    make_site: SiteMaker,
) -> None:
    """B did not come to the blitz play-off: both games are written without moves and with
    [Termination "forfeit"]. A wins 2-0 and is 1st; the games are forfeits, not games played
    (no game page; "+-" and "-+" in results.json). Under the U.S. rules ("Players who ...
    forfeit a game may not receive any prize money", the play-off being part of the Event)
    B's 2nd prize passes on: C and D are level on points and Direct Encounter (their draw),
    D had Black three times and C twice, so D is 3rd and takes it."""
    playoff = [(1, "A", "B", "1-0"), (2, "B", "A", "0-1")]
    event, outcome, problems = _outcome(
        make_site,
        PAIR,
        playoff,
        rules="us-junior-closed",
        extra=TWO_MONEY_PRIZES,
        playoff_tags={"TimeControl": "180+2", "Termination": "forfeit"},
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.status == "complete" and _names(event, result.order) == ["A", "B"]
    (stage,) = result.stages
    assert [g.result for g in stage.games] == ["+-", "-+"]
    assert stage.scores == {1: 2.0, 2: 0.0}
    assert not any(has_game_page(g) for g in stage.games)
    games = playoff_json(event, result)["stages"][0]["games"]
    assert [g["result"] for g in games] == ["+-", "-+"]  # the spec's forfeit results
    paid = [
        (a.name, _names(event, (a.player,))[0], a.amount)
        for a in outcome.prizes
        if a.kind == "money" and a.player is not None
    ]
    assert paid == [("1st place", "A", 1000), ("2nd place", "D", 500)]
    (second,) = [a for a in outcome.prizes if a.name == "2nd place"]
    assert tuple(map(str, second.passed_over)) == (
        "B forfeited a play-off game (game 1): no prize money",
    )


def test_a_play_off_forfeit_kept_aside_before_the_last_result_costs_no_money_yet(
    make_site: SiteMaker,
) -> None:
    """The same forfeited play-off entered while B v C of round 3 is still on: A 2, B 1½
    (beat A, drew D), D 1, C ½. The play-off games are kept aside until the event is
    finished (playoff-early), so they count for nothing yet, the forfeit included: were the
    event to end now, A takes the 1st prize and B, 2nd alone, the 2nd, not D."""
    games = [*PAIR[:-1], (3, "B", "C", "*")]
    playoff = [(1, "A", "B", "1-0"), (2, "B", "A", "0-1")]
    event, outcome, problems = _outcome(
        make_site,
        games,
        playoff,
        rules="us-junior-closed",
        extra=TWO_MONEY_PRIZES,
        playoff_tags={"TimeControl": "180+2", "Termination": "forfeit"},
    )
    assert event and outcome and not problems.errors, problems.items
    assert [p.code for p in problems.warnings].count("playoff-early") == 2
    paid = [
        (a.name, _names(event, (a.player,))[0], a.amount, a.passed_over)
        for a in outcome.prizes
        if a.kind == "money" and a.player is not None
    ]
    assert paid == [("1st place", "A", 1000, ()), ("2nd place", "B", 500, ())]


@pytest.mark.parametrize(
    ("result", "winner"),
    [("1-0", 1), ("0-1", 2), ("1/2-1/2", 2), ("+-", 1), ("-+", 2)],
)
def test_the_armageddon_winner_with_draw_odds_and_forfeits(result: str, winner: int) -> None:
    """White 1, Black 2: a draw counts as Black's win; a forfeit goes to the side that came."""
    game = Game(round=0, board=1, white=1, black=2, result=result)
    assert armageddon_winner(game) == winner


def test_us_three_way_tie_then_armageddon_ladder_by_math_tiebreaks(make_site: SiteMaker) -> None:
    # Math order of A, B, C (DE 1 each; BPG: C 2, B 1, A 0): C, B, A.
    blitz = [
        (1, "A", "B", "1-0"), (2, "B", "A", "1-0"), (3, "A", "C", "1-0"),
        (4, "C", "A", "1-0"), (5, "B", "C", "1-0"), (6, "C", "B", "1-0"),
    ]  # fmt: skip
    # Everyone 2 out of 4: the two lowest seeds (A, B) meet first, the winner meets C.
    armageddon = [(7, "A", "B", "1-0"), (8, "A", "C", "1/2-1/2")]  # C wins with the draw odds
    event, outcome, problems = _outcome(
        make_site, CYCLE, blitz + armageddon, rules="us-junior-closed"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert _names(event, result.players) == ["C", "B", "A"]
    assert result.stages[0].scores == {3: 2.0, 2: 2.0, 1: 2.0}
    assert _names(event, result.order) == ["C", "A", "B"]
    assert [(r.player.name, r.place) for r in outcome.standings.rows[:3]] == [
        ("C", "1"), ("A", "2"), ("B", "3"),
    ]  # fmt: skip


def test_a_player_knocked_out_of_the_armageddon_ladder_has_their_place_while_it_goes_on(
    make_site: SiteMaker,
) -> None:
    """The ladder of the test above with only its first game played: A beat B, who is out
    and 3rd whoever wins the A-C game still to come; A and C share 1st-2nd until then."""
    blitz = [
        (1, "A", "B", "1-0"), (2, "B", "A", "1-0"), (3, "A", "C", "1-0"),
        (4, "C", "A", "1-0"), (5, "B", "C", "1-0"), (6, "C", "B", "1-0"),
    ]  # fmt: skip
    event, outcome, problems = _outcome(
        make_site, CYCLE, [*blitz, (7, "A", "B", "1-0")], rules="us-junior-closed"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.status == "pending"
    assert _names(event, result.still) == ["C", "A"]
    assert [(r.player.name, r.place, r.rank) for r in outcome.standings.rows[:4]] == [
        ("C", "1-2", 1), ("A", "1-2", 1), ("B", "3", 3), ("D", "4", 4),
    ]  # fmt: skip


def test_the_armageddon_lot_gives_the_colours_of_the_ladders_first_game_only(
    make_site: SiteMaker,
) -> None:
    """[playoff] lots holds one name for the Armageddon: who drew White in its first game.
    In a ladder the winner's next game is another game, its colours not the lot's: A drew
    White against B and won, then had Black against C, which is no error. C wins 1-0: C
    first, A (knocked out last) second, B third."""
    blitz = [
        (1, "A", "B", "1-0"), (2, "B", "A", "1-0"), (3, "A", "C", "1-0"),
        (4, "C", "A", "1-0"), (5, "B", "C", "1-0"), (6, "C", "B", "1-0"),
    ]  # fmt: skip
    armageddon = [(7, "A", "B", "1-0"), (8, "C", "A", "1-0")]
    lots = '[playoff]\nlots = ["A"]\n'
    _, outcome, problems = _outcome(
        make_site, CYCLE, blitz + armageddon[:1], rules="us-junior-closed", extra=lots
    )
    assert outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert str(result.next) == (
        "Armageddon (White 6 minutes, Black 4 minutes; Black has draw odds): C v A, colours by lot"
    )
    event, outcome, problems = _outcome(
        make_site, CYCLE, blitz + armageddon, rules="us-junior-closed", extra=lots, slug="done"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert _names(event, result.order) == ["C", "A", "B"]


# Six players, Berger table; A, B, C, D beat E and F and score 1½ each among themselves
# (C beats D, D beats B, B beats A, A beats C, A-D and B-C drawn): 3½ each, first.
# Math order: DE 1½ each; Most Blacks D 3, A, B and C 2 each; Koya 1½ each; SB 6¼ each for
# A, B and C; wins 3 each: D, then A, B, C level on everything.
ROUND_ROBIN_OF_SIX = [
    (1, "A", "F", "1-0"), (1, "B", "E", "1-0"), (1, "C", "D", "1-0"),
    (2, "F", "D", "0-1"), (2, "E", "C", "0-1"), (2, "A", "B", "0-1"),
    (3, "B", "F", "1-0"), (3, "C", "A", "0-1"), (3, "D", "E", "1-0"),
    (4, "F", "E", "1/2-1/2"), (4, "A", "D", "1/2-1/2"), (4, "B", "C", "1/2-1/2"),
    (5, "C", "F", "1-0"), (5, "D", "B", "1-0"), (5, "E", "A", "0-1"),
]  # fmt: skip


LEVEL_AFTER_THE_BLITZ = [
    (1, "A", "C", "1-0"), (2, "C", "A", "0-1"), (3, "A", "D", "1-0"),
    (4, "D", "A", "0-1"), (5, "B", "C", "1-0"), (6, "C", "B", "0-1"),
    (7, "B", "D", "1-0"), (8, "D", "B", "0-1"), (9, "A", "B", "1/2-1/2"),
    (10, "B", "A", "1/2-1/2"), (11, "C", "D", "1-0"), (12, "D", "C", "1-0"),
    (13, "B", "A", "1-0"),
]  # fmt: skip
"""A U.S. blitz double round robin of A, B, C and D: A and B 5 each (each beat C and D, their
two games drawn), C and D 1 each (each won one of their two); then B beats A in the
Armageddon."""


def test_us_players_level_after_the_blitz_go_by_the_tiebreaks_among_themselves(
    make_site: SiteMaker,
) -> None:
    """U.S. Junior Closed: "The results of the Playoff shall determine standings for all
    players involved, followed by math tiebreaks if necessary". C and D score 1 each in the
    blitz, and among the two of them Direct Encounter puts C (who beat D) ahead, although D
    is ahead of C in the math order of the four (Most Blacks)."""
    event, outcome, problems = _outcome(
        make_site, ROUND_ROBIN_OF_SIX, LEVEL_AFTER_THE_BLITZ, rules="us-junior-closed"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert _names(event, result.players) == ["D", "A", "B", "C"]
    assert result.stages[0].scores == {1: 5.0, 2: 5.0, 3: 1.0, 4: 1.0}
    assert _names(event, result.order) == ["B", "A", "C", "D"]
    rows = outcome.standings.rows
    assert [(r.player.name, r.place, r.decided_by) for r in rows[:4]] == [
        ("B", "1", "playoff"),
        ("A", "2", "playoff"),
        ("C", "3", "DE"),
        ("D", "4", "points"),
    ]
    assert str(rows[2].reason).startswith("ahead on Direct Encounter")


def test_players_level_after_the_play_off_show_direct_encounter_among_themselves(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """The spec gives a player's DE as "the score in the games among the group it was applied
    to". In the play-off above C and D are level after the blitz and Direct Encounter among
    the two of them decides (C beat D in round 1): C 1, D 0, which results.json,
    standings.csv and the table show beside "DE" as what put C ahead. They showed the
    values among all four tied on points, 1½ each, beside a DE that decided. A and B, apart
    after the Armageddon, keep the DE of the four: A lost to B, beat C and drew D (1½); B
    beat A, drew C and lost to D (1½)."""
    event, outcome, problems = _outcome(
        make_site, ROUND_ROBIN_OF_SIX, LEVEL_AFTER_THE_BLITZ, rules="us-junior-closed"
    )
    assert event and outcome and not problems.errors, problems.items
    rows = outcome.standings.rows
    assert [(r.player.name, r.decided_by, r.tiebreaks["DE"]) for r in rows[:4]] == [
        ("B", "playoff", 1.5), ("A", "playoff", 1.5), ("C", "DE", 1.0), ("D", "points", 0.0),
    ]  # fmt: skip
    report = build_site(tmp_path / "site")
    assert report.written, [p.format() for p in report.problems.items]
    output = tmp_path / "site" / "output" / "ev"
    data = json.loads((output / "results.json").read_text(encoding="utf-8"))
    assert [(r["name"], r["decided_by"], r["tiebreaks"]["DE"]) for r in data["standings"][:4]] == [
        ("B", "playoff", 1.5), ("A", "playoff", 1.5), ("C", "DE", 1), ("D", "points", 0),
    ]  # fmt: skip
    csv_rows = list(csv.DictReader(io.StringIO((output / "standings.csv").read_text("utf-8"))))
    assert [(r["name"], r["DE"]) for r in csv_rows[:4]] == [
        ("B", "1.5"), ("A", "1.5"), ("C", "1"), ("D", "0"),
    ]  # fmt: skip


def test_us_armageddon_ladder_by_the_tiebreaks_of_the_players_still_tied(
    make_site: SiteMaker,
) -> None:
    """U.S. Junior Closed: "If more than two players remain involved in a tie, math
    tiebreaks will be used to determine the order in which tied players face each other".
    D drops out of the blitz;
    among A, B and C, Direct Encounter gives B 1½, A 1, C ½ (in the math order of the four
    they were level and went by number), so C meets A first and the winner meets B."""
    blitz = [
        (1, "A", "D", "1-0"), (2, "D", "A", "0-1"), (3, "B", "D", "1-0"),
        (4, "D", "B", "0-1"), (5, "C", "D", "1-0"), (6, "D", "C", "0-1"),
        (7, "A", "B", "1/2-1/2"), (8, "B", "A", "1/2-1/2"), (9, "A", "C", "1/2-1/2"),
        (10, "C", "A", "1/2-1/2"), (11, "B", "C", "1/2-1/2"), (12, "C", "B", "1/2-1/2"),
    ]  # fmt: skip
    armageddon = [(13, "A", "C", "1-0"), (14, "A", "B", "1/2-1/2")]  # B wins with the draw odds
    event, outcome, problems = _outcome(
        make_site, ROUND_ROBIN_OF_SIX, blitz + armageddon, rules="us-junior-closed"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.stages[0].scores == {1: 4.0, 2: 4.0, 3: 4.0, 4: 0.0}
    assert _names(event, result.order) == ["B", "A", "C", "D"]
    assert [(r.player.name, r.place) for r in outcome.standings.rows[:4]] == [
        ("B", "1"), ("A", "2"), ("C", "3"), ("D", "4"),
    ]  # fmt: skip


def test_the_lots_for_an_armageddon_ladder_name_only_the_players_they_order(
    make_site: SiteMaker,
) -> None:
    """All four draw every blitz game and go to the Armageddon ladder. Among them Direct
    Encounter is 1½ each; Most Blacks puts D (3) ahead of A, B and C (2 each), who are level
    on every tie-break. D, the top seed, meets the ladder's winner last whatever the lots
    give: the lots order A, B and C alone (which of them waits for the first game's winner),
    and the message does not name D."""
    pairs = ["AB", "AC", "AD", "BC", "BD", "CD"]
    blitz = [
        (2 * i + k + 1, pair[k], pair[1 - k], "1/2-1/2")
        for i, pair in enumerate(pairs)
        for k in (0, 1)
    ]
    event, outcome, problems = _outcome(
        make_site, ROUND_ROBIN_OF_SIX, blitz, rules="us-junior-closed"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.stages[0].scores == {1: 3.0, 2: 3.0, 3: 3.0, 4: 3.0}
    assert result.status == "pending"
    assert str(result.next) == (
        "Armageddon: the drawing of lots orders A, B and C (who plays first, who waits for "
        'the winner); record it in [ranking] lots with exhausted = "lots"'
    )


def test_us_pending_blitz_and_armageddon(make_site: SiteMaker) -> None:
    _, outcome, _ = _outcome(make_site, PAIR, [(1, "A", "B", "1-0")], rules="us-junior-closed")
    assert outcome is not None
    (result,) = outcome.playoffs
    assert str(result.next) == (
        "Blitz double round robin (3 minutes plus a 2-second increment (G3+2)), "
        "game 2: B (White) v A (Black)"
    )
    _, outcome, _ = _outcome(
        make_site,
        PAIR,
        [(1, "A", "B", "1-0"), (2, "B", "A", "1-0")],
        rules="us-junior-closed",
        slug="arm",
    )
    assert outcome is not None
    (result,) = outcome.playoffs
    assert result.status == "pending"
    assert result.next is not None and str(result.next).startswith("Armageddon (White 6 minutes")


THREE_US_PRIZES = (
    '[prizes]\ncurrency = "USD"\n'
    '[[prizes.money]]\nname = "1st"\nplace = 1\namount = 1000\n'
    '[[prizes.money]]\nname = "2nd"\nplace = 2\namount = 500\n'
    '[[prizes.money]]\nname = "3rd"\nplace = 3\namount = 250\n'
)


def test_a_player_who_cannot_catch_up_in_the_blitz_is_out_while_it_goes_on(
    make_site: SiteMaker,
) -> None:
    """U.S. Junior Closed, A, B and C tied on 2 (CYCLE; math order C, B, A). In the blitz
    double round robin A and B each beat C twice; their own two games are still due. A 2,
    B 2, C 0 with no game left: C cannot reach the lead ("all remaining tied players" go
    on to the Armageddon) nor pass either of them, so C is 3rd now; A and B share 1st-2nd.
    C, with no play-off game left to forfeit, may no longer lose the money so: the 1st
    prize may go to B or A, or to C only if both of them forfeit a game (no money then);
    never to D. C was shown sharing 1st-3rd, and D as a possible winner of the 1st prize."""
    blitz = [(1, "A", "C", "1-0"), (2, "C", "A", "0-1"), (3, "B", "C", "1-0"), (4, "C", "B", "0-1")]
    event, outcome, problems = _outcome(
        make_site, CYCLE, blitz, rules="us-junior-closed", extra=THREE_US_PRIZES
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.status == "pending"
    assert result.stages[0].scores == {3: 0.0, 2: 2.0, 1: 2.0}
    assert _names(event, result.still) == ["B", "A"]
    assert [(r.player.name, r.place, r.rank, r.decided_by) for r in outcome.standings.rows] == [
        ("B", "1-2", 1, "shared"), ("A", "1-2", 1, "playoff"), ("C", "3", 3, "points"),
        ("D", "4", 4, "points"),
    ]  # fmt: skip
    assert [str(a.reason) for a in outcome.prizes] == [
        f"waits for the play-off: B or A, or C{FORFEITS}",
        f"waits for the play-off: B or A, or C or D{FORFEITS}",
        f"waits for the play-off: C, or D or nobody{FORFEITS}",
    ]


def test_a_player_out_of_the_blitz_with_a_game_still_due_may_still_forfeit_it(
    make_site: SiteMaker,
) -> None:
    """A and B draw both their blitz games and A beats C twice; B beat C in their first
    game, the second is still due. A 3, B 2, C 0 with one game left: at best 1, below both,
    so C is 3rd; B may still reach 3 and the Armageddon, so A and B share 1st-2nd. C is to
    play B yet and, forfeiting that game, would lose the 3rd place prize to D (U.S. rule):
    it is not C's yet (it was awarded to C: only the players still in were taken to be
    able to forfeit a play-off game). The event's only prize is for 3rd place, which no
    forfeit of A or B moves: they are placed above it."""
    blitz = [
        (1, "A", "B", "1/2-1/2"), (2, "B", "A", "1/2-1/2"), (3, "A", "C", "1-0"),
        (4, "C", "A", "0-1"), (5, "B", "C", "1-0"),
    ]  # fmt: skip
    event, outcome, problems = _outcome(
        make_site,
        CYCLE,
        blitz,
        rules="us-junior-closed",
        extra='[prizes]\n[[prizes.money]]\nname = "3rd"\nplace = 3\namount = 250\n',
        playoff_tags={"TimeControl": "180+2"},
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.stages[0].scores == {3: 0.0, 2: 2.0, 1: 3.0}
    assert _names(event, result.still) == ["B", "A"]
    assert sorted(_names(event, result.to_play)) == ["A", "B", "C"]
    assert [(r.player.name, r.place) for r in outcome.standings.rows[:3]] == [
        ("B", "1-2"), ("A", "1-2"), ("C", "3"),
    ]  # fmt: skip
    (third,) = outcome.prizes
    assert (third.status, str(third.reason)) == (
        "pending",
        f"waits for the play-off: C, or D{FORFEITS}",
    )


def test_a_game_being_played_by_a_player_out_of_the_lead_is_shown_being_played(
    make_site: SiteMaker,
) -> None:
    """The blitz above, C v B (C's last game, B's too) being played: C is out of the lead
    (at best 1, below A's 3 and B's 2) but plays on, so the game is one of the play-off's
    being played (``Playoff.live``: players with a game due, not only those still in). Three
    players may still play (A the Armageddon), but the stage's only game due is on the
    board: the game named is being played ("Now"), not next."""
    blitz = [
        (1, "A", "B", "1/2-1/2"), (2, "B", "A", "1/2-1/2"), (3, "A", "C", "1-0"),
        (4, "C", "A", "0-1"), (5, "B", "C", "1-0"), (6, "C", "B", "*"),
    ]  # fmt: skip
    event, outcome, problems = _outcome(
        make_site, CYCLE, blitz, rules="us-junior-closed", playoff_tags={"TimeControl": "180+2"}
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert _names(event, result.still) == ["B", "A"]
    assert [(g.board, _names(event, (g.white, g.black))) for g in result.live] == [(6, ["C", "B"])]
    assert (str(result.next), result.due_on) == (  # the second game of a pair: reversed
        "Blitz double round robin (3 minutes plus a 2-second increment (G3+2)), game 2: "
        "C (White) v B (Black), being played",
        True,
    )


def test_players_level_at_the_bottom_of_a_blitz_still_on_are_out_together(
    make_site: SiteMaker,
) -> None:
    """The blitz of LEVEL_AFTER_THE_BLITZ before A and B play each other: A and B 4 each
    (each beat C and D twice), C and D 1 each with all their games played. Neither of them
    can reach 4: both are out, level, and the math tie-breaks among the two of them order
    them (Direct Encounter: C beat D in round 1), so C is 3rd and D 4th while A and B, still
    to play, share 1st-2nd."""
    blitz = [g for g in LEVEL_AFTER_THE_BLITZ if g[0] not in (9, 10, 13)]
    event, outcome, problems = _outcome(
        make_site, ROUND_ROBIN_OF_SIX, blitz, rules="us-junior-closed"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.stages[0].scores == {1: 4.0, 2: 4.0, 3: 1.0, 4: 1.0}
    assert (result.status, _names(event, result.still)) == ("pending", ["A", "B"])
    assert [(r.player.name, r.place, r.decided_by) for r in outcome.standings.rows[:4]] == [
        ("A", "1-2", "shared"), ("B", "1-2", "playoff"), ("C", "3", "DE"), ("D", "4", "points"),
    ]  # fmt: skip


# -- errors ------------------------------------------------------------------------------------


def test_wrong_colours_in_the_second_game(make_site: SiteMaker) -> None:
    playoff = [(1, "A", "B", "1-0"), (2, "A", "B", "1-0")]
    _, _, problems = _outcome(make_site, PAIR, playoff, rules="acf-junior")
    (error,) = problems.errors
    assert error.message == (
        'play-off game (Round "2") A v B: B should have White in game 2 of "Two games at G15"'
    )
    assert error.line == 8  # each game takes 7 lines


def test_an_extra_game_after_the_play_off_was_decided(make_site: SiteMaker) -> None:
    playoff = [(1, "A", "B", "1-0"), (2, "B", "A", "0-1"), (3, "A", "B", "1-0")]
    _, _, problems = _outcome(make_site, PAIR, playoff, rules="acf-junior")
    (error,) = problems.errors
    assert error.message.startswith('play-off game (Round "3") A v B is not needed')
    assert error.line == 15


def test_an_unknown_player_in_a_play_off_game(make_site: SiteMaker) -> None:
    playoff = [(1, "A", "Bee", "1-0")]
    _, _, problems = _outcome(make_site, PAIR, playoff, rules="acf-junior")
    (error,) = problems.errors
    assert error.message == ('unknown black player "Bee" in play-off game (Round "1") A v Bee')
    assert error.hint.startswith("closest known players:")


def test_a_player_who_is_not_in_the_play_off(make_site: SiteMaker) -> None:
    playoff = [(1, "A", "C", "1-0")]
    _, _, problems = _outcome(make_site, PAIR, playoff, rules="acf-junior")
    (error,) = problems.errors
    assert error.message == (
        'play-off game (Round "1") A v C does not belong to the stage "Two games at G15" '
        "(its players: B and A)"
    )


def test_a_player_who_is_not_in_the_play_off_with_white(make_site: SiteMaker) -> None:
    """The same with colours reversed: C (not in the play-off) has White against A, who is:
    it is A's game, read as the play-off's, and so found not to belong to its stage."""
    playoff = [(1, "C", "A", "1-0")]
    _, _, problems = _outcome(make_site, PAIR, playoff, rules="acf-junior")
    (error,) = problems.errors
    assert error.message == (
        'play-off game (Round "1") C v A does not belong to the stage "Two games at G15" '
        "(its players: B and A)"
    )


def test_a_wrong_time_control(make_site: SiteMaker) -> None:
    playoff = [(1, "A", "B", "1-0")]
    _, _, problems = _outcome(
        make_site, PAIR, playoff, rules="acf-junior", playoff_tags={"TimeControl": "300"}
    )
    (error,) = problems.errors
    assert error.message.startswith('play-off game (Round "1") A v B has TimeControl "300"')


def test_an_armageddon_s_time_control_may_give_white_s_time_alone(make_site: SiteMaker) -> None:
    """PGN's TimeControl cannot give each side its own time, and score sheets and boards
    record an Armageddon by White's clock: "360" (6 minutes) for the U.S. W6/B4 game, "300"
    for the ACF's W5/B4. Either failed the build, the night of the play-off. They are taken
    for the Armageddon; a time that fits no side's clock still is not."""
    blitz = _pgn([(1, "A", "B", "1-0"), (2, "B", "A", "1-0")], TimeControl="180+2")
    for tag in ("360", "360+0", "6/4"):
        armageddon = _pgn([(3, "A", "B", "1/2-1/2")], TimeControl=tag)
        event, outcome, problems = _outcome(
            make_site,
            PAIR,
            [],
            rules="us-junior-closed",
            playoff_text=blitz + armageddon,
            slug=f"us{tag.replace('/', '-').replace('+', '-')}",
        )
        assert event and outcome and not problems.errors, (tag, problems.items)
        (result,) = outcome.playoffs
        assert _names(event, result.order) == ["B", "A"], tag  # Black's draw odds
    rapid = _pgn([(1, "A", "B", "1-0"), (2, "B", "A", "1-0")], TimeControl="300")
    armageddon = _pgn([(3, "B", "A", "1-0")], TimeControl="300")
    event, outcome, problems = _outcome(
        make_site, PAIR, [], rules="acf-junior-rapid", playoff_text=rapid + armageddon, slug="acf"
    )
    assert event and outcome and not problems.errors, problems.items
    assert _names(event, outcome.playoffs[0].order) == ["B", "A"]
    armageddon = _pgn([(3, "A", "B", "1/2-1/2")], TimeControl="240")
    _, _, problems = _outcome(
        make_site, PAIR, [], rules="us-junior-closed", playoff_text=blitz + armageddon, slug="bad"
    )
    (error,) = problems.errors
    assert error.message == (
        'play-off game (Round "3") A v B has TimeControl "240", but "Armageddon" is played at '
        "White 6 minutes, Black 4 minutes; Black has draw odds"
    )


def test_no_play_off_when_first_place_is_clear(make_site: SiteMaker) -> None:
    games = [(r, w, b, "1-0" if w == "A" else res) for r, w, b, res in PAIR]
    _event, outcome, problems = _outcome(make_site, games, [], rules="acf-junior")
    assert outcome is not None and not problems.errors
    (result,) = outcome.playoffs
    assert (result.status, result.players) == ("not-needed", ())


def test_the_build_prints_a_line_for_every_pending_play_off(
    make_site: SiteMaker, capsys: pytest.CaptureFixture[str]
) -> None:
    from generator.cli import main

    event, _, _ = _outcome(make_site, PAIR, [(1, "A", "B", "1-0")], rules="us-junior-closed")
    assert event is not None
    site = event.folder.parent.parent
    assert main(["build", "--site", str(site)]) == 0
    out = capsys.readouterr().out
    assert (
        "crosstable: P: play-off for 1st place (B and A) is pending; next: Blitz double round "
        "robin (3 minutes plus a 2-second increment (G3+2)), game 2: B (White) v A (Black)"
    ) in out


def test_the_play_off_page_says_who_is_still_in_and_who_is_placed_already(
    make_site: SiteMaker,
) -> None:
    """The blitz of A, B and C (CYCLE) after A and B each beat C twice: the page said only
    what is still to play, while the standings had C 3rd. It now says who is still in (B
    and A, in seeding order) and who is placed already: C, 3rd whatever the rest."""
    blitz = [(1, "A", "C", "1-0"), (2, "C", "A", "0-1"), (3, "B", "C", "1-0"), (4, "C", "B", "0-1")]
    event, _, _ = _outcome(make_site, CYCLE, blitz, rules="us-junior-closed")
    assert event is not None
    site = event.folder.parent.parent
    assert build_site(site).written
    page = (site / "output/ev/playoff.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", "", page)
    assert "Still in it: B and A. Placed already, whatever the rest: 3. C." in text


def test_the_build_names_the_players_still_in_a_pending_play_off(
    make_site: SiteMaker, capsys: pytest.CaptureFixture[str]
) -> None:
    """The blitz of A, B and C (CYCLE) after A and B each beat C twice: C is 3rd, out of
    it, and the build's line named C among the players of the pending play-off."""
    from generator.cli import main

    blitz = [(1, "A", "C", "1-0"), (2, "C", "A", "0-1"), (3, "B", "C", "1-0"), (4, "C", "B", "0-1")]
    event, _, _ = _outcome(make_site, CYCLE, blitz, rules="us-junior-closed")
    assert event is not None
    assert main(["build", "--site", str(event.folder.parent.parent)]) == 0
    (line,) = [x for x in capsys.readouterr().out.splitlines() if "is pending" in x]
    assert line.startswith("crosstable: P: play-off for 1st place (B and A) is pending; next: ")


A_AND_C_LEVEL_AFTER_TWO_ROUNDS = [
    (1, "A", "B", "1-0"), (1, "C", "D", "1-0"),
    (2, "A", "C", "1/2-1/2"), (2, "B", "D", "1-0"),
    (3, "A", "D", "*"), (3, "B", "C", "*"),
]  # fmt: skip
"""Two rounds of three played: A and C 1½ each, B 1, D 0; round 3's games still on."""


def test_a_tie_for_first_before_the_last_round_is_no_play_off_yet(make_site: SiteMaker) -> None:
    """Both regulations hold the play-off after the last round. After two of three rounds A
    (1 + ½) and C (1 + ½) are tied for first ahead of B (0 + 1) and D (0 + 0): no play-off
    yet, and a play-off game already in the PGN is an error. The same tie after the last
    round (A and C both win again) is a play-off."""
    early = A_AND_C_LEVEL_AFTER_TWO_ROUNDS
    event, outcome, problems = _outcome(make_site, early, [], rules="us-junior-closed")
    assert event is not None and outcome is not None and not problems.errors, problems.items
    assert (event.rounds_played, event.rounds) == (2, 3)
    (result,) = outcome.playoffs
    assert (result.status, result.players) == ("not-needed", ())
    assert sorted(_names(event, result.tied)) == ["A", "C"]
    assert outcome.standings.rows[0].decided_by != "playoff"
    assert not has_playoff_page(outcome)
    _, _, problems = _outcome(
        make_site, early, [(1, "A", "C", "1-0")], rules="us-junior-closed", slug="early"
    )
    assert not problems.errors and "playoff-early" in [p.code for p in problems.warnings]
    final = [*early[:4], (3, "A", "D", "1-0"), (3, "B", "C", "0-1")]
    _, outcome, _ = _outcome(make_site, final, [], rules="us-junior-closed", slug="final")
    assert outcome is not None
    (result,) = outcome.playoffs
    assert result.status == "pending" and has_playoff_page(outcome)
    # The last round begun: A beat D (2½), and B-C is still on: C (1½) draws level with A by
    # winning it. No play-off while a game of the last round has no result: a play-off game
    # is kept aside with a warning that says why (the rest of the site still publishes).
    on = [*early[:4], (3, "A", "D", "1-0"), (3, "B", "C", "*")]
    event, outcome, problems = _outcome(make_site, on, [], rules="us-junior-closed", slug="on")
    assert event is not None and outcome is not None and not problems.errors, problems.items
    assert (event.rounds_played, event.finished) == (3, False)
    (result,) = outcome.playoffs
    assert result.status == "not-needed" and not has_playoff_page(outcome)
    _, outcome, problems = _outcome(
        make_site, on, [(1, "A", "C", "1-0")], rules="us-junior-closed", slug="on-early"
    )
    assert outcome is not None and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.status == "not-needed" and not has_playoff_page(outcome)
    (warning,) = [p for p in problems.warnings if p.code == "playoff-early"]
    assert "A v C is kept aside until the event is finished" in warning.message


def test_play_offs_for_two_places_read_their_own_games(make_site: SiteMaker) -> None:
    """places = [1, 3]: A and B tie for 1st, C and D for 3rd (PAIR). Each play-off reads the
    games of its own players in play order: the 3rd-place play-off may finish first, and the
    two may be played side by side."""
    extra = "[playoff]\nplaces = [1, 3]\n"
    third = [(1, "C", "D", "1-0"), (2, "D", "C", "1/2-1/2")]  # C 1½, D ½
    event, outcome, problems = _outcome(
        make_site, PAIR, third, rules="us-junior-closed", extra=extra
    )
    assert event and outcome and not problems.errors, problems.items
    first, bronze = outcome.playoffs
    assert (first.status, bronze.status) == ("pending", "complete")
    assert _names(event, bronze.order) == ["C", "D"]
    assert [(r.player.name, r.place) for r in outcome.standings.rows] == [
        ("B", "1-2"), ("A", "1-2"), ("C", "3"), ("D", "4"),
    ]  # fmt: skip
    side_by_side = [
        (1, "A", "B", "1-0"), (2, "C", "D", "1-0"), (3, "B", "A", "1-0"), (4, "D", "C", "0-1"),
        (5, "A", "B", "1/2-1/2"),  # the Armageddon: a draw is a win for Black (B)
    ]  # fmt: skip
    event, outcome, problems = _outcome(
        make_site, PAIR, side_by_side, rules="us-junior-closed", extra=extra, slug="both"
    )
    assert event and outcome and not problems.errors, problems.items
    first, bronze = outcome.playoffs
    assert (first.status, bronze.status) == ("complete", "complete")
    assert (_names(event, first.order), _names(event, bronze.order)) == (["B", "A"], ["C", "D"])


# A four-player round robin where A beats B, B beats C and C beats A, each with White once
# among them, and each beats D with White: A, B and C score 2 and are level on every U.S.
# tie-break (DE 1, Most Blacks 1, Koya 1, SB 2, wins 2).
LEVEL_THREE = [
    (1, "A", "B", "1-0"), (1, "C", "D", "1-0"),
    (2, "B", "C", "1-0"), (2, "A", "D", "1-0"),
    (3, "C", "A", "1-0"), (3, "B", "D", "1-0"),
]  # fmt: skip
DRAWN_BLITZ = [
    (1, "A", "B", "1/2-1/2"), (2, "B", "A", "1/2-1/2"), (3, "A", "C", "1/2-1/2"),
    (4, "C", "A", "1/2-1/2"), (5, "B", "C", "1/2-1/2"), (6, "C", "B", "1/2-1/2"),
]  # fmt: skip


def test_an_armageddon_ladder_of_players_level_on_everything_waits_for_the_lots(
    make_site: SiteMaker,
) -> None:
    """U.S. Junior Closed: the math tie-breaks order an Armageddon of more than two, and
    "Lots shall be drawn at random". A, B and C draw the blitz and are level on every
    tie-break: who waits for the winner is for the lots, not the pairing numbers. Until the
    order is recorded, or the games show it, the play-off waits."""
    event, outcome, problems = _outcome(
        make_site, LEVEL_THREE, DRAWN_BLITZ, rules="us-junior-closed"
    )
    assert event and outcome and not problems.errors, problems.items
    assert [r.place for r in outcome.standings.rows[:3]] == ["1-3", "1-3", "1-3"]
    (result,) = outcome.playoffs
    assert result.status == "pending"
    assert str(result.next) == (
        "Armageddon: the drawing of lots orders A, B and C (who plays first, who waits for "
        'the winner); record it in [ranking] lots with exhausted = "lots"'
    )

    # The games show the order the lots gave: C and B met first, so A waited. C beat B,
    # then drew A with Black (draw odds): C first, A second, B third.
    armageddon = [(7, "C", "B", "1-0"), (8, "A", "C", "1/2-1/2")]
    event, outcome, problems = _outcome(
        make_site, LEVEL_THREE, DRAWN_BLITZ + armageddon, rules="us-junior-closed", slug="played"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert (result.status, _names(event, result.order)) == ("complete", ["C", "A", "B"])

    # Recorded: the lots put B first, then C, then A; A and C, the two lowest, meet first.
    lots = '[ranking]\nexhausted = "lots"\nlots = ["B", "C", "A"]\n'
    event, outcome, problems = _outcome(
        make_site, LEVEL_THREE, DRAWN_BLITZ, rules="us-junior-closed", extra=lots, slug="lots"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.status == "pending" and result.next is not None
    assert str(result.next).endswith(": C v A, colours by lot")


def test_no_play_off_page_where_the_rules_hold_no_play_off(make_site: SiteMaker) -> None:
    """FIDE rules: A and B tie for first (PAIR) and the tie-breaks settle it; a page saying a
    play-off was "not needed" and the tie "settled by the seeding" would be false."""
    event, outcome, problems = _outcome(make_site, PAIR, [], rules="fide")
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.format is None and len(result.tied) == 2
    assert not has_playoff_page(outcome)


def test_a_tie_mid_event_under_rules_with_no_play_off_would_play_off_nobody(
    make_site: SiteMaker,
) -> None:
    """FIDE rules hold no play-off: after two of three rounds A and C (1½ each) are tied for
    first, and "were the event to end now" nobody would play off (the tie-breaks would
    decide): the rule stage says so rather than seeding a play-off of no procedure."""
    early = A_AND_C_LEVEL_AFTER_TWO_ROUNDS
    event, outcome, problems = _outcome(make_site, early, [], rules="fide")
    assert event is not None and outcome is not None and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert (result.format, result.status, result.would_play) == (None, "not-needed", ())
    assert sorted(_names(event, result.tied)) == ["A", "C"]


def test_a_play_off_place_past_the_last_player_is_no_play_off(make_site: SiteMaker) -> None:
    """[playoff] places = [1, 9] with four players: place 9 has nobody to play off for it
    (no traceback); the play-off for first, A and B tied, is due as ever."""
    event, outcome, problems = _outcome(
        make_site, PAIR, [], rules="acf-junior", extra="[playoff]\nplaces = [1, 9]\n"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert (result.place, result.status, sorted(_names(event, result.players))) == (
        1,
        "pending",
        ["A", "B"],
    )


def test_a_play_off_place_past_the_last_player_is_said_on_its_line(make_site: SiteMaker) -> None:
    """[playoff] places = [1, 9, 4, 12] with four players was taken without a word: places 9
    and 12 have nobody to play off for them. Each is a warning on the places line (line 6:
    four lines of settings, the blank line, then [playoff]) naming event.toml, the key and
    the value, with the list to write instead; place 4, the last player's, is no mistake."""
    extra = "[playoff]\nplaces = [1, 9, 4, 12]\n"
    event, outcome, problems = _outcome(make_site, PAIR, [], rules="acf-junior", extra=extra)
    assert event and outcome and not problems.errors, problems.items
    found = [
        (w.path.name if w.path else None, w.line, w.message, w.hint)
        for w in problems.warnings
        if w.code == "place-past-field"
    ]
    assert found == [
        (
            "event.toml",
            6,
            "[playoff] places lists place 9, but the event has only 4 players: "
            "no play-off can be held for it",
            "write places = [1, 4]",
        ),
        (
            "event.toml",
            6,
            "[playoff] places lists place 12, but the event has only 4 players: "
            "no play-off can be held for it",
            "write places = [1, 4]",
        ),
    ]
    # C and D, level on 1 point, share 3rd-4th: place 4 is theirs to play off.
    assert [(r.place, sorted(_names(event, r.tied))) for r in outcome.playoffs] == [
        (1, ["A", "B"]),
        (4, ["C", "D"]),
    ]


def test_a_play_off_list_of_places_all_past_the_field_suggests_first_place(
    make_site: SiteMaker,
) -> None:
    """places = [5] with four players leaves no place to keep: the hint names the largest
    place there is and the default list."""
    extra = "[playoff]\nplaces = [5, 5]\n"
    event, outcome, problems = _outcome(make_site, PAIR, [], rules="acf-junior", extra=extra)
    assert event and outcome and not problems.errors, problems.items
    found = [(w.message, w.hint) for w in problems.warnings if w.code == "place-past-field"]
    assert found == [
        (
            "[playoff] places lists place 5, but the event has only 4 players: "
            "no play-off can be held for it",
            "correct the place (at most 4), e.g. places = [1]",
        )
    ]
    assert outcome.playoffs == ()


def test_a_play_off_stage_without_games_is_not_started(make_site: SiteMaker) -> None:
    """A and B tie (PAIR) and no play-off game is in yet: the first stage is "Not started",
    not "In progress"; once a game is in, it is in progress."""
    toml = 'name = "P"\nformat = "round-robin"\nrounds = 3\nrules = "acf-junior"\n'
    toml += "".join(f'[[players]]\nname = "{n}"\n' for n in "ABCD")
    site = make_site(toml, {"games.pgn": _pgn(list(PAIR))})
    assert build_site(site).written
    page = (site / "output/ev/playoff.html").read_text(encoding="utf-8")
    assert '<p class="stage-result">Not started</p>' in page and "In progress" not in page
    playoff = _pgn([(1, "A", "B", "1-0")], TimeControl="900")
    (site / "content/ev/playoff").mkdir()
    (site / "content/ev/playoff/playoff.pgn").write_text(playoff, encoding="utf-8")
    assert build_site(site).written
    page = (site / "output/ev/playoff.html").read_text(encoding="utf-8")
    assert '<p class="stage-result">In progress</p>' in page and "Not started" not in page


def test_right_to_left_names_in_the_play_offs_lines_are_isolated(make_site: SiteMaker) -> None:
    """In "Score: العربية, محمد 0, עברית, דוד 2" the browser joined the two right-to-left
    names and the numbers between them into one run and showed it reversed: the scores
    beside the wrong names, the places of "Final order" swapped. Each name is in <bdi>."""
    hebrew, arabic = "עברית, דוד", "العربية, محمد"
    names = {"A": hebrew, "B": arabic}
    toml = 'name = "P"\nformat = "round-robin"\nrounds = 3\nrules = "acf-junior"\n'
    toml += "".join(f'[[players]]\nname = "{names.get(n, n)}"\n' for n in "ABCD")
    games = [(r, names.get(w, w), names.get(b, b), res) for r, w, b, res in PAIR]
    site = make_site(toml, {"games.pgn": _pgn(games)})
    playoff = _pgn([(1, hebrew, arabic, "1-0"), (2, arabic, hebrew, "0-1")], TimeControl="900")
    (site / "content/ev/playoff").mkdir()
    (site / "content/ev/playoff/playoff.pgn").write_text(playoff, encoding="utf-8")
    assert build_site(site).written
    page = (site / "output/ev/playoff.html").read_text(encoding="utf-8")
    # Their pages keep their letters ("2-العربية-محمد.html"), %-encoded in the links.
    arabic_page, hebrew_page = quote("2-العربية-محمد.html"), quote("1-עברית-דוד.html")
    assert (  # B first: B beat A, the tie-breaks seed the play-off
        f'Playing off: <a href="players/{arabic_page}"><bdi>العربية, محمد</bdi></a> and '
        f'<a href="players/{hebrew_page}"><bdi>עברית, דוד</bdi></a>.'
    ) in page
    assert "Score: <bdi>العربية, محمد</bdi> 0; <bdi>עברית, דוד</bdi> 2</p>" in page
    assert (
        "Final order of the players involved: 1. <bdi>עברית, דוד</bdi>; "
        "2. <bdi>العربية, محمد</bdi>.</p>"
    ) in page


def test_the_play_off_page_parts_names_written_last_first(make_site: SiteMaker) -> None:
    """PAIR with "Last, First" names: A ("Ray, Alice") and B ("Chen, David") tie for first.
    "Playing off: Chen, David, Ray, Alice." read as four players."""
    names = {"A": "Ray, Alice", "B": "Chen, David", "C": "Kim, Min", "D": "Li, Mei"}
    toml = 'name = "P"\nformat = "round-robin"\nrounds = 3\nrules = "acf-junior"\n'
    toml += "".join(f'[[players]]\nname = "{n}"\n' for n in names.values())
    games = [(r, names[w], names[b], res) for r, w, b, res in PAIR]
    site = make_site(toml, {"games.pgn": _pgn(list(games))})
    assert build_site(site).written
    page = (site / "output/ev/playoff.html").read_text(encoding="utf-8")
    assert "Playing off: " in page
    listed = page.split("Playing off: ")[1].split("</p>")[0]
    assert re.sub(r"<[^>]+>", "", listed) == "Chen, David and Ray, Alice."


def test_playoff_lots_may_name_a_player_by_an_alias(make_site: SiteMaker) -> None:
    """[playoff] lots takes any spelling [[players]] gives, as the checks of event.toml do:
    "Bee" is B's alias, so the lot gave B White in the G15 games and game 1, A (White) v B,
    has the wrong colours, as in ``test_acf_lots_decide_the_first_colours``; an alias there
    ended the build in a traceback (KeyError)."""
    toml = 'name = "P"\nformat = "round-robin"\nrounds = 3\nrules = "acf-junior"\n'
    toml += '[playoff]\nlots = ["Bee"]\n'
    toml += "".join(f'[[players]]\nname = "{n}"\n' for n in "ABCD")
    toml = toml.replace('name = "B"\n', 'name = "B"\naliases = ["Bee"]\n')
    files = {"games.pgn": _pgn(list(PAIR)), "playoff/playoff.pgn": _pgn([(1, "A", "B", "1-0")])}
    problems = Problems()
    event = load_event(make_site(toml, files) / "content" / "ev", problems)
    assert event is not None and not problems.errors, problems.items
    decide(event, problems)
    assert [e.message for e in problems.errors] == [
        'play-off game (Round "1") A v B: B should have White in game 1 of "Two games at G15"'
    ]


def test_a_play_off_game_being_played_that_no_play_off_needs_is_warned_about(
    make_site: SiteMaker,
) -> None:
    """PAIR: A and B tie for 1st; A wins the G15 games 1½-½, so the play-off is decided.
    A third game A v B left in the PGN as being played (result "*") was published as
    "play-off, game 3" with its moves, while the play-off's page never lists it, and no
    message said so (a finished third game is an error: not needed). It is now a warning
    on its line. Entered while a game of the last round is still on, it is kept aside as a
    finished play-off game is (``playoff-early``)."""
    games = [(1, "A", "B", "1-0"), (2, "B", "A", "1/2-1/2"), (3, "A", "B", "*")]
    event, outcome, problems = _outcome(
        make_site, PAIR, games, rules="acf-junior", playoff_tags={"TimeControl": "900"}
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.status == "complete" and result.live == ()
    (warning,) = [p for p in problems.warnings if p.code == "playoff-game-not-needed"]
    assert warning.message == (
        'play-off game (Round "3") A v B is being played (result "*"), but no play-off still '
        "being played has a game due between these players: the play-off was already "
        "decided, or no play-off is due"
    )
    # Its first line, [Round "3"]: games 1 and 2 before it take 8 lines each (5 tags, a
    # blank line, the result, a blank line).
    assert (warning.path.name, warning.line) == ("playoff.pgn", 17)
    on = [*A_AND_C_LEVEL_AFTER_TWO_ROUNDS[:4], (3, "A", "D", "1-0"), (3, "B", "C", "*")]
    _, outcome, problems = _outcome(
        make_site, on, [(1, "A", "C", "*")], rules="us-junior-closed", slug="on"
    )
    assert outcome is not None and not problems.errors, problems.items
    (warning,) = [p for p in problems.warnings if p.code == "playoff-early"]
    assert 'play-off game (Round "1") A v C is kept aside' in warning.message


def test_a_game_being_played_with_a_player_outside_the_play_off_is_not_its_game(
    make_site: SiteMaker,
) -> None:
    """PAIR: A and B tie for 1st (2 points each), C is 3rd with 1½. A wins G15 game 1, game 2
    (B v A) is due. A game A v C published as being played is no game of the A-B play-off,
    though A plays in it: the play-off lists nothing as being played, and the game is warned
    about as one no play-off still being played has due."""
    games = [(1, "A", "B", "1-0"), (2, "A", "C", "*")]
    _, outcome, problems = _outcome(
        make_site, PAIR, games, rules="acf-junior", playoff_tags={"TimeControl": "900"}
    )
    assert outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.status == "pending" and result.live == ()
    (warning,) = [p for p in problems.warnings if p.code == "playoff-game-not-needed"]
    assert 'play-off game (Round "2") A v C is being played' in warning.message


def test_the_standings_do_not_say_a_player_put_out_shares_the_place(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """The G15 games of By-law 3, 5.3.2 with A and B 3 each and C 0: C is 3rd, alone, while
    A and B play on. The standings said the play-off's players' "places are shared until
    then", untrue of C: they now say the players still in it share theirs, and those it has
    put out have theirs. With nobody put out (A and B after one G15 game, C not in the
    play-off) the sentence is as before."""
    g15 = [
        ("1", "A", "B", "1/2-1/2"), ("2", "B", "A", "1/2-1/2"), ("3", "A", "C", "1-0"),
        ("4", "C", "A", "0-1"), ("5", "B", "C", "1-0"), ("6", "C", "B", "0-1"),
    ]  # fmt: skip
    _, outcome, problems = _outcome(
        make_site, THREE_LEVEL_ON_EVERY_CUT, g15, rules="acf-junior", format="swiss"
    )
    assert outcome and not problems.errors, problems.items
    report = build_site(tmp_path / "site")
    assert report.written, [p.format() for p in report.problems.items]
    page = (tmp_path / "site" / "output" / "ev" / "standings.html").read_text("utf-8")
    assert (
        "being played: the players still in it share their places until then; those it "
        "has put out have theirs.</p>"
    ) in page
    assert "the places of its players are shared" not in page
    _, outcome, problems = _outcome(
        make_site, PAIR, [(1, "A", "B", "1-0")], rules="acf-junior", slug="pair"
    )
    assert outcome and not problems.errors, problems.items
    report = build_site(tmp_path / "site")
    assert report.written, [p.format() for p in report.problems.items]
    page = (tmp_path / "site" / "output" / "pair" / "standings.html").read_text("utf-8")
    # A game of it is in: the play-off is being played (``views.playoff_progress``).
    assert "being played: the places of its players are shared until then.</p>" in page


# Four players: A beats B and D, loses to C; B beats C and D; C beats A and D. A, B and C
# tie on 2 and play the U.S. blitz double round robin.
THREE_TIED_ON_TWO = [
    (1, "A", "B", "1-0"), (1, "C", "D", "1-0"),
    (2, "B", "C", "1-0"), (2, "D", "A", "0-1"),
    (3, "C", "A", "1-0"), (3, "B", "D", "1-0"),
]  # fmt: skip


def test_a_blitz_game_being_played_keeps_the_number_next_gave_it(make_site: SiteMaker) -> None:
    """A and B each beat C twice (A 2, B 2, C 0, C's games all played: out, 3rd), then draw
    their first game. "Next" names the pair's second game: "game 2: B (White) v A (Black)"
    (the second game of a pair reverses the first's colours). Once published as being
    played it was "game 6", the stage's count with C's four games in it: it is still game 2
    of B v A."""
    blitz = [
        (1, "A", "C", "1-0"), (2, "C", "A", "0-1"), (3, "B", "C", "1-0"), (4, "C", "B", "0-1"),
        (5, "A", "B", "1/2-1/2"),
    ]  # fmt: skip
    head = "Blitz double round robin (3 minutes plus a 2-second increment (G3+2)), game 2: "
    tags = {"TimeControl": "180+2"}
    event, outcome, problems = _outcome(
        make_site, THREE_TIED_ON_TWO, blitz, rules="us-junior-closed", playoff_tags=tags
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert sorted(_names(event, result.still)) == ["A", "B"]
    assert str(result.next) == head + "B (White) v A (Black)"
    on = [*blitz, (6, "B", "A", "*")]
    _, outcome, problems = _outcome(
        make_site, THREE_TIED_ON_TWO, on, rules="us-junior-closed", playoff_tags=tags, slug="on"
    )
    assert outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert str(result.next) == head + "B (White) v A (Black), being played"


# -- a stage being played: what is certain already ----------------------------------------------


def _blitz(players: tuple[int, ...], games: list[tuple[int, int, str]]) -> StageResult:
    """The U.S. blitz double round robin among ``players`` after ``games`` (white, black,
    result), scored by hand: a win 1, a draw ½."""
    spec = FORMATS["us-junior-closed"].stages[0]
    taken = tuple(Game(0, i + 1, w, b, r) for i, (w, b, r) in enumerate(games))
    scores = {p: 0.0 for p in players}
    for white, black, result in games:
        white_points = {"1-0": 1.0, "1/2-1/2": 0.5, "0-1": 0.0}[result]
        scores[white] += white_points
        scores[black] += 1 - white_points
    return StageResult(spec, players, taken, scores, False)


def test_a_leader_nobody_can_catch_any_more_is_ahead_and_the_rest_play_on() -> None:
    """1 beat 2 twice and drew 1-3 twice: 3 points, all four games played. 2 and 3 drew
    their first game (½ and 1½) and have one left: at best 1½ and 2½, both below 3, so 1
    has won; 2 and 3 may yet end either way round (3 ahead, or level at 1½ each if 2
    wins), so they are still in, both with the game due."""
    stage = _blitz(
        (1, 2, 3),
        [(1, 2, "1-0"), (2, 1, "0-1"), (1, 3, "1/2-1/2"), (3, 1, "1/2-1/2"), (2, 3, "1/2-1/2")],
    )
    assert _out_of_the_lead(stage) == ([1], [2, 3], [], [], [2, 3])


def test_a_leader_another_can_still_draw_level_with_is_not_ahead() -> None:
    """1 beat 2 twice, drew 3 and lost to 3: 2½; 2 won 2-3's first game: 2 has 1, 3 1½,
    their second game still due. 3 can reach 2½ by winning the last game: level
    with 1, the blitz would have no clear winner (Armageddon), so 1 has not won yet. 2 can
    reach 2 at best, below 1's 2½ but not below 3's 1½: nobody is out. All three still in,
    and all three may play (1 the Armageddon)."""
    stage = _blitz(
        (1, 2, 3),
        [(1, 2, "1-0"), (2, 1, "0-1"), (1, 3, "1/2-1/2"), (3, 1, "1-0"), (2, 3, "1-0")],
    )
    assert stage.scores == {1: 2.5, 2: 1.0, 3: 1.5}
    assert _out_of_the_lead(stage) == ([], [1, 2, 3], [], [], [1, 2, 3])


def test_the_last_player_alone_below_everyone_s_reach_is_out() -> None:
    """1 and 2 beat 3 twice each; 1-2 still to play twice. 3 has 0 with no game left, below
    1's and 2's 2: out, alone, at the bottom (the cut before the last player)."""
    stage = _blitz((1, 2, 3), [(1, 3, "1-0"), (3, 1, "0-1"), (2, 3, "1-0"), (3, 2, "0-1")])
    assert _out_of_the_lead(stage) == ([], [1, 2], [[3]], [], [1, 2])


def test_two_out_of_the_lead_with_games_against_each_other_are_out_together() -> None:
    """Four players: 1 and 2 beat 3 and 4 twice each (4 points each), 1-2 and 3-4 still to
    play twice. 3 and 4 reach 2 at most, below 4: out of the lead, but their own games
    decide which of them is 3rd, so they are out as one group whose order is open."""
    wins = [(w, b) for w in (1, 2) for b in (3, 4) for _ in range(2)]
    stage = _blitz((1, 2, 3, 4), [(w, b, "1-0") for w, b in wins])
    assert _out_of_the_lead(stage) == ([], [1, 2], [[3, 4]], [(3, 4)], [1, 2, 3, 4])


def test_a_certain_leader_and_a_certain_second_are_both_ahead() -> None:
    """Four players: 1 beat everyone twice (6), 2 beat 3 and 4 twice (4), 3-4 still to play
    twice (0 each, at best 2): 1 has won, 2 is 2nd whatever the rest (4 above 3's and 4's
    best), and 3 and 4 play on for 3rd, their order open."""
    wins = [(1, b) for b in (2, 3, 4) for _ in range(2)] + [(2, b) for b in (3, 4) for _ in (1, 2)]
    stage = _blitz((1, 2, 3, 4), [(w, b, "1-0") for w, b in wins])
    assert _out_of_the_lead(stage) == ([1, 2], [3, 4], [], [], [3, 4])


def test_a_us_blitz_leader_nobody_can_catch_is_1st_while_the_others_play_on(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """U.S. Junior Closed, A, B and C tied (CYCLE; seeding C, B, A). Blitz: A beats B twice
    and draws C twice (3 points, all A's games played); B beats C in their first game (B 1,
    C 1), C v B still due. B and C reach 2 at most, below A's 3: A is the clear winner of
    the blitz, 1st at once, with the 1st prize (A has no game left to forfeit). B and C
    play on for 2nd and 3rd and share 2nd-3rd until then (they shared 1st-3rd with A)."""
    blitz = [
        (1, "A", "B", "1-0"), (2, "B", "A", "0-1"), (3, "A", "C", "1/2-1/2"),
        (4, "C", "A", "1/2-1/2"), (5, "B", "C", "1-0"),
    ]  # fmt: skip
    event, outcome, problems = _outcome(
        make_site, CYCLE, blitz, rules="us-junior-closed", extra=THREE_US_PRIZES
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.status == "pending"
    assert (_names(event, result.ahead), _names(event, result.still)) == (["A"], ["C", "B"])
    assert str(result.next) == (
        "Blitz double round robin (3 minutes plus a 2-second increment (G3+2)), game 2: "
        "C (White) v B (Black)"
    )
    assert [(r.player.name, r.place, r.rank, r.decided_by) for r in outcome.standings.rows] == [
        ("A", "1", 1, "playoff"), ("C", "2-3", 2, "shared"), ("B", "2-3", 2, "points"),
        ("D", "4", 4, "points"),
    ]  # fmt: skip
    first = outcome.prizes[0]
    assert (first.name, first.status, first.player) == ("1st", "awarded", 1)
    assert [a.status for a in outcome.prizes[1:]] == ["pending", "pending"]
    report = build_site(tmp_path / "site")
    assert report.written, [p.format() for p in report.problems.items]
    data = json.loads((tmp_path / "site/output/ev/results.json").read_text("utf-8"))
    (published,) = data["playoffs"]
    assert (published["status"], published["order"]) == ("pending", [])
    assert published["placed"] == [{"place": "1", "player": "A"}]
    assert published["undecided"] == [["C", "B"]]
    page = (tmp_path / "site/output/ev/playoff.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", "", page)
    assert "Won by A, whom nobody can catch any more; the others play on" in text
    assert "Still in it: C and B. Placed already, whatever the rest: 1. A." in text
    standings = (tmp_path / "site/output/ev/standings.html").read_text(encoding="utf-8")
    assert "1st place was decided by a " in standings  # not "goes to a play-off"
    assert report.notices == [
        "P: play-off for 1st place (C and B) is pending; won by A, the places below still "
        "played for; next: Blitz double round robin (3 minutes plus a 2-second increment (G3+2)), "
        "game 2: C (White) v B (Black)"
    ]


def test_an_acf_stage_leader_nobody_can_catch_wins_and_the_rest_play_for_2nd(
    make_site: SiteMaker,
) -> None:
    """By-law 3 with A, B and C level on every cut (5.2.3: all three play a double round
    robin of G15 games). A beats B and C twice each (4); B and C draw their first game (½
    each) with C v B still due: at best 1½, below 4. A has won (a single leader after the
    stage; "If the players are still tied" there is no G5 stage for anyone): 1st and its 100
    now. B and C share 2nd-3rd and wait for their game for the 60 and the 40."""
    g15 = [
        ("1", "A", "B", "1-0"), ("2", "B", "A", "0-1"), ("3", "A", "C", "1-0"),
        ("4", "C", "A", "0-1"), ("5", "B", "C", "1/2-1/2"),
    ]  # fmt: skip
    event, outcome, problems = _outcome(
        make_site,
        THREE_LEVEL_ON_EVERY_CUT,
        g15,
        rules="acf-junior",
        format="swiss",
        extra=MONEY_FOR_THREE_PLACES,
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.status == "pending"
    assert (_names(event, result.ahead), _names(event, result.still)) == (["A"], ["B", "C"])
    rows = outcome.standings.rows
    assert [(r.player.name, r.place, r.rank, r.decided_by) for r in rows[:4]] == [
        ("A", "1", 1, "playoff"), ("B", "2-3", 2, "shared"), ("C", "2-3", 2, "points"),
        ("G", "4", 4, "points"),
    ]  # fmt: skip
    money = [(a.name, a.status, a.player and event.player(a.player).name) for a in outcome.prizes]
    assert money == [("1st", "awarded", "A"), ("2nd", "pending", None), ("3rd", "pending", None)]
    assert [str(a.reason) for a in outcome.prizes[1:]] == ["waits for the play-off: B or C"] * 2


def test_play_off_players_level_who_never_met_show_a_dash_under_direct_encounter(
    make_site: SiteMaker,
) -> None:
    """By-law 3 Swiss, tie-breaks DE then Buchholz: A, B and C level on every cut (A drew B;
    C met neither) play a double round robin. A beats both twice; B and C draw twice: 1
    each, level, so the math tie-breaks order them among themselves. B and C never met in
    the event: Direct Encounter is not applied to them (C.07 6.3 places nobody) and Buchholz
    (3 each) leaves them sharing 2nd-3rd. Their DE is a dash, as in the standings before
    the play-off, and 0 in results.json; it read 0 in the tables, as if it were a result."""
    g15 = [
        ("1", "A", "B", "1-0"), ("2", "B", "A", "0-1"), ("3", "A", "C", "1-0"),
        ("4", "C", "A", "0-1"), ("5", "B", "C", "1/2-1/2"), ("6", "C", "B", "1/2-1/2"),
    ]  # fmt: skip
    event, outcome, problems = _outcome(
        make_site,
        THREE_LEVEL_ON_EVERY_CUT,
        g15,
        rules="acf-junior",
        format="swiss",
        extra='tiebreaks = ["DE", "BH"]\n',
    )
    assert event and outcome and not problems.errors, problems.items
    rows = {r.player.name: r for r in outcome.standings.rows}
    assert [(n, rows[n].place) for n in "ABC"] == [("A", "1"), ("B", "2-3"), ("C", "2-3")]
    for name in "BC":
        assert rows[name].unreached == ("DE",), name
        assert rows[name].tiebreaks["DE"] == 0.0


def test_two_players_out_of_the_lead_with_games_left_share_the_places_below(
    make_site: SiteMaker,
) -> None:
    """U.S. blitz of D, A, B and C (ROUND_ROBIN_OF_SIX, seeding order): A and B beat C and D
    twice each (4 each); A-B and C-D still to play twice each. C and D reach 2 at most,
    below 4: both out of the lead (they shared 1st-4th with A and B), placed 3rd-4th, shared
    until their own games say which is 3rd (no order is invented for them)."""
    blitz = LEVEL_AFTER_THE_BLITZ[:8]
    event, outcome, problems = _outcome(
        make_site, ROUND_ROBIN_OF_SIX, blitz, rules="us-junior-closed"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.stages[0].scores == {1: 4.0, 2: 4.0, 3: 0.0, 4: 0.0}
    assert (result.status, _names(event, result.still)) == ("pending", ["A", "B"])
    assert [_names(event, g) for g in result.undecided] == [["A", "B"], ["D", "C"]]
    assert [(r.player.name, r.place, r.decided_by) for r in outcome.standings.rows[:4]] == [
        ("A", "1-2", "shared"), ("B", "1-2", "playoff"), ("D", "3-4", "shared"),
        ("C", "3-4", "points"),
    ]  # fmt: skip
    site = event.folder.parent.parent
    assert build_site(site).written
    page = (site / "output/ev/playoff.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", "", page)
    assert (
        "Still in it: A and B. Out of the lead, their order still to be played for: D and C (3-4)."
    ) in text


def test_a_level_group_below_a_certain_leader_is_out_not_still_in() -> None:
    """Four players: 1 beat 2 and 3 twice (4), 1-4 still to play twice; 2 and 3 drew twice
    and beat 4 twice each (3 each, all their games played). 1 is ahead of everyone's best
    (2 and 3 stay on 3, 4 reaches 2 at most): 1 has won. 2 and 3 are level for good above
    4's best: out together (the math tie-breaks order them), not still in; 4 is last. Only
    1 and 4 have games left: nobody is still in, yet the play-off goes on."""
    games = [(1, b, "1-0") for b in (2, 3) for _ in (1, 2)]
    games += [(2, 3, "1/2-1/2"), (3, 2, "1/2-1/2")]
    games += [(w, 4, "1-0") for w in (2, 3) for _ in (1, 2)]
    stage = _blitz((1, 2, 3, 4), games)
    assert stage.scores == {1: 4.0, 2: 3.0, 3: 3.0, 4: 0.0}
    assert _out_of_the_lead(stage) == ([1], [], [[2, 3], [4]], [], [1, 4])


def test_leaders_level_with_their_games_played_are_still_in_for_the_next_stage() -> None:
    """Four players: 1 and 2 drew twice and beat 3 and 4 twice each (5 each, all their
    games played); 3-4 still to play twice (at best 2). 1 and 2 share the lead for good:
    no clear winner, so they are still in, for the Armageddon (both may yet play, and
    forfeit), not ordered by the math tie-breaks; 3 and 4 are out, their order open."""
    games = [(1, 2, "1/2-1/2"), (2, 1, "1/2-1/2")]
    games += [(w, b, "1-0") for w in (1, 2) for b in (3, 4) for _ in (1, 2)]
    stage = _blitz((1, 2, 3, 4), games)
    assert stage.scores == {1: 5.0, 2: 5.0, 3: 0.0, 4: 0.0}
    assert _out_of_the_lead(stage) == ([], [1, 2], [[3, 4]], [(3, 4)], [1, 2, 3, 4])


def test_every_place_known_while_a_game_is_still_due(make_site: SiteMaker) -> None:
    """U.S. blitz of D, A, B and C (ROUND_ROBIN_OF_SIX): A beats B and C twice (4), B and C
    draw twice and beat D twice each (3 each, done), A-D still to play twice (D at best 2).
    A has won; B and C are level for good, and as level on every math tie-break they share
    2nd-3rd; D is 4th. Nobody is still in, but A and D have games due (either may forfeit):
    the play-off is still pending, and the build's line names them."""
    blitz = [
        (1, "A", "B", "1-0"), (2, "B", "A", "0-1"), (3, "A", "C", "1-0"), (4, "C", "A", "0-1"),
        (5, "B", "C", "1/2-1/2"), (6, "C", "B", "1/2-1/2"), (7, "B", "D", "1-0"),
        (8, "D", "B", "0-1"), (9, "C", "D", "1-0"), (10, "D", "C", "0-1"),
    ]  # fmt: skip
    event, outcome, problems = _outcome(
        make_site, ROUND_ROBIN_OF_SIX, blitz, rules="us-junior-closed"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert (result.status, result.still, result.undecided) == ("pending", (), ())
    assert _names(event, result.ahead) == ["A"]
    assert [(r.player.name, r.place, r.decided_by) for r in outcome.standings.rows[:4]] == [
        ("A", "1", "playoff"), ("B", "2-3", "shared"), ("C", "2-3", "playoff"),
        ("D", "4", "points"),
    ]  # fmt: skip
    report = build_site(event.folder.parent.parent)
    assert report.written
    assert report.notices[0].startswith(
        "P: play-off for 1st place (D and A) is pending; won by A, the places below known "
        "too; still due, next: "
    )
    standings = (event.folder.parent.parent / "output/ev/standings.html").read_text("utf-8")
    # Not "played for still": B and C share 2nd-3rd for good, D is 4th whatever A v D gives.
    assert "cannot be caught any more; the places below it are known too." in standings
    page = (event.folder.parent.parent / "output/ev/playoff.html").read_text("utf-8")
    assert "whom nobody can catch any more; every place below is known too." in page


def test_a_last_blitz_game_between_two_players_whose_order_is_decided_keeps_it_pending(
    make_site: SiteMaker,
) -> None:
    """U.S. blitz of A, B, C and D (ROUND_ROBIN_OF_SIX, all on 3½). A beats B, C and D twice
    (6); B beats C and draws with C, beats D twice (3½); C beat D in their first game (1½),
    D 0. Their second game is the last one due: C at best 2½, below B's 3½; D at best 1,
    below C's 1½. Every place is known: A 1st, B 2nd, C 3rd, D 4th. The regulations have
    the tied players "contest a Blitz Double Round Robin" (all of it) and say "Players who
    withdraw or forfeit a game may not receive any prize money": C or D may still forfeit
    that game, so the play-off stays pending and the 3rd prize waits (C's, unless C forfeits),
    while A and B, with no game left, have the 1st and 2nd prizes."""
    blitz = [
        (1, "A", "B", "1-0"), (2, "B", "A", "0-1"), (3, "A", "C", "1-0"), (4, "C", "A", "0-1"),
        (5, "A", "D", "1-0"), (6, "D", "A", "0-1"), (7, "B", "C", "1-0"),
        (8, "C", "B", "1/2-1/2"), (9, "B", "D", "1-0"), (10, "D", "B", "0-1"),
        (11, "C", "D", "1-0"),
    ]  # fmt: skip
    event, outcome, problems = _outcome(
        make_site, ROUND_ROBIN_OF_SIX, blitz, rules="us-junior-closed", extra=THREE_US_PRIZES
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.stages[0].scores == {1: 6.0, 2: 3.5, 3: 1.5, 4: 0.0}
    assert (result.status, result.still, result.undecided) == ("pending", (), ())
    assert sorted(_names(event, result.to_play)) == ["C", "D"]
    assert [(place, _names(event, (n,))[0]) for place, n in result.placed] == [
        ("1", "A"), ("2", "B"), ("3", "C"), ("4", "D"),
    ]  # fmt: skip
    assert [(r.player.name, r.place) for r in outcome.standings.rows[:4]] == [
        ("A", "1"), ("B", "2"), ("C", "3"), ("D", "4"),
    ]  # fmt: skip
    awarded = {
        a.name: (a.status, _names(event, (a.player,)) if a.player else None) for a in outcome.prizes
    }
    assert awarded["1st"][1] == ["A"] and awarded["2nd"][1] == ["B"]
    assert awarded["3rd"][0] == "pending"
    (third,) = [a for a in outcome.prizes if a.name == "3rd"]
    # C's, or D's should C forfeit the game (further down should both: a double forfeit).
    assert str(third.reason).startswith("waits for the play-off: C, or D")
    assert str(third.reason).endswith(FORFEITS)


def test_an_armageddon_being_played_while_its_order_waits_for_the_lots_is_listed_there(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """A, B and C drew the blitz and are level on every tie-break: the Armageddon's order
    waits for the drawing of lots. C v B is on the board: it is a game of the Armageddon,
    the stage after the blitz, which is over; the page listed it under the blitz."""
    on = [(7, "C", "B", "*")]
    event, outcome, problems = _outcome(
        make_site, LEVEL_THREE, DRAWN_BLITZ + on, rules="us-junior-closed"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert result.status == "pending"
    assert [(s.spec.name, s.complete, len(s.games)) for s in result.stages] == [
        ("Blitz double round robin", True, 6),
        ("Armageddon", False, 0),
    ]
    assert [(g.white, g.black) for g in result.live] == [(3, 2)]
    report = build_site(tmp_path / "site")
    assert report.written, [p.format() for p in report.problems.items]
    page = (tmp_path / "site/output/ev/playoff.html").read_text(encoding="utf-8")
    blitz, armageddon = page.split('<li class="stage')[1:3]
    assert "being played" not in blitz and "Stage 1: Blitz double round robin" in blitz
    assert "Stage 2: Armageddon" in armageddon
    text = re.sub(r"<[^>]+>", "", armageddon)
    assert re.search(r"C\s*being played\s*B", text) and "In progress" in text


# A, B and C win both their games (2 each, running scores 1, 2: level on every By-law 3
# cut, so all three play off); H beats G and draws F (1½); F ½; D, E and G 0. A, B, C and H
# are under 16 on the reference date, D to G are not.
LEVEL_THREE_AND_AN_UNDER_16 = [
    (1, "A", "D", "1-0"), (1, "B", "E", "1-0"), (1, "C", "F", "1-0"), (1, "H", "G", "1-0"),
    (2, "A", "E", "1-0"), (2, "B", "G", "1-0"), (2, "C", "D", "1-0"), (2, "H", "F", "1/2-1/2"),
]  # fmt: skip
UNDER_16_MONEY = """
[ranking]
exhausted = "share"

[[categories]]
id = "U16"
name = "Under 16"
under = 16

[prizes]
currency = "AUD"

[[prizes.money]]
name = "1st overall"
place = 1
amount = 300

[[prizes.money]]
name = "2nd overall"
place = 2
amount = 250

[[prizes.money]]
name = "3rd overall"
place = 3
amount = 50

[[prizes.money]]
name = "1st U16"
place = 1
category = "U16"
amount = 250

[[prizes.money]]
name = "2nd U16"
place = 2
category = "U16"
amount = 100
"""
# C beats A and B twice (4); A-B drawn; B v A still due. A and B reach 1½ at most: C has won.
C_UNCATCHABLE = [
    (1, "C", "A", "1-0"), (2, "A", "C", "0-1"), (3, "C", "B", "1-0"), (4, "B", "C", "0-1"),
    (5, "A", "B", "1/2-1/2"),
]  # fmt: skip


def _under_16_outcome(
    make_site: SiteMaker, playoff: list[tuple[str | int, str, str, str]], slug: str
) -> tuple[Event, EventOutcome]:
    toml = (
        'name = "P"\nformat = "swiss"\nrounds = 2\nrules = "acf-junior"\n'
        f"age_reference_date = 2026-01-01\n{UNDER_16_MONEY}"
    )
    for name in "ABCDEFGH":
        born = "2012-05-01" if name in "ABCH" else "2005-05-01"
        toml += f'\n[[players]]\nname = "{name}"\nborn = {born}\n'
    files = {
        "games.pgn": _pgn(list(LEVEL_THREE_AND_AN_UNDER_16)),
        "playoff/playoff.pgn": _pgn(playoff, TimeControl="900"),
    }
    site = make_site(toml, files, slug=slug)
    problems = Problems()
    event = load_event(site / "content" / slug, problems)
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    outcome = decide(event, problems)
    assert not problems.errors, [p.format() for p in problems.errors]
    return event, outcome


def _money(outcome: EventOutcome) -> dict[str, list[tuple[str | None, str, float, list[str]]]]:
    """Each money prize: who, its status, the amount and who shares it, by name."""
    event = outcome.event
    found: dict[str, list[tuple[str | None, str, float, list[str]]]] = {}
    for a in outcome.prizes:
        if a.kind == "money":
            who = None if a.player is None else event.player(a.player).name
            shared = sorted(event.player(n).name for n in a.shared_with)
            found.setdefault(a.name, []).append((who, a.status, a.amount or 0.0, shared))
    return found


def test_players_below_an_uncatchable_leader_drawing_their_last_game_pool_their_money(
    make_site: SiteMaker,
) -> None:
    """By-law 3 G15 of A, B and C (LEVEL_THREE_AND_AN_UNDER_16), played out: C beat A and B
    twice (4); A and B drew twice (1 each), level, and level on every cut: they share
    2nd-3rd (exhausted = "share"). Money, the largest first, one prize each: C takes 1st
    overall (300). A and B, sharing, pool the places they cover: 2nd + 3rd overall, 300, is
    150 each; passing C, 1st + 2nd U16, 350, is 175 each, the larger: theirs. 2nd overall
    (250) then goes to the next player, H (4th, 1½); 3rd overall (50) to F (5th, ½)."""
    playoff = [*C_UNCATCHABLE, (6, "B", "A", "1/2-1/2")]
    event, outcome = _under_16_outcome(make_site, playoff, "ended")
    (result,) = outcome.playoffs
    assert (result.status, _names(event, result.order)) == ("complete", ["C", "A", "B"])
    places = {r.player.name: r.place for r in outcome.standings.rows}
    assert [places[n] for n in "CABH"] == ["1", "2-3", "2-3", "4"]
    money = _money(outcome)
    assert money["1st overall"] == [("C", "awarded", 300.0, [])]
    assert sorted(money["1st U16 + 2nd U16"]) == [
        ("A", "awarded", 175.0, ["B"]),
        ("B", "awarded", 175.0, ["A"]),
    ]
    assert money["2nd overall"] == [("H", "awarded", 250.0, [])]
    assert money["3rd overall"] == [("F", "awarded", 50.0, [])]


def test_money_is_not_awarded_while_players_below_an_uncatchable_leader_may_yet_share(
    make_site: SiteMaker,
) -> None:
    """C_UNCATCHABLE: C has won; A and B, on ½ each, play for 2nd-3rd with B v A due. Won
    by either, the winner takes 2nd overall (250, the first listed of the two 250s), the
    other 1st U16 (250; C holds 1st overall) and H, the next under 16, 2nd U16 (100).
    Drawn, A and B share 2nd-3rd and take 1st + 2nd U16 (175 each, the test above): H takes
    2nd overall (250) instead. So 2nd U16 is not H's yet (found by the play-off property
    test, seed 57): pending, H and A and B may take it; C's 300 is certain."""
    event, outcome = _under_16_outcome(make_site, C_UNCATCHABLE, "pending")
    (result,) = outcome.playoffs
    assert result.status == "pending"
    assert (_names(event, result.ahead), _names(event, result.still)) == (["C"], ["A", "B"])
    assert [(outcome.event.player(n).name, p) for p, n in result.placed] == [("C", "1")]
    money = _money(outcome)
    assert money["1st overall"] == [("C", "awarded", 300.0, [])]
    assert [status for _, status, _, _ in money["2nd U16"]] == ["pending"]


# -- found by mutation testing -------------------------------------------------------------------


def test_two_out_of_the_lead_one_with_a_game_due_share_their_places() -> None:
    """Four players, eleven of the twelve blitz games played, 1 v 4's second game due.
    1 and 2 split their games; 1 beat 3 twice and 4 once (4); 2 beat 3 and 4 twice (5);
    3 and 4 won one each against each other (1 each). 1 can reach 5, level with 2: both
    still in. 3 has no game left, but 4 can reach 2: the game due decides whether 4 is 3rd
    or level with 3 (then the math tie-breaks), so 3 and 4 are out as one open group, not
    ordered now by the tie-breaks as if their games were all played."""
    stage = _blitz(
        (1, 2, 3, 4),
        [
            (1, 2, "1-0"), (2, 1, "1-0"), (1, 3, "1-0"), (3, 1, "0-1"), (1, 4, "1-0"),
            (2, 3, "1-0"), (3, 2, "0-1"), (2, 4, "1-0"), (4, 2, "0-1"),
            (3, 4, "1-0"), (4, 3, "1-0"),
        ],
    )  # fmt: skip
    assert stage.scores == {1: 4.0, 2: 5.0, 3: 1.0, 4: 1.0}
    assert _out_of_the_lead(stage) == ([], [1, 2], [[3, 4]], [(3, 4)], [1, 2, 4])


def test_a_play_off_for_a_place_level_with_the_one_above_is_named_by_the_higher() -> None:
    """places = [4] where 3rd and 4th are level on points: the play-off is for 3rd place
    first (``tied_from``); a play-off set where its tie begins keeps its own place."""
    assert Playoff(4, None, (3, 4), (3, 4), "complete", tied_from=3).first_place == 3
    assert Playoff(4, None, (4, 5), (4, 5), "complete", tied_from=4).first_place == 4
    assert Playoff(4, None, (4, 5), (4, 5), "complete").first_place == 4


def test_a_blitz_of_four_names_the_next_game_not_on_the_board(make_site: SiteMaker) -> None:
    """ROUND_ROBIN_OF_SIX: D, A, B and C tied (seeded so). Nothing played yet, D v A's first
    game on the board: the next game due not on the board is their second, colours
    reversed (A White), not the game being played ("A v D, colours by lot")."""
    on = [(1, "D", "A", "*")]
    event, outcome, problems = _outcome(make_site, ROUND_ROBIN_OF_SIX, on, rules="us-junior-closed")
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert _names(event, result.players) == ["D", "A", "B", "C"]
    assert (str(result.next), result.due_on) == (
        "Blitz double round robin (3 minutes plus a 2-second increment (G3+2)), game 2: "
        "A (White) v D (Black)",
        False,
    )


def test_the_play_off_loser_level_on_sps_with_the_left_out_is_ahead_on_the_first_cut() -> None:
    """By-law 3, 5.1: X, Y and Z tied, SPS 4 each; cut 1 puts X (3½) ahead of Y and Z (3
    each), cut 2 Y (2) ahead of Z (1½): X and Y play off and Y wins. X is 2nd, ahead of Z on
    the first value where their own differ, cut 1, 3½ to 3; not on SPS, where they are level
    (4 to 4)."""

    def row(number: int, name: str, decided_by: str, c1: float, c2: float) -> StandingRow:
        tiebreaks = {"PS": 4.0, "PS/C1": c1, "PS/C2": c2}
        player = Player(number, name, name.lower())
        return StandingRow(player, PlayerRecord(number, ()), 1, "1", decided_by, tiebreaks)

    rows = (row(1, "X", "PS/C1", 3.5, 2), row(2, "Y", "PS/C2", 3, 2), row(3, "Z", "points", 3, 1.5))
    won = (("playoff", Phrase("ahead in the play-off")),)
    playoff = Playoff(1, FORMATS["acf-by-law-3"], (1, 2), (1, 2, 3), "complete")
    playoff = replace(playoff, order=(2, 1), separations=won, places=("1", "2"))
    standings = apply_playoffs(Standings(rows, 3), [playoff])
    top = standings.rows[:2]
    assert [(r.player.name, r.place, r.decided_by, str(r.reason)) for r in top] == [
        ("Y", "1", "playoff", "ahead in the play-off"),
        ("X", "2", "PS/C1", "ahead on Progressive Score, cut 1, 3½ to 3"),
    ]


def test_below_a_certain_leader_the_next_group_is_still_in_if_one_of_them_has_a_game_due() -> None:
    """1 beat 2 twice and 3 once, their second game due (3, at best 4); 2 won one game
    against 3 and drew the other (1½, all played); 3 has ½, at best 1½. 1 has won; 2 and 3
    play on for 2nd, 3's game with 1 deciding it (a win levels them, then the math
    tie-breaks): still in, though 2 has no game left."""
    stage = _blitz(
        (1, 2, 3),
        [(1, 2, "1-0"), (2, 1, "0-1"), (1, 3, "1-0"), (2, 3, "1-0"), (3, 2, "1/2-1/2")],
    )
    assert stage.scores == {1: 3.0, 2: 1.5, 3: 0.5}
    assert _out_of_the_lead(stage) == ([1], [2, 3], [], [], [1, 3])


def test_the_first_game_of_an_armageddon_ladder_on_the_board_is_the_game_due(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """U.S. Junior Closed, A, B and C 2 each after the blitz, math order C, B, A: the two
    lowest, A and B, meet first. Their game is on the board, A White: it is the game due,
    named in the board's colours and "being played" (as for two players), not "Next: B v A,
    colours by lot" beside "Being played now: A (White) v B (Black)"."""
    blitz = [
        (1, "A", "B", "1-0"), (2, "B", "A", "1-0"), (3, "A", "C", "1-0"),
        (4, "C", "A", "1-0"), (5, "B", "C", "1-0"), (6, "C", "B", "1-0"),
    ]  # fmt: skip
    event, outcome, problems = _outcome(
        make_site, CYCLE, [*blitz, (7, "A", "B", "*")], rules="us-junior-closed"
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert _names(event, result.still) == ["C", "B", "A"]
    assert (str(result.next), result.due_on) == (
        "Armageddon (White 6 minutes, Black 4 minutes; Black has draw odds): "
        "A (White) v B (Black), being played",
        True,
    )
    report = build_site(tmp_path / "site")
    assert report.written, [p.format() for p in report.problems.items]
    page = (tmp_path / "site/output/ev/playoff.html").read_text(encoding="utf-8")
    assert "colours by lot." not in re.sub(r"<[^>]+>", "", page).split("Stage 1")[0]


# A round robin of six (DE_LADDER's pairings): A, B and C tie on 3. Among themselves A beat
# B and C, and B drew with C: Direct Encounter A 2, B ½, C ½. A drew with D and E and lost to
# F; B and C beat D and E and drew with F. D, E and F 2 each.
DE_FIRST_AHEAD = [
    (1, "A", "F", "0-1"), (1, "B", "E", "1-0"), (1, "C", "D", "1-0"),
    (2, "F", "D", "0-1"), (2, "E", "C", "0-1"), (2, "A", "B", "1-0"),
    (3, "B", "F", "1/2-1/2"), (3, "C", "A", "0-1"), (3, "D", "E", "1/2-1/2"),
    (4, "F", "E", "0-1"), (4, "A", "D", "1/2-1/2"), (4, "B", "C", "1/2-1/2"),
    (5, "C", "F", "1/2-1/2"), (5, "D", "B", "0-1"), (5, "E", "A", "1/2-1/2"),
]  # fmt: skip


def test_a_seeding_by_direct_encounter_one_level_each_side_gives_its_words(
    make_site: SiteMaker,
) -> None:
    """tiebreaks = ["DE"] under By-law 3: Direct Encounter puts A (2) ahead of B and C (½
    each), who stay level, so no two can be chosen and all three play off (5.2.3). The line
    parts one level from one level: the mini-table's words follow it alone, with no "A ahead
    of B and C" said twice over."""
    extra = 'tiebreaks = ["DE"]\n'
    event, outcome, problems = _outcome(
        make_site, DE_FIRST_AHEAD, [], rules="acf-junior", extra=extra
    )
    assert event and outcome and not problems.errors, problems.items
    (result,) = outcome.playoffs
    assert _names(event, result.players) == ["A", "B", "C"]
    assert str(result.note) == (
        "3 players tied; Direct Encounter put A ahead of B and C (2 to ½ among the 3 tied "
        "players), who are equal on every tie-break (Direct Encounter)"
    )
    assert result.note.names == ("A", "B", "C")


def test_a_seeding_by_direct_encounter_past_a_level_of_three_names_whose_line_it_is() -> None:
    """Five tied on points, by hand, tiebreaks = ["DE"]: A, B and C drew among themselves and
    beat D and E, D beat E (Direct Encounter A, B and C 3 each, D 1, E 0). No line falls
    after two (A and B are level), so the three go through (5.2: as few as possible). The
    side above is one level of three, the side below two levels: the mini-table's words are
    for the line between A, B and C and D, which the note must say, as E is on D's side."""
    reasons = {3: "3 to 1 among the 5 tied players", 4: "1 to 0 among the 5 tied players"}
    rows = tuple(
        StandingRow(
            Player(number, name, name.lower()),
            PlayerRecord(number, ()),
            1,
            "1-5",
            decided_by,
            {"DE": value},
            Phrase(f"ahead on Direct Encounter, {reasons[number]}")
            if number in reasons
            else Phrase(),
        )
        for number, name, decided_by, value in (
            (1, "A", "shared", 3.0),
            (2, "B", "shared", 3.0),
            (3, "C", "DE", 3.0),
            (4, "D", "DE", 1.0),
            (5, "E", "points", 0.0),
        )
    )
    players, note = _seeding(FORMATS["acf-by-law-3"], (1, 2, 3, 4, 5), Standings(rows, 5))
    assert players == (1, 2, 3)
    assert str(note) == (
        "5 players tied; Direct Encounter reduced them to 3: A, B and C ahead of D and E "
        "(A, B and C ahead of D, 3 to 1 among the 5 tied players)"
    )
    assert note.names == ("A", "B", "C", "D", "E", "A", "B", "C", "D")
