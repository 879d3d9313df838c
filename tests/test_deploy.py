"""``crosstable deploy`` against a real local bare repository: branch tree, history, refusals."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator import deploy
from generator.cli import main
from generator.deploy import shown_url
from generator.scaffold import new_site


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True)
    return done.stdout.strip()


@pytest.fixture(autouse=True)
def git_identity(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No user's or system's git settings: a name and e-mail of our own, nothing else."""
    empty = tmp_path / "gitconfig"
    empty.write_text("")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(empty))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    for role in ("AUTHOR", "COMMITTER"):
        monkeypatch.setenv(f"GIT_{role}_NAME", "Arbiter")
        monkeypatch.setenv(f"GIT_{role}_EMAIL", "arbiter@example.org")


@pytest.fixture
def repo(tmp_path: Path) -> tuple[Path, Path]:
    """A committed site with ``origin`` pointing to an empty bare repository."""
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "--quiet", "--bare", str(remote))
    site = tmp_path / "site"
    assert new_site(site, year=2026) == 0
    git(site, "init", "--quiet", "-b", "main")
    git(site, "add", ".")
    git(site, "commit", "--quiet", "-m", "The site")
    git(site, "remote", "add", "origin", str(remote))
    return site, remote


def tree(remote: Path, ref: str = "gh-pages") -> set[str]:
    return set(git(remote, "ls-tree", "-r", "--name-only", ref).splitlines())


def test_deploy_publishes_the_output_as_the_whole_branch_with_history(
    repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    site, remote = repo
    source = git(site, "rev-parse", "HEAD")
    assert main(["deploy", "--site", str(site)]) == 0
    assert "deployed" in capsys.readouterr().out
    output = {p.relative_to(site / "output").as_posix() for p in (site / "output").rglob("*")}
    files = {p for p in output if (site / "output" / p).is_file()}
    assert tree(remote) == files | {".nojekyll"}
    assert (
        git(remote, "show", "gh-pages:index.html")
        == (site / "output/index.html").read_text().strip()
    )
    first = git(remote, "rev-parse", "gh-pages")
    assert source in git(remote, "log", "-1", "--format=%B", "gh-pages")
    assert git(remote, "rev-list", "--count", "gh-pages") == "1"

    # An edit and a custom domain: a second commit on top of the first.
    index = site / "content/index.md"
    index.write_text(index.read_text() + "\nRound 3 is in.\n")
    (site / "site.toml").write_text(
        (site / "site.toml").read_text().replace('# cname = "results', 'cname = "results')
    )
    git(site, "commit", "--quiet", "-am", "Round 3")
    second_source = git(site, "rev-parse", "HEAD")
    assert main(["deploy", "--site", str(site), "--message", "Round 3 results"]) == 0
    assert git(remote, "rev-parse", "gh-pages^") == first
    message = git(remote, "log", "-1", "--format=%B", "gh-pages")
    assert message.startswith("Round 3 results") and second_source in message
    assert git(remote, "show", "gh-pages:CNAME") == "results.example.org"
    assert "Round 3 is in." in git(remote, "show", "gh-pages:index.html")

    # The organiser's checkout is untouched: still on main, nothing staged or changed.
    assert git(site, "symbolic-ref", "--short", "HEAD") == "main"
    assert git(site, "status", "--porcelain") == ""

    # Nothing new: no empty commit.
    assert main(["deploy", "--site", str(site)]) == 0
    assert "up to date" in capsys.readouterr().out
    assert git(remote, "rev-list", "--count", "gh-pages") == "2"


def test_a_cname_that_github_s_settings_wrote_on_the_branch_is_kept(
    repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A custom domain set in GitHub's Pages settings is a commit adding CNAME to the branch;
    the next deploy replaced the tree without it, and the site left its domain mid-event."""
    site, remote = repo
    assert main(["deploy", "--site", str(site)]) == 0
    pages = tmp_path / "pages"
    git(tmp_path, "clone", "--quiet", "--branch", "gh-pages", str(remote), str(pages))
    (pages / "CNAME").write_text("results.example.org")  # as GitHub writes it: no newline
    git(pages, "add", "CNAME")
    git(pages, "commit", "--quiet", "-m", "Create CNAME")
    git(pages, "push", "--quiet", "origin", "gh-pages")
    (site / "content/index.md").write_text("# Results\n\nRound 2 is in.\n")
    capsys.readouterr()
    assert main(["deploy", "--site", str(site)]) == 0
    assert git(remote, "show", "gh-pages:CNAME") == "results.example.org"
    assert "Round 2 is in." in git(remote, "show", "gh-pages:index.html")
    out = capsys.readouterr().out
    assert "kept the branch's CNAME, results.example.org: GitHub writes it" in out
    # site.toml's own cname wins, and says nothing.
    toml = site / "site.toml"
    toml.write_text(toml.read_text().replace('# cname = "results.example.org"', 'cname = "x.org"'))
    assert main(["deploy", "--site", str(site)]) == 0
    assert git(remote, "show", "gh-pages:CNAME") == "x.org"
    assert "kept" not in capsys.readouterr().out


def test_a_deploy_from_another_clone_goes_on_top_of_the_remote_branch(
    repo: tuple[Path, Path], tmp_path: Path
) -> None:
    site, remote = repo
    assert main(["deploy", "--site", str(site)]) == 0
    first = git(remote, "rev-parse", "gh-pages")
    git(site, "push", "--quiet", "origin", "main")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "--quiet", "--branch", "main", str(remote), str(clone))
    (clone / "content/index.md").write_text("# Results\n\nFrom a second computer.\n")
    assert main(["deploy", "--site", str(clone)]) == 0
    assert git(remote, "rev-parse", "gh-pages^") == first
    assert "second computer" in git(remote, "show", "gh-pages:index.html")


def _another_clone_deploys_round_2(site: Path, remote: Path, tmp_path: Path) -> str:
    """Clone B of ``site``'s repository enters round 2, pushes and deploys it: its commit."""
    git(site, "push", "--quiet", "origin", "main")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "--quiet", "--branch", "main", str(remote), str(clone))
    (clone / "content/index.md").write_text("# Results\n\nRound 2 is in.\n")
    git(clone, "commit", "--quiet", "-am", "Round 2")
    git(clone, "push", "--quiet", "origin", "main")
    assert main(["deploy", "--site", str(clone)]) == 0
    return git(clone, "rev-parse", "HEAD")


def _deploy_a_typo_fix(site: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """Clone A commits a typo fix and deploys it: what deploy printed, on one line."""
    (site / "content/index.md").write_text("# Results\n\nA typo fixed.\n")
    git(site, "commit", "--quiet", "-am", "Typo")
    capsys.readouterr()
    assert main(["deploy", "--site", str(site)]) == 0
    return " ".join(capsys.readouterr().err.split())


def test_a_deploy_replacing_one_built_from_commits_not_pulled_says_so(
    repo: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two organisers: B enters round 2 in a clone, commits and deploys; A, not pulled,
    deploys an edit of their own. The live site loses round 2: A is told, with the fix."""
    site, remote = repo
    round_2 = _another_clone_deploys_round_2(site, remote, tmp_path)
    capsys.readouterr()
    (site / "content/index.md").write_text("# Results\n\nA typo fixed.\n")
    git(site, "commit", "--quiet", "-am", "Typo")
    assert main(["deploy", "--site", str(site)]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert f"replaced was built from {round_2[:12]}" in err and "git pull" in err
    # Pulled: B's round is in A's history, and the next deploy says nothing.
    git(site, "pull", "--quiet", "--no-rebase", "--no-edit", "-X", "ours", "origin", "main")
    (site / "content/index.md").write_text("# Results\n\nRound 2 is in; typo fixed.\n")
    git(site, "commit", "--quiet", "-am", "Both")
    assert main(["deploy", "--site", str(site)]) == 0
    assert "replaced" not in capsys.readouterr().err
    # One's own deploys, one after another, say nothing either.
    (site / "content/index.md").write_text("# Results\n\nRound 3 is in.\n")
    assert main(["deploy", "--site", str(site)]) == 0
    assert "replaced" not in capsys.readouterr().err


OVERTAKEN = "which this repository's history does not hold"


def test_a_deploy_after_amending_the_deployed_commit_says_nothing(
    repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """The organiser deploys, then fixes a typo with ``git commit --amend``: the deployed
    commit is gone from the history, but it was this clone's own (its reflog): the warning
    that another clone's edits were lost was a false alarm."""
    site, _ = repo
    deployed = git(site, "rev-parse", "HEAD")
    assert main(["deploy", "--site", str(site)]) == 0
    (site / "content/index.md").write_text("# Results\n\nA typo fixed.\n")
    git(site, "commit", "--quiet", "--amend", "-am", "The site, typo fixed")
    assert git(site, "rev-parse", "HEAD") != deployed
    capsys.readouterr()
    assert main(["deploy", "--site", str(site)]) == 0
    err = capsys.readouterr().err
    assert OVERTAKEN not in err and "shallow" not in err


def test_a_deploy_after_rebasing_the_deployed_commit_says_nothing(
    repo: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A deploys commit X; B pushes a commit (no deploy); A pulls with --rebase, so X is
    rewritten on top of B's: the site deployed from X was A's own, nothing was lost."""
    site, remote = repo
    git(site, "push", "--quiet", "origin", "main")
    (site / "content/index.md").write_text("# Results\n\nRound 1 is in.\n")
    git(site, "commit", "--quiet", "-am", "Round 1")
    deployed = git(site, "rev-parse", "HEAD")
    assert main(["deploy", "--site", str(site)]) == 0
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "--quiet", "--branch", "main", str(remote), str(clone))
    (clone / "README.md").write_text("Results of the club.\n")
    git(clone, "add", "README.md")
    git(clone, "commit", "--quiet", "-m", "A README")
    git(clone, "push", "--quiet", "origin", "main")
    git(site, "pull", "--quiet", "--rebase", "origin", "main")
    assert git(site, "rev-parse", "HEAD~1") == git(clone, "rev-parse", "HEAD")
    with pytest.raises(subprocess.CalledProcessError):  # X is not in the history any more
        git(site, "merge-base", "--is-ancestor", deployed, "HEAD")
    (site / "content/index.md").write_text("# Results\n\nRound 2 is in.\n")
    capsys.readouterr()
    assert main(["deploy", "--site", str(site)]) == 0
    err = capsys.readouterr().err
    assert OVERTAKEN not in err and "shallow" not in err


def test_a_commit_fetched_from_another_clone_but_never_merged_is_still_warned_of(
    repo: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """B deploys round 2; A fetches (the commit is here, on origin/main and in its reflog)
    but does not merge it: it was never on A's branch, so the warning stands."""
    site, remote = repo
    round_2 = _another_clone_deploys_round_2(site, remote, tmp_path)
    git(site, "fetch", "--quiet", "origin")
    assert git(site, "rev-parse", "origin/main") == round_2
    assert f"replaced was built from {round_2[:12]}, {OVERTAKEN}" in _deploy_a_typo_fix(
        site, capsys
    )


def test_another_clone_s_deploy_pulled_then_reset_away_is_still_warned_of(
    repo: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """B enters round 2 (commit X) and deploys it; A pulls (X is now on A's branch and in
    its reflog), then resets the branch back (git reset --hard HEAD~1) and deploys a typo fix.
    The live site built from X is replaced by one without round 2: X was once on A's branch,
    but A never deployed it, so the warning stands (it was taken for A's own amended commit)."""
    site, remote = repo
    round_2 = _another_clone_deploys_round_2(site, remote, tmp_path)
    git(site, "pull", "--quiet", "--ff-only", "origin", "main")
    assert git(site, "rev-parse", "HEAD") == round_2
    git(site, "reset", "--quiet", "--hard", "HEAD~1")
    assert round_2 in git(site, "reflog", "show", "--format=%H", "refs/heads/main", "--")
    assert f"replaced was built from {round_2[:12]}, {OVERTAKEN}" in _deploy_a_typo_fix(
        site, capsys
    )


def test_a_shallow_clone_says_it_cannot_tell_rather_than_warning(
    repo: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A deploys from commit S, then commits T on top and pushes; a clone made with
    --depth 1 has T but not S (its history is cut off): it cannot tell whether S is in its
    history, and says so instead of the warning of another clone's deploy."""
    site, remote = repo
    deployed = git(site, "rev-parse", "HEAD")
    assert main(["deploy", "--site", str(site)]) == 0
    (site / "content/index.md").write_text("# Results\n\nRound 1 is in.\n")
    git(site, "commit", "--quiet", "-am", "Round 1")
    git(site, "push", "--quiet", "origin", "main")
    shallow = tmp_path / "shallow"
    url = remote.as_uri()  # --depth is ignored for a plain path
    git(tmp_path, "clone", "--quiet", "--depth", "1", "--branch", "main", url, str(shallow))
    assert git(shallow, "rev-parse", "--is-shallow-repository") == "true"
    (shallow / "content/index.md").write_text("# Results\n\nRound 2 is in.\n")
    git(shallow, "commit", "--quiet", "-am", "Round 2")
    capsys.readouterr()
    assert main(["deploy", "--site", str(shallow)]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert OVERTAKEN not in err
    assert f"built from {deployed[:12]}, which this clone does not have: it is a shallow" in err


def test_a_deploy_whose_push_failed_is_pushed_by_the_next_one_and_said_so(
    repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """The venue's network drops during the push: the commit stays on the local branch, and
    the next deploy, with nothing changed, pushes it and says so (it said "nothing changed
    since the last deploy", as if the failed one had been published)."""
    site, remote = repo
    hook = remote / "hooks/pre-receive"
    hook.write_text("#!/bin/sh\necho 'network down' >&2\nexit 1\n")
    hook.chmod(0o755)
    assert main(["deploy", "--site", str(site)]) == 1
    assert "network down" in capsys.readouterr().err
    local = git(site, "rev-parse", "gh-pages")
    hook.unlink()
    assert main(["deploy", "--site", str(site)]) == 0
    out = capsys.readouterr().out
    assert f"whose commit {local[:12]} had not reached the remote; pushed it" in out
    assert git(remote, "rev-parse", "gh-pages") == local
    assert main(["deploy", "--site", str(site)]) == 0
    assert "nothing changed since the last deploy; origin" in capsys.readouterr().out


def test_a_later_deploy_whose_push_failed_waits_on_the_branch_and_is_pushed_next(
    repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """The branch is on the remote already (round 1 published); round 2's push fails. The
    next deploy built on the remote's tip instead of the waiting commit: with nothing changed
    it made a second commit of the same site and told the organiser that their branch
    "held commits that origin's did not" (their own failed deploy) to keep with git branch."""
    site, remote = repo
    assert main(["deploy", "--site", str(site)]) == 0
    round_1 = git(remote, "rev-parse", "gh-pages")
    (site / "content/index.md").write_text("# Results\n\nRound 2 is in.\n")
    hook = remote / "hooks/pre-receive"
    hook.write_text("#!/bin/sh\necho 'network down' >&2\nexit 1\n")
    hook.chmod(0o755)
    capsys.readouterr()
    assert main(["deploy", "--site", str(site)]) == 1
    assert "nothing was published" in capsys.readouterr().err
    waiting = git(site, "rev-parse", "gh-pages")
    assert git(site, "rev-parse", "gh-pages^") == round_1
    assert git(remote, "rev-parse", "gh-pages") == round_1
    hook.unlink()

    # Nothing changed since: the waiting commit itself is pushed, and said so.
    assert main(["deploy", "--site", str(site)]) == 0
    out = capsys.readouterr().out
    assert f"whose commit {waiting[:12]} had not reached the remote; pushed it" in out
    assert "held commits" not in out
    assert git(remote, "rev-parse", "gh-pages") == waiting
    assert git(remote, "rev-list", "--count", "gh-pages") == "2"

    # Round 3's push fails too, then round 4 is entered before the network is back: one
    # commit for each deploy, each on top of the one before, none reported as left out.
    (site / "content/index.md").write_text("# Results\n\nRound 3 is in.\n")
    hook.write_text("#!/bin/sh\necho 'network down' >&2\nexit 1\n")
    hook.chmod(0o755)
    assert main(["deploy", "--site", str(site)]) == 1
    round_3 = git(site, "rev-parse", "gh-pages")
    hook.unlink()
    (site / "content/index.md").write_text("# Results\n\nRound 4 is in.\n")
    capsys.readouterr()
    assert main(["deploy", "--site", str(site)]) == 0
    out = capsys.readouterr().out
    assert f"on top of {round_3[:12]}" in out and "held commits" not in out
    assert git(remote, "rev-parse", "gh-pages^") == round_3
    assert git(remote, "rev-parse", "gh-pages^^") == waiting
    assert "Round 4 is in." in git(remote, "show", "gh-pages:index.html")


def test_local_commits_of_the_branch_left_out_of_the_deploy_are_named(
    repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """A local gh-pages with a commit of its own (never pushed, unrelated to the remote's):
    the deploy goes on top of the remote's branch and moves the local one there, which left
    that commit out of every branch without a word."""
    site, remote = repo
    assert main(["deploy", "--site", str(site)]) == 0
    first = git(remote, "rev-parse", "gh-pages")
    own = git(site, "commit-tree", git(site, "rev-parse", "main^{tree}"), "-m", "My own pages")
    git(site, "update-ref", "refs/heads/gh-pages", own)
    (site / "content/index.md").write_text("# Results\n\nRound 2 is in.\n")
    capsys.readouterr()
    assert main(["deploy", "--site", str(site)]) == 0
    out = capsys.readouterr().out
    assert git(remote, "rev-parse", "gh-pages^") == first  # on top of the remote's
    assert git(site, "rev-parse", "gh-pages") == git(remote, "rev-parse", "gh-pages")
    assert (
        f"the local branch gh-pages held commits that origin's did not, up to {own[:12]}; "
        f"the branch now follows origin's (git branch gh-pages-old {own[:12]} keeps them)."
    ) in out
    (site / "content/index.md").write_text("# Results\n\nRound 3 is in.\n")
    assert main(["deploy", "--site", str(site)]) == 0
    assert "held commits" not in capsys.readouterr().out  # the usual deploy: nothing left out


def test_a_failed_build_is_not_deployed(
    repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    site, remote = repo
    games = site / "content/club-championship/games/games.pgn"
    games.write_text(games.read_text().replace("Morgan, Alex", "Nobody, Known", 1))
    assert main(["deploy", "--site", str(site)]) == 1
    err = capsys.readouterr().err
    assert 'unknown white player "Nobody, Known"' in err
    assert "nothing was deployed" in err
    assert git(remote, "branch", "--list") == ""


@pytest.mark.parametrize(
    ("setup", "expected", "hint"),
    [
        ("git remote remove origin", '"origin" is not a git remote', "git remote add origin"),
        (
            "git remote set-url origin NOT_A_REPO",
            "is not a git repository that can be reached",
            "git remote -v",
        ),
    ],
)
def test_a_remote_that_is_not_a_git_remote_is_refused(
    repo: tuple[Path, Path],
    capsys: pytest.CaptureFixture[str],
    setup: str,
    expected: str,
    hint: str,
) -> None:
    site, _ = repo
    args = setup.replace("NOT_A_REPO", str(site.parent / "plain-folder")).split()
    (site.parent / "plain-folder").mkdir()
    git(site, *args[1:])
    assert main(["deploy", "--site", str(site)]) == 1
    err = capsys.readouterr().err
    assert expected in err and "hint: " in err and hint in err
    assert "Traceback" not in err
    assert not (site / "output").exists()  # refused before building


def test_a_token_in_the_remote_s_address_is_never_printed(
    repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``https://TOKEN@github.com/...`` is a common remote: deploy printed the token in
    every message naming the remote (git itself leaves it out)."""
    site, _ = repo
    monkeypatch.setenv("GIT_TERMINAL_PROMPT", "0")
    git(site, "remote", "set-url", "origin", "https://ghp_Secret123:x-oauth@127.0.0.1:1/r.git")
    assert main(["deploy", "--site", str(site)]) == 1
    err = capsys.readouterr().err
    assert 'the remote "origin" (https://127.0.0.1:1/r.git) is not' in err
    assert "Secret123" not in err and "x-oauth" not in err
    assert shown_url("ssh://git@example.org/r.git") == "ssh://example.org/r.git"
    assert shown_url("git@github.com:me/r.git") == "git@github.com:me/r.git"  # no secret


def test_a_site_outside_git_and_a_bad_domain_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = tmp_path / "plain"
    assert new_site(site) == 0
    assert main(["deploy", "--site", str(site)]) == 1
    assert "is not in a git repository" in capsys.readouterr().err
    toml = site / "site.toml"
    toml.write_text(
        toml.read_text().replace('# cname = "results.example.org"', 'cname = "https://x.org/"')
    )
    assert main(["deploy", "--site", str(site)]) == 1
    assert "is not a domain name" in capsys.readouterr().err


def test_a_branch_checked_out_in_another_worktree_or_named_head_is_refused(
    repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Moving a branch another worktree has checked out would leave that worktree's files
    and index undoing the deploy (git branch -f refuses it too); "HEAD" is no branch name."""
    site, remote = repo
    assert main(["deploy", "--site", str(site)]) == 0
    published = git(remote, "rev-parse", "gh-pages")
    other = site.parent / "pages-worktree"
    git(site, "worktree", "add", "--quiet", str(other), "gh-pages")
    (site / "content/index.md").write_text("# Changed\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["deploy", "--site", str(site)]) == 1
    err = capsys.readouterr().err
    assert f'the branch "gh-pages" is checked out in {other}' in err and "Traceback" not in err
    assert git(remote, "rev-parse", "gh-pages") == published
    assert main(["deploy", "--site", str(site), "--branch", "HEAD"]) == 1
    assert '"HEAD" is not a valid branch name' in capsys.readouterr().err


def test_a_bad_name_in_site_toml_is_traced_to_site_toml(
    repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """A branch or remote set in site.toml is named as coming from there: the hint to pass
    --branch left the organiser's site.toml wrong for every later deploy."""
    site, _ = repo
    toml = site / "site.toml"
    settings = toml.read_text()
    toml.write_text(settings.replace('branch = "gh-pages"', 'branch = "gh pages"'))
    assert main(["deploy", "--site", str(site)]) == 1
    err = capsys.readouterr().err
    assert '"gh pages" ([deploy] branch in site.toml) is not a valid branch name' in err
    toml.write_text(settings.replace('remote = "origin"', 'remote = "github"'))
    assert main(["deploy", "--site", str(site)]) == 1
    err = capsys.readouterr().err
    assert '"github" ([deploy] remote in site.toml) is not a git remote of' in err
    assert "(this repository has: origin)" in err and "git remote add github URL" in err


@pytest.mark.parametrize(
    ("branch", "why", "plain"),
    [
        ("refs/heads/gh-pages", "is a full ref, not a branch name", "gh-pages"),
        (
            "origin/gh-pages",
            'names the branch of the remote "origin", not a branch name',
            "gh-pages",
        ),
        ("upstream/site", 'names the branch of the remote "upstream", not a branch name', "site"),
    ],
)
@pytest.mark.parametrize("given_in", ["command line", "site.toml"])
def test_a_ref_given_for_the_branch_is_refused_with_the_plain_name(
    repo: tuple[Path, Path],
    capsys: pytest.CaptureFixture[str],
    branch: str,
    why: str,
    plain: str,
    given_in: str,
) -> None:
    """git takes "refs/heads/gh-pages" and "origin/gh-pages" as branch names, and deploy
    published to refs/heads/refs/heads/gh-pages, or to a local branch "origin/gh-pages" that
    git confuses with the remote's: refused before anything is built, with the plain name."""
    site, remote = repo
    git(site, "remote", "add", "upstream", str(remote))
    if given_in == "site.toml":
        toml = site / "site.toml"
        toml.write_text(toml.read_text().replace('branch = "gh-pages"', f'branch = "{branch}"'))
        assert f'branch = "{branch}"' in toml.read_text()
        assert main(["deploy", "--site", str(site)]) == 1
        where, fix = " ([deploy] branch in site.toml)", f'branch = "{plain}" under [deploy]'
    else:
        assert main(["deploy", "--site", str(site), "--branch", branch]) == 1
        where, fix = "", f"--branch {plain}"
    err = capsys.readouterr().err
    assert err.startswith(f'crosstable: cannot deploy: "{branch}"{where} {why}\n')
    assert f"hint: give the branch's own name: {fix}" in err
    assert not (site / "output").exists()
    assert git(remote, "for-each-ref") == "" and git(site, "branch", "--list") == "* main"


@pytest.fixture
def stalled_port() -> Iterator[int]:
    """A server that takes connections and never answers: a remote behind a stalled
    network (the venue's Wi-Fi, a captive portal)."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    held: list[socket.socket] = []

    def accept() -> None:
        with contextlib.suppress(OSError):  # closed at the end of the test
            while True:
                held.append(listener.accept()[0])

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield int(listener.getsockname()[1])
    # close() alone leaves accept() blocked in its thread, and a thread left running makes
    # later builds in this process run without worker processes (parallel.can_fork).
    with contextlib.suppress(OSError):
        listener.shutdown(socket.SHUT_RDWR)
    listener.close()
    thread.join(5)
    assert not thread.is_alive()
    for connection in held:
        connection.close()


def test_a_push_to_a_stalled_remote_times_out_and_says_nothing_was_published(
    repo: tuple[Path, Path],
    stalled_port: int,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The push hung for ever. git now gives up after ``STALL_SECONDS`` without a byte, and
    deploy says so: nothing published, the build kept, the commit on the local branch."""
    site, remote = repo
    monkeypatch.setattr(deploy, "STALL_SECONDS", 1)
    git(site, "remote", "set-url", "--push", "origin", f"http://127.0.0.1:{stalled_port}/r.git")
    started = time.monotonic()
    assert main(["deploy", "--site", str(site)]) == 1
    assert time.monotonic() - started < 30
    err = capsys.readouterr().err
    assert err.startswith(
        f'crosstable: cannot deploy: pushing to "origin" (http://127.0.0.1:{stalled_port}/r.git) '
        "timed out: the remote is unreachable or the network stalled; git says: "
    )
    assert "Operation too slow" in err
    assert (
        f"hint: nothing was published; the build is kept in {site / 'output'}, and the commit "
        "on the local branch gh-pages: check the network"
    ) in err
    assert git(remote, "for-each-ref") == ""
    assert (site / "output/index.html").is_file() and git(site, "rev-parse", "gh-pages")


@pytest.mark.parametrize("scheme", ["ssh", "git"])
def test_a_remote_that_never_answers_is_given_up_before_the_build(
    repo: tuple[Path, Path],
    stalled_port: int,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    scheme: str,
) -> None:
    """ssh gives up after its ConnectTimeout (``STALL_SECONDS``); the git protocol has no
    setting of the kind, and ``LIST_SECONDS`` stops the check: said, and nothing built."""
    site, _ = repo
    monkeypatch.setattr(deploy, "STALL_SECONDS", 1)
    monkeypatch.setattr(deploy, "LIST_SECONDS", 3)
    url = f"{scheme}://127.0.0.1:{stalled_port}/r.git"
    git(site, "remote", "set-url", "origin", url)
    started = time.monotonic()
    assert main(["deploy", "--site", str(site)]) == 1
    assert time.monotonic() - started < 30
    err = capsys.readouterr().err
    assert err.startswith(
        f'crosstable: cannot deploy: the remote "origin" ({url}) did not answer (it is '
        "unreachable, or the network stalled); git says: "
    )
    assert "; nothing was built or published\n    hint: check the network" in err
    if scheme == "git":
        assert "git says: no answer within 3 s;" in err
    assert not (site / "output").exists()


def test_the_organiser_s_own_network_settings_are_kept(
    repo: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The time-outs are crosstable's defaults: a git setting or variable of the organiser's
    (a slow link that needs longer) wins."""
    site, _ = repo
    ssh = (
        "core.sshCommand=ssh -o ConnectTimeout=60 -o ServerAliveInterval=15 "
        "-o ServerAliveCountMax=4"
    )
    assert deploy.network_options(site) == (
        "-c", "http.lowspeedlimit=1000", "-c", "http.lowspeedtime=60", "-c", ssh,
    )  # fmt: skip
    git(site, "config", "http.lowSpeedTime", "600")
    monkeypatch.setenv("GIT_SSH_COMMAND", "ssh -i ~/.ssh/deploy_key")
    assert deploy.network_options(site) == ("-c", "http.lowspeedlimit=1000")
    monkeypatch.setenv("GIT_HTTP_LOW_SPEED_LIMIT", "10")
    assert deploy.network_options(site) == ()


def test_ctrl_c_during_the_build_ends_deploy_without_a_traceback(
    repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+C while the deploy builds: a line and status 130 (as a shell reports Ctrl+C),
    not thirty lines of traceback, and nothing pushed."""
    import generator.build
    from generator import cli

    site, remote = repo

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    def leave(status: int) -> None:
        raise SystemExit(status)

    monkeypatch.setattr(generator.build, "build_site", interrupted)
    monkeypatch.setattr(cli.os, "_exit", leave)
    monkeypatch.setattr(sys, "argv", ["crosstable", "deploy", "--site", str(site)])
    try:
        cli.run()
    except KeyboardInterrupt:  # not left to end the test session
        pytest.fail("Ctrl+C came out of the command as a traceback")
    except SystemExit as ended:
        assert ended.code == 130
    err = capsys.readouterr().err
    assert "crosstable: interrupted; nothing more was done." in err and "Traceback" not in err
    assert git(remote, "branch", "--list") == ""


def test_file_names_reach_the_branch_as_the_bytes_they_have_on_disk(tmp_path: Path) -> None:
    """A page "Règlement.pdf" (UTF-8 on disk) and a file whose name is not UTF-8 at all
    (b"caf\\xe9.txt", Latin-1, kept from an old archive): the tree holds each name's own
    bytes. Re-encoding Python's reading of the name failed on the second with a traceback."""
    repo = tmp_path / "repo"
    git(tmp_path, "init", "--quiet", str(repo))
    output = tmp_path / "output"
    (output / "regs").mkdir(parents=True)
    (output / "index.html").write_text("home")
    (output / "regs" / "Règlement.pdf").write_bytes(b"%PDF")
    with open(os.path.join(os.fsencode(output), b"caf\xe9.txt"), "wb") as handle:
        handle.write(b"menu")
    tree_id, count = deploy._write_tree(repo, output, "", tmp_path / "index")
    listed = subprocess.run(
        ["git", "ls-tree", "-r", "-z", "--name-only", tree_id],
        cwd=repo,
        capture_output=True,
        check=True,
    ).stdout
    assert set(listed.split(b"\0")) - {b""} == {
        b".nojekyll",
        b"index.html",
        "regs/Règlement.pdf".encode(),
        b"caf\xe9.txt",
    }
    assert count == 4
    shown = subprocess.run(
        ["git", "cat-file", "blob", f"{tree_id}:caf\udce9.txt".encode("utf-8", "surrogateescape")],
        cwd=repo,
        capture_output=True,
        check=True,
    ).stdout
    assert shown == b"menu"


def test_git_s_lines_are_joined_as_sentences() -> None:
    """git's lines were joined with "; " whatever they ended with: "...'origin' does not
    appear to be a git repository.; Could not read from remote repository.; Please make
    sure...". A line that ends a sentence is followed by a space; others by "; "."""
    stderr = (
        "fatal: 'origin' does not appear to be a git repository\n"
        "fatal: Could not read from remote repository.\n\n"
        "Please make sure you have the correct access rights\n"
        "and the repository exists.\n"
    )
    said = deploy._says(deploy.GitFailed(("push",), stderr))
    assert said == (
        "git says: 'origin' does not appear to be a git repository; Could not read from "
        "remote repository. Please make sure you have the correct access rights"
    )
    assert deploy._says(deploy.GitFailed(("push",), "\n")) == "git says: (nothing)"


@pytest.mark.parametrize("option", ["--branch", "--remote"])
def test_an_empty_branch_or_remote_is_refused(
    repo: tuple[Path, Path], capsys: pytest.CaptureFixture[str], option: str
) -> None:
    """``--branch "$BRANCH"`` with the variable unset deployed to gh-pages (or origin)
    without a word, as if the option had been left out: it is refused, before any build."""
    site, remote = repo
    assert main(["deploy", "--site", str(site), option, ""]) == 1
    err = capsys.readouterr().err
    assert f'crosstable: cannot deploy: {option} "" names nothing' in err
    assert f"hint: give the name, or leave {option} out" in err
    assert git(remote, "for-each-ref") == ""
    assert not (site / "output").exists()
