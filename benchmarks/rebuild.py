"""How long ``serve`` takes to rebuild the demo site after typical edits.

Run: ``python benchmarks/rebuild.py``. Copies content/ to a temporary folder, builds it once
from scratch, then times the rebuilds ``serve`` does after: no change, a tag of one game, one
Markdown page, and a template edit. Compare with the first line (a full build).
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from generator.cache import BuildCache

ROOT = Path(__file__).resolve().parent.parent


def rebuild(site: Path, cache: BuildCache, label: str) -> None:
    start = time.perf_counter()
    report = cache.build(site)
    took = time.perf_counter() - start
    state = "ok" if not report.failed() else "FAILED"
    print(f"{label:<28} {took:6.2f} s  {state}  {cache.stats.summary()}")


def edit(path: Path, change: Callable[[str], str]) -> None:
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder)
        shutil.copytree(ROOT / "content", site / "content")
        cache = BuildCache()
        rebuild(site, cache, "first build (full)")
        rebuild(site, cache, "nothing changed")
        pgn = sorted((site / "content").rglob("round-3.pgn"))[0]
        edit(pgn, lambda text: text.replace("[Round ", '[Annotator "Arbiter"]\n[Round ', 1))
        rebuild(site, cache, "one game's tags")
        page = next((site / "content").rglob("*/*.md"))
        edit(page, lambda text: text + "\nA new paragraph.\n")
        rebuild(site, cache, "one Markdown page")
        templates = site / "templates"
        templates.mkdir()
        base = (ROOT / "templates/base.html").read_text(encoding="utf-8")
        (templates / "base.html").write_text(base.replace("</footer>", " </footer>"))
        rebuild(site, cache, "a template")


if __name__ == "__main__":
    main()
