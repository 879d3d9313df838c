"""Titles, trophies and money: each clause of the seed rules with a worked scenario."""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest
from conftest import SiteMaker

from generator.build import build_site, decide, load_event, pending_playoffs
from generator.config.event import CategoryEntry, MoneyPrize, TitleEntry
from generator.model import Event
from generator.problems import Problems
from generator.render import views
from generator.render.site import EventOutcome
from generator.rules import categories, prizes
from generator.rules.prizes import Award

# Six players in a Swiss of 3 rounds; final order by points: A 3, B 2½, C 2, D 1, E ½, F 0.
# (A beats B, C, E; B beats D, F and draws...; the exact games are below.)
GAMES = [
    (1, "A", "D", "1-0"), (1, "B", "E", "1-0"), (1, "C", "F", "1-0"),
    (2, "A", "C", "1-0"), (2, "B", "F", "1-0"), (2, "D", "E", "1/2-1/2"),
    (3, "A", "B", "1-0"), (3, "C", "E", "1-0"), (3, "D", "F", "1/2-1/2"),
]  # fmt: skip
# Points: A 3, B 2, C 2, D 1, E ½, F ½. B and C tie on 2; PS: B 1+2+2 = 5, C 1+1+2 = 4.

PLAYERS = {
    # name: (born, sex)
    "A": ("2014-05-01", "M"),  # 11 on 2026-01-01: under 12
    "B": ("2010-03-01", "F"),  # 15
    "C": ("2013-02-01", "F"),  # 12: not under 12
    "D": ("2015-07-01", "F"),  # 10: under 12
    "E": ("2009-01-01", "M"),  # 17
    "F": ("2016-01-01", "M"),  # 10
}

FORFEITS = " if play-off games are forfeited (a player who forfeits one receives no prize money)"
"""How a pending prize names who may take it only should play-off games be forfeited
(U.S. rule: no prize money after a forfeit)."""


def _outcome(
    make_site: SiteMaker,
    extra: str,
    *,
    games: list[tuple[int, str, str, str]] = GAMES,
    rules: str = "acf-junior",
    players: dict[str, tuple[str, str]] = PLAYERS,
    slug: str = "ev",
    playoff: str = "",
    federation: str | dict[str, str] = "",
    rounds: int = 0,
) -> tuple[EventOutcome | None, Problems]:
    rounds = rounds or max(r for r, *_ in games)
    toml = (
        f'name = "P"\nformat = "swiss"\nrounds = {rounds}\nrules = "{rules}"\n'
        f"start = 2026-01-10\n{extra}\n"
    )
    for name, (born, sex) in players.items():
        toml += f'[[players]]\nname = "{name}"\n'
        own = federation.get(name, "") if isinstance(federation, dict) else federation
        toml += f'federation = "{own}"\n' if own else ""
        toml += (f"born = {born}\n" if born else "") + (f'sex = "{sex}"\n' if sex else "")
    pgn = "".join(
        f'[Round "{r}"]\n[White "{w}"]\n[Black "{b}"]\n[Result "{res}"]\n\n{res}\n\n'
        for r, w, b, res in games
    )
    files = {"games.pgn": pgn}
    if playoff:
        files["playoff/playoff.pgn"] = playoff
    site = make_site(toml, files, slug=slug)
    problems = Problems()
    event = load_event(site / "content" / slug, problems)
    if event is None or problems.errors:
        return None, problems
    return decide(event, problems), problems


def _who(outcome: EventOutcome, kind: str) -> list[tuple[str, str | None]]:
    event = outcome.event
    return [
        (a.name, event.player(a.player).name if a.player is not None else None)
        for a in outcome.prizes
        if a.kind == kind
    ]


CATEGORIES = """
[[categories]]
id = "U12"
name = "Under 12"
under = 12

[[categories]]
id = "G"
name = "Girls"
sex = "F"
"""


OPEN_AND_U12_TITLES = (
    CATEGORIES
    + """
[[titles]]
name = "Champion"
category = "open"

[[titles]]
name = "Under 12 Champion"
category = "U12"
"""
)


def test_an_under_age_overall_winner_takes_the_open_title(make_site: SiteMaker) -> None:
    outcome, problems = _outcome(make_site, OPEN_AND_U12_TITLES)
    assert outcome is not None and not problems.errors, problems.items
    # A (11) wins everything: the open title; the U12 title passes to D, the next under 12.
    assert _who(outcome, "title") == [("Champion", "A"), ("Under 12 Champion", "D")]
    title = outcome.prizes[1]
    assert str(title.reason) == (
        "the best-placed player of Under 12 not already holding an open title (A already holds one)"
    )


OPEN_AND_GIRLS_TITLES = (
    CATEGORIES
    + """
[[titles]]
name = "Champion"
category = "open"

[[titles]]
name = "Girls Champion"
category = "G"
kind = "girls"
"""
)


def test_a_girl_may_hold_a_girls_title_and_an_open_title(make_site: SiteMaker) -> None:
    games = [(r, w, b, {"A": "0-1"}.get(w, res) if r == 3 else res) for r, w, b, res in GAMES]
    # Round 3: B beats A -> B 3, A 2, C 2.
    extra = OPEN_AND_GIRLS_TITLES + '[[titles]]\nname = "Under 12 Champion"\ncategory = "U12"\n'
    outcome, problems = _outcome(make_site, extra, games=games)
    assert outcome is not None and not problems.errors, problems.items
    assert outcome.standings.rows[0].player.name == "B"
    assert _who(outcome, "title") == [
        ("Champion", "B"),
        ("Girls Champion", "B"),  # 2b: one girls' title as well as one open title
        ("Under 12 Champion", "A"),
    ]


def test_a_title_of_a_girls_category_is_a_girls_title_by_default(make_site: SiteMaker) -> None:
    """2b without ``kind``: the title of the girls' category is a girls' title, so B, the
    overall champion, takes it as well; written kind = "open" it passes to C."""
    games = [(r, w, b, {"A": "0-1"}.get(w, res) if r == 3 else res) for r, w, b, res in GAMES]
    titles = """
[[titles]]
name = "Champion"
category = "open"

[[titles]]
name = "Girls Champion"
category = "G"
"""
    outcome, problems = _outcome(make_site, CATEGORIES + titles, games=games)
    assert outcome is not None and not problems.errors, problems.items
    assert _who(outcome, "title") == [("Champion", "B"), ("Girls Champion", "B")]
    written = titles + 'kind = "open"\n'
    outcome, problems = _outcome(make_site, CATEGORIES + written, games=games, slug="open")
    assert outcome is not None and not problems.errors, problems.items
    assert _who(outcome, "title") == [("Champion", "B"), ("Girls Champion", "C")]


def test_the_prize_page_says_a_girl_may_hold_a_girls_title_of_a_girls_category(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """2b on the prize page: "Girls Champion" of the girls' category, no kind written, is a
    girls' title (B holds it with the open title, as above), so the page says a girl may hold
    one as well as an open title; it said so only for titles written kind = "girls". With
    kind = "open" written, the event gives no girls' title and the page does not say it."""
    titles = """
[[titles]]
name = "Champion"
category = "open"

[[titles]]
name = "Girls Champion"
category = "G"
"""
    sentence = "A girl may hold one girls' title as well as one open title."
    for written, said in (("", True), ('kind = "open"\n', False)):
        _outcome(make_site, CATEGORIES + titles + written)
        report = build_site(tmp_path / "site")
        assert report.written, [p.format() for p in report.problems.items]
        page = (tmp_path / "site" / "output" / "ev" / "prizes.html").read_text("utf-8")
        assert (sentence in page) is said, written


def test_one_trophy_each_first_places_before_second_places(make_site: SiteMaker) -> None:
    extra = (
        CATEGORIES
        + """
[[trophies]]
name = "2nd overall"
category = "open"
place = 2

[[trophies]]
name = "1st Girls"
category = "G"
place = 1

[[trophies]]
name = "2nd Girls"
category = "G"
place = 2
"""
    )
    outcome, problems = _outcome(make_site, extra)
    assert outcome is not None and not problems.errors, problems.items
    # Girls in order: B, C, D. "1st Girls" (a first place) is decided before "2nd overall":
    # B takes it; "2nd overall" passes to C (3rd overall); "2nd Girls" passes to D.
    assert _who(outcome, "trophy") == [("2nd overall", "C"), ("1st Girls", "B"), ("2nd Girls", "D")]
    assert str(outcome.prizes[0].reason) == "3rd overall; B holds a higher prize"
    assert str(outcome.prizes[1].reason) == "1st in Girls"  # its own place: nobody passed


def test_a_trophy_passing_two_holders_names_them_as_a_list(make_site: SiteMaker) -> None:
    """First places first: B takes "1st Girls", A "1st Under 12"; then C "2nd Girls" and D
    "2nd Under 12" (U12: A, D, F). "3rd overall" starts at C, 3rd, and passes C and D, each
    holding a 2nd-place trophy, higher than a 3rd (clause 3), to E, 5th. The reason listed
    them "C, D hold a higher prize", which with names written "Last, First" reads as four
    people; a list says "C and D"."""
    extra = CATEGORIES + "".join(
        f'[[trophies]]\nname = "{name}"\ncategory = "{category}"\nplace = {place}\n\n'
        for name, category, place in (
            ("1st Girls", "G", 1),
            ("2nd Girls", "G", 2),
            ("1st Under 12", "U12", 1),
            ("2nd Under 12", "U12", 2),
            ("3rd overall", "open", 3),
        )
    )
    outcome, problems = _outcome(make_site, extra)
    assert outcome is not None and not problems.errors, problems.items
    assert _who(outcome, "trophy")[-1] == ("3rd overall", "E")
    assert str(outcome.prizes[-1].reason) == "5th overall; C and D hold a higher prize"


def test_a_trophy_passing_a_holder_of_one_of_the_same_place_does_not_call_it_higher(
    make_site: SiteMaker,
) -> None:
    """Clause 3 ranks first places above second places and so on, nothing else: "3rd
    overall", listed first, goes to C (3rd); "3rd Under 16" then starts at C, 3rd in Under 16
    too (A, B, C, D, F), and passes to D, 4th. C holds a prize of the same place, listed
    first, not a higher one (the reason said "C holds a higher prize")."""
    trophies = """
[[categories]]
id = "U16"
name = "Under 16"
under = 16

[[trophies]]
name = "3rd overall"
category = "open"
place = 3

[[trophies]]
name = "3rd Under 16"
category = "U16"
place = 3
"""
    outcome, problems = _outcome(make_site, trophies)
    assert outcome is not None and not problems.errors, problems.items
    assert _who(outcome, "trophy") == [("3rd overall", "C"), ("3rd Under 16", "D")]
    assert str(outcome.prizes[1].reason) == (
        "4th in Under 16; C holds one of the same place, listed first"
    )


def test_a_player_eligible_for_three_prizes_takes_the_largest(make_site: SiteMaker) -> None:
    extra = (
        CATEGORIES
        + """
[prizes]
currency = "AUD"

[[prizes.money]]
name = "Best Under 12"
place = 1
category = "U12"
amount = 150

[[prizes.money]]
name = "1st place"
place = 1
amount = 600

[[prizes.money]]
name = "2nd place"
place = 2
amount = 400
"""
    )
    outcome, problems = _outcome(make_site, extra)
    assert outcome is not None and not problems.errors, problems.items
    # A is 1st overall and the best under 12: takes 600; Best U12 passes to D.
    assert _who(outcome, "money") == [
        ("Best Under 12", "D"),
        ("1st place", "A"),
        ("2nd place", "B"),
    ]


def test_equal_amounts_go_in_listing_order(make_site: SiteMaker) -> None:
    extra = (
        CATEGORIES
        + """
[[prizes.money]]
name = "1st Girls"
place = 1
category = "G"
amount = 100

[[prizes.money]]
name = "2nd place"
place = 2
amount = 100
"""
    )
    outcome, problems = _outcome(make_site, extra)
    assert outcome is not None and not problems.errors, problems.items
    # B is the best girl and 2nd overall; both prizes are 100: the one listed first is hers.
    assert _who(outcome, "money") == [("1st Girls", "B"), ("2nd place", "C")]


ONE_MONEY_PRIZE_EACH = """
[[prizes.money]]
name = "1st place"
place = 1
amount = 600

[[prizes.money]]
name = "1st Girls"
place = 1
category = "G"
amount = 100

[[prizes.money]]
name = "2nd place"
place = 2
amount = 100

[[prizes.money]]
name = "Best Under 12"
place = 1
category = "U12"
amount = 50
"""
"""Clause 4's test: A takes 1st place (600), B (2nd overall, best girl) 1st Girls (100, listed
before the 2nd place's 100), and Best Under 12 (50) passes A, who holds a larger one."""


def test_a_prize_passing_a_player_says_whether_their_prize_is_larger_or_equal(
    make_site: SiteMaker,
) -> None:
    """B (2nd overall, best girl) takes 1st Girls (100), listed first; 2nd place (100 too)
    passes her to C. It said "B already has a larger prize", which the prize page printed
    for two equal prizes, as if the build had mixed up the amounts. Best Under 12 (50) passes
    A, who holds the 1st place's 600: that one is larger."""
    outcome, problems = _outcome(make_site, CATEGORIES + ONE_MONEY_PRIZE_EACH)
    assert outcome is not None and not problems.errors, problems.items
    # Under 12 is A, D and F; A is 1st overall, D is the next under 12.
    assert _who(outcome, "money") == [
        ("1st place", "A"),
        ("1st Girls", "B"),
        ("2nd place", "C"),
        ("Best Under 12", "D"),
    ]
    passed = {a.name: tuple(map(str, a.passed_over)) for a in outcome.prizes}
    assert passed["2nd place"] == ("B has 1st Girls, a prize of the same amount listed before it",)
    assert passed["Best Under 12"] == ("A has a larger prize",)


def test_an_equal_prize_listed_after_is_not_said_to_be_listed_before(
    make_site: SiteMaker,
) -> None:
    """X and Y share 1st place on 2½ (the fide rules have no tie-break). X's half of 1st place
    (50) would be 25, so she takes 1st Girls (50), listed after it; Y takes 1st place alone.
    Passing X, 1st place said she had "1st Girls, a prize of the same amount listed before
    it": the two amounts are equal, but 1st Girls is listed after 1st place."""
    games = [
        (1, "X", "Y", "1/2-1/2"), (1, "Z", "W", "1/2-1/2"),
        (2, "X", "Z", "1-0"), (2, "Y", "W", "1-0"),
        (3, "W", "X", "0-1"), (3, "Z", "Y", "0-1"),
    ]  # fmt: skip
    players = {"X": ("", "F"), "Y": ("", "M"), "Z": ("", "M"), "W": ("", "M")}
    extra = """
[[categories]]
id = "G"
name = "Girls"
sex = "F"

[[prizes.money]]
name = "1st place"
place = 1
amount = 50

[[prizes.money]]
name = "1st Girls"
place = 1
category = "G"
amount = 50
"""
    outcome, problems = _outcome(make_site, extra, games=games, players=players, rules="fide")
    assert outcome is not None and not problems.errors, problems.items
    assert [(row.place, row.player.name) for row in outcome.standings.rows[:2]] == [
        ("1-2", "X"),
        ("1-2", "Y"),
    ]
    assert _who(outcome, "money") == [("1st place", "Y"), ("1st Girls", "X")]
    assert [a.amount for a in outcome.prizes] == [50, 50]
    passed = {a.name: tuple(map(str, a.passed_over)) for a in outcome.prizes}
    # The real reason: X's half of 1st place (25) is less than 1st Girls (50).
    assert passed["1st place"] == (
        "X has 1st Girls, larger than a share of this prize would have been",
    )
    # Y shares 1st-2nd with X, as the standings say: not "2nd overall" for the 1st place.
    assert [str(a.reason) for a in outcome.prizes] == ["1st-2nd overall", "1st in Girls"]


def test_split_ties_pool_the_place_prizes_with_category_prizes(make_site: SiteMaker) -> None:
    extra = (
        CATEGORIES
        + """
[prizes]
ties = "split"

[[prizes.money]]
name = "1st place"
place = 1
amount = 600

[[prizes.money]]
name = "2nd place"
place = 2
amount = 300

[[prizes.money]]
name = "3rd place"
place = 3
amount = 100.01

[[prizes.money]]
name = "1st Girls"
place = 1
category = "G"
amount = 150
"""
    )
    outcome, problems = _outcome(make_site, extra)
    assert outcome is not None and not problems.errors, problems.items
    money = [a for a in outcome.prizes if a.kind == "money"]
    by_player = {outcome.event.player(a.player).name: a for a in money if a.player is not None}
    assert by_player["A"].amount == 600
    # B and C tie on 2 points for 2nd-3rd: 300 + 100.01 pooled, 200.01 and 200.00, the odd
    # cent to B, the lower pairing number; 200 beats the 150 for the best girl.
    assert (by_player["B"].amount, by_player["C"].amount) == (200.01, 200.0)
    # What each is paid, no fine to deduct, is the share to the cent.
    assert (by_player["B"].net, by_player["C"].net) == (200.01, 200.0)
    assert by_player["B"].shared_with == (3,)
    # Shared by points: the tie-break that puts B ahead of C does not decide the money.
    # Both share the places 2nd-3rd: the pairing number that takes the odd cent does not
    # make B 2nd and C 3rd.
    assert str(by_player["B"].reason) == "2nd-3rd overall; shared equally with C"
    assert str(by_player["C"].reason) == "2nd-3rd overall; shared equally with B"
    assert by_player["B"].name == "2nd place + 3rd place"
    # 1st Girls passes to D, the next girl.
    assert by_player["D"].name == "1st Girls" and by_player["D"].amount == 150


def test_players_sharing_a_prize_are_listed_in_the_standings_order(make_site: SiteMaker) -> None:
    """Split by points, B (number 2) and C (number 3) share 2nd and 3rd; the standings put C
    ahead on Progressive Score. The shares were listed by pairing number (B first), so a play-
    off's winner, or C here, came second under the place the standings give them first. The odd
    cent still goes by pairing number.

    Round 1 A-D 1-0, C-F 1-0, E-B 1-0; round 2 A-E 1-0, C-D 1-0, B-F 1-0; round 3 A-C 1-0,
    B-D 1-0, E-F ½: A 3, C 2 (PS 1 + 2 + 2 = 5), B 2 (PS 0 + 1 + 2 = 3), E 1½."""
    games = [
        (1, "A", "D", "1-0"), (1, "C", "F", "1-0"), (1, "E", "B", "1-0"),
        (2, "A", "E", "1-0"), (2, "C", "D", "1-0"), (2, "B", "F", "1-0"),
        (3, "A", "C", "1-0"), (3, "B", "D", "1-0"), (3, "E", "F", "1/2-1/2"),
    ]  # fmt: skip
    extra = """
[prizes]
ties = "split"

[[prizes.money]]
name = "2nd place"
place = 2
amount = 200

[[prizes.money]]
name = "3rd place"
place = 3
amount = 100.01
"""
    outcome, problems = _outcome(make_site, extra, games=games)
    assert outcome is not None and not problems.errors, problems.items
    assert [r.player.name for r in outcome.standings.rows[:3]] == ["A", "C", "B"]
    shares = [(a.name, outcome.event.player(a.player).name, a.amount) for a in outcome.prizes]
    assert shares == [
        ("2nd place + 3rd place", "C", 150.0),
        ("2nd place + 3rd place", "B", 150.01),  # the odd cent: the lower pairing number
    ]


def test_a_fine_larger_than_the_prize_leaves_nothing(make_site: SiteMaker) -> None:
    extra = """
[[fines]]
player = "B"
amount = 500
reason = "Cell phone in the playing area"

[[prizes.money]]
name = "2nd place"
place = 2
amount = 400
"""
    outcome, problems = _outcome(make_site, extra)
    assert outcome is not None and not problems.errors, problems.items
    (award,) = [a for a in outcome.prizes if a.kind == "money"]
    assert (award.player, award.amount, award.fines, award.net) == (2, 400, 500, 0.0)


def test_players_sharing_a_place_share_its_prizes(make_site: SiteMaker) -> None:
    # Under the U.S. tie-breaks B and C (2 points each) cannot be separated: DE (they never
    # met), BPG 1 each, KS, SB and WIN equal. They share 2nd-3rd and pool the prizes.
    extra = """
[[prizes.money]]
name = "2nd place"
place = 2
amount = 400

[[prizes.money]]
name = "3rd place"
place = 3
amount = 100
"""
    outcome, problems = _outcome(make_site, extra, rules="us-junior-closed")
    assert outcome is not None and not problems.errors, problems.items
    assert [r.place for r in outcome.standings.rows[1:3]] == ["2-3", "2-3"]
    money = [(a.player, a.amount) for a in outcome.prizes if a.kind == "money"]
    assert money == [(2, 250.0), (3, 250.0)]


def test_money_of_places_the_lots_decide_waits_and_the_place_above_is_paid(
    make_site: SiteMaker,
) -> None:
    """U.S. rules with exhausted = "lots" and no lots recorded: B and C (2 each) are level
    on every tie-break for 2nd-3rd (above), so which of them takes 200 and which 100 waits
    for the drawing of lots; A, clear first on 3, is paid the 300 alone whichever way the
    lots fall."""
    extra = '[ranking]\nexhausted = "lots"\n' + "".join(
        f'[[prizes.money]]\nname = "Place {place}"\nplace = {place}\namount = {amount}\n'
        for place, amount in ((1, 300), (2, 200), (3, 100))
    )
    outcome, problems = _outcome(make_site, extra, rules="us-junior-closed")
    assert outcome is not None and not problems.errors, problems.items
    assert [(a.name, a.status, a.player, a.amount) for a in outcome.prizes] == [
        ("Place 1", "awarded", 1, 300),
        ("Place 2", "pending", None, 200),
        ("Place 3", "pending", None, 100),
    ]
    assert str(outcome.prizes[0].reason) == "1st overall"
    assert str(outcome.prizes[1].reason) == "waits for the drawing of lots: B or C"


def test_a_title_or_trophy_for_a_shared_place_is_left_to_lots_or_the_arbiter(
    make_site: SiteMaker,
) -> None:
    """B and C share 2nd-3rd (above) and are the two best girls: the girls' title, 2nd place
    among the girls and 3rd overall could each go to either. Nothing in the regulations
    gives them to the lower pairing number: they wait for the drawing of lots or the arbiter,
    and the build says so. A's title is not in doubt."""
    extra = (
        OPEN_AND_GIRLS_TITLES
        + """
[[trophies]]
name = "2nd Girls"
category = "G"
place = 2

[[trophies]]
name = "3rd overall"
category = "open"
place = 3

[[trophies]]
name = "3rd Girls"
category = "G"
place = 3
"""
    )
    outcome, problems = _outcome(make_site, extra, rules="us-junior-closed")
    assert outcome is not None and not problems.errors, problems.items
    assert [r.place for r in outcome.standings.rows[1:3]] == ["2-3", "2-3"]
    # Either way the lots go, the girl behind takes 2nd Girls (one trophy each), so 3rd
    # overall passes her by to D, 4th, who then holds a trophy: 3rd Girls (B, C, D) is left
    # to nobody. B ahead: Girls Champion B, 2nd Girls C, 3rd overall D (C holds one).
    # C ahead: Girls Champion C, 2nd Girls B, 3rd overall D (B holds one).
    assert [(a.name, a.player, a.status) for a in outcome.prizes] == [
        ("Champion", 1, "awarded"),
        ("Girls Champion", None, "pending"),
        ("2nd Girls", None, "pending"),
        ("3rd overall", 4, "awarded"),
        ("3rd Girls", None, "unclaimed"),
    ]
    assert str(outcome.prizes[1].reason) == (
        "B and C share the place on every tie-break: the drawing of lots or the arbiter decides"
    )
    undecided = [p.message for p in problems.warnings if p.code == "undecided-prize"]
    assert [m.split(":")[0] for m in undecided] == ["Girls Champion", "2nd Girls"]
    assert str(outcome.prizes[3].reason) == (
        "4th overall; C holds a higher prize or B holds a higher prize (the same whichever "
        "way the drawing of lots goes)"
    )

    lots = '[ranking]\nexhausted = "lots"\nlots = ["C", "B"]\n'
    outcome, problems = _outcome(make_site, lots + extra, rules="us-junior-closed", slug="lots")
    assert outcome is not None and not problems.errors, problems.items
    assert [(a.name, a.player) for a in outcome.prizes] == [
        ("Champion", 1),
        ("Girls Champion", 3),
        ("2nd Girls", 2),  # B, 2nd girl behind C
        ("3rd overall", 4),  # B holds a trophy already: it passes down to D, 4th
        ("3rd Girls", None),  # D holds one: no girl is left
    ]
    assert not [p for p in problems.warnings if p.code == "undecided-prize"]


def test_a_title_that_waits_for_lots_holds_back_the_titles_its_players_could_take(
    make_site: SiteMaker,
) -> None:
    """B and C, the two best girls, share the place on every tie-break (above). Whoever the
    lots make Girls Champion cannot also be Girls Under 16 Champion (one girls' title each),
    and both are under 16: that title waits too. Once the lots are drawn (C ahead), C is
    Girls Champion and B Girls Under 16 Champion."""
    titles = """
[[categories]]
id = "G"
name = "Girls"
sex = "F"

[[categories]]
id = "G16"
name = "Girls Under 16"
sex = "F"
under = 16

[[titles]]
name = "Girls Champion"
category = "G"

[[titles]]
name = "Girls Under 16 Champion"
category = "G16"
"""
    outcome, problems = _outcome(make_site, titles, rules="us-junior-closed")
    assert outcome is not None and not problems.errors, problems.items
    assert [(a.name, a.status, str(a.reason)) for a in outcome.prizes] == [
        (
            "Girls Champion",
            "pending",
            "B and C share the place on every tie-break: the drawing of lots or the arbiter "
            "decides",
        ),
        (
            "Girls Under 16 Champion",  # whichever of B and C is not Girls Champion
            "pending",
            "B and C share the place on every tie-break: the drawing of lots or the arbiter "
            "decides",
        ),
    ]
    lots = '[ranking]\nexhausted = "lots"\nlots = ["C", "B"]\n'
    outcome, _ = _outcome(make_site, lots + titles, rules="us-junior-closed", slug="lots")
    assert outcome is not None
    assert _who(outcome, "title") == [("Girls Champion", "C"), ("Girls Under 16 Champion", "B")]


THIRD_AND_FIFTH = """
[[prizes.money]]
name = "3rd place"
place = 3
amount = 300

[[prizes.money]]
name = "5th place"
place = 5
amount = 50
"""


def test_a_forfeit_cancels_prize_money_and_the_prize_passes_on(make_site: SiteMaker) -> None:
    games = [g for g in GAMES if g[:3] != (1, "B", "E")]
    extra = """
[[results]]
round = 1
white = "B"
black = "E"
result = "-+"
reason = "White more than 30 minutes late"
"""
    extra += THIRD_AND_FIFTH
    # B loses round 1 by forfeit: A 3, C 2, E 1½, then D and B on 1. They never met; BPG is 1
    # each; KS (line 1½: A, C, E) gives D ½ (the draw with E) and B 0: D 4th, B 5th, F ½ 6th.
    outcome, problems = _outcome(make_site, extra, games=games, rules="us-junior-closed")
    assert outcome is not None and not problems.errors, problems.items
    assert [r.player.name for r in outcome.standings.rows] == ["A", "C", "E", "D", "B", "F"]
    assert _who(outcome, "money") == [("3rd place", "E"), ("5th place", "F")]
    fifth = outcome.prizes[-1]
    assert tuple(map(str, fifth.passed_over)) == ("B forfeited a game (round 1): no prize money",)
    # Under the ACF preset the forfeit costs no money; there PS puts B (0+1+1 = 2) 4th, ahead
    # of D (0+½+1 = 1½), so the 5th place prize goes to D.
    acf, _ = _outcome(make_site, extra, games=games, rules="acf-junior", slug="acf")
    assert acf is not None
    assert [r.player.name for r in acf.standings.rows][3:5] == ["B", "D"]
    assert _who(acf, "money") == [("3rd place", "E"), ("5th place", "D")]


def test_a_game_lost_to_a_ringing_phone_is_played_but_cancels_prize_money(
    make_site: SiteMaker,
) -> None:
    """U.S. Junior Closed: a phone that rings during a game "shall result in forfeiture of
    that game", and "players who ... forfeit a game may not receive any prize money". B's
    round 1 game against E was played (B had White) and then forfeited: the points and the
    order are those of the late forfeit above, and B again loses the 5th place prize to F;
    but the game stays a game over the board: E has Black in three played games (BPG 3, not
    2 as after a forfeit)."""
    extra = """
[[results]]
round = 1
white = "B"
black = "E"
result = "0-1"
forfeited = true
reason = "White's phone rang"
"""
    extra += THIRD_AND_FIFTH
    outcome, problems = _outcome(make_site, extra, rules="us-junior-closed")
    assert outcome is not None and not problems.errors, problems.items
    game = next(g for g in outcome.event.games if g.round == 1 and g.board == 2)
    assert (game.result, game.pgn_result, game.forfeited, game.played) == ("0-1", "1-0", True, True)
    rows = outcome.standings.rows
    assert [r.player.name for r in rows] == ["A", "C", "E", "D", "B", "F"]
    assert rows[2].tiebreaks["BPG"] == 3.0
    assert _who(outcome, "money") == [("3rd place", "E"), ("5th place", "F")]
    assert tuple(map(str, outcome.prizes[-1].passed_over)) == (
        "B forfeited a game (round 1): no prize money",
    )


def test_a_prize_passing_a_barred_player_waits_for_the_lots_of_the_players_below(
    make_site: SiteMaker,
) -> None:
    """U.S. rules, exhausted = "lots": D (4th, 1 point) forfeited round 1's game to A (a
    phone), so the 4th place prize passes D to 5th place, which E and F (½ each: never met,
    three Blacks each, no wins, ½ from the draw with D each) share on every tie-break. No
    lots are recorded for them (B and C's are): the prize waits for the drawing of lots, it
    is neither guessed nor shared."""
    extra = """
[ranking]
exhausted = "lots"
lots = ["B", "C"]

[[results]]
round = 1
white = "A"
black = "D"
result = "1-0"
forfeited = true
reason = "Black's phone rang"

[[prizes.money]]
name = "4th place"
place = 4
amount = 50
"""
    outcome, problems = _outcome(make_site, extra, rules="us-junior-closed")
    assert outcome is not None and not problems.errors, problems.items
    rows = outcome.standings.rows
    assert [(r.player.name, r.points) for r in rows[:4]] == [
        ("A", 3), ("B", 2), ("C", 2), ("D", 1),
    ]  # fmt: skip
    assert {r.player.name: r.place for r in rows[4:]} == {"E": "5-6", "F": "5-6"}
    (prize,) = outcome.prizes
    assert (prize.player, prize.status) == (None, "pending")
    assert str(prize.reason) in (
        "waits for the drawing of lots: E or F",
        "waits for the drawing of lots: F or E",
    )


def test_a_category_needing_a_birth_date_is_an_error_without_one(make_site: SiteMaker) -> None:
    players = dict(PLAYERS, C=("", "F"))
    _, problems = _outcome(make_site, CATEGORIES, players=players)
    (error,) = problems.errors
    assert error.message == "C has no born or birth_year, which the categories U12 need"
    assert error.hint.startswith("add born = YYYY-MM-DD")
    # On C's own [[players]] entry (it had no line: 60 players, no way to find which).
    assert error.path is not None and error.line is not None
    lines = error.path.read_text(encoding="utf-8").splitlines()
    assert lines[error.line - 1 : error.line + 1] == ["[[players]]", 'name = "C"']


def test_a_player_without_a_birth_date_is_in_no_age_group_when_titles_are_awarded(
    make_site: SiteMaker,
) -> None:
    """The missing date is an error, and the prizes are still worked out for the pages
    (never a traceback): D, who has none, is taken as in no age group, not guessed into
    one. A (11), first, is Champion; of the under-12s A (2014), D (?) and F (2016) the Under
    12 title passes A, who holds an open title, and D, who is in no age group, to F."""
    players = dict(PLAYERS, D=("", "F"))
    outcome, problems = _outcome(make_site, OPEN_AND_U12_TITLES, players=players)
    assert outcome is not None
    (error,) = problems.errors
    assert error.message == "D has no born or birth_year, which the categories U12 need"
    assert _who(outcome, "title") == [("Champion", "A"), ("Under 12 Champion", "F")]


def test_prizes_wait_for_a_pending_play_off(make_site: SiteMaker) -> None:
    games = [(r, w, b, "1/2-1/2" if (w, b) == ("A", "B") else res) for r, w, b, res in GAMES]
    # A 2½ and B 2½ tie for first; the ACF play-off has not started.
    extra = """
[[titles]]
name = "Champion"

[[prizes.money]]
name = "1st place"
place = 1
amount = 600

[[prizes.money]]
name = "3rd place"
place = 3
amount = 100
"""
    trophy = '\n[[trophies]]\nname = "Runner-up"\ncategory = "open"\nplace = 2\n'
    outcome, problems = _outcome(make_site, extra + trophy, games=games)
    assert outcome is not None and not problems.errors, problems.items
    statuses = [(a.name, a.status, a.player) for a in outcome.prizes]
    assert statuses == [
        ("Champion", "pending", None),
        ("Runner-up", "pending", None),
        ("1st place", "pending", None),
        ("3rd place", "awarded", 3),
    ]
    assert str(outcome.prizes[1].reason) == "waits for the play-off: A or B"  # either may be 2nd
    assert str(outcome.prizes[0].reason) == "waits for the play-off: A or B"
    # The amount is known already; what is paid (fines deducted) waits for the winner.
    assert (outcome.prizes[2].amount, outcome.prizes[2].net) == (600, None)

    # Split by points, A and B share 1st and 2nd place whoever wins the play-off: (600 + 400)
    # / 2 = 500 each, paid now; the title still waits.
    split = extra.replace("3rd place", "2nd place").replace("place = 3", "place = 2")
    split = split.replace("amount = 100", "amount = 400") + '[prizes]\nties = "split"\n'
    outcome, problems = _outcome(make_site, split, games=games, slug="split")
    assert outcome is not None and not problems.errors, problems.items
    assert [(a.name, a.status, a.player, a.amount) for a in outcome.prizes] == [
        ("Champion", "pending", None, None),
        ("1st place + 2nd place", "awarded", 1, 500.0),
        ("1st place + 2nd place", "awarded", 2, 500.0),
    ]
    # Each badge says it is a share, not both prizes.
    assert outcome.prizes[1].label == "Share of 1st place + 2nd place"


def test_badge_words_of_money_prizes() -> None:
    """A prize named for a place says "prize" (the holder may be placed lower, the prize
    having passed down); a name that says so already is kept; titles keep their names."""
    assert Award("money", "4th place", "open", 5, amount=2000.0).label == "4th place prize"
    assert Award("money", "Best U12 prize", "U12", 5).label == "Best U12 prize"
    assert Award("title", "Under 12 Champion", "U12", 5).label == "Under 12 Champion"


def test_award_net_is_never_below_zero() -> None:
    award = Award("money", "x", "open", 1, amount=100.0, fines=250.0)
    assert award.net == 0.0


def test_before_the_first_result_every_prize_is_pending(make_site: SiteMaker) -> None:
    """Round 1 paired, no result yet: all six share first place on nothing, so no title,
    trophy or money can be told; nobody is paid a share of the money of a place everyone
    shares (the amounts are known already)."""
    games = [(r, w, b, "*") for r, w, b, _ in GAMES if r == 1]
    extra = (
        '[[titles]]\nname = "Champion"\n'
        '[[trophies]]\nname = "Runner-up"\ncategory = "open"\nplace = 2\n'
        '[[prizes.money]]\nname = "1st place"\nplace = 1\namount = 600\n'
        '[[prizes.money]]\nname = "2nd place"\nplace = 2\namount = 400\n'
    )
    outcome, problems = _outcome(make_site, extra, games=games)
    assert outcome is not None and not problems.errors, problems.items
    assert [(a.kind, a.name, a.status, a.player, a.amount) for a in outcome.prizes] == [
        ("title", "Champion", "pending", None, None),
        ("trophy", "Runner-up", "pending", None, None),
        ("money", "1st place", "pending", None, 600),
        ("money", "2nd place", "pending", None, 400),
    ]
    assert {str(a.reason) for a in outcome.prizes} == {"no game has a result yet"}


def test_the_orders_counted_are_the_orders_tried() -> None:
    """The limit on the orders tried is checked before they are made, so the count must be
    theirs. Three players A, B, C: any order, 3! = 6; a play-off with a lone winner and the
    other two in either order or level, 3 x 3 = 9; a play-off for places below, where all
    may end level, every order with ties: 6 strict, 6 with two level (3 pairs, above or
    below the third), 1 all level, 13 (the Fubini numbers 1, 1, 3, 13, 75)."""
    assert [prizes._ordered_partitions(n) for n in range(5)] == [1, 1, 3, 13, 75]
    lone = prizes._Group((1, 2, 3), playoff=True)
    below = prizes._Group((1, 2, 3), playoff=True, lone_winner=False)
    level = prizes._Group((1, 2, 3), playoff=False)
    assert len(lone.orders(False)) == prizes._Orders.count([lone]) == 6
    assert len(lone.orders(True)) == prizes._Orders.count([lone], shared=True) == 9
    assert len(below.orders(True)) == prizes._Orders.count([below], shared=True) == 13
    # A shared place's players are ordered every way, never left level (``_Orders``).
    orders = prizes._Orders({"open": [1, 2, 3]}, [level], {1: 1, 2: 1, 3: 1}, shared=True)
    assert len(orders.choices[0]) == prizes._Orders.count([level], shared=True) == 6
    assert prizes._Orders.count([lone, below], shared=True) == 9 * 13


def test_what_a_prize_waits_for_is_said_of_every_kind_of_group() -> None:
    """One play-off "ends", two "end"; a shared place's drawing of lots "goes"; a play-off
    and lots together "go"."""
    playoff = prizes._Group((1, 2), playoff=True)
    other = prizes._Group((3, 4), playoff=True)
    lots = prizes._Group((5, 6), playoff=False)
    assert prizes._decider([playoff]) == "the play-off ends"
    assert prizes._decider([playoff, other]) == "the play-offs end"
    assert prizes._decider([lots]) == "the drawing of lots goes"
    assert prizes._decider([playoff, lots]) == "the play-off and the drawing of lots go"


def test_a_smaller_prize_listed_first_is_not_said_to_be_of_the_same_amount() -> None:
    """A player paid 300 (the 2nd place prize, listed first), passed by a prize of 500: not
    "of the same amount listed before it", which only an equal amount is (clause 4: equal
    amounts go in listing order); nor "a larger prize"."""
    held = prizes._Paid(300.0, "2nd place", 1, False)
    assert prizes._already_paid(held, 2, 500.0) == " has 2nd place (one money prize each)"
    assert prizes._paid_words(held, 2, 500.0) == ("has the 2nd place prize", "")
    # Equal, listed first: the listing decided it.
    assert prizes._already_paid(held, 2, 300.0) == (
        " has 2nd place, a prize of the same amount listed before it"
    )


U12_TITLES = (
    OPEN_AND_U12_TITLES + '\n[[trophies]]\nname = "2nd Under 12"\ncategory = "U12"\nplace = 2\n'
)


def test_an_age_group_champion_takes_no_trophy_of_a_lower_place(make_site: SiteMaker) -> None:
    """Clause 3: "first in any age group is higher than second in any age group", and the
    Under 12 title is first place in that group. A 3 is Champion; Under 12 (A, D, F): the
    title passes A (an open title already) to D; 2nd Under 12 starts at D, who holds the
    age group's first place, and goes to F."""
    outcome, problems = _outcome(make_site, U12_TITLES)
    assert outcome is not None and not problems.errors, problems.items
    assert _who(outcome, "title") == [("Champion", "A"), ("Under 12 Champion", "D")]
    assert _who(outcome, "trophy") == [("2nd Under 12", "F")]
    assert str(outcome.prizes[2].reason) == "3rd in Under 12; D holds a higher prize"


@pytest.mark.parametrize(("setting", "winner"), [("", "A"), ("false", "D")])
def test_an_open_title_holder_takes_a_trophy_unless_the_event_says_not(
    make_site: SiteMaker, setting: str, winner: str
) -> None:
    """A (3 points, 11) is Champion. Best Under 12 (A, D, F) goes to A, as the open and
    girls' title holders may also take a trophy (``trophies_for_title_holders``, true by
    default); with it false, it passes A, who holds a title, to D."""
    extra = (
        CATEGORIES
        + (f"[prizes]\ntrophies_for_title_holders = {setting}\n" if setting else "")
        + '[[titles]]\nname = "Champion"\ncategory = "open"\n'
        + '[[trophies]]\nname = "Best Under 12"\ncategory = "U12"\nplace = 1\n'
    )
    outcome, problems = _outcome(make_site, extra)
    assert outcome is not None and not problems.errors, problems.items
    assert _who(outcome, "title") == [("Champion", "A")]
    assert _who(outcome, "trophy") == [("Best Under 12", winner)]
    if winner == "D":
        assert str(outcome.prizes[1].reason) == "2nd in Under 12; A holds a higher prize"
        # A's card: the open title bars the trophy by the event's setting, not as an age
        # group's first place (A's title is not Under 12's, so no "first place in" words).
        assert _passed(outcome, "Best Under 12") == [
            ("A", "holds the Champion title", "a title holder takes no trophy besides")
        ]


def test_an_age_group_champion_who_is_also_girls_champion_takes_no_trophy(
    make_site: SiteMaker,
) -> None:
    """A (11) is Champion; B (15), the best girl, is Girls Champion, and Under 16 Champion
    too (2b: a girls' title and an open one), as A holds an open title. Title holders may
    take a trophy (the default), but not an age group's champion, whose first place
    outranks every trophy (clause 3): Best Girl passes B to C, the next girl."""
    extra = (
        CATEGORIES
        + '[[categories]]\nid = "U16"\nname = "Under 16"\nunder = 16\n'
        + '[[titles]]\nname = "Champion"\ncategory = "open"\n'
        + '[[titles]]\nname = "Girls Champion"\ncategory = "G"\n'
        + '[[titles]]\nname = "Under 16 Champion"\ncategory = "U16"\n'
        + '[[trophies]]\nname = "Best Girl"\ncategory = "G"\nplace = 1\n'
    )
    outcome, problems = _outcome(make_site, extra)
    assert outcome is not None and not problems.errors, problems.items
    assert _who(outcome, "title") == [
        ("Champion", "A"),
        ("Girls Champion", "B"),
        ("Under 16 Champion", "B"),
    ]
    assert _who(outcome, "trophy") == [("Best Girl", "C")]
    assert str(outcome.prizes[3].reason) == "2nd in Girls; B holds a higher prize"


def test_what_a_pending_play_off_may_change_waits_for_it(make_site: SiteMaker) -> None:
    """A and B tie on 2½ (A-B drawn) and the ACF play-off has not started. If A wins: Champion
    A, Under 12 Champion D (A holds the open title), 2nd Under 12 F (D holds first place in
    Under 12). If B wins: Champion B, Under 12 Champion A, 2nd Under 12 D. Each waits, naming
    both possible winners; C's 3rd place money is the same either way."""
    games = [(r, w, b, "1/2-1/2" if (w, b) == ("A", "B") else res) for r, w, b, res in GAMES]
    money = '[[prizes.money]]\nname = "3rd place"\nplace = 3\namount = 100\n'
    outcome, problems = _outcome(make_site, U12_TITLES + money, games=games)
    assert outcome is not None and not problems.errors, problems.items
    assert [(a.name, a.status, str(a.reason)) for a in outcome.prizes] == [
        ("Champion", "pending", "waits for the play-off: A or B"),
        ("Under 12 Champion", "pending", "waits for the play-off: A or D"),
        ("2nd Under 12", "pending", "waits for the play-off: D or F"),
        ("3rd place", "awarded", "3rd overall"),
    ]


def test_a_title_passing_players_of_a_pending_play_off_says_they_will_hold_one(
    make_site: SiteMaker,
) -> None:
    """Every player is Australian; B is made 10, so A, B, D and F are under 12. A and B tie on
    2½ (A-B drawn), equal on every cut of the Progressive Score, and the ACF play-off has not
    started. The Australian Junior Champion title (every age) goes before Under 12: whoever
    wins takes Champion and the other the Australian title, so Under 12 (A, B, D, F) passes
    both to D whichever way it ends. Neither holds a title yet: the reason said "A and B
    already hold one"."""
    games = [(r, w, b, "1/2-1/2" if (w, b) == ("A", "B") else res) for r, w, b, res in GAMES]
    players = dict(PLAYERS, B=("2015-03-01", "F"))
    extra = OPEN_AND_U12_TITLES + (
        '[[categories]]\nid = "AUS"\nname = "Australian"\nfederation = "AUS"\n'
        '[[titles]]\nname = "Australian Junior Champion"\ncategory = "AUS"\n'
    )
    outcome, problems = _outcome(make_site, extra, games=games, players=players, federation="AUS")
    assert outcome is not None and not problems.errors, problems.items
    assert [(a.name, a.status, str(a.reason)) for a in outcome.prizes] == [
        ("Champion", "pending", "waits for the play-off: A or B"),
        (
            "Under 12 Champion",
            "awarded",
            "the best-placed player of Under 12 not holding an open title "
            "(A and B hold one whichever way the play-off ends)",
        ),
        ("Australian Junior Champion", "pending", "waits for the play-off: A or B"),
    ]
    assert outcome.prizes[1].player == 4  # D
    # B wins both G15 games: B is Champion, A the Australian Junior Champion, and both
    # now hold an open title (B first: the play-off placed B above A).
    playoff = (
        '[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "0-1"]\n[TimeControl "900"]\n\n0-1\n\n'
        '[Round "2"]\n[White "B"]\n[Black "A"]\n[Result "1-0"]\n[TimeControl "900"]\n\n1-0\n\n'
    )
    outcome, problems = _outcome(
        make_site,
        extra,
        games=games,
        players=players,
        federation="AUS",
        playoff=playoff,
        slug="decided",
    )
    assert outcome is not None and not problems.errors, problems.items
    assert [(a.name, a.status, str(a.reason)) for a in outcome.prizes] == [
        ("Champion", "awarded", "the best-placed player, ahead in the play-off"),
        (
            "Under 12 Champion",
            "awarded",
            "the best-placed player of Under 12 not already holding an open title "
            "(B and A already hold one)",
        ),
        (
            "Australian Junior Champion",
            "awarded",
            "the best-placed player of Australian not already holding an open title "
            "(B already holds one)",
        ),
    ]


def test_money_waits_for_a_play_off_its_players_may_still_forfeit(make_site: SiteMaker) -> None:
    """U.S. rules: A and B tie on 2 for first and their play-off has not started, A seeded
    first (A beat B). A lost round 2 by forfeit: no prize money, whoever wins. Whoever wins
    the play-off, B takes the 600 and the rest follow the standings: D 1½ (C-D drawn, D two
    Blacks over the board to C's none), C 1½, E 1 (E beat F), F 1. But a play-off game B
    does not come to costs B's money too ("forfeit a game", the play-off being part of the
    Event): D would take the 600, C the 400, E the 300, F the 200 and nobody the 100. So
    every prize waits for the play-off; once A has won it (2-0 over the board), B is paid."""
    games = [
        (1, "A", "B", "1-0"), (1, "C", "D", "1/2-1/2"), (1, "E", "F", "1-0"),
        (2, "B", "E", "1-0"), (2, "D", "F", "1-0"),  # and A-C forfeited to C (below)
        (3, "A", "E", "1-0"), (3, "B", "D", "1-0"), (3, "C", "F", "0-1"),
    ]  # fmt: skip
    money = "".join(
        f'[[prizes.money]]\nname = "Place {place}"\nplace = {place}\namount = {amount}\n'
        for place, amount in ((1, 600), (2, 400), (3, 300), (4, 200), (5, 100))
    )
    forfeit = '[[results]]\nround = 2\nwhite = "A"\nblack = "C"\nresult = "-+"\n'
    outcome, problems = _outcome(make_site, forfeit + money, games=games, rules="us-junior-closed")
    assert outcome is not None and not problems.errors, problems.items
    assert [r.player.name for r in outcome.standings.rows] == ["A", "B", "D", "C", "E", "F"]
    assert [r.place for r in outcome.standings.rows[:2]] == ["1-2", "1-2"]
    assert [(a.name, a.status, a.player, str(a.reason)) for a in outcome.prizes] == [
        ("Place 1", "pending", None, f"waits for the play-off: B, or D{FORFEITS}"),
        ("Place 2", "pending", None, f"waits for the play-off: D, or C{FORFEITS}"),
        ("Place 3", "pending", None, f"waits for the play-off: C, or E{FORFEITS}"),
        ("Place 4", "pending", None, f"waits for the play-off: E, or F{FORFEITS}"),
        ("Place 5", "pending", None, f"waits for the play-off: F, or nobody{FORFEITS}"),
    ]

    playoff = "".join(
        f'[Round "{r}"]\n[White "{w}"]\n[Black "{b}"]\n[Result "{res}"]\n'
        f'[TimeControl "180+2"]\n\n{res}\n\n'
        for r, w, b, res in ((1, "A", "B", "1-0"), (2, "B", "A", "0-1"))
    )
    outcome, problems = _outcome(
        make_site,
        forfeit + money,
        games=games,
        rules="us-junior-closed",
        slug="after",
        playoff=playoff,
    )
    assert outcome is not None and not problems.errors, problems.items
    assert {a.status for a in outcome.prizes} == {"awarded"}
    assert _who(outcome, "money") == [
        ("Place 1", "B"), ("Place 2", "D"), ("Place 3", "C"), ("Place 4", "E"), ("Place 5", "F"),
    ]  # fmt: skip
    assert tuple(map(str, outcome.prizes[0].passed_over)) == (
        "A forfeited a game (round 2): no prize money",
    )


def test_a_prize_the_same_whichever_way_a_play_off_goes_says_why_as_it_stands(
    make_site: SiteMaker,
) -> None:
    """U.S. rules, the event above (A and B tied for first, A barred by a forfeit), girls B
    and C only. Best Girl goes to C whatever happens: B takes the 600 of Place 1 (A may not),
    a larger prize; and should B not come to a play-off game, B may receive no money at all
    (Place 1 then goes to D). The prize is awarded, and says why B is passed as things
    stand, not for a forfeit that has not happened."""
    games = [
        (1, "A", "B", "1-0"), (1, "C", "D", "1/2-1/2"), (1, "E", "F", "1-0"),
        (2, "B", "E", "1-0"), (2, "D", "F", "1-0"),
        (3, "A", "E", "1-0"), (3, "B", "D", "1-0"), (3, "C", "F", "0-1"),
    ]  # fmt: skip
    extra = (
        CATEGORIES
        + '[[results]]\nround = 2\nwhite = "A"\nblack = "C"\nresult = "-+"\n'
        + '[[prizes.money]]\nname = "Place 1"\nplace = 1\namount = 600\n'
        + '[[prizes.money]]\nname = "Best Girl"\nplace = 1\ncategory = "G"\namount = 50\n'
    )
    players = dict(PLAYERS, D=("2015-07-01", "M"))
    outcome, problems = _outcome(
        make_site, extra, games=games, players=players, rules="us-junior-closed"
    )
    assert outcome is not None and not problems.errors, problems.items
    assert [r.player.name for r in outcome.standings.rows] == ["A", "B", "D", "C", "E", "F"]
    first, girl = outcome.prizes
    assert (first.status, str(first.reason)) == (
        "pending",
        f"waits for the play-off: B, or D{FORFEITS}",
    )
    assert (girl.status, outcome.event.player(girl.player).name) == ("awarded", "C")
    assert tuple(map(str, girl.passed_over)) == ("B has a larger prize",)


def test_money_the_same_whichever_way_a_play_off_ends_says_each_way_it_comes(
    make_site: SiteMaker,
) -> None:
    """After round 3 of 3, D-F still on, the rule on forfeits applied: A (girl; lost round 1
    by forfeit, then won twice) and B (won, won, lost to C) are level on 2 for first and
    would play off. Best Girl (1,000) is the largest prize: it passes A, who may not receive
    money, so it goes to B whoever wins, as 1st in Girls should B win and 2nd should A; the
    600 passes A and B (paid) to D (1½), 3rd overall either way."""
    games = [
        (1, "B", "E", "1-0"), (1, "C", "F", "0-1"),  # and A-D forfeited to D (below)
        (2, "A", "C", "1-0"), (2, "B", "F", "1-0"), (2, "D", "E", "1/2-1/2"),
        (3, "A", "E", "1-0"), (3, "B", "C", "0-1"), (3, "D", "F", "*"),
    ]  # fmt: skip
    extra = (
        CATEGORIES
        + '[[results]]\nround = 1\nwhite = "A"\nblack = "D"\nresult = "-+"\n'
        + '[[prizes.money]]\nname = "Best Girl"\nplace = 1\ncategory = "G"\namount = 1000\n'
        + '[[prizes.money]]\nname = "1st place"\nplace = 1\namount = 600\n'
        + "[prizes]\nforfeit_cancels_money = true\n"
    )
    players = dict(PLAYERS, A=("2014-05-01", "F"))
    outcome, problems = _outcome(make_site, extra, games=games, players=players)
    assert outcome is not None and not problems.errors, problems.items
    assert not outcome.event.finished
    # Progressive Score: B 1 + 2 + 2 = 5, A 0 + 1 + 2 = 3; the play-off, not it, decides.
    assert [r.player.name for r in outcome.standings.rows[:3]] == ["B", "A", "D"]
    girl, first = outcome.prizes
    assert (girl.status, girl.player, first.status, first.player) == ("awarded", 2, "awarded", 4)
    ways = str(girl.reason).removesuffix(" (the same whichever way the play-off ends)")
    assert sorted(ways.split(" or ")) == ["1st in Girls", "2nd in Girls"]
    assert str(first.reason) == "3rd overall"


def test_too_many_orders_leave_titles_and_trophies_pending(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Early in a big Swiss hundreds share first place: past ``OUTCOMES_LIMIT`` orders the
    titles and trophies are pending rather than worked out for each. B and C share 2nd-3rd
    (two orders); with a limit of one, all wait."""
    monkeypatch.setattr(prizes, "OUTCOMES_LIMIT", 1)
    extra = CATEGORIES + '[[titles]]\nname = "Girls Champion"\ncategory = "G"\nkind = "girls"\n'
    outcome, problems = _outcome(make_site, extra, rules="us-junior-closed")
    assert outcome is not None and not problems.errors, problems.items
    (award,) = outcome.prizes
    assert (award.status, str(award.reason)) == (
        "pending",
        "2 players share a place on every tie-break: too many ways it may end to tell yet",
    )


def test_a_clear_title_is_not_held_back_by_many_players_sharing_a_place_below(
    make_site: SiteMaker,
) -> None:
    """A (2 points) is Champion whatever the order of the nine players on 1 point below B
    (1½): they share 3rd-11th on every tie-break (Progressive Score ½ + 1 = 1½ each, cut 1
    equal), more players than the orders the prizes are worked out for (9! > 5040), but no
    title can reach them, so they hold nothing back."""
    games = [
        (1, "A", "K", "1-0"), (1, "B", "L", "1-0"), (1, "C", "D", "1/2-1/2"),
        (1, "E", "F", "1/2-1/2"), (1, "G", "H", "1/2-1/2"), (1, "I", "J", "1/2-1/2"),
        (1, "M", "N", "1/2-1/2"),
        (2, "A", "M", "1-0"), (2, "B", "N", "1/2-1/2"), (2, "C", "E", "1/2-1/2"),
        (2, "D", "F", "1/2-1/2"), (2, "G", "I", "1/2-1/2"), (2, "H", "J", "1/2-1/2"),
        (2, "K", "L", "1/2-1/2"),
    ]  # fmt: skip
    players = dict.fromkeys("ABCDEFGHIJKLMN", ("", ""))
    extra = '[[titles]]\nname = "Champion"\ncategory = "open"\n'
    outcome, problems = _outcome(make_site, extra, games=games, players=players)
    assert outcome is not None and not problems.errors, problems.items
    rows = outcome.standings.rows
    assert [(r.player.name, r.place) for r in rows[:2]] == [("A", "1"), ("B", "2")]
    assert {r.place for r in rows[2:11]} == {"3-11"}
    (title,) = outcome.prizes
    assert (title.player, title.status) == (1, "awarded")


def test_too_many_ways_early_in_the_event_says_it_is_too_early(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After round 1 of 3 (rounds 2 and 3 paired, not played) A, B and C have won: were the
    event to end now the three would play off for first (ACF 5.2; their progressive scores
    are all 1). Past ``OUTCOMES_LIMIT`` the title waits, and a parent reading "Prizes if the
    event ended now" is told it is early rather than of a play-off of three."""
    monkeypatch.setattr(prizes, "OUTCOMES_LIMIT", 1)
    games = [g if g[0] == 1 else (*g[:3], "*") for g in GAMES]
    extra = CATEGORIES + '[[titles]]\nname = "Champion"\ncategory = "open"\n'
    outcome, problems = _outcome(make_site, extra, games=games)
    assert outcome is not None and not problems.errors, problems.items
    assert (outcome.event.rounds_played, outcome.event.rounds) == (1, 3)
    (award,) = outcome.prizes
    assert (award.status, str(award.reason)) == (
        "pending",
        "after round 1 of 3, 3 players are level for a place a play-off would decide: too "
        "early to tell",
    )


def test_too_many_ways_while_a_round_is_being_played_does_not_say_after_it(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Round 3 of 3 is on: D-F drawn, A-B and C-E still being played. A and B have 2 points
    each (both won rounds 1 and 2), C and D 1, E and F ½: were the event to end now A and B
    would play off (ACF 5.2). The reason said "after round 3 of 3" while round 3 was still
    being played (the home page says "round 3 of 3 in progress")."""
    monkeypatch.setattr(prizes, "OUTCOMES_LIMIT", 1)
    games = [g if g[0] < 3 or g[1] == "D" else (*g[:3], "*") for g in GAMES]
    extra = CATEGORIES + '[[titles]]\nname = "Champion"\ncategory = "open"\n'
    outcome, problems = _outcome(make_site, extra, games=games)
    assert outcome is not None and not problems.errors, problems.items
    event = outcome.event
    assert (event.rounds_played, event.rounds_in_progress, event.finished) == (3, (3,), False)
    (award,) = outcome.prizes
    assert (award.status, str(award.reason)) == (
        "pending",
        "with round 3 of 3 in progress, 2 players are level for a place a play-off would "
        "decide: too early to tell",
    )


def test_a_tie_for_first_mid_event_is_not_settled_by_tie_breaks(make_site: SiteMaker) -> None:
    """After round 3 of 3, with D-F still on: A (1, 2, 2½: SPS 5½) and B (½, 1½, 2½: SPS
    4½) are level for first. Were the event to end now they would play off (ACF 5.2), so the
    title and the 1st place money are theirs to play for, not A's by SPS; E's 3rd is sure."""
    games = [
        (1, "A", "D", "1-0"), (1, "B", "E", "1/2-1/2"), (1, "C", "F", "1-0"),
        (2, "A", "C", "1-0"), (2, "B", "F", "1-0"), (2, "D", "E", "1/2-1/2"),
        (3, "A", "E", "1/2-1/2"), (3, "B", "C", "1-0"), (3, "D", "F", "*"),
    ]  # fmt: skip
    extra = (
        '[[titles]]\nname = "Champion"\n'
        '[[prizes.money]]\nname = "1st place"\nplace = 1\namount = 600\n'
        '[[prizes.money]]\nname = "3rd place"\nplace = 3\namount = 100\n'
    )
    outcome, problems = _outcome(make_site, extra, games=games)
    assert outcome is not None and not problems.errors, problems.items
    assert not outcome.event.finished
    assert [r.player.name for r in outcome.standings.rows[:3]] == ["A", "B", "E"]
    assert [(a.name, a.status, a.player, str(a.reason)) for a in outcome.prizes] == [
        ("Champion", "pending", None, "waits for the play-off: A or B"),
        ("1st place", "pending", None, "waits for the play-off: A or B"),
        ("3rd place", "awarded", 5, "3rd overall"),
    ]


def test_a_title_mid_event_waits_for_all_three_who_would_play_off(
    make_site: SiteMaker,
) -> None:
    """U.S. rules, after round 2 of 3: A, B and C have won both games, A with two Blacks, B
    with one, C with none (Most Blacks: A, B, C). Were the event to end now, all players
    tied for first would play off, so the title is any of the three's, C's too, though the
    tie-breaks put C 3rd, past the title's reach by place alone."""
    games = [
        (1, "D", "A", "0-1"), (1, "B", "E", "1-0"), (1, "C", "F", "1-0"),
        (2, "E", "A", "0-1"), (2, "F", "B", "0-1"), (2, "C", "D", "1-0"),
        (3, "A", "B", "*"), (3, "C", "E", "*"), (3, "D", "F", "*"),
    ]  # fmt: skip
    extra = '[[titles]]\nname = "Champion"\n'
    outcome, problems = _outcome(make_site, extra, games=games, rules="us-junior-closed")
    assert outcome is not None and not problems.errors, problems.items
    assert not outcome.event.finished
    assert [r.player.name for r in outcome.standings.rows[:3]] == ["A", "B", "C"]
    assert [(a.name, a.status, str(a.reason)) for a in outcome.prizes] == [
        ("Champion", "pending", "waits for the play-off: A or B or C"),
    ]


def test_an_overall_prize_says_when_a_tie_break_decided_it(make_site: SiteMaker) -> None:
    """B and C both score 2; B is 2nd on Progressive Score (1 + 2 + 2 = 5 against C's
    1 + 1 + 2 = 4). The 2nd place money says so; C's 3rd place was settled by points."""
    money = "".join(
        f'[[prizes.money]]\nname = "Place {place}"\nplace = {place}\namount = {amount}\n'
        for place, amount in ((2, 400), (3, 300))
    )
    outcome, problems = _outcome(make_site, money)
    assert outcome is not None and not problems.errors, problems.items
    assert [(a.name, str(a.reason)) for a in outcome.prizes] == [
        ("Place 2", "2nd overall, ahead on Progressive Score, 5 to 4"),
        ("Place 3", "3rd overall"),
    ]


def test_titles_go_oldest_age_group_first_whatever_the_listing(make_site: SiteMaker) -> None:
    """Clause 2a: "first in an older age group is higher than first in a younger age group".
    Listed Under 12 first, the Under 16 title (A, B, C, D, F) still goes first, to A; the
    Under 12 title (A, D, F) then passes A, who holds one, to D."""
    extra = (
        CATEGORIES
        + '[[categories]]\nid = "U16"\nname = "Under 16"\nunder = 16\n'
        + '[[titles]]\nname = "Under 12 Champion"\ncategory = "U12"\n'
        + '[[titles]]\nname = "Under 16 Champion"\ncategory = "U16"\n'
    )
    outcome, problems = _outcome(make_site, extra)
    assert outcome is not None and not problems.errors, problems.items
    assert _who(outcome, "title") == [("Under 12 Champion", "D"), ("Under 16 Champion", "A")]
    assert str(outcome.prizes[0].reason) == (
        "the best-placed player of Under 12 not already holding an open title (A already holds one)"
    )
    # A title of every age is the oldest group's, wherever it is listed; clause 2a ranks age
    # groups only, so a title of a rating category keeps its place in the list.
    club = TitleEntry("Club Champion", "open")
    rated = TitleEntry("Best under 1600", "R")
    categories = (*outcome.event.config.categories, CategoryEntry("R", "Rated", max_rating=1600))
    listed = (*outcome.event.config.titles[:1], club, rated, *outcome.event.config.titles[1:])
    config = replace(outcome.event.config, titles=listed, categories=categories)
    event = replace(outcome.event, config=config)
    # Club Champion, Under 16, Best under 1600 (its own place), Under 12
    assert prizes.title_order(event) == [1, 3, 2, 0]
    # A title for a country's players of every age ("Australian Junior Champion": only
    # residents take titles) is the oldest group's too: listed after Under 16 and Under 12,
    # it goes first, else an Australian overall winner under 16 took the Under 16 title and
    # the national title passed to the next Australian.
    residents = (*categories, CategoryEntry("AUS", "Australian", federation="AUS"))
    national = TitleEntry("Australian Junior Champion", "AUS")
    u16, u12 = outcome.event.config.titles[1], outcome.event.config.titles[0]
    config = replace(config, titles=(u16, u12, rated, national), categories=residents)
    # Australian, Under 16, Under 12, Best under 1600 (its own place)
    assert prizes.title_order(replace(event, config=config)) == [3, 0, 1, 2]
    # The other titles keep their order among themselves: a title of every age moved ahead
    # of the age groups' (here the girls', another kind) moves no other title.
    girls = TitleEntry("Girls Champion", "G")
    u16, u12 = outcome.event.config.titles[1], outcome.event.config.titles[0]
    for listed, expected in (((u12, rated, girls), [2, 0, 1]), ((u16, rated, club), [2, 0, 1])):
        config = replace(outcome.event.config, titles=listed, categories=categories)
        assert prizes.title_order(replace(outcome.event, config=config)) == expected


def test_too_many_ways_leave_the_money_pending_too(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Money past ``OUTCOMES_LIMIT`` ways (a tie of ten for first after round 1 of a round
    robin made 10! = 3,628,800 orders, and the build did not end): counted before any is
    made, and every prize waits. A and B tie for first and play off (the ACF play-off has not
    started): with a limit of one way, the 3rd place money waits as well."""
    monkeypatch.setattr(prizes, "OUTCOMES_LIMIT", 1)
    games = [(r, w, b, "1/2-1/2" if (w, b) == ("A", "B") else res) for r, w, b, res in GAMES]
    money = '[[prizes.money]]\nname = "3rd place"\nplace = 3\namount = 100\n'
    outcome, problems = _outcome(make_site, money, games=games)
    assert outcome is not None and not problems.errors, problems.items
    (award,) = outcome.prizes
    assert (award.status, str(award.reason), award.amount) == (
        "pending",
        "2 players are level for a place a play-off decides: too many ways it may end to tell yet",
        100,
    )


def test_mid_event_an_acf_tie_of_three_is_reduced_to_two_first(make_site: SiteMaker) -> None:
    """After round 3 of 3 with D-F still on, A (1, 2, 2: SPS 5), B (1, 1, 2: 4) and C (0, 1,
    2: 3) share 2 points. Were the event to end now, SPS would reduce them to A and B (5.2.1),
    who would play off for 1st and 2nd; C is 3rd either way."""
    games = [
        (1, "A", "C", "1-0"), (1, "B", "D", "1-0"), (1, "E", "F", "1/2-1/2"),
        (2, "A", "D", "1-0"), (2, "B", "E", "0-1"), (2, "C", "F", "1-0"),
        (3, "A", "B", "0-1"), (3, "C", "E", "1-0"), (3, "D", "F", "*"),
    ]  # fmt: skip
    money = "".join(
        f'[[prizes.money]]\nname = "Place {place}"\nplace = {place}\namount = {amount}\n'
        for place, amount in ((1, 600), (2, 400), (3, 100))
    )
    outcome, problems = _outcome(make_site, money, games=games)
    assert outcome is not None and not problems.errors, problems.items
    assert [r.player.name for r in outcome.standings.rows[:3]] == ["A", "B", "C"]
    assert [(a.name, a.status, a.player) for a in outcome.prizes] == [
        ("Place 1", "pending", None), ("Place 2", "pending", None), ("Place 3", "awarded", 3),
    ]  # fmt: skip
    assert str(outcome.prizes[0].reason) == "waits for the play-off: A or B"


def _page_words(site: Path, slug: str, page: str) -> str:
    """A built page's text without its tags, spaces run together."""
    html = (site / "output" / slug / page).read_text(encoding="utf-8")
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


def test_mid_event_the_standings_say_a_tie_for_first_would_be_played_off(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """While the last round's results come in, the standings list players level for first by
    SPS, while the prize page says the title waits for their play-off (ACF 5.2). The
    standings and the event page say so: A and B (see the test above) would play off; of A,
    B and C, SPS leaves C out (5.2.1) and A and B would play off."""
    two = [
        (1, "A", "D", "1-0"), (1, "B", "E", "1/2-1/2"), (1, "C", "F", "1-0"),
        (2, "A", "C", "1-0"), (2, "B", "F", "1-0"), (2, "D", "E", "1/2-1/2"),
        (3, "A", "E", "1/2-1/2"), (3, "B", "C", "1-0"), (3, "D", "F", "*"),
    ]  # fmt: skip
    three = [
        (1, "A", "C", "1-0"), (1, "B", "D", "1-0"), (1, "E", "F", "1/2-1/2"),
        (2, "A", "D", "1-0"), (2, "B", "E", "0-1"), (2, "C", "F", "1-0"),
        (3, "A", "B", "0-1"), (3, "C", "E", "1-0"), (3, "D", "F", "*"),
    ]  # fmt: skip
    until = "; until then the tie-breaks order them."
    expected = {
        "two": "A and B are level on points for 1st place. If the last results leave them so, "
        "a play-off decides it" + until,
        "three": "A, B and C are level on points for 1st place. If the last results leave "
        "them so, A and B play off for it (the tie-breaks leave C out)" + until,
    }
    for slug, games in (("two", two), ("three", three)):
        _outcome(make_site, "", games=games, slug=slug)
        report = build_site(tmp_path / "site")
        assert report.written, [p.format() for p in report.problems.items]
        for page in ("standings.html", "index.html"):
            assert expected[slug] in _page_words(tmp_path / "site", slug, page), (slug, page)
        shutil.rmtree(tmp_path / "site")
    # Before the last round, or once every result is in, there is no such note: A and B's
    # tie on 2 points after round 2 of 3 is no news, and at the end the play-off is pending
    # or played.
    early = [
        (1, "A", "D", "1-0"), (1, "B", "E", "1-0"), (1, "C", "F", "1-0"),
        (2, "A", "E", "1-0"), (2, "B", "F", "1-0"), (2, "C", "D", "1/2-1/2"),
    ]  # fmt: skip
    for slug, games in (("early", early), ("final", [(*g[:3], "1-0") for g in two])):
        _outcome(make_site, "", games=games, slug=slug)
        toml = tmp_path / "site" / "content" / slug / "event.toml"
        toml.write_text(toml.read_text().replace("rounds = 2\n", "rounds = 3\n"))
        report = build_site(tmp_path / "site")
        assert report.written, [p.format() for p in report.problems.items]
        for page in ("standings.html", "index.html"):
            assert "level on points" not in _page_words(tmp_path / "site", slug, page)
        shutil.rmtree(tmp_path / "site")


# A, B and C beat one another in a circle and each beat D with White: 2 points each, equal on
# Direct Encounter (1 each) among themselves; D 0.
CIRCLE = [
    (1, "A", "B", "1-0"), (1, "C", "D", "1-0"),
    (2, "B", "C", "1-0"), (2, "A", "D", "1-0"),
    (3, "C", "A", "1-0"), (3, "B", "D", "1-0"),
]  # fmt: skip
FOUR_UNDER_12 = {name: ("2015-05-01", "M") for name in "ABCD"}


def test_a_shared_place_pays_several_and_the_next_prize_passes_on(make_site: SiteMaker) -> None:
    """FIDE rules with DE alone: A, B and C share 1st-3rd and the 1st prize, 300 / 3 = 100
    each (larger than a third of the 50 for the best under 12); the best under 12 then passes
    all three, paid already, to D. Split by points (ties = "split") it is the same: three
    players on 2 points share the 300."""
    money = (
        'tiebreaks = ["DE"]\n'
        + CATEGORIES
        + '[[prizes.money]]\nname = "1st"\nplace = 1\namount = 300\n'
        + '[[prizes.money]]\nname = "1st U12"\nplace = 1\ncategory = "U12"\namount = 50\n'
    )
    for extra, slug in ((money, "share"), (money + '[prizes]\nties = "split"\n', "split")):
        outcome, problems = _outcome(
            make_site, extra, games=CIRCLE, rules="fide", players=FOUR_UNDER_12, slug=slug
        )
        assert outcome is not None and not problems.errors, problems.items
        paid = [(a.name, a.player, a.amount) for a in outcome.prizes]
        assert paid == [
            ("1st", 1, 100.0),
            ("1st", 2, 100.0),
            ("1st", 3, 100.0),
            ("1st U12", 4, 50.0),
        ]


def test_money_waits_only_for_play_off_endings_the_math_tie_breaks_allow(
    make_site: SiteMaker,
) -> None:
    """U.S. rules, the CIRCLE: A, B and C tie on 2 and play off for 1st (no game in yet);
    all four are under 12. Prizes: 1st 600, 2nd 300, 1st U12 100, 2nd U12 50. Whatever order
    W, X, Y the play-off gives, W takes 600, X 300, Y the 1st U12 (W and X paid), and the
    2nd U12 passes X and Y to D: 50. Players the play-off leaves level behind its winner are
    ordered by the math tie-breaks among themselves ("followed by math tiebreaks if
    necessary"), and each pair of A, B, C met with a winner: Direct Encounter always parts
    them, so X and Y never share 2nd-3rd. Had they shared it, they would pool the 300 (150
    each, more than half the 1st and 2nd U12's 150), D would take the 1st U12 and nobody
    the 2nd: the 2nd U12 waited for that ending, which cannot come. With WIN as the only
    tie-break (2 wins each) it can, and the 2nd U12 waits. (Money is not cancelled by
    forfeits here: under the U.S. rule a play-off game X did not come to would move D up.)"""
    money = (
        CATEGORIES
        + "[prizes]\nforfeit_cancels_money = false\n"
        + "".join(
            f'[[prizes.money]]\nname = "{name}"\nplace = {place}\ncategory = "{category}"\n'
            f"amount = {amount}\n"
            for name, place, category, amount in (
                ("1st", 1, "open", 600),
                ("2nd", 2, "open", 300),
                ("1st U12", 1, "U12", 100),
                ("2nd U12", 2, "U12", 50),
            )
        )
    )
    outcome, problems = _outcome(
        make_site, money, games=CIRCLE, rules="us-junior-closed", players=FOUR_UNDER_12
    )
    assert outcome is not None and not problems.errors, problems.items
    (playoff,) = outcome.playoffs
    assert (playoff.status, sorted(playoff.players)) == ("pending", [1, 2, 3])
    assert [(a.name, a.status, a.player, a.amount) for a in outcome.prizes] == [
        ("1st", "pending", None, 600),
        ("2nd", "pending", None, 300),
        ("1st U12", "pending", None, 100),
        ("2nd U12", "awarded", 4, 50.0),
    ]
    assert str(outcome.prizes[3].reason) == "4th in Under 12"

    outcome, problems = _outcome(
        make_site,
        'tiebreaks = ["WIN"]\n' + money,
        games=CIRCLE,
        rules="us-junior-closed",
        players=FOUR_UNDER_12,
        slug="win",
    )
    assert outcome is not None and not problems.errors, problems.items
    assert [(a.name, a.status, a.player) for a in outcome.prizes][3] == (
        "2nd U12",
        "pending",
        None,
    )

    # The U.S. rule as the preset has it: a play-off game X does not come to costs X's money
    # (W 600, Y 300, D the 1st U12 and nobody the 2nd), so the 2nd U12 waits after all.
    outcome, problems = _outcome(
        make_site,
        money.replace("forfeit_cancels_money = false", "forfeit_cancels_money = true"),
        games=CIRCLE,
        rules="us-junior-closed",
        players=FOUR_UNDER_12,
        slug="forfeit",
    )
    assert outcome is not None and not problems.errors, problems.items
    assert (outcome.prizes[3].status, str(outcome.prizes[3].reason)) == (
        "pending",
        f"waits for the play-off: D, or nobody{FORFEITS}",
    )


def test_split_money_waits_for_a_play_off_its_players_may_still_forfeit(
    make_site: SiteMaker,
) -> None:
    """U.S. rules, ties = "split", the CIRCLE: A, B and C on 2 points pool the 1st and 2nd
    prizes whoever wins the play-off, (600 + 300) / 3 = 300 each. But whoever of them does
    not come to a play-off game gets no money: one absent, the other two share the 900 (450
    each); two absent, the third takes the 600 and D (0) the 300; all three absent (a game
    each), D takes the 600 and nobody the 300. Both prizes wait for the play-off (not for a
    drawing of lots: there is none), naming who may take them, alone or by a share of the
    pool "1st + 2nd"."""
    money = (
        '[prizes]\nties = "split"\n'
        + '[[prizes.money]]\nname = "1st"\nplace = 1\namount = 600\n'
        + '[[prizes.money]]\nname = "2nd"\nplace = 2\namount = 300\n'
    )
    outcome, problems = _outcome(
        make_site, money, games=CIRCLE, rules="us-junior-closed", players=FOUR_UNDER_12
    )
    assert outcome is not None and not problems.errors, problems.items
    assert [(a.name, a.status, a.player, str(a.reason)) for a in outcome.prizes] == [
        ("1st", "pending", None, f"waits for the play-off: A or B or C, or D{FORFEITS}"),
        ("2nd", "pending", None, f"waits for the play-off: A or B or C, or D or nobody{FORFEITS}"),
    ]


DE_LOTS = 'tiebreaks = ["DE"]\n[ranking]\nexhausted = "lots"\n'
"""Direct Encounter alone, and the drawing of lots for players it leaves level."""
DE_LOTS_WITH_CATEGORIES = 'tiebreaks = ["DE"]\n' + CATEGORIES + '[ranking]\nexhausted = "lots"\n'
"""The same, with the Under 12 and Girls categories."""


def _money(name: str, place: int, amount: int, category: str = "") -> str:
    """A ``[[prizes.money]]`` entry, of ``category`` when one is given."""
    of = f'category = "{category}"\n' if category else ""
    return f'[[prizes.money]]\nname = "{name}"\nplace = {place}\n{of}amount = {amount}\n'


FIRST_AND_FOURTH_BY_LOTS = DE_LOTS + _money("1st", 1, 300) + _money("4th", 4, 30)
"""The 1st and 4th places' money, the drawing of lots deciding what no tie-break does."""


def test_money_past_the_limit_waits_only_where_the_lots_decide(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """exhausted = "lots" and no lots recorded: A, B and C (level on every tie-break) have
    3! orders, past a limit of one. They share the place for now, so whatever they take waits
    for the lots; D's 4th place money does not depend on them and is paid."""
    monkeypatch.setattr(prizes, "OUTCOMES_LIMIT", 1)
    extra = FIRST_AND_FOURTH_BY_LOTS
    outcome, problems = _outcome(
        make_site, extra, games=CIRCLE, rules="fide", players=FOUR_UNDER_12
    )
    assert outcome is not None and not problems.errors, problems.items
    assert [(a.name, a.status, a.player, str(a.reason)) for a in outcome.prizes] == [
        ("1st", "pending", None, "waits for the drawing of lots: A or B or C"),
        ("4th", "awarded", 4, "4th overall"),
    ]


def test_money_past_the_limit_held_by_one_whose_lots_wait_waits_too(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As above, B and C girls: Best Girl (500) is the largest, and B and C share it for now
    (250 each). The 1st (300) then goes to A, the one of the three left, but only for now:
    should the lots put B then C above A, Best Girl goes to B alone and the 1st to C. A
    holds it alone yet it waits, A's own lots undrawn; D's 4th is sure. Its note names all
    three: B and C then C and B put the 1st to C or to B, A first keeps it A's. Best Girl is
    B's or C's (A, a boy, never), whichever is placed higher."""
    monkeypatch.setattr(prizes, "OUTCOMES_LIMIT", 1)
    extra = (
        DE_LOTS_WITH_CATEGORIES
        + _money("Best Girl", 1, 500, "G")
        + _money("1st", 1, 300)
        + _money("4th", 4, 30)
    )
    players = dict(FOUR_UNDER_12, B=("2015-05-01", "F"), C=("2015-05-01", "F"))
    outcome, problems = _outcome(make_site, extra, games=CIRCLE, rules="fide", players=players)
    assert outcome is not None and not problems.errors, problems.items
    assert [(a.name, a.status, a.player, str(a.reason)) for a in outcome.prizes] == [
        ("Best Girl", "pending", None, "waits for the drawing of lots: B or C"),
        ("1st", "pending", None, "waits for the drawing of lots: A or B or C"),
        ("4th", "awarded", 4, "4th overall"),
    ]


def test_a_title_for_every_age_goes_first_wherever_it_is_listed(make_site: SiteMaker) -> None:
    """Clause 2a: the open group is the oldest of all. Listed after "Under 12 Champion", the
    open "Champion" still goes first, to A (first overall, under 12); the Under 12 title then
    passes A, who holds an open title, to D. Listed that way, A took the Under 12 title and
    the open one went to the next player."""
    listed_after = (
        CATEGORIES
        + '[[titles]]\nname = "Under 12 Champion"\ncategory = "U12"\n'
        + '[[titles]]\nname = "Champion"\ncategory = "open"\n'
    )
    outcome, problems = _outcome(make_site, listed_after)
    assert outcome is not None and not problems.errors, problems.items
    assert _who(outcome, "title") == [("Under 12 Champion", "D"), ("Champion", "A")]
    outcome, problems = _outcome(make_site, OPEN_AND_U12_TITLES, slug="first")
    assert outcome is not None and not problems.errors, problems.items
    assert _who(outcome, "title") == [("Champion", "A"), ("Under 12 Champion", "D")]


def test_money_nobody_takes_keeps_its_amount_and_pays_nothing(make_site: SiteMaker) -> None:
    """A money prize for a category without players is unclaimed: it still says what it is
    worth (50), and nobody is paid (no net), as for a prize that waits for a play-off."""
    extra = (
        '[[categories]]\nid = "U8"\nname = "Under 8"\nunder = 8\n'
        '[[prizes.money]]\nname = "Best Under 8"\ncategory = "U8"\nplace = 1\namount = 50\n'
    )
    outcome, problems = _outcome(make_site, extra)
    assert outcome is not None and not problems.errors, problems.items
    (prize,) = outcome.prizes
    assert (prize.status, prize.player, prize.amount, prize.net) == ("unclaimed", None, 50, None)


def test_a_place_past_the_last_player_is_said_on_its_line(make_site: SiteMaker) -> None:
    """``place = 15`` in a field of six was only "nobody eligible is left to take it" on the
    prize page. It stays unclaimed, and a warning on its line says the event has 6 players;
    the 6th place trophy, which the last player takes, is no mistake."""
    extra = (
        '[[trophies]]\nname = "Last place"\ncategory = "open"\nplace = 6\n'
        '[[prizes.money]]\nname = "5th place"\nplace = 15\namount = 50\n'
        '[[trophies]]\nname = "Seventh"\ncategory = "open"\nplace = 7\n'
    )
    outcome, problems = _outcome(make_site, extra)
    assert outcome is not None and not problems.errors, problems.items
    assert _who(outcome, "money") == [("5th place", None)]
    assert _who(outcome, "trophy") == [("Last place", "F"), ("Seventh", None)]
    found = [(w.code, w.line, w.message, w.hint) for w in problems.warnings]
    assert [f for f in found if f[0] == "place-past-field"] == [
        (
            "place-past-field",
            12,
            'prize "5th place" is for place 15, but the event has only 6 players: '
            "nobody can take it",
            "correct place (at most 6), or delete the entry",
        ),
        (
            "place-past-field",
            17,
            'trophy "Seventh" is for place 7, but the event has only 6 players: nobody can take it',
            "correct place (at most 6), or delete the entry",
        ),
    ]


def test_two_prizes_of_one_name_are_a_warning(make_site: SiteMaker) -> None:
    """A [[prizes.money]] entry copied for 2nd place kept the name "1st place": the prize
    list showed "1st place" twice, to A and to B, without a word. Both are still awarded;
    a warning on the copy's name line names the first (names compared without case)."""
    extra = (
        '[[prizes.money]]\nname = "1st place"\nplace = 1\namount = 100\n'
        '[[prizes.money]]\nname = "1st Place"\nplace = 2\namount = 50\n'
        '[[trophies]]\nname = "Best"\ncategory = "open"\nplace = 1\n'
        '[[titles]]\nname = "Best"\ncategory = "open"\n'
    )
    outcome, problems = _outcome(make_site, extra)
    assert outcome is not None and not problems.errors, problems.items
    assert _who(outcome, "money") == [("1st place", "A"), ("1st Place", "B")]
    found = [(w.code, w.line, w.message, w.hint) for w in problems.warnings]
    assert [f for f in found if f[0] == "prize-named-twice"] == [
        (
            "prize-named-twice",
            11,
            'prize "1st Place" has the name of prizes.money[1] (line 7): the prize list '
            "would show the name twice",
            "give each its own name (e.g. by its place or category), or delete the copy",
        )
    ]  # a title and a trophy of one name are two kinds of prize: no warning


def _warned(problems: Problems, code: str) -> list[tuple[int | None, str, str]]:
    return [(w.line, w.message, w.hint) for w in problems.warnings if w.code == code]


def test_a_girls_title_whose_category_admits_boys_is_a_warning(make_site: SiteMaker) -> None:
    """kind = "girls" on a title of the Under 12 category (no sex = "F") or of everyone: the
    title goes to the best of the category, a boy too (A, a boy, first overall, takes "Best
    girl"; A then holds a girls' title, so "Girls U12" passes to D). Warned on each kind line;
    the Girls category's title (sex = "F") is no mistake."""
    extra = (
        '[[categories]]\nid = "U12"\nname = "Under 12"\nunder = 12\n'  # lines 6-9
        '[[categories]]\nid = "G"\nname = "Girls"\nsex = "F"\n'  # lines 10-13
        '[[titles]]\nname = "Girls U12"\ncategory = "U12"\nkind = "girls"\n'  # 14-17
        '[[titles]]\nname = "Best girl"\nkind = "girls"\n'  # lines 18-20
        '[[titles]]\nname = "Girls Champion"\ncategory = "G"\nkind = "girls"\n'  # 21-24
    )
    outcome, problems = _outcome(make_site, extra)
    assert outcome is not None and not problems.errors, problems.items
    assert _who(outcome, "title") == [
        ("Girls U12", "D"),
        ("Best girl", "A"),
        ("Girls Champion", "B"),
    ]
    assert _warned(problems, "girls-title-open-to-boys") == [
        (
            17,
            'title "Girls U12" is a girls\' title (kind = "girls"), but its category "U12" does '
            'not have sex = "F": a boy could take it',
            'write sex = "F" in category "U12" (line 7), or write kind = "open" if boys may '
            "take it",
        ),
        (
            20,
            'title "Best girl" is a girls\' title (kind = "girls"), but its category is "open", '
            "everyone: a boy could take it",
            'give it a category of girls only (one with sex = "F"), or write kind = "open" if '
            "boys may take it",
        ),
    ]


def test_a_girls_title_of_everyone_in_a_section_of_girls_only_is_no_mistake(
    make_site: SiteMaker,
) -> None:
    """A girls' section of a championship: every player is entered with sex = "F", so its
    title of everyone (kind = "girls", no category) cannot go to a boy; no warning."""
    girls = {name: (born, "F") for name, (born, _) in PLAYERS.items()}
    extra = '[[titles]]\nname = "Girls Champion"\nkind = "girls"\n'
    outcome, problems = _outcome(make_site, extra, players=girls)
    assert outcome is not None and not problems.errors, problems.items
    assert _who(outcome, "title") == [("Girls Champion", "A")]
    assert _warned(problems, "girls-title-open-to-boys") == []


def test_players_without_a_federation_left_out_of_a_federation_category_are_warned(
    make_site: SiteMaker,
) -> None:
    """The Australian title goes to B, the only player entered as AUS: C, D, E and F have no
    federation and are left out (A is NZL, rightly out). One warning on the federation line
    of the category the title uses, naming the first three; the NZL category no prize uses
    gets none."""
    extra = (
        '[[categories]]\nid = "AUS"\nname = "Australian"\nfederation = "AUS"\n'  # 6-9
        '[[titles]]\nname = "Australian Champion"\ncategory = "AUS"\n'  # 10-12
        '[[categories]]\nid = "NZL"\nname = "New Zealand"\nfederation = "NZL"\n'  # 13-16
    )
    outcome, problems = _outcome(make_site, extra, federation={"A": "NZL", "B": "AUS"})
    assert outcome is not None and not problems.errors, problems.items
    assert _who(outcome, "title") == [("Australian Champion", "B")]
    assert _warned(problems, "no-federation") == [
        (
            9,
            'category "AUS" is for federation "AUS", but 4 players have no federation '
            "(C, D, E, ...): they are left out of it",
            'add federation = "AUS" (or the player\'s own) to the [[players]] entry of each '
            "player without one (on a TRF line, columns 54-56)",
        )
    ]
    one = {name: "AUS" for name in "ABCDE"}
    outcome, problems = _outcome(make_site, extra, federation=one, slug="one")
    assert outcome is not None and not problems.errors, problems.items
    assert [m for _, m, _ in _warned(problems, "no-federation")] == [
        'category "AUS" is for federation "AUS", but 1 player has no federation (F): '
        "that player is left out of it"
    ]


def test_a_lower_place_paying_more_than_the_place_above_is_a_warning(
    make_site: SiteMaker,
) -> None:
    """2nd place 500 under 1st place 300: likely a typo, paid as written (A 300, B 500) and
    warned on the 2nd place's amount line. 3rd place 400 pays less than the 2nd, the place
    just above it; the Under 12 prize of 600 is another category's."""
    extra = (
        '[[prizes.money]]\nname = "1st place"\nplace = 1\namount = 300\n'  # lines 6-9
        '[[prizes.money]]\nname = "2nd place"\nplace = 2\namount = 500\n'  # 10-13
        '[[prizes.money]]\nname = "3rd place"\nplace = 3\namount = 400\n'  # 14-17
        '[[prizes.money]]\nname = "1st Under 12"\nplace = 1\ncategory = "U12"\n'
        "amount = 600\n"  # lines 18-22
        '[[categories]]\nid = "U12"\nname = "Under 12"\nunder = 12\n'
    )
    outcome, problems = _outcome(make_site, extra)
    assert outcome is not None and not problems.errors, problems.items
    assert _warned(problems, "prize-above-higher-place") == [
        (
            13,
            'prize "2nd place" (place 2) pays 500, more than "1st place" (place 1, line 9), '
            "which pays 300: a lower place would win more",
            "correct the amount (or the place) that is a typo",
        )
    ]


@pytest.mark.parametrize(
    ("dates", "expected"),
    [
        (
            "age_reference_date = 2062-01-01\n",
            (
                6,
                "age_reference_date = 2062-01-01 is after the event starts (2026-01-10): "
                "ages are taken on that day, 36 years later",
                "correct the year (the event is in 2026), or delete the line to take "
                "1 January 2026",
            ),
        ),
        (
            "end = 2026-01-16\nage_reference_date = 2027-01-01\n",
            (
                7,
                "age_reference_date = 2027-01-01 is after the event ends (2026-01-16): "
                "ages are taken on that day, 1 year later",
                "correct the year (the event is in 2026), or delete the line to take "
                "1 January 2026",
            ),
        ),
        ("end = 2026-01-16\nage_reference_date = 2026-12-31\n", None),  # "on 31 December"
        ("end = 2026-01-16\nage_reference_date = 2026-01-01\n", None),
    ],
)
def test_an_age_reference_date_in_a_year_after_the_event_is_a_warning(
    make_site: SiteMaker, dates: str, expected: tuple[int, str, str] | None
) -> None:
    """2062 for 2026: every player's age taken 36 years on, out of every age group, with no
    word. A day later in the event's own year (some regulations take ages on 31 December)
    is taken as written."""
    outcome, problems = _outcome(make_site, dates + CATEGORIES)
    assert outcome is not None and not problems.errors, problems.items
    assert _warned(problems, "age-date-after-event") == ([expected] if expected else [])


def test_a_prize_all_its_category_hold_or_may_not_take_says_so(make_site: SiteMaker) -> None:
    """Under 12 is A, D and F; Girls is B, C and D. A's Under 12 title bars A from Under 12
    trophies, D takes the 1st, F the 2nd: nobody is left for the 3rd, though the category
    has three players. The Girls' titles go to B, C and D, and the fourth finds none. The
    reason said "no player of Under 12 is left to take it", as if the category were empty."""
    extra = (
        CATEGORIES
        + '[[titles]]\nname = "Under 12 Champion"\ncategory = "U12"\n'
        + "".join(f'[[titles]]\nname = "Girls {n}"\ncategory = "G"\n' for n in ("1", "2", "3", "4"))
        + "".join(
            f'[[trophies]]\nname = "U12 {n}"\ncategory = "U12"\nplace = {n}\n' for n in (1, 2, 3)
        )
    )
    outcome, problems = _outcome(make_site, extra)
    assert outcome is not None and not problems.errors, problems.items
    assert _who(outcome, "title") == [
        ("Under 12 Champion", "A"),
        ("Girls 1", "B"),
        ("Girls 2", "C"),
        ("Girls 3", "D"),
        ("Girls 4", None),
    ]
    assert _who(outcome, "trophy") == [("U12 1", "D"), ("U12 2", "F"), ("U12 3", None)]
    reasons = {a.name: str(a.reason) for a in outcome.prizes if a.player is None}
    assert reasons == {
        "Girls 4": "no player of Girls who may take it is left",
        "U12 3": "no player of Under 12 who may take it is left",
    }


def test_a_withdrawal_cancels_prize_money_and_fines_add_up_per_occurrence(
    make_site: SiteMaker,
) -> None:
    """U.S. Junior Closed: "Players who withdraw ... may not receive any prize money", and a
    fine "for each occurrence" is deducted from the prize. A four-player round robin: C beats
    B, draws A, then withdraws after round 2 (D, C's last opponent, sits out round 3).
    A 1 + ½ + ½ = 2, C 1 + ½ = 1½, B 0 + 1 + ½ = 1½, D 0; C is ahead of B on Direct
    Encounter. The 2nd place prize passes C to B, the 3rd to D. A's two fines, 100 and 250,
    take more than the 300 of 1st place: A keeps the prize and is paid nothing."""
    games = [
        (1, "A", "D", "1-0"), (1, "B", "C", "0-1"),
        (2, "A", "C", "1/2-1/2"), (2, "B", "D", "1-0"),
        (3, "A", "B", "1/2-1/2"),
    ]  # fmt: skip
    toml = 'name = "W"\nformat = "round-robin"\nrounds = 3\nrules = "us-junior-closed"\n'
    toml += "min_draw_moves = 0\n"
    toml += "".join(f'[[players]]\nname = "{n}"\n' for n in "ABCD")
    toml += '[[withdrawals]]\nplayer = "C"\nafter_round = 2\n'
    toml += "".join(
        f'[[fines]]\nplayer = "A"\namount = {amount}\nreason = "Late, round {r}"\n'
        for r, amount in ((1, 100), (2, 250))
    )
    toml += "".join(
        f'[[prizes.money]]\nname = "{place} place"\nplace = {n}\namount = {amount}\n'
        for n, place, amount in ((1, "1st", 300), (2, "2nd", 200), (3, "3rd", 100))
    )
    pgn = "".join(
        f'[Round "{r}"]\n[White "{w}"]\n[Black "{b}"]\n[Result "{res}"]\n\n{res}\n\n'
        for r, w, b, res in games
    )
    site = make_site(toml, {"games.pgn": pgn})
    problems = Problems()
    event = load_event(site / "content" / "ev", problems)
    assert event is not None and not problems.errors, problems.items
    outcome = decide(event, problems)
    assert not problems.warnings, problems.items
    rows = outcome.standings.rows
    assert [(r.player.name, r.points, r.decided_by) for r in rows] == [
        ("A", 2.0, "points"),
        ("C", 1.5, "DE"),
        ("B", 1.5, "points"),
        ("D", 0.0, "points"),
    ]
    money = [
        (a.name, event.player(a.player).name if a.player else None, a.amount, a.fines, a.net)
        for a in outcome.prizes
    ]
    assert money == [
        ("1st place", "A", 300, 350, 0.0),
        ("2nd place", "B", 200, 0, 200),
        ("3rd place", "D", 100, 0, 100),
    ]
    assert tuple(map(str, outcome.prizes[1].passed_over)) == (
        "C withdrew after round 2: no prize money",
    )


@pytest.mark.parametrize(
    ("reference", "born", "under_12"),
    [
        # Default: 1 January of the start year (2026-01-01). Twelve on that very day is not
        # under 12; a day younger is.
        ("", "born = 2014-01-01", False),
        ("", "born = 2014-01-02", True),
        ("", "born = 2013-12-31", False),
        # Only a birth year: counted as born on 1 January, the oldest the player can be.
        ("", "birth_year = 2014", False),
        ("", "birth_year = 2015", True),
        # An explicit date: twelve on 1 July 2026 if born on or before 1 July 2014.
        ("age_reference_date = 2026-07-01\n", "born = 2014-07-01", False),
        ("age_reference_date = 2026-07-01\n", "born = 2014-07-02", True),
        ("age_reference_date = 2026-07-01\n", "born = 2014-06-30", False),
    ],
)
def test_age_groups_at_the_birthday_boundary(
    make_site: SiteMaker, reference: str, born: str, under_12: bool
) -> None:
    """``under = 12``: the age in full years on the reference date is below 12 (spec 3)."""
    toml = (
        f'name = "Ages"\nformat = "swiss"\nrounds = 1\nstart = 2026-01-10\n{reference}'
        '[[categories]]\nid = "U12"\nname = "Under 12"\nunder = 12\n'
        f'[[players]]\nname = "A"\n{born}\n[[players]]\nname = "B"\nborn = 2000-01-01\n'
    )
    site = make_site(toml, {"games.pgn": '[White "A"]\n[Black "B"]\n[Round "1"]\n\n1-0\n'})
    problems = Problems()
    event = load_event(site / "content" / "ev", problems)
    assert event is not None and not problems.errors, problems.items
    category = event.config.categories[0]
    assert categories.in_category(event, event.player(1), category) is under_12


@pytest.mark.parametrize(
    ("birth", "expected"),
    [
        # Under 12 on 2026-01-01: a player of 2014 is 11 unless born on 1 January (12), so
        # only the birthday can tell; 2013 is 12 in any case, 2015 under 12 in any case.
        ("birth_year = 2014", ["Under 12"]),
        ("birth_year = 2013", []),
        ("birth_year = 2015", []),
        ("born = 2014-01-01", []),
        # A boy of 2014 is in no girls' group whatever his birthday: only Under 12 is open.
        ('birth_year = 2014\nsex = "M"', ["Under 12"]),
    ],
)
def test_a_birth_year_alone_is_warned_about_where_the_birthday_decides(
    make_site: SiteMaker, birth: str, expected: list[str]
) -> None:
    toml = (
        'name = "Ages"\nformat = "swiss"\nrounds = 1\nstart = 2026-01-10\n'
        '[[categories]]\nid = "U12"\nname = "Under 12"\nunder = 12\n'
        '[[categories]]\nid = "G12"\nname = "Girls Under 12"\nunder = 12\nsex = "F"\n'
        f'[[players]]\nname = "A"\n{birth}\nsex = "M"\n'
        '[[players]]\nname = "B"\nborn = 2000-01-01\nsex = "F"\n'
    ).replace('sex = "M"\nsex = "M"', 'sex = "M"')
    site = make_site(toml, {"games.pgn": '[White "A"]\n[Black "B"]\n[Round "1"]\n\n1-0\n'})
    problems = Problems()
    event = load_event(site / "content" / "ev", problems)
    assert event is not None and not problems.errors, problems.items
    categories.check_categories(event, problems)
    warned = [p for p in problems.items if p.code == "birthday-unknown"]
    if not expected:
        assert warned == []
        return
    (warning,) = warned
    assert warning.message == (
        "A: birth_year = 2014 alone is given; on 2026-01-01 they are 11 or 12 depending on "
        "the birthday, so they count as not in Under 12 (as if born on 1 January)"
    )
    assert warning.line == 14  # the [[players]] line of A


def test_a_girl_champion_takes_no_age_group_title_of_either_kind(make_site: SiteMaker) -> None:
    """2a and 2b with age groups: B (a girl of 15) wins outright. She takes the open title
    and the girls' title, one of each kind, and no more: Under 16 Champion passes to A, the
    next under 16 (11), and Under 16 Girls Champion to C, the next girl under 16 (12), who
    holds no girls' title."""
    games = [(r, w, b, {"A": "0-1"}.get(w, res) if r == 3 else res) for r, w, b, res in GAMES]
    # Round 3: B beats A -> B 3, A 2, C 2 (A ahead on SPS: 1 + 2 + 2 = 5 against 1 + 1 + 2).
    categories = """
[[categories]]
id = "U16"
name = "Under 16"
under = 16

[[categories]]
id = "G"
name = "Girls"
sex = "F"

[[categories]]
id = "G16"
name = "Under 16 Girls"
sex = "F"
under = 16
"""
    titles = "".join(
        f'[[titles]]\nname = "{name}"\ncategory = "{category}"\n'
        for name, category in (
            ("Under 16 Girls Champion", "G16"),
            ("Under 16 Champion", "U16"),
            ("Girls Champion", "G"),
            ("Champion", "open"),
        )
    )
    outcome, problems = _outcome(make_site, categories + titles, games=games)
    assert outcome is not None and not problems.errors, problems.items
    assert [r.player.name for r in outcome.standings.rows[:3]] == ["B", "A", "C"]
    assert _who(outcome, "title") == [
        ("Under 16 Girls Champion", "C"),
        ("Under 16 Champion", "A"),
        ("Girls Champion", "B"),
        ("Champion", "B"),
    ]


@pytest.mark.parametrize(
    ("band", "rating", "inside"),
    [
        # Both bounds are ratings the band holds: "best under 1600" is max_rating = 1599.
        (CategoryEntry("R", "Under 1600", max_rating=1599), 1599, True),
        (CategoryEntry("R", "Under 1600", max_rating=1599), 1600, False),
        (CategoryEntry("R", "1600 and over", min_rating=1600), 1600, True),
        (CategoryEntry("R", "1600 and over", min_rating=1600), 1599, False),
        (CategoryEntry("R", "1400-1599", min_rating=1400, max_rating=1599), 1500, True),
        (CategoryEntry("R", "1400-1599", min_rating=1400, max_rating=1599), 1700, False),
        # Unrated counts as 0: below any band's top, under any band's floor above 0 ...
        (CategoryEntry("R", "Under 1600", max_rating=1599), None, True),
        (CategoryEntry("R", "1600 and over", min_rating=1600), None, False),
        # ... and out of every band where unrated = false keeps the prize for rated players.
        (CategoryEntry("R", "Under 1600", max_rating=1599, unrated=False), None, False),
        (CategoryEntry("R", "Under 1600", max_rating=1599, unrated=False), 1200, True),
    ],
)
def test_a_rating_band_holds_its_bounds_and_unrated_players_count_as_0(
    make_site: SiteMaker, band: CategoryEntry, rating: int | None, inside: bool
) -> None:
    """min_rating and max_rating, both inclusive (README: "unrated counts as 0")."""
    outcome, problems = _outcome(make_site, "")
    assert outcome is not None and not problems.errors, problems.items
    player = replace(outcome.event.player(1), rating=rating)
    assert categories.in_category(outcome.event, player, band) is inside


@pytest.mark.parametrize(("written", "players_write"), [("AUS", "aus"), ("aus", " AUS")])
def test_a_federation_is_the_same_whatever_its_case(
    make_site: SiteMaker, written: str, players_write: str
) -> None:
    """FIDE's codes are three capitals, but "aus" for "AUS" names the same federation: every
    player was left out of the Australian category and its title went unclaimed, in silence.
    Every player is Australian here: A, first, is Champion; the Australian Junior Champion
    title (open, every age) then passes A, who holds an open title, to B, second."""
    extra = (
        f'[[categories]]\nid = "AUS"\nname = "Australian"\nfederation = "{written}"\n'
        '[[titles]]\nname = "Champion"\n'
        '[[titles]]\nname = "Australian Junior Champion"\ncategory = "AUS"\n'
    )
    outcome, problems = _outcome(make_site, extra, federation=players_write)
    assert outcome is not None and not problems.errors, problems.items
    assert _who(outcome, "title") == [("Champion", "A"), ("Australian Junior Champion", "B")]


def _passed(outcome: EventOutcome, name: str) -> list[tuple[str, str, str]]:
    """Whom the prize called ``name`` passed over, with what they hold and the rule."""
    (award,) = [a for a in outcome.prizes if a.name == name]
    return [(outcome.event.player(p.player).name, p.held, p.rule) for p in award.passed]


def _card_lines(outcome: EventOutcome) -> dict[str, list[str]]:
    """Each passed player's lines on their own card, by name."""
    lines = views.passed_over_lines(outcome.event, outcome.prizes)
    return {outcome.event.player(n).name: list(map(str, found)) for n, found in lines.items()}


def test_a_title_passing_a_holder_of_one_says_so_on_the_holders_card(
    make_site: SiteMaker,
) -> None:
    """Clause 2a: one title per player, the highest. A (11) wins everything and takes the
    Champion title; Under 12 (A, D, F) passes A to D. The prize page said why in D's row;
    A's own card said nothing of the Under 12 title A's place seemed to give."""
    outcome, problems = _outcome(make_site, OPEN_AND_U12_TITLES)
    assert outcome is not None and not problems.errors, problems.items
    assert _passed(outcome, "Under 12 Champion") == [
        ("A", "holds the Champion title", "a player holds one open title")
    ]
    assert _passed(outcome, "Champion") == []  # nobody above A
    assert _card_lines(outcome) == {
        "A": [
            "The Under 12 Champion title went to D: A holds the Champion title, and a player "
            "holds one open title."
        ]
    }


def test_two_prizes_of_one_name_are_not_said_to_be_shared_on_a_card(
    make_site: SiteMaker,
) -> None:
    """Two money prizes both called "Girls prize" (1st and 2nd in Girls: B, C, D): A takes
    1st place (600), B 2nd place (200, larger than the first Girls prize's 100), so the
    first Girls prize passes B to C and the second (place 2, 50) passes C, paid 100, to D.
    Each went to one player: the cards said "The Girls prize was shared by C and D", as if
    the two prizes of one name were one."""
    money = (
        '[[prizes.money]]\nname = "1st place"\nplace = 1\namount = 600\n'
        '[[prizes.money]]\nname = "2nd place"\nplace = 2\namount = 200\n'
        '[[prizes.money]]\nname = "Girls prize"\nplace = 1\ncategory = "G"\namount = 100\n'
        '[[prizes.money]]\nname = "Girls prize"\nplace = 2\ncategory = "G"\namount = 50\n'
    )
    outcome, problems = _outcome(make_site, CATEGORIES + money)
    assert outcome is not None and not problems.errors, problems.items
    one = "and a player receives one money prize."
    assert _card_lines(outcome) == {
        "B": [f"The Girls prize went to C: B has the 2nd place prize, a larger one, {one}"],
        "C": [f"The Girls prize went to D: C has the Girls prize, a larger one, {one}"],
    }


def test_a_money_prize_passing_a_paid_player_says_so_on_their_card(
    make_site: SiteMaker,
) -> None:
    """Clause 4: one money prize each, the largest; equal amounts in listing order. A takes
    1st place (600); Best Under 12 (50) passes A to D: A's is larger. B (2nd overall, best
    girl) takes 1st Girls (100), listed before 2nd place (100 too), which passes her to C.
    1st Girls and 1st place pass nobody: each goes to the category's first."""
    outcome, problems = _outcome(make_site, CATEGORIES + ONE_MONEY_PRIZE_EACH)
    assert outcome is not None and not problems.errors, problems.items
    one = "a player receives one money prize"
    assert _passed(outcome, "Best Under 12") == [
        ("A", "has the 1st place prize, a larger one", one)
    ]
    assert _passed(outcome, "2nd place") == [
        ("B", "has the 1st Girls prize, of the same amount and listed before it", one)
    ]
    assert _passed(outcome, "1st place") == _passed(outcome, "1st Girls") == []
    assert _card_lines(outcome) == {
        "A": [
            "The Best Under 12 prize went to D: A has the 1st place prize, a larger one, and a "
            "player receives one money prize."
        ],
        "B": [
            "The 2nd place prize went to C: B has the 1st Girls prize, of the same amount and "
            "listed before it, and a player receives one money prize."
        ],
    }


def test_money_passing_a_player_who_forfeited_says_so_on_their_card(
    make_site: SiteMaker,
) -> None:
    """U.S. Junior Closed: "Players who withdraw or forfeit a game may not receive any prize
    money." B loses round 1 by forfeit and finishes 5th (A, C, E, D, B, F, as in the test of
    the forfeit above): the 5th place prize passes B to F; 3rd place goes to E, 3rd, and
    passes nobody."""
    games = [g for g in GAMES if g[:3] != (1, "B", "E")]
    extra = '[[results]]\nround = 1\nwhite = "B"\nblack = "E"\nresult = "-+"\n' + THIRD_AND_FIFTH
    outcome, problems = _outcome(make_site, extra, games=games, rules="us-junior-closed")
    assert outcome is not None and not problems.errors, problems.items
    assert [r.player.name for r in outcome.standings.rows] == ["A", "C", "E", "D", "B", "F"]
    rule = "a player who withdraws or forfeits a game receives no prize money"
    assert _passed(outcome, "5th place") == [("B", "forfeited a game (round 1)", rule)]
    assert _passed(outcome, "3rd place") == []
    assert _card_lines(outcome) == {
        "B": [
            "The 5th place prize went to F: B forfeited a game (round 1), and a player who "
            "withdraws or forfeits a game receives no prize money."
        ]
    }


def test_a_trophy_passing_a_holder_of_a_higher_prize_says_so_on_their_card(
    make_site: SiteMaker,
) -> None:
    """Clause 3: one trophy each, first places before second places, then listing order.
    Girls are B, C, D. 1st Girls goes to B; 2nd overall (listed before 2nd Girls) passes B to
    C; 2nd Girls passes C to D. And an age group's title is its first place (2a: one title
    "and any associated trophy"): with the Under 12 title D's, 2nd Under 12 passes D to F."""
    extra = (
        CATEGORIES
        + """
[[trophies]]
name = "2nd overall"
category = "open"
place = 2

[[trophies]]
name = "1st Girls"
category = "G"
place = 1

[[trophies]]
name = "2nd Girls"
category = "G"
place = 2
"""
    )
    outcome, problems = _outcome(make_site, extra)
    assert outcome is not None and not problems.errors, problems.items
    one = "a player receives one trophy"
    assert _passed(outcome, "2nd overall") == [
        ("B", "holds the 1st Girls trophy, a higher one", one)
    ]
    # 2nd overall and 2nd Girls are both second places: the one listed first ranks higher.
    assert _passed(outcome, "2nd Girls") == [
        ("C", "holds the 2nd overall trophy, of the same place, listed first", one)
    ]
    assert _card_lines(outcome)["C"] == [
        "The 2nd Girls trophy went to D: C holds the 2nd overall trophy, of the same place, "
        "listed first, and a player receives one trophy."
    ]
    outcome, problems = _outcome(make_site, U12_TITLES, slug="titles")
    assert outcome is not None and not problems.errors, problems.items
    assert _passed(outcome, "2nd Under 12") == [
        (
            "D",
            "holds the Under 12 Champion title, first place in Under 12",
            "an age group's title comes with no trophy besides",
        )
    ]


def test_a_title_passing_players_of_a_pending_play_off_names_either_title(
    make_site: SiteMaker,
) -> None:
    """As above: A and B tie on 2½ with the play-off not started; whoever wins is Champion,
    the other Australian Junior Champion, and the Under 12 title passes both to D. Which
    title each holds waits for the play-off; that they are passed does not."""
    games = [(r, w, b, "1/2-1/2" if (w, b) == ("A", "B") else res) for r, w, b, res in GAMES]
    players = dict(PLAYERS, B=("2015-03-01", "F"))
    extra = OPEN_AND_U12_TITLES + (
        '[[categories]]\nid = "AUS"\nname = "Australian"\nfederation = "AUS"\n'
        '[[titles]]\nname = "Australian Junior Champion"\ncategory = "AUS"\n'
    )
    outcome, problems = _outcome(make_site, extra, games=games, players=players, federation="AUS")
    assert outcome is not None and not problems.errors, problems.items
    either = "the Champion title or the Australian Junior Champion title"
    reverse = "the Australian Junior Champion title or the Champion title"
    passed = _passed(outcome, "Under 12 Champion")
    assert {name for name, _, _ in passed} == {"A", "B"}
    for name, held, rule in passed:
        assert held in (f"holds {either} {WHICHEVER}", f"holds {reverse} {WHICHEVER}"), name
        assert rule == "a player holds one open title"
    # The titles still waiting for the play-off pass nobody yet.
    assert _passed(outcome, "Champion") == _passed(outcome, "Australian Junior Champion") == []


WHICHEVER = "(whichever way the play-off ends)"


def test_pending_money_names_what_it_waits_for(make_site: SiteMaker) -> None:
    """A and B tie for 1st (A-B drawn in round 3; the ACF play-off not started), and with no
    tie-breaks E and F (½ each) share 5th-6th with no lots drawn yet. The 1st place money
    waits for the play-off alone, the 5th place money for the lots alone: each said "waits
    for the play-off or the drawing of lots", as if either might settle it."""
    games = [(r, w, b, "1/2-1/2" if (w, b) == ("A", "B") else res) for r, w, b, res in GAMES]
    # Points: A 2½, B 2½, C 2, D 1, E ½, F ½.
    extra = """tiebreaks = []

[ranking]
exhausted = "lots"

[[prizes.money]]
name = "1st place"
place = 1
amount = 600

[[prizes.money]]
name = "5th place"
place = 5
amount = 50
"""
    outcome, problems = _outcome(make_site, extra, games=games)
    assert outcome is not None and not problems.errors, problems.items
    reasons = [(a.name, a.status, str(a.reason)) for a in outcome.prizes]
    assert reasons == [
        ("1st place", "pending", "waits for the play-off: A or B"),
        ("5th place", "pending", "waits for the drawing of lots: E or F"),
    ]


def test_a_prize_waiting_on_both_the_play_off_and_the_lots_says_so(make_site: SiteMaker) -> None:
    """A and B tie for 1st (the ACF play-off not started); with no tie-breaks E and F share
    5th-6th, their lots not drawn. Under 12 is A, E and F (D born 2005 here). Should A win
    the play-off, A is Champion (one open title: 2a) and takes 1st place's 600 (one money
    prize: 4), so Under 12 Champion and Best Under 12 go to E or F by lot; should A lose, A
    takes both (50 is more than 2nd place's 20, which then passes A to C). Each waits for
    the play-off and the drawing of lots; 1st and 2nd place for the play-off alone."""
    games = [(r, w, b, "1/2-1/2" if (w, b) == ("A", "B") else res) for r, w, b, res in GAMES]
    # Points: A 2½, B 2½, C 2, D 1, E ½, F ½.
    players = {**PLAYERS, "D": ("2005-07-01", "F"), "E": ("2015-01-01", "M")}
    extra = (
        'tiebreaks = []\n\n[ranking]\nexhausted = "lots"\n'
        + OPEN_AND_U12_TITLES
        + """
[[prizes.money]]
name = "1st place"
place = 1
amount = 600

[[prizes.money]]
name = "2nd place"
place = 2
amount = 20

[[prizes.money]]
name = "Best Under 12"
place = 1
category = "U12"
amount = 50
"""
    )
    outcome, problems = _outcome(make_site, extra, games=games, players=players)
    assert outcome is not None and not problems.errors, problems.items
    both = "waits for the play-off and the drawing of lots"
    assert [(a.name, a.status, str(a.reason)) for a in outcome.prizes] == [
        ("Champion", "pending", "waits for the play-off: A or B"),
        ("Under 12 Champion", "pending", f"{both} or the arbiter: A or E or F"),
        ("1st place", "pending", "waits for the play-off: A or B"),
        ("2nd place", "pending", "waits for the play-off: B or C"),
        ("Best Under 12", "pending", f"{both}: A or E or F"),
    ]


def test_a_card_line_holding_either_of_two_larger_prizes_says_larger_once(
    make_site: SiteMaker,
) -> None:
    """A and B tie on 2½ (A-B drawn) and the ACF play-off has not started. A (under 12)
    takes 1st place (600) if A wins, 2nd place (400) if not: either is larger than Best
    Under 12 (50), which passes A to D, the next under 12, whichever way it ends. A's card
    said "has the 1st place prize, a larger one or the 2nd place prize, a larger one": the
    comparison once, for both."""
    games = [(r, w, b, "1/2-1/2" if (w, b) == ("A", "B") else res) for r, w, b, res in GAMES]
    money = (
        '[[prizes.money]]\nname = "1st place"\nplace = 1\namount = 600\n'
        '[[prizes.money]]\nname = "2nd place"\nplace = 2\namount = 400\n'
        '[[prizes.money]]\nname = "Best Under 12"\nplace = 1\ncategory = "U12"\namount = 50\n'
    )
    outcome, problems = _outcome(make_site, CATEGORIES + money, games=games)
    assert outcome is not None and not problems.errors, problems.items
    assert [(a.name, a.status) for a in outcome.prizes] == [
        ("1st place", "pending"), ("2nd place", "pending"), ("Best Under 12", "awarded"),
    ]  # fmt: skip
    assert _card_lines(outcome) == {
        "A": [
            "The Best Under 12 prize went to D: A has the 1st place prize or the 2nd place "
            "prize, each a larger one (whichever way the play-off ends), and a player "
            "receives one money prize."
        ]
    }


def test_what_a_player_holds_either_way_keeps_each_comparison_with_its_prize() -> None:
    """Two endings with different comparisons: each stays with its own prize, the list
    still read as one ("..., of the same amount and listed before it, or ..."); a share
    and a whole prize keep their own verbs, else "a share of X or Y" reads as a share of
    either."""
    listed = "of the same amount and listed before it"
    each = [
        prizes.PassedOver(1, f"has the 1st Girls prize, {listed}", "r", listed),
        prizes.PassedOver(1, "has the 2nd place prize, a larger one", "r", "a larger one"),
    ]
    assert prizes._either_held(each) == (
        f"has the 1st Girls prize, {listed}, or the 2nd place prize, a larger one"
    )
    share = [
        prizes.PassedOver(
            1, "has a share of the 1st + 2nd prizes, a larger one", "r", "a larger one"
        ),
        prizes.PassedOver(1, "has the 1st prize, a larger one", "r", "a larger one"),
    ]
    assert prizes._either_held(share) == (
        "has a share of the 1st + 2nd prizes or has the 1st prize, each a larger one"
    )


def test_a_prize_that_would_have_been_shared_says_so_not_listed_before(
    make_site: SiteMaker,
) -> None:
    """Split by points; C is a boy here, so B (2 points) is the best girl and shares 2nd-3rd
    on points with C. 1st Girls (300) is B's alone; 2nd place (300) would pool B and C, 150
    each: B takes 1st Girls, the larger, and 2nd place passes her to C, 300 alone. The card
    said B had 1st Girls "of the same amount and listed before it", as though the listing
    decided it: listed after 2nd place, B would take it all the same. Listed after at 200,
    still more than 150, the card said nothing of why."""
    players = dict(PLAYERS, C=("2013-02-01", "M"))
    girls = '[[prizes.money]]\nname = "1st Girls"\nplace = 1\ncategory = "G"\namount = {}\n'
    second = '[[prizes.money]]\nname = "2nd place"\nplace = 2\namount = 300\n'
    split = '[prizes]\nties = "split"\n'
    one = "and a player receives one money prize."
    for slug, money in (
        ("before", girls.format(300) + second),
        ("after", second + girls.format(200)),
    ):
        extra = CATEGORIES + split + money
        outcome, problems = _outcome(make_site, extra, players=players, slug=slug)
        assert outcome is not None and not problems.errors, problems.items
        assert sorted(_who(outcome, "money")) == [("1st Girls", "B"), ("2nd place", "C")], slug
        assert _card_lines(outcome) == {
            "B": [
                "The 2nd place prize went to C: B has the 1st Girls prize, larger than a share "
                f"of it would have been, {one}"
            ]
        }, slug
        passed = {a.name: tuple(map(str, a.passed_over)) for a in outcome.prizes}
        assert passed["2nd place"] == (
            "B has 1st Girls, larger than a share of this prize would have been",
        ), slug


def test_one_prize_whose_name_holds_a_plus_is_one_prize(make_site: SiteMaker) -> None:
    """A takes "1st + trophy" (600), one prize whose name holds " + ", and Best Under 12
    (50) passes A to D. A's card said A had "the 1st + trophy prizes", as if A held a tied
    group's pool of two; and shared by two tied players, it "were shared". A pool of two
    prizes ("2nd place + 3rd place", B and C level on 2 points) is still plural."""
    money = CATEGORIES + _money("1st + trophy", 1, 600) + _money("Best Under 12", 1, 50, "U12")
    outcome, problems = _outcome(make_site, money)
    assert outcome is not None and not problems.errors, problems.items
    one = "and a player receives one money prize."
    assert _card_lines(outcome) == {
        "A": [
            f"The Best Under 12 prize went to D: A has the 1st + trophy prize, a larger one, {one}"
        ]
    }
    assert prizes.prize_name("money", "1st + trophy") == "the 1st + trophy prize"
    assert (
        prizes.prize_name("money", "2nd place + 3rd place", pooled=True)
        == "the 2nd place + 3rd place prizes"
    )
    # Shared by the players of a place, one prize "was shared"; a pool of two "were".
    event = outcome.event
    passed = (prizes.PassedOver(1, "has the 1st place prize, a larger one", "rule"),)
    shares = [
        Award(
            "money", name, "open", n, amount=50.0, shared_with=(5 - n,), passed=passed, pooled=pool
        )
        for name, pool in (("2nd + medal", False), ("2nd place + 3rd place", True))
        for n in (2, 3)
    ]
    lines = [str(line) for line in views.passed_over_lines(event, shares)[1]]
    assert lines == [
        "The 2nd + medal prize was shared by B and C: A has the 1st place prize, a larger one, "
        "and rule.",
        "The 2nd place + 3rd place prizes were shared by B and C: A has the 1st place prize, a "
        "larger one, and rule.",
    ]


def _fourth_place_play_off(make_site: SiteMaker, last: str) -> tuple[EventOutcome | None, Problems]:
    """Six players, a play-off for 4th place only, Progressive Score the tie-break; ``last``
    is the result of round 3's E-F, the last game (A 2½, B 2, C and D 1½ each, E ½, F 0
    before it)."""
    games = [
        (1, "A", "F", "1-0"), (1, "B", "E", "1-0"), (1, "C", "D", "1/2-1/2"),
        (2, "A", "B", "1-0"), (2, "C", "E", "1/2-1/2"), (2, "D", "F", "1-0"),
        (3, "A", "C", "1/2-1/2"), (3, "B", "D", "1-0"), (3, "E", "F", last),
    ]  # fmt: skip
    extra = 'tiebreaks = ["PS"]\n[playoff]\nplaces = [4]\n'
    return _outcome(make_site, extra, games=games)


def test_mid_event_a_tie_reaching_above_the_play_off_place_names_its_own_place(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """A play-off for 4th place only; round 3's E-F is still on. A 2½, B 2, C and D 1½ each
    (C: ½, ½, ½; D: ½, 1, 0), E ½, F 0: C and D are level on points in 3rd-4th, the
    Progressive Score putting D (½ + 1½ + 1½ = 3½) ahead of C (½ + 1 + 1½ = 3). Were the
    event to end so, C and D would play off, and the play-off orders them from 3rd place
    down (its first player takes the tie's first place): the note said they were level for
    4th place, the place configured, while D stands 3rd."""
    outcome, problems = _fourth_place_play_off(make_site, "*")
    assert outcome is not None and not problems.errors, problems.items
    assert [(r.player.name, r.points) for r in outcome.standings.rows] == [
        ("A", 2.5), ("B", 2.0), ("D", 1.5), ("C", 1.5), ("E", 0.5), ("F", 0.0),
    ]  # fmt: skip
    report = build_site(tmp_path / "site")
    assert report.written, [p.format() for p in report.problems.items]
    expected = (
        "D and C are level on points for 3rd place. If the last results leave them so, a "
        "play-off decides it; until then the tie-breaks order them."
    )
    for page in ("standings.html", "index.html"):
        assert expected in _page_words(tmp_path / "site", "ev", page), page


def test_a_play_off_reaching_above_its_place_is_named_by_the_tie_s_first_place(
    make_site: SiteMaker, tmp_path: Path
) -> None:
    """The event above with E-F played (0-1): D and C end level in 3rd-4th, and the play-off
    for 4th place, still to play, orders them from 3rd place down, its winner 3rd. The
    standings, the event page and the play-off page called it the play-off "for 4th place"
    (the place configured); they now name 3rd place, the place it is played for first."""
    outcome, problems = _fourth_place_play_off(make_site, "0-1")
    assert outcome is not None and not problems.errors, problems.items
    assert [p.status for p in outcome.playoffs] == ["pending"]
    report = build_site(tmp_path / "site")
    assert report.written, [p.format() for p in report.problems.items]
    site = tmp_path / "site"
    standings = _page_words(site, "ev", "standings.html")
    assert "3rd place goes to a play-off still to be played" in standings
    assert "4th place goes to a play-off" not in standings
    assert "Play-off for 3rd place: still to play." in _page_words(site, "ev", "index.html")
    playoff = _page_words(site, "ev", "playoff.html")
    assert "3rd place" in playoff and "4th place" not in playoff


def test_the_build_s_pending_play_off_line_names_the_tie_s_first_place(
    make_site: SiteMaker,
) -> None:
    """The event above: the play-off set for 4th place is played for 3rd first (C and D
    level in 3rd-4th). The pages name 3rd place, and so must the line the build prints for
    a pending play-off, not the place configured ("play-off for 4th place")."""
    games = [
        (1, "A", "F", "1-0"), (1, "B", "E", "1-0"), (1, "C", "D", "1/2-1/2"),
        (2, "A", "B", "1-0"), (2, "C", "E", "1/2-1/2"), (2, "D", "F", "1-0"),
        (3, "A", "C", "1/2-1/2"), (3, "B", "D", "1-0"), (3, "E", "F", "0-1"),
    ]  # fmt: skip
    extra = 'tiebreaks = ["PS"]\n[playoff]\nplaces = [4]\n'
    outcome, problems = _outcome(make_site, extra, games=games)
    assert outcome is not None and not problems.errors, problems.items
    (line,) = pending_playoffs([outcome])
    assert line.startswith("P: play-off for 3rd place (")


def test_money_passing_players_whose_lots_wait_past_the_limit_waits_too(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """U.S. rules, exhausted = "lots", no lots recorded: B and C (girls, 2 each) are level on
    every tie-break for 2nd-3rd; D (a girl, 1) is 4th. Money, the largest first, one prize
    each: A 300 (1st). Lots B ahead: B 200 (2nd), then 1st Girls (120) to the best girl
    unpaid, C; 3rd (100) passes C to D. Lots C ahead: the same with B and C swapped. So
    1st Girls is B's or C's, never D's: pending on the lots; 3rd is D's either way. With a
    limit of one way, B and C pool 2nd + 3rd (150 each) for now, and 1st Girls, passing
    them, was awarded to D. Found by the play-off property test: three players of a pending
    play-off who may yet forfeit, four level for 5th-8th and three for 10th-12th went past
    the limit, and 1st Under 16 went to the 9th past the four. Past the limit now, the 2nd
    and 1st Girls each go to B or C, so both are paid whichever way the lots fall: the 3rd
    passes them to D for sure, awarded (before, B and C pooled it with the 2nd for now and
    it was not listed at all)."""
    monkeypatch.setattr(prizes, "OUTCOMES_LIMIT", 1)
    extra = CATEGORIES + '[ranking]\nexhausted = "lots"\n'
    for name, place, amount, category in (
        ("1st", 1, 300, "open"), ("2nd", 2, 200, "open"), ("3rd", 3, 100, "open"),
        ("1st Girls", 1, 120, "G"),
    ):  # fmt: skip
        extra += _money(name, place, amount, category)
    outcome, problems = _outcome(make_site, extra, rules="us-junior-closed")
    assert outcome is not None and not problems.errors, problems.items
    assert [(a.name, a.status, a.player, str(a.reason)) for a in outcome.prizes] == [
        ("1st", "awarded", 1, "1st overall"),
        ("2nd", "pending", None, "waits for the drawing of lots: B or C"),
        ("3rd", "awarded", 4, "4th overall"),
        ("1st Girls", "pending", None, "waits for the drawing of lots: B or C"),
    ]
    # The 3rd passes whichever of B and C the lots put third, each paid a larger prize: the
    # prize page says so of both, as with every order tried.
    third = outcome.prizes[2]
    assert sorted(map(str, third.passed_over)) == [
        "B has a larger prize",
        "C has a larger prize",
    ]


def test_money_past_the_limit_passing_one_whose_lots_wait_waits_too(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """exhausted = "lots", no lots recorded, a limit of one: A, B and C (2 points each, 1 each
    on Direct Encounter) share 1st-3rd for now, and the 1st (300) with it, 100 each. A and D
    are the girls: Best Girl (50, the smaller) passes A, paid already, to D, but only for now.
    Should the lots put B or C first, A takes no part of the 1st and Best Girl is A's, not
    D's; so it waits, although the one whose lots wait (A) is where its walk starts, not
    the one holding it. The note names A as well as D: A first, A takes the 1st (300) and
    Best Girl passes A to D; B or C first, Best Girl is A's."""
    monkeypatch.setattr(prizes, "OUTCOMES_LIMIT", 1)
    extra = DE_LOTS_WITH_CATEGORIES + _money("1st", 1, 300) + _money("Best Girl", 1, 50, "G")
    players = dict(FOUR_UNDER_12, A=("2015-05-01", "F"), D=("2015-05-01", "F"))
    outcome, problems = _outcome(make_site, extra, games=CIRCLE, rules="fide", players=players)
    assert outcome is not None and not problems.errors, problems.items
    assert [(a.name, a.status, a.player, str(a.reason)) for a in outcome.prizes] == [
        ("1st", "pending", None, "waits for the drawing of lots: A or B or C"),
        ("Best Girl", "pending", None, "waits for the drawing of lots: A or D"),
    ]


def test_money_past_the_limit_names_only_the_held_out_players_who_may_take_it(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """exhausted = "lots", no lots recorded, a limit of one: A, B and C share 1st-3rd for now
    and pool the 1st (300) and 2nd (200), 500 / 3 each; C and D are the girls. Best Girl
    (150, less than a third of the pool) passes C, paid already, to D for now, so it waits.
    By hand, one prize each, the largest first: C first takes the 1st, C second the 2nd
    (200 > 150), and Best Girl goes to D; C third, A and B take the 1st and 2nd and Best Girl
    is C's. So it is C's or D's; A and B, sharing C's undrawn place, are boys: not named."""
    monkeypatch.setattr(prizes, "OUTCOMES_LIMIT", 1)
    extra = (
        DE_LOTS_WITH_CATEGORIES
        + _money("1st", 1, 300)
        + _money("2nd", 2, 200)
        + _money("Best Girl", 1, 150, "G")
    )
    players = dict(FOUR_UNDER_12, C=("2015-05-01", "F"), D=("2015-05-01", "F"))
    outcome, problems = _outcome(make_site, extra, games=CIRCLE, rules="fide", players=players)
    assert outcome is not None and not problems.errors, problems.items
    girls = [a for a in outcome.prizes if a.name == "Best Girl"]
    assert [(a.status, a.player, str(a.reason)) for a in girls] == [
        ("pending", None, "waits for the drawing of lots: C or D")
    ]


# Six players, FIDE rules with DE alone: A, B and C beat one another in a circle (2 points
# each, 1 each on Direct Encounter among themselves); D 1½ (beats E, draws F), E 1 (beats F),
# F ½. A, B and C are level on every tie-break: with exhausted = "lots" and no lots recorded
# they have 3! = 6 orders, past a limit of one.
SIX_AROUND_A_CIRCLE = [
    (1, "A", "B", "1-0"), (1, "C", "D", "1-0"), (1, "E", "F", "1-0"),
    (2, "B", "C", "1-0"), (2, "A", "E", "1-0"), (2, "D", "F", "1/2-1/2"),
    (3, "C", "A", "1-0"), (3, "B", "F", "1-0"), (3, "D", "E", "1-0"),
]  # fmt: skip


KNOCK_ON_PRIZES = (
    _money("1st", 1, 400)
    + _money("2nd", 2, 300)
    + _money("3rd", 3, 200)
    + _money("1st Under 12", 1, 250, "U12")
    + _money("Best Girl", 1, 100, "G")
)
KNOCK_ON_PLAYERS = {
    "A": ("2009-01-01", "M"),
    "B": ("2009-01-01", "M"),
    "C": ("2015-05-01", "M"),  # under 12
    "D": ("2009-01-01", "F"),
    "E": ("2009-01-01", "F"),
    "F": ("2015-05-01", "M"),  # under 12
}
"""The knock-on events' players: C and F under 12, D and E girls."""


def _prize_rows(outcome: EventOutcome) -> list[tuple[str, str, str | None]]:
    """(name, status, holder) of each prize line, the holder by name, None while pending."""
    event = outcome.event
    return [
        (a.name, a.status, event.player(a.player).name if a.player is not None else None)
        for a in outcome.prizes
    ]


def _names(note: str) -> set[str]:
    """The one-letter names a pending prize's note gives ("waits for ...: A or B, or nobody")."""
    return set(note.split(": ", 1)[1].replace(", or ", " or ").split(" or ")) - {"nobody"}


def _standing(outcome: EventOutcome) -> list[tuple[str, float]]:
    return [(row.player.name, row.points) for row in outcome.standings.rows]


def test_money_past_the_limit_waits_for_a_knock_on_of_the_lots(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """exhausted = "lots", no lots recorded: A, B and C (2 each) level on every tie-break for
    1st-3rd; D 1½, E 1, F ½. C and F are under 12, D and E girls. Money, one prize each, the
    largest first: 1st 400, 2nd 300, 1st Under 12 250, 3rd 200, Best Girl 100. By hand:
    lots A, B, C (or B, A, C): the first two take 400 and 300, C (3rd) takes the 1st Under 12
    (250 > 200), the 3rd passes C, paid, to D, and Best Girl passes D, paid, to E. C first or
    second: C takes the 1st or 2nd, the 1st Under 12 goes to F, the 3rd to whichever of A and
    B is third, Best Girl to D. So Best Girl is D's or E's, the 3rd A's, B's or D's, the 1st
    Under 12 C's or F's: every prize is pending. With a limit of one, A, B and C once pooled
    1st-3rd for now (300 each, more than the 250), and Best Girl went to D, awarded: the lots
    may yet give it to E. Now the limit of one agrees with every order tried on each prize's
    status, and its notes name everyone the lots may give a prize to: the same players for
    Best Girl and the 1st Under 12 (C takes it, or F after C is paid), at worst one too many
    for the 3rd (C, whom the 1st Under 12 always pays first)."""
    extra = DE_LOTS_WITH_CATEGORIES + KNOCK_ON_PRIZES
    players = KNOCK_ON_PLAYERS
    rows: list[list[tuple[str, str, str | None]]] = []
    notes: dict[str, str] = {}
    notes_one: dict[str, str] = {}
    for limit, slug in ((prizes.OUTCOMES_LIMIT, "every"), (1, "one")):
        monkeypatch.setattr(prizes, "OUTCOMES_LIMIT", limit)
        outcome, problems = _outcome(
            make_site, extra, games=SIX_AROUND_A_CIRCLE, rules="fide", players=players, slug=slug
        )
        assert outcome is not None and not problems.errors, problems.items
        assert _standing(outcome)[3:] == [("D", 1.5), ("E", 1.0), ("F", 0.5)]
        assert sorted(_standing(outcome)[:3]) == [("A", 2.0), ("B", 2.0), ("C", 2.0)]
        rows.append(_prize_rows(outcome))
        if limit > 1:
            notes = {a.name: str(a.reason) for a in outcome.prizes}
        else:
            notes_one = {a.name: str(a.reason) for a in outcome.prizes}
    every, one = rows
    assert every == [(name, "pending", None) for name in ("1st", "2nd", "3rd")] + [
        ("1st Under 12", "pending", None),
        ("Best Girl", "pending", None),
    ]
    assert notes["Best Girl"] == "waits for the drawing of lots: D or E"
    assert [row for row in one if row[0] == "Best Girl"] == [("Best Girl", "pending", None)]
    assert one == every
    assert notes_one["Best Girl"] == "waits for the drawing of lots: D or E"
    assert notes_one["1st Under 12"] == "waits for the drawing of lots: C or F"
    assert _names(notes_one["3rd"]) >= _names(notes["3rd"])


def test_money_past_the_limit_lists_every_prize_a_held_out_group_pools(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """exhausted = "lots", no lots recorded, the CIRCLE: A, B and C (2 each) level on every
    tie-break for 1st-3rd, D 0; B and D are the girls. Money, one prize each, the largest
    first: 1st 300, 2nd 200, Best Girl 150, 3rd 100. By hand: B first or second, B takes the
    1st or 2nd, Best Girl goes to D, the 3rd to whoever is third (A or C); B third, Best Girl
    is B's (150 > 100) and the 3rd passes B to D. So the 2nd is A's, B's or C's and the 3rd
    A's, C's or D's: both pending, listed with the 1st and Best Girl. With a limit of one, A,
    B and C once pooled 1st-3rd for now, and only the 1st and Best Girl were listed: the 2nd
    and 3rd vanished. Now every configured prize is listed at the limit of one too, each
    note naming at least everyone the lots may give it to: the same for the 1st, 2nd and
    Best Girl, one too many for the 3rd (B, who takes Best Girl when third: reckoned without
    every order), but never "nobody"."""
    extra = (
        DE_LOTS_WITH_CATEGORIES
        + _money("1st", 1, 300)
        + _money("2nd", 2, 200)
        + _money("3rd", 3, 100)
        + _money("Best Girl", 1, 150, "G")
    )
    players = dict(FOUR_UNDER_12, B=("2015-05-01", "F"), D=("2015-05-01", "F"))
    rows: list[list[tuple[str, str, str | None]]] = []
    notes: dict[str, str] = {}
    notes_one: dict[str, str] = {}
    for limit, slug in ((prizes.OUTCOMES_LIMIT, "every"), (1, "one")):
        monkeypatch.setattr(prizes, "OUTCOMES_LIMIT", limit)
        outcome, problems = _outcome(
            make_site, extra, games=CIRCLE, rules="fide", players=players, slug=slug
        )
        assert outcome is not None and not problems.errors, problems.items
        assert sorted(_standing(outcome)) == [("A", 2.0), ("B", 2.0), ("C", 2.0), ("D", 0.0)]
        assert _standing(outcome)[3] == ("D", 0.0)
        rows.append(_prize_rows(outcome))
        if limit > 1:
            notes = {a.name: str(a.reason) for a in outcome.prizes}
        else:
            notes_one = {a.name: str(a.reason) for a in outcome.prizes}
    every, one = rows
    assert every == [(name, "pending", None) for name in ("1st", "2nd", "3rd", "Best Girl")]
    assert notes["2nd"] == "waits for the drawing of lots: A or B or C"
    assert notes["3rd"] == "waits for the drawing of lots: A or C or D"
    assert {name for name, _, _ in one} == {"1st", "2nd", "3rd", "Best Girl"}
    assert one == every
    assert {name: notes_one[name] for name in ("1st", "2nd", "Best Girl")} == {
        "1st": "waits for the drawing of lots: A or B or C",
        "2nd": "waits for the drawing of lots: A or B or C",
        "Best Girl": "waits for the drawing of lots: B or D",
    }
    assert _names(notes_one["3rd"]) >= _names(notes["3rd"])
    # The 3rd is always taken, by the third of them or by D: the 1st and 2nd are sure to go
    # to the first two places, so Best Girl alone may have paid one of the two it passes.
    assert "nobody" not in notes_one["3rd"]


def test_money_past_the_limit_pays_the_places_below_a_held_out_group(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """exhausted = "lots", no lots recorded: A, B and C (2 each) level on every tie-break for
    1st-3rd; D 1½, E 1, F ½; place prizes only, 1st 300 down to 5th 25. By hand, one prize
    each, the largest first: whatever the lots, the 1st goes to whoever they put first, the
    2nd to the second and the 3rd to the third, so each of those waits on the lots (A or B or
    C), while the 4th is D's and the 5th E's for sure. With a limit of one the group is held
    out, and the same must come out: the 3rd stops at the third of their places, which
    neither the 1st nor the 2nd can have taken, rather than passing them to D."""
    extra = DE_LOTS
    for name, amount in (("1st", 300), ("2nd", 200), ("3rd", 100), ("4th", 50), ("5th", 25)):
        extra += _money(name, int(name[0]), amount)
    waiting = "waits for the drawing of lots: A or B or C"
    expected = [
        ("1st", "pending", None, waiting),
        ("2nd", "pending", None, waiting),
        ("3rd", "pending", None, waiting),
        ("4th", "awarded", "D", "4th overall"),
        ("5th", "awarded", "E", "5th overall"),
    ]
    for limit, slug in ((prizes.OUTCOMES_LIMIT, "every"), (1, "one")):
        monkeypatch.setattr(prizes, "OUTCOMES_LIMIT", limit)
        outcome, problems = _outcome(
            make_site, extra, games=SIX_AROUND_A_CIRCLE, rules="fide", slug=slug
        )
        assert outcome is not None and not problems.errors, problems.items
        rows = _prize_rows(outcome)
        notes = [str(a.reason) for a in outcome.prizes]
        assert [(*row, note) for row, note in zip(rows, notes, strict=True)] == expected, limit


def _limit_rows(
    make_site: SiteMaker,
    monkeypatch: pytest.MonkeyPatch,
    extra: str,
    games: list[tuple[int, str, str, str]],
    players: dict[str, tuple[str, str]],
) -> tuple[dict[str, tuple[str, str | None, str]], dict[str, tuple[str, str | None, str]]]:
    """Each prize's (status, holder, note), with every order of the lots tried and with a
    limit of one (every level group held out)."""
    found = []
    for limit, slug in ((prizes.OUTCOMES_LIMIT, "every"), (1, "one")):
        monkeypatch.setattr(prizes, "OUTCOMES_LIMIT", limit)
        outcome, problems = _outcome(
            make_site, extra, games=games, rules="fide", players=players, slug=slug
        )
        assert outcome is not None and not problems.errors, problems.items
        rows = zip(_prize_rows(outcome), outcome.prizes, strict=True)
        found.append({name: (st, who, str(a.reason)) for (name, st, who), a in rows})
    return found[0], found[1]


def _forfeit(round_number: int, white: str, black: str, result: str) -> str:
    return (
        f'[[results]]\nround = {round_number}\nwhite = "{white}"\nblack = "{black}"\n'
        f'result = "{result}"\nreason = "absent"\n'
    )


def test_money_past_the_limit_passes_a_player_barred_from_money_below_the_group(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The knock-on event above with forfeits costing money: E does not come to round 3
    (D wins by forfeit: the points are as before), and F, under 12, is a girl. By hand, one
    prize each, the largest first: lots putting C third, C takes the 1st Under 12, the 3rd
    passes C to D, and Best Girl passes D, paid, and E, barred, to F; C first or second, the
    1st Under 12 goes to F, the 3rd to the third of A and B, and Best Girl to D. So Best Girl
    is D's or F's, never E's, and the limit of one names both (E, barred, is passed over,
    not a player who may take it)."""
    extra = (
        'tiebreaks = ["DE"]\n'
        + CATEGORIES
        + '[ranking]\nexhausted = "lots"\n[prizes]\nforfeit_cancels_money = true\n'
        + KNOCK_ON_PRIZES
        + _forfeit(3, "D", "E", "+-")
    )
    games = [g for g in SIX_AROUND_A_CIRCLE if g[:3] != (3, "D", "E")]
    players = dict(KNOCK_ON_PLAYERS, F=("2015-05-01", "F"))  # F a girl too
    every, one = _limit_rows(make_site, monkeypatch, extra, games, players)
    assert every["Best Girl"] == ("pending", None, "waits for the drawing of lots: D or F")
    assert one["Best Girl"][:2] == ("pending", None)
    assert _names(one["Best Girl"][2]) >= {"D", "F"}
    assert "E" not in _names(one["Best Girl"][2])


def test_money_past_the_limit_with_a_group_member_barred_from_money(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIX_AROUND_A_CIRCLE with B not coming to round 1 (A wins by forfeit), forfeits
    costing money: A, B and C still 2 each and 1 each on Direct Encounter. Place prizes 1st
    300 down to 5th 25. By hand: B first, the 1st passes B to the second of them and the 2nd
    to the third; B second, the 1st goes to the first and the 2nd passes B to the third; B
    third, the 1st and 2nd go to the first two. Either way A and C take the 1st and 2nd and
    the 3rd passes to D, the 4th to E, the 5th to F. With a limit of one, B's barred place
    among theirs is not known, so the places below may wait, but the notes name at least
    who takes each."""
    extra = DE_LOTS + "[prizes]\nforfeit_cancels_money = true\n"
    for name, amount in (("1st", 300), ("2nd", 200), ("3rd", 100), ("4th", 50), ("5th", 25)):
        extra += _money(name, int(name[0]), amount)
    extra += _forfeit(1, "A", "B", "+-")
    games = [g for g in SIX_AROUND_A_CIRCLE if g[:3] != (1, "A", "B")]
    players = {name: ("2009-01-01", "M") for name in "ABCDEF"}
    every, one = _limit_rows(make_site, monkeypatch, extra, games, players)
    waiting = "waits for the drawing of lots: A or C"
    assert every == {
        "1st": ("pending", None, waiting),
        "2nd": ("pending", None, waiting),
        "3rd": ("awarded", "D", every["3rd"][2]),
        "4th": ("awarded", "E", every["4th"][2]),
        "5th": ("awarded", "F", every["5th"][2]),
    }
    for name, (status, holder, note) in one.items():
        if status == "awarded":
            assert (status, holder) == every[name][:2], name
        else:
            expected = {every[name][1]} if every[name][1] else _names(every[name][2])
            assert _names(note) >= expected and "B" not in _names(note), name


def test_money_past_the_limit_waits_on_a_knock_on_neither_drawing_shows(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The knock-on event with B, not C, under 12. Past the limit, two drawings of the lots
    are worked out in full (A, B, C and C, B, A): B is second in both, so both give Best Girl
    to D. By hand: B third, B takes the 1st Under 12 (250 > the 3rd's 200), the 3rd passes
    B to D and Best Girl passes D to E; B first or second, the 1st Under 12 goes to F, the
    3rd to the third of A and C, Best Girl to D. So Best Girl waits (D or E) at the limit of
    one too: D may have taken the 3rd."""
    extra = DE_LOTS_WITH_CATEGORIES
    extra += KNOCK_ON_PRIZES
    players = dict(KNOCK_ON_PLAYERS, B=("2015-05-01", "M"), C=("2009-01-01", "M"))
    every, one = _limit_rows(make_site, monkeypatch, extra, SIX_AROUND_A_CIRCLE, players)
    assert every["Best Girl"] == ("pending", None, "waits for the drawing of lots: D or E")
    assert every["1st Under 12"] == ("pending", None, "waits for the drawing of lots: B or F")
    assert one["Best Girl"] == every["Best Girl"]
    assert _names(one["1st Under 12"][2]) >= {"B", "F"}


def test_past_the_lots_never_calls_a_shared_place_sure() -> None:
    """``_past_the_lots`` alone: players 1-3 held out for 1st-3rd, 4 and 5 sharing 4th (a
    play-off's players left level, say), 6 sixth. The 1st, 2nd and 3rd go to the held-out
    players' first, second and third places; the 4th reaches the shared place: not sure (a
    shared place pools its prizes, which the walk does not follow), naming 4 and 5, and it
    stops there (they are free), so 6 is not named. With 5 barred from money, 4 alone is
    free there and takes it alone: sure."""
    money = [
        MoneyPrize(name, place, amount)
        for name, place, amount in (("1st", 1, 300), ("2nd", 2, 200), ("3rd", 3, 100))
    ] + [MoneyPrize("4th", 4, 50)]
    event = SimpleNamespace(config=SimpleNamespace(prizes=SimpleNamespace(money=money)))
    rank = {1: 1, 2: 1, 3: 1, 4: 4, 5: 4, 6: 6}
    ctx = prizes._Context(cast(Event, event), {"open": [1, 2, 3, 4, 5, 6]}, rank, {})
    group = frozenset({1, 2, 3})
    held_out = [prizes._Group((1, 2, 3), False)]
    first_three = [prizes._Bound(False, None, group, False)] * 3
    assert prizes._past_the_lots(ctx, set(), held_out) == [
        *first_three,
        prizes._Bound(False, None, frozenset({4, 5}), False),
    ]
    assert prizes._past_the_lots(ctx, {5}, held_out) == [
        *first_three,
        prizes._Bound(True, 4, frozenset({4}), False),
    ]


def test_money_past_the_limit_in_an_event_still_being_played_is_too_early_to_tell(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The event of ``test_money_past_the_limit_waits_only_where_the_lots_decide`` with a 4th
    round still to come: A, B and C level on every tie-break after round 3 of 4, lots not
    drawn, past a limit of one. The 1st waits for them as before, but in an event still
    being played it says it is too early to tell rather than naming everyone level (early in
    a big Swiss that was every one of hundreds of names, for each prize); D's 4th is sure,
    were the event to end now."""
    monkeypatch.setattr(prizes, "OUTCOMES_LIMIT", 1)
    extra = FIRST_AND_FOURTH_BY_LOTS
    outcome, problems = _outcome(
        make_site, extra, games=CIRCLE, rules="fide", players=FOUR_UNDER_12, rounds=4
    )
    assert outcome is not None and not problems.errors, problems.items
    assert not outcome.event.finished
    assert [(a.name, a.status, a.player, str(a.reason)) for a in outcome.prizes] == [
        (
            "1st",
            "pending",
            None,
            "after round 3 of 4, 3 players are level for a place no tie-break separates: "
            "too early to tell",
        ),
        ("4th", "awarded", 4, "4th overall"),
    ]


def test_money_past_the_limit_follows_category_prizes_sure_to_go_to_a_held_out_player(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIX_AROUND_A_CIRCLE with B not coming to round 1 (A wins by forfeit; forfeits cost
    money): A, B and C level for 1st-3rd, lots undrawn. A is the one girl, C and E the under
    12s. Money, one prize each, the largest first: Best Girl 500, 1st Under 12 400, 1st 300.
    By hand: Best Girl is A's whatever the lots (the only girl); the 1st Under 12 is C's (C
    is ahead of E, and unpaid at its turn); the 1st then passes A and C, paid, and B, barred,
    to D. All three are sure, with every order tried and with a limit of one: each category
    prize has one player who may take it, and the group is then paid or barred throughout."""
    extra = (
        'tiebreaks = ["DE"]\n'
        + CATEGORIES
        + '[ranking]\nexhausted = "lots"\n[prizes]\nforfeit_cancels_money = true\n'
        + _money("Best Girl", 1, 500, "G")
        + _money("1st Under 12", 1, 400, "U12")
        + _money("1st", 1, 300)
        + _forfeit(1, "A", "B", "+-")
    )
    games = [g for g in SIX_AROUND_A_CIRCLE if g[:3] != (1, "A", "B")]
    players = {
        "A": ("2009-01-01", "F"),
        "B": ("2009-01-01", "M"),
        "C": ("2015-05-01", "M"),  # under 12
        "D": ("2009-01-01", "M"),
        "E": ("2015-05-01", "M"),  # under 12
        "F": ("2009-01-01", "M"),
    }
    every, one = _limit_rows(make_site, monkeypatch, extra, games, players)
    expected = {
        "Best Girl": ("awarded", "A"),
        "1st Under 12": ("awarded", "C"),
        "1st": ("awarded", "D"),
    }
    assert {name: row[:2] for name, row in every.items()} == expected
    assert {name: row[:2] for name, row in one.items()} == expected


def test_past_the_lots_counts_no_barred_member_as_free() -> None:
    """``_past_the_lots`` alone: 1, 2 and 3 held out for 1st-3rd, 2 barred from money; 4 and
    5 below; category X holds 3 and 5. Prizes, the largest first: A (1000, 1st), B (900, 1st
    of X), C (800, 1st). By hand over the drawings: A goes to the first of 1 and 3 (2 is
    barred); B to 3 unless A took 3, then to 5; C to the first of the group unpaid and not
    barred, or past them to 4: with A to 1 and B to 3, nobody of the group is free and C is
    4's. So C is 1's or 4's, never nobody. The bound names 1, 3 and 4: walking the group's
    three places, it counts two players who may be free (2, barred, may hold one of those
    places) against the two prizes that may have paid them, A and B, so it walks on to 4;
    counting the barred member as free, it stopped there and left 4 out."""
    money = [
        MoneyPrize("A", 1, 1000),
        MoneyPrize("B", 1, 900, "X"),
        MoneyPrize("C", 1, 800),
    ]
    event = SimpleNamespace(config=SimpleNamespace(prizes=SimpleNamespace(money=money)))
    rankings = {"open": [1, 2, 3, 4, 5], "X": [3, 5]}
    rank = {1: 1, 2: 1, 3: 1, 4: 4, 5: 5}
    ctx = prizes._Context(cast(Event, event), rankings, rank, {})
    bounds = prizes._past_the_lots(ctx, {2}, [prizes._Group((1, 2, 3), False)])
    assert bounds == [
        prizes._Bound(False, None, frozenset({1, 3}), False),
        prizes._Bound(False, None, frozenset({3, 5}), False),
        prizes._Bound(False, None, frozenset({1, 3, 4}), False),
    ]
    assert bounds[2].takers >= {1, 4}  # everyone the drawings may give C to
