"""The ``crosstable`` command's entry point (``crosstable = "generator.cli:run"``), kept light.

The console script imports this module before it calls ``run``: a Ctrl+C pressed while that
import ran ended in a traceback. So it imports nothing of the program's own; the commands
(``commands.py``) and the pipeline are imported inside ``run``, where Ctrl+C is one line.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """The command given by ``argv`` (default: the command line); its exit status."""
    from .commands import main as command

    return command(argv)


def run() -> NoReturn:
    """The ``crosstable`` command itself: ``main``, then out at once. A build of an open
    leaves a million objects that the interpreter would otherwise free one by one on the way
    out (a second, for nothing); every file is closed by then, and the pools are shut down.
    Ctrl+C that no command handles itself (``serve`` does, once started) ends it with a line,
    not a traceback, from the first import of the program's modules on: pressed while a
    deploy builds, it also said nothing of what was left."""
    try:
        status = main()
    except KeyboardInterrupt:
        with contextlib.suppress(OSError):  # the terminal may be gone
            print("\ncrosstable: interrupted; nothing more was done.", file=sys.stderr)
        status = 130
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


if __name__ == "__main__":  # ``python -m generator.cli``, as ``python -m generator``
    run()
