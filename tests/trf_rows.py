"""Test helper: turn the player lines of a TRF-16 file into an event folder (toml + PGN).

The worked examples of the tie-break notes are written as TRF; this reads their ``001`` lines
(start number, name, rating, and per round opponent, colour and result from column 92) and
writes the same event as an organiser would: PGN games, ``[[results]]`` for forfeits and
``[[byes]]`` for byes. Only for tests; it is not the product's TRF import.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

from generator.build import load_event
from generator.model import Event
from generator.problems import Problems
from generator.rules.scores import PlayerRecord, player_records
from generator.rules.tiebreaks import TiebreakContext, tiebreak_value


def parse_rows(trf: str) -> list[tuple[int, str, int, list[tuple[int, str, str]]]]:
    rows = []
    for line in trf.splitlines():
        if not line.startswith("001"):
            continue
        number = int(line[4:8])
        name = line[14:47].strip()
        rating = int(line[48:52]) if line[48:52].strip() else 0
        rounds = []
        position = 91
        while position < len(line):
            block = line[position : position + 10].ljust(10)
            opponent = int(block[0:4]) if block[0:4].strip() else 0
            rounds.append((opponent, block[5].strip() or "-", block[7].strip()))
            position += 10
        rows.append((number, name, rating, rounds))
    return rows


def trf_event(
    make_site: Callable[..., Path],
    trf: str,
    format: str,
    start: str = "2025-06-01",
    slug: str = "ev",
    extra: str = "",
) -> Event:
    rows = parse_rows(trf)
    rounds = max(len(r[3]) for r in rows)
    names = {number: name for number, name, _, _ in rows}
    toml = [
        f'name = "Worked example"\nformat = "{format}"\nrounds = {rounds}\nstart = {start}\n',
        extra,
    ]
    games: list[str] = []
    seen: set[tuple[int, int, int]] = set()
    for number, name, _rating, played in rows:
        for index, (opponent, colour, result) in enumerate(played, start=1):
            if opponent == 0:
                points = {"U": 1, "F": 1, "H": 0.5, "Z": 0, "": 0}.get(result.upper())
                if points is not None and not (format != "swiss" and result == ""):
                    toml.append(
                        f'[[byes]]\nround = {index}\nplayer = "{name}"\npoints = {points}\n'
                    )
                continue
            key = (index, min(number, opponent), max(number, opponent))
            if key in seen:
                continue
            seen.add(key)
            white, black = (number, opponent) if colour == "w" else (opponent, number)
            mine = result
            theirs = next(r for o, _, r in rows_by_number(rows)[opponent][index - 1 : index])
            if mine in "+-" or theirs in "+-":
                white_result = mine if white == number else theirs
                black_result = theirs if white == number else mine
                code = {("+", "-"): "+-", ("-", "+"): "-+", ("-", "-"): "--"}[
                    (white_result, black_result)
                ]
                toml.append(
                    f'[[results]]\nround = {index}\nwhite = "{names[white]}"\n'
                    f'black = "{names[black]}"\nresult = "{code}"\n'
                )
                continue
            white_result = mine if white == number else theirs
            pgn_result = {"1": "1-0", "=": "1/2-1/2", "0": "0-1"}[white_result]
            games.append(
                f'[Round "{index}"]\n[White "{names[white]}"]\n[Black "{names[black]}"]\n'
                f'[Result "{pgn_result}"]\n\n{pgn_result}\n\n'
            )
    for number, name, rating, _ in rows:
        rating_line = f"rating = {rating}\n" if rating else ""
        toml.append(f'[[players]]\nname = "{name}"\nnumber = {number}\n{rating_line}')
    site = make_site("\n".join(toml), {"games.pgn": "".join(games)}, slug=slug)
    problems = Problems()
    event = load_event(site / "content" / slug, problems)
    assert event is not None and not problems.errors, [p.format() for p in problems.items]
    return event


def rows_by_number(
    rows: list[tuple[int, str, int, list[tuple[int, str, str]]]],
) -> dict[int, list[tuple[int, str, str]]]:
    return {number: played for number, _, _, played in rows}


def values(event: Event, code: str) -> list[float]:
    """The tie-break's value for every player, in pairing-number order, to two decimals."""
    records: dict[int, PlayerRecord] = player_records(event)
    context = TiebreakContext.from_records(event, records)
    return [
        math.floor(tiebreak_value(context, code, p.number) * 100 + 0.5) / 100 for p in event.players
    ]


def line(number: int, name: str, rating: int, *rounds: tuple[int, str, str]) -> str:
    """One TRF player line: ``line(1, "A, A", 2000, (2, "w", "1"), (0, "-", "U"))``."""
    text = f"001 {number:>4}      {name:<33} {rating or '':>4}".ljust(91)
    for opponent, colour, result in rounds:
        text += f"{opponent:>4} {colour} {result}".ljust(10)
    return text.rstrip()
