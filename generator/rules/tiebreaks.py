"""FIDE C.07 tie-breaks: one small function per tie-break, each with its code and description.

All functions read a ``TiebreakContext``: every player's round-by-round record reduced to what
the regulations look at (the ``Slot`` of one player in one round), the event's scoring, its rules
edition and whether the pairings were pre-determined (round robins, Article 15.2) or not (Swiss,
Article 16). Unplayed rounds are handled here once, not in each tie-break:

* Round robins (15.2): forfeits are regular games against the scheduled opponent; the round a
  player sits out in an odd-sized round robin is not a round for that player at all.
* Swiss (16): opponents' scores are their *adjusted* scores (16.3: requested byes followed only by
  voluntarily unplayed rounds count as draws), and a player's own unplayed rounds are games
  against a dummy with the player's own score (16.4), capped from the 2026 edition on.

Choices where the regulations are silent or ambiguous (documented on the site's help page):

* WON, BPG and BWG count games played over the board only, also in round robins (7.2-7.4 say
  "over the board"; the reference implementation agrees). ``[ranking] forfeits_over_the_board``
  counts round-robin forfeits too, the other reading of 15.2.
* A double forfeit is a forfeit loss for both players (16.2.4); for DE it is a meeting both
  lost (0-0) only where forfeits are games, in round robins (15.2) or with DE/P, and no
  meeting in a Swiss; ``[ranking] double_forfeit = "absence"`` makes it a zero-point bye for
  both instead.
* Koya counts the points won or lost by forfeit against qualifying opponents (9.2 excludes
  nothing), and its limit modifier moves the line in steps of half a point of the 1-½-0
  scale, a draw: under other scoring a draw's points (``koya_limit_step``).
* Rating tie-breaks score each game 1, ½ or 0 whatever the event's scoring, as the FIDE rating
  tables are built on that scale, and round the percentage half up.
* A game that lasted less than one move still counts as played.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
import operator
import re
import typing
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import NamedTuple

from ..model import Event, Player
from ..text import score_text
from .scores import Kind, PlayerRecord

EPSILON = 1e-9


class Slot(Enum):
    """One player's round, in the categories of C.07 Articles 15 and 16."""

    PLAYED = "played"  # over the board
    FORFEIT_WIN = "forfeit-win"  # 16.2.2
    FORFEIT_LOSS = "forfeit-loss"  # 16.2.4 (a double forfeit is one for each player)
    FULL_BYE = "full-bye"  # 16.2.1: pairing-allocated or full-point bye
    HALF_BYE = "half-bye"  # requested bye, 16.1.1
    ZERO_BYE = "zero-bye"  # requested bye or absence (also every round after a withdrawal)
    NOT_A_ROUND = "none"  # an odd round robin's bye, or a round not yet played
    PENDING = "pending"


VOLUNTARILY_UNPLAYED = (Slot.HALF_BYE, Slot.ZERO_BYE, Slot.FORFEIT_LOSS)  # 16.1.2


class Round(NamedTuple):
    """One player's round as the tie-breaks see it (a tuple: 2,000 players make 22,000 of
    them for each standings, and several standings a build)."""

    number: int
    slot: Slot
    points: float
    opponent: int | None = None  # the scheduled opponent, also for forfeits
    colour: str | None = None


@dataclass(frozen=True)
class Modifiers:
    """The part of a code after the slash: ``/C1`` cut, ``/M1`` median, ``/L+1`` Koya limit."""

    cut: int = 0
    median: int = 0
    limit: int = 0  # in half points
    forfeits_played: bool = False  # /P: forfeits count as games against the scheduled opponent


@dataclass(frozen=True)
class Code:
    base: str
    modifiers: Modifiers
    text: str


_MODIFIER = re.compile(r"^(C|M)(\d+)$|^L([+-]\d+)$|^(P)$")


@functools.lru_cache(maxsize=256)
def parse_code(text: str) -> Code:
    """``"BH/C1"`` -> ``Code("BH", Modifiers(cut=1))``; the config has validated the syntax."""
    base, *parts = text.upper().split("/")
    cut = median = limit = 0
    forfeits_played = False
    for part in parts:
        match = _MODIFIER.match(part)
        if not match:
            raise ValueError(f"unknown tie-break modifier /{part} in {text}")
        if match.group(1) == "C":
            cut = int(match.group(2))
        elif match.group(1) == "M":
            median = int(match.group(2))
        elif match.group(3):
            limit = int(match.group(3))
        else:
            forfeits_played = True
    return Code(base, Modifiers(cut, median, limit, forfeits_played), text)


def _slot(kind: Kind, bye_points: float | None, event: Event) -> Slot:
    if kind is Kind.GAME:
        return Slot.PLAYED
    if kind is Kind.FORFEIT_WIN:
        return Slot.FORFEIT_WIN
    if kind is Kind.DOUBLE_FORFEIT and event.config.ranking.double_forfeit == "absence":
        return Slot.ZERO_BYE
    if kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT):
        return Slot.FORFEIT_LOSS
    if kind is Kind.BYE:
        if bye_points == 1:
            return Slot.FULL_BYE
        return Slot.HALF_BYE if bye_points == 0.5 else Slot.ZERO_BYE
    if kind is Kind.ABSENT:
        return Slot.ZERO_BYE
    if kind is Kind.UNPAIRED:
        # In a round robin the player without a game sits out by the schedule.
        return Slot.NOT_A_ROUND if event.is_round_robin else Slot.ZERO_BYE
    if kind is Kind.PENDING:
        return Slot.PENDING
    return Slot.NOT_A_ROUND


_SLOT = operator.itemgetter(1)
_POINTS = operator.itemgetter(2)
_OPPONENT = operator.itemgetter(3)
"""``Round.slot``, ``.points`` and ``.opponent`` for ``map`` (no Python call per round)."""

_RoundTable = dict[int, tuple["Round", ...]]
_Columns = dict[int, tuple[tuple[float, ...], tuple[int | None, ...], int]]
"""Per player: the points and the opponents round by round, and how many rounds from the
first were played over the board against a known opponent (``TiebreakContext.from_records``
cuts the context's ``points`` and ``over_the_board`` from these)."""
_TABLES: list[tuple[Event, dict[int, PlayerRecord], list[PlayerRecord], _RoundTable, _Columns]] = []
"""The last event's records as ``Round`` tuples, every round (``round_table``)."""


def round_table(event: Event, records: dict[int, PlayerRecord]) -> _RoundTable:
    """Every round of every record as the tie-breaks see it. Kept for the same event and
    records (the same objects): the standings after each round cut the same rows."""
    return _round_columns(event, records)[0]


def _round_columns(event: Event, records: dict[int, PlayerRecord]) -> tuple[_RoundTable, _Columns]:
    """``round_table`` and its ``_Columns``, made and kept together."""
    if _TABLES:
        known_event, known_records, values, table, columns = _TABLES[0]
        if (
            known_event is event
            and known_records is records
            and len(values) == len(records)
            and all(a is b for a, b in zip(values, records.values(), strict=True))
        ):
            return table, columns
    table = {}
    columns = {}
    slots: dict[tuple[Kind, float | None], Slot] = {}  # the same few, for every round
    for number, record in records.items():
        played: list[Round] = []
        regular = -1
        for entry in record.entries:
            kind = (entry.kind, entry.bye.points if entry.bye else None)
            slot = slots.get(kind)
            if slot is None:
                slot = slots[kind] = _slot(*kind, event)
            opponent = None if slot is Slot.ZERO_BYE else entry.opponent
            colour = None if slot is Slot.ZERO_BYE else entry.colour
            if regular < 0 and (slot is not Slot.PLAYED or opponent is None):
                regular = len(played)
            played.append(Round(entry.round, slot, entry.points, opponent, colour))
        rows = table[number] = tuple(played)
        points, met = tuple(map(_POINTS, rows)), tuple(map(_OPPONENT, rows))
        columns[number] = (points, met, len(rows) if regular < 0 else regular)
    _TABLES[:] = [(event, records, list(records.values()), table, columns)]
    return table, columns


class TiebreakContext:
    """The event as the tie-break rules see it, after ``rounds`` rounds."""

    def __init__(self, event: Event, table: dict[int, tuple[Round, ...]], rounds: int) -> None:
        self.event = event
        self.rounds = rounds
        self.round_robin = event.is_round_robin
        self.edition = event.rules_edition
        self.win = event.scoring.win
        self.draw = event.scoring.draw
        self.players: dict[int, Player] = {p.number: p for p in event.players}
        self.table = table
        self._terms: dict[tuple[int, bool], list[Term]] = {}
        self.memo: dict[tuple[object, ...], dict[int, float]] = {}
        """Values worked out once per context: tie-breaks that look at every opponent's own
        tie-break (AOB, APRO, APPO) ask for the same player's value many times."""

    @classmethod
    def from_records(
        cls, event: Event, records: dict[int, PlayerRecord], rounds: int | None = None
    ) -> TiebreakContext:
        """The context after ``rounds`` rounds (default: all rounds played so far).

        ``records`` may run past ``rounds`` (they are cut here): the standings after each
        round then share one conversion of the event's records (``round_table``)."""
        counted = event.rounds_played if rounds is None else rounds
        full, columns = _round_columns(event, records)
        context = cls(event, {number: rounds[:counted] for number, rounds in full.items()}, counted)
        if counted >= 0:  # the cached properties, cut like the rows
            context.__dict__["points"] = {
                n: points[:counted] for n, (points, _, _) in columns.items()
            }
            board = {
                n: met[:counted]
                for n, (_, met, regular) in columns.items()
                if regular >= min(counted, len(met))
            }
            context.__dict__["over_the_board"] = typing.cast(dict[int, tuple[int, ...]], board)
        return context

    # -- scores -------------------------------------------------------------------------------

    @cached_property
    def points(self) -> dict[int, tuple[float, ...]]:
        """Each player's points round by round, as one tuple: the tie-breaks that go through
        every player at once (``TiebreakDefinition.every``) add and count these in C."""
        return {n: tuple(map(_POINTS, rounds)) for n, rounds in self.table.items()}

    @cached_property
    def over_the_board(self) -> dict[int, tuple[int, ...]]:
        """The players who played every counted round over the board, with their opponents
        round by round: their BH and SB terms are just those opponents' scores (no dummy, no
        16.5 cut order, the same with /P), so the tie-breaks take them in one pass."""
        return {n: met for n, rounds in self.table.items() if (met := _met(rounds)) is not None}

    @cached_property
    def scores(self) -> dict[int, float]:
        # ``sum`` over the same points in the same order as ``sum(r.points for r in rounds)``.
        return {n: sum(points) for n, points in self.points.items()}

    @cached_property
    def adjusted_scores(self) -> dict[int, float]:
        """16.3: the score a player's opponents see. Round robins use the raw score."""
        if self.round_robin:
            return dict(self.scores)
        # Without a voluntarily unplayed last round ``_adjusted`` adds the points alone, from the
        # last round back: the same additions, in the same order, done in C.
        points = self.points
        unplayed = VOLUNTARILY_UNPLAYED
        return {
            n: (
                functools.reduce(operator.add, reversed(points[n]), 0.0)
                if not rounds or rounds[-1].slot not in unplayed
                else self._adjusted(rounds)
            )
            for n, rounds in self.table.items()
        }

    def _adjusted(self, rounds: Sequence[Round]) -> float:
        total = 0.0
        draw = self.draw
        trailing = True  # every later round is voluntarily unplayed (walked from the end)
        for current in reversed(rounds):
            slot = current.slot
            if trailing and (slot is Slot.HALF_BYE or slot is Slot.ZERO_BYE):
                total += draw
            else:
                total += current.points
            trailing = trailing and slot in VOLUNTARILY_UNPLAYED
        return total

    def is_game(self, current: Round, forfeits_played: bool = False) -> bool:
        """Does this round count as a game against its opponent (15.2, or the /P modifier)?"""
        if current.slot is Slot.PLAYED:
            return True
        if current.slot in (Slot.FORFEIT_WIN, Slot.FORFEIT_LOSS) and current.opponent is not None:
            return self.round_robin or forfeits_played
        return False

    def dummy_score(self, player: int, current: Round) -> float:
        """16.4: the dummy has the player's own score; from 2026 capped (16.4.1, 16.4.2)."""
        own = self.scores[player]
        if self.edition < "2026":
            return own
        if current.slot in (Slot.FORFEIT_WIN, Slot.FORFEIT_LOSS) and current.opponent is not None:
            return min(own, self.adjusted_scores[current.opponent])
        return min(own, self.draw * self.rounds)

    def opponent_terms(self, player: int, forfeits_played: bool = False) -> list[Term]:
        """For BH and SB: per round the opponent's (or dummy's) score and the points scored.

        Worked out once per player (BH, its cuts and SB all ask); the list is shared, not to be
        changed."""
        key = (player, forfeits_played)
        terms = self._terms.get(key)
        if terms is None:
            terms = self._terms[key] = self._opponent_terms(player, forfeits_played)
        return terms

    def _opponent_terms(self, player: int, forfeits_played: bool) -> list[Term]:
        # ``is_game`` inlined: 2,000 players and 11 rounds, twice a standings (FB).
        adjusted = self.adjusted_scores
        round_robin = self.round_robin
        forfeits_count = round_robin or forfeits_played
        terms = []
        for current in self.table[player]:
            slot = current.slot
            if slot is Slot.NOT_A_ROUND or slot is Slot.PENDING:
                continue
            if slot is Slot.PLAYED or (
                forfeits_count
                and (slot is Slot.FORFEIT_WIN or slot is Slot.FORFEIT_LOSS)
                and current.opponent is not None
            ):
                assert current.opponent is not None
                terms.append(_new_term(Term, (adjusted[current.opponent], current.points, False)))
            elif round_robin:
                continue  # round robins know no dummy: only games count (15.2)
            else:
                unplayed = slot in VOLUNTARILY_UNPLAYED
                terms.append(Term(self.dummy_score(player, current), current.points, unplayed))
        return terms

    def could_win(self, current: Round) -> bool:
        """Whether the round could have brought the player a win (the Koya maximum): in a
        Swiss any round (a bye was asked for, or given); in a round robin a round with a
        scheduled opponent, or a full-point bye, not the round sat out, however written."""
        if current.slot is Slot.NOT_A_ROUND:
            return False
        if not self.round_robin:
            return True
        return current.opponent is not None or current.slot is Slot.FULL_BYE

    def games(self, player: int) -> list[Round]:
        """Rounds played over the board (with a real opponent)."""
        return [r for r in self.table[player] if r.slot is Slot.PLAYED]

    @cached_property
    def final_round_drawn(self) -> TiebreakContext:
        """This context with the last counted round's games drawn (Fore Buchholz)."""
        return _final_round_drawn(self)

    @cached_property
    def koya_line(self) -> float:
        return koya_line(self)

    def own_games(self, player: int) -> list[Round]:
        """The games WON, BPG and BWG count: over the board, and in a round robin also the
        forfeits when the event's ``[ranking] forfeits_over_the_board`` says so."""
        if not (self.round_robin and self.event.config.ranking.forfeits_over_the_board):
            return self.games(player)
        return [r for r in self.table[player] if self.is_game(r)]


def _met(rounds: tuple[Round, ...]) -> tuple[int, ...] | None:
    """The opponents of a player who played every one of ``rounds`` over the board, or None."""
    if tuple(map(_SLOT, rounds)).count(Slot.PLAYED) != len(rounds):
        return None
    met = tuple(map(_OPPONENT, rounds))
    return None if None in met else typing.cast(tuple[int, ...], met)


class Term(NamedTuple):
    """One round's part in BH or SB: whom the player met (their score) and what they scored."""

    opponent_score: float
    points: float
    voluntarily_unplayed: bool

    @property
    def product(self) -> float:
        return self.opponent_score * self.points


_new_term = tuple.__new__
"""``Term(...)`` without the Python-level ``__new__`` of a named tuple: 22,000 terms a context."""


_OPPONENT_SCORE: Callable[[Term], float] = operator.itemgetter(0)
"""``Term.opponent_score`` as a key for ``min`` (no Python call per term)."""


# -- cuts and medians (Article 14, with the 16.5 rule for voluntarily unplayed rounds) --------


def _trim(
    terms: list[Term],
    modifiers: Modifiers,
    weight: Callable[[Term], float],
    significance: Callable[[Term], tuple[float, float]] | Callable[[Term], float],
) -> list[Term]:
    """Drop the least significant terms (Cut-n), or least and most significant (Median-n).

    ``significance`` orders terms from least to most significant. Per 16.5 the lowest
    contribution of a voluntarily unplayed round is cut first, unless it is lower than the least
    significant value.
    """
    lows = modifiers.cut or modifiers.median
    if not lows:
        return terms  # nothing to drop (the list is not changed by the callers)
    kept = list(terms)
    for _ in range(min(lows, len(kept))):
        least = min(kept, key=significance)
        unplayed = [t for t in kept if t.voluntarily_unplayed]
        if unplayed:
            # Of equal contributions the least significant goes: never the earlier round
            # just for being earlier (the value must not depend on the rounds' order).
            lowest_unplayed = min(unplayed, key=lambda t: (weight(t), significance(t)))
            if weight(lowest_unplayed) >= weight(least) - EPSILON:
                least = lowest_unplayed
        kept.remove(least)
    for _ in range(min(modifiers.median, len(kept))):
        kept.remove(max(kept, key=significance))
    return kept


# -- the tie-breaks ---------------------------------------------------------------------------


def number_of_wins(ctx: TiebreakContext, player: int, modifiers: Modifiers) -> float:
    """WIN (7.1): rounds in which the player obtained a win's points, with or without playing."""
    return sum(1 for r in ctx.table[player] if r.slot is not Slot.PENDING and r.points == ctx.win)


def games_won(ctx: TiebreakContext, player: int, modifiers: Modifiers) -> float:
    """WON (7.2): games won over the board."""
    return sum(1 for r in ctx.own_games(player) if r.points == ctx.win)


def black_games(ctx: TiebreakContext, player: int, modifiers: Modifiers) -> float:
    """BPG (7.3): games played over the board with the black pieces."""
    return sum(1 for r in ctx.own_games(player) if r.colour == "b")


def black_wins(ctx: TiebreakContext, player: int, modifiers: Modifiers) -> float:
    """BWG (7.4): games won over the board with the black pieces."""
    return sum(1 for r in ctx.own_games(player) if r.colour == "b" and r.points == ctx.win)


def rounds_elected_to_play(ctx: TiebreakContext, player: int, modifiers: Modifiers) -> float:
    """REP (7.6, formerly GE): rounds less half-point byes, zero-point byes and forfeit losses."""
    rounds = [r for r in ctx.table[player] if r.slot not in (Slot.NOT_A_ROUND, Slot.PENDING)]
    return sum(1 for r in rounds if r.slot not in VOLUNTARILY_UNPLAYED)


def progressive_score(ctx: TiebreakContext, player: int, modifiers: Modifiers) -> float:
    """PS (7.5): the sum of the running score after each round; /Cn drops the first n rounds."""
    running = 0.0
    totals = []
    for current in ctx.table[player]:
        running += current.points
        totals.append(running)
    return sum(totals[modifiers.cut :])


def buchholz(ctx: TiebreakContext, player: int, modifiers: Modifiers) -> float:
    """BH (8.1): the sum of the opponents' scores (Swiss: adjusted scores and dummies)."""
    terms = ctx.opponent_terms(player, modifiers.forfeits_played)
    if not (modifiers.cut or modifiers.median):
        return sum([t.opponent_score for t in terms])
    # Ordered by the opponent's score alone: ``itemgetter(0)`` is ``Term.opponent_score``.
    kept = _trim(terms, modifiers, _OPPONENT_SCORE, _OPPONENT_SCORE)
    return sum(t.opponent_score for t in kept)


def fore_buchholz(ctx: TiebreakContext, player: int, modifiers: Modifiers) -> float:
    """FB (8.3): Buchholz as if every game paired in the last round had been drawn."""
    return buchholz(ctx.final_round_drawn, player, modifiers)


def average_of_opponents_buchholz(ctx: TiebreakContext, player: int, modifiers: Modifiers) -> float:
    """AOB (8.2): the average Buchholz of the opponents met over the board."""
    opponents = [r.opponent for r in ctx.games(player) if r.opponent is not None]
    if not opponents:
        return 0.0
    plain = Modifiers(cut=modifiers.cut, median=modifiers.median)
    return sum(_memoised(ctx, buchholz, opponents, plain)) / len(opponents)


def _memoised(
    ctx: TiebreakContext, function: TiebreakFunction, players: list[int], modifiers: Modifiers
) -> list[float]:
    """``function(ctx, player, modifiers)`` of each of ``players``, each worked out once per
    context (looked up by function and modifiers once, not once per player)."""
    values = ctx.memo.setdefault((function, modifiers), {})
    found = []
    for player in players:
        value = values.get(player)
        if value is None:
            value = values[player] = function(ctx, player, modifiers)
        found.append(value)
    return found


def sonneborn_berger(ctx: TiebreakContext, player: int, modifiers: Modifiers) -> float:
    """SB (9.1): each opponent's score times the points scored against them."""
    terms = ctx.opponent_terms(player, modifiers.forfeits_played)
    kept = _trim(
        terms,
        modifiers,
        lambda t: t.product,
        lambda t: (t.opponent_score, t.product),
    )
    return sum(t.product for t in kept)


def koya(ctx: TiebreakContext, player: int, modifiers: Modifiers) -> float:
    """KS (9.2): points scored against the players who scored at least half the maximum.

    The maximum is the most a player could score: in an odd-sized round robin one round of the
    cycle is a bye, so it is (players - 1) games, not the number of rounds. ``/L+n`` moves the
    line by n half points (``koya_limit_step``). Points won or lost by forfeit against a
    qualifying opponent count: 9.2 excludes nothing.
    """
    line = ctx.koya_line + modifiers.limit * koya_limit_step(ctx)
    total = 0.0
    for current in ctx.table[player]:
        opponent = current.opponent
        if opponent is not None and ctx.scores[opponent] >= line - EPSILON:
            total += current.points
    return total


def koya_line(ctx: TiebreakContext) -> float:
    """Half of the maximum possible score: a win in every round a player can be paired in.

    In an odd-sized round robin each player sits one round of the cycle out, so the maximum is
    (players - 1) wins for the full event. Withdrawn players are not counted: their rounds after
    the withdrawal, the schedule's bye among them, are all zero-point byes. In a round robin
    only the rounds with a scheduled opponent, and full-point byes, can bring a win: a zero or
    half-point bye the organiser wrote for the round a player sits out is no such round.
    """
    present = [n for n, p in ctx.players.items() if p.withdrawn_after is None] or list(ctx.players)
    board = ctx.over_the_board  # every round a game: every round counts
    rounds = [
        len(ctx.table[n]) if n in board else sum(map(ctx.could_win, ctx.table[n])) for n in present
    ]
    return ctx.win * max(rounds, default=0) / 2


def koya_limit_step(ctx: TiebreakContext) -> float:
    """One step of the Koya limit (14.5, ``KS/L+n``: n half points): half a point of the
    1-½-0 scale the rules are written in, that is a draw, worth the event's draw points.

    Under 1-½-0 this is the 0.5 the reference implementation adds. Under other scoring
    (football's 3-1-0) half a point of the event's own scale is no result anyone can score:
    the scores are whole, and 0.5 either moved the qualifying line past nobody (a line of 7½
    and one of 8 let in the same players) or past a whole point, as the line fell. A step is
    a draw, as a half-point bye scores a draw here and 7.7 (STD) counts a draw as the
    standard ½: each step lets in, or keeps out, the scores one draw apart (the event file
    makes a draw score more than a loss and less than a win)."""
    return ctx.draw


# -- rating-based tie-breaks (Article 10): games over the board against rated opponents ------

_DP_TABLE = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
    158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
    351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)  # fmt: skip
"""FIDE rating regulations table 8.1a: rating difference dp for a score p of 0.50 ... 1.00."""


def rating_difference(fraction: float) -> int:
    """dp for a percentage score p, rounded half up to two decimals, symmetric below 0.50."""
    hundredths = math.floor(fraction * 100 + 0.5)
    if hundredths >= 50:
        return _DP_TABLE[hundredths - 50]
    return -_DP_TABLE[50 - hundredths]


_PD_STARTS = (
    0, 4, 11, 18, 26, 33, 40, 47, 54, 62, 69, 77, 84, 92, 99, 107, 114, 122, 130, 138, 146,
    154, 163, 171, 180, 189, 198, 207, 216, 226, 236, 246, 257, 268, 279, 291, 303, 316, 329,
    345, 358, 375, 392, 412, 433, 457, 485, 518, 560, 620, 736,
)  # fmt: skip
"""FIDE rating regulations table 8.1b: the rating difference from which the higher-rated
player's expected score is 0.50, 0.51, ... 1.00 (no cut at 400 for tie-break purposes)."""


def expected_score(difference: int) -> float:
    """The higher (or lower, for a negative difference) player's expected score, table 8.1b."""
    step = bisect.bisect_right(_PD_STARTS, abs(difference)) - 1
    expected = (50 + step) / 100
    return expected if difference >= 0 else 1 - expected


def _game_score(ctx: TiebreakContext, points: float) -> float:
    """A game's result as 1, ½ or 0 whatever the event's scoring: the rating tables' scale."""
    if points == ctx.win:
        return 1.0
    return 0.5 if points == ctx.draw else 0.0


def _rated_games(ctx: TiebreakContext, player: int) -> list[tuple[int, float]]:
    games = []
    for current in ctx.games(player):
        if current.opponent is None:
            continue
        rating = ctx.players[current.opponent].rating
        if rating:
            games.append((rating, _game_score(ctx, current.points)))
    return games


def _round_half_up(value: float) -> float:
    return float(math.floor(value + 0.5))


def average_rating_of_opponents(ctx: TiebreakContext, player: int, modifiers: Modifiers) -> float:
    """ARO (10.1): the average rating of the rated opponents met over the board."""
    ratings = [rating for rating, _ in _rated_games(ctx, player)]
    kept = sorted(ratings)
    lows = modifiers.cut or modifiers.median
    kept = kept[lows:]
    if modifiers.median:
        kept = kept[: len(kept) - modifiers.median]
    return _round_half_up(sum(kept) / len(kept)) if kept else 0.0


def tournament_performance_rating(ctx: TiebreakContext, player: int, modifiers: Modifiers) -> float:
    """TPR (10.2): ARO plus the rating difference for the percentage scored."""
    games = _rated_games(ctx, player)
    if not games:
        return 0.0
    aro = average_rating_of_opponents(ctx, player, Modifiers())
    fraction = sum(score for _, score in games) / len(games)
    return aro + rating_difference(fraction)


def perfect_tournament_performance(
    ctx: TiebreakContext, player: int, modifiers: Modifiers
) -> float:
    """PTP (10.3): the lowest whole rating whose expected score (table 8.1b) reaches the score."""
    games = _rated_games(ctx, player)
    if not games:
        return 0.0
    ratings = [rating for rating, _ in games]
    score = sum(points for _, points in games)
    if score <= 0:
        return float(min(ratings) - 800)
    low, high = min(ratings) - 800, max(ratings) + 800  # expected(low) < score <= expected(high)
    while high - low > 1:
        middle = (low + high) // 2
        if sum(expected_score(middle - r) for r in ratings) >= score - EPSILON:
            high = middle
        else:
            low = middle
    return float(high)


def average_performance_of_opponents(
    ctx: TiebreakContext, player: int, modifiers: Modifiers
) -> float:
    """APRO (10.4): the average TPR of the opponents met over the board."""
    return _average_over_opponents(ctx, player, tournament_performance_rating)


def average_perfect_performance_of_opponents(
    ctx: TiebreakContext, player: int, modifiers: Modifiers
) -> float:
    """APPO (10.5): the average PTP of the opponents met over the board."""
    return _average_over_opponents(ctx, player, perfect_tournament_performance)


def _average_over_opponents(ctx: TiebreakContext, player: int, function: TiebreakFunction) -> float:
    opponents = [r.opponent for r in ctx.games(player) if r.opponent is not None]
    if not opponents:
        return 0.0
    total = sum(_memoised(ctx, function, opponents, Modifiers()))
    return _round_half_up(total / len(opponents))


def _final_round_drawn(ctx: TiebreakContext) -> TiebreakContext:
    """The same event with every game paired in the last round counted turned into a draw.

    Only the last round changes: the other rows are kept as they are, and so are the
    opponents (a drawn game keeps its opponent)."""
    drawable = (Slot.PLAYED, Slot.FORFEIT_WIN, Slot.FORFEIT_LOSS, Slot.PENDING)
    played, draw = Slot.PLAYED, ctx.draw
    known, known_points = ctx.over_the_board, ctx.points
    table, points, board = {}, {}, {}
    for number, rounds in ctx.table.items():
        won = known_points[number]
        if rounds:
            last = rounds[-1]
            if last.opponent is not None and last.slot in drawable:
                drawn = (last.number, played, draw, last.opponent, last.colour)
                rounds = (*rounds[:-1], _new_term(Round, drawn))
                won = (*won[:-1], draw)
        table[number] = rounds
        points[number] = won
        # Still over the board if it was: only a last game changes, to a draw.
        met = known.get(number)
        if met is not None or (met := _met(rounds)) is not None:
            board[number] = met
    context = TiebreakContext(ctx.event, table, ctx.rounds)
    context.__dict__["points"] = points  # the cached properties, worked out here
    context.__dict__["over_the_board"] = board
    return context


# -- the same tie-breaks for every player at once ----------------------------------------------
# A standings asks each tie-break of every player (2,000 in an open, twice for FB). These go
# through the players in one loop: the ones who played every round over the board
# (``over_the_board``) from the context's tuples, with the very operations of the functions
# above in the same order (so the same floats), everyone else through those functions.

_Value = typing.TypeVar("_Value", float, tuple[float, float])


def _trimmed(values: list[_Value], modifiers: Modifiers) -> list[_Value]:
    """``_trim`` of terms none of which is voluntarily unplayed, given as their significance:
    the first least significant goes (Cut-n), and for Median-n the first most significant."""
    for _ in range(min(modifiers.cut or modifiers.median, len(values))):
        del values[values.index(min(values))]
    for _ in range(min(modifiers.median, len(values))):
        del values[values.index(max(values))]
    return values


def _buchholz_values(
    ctx: TiebreakContext, players: Iterable[int], modifiers: Modifiers
) -> dict[int, float]:
    """BH of (at least) each of ``players``, kept where AOB's ``_memoised`` looks."""
    values = ctx.memo.setdefault((buchholz, modifiers), {})
    missing = [player for player in players if player not in values]
    if not missing:
        return values
    adjusted, board = ctx.adjusted_scores, ctx.over_the_board
    trimmed = modifiers.cut or modifiers.median
    cut_one = modifiers.cut == 1 and not modifiers.median
    for player in missing:
        if player not in board:
            values[player] = buchholz(ctx, player, modifiers)
        elif trimmed:
            scores = list(map(adjusted.__getitem__, board[player]))
            if cut_one and scores:  # BH/C1: the first lowest goes
                del scores[scores.index(min(scores))]
            else:
                _trimmed(scores, modifiers)
            values[player] = sum(scores)
        else:
            values[player] = sum(map(adjusted.__getitem__, board[player]))
    return values


def _every_buchholz(
    ctx: TiebreakContext, players: list[int], modifiers: Modifiers
) -> dict[int, float]:
    """BH of each player; AOB then finds the plain values already worked out."""
    values = _buchholz_values(ctx, players, modifiers)
    return {player: values[player] for player in players}


def _every_fore_buchholz(
    ctx: TiebreakContext, players: list[int], modifiers: Modifiers
) -> dict[int, float]:
    """FB of each player: BH of the one context with the last round drawn."""
    return _every_buchholz(ctx.final_round_drawn, players, modifiers)


def _every_average_of_opponents_buchholz(
    ctx: TiebreakContext, players: list[int], modifiers: Modifiers
) -> dict[int, float]:
    """AOB of each player: the opponents' BH worked out in one pass first, then averaged."""
    plain = Modifiers(cut=modifiers.cut, median=modifiers.median)
    board = ctx.over_the_board
    wanted = set(itertools.chain.from_iterable(board[p] for p in players if p in board))
    buchholzes = _buchholz_values(ctx, wanted, plain)
    values = {}
    for player in players:
        if player not in board:
            values[player] = average_of_opponents_buchholz(ctx, player, modifiers)
        elif met := board[player]:
            values[player] = sum(map(buchholzes.__getitem__, met)) / len(met)
        else:
            values[player] = 0.0
    return values


def _every_sonneborn_berger(
    ctx: TiebreakContext, players: list[int], modifiers: Modifiers
) -> dict[int, float]:
    """SB of each player: the products multiplied and added in C, not as ``Term``s."""
    adjusted, points = ctx.adjusted_scores, ctx.points
    board = ctx.over_the_board
    trimmed = modifiers.cut or modifiers.median
    values = {}
    for player in players:
        if player not in board:
            values[player] = sonneborn_berger(ctx, player, modifiers)
            continue
        scores = map(adjusted.__getitem__, board[player])
        if not trimmed:
            values[player] = sum(map(operator.mul, scores, points[player]))
        else:  # significance (opponent's score, product), as ``sonneborn_berger`` orders them
            terms = [
                (score, score * won) for score, won in zip(scores, points[player], strict=True)
            ]
            values[player] = sum(product for _, product in _trimmed(terms, modifiers))
    return values


def _every_koya(ctx: TiebreakContext, players: list[int], modifiers: Modifiers) -> dict[int, float]:
    """KS of each player: whether an opponent qualifies is decided once, not once a game."""
    line = ctx.koya_line + modifiers.limit * koya_limit_step(ctx)
    bound = line - EPSILON
    qualifies = {number: score >= bound for number, score in ctx.scores.items()}
    points, board = ctx.points, ctx.over_the_board
    values = {}
    for player in players:
        if player not in board:
            values[player] = koya(ctx, player, modifiers)
        else:
            counted = itertools.compress(points[player], map(qualifies.__getitem__, board[player]))
            values[player] = functools.reduce(operator.add, counted, 0.0)
    return values


def _every_number_of_wins(
    ctx: TiebreakContext, players: list[int], modifiers: Modifiers
) -> dict[int, float]:
    """WIN of each player: the wins counted in C."""
    board, points, win = ctx.over_the_board, ctx.points, ctx.win
    return {
        player: points[player].count(win)
        if player in board  # no round pending
        else number_of_wins(ctx, player, modifiers)
        for player in players
    }


TiebreakFunction = Callable[[TiebreakContext, int, Modifiers], float]
EveryFunction = Callable[[TiebreakContext, list[int], Modifiers], dict[int, float]]


@dataclass(frozen=True)
class TiebreakDefinition:
    code: str
    name: str
    article: str
    function: TiebreakFunction | None
    description: str
    every: EveryFunction | None = None
    """The same values for many players at once, where a call per player would dominate."""


DEFINITIONS: dict[str, TiebreakDefinition] = {
    d.code: d
    for d in (
        TiebreakDefinition(
            "DE", "Direct Encounter", "6", None,
            "The points scored in the games between the tied players (two who met more than "
            "once count the average of their games); applied again to any sub-group still tied.",
        ),
        TiebreakDefinition("WIN", "Number of wins", "7.1", number_of_wins,
                           "Rounds won, with or without playing (forfeit wins, full byes count).",
                           _every_number_of_wins),
        TiebreakDefinition("WON", "Games won", "7.2", games_won, "Games won over the board."),
        TiebreakDefinition("BPG", "Games with Black", "7.3", black_games,
                           "Games played over the board with the black pieces (most blacks)."),
        TiebreakDefinition("BWG", "Wins with Black", "7.4", black_wins,
                           "Games won over the board with the black pieces."),
        TiebreakDefinition("PS", "Progressive Score", "7.5", progressive_score,
                           "The sum of the player's running score after each round (the ACF's "
                           "SPS); with a cut (PS/C1, PS/C2, ...) the first rounds are left out "
                           "(SPSC)."),
        TiebreakDefinition("REP", "Rounds elected to play", "7.6", rounds_elected_to_play,
                           "Rounds less half-point byes, zero-point byes and forfeit losses."),
        TiebreakDefinition("GE", "Rounds elected to play", "7.6", rounds_elected_to_play,
                           "The former name of REP."),
        TiebreakDefinition("BH", "Buchholz", "8.1", buchholz,
                           "The sum of the opponents' scores; with a cut (BH/C1) the lowest are "
                           "left out, with a median (BH/M1) the lowest and the highest.",
                           _every_buchholz),
        TiebreakDefinition("AOB", "Average of opponents' Buchholz", "8.2",
                           average_of_opponents_buchholz,
                           "The average Buchholz of the opponents met over the board.",
                           _every_average_of_opponents_buchholz),
        TiebreakDefinition("FB", "Fore Buchholz", "8.3", fore_buchholz,
                           "Buchholz counted as if every game of the last round had been drawn.",
                           _every_fore_buchholz),
        TiebreakDefinition("SB", "Sonneborn-Berger", "9.1", sonneborn_berger,
                           "Each opponent's score multiplied by the points scored against them, "
                           "added up: beating strong players counts most.",
                           _every_sonneborn_berger),
        TiebreakDefinition("KS", "Koya System", "9.2", koya,
                           "The points scored against the players who made at least half of "
                           "the maximum possible score.", _every_koya),
        TiebreakDefinition("ARO", "Average Rating of Opponents", "10.1",
                           average_rating_of_opponents,
                           "The average rating of the rated opponents met over the board."),
        TiebreakDefinition("TPR", "Tournament Performance Rating", "10.2",
                           tournament_performance_rating,
                           "The average rating of the opponents plus the FIDE rating difference "
                           "for the percentage scored against them."),
        TiebreakDefinition("PTP", "Perfect Tournament Performance", "10.3",
                           perfect_tournament_performance,
                           "The rating at which the expected score against the opponents equals "
                           "the score made."),
        TiebreakDefinition("APRO", "Average Performance Rating of Opponents", "10.4",
                           average_performance_of_opponents,
                           "The average TPR of the opponents met over the board."),
        TiebreakDefinition("APPO", "Average Perfect Performance of Opponents", "10.5",
                           average_perfect_performance_of_opponents,
                           "The average PTP of the opponents met over the board."),
    )
}  # fmt: skip


def definition(code: str) -> TiebreakDefinition:
    return DEFINITIONS[parse_code(code).base]


def describe(code: str) -> str:
    """A code's full name with its modifiers in words: "Buchholz, cut 1"; a Koya limit in
    draws ("Koya System, qualifying line a draw higher"), as a step is a draw's points
    whatever the scoring (``koya_limit_step``): the name stands in the standings' reasons
    and the play-offs' text, which know no scoring, and is true under 1-½-0 and 3-1-0."""
    parsed = parse_code(code)
    text = DEFINITIONS[parsed.base].name
    if parsed.modifiers.cut:
        text += f", cut {parsed.modifiers.cut}"
    if parsed.modifiers.median:
        text += f", median {parsed.modifiers.median}"
    if parsed.modifiers.limit:
        text += f", qualifying line {_draws_text(parsed.modifiers.limit)}"
    if parsed.modifiers.forfeits_played:
        text += ", forfeits counted as games"
    return text


def describe_variant(code: str, rounds: int, draw: float = 0.5) -> str:
    """What a code adds to the same tie-break listed before it, in one sentence: the ACF's
    six Progressive Score cuts each repeated the whole definition of PS on the tie-break
    page, where an arbiter wants to see which rounds each one counts. A Koya limit says the
    points it moves the line by, ``draw`` (the event's points for a draw) a step."""
    parsed = parse_code(code)
    base, modifiers = parsed.base, parsed.modifiers
    if base == "PS" and modifiers.cut:
        first = modifiers.cut + 1
        if first > rounds:
            counted = "no round is left to count"
        elif first == rounds:
            counted = f"only the running score after round {rounds} counts"
        else:
            joined = "and" if first + 1 == rounds else "to"
            counted = f"the running scores after rounds {first} {joined} {rounds} are added up"
        return f"As PS, without the first {_rounds_text(modifiers.cut)}: {counted}."
    parts = []
    if modifiers.cut:
        parts.append(f"the lowest {_values_text(modifiers.cut)} left out")
    if modifiers.median:
        parts.append(
            f"the lowest {_values_text(modifiers.median)} and the highest "
            f"{_values_text(modifiers.median)} left out"
        )
    if modifiers.limit:
        moved = abs(modifiers.limit) * draw
        points = "half a point" if moved == 0.5 else f"{score_text(moved)} point"
        points += "" if moved in (0.5, 1) else "s"
        steps, way = _draws_text(modifiers.limit).rsplit(" ", 1)  # "2 draws", "higher"
        parts.append(f"the qualifying line {points} {way} ({steps})")
    if modifiers.forfeits_played:
        parts.append("games won or lost by forfeit counted as games")
    if not parts:
        return f"{DEFINITIONS[base].name} again, applied to the players still tied."
    return f"As {base}, with {' and '.join(parts)}."


def _draws_text(limit: int) -> str:
    """A Koya limit's steps, each a draw's points (``koya_limit_step``): "a draw higher",
    "2 draws lower"."""
    steps = abs(limit)
    return f"{'a draw' if steps == 1 else f'{steps} draws'} {'higher' if limit > 0 else 'lower'}"


def _rounds_text(count: int) -> str:
    return "round" if count == 1 else f"{count} rounds"


def _values_text(count: int) -> str:
    return "value" if count == 1 else f"{count} values"


def tiebreak_values(ctx: TiebreakContext, code: str, players: Iterable[int]) -> dict[int, float]:
    """The value of one non-group tie-break for each of ``players``."""
    parsed = parse_code(code)
    found = DEFINITIONS[parsed.base]
    function = found.function
    if function is None:
        raise ValueError(f"{code} is decided within a group, not per player")
    if found.every is not None:
        return found.every(ctx, list(players), parsed.modifiers)
    return {player: function(ctx, player, parsed.modifiers) for player in players}


def tiebreak_value(ctx: TiebreakContext, code: str, player: int) -> float:
    """The value of one non-group tie-break for one player."""
    parsed = parse_code(code)
    function = DEFINITIONS[parsed.base].function
    if function is None:
        raise ValueError(f"{code} is decided within a group, not per player")
    return function(ctx, player, parsed.modifiers)


# -- Direct Encounter (Article 6) -------------------------------------------------------------


def direct_encounter_scores(
    ctx: TiebreakContext, group: Iterable[int], forfeits_played: bool = False
) -> tuple[dict[int, float], dict[int, set[int]]]:
    """Each player's score against the others of ``group`` (6.1), and whom they have met.

    Two players who met more than once contribute the average of their games (6.1.2).
    """
    members = set(group)
    results: dict[tuple[int, int], list[float]] = {}
    for player in members:
        for current in ctx.table[player]:
            if current.opponent in members and ctx.is_game(current, forfeits_played):
                results.setdefault((player, current.opponent), []).append(current.points)
    scores = {p: 0.0 for p in members}
    met: dict[int, set[int]] = {p: set() for p in members}
    for (player, opponent), points in results.items():
        scores[player] += sum(points) / len(points)
        met[player].add(opponent)
    return scores, met


def direct_encounter(
    ctx: TiebreakContext, group: Sequence[int], forfeits_played: bool = False
) -> list[list[int]]:
    """Split a tied group by Direct Encounter into ordered sub-groups (6.2, 6.3)."""
    return direct_encounter_explained(ctx, group, forfeits_played)[0]


def direct_encounter_explained(
    ctx: TiebreakContext, group: Sequence[int], forfeits_played: bool = False
) -> tuple[list[list[int]], list[str]]:
    """The sub-groups in order, and for each boundary between two of them the reason in words.

    When all have met, the mini-table decides and is applied again to each sub-group still
    tied (6.2). When not all have met (Swiss), a player is ranked first only if no rival could
    reach their score whatever the missing games' results; then Article 6 is applied again to
    the rest (6.3). A round robin's group is treated as having met once every round is played
    (the peer does the same); in the standings after an earlier round some have not met yet,
    nor while a game between two of them is still on (the last round under way, a postponed
    game): its result may still change the separate standings.
    """
    remaining = list(group)
    ordered: list[list[int]] = []
    notes: list[str] = []
    while len(remaining) > 1:
        scores, met = direct_encounter_scores(ctx, remaining, forfeits_played)
        if _all_met(ctx, remaining, met):
            subgroups, subnotes = _split_all_met(ctx, remaining, scores, forfeits_played)
            return ordered + subgroups, notes + subnotes

        leader = next((p for p in remaining if _certain(ctx, p, remaining, scores, met)), None)
        if leader is None:
            break
        notes.append(
            f"{score_text(scores[leader])} in the games among the {len(remaining)} tied players, "
            "more than any of the others could still reach"
        )
        ordered.append([leader])
        remaining.remove(leader)
    ordered.append(remaining)
    return ordered, notes


def _all_met(ctx: TiebreakContext, group: Sequence[int], met: dict[int, set[int]]) -> bool:
    """Whether the separate standings of ``group`` decide by 6.2: every player has met every
    other (a finished round robin's group counts as met, ``direct_encounter_explained``)."""
    all_played = (
        ctx.round_robin and ctx.rounds >= ctx.event.rounds and not _game_still_on(ctx, group)
    )
    return all_played or all(len(met[p]) == len(group) - 1 for p in group)


def direct_encounter_skipped(
    ctx: TiebreakContext, group: Sequence[int], forfeits_played: bool = False
) -> bool:
    """Whether Direct Encounter was not applied to the tied ``group`` at all: its players
    have not all met (6.2 does not apply) and none of them is certain to head the separate
    standings whatever the missing games (6.3 places nobody), so the next tie-break decides.
    Their scores in the games among them decide nothing then: the tables show a dash, as for
    a player Direct Encounter never reached, not a score read as a result of it."""
    if len(group) < 2:
        return False
    scores, met = direct_encounter_scores(ctx, group, forfeits_played)
    if _all_met(ctx, group, met):
        return False
    return not any(_certain(ctx, p, list(group), scores, met) for p in group)


def _game_still_on(ctx: TiebreakContext, group: Sequence[int]) -> bool:
    """Whether two players of ``group`` are paired in a game that has no result yet."""
    members = set(group)
    return any(
        current.slot is Slot.PENDING and current.opponent in members
        for player in group
        for current in ctx.table[player]
    )


def _certain(
    ctx: TiebreakContext,
    player: int,
    group: list[int],
    scores: dict[int, float],
    met: dict[int, set[int]],
) -> bool:
    """6.3: no rival could reach the player's score, even winning all their missing games."""
    return all(
        scores[player] > scores[r] + ctx.win * (len(group) - 1 - len(met[r])) + EPSILON
        for r in group
        if r != player
    )


def _meetings(
    ctx: TiebreakContext, group: Sequence[int], forfeits_played: bool
) -> dict[frozenset[int], int]:
    """How many games each pair of ``group`` played that Direct Encounter counts, for every
    pair (0 for a pair that has not met)."""
    counts = {frozenset(pair): 0 for pair in itertools.combinations(group, 2)}
    members = set(group)
    for player in group:
        for current in ctx.table[player]:
            opponent = current.opponent
            if opponent in members and opponent > player and ctx.is_game(current, forfeits_played):
                counts[frozenset((player, opponent))] += 1
    return counts


def _split_all_met(
    ctx: TiebreakContext,
    group: list[int],
    scores: dict[int, float],
    forfeits_played: bool,
) -> tuple[list[list[int]], list[str]]:
    levels = sorted({round(scores[p], 9) for p in group}, reverse=True)
    if len(levels) == 1:
        return [group], []
    where = "in their games" if len(group) == 2 else f"among the {len(group)} tied players"
    # 6.1.2 averages the games of a pair that met more than once; the reason says what the
    # players scored: where every pair met equally often (a double round robin's two games),
    # that is the average times the meetings (1½ to ½, not ¾ to ¼).
    times = set(_meetings(ctx, group, forfeits_played).values())
    scale = next(iter(times)) if len(times) == 1 else 1
    if scale == 1 and max(times) > 1:  # some pairs met twice, others once: averages
        where += ", each pair's games averaged (article 6.1.2)"
    ordered: list[list[int]] = []
    notes: list[str] = []
    for index, level in enumerate(levels):
        subgroup = [p for p in group if round(scores[p], 9) == level]
        if index:
            notes.append(
                f"{score_text(levels[index - 1] * scale)} to {score_text(level * scale)} {where}"
            )
        if len(subgroup) > 1:
            inner, inner_notes = direct_encounter_explained(ctx, subgroup, forfeits_played)
            ordered.extend(inner)
            notes.extend(inner_notes)
        else:
            ordered.append(subgroup)
    return ordered, notes
