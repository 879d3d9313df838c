"""The Jinja2 environment: built-in templates, a site's own overrides, filters, relative URLs."""

from __future__ import annotations

import functools
import posixpath
from collections.abc import Callable
from pathlib import Path

import jinja2

from ..buildstate import builtin_templates_dir as builtin_templates_dir
from ..text import number_text, ordinal, score_text
from .views import result_text


def relative_url(from_page: str, target: str) -> str:
    """A link from one output file to another that works at /, under /<repo>/ and on file://."""
    return _relative_url(posixpath.dirname(from_page) or ".", target)


@functools.lru_cache(maxsize=65536)
def _relative_url(start: str, target: str) -> str:
    """Memoised: the pages of one folder link to the same pages over and over, and ``relpath``
    asks the operating system for the current folder each time."""
    url = posixpath.relpath(target, start)
    if target.endswith("/") and not url.endswith("/"):
        url += "/"
    return url


def url_for(page: str) -> Callable[[str], str]:
    def url(target: str) -> str:
        return relative_url(page, target)

    return url


def make_environment(site_templates: Path | None) -> jinja2.Environment:
    """Templates in the site's own ``templates/`` shadow the built-in ones of the same name."""
    folders = [str(builtin_templates_dir())]
    if site_templates is not None and site_templates.is_dir():
        folders.insert(0, str(site_templates))
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(folders),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,  # one environment per build: no need to look at the files again
    )
    environment.filters["points"] = score_text
    environment.filters["number"] = number_text
    environment.filters["result"] = result_text
    environment.filters["ordinal"] = ordinal
    return environment
