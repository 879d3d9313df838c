"""The command line: exit codes, located messages, and nothing lost on failure."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, SiteMaker, event_toml, pgn_game

from generator.cli import main

A, B = "Alpha, Anna", "Bravo, Bob"
C, D = "Charlie, Carl", "Delta, Dora"


def test_build_writes_the_site_and_exits_zero(
    make_site: SiteMaker, capsys: pytest.CaptureFixture[str]
) -> None:
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    assert main(["build", "--site", str(site)]) == 0
    assert (site / "output/ev/results.json").is_file()
    assert "built" in capsys.readouterr().out


def test_errors_are_printed_as_path_line_message_with_a_hint(
    make_site: SiteMaker, capsys: pytest.CaptureFixture[str]
) -> None:
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, "Bravo, Bobby", "1-0")})
    assert main(["build", "--site", str(site)]) == 1
    err = capsys.readouterr().err
    assert 'content/ev/g.pgn:4: error: unknown black player "Bravo, Bobby"' in err
    assert "hint: closest known players: Bravo, Bob" in err
    assert "Traceback" not in err


def test_a_failed_build_leaves_the_last_good_site(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    assert main(["build", "--site", str(site)]) == 0
    before = (site / "output/ev/results.json").read_bytes()
    (site / "content/ev/g.pgn").write_text(pgn_game("1.1", A, "Nobody", "1-0"), encoding="utf-8")
    assert main(["build", "--site", str(site)]) == 1
    assert (site / "output/ev/results.json").read_bytes() == before
    assert [p.name for p in site.iterdir() if p.name.startswith(".output")] == []


def test_strict_fails_on_warnings(make_site: SiteMaker) -> None:
    games = pgn_game("1.1", A, B, "1-0", "1. e4 e5 2. Ke3")
    site = make_site(event_toml(), {"g.pgn": games})
    assert main(["build", "--site", str(site)]) == 0
    (site / "output").rename(site / "kept")
    assert main(["build", "--site", str(site), "--strict"]) == 1
    assert not (site / "output").exists()


def test_check_validates_without_writing(
    make_site: SiteMaker, capsys: pytest.CaptureFixture[str]
) -> None:
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    assert main(["check", "--site", str(site)]) == 0
    assert not (site / "output").exists()
    (site / "content/ev/event.toml").write_text(event_toml("colour = 2\n"), encoding="utf-8")
    assert main(["check", "--site", str(site)]) == 1
    assert 'content/ev/event.toml:5: error: colour: unknown key "colour"' in capsys.readouterr().err


def test_output_option_and_overlap_guard(make_site: SiteMaker, tmp_path: Path) -> None:
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    assert main(["build", "--site", str(site), "--output", str(tmp_path / "public")]) == 0
    assert (tmp_path / "public/index.html").is_file()
    assert main(["build", "--site", str(site), "--output", str(site)]) == 1
    assert (site / "content/ev/event.toml").is_file()


def test_python_dash_m_generator(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    done = subprocess.run(
        [sys.executable, "-m", "generator", "check", "--site", str(site)],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "valid" in done.stdout


def test_a_looping_home_page_link_is_reported(make_site: SiteMaker) -> None:
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    home = site / "content" / "index.md"
    home.symlink_to(home)
    assert main(["build", "--site", str(site)]) == 1
    assert not (site / "output").exists()


def test_a_site_folder_without_content_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The message named "." (the site's folder, relative to itself): it names the folder.
    A folder that does not exist (a typo in --site) is told so, not "no content/", and the
    build makes nothing there (it made the folder, to hold its cache)."""
    missing = tmp_path / "nowhere"
    assert main(["build", "--site", str(missing)]) == 1
    err = capsys.readouterr().err
    assert f"{missing}: error: the site folder does not exist" in err
    assert not missing.exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["build", "--site", str(empty)]) == 1
    assert f"{empty}: error: there is no content/ folder" in capsys.readouterr().err
    assert list(empty.iterdir()) == []


@pytest.mark.parametrize("command", ["check", "serve"])
def test_the_content_folder_or_an_event_given_as_the_site_names_the_site(
    make_site: SiteMaker, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """``--site content`` (or running in an event's folder) said "there is no content/
    folder" and to run in "the site's folder", which the organiser believed they had
    given. The hint now names the site folder, two levels up for an event."""
    site = make_site(event_toml())
    assert main([command, "--site", str(site / "content")]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{site / 'content'}: error: there is no content/ folder\n")
    assert (
        f"hint: this is the site's content/ folder: run crosstable in {site}, or pass "
        f"--site {site}\n" in err
    )
    assert main([command, "--site", str(site / "content" / "ev")]) == 1
    assert (
        f"hint: this folder is in the site's content/ folder: run crosstable in {site}, or "
        f"pass --site {site}\n" in capsys.readouterr().err
    )


def test_pages_go_to_the_same_places_in_a_locale_that_is_not_utf8(tmp_path: Path) -> None:
    """File names are UTF-8 (git, editors); Python reads them in the locale's encoding.
    Under LC_ALL=C without UTF-8 mode the folder "Élite Ü" was published as "lite-u"
    (the é read as two unknown bytes), a page "über-uns.md" as "ber-uns.html", a
    section "Garçons" named in championship.toml was not found (the build failed) and a
    draft page was published."""
    content = tmp_path / "site" / "content"
    games = {"g.pgn": pgn_game("1.1", A, B, "1-0")}
    for folder in (content / "Élite Ü", content / "junior" / "Garçons"):
        folder.mkdir(parents=True)
        (folder / "event.toml").write_text(event_toml(), encoding="utf-8")
        for name, text in games.items():
            (folder / name).write_text(text, encoding="utf-8")
    (content / "Élite Ü" / "über-uns.md").write_text(
        "# Über uns\n\n[Räume](Räume.pdf), [Entwurf](entwurf-ä.md)\n", encoding="utf-8"
    )
    (content / "Élite Ü" / "Räume.pdf").write_bytes(b"%PDF rooms")
    (content / "Élite Ü" / "entwurf-ä.md").write_text("# Entwurf\n", encoding="utf-8")
    (content / "junior" / "championship.toml").write_text(
        'name = "Junior"\nsections = ["Garçons"]\n', encoding="utf-8"
    )
    (tmp_path / "site" / "site.toml").write_text(
        'drafts = ["Élite Ü/entwurf-ä.md"]\n', encoding="utf-8"
    )
    done = subprocess.run(
        [sys.executable, "-X", "utf8=0", "-m", "generator", "build", "--site", f"{tmp_path}/site"],
        cwd=ROOT, capture_output=True, check=False,
        env={**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    output = tmp_path / "site" / "output"
    assert sorted(p.name for p in output.iterdir()) == ["elite-u", "index.html", "junior", "static"]
    assert (output / "elite-u" / "uber-uns.html").is_file()
    assert (output / "elite-u" / "Räume.pdf").read_bytes() == b"%PDF rooms"  # linked there
    page = (output / "elite-u" / "uber-uns.html").read_text(encoding="utf-8")
    assert 'href="R%C3%A4ume.pdf"' in page or 'href="Räume.pdf"' in page
    assert not (output / "elite-u" / "entwurf-a.html").exists()
    assert (output / "junior" / "garcons" / "index.html").is_file()


CONSOLE_SCRIPT = """
import importlib.abc
import sys


class CtrlC(importlib.abc.MetaPathFinder):
    '''Ctrl+C pressed while Python imports the program's modules.'''

    def find_spec(self, name, path, target=None):
        if name == "generator.buildstate":
            raise KeyboardInterrupt
        return None


sys.meta_path.insert(0, CtrlC())
from generator.cli import run  # what the console script (pyproject.toml) does

sys.argv = ["crosstable", "build", "--site", sys.argv[1]]
sys.exit(run())
"""


def test_ctrl_c_while_the_program_is_imported_is_one_line(make_site: SiteMaker) -> None:
    """The console script imports ``generator.cli`` before it calls ``run``: Ctrl+C in that
    first fraction of a second printed a traceback. It ends as Ctrl+C later does: one line,
    and status 130, as a shell reports Ctrl+C."""
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    done = subprocess.run(
        [sys.executable, "-c", CONSOLE_SCRIPT, str(site)],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        check=False,
    )
    assert (done.returncode, done.stdout) == (130, "")
    assert done.stderr == "\ncrosstable: interrupted; nothing more was done.\n"
    assert not (site / "output").exists()


def test_the_console_script_s_module_imports_nothing_of_the_program() -> None:
    """What runs before ``run`` can catch Ctrl+C is the interpreter's own start-up and this
    import: no module of the program's, no argparse."""
    probe = (
        "import sys; import generator.cli; "
        "print(sorted(m for m in sys.modules if m.startswith('generator') or m == 'argparse'))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        check=True,
    )
    assert done.stdout.strip() == "['generator', 'generator.cli']"


@pytest.mark.parametrize("command", ["serve", "deploy", "check"])
def test_every_command_names_a_missing_site_folder_alike(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """serve and deploy said "is not a site folder (it has no content/)" where build said
    what is missing, and for a mistyped --site did not say that the folder does not exist."""
    missing = tmp_path / "nowhere"
    assert main([command, "--site", str(missing)]) == 1
    assert f"{missing}: error: the site folder does not exist" in capsys.readouterr().err
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main([command, "--site", str(empty)]) == 1
    assert f"{empty}: error: there is no content/ folder" in capsys.readouterr().err
    assert list(empty.iterdir()) == []


@pytest.mark.parametrize("module", ["generator", "generator.cli"])
def test_python_dash_m_runs_the_command(module: str, make_site: SiteMaker) -> None:
    """``python -m generator.cli build`` did nothing and said nothing (the module had no
    ``__main__`` block), so a build run so published nothing while it exited 0."""
    site = make_site(event_toml(), {"g.pgn": pgn_game("1.1", A, B, "1-0")})
    done = subprocess.run(
        [sys.executable, "-m", module, "build", "--site", str(site)],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (site / "output" / "index.html").is_file()


def test_check_with_warnings_says_how_many(
    make_site: SiteMaker, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "the site is valid." alone, under a screen of warnings, read as all clear: the line
    counts them (the exit status stays 0, and 1 with --strict, as for build)."""
    # Round 1 complete, rounds 2 and 3 to come; one illegal move: one warning.
    games = pgn_game("1.1", A, B, "1-0", "1. e4 e5 2. Ke3") + pgn_game("1.2", C, D, "0-1")
    site = make_site(event_toml(), {"g.pgn": games})
    assert main(["check", "--site", str(site)]) == 0
    captured = capsys.readouterr()
    assert captured.err.count(": warning: ") == 1
    assert captured.out == "crosstable: the site is valid, with 1 warning (listed above).\n"
    assert "warning(s)" not in captured.err
    assert main(["check", "--site", str(site), "--strict"]) == 1
    assert "valid" not in capsys.readouterr().out
    games = pgn_game("1.1", A, B, "1-0") + pgn_game("1.2", C, D, "0-1")
    (site / "content/ev/g.pgn").write_text(games, encoding="utf-8")
    assert main(["check", "--site", str(site)]) == 0
    assert capsys.readouterr().out == "crosstable: the site is valid.\n"
