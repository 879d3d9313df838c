"""Speed at the size of the largest opens: ``crosstable build`` against python-chess parsing.

Run: ``python benchmarks/speed.py`` (all three sizes) or ``python benchmarks/speed.py rr10
swiss300`` (some). See ``benchmarks/README.md`` for what it measures and the figures measured.

From a fixed seed it writes three synthetic sites of legal games of realistic length (random
play with python-chess): a 10-player round robin, a 300-player 9-round Swiss and a 2,000-player
11-round Swiss (11,000 games), paired round by round (Swiss: sorted by score, neighbours paired
without repeats). The files are kept in ``$TMPDIR/crosstable-benchmarks/`` keyed by size, seed
and generator version, so later runs skip the generation.

For each size, in one run and on the same files, it measures

* ``parse``: python-chess alone reading every game (a ``chess.pgn.read_game`` loop, one process);
* ``cold``: ``crosstable build`` into a fresh output folder, with no build cache;
* ``one result``: the build again after one game's result changed in its PGN file;
* ``no change``: the build again with nothing changed;
* with ``--serve``, ``serve``'s builds too (one process keeping its cache in memory): the first,
  the one after one changed result, the one with nothing changed;

each build run as a subprocess of a small wrapper that reports the wall time, the peak resident
memory (``getrusage(RUSAGE_CHILDREN).ru_maxrss``: the largest single process, the build or one
of its workers) and the largest sum over the build's process tree (sampled from ``/proc``).
It prints seconds and ratios (build / parse, rebuild / cold), the output's size, and writes
every figure to a JSON file (``--json``).
"""

from __future__ import annotations

import argparse
import compileall
import concurrent.futures
import datetime as dt
import io
import json
import logging
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import chess
import chess.pgn

ROOT = Path(__file__).resolve().parent.parent
GENERATOR_VERSION = 1
"""Bump when the generated files change, so cached sites of older versions are not reused."""

JOBS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
"""The processes the build uses (``parallel.usable_cpus``)."""
TARGETS = {"cold_over_parse": 1.0, "one_result_over_cold": 0.05, "no_change_over_cold": 0.02}
MEMORY_TARGET_MB = 1024


@dataclass(frozen=True)
class Size:
    key: str
    label: str
    players: int
    rounds: int
    format: str

    @property
    def title(self) -> str:
        """The label as a name's words: "10-player round robin" (``str.capitalize`` made
        "Swiss" lower case)."""
        return self.label[:1].upper() + self.label[1:]


SIZES = (
    Size("rr10", "10-player round robin", 10, 9, "round-robin"),
    Size("swiss300", "300-player 9-round Swiss", 300, 9, "swiss"),
    Size("swiss2000", "2,000-player 11-round Swiss", 2000, 11, "swiss"),
)

SURNAMES = """
Abara Achterberg Adeyemi Albrecht Alcott Amundsen Anand Andersen Arcos Ashdown Baptiste Barros
Beaumont Bergstrom Bianchi Blackwood Bogdan Brennan Calloway Carvalho Castellan Chandra Chen
Coelho Dalgaard Delacroix Desai Dimitrov Donnelly Drummond Duarte Eklund Esposito Falk
Fernandes Fitzgerald Fonseca Galloway Garnier Gonzaga Gruber Haddad Halvorsen Hartmann Horvat
Ibarra Ivanova Jablonski Jansen Kaminski Kapoor Keller Kowalczyk Kuznetsov Lambert Larsen
Lindqvist Lombardi Lucero Madsen Maher Marchetti Mbeki Moreau Nakamura Navarro Nielsen Novak
Nowak Okafor Olsen Ortega Pacheco Petrov Quintero Radu Ramos Reyes Rossi Sandoval Santos
Schmidt Silva Sokolov Tanaka Teixeira Torres Ueda Valdez Varga Vasquez Weber Wojcik Yamamoto
Zeller
""".split()  # noqa: SIM905
GIVEN = """
Ada Alba Amir Anika Aris Bea Bruno Carla Cyrus Dara Dev Elin Emil Enzo Esme Farah Felix Gaia
Greta Hana Hugo Ilse Ines Ivo Jana Jonas Kai Kira Lars Lea Leon Lina Luca Mara Mateo Mila Nadia
Nico Noor Oona Oskar Petra Pia Quinn Rafa Rhea Rosa Sami Sara Selin Tariq Tess Theo Una Uri
Vera Vito Wren Xena Yara Yusuf Zara Zoran
""".split()  # noqa: SIM905
FEDERATIONS = ("AUS", "NZL", "IND", "ENG", "GER", "FRA", "ESP", "USA", "BRA", "NOR")


# -- generation -------------------------------------------------------------------------------


@dataclass
class Player:
    number: int
    name: str
    rating: int
    federation: str
    score: float = 0.0
    colours: list[str] = field(default_factory=list)
    met: set[int] = field(default_factory=set)


@dataclass(frozen=True)
class Pairing:
    round: int
    board: int
    white: int
    black: int
    planned: str


def random_move(board: chess.Board, rng: random.Random) -> chess.Move | None:
    """A random legal move: a random piece of the side to move, then one of its moves."""
    squares = list(chess.SquareSet(board.occupied_co[board.turn]))
    rng.shuffle(squares)
    for square in squares:
        moves = list(board.generate_legal_moves(from_mask=chess.BB_SQUARES[square]))
        if moves:
            return rng.choice(moves)
    return None


def play_game(task: tuple[int, int]) -> tuple[list[str], str | None]:
    """A legal game of about ``plies`` half-moves, and the result its end forces, if any."""
    seed, plies = task
    rng = random.Random(seed)
    board = chess.Board()
    sans: list[str] = []
    for _ in range(plies):
        move = random_move(board, rng)
        if move is None:
            break
        sans.append(board.san_and_push(move))
        if board.is_insufficient_material():
            break
    outcome = board.outcome()
    return sans, outcome.result() if outcome is not None else None


def movetext(sans: Sequence[str], result: str) -> str:
    """Numbered moves wrapped at 79 columns, as chess programs write them."""
    tokens = []
    for index, san in enumerate(sans):
        if index % 2 == 0:
            tokens.append(f"{index // 2 + 1}.")
        tokens.append(san)
    tokens.append(result)
    lines: list[str] = []
    line = ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > 79:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    lines.append(line)
    return "\n".join(lines)


def planned_result(rng: random.Random, white: Player, black: Player) -> str:
    """A result drawn from the rating difference: Elo's expectation, a third of games drawn."""
    expected = 1 / (1 + 10 ** ((black.rating - white.rating - 35) / 400))
    draw = 0.3
    roll = rng.random()
    white_wins = max(0.0, expected - draw / 2)
    if roll < white_wins:
        return "1-0"
    if roll < white_wins + draw:
        return "1/2-1/2"
    return "0-1"


def colours_for(a: Player, b: Player, board: int) -> tuple[Player, Player]:
    """White to the player due it: not a third time in a row, then balance, then alternation."""

    def due_white(p: Player) -> int:
        last_two = p.colours[-2:]
        if last_two == ["w", "w"]:
            return -10
        if last_two == ["b", "b"]:
            return 10
        balance = p.colours.count("b") - p.colours.count("w")
        return balance * 2 + (1 if p.colours and p.colours[-1] == "b" else 0)

    if due_white(a) > due_white(b) or (due_white(a) == due_white(b) and board % 2 == 1):
        return a, b
    return b, a


def swiss_pairs(players: list[Player], rng: random.Random) -> list[tuple[Player, Player]]:
    """Sort by score, pair neighbours who have not met; retry with shuffled score groups."""
    for attempt in range(200):
        order = sorted(
            players, key=lambda p: (-p.score, rng.random() if attempt else -p.rating, p.number)
        )
        free = list(order)
        pairs = []
        while free:
            first = free.pop(0)
            partner = next((p for p in free if p.number not in first.met), None)
            if partner is None:
                break
            free.remove(partner)
            pairs.append((first, partner))
        if not free and len(pairs) * 2 == len(players):
            return pairs
    raise RuntimeError("no Swiss pairing without repeats found")


def berger_rounds(count: int) -> list[list[tuple[int, int]]]:
    """Round-robin rounds by the circle method: pairs of player indexes, White first."""
    indexes = list(range(count))
    rounds = []
    for number in range(count - 1):
        pairs = []
        for i in range(count // 2):
            a, b = indexes[i], indexes[count - 1 - i]
            pairs.append((a, b) if (number + i) % 2 == 0 else (b, a))
        rounds.append(pairs)
        indexes = [indexes[0], indexes[-1], *indexes[1:-1]]
    return rounds


def make_players(size: Size, rng: random.Random) -> list[Player]:
    combos = rng.sample(range(len(SURNAMES) * len(GIVEN)), size.players)
    ratings = sorted(
        (min(2800, max(1000, int(rng.gauss(1850, 320)))) for _ in combos), reverse=True
    )
    players = []
    for number, (combo, rating) in enumerate(zip(combos, ratings, strict=True), start=1):
        surname, given = SURNAMES[combo // len(GIVEN)], GIVEN[combo % len(GIVEN)]
        players.append(Player(number, f"{surname}, {given}", rating, rng.choice(FEDERATIONS)))
    return players


def event_toml(size: Size, players: list[Player]) -> str:
    swiss = size.format == "swiss"
    tiebreaks = (
        '["BH/C1", "BH", "DE", "SB", "KS", "AOB", "FB", "WIN"]'
        if swiss
        else '["DE", "SB", "KS", "WIN"]'
    )
    lines = [
        f'name = "Synthetic {size.title}"',
        f'format = "{size.format}"',
        f"rounds = {size.rounds}",
        "start = 2026-07-01",
        f"end = 2026-07-{size.rounds:02d}",
        'location = "Benchmark City"',
        'rules = "fide"',
        f"tiebreaks = {tiebreaks}",
        "",
    ]
    if swiss:
        lines += [
            "[[categories]]",
            'id = "U2000"',
            'name = "Under 2000"',
            "max_rating = 1999",
            "",
            "[[categories]]",
            'id = "U1600"',
            'name = "Under 1600"',
            "max_rating = 1599",
            "",
            "[prizes]",
            'currency = "EUR"',
            "",
        ]
        for place, amount in enumerate((2000, 1200, 800, 500, 300), start=1):
            lines += ["[[prizes.money]]", f'name = "Place {place}"', f"place = {place}"]
            lines += [f"amount = {amount}", ""]
        for category in ("U2000", "U1600"):
            lines += ["[[prizes.money]]", f'name = "1st {category}"', "place = 1"]
            lines += [f'category = "{category}"', "amount = 200", ""]
    for player in players:
        lines += [
            "[[players]]",
            f'name = "{player.name}"',
            f"rating = {player.rating}",
            f"fide_id = {10_000_000 + player.number}",
            f'federation = "{player.federation}"',
            "",
        ]
    return "\n".join(lines)


def game_text(size: Size, pairing: Pairing, players: list[Player], moves: str, result: str) -> str:
    white, black = players[pairing.white - 1], players[pairing.black - 1]
    tags = {
        "Event": f"Synthetic {size.title}",
        "Site": "Benchmark City",
        "Date": f"2026.07.{pairing.round:02d}",
        "Round": f"{pairing.round}.{pairing.board}",
        "White": white.name,
        "Black": black.name,
        "Result": result,
        "WhiteElo": str(white.rating),
        "BlackElo": str(black.rating),
        "TimeControl": "5400+30",
    }
    head = "".join(f'[{key} "{value}"]\n' for key, value in tags.items())
    return f"{head}\n{moves}\n\n"


def generate(size: Size, seed: int, folder: Path, pool: concurrent.futures.Executor) -> None:
    """Write ``folder/content/``: one event, one PGN file per round, and ``edit.json``."""
    rng = random.Random(f"{seed}-{size.key}")
    players = make_players(size, rng)
    event = folder / "content" / "event"
    (event / "games").mkdir(parents=True)
    (folder / "content" / "index.md").write_text(f"# {size.label}\n\nSynthetic results.\n")
    (event / "event.toml").write_text(event_toml(size, players), encoding="utf-8")
    schedule = berger_rounds(size.players) if size.format == "round-robin" else None
    edit: dict[str, Any] | None = None
    for number in range(1, size.rounds + 1):
        if schedule is not None:
            pairs = [(players[a], players[b]) for a, b in schedule[number - 1]]
        else:
            pairs = [colours_for(a, b, i) for i, (a, b) in enumerate(swiss_pairs(players, rng))]
        pairings = [
            Pairing(number, board, w.number, b.number, planned_result(rng, w, b))
            for board, (w, b) in enumerate(pairs, start=1)
        ]
        tasks = [(rng.getrandbits(48), min(220, max(24, int(rng.gauss(84, 28))))) for _ in pairs]
        texts = []
        for pairing, (sans, forced) in zip(
            pairings, pool.map(play_game, tasks, chunksize=32), strict=True
        ):
            result = forced or pairing.planned
            white, black = players[pairing.white - 1], players[pairing.black - 1]
            white.score += {"1-0": 1.0, "1/2-1/2": 0.5}.get(result, 0.0)
            black.score += {"0-1": 1.0, "1/2-1/2": 0.5}.get(result, 0.0)
            white.colours.append("w")
            black.colours.append("b")
            white.met.add(black.number)
            black.met.add(white.number)
            texts.append(game_text(size, pairing, players, movetext(sans, result), result))
            middle = number == (size.rounds + 1) // 2
            if middle and edit is None and forced is None and result == "1-0":
                edit = {
                    "file": f"games/round-{number:02d}.pgn",
                    "round": number,
                    "board": pairing.board,
                    "from": "1-0",
                    "to": "1/2-1/2",
                }
        (event / "games" / f"round-{number:02d}.pgn").write_text("".join(texts), encoding="utf-8")
    (folder / "edit.json").write_text(json.dumps(edit, indent=2) + "\n")


def generated_site(size: Size, seed: int, base: Path, pool: concurrent.futures.Executor) -> Path:
    """The generated files of one size, written once and then reused."""
    folder = base / f"{size.key}-seed{seed}-v{GENERATOR_VERSION}"
    if (folder / "done").is_file():
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    start = time.perf_counter()
    print(f"generating {size.label} (seed {seed}) in {folder} ...", flush=True)
    generate(size, seed, folder, pool)
    (folder / "done").write_text("")
    print(f"  generated in {time.perf_counter() - start:.1f} s", flush=True)
    return folder


# -- measurement ------------------------------------------------------------------------------


def parse_time(paths: Iterable[Path]) -> tuple[float, int, int]:
    """Seconds python-chess needs to read every game of the files, games and plies read."""
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    texts = [path.read_text(encoding="utf-8") for path in paths]
    games = plies = 0
    start = time.perf_counter()
    for text in texts:
        handle = io.StringIO(text)
        while (game := chess.pgn.read_game(handle)) is not None:
            games += 1
            plies += game.end().ply()
    return time.perf_counter() - start, games, plies


def parallel_parse_time(
    paths: Sequence[Path], pool: concurrent.futures.Executor, jobs: int
) -> float:
    """Seconds python-chess needs to read every game with the files shared out between
    ``jobs`` processes (the biggest first, each to the process with the fewest bytes): not a
    target, but the least the build's parse, which uses every processor, could take here."""
    shares: list[list[Path]] = [[] for _ in range(jobs)]
    loads = [0] * jobs
    for path in sorted(paths, key=lambda p: -p.stat().st_size):
        least = loads.index(min(loads))
        shares[least].append(path)
        loads[least] += path.stat().st_size
    start = time.perf_counter()
    list(pool.map(parse_time, shares))
    return time.perf_counter() - start


WRAPPER = r"""
import json, os, resource, subprocess, sys, threading, time

def tree_rss(pid):
    total, todo = 0, [pid]
    page = os.sysconf("SC_PAGE_SIZE")
    while todo:
        current = todo.pop()
        try:
            with open(f"/proc/{current}/statm") as f:
                total += int(f.read().split()[1]) * page
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as f:
                    todo.extend(int(n) for n in f.read().split())
        except (OSError, ValueError):
            pass
    return total

start = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
peak = [0]
def sample():
    while child.poll() is None:
        peak[0] = max(peak[0], tree_rss(child.pid))
        time.sleep(0.02)
sampler = threading.Thread(target=sample, daemon=True)
if os.path.isdir("/proc"):
    sampler.start()
out = child.stdout.read()
code = child.wait()
seconds = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"seconds": seconds, "code": code, "maxrss_kb": usage.ru_maxrss,
                  "cpu_seconds": usage.ru_utime + usage.ru_stime,
                  "tree_peak_bytes": peak[0], "output": out.decode("utf-8", "replace")}))
"""


def timed_build(site: Path) -> dict[str, Any]:
    """One ``crosstable build`` in a fresh wrapper process: wall time and peak memory."""
    command = [sys.executable, "-c", WRAPPER, sys.executable, "-m", "generator", "build"]
    command += ["--site", str(site)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    figures: dict[str, Any] = json.loads(done.stdout)
    if figures["code"] != 0:
        raise SystemExit(f"the build of {site} failed:\n{figures['output']}")
    return figures


SERVE_WRAPPER = """
import json, shutil, sys, tempfile, threading, time
from pathlib import Path
from generator.serve.builder import BuildProcess
from generator.serve.preview import PreviewSite
from speed import change_one_result

site, edit = Path(sys.argv[1]), json.loads(sys.argv[2])
root = Path(tempfile.mkdtemp(prefix="crosstable-serve-benchmark-"))
builder = BuildProcess(PreviewSite(site, root))
builder.start()  # forked before any thread, as serve does

def build():
    start = time.perf_counter()
    assert builder.rebuild().ok
    return time.perf_counter() - start

first = build()
# serve's server and watcher threads run from here on (its builder process has none).
threading.Thread(target=threading.Event().wait, daemon=True).start()
change_one_result(site, edit)
one = build()
none = build()
builder.stop()
shutil.rmtree(root)
print(json.dumps({"first": first, "one_result": one, "no_change": none}))
"""


def serve_times(site: Path, edit: dict[str, Any]) -> dict[str, float]:
    """``serve``'s builds, by its builder process, which keeps its cache in memory and writes
    the served folder: the first build, the build after one changed result, the build with
    nothing changed."""
    command = [sys.executable, "-c", SERVE_WRAPPER, str(site), json.dumps(edit)]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "benchmarks")]))
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    times: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return times


def output_size(folder: Path) -> tuple[int, int]:
    files = [p for p in folder.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)


def _write_share(task: tuple[str, list[tuple[str, int]]]) -> None:
    folder, files = task
    for path, size in files:
        target = os.path.join(folder, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as stream:
            stream.write(bytes(size))


def write_time(output: Path, folder: Path, pool: concurrent.futures.Executor, jobs: int) -> float:
    """Seconds to write as many files as ``output`` holds, of the same sizes and in the same
    folders, ``jobs`` processes at a time as the build writes them: not a target, but what the
    machine's file system alone costs of the cold build (it drifts more than the processors)."""
    files = sorted(
        (str(path.relative_to(output)), path.stat().st_size)
        for path in output.rglob("*")
        if path.is_file()
    )
    shares = [(str(folder), files[index::jobs]) for index in range(jobs)]
    start = time.perf_counter()
    list(pool.map(_write_share, shares))
    seconds = time.perf_counter() - start
    shutil.rmtree(folder, ignore_errors=True)
    return seconds


def change_one_result(site: Path, edit: dict[str, Any]) -> None:
    """Turn one game's result into another, in its tag and after its moves."""
    path = site / "content" / "event" / edit["file"]
    text = path.read_text(encoding="utf-8")
    start = text.index(f'[Round "{edit["round"]}.{edit["board"]}"]')
    start = text.rindex("[Event ", 0, start)
    end = text.find("\n\n[Event ", start)
    end = len(text) if end < 0 else end
    game = text[start:end]
    old, new = edit["from"], edit["to"]
    changed = game.replace(f'[Result "{old}"]', f'[Result "{new}"]', 1)
    assert changed.rstrip().endswith(old), "the game does not end with its result"
    changed = changed.rstrip()[: -len(old)] + new + game[len(game.rstrip()) :]
    path.write_text(text[:start] + changed + text[end:], encoding="utf-8")


def last_round_edit(site: Path, rounds: int) -> dict[str, Any]:
    """A result of the last round to change, as results come in during an event: the first
    board that White won other than by mate, turned into a draw."""
    name = f"games/round-{rounds:02d}.pgn"
    text = (site / "content" / "event" / name).read_text(encoding="utf-8")
    for block in text.split("\n\n[Event "):
        board = re.search(r'\[Round "\d+\.(\d+)"\]', block)
        last_move = block.rstrip().split()[-2]
        if board and '[Result "1-0"]' in block and not last_move.endswith("#"):
            board_number = int(board.group(1))
            return {
                "file": name,
                "round": rounds,
                "board": board_number,
                "from": "1-0",
                "to": "1/2-1/2",
            }
    raise SystemExit(f"no game of {name} to change")


def result_published(site: Path, edit: dict[str, Any]) -> bool:
    """Whether results.json shows the changed result (the rebuild is not stale)."""
    data = json.loads((site / "output" / "event" / "results.json").read_text(encoding="utf-8"))
    return any(
        g["round"] == edit["round"] and g["board"] == edit["board"] and g["result"] == edit["to"]
        for g in data["games"]
    )


def show(name: str, figures: dict[str, Any]) -> None:
    print(
        f"  {name.replace('_', ' '):<32} {figures['seconds']:8.2f} s  "
        f"(CPU {figures['cpu_seconds']:7.2f} s)  peak {figures['maxrss_kb'] / 1024:5.0f} MB "
        f"(process tree {figures['tree_peak_bytes'] / 2**20:.0f} MB)",
        flush=True,
    )


def measure(
    size: Size,
    generated: Path,
    work: Path,
    repeat: int,
    cold_only: bool = False,
    serve: bool = False,
) -> dict[str, Any]:
    edit = json.loads((generated / "edit.json").read_text())
    pgn_files = sorted((generated / "content").rglob("*.pgn"))
    parses = []
    last = last_round_edit(generated, size.rounds)
    names = ("cold", "one_result", "no_change", "last_round_result")
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    writes: list[float] = []
    shared_parses: list[float] = []
    for attempt in range(repeat):
        # The parse and the builds take turns: this machine's speed drifts over minutes, and
        # a ratio of figures measured far apart would measure the drift too.
        parses.append(parse_time(pgn_files))
        print(f"  {'parse (python-chess, 1 process)':<32} {parses[-1][0]:8.2f} s", flush=True)
        with concurrent.futures.ProcessPoolExecutor(JOBS) as pool:
            shared_parses.append(parallel_parse_time(pgn_files, pool, JOBS))
        label = f"parse (python-chess, {JOBS} processes)"
        print(f"  {label:<32} {shared_parses[-1]:8.2f} s", flush=True)
        site = work / f"{size.key}-{attempt}"
        shutil.rmtree(site, ignore_errors=True)
        shutil.copytree(generated / "content", site / "content")
        runs["cold"].append(timed_build(site))
        show("cold", runs["cold"][-1])
        files, size_bytes = output_size(site / "output")
        with concurrent.futures.ProcessPoolExecutor(JOBS) as pool:
            writes.append(write_time(site / "output", work / "written", pool, JOBS))
        print(f"  {'the same files written alone':<32} {writes[-1]:8.2f} s", flush=True)
        if not cold_only:
            change_one_result(site, edit)
            runs["one_result"].append(timed_build(site))
            show("one_result", runs["one_result"][-1])
            if not result_published(site, edit):
                raise SystemExit("the rebuild after one changed result did not publish it")
            runs["no_change"].append(timed_build(site))
            show("no_change", runs["no_change"][-1])
            change_one_result(site, last)
            runs["last_round_result"].append(timed_build(site))
            show("last_round_result", runs["last_round_result"][-1])
            if not result_published(site, last):
                raise SystemExit("the rebuild after a last round's result did not publish it")
        shutil.rmtree(site, ignore_errors=True)
    if cold_only:  # a build without a cache takes as long every time
        runs["one_result"] = runs["no_change"] = runs["last_round_result"] = runs["cold"]
    served = None
    if serve:
        site = work / f"{size.key}-serve"
        shutil.rmtree(site, ignore_errors=True)
        shutil.copytree(generated / "content", site / "content")
        served = serve_times(site, edit)
        shutil.rmtree(site, ignore_errors=True)
        print(
            f"  serve: first build {served['first']:.2f} s, one result "
            f"{served['one_result']:.2f} s, no change {served['no_change']:.2f} s",
            flush=True,
        )
    parse_seconds, games, plies = min(parses)
    best = {name: min(figures, key=lambda f: f["seconds"]) for name, figures in runs.items()}
    cold = best["cold"]["seconds"]
    return {
        "size": size.key,
        "label": size.label,
        "players": size.players,
        "rounds": size.rounds,
        "games": games,
        "plies": plies,
        "pgn_bytes": sum(p.stat().st_size for p in pgn_files),
        "parse_seconds": parse_seconds,
        "cold_seconds": cold,
        "one_result_seconds": best["one_result"]["seconds"],
        "no_change_seconds": best["no_change"]["seconds"],
        "last_round_result_seconds": best["last_round_result"]["seconds"],
        "cpu_seconds": {k: v["cpu_seconds"] for k, v in best.items()},
        "peak_rss_mb": {k: v["maxrss_kb"] / 1024 for k, v in best.items()},
        "tree_peak_mb": {k: v["tree_peak_bytes"] / 2**20 for k, v in best.items()},
        "output_files": files,
        "output_bytes": size_bytes,
        "ratios": {
            # each cold build over the parse measured just before it, averaged: the fastest
            # of each measured minutes apart would be a ratio of two moments of the machine
            "cold_over_parse": statistics.fmean(
                run["seconds"] / parse[0] for run, parse in zip(runs["cold"], parses, strict=True)
            ),
            "one_result_over_cold": best["one_result"]["seconds"] / cold,
            "no_change_over_cold": best["no_change"]["seconds"] / cold,
            # not a target: the result of the round being played, the usual edit of an event
            "last_round_result_over_cold": best["last_round_result"]["seconds"] / cold,
        },
        "all_runs_seconds": {k: [f["seconds"] for f in v] for k, v in runs.items()},
        "all_parses_seconds": [seconds for seconds, _, _ in parses],
        # the output's files written alone after each cold build (``write_time``)
        "file_write_seconds": writes,
        # python-chess's parse with the files shared out (``parallel_parse_time``)
        "shared_parse_seconds": shared_parses,
        "cold_only": cold_only,
        "serve_seconds": served,
        "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None,
    }


def report(results: list[dict[str, Any]]) -> None:
    print()
    head = (
        f"{'size':<10} {'games':>6} {'parse s':>8} {'cold s':>8} {'1 result s':>10} "
        f"{'no change s':>11} {'cold/parse':>10} {'1 res/cold':>10} {'none/cold':>9} "
        f"{'peak MB':>8} {'tree MB':>8} {'files':>6} {'output MB':>9}"
    )
    print(head)
    print("-" * len(head))
    for r in results:
        ratios = r["ratios"]
        print(
            f"{r['size']:<10} {r['games']:>6} {r['parse_seconds']:>8.2f} {r['cold_seconds']:>8.2f} "
            f"{r['one_result_seconds']:>10.2f} {r['no_change_seconds']:>11.2f} "
            f"{ratios['cold_over_parse']:>9.2f}x {ratios['one_result_over_cold']:>9.1%} "
            f"{ratios['no_change_over_cold']:>9.1%} {max(r['peak_rss_mb'].values()):>8.0f} "
            f"{max(r['tree_peak_mb'].values()):>8.0f} {r['output_files']:>6} "
            f"{r['output_bytes'] / 2**20:>9.1f}"
        )
    largest = next((r for r in results if r["size"] == "swiss2000"), None)
    if largest is None:
        return
    print("\ntargets on the 2,000-player Swiss:")
    for name, limit in TARGETS.items():
        value = largest["ratios"][name]
        shown = f"{value:.2f}x" if name == "cold_over_parse" else f"{value:.1%}"
        limit_shown = f"{limit:.2f}x" if name == "cold_over_parse" else f"{limit:.0%}"
        verdict = "met" if value <= limit else "NOT met"
        print(f"  {name.replace('_', ' '):<22} {shown:>8} (target <= {limit_shown}): {verdict}")
    peak = max(largest["tree_peak_mb"].values())
    verdict = "met" if peak < MEMORY_TARGET_MB else "NOT met"
    print(
        f"  {'peak memory (tree)':<22} {peak:>6.0f} MB (target < {MEMORY_TARGET_MB} MB): {verdict}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "sizes", nargs="*", metavar="SIZE", help="rr10, swiss300, swiss2000 (default: all three)"
    )
    parser.add_argument("--seed", type=int, default=2026, help="default: 2026")
    parser.add_argument(
        "--repeat", type=int, default=1, help="run each measurement N times, keep the fastest"
    )
    parser.add_argument(
        "--json", type=Path, default=Path("speed.json"), help="default: ./speed.json"
    )
    parser.add_argument(
        "--cold-only",
        action="store_true",
        help="time the cold build only (for a version without a build cache)",
    )
    parser.add_argument(
        "--serve",
        action="store_true",
        help="also time serve's builds (one process, cache kept in memory)",
    )
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path(tempfile.gettempdir()) / "crosstable-benchmarks",
        help="where generated sites are kept (default: $TMPDIR/crosstable-benchmarks)",
    )
    args = parser.parse_args(argv)
    unknown = set(args.sizes) - {s.key for s in SIZES}
    if unknown:
        parser.error(f"unknown size(s): {', '.join(sorted(unknown))}")
    chosen = [s for s in SIZES if not args.sizes or s.key in args.sizes]
    args.cache.mkdir(parents=True, exist_ok=True)
    # Compiled modules as an installation has them, also where PYTHONDONTWRITEBYTECODE is
    # set: otherwise every build compiles the generator again (about 0.2 s each).
    compileall.compile_dir(ROOT / "generator", quiet=1)
    with concurrent.futures.ProcessPoolExecutor(os.cpu_count() or 1) as pool:
        generated = {s.key: generated_site(s, args.seed, args.cache, pool) for s in chosen}
    results = []
    with tempfile.TemporaryDirectory(dir=args.cache, prefix="work-") as folder:
        for size in chosen:
            print(f"{size.label}:", flush=True)
            results.append(
                measure(
                    size,
                    generated[size.key],
                    Path(folder),
                    args.repeat,
                    args.cold_only,
                    args.serve,
                )
            )
    report(results)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT
    ).stdout.strip()
    data = {
        "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "commit": commit,
        "seed": args.seed,
        "generator_version": GENERATOR_VERSION,
        "machine": {
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "chess": chess.__version__,
            "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None,
        },
        "targets": TARGETS,
        "memory_target_mb": MEMORY_TARGET_MB,
        "results": results,
    }
    args.json.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    print(f"\nfigures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
