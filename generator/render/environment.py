"""The Jinja2 environment: built-in templates, a site's own overrides, filters, relative URLs."""

from __future__ import annotations

import functools
import posixpath
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jinja2

from ..text import number_text, ordinal, score_text
from .fragments import FRAGMENTS
from .views import result_text


def builtin_templates_dir() -> Path:
    """The top-level ``templates/`` of a source checkout, or its copy inside the wheel."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package.parent / "templates", package / "templates"):
        if (candidate / "base.html").is_file():
            return candidate
    raise FileNotFoundError("the built-in templates are missing from this installation")


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
    own_macros = site_templates is not None and (site_templates / "_macros.html").is_file()
    for name, function in FRAGMENTS.items():
        environment.globals[name] = _site_macro(environment, name) if own_macros else function
    return environment


def _site_macro(environment: jinja2.Environment, name: str) -> Callable[..., Any]:
    """The site's own macro ``name`` of its ``_macros.html``, for templates that call it
    without importing it (the built-in ones: ``fragments``)."""

    def call(*args: Any) -> Any:
        return getattr(environment.get_template("_macros.html").module, name)(*args)

    return call
