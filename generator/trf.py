"""Load stage for FIDE Tournament Report Files (TRF-16, TRF-26): players, pairings and results.

An event may name a TRF file (``trf = "event.trf"``), as Swiss-Manager or Vega export them. It
becomes what an organiser would otherwise write in ``event.toml``: ``[[players]]``, a
``[[results]]`` entry for every game (so PGN files add the moves and are checked against the
TRF's result), and ``[[byes]]``. Every result code of the format is read:

* ``1`` ``=`` ``0`` played; ``W`` ``D`` ``L`` a game of less than one move, played for the
  points and tie-breaks but not rated (``less_than_one_move``: no rating change, and
  tournament.trf writes the code back);
* ``+`` ``-`` forfeits (a double forfeit is ``-`` for both);
* ``H`` half-point bye, ``F`` full-point bye and ``U`` pairing-allocated bye (kept apart:
  ``pairing_allocated``), ``Z`` (or a blank result without opponent in a Swiss, up to the
  last round played) zero-point bye, as TRF-16 defines a blank result. A round-robin round
  with neither opponent nor result is the schedule's bye and records nothing (where the
  Berger table gives the player a game still due, the arbiter check ``missing-game`` names
  the line and the round), as does a blank round after the last one played
  (not paired yet: written so before a bye asked for a later round). Without an opponent,
  the older codes Vega, lichess and JaVaFo's files write are read too: ``+`` a full-point
  bye, ``=`` a half-point bye, ``-`` as a blank result (an absence in a Swiss). A round
  left wholly blank before later rounds of the line, in a round played, is read so too, but
  said (``_blank_round``): programs write ``0000`` there, so it is rather a game or bye lost
  in an edit (not in a round robin of an odd number, where it may be the round sat out).
* A pairing with no result yet, blank on both lines or ``Z`` beside the opponent (lichess's
  export writes a game still being played so), is a pending game (``_unfinished``).
* A line that stops before a round others played is a player who withdrew after its last
  round (TRF has no record of a withdrawal: ``_withdrawn``), a line with no round at all one
  who withdrew before round 1 (``after_round = 0``); so is the player of a comment
  line in which crosstable's export states a withdrawal the line cannot show
  (``PLAYER_NOTES``). Not in a round robin whose games follow the Berger table where no
  game was due in the rounds after the line's end, the player sitting them out or their
  scheduled opponent having withdrawn (``_no_game_due``); two lines that stop where the
  table pairs them stay withdrawals, said so in the warning, until event.toml says which.
* A name that fills the name field may have been cut there: it matches the event file's
  ``[[players]]`` name, and a PGN game's, that it begins (``merge_trf``, ``assemble``). Two
  names cut alike take the full names crosstable's export gives in its comment lines
  (``_told_apart``).
* The other spellings of a player's name (event.toml's ``aliases``) that crosstable's export
  gives in comment lines are the player's aliases again, so that PGN games spelt so find the
  player (``_add_aliases``).
* Each comment line of crosstable's export about one player names them after the start
  number, as the name field holds the name: one whose player no longer has that number (the
  lines were renumbered) is an error on the comment line (``_stale_notes``), unless no line
  has the comment's name and the number's player has the closest, plainly the same name
  respelt since (``_respelt_since``): a warning. The older form, with the number alone, is
  still read, as it was.

The tournament records complete the event file where it is silent: ``042`` and ``052`` the
start and end dates (the start picks the FIDE tie-break rules' edition; ``YYYY/MM/DD``, or
with the month's English name as lichess writes it, ``Mar 1, 2025``), ``202`` the
tie-breaks (for the ``fide`` rules, which list none of their own). A scoring the file declares
(``XXS`` of JaVaFo's TRFx, TRF-26's ``162``, bbpPairings' ``BBW``, ``BBD`` ...) must be the
event's ``[scoring]``, its byes and forfeits scored as crosstable scores them (``P`` a win,
``A`` nothing), and points adjusted outside the games (TRF-26's ``299``) are refused:
either would make other standings than the pairing program's.

Problems are reported with the line and the column of the field. The entries made here carry
their TRF line (``TrfPlace``), so a conflict found later, with a PGN game or in the whole
event, is reported there too: event.toml has no such entry to correct.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from .codepages import EncodingError, decode
from .config.event import (
    ByeEntry,
    EventConfig,
    PlayerEntry,
    ResultEntry,
    Scoring,
    SpellingIndex,
    TiebreakCode,
    TrfPlace,
    WithdrawalEntry,
    normalise_name,
    respelt,
)
from .config.schema import DIRECTION_CONTROLS, Issue
from .config.toml_lines import KeyPath
from .model import PENDING
from .pgn import calendar_day
from .presets import PRESETS
from .problems import Problems
from .schedule import inferred_schedule
from .text import Name, Phrase, name_list, score_text

PLAYED = {"1": 1.0, "=": 0.5, "0": 0.0, "W": 1.0, "D": 0.5, "L": 0.0}
UNRATED = frozenset("WDL")
"""A game of less than one move (TRF-16: "not rated"); both lines write one (``_agree``)."""
FORFEITS = {"+", "-"}
BYES = {"H": 0.5, "F": 1.0, "U": 1.0, "Z": 0.0}
ALLOCATED = {"U": True, "F": False}
"""A one-point bye's ``pairing_allocated``: TRF tells the pairing's bye from a full-point bye."""
NAME_WIDTH = 33
"""Columns 15-47: a name that fills them may have been cut by the program that wrote it."""


@dataclass(frozen=True)
class TrfRound:
    opponent: int
    colour: str  # "w", "b" or "-"
    result: str
    line: int
    column: int
    blank: bool = False
    """Nothing in the block's 8 columns: no opponent (not even ``0000``), colour or result."""


@dataclass(frozen=True)
class TrfPlayer:
    number: int
    entry: PlayerEntry
    rounds: tuple[TrfRound, ...]
    points: float | None
    line: int


@dataclass(frozen=True)
class TrfEvent:
    """What a TRF file says, in the event file's own terms."""

    name: str
    rounds: int
    players: tuple[PlayerEntry, ...]
    results: tuple[ResultEntry, ...]
    byes: tuple[ByeEntry, ...]
    tiebreaks: tuple[str, ...]
    """Record 202's list when every code of it is known, else empty."""
    start: dt.date | None = None
    end: dt.date | None = None
    withdrawals: tuple[WithdrawalEntry, ...] = ()
    """Players whose line stops before a round others played (``_withdrawn``)."""
    played: int = 0
    """The last round with a result on some line."""
    confirmed: frozenset[tuple[int, int]] = frozenset()
    """(start number, round) of the withdrawals a comment line of crosstable's export
    states (``PLAYER_NOTES``): a line of another program that stops early may be an
    absence left out, so only these are taken without a word."""
    location: str = ""
    federation: str = ""
    arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    """Records 022, 032, 102 and 112 (one a deputy), for the event file's keys it leaves
    unset."""
    doubts: tuple[tuple[int, int, int], ...] = ()
    """(start number, round, the scheduled opponent's start number) of a round robin's line
    read as a withdrawal whose scheduled opponent's line stops before that round too: one
    of the two may have had no game only because the other withdrew (``_no_game_due``)."""
    off_table: bool = False
    """A round robin with a line read as a withdrawal whose games do not follow the Berger
    table: whether the line stops only because a scheduled opponent withdrew cannot be told."""


TITLES = {
    "g": "GM",
    "m": "IM",
    "f": "FM",
    "c": "CM",
    "wg": "WGM",
    "wm": "WIM",
    "wf": "WFM",
    "wc": "WCM",
}
"""TRF-16's short title codes, as Swiss-Manager writes them, by the titles they stand for."""

BYES_WITHOUT_OPPONENT = {"+": 1.0, "=": 0.5}
"""Older codes for a bye (opponent ``0000``): Vega's and JaVaFo's full- and half-point byes."""

_SCORE_PART = re.compile(
    r"\b(WW|BW|WD|BD|WL|BL|PAB|FPB|HPB|ZPB|FW|FL|W|D|L|A|P)\s*=?\s*(\d+(?:\.\d+)?)"
)
_FIXED_SCORES = {
    "P": ("a pairing-allocated bye", "W"),
    "PAB": ("a pairing-allocated bye", "W"),
    "FPB": ("a full-point bye", "W"),
    "FW": ("a forfeit win", "W"),
    "HPB": ("a half-point bye", "D"),
    "A": ("an absence or a forfeit loss", ""),
    "ZPB": ("a zero-point bye", ""),
    "FL": ("a forfeit loss", ""),
}
"""What a declared scoring may say beyond win, draw and loss (TRF-26's ``P`` and ``A``,
JaVaFo's ``PAB``, ``FPB``, ``HPB``, ``ZPB``, ``FW``, ``FL``), with what crosstable scores it
as: a win (``W``), a draw (``D``) or nothing (``""``). The event cannot set these apart."""
_DATE = re.compile(r"^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$")


def _field(line: str, start: int, end: int) -> str:
    """Columns ``start`` to ``end`` (1-based, inclusive), stripped."""
    return line[start - 1 : end].strip()


def _digits(text: str) -> bool:
    """0-9 only: ``str.isdigit`` also takes "²", which ``int`` then refuses (a traceback)."""
    return text.isascii() and text.isdigit()


_POINTS = re.compile(r"^\d+(?:\.\d+)?$")
_BIRTH = re.compile(r"^(\d{4})(?:[/.-](\d{1,2})[/.-](\d{1,2}))?$")


def _birth(text: str) -> tuple[dt.date | None, int | None, bool] | None:
    """The birth date and birth year of columns 70-79, and whether the day is unknown (the
    date is then the month's 1st); ``None`` when it is not a date.

    TRF-16 writes ``YYYY/MM/DD``; pairing programs write ``00`` for an unknown month (the
    year is kept) or day (the 1st is taken, the oldest the player can be, as a year alone
    counts as 1 January), a year alone, or ``0000/00/00`` for nothing known. A month or day
    that no calendar has (``2014/13/45``) is refused rather than cut to its year: the year
    would feed the age categories as if the date were right.
    """
    match = _BIRTH.match(text)
    if match is None:
        return None
    year, month, day = (int(part or 0) for part in match.groups())
    if year == 0:
        return (None, None, False) if month == day == 0 else None
    if month == 0:
        return (None, year, False) if day <= 31 else None
    try:
        return dt.date(year, month, day or 1), None, day == 0
    except ValueError:
        return None


def _player(raw: str, number: int, path: Path, line: int, problems: Problems) -> TrfPlayer | None:
    """One ``001`` line. Every field of the line is checked before the line is refused, so
    one run names all of its mistakes; blank fields are allowed where TRF-16 allows them."""
    name = _field(raw, 15, 47)
    if not name:
        problems.error(
            f"player {number} has no name (columns 15-47)",
            path,
            line,
            "write the name as Surname, Given in columns 15-47",
            code="trf",
        )
        return None
    bad: list[tuple[str, str]] = []
    if any(char in DIRECTION_CONTROLS for char in name):
        bad.append(
            (
                f"columns 15-47: the name of player {number} holds an invisible direction "
                "control (U+202A-U+202E, U+2066-U+2069), which would turn the text after it "
                "around on the pages",
                "type the name again without it",
            )
        )
    sex_text = _field(raw, 10, 10)
    sex = {"m": "M", "w": "F", "f": "F"}.get(sex_text.lower())
    if sex_text and sex is None:
        bad.append(
            (
                f'column 10: the sex "{sex_text}" of player {number} is not m or w',
                'write "m" or "w", or leave the column blank',
            )
        )
    rating_text = _field(raw, 49, 52)
    if rating_text and not _digits(rating_text):
        bad.append(
            (
                f'columns 49-52: the rating "{rating_text}" of player {number} is not a number',
                "write the FIDE rating in digits, or leave the columns blank (or 0) for an "
                "unrated player",
            )
        )
    fide_text = _field(raw, 58, 68)
    if fide_text and not _digits(fide_text):
        bad.append(
            (
                f'columns 58-68: the FIDE ID "{fide_text}" of player {number} is not a number',
                "write the FIDE ID in digits, or leave the columns blank",
            )
        )
    birth_text = _field(raw, 70, 79)
    birth = _birth(birth_text) if birth_text else (None, None, False)
    if birth is None:
        bad.append(
            (
                f'columns 70-79: the birth date "{birth_text}" of player {number} is not a date',
                "write YYYY/MM/DD, with 00 for an unknown month and day (2014/00/00), or "
                "leave the columns blank",
            )
        )
    points_text = _field(raw, 81, 84)
    if points_text and not _POINTS.match(points_text):
        bad.append(
            (
                f'columns 81-84: the points "{points_text}" of player {number} are not a number',
                "write the points as 2.5, or leave the columns blank",
            )
        )
    for message, hint in bad:
        problems.error(message, path, line, hint, code="trf")
    if bad or birth is None:
        return None
    born, birth_year, day_unknown = birth
    entry = PlayerEntry(
        name=name,
        number=number,
        rating=int(rating_text) if rating_text and int(rating_text) else None,
        fide_id=int(fide_text) if fide_text and int(fide_text) else None,
        federation=_field(raw, 54, 56) or None,
        title=TITLES.get(_field(raw, 11, 13).lower(), _field(raw, 11, 13)) or None,
        born=born,
        birth_year=birth_year,
        sex=sex,
        trf=TrfPlace(path, line, 15),
        year_from_trf=born is None and birth_year is not None,
        day_from_trf=day_unknown,
    )
    points = float(points_text) if points_text else None
    rounds = []
    column = 92
    while column <= len(raw.rstrip()):
        block = raw[column - 1 : column + 9].ljust(10)
        opponent_text = block[0:4].strip()
        colour = block[5].strip().lower() or "-"
        result = block[7].strip().upper()
        if opponent_text and not _digits(opponent_text):
            problems.error(
                f'column {column}: the opponent "{opponent_text}" of player {number} is not a '
                "number",
                path,
                line,
                "opponents are start numbers, 0000 for none",
                code="trf",
            )
            return None
        if colour not in ("w", "b", "-"):
            problems.error(
                f'column {column + 5}: unknown colour "{colour}"',
                path,
                line,
                'write "w", "b" or "-"',
                code="trf",
            )
            return None
        if result and result not in PLAYED and result not in FORFEITS and result not in BYES:
            problems.error(
                f'column {column + 7}: unknown result code "{result}" for player {number}',
                path,
                line,
                "result codes are 1 = 0 + - W D L H F U Z",
                code="trf",
            )
            return None
        blank = not block[:8].strip()
        rounds.append(TrfRound(int(opponent_text or 0), colour, result, line, column, blank))
        column += 10
    return TrfPlayer(number, entry, tuple(rounds), points, line)


def read_trf(
    path: Path,
    format: str,
    problems: Problems,
    scoring: Scoring | None = None,
    encoding: str | None = None,
    event_rounds: int = 0,
    first_rounds: dict[str, int] | None = None,
) -> TrfEvent | None:
    """Read a TRF file into event-file entries, checking that both sides of a game agree.

    ``scoring`` is the event's: the points column is checked against the results with it;
    ``encoding`` its event.toml's, for the lines that are not UTF-8 (``codepages.decode``);
    ``event_rounds`` its rounds, which tell a double round robin (whose first cycle may
    swap its last two rounds) where the file does not (no ``XXR``); ``first_rounds`` the
    late entries event.toml gives (``[[players]] first_round``, by name as names are
    compared): a blank round of theirs before it is no round lost in an edit.
    """
    scoring = scoring or Scoring()
    try:
        text = decode(path.read_bytes(), encoding)
    except EncodingError as exc:
        problems.error(exc.message, path, exc.line, exc.hint, code="encoding")
        return None
    except (OSError, ValueError) as exc:  # ValueError: a name no file can have (a NUL)
        reason = (exc.strerror if isinstance(exc, OSError) else None) or str(exc)
        problems.error(
            f"cannot read the TRF file: {reason}",
            path.parent / "event.toml" if isinstance(exc, ValueError) else path,
            hint="check the trf key in event.toml",
            code="trf",
        )
        return None
    before = len(problems.errors)
    name = ""
    rounds_declared = 0
    tiebreaks: tuple[str, ...] = ()
    dates: dict[str, dt.date] = {}
    players: dict[int, TrfPlayer] = {}
    names: dict[str, TrfPlayer] = {}
    player_lines = 0
    confirmed: set[tuple[int, int]] = set()
    unshown: dict[int, tuple[int, int]] = {}
    """Start number: (the round stated, the comment line)."""
    aliases: list[PlayerNote] = []
    rows = text.splitlines()
    notes = [
        note
        for number, raw in enumerate(rows, start=1)
        if raw.startswith("###") and (note := player_note(raw, number)) is not None
    ]
    full_names = {n.number: n.value for n in notes if n.kind == FULL_NAME}
    said_of_tournament: dict[str, list[str]] = {}
    bbp_scores: list[tuple[str, str, int]] = []
    """bbpPairings' scoring records (code, value, line), checked together after the loop."""
    for number, raw in enumerate(rows, start=1):
        code = raw[:3]
        if code == "###":
            continue  # crosstable's notes are read above (player_note), others say nothing
        elif code == "012":
            name = raw[4:].strip()
        elif code in _TOURNAMENT_TEXT:
            if _tournament_text(code, raw[4:].strip()):
                said_of_tournament.setdefault(code, []).append(raw[4:].strip())
        elif code == "XXR" or code == "142":
            value = raw[4:].strip()
            if _digits(value):
                rounds_declared = int(value)
        elif code == "202":
            tiebreaks = _tiebreaks(raw, path, number, problems)
        elif code in ("042", "052"):
            day = _date(raw[4:].strip())
            if day is not None:
                dates[code] = day
            elif raw[4:].strip():
                what = "start" if code == "042" else "end"
                problems.warning(
                    f'the {what} date "{raw[4:].strip()}" (record {code}) is not a date: '
                    "it is not used",
                    path,
                    number,
                    f"write it as YYYY/MM/DD, or set {what} = YYYY-MM-DD in event.toml",
                    code="trf",
                )
        elif code in ("XXS", "162"):
            _check_scoring(raw[4:], {}, f"record {code}", scoring, path, number, problems)
        elif code in _BBP_SCORES:
            bbp_scores.append((code, raw[4:].strip(), number))
        elif code == "299":
            problems.error(
                "record 299 adds or takes away points outside the games and byes, which "
                "crosstable cannot show: its standings would not be the pairing program's",
                path,
                number,
                "give the points as games or byes, or remove the line to publish the standings "
                "without the adjustment",
                code="trf",
            )
        elif code == "001":
            player_lines += 1
            if "\t" in raw:
                problems.error(
                    f"column {raw.index(chr(9)) + 1}: a tab: the fields of a TRF line are in "
                    "fixed columns, which a tab shifts",
                    path,
                    number,
                    "replace the tabs by spaces (an editor may have put them in)",
                    code="trf",
                )
                continue
            start = _field(raw, 5, 8)
            if not _digits(start):
                problems.error(
                    f'columns 5-8: the start number "{start}" is not a number',
                    path,
                    number,
                    code="trf",
                )
                continue
            if int(start) == 0:
                problems.error(
                    f'columns 5-8: the start number "{start}" is not 1 to 9999',
                    path,
                    number,
                    "number the players from 1: 0000 stands for no opponent",
                    code="trf",
                )
                continue
            player = _player(raw, int(start), path, number, problems)
            if player is None:
                continue
            if player.number in players:
                problems.error(
                    f"start number {player.number} appears twice (also line "
                    f"{players[player.number].line})",
                    path,
                    number,
                    code="trf",
                )
                continue
            key = normalise_name(player.entry.name)
            same = names.get(key)
            apart = _told_apart(same, player, full_names, names) if same else None
            if apart is not None:
                # Two names cut alike by crosstable's export, whose comment lines give them
                # in full: each player takes their full name (the cut one stays taken, so
                # that a third name cut alike is told apart too).
                same, player = apart
                players[same.number] = names[key] = same
                names[normalise_name(same.entry.name)] = same
            elif same is not None:
                problems.error(
                    f'columns 15-47: the name "{player.entry.name}" of player {player.number} '
                    f"is already used by player {same.number} (line {same.line})",
                    path,
                    number,
                    "every player needs a name of their own (games and [[players]] find "
                    "players by name): tell the two apart in the TRF file, e.g. by a middle "
                    "initial",
                    code="trf",
                )
                continue
            players[player.number] = player
            names[normalise_name(player.entry.name)] = player
    if bbp_scores:
        _check_bbp_scores(bbp_scores, scoring, path, problems)
    stale = _stale_notes(notes, players, path, problems)
    for note in notes:
        if note.line in stale:
            continue
        if note.kind == WITHDRAWAL:
            confirmed.add((note.number, int(note.value)))
        elif note.kind == UNSHOWN_WITHDRAWAL:
            unshown[note.number] = (int(note.value), note.line)
        elif note.kind == ALIAS:
            aliases.append(note)
    _add_aliases(players, aliases, path, problems)
    if not player_lines:
        problems.error(
            "no player lines (records 001)",
            path,
            hint="export the tournament from the pairing program as TRF",
            code="trf",
        )
    if len(problems.errors) > before:
        return None
    rounds = max([rounds_declared, *(len(p.rounds) for p in players.values())])
    played = max(
        (
            index
            for p in players.values()
            for index, block in enumerate(p.rounds, start=1)
            if block.opponent and not _unfinished(block)
        ),
        default=0,
    )
    withdrawals = []
    for number in sorted(players):
        left = _withdrawn(players[number], played)
        if left is not None:
            withdrawals.append(WithdrawalEntry(players[number].entry.name, left))
    results, found_byes = _games(players, format, played, path, problems, first_rounds or {})
    byes = list(found_byes)
    if len(problems.errors) > before:
        return None
    stopped = {w.player for w in withdrawals}
    stated: dict[int, int] = {}
    """Start number: the round after which a comment line says the player withdrew."""
    for number, (after, comment) in sorted(unshown.items()):
        # The export's own statement of a withdrawal the line cannot show: the rounds after
        # it hold its absences (Z), which the withdrawal accounts for, or a forfeit.
        player = players.get(number)
        if player is None or player.entry.name in stopped or not 0 < after < rounds:
            continue
        scored = _scored_after(player, after)
        if scored:
            # The line was edited since the export wrote the comment (the player came back,
            # or the numbers changed): which of the two is right only the arbiter knows.
            problems.error(
                Phrase(
                    f"this comment line says player {number} (",
                    Name(player.entry.name),
                    f") withdrew after round {after}, but their line has "
                    + ("a result in round " if len(scored) == 1 else "results in rounds ")
                    + name_list([str(r) for r in scored]),
                ),
                path,
                comment,
                hint="if the player came back, remove the comment line; if they withdrew, "
                "write the rounds after it as absences (Z) or forfeits",
                code="trf",
            )
            continue
        withdrawals.append(WithdrawalEntry(player.entry.name, after))
        confirmed.add((number, after))
        stated[number] = after
        byes = [
            b
            for b in byes
            if not (b.player == player.entry.name and b.round > after and b.points == 0)
        ]
    if len(problems.errors) > before:
        return None
    doubts: tuple[tuple[int, int, int], ...] = ()
    off_table = False
    if format != "swiss" and withdrawals:
        stops = {n: len(p.rounds) for n, p in players.items() if len(p.rounds) < played}
        due = _no_game_due(players, stops, stated, confirmed, played, max(rounds, event_rounds))
        if due is None:
            off_table = True
        else:
            no_game, doubts = due
            left_alone = {players[n].entry.name for n in no_game}
            withdrawals = [w for w in withdrawals if w.player not in left_alone]
    withdrawals.sort(key=lambda w: names[normalise_name(w.player)].number)
    for number in sorted(players):
        _check_points(players[number], scoring, played, path, problems)
    ordered = tuple(players[n].entry for n in sorted(players))
    return TrfEvent(
        name,
        rounds,
        ordered,
        results,
        tuple(byes),
        tiebreaks,
        dates.get("042"),
        dates.get("052"),
        tuple(withdrawals),
        played,
        frozenset(confirmed),
        location=said_of_tournament.get("022", [""])[0],
        federation=said_of_tournament.get("032", [""])[0],
        arbiter=said_of_tournament.get("102", [""])[0],
        deputy_arbiters=tuple(said_of_tournament.get("112", ())),
        doubts=doubts,
        off_table=off_table,
    )


_TOURNAMENT_TEXT = ("022", "032", "102", "112")
"""The tournament records read as written: city, federation, chief and deputy arbiters."""

_FEDERATION = re.compile(r"[A-Z]{3}")


def _tournament_text(code: str, value: str) -> bool:
    """Whether a record of ``_TOURNAMENT_TEXT`` says what event.toml's key means: lichess
    writes its tournament's address in 022 and 102 and "Lichess" in 032, which the event's
    page would show as its place, chief arbiter and federation."""
    if not value or "://" in value:
        return False
    return code != "032" or _FEDERATION.fullmatch(value) is not None


_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
"""English month names, full and abbreviated, by number: written out here rather than read
with ``strptime``'s ``%b``, which takes the machine's locale (a build must be the same on
every machine)."""
_MONTH_FIRST = re.compile(r"^([A-Za-z]+)\.? +([0-9]{1,2}),? +([0-9]{4})$")
"""``Mar 1, 2025`` (lichess's export), ``March 1, 2025``."""
_DAY_FIRST = re.compile(r"^([0-9]{1,2}) +([A-Za-z]+)\.?,? +([0-9]{4})$")
"""``1 Mar 2025``, ``1 March 2025``."""


def round_column(round_number: int) -> int:
    """The column (1-based) where a round's block starts on a player's ``001`` line: round 1
    at 92, each block 10 columns wide (8 written, 2 blank)."""
    return 92 + 10 * (round_number - 1)


def _date(text: str) -> dt.date | None:
    """A tournament record's date: ``YYYY/MM/DD`` (also with dots or dashes), as TRF writes
    it, or with the month's English name, as lichess writes it (``Mar 1, 2025``, also
    ``1 Mar 2025`` and ``March 1, 2025``). ``None`` for anything else, or a day no calendar
    has (``Feb 30, 2025``)."""
    numeric = calendar_day(_DATE, text)
    if numeric is not None:
        return numeric
    month_first, day_first = _MONTH_FIRST.match(text), _DAY_FIRST.match(text)
    if month_first is not None:
        month_text, day_text, year_text = month_first.groups()
    elif day_first is not None:
        day_text, month_text, year_text = day_first.groups()
    else:
        return None
    month = _MONTHS.get(month_text.lower())
    if month is None:
        return None
    try:
        return dt.date(int(year_text), month, int(day_text))
    except ValueError:
        return None


def _tiebreaks(raw: str, path: Path, line: int, problems: Problems) -> tuple[str, ...]:
    """Record 202's codes, when crosstable knows every one of them (else none: a list with a
    tie-break left out would rank otherwise than the pairing program)."""
    listed = tuple(t.strip() for t in raw[4:].split(",") if t.strip())
    issues: list[Issue] = []
    codes = tuple(
        TiebreakCode().validate(code, ("tiebreaks", i), issues) for i, code in enumerate(listed)
    )
    if issues:
        unknown = [i for i in issues if i.message.endswith("is not a known tie-break")]
        if len(unknown) == len(issues):
            named = ", ".join(listed[int(issue.path[1])] for issue in issues)
            what = f"tie-breaks crosstable does not know ({named})"
        else:  # a known code with a modifier it does not take: say which and why
            what = "tie-breaks crosstable cannot use (" + "; ".join(i.message for i in issues) + ")"
        problems.warning(
            f"record 202 lists {what}: the list is not used",
            path,
            line,
            "set tiebreaks = [...] in event.toml with FIDE codes such as BH/C1, SB, DE",
            code="trf",
        )
        return ()
    return tuple(str(code) for code in codes)


_BBP_SCORES = {"BBW": "W", "BBD": "D", "BBL": "L", "BBZ": "ZPB", "BBF": "FW", "BBU": "PAB"}
"""bbpPairings' scoring records (``BBW  3.0``, one a line: win, draw, loss, zero-point bye,
forfeit win, pairing-allocated bye), by the code of JaVaFo's ``XXS`` that says the same."""


def _check_bbp_scores(
    records: list[tuple[str, str, int]], scoring: Scoring, path: Path, problems: Problems
) -> None:
    """bbpPairings' ``BBW``, ``BBD`` ... lines declare a scoring as ``XXS`` does, one value a
    line: checked as one declaration, on the first line, so that a 3-1-0 file is one error
    naming the whole ``[scoring]`` to set, not one a line."""
    text = " ".join(f"{_BBP_SCORES[code]}={value}" for code, value, _ in records)
    labels = {_BBP_SCORES[code]: (code, line) for code, _, line in records}
    codes = list(dict.fromkeys(code for code, _, _ in records))
    where = f"record {codes[0]}" if len(codes) == 1 else f"records {name_list(codes)}"
    _check_scoring(text, labels, where, scoring, path, records[0][2], problems)


def _check_scoring(
    text: str,
    labels: dict[str, tuple[str, int]],
    where: str,
    scoring: Scoring,
    path: Path,
    line: int,
    problems: Problems,
) -> None:
    """A scoring the file declares (JaVaFo's ``XXS W=3 D=1``, TRF-26's ``162 W 3.0 D 1.0``,
    bbpPairings' ``BBW  3.0``) must be the event's: the points of the file's players follow
    it. ``text`` holds the codes and values, ``where`` names the record(s) in messages and
    ``labels`` the record and line a part was written on, where it has one of its own
    (bbpPairings')."""
    found: dict[str, float] = {}
    for part, value in _SCORE_PART.findall(text):
        found[part] = float(value)
    fixed = {part: found.pop(part) for part in list(found) if part in _FIXED_SCORES}
    ours = {"W": scoring.win, "D": scoring.draw, "L": scoring.loss}
    _check_fixed_scores(where, labels, fixed, found, ours, path, line, problems)
    differs = [(part, value) for part, value in found.items() if abs(value - ours[part[-1]]) > 1e-9]
    if not differs:
        return
    declared = {part[-1]: value for part, value in found.items()}
    words = {"W": "win", "D": "draw", "L": "loss"}
    said = ", ".join(
        f"{words[k]} {score_text(v)}"
        for k, v in sorted(declared.items(), key=lambda kv: "WDL".index(kv[0]))
    )
    setting = ", ".join(
        f"{words[k]} = {v:g}"
        for k, v in sorted(declared.items(), key=lambda kv: "WDL".index(kv[0]))
    )
    problems.error(
        f"the file scores {said} ({where}), but the event scores win "
        f"{score_text(scoring.win)}, draw {score_text(scoring.draw)}, loss "
        f"{score_text(scoring.loss)}",
        path,
        line,
        f"set the scoring in event.toml: [scoring] {setting}",
        code="trf",
    )


def _check_fixed_scores(
    where: str,
    labels: dict[str, tuple[str, int]],
    fixed: dict[str, float],
    found: dict[str, float],
    ours: dict[str, float],
    path: Path,
    line: int,
    problems: Problems,
) -> None:
    """A bye or forfeit the file scores otherwise than crosstable does (a pairing-allocated
    bye worth a draw, an absence worth a point): the pairing program's standings, which the
    file's points show, would not be crosstable's, and no setting of event.toml changes it.
    Compared with the win and draw the file itself declares, else the event's, so that a file
    whose only difference is its win and draw gets that one error."""
    scale = {"W": ours["W"], "D": ours["D"], "": 0.0}
    for part, value in found.items():
        scale[part[-1]] = value
    for part, value in fixed.items():
        what, as_scored = _FIXED_SCORES[part]
        expected = scale[as_scored]
        if abs(value - expected) <= 1e-9:
            continue
        worth = {"W": "a win", "D": "a draw", "": "nothing"}[as_scored]
        record, on = labels.get(part, (f"{where}, {part}", line))
        if part in labels:
            record = f"record {record}"
        problems.error(
            f"the file scores {what} {score_text(value)} ({record}), but "
            f"crosstable scores it as {worth}, {score_text(expected)}: the standings would "
            "not be the pairing program's",
            path,
            on,
            f"crosstable cannot score {what} otherwise: score it as {worth} in the pairing "
            "program and export the file again",
            code="trf",
        )


def _told_apart(
    first: TrfPlayer, second: TrfPlayer, full_names: dict[int, str], names: dict[str, TrfPlayer]
) -> tuple[TrfPlayer, TrfPlayer] | None:
    """Two players whose names the field cut alike, each with their full name, when the
    export's comment lines give both, different, each beginning with the cut name, and neither
    another player's: ``None`` otherwise (two players with one name are an error)."""
    found = []
    for player in (first, second):
        full = full_names.get(player.number, "")
        if normalise_name(full) == normalise_name(player.entry.name):
            found.append(player)  # told apart already, from a name cut alike before
        elif cut_from(player.entry.name, full) and normalise_name(full) not in names:
            found.append(replace(player, entry=replace(player.entry, name=full)))
        else:
            return None
    if normalise_name(found[0].entry.name) == normalise_name(found[1].entry.name):
        return None
    return found[0], found[1]


def _add_aliases(
    players: dict[int, TrfPlayer],
    notes: list[PlayerNote],
    path: Path,
    problems: Problems,
) -> None:
    """The aliases the export's comment lines give, added to their players' entries, each
    with its comment line (``alias_trf``: a clash with event.toml's [[players]], found once
    they are merged in, is reported there). An alias that is the player's own name adds
    nothing; one that is another player's name or alias would find two players, and a
    comment line for a start number no line has finds none: an error on the comment line
    (it was edited, or the lines were renumbered)."""
    owners = {normalise_name(p.entry.name): p.number for p in players.values()}
    added: dict[int, list[tuple[str, TrfPlace]]] = {}
    for note in notes:
        number, alias, line = note.number, note.value, note.line
        player = players.get(number)
        if player is None:
            problems.error(
                Phrase(
                    'this comment line gives "',
                    Name(alias),
                    f"\" as another spelling of player {number}'s name, but no line has start "
                    f"number {number}",
                ),
                path,
                line,
                "correct the start number in the comment line, or remove it",
                code="trf",
            )
            continue
        key = normalise_name(alias)
        owner = owners.setdefault(key, number)
        if owner == number:
            if key != normalise_name(player.entry.name):
                place = TrfPlace(path, line, note.column)
                added.setdefault(number, []).append((alias, place))
            continue
        problems.error(
            Phrase(
                'this comment line gives "',
                Name(alias),
                f"\" as another spelling of player {number}'s name (",
                Name(player.entry.name),
                f"), but it is player {owner}'s (",
                Name(players[owner].entry.name),
                ")",
            ),
            path,
            line,
            "every name and alias must belong to exactly one player: correct the comment "
            "line or remove it",
            code="trf",
        )
    for number, given in added.items():
        entry = players[number].entry
        more = tuple(dict.fromkeys((*entry.aliases, *(alias for alias, _ in given))))
        places = (*entry.alias_trf, *given)
        players[number] = replace(
            players[number], entry=replace(entry, aliases=more, alias_trf=places)
        )


FULL_NAME = "full name"
TITLE = "title"
FEDERATION = "federation"
WITHDRAWAL = "withdrawal"
UNSHOWN_WITHDRAWAL = "unshown withdrawal"
ALIAS = "alias"


@dataclass(frozen=True)
class PlayerNote:
    """A comment line of crosstable's export about one player (``render.trf.cannot_carry``)."""

    kind: str
    number: int
    name: str | None
    """The name the comment gives after the start number, as the name field held it when the
    comment was written; ``None`` in the older form, which gave the number alone."""
    value: str
    """The full name, the title or federation, the alias, or the round of the withdrawal."""
    line: int
    column: int
    """Where ``value`` begins on the line."""


_WHO = r"### player (?P<number>\d+) \((?P<name>.+)\)"
_WHO_OR_NUMBER = r"### player (?P<number>\d+)(?: \((?P<name>.+)\))?"
PLAYER_NOTES = (
    (
        FULL_NAME,
        re.compile(
            _WHO + r": the full name, longer than the \d+ columns of the name field, is "
            r'"(?P<value>.+)"\s*$'
        ),
    ),
    (
        FULL_NAME,  # the older form
        re.compile(
            r"### player (?P<number>\d+)'s name is longer than the \d+ columns of the name "
            r'field, which hold ".*": the full name is "(?P<value>.+)"\s*$'
        ),
    ),
    (TITLE, re.compile(_WHO + r': the title "(?P<value>.*)" is longer than the ')),
    (FEDERATION, re.compile(_WHO + r': the federation "(?P<value>.*)" is longer than the ')),
    # read back as the confirmation of the withdrawal the line's end shows: another
    # program's line that stops early may be an absence left out
    (WITHDRAWAL, re.compile(_WHO_OR_NUMBER + r" withdrew after round (?P<value>\d+): ")),
    # a withdrawal the line cannot show (its rounds after it hold a forfeit, or are not
    # played yet), read back as the withdrawal: without it a round robin's scheduled
    # opponents of the player had no game and no bye, and the event stayed unfinished
    (
        UNSHOWN_WITHDRAWAL,
        re.compile(
            _WHO_OR_NUMBER
            + r" withdrew after round (?P<value>\d+); TRF has no record of a withdrawal"
        ),
    ),
    (ALIAS, re.compile(_WHO + r': the name is also written "(?P<value>.+)"\s*$')),
    (
        ALIAS,  # the older form
        re.compile(r'### player (?P<number>\d+)\'s name is also written "(?P<value>.+)"\s*$'),
    ),
)
"""The comment lines crosstable's export writes about one player, each kind in the form
that names the player and, where the import reads it, the older one (files written before
the name was given), which is read as it was, without the check of ``_stale_notes``."""


def player_note(raw: str, line: int) -> PlayerNote | None:
    """The comment line ``raw`` as a note of crosstable's export about a player, if it is one."""
    for kind, pattern in PLAYER_NOTES:
        found = pattern.match(raw)
        if found:
            named = found.groupdict().get("name")
            number, value = int(found["number"]), found["value"]
            return PlayerNote(kind, number, named, value, line, found.start("value") + 1)
    return None


def same_player(named: str, name: str) -> bool:
    """Whether a comment's name is the name on a player's line, compared as the import
    compares names (``normalise_name``), one of the two perhaps cut by the name field."""
    return (
        normalise_name(named) == normalise_name(name)
        or cut_from(named, name)
        or cut_from(name, named)
    )


def _stale_notes(
    notes: list[PlayerNote], players: dict[int, TrfPlayer], path: Path, problems: Problems
) -> set[int]:
    """The comment lines that name a player the start number no longer holds: the players
    were renumbered since the export wrote them (by hand, or by a pairing program that sorts
    them again), and the comment would now describe another player (a withdrawal turning
    their zero-point byes into one, an alias finding the wrong player). An error each, on the
    comment line, rather than a guess which of the two is meant. A comment in the older form
    names no player and is taken by its number, as before. A stale title or federation line
    is a warning only: nothing is read from it, and the build need not stop for it."""
    stale = set()
    index: SpellingIndex | None = None
    for note in notes:
        if note.name is None:
            continue
        holder = players.get(note.number)
        if holder is not None and same_player(note.name, holder.entry.name):
            continue
        now = next((p for p in players.values() if same_player(note.name, p.entry.name)), None)
        if holder is not None and now is None:
            index = index or SpellingIndex(p.entry for p in players.values())
            if _respelt_since(note, holder, index, path, problems):
                continue
        stale.add(note.line)
        said = Phrase(f"this comment line is about player {note.number} (", Name(note.name), ")")
        if holder is None:
            said = Phrase(said, f", but no line has start number {note.number}")
        else:
            said = Phrase(
                said,
                f", but player {note.number} is ",
                Name(holder.entry.name),
                f" (line {holder.line})",
            )
        if now is not None:
            said = Phrase(said, ", and ", Name(note.name), f" is player {now.number} now")
            hint = Phrase(
                f"if the comment still holds, write player {now.number} (",
                Name(now.entry.name),
                ") in it; otherwise delete the comment line",
            )
        else:
            said = Phrase(said, ", and no line has that name")
            hint = Phrase("correct the start number and the name in the comment line, or delete it")
        if note.kind in (TITLE, FEDERATION):  # words for a reader: nothing is read from them
            problems.warning(said, path, note.line, hint, code="trf")
        else:
            problems.error(said, path, note.line, hint, code="trf")
    return stale


def _respelt_since(
    note: PlayerNote, holder: TrfPlayer, index: SpellingIndex, path: Path, problems: Problems
) -> bool:
    """Whether a comment line whose name no line has is about the player its number holds,
    their name corrected on the 001 line since the comment was written ("Delta, Dora" to
    "Delta, Dorothy", an accent added): the names plainly one (``respelt``), and no other
    line's name closer to the comment's. Read so with a warning, rather than stopping the
    build for a number that is right; a name like another player's stays an error."""
    named = note.name or ""
    closest = index.closest(named) if named else []
    if not closest or closest[0] != holder.entry.name or not respelt(named, closest[0]):
        return False
    problems.warning(
        Phrase(
            f"this comment line is about player {note.number} (",
            Name(named),
            f"), but player {note.number}'s line spells the name ",
            Name(holder.entry.name),
            f" (line {holder.line}): read as the same player, the name corrected since the "
            "comment was written",
        ),
        path,
        note.line,
        Phrase(
            f"write player {note.number} (",
            Name(holder.entry.name[:NAME_WIDTH].rstrip()),
            ") in the comment line; if it is about another player, correct the start number "
            "and the name in it, or delete it",
        ),
        code="trf",
    )
    return True


def _scored_after(player: TrfPlayer, after: int) -> list[int]:
    """The rounds after ``after`` in which the line holds a game played or a bye with
    points: what no withdrawal after ``after`` leaves (a forfeit or an absence it may)."""
    return [
        index
        for index, block in enumerate(player.rounds, start=1)
        if index > after
        and (
            (block.opponent and block.result in PLAYED)
            or (not block.opponent and BYES.get(block.result, 0.0) > 0)
            or (not block.opponent and block.result in BYES_WITHOUT_OPPONENT)
        )
    ]


def _withdrawn(player: TrfPlayer, played: int) -> int | None:
    """The round after which a player withdrew, or ``None``. TRF has no record of a
    withdrawal: the rounds after it are "not paired", and a line that stops before a round
    others have played (TRF-16 reads a missing round as ``0000``, ``-``, blank: worth a
    ``Z``) is how crosstable's export, and other exporters, write a player who left. Rounds
    written out stay what they say, ``Z`` or ``0000 - -`` an absence (a zero-point bye in a
    Swiss), as a player absent from one round is written alike: only the line's end tells."""
    return len(player.rounds) if len(player.rounds) < played else None


def _no_game_due(
    players: dict[int, TrfPlayer],
    stops: dict[int, int],
    stated: dict[int, int],
    confirmed: set[tuple[int, int]],
    played: int,
    rounds: int,
) -> tuple[set[int], tuple[tuple[int, int, int], ...]] | None:
    """Of a round robin's lines that stop before the last round played (``stops``: the
    round each stops after), those that stop only because no game was due: by the Berger
    table the player sat each round after out, or was to meet an opponent who had withdrawn
    before it, and a line has nothing to write for a round without a game. Read as
    withdrawals, they cost a player the prize money under the U.S. Junior Closed rules.

    An opponent's withdrawal counts where it is certain: stated by a comment line
    (``stated``, ``confirmed``), or shown by the opponent's own line stopping before a round
    in which their scheduled opponent was there (that one's line is written up to it). Two
    lines that stop where the table pairs them may be either's withdrawal: they are returned
    as doubts (player, round, opponent) and stay withdrawals, as they were read. ``None``
    when the games do not follow the table, which then says nothing of the rounds."""
    games = [
        (index, number, block.opponent)
        for number, player in players.items()
        for index, block in enumerate(player.rounds, start=1)
        if block.opponent and block.colour == "w"
    ]
    schedule = inferred_schedule(players, games, rounds)
    if schedule is None:
        return None
    gone = {**stops, **stated}

    def absent(number: int, round_number: int) -> bool:
        return number in gone and gone[number] < round_number

    # Each stopped line's scheduled opponent in each round after it (None: sat out; 0: a
    # round without a game at all, of which the schedule says nothing).
    due = {
        number: [
            (r, schedule[r][number] if r in schedule else 0) for r in range(stop + 1, played + 1)
        ]
        for number, stop in stops.items()
    }
    shown = {n for n, opponents in due.items() if any(o and not absent(o, r) for r, o in opponents)}
    certain = shown | set(stated) | {n for n, stop in stops.items() if (n, stop) in confirmed}
    no_game: set[int] = set()
    doubts: list[tuple[int, int, int]] = []
    for number, opponents in due.items():
        if number in certain or any(o == 0 for _, o in opponents):
            continue
        unsure = [(number, r, o) for r, o in opponents if o is not None and o not in certain]
        if unsure:
            doubts.extend(unsure)
        else:
            no_game.add(number)
    return no_game, tuple(doubts)


def _check_points(
    player: TrfPlayer, scoring: Scoring, played: int, path: Path, problems: Problems
) -> None:
    """A warning when the points column disagrees with the results written on the line.

    Only a warning: the standings are worked out from the results (as TRF readers such as
    pairing programs do), so the column cannot change them, but a mismatch usually means a
    line was edited by hand or exported half-way through a round, which the arbiter should
    know. A bye in a round after the last one ``played`` (asked for ahead) may be counted or
    not: crosstable's export leaves it out, as its standings do, and other programs may not.
    """
    if player.points is None:
        return
    win, draw, loss = scoring.win, scoring.draw, scoring.loss
    values = {"1": win, "=": draw, "0": loss, "W": win, "D": draw, "L": loss, "+": win}
    values.update({"H": draw, "F": win, "U": win})
    scored = [values.get(block.result, 0.0) for block in player.rounds]
    total = sum(scored)
    so_far = sum(scored[:played])
    if all(abs(points - player.points) > 1e-9 for points in (total, so_far)):
        ahead = f" ({so_far:g} up to round {played}, the last played)" if so_far != total else ""
        problems.warning(
            f"columns 81-84: player {player.number}'s points are {player.points:g}, but the "
            f"results on the line add up to {total:g}{ahead}",
            path,
            player.line,
            "correct the points or the results on the line: the standings count the results",
            code="trf-points",
        )


def _games(
    players: dict[int, TrfPlayer],
    format: str,
    played: int,
    path: Path,
    problems: Problems,
    first_rounds: dict[str, int],
) -> tuple[tuple[ResultEntry, ...], tuple[ByeEntry, ...]]:
    """The games and byes of the lines. A blank round without an opponent is a Swiss
    player's absence (TRF-16: "not paired", worth a ``Z``) up to ``played``, the last round
    with a result; after it, a round not paired yet, written blank before a bye asked for a
    later round (crosstable's export does), records nothing. A late entry's rounds before
    their ``first_rounds`` are blank by right (TRF has no code for "not yet entered")."""
    entered = {key: (0, PlayerEntry(key)) for key in first_rounds}  # as _given_name takes them
    results: list[ResultEntry] = []
    byes: list[ByeEntry] = []
    cut: dict[int, list[tuple[int, int]]] = defaultdict(list)  # short line: (round, player)
    # The first round after a line that stops early (a withdrawal, ``_withdrawn``): from it a
    # round robin's player whose scheduled opponent that was has a blank round by right.
    gone_from = min(
        (len(p.rounds) + 1 for p in players.values() if len(p.rounds) < played), default=0
    )
    for number in sorted(players):
        player = players[number]
        for index, block in enumerate(player.rounds, start=1):
            name = player.entry.name
            if block.opponent == 0:
                place = TrfPlace(path, block.line, block.column)
                withdrawn = format != "swiss" and 0 < gone_from <= index
                joined = first_rounds.get(_given_name(name, entered), 1)
                if block.blank and index <= played and not withdrawn and index >= joined:
                    _blank_round(number, index, block, format, len(players), path, problems)
                if block.result in BYES:
                    allocated = ALLOCATED.get(block.result)
                    byes.append(ByeEntry(index, name, BYES[block.result], allocated, trf=place))
                elif block.result in BYES_WITHOUT_OPPONENT:
                    points = BYES_WITHOUT_OPPONENT[block.result]
                    byes.append(ByeEntry(index, name, points, trf=place))
                elif not block.result and index > played:
                    pass  # not paired yet
                elif block.result in ("", "-") and format == "swiss":
                    byes.append(ByeEntry(index, name, 0.0, trf=place))
                elif block.result == "-":
                    pass  # a round robin's round without a game: as a blank result
                elif block.result:
                    problems.error(
                        f"column {block.column + 7}: round {index} of player {number} has the "
                        f'result "{block.result}" but no opponent',
                        path,
                        block.line,
                        "a game needs the opponent's start number",
                        code="trf",
                    )
                continue
            other = players.get(block.opponent)
            if other is None:
                problems.error(
                    f"column {block.column}: player {number}'s opponent in round {index}, "
                    f"{block.opponent}, has no player line",
                    path,
                    block.line,
                    code="trf",
                )
                continue
            mirror = other.rounds[index - 1] if index <= len(other.rounds) else None
            # Paired, no result yet (a TRF written during the round): a pending game, so the
            # round is not taken for played, nor its two players for absent.
            pending = _unfinished(block) and mirror is not None and _unfinished(mirror)
            if pending and mirror is not None and _paired(block, mirror, number):
                if number < block.opponent:  # each game once, from the lower start number
                    white, black = (player, other) if block.colour == "w" else (other, player)
                    place = TrfPlace(path, block.line, block.column)
                    results.append(
                        ResultEntry(index, white.entry.name, black.entry.name, PENDING, trf=place)
                    )
                continue
            if block.opponent == number:
                problems.error(
                    f"column {block.column}: player {number} is paired with themself in round "
                    f"{index}",
                    path,
                    block.line,
                    "write the opponent's start number, or 0000 for a bye",
                    code="trf",
                )
                continue
            if (
                mirror is not None
                and mirror.opponent == number
                and {block.colour, mirror.colour} != {"w", "b"}
                and _agree(replace(block, colour="w"), replace(mirror, colour="b"))
            ):
                if number < block.opponent:  # said once, for the game
                    problems.error(
                        f"column {block.column + 5}: round {index}, the game of players "
                        f"{number} and {block.opponent} has no colours ({block.colour} and "
                        f"{mirror.colour})",
                        path,
                        block.line,
                        "write w for the player who had White and b for the one who had "
                        "Black, on both lines (a forfeit keeps the colours it was paired with)",
                        code="trf",
                    )
                continue
            if mirror is None and block.opponent != number:
                cut[block.opponent].append((index, number))  # said once, for the short line
                continue
            if mirror is None or mirror.opponent != number or not _agree(block, mirror):
                found = (
                    f"{mirror.opponent} {mirror.colour} {mirror.result or '(blank)'}"
                    if mirror
                    else "nothing"
                )
                problems.error(
                    f"column {block.column}: round {index}, player {number} has "
                    f"{block.opponent} {block.colour} {block.result}, but player "
                    f"{block.opponent} (line {other.line}) has {found}",
                    path,
                    block.line,
                    "both players' entries for a game must agree",
                    code="trf",
                )
                continue
            if number > block.opponent:
                continue  # each game once, from the lower start number
            white, black = (player, other) if block.colour == "w" else (other, player)
            white_block = block if block.colour == "w" else mirror
            black_block = mirror if block.colour == "w" else block
            results.append(
                ResultEntry(
                    index,
                    white.entry.name,
                    black.entry.name,
                    _result(white_block.result, black_block.result),
                    less_than_one_move=white_block.result in UNRATED,
                    trf=TrfPlace(path, block.line, block.column),
                )
            )
    for number, games in sorted(cut.items()):
        _cut_short(players[number], games, path, problems)
    return tuple(results), tuple(byes)


def _blank_round(
    number: int,
    index: int,
    block: TrfRound,
    format: str,
    field: int,
    path: Path,
    problems: Problems,
) -> None:
    """A warning for a round left wholly blank (spaces where the block is) before later
    rounds on the line, in a round that was played. TRF reads it as ``0000 - Z``, so a Swiss
    player is absent (a zero-point bye), and a round robin's player sits the round out; but
    pairing programs write an absence as ``0000``, or a result without an opponent, so a
    blank in the middle of a line is rather a game or bye lost in an edit, which would
    otherwise cost the player the round without a word. In a round robin of an odd number
    the blank may be the round the schedule has the player sit out, and is not warned
    about; of an even number, nobody sits out."""
    if format != "swiss" and field % 2 == 1:
        return
    if format == "swiss":
        read = "read as an absence (a zero-point bye), as TRF reads a blank round"
        byes = "0000 - H, F or U"
    else:
        read = (
            f"a round robin of {field} players has no round to sit out, so player {number} "
            f"has no game or bye in round {index}"
        )
        byes = "0000 - H or F"
    problems.warning(
        f"columns {block.column}-{block.column + 7}: round {index} of player {number} is "
        f"blank (no opponent, colour or result) while later rounds are written: {read}",
        path,
        block.line,
        f"write round {index} in these columns: 0000 - Z for an absence, {byes} for a bye, "
        "or the opponent's start number, colour and result for a game (on both players' "
        "lines)",
        code="trf",
    )


def _cut_short(
    player: TrfPlayer, games: list[tuple[int, int]], path: Path, problems: Problems
) -> None:
    """A line that ends before rounds in which other lines give the player a game: cut
    short (a paste or an editor's line length), said once on it, where each of those games
    was an error on the opponent's line that said the short line "has nothing"."""
    ends = len(player.rounds)
    where = f"after round {ends}" if ends else "before its first round"
    rounds = sorted(r for r, _ in games)
    opponents = sorted({n for _, n in games})
    listed = name_list([str(n) for n in opponents])
    shown = (
        name_list([str(r) for r in rounds[:5]])
        if len(rounds) <= 5
        else (", ".join(str(r) for r in rounds[:4]) + ", ...")
    )
    problems.error(
        f"player {player.number}'s line ends {where}, but the "
        f"line{'s' if len(opponents) > 1 else ''} of player{'s' if len(opponents) > 1 else ''} "
        f"{listed} give{'' if len(opponents) > 1 else 's'} player {player.number} a game in "
        f"round{'s' if len(rounds) > 1 else ''} {shown}: the line is cut short",
        path,
        player.line,
        f"write the rest of the line, up to round {max(rounds)} (best by exporting the TRF "
        "file again from the pairing program)",
        code="trf",
    )


def _unfinished(block: TrfRound) -> bool:
    """A round without a result yet: blank, or, with an opponent, ``Z``, as lichess's export
    writes a game still being played (a zero-point bye has no opponent)."""
    return not block.result or (block.opponent != 0 and block.result == "Z")


def _paired(mine: TrfRound, theirs: TrfRound, number: int) -> bool:
    """Both lines give the pairing, with opposite colours (no result yet on either)."""
    return theirs.opponent == number and {mine.colour, theirs.colour} == {"w", "b"}


def _agree(mine: TrfRound, theirs: TrfRound) -> bool:
    if {mine.colour, theirs.colour} != {"w", "b"}:
        return False
    pairs = {
        ("1", "0"),
        ("0", "1"),
        ("=", "="),
        ("W", "L"),
        ("L", "W"),
        ("D", "D"),
        ("+", "-"),
        ("-", "+"),
        ("-", "-"),
    }
    return (mine.result, theirs.result) in pairs


def _result(white: str, black: str) -> str:
    if white in FORFEITS:
        return {("+", "-"): "+-", ("-", "+"): "-+", ("-", "-"): "--"}[(white, black)]
    score = PLAYED[white]
    return {1.0: "1-0", 0.5: "1/2-1/2", 0.0: "0-1"}[score]


def cut_from(short: str, full: str) -> bool:
    """Whether the TRF name ``short`` may be ``full`` cut by the 33 columns of the name field
    (compared as names are, ``normalise_name``). The field's trailing spaces are not part of
    the name: a full name whose 33rd character is a space leaves 32 ("Echeverria-Longbottom,
    Ana Maria " of "... Ana Maria Evangeline"), which must still find it."""
    return len(short) >= NAME_WIDTH - 1 and continues_cut(
        normalise_name(full), normalise_name(short), len(short) >= NAME_WIDTH
    )


def continues_cut(whole: str, key: str, filled: bool) -> bool:
    """``cut_from`` on names already normalised: ``key`` is a TRF name of 32 or more
    characters, ``filled`` when it has all 33 (else the full name goes on with a space)."""
    return len(whole) > len(key) and whole.startswith(key) and (filled or whole[len(key)] == " ")


def warn_unconfirmed_withdrawals(config: EventConfig, data: TrfEvent, problems: Problems) -> None:
    """A line that stops before a round others played is read as a withdrawal (TRF has no
    record of one); said, where neither crosstable's own comment line nor event.toml's
    [[withdrawals]] confirms it, as another program may have left out a player's absence
    from the last rounds, and a withdrawal changes the pages and, under the U.S. Junior
    Closed rules, the prize money."""
    said = {normalise_name(w.player) for w in config.withdrawals}
    entries = {normalise_name(p.name): p for p in data.players}
    no_game = no_game_by_event_file(config, data)
    unconfirmed = [
        (stop, entry)
        for stop in data.withdrawals
        if (entry := entries.get(normalise_name(stop.player))) is not None
        and (entry.number, stop.after_round) not in data.confirmed
        and stop.player not in no_game
    ]
    # Each [[players]] entry's names, normalised once (not once per withdrawal).
    given_names = (
        [(g.name, {normalise_name(n) for n in (g.name, *g.aliases)}) for g in config.players]
        if unconfirmed
        else []
    )
    for stop, entry in unconfirmed:
        spellings = {normalise_name(n) for n in (entry.name, *entry.aliases)}
        for name, names in given_names:  # the [[players]] entry completing this TRF player
            if names & spellings or cut_from(entry.name, name):
                spellings |= names
        if spellings & said:
            continue
        place = entry.trf
        message, hint = (
            _no_round_words(entry, data.played)
            if stop.after_round == 0
            else (
                Phrase(
                    f"player {entry.number}'s line (",
                    Name(entry.name),
                    f") stops after round {stop.after_round} while round {data.played} was "
                    f"played: read as a withdrawal after round {stop.after_round}",
                ),
                Phrase(
                    'if the player withdrew, say so in event.toml: [[withdrawals]] player = "',
                    Name(entry.name),
                    f'", after_round = {stop.after_round} (and the reason); if they only '
                    "missed the rounds, write them on the line as absences (Z)",
                ),
            )
        )
        doubt, doubt_hint = _doubt_words(data, entry)
        problems.warning(
            Phrase(message, doubt),
            place.path if place else None,
            place.line if place else None,
            hint=Phrase(hint, doubt_hint),
            code="trf-withdrawal",
        )


def _doubt_words(data: TrfEvent, entry: PlayerEntry) -> tuple[Phrase, Phrase]:
    """What a withdrawal read from a round robin's line leaves open, said after the
    warning and its hint: the scheduled opponent's line stops too (either may have withdrawn
    and left the other without a game), or the games are not the Berger table's, so the
    schedule cannot tell a withdrawal from a round without a game due."""
    if data.off_table:
        return (
            Phrase(
                "; the games do not follow the Berger table, so whether the scheduled "
                "opponent had withdrawn, leaving the player no game, cannot be told"
            ),
            Phrase(),
        )
    names = {p.number: p.name for p in data.players}
    doubts = [(r, o) for n, r, o in data.doubts if n == entry.number]
    if not doubts:
        return Phrase(), Phrase()
    several = len(doubts) > 1
    opponents = [
        Phrase(f"player {o} (", Name(names[o]), f") in round {r}" if several else ")")
        for r, o in doubts
    ]
    listed: list[str | Name | Phrase] = []
    for index, opponent in enumerate(opponents):
        if index:
            listed.append(" and " if index == len(opponents) - 1 else ", ")
        listed.append(opponent)
    if several:
        said = Phrase(
            "; but the lines of the scheduled opponents, ",
            *listed,
            ", stop before those rounds too: the player may have had no game only because "
            "they withdrew",
        )
    else:
        said = Phrase(
            "; but the line of ",
            *listed,
            f", the scheduled opponent in round {doubts[0][0]}, stops before it too: one of "
            "the two may have had no game only because the other withdrew",
        )
    return said, Phrase(
        f"; if only the other{'s' if several else ''} withdrew, say so of them, and this "
        "player is read as having had no game"
    )


def _said_after(config: EventConfig, entry: PlayerEntry) -> int | None:
    """The round after which event.toml's [[withdrawals]] says a TRF player withdrew, by
    any of the names the player goes by there or in the TRF."""
    spellings = {normalise_name(n) for n in (entry.name, *entry.aliases)}
    for given in config.players:
        names = {normalise_name(n) for n in (given.name, *given.aliases)}
        if names & spellings or cut_from(entry.name, given.name):
            spellings |= names
    return next(
        (w.after_round for w in config.withdrawals if normalise_name(w.player) in spellings),
        None,
    )


def no_game_by_event_file(config: EventConfig, data: TrfEvent) -> frozenset[str]:
    """The TRF names of players read as withdrawn whose line stops only where each
    scheduled opponent it doubted (``TrfEvent.doubts``) withdrew before the round, as
    event.toml's [[withdrawals]] says: the player had no game, and did not withdraw (unless
    event.toml says so of them too)."""
    if not data.doubts:
        return frozenset()
    entries = {p.number: p for p in data.players}
    involved = {n for n, _, _ in data.doubts} | {o for _, _, o in data.doubts}
    said = {n: _said_after(config, entries[n]) for n in sorted(involved)}

    def left_before(number: int, round_number: int) -> bool:
        after = said[number]
        return after is not None and after < round_number

    doubted: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for number, round_number, opponent in data.doubts:
        doubted[number].append((round_number, opponent))
    return frozenset(
        entries[n].name
        for n, rounds in doubted.items()
        if said[n] is None and all(left_before(o, r) for r, o in rounds)
    )


def _no_round_words(entry: PlayerEntry, played: int) -> tuple[Phrase, Phrase]:
    """The warning and hint for a line with no round on it at all: a player entered who
    played none of the rounds played, read as one who withdrew before round 1 (event.toml's
    ``after_round = 0``). "Stops after round 0" and "a withdrawal after round 0" named no
    round the arbiter could find on the line."""
    missed = "round 1" if played == 1 else f"rounds 1 {'and' if played == 2 else 'to'} {played}"
    return (
        Phrase(
            f"player {entry.number}'s line (",
            Name(entry.name),
            f") has no round on it while {missed} {'was' if played == 1 else 'were'} played: "
            "read as a withdrawal before round 1",
        ),
        Phrase(
            "if the player withdrew before round 1, say so in event.toml: [[withdrawals]] "
            'player = "',
            Name(entry.name),
            '", after_round = 0 (0: before the first round; and the reason); if they only '
            f"missed {missed}, write {'it' if played == 1 else 'each'} on the line as an "
            "absence, 0000 - Z, from column 92 (10 columns a round)",
        ),
    )


def _not_paired(
    config: EventConfig, data: TrfEvent, said: dict[str, int], renamed: dict[str, str]
) -> tuple[ByeEntry, ...]:
    """The rounds missing from a Swiss player's line before the withdrawal event.toml gives
    (``after_round`` later than the line's end): "not paired", which TRF-16 reads as a
    zero-point bye, as they were read before the line's end was taken for the withdrawal.
    Without them those rounds had neither game nor bye, and stayed unfinished for good."""
    if config.format != "swiss":
        return ()  # a round robin's round without a game records nothing, as on the line
    lines = {normalise_name(p.name): p.trf for p in data.players}
    byes = []
    for stop in data.withdrawals:
        key = normalise_name(stop.player)
        after, place = said.get(normalise_name(renamed.get(key, stop.player))), lines.get(key)
        if after is None or place is None:
            continue
        for round_number in range(stop.after_round + 1, min(after, data.played) + 1):
            column = round_column(round_number)
            where = TrfPlace(place.path, place.line, column)
            byes.append(ByeEntry(round_number, stop.player, 0.0, trf=where))
    return tuple(byes)


def _given_name(name: str, given: dict[str, tuple[int, PlayerEntry]]) -> str:
    """The event file's spelling of a TRF player's name: the same name, or, for a name that
    fills the TRF's name field (cut there by the program that wrote it), the one event file
    name it begins (normalised as names are compared)."""
    key = normalise_name(name)
    if key in given or len(name) < NAME_WIDTH - 1:
        return key
    longer = [other for other in given if cut_from(name, other)]
    return longer[0] if len(longer) == 1 else key


def merge_trf(
    config: EventConfig, data: TrfEvent, reading: Callable[[str], str] | None = None
) -> tuple[EventConfig, list[tuple[str, KeyPath, str]]]:
    """The event file completed by the TRF: its players, results, byes and withdrawals.

    ``[[players]]`` in event.toml may add what TRF lacks (aliases, born, sex, club) to a TRF
    player of the same name (or the full name of one the TRF's name field cut);
    ``[[withdrawals]]`` there are kept for a player the TRF shows withdrawn too (they may
    give the reason); ``[[results]]`` there are added after the TRF's own, so an arbiter's
    decision with a reason still overrides. Returns the problems found, in words, each with
    the event.toml key it is about. ``reading`` says how the TRF file was read, for a name
    of ``[[players]]`` it lacks (``GuessedReading.hint``: "" when nothing was guessed).
    """
    problems: list[tuple[str, KeyPath, str]] = []
    if data.rounds > config.rounds:
        problems.append(
            (
                f"the TRF file has {data.rounds} rounds but event.toml says "
                f"rounds = {config.rounds}",
                ("rounds",),
                f"set rounds = {data.rounds}, or correct the TRF file (its XXR line or its "
                "longest player line gives the count)",
            )
        )
    extra = {normalise_name(p.name): (i, p) for i, p in enumerate(config.players)}
    players = []
    renamed: dict[str, str] = {}
    for entry in data.players:
        index, given = extra.pop(_given_name(entry.name, extra), (0, None))
        if given is None:
            players.append(entry)
            continue
        # event.toml's aliases, then those of the TRF's comment lines it does not give
        own = {normalise_name(a) for a in given.aliases}
        more = (a for a in entry.aliases if normalise_name(a) not in own)
        name, aliases = entry.name, (*given.aliases, *more)
        if normalise_name(given.name) != normalise_name(entry.name):
            # The TRF's name is the event file's, cut at the field's end: the event file's
            # is shown, and the TRF's still finds the player in the TRF's own entries.
            renamed[normalise_name(entry.name)] = name = given.name
            aliases = (*aliases, entry.name)
        players.append(
            replace(
                entry,
                name=name,
                aliases=aliases,
                born=given.born or entry.born,
                birth_year=given.birth_year or entry.birth_year,
                year_from_trf=entry.year_from_trf and not (given.born or given.birth_year),
                day_from_trf=entry.day_from_trf and not given.born,
                sex=given.sex or entry.sex,
                club=given.club or entry.club,
                rating=given.rating if given.rating is not None else entry.rating,
                federation=given.federation or entry.federation,
                title=given.title or entry.title,
                fide_id=given.fide_id or entry.fide_id,
                k_factor=given.k_factor,  # TRF has no field for it
                first_round=given.first_round,  # nor for this
                toml_index=index,
            )
        )
    # Indexed once for all the names the TRF file lacks (all of them, were it spelt otherwise).
    trf_spellings = SpellingIndex(data.players if extra else ())
    for index, leftover in extra.values():
        close = trf_spellings.closest(leftover.name)
        hint = (
            f'the TRF file spells it "{close[0]}"? Give that as name (your spelling can go '
            "in aliases)"
            if close
            else "write the name as the TRF file does (columns 15-47 of its 001 lines)"
        )
        # A code page guessed wrong garbles the TRF's names: the fix is the encoding setting.
        told = reading(leftover.name) if reading is not None else ""
        problems.append(
            (
                f'[[players]] names "{leftover.name}", who is not in the TRF file '
                "(the TRF file lists every participant)",
                ("players", index),
                f"{told}; {hint}" if told else hint,
            )
        )
    start = config.start or data.start
    said = {normalise_name(w.player): w.after_round for w in config.withdrawals}
    no_game = no_game_by_event_file(config, data)
    withdrawals = config.withdrawals + tuple(
        replace(w, player=renamed.get(normalise_name(w.player), w.player))
        for w in data.withdrawals
        if normalise_name(renamed.get(normalise_name(w.player), w.player)) not in said
        and w.player not in no_game
    )
    merged = replace(
        config,
        players=tuple(players),
        results=data.results + config.results,
        byes=data.byes + _not_paired(config, data, said, renamed) + config.byes,
        withdrawals=withdrawals,
        start=start,
        end=config.end or (data.end if data.end and (start is None or data.end >= start) else None),
        location=config.location or data.location,
        federation=config.federation or data.federation,
        arbiter=config.arbiter or data.arbiter,
        deputy_arbiters=config.deputy_arbiters or data.deputy_arbiters,
        # The pairing program's tie-breaks, unless the event file or its rules give some.
        tiebreaks=config.tiebreaks
        if config.tiebreaks is not None or PRESETS[config.rules].tiebreaks
        else data.tiebreaks or None,
    )
    return merged, problems
