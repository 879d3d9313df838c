"""Each player's round-by-round record and score, from the event's games, byes and withdrawals.

Scoring follows ``[scoring]``: a win, a draw and a loss over the board earn its values; a forfeit
win earns a win and a forfeit loss nothing; a bye earns a win (full-point or pairing-allocated),
a draw (half-point) or nothing. Rounds after a withdrawal are zero-point byes (FIDE C.07 16.1.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from ..model import Bye, Event, Game


class Kind(Enum):
    """What happened to one player in one round."""

    GAME = "game"  # played over the board
    FORFEIT_WIN = "forfeit-win"
    FORFEIT_LOSS = "forfeit-loss"
    DOUBLE_FORFEIT = "double-forfeit"
    PENDING = "pending"  # paired, no result yet
    BYE = "bye"  # a [[byes]] entry: full, half or zero point
    ABSENT = "absent"  # after a withdrawal
    UNPAIRED = "unpaired"  # no game and no bye in a round that was played
    FUTURE = "future"  # a round not yet played


@dataclass(frozen=True)
class RoundEntry:
    round: int
    kind: Kind
    points: float
    opponent: int | None = None
    colour: str | None = None  # "w" or "b"
    game: Game | None = None
    bye: Bye | None = None

    @property
    def outcome(self) -> str | None:
        """ "win", "draw" or "loss" from this player's side, for played games and forfeits."""
        if self.game is None or not self.game.finished:
            return None
        result = self.game.result
        if result in ("1/2-1/2",):
            return "draw"
        if result == "--":
            return "loss"
        white_won = result in ("1-0", "+-")
        return "win" if white_won == (self.colour == "w") else "loss"


@dataclass(frozen=True)
class PlayerRecord:
    number: int
    entries: tuple[RoundEntry, ...]

    @cached_property
    def points(self) -> float:
        """Worked out once: every table of the site asks for every player's points."""
        return self.totals[0][-1] if self.entries else 0

    @cached_property
    def games(self) -> int:
        """Pairings with a result: games over the board and forfeits, not byes."""
        return self.totals[1][-1] if self.entries else 0

    @cached_property
    def totals(self) -> tuple[tuple[float, ...], tuple[int, ...]]:
        """The points and the games after each round, added up once: the standings after
        every round ask for them (``upto``), 2,000 players each time in an open."""
        points: list[float] = []
        games: list[int] = []
        total: float = 0
        count = 0
        for entry in self.entries:
            total += entry.points
            if entry.game is not None and entry.game.finished:
                count += 1
            points.append(total)
            games.append(count)
        return tuple(points), tuple(games)

    def upto(self, rounds: int) -> PlayerRecord:
        """The record as it stood after ``rounds`` rounds, its points and games known."""
        record = PlayerRecord(self.number, self.entries[:rounds])
        if record.entries:
            points, games = self.totals
            last = len(record.entries) - 1
            record.__dict__["points"], record.__dict__["games"] = points[last], games[last]
        return record

    def running_scores(self) -> tuple[float, ...]:
        """The score after each round: the terms of the Progressive Score."""
        return self.totals[0]


def game_points(event: Event, game: Game, colour: str) -> float:
    scoring = event.scoring
    result = game.result
    if result == "1/2-1/2":
        return scoring.draw
    if result in ("*", "--"):
        return 0.0
    white_won = result in ("1-0", "+-")
    won = white_won == (colour == "w")
    if game.forfeit:
        return scoring.win if won else 0.0
    return scoring.win if won else scoring.loss


def bye_points(event: Event, bye: Bye) -> float:
    if bye.points == 1:
        return event.scoring.win
    if bye.points == 0.5:
        return event.scoring.draw
    return 0.0


def _game_kind(game: Game, colour: str) -> Kind:
    if not game.finished:
        return Kind.PENDING
    if game.played:
        return Kind.GAME
    if game.result == "--":
        return Kind.DOUBLE_FORFEIT
    white_won = game.result == "+-"
    return Kind.FORFEIT_WIN if white_won == (colour == "w") else Kind.FORFEIT_LOSS


def player_records(event: Event) -> dict[int, PlayerRecord]:
    """Every player's entry for every scheduled round, keyed by pairing number."""
    played_through = event.rounds_played
    slots: dict[tuple[int, int], RoundEntry] = {}
    for game in event.games:
        for number, colour in ((game.white, "w"), (game.black, "b")):
            slots[(game.round, number)] = RoundEntry(
                round=game.round,
                kind=_game_kind(game, colour),
                points=game_points(event, game, colour),
                opponent=game.opponent(number),
                colour=colour,
                game=game,
            )
    for bye in event.byes:
        if bye.round > played_through:  # published with pairings or requested: not yet scored
            slots[(bye.round, bye.player)] = RoundEntry(
                round=bye.round, kind=Kind.FUTURE, points=0.0, bye=bye
            )
        else:
            slots[(bye.round, bye.player)] = RoundEntry(
                round=bye.round, kind=Kind.BYE, points=bye_points(event, bye), bye=bye
            )
    records = {}
    for player in event.players:
        entries = []
        for round_number in range(1, event.rounds + 1):
            entry = slots.get((round_number, player.number))
            if entry is None:
                withdrawn = (
                    player.withdrawn_after is not None and round_number > player.withdrawn_after
                )
                if withdrawn:
                    kind = Kind.ABSENT
                elif round_number > played_through:
                    kind = Kind.FUTURE
                else:
                    kind = Kind.UNPAIRED
                entry = RoundEntry(round=round_number, kind=kind, points=0.0)
            entries.append(entry)
        records[player.number] = PlayerRecord(player.number, tuple(entries))
    return records
