"""``crosstable new DIR``: a new site that builds at once and shows every part of the format.

It writes ``site.toml``, a home page, one small example event (a four-player round robin
with two real games and plain results), a ``.gitignore`` for the output, and a GitHub Actions
workflow for sites published with Actions (the other way is ``crosstable deploy``).
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path

from . import __version__

EVENT_SLUG = "club-championship"

SITE_TOML = """\
# Site settings for crosstable: see the README of crosstable for every key.
title = {title_toml}
language = "en"

# Pages or whole events that only `crosstable serve` shows (build and deploy leave them out),
# as paths under content/; * matches any name, e.g. "*/report-*.md".
# drafts = ["{slug}/report.md"]

[deploy]
# `crosstable deploy` pushes the built site to this branch of this git remote.
remote = "origin"
branch = "gh-pages"
# Your own domain for GitHub Pages, written to the branch as CNAME:
# cname = "results.example.org"
"""

INDEX_MD = """\
# {title}

Welcome to the results of our club. Each event below has its standings, crosstable, rounds,
player cards and every game on a board you can step through.

Edit this page in `content/index.md`. Add an event by copying `content/{slug}/`.
"""

EVENT_TOML = """\
# The event file: see the README of crosstable for every key.
name = "Club Championship {year}"
format = "round-robin"           # "round-robin" | "double-round-robin" | "swiss"
rounds = 3
start = {year}-03-07
end = {year}-03-21
location = "Club rooms"
time_control = "90 min + 30 s per move"
rules = "fide"
tiebreaks = ["DE", "SB", "WIN"]  # FIDE codes: direct encounter, Sonneborn-Berger, wins

# One [[players]] table per player, in pairing-number order; `name` as the PGN files spell it.
[[players]]
name = "Morgan, Alex"
rating = 2010

[[players]]
name = "Ibekwe, Chidi"
rating = 1955

[[players]]
name = "Lindqvist, Saga"
rating = 1890

[[players]]
name = "Tanaka, Ren"
rating = 1820
"""

_GAME = """\
[Event "Club Championship {year}"]
[Site "Club rooms"]
[Date "{date}"]
[Round "{round}"]
[White "{white}"]
[Black "{black}"]
[Result "{result}"]

{moves}

"""

# Morphy's Opera game and a Ruy Lopez main line, under our players' names, then results
# without moves (a game may have only its headers and result).
GAMES = (
    (
        "1.1",
        "03-07",
        "Morgan, Alex",
        "Tanaka, Ren",
        "1-0",
        "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7\n"
        "8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7\n"
        "14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0",
    ),
    (
        "1.2",
        "03-07",
        "Ibekwe, Chidi",
        "Lindqvist, Saga",
        "1/2-1/2",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O\n"
        "9. h3 Nb8 10. d4 Nbd7 1/2-1/2",
    ),
    ("2.1", "03-14", "Tanaka, Ren", "Lindqvist, Saga", "0-1", "0-1"),
    ("2.2", "03-14", "Morgan, Alex", "Ibekwe, Chidi", "1/2-1/2", "1/2-1/2"),
    ("3.1", "03-21", "Ibekwe, Chidi", "Tanaka, Ren", "1-0", "1-0"),
    ("3.2", "03-21", "Lindqvist, Saga", "Morgan, Alex", "1/2-1/2", "1/2-1/2"),
)

GITIGNORE = """\
# The built site: `crosstable build` writes it, `crosstable deploy` publishes it.
output/
"""

REQUIREMENTS = """\
# How the GitHub Actions workflow installs crosstable. Pin the version you build with,
# or install it from its git repository, e.g.
#   crosstable @ git+https://github.com/OWNER/crosstable@v{version}
crosstable>={version}
"""

WORKFLOW = """\
# Publishes the site with GitHub Actions on every push to main.
# On GitHub: Settings > Pages > Build and deployment > Source: "GitHub Actions".
# (The other way: `crosstable deploy` pushes to a gh-pages branch; then delete this file.)
# A custom domain is set in Settings > Pages: Actions deployments ignore a CNAME file.
name: Publish results

on:
  push:
    branches: [main]
  workflow_dispatch:

permissions:
  contents: read
  pages: write
  id-token: write

concurrency:
  group: pages
  cancel-in-progress: false

jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: "3.12"
      - name: Configure GitHub Pages
        id: pages
        uses: actions/configure-pages@v5
      - name: Install crosstable
        run: pip install -r requirements.txt
      # Links between pages are relative, so the site works under /<repository>/ as it is.
      - name: Build the site
        run: crosstable build
      - name: Upload the site
        uses: actions/upload-pages-artifact@v4
        with:
          path: output

  deploy:
    needs: build
    runs-on: ubuntu-latest
    environment:
      name: github-pages
      url: ${{ steps.deployment.outputs.page_url }}
    steps:
      - name: Deploy to GitHub Pages
        id: deployment
        uses: actions/deploy-pages@v4
"""


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string: a folder named ``Bob"s results`` or ``c:\\club`` must
    still give a site.toml that reads (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def site_files(title: str, year: int) -> dict[str, str]:
    """Every file of a new site, by path relative to its folder."""
    games = "".join(
        _GAME.format(
            year=year,
            date=f"{year}.{day.replace('-', '.')}",
            round=round_tag,
            white=white,
            black=black,
            result=result,
            moves=moves,
        )
        for round_tag, day, white, black, result, moves in GAMES
    )
    values = {
        "title": title,
        "title_toml": toml_string(title),
        "slug": EVENT_SLUG,
        "year": year,
        "version": __version__,
    }
    return {
        "site.toml": SITE_TOML.format(**values),
        "content/index.md": INDEX_MD.format(**values),
        f"content/{EVENT_SLUG}/event.toml": EVENT_TOML.format(**values),
        f"content/{EVENT_SLUG}/games/games.pgn": games,
        ".gitignore": GITIGNORE,
        "requirements.txt": REQUIREMENTS.format(**values),
        ".github/workflows/pages.yml": WORKFLOW,
    }


def new_site(folder: Path, year: int | None = None) -> int:
    """Write a new site into ``folder``, which must not exist or be empty."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        what = "a file" if not folder.is_dir() else "a folder that is not empty"
        print(
            f"crosstable: {folder} is {what}; nothing was written\n"
            "    hint: choose a new folder name, e.g. crosstable new my-results",
            file=sys.stderr,
        )
        return 1
    title = folder.resolve().name.replace("-", " ").replace("_", " ").strip().title()
    files = site_files(title or "Chess results", year or dt.date.today().year)
    try:
        for relative, text in files.items():
            path = folder / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    except OSError as exc:
        print(f"crosstable: cannot write {folder}: {exc.strerror}", file=sys.stderr)
        return 1
    print(f"crosstable: created a new site in {folder}:")
    for relative in files:
        print(f"    {relative}")
    print(
        f"Next: cd {folder} && crosstable serve    (preview at http://127.0.0.1:8000/)\n"
        "Publish: crosstable deploy (a gh-pages branch), or push to GitHub and use the workflow."
    )
    return 0
