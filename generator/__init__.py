"""crosstable: a static site generator for chess championship results.

The build is one-way: load (config, PGN) -> model -> rules -> render -> write.
"""

__version__ = "0.1.0"
