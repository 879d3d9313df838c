"""TOML syntax errors in an organiser's words.

``tomllib`` says what its parser met ("Cannot overwrite a value", "Illegal character '\\n'",
"Unclosed array"), which tells an arbiter who typed a key twice or left a quote open neither
what is wrong nor where to look: an unclosed list is reported on the line of the table after
it. The usual mistakes are recognised here and said plainly, on the line to correct; anything
else keeps tomllib's words.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
from collections.abc import Mapping
from typing import Protocol

from .toml_lines import reads
from .written import age_limit, amount_and_currency, currency_hint, ordinal

_KEY = re.compile(r"""^\s*([A-Za-z0-9_.-]+|"[^"]*"|'[^']*')\s*=""")
_TABLE_TWICE = re.compile(r"^Cannot declare \((.*)\) twice$")
_BAD_DATE = re.compile(r"=\s*(\d{4}-\d{1,2}-\d{1,2})\b")
_DAY_FIRST = re.compile(r"=\s*(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b")
_DECIMAL_COMMA = re.compile(r"=\s*-?\d+,\d+\s*(#.*)?$")
_THOUSANDS = re.compile(r"=\s*(-?[1-9]\d{0,2}(?:,\d{3})+)\s*(#.*)?$")
"""A number with thousands commas, amount = 6,000 (a first group of 0, 0,500, is a
decimal comma)."""
_ARRAY_HEADER = re.compile(r"^\s*\[\[\s*([A-Za-z0-9_.-]+)\s*\]\]\s*(#.*)?$")
_TABLE_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.-]+)\s*(\]\]?)\s*(#.*)?$")
_IMMUTABLE_NAMESPACE = "Cannot mutate immutable namespace"
"""tomllib's words for a [[table]] whose name a key above already gave a value."""
_CURLY_QUOTES = "\u201c\u201d\u201e\u2018\u2019\u00ab\u00bb"
_LIST_START = re.compile(r"^\s*(?:[A-Za-z0-9_.-]+|\"[^\"]*\")\s*=\s*\[")
_NEXT_ENTRY = re.compile(
    r"^\s*(?:\[\[?\s*[A-Za-z0-9_.\"-]+\s*\]\]?\s*(?:#.*)?$|[A-Za-z0-9_-]+\s*=)"
)


class NumberKey(Protocol):
    """A key that takes a number, as a hint needs it (``schema.Number``, which imports this
    module): what it takes in words, and whether a number a hint would suggest is taken."""

    integer: bool
    example: str

    def expected(self) -> str: ...

    def span(self) -> str: ...

    def fits(self, value: float) -> bool: ...


GENERAL_HINT = (
    "strings need quotes, dates are written 2026-07-08, and each [[players]] entry starts its own "
    "table"
)


def syntax_problem(
    message: str, text: str, line: int | None, numbers: Mapping[str, NumberKey] | None = None
) -> tuple[str, int | None, str]:
    """What is wrong, the line to correct and how, for tomllib's ``message`` (its position
    removed) about ``line`` of ``text``; ``numbers``: the keys of the file's schema that take
    a number, by name (``schema.number_keys``)."""
    lines = text.splitlines()
    row = lines[line - 1] if line is not None and 0 < line <= len(lines) else ""
    key = _KEY.match(row)
    name = key.group(1).strip("\"'") if key else ""
    if message == "Cannot overwrite a value" and name:
        return (
            f"{name} is given twice in the same table",
            line,
            f"keep one of the two {name} = lines: a table (the top of the file, a [section], "
            "or one [[players]] entry) gives each key once",
        )
    array = _ARRAY_HEADER.match(row)
    if message == "Cannot overwrite a value" and array:
        table = array.group(1).strip()
        first = next(
            (n for n, r in enumerate(lines[: (line or 1) - 1], 1) if r.strip() == f"[{table}]"),
            None,
        )
        if first is not None:
            return (
                f"[[{table}]] makes {table} a list of entries, but [{table}] on line {first} "
                "made it one table",
                line,
                "write [[prizes.money]]: each money prize is an entry of [prizes]"
                if table == "prizes"
                else f"a name is one table, [{table}], or a list of entries, [[{table}]]: "
                "keep the one the README gives",
            )
    header = _TABLE_HEADER.match(row)
    if header and (
        message == "Cannot overwrite a value" or message.startswith(_IMMUTABLE_NAMESPACE)
    ):
        table = header.group(2).strip()
        last = table.rpartition(".")[2]
        value_line = next(
            (
                n
                for n in range((line or 1) - 1, 0, -1)
                if re.match(rf"\s*{re.escape(last)}\s*=", lines[n - 1])
            ),
            None,
        )
        if value_line is not None:
            brackets = f"{header.group(1)}{table}{header.group(3)}"
            if table == "prizes.money":  # money = [500, 300, 200]: the line to correct
                return (
                    f"money = gives the money prizes a value, and {brackets} on line {line} "
                    "adds entries to it",
                    value_line,
                    "delete this line: each money prize is a [[prizes.money]] entry of its own, "
                    "with name, place and amount",
                )
            return (
                f"{brackets} cannot follow {last} = on line {value_line}, which already gave "
                f"{table} a value",
                line,
                f"keep one of the two: the {last} = line, or the {brackets} table",
            )
    if twice := _TABLE_TWICE.match(message):
        table = ".".join(part.strip(" '\"") for part in twice.group(1).split(",") if part.strip())
        return (
            f"[{table}] is written twice",
            line,
            f"put every key of [{table}] under the first [{table}] line and delete the second "
            "(a list of entries, such as [[players]], takes two brackets)",
        )
    quote = _open_quote(message, row)
    if quote:
        return (
            "a quoted text is not closed: the line ends before its closing quote",
            line,
            f"add the closing {quote} at the end of the value: {_closed(row, quote)}",
        )
    if form := _written_as_on_a_form(row):
        return (*form[:1], line, form[1])
    if message == "Invalid value" and (unquoted := _unquoted(row, numbers or {})):
        return (*unquoted[:1], line, unquoted[1])
    if message == "Unclosed array" and line is not None:
        opened = _unclosed_list(lines, line)
        if opened is not None:
            return (
                "a list opened with [ is not closed with ]",
                opened,
                "add ] at the end of the list, e.g. places = [1, 2]",
            )
        return (
            "the items of a list must be separated by commas",
            line,
            'write a comma between two items, e.g. tiebreaks = ["DE", "SB"]',
        )
    if written_number := _grouped_number(row, numbers or {}):
        return (*written_number[:1], line, written_number[1])
    if message == _STATEMENT_END and (grouped := _grouped_fraction(row, numbers or {})):
        return (*grouped[:1], line, grouped[1])
    if statement := _after_a_statement(message, row):
        return (statement[0], line, statement[1])
    if message == _STATEMENT_END and (more := _number_and_more(row, numbers or {})):
        return (*more[:1], line, more[1])
    if message == _STATEMENT_END and (several := _two_numbers(row, numbers or {})):
        return (*several[:1], line, several[1])
    if any(quote in row for quote in _CURLY_QUOTES):
        return (
            f"{message} (the line has typographic quotes)",
            line,
            'write straight quotes, "...": a word processor or autocorrect turned them into '
            "curly ones, which TOML does not read",
        )
    if day_first := _DAY_FIRST.search(row):
        day, month, year = (int(part) for part in day_first.groups())
        written = day_first.group(0)[1:].strip()
        return (
            f"{written} is not a date TOML reads",
            line,
            "write dates as YYYY-MM-DD, without quotes: "
            + both_readings(day, month, year, written),
        )
    if thousands := _THOUSANDS.search(row):
        written = thousands.group(1)
        whole = written.replace(",", "")
        decimal = written.replace(",", ".", 1) if written.count(",") == 1 else ""
        return (
            f"{written} is not a number TOML reads",
            line,
            f"TOML numbers have no thousands comma: write {whole} (or {int(whole):_})"
            + (f", or {decimal} if the comma is a decimal comma" if decimal else ""),
        )
    if whole_number := _decimal_comma(row, numbers or {}):
        return (*whole_number[:1], line, whole_number[1])
    if _DECIMAL_COMMA.search(row):
        return (message, line, "write decimals with a point, not a comma: 0.5, not 0,5")
    return message, line, _date_hint(row) or GENERAL_HINT


_BARE_TEXT = re.compile(r"""^(\s*[A-Za-z0-9_.-]+\s*=\s*)([^\W\d_][^#]*?)(\s*(?:#.*)?)$""")
"""A key whose value is words without quotes (``format = swiss``, ``name = Kowalski, Adam``,
``currency = AUD  # dollars``), the key and spaces, the words, and any comment after them."""

_BARE_LIST = re.compile(r"""^(\s*[A-Za-z0-9_.-]+\s*=\s*)\[([^\]\["'#]*)\](\s*(?:#.*)?)$""")
"""A list whose items are words without quotes: ``tiebreaks = [DE, SB]``."""

_BOOLEANS = ("true", "false")
_TEXT_LIST = "the items of this list are text, which TOML reads only in quotes"
_CODE_LISTS = frozenset(("tiebreaks", "sections", "pgn_time_control"))
"""Lists of codes or folder names, one word each, which a hint may quote item by item; a list
of names cannot be split at its commas ("Okafor, Nia" is one name)."""


_VALUE = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=\s*([^#]*?)\s*(#.*)?$")
"""A key, its value written out, and any comment."""

_WORDS_LIST = re.compile(r"^\[([^\]\[\"'#]*)\]$")
"""A list written without quotes: ``[1st, 2nd]``."""


def _written_as_on_a_form(row: str) -> tuple[str, str] | None:
    """What is wrong and what to write, for a place, an age or an amount without quotes as a
    prize list writes it (``place = 1st``, ``places = [1st, 2nd]``, ``under = U16``,
    ``amount = 6000 USD``): tomllib's words, and "write it in quotes" for U16, led away from
    the number that is wanted."""
    found = _VALUE.match(row)
    if not found:
        return None
    key, value = found.group(1), found.group(2)
    if key == "amount" and (money := amount_and_currency(value)):
        return (f"{value} is not a number TOML reads", currency_hint(key, *money))
    if key == "under" and (age := age_limit(value)) is not None:
        return (
            f"{value} is not a number TOML reads",
            f'write under = {age}, the age alone; the label "{value}" belongs in id or name',
        )
    if (place := ordinal(value)) is not None:
        return (f"{value} is not a number TOML reads", f"write {key} = {place}, the number alone")
    listed = _WORDS_LIST.match(value)
    items = [item.strip() for item in listed.group(1).split(",")] if listed else []
    places = [ordinal(item) if not item.isdigit() else int(item) for item in items if item]
    if places and any(not item.isdigit() for item in items if item) and None not in places:
        return (
            f"{value} is not a list TOML reads",
            f"write {key} = [{', '.join(str(place) for place in places)}], the numbers alone",
        )
    return None


def _unquoted(row: str, numbers: Mapping[str, NumberKey]) -> tuple[str, str] | None:
    """What is wrong and how to write it, for a value typed without the quotes TOML needs
    around text (``format = swiss``, ``tiebreaks = [DE, SB]``) or a true/false typed with a
    capital, as spreadsheets and Python write it; tomllib says only "Invalid value". A key
    that takes a number (``numbers``) is told so: quotes would only move the error on."""
    if bare := _BARE_TEXT.match(row):
        key, text, comment = bare.group(1), bare.group(2).strip().strip('"').strip(), bare.group(3)
        name = key.partition("=")[0].strip().rpartition(".")[2]
        if text.casefold() in _BOOLEANS and name not in numbers:
            return (
                f"{text} is not a value TOML reads",
                f"write true and false in lower case: {key}{text.casefold()}{comment}",
            )
        if name in numbers:
            return (
                f"{text} is not a number TOML reads",
                f"{name} takes {numbers[name].expected()}: write it in digits, without quotes"
                + ("; leave rating out for an unrated player" if name == "rating" else ""),
            )
        return (
            f"{text} is text, which TOML reads only in quotes",
            f"write it in quotes: {key}{toml_string(text)}{comment}",
        )
    if listed := _BARE_LIST.match(row):
        items = [item.strip() for item in listed.group(2).split(",") if item.strip()]
        if items and all(_BARE_TEXT.match(f"x = {item}") for item in items):
            key = listed.group(1)
            if key.partition("=")[0].strip() not in _CODE_LISTS:  # names hold commas too
                example = '["Surname, Given", "Surname, Given"]: a name is one item'
                return (_TEXT_LIST, f"write each item in quotes, e.g. {key.strip()} {example}")
            quoted = ", ".join(toml_string(item) for item in items)
            return (_TEXT_LIST, f"write each item in quotes: {key}[{quoted}]{listed.group(3)}")
    return None


_KEY_EQUALS = r"""^\s*(?:[A-Za-z0-9_-]+\s*\.\s*)*([A-Za-z0-9_-]+)\s*=\s*"""
"""The start of a line that sets a key (a dotted one too): the key's last part, then "=",
before the value each pattern of a number key's value reads."""

_GROUPED = re.compile(
    _KEY_EQUALS + r"""(-?(?:[1-9]\d{0,2}([ \u00a0\u202f'\u2019,.])\d{3}(?:\3\d{3})*|0\d+))"""
    r"""(\s*(?:[^\W\d_]|\()[^#]*?)?\s*(?:#.*)?$"""
)
"""A number key's value written with its digits grouped, as a form or a spreadsheet shows
it (``rating = 2 150``, ``2'150``, ``2,150``, a space that may be a no-break one, or
``fide_id = 4.100.018``: one point is a fraction TOML reads, ``schema`` says its hint), or
with leading zeros (``number = 07``, as a start list numbers players); and any words after
it (``fide_id = 4.100.018 FIDE``), which the number meant leaves out, as ``_number_and_more``
says of ``2.150 elo``."""


def _grouped_number(row: str, numbers: Mapping[str, NumberKey]) -> tuple[str, str] | None:
    """What is wrong and what to write, for a number key (``numbers``) whose value TOML
    cannot read for its grouping spaces or separators, or its leading zeros: tomllib says
    "Expected newline", and the general hint spoke of quotes and dates. A comma in a key
    that takes a fraction (``amount = 6,000``) may be a decimal comma, which the thousands
    hint below says."""
    found = _GROUPED.match(row)
    if not found or found.group(1) not in numbers:
        return None
    key, number, separator = found.group(1), found.group(2), found.group(3)
    words = found.group(4) or ""
    if words and (separator is None or number.count(".") == 1):
        return None  # "07 th", "2.150 elo": one number and words, _number_and_more's
    written = number + words
    option = numbers[key]
    if separator == "," and not option.integer:
        return None
    sign = "-" if number.startswith("-") else ""
    whole = f"{sign}{int(''.join(char for char in number if char.isdigit()))}"
    if not option.fits(float(whole)):  # rating = 12 150: 12150 is no rating either
        return (f"{written} is not a number TOML reads", _out_of_range(key, option))
    if separator is None:
        return (
            f"{written} is not a number TOML reads",
            f"TOML numbers are written without leading zeros: write {key} = {whole}",
        )
    return (
        f"{written} is not a number TOML reads",
        f"TOML numbers are written without spaces or thousands separators: write {key} = {whole}",
    )


_GROUPED_FRACTION = re.compile(
    _KEY_EQUALS
    + r"""((-?[1-9]\d{0,2}([ \u00a0\u202f'\u2019,.])\d{3}(?:\4\d{3})*)([.,])(\d+))\s*(?:#.*)?$"""
)
"""A number key's value written with its thousands grouped and a fraction after them
(``rating = 2.150.5``, ``2.150,5`` as continental Europe writes it, ``2,150.5``): the value,
the grouped digits, their separator, the decimal mark and the fraction."""


def _grouped_fraction(row: str, numbers: Mapping[str, NumberKey]) -> tuple[str, str] | None:
    """What is wrong and what to write, for a number key (``numbers``) whose value groups
    its thousands and has a fraction: tomllib says "Expected newline", and the general hint
    spoke of quotes and dates. The number is the groups' digits and the fraction, which a
    whole number key is told as ``_number_and_more`` tells ``2150.5 elo``."""
    found = _GROUPED_FRACTION.match(row)
    if not found or found.group(1) not in numbers:
        return None
    key, written, grouped, separator, mark, fraction = found.group(1, 2, 3, 4, 5, 6)
    if mark == separator and len(fraction) == 3:  # 4.100.018: groups, _GROUPED's
        return None
    digits = grouped.replace(separator, "")
    return (
        f"{written} is not a number TOML reads",
        _write(key, numbers[key], _around(numbers[key], digits, fraction), NO_THOUSANDS),
    )


def _around(option: NumberKey, digits: str, fraction: str) -> list[str]:
    """The numbers to suggest for ``digits`` and a ``fraction`` after a point, as TOML writes
    them: the number itself, or for a whole number key the whole numbers around it (which is
    meant, only the arbiter knows); a fraction of zeros is none (``2150.0 elo`` is 2150)."""
    if not fraction.rstrip("0"):
        return [str(int(digits))]
    if option.integer:
        number = float(f"{digits}.{fraction}")
        return [str(math.floor(number)), str(math.ceil(number))]
    return [_as_toml(f"{digits}.{fraction}")]  # amount = 6000.50 EUR: the cents as written


_DECIMAL_COMMA_KEY = re.compile(
    _KEY_EQUALS + r"""((-?\d+),(\d+)(?:\s*(?:[^\W\d_]|\()[^#]*?)?)\s*(?:#.*)?$"""
)
"""A number key's value written with a decimal comma (``rating = 2150,5``), words after it
or not (``2150,5 elo``): the key, the value, its whole part and its fraction."""


def _decimal_comma(row: str, numbers: Mapping[str, NumberKey]) -> tuple[str, str] | None:
    """What is wrong and what to write, for a whole number key (``numbers``) given a value
    with a decimal comma: "write 2150.5" (the decimal comma's hint) only moved the error on
    to the schema, which takes no fraction there. Told as ``2150.5 elo`` is: the whole
    numbers around it, those the key takes (``_write``)."""
    found = _DECIMAL_COMMA_KEY.match(row)
    if not found or found.group(1) not in numbers or not numbers[found.group(1)].integer:
        return None
    key, written, digits, fraction = found.group(1, 2, 3, 4)
    option = numbers[key]
    return (
        f"{written} is not a number TOML reads",
        _write(key, option, _around(option, digits, fraction)),
    )


def _write(key: str, option: NumberKey, suggested: list[str], note: str = "") -> str:
    """The hint for a number key given a value TOML cannot read: what it takes, and the
    lines to write with the ``suggested`` numbers the key takes (no hint may suggest a number
    the schema then refuses: ``rounds = 1.875 rounds`` is no 1875 rounds), or the key's
    range when it takes none of them."""
    lines = [f"{key} = {number}" for number in suggested if option.fits(float(number))]
    if not lines:
        return _out_of_range(key, option)
    return f"{key} takes {option.expected()}, written in digits alone: write {_either(lines)}" + (
        f" {note}" if note else ""
    )


def _either(lines: list[str]) -> str:
    """Lines to choose from, as a hint lists them: "a", "a or b", "a, b or c"."""
    return lines[0] if len(lines) == 1 else f"{', '.join(lines[:-1])} or {lines[-1]}"


def _out_of_range(key: str, option: NumberKey) -> str:
    """The hint for a number key whose value, as it was meant, is out of its range: what the
    key takes, both bounds said, and its example where it has one."""
    example = f", e.g. {key} = {option.example}" if option.example else ""
    return f"{key} takes {option.span()}, written in digits alone{example}"


_STATEMENT_END = "Expected newline or end of document after a statement"

THOUSANDS_POINT = re.compile(r"\+?[1-9]\d{0,2}\.\d{3}")
"""A number written with a point and three digits after it (``2.150``, ``1.875``), as
continental Europe groups thousands: to TOML a fraction, 2.15 (``schema`` says so of a value
TOML reads, ``_number_and_more`` of ``2.150 elo``)."""

NO_THOUSANDS = "(TOML numbers have no thousands separators)"

_NUMBER_AND_MORE = re.compile(
    _KEY_EQUALS + r"""(([+-]?\d+)(\.\d*)?(\s*(?:[^\W\d_]|\()[^#]*?)?)\s*(?:#.*)?$"""
)
"""A number key's value written as digits with a word after them (``rating = 2150 elo``,
``rounds = 9 rounds``, ``rating = 2150 (FIDE)``, ``2150.5 elo``) or a point and no digits
after it (``rating = 2150.``): the digits, any point and fraction, and the words."""


def _number_and_more(row: str, numbers: Mapping[str, NumberKey]) -> tuple[str, str] | None:
    """What is wrong and what to write, for a number key (``numbers``) whose digits have a
    word or a bare point after them: tomllib says "Expected newline", and the general hint
    spoke of quotes and dates. The digits alone are the number meant; with a fraction, a
    whole number key is told the two whole numbers around it (which is meant, only the
    arbiter knows)."""
    found = _NUMBER_AND_MORE.match(row)
    if not found or found.group(1) not in numbers or not (found.group(4) or found.group(5)):
        return None
    key, written, digits = found.group(1), found.group(2), found.group(3)
    option, point = numbers[key], found.group(4) or ""
    if option.integer and THOUSANDS_POINT.fullmatch(digits + point):  # "2.150 elo"
        hint = _write(key, option, [str(int(digits + point[1:]))], NO_THOUSANDS)
    else:  # "2150 elo", "2150.", "2150.5 elo", "amount = 6000.50 EUR"
        hint = _write(key, option, _around(option, digits, point[1:]))
    return (f"{written} is not a number TOML reads", hint)


_NUMBERS = re.compile(
    _KEY_EQUALS
    + r"""([+-]?\d+(?:\.\d+)?(?:(?:\s*[/;]\s*|,\s+|,(?=\d{4})|[^\S\n]+)[+-]?\d+(?:\.\d+)?)+)"""
    r"""\s*(?:#.*)?$"""
)
"""A number key's value written as two numbers or more, apart (``rating = 2150 2200``,
``2150, 2200``, ``2150/2200``: a FIDE and a national rating, as a start list gives both);
``2 150`` and ``2,150``, one number grouped, are ``_GROUPED``'s, and a comma before fewer
than three digits (``amount = 6000,50``) is a decimal comma."""

_APART = re.compile(r"\s*[/;,]\s*|\s+")


def _two_numbers(row: str, numbers: Mapping[str, NumberKey]) -> tuple[str, str] | None:
    """What is wrong and what to write, for a number key (``numbers``) given two numbers or
    more: tomllib says "Expected newline", and the general hint spoke of quotes and dates.
    The key takes one: each of them it takes, for the arbiter to keep the one meant."""
    found = _NUMBERS.match(row)
    if not found or found.group(1) not in numbers:
        return None
    key, written = found.group(1), found.group(2)
    option = numbers[key]
    parts = _APART.split(written)
    shown = [_as_toml(part) for part in parts if option.fits(float(part))]
    count = {2: "two", 3: "three"}.get(len(parts), str(len(parts)))
    message = f"{' '.join(written.split())} is {count} numbers, and {key} takes one"
    if len(shown) < 2:  # rating = 2150 22000: the one it takes, or its range
        return (message, _write(key, option, shown))
    lines = [f"{key} = {number}" for number in shown]
    return (
        message,
        f"{key} takes {option.expected()}, written in digits alone: keep the one meant, "
        f"{_either(lines)}",
    )


def _as_toml(number: str) -> str:
    """A number as TOML writes it: no plus sign, no leading zeros (``07`` is 7)."""
    whole, point, fraction = number.lstrip("+").partition(".")
    sign = "-" if whole.startswith("-") else ""
    return f"{sign}{int(whole.lstrip('-'))}{point}{fraction}"


def _after_a_statement(message: str, row: str) -> tuple[str, str] | None:
    """What to write for a line TOML reads but for a comma or a semicolon after its value
    (``name = "Okafor, Nia",``, as a list or a program writes it) or a colon for the equals
    sign (``name: "Okafor, Nia"``, as YAML and JSON write it): the general hint spoke of
    quotes and dates. The line corrected must read alone, else ``None``."""
    stripped = row.strip()
    if message == _STATEMENT_END and stripped[-1:] in (",", ";"):
        fixed = stripped[:-1].rstrip()
        if reads(fixed):
            mark = "comma" if stripped.endswith(",") else "semicolon"
            return (
                f"the line ends with a {mark} after its value",
                f"delete the {mark}: TOML gives one key = value a line, with nothing after it "
                f"but a # comment: {fixed}",
            )
    if message == "Expected '=' after a key in a key/value pair":
        key, colon, value = stripped.partition(":")
        fixed = f"{key.rstrip()} = {value.strip()}"
        if colon and reads(fixed):
            return (
                f"a colon stands between {key.strip()} and its value, where TOML writes =",
                f"write {fixed}",
            )
    return None


def _open_quote(message: str, row: str) -> str:
    """The quote, ``"`` or ``'``, that ``row`` opens and never closes, when tomllib stopped at
    the line's end for it (``Illegal character '\\n'`` inside "...", ``Found invalid
    character '\\n'`` inside '...'), else ""."""
    if message == "Illegal character '\\n'" and row.count('"') % 2 == 1:
        return '"'
    if message == "Found invalid character '\\n'" and row.count("'") % 2 == 1:
        return "'"
    return ""


def _closed(row: str, quote: str) -> str:
    """``row`` with its quoted text closed, to copy: at the end of the value, before a
    comment the open quote swallowed (``location = "Chess Club  # as written``) and before
    the ``]`` of a list (``aliases = ["Marlowe, J.]``). The example was always
    ``location = "Springfield"``, whatever the line held: an organiser who left a player's
    name open read of a location."""
    opened = row.rindex(quote) + 1  # the quotes before it are pairs
    value, hash_, comment = row[opened:].partition(" #")
    text = value.rstrip()
    spaces = value[len(text) :]
    closing = quote
    if "[" in row[:opened] and text.endswith("]"):
        text, closing = text[:-1].rstrip(), quote + "]"
    return f"{row[:opened]}{text}{closing}{spaces}{hash_}{comment}".strip()


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string, quotes included, for a line to copy or a file to
    write: a name with a quote or a backslash must still read (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def both_readings(first: int, second: int, year: int, written: str) -> str:
    """The ISO dates ``written`` may mean, day first and month first."""
    readings = []
    for day, month in ((first, second), (second, first)):
        try:
            date = dt.date(year, month, day)
        except ValueError:
            continue
        if date.isoformat() not in readings:
            readings.append(date.isoformat())
    if not readings:
        return "e.g. 2026-07-08"
    if len(readings) == 1:
        return f"{written} is {readings[0]}"
    return f"{written} is {readings[0]} if the day comes first, {readings[1]} if the month does"


def _date_hint(row: str) -> str:
    """A precise hint when the line holds a date that is not a real day, or ""."""
    match = _BAD_DATE.search(row)
    if match:
        try:
            dt.date.fromisoformat(match.group(1))
        except ValueError:
            return (
                f"{match.group(1)} is not a date: write YYYY-MM-DD with two-digit month "
                "and day, and a day the month has (e.g. 2026-07-08)"
            )
    return ""


def _unclosed_list(lines: list[str], line: int) -> int | None:
    """The line of the list that tomllib found unclosed at ``line``, if it is never closed
    before the next key or table (``places = [1`` followed by ``[prizes]``, which tomllib
    reads on as an item); ``None`` when it is closed, and an item lacks its comma."""
    start = next(
        (n for n in range(min(line, len(lines)), 0, -1) if _LIST_START.match(lines[n - 1])), None
    )
    if start is None:
        return None
    depth = 0
    for number in range(start, len(lines) + 1):
        row = lines[number - 1]
        if number > start and depth > 0 and _NEXT_ENTRY.match(row):
            return start
        column = row.index("=") + 1 if number == start else 0
        quote = ""
        for char in row[column:]:
            if quote:
                quote = "" if char == quote else quote
            elif char in "\"'":
                quote = char
            elif char == "#":
                break
            elif char == "[":
                depth += 1
            elif char == "]":
                depth -= 1
                if depth == 0:
                    return None
    return start
