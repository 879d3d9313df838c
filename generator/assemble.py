"""Load stage, last step: join ``event.toml`` and the PGN games into the immutable ``Event``.

Here every PGN game is matched to two players (by name, alias or FIDE ID), placed in its round
and board, checked against the other games and the arbiter's ``[[results]]``, and every
contradiction is reported with the file, the line and a hint.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from .codepages import ReadingHints
from .config.event import (
    EventConfig,
    PlayerEntry,
    ResultEntry,
    TrfPlace,
    closest_hint,
    meant_arbiter_result,
    meant_played_result,
    normalise_name,
)
from .config.prize_setup import prize_setup_warnings
from .config.toml_lines import KeyPath, line_of
from .model import PENDING, Bye, Event, Game, Page, Player, slugify
from .pgn import PgnGame, game_words, shorten
from .presets import PRESETS, preset_tiebreaks
from .problems import Problems
from .text import Name, Phrase, name_list
from .trf import NAME_WIDTH as TRF_NAME_WIDTH
from .trf import continues_cut

_ROUND = re.compile(r"^\s*(\d+)(?:\.(\d+))?\s*$")
_PGN_RESULTS = ("1-0", "0-1", "1/2-1/2", "*")

NEW_RULES_FROM = dt.date(2026, 3, 1)
SLUG_LENGTH = 60
"""Player page names are cut to this: file systems refuse names over 255 bytes."""


@dataclass
class _Candidate:
    """A game on its way into the model, with where it came from."""

    game: Game
    where: str
    place: tuple[Path, int | None] | None = None
    """Where an error about a game that no PGN game carries goes: its [[results]] entry's
    line, or its TRF line (its ``game.source`` is event.toml then, without a line)."""
    from_trf: bool = False

    @property
    def pair(self) -> frozenset[int]:
        return frozenset((self.game.white, self.game.black))

    @property
    def written_in(self) -> str:
        """Where the game is written, which says how to correct it: "pgn" (a PGN game),
        "trf" (the event's TRF file) or "results" (a [[results]] entry of event.toml)."""
        if self.from_trf:
            return "trf"
        return "pgn" if self.place is None else "results"


_REEXPORT = "best in the pairing program, exporting it again"
"""How a TRF file is corrected: by the program that wrote it, which keeps both players'
lines of a game and the totals in agreement."""


def _place(candidate: _Candidate) -> tuple[Path | None, int | None]:
    """Where an error about the game goes: a PGN game's own file and line, or, for a game no
    PGN game carries, its TRF line or [[results]] entry (its ``game.source`` is event.toml
    without a line then, which sent the arbiter looking through the whole file)."""
    return candidate.place or (candidate.game.source, candidate.game.line)


def _players_place(candidate: _Candidate, number: int, names: _Names) -> tuple[Path | None, int]:
    """Where an error about player ``number``'s game goes: for a game of the TRF file, the
    player's own line, where the organiser blanks or changes the round (the game's TRF
    place is its lower-numbered player's line, which may be the opponent's); otherwise
    ``_place``."""
    own = names.trf_lines.get(number) if candidate.written_in == "trf" else None
    if own is not None:
        return own.path, own.line
    path, line = _place(candidate)
    return path, line or 0


def _source(candidate: _Candidate, names: _Names) -> str:
    """Where a game is corrected: ``written_in``, or "pgn+trf" for a PGN game that the TRF
    file has too (its result comes from the TRF entry, so both are corrected: a forfeit
    written in one alone contradicts the other)."""
    game = candidate.game
    if candidate.written_in == "pgn" and (game.round, candidate.pair) in names.trf_games:
        return "pgn+trf"
    return candidate.written_in


def _by_source(games: Sequence[_Candidate], names: _Names) -> list[tuple[str, list[_Candidate]]]:
    """A player's games grouped by where they are corrected (``_source``), in the order of
    each group's first game: each group is corrected in its own file, so each gets an
    error there with the hint that fits it (one error with the first game's hint told how
    to correct a PGN game where the other was a [[results]] entry)."""
    groups: dict[str, list[_Candidate]] = {}
    for game in games:
        groups.setdefault(_source(game, names), []).append(game)
    return list(groups.items())


def _group_where(group: Sequence[_Candidate], number: int, names: _Names) -> str:
    """Where a player's games of one source are, as a message names them: the first game
    and how many more; a TRF file's games are all on the player's own line, named alone."""
    first = group[0]
    if first.written_in == "trf":
        path, line = _players_place(first, number, names)
        return f"{path.name}:{line}" if path is not None and line else first.where
    return f"{first.where} and {len(group) - 1} more" if len(group) > 1 else first.where


def _rounds_text(group: Sequence[_Candidate]) -> str:
    """ "round 2" or "rounds 2 and 3": the rounds of a player's games."""
    rounds = name_list([str(c.game.round) for c in group])
    return f"round{'s' if len(group) > 1 else ''} {rounds}"


def _elsewhere(
    groups: Sequence[tuple[str, Sequence[_Candidate]]],
    group: Sequence[_Candidate],
    number: int,
    names: _Names,
) -> str:
    """The player's games of the other sources, each reported on its own: named after the
    error about ``group``, so that it tells all the rounds."""
    return "".join(
        f"; also in {_rounds_text(other)} ({_group_where(other, number, names)})"
        for _, other in groups
        if other is not group
    )


def build_players(config: EventConfig) -> tuple[Player, ...]:
    """Pairing numbers: as given, otherwise the lowest free numbers in list order."""
    taken = {p.number for p in config.players if p.number is not None}
    withdrawn = {normalise_name(w.player): w for w in config.withdrawals}
    free = (n for n in range(1, len(config.players) + len(taken) + 2) if n not in taken)
    players = []
    for entry in config.players:
        number = entry.number if entry.number is not None else next(free)
        # By any spelling [[players]] gives the player, as the checks accept them all.
        spellings = (normalise_name(s) for s in (entry.name, *entry.aliases))
        withdrawal = next((withdrawn[s] for s in spellings if s in withdrawn), None)
        players.append(
            _player(
                entry,
                number,
                withdrawal.after_round if withdrawal else None,
                withdrawal.reason if withdrawal else "",
            )
        )
    return tuple(sorted(players, key=lambda p: p.number))


def _player(entry: PlayerEntry, number: int, withdrawn_after: int | None, reason: str) -> Player:
    return Player(
        number=number,
        name=entry.name,
        slug=f"{number}-{slugify(entry.name)[:SLUG_LENGTH].rstrip('-')}",
        aliases=entry.aliases,
        rating=entry.rating,
        fide_id=entry.fide_id,
        federation=entry.federation,
        title=entry.title,
        born=entry.born,
        birth_year=entry.birth_year or (entry.born.year if entry.born else None),
        sex=entry.sex,
        club=entry.club,
        withdrawn_after=withdrawn_after,
        withdrawal_reason=reason,
        day_unknown=entry.day_from_trf and entry.born is not None,
        k_factor=entry.k_factor,
    )


def rules_edition(start: dt.date | None) -> str:
    """FIDE C.07 edition in force on the first day: the 2026 text applies from 1 March 2026."""
    return "2026" if start is None or start >= NEW_RULES_FROM else "2024"


BUCHHOLZ_FAMILY = ("BH", "FB", "AOB")
"""C.07 article 8, which the 2026 edition says "must not be used in round-robins"."""


def _buchholz_in_round_robin(
    config: EventConfig,
    config_path: Path,
    config_lines: Mapping[KeyPath, int],
    tiebreaks: Sequence[str],
    problems: Problems,
) -> None:
    """A Buchholz tie-break in a round robin ranked by the 2026 edition, which forbids it:
    every player meets the same opponents, so it only mirrors the points (a player with
    fewer points has stronger opponents). The build still ranks by it, as the event says."""
    if config.format == "swiss" or rules_edition(config.start) < "2026":
        return
    found = [code for code in tiebreaks if code.upper().split("/")[0] in BUCHHOLZ_FAMILY]
    if not found:
        return
    problems.warning(
        f"tiebreaks: {', '.join(found)} in a {config.format}: the FIDE tie-break rules in "
        "force from 1 March 2026, which this event follows, say the Buchholz tie-breaks (BH, FB, "
        "AOB) must not be used in round robins",
        config_path,
        line_of(config_lines, ("tiebreaks",)),
        hint="use tie-breaks made for round robins (DE, SB, KS, WIN), or keep them if the "
        "event's own regulations say so",
        code="buchholz-in-round-robin",
    )


def _toml_entries(config: EventConfig) -> Iterator[tuple[int | None, PlayerEntry]]:
    """Each player's entry with its index among event.toml's [[players]] tables, for the line
    of one of its keys: a TRF player's is the entry completing it (``None`` without one);
    event.toml's own entries come after the TRF's (``_entered``) and are counted apart."""
    own = 0
    for entry in config.players:
        if entry.trf is None:
            yield own, entry
            own += 1
        else:
            yield entry.toml_index, entry


def _k_factor_of_unrated(
    config: EventConfig,
    config_path: Path,
    config_lines: Mapping[KeyPath, int],
    problems: Problems,
) -> None:
    """A player's own ``k_factor`` on a player with no rating: 8.3 changes a rating, and an
    unrated player's first one is worked out by 8.2 from the rated games of their periods,
    so this event gives them no change and the K is never used. Said, as it is most likely
    a K meant for another player, or a rating left out. The line is the ``k_factor`` key's,
    in the player's [[players]] entry (for a TRF player, the entry completing it)."""
    for index, entry in _toml_entries(config):
        if entry.k_factor is None or entry.rating:
            continue
        line = line_of(config_lines, ("players", index, "k_factor")) if index is not None else None
        problems.warning(
            Phrase(
                f"players: k_factor = {entry.k_factor} is given to ",
                Name(entry.name),
                ", who has no rating: FIDE's rating change (Rating Regulations 8.3) is for a "
                "rated player, and an unrated player's first rating comes from 8.2, so the "
                "player gets no rating change from this event and the K is not used",
            ),
            config_path,
            line,
            hint=Phrase(
                "remove k_factor from the [[players]] entry of ",
                Name(entry.name),
                "; if the player is rated, give the rating (rating = ...)",
            ),
            code="k-factor-unrated",
            context={"player": entry.name},
        )


class _Names:
    """Find a player by any spelling the event file allows."""

    def __init__(self, config: EventConfig, players: tuple[Player, ...]) -> None:
        self.config = config
        self.by_name: dict[str, int] = {}
        self.by_fide: dict[str, int] = {}
        self._found: dict[str, int] = {}
        self.names = {player.number: player.name for player in players}
        for player in players:
            for spelling in (player.name, *player.aliases):
                self.by_name[normalise_name(spelling)] = player.number
            if player.fide_id is not None:
                self.by_fide[str(player.fide_id)] = player.number
        # A TRF name that fills its field may be cut there: a PGN game's full name, which
        # begins with it, is that player's (``_cut_name``).
        self.cut = {
            normalise_name(entry.name): (len(entry.name) >= TRF_NAME_WIDTH, entry.number)
            for entry in config.players
            if entry.trf is not None and len(entry.name) >= TRF_NAME_WIDTH - 1 and entry.number
        }
        self._cut_lengths = sorted({len(key) for key in self.cut})
        self._cut_found: dict[str, int | None] = {}
        self.trf_lines = {
            entry.number: entry.trf
            for entry in config.players
            if entry.trf is not None and entry.number is not None
        }
        """Each TRF player's own line, by start number: where an error about the player's
        game goes, the game's own TRF place being its lower-numbered player's line."""
        self._trf_games: set[tuple[int, frozenset[int]]] | None = None
        self.seen_with_id: dict[str, int] = {}
        self._hints: dict[str, str] = {}
        self.readings = ReadingHints(config.encoding)
        """How a PGN file holding an unknown name was read, when its code page was guessed:
        a wrong guess garbles the names, and the fix is the ``encoding`` setting, not an
        alias."""

    @property
    def trf_games(self) -> set[tuple[int, frozenset[int]]]:
        """(round, pair) of each game of the TRF file, worked out once when first asked
        (``_source``: only for a withdrawn player's or a late entry's games)."""
        if self._trf_games is None:
            self._trf_games = set()
            for entry in self.config.results:
                white, black = self.find(entry.white), self.find(entry.black)
                if entry.trf is not None and white is not None and black is not None:
                    self._trf_games.add((entry.round, frozenset((white, black))))
        return self._trf_games

    def closest_hint(self, name: str) -> str:
        """``closest_hint`` for an unknown name, worked out once per name: it compares the
        name with players' spellings (``SpellingIndex``), and a PGN file in another script
        than the TRF's names each of 2,000 players in 11 games."""
        hint = self._hints.get(name)
        if hint is None:
            hint = self._hints[name] = closest_hint(name, self.config)
        return hint

    def learn_spellings(self, pgn_games: Iterable[PgnGame]) -> None:
        """A spelling the event's games give with a player's FIDE id is that player's in its
        games without one: a broadcast writes "Georgiev, Nikola" with WhiteFideId in one
        round and without it in the next, and the TRF has "Георгиев, Никола". A spelling
        given with two players' ids is neither's (an error, as before), and a name that is
        already a player's stays theirs."""
        seen: dict[str, int | None] = {}
        for pgn_game in pgn_games:
            for side in ("White", "Black"):
                fide_id = pgn_game.headers.get(f"{side}FideId", "").strip()
                number = self.by_fide.get(fide_id) if fide_id else None
                key = normalise_name(pgn_game.headers.get(side, ""))
                if number is None or key in self.by_name or key in ("", "?"):
                    continue
                seen[key] = number if seen.get(key, number) == number else None
        self.seen_with_id = {key: number for key, number in seen.items() if number}

    def config_name(self, number: int) -> str:
        """A player's name as event.toml spells it."""
        return self.names[number]

    def find(self, name: str, fide_id: str | None = None) -> int | None:
        number = self._found.get(name)
        if number is None:
            number = self.by_name.get(normalise_name(name))
            if number is not None:
                self._found[name] = number  # 11,000 games name 2,000 players, each alike
        if number is None and fide_id and fide_id.strip() not in ("", "0", "?"):
            number = self.by_fide.get(fide_id.strip())
        if number is None and self.seen_with_id:
            number = self.seen_with_id.get(normalise_name(name))
        if number is None and self.cut:
            number = self._cut_name(name)
        return number

    def _cut_name(self, name: str) -> int | None:
        """The one TRF player whose cut name this longer name begins, if there is one."""
        if name in self._cut_found:  # each of the player's games names them alike
            return self._cut_found[name]
        key = normalise_name(name)
        found: set[int] = set()
        for length in self._cut_lengths:  # the name's beginning of each length a cut name has
            filled, number = self.cut.get(key[:length], (False, 0))
            if number and continues_cut(key, key[:length], filled):
                found.add(number)
        self._cut_found[name] = only = found.pop() if len(found) == 1 else None
        return only


def assemble_event(
    slug: str,
    folder: Path,
    config: EventConfig,
    config_path: Path,
    config_lines: Mapping[KeyPath, int],
    pgn_games: list[PgnGame],
    pages: tuple[Page, ...],
    problems: Problems,
    playoff_pgn: list[PgnGame] | None = None,
) -> Event:
    players = build_players(config)
    names = _Names(config, players)
    names.learn_spellings(pgn_games)
    candidates: list[_Candidate] = []
    for pgn_game in pgn_games:
        candidate = _from_pgn(pgn_game, config, names, problems)
        if candidate is not None:
            candidates.append(candidate)
    candidates = _check_pairings(candidates, config, problems)
    candidates = _apply_results(candidates, config, config_path, config_lines, names, problems)
    byes = _byes(config, config_path, config_lines, names, candidates, players, problems)
    _check_withdrawals(players, candidates, names, problems)
    prize_setup_warnings(config, config_path, config_lines, players, problems)
    _k_factor_of_unrated(config, config_path, config_lines, problems)
    games = _number_boards(candidates, problems)
    preset = PRESETS[config.rules]
    tiebreaks = (
        config.tiebreaks
        if config.tiebreaks is not None
        else preset_tiebreaks(preset, config.rounds)
    )
    _buchholz_in_round_robin(config, config_path, config_lines, tiebreaks, problems)
    return Event(
        slug=slug,
        folder=folder,
        config=config,
        players=players,
        games=games,
        byes=byes,
        tiebreaks=tiebreaks,
        rules_edition=rules_edition(config.start),
        pages=pages,
        playoff_games=_playoff_games(playoff_pgn or [], config, names, problems),
        entered=_entered(config, config_path, config_lines, names),
    )


def _entered(
    config: EventConfig, config_path: Path, config_lines: Mapping[KeyPath, int], names: _Names
) -> tuple[tuple[int, Path, int | None], ...]:
    """Where each player is entered: a TRF line, or the [[players]] entry of event.toml
    (counted among event.toml's own entries, which come after the TRF's)."""
    found: list[tuple[int, Path, int | None]] = []
    own = 0
    for entry in config.players:
        number = names.find(entry.name)
        if number is None:
            continue
        if entry.trf is not None:
            found.append((number, entry.trf.path, entry.trf.line))
        else:
            found.append((number, config_path, line_of(config_lines, ("players", own))))
            own += 1
    return tuple(found)


_BYE_NAMES = {"bye", "-bye-", "(bye)", "bye, bye", "pab", "free", "spielfrei", "exempt"}
"""What pairing programs and broadcasts name the opponent of a player who has a bye."""


def _unknown_player(pgn_game: PgnGame, side: str, name: str, names: _Names) -> tuple[str, str]:
    """What an unknown-player error says, and its hint. python-chess gives a missing White
    or Black tag the value "?", PGN's "unknown": a game without a name for the side, not a
    player called "?" to add to the event."""
    if normalise_name(name) in _BYE_NAMES:  # not a player's name: none matched it
        return (
            f'a bye written as a game: the {side} tag names "{shorten(name)}"',
            "record the bye in event.toml as [[byes]] (round, player, points) and delete this "
            "game: a bye is no game",
        )
    if name not in ("", "?"):
        hint = names.closest_hint(name)
        reading = names.readings.hint(pgn_game.path, name)
        return f'unknown {side.lower()} player "{shorten(name)}"', (
            f"{reading}; {hint}" if reading else hint
        )
    what = f'the {side} tag names no player ("{name}")' if side in pgn_game.tag_lines else ""
    hint = (
        f'name the player as event.toml does, in a tag such as [{side} "Surname, Given"] '
        f"(or give the FIDE id in a {side}FideId tag)"
    )
    return what or f"no {side} tag", hint


def _fide_id_of_another(
    pgn_game: PgnGame, side: str, number: int, names: _Names, problems: Problems
) -> None:
    """A FIDE id tag that belongs to another player than the name beside it: the name is
    taken (it decides, as the README says), but one of the two tags is wrong."""
    fide_id = pgn_game.headers.get(f"{side}FideId", "").strip()
    other = names.by_fide.get(fide_id) if fide_id else None
    if other is None or other == number:
        return
    problems.warning(
        Phrase(
            pgn_game.label_words,
            f": the {side} tag names ",
            Name(names.config_name(number)),
            f", but {side}FideId {fide_id} is ",
            Name(names.config_name(other)),
            "'s; the name was taken",
        ),
        pgn_game.path,
        pgn_game.tag_line(f"{side}FideId"),
        hint="correct whichever of the two tags is wrong",
        code="fide-id-mismatch",
    )


def _from_pgn(
    pgn_game: PgnGame, config: EventConfig, names: _Names, problems: Problems
) -> _Candidate | None:
    headers = pgn_game.headers
    path = pgn_game.path
    ok = True
    numbers: dict[str, int] = {}
    for side in ("White", "Black"):
        name = headers.get(side, "").strip()
        number = names.find(name, headers.get(f"{side}FideId"))
        if number is None:
            ok = False
            what, hint = _unknown_player(pgn_game, side, name, names)
            problems.error(
                f"{what} in {pgn_game.label}",
                path,
                pgn_game.tag_line(side),
                hint,
                code="unknown-player",
            )
        else:
            numbers[side] = number
            if names.by_fide:  # no FIDE id in event.toml: none to contradict
                _fide_id_of_another(pgn_game, side, number, names, problems)
    round_tag = headers.get("Round", "?")
    match = _ROUND.match(round_tag)
    round_number = board = 0
    if not match:
        ok = False
        problems.error(
            f'cannot read the Round tag "{shorten(round_tag)}" of '
            f"{shorten(headers.get('White', '?'))} v {shorten(headers.get('Black', '?'))}",
            path,
            pgn_game.tag_line("Round"),
            'write [Round "5"] for round 5, or [Round "5.3"] for round 5, board 3',
            code="bad-round",
        )
    else:
        round_number = int(match.group(1))
        board = int(match.group(2) or 0)
        board_tag = headers.get("Board", "").strip()
        if not board and board_tag.isascii() and board_tag.isdigit() and int(board_tag):
            board = int(board_tag)  # [Round "3"] [Board "12"], as ChessBase and lichess write
        if not 1 <= round_number <= config.rounds:
            ok = False
            problems.error(
                f"{pgn_game.label}: round {round_number} does not exist "
                f"(the event has {config.rounds} rounds)",
                path,
                pgn_game.tag_line("Round"),
                "correct the Round tag, or the rounds key in event.toml",
                code="bad-round",
            )
    result = headers.get("Result", "*").strip()
    if result not in _PGN_RESULTS:
        ok = False
        meant = meant_played_result(result)
        problems.error(
            f'{pgn_game.label}: the result "{result}" is not a PGN result',
            path,
            pgn_game.tag_line("Result"),
            f'write "{meant}": PGN writes a result "1-0", "0-1", "1/2-1/2", or "*" for a '
            "game not finished"
            if meant
            else _FORFEIT_IN_PGN.get(
                result if result in _FORFEIT_IN_PGN else meant_arbiter_result(result) or "",
                'use "1-0", "0-1", "1/2-1/2", or "*" for a game not finished; '
                "record forfeits in [[results]] of event.toml",
            ),
            code="bad-result",
        )
    if ok and result == "*" and "Result" not in pgn_game.tag_lines and not pgn_game.moves:
        _no_result(pgn_game, round_number, board, problems)
    if ok and numbers["White"] == numbers["Black"]:
        ok = False
        problems.error(
            f"{pgn_game.label}: the same player has White and Black",
            path,
            pgn_game.tag_line("Black"),
            "correct the White or the Black tag (with its FIDE id tag): they name one player, "
            "by name, alias or FIDE id",
            code="self-pairing",
        )
    if not ok:
        return None
    if _forfeit_marked(pgn_game, result):
        result = "+-" if result == "1-0" else "-+"
    else:
        _forfeit_unmarked(pgn_game, result, round_number, board, problems)
    game = Game(
        round=round_number,
        board=board,
        white=numbers["White"],
        black=numbers["Black"],
        result=result,
        moves=pgn_game.moves,
        initial_placement=pgn_game.initial_placement,
        headers=headers,
        source=path,
        line=pgn_game.line,
        illegal=pgn_game.illegal,
        side_line_left_out=pgn_game.side_line_left_out,
    )
    return _Candidate(game, f"{path.name}:{pgn_game.line}")


_FORFEIT_IN_PGN = {
    "+-": 'a forfeit in a PGN file is [Result "1-0"] with [Termination "forfeit"] and no moves '
    '(or, instead of this game, a [[results]] entry in event.toml with result = "+-")',
    "-+": 'a forfeit in a PGN file is [Result "0-1"] with [Termination "forfeit"] and no moves '
    '(or, instead of this game, a [[results]] entry in event.toml with result = "-+")',
    "--": "neither player came: delete this game and add a [[results]] entry in event.toml with "
    'result = "--"',
}
"""The hint for a forfeit written in a Result tag as a crosstable writes it ("+/-", "1F-0F",
"+:-"): the README's two ways to enter it, where the hint named the second alone and the
first is the one for a PGN file."""


def _game_context(pgn_game: PgnGame, round_number: int, board: int) -> dict[str, str | int]:
    """The ``results.json`` fields of a warning about a game of the rounds."""
    headers = pgn_game.headers
    where: dict[str, str | int] = {"round": round_number, "white": headers.get("White", "?")}
    if board:
        where["board"] = board
    where["black"] = headers.get("Black", "?")
    return where


def _no_result(pgn_game: PgnGame, round_number: int, board: int, problems: Problems) -> None:
    """A game of tags without a Result tag, or a result after them, counts as not finished
    (``*``); said, because a result left out when typing the games in keeps the event
    provisional with nothing printed, while ``[Result "*"]`` is how pairings are published."""
    where = _game_context(pgn_game, round_number, board)
    problems.warning(
        Phrase(
            pgn_game.label_words,
            ": no Result tag and no result after the tags, so the game counts as not finished yet",
        ),
        pgn_game.path,
        pgn_game.line,
        hint='add the result: [Result "1-0"], [Result "0-1"] or [Result "1/2-1/2"], '
        'or [Result "*"] for a game not played yet',
        code="no-result",
        context=where,
    )


_FORFEIT_SAID = re.compile(r"\b(?:forfeit\w*|walk-?over|no[- ]show|default(?:ed)?)\b", re.I)
"""Words that call a game a forfeit, in a Termination tag or a comment."""
_ON_TIME = re.compile(r"\b(?:time|clock|flag\w*)\b", re.I)
"""Words of a game lost on time ("time forfeit"), which was played."""


def _forfeit_unmarked(
    pgn_game: PgnGame, result: str, round_number: int, board: int, problems: Problems
) -> None:
    """A decisive game without moves that its Termination tag or a comment calls a forfeit
    in other words ("White wins by forfeit", ``{ forfeit }``, "walkover") counts as played:
    only ``[Termination "forfeit"]`` makes one (``_forfeit_marked``), and a result is never
    changed on a guess. Said, because a forfeit counts otherwise in the tie-breaks and,
    under the U.S. rules, for prize money, and nothing on the pages showed the difference."""
    if result not in ("1-0", "0-1") or pgn_game.moves:
        return
    termination = pgn_game.headers.get("Termination", "")
    said = (("Termination tag", termination), ("comment", pgn_game.moves.annotations))
    found = next(
        (
            (what, words)
            for what, text in said
            if _FORFEIT_SAID.search(words := " ".join(text.strip("{} ").split()))
            and not _ON_TIME.search(words)
        ),
        None,
    )
    if found is None:
        return
    what, words = found
    problems.warning(
        Phrase(
            pgn_game.label_words,
            f': no moves, and its {what} says "{shorten(words)}", but the game counts as '
            f"played {result}: only a Termination tag of forfeit makes a PGN game a forfeit",
        ),
        pgn_game.path,
        pgn_game.tag_line("Termination") if what == "Termination tag" else pgn_game.line,
        hint='if it was a forfeit, write [Termination "forfeit"] (a forfeit counts otherwise '
        "in the tie-breaks and, under the U.S. rules, for prize money); if it was played, "
        "leave it",
        code="forfeit-unmarked",
        context=_game_context(pgn_game, round_number, board),
    )


def _forfeit_marked(pgn_game: PgnGame, result: str) -> bool:
    """A decisive game without moves whose Termination tag says "forfeit" (as broadcast tools
    write one): a forfeit, not a game played over the board,
    which the tie-breaks and the rules on prize money count otherwise. ("time forfeit" is a
    game lost on time: played.)"""
    termination = pgn_game.headers.get("Termination", "").strip().casefold()
    return result in ("1-0", "0-1") and not pgn_game.moves and termination == "forfeit"


def _playoff_games(
    pgn_games: list[PgnGame], config: EventConfig, names: _Names, problems: Problems
) -> tuple[Game, ...]:
    """Play-off games, ordered by their Round tags ("1", "2" ... or "P1.1" ...), those still
    being played (result "*") among them: the play-off shows them as being played, and they
    keep their number once finished."""
    found: list[tuple[tuple[int, ...], Game]] = []
    for pgn_game in pgn_games:
        headers = pgn_game.headers
        numbers = []
        for side in ("White", "Black"):
            name = headers.get(side, "").strip()
            number = names.find(name, headers.get(f"{side}FideId"))
            if number is None:
                what, hint = _unknown_player(pgn_game, side, name, names)
                problems.error(
                    f"{what} in {game_words(headers, playoff=True)}",
                    pgn_game.path,
                    pgn_game.tag_line(side),
                    hint,
                    code="unknown-player",
                )
            numbers.append(number)
        order = tuple(int(n) for n in re.findall(r"\d+", headers.get("Round", "")))
        if not order:
            problems.error(
                f"{game_words(headers, playoff=True)} has no Round tag giving its place in "
                "the order",
                pgn_game.path,
                pgn_game.tag_line("Round"),
                'number play-off games in play order: [Round "1"], [Round "2"] ...',
                code="bad-round",
            )
        result = headers.get("Result", "*").strip()
        if result != "*" and result not in _PGN_RESULTS:
            problems.error(
                f'{game_words(headers, playoff=True)}: the result "{result}" is not a PGN result',
                pgn_game.path,
                pgn_game.tag_line("Result"),
                f'write "{meant}"'
                if (meant := meant_played_result(result))
                else 'use "1-0", "0-1" or "1/2-1/2"',
                code="bad-result",
            )
            continue
        white, black = numbers
        if white is None or black is None or not order:
            continue
        if _forfeit_marked(pgn_game, result):  # a player who did not come to the play-off
            result = "+-" if result == "1-0" else "-+"
        game = Game(
            round=0,
            board=0,
            white=white,
            black=black,
            result=result,
            moves=pgn_game.moves,
            initial_placement=pgn_game.initial_placement,
            headers=headers,
            source=pgn_game.path,
            line=pgn_game.line,
            illegal=pgn_game.illegal,
            side_line_left_out=pgn_game.side_line_left_out,
        )
        found.append((order, game))
    found.sort(key=lambda item: item[0])
    return tuple(replace(game, board=index) for index, (_, game) in enumerate(found, start=1))


def _check_pairings(
    candidates: list[_Candidate], config: EventConfig, problems: Problems
) -> list[_Candidate]:
    """One game per player per round; each pair meets as often as the format allows."""
    kept: list[_Candidate] = []
    seen_in_round: dict[tuple[int, int], _Candidate] = {}
    meetings: dict[frozenset[int], list[_Candidate]] = defaultdict(list)
    allowed = 2 if config.format == "double-round-robin" else 1
    for candidate in candidates:
        game = candidate.game
        clash = None
        for number in (game.white, game.black):
            earlier = seen_in_round.get((game.round, number))
            if earlier is not None:
                clash = (number, earlier)
                break
        if clash is not None:
            number, earlier = clash
            name = _name_of(number, candidate)
            same_pair = earlier.pair == candidate.pair
            problems.error(
                (
                    f"the pairing {_pair_text(candidate)} of round {game.round} is seen twice"
                    if same_pair
                    else f"{name} is paired twice in round {game.round}"
                )
                + f" (also at {earlier.where})",
                game.source,
                game.line,
                "remove the duplicate game, or correct its Round, White or Black tag",
                code="duplicate-pairing",
            )
            continue
        meetings[candidate.pair].append(candidate)
        if len(meetings[candidate.pair]) > allowed:
            first = meetings[candidate.pair][0]
            problems.error(
                f"{_pair_text(candidate)} meet again in round {game.round} "
                f"(they already met in round {first.game.round}, {first.where}); "
                f"a {config.format} pairs them {'twice' if allowed == 2 else 'once'}",
                game.source,
                game.line,
                "check the Round tag of both games",
                code="repeated-pairing",
            )
            continue
        seen_in_round[(game.round, game.white)] = candidate
        seen_in_round[(game.round, game.black)] = candidate
        kept.append(candidate)
    return kept


def _name_of(number: int, candidate: _Candidate) -> str:
    headers = candidate.game.headers
    if candidate.game.white == number:
        return headers.get("White", str(number))
    return headers.get("Black", str(number))


def _pair_text(candidate: _Candidate) -> str:
    headers = candidate.game.headers
    return f"{headers.get('White', '?')} v {headers.get('Black', '?')}"


def _apply_results(
    candidates: list[_Candidate],
    config: EventConfig,
    config_path: Path,
    config_lines: Mapping[KeyPath, int],
    names: _Names,
    problems: Problems,
) -> list[_Candidate]:
    """``[[results]]`` add games no PGN carries and, with a reason, override a PGN result.

    The entries a TRF file made (``entry.trf``) come first; a conflict in one is reported on
    its TRF line with hints for the TRF file or the PGN, since event.toml has no such entry.
    """
    by_round_player = {}
    for candidate in candidates:
        for number in (candidate.game.white, candidate.game.black):
            by_round_player[(candidate.game.round, number)] = candidate
    result = list(candidates)
    from_trf = 0
    overridden = {
        (e.round, normalise_name(e.white), normalise_name(e.black))
        for e in config.results
        if e.trf is None and e.reason
    }
    for index, entry in enumerate(config.results):
        trf = entry.trf
        from_trf += trf is not None
        white = names.find(entry.white)
        black = names.find(entry.black)
        if white is None or black is None:
            continue  # already reported by the config check
        if trf is None:
            path, line = config_path, line_of(config_lines, ("results", index - from_trf))
            where = f"{config_path.name}:{line}" if line else config_path.name
        else:
            path, line, where = trf.path, trf.line, f"{trf.path.name}:{trf.line}"
        existing = by_round_player.get((entry.round, white)) or by_round_player.get(
            (entry.round, black)
        )
        if existing is None:
            game = Game(
                round=entry.round,
                board=entry.board or 0,
                white=white,
                black=black,
                result=entry.result,
                headers={"White": entry.white, "Black": entry.black},
                source=config_path,
                reason=entry.reason,
                forfeited=entry.forfeited,
                less_than_one_move=entry.less_than_one_move,
            )
            candidate = _Candidate(game, where, (path, line), trf is not None)
            result.append(candidate)
            by_round_player[(entry.round, white)] = candidate
            by_round_player[(entry.round, black)] = candidate
            continue
        game = existing.game
        if {game.white, game.black} != {white, black}:
            problems.error(
                (
                    f"[[results]] pairs {entry.white} with {entry.black} in round {entry.round}"
                    if trf is None
                    else f"column {trf.column}: the TRF file pairs {entry.white} with "
                    f"{entry.black} in round {entry.round}"
                )
                + f", but {existing.where} has {_pair_text(existing)} in that round",
                path,
                line,
                "correct the [[results]] entry or the PGN game"
                if trf is None
                else "correct the Round, White or Black tag of the PGN game, or the TRF file",
                code="results-contradiction",
            )
            continue
        if (game.white, game.black) != (white, black):
            problems.error(
                (
                    f"[[results]] gives {entry.white} White against {entry.black} in round "
                    if trf is None
                    else f"column {trf.column + 5}: the TRF file gives {entry.white} White "
                    f"against {entry.black} in round "
                )
                + f"{entry.round}, but {existing.where} has the colours the other way round",
                path,
                line,
                "swap white and black in the [[results]] entry, or correct the PGN"
                if trf is None
                else "swap the White and Black tags of the PGN game, or correct the colours "
                "in the TRF file",
                code="results-contradiction",
            )
            continue
        if entry.result == PENDING:
            continue  # a pairing without a result yet (a TRF written during the round)
        less = entry.less_than_one_move
        if less and trf is not None and _moved_each(game):
            _played_not_less_than_one_move(entry, trf, existing, problems)
            less = False
        if entry.result == game.result:
            if entry.reason or entry.forfeited or less:
                changed = replace(
                    game,
                    reason=entry.reason,
                    forfeited=entry.forfeited,
                    less_than_one_move=game.less_than_one_move or less,
                )
                _replace(result, existing, changed, by_round_player)
            continue
        if not entry.reason and game.result != PENDING:
            key = (entry.round, normalise_name(entry.white), normalise_name(entry.black))
            if trf is not None and key in overridden:
                continue  # event.toml's [[results]] entry with a reason decides
            shown = game.result
            if game.forfeit and game.headers.get("Termination", "").strip().casefold() == "forfeit":
                shown = f'{game.headers.get("Result", "?")} with [Termination "forfeit"], a forfeit'
            problems.error(
                f"round {entry.round}, {entry.white} v {entry.black}: the PGN result "
                f"{shown} ({existing.where}) contradicts [[results]] {entry.result}"
                if trf is None
                else f"column {trf.column + 7}: round {entry.round}, {entry.white} v "
                f"{entry.black}: the PGN result {shown} ({existing.where}) contradicts "
                f"the TRF result {entry.result}",
                path,
                line,
                'if the arbiter changed the result, add reason = "..." to the [[results]] '
                "entry; otherwise correct one of the two"
                if trf is None
                else "correct the Result tag of the PGN game or the TRF file; if the arbiter "
                "changed the result, add a [[results]] entry for the game with the TRF's "
                'result and reason = "..." to event.toml',
                code="results-contradiction",
            )
            continue
        _replace(
            result,
            existing,
            replace(
                game,
                result=entry.result,
                pgn_result=game.result,
                reason=entry.reason,
                forfeited=entry.forfeited,
                less_than_one_move=game.less_than_one_move or less,
            ),
            by_round_player,
        )
    return result


_LESS_THAN_ONE_MOVE_CODES = {
    "1-0": ("W", "L", "1", "0"),
    "1/2-1/2": ("D", "D", "=", "="),
    "0-1": ("L", "W", "0", "1"),
}
"""White's and Black's TRF codes of a game of less than one move with this result, and of
the same result played (TRF-16)."""


def _moved_each(game: Game) -> bool:
    """Whether the PGN game has a move by each player: then it was no game of less than one
    move, which FIDE does not rate because a player did not move (two half-moves, whichever
    side the FEN tag lets start)."""
    return game.plies >= 2


def _played_not_less_than_one_move(
    entry: ResultEntry, trf: TrfPlace, existing: _Candidate, problems: Problems
) -> None:
    """A TRF game of less than one move (``W``, ``D``, ``L``) whose PGN has a move by each
    player: the two disagree. The PGN shows the moves made, so the game is believed played
    and rated; said on the TRF line, as its code is the one taken as wrong."""
    white, black, played_white, played_black = _LESS_THAN_ONE_MOVE_CODES[entry.result]
    problems.warning(
        Phrase(
            f"column {trf.column + 7}: round {entry.round}, ",
            Name(entry.white),
            " v ",
            Name(entry.black),
            f": the TRF file writes a game of less than one move ({white} for White, "
            f"{black} for Black: not rated), but the PGN game ({existing.where}) has "
            f"{existing.game.plies} half-moves, a move by each player; the PGN is believed: "
            "the game was played and is rated",
        ),
        trf.path,
        trf.line,
        hint=f"if the game was played, write {played_white} for White and {played_black} for "
        "Black in the TRF file (on both players' lines); if a player made no move, remove the "
        "moves from the PGN game",
        code="trf",
        context={"round": entry.round, "white": entry.white, "black": entry.black},
    )


def _replace(
    candidates: list[_Candidate],
    old: _Candidate,
    game: Game,
    by_round_player: dict[tuple[int, int], _Candidate],
) -> None:
    """Put ``game`` in ``old``'s place, where later entries of the same round look it up too."""
    new = replace(old, game=game)
    candidates[candidates.index(old)] = new
    for number in (game.white, game.black):
        by_round_player[(game.round, number)] = new


def _byes(
    config: EventConfig,
    config_path: Path,
    config_lines: Mapping[KeyPath, int],
    names: _Names,
    candidates: list[_Candidate],
    players: tuple[Player, ...],
    problems: Problems,
) -> tuple[Bye, ...]:
    """``[[byes]]``, those of a TRF file first (located on their TRF line), then the absences
    of late entries (``_late_entries``) in the rounds those leave without one."""
    withdrawn = {p.number: p.withdrawn_after for p in players if p.withdrawn_after is not None}
    byes: dict[tuple[int, int], Bye] = {}
    late = any(entry.first_round for entry in config.players)
    if not config.byes and not late:
        return ()
    paired = {(c.game.round, n): c for c in candidates for n in (c.game.white, c.game.black)}
    from_trf = 0
    for index, entry in enumerate(config.byes):
        trf = entry.trf
        from_trf += trf is not None
        number = names.find(entry.player)
        if number is None:
            continue
        if trf is None:
            path, line = config_path, line_of(config_lines, ("byes", index - from_trf))
        else:
            path, line = trf.path, trf.line
        game = paired.get((entry.round, number))
        if game is not None:
            problems.error(
                f"{entry.player} has a bye in round {entry.round} but also a game in that round"
                if trf is None
                else f"column {trf.column + 7}: {entry.player} has a bye in round "
                f"{entry.round} in the TRF file, but also a game in that round ({game.where})",
                path,
                line,
                "remove the [[byes]] entry or the game"
                if trf is None
                else "remove the game (or correct its Round tag), or correct the TRF file",
                code="bye-and-game",
            )
            continue
        left = withdrawn.get(number)
        if entry.points and left is not None and entry.round > left:
            # Rounds after a withdrawal score nothing (README), as a game there is an error.
            problems.error(
                f"{entry.player} withdrew after round {left} but has a "
                f"{'half' if entry.points == 0.5 else 'full'}-point bye in round {entry.round}",
                path,
                line,
                "rounds after a withdrawal score nothing: remove the bye (points = 0 records "
                "an absence), or correct after_round in [[withdrawals]]",
                code="withdrawn-player",
            )
            continue
        if (entry.round, number) in byes:
            problems.error(
                f"{entry.player} has two byes in round {entry.round}",
                path,
                line,
                code="bye-and-game",
            )
            continue
        byes[(entry.round, number)] = Bye(
            entry.round, number, float(entry.points), entry.pairing_allocated
        )
    if late:
        _late_entries(config, config_path, config_lines, names, candidates, byes, problems)
    return tuple(sorted(byes.values(), key=lambda b: (b.round, b.player)))


def _late_entries(
    config: EventConfig,
    config_path: Path,
    config_lines: Mapping[KeyPath, int],
    names: _Names,
    candidates: list[_Candidate],
    byes: dict[tuple[int, int], Bye],
    problems: Problems,
) -> None:
    """``[[players]] first_round``: each round before it is an absence (a zero-point bye, as
    ``[[byes]] points = 0`` records one) unless a [[byes]] entry gives that round another
    (a half-point bye where the regulations give late entries one). A zero-point bye written
    there is that absence, "not yet entered" too: a ``[[byes]]`` entry with ``points = 0``,
    or the TRF file's blank round, ``0000 - Z`` or ``0000 - -`` (all TRF has for a round
    before the player joined: event.toml's first_round says what the TRF file cannot). A
    game of the player before that round contradicts it: one error for each file such games
    are written in (``_by_source``), on the first game there (a TRF file's: on the player's
    own line)."""
    if config.format != "swiss":
        return  # refused with the event file (check_event): round robins have no late entry
    games: dict[int, list[_Candidate]] = defaultdict(list)
    for candidate in candidates:
        for player in (candidate.game.white, candidate.game.black):
            games[player].append(candidate)
    for index, entry in _toml_entries(config):
        first = entry.first_round
        number = names.find(entry.name)
        if not first or number is None or not 1 < first <= config.rounds:
            continue  # out of range: refused with the event file (check_event)
        key = ("players", index, "first_round") if index is not None else ("players",)
        key_line = line_of(config_lines, key)
        early = sorted(
            (c for c in games.get(number, ()) if c.game.round < first),
            key=lambda c: (c.game.round, c.game.board),
        )
        groups = _by_source(early, names)
        at = f"{config_path.name} line {key_line}" if key_line else config_path.name
        joined = early[0].game.round if early else first  # the first_round the games give
        for source, group in groups:
            path, line = _players_place(group[0], number, names)
            fix = {
                "trf": f"the TRF file ({_REEXPORT})",
                "results": "the [[results]] entry's round (or its players)",
                "pgn": "the game's Round tag (or its player tags)",
                "pgn+trf": f"the game's Round tag (or its player tags) and the TRF file "
                f"({_REEXPORT})",
            }[source]
            problems.error(
                f"{entry.name} entered in round {first} (first_round = {first}, {at}) but "
                f"plays in {_rounds_text(group)} ({_group_where(group, number, names)})"
                f"{_elsewhere(groups, group, number, names)}",
                path,
                line or None,
                f"correct first_round (first_round = {joined} if the player joined in round "
                f"{joined}, or delete it), or correct {fix} if the game is another round's or "
                "another player's",
                code="late-entry",
            )
        played = {c.game.round for c in early}
        for round_number in range(1, first):
            absence = (round_number, number)
            if absence in byes and byes[absence].points == 0:
                byes[absence] = replace(byes[absence], late_entry=True)
            elif absence not in byes and round_number not in played:
                byes[absence] = Bye(round_number, number, 0.0, late_entry=True)


def _check_withdrawals(
    players: tuple[Player, ...], candidates: list[_Candidate], names: _Names, problems: Problems
) -> None:
    """A withdrawn player's games after the withdrawal other than forfeits: an error for
    each file they are written in (``_by_source``), on the first game there, with the
    forfeit written as that file writes one."""
    for player in players:
        if player.withdrawn_after is None:
            continue
        later = sorted(
            (c for c in candidates if player.number in (c.game.white, c.game.black)),
            key=lambda c: c.game.round,
        )
        later = [c for c in later if c.game.round > player.withdrawn_after and not c.game.forfeit]
        if not later:
            continue
        # One error for the player's games of each source, on the first game: after_round = 0
        # with five rounds played was five errors, none saying which number to write.
        last = later[-1].game.round
        groups = _by_source(later, names)
        for source, group in groups:
            first = group[0]
            # The place of a single game is the message's own, as are the TRF games', all on
            # the player's line; of several others, where they begin.
            alone = len(group) == 1 or first.written_in == "trf"
            where = "" if alone else f" ({_group_where(group, player.number, names)})"
            as_forfeit = _as_forfeit(first, source, len(group), player.number)
            path, line = _players_place(first, player.number, names)
            problems.error(
                f"{player.name} withdrew after round {player.withdrawn_after} but plays "
                f"in {_rounds_text(group)}{where}"
                f"{_elsewhere(groups, group, player.number, names)}",
                path,
                line or None,
                f"correct after_round in [[withdrawals]] (after_round = {last} if the player "
                f"left after round {last}), or record {as_forfeit}",
                code="withdrawn-player",
            )


def _as_forfeit(first: _Candidate, source: str, count: int, number: int) -> str:
    """How to record a withdrawn player's ``count`` games from ``first`` on as forfeits,
    where they are corrected (``_source``): a PGN game's tags, the TRF file's codes (and,
    for a PGN game the TRF has too, the PGN game's tags as well), or the [[results]]
    entry's result (the player, absent, loses: "-+" with White, "+-" with Black)."""
    games = "the games as forfeits" if count > 1 else "the game as a forfeit"
    termination = '[Termination "forfeit"] and no moves'
    if source in ("trf", "pgn+trf"):
        # TRF-16's forfeit codes, on both lines of the game: - lost, + won by forfeit.
        trf = f"{games} in the TRF file (- for the player, + for the opponent; {_REEXPORT})"
        if source == "trf":
            return trf
        pgn = "the PGN games" if count > 1 else "the PGN game"
        return f"{trf}, and {pgn} so too ({termination}) or delete {pgn}"
    if source == "pgn":
        return f"{games} ({termination})"
    if count > 1:
        return f'{games} (result = "-+" where the player had White, "+-" where Black)'
    white = first.game.white == number
    return (
        f'{games} (result = "{"-+" if white else "+-"}" in the [[results]] entry, as the '
        f"player had {'White' if white else 'Black'})"
    )


def _number_boards(candidates: list[_Candidate], problems: Problems) -> tuple[Game, ...]:
    """Boards as the Round tag gives them; a game without one takes the lowest free board."""
    by_round: dict[int, list[_Candidate]] = defaultdict(list)
    for candidate in candidates:
        by_round[candidate.game.round].append(candidate)
    games: list[Game] = []
    for round_number in sorted(by_round):
        in_round = by_round[round_number]
        used: dict[int, _Candidate] = {}
        for candidate in in_round:
            board = candidate.game.board
            if board and board in used:
                path, line = _place(candidate)
                problems.warning(
                    f"round {round_number} has two games on board {board} "
                    f"({used[board].where} and {candidate.where}); the second is renumbered",
                    path,
                    line,
                    # A TRF file gives no boards: only a [[results]] entry's board = ... is
                    # a game without a PGN game that can take a board another one has.
                    hint="correct board in the [[results]] entry, or delete it to take the "
                    "lowest free board"
                    if candidate.written_in == "results"
                    else "",
                    code="duplicate-board",
                )
                candidate.game = replace(candidate.game, board=0)
            elif board:
                used[board] = candidate
        numbered = []
        for candidate in in_round:
            game = candidate.game
            if not game.board:
                free = next(b for b in range(1, len(in_round) + len(used) + 2) if b not in used)
                used[free] = candidate
                game = replace(game, board=free)
            numbered.append(game)
        games.extend(sorted(numbered, key=lambda g: g.board))
    return tuple(games)
