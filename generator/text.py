"""How numbers read in chess results, shared by the rules' explanations and the pages, and
how the names of the site's files read."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


def score_text(value: float) -> str:
    """Scores as chess players write them: 6.5 -> "6½", 0.5 -> "½", 7.0 -> "7", 27.75 stays."""
    whole = int(value)
    fraction = value - whole
    if fraction == 0:
        return str(whole)
    if fraction == 0.5:
        return f"{whole}½" if whole else "½"
    return number_text(value)


def compared_text(*values: float) -> tuple[str, ...]:
    """Values set side by side in one sentence ("ahead on Sonneborn-Berger, 1.5 to 1.25"),
    written alike: as scores ("1½ to 1") when each is whole or half, else as the tables
    print tie-breaks, not "1½ to 1.25", which a reader has to convert to compare."""
    if all(value - int(value) in (0, 0.5) for value in values):
        return tuple(score_text(value) for value in values)
    return tuple(number_text(value) for value in values)


def number_text(value: float) -> str:
    """Tie-break values without float noise: 27.75 -> "27.75", 4.0 -> "4"."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def ordinal(number: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 22 -> "22nd"."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def name_list(names: list[str]) -> str:
    """Players' names in a sentence: "A and B", "A, B and C"; names written "Last, First"
    are parted by semicolons, as "Chen, David, Ray, Alice" reads as four people."""
    return str(named_list(names))


def named_list(names: Iterable[str]) -> Phrase:
    """``name_list`` with each name kept apart as a ``Name``, for the pages to isolate."""
    names = list(names)
    parts: list[str | Name] = []
    for joint, name in zip(list_joints(names), names, strict=True):
        parts += [joint, Name(name)]
    return Phrase(*parts)


def list_joints(names: Sequence[str]) -> list[str]:
    """The words ``name_list`` puts before each name ("", ", " or "; ", " and "): a page
    that links each name writes them between the links, parted as the text is."""
    if len(names) <= 1:
        return [""] * len(names)
    comma = "; " if any("," in name for name in names) else ", "
    return ["", *[comma] * (len(names) - 2), " and "]


@dataclass(frozen=True)
class Name:
    """A player's name inside a ``Phrase``: the pages set it apart from the words around it
    (``<bdi>``, or Unicode isolates in a page's title), so that a Hebrew or Arabic name does
    not carry the score or the next name along with it when the line is laid out."""

    text: str

    def __str__(self) -> str:
        return self.text


class Phrase:
    """A sentence made by the rules (a prize's reason, a play-off's next game, a warning)
    kept as words and players' names rather than one joined string: ``str()`` gives the plain
    text that results.json and the terminal show, and the render stage isolates each name
    (``render.bidi``). Immutable; adjacent words are merged, so equal text with the same names
    is an equal phrase."""

    __slots__ = ("parts",)
    parts: tuple[str | Name, ...]

    def __init__(self, *parts: str | Name | Phrase) -> None:
        merged: list[str | Name] = []
        for part in parts:
            for piece in part.parts if isinstance(part, Phrase) else (part,):
                if isinstance(piece, str):
                    if not piece:
                        continue
                    if merged and isinstance(merged[-1], str):
                        merged[-1] += piece
                        continue
                merged.append(piece)
        object.__setattr__(self, "parts", tuple(merged))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Phrase cannot be changed")

    def __reduce__(self) -> tuple[type[Phrase], tuple[str | Name, ...]]:
        return Phrase, self.parts

    def __str__(self) -> str:
        return "".join(map(str, self.parts))

    def __repr__(self) -> str:
        return f"Phrase{self.parts!r}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and self.parts == other.parts

    def __hash__(self) -> int:
        return hash(self.parts)

    def __bool__(self) -> bool:
        return bool(self.parts)

    def __add__(self, other: str | Name | Phrase) -> Phrase:
        return Phrase(self, other)

    def __radd__(self, other: str | Name) -> Phrase:
        return Phrase(other, self)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names the phrase holds, in order."""
        return tuple(part.text for part in self.parts if isinstance(part, Name))

    def join(self, items: Iterable[str | Name | Phrase]) -> Phrase:
        """``str.join``: the items with this phrase between them."""
        joined: list[str | Name | Phrase] = []
        for item in items:
            if joined:
                joined.append(self)
            joined.append(item)
        return Phrase(*joined)

    def split(self, separator: str, maxsplit: int = -1) -> list[Phrase]:
        """``str.split`` on the words only: a separator inside a name does not split it."""
        pieces: list[list[str | Name]] = [[]]
        for part in self.parts:
            if isinstance(part, Name):
                pieces[-1].append(part)
                continue
            left = -1 if maxsplit < 0 else maxsplit - (len(pieces) - 1)
            first, *rest = part.split(separator, left) if left else [part]
            pieces[-1].append(first)
            pieces.extend([word] for word in rest)
        return [Phrase(*piece) for piece in pieces]


def name_text(name: str) -> str:
    """A file or folder name read as UTF-8, as git and every editor write it, whatever the
    locale: Python reads names in the locale's encoding, so under a Latin-1 locale the pages
    of the folder "Élite" went to "alite/". A name that is not UTF-8 stays as Python read it."""
    raw = os.fsencode(name)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return name


def disk_name(text: str) -> str:
    """The name Python uses for the file whose UTF-8 name is ``text`` (``name_text`` the other
    way round): a link written "Règlement.pdf" finds its file under any locale."""
    return os.fsdecode(text.encode("utf-8", "surrogateescape"))


def withdrawal_text(after_round: int) -> str:
    """ "after round 2", or "before round 1" for a player who withdrew before playing (event.toml
    ``after_round = 0``, a TRF line without a round): the pages said "after round 0", a round
    no event has (the ``withdrawal`` filter)."""
    return "before round 1" if after_round == 0 else f"after round {after_round}"
