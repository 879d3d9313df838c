"""The event file schema: every problem at once, with key path, line and a hint."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from conftest import FOUR_PLAYERS, SiteMaker, event_toml, load, pgn_game

from generator.build import build_site
from generator.config import load_event_config
from generator.config.event import normalise_name
from generator.config.toml_lines import key_lines
from generator.problems import Problems


def _errors(path: Path) -> list[tuple[int | None, str, str]]:
    problems = Problems()
    config, _ = load_event_config(path, problems)
    assert config is None
    return [(p.line, p.message, p.hint) for p in problems.errors]


def test_valid_file_gives_typed_config_with_defaults(make_site: SiteMaker) -> None:
    site = make_site(event_toml('location = "Testville"\n'))
    problems = Problems()
    config, _ = load_event_config(site / "content/ev/event.toml", problems)
    assert not problems.items
    assert config is not None
    assert config.start == dt.date(2025, 6, 1)
    assert config.pgn == ("*.pgn", "games/*.pgn")
    assert config.scoring.win == 1.0 and config.scoring.draw == 0.5
    assert [p.name for p in config.players][1] == "Bravo, Bob"
    assert config.players[1].aliases == ("Bravo, B.",)
    assert config.rules == "fide"


def test_unknown_key_is_rejected_with_did_you_mean_and_line(make_site: SiteMaker) -> None:
    text = event_toml().replace("rating = 2250", "raiting = 2250")
    site = make_site(text)
    errors = _errors(site / "content/ev/event.toml")
    line = text.splitlines().index("raiting = 2250") + 1
    assert errors == [(line, 'players[2].raiting: unknown key "raiting"', 'did you mean "rating"?')]


def test_a_top_level_key_below_a_table_says_to_move_it_up(make_site: SiteMaker) -> None:
    """The README's examples added at the end of the file land in the last table."""
    text = event_toml() + "min_draw_moves = 30\n"
    errors = _errors(make_site(text) / "content/ev/event.toml")
    line = len(text.splitlines())
    assert errors == [
        (
            line,
            'players[4].min_draw_moves: unknown key "min_draw_moves"',
            "min_draw_moves is a key of the file itself, not of [[players]]: TOML reads every "
            "key below a [[players]] line as part of it, so move min_draw_moves up, above the "
            "first line in [brackets]",
        )
    ]


@pytest.mark.parametrize(
    ("setting", "message", "hint"),
    [
        (  # a list of one code written without its brackets
            'tiebreaks = "BH"',
            "tiebreaks: expected a list (each item a FIDE tie-break code such as SB, BH/C1 or "
            "KS/L+1), found a string 'BH'",
            'write it in brackets, as a list: ["BH"]',
        ),
        (  # difflib compares case, and offered nothing
            'rules = "FIDE"',
            'rules: "FIDE" is not one of "us-junior-closed", "acf-junior", "acf-junior-rapid", '
            '"fide"',
            'did you mean "fide"?',
        ),
        (  # the start of the U.S. preset's name: difflib offered the Australian one
            'rules = "us-junior"',
            'rules: "us-junior" is not one of "us-junior-closed", "acf-junior", '
            '"acf-junior-rapid", "fide"',
            'did you mean "us-junior-closed"?',
        ),
        (  # the start of two presets' names: both are offered
            'rules = "acf"',
            'rules: "acf" is not one of "us-junior-closed", "acf-junior", "acf-junior-rapid", '
            '"fide"',
            'did you mean "acf-junior" or "acf-junior-rapid"?',
        ),
        (  # a tie-break by the name the regulations give it: the codes listed, not which
            'tiebreaks = ["Sonneborn-Berger"]',
            'tiebreaks[1]: "Sonneborn-Berger" is not a known tie-break',
            'tie-breaks are written by their FIDE code: write "SB"',
        ),
        (
            'tiebreaks = ["buchholz cut 1"]',
            'tiebreaks[1]: "buchholz cut 1" is not a known tie-break',
            'tie-breaks are written by their FIDE code: write "BH/C1"',
        ),
        (
            'tiebreaks = ["Sum of Progressive Scores"]',
            'tiebreaks[1]: "Sum of Progressive Scores" is not a known tie-break',
            'tie-breaks are written by their FIDE code: write "PS"',
        ),
    ],
    ids=[
        "single-value-for-a-list",
        "choice-in-capitals",
        "start-of-a-name",
        "start-of-two",
        "tie-break-by-name",
        "tie-break-by-name-with-cut",
        "tie-break-in-words",
    ],
)
def test_a_near_miss_is_shown_what_to_write(
    make_site: SiteMaker, setting: str, message: str, hint: str
) -> None:
    errors = _errors(make_site(event_toml(setting + "\n")) / "content/ev/event.toml")
    assert errors == [(5, message, hint)]


def test_a_preset_name_as_play_off_format_is_shown_its_procedure(make_site: SiteMaker) -> None:
    """[playoff] format = "acf-junior", the name of the preset: no hint was given."""
    text = event_toml() + '\n[playoff]\nformat = "acf-junior"\n'
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert [(message.split(":")[0], hint) for _, message, hint in errors] == [
        ("playoff.format", 'the acf-junior rules play off with format = "acf-by-law-3"')
    ]


def test_every_problem_is_reported_at_once(make_site: SiteMaker) -> None:
    text = (
        'name = "X"\nformat = "swis"\nrounds = "nine"\ncolour = 1\nstart = "July"\n' + FOUR_PLAYERS
    )
    site = make_site(text)
    errors = _errors(site / "content/ev/event.toml")
    by_line = {line: (message, hint) for line, message, hint in errors}
    assert by_line[2] == (
        'format: "swis" is not one of "round-robin", "double-round-robin", "swiss"',
        'did you mean "swiss"?',
    )
    assert by_line[3][0] == "rounds: expected a whole number of at least 1, found a string 'nine'"
    assert by_line[4][0] == 'colour: unknown key "colour"'
    assert by_line[5][0].startswith("start: expected a date written as YYYY-MM-DD")
    assert len(errors) == 4


def test_a_number_in_quotes_is_told_to_lose_them(make_site: SiteMaker) -> None:
    """rounds = "3", amount = "6000" and rating = "2100" are text to TOML: the error gave no
    hint that the quotes are all that is wrong. "6,000" is offered as 6000 (TOML numbers
    have no thousands comma), "0800" as 800 (nor leading zeros); "nine" gets no hint."""
    text = (
        'name = "X"\nformat = "swiss"\nrounds = "3"\n'
        '[[prizes.money]]\nname = "1st"\nplace = 1\namount = "6,000"\n'
        '[[prizes.money]]\nname = "2nd"\nplace = "2"\namount = " 0.5"\n'
        '[[players]]\nname = "A"\nrating = "2100"\n'
        '[[players]]\nname = "B"\nrating = "0800"\n'
        '[[players]]\nname = "C"\nrating = "unrated"\n'
    )
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert [(line, hint) for line, _, hint in errors] == [
        (3, "write 3 without quotes"),
        (14, "write 2100 without quotes"),
        (17, "write 800 without quotes"),
        (20, ""),
        (7, "write 6000 without quotes"),
        (10, "write 2 without quotes"),
        (11, "write 0.5 without quotes"),
    ]


def test_an_amount_in_quotes_with_its_currency_sign_is_told_what_to_write(
    make_site: SiteMaker,
) -> None:
    """amount = "$6,000" had no hint: the currency is [prizes] currency, written once."""
    text = _HEAD + '[[prizes.money]]\nname = "1st"\nplace = 1\namount = "$6,000"\n'
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert [(line, hint) for line, _, hint in errors] == [
        (
            7,
            "write 6000 without quotes or currency sign (the currency is written once: "
            '[prizes] currency = "USD")',
        )
    ]


def test_missing_required_key(make_site: SiteMaker) -> None:
    """A missing key is said with what to write and where: "the key "name" is required"
    alone left an organiser who came with a TRF file (whose 012 line names the event)
    guessing the syntax; an entry's key goes in the entry."""
    site = make_site('format = "swiss"\nrounds = 5\n' + FOUR_PLAYERS)
    errors = _errors(site / "content/ev/event.toml")
    assert [(m, h) for _, m, h in errors] == [
        (
            'name: the key "name" is required',
            'add name = "Club Championship" at the top of the file, above the first line in '
            "[brackets]",
        )
    ]
    site = make_site(
        'name = "T"\nrounds = 5\n[[byes]]\nround = 1\nplayer = "Alpha, Anna"\n' + FOUR_PLAYERS,
        slug="bye",
    )
    errors = _errors(site / "content/bye/event.toml")
    assert [(m, h) for _, m, h in errors] == [
        (
            'format: the key "format" is required',
            'add format = "round-robin" or "double-round-robin" or "swiss" at the top of the '
            "file, above the first line in [brackets]",
        ),
        (
            'byes[1].points: the key "points" is required',
            "add points = 0 or 0.5 or 1 to this entry",
        ),
    ]


def test_toml_syntax_error_names_the_line(make_site: SiteMaker) -> None:
    site = make_site('name = "X"\nformat = swiss\nrounds = 5\n')
    errors = _errors(site / "content/ev/event.toml")
    assert len(errors) == 1
    line, message, _ = errors[0]
    assert line == 2
    assert message.startswith("TOML syntax error")


_HEAD = 'name = "X"\nformat = "swiss"\nrounds = 5\n'


@pytest.mark.parametrize(
    ("text", "line", "message", "hint"),
    [
        (  # tomllib: "Cannot overwrite a value"
            _HEAD + '[[players]]\nname = "Alpha, Anna"\nrating = 2100\nrating = 2150\n',
            7,
            "rating is given twice in the same table",
            "keep one of the two rating = lines: a table (the top of the file, a [section], or "
            "one [[players]] entry) gives each key once",
        ),
        (  # tomllib: "Cannot declare ('playoff',) twice"
            _HEAD + '[playoff]\nformat = "none"\n\n[playoff]\nplaces = [1]\n',
            7,
            "[playoff] is written twice",
            "put every key of [playoff] under the first [playoff] line and delete the second "
            "(a list of entries, such as [[players]], takes two brackets)",
        ),
        (  # tomllib: "Illegal character '\n'"
            'name = "X"\nlocation = "Springfield\nformat = "swiss"\n',
            2,
            "a quoted text is not closed: the line ends before its closing quote",
            'add the closing " at the end of the value: location = "Springfield"',
        ),
        (  # the hint named a location whatever the line was: the line itself, closed
            _HEAD + '[[players]]\nname = "Okafor, Nia\nrating = 2100\n',
            5,
            "a quoted text is not closed: the line ends before its closing quote",
            'add the closing " at the end of the value: name = "Okafor, Nia"',
        ),
        (  # the open quote swallowed the comment: closed before it
            'name = "X"\nlocation = "Chess Club   # as written\nformat = "swiss"\nrounds = 5\n',
            2,
            "a quoted text is not closed: the line ends before its closing quote",
            'add the closing " at the end of the value: location = "Chess Club"   # as written',
        ),
        (  # in a list: closed before its ]
            _HEAD + '[[players]]\nname = "Okafor, Nia"\naliases = ["Okafor, N.]\n',
            6,
            "a quoted text is not closed: the line ends before its closing quote",
            'add the closing " at the end of the value: aliases = ["Okafor, N."]',
        ),
        (  # tomllib: "Found invalid character '\n'", a single quote left open
            "name = 'X\nformat = 'swiss'\nrounds = 5\n",
            1,
            "a quoted text is not closed: the line ends before its closing quote",
            "add the closing ' at the end of the value: name = 'X'",
        ),
        (  # tomllib: "Invalid value"
            _HEAD + '[[players]]\nname = Okafor, Nia"\n',
            5,
            "Okafor, Nia is text, which TOML reads only in quotes",
            'write it in quotes: name = "Okafor, Nia"',
        ),
        (
            _HEAD + "[prizes]\ncurrency = AUD   # dollars\n",
            5,
            "AUD is text, which TOML reads only in quotes",
            'write it in quotes: currency = "AUD"   # dollars',
        ),
        (  # a key that takes a number: quotes would only move the error on
            'name = "X"\nformat = "swiss"\nrounds = seven\n',
            3,
            "seven is not a number TOML reads",
            "rounds takes a whole number of at least 1: write it in digits, without quotes",
        ),
        (  # in a table of players, with what an unrated player writes
            _HEAD + '[[players]]\nname = "Okafor, Nia"\nrating = unrated\n',
            6,
            "unrated is not a number TOML reads",
            "rating takes a whole number of at least 0: write it in digits, without quotes; "
            "leave rating out for an unrated player",
        ),
        (  # as a spreadsheet or Python writes it
            _HEAD + "[prizes]\nforfeit_cancels_money = True\n",
            5,
            "True is not a value TOML reads",
            "write true and false in lower case: forfeit_cancels_money = true",
        ),
        (
            _HEAD + "tiebreaks = [DE, SB]\n",
            4,
            "the items of this list are text, which TOML reads only in quotes",
            'write each item in quotes: tiebreaks = ["DE", "SB"]',
        ),
        (  # not ["Okafor", "Nia"]: a name holds a comma
            _HEAD + '[ranking]\nexhausted = "lots"\nlots = [Okafor, Nia]\n',
            6,
            "the items of this list are text, which TOML reads only in quotes",
            'write each item in quotes, e.g. lots = ["Surname, Given", "Surname, Given"]: a '
            "name is one item",
        ),
        (  # tomllib: "Unclosed array" on line 6, the [prizes] line it read on as an item
            _HEAD + '[playoff]\nplaces = [1\n\n[prizes]\ncurrency = "USD"\n',
            5,
            "a list opened with [ is not closed with ]",
            "add ] at the end of the list, e.g. places = [1, 2]",
        ),
        (  # tomllib: "Unclosed array" too, for a list that is closed
            'name = "X"\nformat = "swiss"\nrounds = 5\ntiebreaks = [\n  "BH"\n  "SB",\n]\n',
            6,
            "the items of a list must be separated by commas",
            'write a comma between two items, e.g. tiebreaks = ["DE", "SB"]',
        ),
        (  # tomllib: "Expected newline or end of document after a statement"
            _HEAD + "start = 08/07/2026\n",
            4,
            "08/07/2026 is not a date TOML reads",
            "write dates as YYYY-MM-DD, without quotes: 08/07/2026 is 2026-07-08 if the day "
            "comes first, 2026-08-07 if the month does",
        ),
        (  # only one reading is a date: the 25th month does not exist
            _HEAD + "end = 25.07.2026\n",
            4,
            "25.07.2026 is not a date TOML reads",
            "write dates as YYYY-MM-DD, without quotes: 25.07.2026 is 2026-07-25",
        ),
        (  # tomllib: "Invalid value"; autocorrect's quotes
            'name = \u201cX\u201d\nformat = "swiss"\nrounds = 5\n',
            1,
            "Invalid value (the line has typographic quotes)",
            'write straight quotes, "...": a word processor or autocorrect turned them into '
            "curly ones, which TOML does not read",
        ),
        (  # was "write decimals with a point, not a comma: 0.5, not 0,5" for a prize of 6000
            _HEAD + '[[prizes.money]]\nname = "1st"\nplace = 1\namount = 6,000\n',
            7,
            "6,000 is not a number TOML reads",
            "TOML numbers have no thousands comma: write 6000 (or 6_000), or 6.000 if the comma "
            "is a decimal comma",
        ),
        (
            _HEAD + '[[prizes.money]]\nname = "1st"\nplace = 1\namount = 1,250,000\n',
            7,
            "1,250,000 is not a number TOML reads",
            "TOML numbers have no thousands comma: write 1250000 (or 1_250_000)",
        ),
        (  # a first group of 0 parts no thousands
            _HEAD + '[[byes]]\nround = 1\nplayer = "A"\npoints = 0,500\n',
            7,
            "Expected newline or end of document after a statement",
            "write decimals with a point, not a comma: 0.5, not 0,5",
        ),
        (  # tomllib: "Cannot overwrite a value", with the general hint
            _HEAD + '[prizes]\ncurrency = "USD"\n\n[[prizes]]\nname = "1st"\n',
            7,
            "[[prizes]] makes prizes a list of entries, but [prizes] on line 4 made it one table",
            "write [[prizes.money]]: each money prize is an entry of [prizes]",
        ),
        (  # tomllib: "Cannot mutate immutable namespace ('prizes', 'money')", on line 7
            _HEAD + '[prizes]\nmoney = [500, 300, 200]\n\n[[prizes.money]]\nname = "1st"\n',
            5,
            "money = gives the money prizes a value, and [[prizes.money]] on line 7 adds entries "
            "to it",
            "delete this line: each money prize is a [[prizes.money]] entry of its own, with "
            "name, place and amount",
        ),
        (  # tomllib: "Cannot overwrite a value", which named no key
            _HEAD + 'playoff = "none"\n\n[playoff]\nplaces = [1]\n',
            6,
            "[playoff] cannot follow playoff = on line 4, which already gave playoff a value",
            "keep one of the two: the playoff = line, or the [playoff] table",
        ),
    ],
    ids=[
        "key-twice",
        "table-twice",
        "quote",
        "quote-name",
        "quote-before-comment",
        "quote-in-list",
        "quote-single",
        "unquoted-name",
        "unquoted-code",
        "unquoted-number",
        "unquoted-rating",
        "capital-true",
        "unquoted-codes",
        "unquoted-names",
        "list-unclosed",
        "comma",
        "date",
        "date-one",
        "curly",
        "thousands-comma",
        "thousands-commas",
        "decimal-comma",
        "prizes-as-entries",
        "money-as-a-list",
        "value-then-table",
    ],
)
def test_a_toml_syntax_error_is_said_in_words_on_the_line_to_correct(
    make_site: SiteMaker, text: str, line: int, message: str, hint: str
) -> None:
    """tomllib's own words ("Cannot overwrite a value", "Illegal character '\\n'", "Unclosed
    array" on the line of the next table) told an organiser neither the mistake nor where it
    is, and the hint was the same for all."""
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert errors == [(line, "TOML syntax error: " + message, hint)]


_PLAYER = _HEAD + '[[players]]\nname = "Okafor, Nia"\n'
_DIGITS = "rating takes a whole number of at least 0: write it in digits"
_UNRATED = "; leave rating out for an unrated player"
_GROUPING = "TOML numbers are written without spaces or thousands separators: write "


@pytest.mark.parametrize(
    ("text", "line", "message", "hint"),
    [
        (  # True is no TOML: "write true in lower case" only moved the error on
            'name = "X"\nformat = "swiss"\nrounds = True\n',
            3,
            "True is not a number TOML reads",
            "rounds takes a whole number of at least 1: write it in digits, without quotes",
        ),
        (
            _PLAYER + "rating = True\n",
            6,
            "True is not a number TOML reads",
            f"{_DIGITS}, without quotes{_UNRATED}",
        ),
        (
            _PLAYER + "number = False\n",
            6,
            "False is not a number TOML reads",
            "number takes a whole number of at least 1: write it in digits, without quotes",
        ),
        (
            _PLAYER + "k_factor = TRUE\n",
            6,
            "TRUE is not a number TOML reads",
            "k_factor takes a whole number from 1 to 40: write it in digits, without quotes",
        ),
        (  # tomllib: "Expected newline or end of document after a statement"
            _PLAYER + "rating = 2 150\n",
            6,
            "2 150 is not a number TOML reads",
            _GROUPING + "rating = 2150",
        ),
        (  # a no-break space, as a spreadsheet copies a grouped number
            _PLAYER + "rating = 2\u00a0150   # FIDE\n",
            6,
            "2\u00a0150 is not a number TOML reads",
            _GROUPING + "rating = 2150",
        ),
        (  # the "or 2.150 if the comma is a decimal comma" is no rating
            _PLAYER + "rating = 2,150\n",
            6,
            "2,150 is not a number TOML reads",
            _GROUPING + "rating = 2150",
        ),
        (  # as the Swiss write it: not a quote left open
            _PLAYER + "rating = 2'150\n",
            6,
            "2'150 is not a number TOML reads",
            _GROUPING + "rating = 2150",
        ),
        (  # nor typographic quotes
            _PLAYER + "rating = 2\u2019150\n",
            6,
            "2\u2019150 is not a number TOML reads",
            _GROUPING + "rating = 2150",
        ),
        (
            _PLAYER + "fide_id = 4 100 018\n",
            6,
            "4 100 018 is not a number TOML reads",
            _GROUPING + "fide_id = 4100018",
        ),
        (  # points between groups: TOML reads one point as a fraction, two as nothing
            _PLAYER + "fide_id = 4.100.018\n",
            6,
            "4.100.018 is not a number TOML reads",
            _GROUPING + "fide_id = 4100018",
        ),
        (  # a FIDE and a national rating: the key takes one
            _PLAYER + "rating = 2150 2200\n",
            6,
            "2150 2200 is two numbers, and rating takes one",
            "rating takes a whole number of at least 0, written in digits alone: keep the one "
            "meant, rating = 2150 or rating = 2200",
        ),
        (  # a comma between them, as a start list's two columns are copied
            _PLAYER + "rating = 2150, 2200\n",
            6,
            "2150, 2200 is two numbers, and rating takes one",
            "rating takes a whole number of at least 0, written in digits alone: keep the one "
            "meant, rating = 2150 or rating = 2200",
        ),
        (  # no space after the comma: four digits after it group no thousands
            _PLAYER + "rating = 2150,2200\n",
            6,
            "2150,2200 is two numbers, and rating takes one",
            "rating takes a whole number of at least 0, written in digits alone: keep the one "
            "meant, rating = 2150 or rating = 2200",
        ),
        (
            _PLAYER + "rating = 2150/2200  # FIDE/national\n",
            6,
            "2150/2200 is two numbers, and rating takes one",
            "rating takes a whole number of at least 0, written in digits alone: keep the one "
            "meant, rating = 2150 or rating = 2200",
        ),
        (
            _PLAYER + "rating = 2150, 2200, 1980\n",
            6,
            "2150, 2200, 1980 is three numbers, and rating takes one",
            "rating takes a whole number of at least 0, written in digits alone: keep the one "
            "meant, rating = 2150, rating = 2200 or rating = 1980",
        ),
        (  # 22000 is over rating's 9999: only the rating it takes is offered
            _PLAYER + "rating = 2150 22000\n",
            6,
            "2150 22000 is two numbers, and rating takes one",
            "rating takes a whole number of at least 0, written in digits alone: write "
            "rating = 2150",
        ),
        (  # 12150 is over rating's 9999: its range, not a rating it refuses
            _PLAYER + "rating = 12 150\n",
            6,
            "12 150 is not a number TOML reads",
            "rating takes a whole number from 0 to 9999, written in digits alone, e.g. "
            "rating = 2150",
        ),
        (
            _HEAD + '[[prizes.money]]\nname = "1st"\nplace = 1\namount = 6 000\n',
            7,
            "6 000 is not a number TOML reads",
            _GROUPING + "amount = 6000",
        ),
        (  # a start list's numbering
            _PLAYER + "number = 07\n",
            6,
            "07 is not a number TOML reads",
            "TOML numbers are written without leading zeros: write number = 7",
        ),
        (  # a list's comma, or a program's semicolon, after the value
            _HEAD + '[[players]]\nname = "Okafor, Nia",\n',
            5,
            "the line ends with a comma after its value",
            "delete the comma: TOML gives one key = value a line, with nothing after it but a "
            '# comment: name = "Okafor, Nia"',
        ),
        (
            _PLAYER + "rating = 2150;\n",
            6,
            "the line ends with a semicolon after its value",
            "delete the semicolon: TOML gives one key = value a line, with nothing after it but "
            "a # comment: rating = 2150",
        ),
        (  # tomllib: "Expected '=' after a key in a key/value pair", as YAML writes it
            _HEAD + '[[players]]\nname: "Okafor, Nia"\n',
            5,
            "a colon stands between name and its value, where TOML writes =",
            'write name = "Okafor, Nia"',
        ),
    ],
    ids=[
        "capital-true-rounds",
        "capital-true-rating",
        "capital-false-number",
        "upper-true-k",
        "space",
        "no-break-space",
        "comma-whole",
        "apostrophe",
        "typographic-apostrophe",
        "fide-id",
        "fide-id-points",
        "two-ratings",
        "two-ratings-comma",
        "two-ratings-comma-no-space",
        "two-ratings-slash",
        "three-ratings",
        "two-ratings-one-too-large",
        "space-too-large",
        "amount-space",
        "leading-zero",
        "trailing-comma",
        "trailing-semicolon",
        "colon",
    ],
)
def test_a_number_key_written_as_a_form_writes_it_is_told_how_toml_writes_numbers(
    make_site: SiteMaker, text: str, line: int, message: str, hint: str
) -> None:
    """``rounds = True`` was told to write true in lower case (and then that rounds takes
    a number); ``rating = 2 150`` got the general hint about quotes and dates."""
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert errors == [(line, "TOML syntax error: " + message, hint)]


def test_true_or_false_for_a_number_says_it_takes_digits(make_site: SiteMaker) -> None:
    """Valid TOML, so the schema's words: the value as the file writes it (it said "found
    true/false True", a capital the file does not have), and what the key takes."""
    text = 'name = "X"\nformat = "swiss"\nrounds = true\n'
    assert _errors(make_site(text) / "content/ev/event.toml") == [
        (
            3,
            "rounds: expected a whole number of at least 1, found true",
            "rounds takes a whole number of at least 1: write it in digits",
        )
    ]
    text = _PLAYER + "rating = false\n"
    assert _errors(make_site(text, slug="r") / "content/r/event.toml") == [
        (
            6,
            "players[1].rating: expected a whole number of at least 0, found false",
            _DIGITS + _UNRATED,
        )
    ]


_THOUSANDS_POINT = " (TOML numbers have no thousands separators)"


@pytest.mark.parametrize(
    ("text", "line", "message", "hint"),
    [
        (  # 2.150: TOML reads 2.15, the rating meant is 2150
            _PLAYER + "rating = 2.150\n",
            6,
            "players[1].rating: expected a whole number of at least 0, found a number 2.15",
            "write rating = 2150" + _THOUSANDS_POINT,
        ),
        (  # the value as written, its comment left out
            _PLAYER + "rating = 1.875  # FIDE list\n",
            6,
            "players[1].rating: expected a whole number of at least 0, found a number 1.875",
            "write rating = 1875" + _THOUSANDS_POINT,
        ),
        (
            _PLAYER + "fide_id = 123.456\n",
            6,
            "players[1].fide_id: expected a whole number of at least 1, found a number 123.456",
            "write fide_id = 123456" + _THOUSANDS_POINT,
        ),
        (  # 1875 rounds is more than rounds takes (999): no thousands point then
            'name = "X"\nformat = "swiss"\nrounds = 1.875\n',
            3,
            "rounds: expected a whole number of at least 1, found a number 1.875",
            "rounds takes a whole number of at least 1: write it in digits alone, without a "
            "fraction",
        ),
        (  # a fraction of its own, not three digits
            _PLAYER + "rating = 2150.5\n",
            6,
            "players[1].rating: expected a whole number of at least 0, found a number 2150.5",
            "rating takes a whole number of at least 0: write it in digits alone, without a "
            "fraction",
        ),
        (  # a whole number written as a fraction: the number itself
            _PLAYER + "k_factor = 20.0\n",
            6,
            "players[1].k_factor: expected a whole number from 1 to 40, found a number 20.0",
            "k_factor takes a whole number from 1 to 40, written in digits alone: write "
            "k_factor = 20",
        ),
        (
            _PLAYER + "rating = nan\n",
            6,
            "players[1].rating: expected a whole number of at least 0, found nan",
            "rating takes a whole number of at least 0, written in digits alone, e.g. "
            "rating = 2150" + _UNRATED,
        ),
        (
            _PLAYER + "rating = inf\n",
            6,
            "players[1].rating: expected a whole number of at least 0, found inf",
            "rating takes a whole number of at least 0, written in digits alone, e.g. "
            "rating = 2150" + _UNRATED,
        ),
    ],
    ids=[
        "point",
        "point-comment",
        "fide-id",
        "too-many-rounds",
        "fraction",
        "k-whole",
        "nan",
        "inf",
    ],
)
def test_a_whole_number_written_with_a_point_or_as_nan_is_told_what_to_write(
    make_site: SiteMaker, text: str, line: int, message: str, hint: str
) -> None:
    """``rating = 2.150`` is valid TOML, a fraction 2.15, and was said to be "a number 2.15"
    with no hint; a fraction and nan or inf got no hint either. A point with three digits
    after it groups thousands, as the file's text (not TOML's 2.15) shows."""
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert errors == [(line, message, hint)]


@pytest.mark.parametrize(
    ("text", "line", "message", "hint"),
    [
        (
            _PLAYER + "rating = 2150 elo\n",
            6,
            "2150 elo is not a number TOML reads",
            "rating takes a whole number of at least 0, written in digits alone: write "
            "rating = 2150",
        ),
        (
            _PLAYER + "rating = 2150.  # FIDE\n",
            6,
            "2150. is not a number TOML reads",
            "rating takes a whole number of at least 0, written in digits alone: write "
            "rating = 2150",
        ),
        (
            'name = "X"\nformat = "swiss"\nrounds = 9 rounds\n',
            3,
            "9 rounds is not a number TOML reads",
            "rounds takes a whole number of at least 1, written in digits alone: write rounds = 9",
        ),
        (  # a fraction and a word: the two whole numbers around it, which is meant unknown
            _PLAYER + "rating = 2150.5 elo\n",
            6,
            "2150.5 elo is not a number TOML reads",
            "rating takes a whole number of at least 0, written in digits alone: write "
            "rating = 2150 or rating = 2151",
        ),
        (  # a thousands point and a word: 2150, not 2 or 3
            _PLAYER + "rating = 2.150 elo\n",
            6,
            "2.150 elo is not a number TOML reads",
            "rating takes a whole number of at least 0, written in digits alone: write "
            "rating = 2150 (TOML numbers have no thousands separators)",
        ),
        (  # 1875 rounds is more than rounds takes (999): not a value the schema refuses
            'name = "X"\nformat = "swiss"\nrounds = 1.875 rounds\n',
            3,
            "1.875 rounds is not a number TOML reads",
            "rounds takes a whole number from 1 to 999, written in digits alone, e.g. rounds = 9",
        ),
        (  # 12150 is over rating's 9999
            _PLAYER + "rating = 12.150 elo\n",
            6,
            "12.150 elo is not a number TOML reads",
            "rating takes a whole number from 0 to 9999, written in digits alone, e.g. "
            "rating = 2150",
        ),
        (  # the digits alone are no more rounds than 1.875's
            'name = "X"\nformat = "swiss"\nrounds = 1875 rounds\n',
            3,
            "1875 rounds is not a number TOML reads",
            "rounds takes a whole number from 1 to 999, written in digits alone, e.g. rounds = 9",
        ),
        (  # a thousands point and a decimal one: 2150.5, whose two whole numbers as for
            # 2150.5 elo (which is meant, only the arbiter knows), and no thousands separator
            _PLAYER + "rating = 2.150.5\n",
            6,
            "2.150.5 is not a number TOML reads",
            "rating takes a whole number of at least 0, written in digits alone: write "
            "rating = 2150 or rating = 2151 (TOML numbers have no thousands separators)",
        ),
        (  # as continental Europe writes 2150.5
            _PLAYER + "rating = 2.150,5\n",
            6,
            "2.150,5 is not a number TOML reads",
            "rating takes a whole number of at least 0, written in digits alone: write "
            "rating = 2150 or rating = 2151 (TOML numbers have no thousands separators)",
        ),
        (  # as English writes it
            _PLAYER + "rating = 2,150.5  # FIDE\n",
            6,
            "2,150.5 is not a number TOML reads",
            "rating takes a whole number of at least 0, written in digits alone: write "
            "rating = 2150 or rating = 2151 (TOML numbers have no thousands separators)",
        ),
        (  # a fraction of nothing: the one whole number
            _PLAYER + "rating = 2.150.0\n",
            6,
            "2.150.0 is not a number TOML reads",
            "rating takes a whole number of at least 0, written in digits alone: write "
            "rating = 2150 (TOML numbers have no thousands separators)",
        ),
        (  # an amount takes a fraction: its cents as written
            _HEAD + '[[prizes.money]]\nname = "1st"\nplace = 1\namount = 6.000,50\n',
            7,
            "6.000,50 is not a number TOML reads",
            "amount takes a number of at least 0, written in digits alone: write "
            "amount = 6000.50 (TOML numbers have no thousands separators)",
        ),
    ],
    ids=[
        "word",
        "point",
        "rounds",
        "fraction-word",
        "thousands-point-word",
        "thousands-point-too-many-rounds",
        "thousands-point-too-large-rating",
        "too-many-rounds",
        "thousands-point-and-fraction",
        "thousands-point-and-decimal-comma",
        "thousands-comma-and-fraction",
        "thousands-point-and-fraction-whole",
        "amount-thousands-point-and-decimal-comma",
    ],
)
def test_a_number_with_a_word_or_a_bare_point_after_it_is_told_the_digits_alone(
    make_site: SiteMaker, text: str, line: int, message: str, hint: str
) -> None:
    """tomllib's "Expected newline or end of document after a statement" got the general
    hint about quotes and dates."""
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert errors == [(line, "TOML syntax error: " + message, hint)]


_ENTRIES = (
    "players are listed as [[players]] tables, each with its keys inside: write the two lines"
)


@pytest.mark.parametrize(
    ("text", "line", "message", "hint"),
    [
        (
            _HEAD + 'player.name = "Okafor, Nia"\n',
            4,
            'player: player.name = "Okafor, Nia" is TOML for the key name in a table player, '
            "and player is not a table event.toml knows",
            _ENTRIES + '\n[[players]]\nname = "Okafor, Nia"',
        ),
        (  # was "[players] written with single brackets", and no line
            _HEAD + 'players.name = "Okafor, Nia"  # first board\n',
            4,
            'players: players.name = "Okafor, Nia" makes players one table (a dotted key '
            "a.b = ... is TOML for the key b in a table a), but players is a list of entries",
            _ENTRIES + '\n[[players]]\nname = "Okafor, Nia"',
        ),
        (
            _HEAD + 'venue.city = "Springfield"\n',
            4,
            'venue: venue.city = "Springfield" is TOML for the key city in a table venue, and '
            "venue is not a table event.toml knows",
            "the tables are [scoring], [[players]], [[results]], [[byes]], [[withdrawals]], "
            "[playoff], [[fines]], [[categories]], [[titles]], [[trophies]], [prizes], "
            "[ranking]",
        ),
        (  # a table's dotted key, misspelt: the dotted key to write there
            _HEAD + 'playof.format = "none"\n',
            4,
            'playof: playof.format = "none" is TOML for the key format in a table playof, and '
            "playof is not a table event.toml knows",
            'did you mean playoff.format = "none"?',
        ),
        (  # inside an entry: the entry's own key
            _PLAYER + "player.rating = 2100\n",
            6,
            "players[1].player: player.rating = 2100 is TOML for the key rating in a table "
            "player, and a [[players]] entry has no table player",
            "did you mean rating = 2100? the keys of a [[players]] entry are written alone, "
            "without a table's name before them",
        ),
        (  # a list of values, not of entries: its one line
            _PLAYER + 'alias.short = "Nia"\n',
            6,
            'players[1].alias: alias.short = "Nia" is TOML for the key short in a table alias, '
            "and a [[players]] entry has no table alias",
            "aliases is a list, written on one line with its items in brackets: write aliases = "
            '["Nia"]',
        ),
        (  # a [player] line is still said as the table it is
            _HEAD + '[player]\nname = "Okafor, Nia"\n',
            4,
            "player: unknown table name [player]",
            "did you mean [[players]]?",
        ),
    ],
    ids=["player", "players", "unknown", "table", "in-entry", "alias", "header"],
)
def test_a_dotted_key_is_said_as_the_key_it_is(
    make_site: SiteMaker, text: str, line: int, message: str, hint: str
) -> None:
    """``player.name = "X"`` is TOML for the key name of a table player: it was called an
    unknown table [player], with no line, as if the file had a [player] line."""
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert errors == [(line, message, hint)]


def test_a_hint_of_several_lines_prints_them_under_its_first() -> None:
    """The two lines of a [[players]] entry to copy, each on a line of its own."""
    problem = Problems()
    problem.error("bad", Path("event.toml"), 4, hint='write the two lines\n[[players]]\nname = "X"')
    assert problem.errors[0].format() == (
        "event.toml:4: error: bad\n"
        "    hint: write the two lines\n"
        "          [[players]]\n"
        '          name = "X"'
    )


def test_a_typo_among_thousands_of_players_gets_the_closest_names_after_few_comparisons() -> None:
    """ "Charly, Carl" (12 letters) against "Charlie, Carl" (13): difflib matches ", carl" and
    "charl", 11 letters, ratio 22/25 = 0.88; "Charles, Carla" (14): the same 11, 22/26 =
    0.85; "Carlsen, Magnus" only "carl", 8/27 = 0.30, under the 0.5 cutoff. The 3,000 other
    players have no letter of "charly" and share only ", " (at most 4/(12 + 14) = 0.15).
    The index compares the three that have enough letters in common (", carl" and more:
    "Carlsen, Magnus" 7 of them, 14/27 = 0.52 at most) and no other."""
    from generator.config.event import EventConfig, PlayerEntry, closest_hint

    surnames = [s + e for s in ("Bond", "Fisk", "Gentz", "Munoz", "Visto") for e in "biostu"]
    given = ["Otto", "Piet", "Wim", "Jens", "Dino", "Bente", "Kim", "Uwe", "Ines", "Ivo"]
    others = [f"{s}, {g} {m}." for s in surnames for g in given for m in "BDEFGIJKMN"]
    assert len(others) == 3000 and not set("".join(others).lower()) & set("charly")
    named = ["Charles, Carla", "Carlsen, Magnus", "Charlie, Carl"]
    players = [PlayerEntry(name=n, number=i) for i, n in enumerate(named + others, start=1)]
    config = EventConfig(name="T", format="swiss", rounds=9, players=tuple(players))
    assert closest_hint("Charly, Carl", config) == (
        "closest known players: Charlie, Carl; Charles, Carla (add aliases = "
        '["Charly, Carl"] to the [[players]] entry of the player it is, or "Charly, Carl" to '
        "the aliases it has)"
    )
    assert config.spelling_index.compared == 3


def test_cross_key_checks_name_unknown_players_and_rounds(make_site: SiteMaker) -> None:
    body = (
        '[[byes]]\nround = 7\nplayer = "Bravo, Bobby"\npoints = 0.5\n\n'
        '[[withdrawals]]\nplayer = "Delta, Dora"\nafter_round = 3\n\n'
    )
    site = make_site(event_toml(body, format="swiss"))
    errors = _errors(site / "content/ev/event.toml")
    messages = [m for _, m, _ in errors]
    assert "byes[1].round: round 7 does not exist: the event has 3" in messages
    assert 'byes[1].player: unknown player "Bravo, Bobby"' in messages
    hints = [h for _, m, h in errors if "Bravo, Bobby" in m]
    # a name mistyped in event.toml itself is written as the player list spells it: an alias
    # is for the spellings of PGN files
    assert hints == [
        "closest known players: Bravo, Bob (write the name as the player list spells it, or as "
        "one of the player's aliases)"
    ]
    assert any(
        m.startswith("withdrawals[1].after_round: after_round 3 leaves no round") for m in messages
    )


def test_a_round_or_withdrawal_past_the_last_round_says_what_to_write(
    make_site: SiteMaker,
) -> None:
    """A bye for round 7 of a 3-round event, and a withdrawal after the last round, were
    reported with no hint: the organiser was not told which of the two numbers to correct,
    nor that a player who played every round has not withdrawn."""
    body = (
        '[[byes]]\nround = 7\nplayer = "Bravo, Bob"\npoints = 0.5\n\n'
        '[[withdrawals]]\nplayer = "Delta, Dora"\nafter_round = 3\n\n'
    )
    errors = _errors(make_site(event_toml(body, format="swiss")) / "content/ev/event.toml")
    assert [(m, h) for _, m, h in errors] == [
        (
            "byes[1].round: round 7 does not exist: the event has 3",
            "correct the round, or rounds = 3 at the top of event.toml if the event has more",
        ),
        (
            "withdrawals[1].after_round: after_round 3 leaves no round to miss (the event has 3)",
            "write the last round the player played, or delete this entry if they played every "
            "round (a play-off game not come to is a forfeit in playoff/, not a withdrawal)",
        ),
    ]


def test_bye_points_must_be_full_half_or_zero(make_site: SiteMaker) -> None:
    site = make_site(
        event_toml('[[byes]]\nround = 1\nplayer = "Alpha, Anna"\npoints = 0.7\n\n', format="swiss")
    )
    errors = _errors(site / "content/ev/event.toml")
    assert [m for _, m, _ in errors] == ["byes[1].points: 0.7 is not one of 0, 0.5, 1"]


def test_bye_points_in_a_three_one_zero_event_say_which_value_names_the_bye(
    make_site: SiteMaker,
) -> None:
    """With win = 3, draw = 1 an organiser writes the points a bye scores: 1.5 for half a
    win, 3 for a full-point bye. "1.5 is not one of 0, 0.5, 1" said what was wrong but not
    how to put it right; the hint now says points names the kind of bye on the 1 / ½ / 0
    scale, and what each scores."""
    site = make_site(
        event_toml(
            "[scoring]\nwin = 3\ndraw = 1\nloss = 0\n\n"
            '[[byes]]\nround = 1\nplayer = "Alpha, Anna"\npoints = 1.5\n\n',
            format="swiss",
        )
    )
    errors = _errors(site / "content/ev/event.toml")
    assert [(m, h) for _, m, h in errors] == [
        (
            "byes[1].points: 1.5 is not one of 0, 0.5, 1",
            "points names the kind of bye, not what it scores: 1 a full-point or "
            "pairing-allocated bye (it scores a win), 0.5 a half-point bye (a draw), 0 an "
            "absence; [scoring] sets what a win and a draw are worth (with win = 3, draw = 1, "
            "a half-point bye is still points = 0.5 and scores 1)",
        )
    ]


def test_a_draw_scored_as_a_win_or_a_loss_is_refused(make_site: SiteMaker) -> None:
    """With win = 1, draw = 0 the tie-breaks, which tell a result by its points, took each
    loss for half a game won (a performance rating of 2200 for ½ from 4 against players of
    2200); with a draw worth a win, Number of wins counted draws. Either is an error now."""
    for slug, scoring in (("nodraw", "win = 1\ndraw = 0"), ("even", "win = 1\ndraw = 1")):
        site = make_site(event_toml(f"[scoring]\n{scoring}\n\n", format="swiss"), slug=slug)
        errors = _errors(site / f"content/{slug}/event.toml")
        draw = scoring.split()[-1]
        assert [(m, h) for _, m, h in errors] == [
            (
                f"scoring: a win scores 1, a draw {draw} and a loss 0: a draw must score less "
                "than a win and more than a loss, or the tie-breaks cannot tell the results "
                "apart",
                "e.g. win = 3, draw = 1, loss = 0",
            )
        ], slug


def test_round_robin_needs_the_right_number_of_rounds(make_site: SiteMaker) -> None:
    site = make_site(event_toml(rounds=5))
    errors = _errors(site / "content/ev/event.toml")
    assert [m for _, m, _ in errors] == ["rounds: a round-robin of 4 players has 3 rounds, not 5"]
    two = event_toml().split("[[players]]")
    site = make_site("[[players]]".join(two[:3]), slug="two")  # two players meet once
    errors = _errors(site / "content/two/event.toml")
    assert [m for _, m, _ in errors] == ["rounds: a round-robin of 2 players has 1 round, not 3"]
    site = make_site(event_toml(format="double-round-robin", rounds=6), slug="drr")
    problems = Problems()
    config, _ = load_event_config(site / "content/drr/event.toml", problems)
    assert config is not None and not problems.items


def test_duplicate_names_and_aliases(make_site: SiteMaker) -> None:
    text = event_toml().replace('aliases = ["Bravo, B."]', 'aliases = ["alpha,  anna"]')
    site = make_site(text)
    errors = _errors(site / "content/ev/event.toml")
    assert [m for _, m, _ in errors] == [
        'players[2].aliases: "alpha,  anna" is already used by player "Alpha, Anna"'
    ]


def test_a_player_entered_twice_is_one_error(make_site: SiteMaker) -> None:
    """Bravo's entry pasted twice into a round robin of four (3 rounds) was three errors:
    the name "already used by player" of the same name, the alias again, and "a round-robin
    of 5 players has 5 rounds, not 3", which sent the organiser to change rounds. It is one
    error on the copy's name; the field is still four players, so rounds = 3 stands."""
    bravo = '[[players]]\nname = "Bravo, Bob"\naliases = ["Bravo, B."]\nrating = 2250\n'
    text = event_toml() + "\n" + bravo
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert errors == [
        (
            25,  # event_toml() is 22 lines, then a blank line and [[players]]
            'players[5].name: "Bravo, Bob" is entered twice: players[2] has the same name',
            "delete one of the two [[players]] entries (keep the one with the player's "
            "details), or correct the name if they are two players",
        )
    ]


@pytest.mark.parametrize("separator", ["\\u2028", "\\u2029", "\\u0085"])
def test_a_name_or_alias_holding_a_unicode_line_separator_is_an_error(
    make_site: SiteMaker, separator: str
) -> None:
    """U+2028, U+2029 and U+0085 (NEL) end a line for Python's splitlines, which the TRF
    import reads lines with: the export's comment line 'player 2's name is also written
    "Bravo<U+2028>B."' came back as two lines, neither one the comment, and the alias was lost
    without a word (a name so written broke its 001 line the same way). Each is a line
    break, as "\\n" is: an error on the name's or the alias's line."""
    text = event_toml().replace('aliases = ["Bravo, B."]', f'aliases = ["Bravo,{separator}B."]')
    text = text.replace('name = "Alpha, Anna"', f'name = "Alpha,{separator}Anna"')
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert [(line, message) for line, message, _ in errors] == [
        (7, "players[1].name: contains a line break or another control character"),
        (13, "players[2].aliases[1]: contains a line break or another control character"),
    ]


def test_a_title_or_federation_holding_a_line_break_is_an_error(make_site: SiteMaker) -> None:
    """A player's title and federation stand beside the name on the pages and in TRF's fixed
    columns 11-13 and 54-56, where a line break began a record of its own: one line, as the
    name. Alpha's lines: name 7, fide_id 8, rating 9, then the two added."""
    text = event_toml().replace(
        "rating = 2300\n", 'rating = 2300\ntitle = "G\\nM"\nfederation = "US\\tA"\n', 1
    )
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert sorted((line, message) for line, message, _ in errors) == [
        (10, "players[1].title: contains a line break or another control character"),
        (11, "players[1].federation: contains a line break or another control character"),
    ]


def test_tiebreak_codes_are_checked(make_site: SiteMaker) -> None:
    site = make_site(event_toml('tiebreaks = ["SB", "BH/C1", "KS/L+1", "XYZ"]\n'))
    errors = _errors(site / "content/ev/event.toml")
    assert [m for _, m, _ in errors] == ['tiebreaks[4]: "XYZ" is not a known tie-break']


def test_tiebreak_modifiers_must_change_their_code(make_site: SiteMaker) -> None:
    """A modifier its code does not use was accepted and ignored: the column said "WIN/C1"
    and "cut 1" over values that cut nothing."""
    listed = '["BH/C1/P", "SB/M1", "KS/L-1", "DE/P", "PS/C2", "WIN/C1", "DE/C1", "KS/M1", '
    listed += '"BH/C1/C2", "BH/C1/M1", "PS/M1", "TPR/P"]'
    site = make_site(event_toml(f"tiebreaks = {listed}\n"))
    errors = _errors(site / "content/ev/event.toml")
    assert [m for _, m, _ in errors] == [
        'tiebreaks[6]: "WIN/C1": WIN takes no cut (/C)',
        'tiebreaks[7]: "DE/C1": DE takes no cut (/C)',
        'tiebreaks[8]: "KS/M1": KS takes no median (/M)',
        'tiebreaks[9]: "BH/C1/C2": the cut (/C) is given twice',
        'tiebreaks[10]: "BH/C1/M1": a cut and a median cannot go together (a median cuts already)',
        'tiebreaks[11]: "PS/M1": PS takes no median (/M)',
        'tiebreaks[12]: "TPR/P": TPR takes no /P modifier',
    ]


def test_preset_supplies_tiebreaks(make_site: SiteMaker) -> None:
    site = make_site(event_toml('rules = "us-junior-closed"\n'))
    event, _problems = load(site)
    assert event is not None
    assert event.tiebreaks == ("DE", "BPG", "KS", "SB", "WIN")
    site = make_site(event_toml('rules = "acf-junior"\n', format="swiss", rounds=4), slug="acf")
    event, _ = load(site, "acf")
    assert event is not None
    assert event.tiebreaks == ("PS", "PS/C1", "PS/C2", "PS/C3")


def test_rules_edition_follows_the_start_date(make_site: SiteMaker) -> None:
    site = make_site(event_toml())
    event, _ = load(site)
    assert event is not None and event.rules_edition == "2024"
    text = event_toml().replace("start = 2025-06-01", "start = 2026-03-01")
    site = make_site(text, slug="new")
    event, _ = load(site, "new")
    assert event is not None and event.rules_edition == "2026"


def test_nothing_is_written_when_the_config_has_an_error(make_site: SiteMaker) -> None:
    site = make_site(event_toml("colour = 1\n"))
    report = build_site(site)
    assert report.problems.errors
    assert not (site / "output").exists()


def test_key_lines_follow_tables_and_arrays_of_tables() -> None:
    text = (
        'name = "X"\n[scoring]\nwin = 3\n[[players]]\nname = "A"\n[[players]]\nname = "B"\n'
        '[[prizes.money]]\nname = "1st"\n[prizes]\ncurrency = "AUD"\n'
    )
    lines = key_lines(text)
    assert lines[("name",)] == 1
    assert lines[("scoring", "win")] == 3
    assert lines[("players", 0, "name")] == 5
    assert lines[("players", 1, "name")] == 7
    assert lines[("prizes", "money", 0, "name")] == 9
    assert lines[("prizes", "currency")] == 11


def test_a_file_read_again_gives_the_same_value_and_problems_and_an_edit_is_seen(
    make_site: SiteMaker,
) -> None:
    """Event files are kept by their text between builds (``config.PARSED``): the same text
    gives the same config and the same problems, with their lines; any edit is read anew."""
    bad = event_toml().replace("rating = 2250", "raiting = 2250")
    site = make_site(bad)
    path = site / "content/ev/event.toml"
    first = _errors(path)
    assert first and _errors(path) == first
    path.write_text(event_toml(), encoding="utf-8")
    problems = Problems()
    config, _ = load_event_config(path, problems)
    assert config is not None and not problems.items
    assert config.players[1].rating == 2250
    path.write_text(event_toml().replace("rating = 2250", "rating = 2251"), encoding="utf-8")
    again, _ = load_event_config(path, Problems())
    assert again is not None and again.players[1].rating == 2251
    build_site(site)
    path.write_text(event_toml().replace("rating = 2250", "rating = 2252"), encoding="utf-8")
    assert build_site(site).written
    assert "2252" in (site / "output/ev/standings.html").read_text(encoding="utf-8")


def test_forfeited_needs_a_decisive_result(make_site: SiteMaker) -> None:
    entry = (
        '[[results]]\nround = 1\nwhite = "Alpha, Anna"\nblack = "Bravo, Bob"\n'
        'result = "1/2-1/2"\nforfeited = true\n'
    )
    site = make_site(event_toml() + entry)
    errors = _errors(site / "content/ev/event.toml")
    assert [(m, h) for _, m, h in errors] == [
        (
            'results[1].forfeited: forfeited = true needs result = "1-0" or "0-1", not '
            '"1/2-1/2": the player who forfeited the game lost it',
            'for a game that was never played, write result = "+-" or "-+" instead',
        )
    ]


@pytest.mark.parametrize(
    ("written", "hint"),
    [
        (
            "1-0F",
            'write result = "+-" if the game was not played (White wins by forfeit), or '
            'result = "1-0" with forfeited = true if it was played and Black then forfeited it',
        ),
        (
            "0F-1",
            'write result = "-+" if the game was not played (Black wins by forfeit), or '
            'result = "0-1" with forfeited = true if it was played and White then forfeited it',
        ),
        (
            "0 - 1 ff",
            'write result = "-+" if the game was not played (Black wins by forfeit), or '
            'result = "0-1" with forfeited = true if it was played and White then forfeited it',
        ),
        (
            "+/-",
            'write result = "+-" if the game was not played (White wins by forfeit), or '
            'result = "1-0" with forfeited = true if it was played and Black then forfeited it',
        ),
        ("0F-0F", 'write result = "--": neither player came, and neither scores'),
        ("\u00bd-\u00bd", 'write result = "1/2-1/2"'),
        ("1:0", 'write result = "1-0"'),
        ("2-0", 'did you mean "1-0"?'),  # no forfeit: the closest, as before
    ],
)
def test_a_result_written_as_a_score_sheet_does_says_what_to_write(
    make_site: SiteMaker, written: str, hint: str
) -> None:
    """result = "1-0F" was offered "1-0", a game played, for a forfeit; "½-½" had no hint."""
    entry = (
        '[[results]]\nround = 1\nwhite = "Alpha, Anna"\nblack = "Bravo, Bob"\n'
        f'result = "{written}"\n'
    )
    errors = _errors(make_site(event_toml() + entry) / "content/ev/event.toml")
    assert [(m.split(":")[0], h) for _, m, h in errors] == [("results[1].result", hint)]


def test_a_player_born_after_the_start_is_an_error(make_site: SiteMaker) -> None:
    """born = 2027-06-12 for an event starting 2025-06-01 was taken: the player was
    younger than every age limit and could take the youngest group's title."""
    text = (
        event_toml()
        .replace("rating = 2300", "rating = 2300\nborn = 2027-06-12")
        .replace("rating = 2200", "rating = 2200\nbirth_year = 2026")
        .replace("rating = 2150", "rating = 2150\nborn = 2025-06-01")  # born that day: kept
    )
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert errors == [
        (
            10,
            "players[1].born: Alpha, Anna was born on 2027-06-12, after the event starts "
            "(2025-06-01)",
            "correct the date of birth (YYYY-MM-DD)",
        ),
        (
            20,
            "players[3].birth_year: Charlie, Carl was born in 2026, after the event starts "
            "(2025-06-01)",
            "correct the year of birth",
        ),
    ]


def test_names_match_ignoring_case_and_spacing() -> None:
    """README: players are matched "ignoring case and spacing", around commas too."""
    for spelling in ("Bravo , Ben", "bravo,ben", "  BRAVO ,  Ben ", "Bravo ,Ben", "Bravo,\tBen"):
        assert normalise_name(spelling) == normalise_name("Bravo, Ben"), spelling
    for other in ("Bravo Ben", "Bravo, Benn", "Bravo, B.", "Brav o, Ben"):
        assert normalise_name(other) != normalise_name("Bravo, Ben"), other
    assert normalise_name("Bravo, Ben") == "bravo, ben"  # still read as written


def test_two_results_entries_for_one_game_are_an_error(make_site: SiteMaker) -> None:
    """Two arbiter entries for one game (the same, or contradicting): one would silently win."""
    entry = (
        '\n[[results]]\nround = 1\nwhite = "Alpha, Anna"\nblack = "Bravo, Bob"\n'
        'result = "{}"\nreason = "Arbiter"\n'
    )
    site = make_site(event_toml() + entry.format("1-0") + entry.format("0-1"))
    errors = _errors(site / "content/ev/event.toml")
    assert [(m, h) for _, m, h in errors] == [
        (
            "results[2]: round 1: a second [[results]] entry for Alpha, Anna's game",
            "keep one entry per game (with the reason, if the arbiter decided)",
        )
    ]


def test_category_ids_that_make_one_page_are_an_error(make_site: SiteMaker) -> None:
    """Ids "U-12" and "u 12" both make categories/u-12.html: one page replaced the other, and the
    link to "Under 12 A" showed "Under 12 B"."""
    categories = "".join(
        f'[[categories]]\nid = "{id}"\nname = "{name}"\nunder = 12\n\n'
        for id, name in (("U-12", "Under 12 A"), ("U14", "Under 14"), ("u 12", "Under 12 B"))
    )
    site = make_site(event_toml("age_reference_date = 2025-01-01\n" + categories))
    errors = _errors(site / "content/ev/event.toml")
    assert errors == [
        (
            17,  # 5 lines of the event, 5 for each category before: [[categories]] on 16
            'categories[3].id: "u 12" would be published as categories/u-12.html, like "U-12" '
            "(categories[1])",
            "ids become page addresses, without case, accents or punctuation: use ids such as "
            '"U14" and "G-U14" (pages show the name)',
        )
    ]


def test_a_name_in_the_other_order_is_suggested(make_site: SiteMaker) -> None:
    """PGN files often write "Given Surname": "Dora Delta" was too far from "Delta, Dora" for
    difflib, and the hint offered nobody."""
    _, problems = load(
        make_site(event_toml(), {"g.pgn": pgn_game("1.1", "Dora Delta", "Alpha, Anna", "1-0")})
    )
    (error,) = problems.errors
    assert error.hint == (
        'closest known players: Delta, Dora (add aliases = ["Dora Delta"] to the [[players]] '
        'entry of the player it is, or "Dora Delta" to the aliases it has)'
    )


def test_a_name_like_no_player_gets_the_aliases_line_to_copy(make_site: SiteMaker) -> None:
    """No player is close to 'Xu, "Q"' (no letter in common with Alpha, Bravo, Charlie or
    Delta): the hint offers adding the player or the alias, written as TOML needs it (the
    quotes inside escaped), not "an alias to an existing one" with no word of how."""
    _, problems = load(
        make_site(event_toml(), {"g.pgn": pgn_game("1.1", 'Xu, \\"Q\\"', "Alpha, Anna", "1-0")})
    )
    (error,) = problems.errors
    assert error.hint == (
        'add this player to [[players]] in event.toml, or aliases = ["Xu, \\"Q\\""] to the '
        "entry of the player it is"
    )


def test_a_name_too_long_for_an_alias_is_told_to_be_corrected(make_site: SiteMaker) -> None:
    """A 300-character White tag: an aliases line to copy would be refused (names and
    aliases are at most 200 characters) and would print the whole name again."""
    _, problems = load(
        make_site(event_toml(), {"g.pgn": pgn_game("1.1", "Q" * 300, "Alpha, Anna", "1-0")})
    )
    (error,) = problems.errors
    assert error.hint == (
        "correct the name in the PGN file: it is 300 characters long, more than a name or an "
        "alias may be (200)"
    )


def test_an_event_file_saved_as_utf16_is_read_and_a_code_page_byte_is_named(
    make_site: SiteMaker,
) -> None:
    """Notepad's "Unicode" is UTF-16 with a byte-order mark: read, as PGN files in it are.
    A Windows-1252 "é" on line 2 is an error on that line naming the byte (before: "not
    UTF-8 text (invalid continuation byte)", with no line)."""
    site = make_site(event_toml('location = "Besançon"\n'))
    path = site / "content/ev/event.toml"
    text = path.read_text(encoding="utf-8")
    path.write_bytes(text.encode("utf-16"))
    problems = Problems()
    config, _ = load_event_config(path, problems)
    assert not problems.items and config is not None and config.location == "Besançon"
    path.write_bytes(text.replace('location = "Besançon"\n', "").encode("utf-8"))
    path.write_bytes(b'name = "x"\nlocation = "Caf\xe9"\n' + path.read_bytes())
    assert _errors(path) == [
        (
            2,
            "not UTF-8 text: byte 0xE9 on line 2 is not UTF-8",
            "save the file as UTF-8 (in most editors: Save As, encoding UTF-8); TOML files "
            "are read only in UTF-8",
        )
    ]


@pytest.mark.parametrize(
    ("base_url", "end", "folder"),
    [
        ("https://club.example.org/results/2026/index.html", "a page (index.html)", "2026/"),
        ("https://club.example.org/results/2026/Standings.HTM", "a page (Standings.HTM)", "2026/"),
        ("https://club.example.org/results/2026?lang=en", "a query (?...)", "2026/"),
        ("https://club.example.org/results/2026/#top", "a fragment (#...)", "2026/"),
    ],
)
def test_a_base_url_of_a_page_names_its_folder(
    tmp_path: Path, base_url: str, end: str, folder: str
) -> None:
    """base_url = ".../2026/index.html" was taken, and every page's canonical address was
    written after it (".../index.html/junior/index.html"), leading nowhere. It is an error
    that gives the folder to write; a folder's address with a dot in it is kept."""
    from generator.config import load_site_config

    (tmp_path / "site.toml").write_text(f'title = "T"\nbase_url = "{base_url}"\n')
    problems = Problems()
    assert load_site_config(tmp_path, problems).base_url == ""
    assert [(p.line, p.message, p.hint) for p in problems.errors] == [
        (
            2,
            f'base_url: "{base_url}" ends with {end}, so it is no folder: each page\'s address '
            "is made by adding its name to base_url",
            f"write the folder the site is published in: base_url = "
            f'"https://club.example.org/results/{folder}"',
        )
    ]
    (tmp_path / "site.toml").write_text('base_url = "https://club.example.org/v1.2"\n')
    problems = Problems()
    assert load_site_config(tmp_path, problems).base_url == "https://club.example.org/v1.2"
    assert not problems.items


@pytest.mark.parametrize(
    ("written", "hint"),
    [
        (
            "12/06/2008",
            "write dates as YYYY-MM-DD, without quotes: 12/06/2008 is 2008-06-12 if the day "
            "comes first, 2008-12-06 if the month does",
        ),
        ("25.12.2008", "write dates as YYYY-MM-DD, without quotes: 25.12.2008 is 2008-12-25"),
        ("2008/06/12", "write 2008-06-12, without quotes"),
        ("2008/13/12", ""),
        ("June 2008", ""),
    ],
)
def test_a_date_in_quotes_as_a_form_writes_it_says_what_to_write(
    make_site: SiteMaker, written: str, hint: str
) -> None:
    """born = "12/06/2008" had no hint (the same date without quotes has had one since TOML
    syntax errors were said in words): it now gives the YYYY-MM-DD to write, both readings
    where day and month could be either; a date no reading makes has none."""
    text = event_toml().replace("rating = 2300", f'rating = 2300\nborn = "{written}"')
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert errors == [
        (
            10,
            "players[1].born: expected a date written as YYYY-MM-DD (no quotes), found a "
            f"string '{written}'",
            hint,
        )
    ]


@pytest.mark.parametrize(
    ("line", "message", "hint"),
    [
        (
            "born = 2008",
            "players[1].born: expected a date written as YYYY-MM-DD (no quotes), found a whole "
            "number 2008",
            "write the whole date of birth, YYYY-MM-DD, or birth_year = 2008 if only the year is "
            "known",
        ),
        (
            'sex = "Male"',
            'players[1].sex: "Male" is not one of "M", "F"',
            'did you mean "M"?',
        ),
        (
            'sex = "female"',
            'players[1].sex: "female" is not one of "M", "F"',
            'did you mean "F"?',
        ),
    ],
)
def test_a_birth_year_or_a_sex_written_as_a_form_does_is_told_what_to_write(
    make_site: SiteMaker, line: str, message: str, hint: str
) -> None:
    """born = 2008 and sex = "Male" had no hint: a year alone is birth_year (not a made-up
    1 January, which could move the player into another age group), and "Male" and "Female"
    are the letters "M" and "F"."""
    text = event_toml().replace("rating = 2300", f"rating = 2300\n{line}")
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert errors == [(10, message, hint)]


def test_a_year_alone_for_another_date_is_told_to_write_a_day(make_site: SiteMaker) -> None:
    """age_reference_date = 2026: the day to write, the year's first for the example."""
    text = event_toml().replace("rounds = 3\n", "rounds = 3\nage_reference_date = 2026\n")
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert errors == [
        (
            4,
            "age_reference_date: expected a date written as YYYY-MM-DD (no quotes), found a "
            "whole number 2026",
            "write a whole day, YYYY-MM-DD, e.g. 2026-01-01",
        )
    ]


@pytest.mark.parametrize(
    ("text", "line", "message", "hint"),
    [
        (  # a play-off's places as a prize list writes them: one problem, the list to write
            _HEAD + '[playoff]\nformat = "none"\nplaces = ["1st", "2nd"]\n',
            6,
            "playoff.places: expected a list (each item a whole number of at least 1), found "
            'text in quotes: "1st", "2nd"',
            "write places = [1, 2], the numbers alone",
        ),
        (  # a trophy's place
            _HEAD + '[[trophies]]\nname = "Third"\ncategory = "open"\nplace = "3rd"\n',
            7,
            "trophies[1].place: expected a whole number of at least 1, found a string '3rd'",
            "write place = 3, the number alone",
        ),
        (  # the age group's label for its age
            _HEAD + '[[categories]]\nid = "U16"\nname = "Under 16"\nunder = "U16"\n',
            7,
            "categories[1].under: expected a whole number of at least 1, found a string 'U16'",
            'write under = 16, the age alone; the label "U16" belongs in id or name',
        ),
        (  # the currency after the amount, in quotes
            _HEAD + '[[prizes.money]]\nname = "1st"\nplace = 1\namount = "6,000 USD"\n',
            7,
            "prizes.money[1].amount: expected a number of at least 0, found a string '6,000 USD'",
            "write amount = 6000, the number alone; the currency is written once for the "
            'event, under [prizes]: currency = "USD"',
        ),
        (  # without quotes: tomllib's "Expected newline or end of document after a statement"
            _HEAD + '[[prizes.money]]\nname = "1st"\nplace = 1\namount = 6000 USD\n',
            7,
            "TOML syntax error: 6000 USD is not a number TOML reads",
            "write amount = 6000, the number alone; the currency is written once for the "
            'event, under [prizes]: currency = "USD"',
        ),
        (  # a fine in Australian dollars, the code first
            _HEAD + '[[fines]]\nplayer = "A"\namount = AUD 50\n',
            6,
            "TOML syntax error: AUD 50 is not a number TOML reads",
            "write amount = 50, the number alone; the currency is written once for the "
            'event, under [prizes]: currency = "AUD"',
        ),
        (  # tomllib: "Invalid value"; the hint was to quote it, an error again
            _HEAD + '[[categories]]\nid = "U16"\nname = "Under 16"\nunder = U16\n',
            7,
            "TOML syntax error: U16 is not a number TOML reads",
            'write under = 16, the age alone; the label "U16" belongs in id or name',
        ),
        (  # tomllib: "Unclosed array"; the hint was about commas between items
            _HEAD + "[playoff]\nplaces = [1st, 2nd]  # as the regulations say\n",
            5,
            "TOML syntax error: [1st, 2nd] is not a list TOML reads",
            "write places = [1, 2], the numbers alone",
        ),
        (
            _HEAD + '[[trophies]]\nname = "Second"\ncategory = "open"\nplace = 2nd\n',
            7,
            "TOML syntax error: 2nd is not a number TOML reads",
            "write place = 2, the number alone",
        ),
    ],
    ids=[
        "places-ordinals",
        "place-ordinal",
        "under-label",
        "amount-code-quoted",
        "amount-code",
        "amount-code-first",
        "under-label-bare",
        "places-ordinals-bare",
        "place-ordinal-bare",
    ],
)
def test_a_place_an_age_or_an_amount_written_as_on_a_form_is_told_the_number_to_write(
    make_site: SiteMaker, text: str, line: int, message: str, hint: str
) -> None:
    """ "1st", "U16" and "6000 USD" got no hint, or the general one, or (U16 without quotes)
    "write it in quotes", which only led to the next error: the hint is the line to write."""
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert errors == [(line, message, hint)]


@pytest.mark.parametrize(
    ("header", "message", "hint"),
    [
        ("[[player]]", "player: unknown table name [[player]]", "did you mean [[players]]?"),
        ("[[trophy]]", "trophy: unknown table name [[trophy]]", "did you mean [[trophies]]?"),
        ("[playof]", "playof: unknown table name [playof]", "did you mean [playoff]?"),
        (  # a list of entries written for a table of the file: brackets as the README has
            "[[prize]]",
            "prize: unknown table name [[prize]]",
            "did you mean [prizes]?",
        ),
        (
            "[[prizes.moneys]]",
            "prizes.moneys: unknown table name [[prizes.moneys]]",
            "did you mean [[prizes.money]]?",
        ),
    ],
)
def test_a_mistyped_table_name_is_said_to_be_a_table_with_the_closest_one(
    make_site: SiteMaker, header: str, message: str, hint: str
) -> None:
    """[[player]] was 'unknown key "player"', did you mean "players"?: an organiser looked
    for a player = line. It is a table name, and the hint gives the header to write."""
    text = _HEAD + f'{header}\nname = "Echo, Eve"\n'
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert errors == [(4, message, hint)]


def test_an_inline_table_below_a_table_is_still_told_to_move_up(make_site: SiteMaker) -> None:
    """scoring = {...} under the last [[players]] is a key of the file, not a table name."""
    text = event_toml() + "scoring = { win = 3 }\n"
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert errors == [
        (
            len(text.splitlines()),
            'players[4].scoring: unknown key "scoring"',
            "scoring is a key of the file itself, not of [[players]]: TOML reads every key "
            "below a [[players]] line as part of it, so move scoring up, above the first line "
            "in [brackets]",
        )
    ]


@pytest.mark.parametrize(
    ("header", "message", "hint"),
    [
        (
            "[players]",
            "players: [players] written with single brackets: each entry of a list takes two",
            "write [[players]] above each entry",
        ),
        (
            "[prizes.money]",
            "prizes.money: [prizes.money] written with single brackets: each entry of a list "
            "takes two",
            "write [[prizes.money]] above each entry",
        ),
    ],
)
def test_a_list_of_entries_written_with_single_brackets_is_told_to_take_two(
    make_site: SiteMaker, header: str, message: str, hint: str
) -> None:
    """[players] was "expected an array of tables ([[...]]), found a table {'name': ...}":
    words from TOML's specification, and the organiser's own entry printed back as Python."""
    text = _HEAD + f'{header}\nname = "Echo, Eve"\n'
    errors = _errors(make_site(text) / "content/ev/event.toml")
    assert errors == [(4, message, hint)]


def test_first_round_is_read_into_the_players_entry(make_site: SiteMaker) -> None:
    """[[players]] first_round = 3: the entry keeps the round the player joined; an entry
    without it has none (played from round 1)."""
    text = _HEAD + '[[players]]\nname = "Alpha, Anna"\n\n[[players]]\nname = "Bravo, Bob"\n'
    text += "first_round = 3\n"
    site = make_site(text)
    problems = Problems()
    config, _ = load_event_config(site / "content/ev/event.toml", problems)
    assert config is not None and not problems.items, problems.items
    assert [p.first_round for p in config.players] == [None, 3]


@pytest.mark.parametrize(
    ("value", "message", "hint"),
    [
        (
            '"3"',
            "players[1].first_round: expected a whole number, found a string '3'",
            "write 3 without quotes",
        ),
        (
            "2.5",
            "players[1].first_round: expected a whole number, found a number 2.5",
            "first_round takes a whole number: write it in digits alone, without a fraction",
        ),
        (
            "6",
            "players[1].first_round: 6 is no round of the event, which has rounds 1 to 5",
            "write the round the player joined the event (2 to 5), or delete first_round for "
            "a player who played from round 1",
        ),
    ],
)
def test_a_first_round_that_is_no_round_is_told_what_to_write(
    make_site: SiteMaker, value: str, message: str, hint: str
) -> None:
    """On first_round's own line (6): a quoted number, a fraction, a round past the last."""
    text = _HEAD + f'[[players]]\nname = "Alpha, Anna"\nfirst_round = {value}\n'
    assert _errors(make_site(text) / "content/ev/event.toml") == [(6, message, hint)]


def test_a_one_round_event_has_no_late_entry_to_write(make_site: SiteMaker) -> None:
    """rounds = 1: "2 to 1" is no range to offer; first_round is to go."""
    text = 'name = "X"\nformat = "swiss"\nrounds = 1\n[[players]]\nname = "A"\nfirst_round = 2\n'
    assert _errors(make_site(text) / "content/ev/event.toml") == [
        (
            6,
            "players[1].first_round: 2 is no round of the event, which has rounds 1 to 1",
            "delete first_round: a one-round event has no late entries",
        )
    ]


_LEFT_EARLY = _HEAD + (
    '[[players]]\nname = "Alpha, Anna"\naliases = ["Anna"]\n{key}\n\n'
    '[[players]]\nname = "Bravo, Bob"\n\n'
    '[[withdrawals]]\nplayer = "{who}"\nafter_round = {after}\n'
)


@pytest.mark.parametrize(
    ("first", "after", "message", "hint"),
    [
        (  # joined round 3, gone after round 2: rounds 2 or 3 to 4 would fit
            3,
            2,
            "players[1].first_round: Alpha, Anna entered in round 3 (first_round = 3) but "
            "withdrew after round 2 ([[withdrawals]]), before entering",
            "correct first_round (the round the player joined: 2 at most); or correct "
            "after_round (3 to 4: the last round played)",
        ),
        (  # gone after round 1: no late round to join before it; after_round 4 is the only
            # one from round 4 on that leaves round 5 to miss
            4,
            1,
            "players[1].first_round: Alpha, Anna entered in round 4 (first_round = 4) but "
            "withdrew after round 1 ([[withdrawals]]), before entering",
            "delete first_round (the player withdrew before round 2, a late entry's first); "
            "or after_round = 4 if round 4 was the last the player played",
        ),
        (  # after_round = 0: gone before round 1; from round 5 (the last) no after_round
            # leaves a round to miss (5 is refused), so the withdrawal is to go
            5,
            0,
            "players[1].first_round: Alpha, Anna entered in round 5 (first_round = 5) but "
            "withdrew before round 1 ([[withdrawals]]), before entering",
            "delete first_round (the player withdrew before round 2, a late entry's first); "
            "or delete the withdrawal if the player played on to the last round",
        ),
    ],
)
def test_a_late_entry_who_withdrew_before_entering_is_an_error_on_first_round(
    make_site: SiteMaker, first: int, after: int, message: str, hint: str
) -> None:
    """[[withdrawals]] after_round = k says the player's last round was k; first_round = n
    past k says the player's first was after it: one of the two is wrong. Said once, on
    first_round's line (7), whichever name the withdrawal uses (the alias, too)."""
    for who in ("Alpha, Anna", "Anna"):
        text = _LEFT_EARLY.format(key=f"first_round = {first}", who=who, after=after)
        assert text.splitlines()[6] == f"first_round = {first}"
        slug = "alias" if who == "Anna" else "ev"
        errors = _errors(make_site(text, slug=slug) / f"content/{slug}/event.toml")
        assert errors == [(7, message, hint)]


@pytest.mark.parametrize(("first", "after"), [(3, 3), (2, 4), (1, 0), (None, 1)])
def test_a_late_entry_who_played_before_withdrawing_is_accepted(
    make_site: SiteMaker, first: int | None, after: int
) -> None:
    """Joined in round 3 and gone after it (one round played), joined in round 2 and gone
    after round 4: no contradiction. first_round = 1 is every player's (after_round = 0,
    gone before round 1, is a withdrawal like any other), and no first_round neither."""
    key = f"first_round = {first}" if first else ""
    text = _LEFT_EARLY.format(key=key, who="Alpha, Anna", after=after)
    problems = Problems()
    config, _ = load_event_config(make_site(text) / "content/ev/event.toml", problems)
    assert config is not None and not problems.items, problems.items


@pytest.mark.parametrize(
    ("row", "message", "hint"),
    [
        (  # "write decimals with a point" led to 2150.5, which rating refuses
            "rating = 2150,5",
            "2150,5 is not a number TOML reads",
            "rating takes a whole number of at least 0, written in digits alone: write "
            "rating = 2150 or rating = 2151",
        ),
        (  # a comment after it, and a fraction of three digits: still 2150.5
            "rating = 2150,500  # FIDE",
            "2150,500 is not a number TOML reads",
            "rating takes a whole number of at least 0, written in digits alone: write "
            "rating = 2150 or rating = 2151",
        ),
        (  # a fraction of nothing: the one whole number
            "rating = 2150,0",
            "2150,0 is not a number TOML reads",
            "rating takes a whole number of at least 0, written in digits alone: write "
            "rating = 2150",
        ),
        (  # 41 is past k_factor's 40: only 40 is offered
            "k_factor = 40,5",
            "40,5 is not a number TOML reads",
            "k_factor takes a whole number from 1 to 40, written in digits alone: write "
            "k_factor = 40",
        ),
        (  # words after it, as after 2150.5 (the general hint spoke of quotes and dates)
            "rating = 2150,5 elo",
            "2150,5 elo is not a number TOML reads",
            "rating takes a whole number of at least 0, written in digits alone: write "
            "rating = 2150 or rating = 2151",
        ),
        (  # neither 99999 nor 100000 is a rating: the range
            "rating = 99999,5",
            "99999,5 is not a number TOML reads",
            "rating takes a whole number from 0 to 9999, written in digits alone, e.g. "
            "rating = 2150",
        ),
    ],
)
def test_a_decimal_comma_in_a_whole_number_key_is_told_the_whole_numbers_around_it(
    make_site: SiteMaker, row: str, message: str, hint: str
) -> None:
    """As rating = 2150.5 elo is told: the whole numbers around the value that the key
    takes, on the line (6)."""
    errors = _errors(make_site(_PLAYER + row + "\n") / "content/ev/event.toml")
    assert errors == [(6, f"TOML syntax error: {message}", hint)]


def test_a_decimal_comma_in_a_key_that_takes_a_fraction_keeps_the_decimal_comma_hint(
    make_site: SiteMaker,
) -> None:
    """points = 0,5 is 0.5, which a bye's points take: the hint says to write the point."""
    text = _HEAD + '[[byes]]\nround = 1\nplayer = "A"\npoints = 0,5\n'
    assert _errors(make_site(text) / "content/ev/event.toml") == [
        (
            7,
            "TOML syntax error: Expected newline or end of document after a statement",
            "write decimals with a point, not a comma: 0.5, not 0,5",
        )
    ]


@pytest.mark.parametrize(
    "row",
    ["fide_id = 4.100.018 x", "fide_id = 4 100 018 FIDE  # id", "fide_id = 4,100,018 (FIDE)"],
)
def test_a_grouped_number_with_words_after_it_gets_the_grouped_numbers_hint(
    make_site: SiteMaker, row: str
) -> None:
    """The general hint (quotes, dates, [[players]]) was given: the hint of fide_id =
    4.100.018, the digits without their separators, 4100018."""
    written = row.partition("= ")[2].partition("  #")[0]
    errors = _errors(make_site(_PLAYER + row + "\n") / "content/ev/event.toml")
    assert errors == [
        (
            6,
            f"TOML syntax error: {written} is not a number TOML reads",
            _GROUPING + "fide_id = 4100018",
        )
    ]
