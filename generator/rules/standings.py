"""Final order of the players. For now by points alone; equal points share one place."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model import Event, Player
from .scores import PlayerRecord


@dataclass(frozen=True)
class StandingRow:
    player: Player
    record: PlayerRecord
    rank: int
    """The integer place (the first of a shared place)."""
    place: str
    """The printed place: "3" or "3-4" for a shared place."""
    decided_by: str
    """What separated this player from the next: "points", a tie-break code, "shared" ..."""
    tiebreaks: dict[str, float] = field(default_factory=dict)

    @property
    def points(self) -> float:
        return self.record.points


@dataclass(frozen=True)
class Standings:
    rows: tuple[StandingRow, ...]

    def rank_of(self, number: int) -> int:
        """Position in the final order (1-based, unique), as used in rank tables."""
        for position, row in enumerate(self.rows, start=1):
            if row.player.number == number:
                return position
        raise KeyError(number)


def rank_by_points(event: Event, records: dict[int, PlayerRecord]) -> Standings:
    """Players by points, highest first; a tie shares one place (ordered by pairing number)."""
    ordered = sorted(event.players, key=lambda p: (-records[p.number].points, p.number))
    rows = []
    for index, player in enumerate(ordered):
        points = records[player.number].points
        tied = [i for i, p in enumerate(ordered) if records[p.number].points == points]
        first, last = tied[0] + 1, tied[-1] + 1
        place = str(first) if first == last else f"{first}-{last}"
        has_next_tied = index + 1 < len(ordered) and index + 1 in tied
        rows.append(
            StandingRow(
                player=player,
                record=records[player.number],
                rank=first,
                place=place,
                decided_by="shared" if has_next_tied else "points",
            )
        )
    return Standings(tuple(rows))
