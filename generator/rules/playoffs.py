"""Over-the-board play-offs: who plays off, which games are due, and who won (rule stage).

A play-off format is data: a seeding rule and a list of stages. Each stage is a match (two
players) or a round robin (more), played ``games`` times per pair at one time control, or an
Armageddon game with draw odds for Black. After a stage the players with the best stage score go
on; a single leader wins. The games come from the play-off PGN files in the order of their Round
tags and are checked against the format as they are consumed.

Procedures where the regulations leave room (documented on the play-off page):

* ACF By-law 3 with more than two players after the SPS reduction (5.2.3): each two-game stage is
  played as a double round robin among them, "as far as possible" like 5.3; the players still
  sharing the lead go on to the next stage.
* Armageddon with more than two players (U.S. Junior Closed: "math tiebreaks will be used to
  determine the order in which tied players face each other"): a ladder. The two players lowest
  on the math tie-breaks (worked out among the players still tied) meet first; the winner meets
  the next one up, and so on; the winner of the last game wins the play-off. A player knocked
  out later ranks above one knocked out earlier.
* Players a stage leaves level behind its leaders ("followed by math tiebreaks if necessary"):
  ordered by the math tie-breaks among themselves alone (Direct Encounter counts only their
  games with each other); equal on those too, they share the place (and its prizes), never
  ordered by pairing number.
* A stage still being played is cut where its order is certain already: where every player
  above is ahead now of the best any player below can reach, winning every game still due
  (reaching the same score is no certainty: a tie goes on to the next stage or the math
  tie-breaks). A leader nobody can catch any more has won (a stage's single leader wins),
  and the others play on for the places below; players out of the lead take the places
  below those still in, shared among them while their own games still due may order them.
* Colours drawn by lot are taken from ``[playoff] lots`` (the player who drew White, one name per
  drawing, in order) when given, and otherwise accepted as the PGN records them.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..config.event import normalise_name
from ..model import Event, Game
from ..problems import Problems
from ..text import Name, Phrase, compared_text, named_list, score_text
from .checks import game_label
from .scores import PlayerRecord
from .standings import (
    AHEAD_ON_DE,
    NO_REASON,
    StandingRow,
    Standings,
    column_code,
    rank_among,
    rank_among_with_encounters,
)
from .tiebreaks import EPSILON, describe, parse_code


@dataclass(frozen=True)
class StageSpec:
    name: str
    time_control: str
    """In words, as the regulations give it."""
    tags: tuple[str, ...]
    """PGN TimeControl values that match (any value is accepted when the tag is absent)."""
    games: int = 2
    """Games per pair: 2 for a match or double round robin, 1 for a single game."""
    armageddon: bool = False
    colours: str = "lot"
    """"lot": game 1 drawn by lot, then reversed; "repeat": as the first stage; "free"."""


@dataclass(frozen=True)
class PlayoffFormat:
    name: str
    title: str
    seeding: str
    """"all": everyone tied plays; "reduce-to-two": progressive scores cut the group (ACF 5.2)."""
    stages: tuple[StageSpec, ...]
    armageddon_rule: str


_ARMAGEDDON_ACF = StageSpec(
    "Armageddon",
    "White 5 minutes, Black 4 minutes; a draw counts as a win for Black",
    # PGN's TimeControl has one time for both sides: a score sheet or a board records the
    # game by White's clock ("300"), which the ACF's 5-minute stages also use.
    ("300/240", "300-240", "W300/B240", "5/4", "300", "300+0"),
    games=1,
    armageddon=True,
)

FORMATS: dict[str, PlayoffFormat] = {
    "acf-by-law-3": PlayoffFormat(
        "acf-by-law-3",
        "ACF By-law 3, clause 5",
        "reduce-to-two",
        (
            StageSpec("Two games at G15", "15 minutes each for the whole game", ("900", "900+0")),
            StageSpec(
                "Two games at G5",
                "5 minutes each for the whole game",
                ("300", "300+0"),
                colours="repeat",
            ),
            _ARMAGEDDON_ACF,
        ),
        "a draw counts as a win for Black",
    ),
    "acf-by-law-3-rapid": PlayoffFormat(
        "acf-by-law-3-rapid",
        "ACF By-law 3, clause 5.3.4 (rapid and lightning championships)",
        "reduce-to-two",
        (
            StageSpec("Two games at G5", "5 minutes each for the whole game", ("300", "300+0")),
            _ARMAGEDDON_ACF,
        ),
        "a draw counts as a win for Black",
    ),
    "us-junior-closed": PlayoffFormat(
        "us-junior-closed",
        "U.S. Junior Closed regulations",
        "all",
        (
            StageSpec(
                "Blitz double round robin",
                "3 minutes plus a 2-second increment (G3+2)",
                ("180+2",),
                colours="free",
            ),
            StageSpec(
                "Armageddon",
                "White 6 minutes, Black 4 minutes; Black has draw odds",
                ("360/240", "360-240", "W360/B240", "6/4", "360", "360+0"),
                games=1,
                armageddon=True,
            ),
        ),
        "Black has draw odds",
    ),
}


@dataclass(frozen=True)
class StageResult:
    spec: StageSpec
    players: tuple[int, ...]
    games: tuple[Game, ...]
    scores: dict[int, float]
    complete: bool
    advancing: tuple[int, ...] = ()
    """The players who go on to the next stage (or the single winner)."""
    due: frozenset[int] = frozenset()
    """An Armageddon still being played: the two players whose game is due (a ladder has one
    at a time), so that the game on their board is named as the one due; empty where the
    order waits for the lots."""


@dataclass(frozen=True)
class Playoff:
    place: int
    format: PlayoffFormat | None
    players: tuple[int, ...]
    """Who plays off, in seeding order (math tie-breaks)."""
    tied: tuple[int, ...]
    """Everyone tied on points for the place, in seeding order."""
    status: str
    stages: tuple[StageResult, ...] = ()
    order: tuple[int, ...] = ()
    next: Phrase | None = None
    """The game due next, in words with the players' names kept apart."""
    note: Phrase = NO_REASON
    """How the players were chosen, in words (for the ACF reduction), the players it names
    kept apart (``text.Name``)."""
    level: tuple[tuple[int, ...], ...] = ()
    """The finishing order in groups: players of one group scored the same in the stage that
    ended their play-off, so the play-off did not separate them (``resolve_playoffs`` then
    orders them by the math tie-breaks among themselves)."""
    separations: tuple[tuple[str, Phrase], ...] = ()
    """What put each player of ``order`` but the last ahead of the next: ("playoff", ...), or
    a tie-break code, "shared" or "lots" between players the play-off left level."""
    places: tuple[str, ...] = ()
    """The places of ``order``: "2", or "2-3" shared by players the play-off left level and
    the tie-breaks could not separate."""
    winner_notes: dict[int, str] = field(default_factory=dict)
    encounters: dict[int, dict[str, float | None]] = field(default_factory=dict)
    """For each player the play-off left level with others, each Direct Encounter's value among
    that group alone (by column key; ``None`` where it was not reached): the tie-breaks that
    ordered them after the play-off, which the standings then show in place of the values
    among everyone tied on points."""
    would_play: tuple[int, ...] = ()
    """Before the last result: who would play off were the event to end now (the ACF
    reduction applied), for the prizes "if the event ended now"."""
    tied_from: int = 0
    """The place the first of ``tied`` holds: ``place``, or a higher one where players placed
    above it are level on points with its holder (a play-off for 4th place, 3rd and 4th level:
    the play-off orders them from 3rd place down, as ``_settle`` does)."""
    still: tuple[int, ...] = ()
    """A play-off still being played: the players still in it. Those a finished stage (or an
    Armageddon ladder's game) put out have their places already, behind them: ``order``,
    ``places`` and ``separations`` then hold those players alone (By-law 3, 5.3.2: only the
    players "still tied" play the next stage, so a player out cannot win it). A stage still
    being played puts out a player it leaves no way to catch up (``_out_of_the_lead``); once
    its leader nobody can catch has won (``ahead``), those still in play for the places
    below, and none may be left (every place known, a game still due)."""
    to_play: tuple[int, ...] = ()
    """A play-off still being played: the players who may still play one of its games (a
    player out of the lead may still have a game of the stage due), any of whom may yet
    forfeit one (U.S. Junior Closed: no prize money then)."""

    ahead: tuple[int, ...] = ()
    """A play-off still being played: players certain of the places above ``still``, best
    first, each place its own (the first of them has won the play-off: a stage's leader
    nobody can catch any more). The others play on for the places below
    (``_out_of_the_lead``)."""
    open: tuple[tuple[int, ...], ...] = ()
    """A play-off still being played: groups of ``order`` out of the lead whose order among
    themselves the games still due decide; they share their places until then."""

    live: tuple[Game, ...] = ()
    """A play-off still being played: its games published while being played (result "*"),
    between players still in it, which the play-off's page shows with their moves so far."""
    due_on: bool = False
    """``next`` is a game of ``live``: the game due is on the board (``_being_played``)."""

    @property
    def placed(self) -> tuple[tuple[str, int], ...]:
        """A play-off still being played: the players whose places are known whatever the
        rest, with their places (``ahead``, then those out of the lead but ``open``)."""
        start = self.first_place
        opened = {n for group in self.open for n in group}
        known = [(str(start + i), n) for i, n in enumerate(self.ahead)]
        known += [(p, n) for p, n in zip(self.places, self.order, strict=True) if n not in opened]
        return tuple(known)

    @property
    def undecided(self) -> tuple[tuple[int, ...], ...]:
        """A play-off still being played: the groups whose order it has still to decide, top
        first (those still in, then those out of the lead but ``open``); none once complete."""
        if self.status != "pending":
            return ()
        still = self.still or (() if self.ahead or self.order else self.players)
        return tuple(g for g in (still, *self.open) if len(g) > 1)

    @property
    def first_place(self) -> int:
        """The place the play-off is played for first, which its winner takes: the pages
        name it so ("Play-off for 3rd place: won by ..." where 3rd and 4th were level and
        the play-off was set for 4th)."""
        return self.tied_from or self.place


def playoff_format(event: Event) -> PlayoffFormat | None:
    from ..presets import PRESETS

    name = event.config.playoff.format or PRESETS[event.config.rules].playoff
    return FORMATS.get(name)


def armageddon_winner(game: Game) -> int:
    """Black has draw odds: a draw counts as a win for Black (and a forfeit for the side
    that was there)."""
    return game.white if game.result in ("1-0", "+-") else game.black


def _points(game: Game, player: int) -> float:
    """A game's points in a two-game stage (the Armageddon has its own winner:
    ``armageddon_winner``)."""
    if game.result == "1/2-1/2":
        return 0.5
    white_won = game.result in ("1-0", "+-")  # a forfeit scores as the win or loss it is
    return 1.0 if white_won == (game.white == player) else 0.0


class _Games:
    """The play-off games in play order, consumed stage by stage."""

    def __init__(self, games: Sequence[Game]) -> None:
        self.games = list(games)
        self.position = 0

    def peek(self) -> Game | None:
        return self.games[self.position] if self.position < len(self.games) else None

    def take(self) -> Game:
        game = self.games[self.position]
        self.position += 1
        return game


def resolve_playoffs(
    event: Event,
    standings: Standings,
    records: dict[int, PlayerRecord],
    problems: Problems,
) -> tuple[Playoff, ...]:
    """Every play-off of the event's ``places``, with its state; mismatching games are errors.

    Not needed before the last round is played to its last result: both regulations hold the
    play-off after it (US Junior Closed: "after ... any game involving a tied player in Round
    9"), so a tie for first after round 5, or while a game of the last round is still on, is
    no play-off yet (the math tie-breaks order the standings)."""
    form = playoff_format(event)
    results = []
    covered: set[int] = set()
    ordered = sorted(event.playoff_games, key=lambda g: g.board)
    played = [game for game in ordered if game.result != "*"]
    on = [game for game in ordered if game.result == "*"]  # being played: they decide nothing
    taken: set[int] = set()
    """The games (their index in ``played``) that a play-off read."""
    finished = event.finished
    for place in sorted(set(event.config.playoff.places)):
        if place > len(standings.rows):
            continue
        row = standings.rows[place - 1]
        if row.player.number in covered:
            continue
        tied = tuple(r.player.number for r in standings.rows if abs(r.points - row.points) < 1e-9)
        covered.update(tied)
        first = 1 + min(i for i, r in enumerate(standings.rows) if r.player.number in tied)
        if not finished and form is not None and len(tied) > 1:
            note = Phrase("tied for now: a play-off, if still needed, follows the last round")
            would_play = _seeding(form, tied, standings)[0]
            results.append(
                Playoff(
                    place,
                    form,
                    (),
                    tied,
                    "not-needed",
                    note=note,
                    would_play=would_play,
                    tied_from=first,
                )
            )
            continue
        if form is None or len(tied) == 1:
            results.append(Playoff(place, form, (), tied, "not-needed", tied_from=first))
            continue
        players, note = _seeding(form, tied, standings)
        if len(players) == 1:
            results.append(
                Playoff(place, form, players, tied, "not-needed", note=note, tied_from=first)
            )
            continue
        # Each play-off reads the games of its own players, in play order: play-offs for
        # several places may be played side by side, their games numbered as they came.
        mine = [
            i
            for i, game in enumerate(played)
            if i not in taken and (game.white in players or game.black in players)
        ]
        games = _Games([played[i] for i in mine])
        playoff = _play(event, records, form, place, players, tied, note, games, problems)
        taken.update(mine[: games.position])
        playoff = replace(playoff, tied_from=first)
        if playoff.status == "complete":
            playoff = _settle(event, records, playoff, first)
        elif playoff.level:
            # Players a finished stage put out: their places are known, behind those still in.
            playoff = _settle(event, records, playoff, first + len(playoff.ahead + playoff.still))
        if playoff.status == "pending":
            # Players out of the lead may still have a game due (``to_play``).
            playing = set(playoff.to_play or playoff.still or playoff.players)
            live = tuple(g for g in on if g.white in playing and g.black in playing)
            on = [game for game in on if game not in live]
            due, due_on = _being_played(event, playoff, live)
            playoff = replace(playoff, live=live, next=due, due_on=due_on)
        results.append(playoff)
    for game in (game for i, game in enumerate(played) if i not in taken):
        if not finished:  # played while a game of the event is still on
            _kept_aside(event, game, problems)
            continue
        problems.error(
            Phrase(
                _label(event, game),
                " is not needed: the play-off was already decided, or no play-off is due",
            ),
            game.source,
            game.line,
            "remove the game, or check its Round tag and players",
            code="playoff-extra-game",
        )
    for game in on:  # being played, and no play-off still being played has it
        if not finished:
            _kept_aside(event, game, problems)
            continue
        # Published as a play-off game being played, it would have a page of its own while
        # the play-off's page never lists it; finished, it is an error (``playoff-extra-game``).
        problems.warning(
            Phrase(
                _label(event, game),
                ' is being played (result "*"), but no play-off still being played has a game '
                "due between these players: the play-off was already decided, or no play-off "
                "is due",
            ),
            game.source,
            game.line,
            "remove the game, or check its Round tag and players",
            code="playoff-game-not-needed",
        )
    return tuple(results)


def _kept_aside(event: Event, game: Game, problems: Problems) -> None:
    """A play-off game entered while the event is not finished: the rest of the site still
    publishes, and the game counts once the results are in (the tie may yet change)."""
    problems.warning(
        Phrase(
            _label(event, game),
            " is kept aside until the event is finished (every game with a result, every "
            "player with a game or a bye in each round): a play-off is decided only then",
        ),
        game.source,
        game.line,
        "enter the last results (and any missing game, bye or withdrawal); if the game was "
        "added by mistake, remove it",
        code="playoff-early",
    )


def _being_played(
    event: Event, playoff: Playoff, live: tuple[Game, ...]
) -> tuple[Phrase | None, bool]:
    """The game due, and whether it is on the board: two players still to play in the
    play-off have one game due, so a game of theirs published while being played is that
    game, its colours the board's ("colours by lot" was said of an Armageddon being played).
    With more players a stage has several games due: the page lists the games being played
    beside the next one not on the board (``_next_not_on_the_board``)."""
    stage = playoff.stages[-1] if playoff.stages else None
    two = len(playoff.to_play or playoff.still or playoff.players) == 2
    if not live or stage is None or stage.complete:
        return playoff.next, False
    if not two:
        return _next_not_on_the_board(event, playoff, stage, live)
    return _on_the_board(event, stage, live[0]), True


def _on_the_board(event: Event, stage: StageResult, game: Game) -> Phrase:
    """A game due named as it is being played, in the board's colours."""
    # Numbered as ``_next_in_stage`` numbers it: the pair's game ("game 2" of B v A), not
    # the stage's (with a third player put out, the stage has that player's games too).
    pair = {game.white, game.black}
    before = sum({g.white, g.black} == pair for g in stage.games)
    number = "" if stage.spec.armageddon else f", game {before + 1}"
    return Phrase(
        f"{stage.spec.name} ({stage.spec.time_control}){number}: ",
        _name(event, game.white),
        " (White) v ",
        _name(event, game.black),
        " (Black), being played",
    )


def _next_not_on_the_board(
    event: Event, playoff: Playoff, stage: StageResult, live: tuple[Game, ...]
) -> tuple[Phrase | None, bool]:
    """More than two players with games due in a round robin stage: "Next" names the first
    game due that is not on the board (it named a game being played, beside "Being played
    now:" with that game), the second game of a pair whose first is on in reversed colours.
    Every game due on the board: the one named is being played ("Now"). An Armageddon
    ladder has one game due: on the board, it is "Now"."""
    spec, active = stage.spec, list(stage.players)
    if spec.armageddon:
        # A ladder has one game due: on the board, it is named as being played, in the
        # board's colours (not "colours by lot" beside "Being played now").
        on = [g for g in live if frozenset((g.white, g.black)) == stage.due]
        return (_on_the_board(event, stage, on[0]), True) if on else (playoff.next, False)
    if len(active) < 3:
        return playoff.next, False
    due: dict[frozenset[int], list[tuple[int, int] | None]] = {}
    for index, a in enumerate(active):
        for b in active[index + 1 :]:
            pair = {a, b}
            slots: list[tuple[int, int] | None] = [
                (g.white, g.black) for g in (*stage.games, *live) if {g.white, g.black} == pair
            ]
            due[frozenset(pair)] = (slots + [None] * spec.games)[: spec.games]
    if any(None in slots for slots in due.values()):
        return _next_in_stage(event, spec, active, due, None, None), False
    order = {pair: index for index, pair in enumerate(due)}  # as the next game is looked for
    first = min(live, key=lambda g: order.get(frozenset((g.white, g.black)), len(order)))
    return _on_the_board(event, stage, first), True


def _settle(
    event: Event, records: dict[int, PlayerRecord], playoff: Playoff, first: int
) -> Playoff:
    """The finishing order and places of a complete play-off, ``first`` being the place its
    first player takes. Players the play-off left level are ordered by the math tie-breaks
    among themselves (U.S. Junior Closed: "followed by math tiebreaks if necessary"; ACF
    By-law 3 has no rule beyond SPS and its cuts); equal on those too, they share a place,
    never ordered by their pairing numbers."""
    order: list[int] = []
    separations: list[tuple[str, Phrase]] = []
    encounters: dict[int, dict[str, float | None]] = {}
    for group in playoff.level:
        if order:
            separations.append(("playoff", _AHEAD_IN_THE_PLAYOFF))
        if group in playoff.open:  # their games still due order them: shared until then
            order.extend(group)
            separations.extend([("shared", _NOT_FINISHED)] * (len(group) - 1))
            continue
        if len(group) == 1:
            order.append(group[0])
            continue
        among, boundaries, values = rank_among_with_encounters(event, records, group)
        order.extend(among)
        separations.extend(boundaries)
        for number in group:
            encounters[number] = {key: found.get(number) for key, found in values.items()}
    places: list[str] = []
    start = 0
    while start < len(order):
        end = start
        while end < len(separations) and separations[end][0] == "shared":
            end += 1
        text = str(first + start) if end == start else f"{first + start}-{first + end}"
        places.extend([text] * (end - start + 1))
        start = end + 1
    return replace(
        playoff,
        order=tuple(order),
        separations=tuple(separations),
        places=tuple(places),
        encounters=encounters,
    )


_AHEAD_IN_THE_PLAYOFF = Phrase("ahead in the play-off")
_NOT_FINISHED = Phrase("play-off not finished")


def _seeding(
    form: PlayoffFormat, tied: tuple[int, ...], standings: Standings
) -> tuple[tuple[int, ...], Phrase]:
    """ACF 5.2: SPS and SPSC reduce more than two tied players to two, or as few as possible."""
    if form.seeding != "reduce-to-two" or len(tied) <= 2:
        return tied, Phrase()
    rows = [r for r in standings.rows if r.player.number in tied]
    for size in range(2, len(rows)):
        if rows[size - 1].decided_by not in ("shared", "lots"):
            chosen = tuple(r.player.number for r in rows[:size])
            return chosen, Phrase(f"{len(tied)} players tied; ", _reduction(rows, size))
    # No line could be drawn: every player below the first is level with the next on every
    # tie-break. The first may still be ahead of them all, and then is not "equal" to them.
    top = rows[0].decided_by
    if top in rows[0].tiebreaks:
        ahead = _sides(top, [rows[:1], rows[1:]], [1])
        return tied, Phrase(
            f"{len(tied)} players tied; {_subject(top)} put ",
            ahead,
            f", who are {_equal_on(rows[1])}",
        )
    return tied, Phrase(f"{len(tied)} players tied, ", _equal_on(rows[0]))


def _equal_on(row: StandingRow) -> str:
    """Which tie-breaks left the tied players level, by name: the event's own list, which
    need not be the progressive scores By-law 3 names ("DE" first, say)."""
    names = list(dict.fromkeys(describe(column_code(key)) for key in row.tiebreaks))
    if not names:
        return "with no tie-break to separate them"
    return f"equal on every tie-break ({'; '.join(names)})"


def _reduction(rows: list[StandingRow], size: int) -> Phrase:
    """How the tie-breaks cut the tied players (``rows``, in the math order) to the first
    ``size``, naming them: an arbiter checks who was ahead of whom, on which tie-break and by
    how much, not only where the line fell. Each tie-break that split the players still on
    both sides of the line is a step ("Progressive Score put A (25) ahead of B (24) and C
    (24)"), the one that drew the line the last ("then Progressive Score, cut 1, reduced them
    to 2: C (21) ahead of B (20½)"). The values are the players' own; Direct Encounter has
    none (it is worked out on the group), so its steps give the mini-table's words."""
    keys = {key: index for index, key in enumerate(rows[0].tiebreaks)}  # in the list's order
    low, high = 0, len(rows)  # the players still on both sides of the line
    steps: list[Phrase] = []
    while True:
        # The boundaries in the group are after rows low .. high - 2; the first tie-break of
        # the list among them is the one the group met (the later ones split its parts).
        inside = [i for i in range(low, high - 1) if rows[i].decided_by in keys]
        key = min((rows[i].decided_by for i in inside), key=keys.__getitem__)
        ends = [i + 1 for i in inside if rows[i].decided_by == key]
        bounds = [low, *ends, high]
        levels = [rows[a:b] for a, b in itertools.pairwise(bounds)]
        if size in ends:  # this tie-break drew the line
            line = ends.index(size) + 1
            words = _sides(key, levels, [line])
            head = Phrase(f"{_subject(key)} reduced them to {size}: ")
            steps.append(head + words)
            break
        # The level the line crosses goes on to the next tie-break; this one put the levels
        # above it in and those below it out.
        at = sum(1 for end in ends if end < size)
        words = _sides(key, levels, [n for n in (at, at + 1) if 0 < n < len(levels)])
        steps.append(Phrase(f"{_subject(key)} put ") + words)
        low, high = bounds[at], bounds[at + 1]
    return Phrase("; then ").join(steps)


def _subject(key: str) -> str:
    """A tie-break's name as the subject of a clause: "Progressive Score, cut 1," closes the
    words its name adds with a comma, or "cut 1 reduced them" would read as one phrase."""
    name = describe(column_code(key))
    return f"{name}," if "," in name else name


def _sides(key: str, levels: list[list[StandingRow]], lines: list[int]) -> Phrase:
    """The levels of one step in order, " ahead of " at each of ``lines`` (the index of the
    first level below it): "A (25) and B (24) ahead of C (23)"."""
    direct = parse_code(column_code(key)).base == "DE"
    sections = [levels[a:b] for a, b in itertools.pairwise([0, *lines, len(levels)])]

    def listed(section: list[list[StandingRow]]) -> Phrase:
        rows = [row for level in section for row in level]
        names = [row.player.name for row in rows]
        comma = "; " if any("," in name for name in names) else ", "
        each = [
            Phrase(Name(row.player.name))
            if direct
            else Phrase(Name(row.player.name), f" ({score_text(row.tiebreaks[key])})")
            for row in rows
        ]
        if len(each) == 1:
            return each[0]
        return Phrase(comma).join(each[:-1]) + " and " + each[-1]

    words = listed(sections[0])
    for index, (line, section) in enumerate(zip(lines, sections[1:], strict=True)):
        words += (" ahead of " if index == 0 else ", ahead of ") + listed(section)
        if direct:
            # The mini-table's words for the boundary, and whose boundary it is when the
            # sides hold more than the two levels it parts.
            above, below = levels[line - 1], levels[line]
            note = str(above[-1].reason).removeprefix(AHEAD_ON_DE)
            if len(sections[index]) > 1 or len(section) > 1:
                pair = Phrase(listed([above]), " ahead of ", listed([below]), ", ")
                words += Phrase(" (", pair, note, ")")
            else:
                words += f" ({note})"
    return words


def _play(
    event: Event,
    records: dict[int, PlayerRecord],
    form: PlayoffFormat,
    place: int,
    players: tuple[int, ...],
    tied: tuple[int, ...],
    note: Phrase,
    games: _Games,
    problems: Problems,
) -> Playoff:
    active = list(players)
    stages: list[StageResult] = []
    eliminated: list[list[list[int]]] = []  # per stage, its groups of equal score, best first
    numbers = {normalise_name(s): p.number for p in event.players for s in (p.name, *p.aliases)}
    lots = [numbers[normalise_name(n)] for n in event.config.playoff.lots]
    first_colours: tuple[int, int] | None = None
    for spec in form.stages:
        lot = lots.pop(0) if lots and spec.colours == "lot" else None
        if spec.armageddon:
            if len(active) > 2:
                # "math tiebreaks will be used to determine the order in which tied players
                # face each other": among the players still tied, Direct Encounter included
                active, boundaries = rank_among(event, records, active)
                start = games.position
                active, undecided = _ladder(event, spec, active, boundaries, games)
                if undecided:
                    # The stage is the Armageddon's, though its order waits for the lots:
                    # its games, played or being played, are listed there, not under the
                    # stage before, which is over.
                    taken = tuple(games.games[start : games.position])
                    scores = {p: 0.0 for p in active}
                    stages.append(StageResult(spec, tuple(active), taken, scores, False))
                    return _pending(
                        place, form, players, tied, stages, eliminated, active, undecided, note
                    )
            result, order, pending = _armageddon(
                event, spec, active, games, lot, problems, _lots_hint(form)
            )
            stages.append(result)
            if pending:
                # ``order``: the players the ladder's games played so far knocked out.
                if order:
                    eliminated.append([[player] for player in reversed(order)])
                still = [p for p in active if p not in order]
                return _pending(
                    place, form, players, tied, stages, eliminated, still, pending, note
                )
            eliminated.append([[player] for player in order])
            return _finish(place, form, players, tied, stages, eliminated, note)
        result, pending, first = _stage(
            event, spec, active, games, lot, first_colours, problems, _lots_hint(form)
        )
        if first_colours is None:
            first_colours = first
        stages.append(result)
        if pending:
            ahead, still, out, opened, to_play = _out_of_the_lead(result)
            if out:
                eliminated.append(out)
            playoff = _pending(
                place, form, players, tied, stages, eliminated, still, pending, note, to_play
            )
            return replace(playoff, ahead=tuple(ahead), open=tuple(opened))
        best = max(result.scores[p] for p in active)
        leaders = [p for p in active if result.scores[p] == best]
        by_score: dict[float, list[int]] = {}
        for player in active:
            if player not in leaders:
                by_score.setdefault(result.scores[player], []).append(player)
        eliminated.append([by_score[score] for score in sorted(by_score, reverse=True)])
        active = leaders
        if len(active) == 1:
            eliminated.append([active])
            return _finish(place, form, players, tied, stages, eliminated, note)
    return _finish(place, form, players, tied, stages, eliminated, note)


def _out_of_the_lead(
    result: StageResult,
) -> tuple[list[int], list[int], list[list[int]], list[tuple[int, ...]], list[int]]:
    """A stage still being played, cut where its order is certain already: a player (or
    group) is certainly above the rest when each of them is ahead now of the best any player
    below can still reach, winning every game still due. Reaching the same score is no
    certainty: a tie for the lead goes on to the next stage ("If a clear winner is not
    produced", U.S. Junior Closed; "If the players are still tied", By-law 3, 5.3.2) and one
    below it to the math tie-breaks. Returns, top down:

    * ``ahead``: a leader nobody can catch any more wins the play-off at once (a stage's
      single leader wins), and players certain of each next place follow;
    * ``still``: the players still in: those sharing the lead, or (below ``ahead``) the
      next group whose order the games still due decide;
    * ``out``: the groups below, best first: one player alone has their place; players
      level with all their games played go by the math tie-breaks (``_settle``); players
      whose games still due may change their order among themselves are ``open``, sharing
      their places until they are played (no order is invented for them);
    * ``to_play``: who may still play a game of the play-off (a game of the stage due, or
      the next stage for the players sharing the lead), and so forfeit one.
    """
    spec, active = result.spec, list(result.players)
    each = spec.games * (len(active) - 1)
    played = {p: sum(p in (g.white, g.black) for g in result.games) for p in active}
    due = {p: each - played[p] for p in active}
    best = {p: result.scores[p] + due[p] for p in active}  # a win scores 1 in a stage
    ranked = sorted(active, key=lambda p: -result.scores[p])  # seeding order among equals
    groups: list[list[int]] = [[ranked[0]]]
    for index in range(1, len(ranked)):
        upper, lower = ranked[:index], ranked[index:]
        if min(result.scores[p] for p in upper) > max(best[p] for p in lower):
            groups.append([])  # nobody below can reach anybody above
        groups[-1].append(ranked[index])
    groups = [sorted(group, key=active.index) for group in groups]
    ahead: list[int] = []
    rest = groups
    if len(groups[0]) == 1:  # a clear winner: places below go by the stage's scores
        while rest and len(rest[0]) == 1:
            ahead.append(rest[0][0])
            rest = rest[1:]
    still: list[int] = []
    if rest and (not ahead or any(due[p] for p in rest[0])):
        still, rest = rest[0], rest[1:]  # sharing the lead, or the next open group
    opened = [tuple(g) for g in rest if len(g) > 1 and any(due[p] for p in g)]
    lead = still if not ahead else []  # they play the next stage
    to_play = [p for p in active if due[p] > 0 or (p in lead and len(lead) > 1)]
    return ahead, still, rest, opened, to_play


def _ladder(
    event: Event,
    spec: StageSpec,
    active: list[int],
    boundaries: list[tuple[str, Phrase]],
    games: _Games,
) -> tuple[list[int], Phrase | None]:
    """The Armageddon ladder's seeding (lowest seeds meet first, the winner meets the next).
    Where the tie-breaks leave players level, the drawing of lots orders them, never the
    pairing numbers: the games already played show the order it gave; while they do not,
    the play-off waits for it (the second value says what is due)."""
    blocks: list[list[int]] = [[active[0]]]
    for (decided, _), player in zip(boundaries, active[1:], strict=True):
        if decided == "shared":
            blocks[-1].append(player)
        else:
            blocks.append([player])
    lowest = len(active) - 2  # the two lowest seeds meet first, in either order
    ladders: dict[tuple[object, ...], list[int]] = {}
    for parts in itertools.product(*(itertools.permutations(b) for b in blocks)):
        order = [n for part in parts for n in part]
        key = (*order[:lowest], frozenset(order[lowest:]))
        if key not in ladders and _fits(order, games):
            ladders[key] = order
    if len(ladders) <= 1:
        return next(iter(ladders.values()), active), None
    open_places = [{order[i] for order in ladders.values()} for i in range(lowest)]
    level = {n for players in open_places if len(players) > 1 for n in players}
    group = [n for n in active if n in level]
    names = named_list(event.player(n).name for n in group)
    for _ in range(min(len(games.games) - games.position, len(active) - 1)):
        games.take()  # played in an order the lots gave (they fit it): not extra games
    return active, Phrase(
        f"{spec.name}: the drawing of lots orders ",
        names,
        " (who plays first, who waits for the winner); record it in [ranking] lots with "
        'exhausted = "lots"',
    )


def _fits(order: list[int], games: _Games) -> bool:
    """Whether the games still to be read follow the ladder of ``order`` as far as they go."""
    ladder = list(reversed(order))
    holder = ladder[0]
    for challenger, game in zip(ladder[1:], games.games[games.position :], strict=False):
        if frozenset((game.white, game.black)) != frozenset((holder, challenger)):
            return False
        holder = armageddon_winner(game)
    return True


def _finish(
    place: int,
    form: PlayoffFormat,
    players: tuple[int, ...],
    tied: tuple[int, ...],
    stages: list[StageResult],
    eliminated: list[list[list[int]]],
    note: Phrase,
) -> Playoff:
    """The play-off played out: the last stage's players first; each stage's by score."""
    level = [tuple(group) for stage in reversed(eliminated) for group in stage]
    order = tuple(player for group in level for player in group)
    return Playoff(
        place, form, players, tied, "complete", tuple(stages), order, None, note, tuple(level)
    )


def _pending(
    place: int,
    form: PlayoffFormat,
    players: tuple[int, ...],
    tied: tuple[int, ...],
    stages: list[StageResult],
    eliminated: list[list[list[int]]],
    still: list[int],
    next_game: Phrase,
    note: Phrase,
    to_play: list[int] | None = None,
) -> Playoff:
    """A play-off still being played: ``still`` play on; the players the finished stages
    put out are ``level`` (best first, as ``_finish`` gives them), their places known.
    ``to_play``: who may still play a game of it (``still`` unless given)."""
    level = [tuple(group) for stage in reversed(eliminated) for group in stage]
    return Playoff(
        place,
        form,
        players,
        tied,
        "pending",
        tuple(stages),
        (),
        next_game,
        note,
        tuple(level),
        still=tuple(still),
        to_play=tuple(still if to_play is None else to_play),
    )


def _lots_hint(form: PlayoffFormat) -> str:
    """What ``[playoff] lots`` records for this procedure, stage by stage: the U.S. Junior
    Closed blitz is drawn by lot too ("Lots shall be drawn at random"), but its colours are
    free, so the first name is the Armageddon's, which an organiser may not expect."""
    drawn = [
        "the Armageddon" if spec.armageddon else f'the first game of "{spec.name}"'
        for spec in form.stages
        if spec.colours == "lot"
    ]
    free = [f'"{spec.name}"' for spec in form.stages if spec.colours == "free"]
    text = f"[playoff] lots names, in order, the player who drew White in {' and '.join(drawn)}"
    if free:
        text += f" (the colours of {' and '.join(free)} are not recorded there)"
    return text


def _stage(
    event: Event,
    spec: StageSpec,
    active: list[int],
    games: _Games,
    lot: int | None,
    first_colours: tuple[int, int] | None,
    problems: Problems,
    lots_hint: str,
) -> tuple[StageResult, Phrase | None, tuple[int, int] | None]:
    """A match or double round robin among ``active``; returns the next game due if unfinished."""
    pairs = [(a, b) for i, a in enumerate(active) for b in active[i + 1 :]]
    due: dict[frozenset[int], list[tuple[int, int] | None]] = {}
    for a, b in pairs:
        due[frozenset((a, b))] = [None] * spec.games
    taken: list[Game] = []
    first: tuple[int, int] | None = None
    while any(None in slots for slots in due.values()):
        game = games.peek()
        if game is None:
            break
        pair = frozenset((game.white, game.black))
        if pair not in due or None not in due[pair]:
            names = named_list(event.player(p).name for p in active)
            problems.error(
                Phrase(
                    _label(event, game),
                    f' does not belong to the stage "{spec.name}" (its players: ',
                    names,
                    ")",
                ),
                game.source,
                game.line,
                "check the Round tags (games are read in play-off order) and the players",
                code="playoff-wrong-game",
            )
            games.take()
            continue
        slots = due[pair]
        index = slots.index(None)
        expected = _expected_colours(spec, len(active), index, slots, pair, lot, first_colours)
        if expected is not None and (game.white, game.black) != expected:
            problems.error(
                Phrase(
                    _label(event, game),
                    ": ",
                    _name(event, expected[0]),
                    f' should have White in game {index + 1} of "{spec.name}"',
                ),
                game.source,
                game.line,
                "colours of the second game are reversed; stage 2 keeps stage 1's colours; "
                + lots_hint,
                code="playoff-colours",
            )
        _check_time_control(event, spec, game, problems)
        slots[index] = (game.white, game.black)
        if first is None:
            first = (game.white, game.black)
        taken.append(games.take())
    scores = {p: 0.0 for p in active}
    for game in taken:
        for player in (game.white, game.black):
            scores[player] += _points(game, player)
    complete = all(None not in slots for slots in due.values())
    pending = None
    if not complete:
        pending = _next_in_stage(event, spec, active, due, lot, first_colours)
    result = StageResult(spec, tuple(active), tuple(taken), scores, complete)
    return result, pending, first


def _expected_colours(
    spec: StageSpec,
    players: int,
    index: int,
    slots: list[tuple[int, int] | None],
    pair: frozenset[int],
    lot: int | None,
    first_colours: tuple[int, int] | None,
) -> tuple[int, int] | None:
    """The colours a game must have, or ``None`` when any are right (drawn by lot, unknown)."""
    if index > 0 and slots[0] is not None:
        white, black = slots[0]
        return (black, white)  # the second game of a pair reverses the colours
    if players != 2:
        return None
    if spec.colours == "repeat" and first_colours is not None and frozenset(first_colours) == pair:
        return first_colours
    if spec.colours == "lot" and lot is not None and lot in pair:
        (other,) = pair - {lot}
        return (lot, other)
    return None


def _next_in_stage(
    event: Event,
    spec: StageSpec,
    active: list[int],
    due: dict[frozenset[int], list[tuple[int, int] | None]],
    lot: int | None,
    first_colours: tuple[int, int] | None,
) -> Phrase:
    for pair, slots in due.items():
        if None not in slots:
            continue
        index = slots.index(None)
        expected = _expected_colours(spec, len(active), index, slots, pair, lot, first_colours)
        if expected:
            text = Phrase(
                _name(event, expected[0]), " (White) v ", _name(event, expected[1]), " (Black)"
            )
        else:
            a, b = sorted(pair)
            text = Phrase(_name(event, a), " v ", _name(event, b), ", colours by lot")
        return Phrase(f"{spec.name} ({spec.time_control}), game {index + 1}: ", text)
    return Phrase(spec.name)


def _armageddon(
    event: Event,
    spec: StageSpec,
    active: list[int],
    games: _Games,
    lot: int | None,
    problems: Problems,
    lots_hint: str,
) -> tuple[StageResult, list[int], Phrase | None]:
    """One game for two players, a ladder for more: lowest seeds first, the winner goes on.
    Returns the stage, the finishing order (while a game is still due, the players knocked
    out so far, earliest first) and the game due."""
    ladder = list(reversed(active))  # lowest seed first
    holder = ladder[0]
    knocked_out: list[int] = []
    taken: list[Game] = []
    for challenger in ladder[1:]:
        pair = frozenset((holder, challenger))
        game = games.peek()
        if game is None:
            if lot is not None and not taken and lot in pair:
                other = holder if lot == challenger else challenger
                names = Phrase(_name(event, lot), " (White) v ", _name(event, other), " (Black)")
            else:
                names = Phrase(_name(event, challenger), " v ", _name(event, holder))
                names += ", colours by lot"
            pending = Phrase(f"{spec.name} ({spec.time_control}): ", names)
            scores = {p: 0.0 for p in active}
            # Those the games played so far knocked out, earliest first.
            result = StageResult(spec, tuple(active), tuple(taken), scores, False, due=pair)
            return result, knocked_out, pending
        if frozenset((game.white, game.black)) != pair:
            problems.error(
                Phrase(
                    _label(event, game),
                    " should be the Armageddon game ",
                    _name(event, challenger),
                    " v ",
                    _name(event, holder),
                ),
                game.source,
                game.line,
                "with more than two players the lowest seeds meet first and the winner "
                "meets the next",
                code="playoff-wrong-game",
            )
            games.take()
            return (
                StageResult(spec, tuple(active), tuple(taken), {p: 0.0 for p in active}, False),
                [],
                Phrase(f"{spec.name}: ", _name(event, challenger), " v ", _name(event, holder)),
            )
        if lot is not None and not taken and lot in pair and game.white != lot:
            problems.error(
                Phrase(
                    _label(event, game),
                    ": the lot gave White to ",
                    _name(event, lot),
                ),
                game.source,
                game.line,
                "check the game's colours; " + lots_hint,
                code="playoff-colours",
            )
        _check_time_control(event, spec, game, problems)
        taken.append(games.take())
        winner = armageddon_winner(game)
        loser = challenger if winner == holder else holder
        knocked_out.append(loser)
        holder = winner
    scores = {p: (1.0 if p == holder else 0.0) for p in active}
    order = [holder, *reversed(knocked_out)]
    result = StageResult(spec, tuple(active), tuple(taken), scores, True, (holder,))
    return result, order, None


def _check_time_control(event: Event, spec: StageSpec, game: Game, problems: Problems) -> None:
    tag = game.headers.get("TimeControl", "").strip()
    if tag and tag not in ("?", "-") and tag not in spec.tags:
        problems.error(
            Phrase(
                _label(event, game),
                f' has TimeControl "{tag}", but "{spec.name}" is played at {spec.time_control}',
            ),
            game.source,
            game.line,
            "expected " + " or ".join(f'"{t}"' for t in spec.tags),
            code="playoff-time-control",
        )


def _label(event: Event, game: Game) -> Phrase:
    """How a message names a play-off game: its Round tag and players, in the words the load
    stage and the arbiter's checks use for it (``checks.game_label``), with the players'
    names from event.toml."""
    return game_label(event, game)


def _name(event: Event, number: int) -> Name:
    return Name(event.player(number).name)


def _ahead_of_the_left_out(
    row: StandingRow, left_out: StandingRow, boundary: StandingRow
) -> tuple[str, Phrase]:
    """Why the last player of a play-off the seeding cut (ACF 5.2) is ahead of the first
    player it left out, when that is not the player the math order had there: on the first
    tie-break where their own values differ (the one that split them in the math order),
    not on the values of the player whose place the play-off gave them."""
    for key, value in row.tiebreaks.items():
        code = column_code(key)
        if parse_code(code).base == "DE":
            break  # worked out on a group, not a value of one's own
        other = left_out.tiebreaks.get(key, value)
        if value > other + EPSILON:
            return key, Phrase(
                f"ahead on {describe(code)}, {' to '.join(compared_text(value, other))}"
            )
        if abs(value - other) > EPSILON:
            break
    code = column_code(boundary.decided_by)
    left = Phrase(f"played off, and {code} left ", Name(left_out.player.name), " out")
    return boundary.decided_by, left


def _with_encounters(row: StandingRow, encounters: dict[str, float | None]) -> StandingRow:
    """The row with the Direct Encounter values of the group the play-off left it level with:
    the spec gives DE as the score among the group it was applied to (0 if not reached)."""
    if not encounters:
        return row
    tiebreaks = {
        key: (value if key not in encounters else encounters[key] or 0.0)
        for key, value in row.tiebreaks.items()
    }
    unreached = tuple(key for key, value in encounters.items() if value is None)
    return replace(row, tiebreaks=tiebreaks, unreached=unreached)


def apply_playoffs(standings: Standings, playoffs: Sequence[Playoff]) -> Standings:
    """The final standings: each play-off's order replaces the math order of its players.

    Players tied with them but left out by the seeding (ACF 5.2) follow in math order. A play-off
    still being played is not guessed: a leader nobody can catch any more is first
    (``Playoff.ahead``); the players still in it share the place until it is complete; those
    a stage put out take the places it gave them, behind.
    """
    rows = list(standings.rows)
    for playoff in playoffs:
        if playoff.status == "not-needed" or not playoff.players:
            continue
        positions = [i for i, r in enumerate(rows) if r.player.number in playoff.tied]
        start = positions[0]
        group = [rows[i] for i in positions]
        by_number = {r.player.number: r for r in group}
        leftover = [r for r in group if r.player.number not in playoff.players]
        settled = [by_number[n] for n in playoff.order]
        separations = list(playoff.separations)
        places = list(playoff.places)
        if playoff.status != "complete":
            # Still being played: a leader nobody can catch any more, and any place certain
            # below them, first (``Playoff.ahead``); then those still in share the place, not
            # guessed; those it put out follow, in the places it gave them (``Playoff.still``).
            ahead = [by_number[n] for n in playoff.ahead]
            still = playoff.still or (() if playoff.ahead or playoff.order else playoff.players)
            playing = [by_number[n] for n in still]
            first = start + len(ahead) + 1
            last = start + len(ahead) + len(playing)
            shared = f"{first}-{last}" if last > first else str(first)
            above = [("playoff", _AHEAD_IN_THE_PLAYOFF)] * len(ahead)
            below = [("playoff", _AHEAD_IN_THE_PLAYOFF)] if settled and playing else []
            if not playing and ahead and not settled:
                above.pop()  # nothing below them: the last goes by the boundary
            shared_run = [("shared", _NOT_FINISHED)] * max(len(playing) - 1, 0)
            separations = above + shared_run + below + separations
            places = [str(start + 1 + i) for i in range(len(ahead))]
            places += [shared] * len(playing) + list(playoff.places)
            settled = ahead + playing + settled
        ordered = settled + leftover
        size = len(settled)
        new_rows = []
        for index, row in enumerate(ordered):
            if index >= size:
                new_rows.append(row)  # left out by the seeding: math place and reason
                continue
            if index < size - 1:
                decided, reason = separations[index]
            else:
                # What separated the play-off from the next player: the seeding (ACF 5.2)
                # or the points, as the math order had it at that position.
                boundary = group[size - 1]
                decided, reason = boundary.decided_by, boundary.reason
                if size < len(group) and row is not boundary:
                    decided, reason = _ahead_of_the_left_out(row, group[size], boundary)
            place = places[index]
            rank = int(place.split("-")[0])
            row = _with_encounters(row, playoff.encounters.get(row.player.number, {}))
            new_rows.append(replace(row, rank=rank, place=place, decided_by=decided, reason=reason))
        rows[start : start + len(group)] = new_rows
    return Standings(tuple(rows), standings.after_round)
