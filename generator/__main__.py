"""``python -m generator`` is the same as the ``crosstable`` command."""

import sys

from .cli import main

sys.exit(main())
