"""A round robin's schedule: FIDE's Berger tables, and whether an event's games follow them.

With an odd number of players, or once a player has withdrawn, some players have no game in
a round by the schedule: one sits the round out, another's scheduled opponent is gone. The
games alone cannot tell these apart, nor a game merely not entered yet from either. When the
players' numbers are the table's and every game played so far is one the Berger table
pairs, the schedule is known, and each player's opponent in each round with a game in it.

The tables (FIDE Handbook C.05, Annex 1) pair players ``i`` and ``j`` below ``n`` (an even
number; an odd field adds ``n`` as the bye) in round ``r`` of a cycle when ``i + j`` leaves
the remainder ``r + 1`` on division by ``n - 1``, and ``n`` with the one ``i`` for which
``2i`` does. Who meets whom is enough to know the schedule: organisers sometimes swap the
colours, and FIDE advises swapping the last two rounds of a double round robin's first
cycle, so the rounds are matched by their games, not by their order. The pairings of a round
not played yet are shown only where the games so far also have the table's colours
(``table_pairings``): an organiser who swaps colours, or pairs by another table, has not
said which pairings come next.
"""

from __future__ import annotations

from collections.abc import Iterable

Schedule = dict[int, dict[int, int | None]]
"""Per round of the event with a game in it: each player's scheduled opponent (``None``:
the player sits the round out)."""


def berger_round_of(first: int, second: int, players: int) -> int:
    """The round of a cycle (1 to ``n - 1``) in which the Berger table for ``players`` (made
    even by a bye) pairs these two numbers."""
    size = players + players % 2
    cycle = size - 1
    if size in (first, second):
        other = first if second == size else second
        remainder = (2 * other) % cycle
    else:
        remainder = (first + second) % cycle
    return (remainder - 2) % cycle + 1


def berger_pairings(players: int, berger_round: int) -> tuple[tuple[int, int], ...]:
    """A round of the Berger table for ``players`` (made even by a bye, the highest number),
    as FIDE prints it: each pair White first, board by board. The table is laid out so:
    round 1 pairs 1 with ``n`` on board 1 and ``b`` with ``n + 1 - b`` on board ``b``; each
    next round moves every number but ``n`` on by ``n / 2`` (counting 1 to ``n - 1`` round
    and round) and keeps its board and colour, while ``n``, always on board 1, has Black in
    the odd rounds and White in the even ones."""
    size = players + players % 2
    cycle = size - 1
    shift = (berger_round - 1) * (size // 2)

    def moved(number: int) -> int:
        return (number - 1 + shift) % cycle + 1

    first = (moved(1), size) if berger_round % 2 else (size, moved(1))
    return (first, *((moved(b), moved(size + 1 - b)) for b in range(2, size // 2 + 1)))


def berger_opponents(players: int, berger_round: int) -> dict[int, int | None]:
    """Each player's opponent in a round of the Berger table (``None``: the bye)."""
    size = players + players % 2
    opponents: dict[int, int | None] = {}
    for first in range(1, size + 1):
        for second in range(first + 1, size + 1):
            if berger_round_of(first, second, players) == berger_round:
                opponents[first] = second if second <= players else None
                if second <= players:
                    opponents[second] = first
    return opponents


def inferred_schedule(
    numbers: Iterable[int], games: Iterable[tuple[int, int, int]], rounds: int
) -> Schedule | None:
    """The schedule the games ``(round, white, black)`` follow, or ``None`` when it is not
    the Berger table for these numbers (which must run from 1 up). Round ``r`` of the event
    is round ``r`` of the table, the table played again for a double round robin's second
    cycle (``rounds`` is the event's), whose first cycle may have its last two rounds
    swapped, as FIDE advises to spare a player three games running with one colour."""
    players = sorted(numbers)
    count = len(players)
    if count < 3 or players != list(range(1, count + 1)):
        return None
    cycle = count - 1 + count % 2
    played: dict[int, set[int]] = {}
    for round_number, white, black in games:
        if not (1 <= white <= count and 1 <= black <= count) or white == black:
            return None
        played.setdefault(round_number, set()).add(berger_round_of(white, black, count))
    swaps = (False, True) if rounds > cycle else (False,)
    for swap in swaps:
        if all(
            1 <= r <= rounds and tables == {_table_round(r, cycle, swap)}
            for r, tables in played.items()
        ):
            return {
                r: berger_opponents(count, _table_round(r, cycle, swap)) for r in sorted(played)
            }
    return None


def _table_round(round_number: int, cycle: int, swap: bool) -> int:
    """The table's round an event's round plays: the same round of each cycle, or with
    ``swap`` the first cycle's last two rounds exchanged."""
    if swap and round_number in (cycle - 1, cycle):
        return 2 * cycle - 1 - round_number
    return (round_number - 1) % cycle + 1


def event_round_pairings(
    players: int, rounds: int, round_number: int, swap: bool
) -> tuple[tuple[int, int], ...]:
    """The games of a round of the event by the Berger table, White first, in the table's
    board order (the bye's pair left out). A double round robin's second cycle plays the
    table again with the colours reversed (FIDE C.05 Annex 1); ``swap``: its first cycle's
    last two rounds are exchanged."""
    cycle = players - 1 + players % 2
    table = berger_pairings(players, _table_round(round_number, cycle, swap))
    second_cycle = round_number > cycle
    return tuple(
        (black, white) if second_cycle else (white, black)
        for white, black in table
        if white <= players and black <= players
    )


def table_pairings(
    numbers: Iterable[int], games: Iterable[tuple[int, int, int]], rounds: int
) -> dict[int, tuple[tuple[int, int], ...]]:
    """Each round of the event with its games ``(white, black)`` by the Berger table, when
    every game ``(round, white, black)`` so far is the table's, colours and all (empty
    otherwise). Where the games do not yet tell whether a double round robin's first cycle
    has its last two rounds swapped, those two rounds are left out: either may come next."""
    players = sorted(numbers)
    count = len(players)
    if count < 3 or players != list(range(1, count + 1)):
        return {}
    cycle = count - 1 + count % 2
    played = list(games)
    followed = []
    for swap in (False, True) if rounds > cycle else (False,):
        pairs = {r: event_round_pairings(count, rounds, r, swap) for r in range(1, rounds + 1)}
        if all((white, black) in pairs.get(r, ()) for r, white, black in played):
            followed.append(pairs)
    if not followed:
        return {}
    return {r: pairs for r, pairs in followed[0].items() if all(f[r] == pairs for f in followed)}
