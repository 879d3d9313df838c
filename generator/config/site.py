"""The optional ``site.toml``: site-wide settings (spec section 2)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .schema import Str, Table


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
    },
    SiteConfig,
)
