"""``python -m generator`` is the same as the ``crosstable`` command."""

from .cli import run

run()
