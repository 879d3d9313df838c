"""Load stage for FIDE Tournament Report Files (TRF-16, TRF-26): players, pairings and results.

An event may name a TRF file (``trf = "event.trf"``), as Swiss-Manager or Vega export them. It
becomes what an organiser would otherwise write in ``event.toml``: ``[[players]]``, a
``[[results]]`` entry for every game (so PGN files add the moves and are checked against the
TRF's result), and ``[[byes]]``. Every result code of the format is read:

* ``1`` ``=`` ``0`` played; ``W`` ``D`` ``L`` a game of less than one move (counted as played);
* ``+`` ``-`` forfeits (a double forfeit is ``-`` for both);
* ``H`` half-point bye, ``F`` full-point bye, ``U`` pairing-allocated bye, ``Z`` (or a blank
  result without opponent in a Swiss) zero-point bye. A round-robin round with neither opponent
  nor result is the schedule's bye and records nothing.

Problems are reported with the line and the column of the field.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from pathlib import Path

from .config.event import ByeEntry, EventConfig, PlayerEntry, ResultEntry, normalise_name
from .pgn import decode
from .problems import Problems

PLAYED = {"1": 1.0, "=": 0.5, "0": 0.0, "W": 1.0, "D": 0.5, "L": 0.0}
FORFEITS = {"+", "-"}
BYES = {"H": 0.5, "F": 1.0, "U": 1.0, "Z": 0.0}


@dataclass(frozen=True)
class TrfRound:
    opponent: int
    colour: str  # "w", "b" or "-"
    result: str
    line: int
    column: int


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


def _field(line: str, start: int, end: int) -> str:
    """Columns ``start`` to ``end`` (1-based, inclusive), stripped."""
    return line[start - 1 : end].strip()


def _date(text: str) -> dt.date | None:
    text = text.replace(".", "/").replace("-", "/")
    parts = text.split("/")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        return None
    year, month, day = (int(p) for p in parts)
    try:
        return dt.date(year, month or 1, day or 1)
    except ValueError:
        return None


def _player(raw: str, number: int, path: Path, line: int, problems: Problems) -> TrfPlayer | None:
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
    rating_text = _field(raw, 49, 52)
    fide_text = _field(raw, 58, 68)
    birth_text = _field(raw, 70, 79)
    sex = {"m": "M", "w": "F", "f": "F"}.get(_field(raw, 10, 10).lower())
    born = _date(birth_text) if birth_text else None
    birth_year = None
    if birth_text and born is None and birth_text[:4].isdigit():
        birth_year = int(birth_text[:4])
    elif born is not None and birth_text[5:7] in ("00", ""):
        birth_year, born = born.year, None
    entry = PlayerEntry(
        name=name,
        number=number,
        rating=int(rating_text) if rating_text.isdigit() and int(rating_text) else None,
        fide_id=int(fide_text) if fide_text.isdigit() and int(fide_text) else None,
        federation=_field(raw, 54, 56) or None,
        title=_field(raw, 11, 13) or None,
        born=born,
        birth_year=birth_year,
        sex=sex,
    )
    points_text = _field(raw, 81, 84)
    try:
        points = float(points_text) if points_text else None
    except ValueError:
        points = None
    rounds = []
    column = 92
    while column <= len(raw.rstrip()):
        block = raw[column - 1 : column + 9].ljust(10)
        opponent_text = block[0:4].strip()
        colour = block[5].strip().lower() or "-"
        result = block[7].strip().upper()
        if opponent_text and not opponent_text.isdigit():
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
        rounds.append(TrfRound(int(opponent_text or 0), colour, result, line, column))
        column += 10
    return TrfPlayer(number, entry, tuple(rounds), points, line)


def read_trf(path: Path, format: str, problems: Problems) -> TrfEvent | None:
    """Read a TRF file into event-file entries, checking that both sides of a game agree."""
    try:
        text = decode(path.read_bytes())
    except OSError as exc:
        problems.error(
            f"cannot read the TRF file: {exc.strerror}",
            path,
            hint="check the trf key in event.toml",
            code="trf",
        )
        return None
    before = len(problems.errors)
    name = ""
    rounds_declared = 0
    tiebreaks: tuple[str, ...] = ()
    players: dict[int, TrfPlayer] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        code = raw[:3]
        if code == "012":
            name = raw[4:].strip()
        elif code == "XXR" or code == "142":
            value = raw[4:].strip()
            if value.isdigit():
                rounds_declared = int(value)
        elif code == "202":
            tiebreaks = tuple(t.strip() for t in raw[4:].split(",") if t.strip())
        elif code == "001":
            start = _field(raw, 5, 8)
            if not start.isdigit():
                problems.error(
                    f'columns 5-8: the start number "{start}" is not a number',
                    path,
                    number,
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
            players[player.number] = player
    if not players:
        problems.error(
            "no player lines (records 001)",
            path,
            hint="export the tournament from the pairing program as TRF",
            code="trf",
        )
    if len(problems.errors) > before:
        return None
    rounds = max([rounds_declared, *(len(p.rounds) for p in players.values())])
    results, byes = _games(players, format, path, problems)
    if len(problems.errors) > before:
        return None
    ordered = tuple(players[n].entry for n in sorted(players))
    return TrfEvent(name, rounds, ordered, results, byes, tiebreaks)


def _games(
    players: dict[int, TrfPlayer], format: str, path: Path, problems: Problems
) -> tuple[tuple[ResultEntry, ...], tuple[ByeEntry, ...]]:
    results: list[ResultEntry] = []
    byes: list[ByeEntry] = []
    for number in sorted(players):
        player = players[number]
        for index, block in enumerate(player.rounds, start=1):
            name = player.entry.name
            if block.opponent == 0:
                if block.result in BYES:
                    byes.append(ByeEntry(index, name, BYES[block.result]))
                elif block.result == "" and format == "swiss":
                    byes.append(ByeEntry(index, name, 0.0))
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
            if not block.result:
                continue  # paired, not played yet
            mirror = other.rounds[index - 1] if index <= len(other.rounds) else None
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
                )
            )
    return tuple(results), tuple(byes)


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


def merge_trf(config: EventConfig, data: TrfEvent) -> tuple[EventConfig, list[str]]:
    """The event file completed by the TRF: its players, results and byes.

    ``[[players]]`` in event.toml may add what TRF lacks (aliases, born, sex, club) to a TRF
    player of the same name; ``[[results]]`` there are added after the TRF's own, so an
    arbiter's decision with a reason still overrides. Returns the problems found, in words.
    """
    problems = []
    if data.rounds > config.rounds:
        problems.append(
            f"the TRF file has {data.rounds} rounds but event.toml says rounds = {config.rounds}"
        )
    extra = {normalise_name(p.name): p for p in config.players}
    players = []
    for entry in data.players:
        given = extra.pop(normalise_name(entry.name), None)
        if given is None:
            players.append(entry)
            continue
        players.append(
            replace(
                entry,
                aliases=given.aliases or entry.aliases,
                born=given.born or entry.born,
                birth_year=given.birth_year or entry.birth_year,
                sex=given.sex or entry.sex,
                club=given.club or entry.club,
                rating=given.rating if given.rating is not None else entry.rating,
                federation=given.federation or entry.federation,
                title=given.title or entry.title,
                fide_id=given.fide_id or entry.fide_id,
            )
        )
    for leftover in extra.values():
        problems.append(
            f'[[players]] names "{leftover.name}", who is not in the TRF file '
            "(the TRF file lists every participant)"
        )
    merged = replace(
        config,
        players=tuple(players),
        results=data.results + config.results,
        byes=data.byes + config.byes,
    )
    return merged, problems
