"""Write stage: put the rendered site on disk atomically.

Files go to a fresh folder beside the output; only when all are written is it swapped in for the
previous site, so a failed or interrupted build never leaves a half-written site behind.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path


def write_site(files: dict[str, bytes], output: Path) -> None:
    output = output.resolve()
    output.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{output.name}.new-", dir=output.parent))
    try:
        for relative, content in files.items():
            target = staging / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
        _swap(staging, output)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _swap(staging: Path, output: Path) -> None:
    """Replace ``output`` by ``staging`` with two renames; the old site is removed last."""
    staging.chmod(0o755)
    if not output.exists():
        staging.rename(output)
        return
    retired = Path(tempfile.mkdtemp(prefix=f".{output.name}.old-", dir=output.parent))
    retired.rmdir()
    output.rename(retired)
    try:
        staging.rename(output)
    except BaseException:
        retired.rename(output)
        raise
    shutil.rmtree(retired, ignore_errors=True)
