"""``crosstable new``: a site that builds cleanly at once, with a GitHub Pages workflow."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.build import build_site
from generator.cli import main


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
