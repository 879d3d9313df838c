"""Arbiter checks on the assembled event: things that are allowed but worth a look."""

from __future__ import annotations

from collections import defaultdict

from ..model import Event
from ..problems import Problems
from .scores import Kind, PlayerRecord


def check_rounds(event: Event, records: dict[int, PlayerRecord], problems: Problems) -> None:
    """Warn about players with neither a game nor a bye in a round that was played.

    In a round robin with an odd number of players one player sits out each round by design.
    """
    config_path = event.folder / "event.toml"
    missing: dict[int, list[int]] = defaultdict(list)
    for number, record in records.items():
        for entry in record.entries:
            if entry.kind is Kind.UNPAIRED:
                missing[entry.round].append(number)
    sits_out = 1 if event.is_round_robin and len(event.players) % 2 == 1 else 0
    for round_number in sorted(missing):
        numbers = missing[round_number]
        if len(numbers) <= sits_out:
            continue
        for number in numbers:
            problems.warning(
                f"{event.player(number).name} has no game and no bye in round {round_number}; "
                "counted as absent (0 points)",
                config_path,
                hint="add the game to a PGN file, or a [[byes]] or [[withdrawals]] entry",
                code="missing-game",
                context={"round": round_number, "player": event.player(number).name},
            )
