"""A small declarative schema for TOML files, in the manner of MkDocs' config options.

A schema is a ``Table``: a mapping of key to ``Option``. Validation walks the data once, collects
every problem with its key path (never stopping at the first), fills defaults and hands each
table to a factory (usually a frozen dataclass), so the rest of the build sees typed values.
"""

from __future__ import annotations

import datetime as dt
import difflib
import math
import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .toml_lines import DottedKey, KeyPath
from .toml_syntax import NO_THOUSANDS, THOUSANDS_POINT, both_readings
from .written import amount_and_currency, currency_hint, ordinal

MISSING: Any = object()


@dataclass
class Issue:
    """One schema violation at a key path; turned into a located Problem by the loader."""

    path: KeyPath
    message: str
    hint: str = ""
    spelling: str | None = None
    """The name or alias the issue is about, where the path names them all (``aliases``): a
    TRF event's alias may come from a comment line of the TRF file, which is then the place
    to report it (``build._issue_in_trf``)."""


def format_path(path: KeyPath) -> str:
    """``("players", 2, "rating")`` -> ``players[3].rating``: entries counted from 1."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part + 1}]"
        else:
            text += f".{part}" if text else part
    return text or "(top level)"


def _type_name(value: object) -> str:
    names = {
        bool: "true/false",
        int: "a whole number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "a table",
        dt.date: "a date",
        dt.datetime: "a date and time",
    }
    return names.get(type(value), type(value).__name__)


class Option:
    """Base class: one key's type, default and documentation."""

    def __init__(
        self, *, required: bool = False, default: Any = None, doc: str = "", example: str = ""
    ) -> None:
        self.required = required
        self.default = default
        self.doc = doc
        self.example = example
        """A value as TOML writes it, for the hint of a missing required key."""

    def example_value(self) -> str:
        return self.example or "..."

    def expected(self) -> str:
        raise NotImplementedError

    def default_value(self) -> Any:
        return self.default

    def validate(self, value: Any, path: KeyPath, issues: list[Issue]) -> Any:
        """Return the cleaned value, or ``MISSING`` after recording an issue."""
        raise NotImplementedError

    def _wrong_type(self, value: Any, path: KeyPath, issues: list[Issue]) -> Any:
        # true as the file writes it: "found true/false True" showed Python's capital, which
        # TOML does not read
        found = _toml_value(value) if isinstance(value, bool) else f"{_type_name(value)} {value!r}"
        issues.append(Issue(path, f"expected {self.expected()}, found {found}"))
        return MISSING


class Str(Option):
    """A string; ``max_length`` and ``single_line`` guard names that become titles and files."""

    def __init__(
        self,
        *,
        choices: Sequence[str] | None = None,
        max_length: int | None = None,
        single_line: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.choices = tuple(choices) if choices else None
        self.max_length = max_length
        self.single_line = single_line

    def expected(self) -> str:
        if self.choices:
            return "one of " + ", ".join(f'"{c}"' for c in self.choices)
        return "a string"

    def example_value(self) -> str:
        if self.example or not self.choices:
            return self.example or '"..."'
        return " or ".join(f'"{c}"' for c in self.choices)

    def validate(self, value: Any, path: KeyPath, issues: list[Issue]) -> Any:
        if not isinstance(value, str):
            return self._wrong_type(value, path, issues)
        if self.choices and value not in self.choices:
            wanted = value.strip().casefold()
            folded = [c for c in self.choices if c.casefold() == wanted]
            # "us-junior" is the start of "us-junior-closed": difflib alone offered
            # "acf-junior", another federation's rules, as closer by letters.
            begun = [
                c for c in self.choices if len(wanted) >= 2 and c.casefold().startswith(wanted)
            ]
            # "Male" and "Female" for "M" and "F": a letter of a word, as forms write it.
            initial = [c for c in self.choices if len(c) == 1 and wanted[:1] == c.casefold()]
            close = (
                folded or begun or initial or difflib.get_close_matches(value, self.choices, n=1)
            )
            hint = "did you mean " + " or ".join(f'"{c}"' for c in close) + "?" if close else ""
            issues.append(Issue(path, f'"{value}" is not {self.expected()}', hint))
            return MISSING
        if not self.choices and self.required and not value.strip():
            issues.append(Issue(path, "must not be empty"))
            return MISSING
        return self._check_text(value, path, issues)

    def _check_text(self, value: str, path: KeyPath, issues: list[Issue]) -> Any:
        if self.max_length is not None and len(value) > self.max_length:
            issues.append(
                Issue(
                    path,
                    f"is {len(value)} characters long; at most {self.max_length} are allowed",
                    "shorten it (a nickname or short form can go in aliases)",
                )
            )
            return MISSING
        if self.single_line and any(
            ord(char) < 32 or ord(char) == 127 or char in LINE_SEPARATORS for char in value
        ):
            issues.append(
                Issue(
                    path,
                    "contains a line break or another control character",
                    "write it on one line, without \\n or \\t escapes",
                )
            )
            return MISSING
        if self.single_line and any(char in DIRECTION_CONTROLS for char in value):
            issues.append(
                Issue(
                    path,
                    "contains an invisible direction control (U+202A-U+202E, U+2066-U+2069), "
                    "which would turn the text after it around on the pages",
                    "type the name again without it (names in Arabic or Hebrew need none)",
                )
            )
            return MISSING
        return value


LINE_SEPARATORS = frozenset("\x85\u2028\u2029")
"""NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR: beyond the controls below 32, the characters
that end a line for ``str.splitlines`` (which the TRF import reads lines with), so a name or
alias holding one broke the line the export wrote it on."""

DIRECTION_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Unicode's embedding, override and isolate controls: a name holding one reorders what
follows it on the page (a "right-to-left override" shows "Anna" as "annA")."""


class Number(Option):
    """A TOML integer or float (never inf or nan); ``choices`` restricts to listed values,
    ``minimum`` and ``maximum`` bound it."""

    def __init__(
        self,
        *,
        integer: bool = False,
        minimum: float | None = None,
        maximum: float | None = None,
        choices: Sequence[float] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.integer = integer
        self.minimum = minimum
        self.maximum = maximum
        self.choices = tuple(choices) if choices else None

    def expected(self) -> str:
        if self.choices:
            return "one of " + ", ".join(f"{c:g}" for c in self.choices)
        kind = "a whole number" if self.integer else "a number"
        return f"{kind} of at least {self.minimum:g}" if self.minimum is not None else kind

    def span(self) -> str:
        """What the key takes, its upper bound included (``expected`` leaves it out, as few
        values come near it): for a hint whose number would be out of range."""
        if self.choices or self.maximum is None:
            return self.expected()
        kind = "a whole number" if self.integer else "a number"
        if self.minimum is None:
            return f"{kind} of at most {_bound(self.maximum)}"
        return f"{kind} from {_bound(self.minimum)} to {_bound(self.maximum)}"

    def example_value(self) -> str:
        if self.example or not self.choices:
            return self.example or "..."
        return " or ".join(f"{c:g}" for c in self.choices)

    def meant(self, value: Any) -> str | None:
        """The number ``value`` was written for, as TOML writes it: itself, or the number a
        quoted text holds ("3", "1st"); ``None`` for anything else or a number out of range."""
        if isinstance(value, str):
            number = _quoted_number(value)
            place = ordinal(value) if self.integer else None
            text = number or (str(place) if place is not None else None)
            return text if text is not None and self.fits(float(text)) else None
        if isinstance(value, int | float) and not isinstance(value, bool):
            return _toml_value(value) if self.fits(value) else None
        return None

    def fits(self, value: float) -> bool:
        """Whether a number is one this option takes (checked quietly, for a hint: a hint
        must not suggest a number the schema then refuses)."""
        number: float = int(value) if self.integer and float(value).is_integer() else value
        return self.validate(number, (), []) is not MISSING

    def _digits_hint(self, path: KeyPath) -> str:
        """What to write for a value that is no number a person types (``rating = nan``,
        ``inf``): the key's number in digits alone, as its example shows it."""
        name = _key_name(path)
        example = f", e.g. {name} = {self.example}" if self.example else ""
        return f"{name} takes {self.expected()}, written in digits alone{example}" + (
            _UNRATED if name == "rating" else ""
        )

    def _whole_hint(self, value: float, path: KeyPath) -> str:
        """What to write for a fraction where a whole number is wanted: the number itself
        when the fraction is nothing (``rating = 2150.0``), else that there is to be none.
        A value written as ``2.150`` is a thousands point, which ``written_number_hint``
        says from the file's text."""
        name = _key_name(path)
        if value.is_integer() and self.fits(value):
            item = bool(path) and isinstance(path[-1], int)  # places = [1.0]: no name = line
            line = f"{int(value)}" if item else f"{name} = {int(value)}"
            return f"{name} takes {self.expected()}, written in digits alone: write {line}"
        return f"{name} takes {self.expected()}: write it in digits alone, without a fraction"

    def validate(self, value: Any, path: KeyPath, issues: list[Issue]) -> Any:
        if isinstance(value, bool) or not isinstance(value, int | float):
            self._wrong_type(value, path, issues)
            if isinstance(value, str) and (number := _quoted_number(value)):
                issues[-1].hint = f"write {number} without quotes"
            elif isinstance(value, str) and (number := _quoted_number(value.strip(_MONEY))):
                issues[-1].hint = (
                    f"write {number} without quotes or currency sign (the currency is "
                    'written once: [prizes] currency = "USD")'
                )
            elif isinstance(value, str) and (money := amount_and_currency(value)):
                issues[-1].hint = currency_hint(_key_name(path), *money)
            elif isinstance(value, str) and self.integer and (place := ordinal(value)):
                issues[-1].hint = f"write {_key_name(path)} = {place}, the number alone"
            elif isinstance(value, bool):  # rounds = true, rating = false: no number
                name = _key_name(path)
                issues[-1].hint = f"{name} takes {self.expected()}: write it in digits" + (
                    _UNRATED if name == "rating" else ""
                )
            return MISSING
        if isinstance(value, float) and not math.isfinite(value):  # rating = nan, inf
            issues.append(
                Issue(path, f"expected {self.expected()}, found {value}", self._digits_hint(path))
            )
            return MISSING
        if self.maximum is not None and value > self.maximum:
            issues.append(Issue(path, f"{value} is too large: at most {_bound(self.maximum)}"))
            return MISSING
        if self.integer and not isinstance(value, int):  # rating = 2150.5, 2150.0
            self._wrong_type(value, path, issues)
            issues[-1].hint = self._whole_hint(value, path)
            return MISSING
        if self.minimum is not None and value < self.minimum:
            issues.append(Issue(path, f"{value} is too small: expected {self.expected()}"))
            return MISSING
        if self.choices and value not in self.choices:
            issues.append(Issue(path, f"{value} is not {self.expected()}"))
            return MISSING
        return value


_UNRATED = "; leave rating out for an unrated player"

_QUOTED_NUMBER = re.compile(r"[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")
"""A number as an organiser types it in quotes: "6000", "0.5", "-1", "6,000"."""


_MONEY = " $€£¥"
"""Currency signs an amount may be typed with ("$6000"), and the spaces around them."""


def _quoted_number(text: str) -> str | None:
    """The number a string holds, as TOML writes it (no thousands commas, no leading zeros),
    or ``None``: ``amount = "6000"`` is text to TOML, and the fix is to drop the quotes."""
    stripped = text.strip()
    if not _QUOTED_NUMBER.fullmatch(stripped):
        return None
    whole, point, fraction = stripped.replace(",", "").partition(".")
    return f"{'-' if whole.startswith('-') else ''}{int(whole.lstrip('+-'))}{point}{fraction}"


def _key_name(path: KeyPath) -> str:
    """The key a value is written for (``place`` of ``trophies[2].place``), for a hint."""
    names = [part for part in path if isinstance(part, str)]
    return names[-1] if names else "value"


def _bound(value: float) -> str:
    """A bound as a person writes it: 99999999999, not 1e+11."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


class Bool(Option):
    def expected(self) -> str:
        return "true or false"

    def validate(self, value: Any, path: KeyPath, issues: list[Issue]) -> Any:
        if not isinstance(value, bool):
            return self._wrong_type(value, path, issues)
        return value


class Date(Option):
    def expected(self) -> str:
        return "a date written as YYYY-MM-DD (no quotes)"

    def validate(self, value: Any, path: KeyPath, issues: list[Issue]) -> Any:
        if isinstance(value, dt.datetime):
            return value.date()
        if isinstance(value, dt.date):
            return value
        if isinstance(value, str):
            try:
                return dt.date.fromisoformat(value)
            except ValueError:
                pass
        self._wrong_type(value, path, issues)
        if isinstance(value, str):
            issues[-1].hint = _date_hint(value.strip())
        elif isinstance(value, int) and 1900 <= value <= 2999:  # born = 2010: a year alone
            issues[-1].hint = (
                "write the whole date of birth, YYYY-MM-DD, or "
                f"birth_year = {value} if only the year is known"
                if path and path[-1] == "born"
                else f"write a whole day, YYYY-MM-DD, e.g. {value}-01-01"
            )
        return MISSING


_DAY_MONTH_YEAR = re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})")
_YEAR_MONTH_DAY = re.compile(r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})")


def _date_hint(text: str) -> str:
    """What to write for a date in quotes written as a score sheet or a form does
    ("12/06/2008", "2008/06/12"): the ISO date, with both readings where the day and the
    month could be either; "" for other text."""
    if match := _DAY_MONTH_YEAR.fullmatch(text):
        first, second, year = (int(part) for part in match.groups())
        return "write dates as YYYY-MM-DD, without quotes: " + both_readings(
            first, second, year, text
        )
    if match := _YEAR_MONTH_DAY.fullmatch(text):
        year, month, day = (int(part) for part in match.groups())
        try:
            return f"write {dt.date(year, month, day).isoformat()}, without quotes"
        except ValueError:
            return ""
    return ""


class List(Option):
    """A list of values of one option type; ``single`` also accepts one bare value."""

    def __init__(self, item: Option, *, single: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.item = item
        self.single = single

    def expected(self) -> str:
        return f"a list (each item {self.item.expected()})"

    def validate(self, value: Any, path: KeyPath, issues: list[Issue]) -> Any:
        if self.single and not isinstance(value, list):
            value = [value]
        if not isinstance(value, list):
            self._wrong_type(value, path, issues)
            if self.item.validate(value, path, []) is not MISSING:
                issues[-1].hint = f"write it in brackets, as a list: [{_toml_value(value)}]"
            return MISSING
        before = len(issues)
        cleaned = [self.item.validate(v, (*path, i), issues) for i, v in enumerate(value)]
        if any(v is MISSING for v in cleaned):
            self._numbers_in_quotes(value, path, issues, before)
            return MISSING
        return tuple(cleaned)

    def _numbers_in_quotes(
        self, value: list[Any], path: KeyPath, issues: list[Issue], before: int
    ) -> None:
        """One problem, with the list to write, for numbers written as text
        (``places = ["1st", "2nd"]``, as a prize list writes places): an item's own issue
        could only say it is not a number, and said so item by item."""
        if not isinstance(self.item, Number):
            return
        meant = [self.item.meant(item) for item in value]
        texts = [item for item in value if isinstance(item, str)]
        if not texts or any(number is None for number in meant):
            return
        del issues[before:]
        found = ", ".join(_toml_value(text) for text in texts)
        issues.append(
            Issue(
                path,
                f"expected {self.expected()}, found text in quotes: {found}",
                f"write {_key_name(path)} = [{', '.join(str(n) for n in meant)}], the numbers "
                "alone",
            )
        )


def _toml_value(value: Any) -> str:
    """A value as TOML writes it (strings in double quotes), for a hint to copy."""
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class Table(Option):
    """A TOML table with known keys, built into ``factory(**values)``.

    ``check`` runs on the built value for rules that span several keys.
    """

    def __init__(
        self,
        keys: Mapping[str, Option],
        factory: Callable[..., Any] = dict,
        *,
        check: Callable[[Any, KeyPath, list[Issue]], None] | None = None,
        elsewhere: Mapping[str, str] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.keys = keys
        self.factory = factory
        self.check = check
        self.elsewhere: Mapping[str, str] = elsewhere or {}
        """Keys (and tables) another file takes, with where: ``rounds`` in a
        championship.toml belongs in each section's event.toml."""

    def expected(self) -> str:
        return "a table"

    def validate(self, value: Any, path: KeyPath, issues: list[Issue]) -> Any:
        if not isinstance(value, dict):
            return self._wrong_type(value, path, issues)
        cleaned: dict[str, Any] = {}
        failed = False
        for key in value:
            if key not in self.keys and key in self.elsewhere:
                issues.append(self._elsewhere(key, value[key], path))
                failed = True
            elif key not in self.keys and _is_table(value[key]):
                issues.append(self._unknown_table(key, value[key], path))
                failed = True
            elif key not in self.keys:
                close = difflib.get_close_matches(key, list(self.keys), n=1, cutoff=0.6)
                hint = (
                    f'did you mean "{close[0]}"?'
                    if close
                    else ("known keys: " + ", ".join(sorted(self.keys)))
                )
                issues.append(Issue((*path, key), f'unknown key "{key}"', hint))
                failed = True
        for key, option in self.keys.items():
            if key in value:
                result = option.validate(value[key], (*path, key), issues)
                if result is MISSING:
                    failed = True
                else:
                    cleaned[key] = result
            elif option.required:
                where = (
                    "at the top of the file, above the first line in [brackets]"
                    if not path
                    else "to this entry"
                )
                hint = f"add {key} = {option.example_value()} {where}"
                issues.append(Issue((*path, key), f'the key "{key}" is required', hint))
                failed = True
            else:
                cleaned[key] = option.default_value()
        if failed:
            return MISSING
        built = self.factory(**cleaned)
        if self.check is not None:
            before = len(issues)
            self.check(built, path, issues)
            if len(issues) > before:
                return MISSING
        return built

    def _elsewhere(self, key: str, value: Any, path: KeyPath) -> Issue:
        """A key or table of another file (``rounds``, ``[scoring]`` in a championship.toml):
        said as where it goes, not as unknown with this file's keys to choose from."""
        what = "this table" if _is_table(value) else "this key"  # after its name and a colon
        return Issue((*path, key), f"{what} belongs in {self.elsewhere[key]}", "move it there")

    def _unknown_table(self, key: str, value: Any, path: KeyPath) -> Issue:
        """A ``[[player]]`` or ``[playof]`` line: said as the table name it is, with the
        closest of this table's own tables, brackets and all ("unknown key" sent an
        organiser looking for a key = line the file does not have)."""
        tables = {
            name: _brackets(path, name, isinstance(option, TableList))
            for name, option in self.keys.items()
            if isinstance(option, Table | TableList)
        }
        written = _brackets(path, key, isinstance(value, list))
        close = difflib.get_close_matches(key, list(tables), n=1, cutoff=0.6)
        if close:
            hint = f"did you mean {tables[close[0]]}?"
        elif tables:
            hint = "the tables are " + ", ".join(tables.values())
        else:
            hint = "known keys: " + ", ".join(sorted(self.keys))
        return Issue((*path, key), f"unknown table name {written}", hint)

    def default_value(self) -> Any:
        if self.default is not None:
            return self.default
        return self.validate({}, (), [])


class TableList(Option):
    """A TOML array of tables (``[[players]]``)."""

    def __init__(self, table: Table, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.table = table

    def expected(self) -> str:
        return "an array of tables ([[...]])"

    def validate(self, value: Any, path: KeyPath, issues: list[Issue]) -> Any:
        if isinstance(value, dict) and path:
            # [players] for [[players]]: one table, where each entry takes its own [[...]]
            name = _brackets(path[:-1], str(path[-1]), entries=True)
            issues.append(
                Issue(
                    path,
                    f"{name[1:-1]} written with single brackets: each entry of a list takes two",
                    f"write {name} above each entry",
                )
            )
            return MISSING
        if not isinstance(value, list):
            return self._wrong_type(value, path, issues)
        cleaned = [self.table.validate(v, (*path, i), issues) for i, v in enumerate(value)]
        if any(v is MISSING for v in cleaned):
            return MISSING
        return tuple(cleaned)

    def default_value(self) -> Any:
        return ()


def _is_table(value: Any) -> bool:
    """Whether a value is a ``[table]`` or a ``[[list of tables]]``, as TOML reads it."""
    return isinstance(value, dict) or (
        isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)
    )


def _brackets(path: KeyPath, name: str, entries: bool) -> str:
    """A table's header line: ``[[prizes.money]]`` for a list of entries, ``[playoff]``."""
    dotted = ".".join([*(part for part in path if isinstance(part, str)), name])
    return f"[[{dotted}]]" if entries else f"[{dotted}]"


def validate(schema: Table, data: Mapping[str, Any]) -> tuple[Any, list[Issue]]:
    """Validate ``data`` against ``schema``; the result is ``None`` when there are issues."""
    issues: list[Issue] = []
    result = schema.validate(dict(data), (), issues)
    for issue in issues:
        _hint_top_level_key(schema, issue)
    return (None if result is MISSING or issues else result), issues


def _hint_top_level_key(schema: Table, issue: Issue) -> None:
    """Say why a top-level key is unknown where it stands: written below a ``[table]`` or
    ``[[table]]`` line (a README example added at the end of the file), TOML puts it in that
    table, and "known keys: after_round, player, reason" would not explain it."""
    *table, key = issue.path
    if not table or not issue.message.startswith("unknown ") or key not in schema.keys:
        return
    issue.message = f'unknown key "{key}"'  # an inline table, key = {...}, is a key here
    name = ".".join(part for part in table if isinstance(part, str))
    header = f"[[{name}]]" if isinstance(table[-1], int) else f"[{name}]"
    issue.hint = (
        f"{key} is a key of the file itself, not of {header}: TOML reads every key below a "
        f"{header} line as part of it, so move {key} up, above the first line in [brackets]"
    )


def number_keys(schema: Table) -> dict[str, Number]:
    """The keys that take a number wherever ``schema`` and its tables name them (``rounds``,
    ``rating``, ``amount``), by name: a syntax error such as ``rounds = seven`` is about one
    of these before the schema can say so, and "write it in quotes" would lead astray."""
    found: dict[str, list[Option]] = {}

    def walk(table: Table) -> None:
        for name, option in table.keys.items():
            found.setdefault(name, []).append(option)
            inner = option.table if isinstance(option, TableList) else option
            if isinstance(inner, Table):
                walk(inner)

    walk(schema)
    return {
        name: options[0]
        for name, options in found.items()
        if all(isinstance(option, Number) for option in options) and isinstance(options[0], Number)
    }


def explain_dotted_keys(
    schema: Table, issues: list[Issue], dotted: Mapping[KeyPath, DottedKey], file_name: str
) -> list[Issue]:
    """``issues`` with an unknown table, or a list of entries written as one table, that a
    dotted key made (``player.name = "X"``) said as the key it is: "unknown table name
    [player]" sent an organiser looking for a [player] line the file does not have."""
    return [_dotted_key_issue(schema, issue, dotted, file_name) for issue in issues]


def _dotted_key_issue(
    schema: Table, issue: Issue, dotted: Mapping[KeyPath, DottedKey], file_name: str
) -> Issue:
    """One issue as ``explain_dotted_keys`` says it; itself when no dotted key made it."""
    *owner_path, name = issue.path
    found = dotted.get(issue.path)
    owner = _table_at(schema, tuple(owner_path))
    if found is None or owner is None or not isinstance(name, str):
        return issue
    option = owner.keys.get(name)
    if isinstance(option, TableList | List):
        listed = "a list of entries" if isinstance(option, TableList) else "a list"
        return replace(
            issue,
            message=f"{name}.{found.key} = {found.value} makes {name} one table (a dotted key "
            f"a.b = ... is TOML for the key b in a table a), but {name} is {listed}",
            hint=_list_lines(tuple(owner_path), name, option, found),
        )
    if option is not None:
        return issue
    where = f"a {_header(tuple(owner_path))} entry" if owner_path else file_name
    message = (
        f"{name}.{found.key} = {found.value} is TOML for the key {found.key} in a table {name}, "
        + (
            f"and a {_header(tuple(owner_path))} entry has no table {name}"
            if owner_path
            else f"and {name} is not a table {file_name} knows"
        )
    )
    tables = [key for key, kind in owner.keys.items() if isinstance(kind, Table | TableList)]
    # section.name = "x" for sections = ["x"]: a list of such values, as close as a table
    lists = [
        key
        for key, kind in owner.keys.items()
        if isinstance(kind, List) and _list_item(kind, found.value) is not MISSING
    ]
    close = difflib.get_close_matches(name, tables, n=1, cutoff=0.6) or (
        difflib.get_close_matches(name, lists, n=1, cutoff=0.6)
    )
    first = found.key.split(".")[0]
    if first in owner.elsewhere and first not in owner.keys:  # section.rounds = 9
        hint = f"{first} is not set in {where}: it belongs in {owner.elsewhere[first]}"
    elif close and isinstance(owner.keys[close[0]], TableList | List):
        hint = _list_lines(tuple(owner_path), close[0], owner.keys[close[0]], found)
    elif close:
        hint = f"did you mean {close[0]}.{found.key} = {found.value}?"
    elif first in owner.keys:
        hint = (
            f"did you mean {found.key} = {found.value}? the keys of {where} are written "
            "alone, without a table's name before them"
        )
    else:
        hint = issue.hint
    return replace(issue, message=message, hint=hint)


def _list_lines(owner: KeyPath, name: str, option: Option, found: DottedKey) -> str:
    """What to write for a dotted key into a list: a list of entries' two lines
    (``[[players]]``, ``name = "X"``), or a list of values' one line with the value in its
    brackets (``sections = ["under-12"]``), or its brackets alone when the value is none of
    its items."""
    if not isinstance(option, List):
        return _entry_lines(owner, name, found)
    items = f"[{found.value}]" if _list_item(option, found.value) is not MISSING else "[...]"
    return (
        f"{name} is a list, written on one line with its items in brackets: write {name} = {items}"
    )


def _list_item(option: List, written: str) -> Any:
    """The value ``written`` (TOML text) as an item of ``option``, or ``MISSING``."""
    try:
        value = tomllib.loads(f"v = {written}")["v"]
    except tomllib.TOMLDecodeError:
        return MISSING
    return option.item.validate(value, (), [])


def _entry_lines(owner: KeyPath, name: str, found: DottedKey) -> str:
    """What to write for a dotted key into a list of entries: the entry's two lines."""
    header = _brackets(owner, name, entries=True)
    listed = {"money": "money prizes"}.get(name, name)
    return (
        f"{listed} are listed as {header} tables, each with its keys inside: write the two "
        f"lines\n{header}\n{found.key} = {found.value}"
    )


def explain_written_numbers(
    schema: Table, issues: list[Issue], written: Mapping[KeyPath, str]
) -> list[Issue]:
    """``issues`` with a whole number written with a thousands point (``rating = 2.150``,
    which TOML reads as 2.15) told the number to write: the schema saw only 2.15, and could
    say only that a whole number is wanted. ``written``: each key's value as the file
    writes it (``toml_lines.written_values``)."""
    return [_thousands_point_issue(schema, issue, written) for issue in issues]


def _thousands_point_issue(schema: Table, issue: Issue, written: Mapping[KeyPath, str]) -> Issue:
    """One issue as ``explain_written_numbers`` says it; itself when the key takes no whole
    number, the value has no thousands point, or the number it groups is not one the key
    takes (``rounds = 1.875``: 1875 rounds would only be the next error)."""
    text = written.get(issue.path)
    *owner_path, name = issue.path
    if text is None or not isinstance(name, str) or not THOUSANDS_POINT.fullmatch(text):
        return issue
    owner = _table_at(schema, tuple(owner_path))
    option = owner.keys.get(name) if owner is not None else None
    whole = int(text.replace(".", ""))
    if not isinstance(option, Number) or not option.integer or not option.fits(whole):
        return issue
    return replace(issue, hint=f"write {name} = {whole} {NO_THOUSANDS}")


def _header(path: KeyPath) -> str:
    """The header line of the table at ``path``: ``[[players]]`` for an entry, ``[prizes]``."""
    names = tuple(part for part in path if isinstance(part, str))
    return _brackets(names[:-1], names[-1], entries=isinstance(path[-1], int))


def _table_at(schema: Table, path: KeyPath) -> Table | None:
    """The table of ``schema`` that ``path`` names (an entry of a list of tables is its
    table), or ``None`` when the schema has none there."""
    table = schema
    for part in path:
        if isinstance(part, int):
            continue
        option = table.keys.get(part)
        inner = option.table if isinstance(option, TableList) else option
        if not isinstance(inner, Table):
            return None
        table = inner
    return table
