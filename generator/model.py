"""Model stage: the immutable data of one event, as the rules and the pages see it.

Players are identified by their pairing number. A ``Game`` is any pairing with a result: played
over the board, a forfeit (``+-``, ``-+``, ``--``) or not yet finished (``*``). Byes and
withdrawals are separate records. Nothing here computes a score: that is the rule stage's job.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from .config.event import EventConfig, Scoring
from .pgn import NO_MOVES, Moves, first_ply
from .schedule import Schedule, inferred_schedule, table_pairings

PLAYED_RESULTS = ("1-0", "0-1", "1/2-1/2")
FORFEIT_RESULTS = ("+-", "-+", "--")
PENDING = "*"


_LATIN_LETTERS = str.maketrans(
    {
        "Þ": "Th", "þ": "th", "ß": "ss", "Ø": "O", "ø": "o", "Æ": "AE", "æ": "ae", "Ł": "L",
        "ł": "l", "Đ": "D", "đ": "d",
        # Letters NFKD cannot split either, which the slug dropped: "Yıldız" was "yldz".
        "Œ": "OE", "œ": "oe", "ı": "i", "Ð": "D", "ð": "d", "Ħ": "H", "ħ": "h", "Ŧ": "T",
        "ŧ": "t", "Ŋ": "NG", "ŋ": "ng", "Ə": "E", "ə": "e", "Ɛ": "E", "ɛ": "e", "ƒ": "f",
    }
)  # fmt: skip


_NOT_LETTERS = frozenset(map(chr, [*range(0x02B0, 0x0300), 0x0640]))
"""Modifier letters that are apostrophes or accents in Latin text ("Hawaiʻi" stays "hawaii"),
and the Arabic tatweel, which only stretches a word: dropped like punctuation."""

_FINAL_SIGMA = re.compile(r"(?<=\w)σ(?!\w)")
"""Case folding writes every Greek sigma "σ"; at the end of a word it is written "ς"."""


def slugify(text: str) -> str:
    """The name of a page or folder made from a name: "Ólafsson, Þóra" -> "olafsson-thora",
    "Иванов, Пётр" -> "иванов-пётр", "Li, 李" -> "li-李".

    Latin letters lose their accents and become ASCII, as they always have (a site's
    addresses do not move). Letters of other scripts have no ASCII form everyone agrees on:
    a transliteration (``text_unidecode``) reads Japanese kanji as Chinese, drops Arabic
    vowels, gives "李" and "理" one address, and would move addresses whenever its tables
    change. They are kept as written, as their readers expect to see them in the address
    bar; browsers, GitHub Pages and file:// all take UTF-8 file names, and the links to them
    are %-encoded (``render.environment.url_text``). They are case-folded and NFC: two names
    that differ only in case, or in how the keyboard composed a letter, give one slug (one
    file on macOS and Windows, which ignore case), so the build reports the clash.
    Punctuation that is not ASCII is dropped, as before ("O’Brien" -> "obrien"); a digit of
    another script is its ASCII digit; a name with no letter or digit at all gives "x"."""
    kept: list[str] = []
    on_letter = False  # a combining mark stays on a kept letter of another script only
    for char in unicodedata.normalize("NFKD", text.translate(_LATIN_LETTERS)):
        category = unicodedata.category(char)
        if char.isascii():
            kept.append(char.lower() if char.isalnum() else "-")
        elif category == "Nd":
            kept.append(str(unicodedata.decimal(char)))
        elif (category[0] in "LN" and char not in _NOT_LETTERS) or (
            category[0] == "M" and on_letter
        ):
            kept.append(char)
            on_letter = True
            continue
        on_letter = False
    slug = unicodedata.normalize("NFC", "".join(kept).casefold())
    slug = _FINAL_SIGMA.sub("ς", slug)
    return re.sub(r"-+", "-", slug).strip("-") or "x"


@dataclass(frozen=True)
class Player:
    number: int
    name: str
    slug: str
    aliases: tuple[str, ...] = ()
    rating: int | None = None
    fide_id: int | None = None
    federation: str | None = None
    title: str | None = None
    born: dt.date | None = None
    birth_year: int | None = None
    sex: str | None = None
    club: str | None = None
    withdrawn_after: int | None = None
    withdrawal_reason: str = ""
    day_unknown: bool = False
    """``born`` is the 1st of a month whose day is unknown (a TRF date "2014/07/00"): the
    age groups warn where the day would decide, and tournament.trf writes the "00" back."""
    k_factor: int | None = None
    """The player's own FIDE K (``[[players]] k_factor``); ``None``: the event's, if any
    (``rules.ratings.player_k``)."""


@dataclass(frozen=True)
class Game:
    """One pairing of the event and how it ended."""

    round: int
    board: int
    white: int
    black: int
    result: str
    moves: Moves = NO_MOVES
    initial_placement: str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    headers: dict[str, str] = field(default_factory=dict)
    source: Path | None = None
    line: int | None = None
    reason: str = ""
    """Why an arbiter decided this result (a ``[[results]]`` entry), shown beside it."""
    pgn_result: str | None = None
    """The PGN's own result when a ``[[results]]`` entry overrode it."""
    illegal: str | None = None
    """The first main-line move python-chess could not play (``PgnGame.illegal``): the
    moves stop there."""
    side_line_left_out: str | None = None
    """A side line left out for a move it could not play (``PgnGame.side_line_left_out``):
    the main line is whole, and the page says so."""
    forfeited: bool = False
    """Played, but the loser forfeited it (``[[results]]`` ``forfeited = true``): over the
    board for the tie-breaks, a forfeit for the rules on prize money."""
    less_than_one_move: bool = False
    """A game in which a player did not make a move (TRF ``W``, ``D``, ``L``): played for the
    points and tie-breaks, but not rated (TRF-16: "not rated"; the FIDE Rating Regulations
    rate no game in which a player has not made a move), and tournament.trf writes its code
    back. A PGN game never has it, nor a TRF game whose PGN has a move by each player
    (``assemble``: the moves show it was played)."""

    @property
    def slug(self) -> str:
        """The game page's name; play-off games (round 0) are numbered in play order."""
        return f"playoff-{self.board}" if self.round == 0 else f"r{self.round}-b{self.board}"

    @property
    def is_playoff(self) -> bool:
        return self.round == 0

    @property
    def played(self) -> bool:
        """Played over the board (a result exists and it was not a forfeit)."""
        return self.result in PLAYED_RESULTS

    @property
    def forfeit(self) -> bool:
        return self.result in FORFEIT_RESULTS

    @property
    def finished(self) -> bool:
        return self.result != PENDING

    @property
    def plies(self) -> int:
        return len(self.moves)

    @property
    def first_ply(self) -> int:
        """The half-moves before the first move (``pgn.first_ply``): the pages number the
        moves of a game from a FEN as its FEN does."""
        return first_ply(self.headers)

    @property
    def final_placement(self) -> str:
        """The pieces after the last move (the starting position when there are none)."""
        return self.moves.final_placement or self.initial_placement

    def opponent(self, number: int) -> int:
        return self.black if number == self.white else self.white


@dataclass(frozen=True)
class Bye:
    """A round without a game: 1 full-point or pairing-allocated, 0.5 half-point, 0 absence.

    C.07 scores and tie-breaks a pairing-allocated bye as a full-point bye (16.2.1 puts them in
    one category), but TRF writes them apart (``U``, at most one a round, and ``F``), and a
    pairing program must know who had the pairing's bye: ``pairing_allocated`` keeps which,
    ``None`` when the event file does not say."""

    round: int
    player: int
    points: float
    pairing_allocated: bool | None = None
    late_entry: bool = False
    """An absence that ``[[players]] first_round`` gives a round before the player joined:
    scored as any zero-point bye, and worded "not yet entered" (a "zero-point bye" read as
    a round the player had been paired for and missed)."""

    @property
    def kind(self) -> str:
        if self.late_entry:
            return "not yet entered"
        if self.points == 1 and self.pairing_allocated:
            return "pairing-allocated bye"
        return {1: "full-point bye", 0.5: "half-point bye"}.get(self.points, "zero-point bye")


@dataclass(frozen=True)
class Attachment:
    """A file a Markdown page links beside it (``links.page_attachments``), published at
    ``name`` (a relative POSIX path, as Python names the file: ``text.disk_name``) from the
    page's folder."""

    name: str
    data: bytes


@dataclass(frozen=True)
class Page:
    """An extra Markdown page of an event (regulations, reports)."""

    slug: str
    title: str
    markdown: str
    source: Path
    files: tuple[Attachment, ...] = ()
    """The files it links beside it, published with it."""


@dataclass(frozen=True)
class Event:
    slug: str
    folder: Path
    config: EventConfig
    players: tuple[Player, ...]
    games: tuple[Game, ...]
    byes: tuple[Bye, ...]
    tiebreaks: tuple[str, ...]
    rules_edition: str
    pages: tuple[Page, ...] = ()
    playoff_games: tuple[Game, ...] = ()
    """Play-off games in play order (round 0, board = position in the order), with those
    still being played (result "*"), which decide nothing yet (``rules.playoffs``)."""
    entered: tuple[tuple[int, Path, int | None], ...] = ()
    """Where each player is entered: (number, file, line), the [[players]] entry of
    event.toml or the TRF file's line, for messages about a player's data."""

    def entry_of(self, number: int) -> tuple[Path, int | None]:
        """The file and line of a player's entry (event.toml without a line if unknown)."""
        return self._entries.get(number, (self.folder / "event.toml", None))

    @cached_property
    def _entries(self) -> dict[int, tuple[Path, int | None]]:
        return {number: (path, line) for number, path, line in self.entered}

    @property
    def name(self) -> str:
        return self.config.name

    @property
    def format(self) -> str:
        return self.config.format

    @property
    def rounds(self) -> int:
        return self.config.rounds

    @property
    def scoring(self) -> Scoring:
        return self.config.scoring

    @property
    def is_round_robin(self) -> bool:
        return self.config.format in ("round-robin", "double-round-robin")

    def player(self, number: int) -> Player:
        return self._by_number[number]

    @cached_property
    def _by_number(self) -> dict[int, Player]:
        return {p.number: p for p in self.players}

    def games_in_round(self, round_number: int) -> tuple[Game, ...]:
        return tuple(g for g in self.games if g.round == round_number)

    @cached_property
    def rounds_played(self) -> int:
        """The last round with at least one finished game (worked out once: every page asks,
        and an open has 11,000 games). Byes do not count: they are published with a round's
        pairings, or requested rounds ahead, and must not move the standings on."""
        return max((g.round for g in self.games if g.finished), default=0)

    @cached_property
    def rounds_in_progress(self) -> tuple[int, ...]:
        """Rounds up to ``rounds_played`` that still have a game without a result, or players
        without a game or a bye (``unpaired``)."""
        played = self.rounds_played
        rounds = {g.round for g in self.games if not g.finished and g.round <= played}
        if self._pairs_in_no_round:
            rounds.add(self.rounds)
        return tuple(sorted(rounds | set(self.unpaired)))

    @cached_property
    def not_in_yet(self) -> dict[int, tuple[int, ...]]:
        """Per player, the rounds whose record of them is not in yet: a round of ``unpaired``
        they lack, and, for a player of ``unplayed_pairs`` no such round shows, every round
        they have neither a game nor a bye in (which one the missing game was due in is not
        known)."""
        found: dict[int, set[int]] = {}
        for number_round, numbers in self.unpaired.items():
            for number in numbers:
                found.setdefault(number, set()).add(number_round)
        for number in {n for pair in self._pairs_in_no_round for n in pair}:
            found.setdefault(number, set()).update(
                r
                for r in range(1, self.rounds_played + 1)
                if number not in self._present.get(r, ())
            )
        return {n: tuple(sorted(rounds)) for n, rounds in found.items() if rounds}

    @cached_property
    def _pairs_in_no_round(self) -> tuple[tuple[int, int], ...]:
        """The ``unplayed_pairs`` whose missing game no round of ``unpaired`` shows (both
        players missing from it): which round it was due in is not known."""
        return tuple(
            pair
            for pair in self.unplayed_pairs
            if not any(set(pair) <= set(numbers) for numbers in self.unpaired.values())
        )

    @cached_property
    def _present(self) -> dict[int, set[int]]:
        """Each round's players with a game or a bye in it."""
        present: dict[int, set[int]] = {}
        for game in self.games:
            present.setdefault(game.round, set()).update((game.white, game.black))
        for bye in self.byes:
            present.setdefault(bye.round, set()).add(bye.player)
        return present

    @cached_property
    def unplayed_pairs(self) -> tuple[tuple[int, int], ...]:
        """Once every round of a round robin has a result: the pairs of players (neither
        withdrawn) who have not met as often as it schedules (once, twice in a double round
        robin). A game not entered hides behind a sit-out when two players who withdrew were
        due to meet: this finds it, and the event is not finished until it is recorded."""
        if not self.is_round_robin or self.rounds_played < self.rounds:
            return ()
        times = 2 if self.config.format == "double-round-robin" else 1
        met = Counter(frozenset((g.white, g.black)) for g in self.games)
        active = [p.number for p in self.players if p.withdrawn_after is None]
        return tuple(
            (a, b) for a, b in itertools.combinations(active, 2) if met[frozenset((a, b))] < times
        )

    @cached_property
    def unpaired(self) -> dict[int, tuple[int, ...]]:
        """Each round up to ``rounds_played`` whose players (pairing numbers) include some,
        not withdrawn, with neither a game nor a bye, beyond the one a round robin of an odd
        number sits out. Results are often entered as games end, so such a round is not
        taken as over (a bye, an absence or a withdrawal must be recorded to close it). In
        a round robin, each player who withdrew also leaves a scheduled opponent without one;
        where the games follow the Berger table (``schedule``) it says which players have no
        game by design, and only the others are missing."""
        result = {}
        for number in range(1, self.rounds_played + 1):
            here = self._present.get(number, set())
            sits_out = 0
            if self.is_round_robin:
                sits_out = len(self.players) % 2 + self.withdrawn_before(number)
            missing = tuple(
                p.number
                for p in self.players
                if p.number not in here
                and (p.withdrawn_after is None or number <= p.withdrawn_after)
            )
            scheduled = self.schedule.get(number) if self.schedule else None
            if scheduled is not None:  # the Berger table says who has no game by design
                missing = tuple(
                    n for n in missing if self.scheduled_without_game(n, number) is None
                )
                sits_out = 0
            if len(missing) > sits_out:
                result[number] = missing
        return result

    @cached_property
    def schedule(self) -> Schedule | None:
        """A round robin's schedule, when its games so far follow the Berger table
        (``schedule.inferred_schedule``): who was due to meet whom in each round with a
        game in it. ``None`` for a Swiss, and where the table is not the one followed."""
        if not self.is_round_robin:
            return None
        return inferred_schedule(
            (p.number for p in self.players),
            ((g.round, g.white, g.black) for g in self.games),
            self.rounds,
        )

    @cached_property
    def pairings_to_come(self) -> dict[int, tuple[tuple[int, int], ...]]:
        """A round robin's rounds not played yet (no game entered, after ``rounds_played``)
        with their games ``(white, black)`` by FIDE's Berger table, in its board order, as
        chess-results lists the pairings of every round. Only once a round has been played
        and while every game so far has the table's pairing and colours
        (``schedule.table_pairings``): before round 1 nothing says the table is used, and
        an organiser who swaps colours or pairs by another table has said nothing of the
        rounds to come. A game of a player who withdrew is still here: the round's page
        leaves it out (``views.scheduled_pairings``)."""
        if not self.is_round_robin or self.rounds_played < 1 or self.schedule is None:
            return {}
        entered = {g.round for g in self.games}
        pairings = table_pairings(
            (p.number for p in self.players),
            ((g.round, g.white, g.black) for g in self.games),
            self.rounds,
        )
        return {
            r: games for r, games in pairings.items() if r > self.rounds_played and r not in entered
        }

    def scheduled_without_game(self, number: int, round_number: int) -> str | None:
        """By the known schedule (``schedule``), why a player has no game in a round:
        "sits out" (the table's bye) or "opponent withdrew" (withdrawn before the round);
        ``None`` when the schedule gives them an opponent still playing, or is not known."""
        opponents = self.schedule.get(round_number) if self.schedule else None
        if opponents is None or number not in opponents:
            return None
        opponent = opponents[number]
        if opponent is None:
            return "sits out"
        gone = self.player(opponent).withdrawn_after
        return "opponent withdrew" if gone is not None and gone < round_number else None

    def withdrawn_before(self, round_number: int) -> int:
        """How many players withdrew before this round: in a round robin each leaves a
        scheduled opponent without a game in it."""
        return sum(
            1
            for p in self.players
            if p.withdrawn_after is not None and p.withdrawn_after < round_number
        )

    @property
    def finished(self) -> bool:
        """Every round played to its last result: the standings are final and a play-off,
        if one is needed, is due (not while a game of the last round is still on)."""
        return self.rounds_played >= self.rounds and not self.rounds_in_progress


@dataclass(frozen=True)
class Championship:
    """Several events (sections) published under one landing page."""

    slug: str
    name: str
    start: dt.date | None
    end: dt.date | None
    location: str
    description: str
    sections: tuple[str, ...]
    """The slugs of its events, in the order to show them."""


@dataclass(frozen=True)
class Site:
    """Everything one build publishes."""

    folder: Path
    title: str
    base_url: str
    language: str
    description: str
    home_markdown: str
    events: tuple[Event, ...]
    home_files: tuple[Attachment, ...] = ()
    """The files the home page links beside it (in content/), published at the site's root."""
    markdown_raw_html: bool = False
    """From site.toml: raw HTML in Markdown pages is kept (otherwise escaped)."""
    championships: tuple[Championship, ...] = ()
