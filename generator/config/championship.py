"""``content/<slug>/championship.toml``: a championship run as several tournaments (sections).

ACF By-law 3, clause 1: the championships "may be run as one tournament or as separate
tournaments for different age groups and/or sexes". Each section is an event folder inside the
championship's folder; the championship file names the whole and orders the sections.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from .event import EVENT
from .schema import Date, List, Str, Table


@dataclass(frozen=True)
class ChampionshipConfig:
    name: str
    start: dt.date | None = None
    end: dt.date | None = None
    location: str = ""
    description: str = ""
    sections: tuple[str, ...] = ()
    """Section folders in the order to show them; by default every sub-folder with an
    event.toml, in name order."""


CHAMPIONSHIP = Table(
    {
        "name": Str(required=True),
        "start": Date(),
        "end": Date(),
        "location": Str(default=""),
        "description": Str(default=""),
        "sections": List(Str(), default=()),
    },
    ChampionshipConfig,
    elsewhere={
        key: "each section's event.toml (the event folders inside this one)"
        for key in EVENT.keys
        if key not in ("name", "start", "end", "location", "description")
    },
)
