"""Players' names set apart from the words around them, so that a Hebrew or Arabic name does
not reorder its line: "Next: כהן, דוד v Smith, John" laid out without isolation shows the two
names swapped, and "won by سعيد, 2½" carries the score into the name.

In a page's body a name goes inside ``<bdi>``, as the templates put every name; in the title
and the link card's texts, where no markup may go, between U+2068 FIRST STRONG ISOLATE and
U+2069 POP DIRECTIONAL ISOLATE. The rules hand over their sentences as ``text.Phrase`` (words
and names), whose plain text, for results.json and the terminal, has neither.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from ..text import Name, Phrase

FIRST_STRONG_ISOLATE = "\u2068"
POP_DIRECTIONAL_ISOLATE = "\u2069"


def isolate(name: str) -> str:
    """A name for plain text inside a page (its title, a tooltip): isolated by Unicode's
    controls, which take the direction of the name's first letter and end with it."""
    return f"{FIRST_STRONG_ISOLATE}{name}{POP_DIRECTIONAL_ISOLATE}"


def phrase_text(words: Phrase | str | None) -> str:
    """A rule's sentence for plain text inside a page: each name ``isolate``d (not escaped:
    Jinja or the caller escapes it for where it goes)."""
    if words is None:
        return ""
    if isinstance(words, str):
        return words
    return "".join(isolate(part.text) if isinstance(part, Name) else part for part in words.parts)


def phrase_html(words: Phrase | str | None) -> Markup:
    """A rule's sentence for a page's body: escaped, each name inside ``<bdi>``."""
    if words is None:
        return Markup("")
    if isinstance(words, str):
        return escape(words)
    return Markup(
        "".join(
            f"<bdi>{escape(part.text)}</bdi>" if isinstance(part, Name) else str(escape(part))
            for part in words.parts
        )
    )
