"""The rule presets of the spec's section 4, named after the regulations they come from."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Preset:
    """Defaults an event inherits from its ``rules`` key; every one can be overridden."""

    name: str
    description: str
    tiebreaks: tuple[str, ...]
    """The event's tie-breaks; ``PS/C...`` stands for every cut of the Progressive Score the
    event's rounds allow (``preset_tiebreaks``)."""
    playoff: str


EVERY_CUT = "PS/C..."
"""PS/C1, PS/C2 ... as far as the event's rounds go."""

PRESETS: dict[str, Preset] = {
    "us-junior-closed": Preset(
        name="us-junior-closed",
        description="2016 U.S. Junior Closed regulations",
        tiebreaks=("DE", "BPG", "KS", "SB", "WIN"),
        playoff="us-junior-closed",
    ),
    "acf-junior": Preset(
        name="acf-junior",
        description="ACF By-law 3, Junior Chess Championship",
        tiebreaks=("PS", EVERY_CUT),
        playoff="acf-by-law-3",
    ),
    "acf-junior-rapid": Preset(
        name="acf-junior-rapid",
        description="ACF By-law 3, Junior Chess Championship (rapid and lightning)",
        tiebreaks=("PS", EVERY_CUT),
        playoff="acf-by-law-3-rapid",
    ),
    "fide": Preset(
        name="fide",
        description="FIDE C.07: the event lists its own tie-breaks",
        tiebreaks=(),
        playoff="none",
    ),
}


def preset_tiebreaks(preset: Preset, rounds: int) -> tuple[str, ...]:
    """The preset's list, with every cut of the Progressive Score the event's rounds allow.

    The ACF by-law cuts "one or more rounds starting with the first round": a cut can drop at
    most ``rounds - 1`` rounds, so a 7-round event uses PS, PS/C1 ... PS/C6, and an 11-round
    one PS/C1 ... PS/C10.
    """
    kept: list[str] = []
    for code in preset.tiebreaks:
        if code == EVERY_CUT:
            kept.extend(f"PS/C{cut}" for cut in range(1, rounds))
        else:
            kept.append(code)
    return tuple(kept)
