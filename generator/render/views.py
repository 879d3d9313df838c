"""Render stage: arrange rule results into the tables the templates print.

Nothing here decides an order or a score; it only looks results up and lays them out (cells of a
crosstable, lines of a player's card), so templates stay simple loops.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from ..model import Bye, Event, Game, Player
from ..pgn import IN_A_SIDE_LINE
from ..rules.categories import category_ranking
from ..rules.playoffs import Playoff
from ..rules.prizes import Award, prize_name
from ..rules.ratings import RatingChange, rounded
from ..rules.scores import Kind, PlayerRecord, RoundEntry
from ..rules.standings import StandingRow, Standings, column_keys
from ..rules.tiebreaks import (
    Modifiers,
    TiebreakContext,
    definition,
    describe,
    describe_variant,
    parse_code,
    tiebreak_values,
)
from ..text import (
    Phrase,
    list_joints,
    named_list,
    number_text,
    score_text,
    withdrawal_text,
)


def illegal_note(game: Game) -> str:
    """What a game page says of a score with an illegal or unreadable move: one of the main
    line (``Game.illegal``) stops the moves there; one in a side line
    (``Game.side_line_left_out``) only leaves that side line out (``pgn._MainlineRecorder``),
    and the rest of the game is shown, its other side lines and comments too."""
    if game.illegal:
        return (
            f"The score has an illegal or unreadable move at {game.illegal}; the moves stop there."
        )
    move, _, written = (game.side_line_left_out or "").partition(IN_A_SIDE_LINE)
    return (
        f"The score has an illegal or unreadable move in a side line, at {move}: {written}; "
        "that side line is left out, and the rest of the game is shown."
    )


def result_text(result: str) -> str:
    """A game's result as printed: "1-0", "½-½", "+ −" for forfeits."""
    return {
        "1/2-1/2": "½-½",
        "+-": "+ : −",
        "-+": "− : +",
        "--": "− : −",
        "*": "…",
    }.get(result, result)


def listed_players(numbers: Iterable[int], event: Event) -> list[tuple[str, Player]]:
    """The players of a sentence's list ("Playing off: ..."), each with the words before it
    as ``text.name_list`` writes them, so that "Lopez, Ana; Ng, Ben and Oz, Dara" and
    "Ana Lopez, Ben Ng and Dara Oz" read as three players whichever way names are written."""
    players = [event.player(number) for number in numbers]
    return list(zip(list_joints([player.name for player in players]), players, strict=True))


_GAME_SYMBOLS = {"win": "1", "draw": "½", "loss": "0"}


def entry_symbol(entry: RoundEntry) -> str:
    """One player's result in one round, as a crosstable cell shows it."""
    if entry.kind is Kind.GAME:
        return _GAME_SYMBOLS[entry.outcome or "loss"]
    if entry.kind is Kind.FORFEIT_WIN:
        return "+"
    if entry.kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT):
        return "−"
    if entry.kind is Kind.PENDING:
        return "*"
    if entry.kind is Kind.BYE and entry.bye is not None:
        return {1: "1", 0.5: "½"}.get(entry.bye.points, "0")
    if entry.kind in (Kind.ABSENT, Kind.UNPAIRED):
        return "0"
    return ""


_LABELS = {
    Kind.GAME: "",
    Kind.FORFEIT_WIN: "won by forfeit",
    Kind.FORFEIT_LOSS: "lost by forfeit",
    Kind.DOUBLE_FORFEIT: "double forfeit",
    Kind.PENDING: "not finished",
    Kind.ABSENT: "withdrawn",
    Kind.UNPAIRED: "not paired",
    Kind.FUTURE: "not played yet",
}


def entry_label(entry: RoundEntry) -> str:
    """Words for a round without an over-the-board result, for titles and screen readers. A
    bye of a round not played yet (asked for ahead, or given with the pairings) is named, as
    the round's page lists it: a player's card saying only "not played yet" told a parent
    nothing of the bye already granted."""
    if entry.kind is Kind.BYE:
        return entry.bye.kind if entry.bye else "bye"
    if entry.kind is Kind.FUTURE and entry.bye is not None:
        if entry.bye.late_entry:  # true of a round to come as of one played
            return entry.bye.kind
        return f"{entry.bye.kind} (round not played yet)"
    return _LABELS[entry.kind]


def scheduled_no_game(event: Event, number: int, round_number: int) -> str | None:
    """Why a round robin's player has no game in a round that is over for them: the schedule
    gives them none. With an even number of players and one withdrawn that is because the
    scheduled opponent withdrew; with an odd number and nobody withdrawn, the player sits the
    round out. Otherwise (an odd number and a withdrawal, or two withdrawn who may have been
    due to meet, a game of the others not in yet) the records tell which only when the games
    follow the Berger table (``Event.scheduled_without_game``, asked first). None outside a
    round robin, after the player's own withdrawal, and for a round whose record of the
    player is not in yet (``Event.not_in_yet``), where "not paired" is what the page can say."""
    if not event.is_round_robin or round_number in event.not_in_yet.get(number, ()):
        return None
    withdrawn = event.player(number).withdrawn_after
    if withdrawn is not None and withdrawn < round_number:
        return None  # the player's own withdrawal, which the pages word themselves
    known = event.scheduled_without_game(number, round_number)
    if known is not None:  # the games follow the Berger table, which tells
        return known
    gone = event.withdrawn_before(round_number)
    if not gone:
        return None if len(event.players) % 2 == 0 else "sits out"
    if len(event.players) % 2 == 0 and gone == 1:
        return "opponent withdrew"
    # Two gone may have been due to meet each other, leaving two players whose own game is
    # merely not entered yet (``Event.unpaired`` allows as many missing as are gone): "opponent
    # withdrew" would then be false, so this says only what the records do tell.
    return "no game by the schedule"


@dataclass(frozen=True)
class TiebreakColumn:
    """A tie-break as the tables head it: code, full name, article and definition, and the
    key of its values in the rows (``column_keys``: the code, "DE#2" for a code listed
    again)."""

    code: str
    name: str
    article: str
    description: str
    key: str = ""

    def __post_init__(self) -> None:
        if not self.key:
            object.__setattr__(self, "key", self.code)

    @property
    def base(self) -> str:
        """The code without its modifiers ("BH" of "BH/C1"): what the rules' notes speak of."""
        return parse_code(self.code).base


def tiebreak_columns(event: Event) -> tuple[TiebreakColumn, ...]:
    columns = []
    bases_before: set[str] = set()
    codes_before: set[str] = set()
    for code, key in zip(event.tiebreaks, column_keys(event.tiebreaks), strict=True):
        found = definition(code)
        # A code listed again with other modifiers (PS, PS/C1, ... PS/C6) says what it changes
        # rather than repeating the definition the page has just given; the plain code after
        # a variant of it (BH/C1, then BH) is defined in full.
        modified = parse_code(code).modifiers != Modifiers()
        again = code.upper() in codes_before or (modified and found.code in bases_before)
        draw = event.scoring.draw
        text = describe_variant(code, event.rounds, draw) if again else found.description
        bases_before.add(found.code)
        codes_before.add(code.upper())
        columns.append(TiebreakColumn(code, describe(code), found.article, text, key))
    return tuple(columns)


def columns_after(
    columns: tuple[TiebreakColumn, ...], after_round: int
) -> tuple[TiebreakColumn, ...]:
    """The columns of the standings after ``after_round``: a Progressive Score cut of that
    many rounds or more leaves nothing (a column of zeros), so it is left out."""

    def empty(column: TiebreakColumn) -> bool:
        code = parse_code(column.code)
        return code.base == "PS" and code.modifiers.cut >= after_round

    return tuple(c for c in columns if not empty(c))


class Cell(NamedTuple):
    """One result in a table: what to print, the colour played and the game it links to.
    (A tuple: a 2,000-player rank table makes 22,000 of them.)"""

    symbol: str
    colour: str | None = None
    game: Game | None = None
    opponent: str = ""
    label: str = ""
    kind: str = ""


def cell_for(entry: RoundEntry, opponent: str = "") -> Cell:
    # Positional: a rank table makes 22,000 cells, and keywords cost a third of each.
    return Cell(
        entry_symbol(entry),
        entry.colour,
        entry.game,
        opponent,
        entry_label(entry),
        entry.kind.value,
    )


@dataclass(frozen=True)
class TableRow:
    position: int
    row: StandingRow
    cells: tuple[tuple[Cell, ...] | None, ...]
    """Crosstable: one tuple of games per opponent column (``None`` on the diagonal).
    Rank table: one single-cell tuple per round."""


def crosstable(standings: Standings) -> tuple[TableRow, ...]:
    """Round-robin grid, rows and columns in final order; double round robins: 2 games a cell."""
    order = [row.player.number for row in standings.rows]
    rows = []
    for position, row in enumerate(standings.rows, start=1):
        against: dict[int, list[RoundEntry]] = {}
        for entry in row.record.entries:
            if entry.opponent is not None:
                against.setdefault(entry.opponent, []).append(entry)
        cells: list[tuple[Cell, ...] | None] = []
        for number in order:
            if number == row.player.number:
                cells.append(None)
            else:
                cells.append(tuple(cell_for(e) for e in against.get(number, [])))
        rows.append(TableRow(position, row, tuple(cells)))
    return tuple(rows)


def rank_table(standings: Standings) -> tuple[TableRow, ...]:
    """Swiss table as chess-results prints it: opponent's rank (final once the event is),
    colour, result."""
    rows = []
    ranks = {row.player.number: str(rank) for rank, row in enumerate(standings.rows, start=1)}
    for position, row in enumerate(standings.rows, start=1):
        cells = []
        for entry in row.record.entries:
            if entry.kind is Kind.ABSENT and entry.round > standings.after_round:
                # A round to come after the withdrawal: no result yet, as the player's card
                # says (``player_lines``); "–" and "0" read as a round lost.
                ahead = cell_for(replace(entry, kind=Kind.FUTURE))
                cells.append((ahead._replace(label=WITHDRAWN_AHEAD),))
                continue
            opponent = "" if entry.opponent is None else ranks[entry.opponent]
            if entry.kind is Kind.BYE:
                opponent = "bye"
            elif entry.kind in (Kind.ABSENT, Kind.UNPAIRED):
                opponent = "–"
            cells.append((cell_for(entry, opponent),))
        rows.append(TableRow(position, row, tuple(cells)))
    return tuple(rows)


def shows_federations(event: Event) -> bool:
    """Whether the rank table, the crosstable and a category's standings have chess-results'
    FED column: only when the players come from two federations or more. A national
    championship's would say "AUS" in every row (and its pages stay as they were)."""
    return len({player.federation for player in event.players if player.federation}) > 1


@dataclass(frozen=True)
class Pairing:
    board: int
    game: Game
    white: Player
    black: Player
    white_score: float
    """Score before the round, as pairing lists show it."""
    black_score: float


@dataclass(frozen=True)
class ScheduledPairing:
    """A game of a round robin's round not played yet, as FIDE's Berger table pairs it."""

    board: int
    white: Player
    black: Player


@dataclass(frozen=True)
class RoundView:
    number: int
    pairings: tuple[Pairing, ...]
    byes: tuple[tuple[Player, Bye], ...]
    absent: tuple[tuple[Player, str], ...]
    """Players with neither a game nor a bye, and why, where the schedule says (a round
    robin's: ``scheduled_no_game``; a withdrawal the page words itself)."""
    scheduled: tuple[ScheduledPairing, ...] = ()
    """A round robin's round not played yet: its games by the Berger table
    (``Event.pairings_to_come``), without those of players who withdrew."""


@dataclass(frozen=True)
class GameLink:
    """A neighbouring game's page, as a game page's pager links it."""

    path: str
    label: str
    """Which game it is ("Round 2, board 1", "Play-off game 2"): the link's title."""


@dataclass(frozen=True)
class GamePager:
    """The games before and after a game page's own, for a reader going through a round's
    games without going back to the round's page: the pages of the event's games in board
    order, round after round, or of the play-off's games in playing order."""

    previous: GameLink | None
    next: GameLink | None


def game_label(game: Game) -> str:
    """A game as a pairing list names it: "Round 2, board 1", "Play-off game 2"."""
    if game.is_playoff:
        return f"Play-off game {game.board}"
    return f"Round {game.round}, board {game.board}"


def game_pagers(games: Sequence[Game], path: Callable[[Game], str]) -> list[tuple[Game, GamePager]]:
    """Each of ``games`` (those with a page, in reading order) with its neighbours' links:
    the first has no previous game, the last no next."""
    links = [GameLink(path(game), game_label(game)) for game in games]
    return [
        (
            game,
            GamePager(
                links[index - 1] if index > 0 else None,
                links[index + 1] if index + 1 < len(links) else None,
            ),
        )
        for index, game in enumerate(games)
    ]


def event_title(event: Event, championship_of: Mapping[str, Any], joint: str = " · ") -> str:
    """An event's name as a page's title gives it: a championship's section also names its
    championship ("Under 12 · Junior Championship 2026"), else a browser tab, a bookmark or a
    search result reads "Standings · Under 12" of some championship; not when the section's
    own name holds the championship's already. ``joint`` goes between the two names."""
    championship = championship_of.get(event.slug)
    if championship is None or championship.name.casefold() in event.name.casefold():
        return event.name
    return f"{event.name}{joint}{championship.name}"


class EventStatus(NamedTuple):
    """How far an event has got, in the words every page uses (``event_status``): one state
    read two ways on two pages confused parents ("round 3 of 3 in progress" on the home page,
    "after round 3 of 3 (round 3 still has games to finish)" on the championship's)."""

    short: str
    """"after round 2 of 3, round 3 in progress": the home page's list, a championship's
    table of sections and the header of a printed page."""
    sentence: str
    """"After round 2 of 3, round 3 in progress": the event page's Progress; a finished
    event's also counts its rounds ("Final: all 3 rounds played")."""
    remaining: str
    """What keeps the standings provisional ("round 3 in progress, 4 rounds still to play");
    empty once the event is finished."""


def event_status(
    event: Event, playoff_pending: bool = False, after_round: int | None = None
) -> EventStatus:
    """The event's status: "not started", "after round 2 of 7", "after round 2 of 3, round 3
    in progress", "final", "all rounds played, play-off pending". ``playoff_pending``: every
    round is played but a play-off still decides a place, so nothing is final yet.
    ``after_round``: the round of the standings a page shows; an earlier one than the last
    played is the page's status ("after round 2 of 7", as on the printed standings)."""
    rounds, played, on = event.rounds, event.rounds_played, tuple(event.rounds_in_progress)
    to_play = max(rounds - played, 0)
    left = [f"{rounds_text(on)} in progress"] if on else []
    left += [f"{to_play} round{'' if to_play == 1 else 's'} still to play"] if to_play else []
    remaining = "" if event.finished else ", ".join(left)
    if after_round is not None and after_round < played:
        short = f"after round {after_round} of {rounds}"
        return EventStatus(short, _capitalised(short), remaining)
    if event.finished and playoff_pending:
        short = "all rounds played, play-off pending"
        return EventStatus(short, f"All {rounds} rounds played, play-off pending", remaining)
    if event.finished:
        return EventStatus("final", f"Final: all {rounds} rounds played", remaining)
    if played == 0 and not on:
        return EventStatus("not started", "Not started", remaining)
    # The last round with every result in, unless a round after it still has games on:
    # "after round 3 of 7, round 2 in progress" when a game of round 2 waits for its result.
    done = max((n for n in range(1, played + 1) if n not in on), default=0)
    parts = [f"after round {done} of {rounds}"] if done else []
    if on:
        parts.append(f"{rounds_text(on)}{'' if done else f' of {rounds}'} in progress")
    short = ", ".join(parts)
    return EventStatus(short, _capitalised(short), remaining)


def standings_round(event: Event, after_round: int) -> str:
    """ "after round 3", or "during round 4": the round of the standings a heading names. The
    current standings count the results of a round still being played: headed "after round
    4" they contradicted the page's status, "after round 3 of 7, round 4 in progress", as if
    round 4 were over; "during round 4" reads as the status does."""
    current = after_round >= event.rounds_played
    if current and after_round in event.rounds_in_progress:
        return f"during round {after_round}"
    return f"after round {after_round}"


def rounds_charted(event: Event) -> int:
    """The rounds the event page's chart of places plots: up to the last one played to its
    end. A round still being played at the end (a game without a result, a player without a
    game or a bye) is left out: its places are only those "during round N" the standings
    name, and a point for it, drawn like the others, read as the place after the round."""
    last = event.rounds_played
    in_progress = set(event.rounds_in_progress)
    while last and last in in_progress:
        last -= 1
    return last


class PlayoffProgress(NamedTuple):
    """How a play-off not yet decided is introduced: its state and the word before the game
    it names (``playoff_progress``)."""

    state: str
    """"Still to play" before its first game; "Being played" once a game of it is in or on."""
    game: str
    """"Next" before the game due; "Now" where that game is being played."""


def playoff_progress(playoff: Playoff) -> PlayoffProgress:
    """The words of a pending play-off's line. With game 1 drawn and game 2 on, the pages said
    "Still to play. Next: ..., game 2: A (White) v B (Black), being played" and the standings
    "a play-off still to be played": a parent watching game 2 read that it had not begun, and
    "Next" of the game already on the board."""
    started = bool(playoff.live) or any(stage.games for stage in playoff.stages)
    now = playoff.due_on  # the game due is on the board
    return PlayoffProgress("Being played" if started else "Still to play", "Now" if now else "Next")


def dummy_cap_text(event: Event) -> str:
    """The cap C.07 (2026) 16.4.2 puts on the dummy opponent of an unplayed round, a draw in
    every round played, as the current standings apply it: "1½ points after round 3" while
    the event runs (the page said "after all 7 rounds" with 3 played, a cap the standings do
    not use yet; "during round 4" as their heading, ``standings_round``), "3½ points after
    all 7 rounds" once the event is over, and before the first result, with no round to
    count yet."""
    played, rounds, draw = event.rounds_played, event.rounds, event.scoring.draw
    if played and not event.finished:
        cap, when = played * draw, standings_round(event, played)
    else:
        cap, when = rounds * draw, f"after all {rounds} rounds"
    return f"{score_text(cap)} {'point' if cap == 1 else 'points'} {when}"


def koya_step_text(event: Event) -> str:
    """How far one step of a Koya limit (``KS/L+1``) moves the qualifying line: half a point
    of the 1-½-0 scale, that is a draw's points under the event's own scoring
    (``tiebreaks.koya_limit_step``): "half a point", or under 3-1-0 "1 point, a draw's
    points, as C.07 (14.5) counts the steps in half points of the 1-½-0 scale"."""
    scoring = event.scoring
    if (scoring.win, scoring.draw) == (1.0, 0.5):
        return "half a point"
    points = "point" if scoring.draw == 1 else "points"
    return (
        f"{score_text(scoring.draw)} {points}, a draw's points, as C.07 (14.5) counts the "
        "steps in half points of the 1-½-0 scale"
    )


def rounds_text(numbers: Sequence[int]) -> str:
    """ "round 3", "rounds 2 and 3", "rounds 2, 3 and 4": the rounds a status or a player's
    card names (the ``rounds`` filter)."""
    texts = [str(n) for n in numbers]
    listed = "".join(j + t for j, t in zip(list_joints(texts), texts, strict=True))
    return f"round{'s' if len(texts) > 1 else ''} {listed}"


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


LEADERS_MOST = 10
"""The most names the Leaders list gives: a place shared by more is summed up instead."""


def leaders(
    standings: Standings, count: int = 5, most: int = LEADERS_MOST
) -> tuple[StandingRow, ...]:
    """The top of the standings for an event's home page: ``count`` rows, and every player
    who shares the last of their places (two sharing 5th-6th are both listed, or neither
    would know from the list that the place is shared). A place shared by so many that the
    list would pass ``most`` names is left to ``leaders_beyond``: after round 1 of an open,
    900 winners equal on every tie-break share 1st-900th place, and the list named them all."""
    rows = standings.rows
    if len(rows) <= count:
        return tuple(rows)
    last = rows[count - 1].place
    first = count - 1
    while first > 0 and rows[first - 1].place == last:
        first -= 1
    more = count
    while more < len(rows) and rows[more].place == last:
        more += 1
    return tuple(rows[: first if more > most else more])


class SharedPlace(NamedTuple):
    """A place shared by more players than the Leaders list names: "1-900: 900 players with
    1 point"."""

    place: str
    players: int
    points: float


def leaders_beyond(
    standings: Standings, shown: Sequence[StandingRow], count: int = 5
) -> SharedPlace | None:
    """The place after the Leaders list's ``shown`` rows (``leaders`` of the same ``count``),
    when it was left out for the number sharing it; ``None`` when the list is whole."""
    rows = standings.rows
    if len(shown) >= count or len(shown) >= len(rows):
        return None
    place = rows[len(shown)].place
    sharing = [row for row in rows[len(shown) :] if row.place == place]
    return SharedPlace(place, len(sharing), sharing[0].points)


def running_scores(records: dict[int, PlayerRecord]) -> dict[int, tuple[float, ...]]:
    """Each player's score after each round, by number."""
    return {number: record.running_scores() for number, record in records.items()}


def round_view(
    event: Event,
    records: dict[int, PlayerRecord],
    number: int,
    running: dict[int, tuple[float, ...]] | None = None,
) -> RoundView:
    """A round's pairings with each player's points before it, its byes and absentees.
    ``running``: each player's ``running_scores``, when worked out already (for every round)."""
    scores = running or running_scores(records)

    def before(player: int) -> float:
        return scores[player][number - 2] if number > 1 else 0.0

    pairings = tuple(
        Pairing(
            game.board,
            game,
            event.player(game.white),
            event.player(game.black),
            before(game.white),
            before(game.black),
        )
        for game in event.games_in_round(number)
    )
    byes = tuple((event.player(b.player), b) for b in event.byes if b.round == number)
    scheduled, no_game = scheduled_pairings(event, number)
    absent = tuple(
        (event.player(n), no_game.get(n) or scheduled_no_game(event, n, number) or "")
        for n, record in records.items()
        if record.entries[number - 1].kind in (Kind.ABSENT, Kind.UNPAIRED) or n in no_game
    )
    return RoundView(number, pairings, byes, absent, scheduled)


def scheduled_pairings(
    event: Event, number: int
) -> tuple[tuple[ScheduledPairing, ...], dict[int, str]]:
    """A round robin's round not played yet, by the Berger table (``Event.pairings_to_come``):
    its games, boards numbered in the table's order (a game left out keeps its board empty;
    an odd field's table bye is no board), and the players without one, and why
    ("sits out": the table's bye; "opponent withdrew"). A game with a player who withdrew
    before the round is left out, as it will not be played (the arbiter's pairing list
    leaves it out too); the withdrawn player is listed as not playing by the page itself.
    Nothing for any other round, or where the table is not known to be followed."""
    games = event.pairings_to_come.get(number)
    if games is None:
        return (), {}

    def gone(player: int) -> bool:
        withdrawn = event.player(player).withdrawn_after
        return withdrawn is not None and withdrawn < number

    # A bye entered ahead for the round (an absence announced): the page lists it, and its
    # game will not be played either.
    away = {bye.player for bye in event.byes if bye.round == number}
    paired = {n for game in games for n in game}
    no_game = {
        p.number: "sits out" for p in event.players if p.number not in paired and not gone(p.number)
    }
    # Each game keeps its board in the table's order when one before it is left out: the
    # page says the pairings are the table's, and the round's games, once entered, carry
    # the tournament's boards, which do not close up around a game not played.
    kept = []
    for board, (white, black) in enumerate(games, start=1):
        if gone(white) or gone(black):
            no_game.update({n: "opponent withdrew" for n in (white, black) if not gone(n)})
        elif white in away or black in away:
            no_game.update({n: "opponent has a bye" for n in (white, black) if n not in away})
        else:
            kept.append(ScheduledPairing(board, event.player(white), event.player(black)))
    # A player with a bye entered for the round stands under the byes: not again as not
    # playing (the table's sit-out, or a game a withdrawal cancels, given as a bye).
    no_game = {n: why for n, why in no_game.items() if n not in away}
    return tuple(kept), no_game


@dataclass(frozen=True)
class NamedPairing:
    """One player's line of a round's pairings by name (``pairings_by_name``): in a 300-player
    open a parent finds a name in the alphabet, not on one of 150 boards."""

    player: Player
    board: int | None = None
    colour: str = ""
    """ "White" or "Black"; "" without a game."""
    opponent: Player | None = None
    game: Game | None = None
    result: str = ""
    """The player's own result, as a crosstable cell gives it: "1", "½", "0", "+" (won by
    forfeit), "−" (lost by forfeit, or a double forfeit), "…" (not finished); "" to come."""
    note: str = ""
    """Without a game, what the board list says instead: "half-point bye", "not playing
    (withdrew after round 3)"."""


_OWN_RESULT = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "1/2-1/2": ("½", "½"),
    "+-": ("+", "−"),
    "-+": ("−", "+"),
    "--": ("−", "−"),
    "*": ("…", "…"),
}


_UNSPLIT_LETTERS = str.maketrans(
    {"Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "Ħ": "H", "ħ": "h", "ı": "i"}
    | {"Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "Þ": "Th", "þ": "th"}
)
"""Latin letters that Unicode does not split into a letter and its accent (Ł is no L with a
stroke to NFKD): read as the letter they are alphabetised with, or Łukasz sorted after Zoë."""


def name_order(player: Player) -> tuple[str, str, int]:
    """Where a name stands in an alphabetical list: as written, case and accents ignored
    ("Ábel" among the A's, "de Vries" under d), so that readers find it where they look."""
    split = unicodedata.normalize("NFKD", player.name).translate(_UNSPLIT_LETTERS)
    plain = "".join(char for char in split if not unicodedata.combining(char))
    whole = unicodedata.normalize("NFC", player.name).casefold()
    return plain.casefold(), whole, player.number


def has_pairings(event: Event, number: int) -> bool:
    """Whether a round has pairings to list (``round_view``'s ``pairings`` or ``scheduled``),
    known without laying the round out: its page then links its pairings by name."""
    return bool(event.games_in_round(number)) or bool(scheduled_pairings(event, number)[0])


def next_pairings(event: Event) -> int | None:
    """The round after the last played when it has pairings to list (``has_pairings``), which
    the event page's Progress links; ``None`` otherwise. A round robin's round whose every
    game the table gives is cancelled by withdrawals has none: its page says no pairings
    are published, which a link "Round 2 pairings" contradicted."""
    upcoming = event.rounds_played + 1
    return upcoming if upcoming <= event.rounds and has_pairings(event, upcoming) else None


def pairings_by_name(shown: RoundView) -> tuple[NamedPairing, ...]:
    """A round's pairings by player name, as SwissSys and Sharly Chess publish them beside the
    boards: every player once, so each game twice (under each of its players), with board,
    colour, opponent and the player's own result, or the bye or absence the board list gives.
    Nothing for a round without pairings (none published yet)."""
    if not shown.pairings and not shown.scheduled:
        return ()
    lines: list[NamedPairing] = []
    for p in shown.pairings:
        white, black = _OWN_RESULT.get(p.game.result, ("", ""))
        lines.append(NamedPairing(p.white, p.board, "White", p.black, p.game, white))
        lines.append(NamedPairing(p.black, p.board, "Black", p.white, p.game, black))
    for s in shown.scheduled:
        lines.append(NamedPairing(s.white, s.board, "White", s.black))
        lines.append(NamedPairing(s.black, s.board, "Black", s.white))
    lines += [NamedPairing(player, note=bye.kind) for player, bye in shown.byes]
    for player, why in shown.absent:
        gone = player.withdrawn_after
        if gone is not None and gone < shown.number:
            why = f"withdrew {withdrawal_text(gone)}"
        lines.append(NamedPairing(player, note=f"not playing ({why})" if why else "not playing"))
    return tuple(sorted(lines, key=lambda line: name_order(line.player)))


@dataclass(frozen=True)
class PlayerLine:
    entry: RoundEntry
    cell: Cell
    opponent: Player | None
    opponent_points: float | None
    """The opponent's points now, as chess-results' player card shows them (not their
    place, which one result elsewhere would change on most players' cards)."""
    score_after: float
    rating_change: str | None = None
    """The game's rating change as the card's "Rtg+/-" column prints it ("+12.8", "−8.4"; ""
    for a round that does not count); ``None`` when the card has no such column."""


def player_lines(
    event: Event, record: PlayerRecord, standings: Standings, card: PlayerCard | None = None
) -> tuple[PlayerLine, ...]:
    """A player's card: each round with opponent, colour, result and the running score; a
    round robin's round not played yet with the opponent and colour the Berger table gives
    (``scheduled_opponents``), as its round's page lists them; with the ``card``, each
    game's rating change when the card shows one (``PlayerCard.game_changes``)."""
    lines = _player_lines(event, record, standings)
    if card is None or not card.rating_change:
        return lines
    changes = dict(card.game_changes)
    return tuple(replace(line, rating_change=changes.get(line.entry.round, "")) for line in lines)


class NextGame(NamedTuple):
    """A card's game still to play, as a player looks for it first: the round, the board
    (when the game is entered: a round robin's round to come has only the Berger table's
    opponent), the colour and the opponent."""

    round: int
    board: int | None
    colour: str
    opponent: Player


COLOUR_NAMES = {"w": "White", "b": "Black"}
"""A round entry's colour as pages write it (the card's games table, its next game)."""


def next_game(lines: Sequence[PlayerLine]) -> NextGame | None:
    """The card's first round with an opponent and no result yet (``Kind.PENDING``: paired,
    or a round robin's round to come), or ``None``."""
    for line in lines:
        if line.entry.kind in (Kind.PENDING, Kind.FUTURE) and line.opponent is not None:
            game = line.entry.game
            colour = COLOUR_NAMES.get(line.entry.colour or "", "")
            board = game.board if game is not None else None
            return NextGame(line.entry.round, board, colour, line.opponent)
    return None


def _player_lines(
    event: Event, record: PlayerRecord, standings: Standings
) -> tuple[PlayerLine, ...]:
    lines = []
    to_come = scheduled_opponents(event, record.number)
    for entry, running in zip(record.entries, record.running_scores(), strict=True):
        if entry.kind is Kind.FUTURE and entry.round in to_come and entry.bye is None:
            scheduled, colour = to_come[entry.round]
            entry = replace(entry, opponent=scheduled, colour=colour)
        if entry.kind is Kind.ABSENT and entry.round > event.rounds_played:
            # A round to come after the withdrawal: no result nor score for it yet ("0" read
            # as a round lost), only that the player will not be in it.
            entry = replace(entry, kind=Kind.FUTURE)
            lines.append(
                PlayerLine(
                    entry, cell_for(entry)._replace(label=WITHDRAWN_AHEAD), None, None, running
                )
            )
            continue
        opponent = event.player(entry.opponent) if entry.opponent is not None else None
        points = standings.points_of(entry.opponent) if entry.opponent is not None else None
        cell = cell_for(entry)
        if entry.kind is Kind.UNPAIRED:
            cell = cell._replace(
                label=scheduled_no_game(event, record.number, entry.round) or cell.label
            )
        lines.append(PlayerLine(entry, cell, opponent, points, running))
    return tuple(lines)


WITHDRAWN_AHEAD = "withdrawn (round not played yet)"
"""A withdrawn player's round to come, on their card: a round already played says "withdrawn"
with its 0."""


def scheduled_opponents(event: Event, number: int) -> dict[int, tuple[int, str]]:
    """A player's opponent and colour ("w" or "b") in each round robin round not played yet
    whose game the Berger table gives (``scheduled_pairings``: none where a withdrawal or a
    bye entered ahead replaces it); empty outside a round robin that follows the table."""
    found: dict[int, tuple[int, str]] = {}
    for round_number in event.pairings_to_come:
        for pairing in scheduled_pairings(event, round_number)[0]:
            if pairing.white.number == number:
                found[round_number] = (pairing.black.number, "w")
            elif pairing.black.number == number:
                found[round_number] = (pairing.white.number, "b")
    return found


@dataclass(frozen=True)
class Progress:
    """How far a player's score goes while the event runs: the card says "5 from 6 rounds;
    round 7 not finished" rather than counting a game still on as a round played."""

    counted: int
    """Rounds up to the last one played whose outcome for this player is known, those after
    the player's withdrawal left out: "1 from 6 rounds" beside the standings' "Games 5" of a
    player who withdrew after round 5 counted a round they were not in (the standings' games
    are those with a result; a bye is a round in, not a game)."""
    unfinished: tuple[int, ...]
    """Those rounds whose game of this player has no result yet."""
    charted: int
    """Rounds the score chart shows: up to the last known outcome (a game still on at the
    end would otherwise be drawn as a loss)."""
    withdrawn_after: int | None = None
    """The player's withdrawal, once its round is played: "0 from 4 rounds" alone read as four
    rounds lost to a parent who did not know the player had withdrawn after round 2, so the
    card says so beside the points ("0 from 4 rounds; withdrew after round 2")."""

    @property
    def counted_text(self) -> str:
        """What the points on the card count, after them: " from 6 rounds", or nothing when no
        round counts (a withdrawal before round 1, an event not started): "0 from 0 rounds;
        withdrew before round 1" counted rounds the player was never in."""
        if not self.counted:
            return ""
        return f" from {self.counted} round{'' if self.counted == 1 else 's'}"


def player_progress(event: Event, record: PlayerRecord) -> Progress:
    entries = record.entries[: event.rounds_played]
    # A game without a result, or no game and no bye where one is due (``Event.unpaired``;
    # not a round robin's sit-out): the round is not in yet for this player.
    missing = set(event.not_in_yet.get(record.number, ()))

    def open_round(entry: RoundEntry) -> bool:
        return entry.kind is Kind.PENDING or entry.round in missing

    unfinished = tuple(e.round for e in entries if open_round(e))
    charted = len(entries)
    while charted and open_round(entries[charted - 1]):
        charted -= 1
    # As the standings' note: once the round it follows is played (one announced ahead waits).
    withdrawn = event.player(record.number).withdrawn_after
    if withdrawn is not None and withdrawn > event.rounds_played:
        withdrawn = None
    absent = sum(1 for e in entries if e.kind is Kind.ABSENT)  # after the withdrawal
    return Progress(len(entries) - len(unfinished) - absent, unfinished, charted, withdrawn)


@dataclass(frozen=True)
class CategoryRow:
    place: str
    """The place within the category ("2" or a shared "2-3")."""
    row: StandingRow
    decided_by: str = ""
    """What separates this player from the next of the category: the strongest of what
    separates the players between them overall (points, the play-off, the tie-breaks in
    order, then lots); "" for the last."""

    @property
    def tiebreaks(self) -> dict[str, float]:
        return self.row.tiebreaks

    @property
    def unreached(self) -> tuple[str, ...]:
        return self.row.unreached


def category_rows(
    standings: Standings, members: list[int], codes: Sequence[str] = ()
) -> tuple[CategoryRow, ...]:
    """A category's standings: the overall order filtered, places counted within it, and
    what separates each player from the next of the category (``codes``: the tie-breaks'
    column keys, as the rows' ``decided_by`` holds them)."""
    chosen = set(members)
    order = {r.player.number: i for i, r in enumerate(standings.rows)}
    rows = [r for r in standings.rows if r.player.number in chosen]
    positions: dict[int, list[int]] = {}
    for position, row in enumerate(rows, start=1):
        positions.setdefault(row.rank, []).append(position)
    result = []
    for index, row in enumerate(rows):
        first, last = positions[row.rank][0], positions[row.rank][-1]
        following = rows[index + 1] if index + 1 < len(rows) else None
        decided = ""  # the last: nobody of the category below
        if following is not None and following.rank == row.rank:
            decided = "shared"
        elif following is not None:
            # The overall order is lexicographic (points, play-off, tie-breaks in order,
            # lots): what separates two players is the strongest of what separates the
            # players between them.
            between = standings.rows[order[row.player.number] : order[following.player.number]]
            strength = ["points", "playoff", *codes]  # then lots
            decided = min(
                (r.decided_by for r in between if r.decided_by != "shared"),
                key=lambda by: strength.index(by) if by in strength else len(strength),
                default="",
            )
        place = str(first) if first == last else f"{first}-{last}"
        result.append(CategoryRow(place, row, decided))
    return tuple(result)


@dataclass(frozen=True)
class PlayerCard:
    """What a player's card shows beside the games, as chess-results' card does: the
    tie-break values of the standings, the average rating of the opponents and the rating
    performance, and the player's place in each category they belong to (a parent looking
    for why their child won no age-group prize finds it here). Plain values only: the
    card's page key is their digest."""

    tiebreaks: tuple[tuple[str, str, str], ...]
    """Each column's code, full name and value as the standings print it ("–": Direct
    Encounter never applied to the player)."""
    average_rating: int
    """ARO (C.07 10.1): rated opponents met over the board; 0 when there are none."""
    performance: int
    """TPR (C.07 10.2); 0 when there is no game over the board against a rated opponent."""
    categories: tuple[tuple[str, str, str], ...]
    """Each category the player belongs to: its id, its name and the place within it."""
    rating_change: str = ""
    """The rating change over the event (FIDE Rating Regulations 8.3, ``rules.ratings``) to
    one decimal, "+12.4"; "" when the player has none (unrated, no K, no game counted)."""
    k_factor: int = 0
    """The K applied (8.3.3), and the one the event file gives (``k_given``) when the cap
    of 700 over the event's games lowered it."""
    k_given: int = 0
    rated_games: int = 0
    """The games the change counts."""
    game_changes: tuple[tuple[int, str], ...] = ()
    """Each counted game's change, by round, to one decimal ("Rtg+/-")."""

    @property
    def k_text(self) -> str:
        """K as the card gives it: "K 20", or "K 38, as 40 × 18 games would exceed 700"."""
        if self.k_factor == self.k_given:
            return f"K {self.k_factor}"
        games = f"{self.k_given} × {self.rated_games} games"
        return f"K {self.k_factor}, as {games} would exceed 700"


def signed_tenths(hundredths: int) -> str:
    """A rating change in hundredths as the card prints it: one decimal, rounded half away
    from zero, signed ("+12.8", "−1.6", "0.0"). The minus is U+2212, as the prize page's
    fines have it (a hyphen is shorter than the plus beside it); the downloads, read by
    programs, keep the hyphen-minus."""
    tenths = rounded(hundredths, 10)
    sign = "+" if tenths > 0 else "−" if tenths < 0 else ""
    return f"{sign}{abs(tenths) // 10}.{abs(tenths) % 10}"


def _rating_fields(change: RatingChange | None) -> tuple[str, int, int, int, tuple[Any, ...]]:
    """``PlayerCard``'s rating change fields, from ``rules.ratings``."""
    if change is None:
        return "", 0, 0, 0, ()
    per_game = tuple((r, signed_tenths(amount)) for r, amount in change.per_game.items())
    return signed_tenths(change.total), change.k, change.k_given, change.games, per_game


def player_cards(
    event: Event,
    records: dict[int, PlayerRecord],
    standings: Standings,
    columns: Sequence[TiebreakColumn],
    changes: Mapping[int, RatingChange],
) -> dict[int, PlayerCard]:
    """Every player's ``PlayerCard``, by number: worked out once per event, looked up by
    each card; ``changes``: the rule stage's rating changes (``EventOutcome``)."""
    numbers = [row.player.number for row in standings.rows]
    context = TiebreakContext.from_records(event, records)
    average = tiebreak_values(context, "ARO", numbers)
    performance = tiebreak_values(context, "TPR", numbers)
    places: dict[int, list[tuple[str, str, str]]] = {}
    keys = column_keys(event.tiebreaks)
    for category in event.config.categories:
        members = category_ranking(event, standings, category.id)
        for shown in category_rows(standings, members, keys):
            entry = (category.id, category.name, shown.place)
            places.setdefault(shown.row.player.number, []).append(entry)
    cards = {}
    for row in standings.rows:
        number = row.player.number
        values = tuple(
            (
                column.code,
                column.name,
                "–" if column.key in row.unreached else number_text(row.tiebreaks[column.key]),
            )
            for column in columns
        )
        cards[number] = PlayerCard(
            values,
            int(average[number]),
            int(performance[number]),
            tuple(places.get(number, ())),
            *_rating_fields(changes.get(number)),
        )
    return cards


def passed_over_lines(event: Event, prizes: Iterable[Award]) -> dict[int, list[Phrase]]:
    """By player, a line for each awarded prize that passed them over (``Award.passed``):
    who received it and why this player did not. The prize page says so in the winner's
    row; a parent reading their own child's card, where the place seemed to give it, would
    otherwise not learn why. While the event runs, the prize "would go" to the winner."""
    # One prize's awards: those of the players sharing it (``shared_with``), not every award
    # of its name: two prizes may be named alike ("Under 14 prize" for 1st and 2nd place), and
    # their winners did not share one.
    winners: dict[tuple[str, str, str, frozenset[int]], list[Award]] = {}
    for award in prizes:
        if award.status == "awarded" and award.player is not None:
            sharers = frozenset((award.player, *award.shared_with))
            key = (award.kind, award.name, award.category, sharers)
            winners.setdefault(key, []).append(award)
    lines: dict[int, list[Phrase]] = {}
    for (kind, name, _, _), awards in winners.items():
        shared = len(awards) > 1  # a money prize shared by players tied for the place
        pooled = awards[0].pooled  # a tied group's pool of prizes, not one named "1st + cup"
        prize = "T" + prize_name(kind, name, pooled)[1:]
        if shared:
            verb = (" were" if pooled else " was") + " shared by "
            if not event.finished:
                verb = " would be shared by "
        else:
            verb = " went to " if event.finished else " would go to "
        to = named_list(event.player(a.player).name for a in awards if a.player is not None)
        seen: set[int] = set()
        for award in awards:
            for passed in award.passed:
                if passed.player in seen:
                    continue
                seen.add(passed.player)
                line = Phrase(prize, verb, to, ": ", passed.why(event), ".")
                lines.setdefault(passed.player, []).append(line)
    return lines
