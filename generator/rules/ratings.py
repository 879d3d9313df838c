"""FIDE rating change over the event's own games: the Rating Regulations (effective 1 March
2024), article 8.3, as chess-results' "Rtg+/-" shows it on a player's card.

Only a rated player's games over the board in the event's rounds against rated opponents
count: the games ARO and TPR count (``tiebreaks._rated_games``). Forfeits, byes, a game still
being played, a game of less than one move (TRF ``W``, ``D``, ``L``: "not rated", as the
regulations rate no game in which a player has not made a move; ``Game.less_than_one_move``)
and play-off games (rated, if at all, in another list) do not. A game played,
then forfeited (``forfeited = true``) was played over the board and counts, as in the event's
``tournament.trf``, which FIDE's rating report is made from.

The organiser gives K (``k_factor`` in event.toml, or a player's own): it depends on the
player's games history, which the build cannot know. Without one, a player has no change.

Every amount is kept in hundredths (of a point of score, of a rating point): the table's
expected scores have two decimals and K is whole, so the sums are exact, and the rounding of
8.3.4 (half away from zero) is done on whole numbers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..model import Event, Player
from .scores import Kind, PlayerRecord
from .tiebreaks import expected_score

MAX_DIFFERENCE = 400
"""8.3.1: a rating difference of more than 400 points counts as 400."""

K_TIMES_GAMES = 700
"""8.3.3: K times the number of games of the rating period may not exceed 700."""

_SCORE = {"win": 100, "draw": 50, "loss": 0}
"""A game's score in hundredths, 1, ½ or 0 whatever the event's scoring (the table's scale)."""


def counted_difference(own: int, opponent: int) -> int:
    """8.3.1: the rating difference D between the player and the opponent, a difference of
    more than 400 points counted as 400 (either way)."""
    return max(-MAX_DIFFERENCE, min(MAX_DIFFERENCE, own - opponent))


def expected_hundredths(difference: int) -> int:
    """8.3.2: the player's expected score PD for a difference D (table 8.1.2, which is the
    tie-breaks' table 8.1b: ``tiebreaks.expected_score``), in hundredths."""
    return round(expected_score(difference) * 100)


def game_delta(own: int, opponent: int, outcome: str) -> int:
    """8.3.2: Delta R = score - PD for one game, in hundredths of a point of score."""
    return _SCORE[outcome] - expected_hundredths(counted_difference(own, opponent))


def development_coefficient(k: int, games: int) -> int:
    """8.3.3: K, lowered to the largest whole number whose product with the number of games
    does not exceed 700. Only the event's own games are known here: other events of the
    rating period may lower it further."""
    if games and k * games > K_TIMES_GAMES:
        return K_TIMES_GAMES // games
    return k


def player_k(event: Event, player: Player) -> int | None:
    """8.3.3: the K the organiser gives the player (their own ``k_factor``, else the
    event's); ``None`` when neither gives one."""
    return player.k_factor if player.k_factor is not None else event.config.k_factor


def gives_rating_changes(event: Event) -> bool:
    """Whether the event file gives any K at all: without one, nothing about rating changes
    is shown or exported (an event's pages and files stay as they were)."""
    return event.config.k_factor is not None or any(p.k_factor is not None for p in event.players)


@dataclass(frozen=True)
class RatingChange:
    """One player's rating change over the event (8.3.2): K and, per game counted, its round
    and Delta R (hundredths)."""

    k_given: int
    """The K the event file gives the player."""
    k: int
    """The K applied: ``k_given`` lowered by 8.3.3's cap of 700 over the event's games."""
    deltas: tuple[tuple[int, int], ...]
    """Each game counted: its round and Delta R, in hundredths."""

    @property
    def games(self) -> int:
        return len(self.deltas)

    @property
    def per_game(self) -> dict[int, int]:
        """Each counted game's change, K x Delta R, by round, in hundredths of a point."""
        return {round_number: self.k * delta for round_number, delta in self.deltas}

    @property
    def total(self) -> int:
        """8.3.2: the sum of Delta R times K, in hundredths of a rating point."""
        return self.k * sum(delta for _, delta in self.deltas)


def rating_change(event: Event, record: PlayerRecord) -> RatingChange | None:
    """8.3: the player's rating change over the event's games so far; ``None`` for an
    unrated player, a player without K, or one without a game that counts."""
    player = event.player(record.number)
    k = player_k(event, player)
    own = player.rating
    if k is None or not own:
        return None
    deltas = []
    for entry in record.entries:
        if entry.kind is not Kind.GAME or entry.opponent is None or entry.outcome is None:
            continue
        if entry.game is not None and entry.game.less_than_one_move:
            continue  # played for the points, but not rated
        opponent = event.player(entry.opponent).rating
        if opponent:  # a game against an unrated opponent is not rated for this player
            deltas.append((entry.round, game_delta(own, opponent, entry.outcome)))
    if not deltas:
        return None
    return RatingChange(k, development_coefficient(k, len(deltas)), tuple(deltas))


def rating_changes(event: Event, records: Mapping[int, PlayerRecord]) -> dict[int, RatingChange]:
    """Every player's ``rating_change`` that exists, by number: nothing when the event gives
    no K (a glance, not a walk through every game)."""
    if not gives_rating_changes(event):
        return {}
    found = {}
    for number, record in records.items():
        change = rating_change(event, record)
        if change is not None:
            found[number] = change
    return found


def rounded(hundredths: int, step: int) -> int:
    """``hundredths`` in units of ``step`` hundredths, rounded half away from zero as 8.3.4
    rounds the rating period's change (``step`` 100: a whole number; 10: tenths, as the
    card shows the event's share of it)."""
    whole, rest = divmod(abs(hundredths), step)
    if 2 * rest >= step:
        whole += 1
    return whole if hundredths >= 0 else -whole
