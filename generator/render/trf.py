"""The event as a FIDE Tournament Report File: TRF-16 with TRF-26's tie-break record 202.

``tournament_trf`` is a pure function of the model and the rule stage's results: it writes the
tournament records, ``XXR`` (rounds) and one ``001`` line per player in pairing-number order,
with every field in the columns TRF-16 fixes (1-based, inclusive):

* 5-8 pairing number, 10 sex (``m``/``w``), 11-13 title, 15-47 name (composed, NFC: one
  column a letter), 49-52 rating, 54-56 federation, 58-68 FIDE ID, 70-79 birth date, 81-84
  points, 86-89 rank;
* per round a block from column 92 + 10 x (round - 1): 4 columns opponent, blank, colour,
  blank, result.

Choices where the format leaves room (TRF-16 and TRF-26 say the same unless noted):

* Played games are ``1``, ``=`` and ``0``, and ``W``, ``D`` and ``L`` for a game of less than
  one move ("not rated": ``Game.less_than_one_move``, read from the event's own TRF file, so
  the rating report leaves it out again). Forfeits keep the scheduled opponent and colour,
  ``+`` for the winner and ``-`` for the loser; a double forfeit is ``-`` for both.
* Byes have opponent ``0000`` and colour ``-``. A one-point bye is ``U`` (pairing-allocated)
  or ``F`` (full-point bye) as the event file says (``pairing_allocated``); unsaid, ``U`` in a
  Swiss, where the one-point bye is most often the odd player's, unless another one-point bye
  of the round is or may be the pairing's (TRF: one ``U`` a round), and ``F`` in a round
  robin, whose schedule allocates none. A half-point bye is ``H``; a zero-point bye and a played
  round a Swiss player has no game or bye in are ``Z`` (TRF: "known absence").
* The rounds after a withdrawal are "not paired": the line stops after the last round before
  it (TRF-16 reads a missing round as ``0000``, ``-``, blank, worth what ``Z`` is worth), so
  crosstable's import tells a withdrawal from absences. TRF has no record of a withdrawal
  (TRF-26 neither), so one it cannot show this way (announced for a round not played yet, or
  followed by forfeits or byes on record) is written with ``Z`` and named in a comment line
  (``###``, TRF-26), which crosstable's import reads back as the withdrawal, as is a name
  longer than the 33 columns of the name field.
* A player's aliases (the other spellings of their name that event.toml gives, for PGN files
  that write it so) have no field either: a comment line each, after the others (``###
  player 3 (Castellan, Owen): the name is also written "Castellan, O."``), which
  crosstable's import reads back as aliases, so that games spelt so still find the player.
  An alias the name field holds anyway (the name cut there) is not written, and a player
  without aliases has no such line.
* A comment line about one player names them after the start number, as the name field
  holds the name (``### player 12 (Smith, John) withdrew after round 5: ...``): a pairing
  program that sorts the players again, or an arbiter renumbering them by hand, leaves the
  comment line as it was, and the import tells it from the player who now has the number.
* The round a player sits out in an odd-sized round robin is ``0000 -`` with a blank result,
  as the schedule's bye, not an absence (the reference samples write it this way).
* A game paired but not finished keeps its opponent and colour with a blank result (TRF has
  no code for it). Rounds not played yet are left blank, and trailing blank blocks omitted.
* A bye of a round not played yet (asked for ahead, or given with the round's pairings) is
  written in its round, as a pairing program must know who is not to be paired, but not
  counted in the points (81-84): these are the points of the rounds played, the standings'
  and results.json's (a round counts from its first result). TRF leaves the reading open;
  crosstable's import takes a points column with or without such byes.
* Record 132 gives each round's date, ``YY/MM/DD`` in the columns of the round's block: the
  day most of the round's games give in their PGN Date tag (the earlier of two given equally
  often); a round without a game dated to the day is left blank, and without any such round
  the record is not written (event.toml has no round dates, and a day nobody gave would be
  reported to FIDE as fact).
* A birth date is ``YYYY/MM/DD``; when only the year is known it is ``YYYY/00/00``.
* A score (a player's points, each value of record 162) has 4 columns: one decimal, the
  format's ``11.5``, where that is exact; two for a quarter point (``1.25``) and none from
  100 on (`` 120``), as one decimal would round the one and overflow the other. A score no 4
  columns hold exactly is written to the nearest they can, and named in a comment line.
* Scoring other than 1 / 0.5 / 0 is declared in TRF-26's record 162 (win, draw, loss); the
  bye and forfeit values follow the scoring as the model awards them (a full-point bye and a
  forfeit win are a win, a forfeit loss and an absence nothing), which is also record 162's
  default for ``P`` and ``A``.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections import Counter

from ..config.event import normalise_name
from ..model import Bye, Event, Player
from ..pgn import tag_date
from ..rules.scores import Kind, PlayerRecord, RoundEntry

TYPES = {
    "round-robin": "Individual: Round Robin",
    "double-round-robin": "Individual: Double Round Robin",
    "swiss": "Individual: Swiss-System",
}
STANDARD_SCORING = (1.0, 0.5, 0.0)


def tournament_trf(
    event: Event, records: dict[int, PlayerRecord], ranks: dict[int, int], name: str = ""
) -> str:
    """The whole file, one record a line. Each line ends in CR LF: TRF's "each line shall
    have a CR (carriage return) as last character", read alike by programs that split lines
    at LF. ``name`` (default the event's) is the tournament's name: a championship's section
    also names its championship, since the file is read away from the site (a rating officer
    sent "Under 16 Open" alone cannot tell which championship's it is)."""
    lines = [f"012 {one_line(name or event.name)}"]
    config = event.config
    if config.location:
        lines.append(f"022 {one_line(config.location)}")
    if config.federation:
        lines.append(f"032 {one_line(config.federation)}")
    if config.start:
        lines.append(f"042 {_date(config.start)}")
    if config.end:
        lines.append(f"052 {_date(config.end)}")
    lines.append(f"062 {len(event.players)}")
    # FIDE's rating officers check a report's count of rated players against their list.
    lines.append(f"072 {sum(1 for player in event.players if player.rating)}")
    lines.append(f"092 {TYPES.get(event.format, event.format)}")
    if config.arbiter:
        lines.append(f"102 {one_line(config.arbiter)}")
    lines.extend(f"112 {one_line(deputy)}" for deputy in config.deputy_arbiters)
    if config.time_control:
        lines.append(f"122 {one_line(config.time_control)}")
    dates = round_dates(event)
    if dates:
        lines.append(round_dates_line(event, dates))
    scoring = event.scoring
    if (scoring.win, scoring.draw, scoring.loss) != STANDARD_SCORING:
        win, draw, loss = (score_field(v) for v in (scoring.win, scoring.draw, scoring.loss))
        lines.append(f"162  W{win}    D{draw}    L{loss}")
    if event.tiebreaks:
        lines.append("202 " + ",".join(event.tiebreaks))
    lines.append(f"XXR {event.rounds}")
    players = sorted(event.players, key=lambda p: p.number)
    lines.extend(f"### {note}" for note in cannot_carry(event, records))
    for player in players:
        lines.append(player_line(event, player, records[player.number], ranks.get(player.number)))
    return "\r\n".join(lines) + "\r\n"


BREAKS = re.compile(r"\s*[\x00-\x1f\x7f\x85\u2028\u2029]+\s*")
"""Line breaks and the other control characters (``config.schema`` refuses them in names),
with the spaces around them."""


def one_line(text: str) -> str:
    """Free text as a record holds it, on its line: a line break (or another control
    character) and the spaces around it become one space. event.toml's location, arbiter
    and time control may hold one (a player's title and federation may not, as names), and
    a line break there began a line of its own, which a reader took for another record: the
    location "Town\\n001    9 m Ghost" added a player 9. Text without one is written as it
    is."""
    if not BREAKS.search(text):
        return text
    return BREAKS.sub(" ", text).strip()


SCORE_WIDTH = 4
"""A score's columns (TRF: "11.5"): a player's points, 81-84, and each value of record 162."""


def held_score(value: float) -> str | None:
    """The score as its 4 columns hold it exactly, right-aligned; ``None`` when they cannot.
    One decimal is the format's shape and comes first. A quarter point needs two: written
    with one, a draw worth 0.25 became "0.2", which gacrux and the import read back as the
    score. A hundred or more needs none: "120.0" took a fifth column and moved the rank and
    every round of the line one column right of where a reader looks for them."""
    for places in (1, 2, 0):
        text = f"{value:.{places}f}"
        if len(text) <= SCORE_WIDTH and abs(float(text) - value) < 1e-9:
            return text.rjust(SCORE_WIDTH)
    return None


def score_field(value: float) -> str:
    """The score's 4 columns: exact when they can hold it, else the nearest they can (a
    comment line, ``cannot_carry``, gives the score in full), never a fifth column."""
    held = held_score(value)
    if held is not None:
        return held
    nearest = f"{value:{SCORE_WIDTH}.1f}"
    if len(nearest) > SCORE_WIDTH:
        nearest = f"{min(value, 9999):{SCORE_WIDTH}.0f}"
    return nearest


NAME_WIDTH = 33
"""Columns 15-47: a longer name is cut (TRF-16 gives no other place for it)."""


def field_name(player: Player) -> str:
    """The name as the name field holds it: composed (NFC), one column a letter. A name typed
    decomposed ("i" and a combining diaeresis, as macOS writes it) took two columns for "ï",
    and a cut between the two left "Anai" of "Anaïs", which no longer began the full name
    when read back (names are compared composed): its games and its [[players]] entry did
    not find the player."""
    return player.name if player.name.isascii() else unicodedata.normalize("NFC", player.name)


def held_name(player: Player) -> str:
    """The name as the name field holds it, as a reader of the field takes it: composed, cut
    at the field's end, without the spaces that fill it."""
    return field_name(player)[:NAME_WIDTH].rstrip()


def named(player: Player) -> str:
    """How a comment line about one player begins: the start number and the name the field
    holds, so that the import can tell a comment left behind by a renumbering (which would
    otherwise describe whoever took the number) from one that still fits."""
    return f"player {player.number} ({held_name(player)})"


def cannot_carry(event: Event, records: dict[int, PlayerRecord]) -> list[str]:
    """What the file cannot say, in words, for comment lines (TRF-26: lines beginning
    ``###``), so that an arbiter reading the file, or the program reading it back, is told
    rather than misled: a name, title or federation the field cuts, a player's other
    spellings (aliases), a withdrawal the rounds cannot show. A line about one player names
    them (``named``)."""
    notes = []
    scoring = event.scoring
    for result, score in (("win", scoring.win), ("draw", scoring.draw), ("loss", scoring.loss)):
        if held_score(score) is None:
            notes.append(
                f"record 162: a {result} scores {score:g}, which the {SCORE_WIDTH} columns of a "
                f'score cannot hold: they hold "{score_field(score).strip()}"'
            )
    for player in sorted(event.players, key=lambda p: p.number):
        who = named(player)
        name = field_name(player)
        if len(name) > NAME_WIDTH:
            notes.append(
                f"{who}: the full name, longer than the {NAME_WIDTH} columns of the name "
                f'field, is "{name}"'
            )
        for what, value, width in (
            ("title", player.title, 3),
            ("federation", player.federation, 3),
        ):
            if value and len(value) > width:
                notes.append(
                    f'{who}: the {what} "{value}" is longer than the {width} columns of the '
                    f'{what} field, which hold "{value[:width]}"'
                )
        points = _recorded_points(records[player.number])
        if held_score(points) is None:
            notes.append(
                f"{who}: the points {points:g}, which the {SCORE_WIDTH} columns of the points "
                f'field cannot hold, are written "{score_field(points).strip()}"'
            )
        left = player.withdrawn_after
        cut = _withdrawal_cut(event, player, records[player.number])
        if left is not None and cut is not None:
            # Read back as the withdrawal's confirmation (trf.WITHDRAWAL_NOTE): another
            # program's line that stops early may be an absence left out.
            notes.append(
                f"{who} withdrew after round {left}: the rounds after it are not on the line "
                "(not paired)"
            )
        if left is not None and cut is None:
            notes.append(
                f"{who} withdrew after round {left}; TRF has no record of a withdrawal, and "
                "the rounds on the line cannot show it (the rounds after it "
                + (
                    "are not played yet): they are written as zero-point byes"
                    if left >= event.rounds_played
                    else "hold a game or a bye): they are written as they are on record"
                )
            )
    for game in event.games:
        if game.forfeited:
            notes.append(
                f"round {game.round}: the game of {named(event.player(game.white))} and "
                f"{named(event.player(game.black))} was played, then forfeited ({game.result}); "
                "TRF has no code for it and writes it as played"
            )
    for player in sorted(event.players, key=lambda p: p.number):
        notes.extend(
            f'{named(player)}: the name is also written "{alias}"'
            for alias in carried_aliases(player)
        )
    return notes


def carried_aliases(player: Player) -> list[str]:
    """The aliases a comment line gives (``ALIAS_NOTE`` of the import reads them), composed
    as the name field is: each spelling once, and none the name field already holds (the
    name, or the name cut there, which the import finds the player by anyway)."""
    held = {normalise_name(player.name), normalise_name(field_name(player)[:NAME_WIDTH])}
    carried = []
    for alias in player.aliases:
        key = normalise_name(alias)
        if key not in held:
            held.add(key)
            carried.append(alias if alias.isascii() else unicodedata.normalize("NFC", alias))
    return carried


def _withdrawal_cut(event: Event, player: Player, record: PlayerRecord) -> int | None:
    """The round after which the line of a player who withdrew stops, so that the rounds
    after it read as "not paired": the withdrawal's, when a round after it has been played
    and nothing but the absence is on record after it. ``None`` otherwise."""
    left = player.withdrawn_after
    if left is None or left >= event.rounds_played:
        return None
    after = record.entries[left:]
    if all(e.kind is Kind.ABSENT or (e.kind is Kind.FUTURE and e.bye is None) for e in after):
        return left
    return None


def player_line(event: Event, player: Player, record: PlayerRecord, rank: int | None) -> str:
    """One ``001`` record: the fixed columns 1-89, then a block per round from column 92."""
    sex = {"M": "m", "F": "w"}.get((player.sex or "").upper(), " ")
    fields = (
        "001",
        " ",
        f"{player.number:>4}",  # 5-8
        " ",
        sex,  # 10
        f"{(player.title or '')[:3]:>3}",  # 11-13
        " ",
        f"{field_name(player)[:NAME_WIDTH]:<{NAME_WIDTH}}",  # 15-47
        " ",
        f"{player.rating or '':>4}"[:4],  # 49-52
        " ",
        f"{(player.federation or '')[:3]:<3}",  # 54-56
        " ",
        f"{player.fide_id or '':>11}"[:11],  # 58-68
        " ",
        f"{_birth_date(player):<10}",  # 70-79
        " ",
        score_field(_recorded_points(record)),  # 81-84
        " ",
        f"{rank if rank is not None else '':>4}",  # 86-89
    )
    head = "".join(fields)
    entries = record.entries
    cut = _withdrawal_cut(event, player, record)
    if cut is not None:
        entries = entries[:cut]
    blocks = [round_block(event, entry) for entry in entries]
    while blocks and not blocks[-1].strip():
        blocks.pop()
    return head + "".join(f"  {block}" for block in blocks)


def _recorded_points(record: PlayerRecord) -> float:
    """The points column: the standings' points, those of the rounds played. A bye of a
    round not played yet (asked for ahead, or given with pairings that have no result yet)
    is on the line but not counted: counted, the file said 1.5 where the standings and
    results.json say 1, and a pairing program would pair the player on points not yet
    theirs."""
    return record.points


BLOCKS_START = 92
"""The first column of round 1's block, in the ``001`` lines and in record 132."""


def round_dates(event: Event) -> dict[int, dt.date]:
    """Each round's date for record 132 (FIDE's rating reports need the day of each round):
    the day most of the round's games give in their PGN Date tag, the earliest of those
    given equally often (a round that began on one day and was finished on the next is
    dated by its first). A round none of whose games gives a full day has no date."""
    counts: dict[int, Counter[dt.date]] = {}
    for game in event.games:
        day = tag_date(game.headers.get("Date"))
        if day is not None and 1 <= game.round <= event.rounds:
            counts.setdefault(game.round, Counter())[day] += 1
    return {
        number: min(days, key=lambda day: (-days[day], day))
        for number, days in sorted(counts.items())
    }


def round_dates_line(event: Event, dates: dict[int, dt.date]) -> str:
    """Record 132: each round's date as ``YY/MM/DD`` in the columns of that round's block of
    the ``001`` lines (round 1 at 92-99, round 2 at 102-109, ...), blank for a round without
    one, and nothing after the last dated round."""
    blocks = [
        f"{day.year % 100:02d}/{day.month:02d}/{day.day:02d}" if day is not None else " " * 8
        for day in (dates.get(number) for number in range(1, event.rounds + 1))
    ]
    return ("132".ljust(BLOCKS_START - 1) + "  ".join(blocks)).rstrip()


def round_block(event: Event, entry: RoundEntry) -> str:
    """The 8 columns of one round: opponent (4), blank, colour, blank, result. A bye of a
    round not played yet is written as the pairings give it."""
    kind = entry.kind
    if kind is Kind.FUTURE and entry.bye is None:
        return " " * 8
    if entry.game is not None and entry.opponent is not None:
        colour = entry.colour or "-"
        return f"{entry.opponent:>4} {colour} {_game_result(kind, entry)}"
    if entry.bye is not None:
        points = entry.bye.points
        if points == 1:
            code = "U" if pairing_allocated(event, entry.bye) else "F"
        elif points == 0.5:
            code = "H"
        else:
            code = "Z"
        return f"0000 - {code}"
    if kind is Kind.UNPAIRED and event.is_round_robin:
        return "0000 -  "
    return "0000 - Z"  # absent where the line cannot stop, or no game in a played Swiss round


def pairing_allocated(event: Event, bye: Bye) -> bool:
    """Whether a one-point bye is written ``U``, the pairing's bye, rather than ``F``, one the
    player was given: as the event file says (``pairing_allocated``). Unsaid, only in a Swiss
    and only when no other one-point bye of the round is, or may be, the pairing's: TRF allows
    one ``U`` a round, and three unsaid byes of one round, or an unsaid one beside the bye
    the file says is the pairing's, were each written ``U``."""
    if bye.pairing_allocated is not None:
        return bye.pairing_allocated
    if event.is_round_robin:
        return False
    return not any(
        other.round == bye.round
        and other.player != bye.player
        and other.points == 1
        and other.pairing_allocated is not False
        for other in event.byes
    )


CODES = {"win": "1", "draw": "=", "loss": "0"}
UNRATED_CODES = {"win": "W", "draw": "D", "loss": "L"}
"""A game of less than one move: TRF-16's codes for a result that is not rated."""


def _game_result(kind: Kind, entry: RoundEntry) -> str:
    if kind is Kind.GAME:
        codes = UNRATED_CODES if entry.game is not None and entry.game.less_than_one_move else CODES
        return codes.get(entry.outcome or "", " ")
    if kind is Kind.FORFEIT_WIN:
        return "+"
    if kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT):
        return "-"
    return " "  # paired, no result yet


def _date(day: dt.date) -> str:
    return f"{day.year:04d}/{day.month:02d}/{day.day:02d}"


def _birth_date(player: Player) -> str:
    """TRF's ``00`` for what is unknown: a day nobody gave would read back as known."""
    if player.born is not None and player.day_unknown:
        return f"{player.born.year:04d}/{player.born.month:02d}/00"
    if player.born is not None:
        return _date(player.born)
    if player.birth_year is not None:
        return f"{player.birth_year:04d}/00/00"
    return ""
