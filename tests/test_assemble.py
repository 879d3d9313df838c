"""Joining PGN games to the event: names, rounds, boards and every pairing contradiction."""

from __future__ import annotations

import json
import unicodedata

import pytest
from conftest import SiteMaker, event_toml, load, pgn_game

from generator.build import build_site
from generator.problems import Problem

A, B, C, D = "Alpha, Anna", "Bravo, Bob", "Charlie, Carl", "Delta, Dora"


def test_games_are_matched_by_name_alias_and_fide_id(make_site: SiteMaker) -> None:
    games = (
        pgn_game("1.1", "alpha,anna", "Bravo, B.", "1-0")
        + pgn_game("1.2", "A. Alpha", D, "0-1").replace("A. Alpha", "Charlie, Carl")
        + pgn_game("2.1", "Anna A.", C, "1/2-1/2", WhiteFideId="1000001")
        + pgn_game("2.2", "Bravo , Bob", D, "1-0")  # README: "ignoring case and spacing"
    )
    event, problems = load(make_site(event_toml(), {"games.pgn": games}))
    assert not problems.errors, problems.items
    assert event is not None
    assert [(g.round, g.board, g.white, g.black, g.result) for g in event.games] == [
        (1, 1, 1, 2, "1-0"),
        (1, 2, 3, 4, "0-1"),
        (2, 1, 1, 3, "1/2-1/2"),
        (2, 2, 2, 4, "1-0"),
    ]


_WITH_IDS = (
    'name = "T"\nformat = "swiss"\nrounds = 3\n'
    '[[players]]\nname = "Георгиев, Никола"\nfide_id = 2900102\n'
    '[[players]]\nname = "Иванов, Петър"\nfide_id = 2900101\n'
    '[[players]]\nname = "Щерев, Юлиян"\n'
    '[[players]]\nname = "Ангелов, Васил"\nfide_id = 4200109\n'
)


def test_a_spelling_a_game_gives_with_a_fide_id_finds_the_player_without_it(
    make_site: SiteMaker,
) -> None:
    """A broadcast writes "Georgiev, Nikola" with WhiteFideId 2900102 in round 1 and without
    it in rounds 2 and 3 (games typed in by hand): that spelling is player 1's in every
    round, as the organiser expects, with no alias to add."""
    games = (
        pgn_game(
            "1.1", "Georgiev, Nikola", "Ivanov, Petar", "1-0",
            WhiteFideId="2900102", BlackFideId="2900101",
        )
        + pgn_game("2.1", "Angelov, Vasil", "Georgiev, Nikola", "0-1", WhiteFideId="4200109")
        + pgn_game("3.1", "Georgiev, Nikola", "Щерев, Юлиян", "1/2-1/2")
    )  # fmt: skip
    event, problems = load(make_site(_WITH_IDS, {"games.pgn": games}))
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    assert [(g.round, g.white, g.black, g.result) for g in event.games] == [
        (1, 1, 2, "1-0"),
        (2, 4, 1, "0-1"),
        (3, 1, 3, "1/2-1/2"),
    ]


def test_a_spelling_given_with_two_players_ids_finds_neither(make_site: SiteMaker) -> None:
    """ "Ivanov" with Иванов's id in round 1 and Ангелов's in round 2 (a typing slip in one of
    the tags) tells nobody who "Ivanov" is in round 3, which has no id: unknown, with the
    transliterated spelling as the closest known player."""
    games = (
        pgn_game("1.1", "Ivanov", "Щерев, Юлиян", "1-0", WhiteFideId="2900101")
        + pgn_game("2.1", "Ivanov", "Георгиев, Никола", "1-0", WhiteFideId="4200109")
        + pgn_game("3.1", "Георгиев, Никола", "Ivanov", "1-0")
    )
    _, problems = load(make_site(_WITH_IDS, {"games.pgn": games}))
    (error,) = problems.errors
    assert error.message == (
        'unknown black player "Ivanov" in round 3, board 1, Георгиев, Никола v Ivanov'
    )
    assert error.line == 22  # the third game's Black tag (9 lines a game with an id tag)


def test_the_closest_names_are_found_across_scripts(make_site: SiteMaker) -> None:
    """ "Georgiev, Nikola" and "Георгиев, Никола" have no letter in common: difflib offered
    "Щерев, Юлиян" (through its alias "Shterev, Yuliyan", half the letters alike) and not
    Георгиев. In Latin letters the TRF's spelling is the same name, offered first."""
    toml = _WITH_IDS.replace(
        'name = "Щерев, Юлиян"\n', 'name = "Щерев, Юлиян"\naliases = ["Shterev, Yuliyan"]\n'
    )
    games = pgn_game("1.1", "Georgiev, Nikola", "Shterev, Yuliyan", "1-0")
    _, problems = load(make_site(toml, {"games.pgn": games}))
    (error,) = problems.errors
    assert error.hint.startswith("closest known players: Георгиев, Никола;")


def test_unknown_name_is_an_error_with_file_line_and_closest_names(make_site: SiteMaker) -> None:
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", "Charly, Carl", D, "1-0")
    _, problems = load(make_site(event_toml(), {"games.pgn": games}))
    (error,) = problems.errors
    assert error.path is not None and error.path.name == "games.pgn"
    assert error.line == 11  # the White tag of the second game (games start on lines 1, 9)
    assert (
        error.message
        == 'unknown white player "Charly, Carl" in round 1, board 2, Charly, Carl v Delta, Dora'
    )
    assert error.hint.startswith("closest known players: Charlie, Carl")


def test_an_unknown_name_in_many_games_is_compared_with_the_players_once(
    make_site: SiteMaker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each game naming "Charly, Carl" is an error with the same hint, worked out once: the
    hint compares the name with every player's (in Latin letters since this session), and a
    PGN file in another script than the TRF's names 2,000 players in 11 games each: 22,000
    comparisons with 2,000 names (tens of milliseconds each) before the errors came. Three
    games, one name: three errors, one comparison."""
    import generator.assemble

    asked: list[str] = []
    real = generator.assemble.closest_hint

    def counted(name: str, config: object) -> str:
        asked.append(name)
        return real(name, config)  # type: ignore[arg-type]

    monkeypatch.setattr(generator.assemble, "closest_hint", counted)
    games = (
        pgn_game("1.1", "Charly, Carl", A, "1-0")
        + pgn_game("2.1", B, "Charly, Carl", "1-0")
        + pgn_game("3.1", "Charly, Carl", D, "0-1")
    )
    _, problems = load(make_site(event_toml(), {"games.pgn": games}))
    assert [e.code for e in problems.errors] == ["unknown-player"] * 3
    assert {e.hint for e in problems.errors} == {
        'closest known players: Charlie, Carl (add aliases = ["Charly, Carl"] to the [[players]] '
        'entry of the player it is, or "Charly, Carl" to the aliases it has)'
    }
    assert asked == ["Charly, Carl"]


def test_round_and_board_come_from_the_round_tag_in_any_order(make_site: SiteMaker) -> None:
    games = (
        pgn_game("1.2", C, D, "1-0")
        + pgn_game("1", A, B, "0-1")
        + pgn_game("2.1", D, A, "1/2-1/2")
        + pgn_game(" 2.2 ", B, C, "1-0")
    )
    event, problems = load(make_site(event_toml(), {"games.pgn": games}))
    assert not problems.items
    assert event is not None
    # A game without a board number takes the lowest board left free: board 1 here.
    assert [(g.round, g.board, g.white) for g in event.games] == [
        (1, 1, 1),
        (1, 2, 3),
        (2, 1, 4),
        (2, 2, 2),
    ]


def test_a_round_that_does_not_exist(make_site: SiteMaker) -> None:
    _, problems = load(make_site(event_toml(), {"g.pgn": pgn_game("4.1", A, B, "1-0")}))
    (error,) = problems.errors
    assert error.line == 2
    assert "round 4 does not exist (the event has 3 rounds)" in error.message


def test_an_unreadable_round_tag(make_site: SiteMaker) -> None:
    _, problems = load(make_site(event_toml(), {"g.pgn": pgn_game("?", A, B, "1-0")}))
    (error,) = problems.errors
    assert 'cannot read the Round tag "?"' in error.message
    assert error.hint.startswith('write [Round "5"]')


def test_an_unreadable_round_tag_is_not_called_a_round(make_site: SiteMaker) -> None:
    """The message named the game by its label, "round R3, ...": "of round R3" read as if
    the round had been understood."""
    _, problems = load(make_site(event_toml(), {"g.pgn": pgn_game("R3", A, B, "1-0")}))
    (error,) = problems.errors
    assert error.line == 2
    assert error.message == 'cannot read the Round tag "R3" of Alpha, Anna v Bravo, Bob'


def test_a_pairing_seen_twice(make_site: SiteMaker) -> None:
    files = {"a.pgn": pgn_game("1.1", A, B, "1-0"), "b.pgn": pgn_game("1.1", A, B, "1-0")}
    _, problems = load(make_site(event_toml(), files))
    (error,) = problems.errors
    assert error.path is not None and error.path.name == "b.pgn"
    assert error.message == (
        "the pairing Alpha, Anna v Bravo, Bob of round 1 is seen twice (also at a.pgn:1)"
    )


def test_a_player_paired_twice_in_one_round(make_site: SiteMaker) -> None:
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", C, A, "1-0")
    _, problems = load(make_site(event_toml(), {"g.pgn": games}))
    (error,) = problems.errors
    assert error.message == "Alpha, Anna is paired twice in round 1 (also at g.pgn:1)"
    assert error.line == 9


def test_a_pair_meeting_again_in_a_single_round_robin(make_site: SiteMaker) -> None:
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("3.1", B, A, "1-0")
    _, problems = load(make_site(event_toml(), {"g.pgn": games}))
    (error,) = problems.errors
    assert "meet again in round 3 (they already met in round 1, g.pgn:1)" in error.message
    doubled = event_toml(format="double-round-robin", rounds=6)
    _, problems = load(make_site(doubled, {"g.pgn": games}, slug="drr"), "drr")
    assert not problems.errors


def test_results_entry_adds_a_forfeit_no_pgn_carries(make_site: SiteMaker) -> None:
    body = (
        f'[[results]]\nround = 1\nwhite = "{C}"\nblack = "{D}"\nresult = "+-"\nreason = "late"\n\n'
    )
    event, problems = load(make_site(event_toml(body), {"g.pgn": pgn_game("1.1", A, B, "1-0")}))
    assert not problems.items
    assert event is not None
    forfeit = event.games[1]
    assert (forfeit.round, forfeit.board, forfeit.white, forfeit.black) == (1, 2, 3, 4)
    assert forfeit.forfeit and not forfeit.played
    assert forfeit.reason == "late"


def test_results_entry_with_a_reason_overrides_the_pgn(make_site: SiteMaker) -> None:
    body = (
        f'[[results]]\nround = 1\nwhite = "{A}"\nblack = "{B}"\nresult = "0-1"\n'
        'reason = "Phone rang: game forfeited"\n\n'
    )
    event, problems = load(
        make_site(event_toml(body), {"g.pgn": pgn_game("1.1", A, B, "1-0", "1. e4 e5")})
    )
    assert not problems.items
    assert event is not None
    (game,) = event.games
    assert (game.result, game.pgn_result, game.reason, game.plies) == (
        "0-1",
        "1-0",
        "Phone rang: game forfeited",
        2,
    )


def test_results_entry_contradicting_the_pgn_is_an_error(make_site: SiteMaker) -> None:
    body = f'[[results]]\nround = 1\nwhite = "{A}"\nblack = "{B}"\nresult = "0-1"\n\n'
    text = event_toml(body)
    _, problems = load(make_site(text, {"g.pgn": pgn_game("1.1", A, B, "1-0")}))
    (error,) = problems.errors
    assert error.path is not None and error.path.name == "event.toml"
    assert error.line == text.splitlines().index("[[results]]") + 1
    assert "the PGN result 1-0 (g.pgn:1) contradicts [[results]] 0-1" in error.message
    assert "reason" in error.hint


def test_results_entry_with_other_colours_or_opponent_is_an_error(make_site: SiteMaker) -> None:
    swapped = f'[[results]]\nround = 1\nwhite = "{B}"\nblack = "{A}"\nresult = "1-0"\n\n'
    _, problems = load(make_site(event_toml(swapped), {"g.pgn": pgn_game("1.1", A, B, "1-0")}))
    (error,) = problems.errors
    assert "colours the other way round" in error.message
    other = f'[[results]]\nround = 1\nwhite = "{A}"\nblack = "{C}"\nresult = "1-0"\n\n'
    _, problems = load(
        make_site(event_toml(other), {"g.pgn": pgn_game("1.1", A, B, "1-0")}, slug="other"), "other"
    )
    (error,) = problems.errors
    assert "but g.pgn:1 has Alpha, Anna v Bravo, Bob in that round" in error.message


def test_a_bye_and_a_game_in_the_same_round(make_site: SiteMaker) -> None:
    body = f'[[byes]]\nround = 1\nplayer = "{A}"\npoints = 1\n\n'
    _, problems = load(
        make_site(event_toml(body, format="swiss"), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    )
    (error,) = problems.errors
    assert error.message == "Alpha, Anna has a bye in round 1 but also a game in that round"


def test_a_withdrawn_player_cannot_play_later(make_site: SiteMaker) -> None:
    body = f'[[withdrawals]]\nplayer = "{A}"\nafter_round = 1\n\n'
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("2.1", A, C, "1-0")
    _, problems = load(make_site(event_toml(body, format="swiss"), {"g.pgn": games}))
    (error,) = problems.errors
    # g.pgn:9 (each game takes eight lines), the game's place, was said twice: before the
    # message and in brackets after it
    assert (error.path.name, error.line) == ("g.pgn", 9)
    assert error.message == "Alpha, Anna withdrew after round 1 but plays in round 2"
    assert error.hint == (
        "correct after_round in [[withdrawals]] (after_round = 2 if the player left after round "
        '2), or record the game as a forfeit ([Termination "forfeit"] and no moves)'
    )


def test_a_withdrawal_before_rounds_played_is_one_error_with_the_round_to_write(
    make_site: SiteMaker,
) -> None:
    """after_round = 0 for a player who played rounds 1 to 3 was three errors, one a game,
    and the hint "correct after_round" did not say to what. It is one error, on the first
    game, listing the rounds, with the last round played to write."""
    body = f'[[withdrawals]]\nplayer = "{A}"\nafter_round = 0\n\n'
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("2.1", C, A, "1-0")
    games += pgn_game("3.1", A, D, "1/2-1/2")
    _, problems = load(make_site(event_toml(body, format="swiss"), {"g.pgn": games}))
    assert [(e.line, e.message, e.hint) for e in problems.errors] == [
        (
            1,
            "Alpha, Anna withdrew after round 0 but plays in rounds 1, 2 and 3 (g.pgn:1 and 2 "
            "more)",
            "correct after_round in [[withdrawals]] (after_round = 3 if the player left after "
            'round 3), or record the games as forfeits ([Termination "forfeit"] and no moves)',
        )
    ]


def test_a_withdrawn_player_scores_no_bye_later(make_site: SiteMaker) -> None:
    """A withdraws after round 1; a full-point bye in round 3 gave her a point the README's
    "rounds after a withdrawal score nothing" denies. A zero-point bye (an absence) is fine."""
    body = (
        f'[[withdrawals]]\nplayer = "{A}"\nafter_round = 1\n\n'
        f'[[byes]]\nround = 2\nplayer = "{A}"\npoints = 0\n\n'
        f'[[byes]]\nround = 3\nplayer = "{A}"\npoints = 1\n\n'
    )
    text = event_toml(body, format="swiss")
    _, problems = load(make_site(text, {"g.pgn": pgn_game("1.1", A, B, "1-0")}))
    (error,) = problems.errors
    assert error.message == (
        "Alpha, Anna withdrew after round 1 but has a full-point bye in round 3"
    )
    assert error.line == text.splitlines().index("round = 3")  # its [[byes]] line


def test_a_bad_result_tag(make_site: SiteMaker) -> None:
    _, problems = load(make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1:0")}))
    (error,) = problems.errors
    assert (
        error.message
        == 'round 1, board 1, Alpha, Anna v Bravo, Bob: the result "1:0" is not a PGN result'
    )
    assert error.line == 5
    assert error.hint.startswith('write "1-0": PGN writes a result ')


@pytest.mark.parametrize(
    ("written", "hint"),
    [
        (
            "+/-",
            'a forfeit in a PGN file is [Result "1-0"] with [Termination "forfeit"] and no '
            "moves (or, instead of this game, a [[results]] entry in event.toml with result = "
            '"+-")',
        ),
        (
            "0F-1F",
            'a forfeit in a PGN file is [Result "0-1"] with [Termination "forfeit"] and no '
            "moves (or, instead of this game, a [[results]] entry in event.toml with result = "
            '"-+")',
        ),
        (
            "--",
            "neither player came: delete this game and add a [[results]] entry in event.toml "
            'with result = "--"',
        ),
    ],
)
def test_a_forfeit_written_in_the_result_tag_is_told_both_ways_to_enter_it(
    make_site: SiteMaker, written: str, hint: str
) -> None:
    """A club's "+/-" in the Result tag: the hint named only a [[results]] entry, not the
    README's way for a PGN file, a Termination tag of "forfeit"; a double forfeit has only
    the [[results]] way."""
    game = pgn_game("1.1", A, B, written).replace(f" {written}\n", " *\n")
    _, problems = load(make_site(event_toml(), {"g.pgn": game}))
    (error,) = problems.errors
    assert error.message == (
        f'round 1, board 1, Alpha, Anna v Bravo, Bob: the result "{written}" is not a PGN result'
    )
    assert error.hint == hint


@pytest.mark.parametrize(
    ("written", "meant"),
    [("½-½", "1/2-1/2"), ("0.5-0.5", "1/2-1/2"), ("½:½", "1/2-1/2"), ("0 - 1", "0-1")],
)
def test_a_result_written_as_a_score_sheet_does_is_one_error_saying_what_to_write(
    make_site: SiteMaker, written: str, meant: str
) -> None:
    """A tag of "½-½" and "1/2-1/2" after the moves: one error, saying to write "1/2-1/2",
    and no warning that the two disagree and "the tag is taken" (it is not: the game is
    left out until the tag is corrected)."""
    game = pgn_game("1.1", A, B, written).replace(f" {written}\n", f" {meant}\n")
    _, problems = load(make_site(event_toml(), {"g.pgn": game}))
    assert [(p.severity.value, p.message, p.hint) for p in problems.items] == [
        (
            "error",
            f'round 1, board 1, Alpha, Anna v Bravo, Bob: the result "{written}" is not a PGN '
            "result",
            f'write "{meant}": PGN writes a result "1-0", "0-1", "1/2-1/2", or "*" for a game '
            "not finished",
        )
    ]


def test_a_game_without_a_player_tag_says_so(make_site: SiteMaker) -> None:
    """python-chess fills a missing White or Black tag with "?": that is no player's name, so
    the error is about the tag, not an unknown player "?" to add to the event."""
    games = pgn_game("1.1", A, B, "1-0").replace(f'[White "{A}"]\n', "") + pgn_game(
        "1.2", C, "?", "0-1"
    )
    _, problems = load(make_site(event_toml(), {"games.pgn": games}))
    missing, unknown = problems.errors
    assert missing.message == f"no White tag in round 1, board 1, ? v {B}"
    assert missing.line == 1  # the game's first line: there is no White tag to point at
    assert unknown.message == f'the Black tag names no player ("?") in round 1, board 2, {C} v ?'
    assert unknown.line == 11  # the Black tag: the second game starts on line 8
    for error in (missing, unknown):
        assert "[[players]]" not in error.hint and "Surname, Given" in error.hint


def test_a_fide_id_of_another_player_is_reported(make_site: SiteMaker) -> None:
    """Bravo plays White under the name, but the WhiteFideId is Alpha's (1000001): the name
    decides, and the build says one of the two tags is wrong."""
    games = pgn_game("1.1", B, C, "1-0", WhiteFideId="1000001") + pgn_game(
        "1.2", A, D, "1-0", WhiteFideId="1000001"
    )
    event, problems = load(make_site(event_toml(), {"games.pgn": games}))
    assert event is not None and not problems.errors, problems.items
    assert [(g.white, g.black) for g in event.games] == [(2, 3), (1, 4)]
    (warning,) = problems.warnings
    assert (warning.code, warning.line) == ("fide-id-mismatch", 6)
    assert warning.message == (
        "round 1, board 1, Bravo, Bob v Charlie, Carl: the White tag names Bravo, Bob, but "
        "WhiteFideId 1000001 is Alpha, Anna's; the name was taken"
    )


def test_names_match_whatever_their_unicode_form(make_site: SiteMaker) -> None:
    """ "Müller" written with "u" and a combining diaeresis (macOS, text copied from a PDF)
    is the event file's "Müller": the two look alike, and the error named both the same."""
    composed, decomposed = "Müller, Jörg", unicodedata.normalize("NFD", "Müller, Jörg")
    assert composed != decomposed
    toml = event_toml().replace("Delta, Dora", composed)
    games = pgn_game("1.1", decomposed, A, "1-0")
    event, problems = load(make_site(toml, {"g.pgn": games}))
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    assert event.player(event.games[0].white).name == composed


def test_a_game_marked_forfeit_in_its_pgn_is_a_forfeit(make_site: SiteMaker) -> None:
    """Broadcast tools write a forfeit as a decisive result without moves and a Termination
    tag "forfeit": it is a forfeit (not a game played, which Games with Black, the prize rules
    and TRF's codes count otherwise). "time forfeit" is a game lost on time, played; a result
    without moves and without the tag stays a result typed in."""
    games = (
        pgn_game("1.1", A, B, "1-0", Termination="forfeit")
        + pgn_game("1.2", C, D, "0-1", Termination="Forfeit")
        + pgn_game("2.1", A, C, "1-0", "1. e4 e5", Termination="time forfeit")
        + pgn_game("2.2", B, D, "0-1")
    )
    event, problems = load(make_site(event_toml(), {"g.pgn": games}))
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    assert [(g.round, g.board, g.result, g.forfeit) for g in event.games] == [
        (1, 1, "+-", True),
        (1, 2, "-+", True),
        (2, 1, "1-0", False),
        (2, 2, "0-1", False),
    ]


def test_a_game_without_moves_called_a_forfeit_in_other_words_is_said_to_count_as_played(
    make_site: SiteMaker,
) -> None:
    """A Termination tag "White wins by forfeit", a comment "{ Bravo did not come: forfeit }"
    or "walkover" on a result without moves: only [Termination "forfeit"] makes a forfeit,
    so each counts as a game played, as before, but the arbiter is told (Games with Black,
    the U.S. prize rule and TRF count a forfeit otherwise). Not said of "time forfeit" (lost
    on time: played), of a game with moves, of a draw, nor of [Termination "forfeit"]."""
    games = (
        pgn_game("1.1", A, B, "1-0", Termination="White wins by forfeit")
        + pgn_game("1.2", C, D, "0-1", "{ Charlie did not come: forfeit }")
        + pgn_game("2.1", A, C, "1-0", Termination="Walkover")
        + pgn_game("2.2", B, D, "0-1", Termination="Time forfeit")
        + pgn_game("3.1", A, D, "1-0", "1. e4 e5", Termination="White wins by forfeit")
        + pgn_game("3.2", B, C, "1/2-1/2", Termination="forfeit, both")
    )
    event, problems = load(make_site(event_toml(), {"g.pgn": games}))
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    assert [(g.round, g.board, g.result) for g in event.games][:3] == [
        (1, 1, "1-0"),
        (1, 2, "0-1"),
        (2, 1, "1-0"),
    ]
    said = [(p.line, p.message) for p in problems.items if p.code == "forfeit-unmarked"]
    assert said == [
        (
            6,  # the Termination tag's line
            "round 1, board 1, Alpha, Anna v Bravo, Bob: no moves, and its Termination tag "
            'says "White wins by forfeit", but the game counts as played 1-0: only a '
            "Termination tag of forfeit makes a PGN game a forfeit",
        ),
        (
            10,  # the game's first line (the first game's 8 lines and a blank before it)
            "round 1, board 2, Charlie, Carl v Delta, Dora: no moves, and its comment says "
            '"Charlie did not come: forfeit", but the game counts as played 0-1: only a '
            "Termination tag of forfeit makes a PGN game a forfeit",
        ),
        (
            23,  # 10 to 17 the second game, its Event tag on 18
            "round 2, board 1, Alpha, Anna v Charlie, Carl: no moves, and its Termination tag "
            'says "Walkover", but the game counts as played 1-0: only a Termination tag of '
            "forfeit makes a PGN game a forfeit",
        ),
    ]
    (first,) = [p for p in problems.items if p.line == 6]
    assert dict(first.context) == {"round": 1, "white": A, "board": 1, "black": B}


def test_a_board_tag_numbers_the_board_when_the_round_tag_does_not(make_site: SiteMaker) -> None:
    """[Round "1"] [Board "2"] (ChessBase, lichess): board 2, whatever the order in the file;
    a board in the Round tag ("1.1") still decides."""
    games = (
        pgn_game("1", A, B, "1-0", Board="2")
        + pgn_game("1", C, D, "0-1", Board="1")
        + pgn_game("2.2", A, C, "1-0", Board="1")
    )
    event, problems = load(make_site(event_toml(), {"g.pgn": games}))
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    assert sorted((g.round, g.board, g.white) for g in event.games) == [
        (1, 1, 3),
        (1, 2, 1),
        (2, 2, 1),
    ]


def test_a_bye_written_as_a_game_is_named_as_such(make_site: SiteMaker) -> None:
    """Pairing programs and broadcasts write a bye as a game against "BYE": not a player to
    add to [[players]] (the hint said so), but a [[byes]] entry."""
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", C, "BYE", "1-0")
    _, problems = load(make_site(event_toml(format="swiss"), {"g.pgn": games}))
    (error,) = problems.errors
    assert error.message == (
        'a bye written as a game: the Black tag names "BYE" in round 1, board 2, '
        "Charlie, Carl v BYE"
    )
    assert error.hint.startswith("record the bye in event.toml as [[byes]]")


def test_a_results_entry_against_a_pgn_forfeit_names_the_termination_tag(
    make_site: SiteMaker,
) -> None:
    """The PGN says 0-1 and [[results]] says 0-1, yet they disagree: the PGN's Termination
    tag made its game a forfeit. The message says so (it read "the PGN result -+")."""
    body = f'[[results]]\nround = 1\nwhite = "{A}"\nblack = "{B}"\nresult = "0-1"\n\n'
    games = pgn_game("1.1", A, B, "0-1", Termination="forfeit")
    _, problems = load(make_site(event_toml(body), {"g.pgn": games}))
    (error,) = problems.errors
    assert 'the PGN result 0-1 with [Termination "forfeit"], a forfeit (g.pgn:1)' in error.message


def test_a_game_without_any_result_is_a_warning(make_site: SiteMaker) -> None:
    """A result left out when typing the games in: the game counts as not finished (``*``),
    which kept the event provisional with nothing printed. ``[Result "*"]`` says so on
    purpose (pairings published), and is no warning."""
    typed = '[Round "1.1"]\n[White "Alpha, Anna"]\n[Black "Bravo, Bob"]\n\n'
    files = {"g.pgn": typed + pgn_game("1.2", C, D, "*")}
    event, problems = load(make_site(event_toml(), files))
    assert event is not None and not problems.errors
    assert [g.result for g in event.games] == ["*", "*"]
    (warning,) = problems.warnings
    assert (warning.code, warning.line) == ("no-result", 1)
    assert warning.message == (
        "round 1, board 1, Alpha, Anna v Bravo, Bob: no Result tag and no result after the tags, "
        "so the game counts as not finished yet"
    )


def test_a_pgn_file_read_through_a_linked_folder_is_no_warning(make_site: SiteMaker) -> None:
    """games/ linked to the folder the arbiter saves into (2026-games/): the default pattern
    games/*.pgn reads both rounds through the link, so nothing is left out; the walk, which
    does not follow links, met them as 2026-games/*.pgn and warned that both were not read."""
    files = {
        "2026-games/round1.pgn": pgn_game("1.1", A, B, "1-0"),
        "2026-games/round2.pgn": pgn_game("2.1", A, C, "1-0"),
    }
    site = make_site(event_toml(), files)
    (site / "content/ev/games").symlink_to("2026-games")
    event, problems = load(site)
    assert event is not None and [g.round for g in event.games] == [1, 2]
    assert [w.code for w in problems.warnings] == []


def test_a_pgn_file_no_pattern_reads_is_a_warning(make_site: SiteMaker) -> None:
    """``*.pgn`` is case-sensitive: round 2 saved as ``round2.PGN``, or put in ``Games/``,
    was left out without a word (a round without results is simply not played yet)."""
    files = {
        "games/round1.pgn": pgn_game("1.1", A, B, "1-0"),
        "games/round2.PGN": pgn_game("2.1", A, C, "1-0"),
        "Games/round3.pgn": pgn_game("3.1", A, D, "1-0"),
    }
    event, problems = load(make_site(event_toml(), files))
    assert event is not None and [g.round for g in event.games] == [1]
    found = [(w.code, w.path and w.path.name, w.message) for w in problems.warnings]
    patterns = '("*.pgn", "games/*.pgn", "playoff/*.pgn")'
    assert found == [
        (
            "pgn-not-read",
            "round3.pgn",
            f"Games/round3.pgn is not read: no pattern of pgn or [playoff] pgn matches it "
            f"{patterns}",
        ),
        (
            "pgn-not-read",
            "round2.PGN",
            f"games/round2.PGN is not read: no pattern of pgn or [playoff] pgn matches it "
            f"{patterns}",
        ),
    ]


def test_a_pgn_file_in_no_events_folder_is_a_warning(make_site: SiteMaker) -> None:
    """Round 2 saved in content/ itself, round 3 in a content/games/ beside the event's
    folder: nothing reads either, and the site was published with both rounds unplayed
    without a word. The event's own folder and games/ are still read as before."""
    from generator.build import build_site

    site = make_site(event_toml(), {"games/round1.pgn": pgn_game("1.1", A, B, "1-0")})
    (site / "content/round2.pgn").write_text(pgn_game("2.1", A, C, "1-0"), encoding="utf-8")
    (site / "content/games").mkdir()
    (site / "content/games/round3.pgn").write_text(pgn_game("3.1", A, D, "1-0"), "utf-8")
    report = build_site(site)
    assert report.written
    found = [(w.code, w.path, w.message, w.hint) for w in report.problems.warnings]
    where = "from an event's folder (content/<event>/, or content/<championship>/<section>/)"
    hint = (
        "move it into the folder of its event, beside event.toml (or into the games/ folder there)"
    )
    assert [f for f in found if f[0] == "pgn-not-read"] == [
        (
            "pgn-not-read",
            site / "content/round2.pgn",
            f"round2.pgn is not read: PGN files are read only {where}, and this one is in none",
            hint,
        ),
        (
            "pgn-not-read",
            site / "content/games/round3.pgn",
            f"games/round3.pgn is not read: PGN files are read only {where}, and this one is "
            "in none",
            hint,
        ),
    ]


@pytest.mark.parametrize(
    ("name", "hint"),
    [
        (
            "event.toml.txt",
            "rename event.toml.txt to event.toml (Windows hides the .txt its editor added "
            "unless file name extensions are shown)",
        ),
        (
            "Event.toml",
            "rename Event.toml to event.toml (file names are case-sensitive where the site may "
            "be built, e.g. on GitHub)",
        ),
    ],
)
def test_an_event_file_saved_under_another_name_is_a_warning(
    make_site: SiteMaker, name: str, hint: str
) -> None:
    """Notepad's event.toml.txt, or Event.toml (read on a Mac, not on Linux): the folder was
    no event, and the whole event left the site without a word. One warning names the file
    (not one for each of its PGN files, which would send the organiser to move them)."""
    from generator.build import build_site

    games = {f"games/round{n}.pgn": pgn_game(f"{n}.1", A, B, "1-0") for n in (1, 2)}
    site = make_site(event_toml(), games)
    (site / "content/ev/event.toml").rename(site / "content/ev" / name)
    report = build_site(site)
    found = [(w.code, w.path, w.message, w.hint) for w in report.problems.warnings]
    assert found == [
        (
            "event-not-read",
            site / "content/ev" / name,
            f'ev/{name} is not read: an event\'s file must be named "event.toml" exactly (small '
            "letters, nothing after .toml), so the folder is no event and nothing in it is "
            "published",
            hint,
        )
    ]


def test_a_folder_of_pgn_files_in_no_event_is_one_warning(make_site: SiteMaker) -> None:
    """Four rounds in content/old-games/: one warning for the folder, naming three files."""
    site = make_site(event_toml(), {"games/round1.pgn": pgn_game("1.1", A, B, "1-0")})
    (site / "content/old-games").mkdir()
    for n in (1, 2, 3, 4):
        (site / f"content/old-games/r{n}.pgn").write_text(pgn_game(f"{n}.1", A, C, "1-0"))
    from generator.build import build_site

    report = build_site(site)
    found = [(w.code, w.path, w.message, w.hint) for w in report.problems.warnings]
    assert [f for f in found if f[0] == "pgn-not-read"] == [
        (
            "pgn-not-read",
            site / "content/old-games",
            "old-games/ holds 4 PGN files (r1.pgn, r2.pgn, r3.pgn, ...) that nothing reads: "
            "PGN files are read only from an event's folder (content/<event>/, or "
            "content/<championship>/<section>/), and this one is in none",
            "move them into the folder of their event, beside event.toml (or into the games/ "
            "folder there), or give the folder an event.toml",
        )
    ]


def test_a_game_of_a_player_against_themself_says_which_tags_to_correct(
    make_site: SiteMaker,
) -> None:
    """White "Bravo, Bob", Black his alias "Bravo, B." (the black player's name copied from
    the line above): the error named the game but said nothing of what to correct."""
    games = pgn_game("1.1", B, "Bravo, B.", "1-0") + pgn_game("1.2", C, D, "1-0")
    _, problems = load(make_site(event_toml(), {"g.pgn": games}))
    (error,) = problems.errors
    assert (error.code, error.line) == ("self-pairing", 4)  # Event, Round, White, Black
    assert (
        error.message
        == "round 1, board 1, Bravo, Bob v Bravo, B.: the same player has White and Black"
    )
    assert error.hint == (
        "correct the White or the Black tag (with its FIDE id tag): they name one player, by "
        "name, alias or FIDE id"
    )


def test_a_withdrawal_may_name_the_player_by_an_alias(make_site: SiteMaker) -> None:
    """[[withdrawals]] accepts an alias ("Bravo, B." is Bravo's), as [[byes]] and
    [[results]] do: it withdraws that player, where it was checked, then silently dropped."""
    body = '[[withdrawals]]\nplayer = "Bravo, B."\nafter_round = 1\nreason = "Illness"\n\n'
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", C, D, "1-0")
    event, problems = load(make_site(event_toml(body, format="swiss"), {"g.pgn": games}))
    assert event is not None and not problems.items, problems.items
    assert [(p.name, p.withdrawn_after, p.withdrawal_reason) for p in event.players] == [
        (A, None, ""),
        (B, 1, "Illness"),
        (C, None, ""),
        (D, None, ""),
    ]


@pytest.mark.parametrize(
    ("format", "start", "tiebreaks", "warned"),
    [
        ("double-round-robin", "2026-04-01", '["DE", "SB", "BH", "FB/C1"]', "BH, FB/C1"),
        ("round-robin", "2026-03-01", '["aob"]', "AOB"),
        ("round-robin", "2026-02-28", '["BH"]', None),  # the 2024 edition: no such rule
        ("round-robin", "2026-04-01", '["SB", "KS"]', None),
        ("swiss", "2026-04-01", '["BH"]', None),  # Buchholz is made for a Swiss
    ],
)
def test_buchholz_in_a_round_robin_under_the_2026_rules_is_a_warning(
    make_site: SiteMaker, format: str, start: str, tiebreaks: str, warned: str | None
) -> None:
    """C.07 from 1 March 2026, article 8: the Buchholz tie-breaks (BH, FB, AOB) "must not be
    used in round-robins". The event still ranks by them, as it says; the arbiter is told."""
    rounds = 6 if format == "double-round-robin" else 3
    toml = event_toml(f"start = {start}\ntiebreaks = {tiebreaks}\n", format=format, rounds=rounds)
    toml = toml.replace("start = 2025-06-01\n", "")
    event, problems = load(make_site(toml, {"games.pgn": pgn_game("1.1", A, B, "1-0")}))
    assert event is not None and not problems.errors, problems.items
    found = [p for p in problems.warnings if p.code == "buchholz-in-round-robin"]
    if warned is None:
        assert not found
        return
    (warning,) = found
    assert warning.message.startswith(f"tiebreaks: {warned} in a {format}: ")
    assert "must not be used in round robins" in warning.message
    assert warning.path is not None and warning.path.name == "event.toml"
    assert warning.line == 5  # name, format, rounds and start come first


def test_a_k_factor_given_to_an_unrated_player_is_a_warning(make_site: SiteMaker) -> None:
    """FIDE 8.3 changes a rating; an unrated player's first rating comes from 8.2: a
    ``k_factor`` on Echo's entry (no rating) and on Foxtrot's (rating = 0, unrated too) is
    never used, and the arbiter is told, on the k_factor's line, with Echo's name. Alpha's
    own K (rated 2400) and the event's K (which every player gets) say nothing."""
    toml = event_toml("k_factor = 20\n", format="swiss").replace(
        f'name = "{A}"\n', f'name = "{A}"\nk_factor = 10\n'
    )
    toml += '\n[[players]]\nname = "Echo, Eve"\nk_factor = 40\n'
    toml += '\n[[players]]\nname = "Foxtrot, Fay"\nrating = 0\nk_factor = 30\n'
    site = make_site(toml, {"games.pgn": pgn_game("1.1", A, B, "1-0")})
    event, problems = load(site)
    assert event is not None and not problems.errors, problems.items
    found = [p for p in problems.warnings if p.code == "k-factor-unrated"]
    assert [dict(p.context)["player"] for p in found] == ["Echo, Eve", "Foxtrot, Fay"]
    lines = toml.splitlines()
    assert [p.line for p in found] == [
        lines.index("k_factor = 40") + 1,
        lines.index("k_factor = 30") + 1,
    ]
    echo = found[0]
    assert echo.path is not None and echo.path.name == "event.toml"
    assert echo.message.startswith("players: k_factor = 40 is given to Echo, Eve, who has no ")
    assert "no rating change from this event" in echo.message and "8.2" in echo.message
    assert "remove k_factor" in echo.hint
    build_site(site)  # in results.json's warnings and under its heading in the Arbiter report
    data = json.loads((site / "output/ev/results.json").read_text(encoding="utf-8"))
    codes = [w["code"] for w in data["warnings"]]
    assert codes.count("k-factor-unrated") == 2
    report = (site / "output/ev/arbiter.html").read_text(encoding="utf-8")
    assert "K factors given to unrated players, who get no rating change" in report


def test_a_k_factor_given_to_an_unrated_trf_player_is_a_warning(make_site: SiteMaker) -> None:
    """A TRF event: B's line has no rating (columns 49-52 blank), and event.toml's
    [[players]] gives B a K: warned, naming B, on the k_factor key's line (line 8: four keys,
    a blank line, B's [[players]] on 6, its name on 7; B's entry comes before A's, though the
    TRF lists A first). Was without a line: the merge kept no entry's index. A, rated 2000 on
    the TRF line, with a K: not."""
    from trf_rows import line

    trf = "\n".join(
        [
            "012 T",
            "XXR 1",
            line(1, "A, A", 2000, (2, "w", "1")),
            line(2, "B, B", 0, (1, "b", "0")),
        ]
    )
    toml = 'name = "T"\nformat = "swiss"\nrounds = 1\ntrf = "event.trf"\n'
    toml += '\n[[players]]\nname = "B, B"\nk_factor = 40\n'
    toml += '\n[[players]]\nname = "A, A"\nk_factor = 10\n'
    event, problems = load(make_site(toml, {"event.trf": trf}))
    assert event is not None and not problems.errors, problems.items
    (warning,) = [p for p in problems.warnings if p.code == "k-factor-unrated"]
    assert dict(warning.context)["player"] == "B, B"
    assert warning.path is not None and warning.path.name == "event.toml"
    assert warning.line == 8
    assert "k_factor = 40 is given to B, B," in warning.message


# A 4-player, 3-round Swiss in which Delta joins in round 2 (``[[players]] first_round``).
# Round 1: A beats B, C has the pairing's bye (1 point). Round 2: A-C ½-½, B-D 0-1. Round 3:
# A-D ½-½, B-C 1-0. By hand: A 1 + ½ + ½ = 2; B 0 + 0 + 1 = 1; C 1 + ½ + 0 = 1½; D, absent
# in round 1 (0), 0 + 1 + ½ = 1½.
_LATE_GAMES = (
    pgn_game("1.1", A, B, "1-0")
    + pgn_game("2.1", A, C, "1/2-1/2")
    + pgn_game("2.2", B, D, "0-1")
    + pgn_game("3.1", A, D, "1/2-1/2")
    + pgn_game("3.2", B, C, "1-0")
)
_C_BYE = f'[[byes]]\nround = 1\nplayer = "{C}"\npoints = 1\n\n'


def _late(text: str, key: str = "first_round = 2") -> str:
    """``text`` with ``key`` in Delta's [[players]] entry (the last of the file)."""
    return text.replace(f'name = "{D}"\n', f'name = "{D}"\n{key}\n')


def _rows(event: object) -> list[tuple[object, ...]]:
    from generator.rules.scores import player_records
    from generator.rules.standings import rank

    standings = rank(event, player_records(event))  # type: ignore[arg-type]
    return [(r.place, r.player.name, r.points, r.decided_by, r.tiebreaks) for r in standings.rows]


def test_a_late_entry_is_absent_in_the_rounds_before_it(make_site: SiteMaker) -> None:
    """first_round = 2: Delta's round 1 is an absence (0 points), as a [[byes]] entry with
    points = 0 records it, so the standings and every tie-break are those of the event
    written with that entry; only the wording differs ("not yet entered")."""
    from generator.render.views import entry_label
    from generator.rules.scores import Kind, player_records

    text = _late(event_toml(_C_BYE, format="swiss"))
    event, problems = load(make_site(text, {"g.pgn": _LATE_GAMES}))
    assert event is not None and not problems.errors, problems.items
    records = player_records(event)
    points = {event.player(n).name: record.points for n, record in records.items()}
    assert points == {A: 2, B: 1, C: 1.5, D: 1.5}
    first = records[4].entries[0]
    assert (first.kind, first.points, first.bye and first.bye.points) == (Kind.BYE, 0, 0)
    assert entry_label(first) == "not yet entered"
    assert [(b.round, b.player, b.points, b.late_entry) for b in event.byes] == [
        (1, 3, 1, False),
        (1, 4, 0, True),
    ]
    explicit = event_toml(
        _C_BYE + f'[[byes]]\nround = 1\nplayer = "{D}"\npoints = 0\n\n', format="swiss"
    )
    written, problems = load(make_site(explicit, {"g.pgn": _LATE_GAMES}, slug="written"))
    assert written is not None and not problems.errors, problems.items
    rows = _rows(event)
    assert rows == _rows(written)
    assert (rows[0][:3], rows[-1][:3]) == (("1", A, 2), ("4", B, 1))  # C and D: tie-breaks


def test_a_bye_entry_overrides_a_late_entrys_absence(make_site: SiteMaker) -> None:
    """Where the regulations give late entries a half point, [[byes]] says so for the round:
    Delta's round 1 is that half-point bye, not the absence first_round gives, and Delta has
    ½ + 1 + ½ = 2 points."""
    from generator.rules.scores import player_records

    body = _C_BYE + f'[[byes]]\nround = 1\nplayer = "{D}"\npoints = 0.5\n\n'
    event, problems = load(
        make_site(_late(event_toml(body, format="swiss")), {"g.pgn": _LATE_GAMES})
    )
    assert event is not None and not problems.errors, problems.items
    assert player_records(event)[4].points == 2
    (bye,) = [b for b in event.byes if b.player == 4]
    assert (bye.round, bye.points, bye.late_entry, bye.kind) == (1, 0.5, False, "half-point bye")


def test_a_zero_point_bye_entry_before_the_first_round_is_the_late_entrys_absence(
    make_site: SiteMaker,
) -> None:
    """first_round = 2 and a [[byes]] entry giving Delta 0 points in round 1: the entry says
    what first_round says, an absence, so the round reads "not yet entered" (it read
    "zero-point bye", as without first_round), and Delta has 0 + 1 + ½ = 1½ points as in
    the event above."""
    from generator.render.views import entry_label
    from generator.rules.scores import player_records

    body = _C_BYE + f'[[byes]]\nround = 1\nplayer = "{D}"\npoints = 0\n\n'
    event, problems = load(
        make_site(_late(event_toml(body, format="swiss")), {"g.pgn": _LATE_GAMES})
    )
    assert event is not None and not problems.errors, problems.items
    record = player_records(event)[4]
    assert record.points == 1.5
    assert entry_label(record.entries[0]) == "not yet entered"
    (bye,) = [b for b in event.byes if b.player == 4]
    assert (bye.round, bye.points, bye.late_entry) == (1, 0, True)


def test_a_game_before_the_first_round_is_an_error(make_site: SiteMaker) -> None:
    """first_round = 3, but Delta plays round 2 (g.pgn line 17, the third game: each takes
    8 lines): one error on the game, naming first_round's line (event.toml line 27: four
    keys, C's bye on 5-9, a blank line, then four [[players]] of 5, 4, 4 and 2 lines), with
    a hint."""
    text = _late(event_toml(_C_BYE, format="swiss"), "first_round = 3")
    _, problems = load(make_site(text, {"g.pgn": _LATE_GAMES}))
    key_line = text.splitlines().index("first_round = 3") + 1
    assert key_line == 27
    (error,) = problems.errors
    assert error.path is not None and error.path.name == "g.pgn"
    assert error.line == 17
    assert error.message == (
        "Delta, Dora entered in round 3 (first_round = 3, event.toml line 27) but plays in "
        "round 2 (g.pgn:17)"
    )
    assert error.hint.startswith("correct first_round (first_round = 2 if the player joined")


@pytest.mark.parametrize(
    ("key", "message"),
    [
        (
            "first_round = 4",
            "players[4].first_round: 4 is no round of the event, which has rounds 1 to 3",
        ),
        (
            "first_round = 0",
            "players[4].first_round: 0 is no round of the event, which has rounds 1 to 3",
        ),
        (
            "first_round = -2",
            "players[4].first_round: -2 is no round of the event, which has rounds 1 to 3",
        ),
    ],
)
def test_a_first_round_out_of_range_is_an_error(
    make_site: SiteMaker, key: str, message: str
) -> None:
    text = _late(event_toml(_C_BYE, format="swiss"), key)
    _, problems = load(make_site(text, {"g.pgn": _LATE_GAMES}))
    (error,) = problems.errors
    assert error.message == message
    assert error.line == text.splitlines().index(key) + 1
    assert error.hint == (
        "write the round the player joined the event (2 to 3), or delete first_round for a "
        "player who played from round 1"
    )


def test_first_round_1_is_every_players_and_changes_nothing(make_site: SiteMaker) -> None:
    """Entered in round 1 is true of everyone: accepted silently, and no bye is made."""
    games = _LATE_GAMES + pgn_game("1.2", C, D, "1-0")
    text = _late(event_toml("", format="swiss"), "first_round = 1")
    event, problems = load(make_site(text, {"g.pgn": games}))
    assert event is not None and not problems.items, problems.items
    assert event.byes == ()


def test_a_round_robin_has_no_late_entries(make_site: SiteMaker) -> None:
    text = _late(event_toml(), "first_round = 2")
    _, problems = load(make_site(text))
    (error,) = problems.errors
    assert error.message == (
        "players[4].first_round: a round-robin has no late entries (every player meets "
        "every other, from round 1)"
    )
    assert error.line == text.splitlines().index("first_round = 2") + 1
    assert error.hint.startswith("delete first_round;")


def test_a_results_entry_before_the_first_round_is_an_error_on_its_line(
    make_site: SiteMaker,
) -> None:
    """Delta's round-2 game is no PGN game but a [[results]] entry (Bravo did not come: -+),
    and first_round = 3: the error is on the entry's line (10: four keys, C's bye on 5-9),
    not on event.toml without a line, and the hint names the entry, not a Round tag."""
    games = _LATE_GAMES.replace(pgn_game("2.2", B, D, "0-1"), "")
    forfeit = f'[[results]]\nround = 2\nwhite = "{B}"\nblack = "{D}"\nresult = "-+"\n\n'
    text = _late(event_toml(_C_BYE + forfeit, format="swiss"), "first_round = 3")
    assert text.splitlines()[9] == "[[results]]"
    _, problems = load(make_site(text, {"g.pgn": games}))
    (error,) = problems.errors
    assert error.path is not None and error.path.name == "event.toml"
    assert error.line == 10
    key_line = text.splitlines().index("first_round = 3") + 1
    assert error.message == (
        f"Delta, Dora entered in round 3 (first_round = 3, event.toml line {key_line}) but "
        "plays in round 2 (event.toml:10)"
    )
    assert error.hint == (
        "correct first_round (first_round = 2 if the player joined in round 2, or delete it), "
        "or correct the [[results]] entry's round (or its players) if the game is another "
        "round's or another player's"
    )


def _withdrawn_after_round_1(
    make_site: SiteMaker, results: str, games: str = pgn_game("1.1", A, B, "1-0")
) -> list[Problem]:
    """The errors of a Swiss in which A withdrew after round 1 (event.toml lines 5-8) and
    ``results`` are [[results]] entries from line 9 on."""
    body = f'[[withdrawals]]\nplayer = "{A}"\nafter_round = 1\n\n' + results
    text = event_toml(body, format="swiss")
    assert text.splitlines()[8] == "[[results]]"
    _, problems = load(make_site(text, {"g.pgn": games}))
    return problems.errors


@pytest.mark.parametrize(
    ("white", "black", "result", "had"),
    [(A, C, "1-0", '"-+" in the [[results]] entry, as the player had White'),
     (C, A, "0-1", '"+-" in the [[results]] entry, as the player had Black')],
)  # fmt: skip
def test_a_withdrawn_players_results_entry_is_an_error_on_its_line(
    make_site: SiteMaker, white: str, black: str, result: str, had: str
) -> None:
    """A withdrew after round 1, but a [[results]] entry (no PGN game) has her round-2 game:
    the error is on the entry's line (9: four keys, then the withdrawal on 5-8), not on
    event.toml without a line, and the hint gives the entry's forfeit result for her colour
    (she, absent, loses) rather than a Termination tag."""
    entry = f'[[results]]\nround = 2\nwhite = "{white}"\nblack = "{black}"\nresult = "{result}"\n'
    (error,) = _withdrawn_after_round_1(make_site, entry)
    assert error.path is not None and error.path.name == "event.toml"
    assert (error.line, error.code) == (9, "withdrawn-player")
    assert error.message == "Alpha, Anna withdrew after round 1 but plays in round 2"
    assert error.hint == (
        "correct after_round in [[withdrawals]] (after_round = 2 if the player left after "
        f"round 2), or record the game as a forfeit (result = {had})"
    )


def test_a_results_entry_on_a_taken_board_is_warned_on_its_line(make_site: SiteMaker) -> None:
    """Round 1's PGN game A-B is on board 1 (Round "1.1"); the [[results]] entry C-D says
    board = 1 too. The second, the entry, is renumbered (board 2), and the warning is on the
    entry's line (5: four keys first), not on event.toml without a line, with its fix."""
    body = f'[[results]]\nround = 1\nboard = 1\nwhite = "{C}"\nblack = "{D}"\nresult = "1-0"\n\n'
    text = event_toml(body, format="swiss")
    assert text.splitlines()[4] == "[[results]]"
    event, problems = load(make_site(text, {"g.pgn": pgn_game("1.1", A, B, "1-0")}))
    (warning,) = [w for w in problems.warnings if w.code == "duplicate-board"]
    assert warning.path is not None and warning.path.name == "event.toml"
    assert warning.line == 5
    assert warning.message == (
        "round 1 has two games on board 1 (g.pgn:1 and event.toml:5); the second is renumbered"
    )
    assert warning.hint == (
        "correct board in the [[results]] entry, or delete it to take the lowest free board"
    )
    assert event is not None
    assert [(g.board, g.white, g.black) for g in event.games] == [(1, 1, 2), (2, 3, 4)]


def test_a_pgn_game_on_a_taken_board_is_warned_on_its_game(make_site: SiteMaker) -> None:
    """Two PGN games of round 1 on board 1: the warning stays on the second game (g.pgn:9,
    each game taking eight lines), without a hint, as before games had a place of their own."""
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("1.1", C, D, "1-0")
    _, problems = load(make_site(event_toml(format="swiss"), {"g.pgn": games}))
    (warning,) = [w for w in problems.warnings if w.code == "duplicate-board"]
    assert warning.path is not None and (warning.path.name, warning.line) == ("g.pgn", 9)
    assert warning.message == (
        "round 1 has two games on board 1 (g.pgn:1 and g.pgn:9); the second is renumbered"
    )
    assert warning.hint == ""


def test_a_withdrawn_players_results_entries_are_one_error_on_the_first(
    make_site: SiteMaker,
) -> None:
    """A withdrew after round 1; two [[results]] entries give her rounds 2 (White) and 3
    (Black): one error, on round 2's entry (line 9), and the hint's forfeit result for each
    colour, as the two differ."""
    (error,) = _withdrawn_after_round_1(
        make_site,
        f'[[results]]\nround = 2\nwhite = "{A}"\nblack = "{C}"\nresult = "1-0"\n\n'
        f'[[results]]\nround = 3\nwhite = "{D}"\nblack = "{A}"\nresult = "1/2-1/2"\n',
    )
    assert error.path is not None and (error.path.name, error.line) == ("event.toml", 9)
    assert error.message == (
        "Alpha, Anna withdrew after round 1 but plays in rounds 2 and 3 (event.toml:9 and 1 more)"
    )
    assert error.hint == (
        "correct after_round in [[withdrawals]] (after_round = 3 if the player left after "
        'round 3), or record the games as forfeits (result = "-+" where the player had White, '
        '"+-" where Black)'
    )


def test_a_withdrawn_players_games_in_two_files_are_an_error_in_each(
    make_site: SiteMaker,
) -> None:
    """A withdrew after round 1; her round-2 game is a PGN game (g.pgn line 9, the second
    game) and her round-3 game a [[results]] entry (line 9: four keys, the withdrawal on
    5-8), where she has Black. One error in each file, each with that file's forfeit (a
    Termination tag; result = "+-" for her as Black) and the other's rounds named; both
    give after_round = 3, the last round she played. One error told the entry's fix as
    the PGN game's."""
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("2.1", A, C, "1-0")
    entry_text = f'[[results]]\nround = 3\nwhite = "{D}"\nblack = "{A}"\nresult = "1/2-1/2"\n'
    pgn, entry = _withdrawn_after_round_1(make_site, entry_text, games)
    assert pgn.path is not None and (pgn.path.name, pgn.line) == ("g.pgn", 9)
    assert entry.path is not None and (entry.path.name, entry.line) == ("event.toml", 9)
    assert pgn.code == entry.code == "withdrawn-player"
    assert pgn.message == (
        "Alpha, Anna withdrew after round 1 but plays in round 2; also in round 3 (event.toml:9)"
    )
    assert entry.message == (
        "Alpha, Anna withdrew after round 1 but plays in round 3; also in round 2 (g.pgn:9)"
    )
    after = (
        "correct after_round in [[withdrawals]] (after_round = 3 if the player left after "
        "round 3), or record the game as a forfeit "
    )
    assert pgn.hint == after + '([Termination "forfeit"] and no moves)'
    assert entry.hint == after + (
        '(result = "+-" in the [[results]] entry, as the player had Black)'
    )


def test_a_late_entrys_games_in_two_files_are_an_error_in_each(make_site: SiteMaker) -> None:
    """first_round = 3 for Delta, who plays round 1 in a [[results]] entry (C-D, line 5:
    four keys first) and round 2 in a PGN game (B-D, g.pgn line 17, the third game): one
    error in each file, the earlier round's first, each with the fix that file takes (the
    entry's round; the Round tag) and the other's round named; both offer first_round = 1,
    the earliest round played. first_round's line is 28 (the entry on 5-10, a blank line,
    then the players' entries of 5, 5 and 4 lines, Delta's name on 27)."""
    forfeit = f'[[results]]\nround = 1\nwhite = "{C}"\nblack = "{D}"\nresult = "1-0"\n\n'
    text = _late(event_toml(forfeit, format="swiss"), "first_round = 3")
    assert text.splitlines().index("first_round = 3") + 1 == 28
    assert text.splitlines()[4] == "[[results]]"
    _, problems = load(make_site(text, {"g.pgn": _LATE_GAMES}))
    entry, pgn = problems.errors
    assert entry.path is not None and (entry.path.name, entry.line) == ("event.toml", 5)
    assert pgn.path is not None and (pgn.path.name, pgn.line) == ("g.pgn", 17)
    entered = "Delta, Dora entered in round 3 (first_round = 3, event.toml line 28) but plays "
    assert entry.message == entered + "in round 1 (event.toml:5); also in round 2 (g.pgn:17)"
    assert pgn.message == entered + "in round 2 (g.pgn:17); also in round 1 (event.toml:5)"
    joined = "correct first_round (first_round = 1 if the player joined in round 1, or delete it)"
    other = "if the game is another round's or another player's"
    fix = "the [[results]] entry's round (or its players)"
    assert entry.hint == f"{joined}, or correct {fix} {other}"
    assert pgn.hint == f"{joined}, or correct the game's Round tag (or its player tags) {other}"
