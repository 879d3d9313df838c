"""Arbiter checks on the assembled event: things that are allowed but worth a look.

Each check is one small function that reads the ``Event`` (and, for absences, the players'
records) and adds warnings with a stable ``code`` and a ``context`` (round, board or play-off
game, white, black or player) to ``problems``. Warnings end up in ``results.json`` ``warnings``
and on the event's "Arbiter report" page; ``--strict`` turns them into a failed build.

Which checks run (documented for organisers in the README, "Arbiter checks"):

* ``early-draw`` and ``draw-unverified``: when a minimum number of moves before an agreed draw
  is in force: ``min_draw_moves`` in event.toml, or else the preset's (30 for
  ``us-junior-closed``, the 2016 U.S. Junior Closed "30-move draw rule"); 0 switches it off.
* ``time-control``: when event.toml lists ``pgn_time_control`` (the free-text ``time_control``
  is for readers and cannot be compared with a PGN tag).
* ``colour-streak``: in Swiss events only; a round robin's colours come from its tables.
* ``result-mismatch``, ``duplicate-game``, ``missing-game``: always.

A game carrying an arbiter's ``reason`` (a ``[[results]]`` entry) is the arbiter's ruling and is
not judged again by the move-based checks.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import replace
from typing import Protocol

import chess

from ..model import Event, Game
from ..pgn import Moves, game_words, start_board, tag_date
from ..problems import Problems
from ..text import Name, Phrase, named_list
from ..trf import round_column
from .standings import Standings

CHECKS: dict[str, str] = {
    "early-draw": "Draws agreed before the minimum number of moves",
    "draw-unverified": "Draws that cannot be checked against the minimum number of moves",
    "result-mismatch": "Results that contradict the final position",
    "illegal-move": "Illegal or unreadable moves",
    "time-control": "Time controls that differ from the event's",
    "game-date": "Games dated outside the event",
    "colour-streak": "The same colour three times in a row",
    "duplicate-game": "The same game in two places",
    "missing-game": "Players without a game or a bye",
    "no-result": "Games without a result",
    "forfeit-unmarked": "Games without moves called a forfeit, counted as played",
    "duplicate-board": "Two games on one board",
    "no-games": "No PGN files",
    "empty-pgn": "Empty PGN files",
    "pgn-not-read": "PGN files no pattern reads",
    "result-tag": "Result tags that differ from the moves' result",
    "trf-points": "TRF points that disagree with the results",
    "trf-withdrawal": "TRF lines that stop before the last round",
    "trf": "TRF records that are not used",
    "birthday-unknown": "Birthdays an age group needs",
    "broken-link": "Links to pages or files that are not there",
    "link-outside": "Links to files the site does not publish",
    "link": "Linked files that cannot be read",
    "fide-id-mismatch": "FIDE ids that belong to another player than the name beside them",
    "undecided-prize": "Titles and trophies the drawing of lots or the arbiter decides",
    "lots-not-recorded": "Places the drawing of lots should decide",
    "playoff-early": "Play-off games waiting for the event's last results",
    "playoff-game-not-needed": "Play-off games being played that no play-off needs",
    "place-past-field": "Prizes, trophies and play-offs for a place past the last player",
    "prize-named-twice": "Titles, trophies and prizes with the same name",
    "girls-title-open-to-boys": "Girls' titles whose category admits boys",
    "no-federation": "Players a category of one federation leaves out for want of one",
    "prize-above-higher-place": "Prizes paying more than the place above them",
    "age-date-after-event": "Age reference dates in a year after the event",
    "buchholz-in-round-robin": "Buchholz tie-breaks that FIDE's 2026 rules forbid in round robins",
    "k-factor-unrated": "K factors given to unrated players, who get no rating change",
}
"""Every warning code an event can carry, with the heading the Arbiter report gives it."""

PRESET_MIN_DRAW_MOVES: dict[str, int] = {"us-junior-closed": 30}
"""Presets whose regulations forbid agreed draws before a move ("30-move draw rule")."""

STREAK = 3
"""FIDE C.04.1 f: no player receives the same colour three times in a row."""


def arbiter_checks(event: Event, problems: Problems) -> None:
    """Run every check, in the order the Arbiter report lists them."""
    check_early_draws(event, problems)
    check_final_positions(event, problems)
    locate_illegal_moves(event, problems)
    check_time_controls(event, problems)
    check_game_dates(event, problems)
    check_colour_streaks(event, problems)
    check_duplicate_games(event, problems)
    check_rounds(event, problems)


def min_draw_moves(event: Event) -> int:
    """The event's own ``min_draw_moves``, else its preset's; 0 when no such rule applies."""
    if event.config.min_draw_moves is not None:
        return event.config.min_draw_moves
    return PRESET_MIN_DRAW_MOVES.get(event.config.rules, 0)


def all_games(event: Event) -> Iterator[Game]:
    """The games of the rounds, then the play-off games (the draw rule covers both)."""
    yield from event.games
    yield from event.playoff_games


def game_label(event: Event, game: Game) -> Phrase:
    """How a warning names a game: "round 3, board 2, A v B", or a play-off game by its Round
    tag as the load stage and the play-off rules name it ('play-off game (Round "3") A v B',
    ``pgn.game_words``): its place among the finished play-off games ("play-off game 2" for
    the Round "3" game while Round "2" waits for its result) named another game, and one
    game read two ways in one build."""
    white, black = event.player(game.white).name, event.player(game.black).name
    if game.is_playoff:
        return game_words({**game.headers, "White": white, "Black": black}, playoff=True)
    return Phrase(f"round {game.round}, board {game.board}, ", Name(white), " v ", Name(black))


def game_context(event: Event, game: Game) -> dict[str, str | int]:
    """The ``results.json`` fields that identify a game."""
    where: dict[str, str | int] = (
        {"playoff_game": game.board, "playoff_round": game.headers.get("Round", "?")}
        if game.is_playoff
        else {"round": game.round, "board": game.board}
    )
    return {
        **where,
        "white": event.player(game.white).name,
        "black": event.player(game.black).name,
    }


def moves_played(board: chess.Board) -> int:
    """Moves as a score sheet counts them: White's 30th move starts move 30."""
    return board.fullmove_number - (1 if board.turn == chess.WHITE else 0)


def final_board(game: _Played) -> chess.Board | None:
    """The game's last position, replayed with its history (repetitions need it)."""
    start = tuple((tag, game.headers[tag]) for tag in ("FEN", "Variant") if tag in game.headers)
    return _replay(start, game.moves.ucis)


@functools.lru_cache(maxsize=2048)
def _replay(start: tuple[tuple[str, str], ...], ucis: str) -> chess.Board | None:
    """Cached: the draw and result checks both look at every game's last position. From the
    parser's own start (``start_board``: a FEN tag counts even beside SetUp "0"), and move by
    legal move: ``push`` of a move that does not fit the position fails an assertion or
    corrupts the board, and bad input must give no traceback (``None``: not replayable)."""
    try:
        board = start_board(dict(start))
        for uci in ucis.split():
            board.push(board.parse_uci(uci))
    except ValueError:
        return None
    return board


def natural_draw(board: chess.Board) -> str | None:
    """Why the position is drawn without an agreement, or ``None`` when only agreement explains
    a draw: stalemate, dead position by material, repetition or the fifty-move rule (claimable
    in the final position, or on the next move)."""
    if board.is_stalemate():
        return "stalemate"
    if board.is_insufficient_material():
        return "insufficient material"
    if board.can_claim_threefold_repetition():
        return "threefold repetition"
    if board.can_claim_fifty_moves():
        return "the fifty-move rule"
    return None


def check_early_draws(event: Event, problems: Problems) -> None:
    """The "30-move draw rule": no draw by agreement before move ``min_draw_moves``.

    A draw the position explains (``natural_draw``) is no agreement. A draw without moves
    cannot be judged and gets ``draw-unverified`` instead; so does a game whose moves stop at an
    illegal move (its ``illegal-move`` warning says why). An arbiter's ``reason`` settles it.
    """
    limit = min_draw_moves(event)
    if not limit:
        return
    for game in all_games(event):
        if game.result != "1/2-1/2" or game.reason:
            continue
        standard = "FEN" not in game.headers and "Variant" not in game.headers
        if standard and game.moves and (len(game.moves) + 1) // 2 >= limit:
            continue  # as below, counted without replaying: White moves first, from move 1
        board = final_board(game) if game.moves else None
        if board is not None and moves_played(board) >= limit:
            continue  # long enough, even if the moves stop early at an illegal one
        if board is None or game.illegal:
            _draw_unverified(event, game, limit, problems)
            continue
        if natural_draw(board) is not None or board.is_checkmate():
            continue  # no agreement; a mate scored as a draw is a result-mismatch
        moves = moves_played(board)
        problems.warning(
            Phrase(
                game_label(event, game),
                f": drawn after {moves} move{'s' * (moves != 1)}, "
                f"but draws may not be agreed before move {limit}",
            ),
            game.source,
            game.line,
            hint=PLAYOFF_DRAW_HINT
            if game.is_playoff
            else "if the draw was not agreed (a claim the moves do not show), add a [[results]] "
            "entry for this game with a reason; otherwise it is for the arbiter to act on",
            code="early-draw",
            context={**game_context(event, game), "moves": moves},
        )


PLAYOFF_DRAW_HINT = (
    "add the moves to the play-off PGN if they were recorded; otherwise it is for the arbiter "
    "to check ([[results]] entries are for the rounds, not for play-off games)"
)
"""A play-off game has no ``[[results]]`` entry to confirm its draw with: the hint for the
rounds' games sent organisers to one that the build then refuses."""


def _draw_unverified(event: Event, game: Game, limit: int, problems: Problems) -> None:
    why = (
        "its moves stop at an illegal move"
        if game.illegal
        else "no moves are recorded"
        if not game.moves
        else "its moves cannot be replayed"
    )
    problems.warning(
        Phrase(
            game_label(event, game),
            f": a draw, but {why}, so the {limit}-move draw rule cannot be checked",
        ),
        game.source,
        game.line,
        hint=PLAYOFF_DRAW_HINT
        if game.is_playoff
        else "add the moves to the PGN, or confirm the draw with a [[results]] entry "
        'that has a reason (e.g. reason = "Draw by repetition, checked by the arbiter")',
        code="draw-unverified",
        context=game_context(event, game),
    )


def expected_result(board: chess.Board) -> tuple[str, str] | None:
    """The only result the final position allows, and why; ``None`` when the game could
    have ended either way (resignation, time, agreement)."""
    if board.is_checkmate():
        winner = "White" if board.turn == chess.BLACK else "Black"
        return ("1-0" if winner == "White" else "0-1"), f"checkmate by {winner}"
    if board.is_stalemate():
        return "1/2-1/2", "stalemate"
    if board.is_insufficient_material():
        return "1/2-1/2", "a dead position (neither side can checkmate)"
    if board.is_seventyfive_moves():
        return "1/2-1/2", "a draw by the 75-move rule"
    if board.is_fivefold_repetition():
        return "1/2-1/2", "fivefold repetition"
    return None


class _Played(Protocol):
    """A game as the final-position checks read it: a ``Game``, or a ``PgnGame`` just parsed."""

    @property
    def headers(self) -> dict[str, str]: ...

    @property
    def moves(self) -> Moves: ...


VERDICTS: dict[str, tuple[str, str] | None] = {}
"""``final_verdict`` of games seen before, by ``verdict_key``: kept between builds by
``generator.cache`` (and worked out while parsing, in several processes)."""


VERDICTS_USED: set[str] = set()
"""The keys of ``VERDICTS`` this build asked for (the ones worth keeping)."""


def verdict_key(game: _Played) -> str:
    """What the final position follows from: the starting position's tags and the moves."""
    start = [game.headers.get(tag, "") for tag in ("FEN", "SetUp", "Variant")]
    moves = game.moves.ucis
    return hashlib.blake2b(f"{start}{moves}".encode(), digest_size=16).hexdigest()


def final_verdict(game: _Played) -> tuple[str, str] | None:
    """``expected_result`` of the game's final position (``None`` also when it has no moves
    or they cannot be replayed), without replaying ordinary games (``_plainly_open``)."""
    key = verdict_key(game)
    VERDICTS_USED.add(key)
    if key in VERDICTS:
        return VERDICTS[key]
    verdict = None
    if game.moves and not _plainly_open(game):
        board = final_board(game)
        verdict = expected_result(board) if board is not None else None
    if len(VERDICTS) > 200_000:  # serve runs for days
        VERDICTS.clear()
    VERDICTS[key] = verdict
    return verdict


def note_final_position(game: _Played, board: chess.Board) -> None:
    """``final_verdict`` worked out from the parser's own board of the final position, its
    history included, while the game is read: no replay. Only for standard chess from the
    usual start (other games are judged by ``final_verdict`` itself, as before)."""
    if type(board) is not chess.Board or board.chess960 or _not_usual_start(game):
        return
    key = verdict_key(game)
    if key in VERDICTS:
        return
    verdict = None
    if game.moves and not (_plainly_quiet(game) and _open_position(board)):
        verdict = expected_result(board)
    if len(VERDICTS) > 200_000:
        VERDICTS.clear()
    VERDICTS[key] = verdict


def _not_usual_start(game: _Played) -> bool:
    return "FEN" in game.headers or "Variant" in game.headers


def _plainly_quiet(game: _Played) -> bool:
    """No check, no repetition and no 75-move rule possible: told by the moves alone."""
    return (
        len(game.moves) < 150
        and not game.moves.sans.endswith(("+", "#"))
        and game.moves.quiet_plies < 8
    )


def _open_position(board: chess.Board) -> bool:
    """Mate still possible and a legal move to play: the game could have ended either way."""
    return not board.is_insufficient_material() and any(True for _ in board.generate_legal_moves())


def _plainly_open(game: _Played) -> bool:
    """Whether the final position certainly allows any result, told without replaying the game
    (most games end by resignation or agreement in an ordinary position).

    Only for games from the standard starting position. The last SAN says whether the side to
    move is in check; no position comes back across a capture or pawn move, so with fewer than
    eight half-moves since the last one no position was reached five times (fivefold); under
    150 half-moves the 75-move rule cannot apply; the pieces alone decide whether mate is
    still possible; and a legal move found without castling or en passant rights is a legal
    move with them. When any of these is in doubt the game is replayed (``expected_result``).
    """
    if _not_usual_start(game) or not _plainly_quiet(game):
        return False
    board = chess.Board(None)
    board.set_board_fen(game.moves.final_placement)
    board.turn = chess.WHITE if len(game.moves) % 2 == 0 else chess.BLACK
    return _open_position(board)


def check_final_positions(event: Event, problems: Problems) -> None:
    """A result the final position contradicts: a checkmate scored the wrong way, a stalemate
    or a dead position scored as a win, a mate left as "not finished"."""
    for game in all_games(event):
        if not game.moves or game.illegal or game.reason or game.forfeit:
            continue
        found = final_verdict(game)
        if found is None or found[0] == game.result:
            continue
        expected, why = found
        scored = "not finished (*)" if game.result == "*" else f"scored {game.result}"
        problems.warning(
            Phrase(game_label(event, game), f": the game ends in {why} but is {scored}"),
            game.source,
            game.line,
            hint=f'correct the Result tag to "{expected}", or check the last moves; if the '
            "arbiter decided otherwise, record it in [[results]] with a reason",
            code="result-mismatch",
            context={**game_context(event, game), "expected": expected},
        )


LOCATED = ("illegal-move", "result-tag")
"""The PGN reader's warnings about a game, which knows only its tags (``pgn.tags_context``)."""


def locate_illegal_moves(event: Event, problems: Problems) -> None:
    """The PGN reader's warnings about a game (``LOCATED``), given the game's round and board
    as numbers, or its number among the play-off games: the context of every other game
    check. A warning stands on a line inside its game (the illegal move's, the Result tag's):
    its game is the one of the file beginning last before it, if it is the game the reader
    named (its Round, White and Black tags). A game the event does not hold (an unfinished
    play-off game) keeps what the reader said: the game before it is another game.
    """
    if not any(problem.code in LOCATED for problem in problems.items):
        return
    starts: dict[object, list[tuple[int, Game]]] = {}
    for game in all_games(event):
        if game.line is not None:
            starts.setdefault(game.source, []).append((game.line, game))
    for found in starts.values():
        found.sort(key=lambda item: item[0])
    lines = {source: [line for line, _ in found] for source, found in starts.items()}
    for index, problem in enumerate(problems.items):
        if problem.code not in LOCATED or problem.line is None:
            continue
        at = bisect.bisect_right(lines.get(problem.path, []), problem.line) - 1
        if at < 0:
            continue
        game = starts[problem.path][at][1]
        if _named_by(dict(problem.context), game):
            context = tuple(game_context(event, game).items())
            problems.items[index] = replace(problem, context=context)


def _named_by(context: dict[str, object], game: Game) -> bool:
    """Whether the reader's context of a warning (``pgn.tags_context``, or
    ``pgn.playoff_context``) names this game by its tags as written."""
    tag = context.get("playoff_round", context.get("round"))
    headers = game.headers
    return (tag, context.get("white"), context.get("black")) == (
        headers.get("Round", "?"),
        headers.get("White", "?"),
        headers.get("Black", "?"),
    )


def _time_control_key(text: str) -> str:
    return "".join(text.split())


def check_time_controls(event: Event, problems: Problems) -> None:
    """PGN ``TimeControl`` tags of the rounds' games against ``pgn_time_control``.

    Play-off games are checked against their own stage's time control by ``playoffs.py``.
    A missing, "?" (unknown) or "-" (none given) tag is not a contradiction.
    """
    allowed = {_time_control_key(value) for value in event.config.pgn_time_control}
    if not allowed:
        return
    shown = " or ".join(f'"{value}"' for value in event.config.pgn_time_control)
    for game in event.games:
        tag = game.headers.get("TimeControl", "").strip()
        if tag in ("", "?", "-") or _time_control_key(tag) in allowed:
            continue
        problems.warning(
            Phrase(game_label(event, game), f': TimeControl "{tag}" is not the event\'s ({shown})'),
            game.source,
            game.line,
            hint="correct the TimeControl tag, or list this value in pgn_time_control "
            "in event.toml",
            code="time-control",
            context={**game_context(event, game), "time_control": tag},
        )


def check_game_dates(event: Event, problems: Problems) -> None:
    """A round's game whose Date tag gives a day outside the event's dates (start to end, or
    on from the start when no end is given): most often a wrong year typed or left from a
    template, which would also date its round so in tournament.trf (record 132, which rating
    reports read). A tag without the whole day ("2026.07.??") is not judged."""
    start, end = event.config.start, event.config.end
    if start is None:
        return
    dates = f"{start} – {end}" if end not in (None, start) else f"from {start}"
    if end == start:
        dates = str(start)
    for game in event.games:
        day = tag_date(game.headers.get("Date"))
        if day is None or (start <= day and (end is None or day <= end)):
            continue
        tag = game.headers.get("Date", "").strip()
        problems.warning(
            Phrase(game_label(event, game), f": dated {tag}, outside the event's dates ({dates})"),
            game.source,
            game.line,
            hint="correct the Date tag (YYYY.MM.DD), or the start and end of event.toml",
            code="game-date",
            context={**game_context(event, game), "date": tag},
        )


def check_colour_streaks(event: Event, problems: Problems) -> None:
    """Swiss pairings give no player the same colour three times in a row.

    Only games over the board (or still in play) have a colour: byes and forfeits are skipped,
    as the pairing rules skip them. Each run is reported once, at the round that made it three.
    """
    if event.format != "swiss":
        return
    colours: dict[int, list[tuple[int, str, Game]]] = defaultdict(list)
    for game in sorted(event.games, key=lambda g: g.round):
        if game.forfeit:
            continue
        colours[game.white].append((game.round, "White", game))
        colours[game.black].append((game.round, "Black", game))
    for number in sorted(colours):
        for run in _runs(colours[number]):
            if len(run) < STREAK:
                continue
            rounds = [round_number for round_number, _, _ in run]
            _, colour, third = run[STREAK - 1]
            name = event.player(number).name
            listed = ", ".join(str(r) for r in rounds[:-1]) + f" and {rounds[-1]}"
            problems.warning(
                Phrase(Name(name), f" has {colour} {len(run)} times in a row (rounds {listed})"),
                third.source,
                third.line,
                hint="check the pairings and the colours of these games; "
                "FIDE C.04.1 allows no player the same colour three times in a row",
                code="colour-streak",
                context={"round": third.round, "player": name, "colour": colour.lower()},
            )


def _runs(
    sequence: list[tuple[int, str, Game]],
) -> Iterator[list[tuple[int, str, Game]]]:
    """Maximal runs of the same colour in a player's games, in round order."""
    run: list[tuple[int, str, Game]] = []
    for item in sequence:
        if run and run[-1][1] != item[1]:
            yield run
            run = []
        run.append(item)
    if run:
        yield run


def check_duplicate_games(event: Event, problems: Problems) -> None:
    """The same players, colours and moves twice: a game pasted into a second file or round.

    The same pairing twice in one round is already an error (``assemble.py``); this finds the
    copies that look like different games. Games without moves cannot be compared.
    """
    seen: dict[tuple[int, int, str, str], Game] = {}
    for game in all_games(event):
        if not game.moves:
            continue
        key = (game.white, game.black, game.initial_placement, game.moves.ucis)
        first = seen.setdefault(key, game)
        if first is game:
            continue
        where = f"{first.source.name}:{first.line}" if first.source else "event.toml"
        problems.warning(
            Phrase(
                game_label(event, game),
                " has the same players, colours and moves as ",
                game_label(event, first),
                f" ({where})",
            ),
            game.source,
            game.line,
            hint="remove the copy, or replace it with the game actually played",
            code="duplicate-game",
            context={**game_context(event, game), "same_as": str(game_label(event, first))},
        )


def check_rounds(event: Event, problems: Problems) -> None:
    """Warn about players with neither a game nor a bye in a round that was played
    (``Event.unpaired``: a round robin of an odd number has one sit out by design). Until
    that is recorded the round counts as not finished."""
    config_path = event.folder / "event.toml"
    first_game: dict[int, int] = {}
    for game in event.games:
        for number in (game.white, game.black):
            first_game[number] = min(first_game.get(number, game.round), game.round)
    lines = {entry.name: entry.trf for entry in event.config.players if entry.trf}
    for round_number, numbers in sorted(event.unpaired.items()):
        for number in numbers:
            hint = (
                "add the game to a PGN file, or a [[byes]] entry (points = 0 for an "
                "absence) or a [[withdrawals]] entry"
            )
            place = lines.get(event.player(number).name)
            if place is not None:  # the player's rounds are on a TRF line: say it there
                column = round_column(round_number)
                hint = (
                    f"write round {round_number} on the player's line, in columns {column}-"
                    f"{column + 7}: the opponent's start number, colour and result (on both "
                    "players' lines), 0000 - Z for an absence, or a bye; or " + hint
                )
            joined = first_game.get(number)
            if not event.is_round_robin and joined is not None and joined > round_number:
                # An open's late entry: the organiser records nothing for the rounds before.
                hint = (
                    f"a late entry from round {joined}: write first_round = {joined} in the "
                    "player's [[players]] entry (each round before it is then an absence; a "
                    f"[[byes]] entry with round = {round_number} and points = 0.5 gives a half "
                    "point where the regulations give late entries one); otherwise " + hint
                )
            problems.warning(
                Phrase(
                    Name(event.player(number).name),
                    f" has no game and no bye in round {round_number}: the round counts as "
                    "not finished until one is recorded (meanwhile 0 points)",
                ),
                place.path if place else config_path,
                place.line if place else None,
                hint=hint,
                code="missing-game",
                context={"round": round_number, "player": event.player(number).name},
            )
    warned = {n for numbers in event.unpaired.values() for n in numbers}
    for a, b in event.unplayed_pairs:
        if a in warned and b in warned:
            continue  # said above, round by round
        first, second = event.player(a).name, event.player(b).name
        hint = (
            "add the game to a PGN file, a [[results]] entry (a forfeit), or a "
            "[[withdrawals]] entry for a player who left"
        )
        both_absent = _absent_together(event, a, b)
        if both_absent:
            # Two [[byes]] absences do not say the two were due to meet that round.
            hint = (
                f"both have a [[byes]] absence in round {both_absent}: if that was their "
                f"game and neither came, record it instead as a [[results]] entry with "
                f'result = "--" (a double forfeit); otherwise {hint}'
            )
        problems.warning(
            Phrase(
                Name(first),
                " and ",
                Name(second),
                " have not played each other: the round robin counts as not finished until "
                "their game is recorded",
            ),
            config_path,
            hint=hint,
            code="missing-game",
            context={"white": first, "black": second},
        )


def _absent_together(event: Event, a: int, b: int) -> int | None:
    """The first round in which both players have a zero-point bye (an absence), if any."""
    absent: dict[int, set[int]] = {}
    for bye in event.byes:
        if bye.points == 0 and bye.player in (a, b):
            absent.setdefault(bye.round, set()).add(bye.player)
    return min((r for r, players in absent.items() if len(players) == 2), default=None)


def lots_not_recorded(event: Event, standings: Standings, problems: Problems) -> None:
    """``exhausted = "lots"``, and the final standings still share a place: the drawing of
    lots that would order those players is not (all) in ``[ranking] lots``."""
    if event.config.ranking.exhausted != "lots" or not event.finished:
        return
    groups: dict[int, list[str]] = {}
    for row in standings.rows:
        groups.setdefault(row.rank, []).append(row.player.name)
    for names in (names for names in groups.values() if len(names) > 1):
        problems.warning(
            Phrase(
                named_list(names),
                " are equal on every tie-break, but [ranking] lots does not name them all: "
                "they share the place",
            ),
            event.folder / "event.toml",
            hint=Phrase(
                "add the order the lots gave, e.g. lots = [",
                Phrase(", ").join(Phrase('"', Name(n), '"') for n in names),
                "]",
            ),
            code="lots-not-recorded",
        )
