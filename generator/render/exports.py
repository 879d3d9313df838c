"""Render stage, machine-readable files: ``results.json``, ``standings.csv`` and ``games.pgn``.

``results.json`` follows the contract in the spec's section 6 exactly; keys may be added, never
renamed. Numbers are JSON numbers; the order of every list is the published order.
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import json
import marshal
import math
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import chess.pgn

from ..model import Event, Game
from ..pgn import PGN_LINE_LIMIT, export_game, export_tag
from ..problems import Problem
from ..rules.playoffs import Playoff
from ..rules.prizes import Award
from ..rules.ratings import RatingChange, gives_rating_changes
from ..rules.standings import StandingRow, Standings, column_code, column_keys
from .trf import round_dates

SCHEMA_VERSION = 1
CSV_COLUMNS = (
    "rank",
    "place",
    "number",
    "name",
    "title",
    "rating",
    "federation",
    "points",
    "games",
)


def _number(value: float) -> float | int:
    """Whole numbers as integers (6 rather than 6.0), as the spec's example prints them; the
    rest rounded to 9 decimals, so that a sum of scores binary fractions cannot hold (three
    losses at 0.1 and a draw at 0.9) prints 1.2, not 1.2000000000000002."""
    value = round(value, 9)
    return int(value) if float(value).is_integer() else value


def playoff_json(event: Event, playoff: Playoff) -> dict[str, Any]:
    """One play-off as the spec's ``playoffs[]`` entry."""

    def name(number: int) -> str:
        return event.player(number).name

    data: dict[str, Any] = {
        "place": playoff.place,
        "format": playoff.format.name if playoff.format else "none",
        "players": [name(n) for n in playoff.players],
        "status": playoff.status,
        "stages": [
            {
                "name": stage.spec.name,
                "time_control": stage.spec.time_control,
                "armageddon": stage.spec.armageddon,
                "complete": stage.complete,
                "scores": {name(n): _number(s) for n, s in stage.scores.items()},
                "games": [
                    {
                        "white": name(game.white),
                        "black": name(game.black),
                        "result": game.result,  # "+-", "-+": a forfeit, as in event.toml
                        "armageddon": stage.spec.armageddon,
                    }
                    for game in stage.games
                ],
            }
            for stage in playoff.stages
        ],
        # The final order: none while the play-off is being played (``Playoff.order`` then
        # holds only the players a finished stage put out).
        "order": [name(n) for n in playoff.order] if playoff.status == "complete" else [],
        "next": None if playoff.next is None else str(playoff.next),
        "tied": [name(n) for n in playoff.tied],
        "seeding": str(playoff.note) or None,
    }
    if playoff.status == "pending":
        # Extensions of the spec's entry while it is being played (``order`` is empty until
        # it is complete): the players whose places are known whatever the rest (a leader
        # nobody can catch any more is 1st), and the groups whose order it has still to
        # decide, top first, who share their places until then.
        data["placed"] = [{"place": place, "player": name(n)} for place, n in playoff.placed]
        data["undecided"] = [[name(n) for n in group] for group in playoff.undecided]
    return data


def award_json(event: Event, award: Award) -> dict[str, Any]:
    """One prize as the spec's ``prizes[]`` entry; money carries amount, fines and net."""
    data: dict[str, Any] = {
        "kind": award.kind,
        "name": award.name,
        "category": award.category,
        "player": event.player(award.player).name if award.player is not None else None,
    }
    if award.kind == "money":
        data["amount"] = _number(award.amount) if award.amount is not None else None
        data["fines"] = _number(award.fines)
        data["net"] = _number(award.net) if award.net is not None else None
        data["shared_with"] = [event.player(n).name for n in award.shared_with]
        data["currency"] = event.config.prizes.currency
    # While the event runs, a prize held now is the prize "if the event ended now" (as the
    # pages say): a program must not record a champion after round 1.
    provisional = award.status == "awarded" and not event.finished
    data["status"] = "provisional" if provisional else award.status
    data["reason"] = str(award.reason)
    if award.passed_over:
        data["passed_over"] = [str(note) for note in award.passed_over]
    return data


def results_json(
    event: Event,
    standings: Standings,
    warnings: list[Problem],
    playoffs: Sequence[Playoff] = (),
    prizes: Sequence[Award] = (),
    *,
    changes: Mapping[int, RatingChange],
) -> str:
    """The spec's ``results.json``; ``changes``: each player's rating change, as the rule
    stage worked it out (``EventOutcome.rating_changes``)."""
    standings_json = [_standing_json(row) for row in standings.rows]
    if gives_rating_changes(event):  # an event file without K: no key, as before
        for entry, row in zip(standings_json, standings.rows, strict=True):
            change = changes.get(row.player.number)
            entry["rating_change"] = None if change is None else _number(change.total / 100)
    data: dict[str, Any] = {
        "schema": SCHEMA_VERSION,
        "event": {
            "slug": event.slug,
            "name": event.name,
            "format": event.format,
            "rounds": event.rounds,
            "rounds_played": event.rounds_played,
            "tiebreaks": list(event.tiebreaks),
            "rules_edition": event.rules_edition,
            "start": event.config.start.isoformat() if event.config.start else None,
            "end": event.config.end.isoformat() if event.config.end else None,
            "location": event.config.location,
            "finished": event.finished,
        },
        "standings": standings_json,
        "games": [_game_json(event, game) for game in event.games],
        "playoffs": [playoff_json(event, p) for p in playoffs],
        "prizes": [award_json(event, award) for award in prizes],
        "warnings": [_warning_json(problem) for problem in warnings],
    }
    try:
        return pretty_json(data) + "\n"
    except TypeError:  # a value pretty_json does not know: json's own words for it
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _standing_json(row: StandingRow) -> dict[str, Any]:
    """A player's entry of ``standings``."""
    return {
        "rank": row.rank,
        "place": row.place,
        "name": row.player.name,
        "number": row.player.number,
        "points": _number(row.points),
        "games": row.record.games,
        "tiebreaks": {code: _number(value) for code, value in row.tiebreaks.items()},
        "decided_by": column_code(row.decided_by),
        "rating": row.player.rating,
        "federation": row.player.federation,
        "withdrawn": row.player.withdrawn_after is not None,
    }


_STRING = json.encoder.encode_basestring  # json's own, in C; ``ensure_ascii=False``


_PLAIN: dict[type, Callable[[Any], str]] = {
    str: _STRING,
    int: int.__repr__,
    bool: lambda value: "true" if value else "false",
    type(None): lambda _: "null",
}
"""The JSON of the usual values, by their exact type: looked up before anything else, and
for each member of an object without a call of ``pretty_json`` (11,000 games)."""

_LEADS: dict[tuple[str, object], str] = {}
"""The indented, quoted key that starts a member of an object, by indent and key: the games
of ``results.json`` repeat a few keys 11,000 times."""


def pretty_json(value: object, indent: str = "") -> str:
    """``json.dumps(value, ensure_ascii=False, indent=2)``, character for character, for the
    values of ``results.json`` (strings, numbers, booleans, None, lists, tuples and dicts with
    string keys; anything else raises ``TypeError``). ``json`` indents in pure Python, one
    generator per value: 11,000 games took a second; this takes a fifth of it."""
    plain = _PLAIN.get(type(value))
    if plain is not None:
        return plain(value)
    if isinstance(value, str):  # a kind of text (bool, the one kind of int, is in _PLAIN)
        return _STRING(value)
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        if value != value:
            return "NaN"
        if value in (math.inf, -math.inf):
            return "Infinity" if value > 0 else "-Infinity"
        return float.__repr__(value)
    inner = indent + "  "
    if isinstance(value, dict):
        if not value:
            return "{}"
        parts = []
        for key, item in value.items():
            lead = _LEADS.get((inner, key))
            if lead is None:
                if not isinstance(key, str):
                    raise TypeError(f"a key json would convert: {key!r}")
                lead = f"{inner}{_STRING(key)}: "
                if len(_LEADS) < 4096:
                    _LEADS[(inner, key)] = lead
            plain = _PLAIN.get(type(item))
            parts.append(lead + (plain(item) if plain is not None else pretty_json(item, inner)))
        return "{\n" + ",\n".join(parts) + "\n" + indent + "}"
    if isinstance(value, list | tuple):
        if not value:
            return "[]"
        return (
            "[\n"
            + ",\n".join([inner + pretty_json(item, inner) for item in value])
            + ("\n" + indent + "]")
        )
    raise TypeError(f"not a JSON value: {type(value).__name__}")


def _game_json(event: Event, game: Game) -> dict[str, Any]:
    data: dict[str, Any] = {
        "round": game.round,
        "board": game.board,
        "white": event.player(game.white).name,
        "black": event.player(game.black).name,
        "result": game.result,
        "forfeit": game.forfeit,
        # A forfeit was not played: moves of a PGN game it overrode are not the game's (the
        # game has no page, and games.pgn writes it without them).
        "plies": 0 if game.forfeit else game.plies,
    }
    if game.reason:
        data["reason"] = game.reason
    if game.pgn_result is not None:
        data["pgn_result"] = game.pgn_result
    if game.forfeited:
        data["forfeited"] = True
    if game.less_than_one_move:  # TRF W, D, L: counted for points and tie-breaks, not rated
        data["less_than_one_move"] = True
    return data


def _warning_json(problem: Problem) -> dict[str, Any]:
    data: dict[str, Any] = {"code": problem.code or "warning"}
    data.update(dict(problem.context))
    data["message"] = problem.message
    return data


def standings_csv(event: Event, standings: Standings) -> str:
    """One row per player in final order, tie-break columns in the event's order."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    # A code listed twice heads its second column as results.json keys it ("DE#2"): a
    # reader that looks columns up by their heading would find only one of two "DE".
    writer.writerow([*CSV_COLUMNS, *column_keys(event.tiebreaks)])

    def cell(text: str) -> str:
        """A spreadsheet must not read a name such as "=1+2" as a formula."""
        return "'" + text if text[:1] in ("=", "+", "-", "@") else text

    for row in standings.rows:
        player = row.player
        writer.writerow(
            [
                row.rank,
                row.place,
                player.number,
                cell(player.name),
                cell(player.title or ""),
                player.rating if player.rating is not None else "",
                cell(player.federation or ""),
                _number(row.points),
                row.record.games,
                *(
                    _number(row.tiebreaks[key])
                    for key in column_keys(event.tiebreaks)
                    if key in row.tiebreaks
                ),
            ]
        )
    return buffer.getvalue()


def game_headers(event: Event, game: Game) -> dict[str, str]:
    """The PGN tags to publish: the file's own, with names, round and result made canonical."""
    white = event.player(game.white)
    black = event.player(game.black)
    headers = {
        "Event": event.name,
        "Site": event.config.location or "?",
        "Date": "????.??.??",
        "Round": f"P{game.board}" if game.is_playoff else f"{game.round}.{game.board}",
        "White": white.name,
        "Black": black.name,
        "Result": game.result,
    }
    for key, value in game.headers.items():
        if key not in ("Round", "White", "Black", "Result") and value not in ("", "?"):
            headers[key] = value
    if white.rating and "WhiteElo" not in headers:
        headers["WhiteElo"] = str(white.rating)
    if black.rating and "BlackElo" not in headers:
        headers["BlackElo"] = str(black.rating)
    return headers


EXPORTS: dict[str, str] = {}
"""``game_pgn`` of games exported before, by a digest of the tags and moves (kept between
builds by ``generator.cache``: a rebuild's games.pgn exports only the games that changed)."""

EXPORTS_USED: set[str] = set()

EXPORTS_NEW: dict[str, str] = {}
"""The entries of ``EXPORTS`` this process made since ``learned`` last took them: a worker
process sends them back, for the next build (``render.site``)."""


def learned() -> tuple[set[str], dict[str, str]]:
    """What this process asked of ``EXPORTS`` and what it added, since it was last asked."""
    used, new = set(EXPORTS_USED), dict(EXPORTS_NEW)
    EXPORTS_USED.clear()
    EXPORTS_NEW.clear()
    return used, new


def remember(used: set[str], new: dict[str, str]) -> None:
    """Take in what a worker process ``learned``."""
    EXPORTS.update(new)
    EXPORTS_USED.update(used)


def game_pgn(event: Event, game: Game) -> str:
    digest = export_key(event, game)
    EXPORTS_USED.add(digest)
    text = EXPORTS.get(digest)
    if text is None:
        if len(EXPORTS) > 100_000:  # serve runs for days
            EXPORTS.clear()
            EXPORTS_NEW.clear()
        headers = game_headers(event, game)
        text = EXPORTS[digest] = EXPORTS_NEW[digest] = export_game(game.moves, headers)
    return text


def export_key(event: Event, game: Game) -> str:
    """The key of a game's PGN in ``EXPORTS``: everything ``game_headers`` reads, and the moves
    (with the tags, which hold a starting position, they make the text). Worked out from the
    fields themselves: making the tags of 11,000 games only to look their text up took a
    tenth of a second."""
    white, black = event.player(game.white), event.player(game.black)
    fields = (
        *(event.name, event.config.location, game.round, game.board, game.result, game.headers),
        *(white.name, white.rating, black.name, black.rating, game.moves.ucis),
        game.moves.annotations,
    )
    try:
        data = marshal.dumps(fields, 2)  # version 2: equal values give equal bytes
    except ValueError:  # a value marshal does not know: its ``repr``
        data = repr(fields).encode()
    return hashlib.blake2b(data, digest_size=16).hexdigest()


FORFEIT_WORDS = {
    "+-": "White wins by forfeit",
    "-+": "Black wins by forfeit",
    "--": "double forfeit: both players lose",
}


MOVE_TAGS = ("PlyCount", "ECO", "Opening", "Variation", "SubVariation", "NIC", "FEN", "SetUp")
"""Tags that describe a game's moves (PGN 9.4, 9.7, 9.8), which a forfeit record has none of."""


def forfeit_pgn(event: Event, game: Game, dates: dict[int, dt.date]) -> str:
    """A forfeit is no game: its record has no moves, the result "*" and the facts in a comment,
    so software that adds up PGN results never scores it as played. One entered in event.toml
    has no Date tag of its own: it takes its round's day (``trf.round_dates``), the day it
    was forfeited."""
    record = chess.pgn.Game()
    headers = game_headers(event, game)
    day = None if game.is_playoff else dates.get(game.round)
    if headers["Date"] == "????.??.??" and day is not None:
        headers["Date"] = f"{day.year:04d}.{day.month:02d}.{day.day:02d}"
    headers["Result"] = "*"
    headers["Termination"] = "forfeit"
    for tag in MOVE_TAGS:  # a record without moves: its PGN's length or opening is no fact
        headers.pop(tag, None)
    for key, value in headers.items():
        record.headers[key] = export_tag(key, value)  # python-chess writes values as they are
    words = f"{FORFEIT_WORDS[game.result]} ({game.result})"
    # A "}" would end the comment, and a "{" inside one reads as a nested comment to some
    # programs (PGN 5: comments do not nest).
    reason = game.reason.replace("}", ")").replace("{", "(")
    record.comment = comment_lines(f"{words}: {reason}" if reason else words)
    exporter = chess.pgn.StringExporter(headers=True, variations=False, comments=True)
    return record.accept(exporter)


def comment_lines(text: str) -> str:
    """A comment's words on lines that fit 80 columns with its braces, as the moves are:
    python-chess writes a comment on one line whatever its length, and a PGN line holds at
    most 255 characters (``PGN_LINE_LIMIT``). A word too long for any line is cut there; a
    line never begins with "%", which PGN reads as an escape line to skip (standard 6)."""
    lines = textwrap.wrap(text, width=77, break_long_words=False, break_on_hyphens=False)
    room = PGN_LINE_LIMIT - 3  # "{ " before the first line, " }" after the last
    parts = [line[start : start + room] for line in lines for start in range(0, len(line), room)]
    return "\n".join(" " + part if part.startswith("%") else part for part in parts)


def games_pgn(event: Event) -> str:
    """Every game of the event in round and board order, then the play-off games.

    Forfeits appear as records without moves whose comment says what happened (see
    ``forfeit_pgn``); ``results.json`` lists them too.
    """
    games = (*event.games, *event.playoff_games)
    dates = round_dates(event) if any(game.forfeit for game in games) else {}
    records = [
        forfeit_pgn(event, game, dates) if game.forfeit else game_pgn(event, game) for game in games
    ]
    return "".join(record + "\n\n" for record in records)
