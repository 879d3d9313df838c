"""``crosstable new``: a site that builds cleanly at once, with a GitHub Pages workflow."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import chess
import chess.pgn
import pytest
import yaml

from generator.build import build_site, load_event
from generator.cli import main
from generator.commands import NEW_RULES
from generator.problems import Problems
from generator.rules.playoffs import playoff_format
from generator.scaffold import RULES, new_site


def test_new_site_builds_without_any_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = tmp_path / "club-results"
    assert main(["new", str(site)]) == 0
    assert "crosstable serve" in capsys.readouterr().out
    for name in (
        "site.toml",
        "content/index.md",
        "content/club-championship/event.toml",
        "content/club-championship/games/games.pgn",
        ".github/workflows/pages.yml",
        ".gitignore",
    ):
        assert (site / name).is_file(), name
    report = build_site(site, strict=True)
    assert report.problems.items == []
    assert "club-championship/games/r1-b1.html" in report.files
    assert b"Rd8#" in report.files["club-championship/games/r1-b1.html"]
    assert b"Club Results" in report.files["index.html"]


def test_the_workflow_builds_and_deploys_with_the_pages_actions(tmp_path: Path) -> None:
    assert main(["new", str(tmp_path / "s")]) == 0
    workflow = yaml.safe_load((tmp_path / "s/.github/workflows/pages.yml").read_text())
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    build = workflow["jobs"]["build"]["steps"]
    uses = [step.get("uses", "").split("@")[0] for step in build]
    assert "actions/configure-pages" in uses
    assert "actions/upload-pages-artifact" in uses
    assert any(step.get("run") == "crosstable build" for step in build)
    upload = next(s for s in build if s.get("uses", "").startswith("actions/upload-pages"))
    assert upload["with"]["path"] == "output"
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["steps"][0]["uses"].startswith("actions/deploy-pages@")


def test_new_refuses_a_folder_that_is_not_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    assert main(["new", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "not empty" in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.txt"]


def test_new_writes_into_a_fresh_clone_of_a_new_github_repository(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Create the repository on GitHub (with a README, a licence and Python's .gitignore),
    clone it, run ``crosstable new .`` in it: the clone's files are kept and the output is
    ignored too. It was refused as "not empty" for the clone's own .git."""
    clone = tmp_path / "club-results"
    (clone / ".git").mkdir(parents=True)
    (clone / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (clone / "README.md").write_text("# club-results\n")
    (clone / "LICENSE").write_text("licence text\n")
    (clone / ".gitignore").write_text("__pycache__/\n*.pyc")  # no final newline
    monkeypatch.chdir(clone)
    assert main(["new", "."]) == 0
    out = capsys.readouterr().out
    assert "Next: crosstable serve" in out and "cd ." not in out
    assert (clone / "README.md").read_text() == "# club-results\n"
    assert (clone / "LICENSE").read_text() == "licence text\n"
    assert (clone / ".git" / "HEAD").read_text() == "ref: refs/heads/main\n"
    ignored = (clone / ".gitignore").read_text().splitlines()
    assert ignored[:2] == ["__pycache__/", "*.pyc"] and "output/" in ignored
    assert build_site(clone, strict=True).problems.items == []


def test_new_keeps_a_gitignore_that_already_ignores_the_output(tmp_path: Path) -> None:
    (tmp_path / ".gitignore").write_text("/output/\n")
    assert main(["new", str(tmp_path)]) == 0
    assert (tmp_path / ".gitignore").read_text() == "/output/\n"


def test_new_still_refuses_a_clone_holding_files_of_its_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "site.toml").write_text('title = "Mine"\n')
    assert main(["new", str(tmp_path)]) == 1
    assert "not empty (it holds site.toml)" in capsys.readouterr().err
    assert (tmp_path / "site.toml").read_text() == 'title = "Mine"\n'
    assert not (tmp_path / "content").exists()


def test_a_site_made_below_a_repository_s_top_says_where_github_reads_workflows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """GitHub runs only the repository's own .github/workflows: the one written in a
    sub-folder never ran, and its build ran at the top, where there is no site."""
    (tmp_path / ".git").mkdir()
    assert main(["new", str(tmp_path / "results")]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"inside the git repository {tmp_path}" in out
    assert "crosstable build --site results" in out and "upload results/output" in out


@pytest.mark.parametrize("folder", ['Bob"s results', "c:\\club", "Ünïcode club"])
def test_a_folder_name_any_characters_gives_a_site_that_builds(tmp_path: Path, folder: str) -> None:
    """The title comes from the folder's name: quotes and backslashes are escaped in
    site.toml, so the new site still builds at once."""
    site = tmp_path / folder
    assert main(["new", str(site)]) == 0
    report = build_site(site, strict=True)
    assert report.written and report.problems.items == []
    title = folder.replace("-", " ").replace("_", " ").strip().title()
    assert title.encode() in report.files["index.html"].replace(b"&#34;", b'"').replace(
        b"&quot;", b'"'
    )


# ``crosstable new --rules``: the two championships' own set-up.

IN_PROGRESS_WARNINGS: frozenset[str] = frozenset()
"""The warnings a new site of the presets may give, as its event is still in progress: none.
Rounds not yet played, and round 2's pairings published with "*" (us-junior-closed), are no
warning; a code added here must be one that only says the event is unfinished."""


def _event_toml(site: Path, slug: str) -> dict[str, Any]:
    with (site / "content" / slug / "event.toml").open("rb") as handle:
        return tomllib.load(handle)


def _games(site: Path, slug: str) -> list[chess.pgn.Game]:
    games = []
    with (site / "content" / slug / "games" / "games.pgn").open(encoding="utf-8") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            games.append(game)
    return games


@pytest.mark.parametrize(
    ("rules", "slug"),
    [("acf-junior", "junior-championship"), ("us-junior-closed", "junior-closed")],
)
def test_a_preset_site_builds_with_no_error_and_no_warning_but_in_progress_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rules: str, slug: str
) -> None:
    site = tmp_path / "results"
    assert main(["new", str(site), "--rules", rules]) == 0
    out = capsys.readouterr().out
    assert f"content/{slug}/event.toml" in out and "its comments follow" in out
    assert _event_toml(site, slug)["rules"] == rules
    # The command line an organiser types, then the report for the warnings' codes.
    assert main(["build", "--site", str(site)]) == 0
    err = capsys.readouterr().err
    assert "error" not in err.lower() and "Traceback" not in err
    report = build_site(site)
    assert report.problems.errors == []
    assert {p.code for p in report.problems.warnings} <= IN_PROGRESS_WARNINGS
    assert f"{slug}/prizes.html" in report.files


@pytest.mark.parametrize("rules", ["acf-junior", "us-junior-closed"])
def test_every_example_game_is_legal_and_its_mates_are_scored_right(
    tmp_path: Path, rules: str
) -> None:
    site = tmp_path / "s"
    assert main(["new", str(site), "--rules", rules]) == 0
    slug = next(p.name for p in (site / "content").iterdir() if p.is_dir())
    games = _games(site, slug)
    assert games
    for game in games:
        assert game.errors == [], game.headers["Round"]
        board = game.end().board()
        if board.is_checkmate():
            winner = "0-1" if board.turn == chess.WHITE else "1-0"
            assert game.headers["Result"] == winner, game.headers["Round"]


def test_the_acf_junior_site_holds_the_by_law_s_groups_titles_and_prizes(
    tmp_path: Path,
) -> None:
    site = tmp_path / "s"
    assert main(["new", str(site), "--rules", "acf-junior"]) == 0
    event = _event_toml(site, "junior-championship")
    assert event["format"] == "swiss"
    # Ages on age_reference_date: the age groups under 18 ... under 10, and the girls'.
    ages = [18, 16, 14, 12, 10]
    assert [(c["id"], c["under"], c.get("sex")) for c in event["categories"]] == [
        *((f"U{a}", a, None) for a in ages),
        *((f"G-U{a}", a, "F") for a in ages),
    ]
    assert event["age_reference_date"].month == 1 and event["age_reference_date"].day == 1
    # By-law 3, 2a: highest title first, first in an older age group above a younger one;
    # 2b: the girls' titles beside them.
    assert [(t["category"], t["kind"]) for t in event["titles"]] == [
        *((f"U{a}", "open") for a in ages),
        *((f"G-U{a}", "girls") for a in ages),
    ]
    # Clause 3: trophies for places after the titles' first places.
    assert all(t["place"] >= 2 for t in event["trophies"])
    # The play-off's procedure is the rules line's (acf-by-law-3 under acf-junior).
    assert event["playoff"] == {"places": [1]}
    assert event["prizes"]["currency"] == "AUD"
    assert [m["place"] for m in event["prizes"]["money"]][:3] == [1, 2, 3]
    # Every player has the birthday and sex the groups need; the oldest is 17 on the
    # reference date (born 18 years before it, in March), the youngest 9.
    reference = event["age_reference_date"]
    players = event["players"]
    assert all("born" in p and p["sex"] in ("M", "F") for p in players)
    assert players[0]["born"] == reference.replace(year=reference.year - 18, month=3, day=14)
    # After two rounds: Papadakis won both (2 points, progressive scores 1 + 2 = 3), Whitfield
    # and Nguyen 1 + 0.5 (1 and 1.5: 2.5); the best under 12 is Kovac with 1 point (Lim 0.5,
    # Sharma 0).
    results = json.loads(build_site(site).files["junior-championship/results.json"])
    top = [(s["name"], s["points"], s["tiebreaks"]["PS"]) for s in results["standings"][:3]]
    assert top[0] == ("Papadakis, Nikos", 2, 3)
    assert sorted(top[1:]) == [("Nguyen, Mai", 1.5, 2.5), ("Whitfield, Declan", 1.5, 2.5)]
    prizes = {p["name"]: p for p in results["prizes"] if p["player"]}
    assert prizes["Australian Junior Champion"]["player"] == "Papadakis, Nikos"
    assert prizes["1st Under 12"]["player"] == "Kovac, Marko"


def test_an_acf_site_made_a_rapid_championship_by_its_rules_line_plays_off_at_g5(
    tmp_path: Path,
) -> None:
    """The rules line's comment says "acf-junior-rapid" makes the championship a
    Rapid Play or Lightning one; By-law 3, 5.3.4: its play-off is two games of 5 minutes each,
    then the Armageddon, not the two 15-minute games of 5.3.1. An explicit format line left
    in [playoff] kept the 15-minute procedure."""
    site = tmp_path / "s"
    assert main(["new", str(site), "--rules", "acf-junior"]) == 0
    path = site / "content/junior-championship/event.toml"
    text = path.read_text(encoding="utf-8")
    assert text.count('rules = "acf-junior" ') == 1
    path.write_text(text.replace('rules = "acf-junior" ', 'rules = "acf-junior-rapid" '))
    problems = Problems()
    event = load_event(path.parent, problems)
    assert event is not None and problems.errors == []
    form = playoff_format(event)
    assert form is not None
    assert [stage.time_control for stage in form.stages] == [
        "5 minutes each for the whole game",
        "White 5 minutes, Black 4 minutes; a draw counts as a win for Black",
    ]


def test_the_acf_site_s_girls_champion_takes_no_trophy_besides(tmp_path: Path) -> None:
    """The comment on trophies_for_title_holders said "the open and girls' champions may also
    take a trophy"; but the example's titles are all of age groups (Under 18 and Girls Under
    18 too), and first in an age group ranks above any second place (By-law 3, clause 3), so
    none of them does. After round 2 Nguyen (Junior Girls Champion) and Whitfield share 2nd-3rd
    overall on every tie-break: a "2nd Under 18" trophy goes to Whitfield whichever way the
    lots fall, passing her."""
    site = tmp_path / "s"
    assert main(["new", str(site), "--rules", "acf-junior"]) == 0
    path = site / "content/junior-championship/event.toml"
    text = path.read_text(encoding="utf-8")
    (line,) = [x for x in text.splitlines() if x.startswith("trophies_for_title_holders")]
    assert "champions may also take" not in line
    trophy = '\n[[trophies]]\nname = "2nd Under 18"\ncategory = "U18"\nplace = 2\n'
    path.write_text(text + trophy, encoding="utf-8")
    results = json.loads(build_site(site).files["junior-championship/results.json"])
    won = {p["name"]: p["player"] for p in results["prizes"]}
    assert won["Australian Junior Girls Champion"] == "Nguyen, Mai"
    assert won["2nd Under 18"] == "Whitfield, Declan"


def test_the_us_junior_closed_site_is_a_ten_player_round_robin_with_fund_and_fines(
    tmp_path: Path,
) -> None:
    site = tmp_path / "s"
    assert main(["new", str(site), "--rules", "us-junior-closed"]) == 0
    event = _event_toml(site, "junior-closed")
    assert (event["format"], event["rounds"], len(event["players"])) == ("round-robin", 9, 10)
    assert event["playoff"] == {"format": "us-junior-closed", "places": [1]}
    assert event["prizes"]["currency"] == "USD"
    assert event["prizes"]["forfeit_cancels_money"] is True
    assert event["fines"] == [
        {
            "player": "Singh, Arjun",
            "amount": 500,
            "reason": "Cell phone in the tournament area, round 1",
        }
    ]
    # The round robin table for ten players: round 1 is 1-10, 2-9, 3-8, 4-7, 5-6 and round 2
    # 10-6, 7-5, 8-4, 9-3, 1-2 (pairing numbers = the order of [[players]]).
    number = {p["name"]: i for i, p in enumerate(event["players"], 1)}
    pairings = [
        (g.headers["Round"], number[g.headers["White"]], number[g.headers["Black"]])
        for g in _games(site, "junior-closed")
    ]
    assert pairings == [
        ("1.1", 1, 10), ("1.2", 2, 9), ("1.3", 3, 8), ("1.4", 4, 7), ("1.5", 5, 6),
        ("2.1", 10, 6), ("2.2", 7, 5), ("2.3", 8, 4), ("2.4", 9, 3), ("2.5", 1, 2),
    ]  # fmt: skip
    # Round 1: four wins and the draw of board 1, by perpetual check before move 30, which is
    # a repetition, not an agreed draw, so the 30-move rule does not flag it.
    results = json.loads(build_site(site).files["junior-closed/results.json"])
    assert results["event"]["rounds_played"] == 1 and results["warnings"] == []
    points = {s["name"]: s["points"] for s in results["standings"]}
    assert points["Harrington, Cole"] == points["Novak, Ethan"] == 0.5
    assert sorted(n for n, p in points.items() if p == 1) == [
        "Brooks, Jalen",
        "Chen, Rebecca",
        "Esposito, Lucia",
        "Kowalski, Adam",
    ]


def test_new_with_rules_fide_is_new_alone(tmp_path: Path) -> None:
    """The default stays today's example, byte for byte (the title comes from the folder's
    name, so both folders have one name)."""
    alone, fide = tmp_path / "a" / "club", tmp_path / "b" / "club"
    assert main(["new", str(alone)]) == 0
    assert main(["new", str(fide), "--rules", "fide"]) == 0
    files = sorted(p.relative_to(alone) for p in alone.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(fide) for p in fide.rglob("*") if p.is_file())
    assert Path("content/club-championship/event.toml") in files
    for path in files:
        assert (alone / path).read_bytes() == (fide / path).read_bytes(), path


def test_an_unknown_rules_name_is_refused_with_the_choices(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["new", str(tmp_path / "s"), "--rules", "acf"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "--rules" in err and "Traceback" not in err
    assert all(name in err for name in ("fide", "acf-junior", "us-junior-closed"))
    assert not (tmp_path / "s").exists()
    # Called from Python, past the command line's own check.
    assert new_site(tmp_path / "s", rules="uscf") == 1
    err = capsys.readouterr().err
    assert "uscf" in err and "fide, acf-junior, us-junior-closed" in err
    assert not (tmp_path / "s").exists()
    assert NEW_RULES == RULES


def test_a_clone_inside_another_repository_is_its_own_top(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A fresh clone in a folder another repository holds (a home folder kept in git, a
    clone within a clone): GitHub reads the clone's own .github/workflows, where ``new``
    writes it, so there is nothing to move and no note about the outer repository."""
    (tmp_path / ".git").mkdir()
    clone = tmp_path / "club-results"
    (clone / ".git").mkdir(parents=True)
    monkeypatch.chdir(clone)
    assert main(["new", "."]) == 0
    out = capsys.readouterr().out
    assert "inside the git repository" not in out
    assert (clone / ".github" / "workflows" / "pages.yml").is_file()


def test_a_gitignore_not_in_utf_8_is_kept_byte_for_byte(tmp_path: Path) -> None:
    """A clone's .gitignore saved in Latin-1 ("# café"): ``new`` added output/ to it with a
    UnicodeDecodeError traceback and wrote nothing; its bytes are kept, output/ after them."""
    (tmp_path / ".gitignore").write_bytes(b"# caf\xe9\n*.pyc\n")
    assert main(["new", str(tmp_path)]) == 0
    written = (tmp_path / ".gitignore").read_bytes()
    assert written.startswith(b"# caf\xe9\n*.pyc\n\n") and b"\noutput/\n" in written


_ADDED = "# The built site: `crosstable build` writes it, `crosstable deploy` publishes it."


@pytest.mark.parametrize(
    ("kept", "written"),
    [
        # LF: a blank line, then the comment and output/, each ending with LF.
        (b"__pycache__/\n*.pyc\n", f"__pycache__/\n*.pyc\n\n{_ADDED}\noutput/\n"),
        # CRLF (saved on Windows): it was rewritten with LF endings; now every line added
        # ends with CRLF and the file's own lines keep theirs.
        (b"__pycache__/\r\n*.pyc\r\n", f"__pycache__/\r\n*.pyc\r\n\r\n{_ADDED}\r\noutput/\r\n"),
        # No final line break: one is added first, in the file's own style.
        (b"__pycache__/\n*.pyc", f"__pycache__/\n*.pyc\n\n{_ADDED}\noutput/\n"),
        (b"__pycache__/\r\n*.pyc", f"__pycache__/\r\n*.pyc\r\n\r\n{_ADDED}\r\noutput/\r\n"),
    ],
    ids=["lf", "crlf", "lf-no-final-newline", "crlf-no-final-newline"],
)
def test_a_gitignore_keeps_its_line_endings(tmp_path: Path, kept: bytes, written: str) -> None:
    """``crosstable new .`` in a fresh clone adds output/ to its .gitignore with the file's
    own line endings, and leaves the bytes before it as they were."""
    (tmp_path / ".gitignore").write_bytes(kept)
    assert main(["new", str(tmp_path)]) == 0
    assert (tmp_path / ".gitignore").read_bytes() == written.encode()


def test_a_gitignore_not_in_utf_8_with_crlf_endings_keeps_both(tmp_path: Path) -> None:
    """Latin-1 ("# café") and CRLF at once: its bytes kept, output/ added with CRLF."""
    (tmp_path / ".gitignore").write_bytes(b"# caf\xe9\r\n*.pyc\r\n")
    assert main(["new", str(tmp_path)]) == 0
    assert (tmp_path / ".gitignore").read_bytes() == (
        b"# caf\xe9\r\n*.pyc\r\n\r\n" + _ADDED.encode() + b"\r\noutput/\r\n"
    )
