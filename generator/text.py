"""How numbers read in chess results, shared by the rules' explanations and the pages, and
how the names of the site's files read."""

from __future__ import annotations

import os


def score_text(value: float) -> str:
    """Scores as chess players write them: 6.5 -> "6½", 0.5 -> "½", 7.0 -> "7", 27.75 stays."""
    whole = int(value)
    fraction = value - whole
    if fraction == 0:
        return str(whole)
    if fraction == 0.5:
        return f"{whole}½" if whole else "½"
    return number_text(value)


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
    if len(names) <= 1:
        return "".join(names)
    comma = "; " if any("," in name for name in names) else ", "
    return comma.join(names[:-1]) + " and " + names[-1]


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
