"""The optional ``site.toml``: site-wide settings (spec section 2)."""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass, field
from pathlib import PurePath

from ..text import name_text
from .schema import Bool, List, Str, Table


@dataclass(frozen=True)
class DeployConfig:
    remote: str = "origin"
    branch: str = "gh-pages"
    cname: str = ""


@dataclass(frozen=True)
class SiteConfig:
    title: str = "Chess results"
    base_url: str = ""
    language: str = "en"
    description: str = ""
    deploy: DeployConfig = field(default_factory=DeployConfig)
    drafts: tuple[str, ...] = ()
    """Patterns (relative to content/) of event folders and pages that only ``serve`` shows."""
    markdown_raw_html: bool = False
    """Keep raw HTML written in Markdown pages; off, it is shown as text (escaped)."""

    def is_draft(self, relative: PurePath) -> bool:
        """Whether a path under content/ (a championship or event folder, or a page) is held
        back from builds: it or a folder it is in matches a pattern, so a championship named
        in ``drafts`` keeps its sections and pages back too."""
        return any(holds_back(pattern, relative) for pattern in self.drafts)


def holds_back(pattern: str, relative: PurePath) -> bool:
    """Whether one ``drafts`` pattern matches ``relative`` or a folder it is in."""
    pattern = pattern.strip("/").removeprefix("./")
    parts = [name_text(part) for part in relative.parts]  # as the patterns: UTF-8
    folders = ("/".join(parts[: end + 1]) for end in range(len(parts)))
    return any(fnmatch.fnmatchcase(path, pattern) for path in folders)


DEPLOY = Table(
    {
        "remote": Str(default="origin"),
        "branch": Str(default="gh-pages"),
        "cname": Str(default=""),
    },
    DeployConfig,
)

SITE = Table(
    {
        "title": Str(default="Chess results"),
        "base_url": Str(default=""),
        "language": Str(default="en"),
        "description": Str(default=""),
        "deploy": DEPLOY,
        "drafts": List(Str(), single=True, default=()),
        "markdown_raw_html": Bool(default=False),
    },
    SiteConfig,
)
