"""The event file, ``content/<slug>/event.toml``: its typed form and its schema (spec section 3)."""

from __future__ import annotations

import datetime as dt
import difflib
import heapq
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from ..codepages import encoding_problem
from ..presets import PRESETS
from .schema import (
    MISSING,
    Bool,
    Date,
    Issue,
    List,
    Number,
    Str,
    Table,
    TableList,
)
from .toml_lines import KeyPath
from .toml_syntax import toml_string
from .written import age_limit

FORMATS = ("round-robin", "double-round-robin", "swiss")
PLAYOFF_FORMATS = ("us-junior-closed", "acf-by-law-3", "acf-by-law-3-rapid", "none")
RESULTS = ("1-0", "0-1", "1/2-1/2", "+-", "-+", "--")
TIEBREAK_CODES = (
    "DE", "WIN", "WON", "BPG", "BWG", "REP", "GE", "PS", "BH", "FB", "AOB",
    "SB", "KS", "ARO", "TPR", "PTP", "APRO", "APPO",
)  # fmt: skip
_TIEBREAK = re.compile(r"^([A-Z]+)((?:/(?:C\d+|M\d+|L[+-]\d+|P))*)$")
MODIFIERS_TAKEN = {
    "C": ("BH", "FB", "AOB", "SB", "ARO", "PS"),
    "M": ("BH", "FB", "AOB", "SB", "ARO"),
    "L": ("KS",),
    "P": ("BH", "FB", "SB", "DE"),
}
"""The codes each modifier changes (FIDE C.07 Art. 14; ``/P``: forfeits count as played).
Any other pairing is refused rather than ignored: "WIN/C1" would head a column that claims a
cut its values do not make."""
_MODIFIER_NAMES = {"C": "cut (/C)", "M": "median (/M)", "L": "limit (/L)", "P": "/P modifier"}


@dataclass(frozen=True)
class Scoring:
    win: float = 1.0
    draw: float = 0.5
    loss: float = 0.0


@dataclass(frozen=True)
class TrfPlace:
    """Where a TRF file gives an entry: its file, line and the first column of the field.

    Entries the TRF import makes carry it, so that a conflict found later (a PGN game, a
    check of the whole event) is reported on the TRF line rather than in event.toml, which
    has no such entry.
    """

    path: Path
    line: int
    column: int


@dataclass(frozen=True)
class PlayerEntry:
    name: str
    aliases: tuple[str, ...] = ()
    number: int | None = None
    rating: int | None = None
    fide_id: int | None = None
    federation: str | None = None
    title: str | None = None
    born: dt.date | None = None
    birth_year: int | None = None
    sex: str | None = None
    club: str | None = None
    k_factor: int | None = None
    """FIDE's development coefficient K for this player (Rating Regulations 8.3.3), over
    the event's ``k_factor``."""
    first_round: int | None = None
    """A Swiss's late entry: the round the player joined. Each round before it without a
    [[byes]] entry is an absence (a zero-point bye), which big opens otherwise write as one
    [[byes]] table per round missed."""
    trf: TrfPlace | None = field(default=None, compare=False, repr=False)
    year_from_trf: bool = field(default=False, compare=False, repr=False)
    """``birth_year`` is the TRF line's, a date without the day ("2014/00/00"), not an
    event.toml key: a warning about it names the TRF line's date."""
    day_from_trf: bool = field(default=False, compare=False, repr=False)
    """``born`` is the 1st of the month of a TRF line's date without the day ("2014/07/00"):
    where the day decides an age group, a warning names the TRF line's date."""
    alias_trf: tuple[tuple[str, TrfPlace], ...] = field(default=(), compare=False, repr=False)
    """The aliases a TRF file's comment lines give, each with its comment line: a clash
    found once event.toml's [[players]] are merged in is reported there."""
    toml_index: int | None = field(default=None, compare=False, repr=False)
    """A TRF player's: the index of event.toml's [[players]] entry that completes it
    (``merge_trf``), for the lines of that entry's keys."""


@dataclass(frozen=True)
class ResultEntry:
    round: int
    white: str
    black: str
    result: str
    reason: str = ""
    board: int | None = None
    forfeited: bool = False
    """The game was played, but the loser forfeited it (a phone rang: FIDE Art. 11.3, the
    U.S. Junior Closed rules): a played game for the tie-breaks, a forfeit for prize money."""
    less_than_one_move: bool = False
    """A TRF game of less than one move (``W``, ``D``, ``L``): played, but not rated."""
    trf: TrfPlace | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class ByeEntry:
    round: int
    player: str
    points: float
    pairing_allocated: bool | None = None
    """A one-point bye: the pairing's bye of the odd player out (TRF ``U``, true) or a
    full-point bye the player was given (TRF ``F``, false); unsaid, a Swiss's is taken for
    the pairing's and a round robin's for a full-point bye (round robins allocate none)."""
    trf: TrfPlace | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class WithdrawalEntry:
    player: str
    after_round: int
    reason: str = ""


@dataclass(frozen=True)
class PlayoffConfig:
    format: str | None = None
    places: tuple[int, ...] = (1,)
    pgn: tuple[str, ...] = ("playoff/*.pgn",)
    lots: tuple[str, ...] = ()


@dataclass(frozen=True)
class FineEntry:
    player: str
    amount: float
    reason: str = ""


@dataclass(frozen=True)
class CategoryEntry:
    id: str
    name: str
    under: int | None = None
    sex: str | None = None
    min_rating: int | None = None
    max_rating: int | None = None
    federation: str | None = None
    unrated: bool = True
    """Unrated players belong (as rated 0), as a rating band of the junior championships
    has them; many opens keep their rating prizes for rated players: ``unrated = false``."""


@dataclass(frozen=True)
class TitleEntry:
    name: str
    category: str = "open"
    kind: str | None = None
    """"open" or "girls" (By-law 3, 2b); by default "girls" for a category of girls only
    (``sex = "F"``) and "open" for any other (``rules.prizes.title_kind``)."""


@dataclass(frozen=True)
class TrophyEntry:
    name: str
    category: str
    place: int


@dataclass(frozen=True)
class MoneyPrize:
    name: str
    place: int
    amount: float
    category: str = "open"


@dataclass(frozen=True)
class RankingConfig:
    """How ties are finally settled, and the settings for rules the regulations leave open."""

    exhausted: str = "share"
    """When every tie-break is equal: "share" the place, or order by the drawing of "lots"."""
    lots: tuple[str, ...] = ()
    """The order the lots gave, best first (for ``exhausted = "lots"``)."""
    forfeits_over_the_board: bool = False
    """Count round-robin forfeits as games over the board for WON, BPG and BWG."""
    double_forfeit: str = "forfeit-loss"
    """A double forfeit is a forfeit loss for both (16.2.4), or an "absence" (a zero-point bye)."""


@dataclass(frozen=True)
class PrizesConfig:
    currency: str = ""
    ties: str = "tiebreak"
    money: tuple[MoneyPrize, ...] = ()
    trophies_for_title_holders: bool = True
    """ACF clause 3 limits non-monetary prizes "not associated with the awarding of a title":
    read literally, the holder of an open or girls' title may also take one trophy; ``false``
    excludes them. An age-group title is first place in that group ("first in any age group is
    higher than second"), so its holder never takes a trophy besides."""
    forfeit_cancels_money: bool | None = None
    """No prize money after a withdrawal or a forfeit loss (U.S. Junior Closed); by preset."""


@dataclass(frozen=True)
class EventConfig:
    """Everything ``event.toml`` says, validated; names still as the organiser wrote them."""

    name: str
    format: str
    rounds: int
    start: dt.date | None = None
    end: dt.date | None = None
    location: str = ""
    time_control: str = ""
    rules: str = "fide"
    tiebreaks: tuple[str, ...] | None = None
    pgn: tuple[str, ...] = ("*.pgn", "games/*.pgn")
    trf: str | None = None
    age_reference_date: dt.date | None = None
    arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    """The deputy chief arbiters, in the order given: on the event's page and in the TRF's
    records 112, one a line, as FIDE's rating reports name them."""
    federation: str = ""
    """The federation the event is held under (FIDE's three-letter code): the TRF's record
    032, which FIDE's rating reports ask for."""
    organiser: str = ""
    scoring: Scoring = field(default_factory=Scoring)
    players: tuple[PlayerEntry, ...] = ()
    results: tuple[ResultEntry, ...] = ()
    byes: tuple[ByeEntry, ...] = ()
    withdrawals: tuple[WithdrawalEntry, ...] = ()
    playoff: PlayoffConfig = field(default_factory=PlayoffConfig)
    fines: tuple[FineEntry, ...] = ()
    categories: tuple[CategoryEntry, ...] = ()
    titles: tuple[TitleEntry, ...] = ()
    trophies: tuple[TrophyEntry, ...] = ()
    prizes: PrizesConfig = field(default_factory=PrizesConfig)
    ranking: RankingConfig = field(default_factory=RankingConfig)
    min_draw_moves: int | None = None
    """Moves a game must last before a draw may be agreed; ``None``: the preset's (30 for
    us-junior-closed, otherwise none); 0 switches the check off (``rules/checks.py``)."""
    pgn_time_control: tuple[str, ...] = ()
    """The PGN ``TimeControl`` values the games may carry, e.g. "40/5400+30:1800+30"."""
    encoding: str | None = None
    """The code page of the event's PGN and TRF lines that are not UTF-8 ("windows-1250"),
    instead of telling it line by line (``codepages.decode``)."""
    k_factor: int | None = None
    """FIDE's development coefficient K (Rating Regulations 8.3.3) of every player whose
    ``[[players]]`` entry gives none. The build cannot know a player's games history, which
    decides K, so the organiser gives it; without one, no rating change is shown."""

    @cached_property
    def spelling_index(self) -> SpellingIndex:
        """The players' spellings indexed for "closest known players" hints, built once
        for all the unknown names an event's files give."""
        return SpellingIndex(self.players)


TIEBREAK_NAMES = {
    "buchholz": "BH",
    "buchholzcut1": "BH/C1",
    "buchholzcut2": "BH/C2",
    "medianbuchholz": "BH/M1",
    "sonnebornberger": "SB",
    "neustadtl": "SB",
    "koya": "KS",
    "koyasystem": "KS",
    "directencounter": "DE",
    "headtohead": "DE",
    "progressive": "PS",
    "progressivescore": "PS",
    "progressivescores": "PS",
    "sumofprogressivescores": "PS",
    "cumulative": "PS",
    "wins": "WIN",
    "numberofwins": "WIN",
    "mostwins": "WIN",
    "gameswithblack": "BPG",
    "blackgames": "BPG",
    "numberofgameswithblack": "BPG",
    "averageratingofopponents": "ARO",
    "performance": "TPR",
    "performancerating": "TPR",
    "tournamentperformancerating": "TPR",
}
"""Tie-breaks written by name, as regulations name them, to the FIDE code to write
(letters and digits only, small: "Sonneborn-Berger" is ``sonnebornberger``)."""


class TiebreakCode(Str):
    """A FIDE C.07 code with optional modifiers, e.g. ``SB``, ``BH/C1``, ``KS/L+1``."""

    def expected(self) -> str:
        return "a FIDE tie-break code such as SB, BH/C1 or KS/L+1"

    def validate(self, value: object, path: KeyPath, issues: list[Issue]) -> object:
        cleaned = super().validate(value, path, issues)
        if not isinstance(cleaned, str):
            return cleaned
        match = _TIEBREAK.match(cleaned.upper().replace("-C", "/C"))
        if not match or match.group(1) not in TIEBREAK_CODES:
            code = TIEBREAK_NAMES.get(re.sub(r"[^a-z0-9]", "", cleaned.casefold()))
            issues.append(
                Issue(
                    path,
                    f'"{cleaned}" is not a known tie-break',
                    f'tie-breaks are written by their FIDE code: write "{code}"'
                    if code
                    else "known codes: " + ", ".join(TIEBREAK_CODES) + "; modifiers /C1, /M1, /L+1",
                )
            )
            return MISSING
        problem = _modifier_problem(match.group(1), match.group(2))
        if problem:
            issues.append(
                Issue(
                    path,
                    f'"{cleaned}": {problem}',
                    "/C and /M go with BH, FB, AOB, SB and ARO (PS takes /C only), /L with KS, "
                    "/P with BH, FB, SB and DE; one of each at most, and /C or /M, not both",
                )
            )
            return MISSING
        return cleaned.upper().replace("-C", "/C")


class Encoding(Str):
    """An encoding's name as Python's codecs know it ("windows-1250", "iso-8859-2"), one
    that can be read line by line."""

    def expected(self) -> str:
        return 'an encoding such as "windows-1250"'

    def validate(self, value: object, path: KeyPath, issues: list[Issue]) -> object:
        cleaned = super().validate(value, path, issues)
        if not isinstance(cleaned, str):
            return cleaned
        message, hint = encoding_problem(cleaned)
        if message:
            issues.append(Issue(path, message, hint))
            return MISSING
        return cleaned


class KFactor(Number):
    """FIDE's development coefficient K (Rating Regulations 8.3.3): a whole number from 1 to
    40. The regulations give 40, 20 and 10; 8.3.3's cap of 700 over the rating period lowers
    it to any whole number, so any from 1 to 40 is taken."""

    def __init__(self) -> None:
        super().__init__(integer=True, minimum=1, maximum=40, example="20")

    def expected(self) -> str:
        return "a whole number from 1 to 40"

    def validate(self, value: object, path: KeyPath, issues: list[Issue]) -> object:
        before = len(issues)
        found = super().validate(value, path, issues)
        # A fraction (20.5) is told FIDE's values too: "without a fraction" leaves the choice
        # open, where 20.0 is told the number to write.
        if len(issues) > before and (
            not issues[-1].hint or issues[-1].hint.endswith("without a fraction")
        ):
            issues[-1].hint = (
                "FIDE's K (Rating Regulations 8.3.3) is 40 for a player new to the list or a "
                "junior under 2300, 20 under 2400, 10 from 2400: e.g. k_factor = 20"
            )
        return found


def _modifier_problem(code: str, modifiers: str) -> str:
    """What is wrong with ``code``'s modifiers (e.g. "/C1/M1"), or "" when nothing is."""
    kinds = [part[0] for part in modifiers.split("/")[1:]]
    for kind in kinds:
        if code not in MODIFIERS_TAKEN[kind]:
            return f"{code} takes no {_MODIFIER_NAMES[kind]}"
        if kinds.count(kind) > 1:
            return f"the {_MODIFIER_NAMES[kind]} is given twice"
    if "C" in kinds and "M" in kinds:
        return "a cut and a median cannot go together (a median cuts already)"
    return ""


MAX_AMOUNT = 1e12
"""Largest prize or fine: money is summed and shared to the cent, which larger floats lose."""
MAX_NAME = 200
"""Longest name accepted: names become page titles, table cells and (shortened) file names."""
_name = Str(
    required=True,
    max_length=MAX_NAME,
    single_line=True,
    doc="the player's name as written in event.toml",
)
_round = Number(integer=True, minimum=1, maximum=999, required=True)

PLAYER = Table(
    {
        "name": _name,
        "aliases": List(Str(max_length=MAX_NAME, single_line=True), default=()),
        # TRF-16 gives these 4, 4 and 11 columns: larger ones would shift its fields.
        "number": Number(integer=True, minimum=1, maximum=9999),
        "rating": Number(integer=True, minimum=0, maximum=9999, example="2150"),
        "fide_id": Number(integer=True, minimum=1, maximum=99_999_999_999),
        # Shown beside the name and written in TRF's fixed columns: one line, as the name.
        "federation": Str(single_line=True),
        "title": Str(single_line=True),
        "born": Date(),
        "birth_year": Number(integer=True, minimum=1900, maximum=2999),
        "sex": Str(choices=("M", "F")),
        "club": Str(),
        "k_factor": KFactor(),
        # Its range (2 to rounds, a Swiss's only) is the event's: said in check_event.
        "first_round": Number(integer=True, example="3"),
    },
    PlayerEntry,
)

_FORFEIT = re.compile(r"([01])(f*)[-:]([01])(f*)(\(?(?:forfeit|forf|ff|f)\)?)?")
"""A forfeit as a score sheet or pairing program writes it: "1-0F", "1F-0", "0-1 ff",
"0F-0F", "1-0 (forfeit)" (spaces taken out, small letters): an F is what makes it one."""

_FORFEITS = {("1", "0"): "+-", ("0", "1"): "-+", ("0", "0"): "--"}


def meant_arbiter_result(written: str) -> str | None:
    """The result a [[results]] entry means when written another way: a forfeit ("1-0F",
    "+/-") is "+-", "-+" or "--", and "½-½" or "1:0" the played result."""
    text = _without_spaces(written).casefold()
    signs = text.replace("/", "-").replace(":", "-")
    if signs in ("+--", "--+", "---"):
        return {"+--": "+-", "--+": "-+", "---": "--"}[signs]
    match = _FORFEIT.fullmatch(text)
    if match and (match.group(2) or match.group(4) or match.group(5)):
        return _FORFEITS.get((match.group(1), match.group(3)))
    return meant_played_result(text)


def meant_played_result(written: str) -> str | None:
    """The played result ("1-0", "0-1", "1/2-1/2") that a result written as a score sheet or a
    spreadsheet writes it stands for ("½-½", "0.5-0.5", "1:0", "1 – 0"), or ``None``: what a
    PGN Result tag or a [[results]] entry written so is told to write."""
    text = _without_spaces(written).replace("\u00bd", "1/2").replace("0.5", "1/2")
    text = text.replace(":", "-")
    return text if text in RESULTS[:3] else None


def _without_spaces(written: str) -> str:
    """The text without its spaces, en and em dashes made hyphens."""
    return "".join(written.split()).replace("\u2013", "-").replace("\u2014", "-")


_FORFEIT_HINTS = {
    "+-": 'write result = "+-" if the game was not played (White wins by forfeit), or '
    'result = "1-0" with forfeited = true if it was played and Black then forfeited it',
    "-+": 'write result = "-+" if the game was not played (Black wins by forfeit), or '
    'result = "0-1" with forfeited = true if it was played and White then forfeited it',
    "--": 'write result = "--": neither player came, and neither scores',
}


class ResultOption(Str):
    """A [[results]] result: a written form the arbiter may mean ("1-0F", "½-½") is named
    with what to write, where difflib offered "1-0", a played game, for a forfeit."""

    def validate(self, value: object, path: KeyPath, issues: list[Issue]) -> object:
        before = len(issues)
        cleaned = super().validate(value, path, issues)
        meant = meant_arbiter_result(value) if isinstance(value, str) else None
        if cleaned is MISSING and len(issues) > before and meant is not None:
            issues[-1].hint = _FORFEIT_HINTS.get(meant, f'write result = "{meant}"')
        return cleaned


RESULT = Table(
    {
        "round": _round,
        "board": Number(integer=True, minimum=1),
        "white": _name,
        "black": _name,
        "result": ResultOption(choices=RESULTS, required=True),
        "reason": Str(default=""),
        "forfeited": Bool(default=False),
    },
    ResultEntry,
)


class ByePoints(Number):
    """A bye's ``points``: the kind of bye on the 1 / ½ / 0 scale, whatever ``[scoring]``
    makes a win and a draw worth. An organiser of a 3-1-0 event writes the points the bye
    scores (3, or 1 for a draw): refused, and told which value names the bye they mean."""

    def validate(self, value: Any, path: KeyPath, issues: list[Issue]) -> Any:
        found = len(issues)
        cleaned = super().validate(value, path, issues)
        if cleaned is MISSING and len(issues) > found and not issues[-1].hint:
            issues[-1].hint = (
                "points names the kind of bye, not what it scores: 1 a full-point or "
                "pairing-allocated bye (it scores a win), 0.5 a half-point bye (a draw), 0 an "
                "absence; [scoring] sets what a win and a draw are worth (with win = 3, "
                "draw = 1, a half-point bye is still points = 0.5 and scores 1)"
            )
        return cleaned


BYE = Table(
    {
        "round": _round,
        "player": _name,
        "points": ByePoints(choices=(0, 0.5, 1), required=True),
        "pairing_allocated": Bool(),
    },
    ByeEntry,
)

WITHDRAWAL = Table(
    {
        "player": _name,
        "after_round": Number(integer=True, minimum=0, required=True),
        "reason": Str(default=""),
    },
    WithdrawalEntry,
)


class PlayoffFormat(Str):
    """A play-off procedure; a preset's name (README's table of presets) is shown the
    procedure it uses, which difflib would not find ("acf-junior": "acf-by-law-3")."""

    def validate(self, value: object, path: KeyPath, issues: list[Issue]) -> object:
        cleaned = super().validate(value, path, issues)
        preset = PRESETS.get(value) if isinstance(value, str) else None
        if cleaned is MISSING and preset is not None:
            issues[-1].hint = f'the {value} rules play off with format = "{preset.playoff}"'
        return cleaned


class AgeLimit(Number):
    """A category's ``under``: written as the age group's label ("U16", "Under 16"), as
    entry forms and the README's ids do, it is text, and the hint gives the number in it."""

    def validate(self, value: object, path: KeyPath, issues: list[Issue]) -> object:
        cleaned = super().validate(value, path, issues)
        age = age_limit(value) if isinstance(value, str) else None
        if cleaned is MISSING and age is not None:
            issues[-1].hint = (
                f'write under = {age}, the age alone; the label "{str(value).strip()}" '
                "belongs in id or name"
            )
        return cleaned


PLAYOFF = Table(
    {
        "format": PlayoffFormat(choices=PLAYOFF_FORMATS),
        "places": List(Number(integer=True, minimum=1), default=(1,)),
        "pgn": List(Str(), single=True, default=("playoff/*.pgn",)),
        "lots": List(Str(), default=()),
    },
    PlayoffConfig,
)

FINE = Table(
    {
        "player": _name,
        "amount": Number(minimum=0, maximum=MAX_AMOUNT, required=True),
        "reason": Str(default=""),
    },
    FineEntry,
)

CATEGORY = Table(
    {
        "id": Str(required=True),
        "name": Str(required=True),
        "under": AgeLimit(integer=True, minimum=1),
        "sex": Str(choices=("M", "F")),
        "min_rating": Number(integer=True, minimum=0),
        "max_rating": Number(integer=True, minimum=0),
        "federation": Str(),
        "unrated": Bool(default=True),
    },
    CategoryEntry,
)

TITLE = Table(
    {
        "name": Str(required=True),
        "category": Str(default="open"),
        "kind": Str(choices=("open", "girls")),
    },
    TitleEntry,
)

TROPHY = Table(
    {
        "name": Str(required=True),
        "category": Str(required=True),
        "place": Number(integer=True, minimum=1, required=True),
    },
    TrophyEntry,
)

MONEY = Table(
    {
        "name": Str(required=True),
        "place": Number(integer=True, minimum=1, required=True),
        "category": Str(default="open"),
        "amount": Number(minimum=0, maximum=MAX_AMOUNT, required=True),
    },
    MoneyPrize,
)

PRIZES = Table(
    {
        "currency": Str(default=""),
        "ties": Str(choices=("tiebreak", "split"), default="tiebreak"),
        "money": TableList(MONEY),
        "trophies_for_title_holders": Bool(default=True),
        "forfeit_cancels_money": Bool(),
    },
    PrizesConfig,
)

RANKING = Table(
    {
        "exhausted": Str(choices=("share", "lots"), default="share"),
        "lots": List(Str(), default=()),
        "forfeits_over_the_board": Bool(default=False),
        "double_forfeit": Str(choices=("forfeit-loss", "absence"), default="forfeit-loss"),
    },
    RankingConfig,
)

SCORING = Table(
    {
        "win": Number(minimum=0, maximum=100, default=1.0),
        "draw": Number(minimum=0, maximum=100, default=0.5),
        "loss": Number(minimum=0, maximum=100, default=0.0),
    },
    Scoring,
)

EVENT = Table(
    {
        "name": Str(
            required=True, max_length=MAX_NAME, single_line=True, example='"Club Championship"'
        ),
        "format": Str(choices=FORMATS, required=True),
        "rounds": Number(integer=True, minimum=1, maximum=999, required=True, example="9"),
        "start": Date(),
        "end": Date(),
        "location": Str(default=""),
        "time_control": Str(default=""),
        "rules": Str(choices=tuple(PRESETS), default="fide"),
        "tiebreaks": List(TiebreakCode()),
        "pgn": List(Str(), single=True, default=("*.pgn", "games/*.pgn")),
        "trf": Str(),
        "age_reference_date": Date(),
        "arbiter": Str(default=""),
        "deputy_arbiters": List(Str(single_line=True), single=True, default=()),
        "federation": Str(default="", single_line=True, example='"AUS"'),
        "organiser": Str(default=""),
        "scoring": SCORING,
        "players": TableList(PLAYER),
        "results": TableList(RESULT),
        "byes": TableList(BYE),
        "withdrawals": TableList(WITHDRAWAL),
        "playoff": PLAYOFF,
        "fines": TableList(FINE),
        "categories": TableList(CATEGORY),
        "titles": TableList(TITLE),
        "trophies": TableList(TROPHY),
        "prizes": PRIZES,
        "ranking": RANKING,
        "min_draw_moves": Number(integer=True, minimum=0),
        "pgn_time_control": List(Str(), single=True, default=()),
        "encoding": Encoding(),
        "k_factor": KFactor(),
    },
    EventConfig,
    check=lambda config, path, issues: check_event(
        config, issues, players_complete=config.trf is None
    ),
)


def check_event(config: EventConfig, issues: list[Issue], players_complete: bool = True) -> None:
    """Rules that span several keys: names that must exist, rounds in range, unique numbers.

    ``players_complete`` is false while a TRF file is still to add its players: the names
    that entries give are then checked once it is read (a [[players]] entry completing one
    TRF player must not make the TRF's other players unknown to [[withdrawals]])."""
    if config.start and config.end and config.end < config.start:
        issues.append(Issue(("end",), f"the event ends ({config.end}) before it starts"))
    scoring = config.scoring
    points = f"a win scores {scoring.win:g}, a draw {scoring.draw:g} and a loss {scoring.loss:g}"
    if not (scoring.win >= scoring.draw >= scoring.loss and scoring.win > scoring.loss):
        issues.append(
            Issue(
                ("scoring",),
                f"{points}: the standings would reward losing",
                "a win must score more than a draw, and a draw more than a loss (e.g. win = 3, "
                "draw = 1, loss = 0)",
            )
        )
    elif not scoring.win > scoring.draw > scoring.loss:
        # The tie-breaks tell a game's result by its points (Number of wins, the performance
        # ratings): a draw scored as a loss counted each loss as half a game won.
        issues.append(
            Issue(
                ("scoring",),
                f"{points}: a draw must score less than a win and more than a loss, or the "
                "tie-breaks cannot tell the results apart",
                "e.g. win = 3, draw = 1, loss = 0",
            )
        )
    if not config.players and config.trf is None:
        issues.append(
            Issue(("players",), "no players", "add one [[players]] table per participant")
        )
    if config.trf is not None and not config.players:
        return  # the TRF file supplies the players: checked again once it is read
    known: dict[str, int] = {}
    numbers: dict[int, int] = {}
    names: dict[str, int] = {}
    repeated = 0  # entries that repeat an earlier one: one player, not one more
    for index, player in enumerate(config.players):
        first = names.setdefault(normalise_name(player.name), index)
        if first != index:
            # The same name twice is one player entered twice (a pasted entry): said once,
            # not again for each alias the copy repeats.
            repeated += 1
            issues.append(
                Issue(
                    ("players", index, "name"),
                    f'"{player.name}" is entered twice: players[{first + 1}] has the same name',
                    "delete one of the two [[players]] entries (keep the one with the "
                    "player's details), or correct the name if they are two players",
                    player.name,
                )
            )
            continue
        for spelling in (player.name, *player.aliases):
            key = normalise_name(spelling)
            if key in known and known[key] != index:
                other = config.players[known[key]].name
                issues.append(
                    Issue(
                        ("players", index, "name" if spelling == player.name else "aliases"),
                        f'"{spelling}" is already used by player "{other}"',
                        "every name and alias must belong to exactly one player",
                        spelling,
                    )
                )
            known[key] = index
        if player.number is not None:
            if player.number in numbers:
                other = config.players[numbers[player.number]].name
                issues.append(
                    Issue(
                        ("players", index, "number"),
                        f"pairing number {player.number} is already used by {other}",
                    )
                )
            numbers[player.number] = index
        if player.born and player.birth_year and player.born.year != player.birth_year:
            issues.append(Issue(("players", index, "birth_year"), "born and birth_year disagree"))
        _born_after_the_start(config, index, player, issues)
        _late_entry(config, index, player, issues)

    def need_player(path: KeyPath, name: str) -> None:
        if players_complete and normalise_name(name) not in known:
            issues.append(Issue(path, f'unknown player "{name}"', reference_hint(name, config)))

    def need_round(path: KeyPath, number: int) -> None:
        if number > config.rounds:
            issues.append(
                Issue(
                    path,
                    f"round {number} does not exist: the event has {config.rounds}",
                    f"correct the round, or rounds = {config.rounds} at the top of event.toml "
                    "if the event has more",
                )
            )

    for i, result in enumerate(config.results):
        need_round(("results", i, "round"), result.round)
        need_player(("results", i, "white"), result.white)
        need_player(("results", i, "black"), result.black)
        if normalise_name(result.white) == normalise_name(result.black):
            issues.append(Issue(("results", i, "black"), "a player cannot play themself"))
        if result.forfeited and result.result not in ("1-0", "0-1"):
            issues.append(
                Issue(
                    ("results", i, "forfeited"),
                    f'forfeited = true needs result = "1-0" or "0-1", not "{result.result}": '
                    "the player who forfeited the game lost it",
                    'for a game that was never played, write result = "+-" or "-+" instead',
                )
            )
    entered: set[tuple[int, str]] = set()
    for i, result in enumerate(config.results):
        if result.trf is not None:
            continue  # a TRF file's game, which an entry of event.toml may override
        keys = {(result.round, normalise_name(name)) for name in (result.white, result.black)}
        twice = [
            name
            for name in (result.white, result.black)
            if (result.round, normalise_name(name)) in entered
        ]
        if twice:
            issues.append(
                Issue(
                    ("results", i),
                    f"round {result.round}: a second [[results]] entry for {twice[0]}'s game",
                    "keep one entry per game (with the reason, if the arbiter decided)",
                )
            )
        entered |= keys
    allocated: dict[int, tuple[int, str]] = {}
    for i, bye in enumerate(config.byes):
        need_round(("byes", i, "round"), bye.round)
        need_player(("byes", i, "player"), bye.player)
        if bye.pairing_allocated is not None and bye.points != 1:
            issues.append(
                Issue(
                    ("byes", i, "pairing_allocated"),
                    "only a one-point bye is pairing-allocated or given, but this bye scores "
                    f"{bye.points:g}",
                    "delete pairing_allocated, or write points = 1",
                )
            )
        if bye.pairing_allocated and bye.points == 1:
            first, name = allocated.setdefault(bye.round, (i, bye.player))
            if first != i:
                issues.append(
                    Issue(
                        ("byes", i, "pairing_allocated"),
                        f"round {bye.round} has a second pairing-allocated bye ({name} has "
                        f"one): a round has at most one, for the odd player out",
                        "write pairing_allocated = false for a full-point bye the player was given",
                    )
                )
    withdrawn: dict[str, int] = {}
    for i, withdrawal in enumerate(config.withdrawals):
        need_player(("withdrawals", i, "player"), withdrawal.player)
        first = withdrawn.setdefault(normalise_name(withdrawal.player), i)
        if first != i:
            issues.append(
                Issue(
                    ("withdrawals", i, "player"),
                    f"{withdrawal.player} already withdrew (withdrawals[{first + 1}]): only "
                    "one entry counts",
                    "keep the entry with the round after which the player left",
                )
            )
        if withdrawal.after_round >= config.rounds:
            issues.append(
                Issue(
                    ("withdrawals", i, "after_round"),
                    f"after_round {withdrawal.after_round} leaves no round to miss "
                    f"(the event has {config.rounds})",
                    "write the last round the player played, or delete this entry if they "
                    "played every round (a play-off game not come to is a forfeit in "
                    "playoff/, not a withdrawal)",
                )
            )
        elif first == i and (left := known.get(normalise_name(withdrawal.player))) is not None:
            _withdrew_before_entering(config, left, withdrawal.after_round, issues)
    for i, fine in enumerate(config.fines):
        need_player(("fines", i, "player"), fine.player)
    for i, name in enumerate(config.playoff.lots):
        need_player(("playoff", "lots", i), name)
    for i, name in enumerate(config.ranking.lots):
        need_player(("ranking", "lots", i), name)

    from ..model import slugify  # the model is built from this module: imported when used

    category_ids = {"open"} | {c.id for c in config.categories}
    first_with: dict[str, int] = {}  # a category's page is categories/<slugify(id)>.html
    for i, category in enumerate(config.categories):
        page = slugify(category.id)
        first = first_with.setdefault(page, i)
        if category.id == "open":
            issues.append(Issue(("categories", i, "id"), '"open" always exists; pick another id'))
        elif first != i:  # one page would replace the other, and both links lead to it
            issues.append(
                Issue(
                    ("categories", i, "id"),
                    f'"{category.id}" would be published as categories/{page}.html, like '
                    f'"{config.categories[first].id}" (categories[{first + 1}])',
                    "ids become page addresses, without case, accents or punctuation: use ids "
                    'such as "U14" and "G-U14" (pages show the name)',
                )
            )
        low, high = category.min_rating, category.max_rating
        if low is not None and high is not None and low > high:
            issues.append(
                Issue(
                    ("categories", i, "max_rating"),
                    f"max_rating {high} is below min_rating {low}: nobody can be in "
                    f"{category.name}",
                )
            )
        elif high == 0 and not category.unrated:
            issues.append(
                Issue(
                    ("categories", i, "unrated"),
                    f"max_rating 0 admits only unrated players, whom unrated = false leaves "
                    f"out: nobody can be in {category.name}",
                    "for a prize of the unrated, leave unrated out (it is true by default); "
                    "for rated players only, remove max_rating = 0",
                )
            )
    placed: list[tuple[str, TitleEntry | TrophyEntry | MoneyPrize]] = [
        *(("titles", t) for t in config.titles),
        *(("trophies", t) for t in config.trophies),
        *(("prizes.money", m) for m in config.prizes.money),
    ]
    counters: dict[str, int] = {}
    for table, entry in placed:
        index = counters.get(table, 0)
        counters[table] = index + 1
        if entry.category not in category_ids:
            issues.append(
                Issue(
                    (*table.split("."), index, "category"),
                    f'unknown category "{entry.category}"',
                    "categories: " + ", ".join(sorted(category_ids)),
                )
            )

    players = len(config.players) - repeated  # an entry twice is said above, not here
    # Counted once the TRF file has added its players: [[players]] may complete only some.
    if config.format != "swiss" and players >= 2 and players_complete:
        cycle = players - 1 if players % 2 == 0 else players
        expected = cycle * (2 if config.format == "double-round-robin" else 1)
        if config.rounds != expected:
            issues.append(
                Issue(
                    ("rounds",),
                    f"a {config.format} of {players} players has {expected} "
                    f"round{'' if expected == 1 else 's'}, "
                    f"not {config.rounds}",
                    f"set rounds = {expected}, or check the [[players]] list",
                )
            )


def _late_entry(config: EventConfig, index: int, player: PlayerEntry, issues: list[Issue]) -> None:
    """``first_round``: a round of the event, in a Swiss. first_round = 1 is taken silently:
    entered in round 1 is true of every other player too (a list exported from an entry
    form may write it for everyone), and it changes nothing."""
    first = player.first_round
    if first is None:
        return
    path = ("players", index, "first_round")
    if config.format != "swiss":
        issues.append(
            Issue(
                path,
                f"a {config.format} has no late entries (every player meets every other, "
                "from round 1)",
                "delete first_round; record a round the player missed as a forfeit in "
                '[[results]] (result = "+-" or "-+"), or use format = "swiss" if the event '
                "is a Swiss",
            )
        )
    elif not 1 <= first <= config.rounds:
        issues.append(
            Issue(
                path,
                f"{first} is no round of the event, which has rounds 1 to {config.rounds}",
                f"write the round the player joined the event (2 to {config.rounds}), or "
                "delete first_round for a player who played from round 1"
                if config.rounds > 1
                else "delete first_round: a one-round event has no late entries",
            )
        )


def _withdrew_before_entering(
    config: EventConfig, index: int, after_round: int, issues: list[Issue]
) -> None:
    """``first_round`` past the round after which the same player withdrew: the player left
    before joining, so one of the two rounds is wrong. Said on first_round's line, the key a
    late entry's (the rare one) more likely mistyped. A first_round that is no round of the
    event, or in a round robin, is said by ``_late_entry`` alone."""
    first = config.players[index].first_round
    if config.format != "swiss" or first is None or not 1 < first <= config.rounds:
        return
    if first <= after_round:
        return
    name = config.players[index].name
    if after_round >= 2:
        own = f"correct first_round (the round the player joined: {after_round} at most)"
    else:  # gone before round 2, the first round a late entry joins
        own = "delete first_round (the player withdrew before round 2, a late entry's first)"
    if first < config.rounds - 1:
        other = f"correct after_round ({first} to {config.rounds - 1}: the last round played)"
    elif first == config.rounds - 1:
        other = f"after_round = {first} if round {first} was the last the player played"
    else:  # no after_round from first on leaves a round to miss
        other = "delete the withdrawal if the player played on to the last round"
    left = f"after round {after_round}" if after_round else "before round 1"
    issues.append(
        Issue(
            ("players", index, "first_round"),
            f"{name} entered in round {first} (first_round = {first}) but withdrew {left} "
            "([[withdrawals]]), before entering",
            f"{own}; or {other}",
        )
    )


def _born_after_the_start(
    config: EventConfig, index: int, player: PlayerEntry, issues: list[Issue]
) -> None:
    """A birth date after the event starts is a typo (2027 for 2017), and would put the
    player in every age group, up to the youngest's title."""
    start = config.start or config.end
    if start is None:
        return
    if player.born is not None and player.born > start:
        issues.append(
            Issue(
                ("players", index, "born"),
                f"{player.name} was born on {player.born}, after the event starts ({start})",
                "correct the date of birth (YYYY-MM-DD)",
            )
        )
    elif player.born is None and player.birth_year and player.birth_year > start.year:
        issues.append(
            Issue(
                ("players", index, "birth_year"),
                f"{player.name} was born in {player.birth_year}, after the event starts ({start})",
                "correct the year of birth",
            )
        )


_COMMA = re.compile(r"\s*,\s*")


def normalise_name(name: str) -> str:
    """Names match case-insensitively and whatever the spacing (README): extra spaces, and
    spaces or none on either side of a comma ("Bravo , Ben", "bravo,ben": "bravo, ben"), and
    whatever the Unicode form: "ü" as one character or as "u" and a combining mark (macOS
    and text copied from PDF files write the second), which look alike."""
    if not name.isascii():
        name = unicodedata.normalize("NFC", name)
    return " ".join(_COMMA.sub(", ", name).split()).casefold()


def _words(name: str) -> list[str]:
    """A name's words in any order, without commas: PGN files often write "Given Surname"
    where event.toml has "Surname, Given", which difflib finds too far apart."""
    return sorted(normalise_name(name).replace(",", " ").split())


_TO_LATIN = str.maketrans(
    {
        # Cyrillic, as Bulgarian (and mostly Russian, Ukrainian, Serbian) passports write it
        "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ж": "zh", "з": "z",
        "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p",
        "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "h", "ц": "ts", "ч": "ch",
        "ш": "sh", "щ": "sht", "ъ": "a", "ь": "y", "ю": "yu", "я": "ya", "ё": "yo", "ы": "y",
        "э": "e", "є": "ye", "і": "i", "ї": "yi", "ґ": "g", "ў": "u", "ђ": "dj", "ј": "j",
        "љ": "lj", "њ": "nj", "ћ": "c", "џ": "dz", "ѓ": "gj", "ќ": "kj", "ѕ": "dz",
        # Greek (ELOT 743)
        "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th",
        "ι": "i", "κ": "k", "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p",
        "ρ": "r", "σ": "s", "ς": "s", "τ": "t", "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps",
        "ω": "o",
    }
)  # fmt: skip


def _latin(name: str) -> str:
    """A name in Latin letters without accents, only to find the closest spellings: a
    broadcast writes "Georgiev, Nikola" where the TRF has "Георгиев, Никола", and the two
    have no letter in common. Never used to match a game to a player: transliterations
    differ ("Yordan", "Jordan"), which is what an alias is for."""
    folded = unicodedata.normalize("NFKD", normalise_name(name)).translate(_TO_LATIN)
    return "".join(char for char in folded if not unicodedata.combining(char))


def respelt(first: str, second: str) -> bool:
    """Whether two spellings are plainly one name written anew, as an arbiter correcting a
    name writes it: the same words in another order, the same surname (accents and script
    aside) or a letter or two apart (difflib's ratio of 0.8 or more, in Latin letters). Not
    whether they are one player: only with nothing closer to tell otherwise."""
    one, other = _latin(first), _latin(second)
    if _words(one) == _words(other):
        return True
    if "," in one and "," in other and one.split(",")[0].strip() == other.split(",")[0].strip():
        return True
    return difflib.SequenceMatcher(None, one, other).ratio() >= 0.8


def closest_hint(name: str, config: EventConfig) -> str:
    """A "did you mean" hint for a game's unknown name: the closest known players, in
    whatever script each is written (compared in Latin letters), and the ``aliases`` line
    that makes the game's spelling theirs, to copy. "add an alias to [[players]]" left a
    first-time organiser to find out what an alias is written like."""
    names = config.spelling_index.closest(name)
    if len(name) > MAX_NAME:  # no alias can be (and a 10,000-character one filled the screen)
        closest = f"closest known players: {'; '.join(names)}; " if names else ""
        return (
            f"{closest}correct the name in the PGN file: it is {len(name)} characters long, "
            f"more than a name or an alias may be ({MAX_NAME})"
        )
    spelling = toml_string(name)
    aliases = f"aliases = [{spelling}]"
    if names:
        return (
            "closest known players: " + "; ".join(names) + f" (add {aliases} to the "
            f"[[players]] entry of the player it is, or {spelling} to the aliases it has)"
        )
    return (
        f"add this player to [[players]] in event.toml, or {aliases} to the entry of the "
        "player it is"
    )


def reference_hint(name: str, config: EventConfig) -> str:
    """The hint for an unknown name in event.toml itself (a [[results]], [[byes]] or
    [[withdrawals]] entry, a fine, the lots): the name is mistyped there, so the fix is to
    write it as the player list does, not an alias, which is for spellings in PGN files."""
    names = config.spelling_index.closest(name)
    if names:
        return (
            "closest known players: " + "; ".join(names) + " (write the name as the player "
            "list spells it, or as one of the player's aliases)"
        )
    return "write the name as the player list spells it, or add the player to [[players]]"


class SpellingIndex:
    """Every spelling of the players' names in Latin letters, indexed to find the closest
    to an unknown name quickly. difflib takes some 30 microseconds a comparison: 2,000
    players in a Cyrillic TRF file and a PGN file that spells them in Latin letters
    without FIDE ids made thousands of unknown names, each compared with every spelling,
    for minutes before the errors came. Now the spellings are compared in the order of
    the letters they have in common with the name (an upper bound of difflib's ratio),
    only while that bound could still place one among the three closest: the same names
    as comparing with all, after a few comparisons for a typo or a transliteration."""

    COMPARED = 100
    """The most spellings compared with one name. Mostly a name like none reaches it (a
    new player, or one written "Given Surname", which the hint offers first all the same):
    its closest known players are then the closest of the 100 spellings with the most
    letters in common for their length."""

    def __init__(self, players: Iterable[PlayerEntry]) -> None:
        self.spellings = {s: p.name for p in players for s in (p.name, *p.aliases)}
        self.by_words: dict[tuple[str, ...], list[str]] = {}
        self.latin: dict[str, str] = {}
        for spelling in self.spellings:
            latin = _latin(spelling)
            self.by_words.setdefault(tuple(_words(latin)), []).append(spelling)
            self.latin.setdefault(latin, spelling)
        self.keys = list(self.latin)
        self.by_letter: dict[tuple[str, int], list[int]] = {}
        """The spellings with at least n of a letter, by (letter, n)."""
        for index, key in enumerate(self.keys):
            for letter, count in Counter(key).items():
                for n in range(1, count + 1):
                    self.by_letter.setdefault((letter, n), []).append(index)
        self.compared = 0
        """How many spellings difflib has compared, for tests and timings."""

    def closest(self, name: str) -> list[str]:
        """The names of the (at most three or four) players whose name or alias is closest
        to ``name``, best first; a name in the other order ("Jack Smith") first of all."""
        latin = _latin(name)
        reordered = self.by_words.get(tuple(_words(latin)), [])  # "Jack Smith"
        close = [self.latin[key] for key in self._close_matches(latin)]
        return list(dict.fromkeys(self.spellings[s] for s in (*reordered, *close)))

    def _close_matches(self, latin: str, n: int = 3, cutoff: float = 0.5) -> list[str]:
        """What ``difflib.get_close_matches(latin, self.keys, n, cutoff)`` returns, found
        by comparing the spellings in the order of letters in common with ``latin``
        (difflib's quick_ratio, never below its ratio) and stopping once that bound falls
        below the n-th best ratio found: no spelling after it could take a place."""
        shared: Counter[int] = Counter()
        for letter, count in Counter(latin).items():
            for times in range(1, count + 1):
                shared.update(self.by_letter.get((letter, times), ()))
        length = len(latin)
        bounds = sorted(
            (-2.0 * common / (length + len(self.keys[index])), index)
            for index, common in shared.items()
        )
        matcher = difflib.SequenceMatcher()
        matcher.set_seq2(latin)
        best: list[tuple[float, str]] = []  # a heap of the n best (ratio, spelling)
        compared, most = 0, self.COMPARED
        for negative_bound, index in bounds:
            bound = -negative_bound
            if bound < cutoff or (len(best) == n and bound < best[0][0]) or compared == most:
                break
            key = self.keys[index]
            matcher.set_seq1(key)
            ratio = matcher.ratio()
            compared += 1
            if ratio >= cutoff:
                if len(best) < n:
                    heapq.heappush(best, (ratio, key))
                else:
                    heapq.heappushpop(best, (ratio, key))
        self.compared += compared
        return [key for _, key in sorted(best, reverse=True)]
