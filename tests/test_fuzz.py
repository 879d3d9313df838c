"""Fuzzing: seeded random mutations of a good event file and PGN file must never raise.

Every mutated site goes through the load and rule stages (the ones that read input); every
tenth goes through the whole ``check`` command, rendering included. A failure names its seed,
so ``mutate(BASE, random.Random(seed))`` reproduces it.
"""

from __future__ import annotations

import random
import traceback
from pathlib import Path

import pytest

from generator.build import check_site, decide, load_event
from generator.cli import main
from generator.problems import Problems

CASES = 300
FULL_EVERY = 10

EVENT = b"""name = "Fuzz Open"
format = "swiss"
rounds = 3
start = 2025-06-01
end = 2025-06-03
time_control = "90 min + 30 s"
pgn_time_control = "5400+30"
rules = "us-junior-closed"
tiebreaks = ["BH/C1", "SB", "WIN"]

[scoring]
win = 1.0
draw = 0.5

[[players]]
name = "Alpha, Anna"
aliases = ["Alpha, A."]
rating = 2300
fide_id = 1000001
born = 2010-01-02

[[players]]
name = "Bravo, Bob"
number = 2
rating = 2250

[[players]]
name = "Charlie, Carl"
sex = "M"

[[players]]
name = "Delta, Dora"
sex = "F"

[[players]]
name = "Echo, Eve"
aliases = ["O\\"Neil, E."]

[[results]]
round = 2
white = "Charlie, Carl"
black = "Echo, Eve"
result = "+-"
reason = "Black's phone rang"

[[byes]]
round = 1
player = "Echo, Eve"
points = 0.5

[[withdrawals]]
player = "Delta, Dora"
after_round = 2
"""

GAMES = b"""[Event "Fuzz Open"]
[Round "1.1"]
[White "Alpha, Anna"]
[Black "Bravo, Bob"]
[Result "1-0"]
[TimeControl "5400+30"]

1. e4 {a comment with } e5 2. Nf3 (2. Bc4 Nf6) Nc6 3. Bb5 $1 a6 1-0

[Event "Fuzz Open"]
[Round "1.2"]
[White "Charlie, Carl"]
[Black "Delta, Dora"]
[Result "1/2-1/2"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2

[Event "Fuzz Open"]
[Round "2.1"]
[White "Bravo, Bob"]
[Black "Delta, Dora"]
[Result "0-1"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4q3/4K3 w - - 0 40"]

40. Kxe2 0-1

[Event "Fuzz Open"]
[Round "3.1"]
[White "Alpha, Anna"]
[Black "O\\"Neil, E."]
[Result "*"]

1. f3 e5 2. g4 Qh4# *
"""

TOKENS = [
    b'"', b"\\", b"[", b"]", b"{", b"}", b"(", b")", b"\x00", b"\n", b"\r\n", b"=", b"#",
    b"1-0", b"1/2-1/2", b"*", b"[[players]]", b"[[results]]", b"inf", b"nan", b"-1",
    b"9999999999999999999", b"2025-02-30", b"\xef\xbb\xbf", b"\xff\xfe", b"\xe9", b"\xc3",
    "Ölafsson, Þóra".encode(), b"<script>", b"&amp;", b"O-O-O", b"Qxh7#", b"$13", b"%",
]  # fmt: skip


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to four random edits: flip, insert, delete, duplicate, or cut the file short."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        where = rng.randrange(len(out) + 1)
        kind = rng.randrange(6)
        if kind == 0 and out:
            out[min(where, len(out) - 1)] = rng.randrange(256)
        elif kind == 1:
            out[where:where] = rng.choice(TOKENS)
        elif kind == 2:
            del out[where : where + rng.randint(1, 40)]
        elif kind == 3:
            span = bytes(out[where : where + rng.randint(1, 80)])
            insert = rng.randrange(len(out) + 1)
            out[insert:insert] = span
        elif kind == 4:
            del out[where:]
        else:
            out[where:where] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return bytes(out)


def make_site(root: Path, seed: int) -> Path:
    rng = random.Random(seed)
    site = root / f"s{seed}"
    folder = site / "content/ev"
    folder.mkdir(parents=True)
    event, games = EVENT, GAMES
    target = rng.randrange(3)  # the event file, the games, or both
    if target in (0, 2):
        event = mutate(event, rng)
    if target in (1, 2):
        games = mutate(games, rng)
    (folder / "event.toml").write_bytes(event)
    (folder / "games.pgn").write_bytes(games)
    return site


def test_the_unmutated_files_are_valid(tmp_path: Path) -> None:
    folder = tmp_path / "content/ev"
    folder.mkdir(parents=True)
    (folder / "event.toml").write_bytes(EVENT)
    (folder / "games.pgn").write_bytes(GAMES)
    report = check_site(tmp_path)
    assert not report.problems.errors, [p.format() for p in report.problems.errors]
    event = load_event(folder, Problems())
    assert event is not None
    assert len(event.games) == 5  # four PGN games and the forfeit
    assert event.player(event.games[-1].black).name == "Echo, Eve"


@pytest.mark.parametrize("start", range(0, CASES, 50))
def test_mutated_input_never_raises(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], start: int
) -> None:
    failures = []
    for seed in range(start, start + 50):
        site = make_site(tmp_path, seed)
        try:
            problems = Problems()
            event = load_event(site / "content/ev", problems)
            if event is not None and not problems.errors:
                decide(event, problems)
            if seed % FULL_EVERY == 0:
                status = main(["check", "--site", str(site)])
                assert status in (0, 1)
                assert "Traceback" not in capsys.readouterr().err
        except Exception:
            failures.append(f"seed {seed}:\n{traceback.format_exc()}")
    assert not failures, "\n".join(failures[:3])
