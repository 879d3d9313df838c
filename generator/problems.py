"""Problems found in the input: errors stop a build, warnings are reported (and fail ``--strict``).

Every stage collects problems instead of raising, so an organiser sees all of them at once,
each as ``path:line: message`` with a hint on how to fix it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from .text import Phrase

ContextValue = str | int | None
"""A value of a problem's ``context``: ``None`` where a field names nothing yet (a play-off
game's ``playoff_game`` before it has a place in the play order)."""


class Severity(Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input, located as precisely as we can."""

    severity: Severity
    message: str
    path: Path | None = None
    line: int | None = None
    hint: str = ""
    code: str = ""
    context: tuple[tuple[str, ContextValue], ...] = ()
    """Machine-readable details for ``results.json``: round, white, black or player."""
    phrase: Phrase | None = None
    """The message with the players' names it holds kept apart, for the pages to isolate
    (``message`` is its plain text, for the terminal and ``results.json``)."""
    hint_phrase: Phrase | None = None
    """The hint so, where it names players (``hint`` is its plain text)."""

    @property
    def words(self) -> Phrase:
        """The message as a ``Phrase``: names kept apart where the check gave them."""
        return self.phrase if self.phrase is not None else Phrase(self.message)

    @property
    def hint_words(self) -> Phrase:
        """The hint as a ``Phrase``, as ``words`` the message."""
        return self.hint_phrase if self.hint_phrase is not None else Phrase(self.hint)

    def location(self, base: Path | None = None) -> str:
        """``path:line`` with the path relative to ``base`` when it lies under it."""
        if self.path is None:
            return ""
        shown = self.path
        if base is not None:
            try:
                shown = _resolved(self.path).relative_to(base.resolve())
            except ValueError:
                shown = self.path
            if shown == Path("."):  # the site's folder itself: "." says nothing
                shown = self.path
        return f"{shown}:{self.line}" if self.line else str(shown)

    def format(self, base: Path | None = None) -> str:
        """The one-line report printed by the command line, plus an indented hint."""
        where = self.location(base)
        head = f"{where}: " if where else ""
        text = f"{head}{self.severity.value}: {self.message}"
        if self.hint:  # a hint's lines to copy (two of a table) lined up under its first
            text += "\n    hint: " + self.hint.replace("\n", "\n          ")
        return text


def _resolved(path: Path) -> Path:
    """The absolute path of a file, or of a link itself: not its target, which may loop."""
    try:
        if not path.is_symlink():
            return path.resolve()
    except (OSError, RuntimeError):
        pass
    return path.parent.resolve() / path.name


@dataclass
class Problems:
    """A collector passed through the load and rule stages."""

    items: list[Problem] = field(default_factory=list)

    def error(
        self,
        message: str | Phrase,
        path: Path | None = None,
        line: int | None = None,
        hint: str | Phrase = "",
        code: str = "",
        context: Mapping[str, ContextValue] | None = None,
    ) -> None:
        self.items.append(_problem(Severity.ERROR, message, path, line, hint, code, context))

    def warning(
        self,
        message: str | Phrase,
        path: Path | None = None,
        line: int | None = None,
        hint: str | Phrase = "",
        code: str = "",
        context: Mapping[str, ContextValue] | None = None,
    ) -> None:
        self.items.append(_problem(Severity.WARNING, message, path, line, hint, code, context))

    def extend(self, other: Problems) -> None:
        self.items.extend(other.items)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.items if p.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.items if p.severity is Severity.WARNING]

    def __bool__(self) -> bool:
        return bool(self.items)


def _problem(
    severity: Severity,
    message: str | Phrase,
    path: Path | None,
    line: int | None,
    hint: str | Phrase,
    code: str,
    context: Mapping[str, ContextValue] | None,
) -> Problem:
    """A problem whose message or hint may name players (a ``Phrase``): kept as plain text,
    and as the phrase for the pages."""
    details = tuple((context or {}).items())
    phrase = message if isinstance(message, Phrase) else None
    hint_phrase = hint if isinstance(hint, Phrase) else None
    return Problem(
        severity, str(message), path, line, str(hint), code, details, phrase, hint_phrase
    )


class BuildFailed(Exception):
    """Raised by the pipeline when the input has errors; carries every problem found."""

    def __init__(self, problems: Problems) -> None:
        super().__init__(f"{len(problems.errors)} error(s)")
        self.problems = problems
