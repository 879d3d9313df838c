"""Differential test: every published view of an event against one independent tally.

Seeded random events (a fixed list of seeds, so every run sees the same ones) are written as
an organiser writes them: Swiss, round robin or double round robin, players listed in any
order with their pairing numbers, the usual scoring or another (3-1-0, 3-2-1); games in PGN
files (with moves, still being played with the result ``*``, or forfeits written with
``[Termination "forfeit"]``) and in ``[[results]]`` (played results, forfeits ``+-``/``-+``,
the double forfeit ``--``, an arbiter's decision overriding a PGN result, a game played then
forfeited); ``[[byes]]`` of 1, 0.5 and 0 points (``pairing_allocated`` said or not, some asked
for rounds ahead), ``[[withdrawals]]`` (before round 1 too), and sometimes a last round not
finished (games ``*``, or not yet in any file) or a game postponed.

The test keeps its own tally of each player's points, games with a result and result in
each round, worked out from the rules (README: a round counts from its first result, byes of
a later round score nothing yet, a forfeit loss scores nothing), and checks the site built
from the files against it and each view against the others: ``results.json``,
``standings.csv``, ``tournament.trf`` (points, rank and every round's block with TRF-16's
codes), ``games.pgn``, the game pages, the standings page, the crosstable or rank table, each
player's page, the event's leaders and list of players, each round's page and the standings
after each earlier round. ``CROSSTABLE_EXAMPLES_SCALE=10`` runs ten times the seeds.
"""

from __future__ import annotations

import csv
import html
import io
import itertools
import json
import os
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import circle

from generator.build import check_site

SCALE = int(os.environ.get("CROSSTABLE_EXAMPLES_SCALE", "1"))
"""Multiplies the seeds for a deeper run: ``CROSSTABLE_EXAMPLES_SCALE=10 pytest ...``."""
SEEDS = range(40 * SCALE)
MOVES = {
    "1-0": "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0",
    "0-1": "1. f3 e5 2. g4 Qh4# 0-1",
    "1/2-1/2": "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2",
    "*": "1. d4 d5 2. c4 *",
}
FORFEITS = ("+-", "-+", "--")
TRF_CODES = {"1-0": ("1", "0"), "0-1": ("0", "1"), "1/2-1/2": ("=", "=")}
TRF_CODES |= {"+-": ("+", "-"), "-+": ("-", "+"), "--": ("-", "-"), "*": (" ", " ")}
SURNAMES = (
    "Adler", "Berg", "Castro", "Dahl", "Eriksen", "Fischer", "Garcia", "Hansen", "Ivanov",
    "Jensen", "Kowalski", "O'Neil", "Moreau", "Nagy", "Smith & Jones", "Petrov", "=Sum",
    "<b>Bold</b>", "Zoë",
)  # fmt: skip
SCORINGS = ((1.0, 0.5, 0.0), (1.0, 0.5, 0.0), (3.0, 1.0, 0.0), (3.0, 2.0, 1.0))
"""Win, draw and loss: mostly the usual, sometimes football's, or 3-2-1 (a loss over the
board scores, a forfeit does not)."""


@dataclass(frozen=True)
class Pairing:
    round: int
    white: int
    black: int
    result: str  # "1-0" ... "--", or "*" for a game still being played
    where: str
    """Where the organiser wrote it: "pgn" (a game with moves), "results" (a ``[[results]]``
    entry alone), "pgn-forfeit" (a PGN game without moves, ``[Termination "forfeit"]``),
    "override" (a drawn PGN game whose result an arbiter's ``[[results]]``
    entry with a reason changed), "forfeited" (a PGN game, then forfeited: ``[[results]]``
    with ``forfeited = true``) or "missing" (paired, in no file yet)."""

    @property
    def has_moves(self) -> bool:
        """Whether the game's record keeps moves: a forfeit has none, whatever a PGN had."""
        return self.where in ("pgn", "forfeited", "override") and self.result not in FORFEITS


@dataclass
class Drawn:
    """One event in the organiser's terms, and the tally the site must agree with."""

    seed: int
    format: str
    rounds: int
    names: list[str]
    pairings: list[Pairing] = field(default_factory=list)
    byes: list[tuple[int, int, float]] = field(default_factory=list)  # round, player, points
    allocated: dict[tuple[int, int], bool] = field(default_factory=dict)
    """A one-point bye's ``pairing_allocated``, by round and player, where the file says it."""
    withdrawals: dict[int, int] = field(default_factory=dict)  # player -> after round
    scoring: tuple[float, float, float] = SCORINGS[0]
    listed: list[int] = field(default_factory=list)
    """The order of the ``[[players]]`` entries, each with its pairing number given."""

    def score(self, code: str) -> float:
        """A TRF result code's points in the event's scoring: a loss over the board scores
        ``loss``; a forfeit loss, a double forfeit and an absence nothing; a full-point bye
        a win and a half-point bye a draw (README, "Scoring")."""
        win, draw, loss = self.scoring
        return {"1": win, "+": win, "U": win, "F": win, "=": draw, "H": draw, "0": loss}.get(
            code, 0.0
        )

    @property
    def players(self) -> range:
        return range(1, len(self.names) + 1)

    @property
    def rounds_played(self) -> int:
        """A round counts from its first result."""
        done = [p.round for p in self.pairings if p.where != "missing" and p.result != "*"]
        return max(done, default=0)

    def boards(self) -> dict[Pairing, int]:
        """Each pairing's board: the order the organiser wrote the round's games in."""
        boards: dict[Pairing, int] = {}
        for p in self.pairings:
            boards[p] = sum(1 for q in self.pairings if q.round == p.round and q in boards) + 1
        return boards

    def entered(self) -> list[Pairing]:
        return [p for p in self.pairings if p.where != "missing"]

    def points(self) -> dict[int, float]:
        tally = dict.fromkeys(self.players, 0.0)
        for p in self.entered():
            if p.result != "*":
                white, black = TRF_CODES[p.result]
                tally[p.white] += self.score(white)
                tally[p.black] += self.score(black)
        for number, player, points in self.byes:
            if number <= self.rounds_played:
                tally[player] += self.score({1.0: "F", 0.5: "H", 0.0: "Z"}[points])
        return tally

    def games(self) -> dict[int, int]:
        """Pairings with a result, forfeits included (the standings' "Games")."""
        tally = dict.fromkeys(self.players, 0)
        for p in self.entered():
            if p.result != "*":
                tally[p.white] += 1
                tally[p.black] += 1
        return tally

    def cells(self) -> dict[tuple[int, int], tuple[int, str, str]]:
        """(player, round) -> (opponent or 0, colour, TRF result code) as the tally has it."""
        cells: dict[tuple[int, int], tuple[int, str, str]] = {}
        for p in self.entered():
            white, black = TRF_CODES[p.result]
            cells[p.white, p.round] = (p.black, "w", white)
            cells[p.black, p.round] = (p.white, "b", black)
        for number, player, points in self.byes:
            code = {1.0: "U" if self.format == "swiss" else "F", 0.5: "H", 0.0: "Z"}[points]
            cells[player, number] = (0, "-", code)
        return cells


def draw_event(seed: int) -> Drawn:
    rng = random.Random(seed)
    swiss = seed % 2 == 0
    double = seed % 8 == 3
    count = 4 if double else rng.randint(4, 12) if swiss else rng.randint(4, 8)
    schedule = circle(count)
    if double:  # the second cycle with the colours reversed
        schedule += [[(b, a) for a, b in pairs] for pairs in schedule]
    if swiss:
        # Another order of the players each event, so that a Swiss is no round robin.
        order = list(range(1, count + 1))
        rng.shuffle(order)
        rng.shuffle(schedule)
        schedule = [
            [(order[a - 1] if a else 0, order[b - 1] if b else 0) for a, b in r] for r in schedule
        ]
        rounds = rng.randint(3, min(7, len(schedule)))
    else:
        rounds = len(schedule)
    surnames = rng.sample(SURNAMES, count)
    names = [f"{surnames[i]}, Player{i + 1}" for i in range(count)]
    fmt = "swiss" if swiss else "double-round-robin" if double else "round-robin"
    spec = Drawn(seed, fmt, rounds, names, scoring=rng.choice(SCORINGS))
    spec.listed = rng.sample(range(1, count + 1), count)
    paired = rounds if rng.random() < 0.6 else rng.randint(1, rounds)
    unfinished = rng.random() < 0.4
    if rng.random() < 0.5 and paired > 1:
        spec.withdrawals[rng.randint(1, count)] = rng.randint(0, paired - 1)
    for number in range(1, paired + 1):
        last = number == paired and unfinished
        for a, b in schedule[number - 1]:
            left = [x for x in (a, b) if x and spec.withdrawals.get(x, rounds) < number]
            if 0 in (a, b) or left:
                for player in {a, b} - {0} - set(left):
                    if rng.random() < 0.7:
                        points = rng.choice([0.0, 0.5, 1.0])
                        spec.byes.append((number, player, points))
                        if points == 1 and rng.random() < 0.4:
                            taken = any(
                                r == number and flag for (r, _), flag in spec.allocated.items()
                            )
                            spec.allocated[number, player] = not taken and rng.random() < 0.5
                continue
            white, black = (a, b) if rng.random() < 0.5 else (b, a)
            if (last and rng.random() < 0.6) or rng.random() < 0.03:  # or a game postponed
                spec.pairings.append(
                    Pairing(number, white, black, "*", rng.choice(["pgn", "missing"]))
                )
                continue
            result = rng.choice(["1-0", "0-1", "1/2-1/2", "1-0", "0-1", "+-", "-+", "--"])
            where = "results" if result not in MOVES or rng.random() < 0.3 else "pgn"
            chance = rng.random()
            if chance < 0.1:
                where = "override"
            elif result in ("+-", "-+") and chance < 0.5:
                where = "pgn-forfeit"
            elif chance < 0.15 and result in ("1-0", "0-1"):
                where = "forfeited"
            spec.pairings.append(Pairing(number, white, black, result, where))
    # Byes asked for ahead: a round not paired yet, by a player not withdrawn before it.
    for number in range(paired + 1, rounds + 1):
        player = rng.randint(1, count)
        if rng.random() < 0.3 and spec.withdrawals.get(player, rounds) >= number:
            spec.byes.append((number, player, rng.choice([0.0, 0.5, 1.0])))
    return spec


def event_toml(spec: Drawn) -> str:
    lines = [
        f'name = "Drawn Event {spec.seed}"',
        f'format = "{spec.format}"',
        f"rounds = {spec.rounds}",
        "start = 2025-06-01",
        'tiebreaks = ["SB", "WIN"]',
        "",
    ]
    if spec.scoring != SCORINGS[0]:
        win, draw, loss = spec.scoring
        lines += ["[scoring]", f"win = {win}", f"draw = {draw}", f"loss = {loss}", ""]
    for number in spec.listed:
        lines += ["[[players]]", f'name = "{spec.names[number - 1]}"', f"number = {number}"]
        lines += [f"rating = {2400 - 10 * number}", ""]
    boards: dict[int, int] = {}
    for p in spec.pairings:
        boards[p.round] = boards.get(p.round, 0) + 1
        if p.where in ("results", "override", "forfeited"):
            lines += ["[[results]]", f"round = {p.round}", f"board = {boards[p.round]}"]
            lines += [f'white = "{spec.names[p.white - 1]}"']
            lines += [f'black = "{spec.names[p.black - 1]}"', f'result = "{p.result}"']
            if p.where == "override":
                lines += ['reason = "Arbiter\'s decision"']
            if p.where == "forfeited":
                lines += ["forfeited = true", 'reason = "A phone rang"']
            lines += [""]
    for number, player, points in spec.byes:
        lines += ["[[byes]]", f"round = {number}", f'player = "{spec.names[player - 1]}"']
        lines += [f"points = {points:g}"]
        if (number, player) in spec.allocated:
            lines += [f"pairing_allocated = {str(spec.allocated[number, player]).lower()}"]
        lines += [""]
    for player, after in spec.withdrawals.items():
        lines += ["[[withdrawals]]", f'player = "{spec.names[player - 1]}"']
        lines += [f"after_round = {after}", ""]
    return "\n".join(lines)


def games_text(spec: Drawn) -> str:
    out = []
    boards: dict[int, int] = {}
    for p in spec.pairings:
        boards[p.round] = boards.get(p.round, 0) + 1
        if p.where not in ("pgn", "override", "forfeited", "pgn-forfeit"):
            continue
        result = "1/2-1/2" if p.where == "override" else p.result
        moves = MOVES.get(result, "")
        tags = f'[Round "{p.round}.{boards[p.round]}"]\n'
        if p.where == "pgn-forfeit":  # the PGN way: no moves, [Termination "forfeit"]
            result = {"+-": "1-0", "-+": "0-1"}[p.result]
            tags += '[Termination "forfeit"]\n'
            moves = result
        elif len(out) % 3 == 1:  # the board in a tag of its own
            tags = f'[Round "{p.round}"]\n[Board "{boards[p.round]}"]\n'
        out.append(
            f'[Event "Drawn Event {spec.seed}"]\n{tags}'
            f'[White "{spec.names[p.white - 1]}"]\n[Black "{spec.names[p.black - 1]}"]\n'
            f'[Result "{result}"]\n\n{moves}\n\n'
        )
    return "".join(out)


def build(root: Path, spec: Drawn) -> dict[str, bytes]:
    folder = root / "content" / "ev"
    folder.mkdir(parents=True)
    (folder / "event.toml").write_text(event_toml(spec), encoding="utf-8")
    (folder / "games.pgn").write_text(games_text(spec), encoding="utf-8")
    report = check_site(root)
    assert not report.problems.errors, [p.format() for p in report.problems.items]
    return report.files


# -- reading what the site published ------------------------------------------------------------

CELL_SYMBOLS = {"1": "1", "=": "½", "0": "0", "+": "+", "-": "−", " ": "*"}
"""A TRF result code of the tally as the crosstable, rank table and player page show it."""
BYE_SYMBOLS = {"U": "1", "F": "1", "H": "½", "Z": "0"}


def number(text: str) -> float:
    """A score as the pages print it: "2½", "½", "3"."""
    text = text.strip()
    if text.endswith("½"):
        return float(text[:-1] or 0) + 0.5
    return float(text)


def text_of(cell: str) -> str:
    """A table cell's visible text: tags and screen-reader-only words dropped, unescaped."""
    cell = re.sub(r'<span class="visually-hidden">.*?</span>', "", cell, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", cell)).strip()


def body_rows(page: str, table_class: str) -> list[str]:
    table = re.search(rf'<table class="{table_class}"[^>]*>(.*?)</table>', page, re.S)
    assert table, f"no table {table_class}"
    body = re.search(r"<tbody>(.*?)</tbody>", table.group(1), re.S)
    assert body
    return re.findall(r"<tr[^>]*>(.*?)</tr>", body.group(1), re.S)


def cells_of(row: str) -> list[str]:
    return re.findall(r"<t[dh]\b[^>]*>(.*?)</t[dh]>", row, re.S)


def row_player(row: str) -> int:
    found = re.search(r'href="(?:\.\./)?players/(\d+)-', row)
    assert found, row
    return int(found.group(1))


def trf_lines(text: str) -> dict[int, str]:
    assert text.endswith("\r\n")
    return {int(line[4:8]): line for line in text.split("\r\n") if line.startswith("001 ")}


def pgn_records(text: str) -> list[tuple[dict[str, str], str]]:
    """Each game's tags and its movetext."""
    records: list[tuple[dict[str, str], str]] = []
    if not text.strip():
        return records
    for chunk in text.strip().split("\n\n["):
        chunk = chunk if chunk.startswith("[") else "[" + chunk
        head, _, moves = chunk.partition("\n\n")
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', head, re.M))
        records.append((tags, moves.strip()))
    return records


# -- the tally, round by round ------------------------------------------------------------------


def one_point_codes(spec: Drawn) -> dict[tuple[int, int], str]:
    """TRF's code for each bye: a one-point bye is ``U`` in a Swiss when it is the round's
    only one (TRF: one pairing-allocated bye a round), else ``F``."""
    codes = {}
    for number, player, points in spec.byes:
        if points == 1 and (number, player) in spec.allocated:
            codes[player, number] = "U" if spec.allocated[number, player] else "F"
        elif points == 1:
            # Unsaid: the pairing's in a Swiss, unless another of the round is or may be.
            others = [
                spec.allocated.get((r, p))
                for r, p, q in spec.byes
                if r == number and p != player and q == 1
            ]
            alone = all(flag is False for flag in others)
            codes[player, number] = "U" if spec.format == "swiss" and alone else "F"
        else:
            codes[player, number] = "H" if points == 0.5 else "Z"
    return codes


def expected_blocks(spec: Drawn, player: int) -> list[str]:
    """The 8-column round blocks of the player's ``001`` line, by TRF-16 and the README."""
    cells = spec.cells()
    codes = one_point_codes(spec)
    played = spec.rounds_played
    left = spec.withdrawals.get(player)
    blocks = []
    for number in range(1, spec.rounds + 1):
        if left is not None and number > left:
            if left < played:
                break  # the line stops: the rounds after a withdrawal are not paired
            blocks.append("0000 - Z")  # announced ahead: written as zero-point byes
        elif (player, number) in codes:
            blocks.append(f"0000 - {codes[player, number]}")
        elif (player, number) in cells:
            opponent, colour, code = cells[player, number]
            blocks.append(f"{opponent:>4} {colour} {code}")
        elif number <= played:
            blocks.append("0000 -  " if spec.format != "swiss" else "0000 - Z")
        else:
            blocks.append(" " * 8)
    while blocks and not blocks[-1].strip():
        blocks.pop()
    return blocks


def running(spec: Drawn, player: int) -> list[float]:
    """The player's score after each round played."""
    cells = spec.cells()
    totals, total = [], 0.0
    byes = {(r, p): points for r, p, points in spec.byes}
    for number in range(1, spec.rounds_played + 1):
        if (number, player) in byes:
            total += spec.score({1.0: "F", 0.5: "H", 0.0: "Z"}[byes[number, player]])
        elif (player, number) in cells:
            total += spec.score(cells[player, number][2])
        totals.append(total)
    return totals


# -- the test ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_every_view_agrees_with_the_tally(tmp_path: Path, seed: int) -> None:
    spec = draw_event(seed)
    files = build(tmp_path, spec)
    points, games = spec.points(), spec.games()
    names = dict(zip(spec.players, spec.names, strict=True))

    # results.json: the standings and the games.
    data = json.loads(files["ev/results.json"])
    assert data["event"]["rounds_played"] == spec.rounds_played
    assert data["event"]["finished"] == finished(spec)
    standings = data["standings"]
    assert {row["number"]: row["points"] for row in standings} == points
    assert {row["number"]: row["games"] for row in standings} == games
    assert {row["number"]: row["name"] for row in standings} == names
    assert [row["rank"] for row in standings] == sorted(row["rank"] for row in standings)
    assert [row["points"] for row in standings] == sorted(points.values(), reverse=True)
    for index, row in enumerate(standings):
        first = int(row["place"].split("-")[0])
        assert row["rank"] == first
        if "-" in row["place"]:  # a shared place: everyone in it level on points
            last = int(row["place"].split("-")[1])
            shared = [r for r in standings if r["place"] == row["place"]]
            assert len(shared) == last - first + 1
            assert len({r["points"] for r in shared}) == 1
        else:
            assert row["rank"] == index + 1
    for row, below in itertools.pairwise(standings):
        # What put each player ahead of the next: points, else the first tie-break that
        # differs, else the shared place.
        if row["points"] != below["points"]:
            assert row["decided_by"] == "points", (row, below)
            continue
        differs = [c for c in ("SB", "WIN") if row["tiebreaks"][c] != below["tiebreaks"][c]]
        if differs:
            assert row["decided_by"] == differs[0], (row, below)
            assert row["tiebreaks"][differs[0]] > below["tiebreaks"][differs[0]]
        else:
            assert row["decided_by"] == "shared" and row["place"] == below["place"]
    listed = {(g["round"], g["white"], g["black"]): g for g in data["games"]}
    entered = spec.entered()
    assert len(data["games"]) == len(entered)
    written = spec.boards()
    for p in entered:
        game = listed[p.round, names[p.white], names[p.black]]
        assert game["result"] == p.result and game["board"] == written[p]
        assert game["forfeit"] == (p.result in FORFEITS)
        assert (game["plies"] > 0) == p.has_moves, game
        assert game.get("forfeited", False) == (p.where == "forfeited")
        changed = p.where == "override" and p.result != "1/2-1/2"
        assert game.get("pgn_result") == ("1/2-1/2" if changed else None)
        assert ("reason" in game) == (p.where in ("override", "forfeited"))

    # A page for each game with moves (one still being played too), none for a forfeit; the
    # board the same in results.json, games.pgn and the page's address.
    boards = {(g["round"], g["white"], g["black"]): g["board"] for g in data["games"]}
    with_moves = {
        f"ev/games/r{p.round}-b{boards[p.round, names[p.white], names[p.black]]}.html"
        for p in entered
        if p.has_moves or (p.result == "*" and p.where == "pgn")
    }
    assert {k for k in files if k.startswith("ev/games/")} == with_moves

    # standings.csv: the same rows, in the same order.
    rows = list(csv.DictReader(io.StringIO(files["ev/standings.csv"].decode("utf-8"))))
    assert len(rows) == len(standings)
    for row, json_row in zip(rows, standings, strict=True):
        assert int(row["rank"]) == json_row["rank"] and row["place"] == json_row["place"]
        assert int(row["number"]) == json_row["number"]
        name = json_row["name"]
        assert row["name"] == ("'" + name if name[0] in "=+-@" else name)
        assert float(row["points"]) == json_row["points"]
        assert int(row["games"]) == json_row["games"]
        for code in ("SB", "WIN"):
            assert float(row[code]) == json_row["tiebreaks"][code]

    # tournament.trf: points, rank and every round's block.
    ranks = {row["number"]: row["rank"] for row in standings}
    lines = trf_lines(files["ev/tournament.trf"].decode("utf-8"))
    assert set(lines) == set(spec.players)
    for player, line in lines.items():
        assert line[14:47].rstrip() == names[player]
        assert float(line[80:84]) == points[player], line
        assert int(line[85:89]) == ranks[player], line
        blocks = [line[91 + 10 * i : 99 + 10 * i] for i in range((len(line) - 89) // 10)]
        assert all(line[89 + 10 * i : 91 + 10 * i] == "  " for i in range(len(blocks)))
        assert blocks == expected_blocks(spec, player), (player, line)

    # games.pgn: every game entered, with the right Result tag and result after the moves.
    records = pgn_records(files["ev/games.pgn"].decode("utf-8"))
    assert len(records) == len(entered)
    order_written = [tuple(int(n) for n in t["Round"].split(".")) for t, _ in records]
    assert order_written == sorted(order_written)  # in round and board order
    by_game = {(t["Round"].split(".")[0], t["White"], t["Black"]): (t, m) for t, m in records}
    for p in entered:
        tags, moves = by_game[str(p.round), names[p.white], names[p.black]]
        assert tags["Round"] == f"{p.round}.{boards[p.round, names[p.white], names[p.black]]}"
        forfeit = p.result in ("+-", "-+", "--")
        assert tags["Result"] == ("*" if forfeit else p.result)
        assert moves.split()[-1] == tags["Result"]
        assert (tags.get("Termination") == "forfeit") == forfeit
        if forfeit:
            assert f"({p.result})" in moves
        elif p.has_moves:
            source = MOVES["1/2-1/2" if p.where == "override" else p.result]
            assert moves == source.rsplit(" ", 1)[0] + " " + p.result, (moves, p)

    # The standings page: place, number, name, points and games of each row, in order.
    page = files["ev/standings.html"].decode("utf-8")
    shown = []
    for row in body_rows(page, "standings"):
        cells = cells_of(row)
        shown.append((text_of(cells[0]), int(text_of(cells[1])), number(text_of(cells[5]))))
        assert int(text_of(cells[6])) == games[row_player(row)]
        tiebreaks = [number(text_of(cell)) for cell in cells[7:9]]
        marks = re.findall(r'<td class="tb( decisive)?">', row)
        decisive = [code for code, mark in zip(("SB", "WIN"), marks, strict=True) if mark]
        json_decided = next(r for r in standings if r["number"] == row_player(row))["decided_by"]
        assert decisive == ([json_decided] if json_decided in ("SB", "WIN") else [])
        json_row = next(r for r in standings if r["number"] == row_player(row))
        assert tiebreaks == [json_row["tiebreaks"][code] for code in ("SB", "WIN")]
        assert names[row_player(row)] in html.unescape(row)
    assert shown == [(r["place"], r["number"], r["points"]) for r in standings]

    # The event's home page (its leaders) and the list of players.
    page = files["ev/index.html"].decode("utf-8")
    leaders = re.findall(r'<li><span class="place">(.*?)</span> (.*?)</li>', page)
    assert leaders or not spec.rounds_played
    at = 0  # the standings row each line of the leaders begins with
    for place, rest in leaders:
        json_row = standings[at]
        group = re.fullmatch(r"(\d+) players with (\S+) points? \(.*\)", text_of(rest))
        if group:  # a place shared by many, in one line
            sharing = [r for r in standings if r["place"] == place]
            assert int(group.group(1)) == len(sharing) and json_row is sharing[0]
            assert number(group.group(2)) == json_row["points"]
            at += len(sharing)
            continue
        assert (place, row_player(rest)) == (json_row["place"], json_row["number"])
        found = re.search(r'<span class="pts">(.*?)</span>', rest)
        assert found and number(found.group(1)) == json_row["points"]
        at += 1
    page = files["ev/players/index.html"].decode("utf-8")
    listed_players = body_rows(page, "players")
    assert len(listed_players) == len(spec.players)
    for row in listed_players:
        cells = cells_of(row)
        player = int(re.search(r'href="(\d+)-', row).group(1))  # type: ignore[union-attr]
        json_row = next(r for r in standings if r["number"] == player)
        assert int(text_of(cells[0])) == player
        assert (text_of(cells[-2]), number(text_of(cells[-1]))) == (
            json_row["place"],
            points[player],
        )

    # The crosstable (round robin) or rank table (Swiss).
    page = files["ev/crosstable.html"].decode("utf-8")
    table = body_rows(page, "crosstable" if spec.format != "swiss" else "ranktable")
    order = [row_player(row) for row in table]
    assert order == [r["number"] for r in standings]
    cells_by_round = spec.cells()
    codes = one_point_codes(spec)
    on_board = {  # each player's board in each round (the card's "Bd.")
        (side, p.round): board for p, board in spec.boards().items() for side in (p.white, p.black)
    }
    for row in table:
        player = row_player(row)
        cells = cells_of(row)
        assert number(text_of(cells[-3])) == points[player]  # then the two tie-breaks
        results = cells[3:-3]
        if spec.format != "swiss":
            assert len(results) == len(order)
            for opponent, cell in zip(order, results, strict=True):
                met = [
                    cells_by_round[player, r]
                    for r in range(1, spec.rounds + 1)
                    if cells_by_round.get((player, r), (0,))[0] == opponent
                ]
                expected = "".join(CELL_SYMBOLS[code] for _, _, code in met)
                assert text_of(cell).replace(" ", "") == expected, (player, opponent, cell)
        else:
            assert len(results) == spec.rounds
            for number_, cell in enumerate(results, 1):
                left = spec.withdrawals.get(player, spec.rounds)
                if left < number_ <= spec.rounds_played:
                    want = "–0"  # withdrawn: absent from the rounds played after it
                elif number_ > left:
                    want = ""  # withdrawn, a round to come: no result yet, as on the card
                    assert 'title="withdrawn (round not played yet)"' in cell
                elif number_ > spec.rounds_played:
                    want = ""  # not played yet (a bye given ahead scores nothing yet)
                    if (player, number_) in cells_by_round and (player, number_) not in codes:
                        opponent, colour, code = cells_by_round[player, number_]
                        want = f"{order.index(opponent) + 1}*"
                elif (player, number_) in codes:
                    want = "bye" + BYE_SYMBOLS[codes[player, number_]]
                elif (player, number_) in cells_by_round:
                    opponent, colour, code = cells_by_round[player, number_]
                    want = f"{order.index(opponent) + 1}{CELL_SYMBOLS[code]}"
                    assert f' {colour}"' in cell, (player, number_, cell)
                else:
                    want = "–0"  # not paired
                assert text_of(cell) == want, (player, number_, cell)

    # Each player's page: the points line and a row for every round.
    for player in spec.players:
        path = next(k for k in files if re.fullmatch(rf"ev/players/{player}-[^/]*\.html", k))
        page = files[path].decode("utf-8")
        line = re.search(r"<dt>Points</dt><dd>(.*?)</dd>", page, re.S)
        assert line
        said = text_of(line.group(1)).split()[0].rstrip(";")
        assert number(said) == points[player], (player, line.group(1))
        if spec.format == "swiss":
            assert progress(spec, player) == progress_said(text_of(line.group(1))), line.group(1)
        card = re.search(r"<dt>Tie-breaks</dt><dd>(.*?)</dd>", page, re.S)
        assert card
        json_row = next(r for r in standings if r["number"] == player)
        values = dict(part.split() for part in text_of(card.group(1)).split(" · "))
        assert {code: number(value) for code, value in values.items()} == json_row["tiebreaks"]
        rows = {int(text_of(cells_of(r)[0])): cells_of(r) for r in body_rows(page, "player-games")}
        # Rd., Bd., Colour, Opponent, Rating, Pts., Result, Score ...
        totals = running(spec, player)
        for number_ in range(1, spec.rounds + 1):
            cells = rows.get(number_)
            if number_ > spec.withdrawals.get(player, spec.rounds):
                # Absent: a 0 in a round played, no result yet in a round to come.
                assert cells, (player, number_)
                ahead = number_ > spec.rounds_played
                want = ("withdrawn (round not played yet)", "") if ahead else ("withdrawn", "0")
                assert (text_of(cells[3]), text_of(cells[6])) == want, (player, number_)
            elif (player, number_) in codes:
                assert cells and "bye" in text_of(cells[3]) and text_of(cells[1]) == ""
                scored = number_ <= spec.rounds_played  # a bye given ahead: nothing yet
                want = BYE_SYMBOLS[codes[player, number_]] if scored else ""
                assert text_of(cells[6]) == want, (player, number_, cells)
            elif (player, number_) in cells_by_round:
                opponent, colour, code = cells_by_round[player, number_]
                assert cells, (player, number_)
                assert text_of(cells[1]) == str(on_board[player, number_]), (player, number_)
                assert text_of(cells[2]) == {"w": "White", "b": "Black"}[colour]
                assert text_of(cells[3]) == names[opponent]
                assert text_of(cells[6]).split()[0] == CELL_SYMBOLS[code], (player, cells)
            if cells and number_ <= spec.rounds_played:
                assert number(text_of(cells[7])) == totals[number_ - 1], (player, number_)
    check_rounds_and_earlier_standings(spec, files)


ROUND_RESULTS = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½", "+-": "+:−", "-+": "−:+"}
ROUND_RESULTS |= {"--": "−:−", "*": "…"}
"""A result as a round's page shows it (spaces left out)."""


def upto(spec: Drawn, after: int) -> tuple[dict[int, float], dict[int, int]]:
    """Each player's points and games with a result after round ``after``."""
    counted = min(after, spec.rounds_played)  # a round without a result counts nothing
    points = {p: (running(spec, p)[counted - 1] if counted else 0.0) for p in spec.players}
    games = dict.fromkeys(spec.players, 0)
    for p in spec.entered():
        if p.round <= after and p.result != "*":
            games[p.white] += 1
            games[p.black] += 1
    return points, games


def check_rounds_and_earlier_standings(spec: Drawn, files: dict[str, bytes]) -> None:
    """Each round's page (boards, results, scores before the round, byes) and the standings
    after each earlier round, against the tally up to that round."""
    codes = one_point_codes(spec)
    for after in range(1, spec.rounds_played):
        page = files[f"ev/standings/after-round-{after}.html"].decode("utf-8")
        points, games = upto(spec, after)
        shown = []
        for row in body_rows(page, "standings"):
            cells = cells_of(row)
            player = row_player(row)
            assert number(text_of(cells[5])) == points[player], (after, player)
            assert int(text_of(cells[6])) == games[player], (after, player)
            shown.append(points[player])
        assert shown == sorted(points.values(), reverse=True)
    paired = max(p.round for p in spec.pairings)
    for round_number in range(1, paired + 1):
        page = files[f"ev/rounds/round-{round_number}.html"].decode("utf-8")
        before, _ = upto(spec, round_number - 1)
        boards = [p for p in spec.entered() if p.round == round_number]
        rows = body_rows(page, "pairings") if boards else []
        assert len(rows) == len(boards), round_number
        for p, row in zip(boards, rows, strict=True):
            cells = cells_of(row)
            assert int(text_of(cells[1])) == p.white and int(text_of(cells[-1])) == p.black
            assert int(text_of(cells[0])) == spec.boards()[p]
            assert number(text_of(cells[4])) == before[p.white], (round_number, p)
            shown = text_of(cells[5]).replace(" ", "")
            assert shown.startswith(ROUND_RESULTS[p.result]), (round_number, p, cells[5])
            assert number(text_of(cells[6])) == before[p.black], (round_number, p)
        byes = re.search(r"<h2>Byes</h2>\s*<ul>(.*?)</ul>", page, re.S)
        listed = byes.group(1) if byes else ""
        for number_, player, _ in spec.byes:
            if number_ == round_number:
                assert f"players/{player}-" in listed, (round_number, player, codes)


def finished(spec: Drawn) -> bool:
    """Every round played, every game with a result, and every player not withdrawn with a
    game or a bye in every round (in a round robin, those its schedule leaves without one:
    the odd player out, the opponents of players who withdrew)."""
    if spec.rounds_played < spec.rounds or any(p.result == "*" for p in spec.pairings):
        return False
    if spec.format != "swiss":
        return True  # the generator leaves nobody else without a game
    cells = spec.cells()
    return all(
        (player, number) in cells
        for player in spec.players
        for number in range(1, spec.withdrawals.get(player, spec.rounds) + 1)
    )


def progress(spec: Drawn, player: int) -> tuple[int, tuple[int, ...], int | None]:
    """A Swiss player's card beside the points: the rounds counted (up to the last round
    played, those whose outcome is known, none after a withdrawal), the rounds not finished
    (a game without a result, or neither a game nor a bye) and the withdrawal once its round
    is played."""
    cells = spec.cells()
    left = spec.withdrawals.get(player)
    counted, open_rounds = 0, []
    for number in range(1, spec.rounds_played + 1):
        if left is not None and number > left:
            continue
        cell = cells.get((player, number))
        if cell is None or (cell[0] and cell[2] == " "):
            open_rounds.append(number)
        else:
            counted += 1
    shown_left = left if left is not None and left <= spec.rounds_played else None
    return counted, tuple(open_rounds), shown_left


def progress_said(text: str) -> tuple[int, tuple[int, ...], int | None]:
    """The same, read from the card's words: "2 from 5 rounds; rounds 1 and 7 not finished;
    withdrew after round 4"."""
    counted = re.search(r" from (\d+) rounds?\b", text)
    unfinished = re.search(r"rounds? ([\d, and]+?) not finished", text)
    left = re.search(r"withdrew (?:after round (\d+)|(before round 1))", text)
    numbers = tuple(int(n) for n in re.findall(r"\d+", unfinished.group(1))) if unfinished else ()
    return (
        int(counted.group(1)) if counted else 0,
        numbers,
        (int(left.group(1)) if left.group(1) else 0) if left else None,
    )


def test_a_withdrawn_players_round_to_come_has_no_result_in_the_rank_table(
    tmp_path: Path,
) -> None:
    """A Swiss of three rounds, two played: Dahl lost to Castro in round 1 and withdrew after
    it; Berg had a bye in round 2. Dahl's card says round 3, not reached, has no result yet
    ("withdrawn (round not played yet)", no score), but the rank table showed "–" and "0" for
    it, as for round 2, played without him: a round lost. By hand, Dahl's row: round 2 "–0"
    (absent, 0), round 3 empty, titled as on the card."""
    names = ["Adler, Anna", "Berg, Bob", "Castro, Carl", "Dahl, Dan"]
    spec = Drawn(0, "swiss", 3, names, withdrawals={4: 1}, listed=[1, 2, 3, 4])
    spec.pairings = [
        Pairing(1, 1, 2, "1-0", "results"),
        Pairing(1, 3, 4, "1-0", "results"),
        Pairing(2, 1, 3, "1-0", "results"),
    ]
    spec.byes = [(2, 2, 1.0)]
    files = build(tmp_path, spec)
    table = body_rows(files["ev/crosstable.html"].decode("utf-8"), "ranktable")
    row = next(row for row in table if row_player(row) == 4)
    rounds = cells_of(row)[3:6]
    assert [text_of(cell) for cell in rounds[1:]] == ["–0", ""]
    assert 'title="withdrawn (round not played yet)"' in rounds[2]
    card = files["ev/players/4-dahl-dan.html"].decode("utf-8")
    assert "<td>withdrawn (round not played yet)</td>" in card
