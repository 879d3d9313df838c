"""The pipeline: load -> model -> rules -> render -> write, and nothing written on error.

``check_site`` runs everything but the write; ``build_site`` also writes. Both return a report
holding every problem found, so the command line can print them all at once.
"""

from __future__ import annotations

import codecs
import errno
import os
import posixpath
import sys
import traceback
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path, PurePosixPath

import jinja2

from .assemble import assemble_event
from .buildstate import BuildReport, LastBuild, SiteState, not_replaceable, overlaps_content
from .cache import (
    IncrementalSite,
    PgnStore,
    build_collection,
    keep_from_gc,
    load_memos,
    pgn_files,
    save_memos,
)
from .codepages import ReadingHints, decode
from .config import (
    SiteConfig,
    event_encodings,
    load_championship_config,
    load_event_config,
    load_site_config,
    report_issues,
    section_key,
)
from .config.event import (
    ByeEntry,
    EventConfig,
    PlayerEntry,
    ResultEntry,
    TrfPlace,
    check_event,
    normalise_name,
)
from .config.schema import Issue
from .config.site import holds_back
from .config.toml_lines import KeyPath, line_of
from .links import (
    LINK_WARNINGS,
    EventPages,
    event_link_warnings,
    links_to_missing_pages,
    page_attachments,
)
from .model import Championship, Event, Page, Site, slugify
from .parallel import JOBS, usable_cpus
from .pgn import PARSE_CACHE, read_pgn_files
from .problems import Problems, Severity
from .render.site import (
    RESERVED_PAGES,
    EventOutcome,
    TemplateFailure,
    event_paths,
    fault_words,
    page_path,
    published_paths,
    render_site,
)
from .rules.categories import check_categories
from .rules.checks import arbiter_checks, lots_not_recorded
from .rules.playoffs import apply_playoffs, resolve_playoffs
from .rules.prizes import award_prizes, forfeit_cancels_money
from .rules.ratings import rating_changes
from .rules.scores import player_records
from .rules.standings import rank_ahead, rank_event
from .sections import check_sections
from .text import name_list, name_text, ordinal
from .trf import merge_trf, read_trf, warn_unconfirmed_withdrawals
from .write import left_beside, write_site

DEFAULT_HOME = "# Results\n\nThe events of this site are listed below.\n"


def marker_files(folder: Path, name: str) -> list[Path]:
    """``folder/*/name`` in name order, a symbolic link that leads nowhere (or loops) included:
    a glob skips it, and the event or championship behind it would vanish from the site
    without a word (its published pages deleted); read, it is reported instead."""
    try:
        subfolders = sorted(p for p in folder.iterdir() if p.is_dir())
    except OSError:
        return []
    # A folder of the marker's name too: reading it is an error that names it, where leaving
    # it out deleted the event's published pages without a word.
    return [p / name for p in subfolders if (p / name).exists() or (p / name).is_symlink()]


def find_event_folders(content: Path) -> list[Path]:
    """Every event folder: ``content/<event>/`` and the sections of a championship,
    ``content/<championship>/<section>/``, in name order."""
    folders = [p.parent for p in marker_files(content, "event.toml")]
    for marker in marker_files(content, "championship.toml"):
        folders.extend(p.parent for p in marker_files(marker.parent, "event.toml"))
    return sorted(folders)


def event_slug(folder: Path, content: Path) -> str:
    """``junior-2026/under-16-open`` for a section, ``junior-closed`` for an event."""
    return "/".join(slugify(name_text(part)) for part in folder.relative_to(content).parts)


def load_championships(
    content: Path,
    events: list[Event],
    problems: Problems,
    site_config: SiteConfig | None = None,
    drafts: bool = False,
) -> tuple[Championship, ...]:
    """The championships of ``content/`` with the slugs of the sections that were loaded.

    A championship named in ``drafts`` (site.toml) is left out of builds, and so is one none
    of whose sections is published (all drafts): its page would list nothing."""
    by_slug = {event.slug: event for event in events}
    found = []
    for marker in marker_files(content, "championship.toml"):
        held = site_config is not None and site_config.is_draft(marker.parent.relative_to(content))
        if held and not drafts:
            continue
        config, lines = load_championship_config(marker, problems)
        if config is None:
            continue
        for page in sorted(marker.parent.glob("*.md")):
            problems.warning(
                f"{page.name} is not published: a championship's folder holds its sections; "
                "pages are published from an event's or a section's folder",
                page,
                hint="move it into a section's folder (its page is then linked from the "
                "section's pages)",
                code="championship",
            )
        slug = slugify(name_text(marker.parent.name))
        # A section listed as its folder is named, whatever the Unicode form or the case
        # of either (section_key).
        present = {section_key(name_text(p.name)): p for p in marker.parent.iterdir() if p.is_dir()}
        folders = [
            present.get(section_key(name), marker.parent / name) for name in config.sections
        ] or sorted(p.parent for p in marker_files(marker.parent, "event.toml"))
        for index, folder in enumerate(folders):
            if not (folder / "event.toml").is_file():
                problems.error(
                    f'the section "{folder.name}" has no event.toml',
                    marker,
                    line_of(lines, ("sections", index)) if config.sections else None,
                    hint="create it, or remove the section from sections = [...]",
                    code="championship",
                )
        for other in [p.parent for p in marker_files(marker.parent, "event.toml")]:
            if config.sections and other not in folders:
                problems.warning(
                    f'the folder "{other.name}" has an event.toml but is not one of the '
                    "sections: it is published as an event of its own",
                    marker,
                    line_of(lines, ("sections",)),
                    hint="add it to sections = [...], or move it out of the championship's folder",
                    code="championship",
                )
        sections = tuple(s for s in (event_slug(f, content) for f in folders) if s in by_slug)
        if not sections and any(
            site_config is not None and site_config.is_draft(f.relative_to(content))
            for f in folders
        ):
            continue  # every section held back as a draft
        if not sections and any((folder / "event.toml").is_file() for folder in folders):
            continue  # its sections' own errors say why none was read
        if not sections:
            problems.warning(
                f"the championship {marker.parent.name} has no section to publish: its page "
                "is left out",
                marker,
                hint="a section is a folder beside championship.toml holding an event.toml",
                code="championship",
            )
            continue
        check_sections([by_slug[s] for s in sections], marker, config, problems)
        found.append(
            Championship(
                slug=slug,
                name=config.name,
                start=config.start,
                end=config.end,
                location=config.location,
                description=config.description,
                sections=sections,
            )
        )
    return tuple(found)


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _events_not_read(content: Path, folders: list[Path], problems: Problems) -> bool:
    """An event.toml deeper than an event's or a section's folder is read by nothing: its
    event would be missing from the site without a word. Whether there is one."""
    read = set(folders)
    found = False
    for path in sorted(content.glob("*/*/**/event.toml")):
        if path.parent not in read:
            where = path.parent.relative_to(content).as_posix()
            problems.warning(
                f"{where}/event.toml is not read: an event's folder is content/<event>/, "
                "or content/<championship>/<section>/ beside a championship.toml",
                path,
                hint="move the folder up to one of those places",
                code="event-not-read",
            )
            found = True
    return found


def _games_outside_events(content: Path, folders: list[Path], problems: Problems) -> bool:
    """PGN files of content/ that no event's folder holds (``content/round9.pgn``, a
    ``content/games/`` beside the events, an event whose file is saved as ``Event.toml`` or
    ``event.toml.txt``): nothing reads them, and their rounds, or the whole event, went
    missing without a word. Folders with an event.toml are not entered: an event's own files
    are ``pgn-not-read`` of the event, a deeper event is ``event-not-read``. Whether an
    event's file was found under another name."""
    events = set(folders)
    found = False
    for root, dirs, files in os.walk(content):
        here = Path(root)
        dirs[:] = sorted(
            d
            for d in dirs
            if not d.startswith(".")
            and here / d not in events
            and not (here / d / "event.toml").exists()
        )
        misnamed = sorted(name for name in files if _looks_like_event_file(name))
        if misnamed and here != content:
            where = here.relative_to(content).as_posix()
            problems.warning(
                f'{where}/{misnamed[0]} is not read: an event\'s file must be named "event.toml" '
                "exactly (small letters, nothing after .toml), so the folder is no event and "
                "nothing in it is published",
                here / misnamed[0],
                hint=f"rename {misnamed[0]} to event.toml"
                + (
                    " (Windows hides the .txt its editor added unless file name extensions "
                    "are shown)"
                    if misnamed[0].casefold().endswith(".txt")
                    else " (file names are case-sensitive where the site may be built, e.g. "
                    "on GitHub)"
                ),
                code="event-not-read",
            )
            dirs[:] = []
            found = True
            continue
        games = sorted(name for name in files if name.lower().endswith(".pgn"))
        if not games:
            continue
        where = here.relative_to(content).as_posix()
        if len(games) == 1:
            what = f"{(here / games[0]).relative_to(content).as_posix()} is not read"
        else:
            what = f"{where}/ holds {len(games)} PGN files ({', '.join(games[:3])}"
            what += ", ...)" if len(games) > 3 else ")"
            what += " that nothing reads"
        problems.warning(
            f"{what}: PGN files are read only from an event's folder (content/<event>/, or "
            "content/<championship>/<section>/), and this one is in none",
            here / games[0] if len(games) == 1 else here,
            hint="move it into the folder of its event, beside event.toml (or into the "
            "games/ folder there)"
            if len(games) == 1
            else "move them into the folder of their event, beside event.toml (or into the "
            "games/ folder there), or give the folder an event.toml",
            code="pgn-not-read",
        )
    return found


def _looks_like_event_file(name: str) -> bool:
    """``Event.toml``, ``event.toml.txt``, ``event.TOML``: an event's file saved under a name
    the build does not look for."""
    folded = name.casefold()
    return name != "event.toml" and (
        folded == "event.toml" or folded.startswith("event.toml.") or folded == "event.tml"
    )


def _read_text(path: Path, problems: Problems) -> str:
    try:
        return decode(path.read_bytes())
    except OSError as exc:
        problems.error(f"cannot read the file: {exc.strerror}", path)
        return ""


def _event_pages(folder: Path, problems: Problems, raw_html: bool = False) -> tuple[Page, ...]:
    """The event's Markdown pages. Two files whose names make one page name ("Über.md",
    "uber.md") are an error: the second would overwrite the first, linked twice.
    ``raw_html``: site.toml's ``markdown_raw_html``, which changes what is a link."""
    pages: list[Page] = []
    for path in sorted(folder.glob("*.md")):
        slug = slugify(name_text(path.stem))
        if slug in RESERVED_PAGES:
            problems.error(
                f'the page name "{path.name}" is taken by a page the site generates',
                path,
                hint="rename the file, e.g. to about.md",
            )
            continue
        first = next((page.source for page in pages if page.slug == slug), None)
        if first is not None:
            problems.error(
                f'"{path.name}" and "{first.name}" would both be published as {slug}.html',
                path,
                hint="rename one of the two files (file names become page addresses: case, "
                "accents and punctuation do not count)",
                code="slug-clash",
            )
            continue
        text = _read_text(path, problems)
        files = page_attachments(path, text, problems, raw_html)
        pages.append(Page(slug=slug, title=slug, markdown=text, source=path, files=files))
    return tuple(pages)


LEAVES_FOLDER = (
    'it leaves the event\'s folder (".."), where a rebuild would not notice the files change'
)


def leaves_folder(pattern: str) -> bool:
    """Whether a relative path or pattern climbs out of the folder it is relative to
    (``../x.pgn``, ``games/../../x.pgn``), not merely through a ``..`` (``a/../b.pgn``)."""
    return Path(posixpath.normpath(pattern.replace("\\", "/"))).parts[:1] == ("..",)


def _missing(path: Path) -> bool:
    """Whether nothing is at ``path``; a name no file can have (a NUL, too long) is left to
    the reading, which says why."""
    if "\0" in str(path):
        return False
    try:
        return not path.exists() and not path.is_symlink()
    except OSError:
        return False


def _trf_files_hint(folder: Path, trf: str) -> str:
    """What to write for a TRF file that is not there: a file of the name in other letter
    cases (Windows and macOS find "Турнир.TRF" for "турнир.trf", GitHub's Linux does not),
    else the TRF files that are there."""
    written = PurePosixPath(trf.replace("\\", "/"))
    wanted = _nfc(written.name).casefold()
    try:
        there = sorted(p.name for p in (folder / written.parent).iterdir() if p.is_file())
    except OSError:
        there = []
    for name in there:
        if _nfc(name).casefold() == wanted:
            return f'file names are case-sensitive: write trf = "{written.with_name(name)}"'
    trf_files = [f'"{written.with_name(name)}"' for name in there if name.lower().endswith(".trf")]
    if trf_files:
        return f"the folder holds {', '.join(trf_files[:5])}: name one of them"
    return "export the TRF file from the pairing program into the event's folder"


def _outside(pattern: str) -> str:
    """Why a file setting (``pgn`` pattern, ``trf`` path) may not be read, or ""."""
    if Path(pattern).is_absolute():
        return "it is not relative to the event's folder"
    return LEAVES_FOLDER if leaves_folder(pattern) else ""


def _pgn_files(
    folder: Path, patterns: tuple[str, ...], problems: Problems, key: str = "pgn"
) -> list[Path]:
    """The files ``patterns`` (relative to the event's folder) name, each once."""
    found: dict[Path, None] = {}
    for pattern in patterns:
        reason = ""
        if not pattern.strip():
            reason = "it is empty"
        elif _outside(pattern):
            reason = _outside(pattern)
        else:
            try:
                paths = sorted(folder.glob(pattern))
            except (ValueError, NotImplementedError, OSError) as exc:
                reason = (exc.strerror if isinstance(exc, OSError) else None) or str(exc)
        if reason:
            problems.error(
                f'{key} = [..., "{pattern}", ...] cannot be searched: {reason}',
                folder / "event.toml",
                hint='give file patterns relative to the event\'s folder, e.g. "games/*.pgn"',
                code="config",
            )
            continue
        for path in paths:
            if path.is_file():
                found.setdefault(path, None)
    return list(found)


def _pgn_not_read(folder: Path, config: EventConfig, read: set[Path], problems: Problems) -> None:
    """PGN files in the event's folder that no pattern reads: ``round5.PGN`` (``*.pgn`` is
    case-sensitive) or ``Games/round5.pgn``. Their games went missing without a word, and a
    round without results is not yet played, so nothing else noticed. A file is told by
    what it is, not by how it is spelled: a pattern may reach it through a linked folder
    ("games" linked to "2026-games"), which the walk does not follow."""
    read_files = {_file_identity(path) for path in read} - {None}
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            path = Path(root) / name
            if path.suffix.lower() != ".pgn" or path in read:
                continue
            if _file_identity(path) in read_files:
                continue
            patterns = ", ".join(f'"{p}"' for p in (*config.pgn, *config.playoff.pgn))
            problems.warning(
                f"{path.relative_to(folder).as_posix()} is not read: no pattern of pgn or "
                f"[playoff] pgn matches it ({patterns})",
                path,
                hint="rename it to end in .pgn (small letters) and put it in a folder a "
                "pattern names, or add a pattern for it to pgn = [...] in event.toml",
                code="pgn-not-read",
            )


def _file_identity(path: Path) -> tuple[int, int] | None:
    """The file ``path`` names (device and inode), whatever the path through which it is
    reached; ``None`` when it cannot be looked at."""
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _symlink_loops(folder: Path, problems: Problems) -> None:
    """Links in an event folder that point at themselves or at a folder above them.

    The file searches skip such links silently, so a PGN file or page behind one would go
    missing from the site without a word; they are reported instead (the walk never follows
    links, so it cannot loop itself).
    """
    for root, dirs, files in os.walk(folder):
        dirs.sort()  # folders in name order too, not the file system's: the same messages
        for name in sorted([*dirs, *files]):
            path = Path(root) / name
            if not path.is_symlink():
                continue
            try:
                target = path.resolve(strict=True)
            except RuntimeError:
                target = None  # Python 3.11 reports a loop this way
            except OSError as exc:
                if exc.errno != errno.ELOOP:
                    continue  # a link to nothing is not a loop (editors leave such links)
                target = None
            parent = path.parent.resolve()
            if target is not None and target != parent and target not in parent.parents:
                continue
            problems.error(
                "symbolic link loop: "
                + (f"{name} points back to {target}" if target else f"{name} points to itself"),
                path,
                hint="delete the link, or make it point to the real file or folder",
                code="symlink-loop",
            )


def load_event(
    folder: Path, problems: Problems, slug: str | None = None, raw_html: bool = False
) -> Event | None:
    """Config, PGN and pages of one event folder, joined into the model (``raw_html``:
    site.toml's ``markdown_raw_html``, for the files the pages link)."""
    config_path = folder / "event.toml"
    _symlink_loops(folder, problems)
    config, lines = load_event_config(config_path, problems)
    if config is None:
        return None
    if config.trf is not None:
        config = _with_trf(config, folder, config_path, lines, problems)
        if config is None:
            return None
    playoff_paths = _pgn_files(folder, config.playoff.pgn, problems, "[playoff] pgn")
    paths = [p for p in _pgn_files(folder, config.pgn, problems) if p not in playoff_paths]
    if not paths and config.trf is None:  # a TRF file gives the results: moves are optional
        problems.warning(
            f"no PGN files match {', '.join(config.pgn)}",
            config_path,
            hint="put the games in games/*.pgn, or set pgn = [...] in event.toml",
            code="no-games",
        )
    _pgn_not_read(folder, config, {*paths, *playoff_paths}, problems)
    pgn_games = read_pgn_files(paths, problems, config.encoding)
    playoff_games = read_pgn_files(playoff_paths, problems, config.encoding, playoff=True)
    pages = _event_pages(folder, problems, raw_html)
    return assemble_event(
        slug or slugify(name_text(folder.name)),
        folder,
        config,
        config_path,
        lines,
        pgn_games,
        pages,
        problems,
        playoff_games,
    )


def _with_trf(
    config: EventConfig,
    folder: Path,
    config_path: Path,
    lines: Mapping[KeyPath, int],
    problems: Problems,
) -> EventConfig | None:
    """Complete the event file with the players, results and byes of its TRF file."""
    assert config.trf is not None
    if not config.trf.strip():
        problems.error(
            'trf = "" names no file',
            config_path,
            line_of(lines, ("trf",)),
            hint='give the TRF file\'s name, e.g. trf = "event.trf", or delete the line',
            code="config",
        )
        return None
    if _outside(config.trf):
        problems.error(
            f'trf = "{config.trf}" cannot be read: {_outside(config.trf)}',
            config_path,
            line_of(lines, ("trf",)),
            hint="put the TRF file in the event's folder (or link it there)",
            code="config",
        )
        return None
    path = folder / config.trf
    if _missing(path):
        problems.error(
            f'trf = "{config.trf}": the event\'s folder has no such file',
            config_path,
            line_of(lines, ("trf",)),
            hint=_trf_files_hint(folder, config.trf),
            code="config",
        )
        return None
    late = {normalise_name(p.name): p.first_round for p in config.players if p.first_round}
    data = read_trf(
        path, config.format, problems, config.scoring, config.encoding, config.rounds, late
    )
    if data is None:
        return None
    hints, file = ReadingHints(config.encoding), f'the TRF file "{config.trf}"'
    # A name event.toml gives that the TRF lacks: a code page guessed wrong garbles the file's
    # names, and the fix is the encoding setting, not a new name.
    merged, found = merge_trf(config, data, lambda name: hints.hint(path, name, file))
    warn_unconfirmed_withdrawals(config, data, problems)
    issues: list[Issue] = []
    check_event(merged, issues)
    for message, key, hint in found:
        problems.error(message, config_path, line_of(lines, key), hint, code="trf")
    rounds_reported = any(key == ("rounds",) for _, key, _ in found)
    own_issues = []
    for issue in issues:
        located = _issue_in_trf(issue, config, merged)
        if isinstance(located, TrfPlace):
            if not (rounds_reported and issue.path[-1] == "round"):  # said once, above
                hint = (
                    issue.hint
                    or "correct the TRF file (best in the pairing program, exporting it again)"
                )
                if located.column == 70:  # a birth date of the TRF's
                    hint = "correct the birth date in columns 70-79 (YYYY/MM/DD)"
                if issue.path[2:] == ("aliases",):  # an alias the TRF's comment line gives
                    hint += (
                        ": correct the comment line or delete it, or the aliases of the "
                        "[[players]] entry in event.toml"
                    )
                problems.error(
                    f"column {located.column}: {issue.message}",
                    located.path,
                    located.line,
                    hint,
                    code="trf",
                )
        elif not (rounds_reported and located == ("rounds",)):  # said once, above
            own_issues.append(replace(issue, path=located))
    report_issues(own_issues, config_path, lines, problems)
    return None if found or issues else merged


def _issue_in_trf(issue: Issue, config: EventConfig, merged: EventConfig) -> TrfPlace | KeyPath:
    """Where an issue of the event completed by its TRF file lies: the TRF line of an entry
    the TRF made, or the key of event.toml (whose own [[results]] and [[byes]] come after the
    TRF's, and whose [[players]] are merged into the TRF's players by name)."""
    path = issue.path
    if len(path) < 2 or path[0] not in ("players", "results", "byes"):
        return path
    table, index, rest = path[0], path[1], path[2:]
    assert isinstance(index, int)
    if table == "players":
        player = merged.players[index]
        names = [normalise_name(p.name) for p in config.players]
        given = names.index(key) if (key := normalise_name(player.name)) in names else None
        said = _alias_comment(issue, player, config.players[given] if given is not None else None)
        if said is not None:
            return said
        if given is not None:  # event.toml added to this player
            return ("players", given, *rest)
        if player.trf is not None and rest in (("born",), ("birth_year",)):
            return replace(player.trf, column=70)  # the birth date's columns, 70-79
        return player.trf or path
    entries: tuple[ResultEntry | ByeEntry, ...] = getattr(merged, table)
    place = entries[index].trf
    if place is not None:
        return place
    return (table, index - sum(1 for e in entries if e.trf is not None), *rest)


def _alias_comment(issue: Issue, player: PlayerEntry, given: PlayerEntry | None) -> TrfPlace | None:
    """The comment line of the TRF file that gives the alias an issue is about, unless
    event.toml's own [[players]] entry gives it too: a clash with an alias of event.toml's,
    found only once its [[players]] are merged in, is the comment line's to correct, which
    the player's 001 line (or their [[players]] entry, which does not give the alias) is
    not."""
    if issue.path[2:] != ("aliases",) or issue.spelling is None:
        return None
    key = normalise_name(issue.spelling)
    if given is not None and key in {normalise_name(a) for a in given.aliases}:
        return None
    return next((place for alias, place in player.alias_trf if normalise_name(alias) == key), None)


def decide(event: Event, problems: Problems) -> EventOutcome:
    """The rule stage for one event: the standings after each earlier round are worked out
    by other processes while this one does the rest."""
    records = player_records(event)
    found: list[EventOutcome] = []

    def current() -> None:
        arbiter_checks(event, problems)
        math_order = rank_event(event, records)
        lots_not_recorded(event, math_order, problems)
        playoffs = resolve_playoffs(event, math_order, records, problems)
        standings = apply_playoffs(math_order, playoffs)
        check_categories(event, problems)
        prizes = award_prizes(
            event, standings, records, playoffs, forfeit_cancels_money(event), problems
        )
        warnings = tuple(p for p in problems.items if p.severity is Severity.WARNING)
        changes = rating_changes(event, records)
        found.append(
            EventOutcome(event, records, standings, warnings, (), playoffs, prizes, changes)
        )

    rank_ahead(event, records, range(1, event.rounds_played), JOBS.get(), current)
    history = tuple(rank_event(event, records, n) for n in range(1, event.rounds_played))
    return replace(found[0], history=history)


def _slug_clashes(content: Path, folders: list[Path], problems: Problems) -> set[Path]:
    """Event folders whose pages would land where another folder's do: names that differ
    only in case, accents or punctuation ("Girls Élite", "girls-elite"), an event.toml beside
    a championship.toml (the event's page would replace the championship's), or two
    championships of one address. Each is an error, and the folder is not read (one would
    silently overwrite the other)."""
    # The site's own files: an event folder named "static" would mix with the script and
    # the style sheet.
    owners: dict[str, tuple[Path, str]] = {"static": (content / "static", "site")}
    clashing: set[Path] = set()
    for marker in marker_files(content, "championship.toml"):
        slug = event_slug(marker.parent, content)
        owner, kind = owners.setdefault(slug, (marker.parent, "championship"))
        if owner != marker.parent:
            clashing.update(p.parent for p in marker_files(marker.parent, "event.toml"))
            over = (
                "the site's own script and style sheet"
                if kind == "site"
                else f"the championship {owner.relative_to(content).as_posix()}/"
            )
            problems.error(
                f"the championship {marker.parent.relative_to(content).as_posix()}/ would go "
                f'to "{slug}/", over {over}',
                marker,
                hint="rename one of the two folders (folder names become page addresses: "
                "case, accents and punctuation do not count)",
                code="slug-clash",
            )
    for folder in folders:
        if folder in clashing:  # a section of a championship that clashes: said above
            continue
        slug = event_slug(folder, content)
        found = owners.setdefault(slug, (folder, "event"))
        owner, kind = found
        if found == (folder, "event"):
            continue
        clashing.add(folder)
        where = owner.relative_to(content).as_posix()
        if kind == "site":
            what = "the site's own script and style sheet"
        elif kind == "championship" and owner == folder:
            what = "the championship's own page (championship.toml is beside it)"
        elif kind == "championship":
            what = f"the page of the championship {where}/"
        else:
            what = f"the pages of {where}/"
        problems.error(
            f'the pages of {folder.relative_to(content).as_posix()}/ would go to "{slug}/", '
            f"over {what}",
            folder / "event.toml",
            hint="rename one of the two folders (folder names become page addresses: "
            "case, accents and punctuation do not count), or move the event into a section "
            "folder of the championship",
            code="slug-clash",
        )
    return clashing


def _drafts_that_match_nothing(
    config: SiteConfig, site_dir: Path, content: Path, problems: Problems
) -> None:
    """A ``drafts`` pattern no folder or page matches: most likely a path written from the
    site's folder ("content/junior-2027") or with "./", so the draft would be published."""
    paths = [p.relative_to(content) for p in content.rglob("*") if p.is_dir() or p.suffix == ".md"]
    for pattern in config.drafts:
        if not any(holds_back(pattern, path) for path in paths):
            problems.warning(
                f'drafts: "{pattern}" matches no folder or page under content/',
                site_dir / "site.toml",
                hint='write paths under content/, e.g. "junior-2027" or "*/notes-*.md"',
                code="drafts",
            )


def _without_draft_pages(
    event: Event, config: SiteConfig, content: Path, problems: Problems
) -> Event:
    """Pages named by ``drafts`` in site.toml are left out of builds (``serve`` shows them),
    and so are the warnings about the files they link: a page not published publishes none,
    and a report's photo still to come failed ``build --strict``."""
    pages = tuple(p for p in event.pages if not config.is_draft(p.source.relative_to(content)))
    held = {page.source for page in event.pages} - {page.source for page in pages}
    problems.items[:] = [
        p for p in problems.items if not (p.path in held and p.code in LINK_WARNINGS)
    ]
    return event if pages == event.pages else replace(event, pages=pages)


def load_site(
    site_dir: Path, problems: Problems, drafts: bool = False
) -> tuple[Site, list[EventOutcome]]:
    config = load_site_config(site_dir, problems)
    content = site_dir / "content"
    if config.drafts and content.is_dir():
        _drafts_that_match_nothing(config, site_dir, content, problems)
    no_content(site_dir, problems)
    home_path = content / "index.md"
    if home_path.is_symlink() and not home_path.exists():
        problems.error(
            "content/index.md is a symbolic link that leads nowhere (or to itself)",
            home_path,
            hint="replace the link by the file itself",
        )
    home = _read_text(home_path, problems) if home_path.is_file() else DEFAULT_HOME
    for page in sorted(content.glob("*.md")) if content.is_dir() else ():
        if page.name != "index.md":
            problems.warning(
                f"{page.name} is not published: of content/ itself only index.md is read "
                "(the home page); pages are published from an event's folder",
                page,
                hint="move it into an event's folder (its page is then linked from the "
                "event's pages), or write it into index.md",
                code="page-not-read",
            )
    outcomes = []
    events = []
    folders = find_event_folders(content) if content.is_dir() else []
    clashing = _slug_clashes(content, folders, problems) if folders else set()
    for folder in folders:
        if folder in clashing:
            continue
        if not drafts and config.is_draft(folder.relative_to(content)):
            continue
        event_problems = Problems()
        slug = event_slug(folder, content)
        event = load_event(folder, event_problems, slug, config.markdown_raw_html)
        if event is not None and not drafts:
            event = _without_draft_pages(event, config, content, event_problems)
        if event is not None and not event_problems.errors:
            keep_from_gc()  # the games and the model live until the build ends
            outcomes.append(decide(event, event_problems))
            events.append(event)
        problems.extend(event_problems)
    unread = content.is_dir() and _events_not_read(content, folders, problems)
    misnamed = content.is_dir() and _games_outside_events(content, folders, problems)
    unread = unread or misnamed
    if content.is_dir() and not folders and not unread:
        problems.warning(
            "no events: no folder of content/ holds an event.toml",
            content,
            hint="create content/<event>/event.toml (see README)",
            code="no-events",
        )
    across = Problems()
    championships = (
        load_championships(content, events, across, config, drafts) if content.is_dir() else ()
    )
    problems.extend(across)
    site = Site(
        folder=site_dir,
        title=config.title,
        base_url=config.base_url,
        language=config.language,
        description=config.description,
        home_markdown=home,
        events=tuple(events),
        home_files=(
            page_attachments(home_path, home, problems, config.markdown_raw_html)
            if home_path.is_file()
            else ()
        ),
        markdown_raw_html=config.markdown_raw_html,
        championships=championships,
    )
    return site, _with_section_warnings(outcomes, across)


def _with_section_warnings(outcomes: list[EventOutcome], found: Problems) -> list[EventOutcome]:
    """The outcomes with the championship's warnings about one of its sections (a player
    entered in two sections, a section ranked by other rules or ages than the rest) on that
    section's Arbiter report and in its results.json: printed by the build alone, no page
    showed them to an organiser who reads the report."""
    checked = []
    for outcome in outcomes:
        folder = outcome.event.folder
        own = tuple(
            problem
            for problem in found.items
            if problem.severity is Severity.WARNING
            and problem.path is not None
            and problem.path.is_relative_to(folder)
        )
        checked.append(replace(outcome, warnings=(*outcome.warnings, *own)) if own else outcome)
    return checked


Renderer = Callable[[Site, list[EventOutcome]], dict[str, bytes]]


def pending_playoffs(outcomes: list[EventOutcome]) -> list[str]:
    """A line for every play-off still to be played: who, which stage, which game is next;
    named by the place it is played for first, as the pages name it (``first_place``)."""
    lines = []
    for outcome in outcomes:
        for playoff in outcome.playoffs:
            if playoff.status == "pending":
                # Those still in it: a player a stage has put out has their place already,
                # and a leader nobody can catch any more has won it (``Playoff.ahead``).
                # With every place known and games still due, those who have them.
                playing = playoff.still or (playoff.undecided or (playoff.to_play,))[0]
                playing = playing or playoff.players
                names = name_list([outcome.event.player(n).name for n in playing])
                won = ""
                if playoff.ahead:
                    winner = outcome.event.player(playoff.ahead[0]).name
                    below = "still played for;" if playoff.undecided else "known too; still due,"
                    won = f"won by {winner}, the places below {below} "
                lines.append(
                    f"{outcome.event.name}: play-off for {ordinal(playoff.first_place)} place "
                    f"({names}) is pending; {won}next: {playoff.next}"
                )
    return lines


def check_site(
    site_dir: Path, strict: bool = False, drafts: bool = False, render: Renderer = render_site
) -> BuildReport:
    """Everything a build does except writing: load, rules and render.

    ``serve`` passes ``drafts=True`` and its incremental ``render`` (``generator.cache``).
    """
    report = BuildReport()
    site, outcomes = load_site(site_dir, report.problems, drafts)
    report.notices = pending_playoffs(outcomes)
    report.events = {event.slug: event.name for event in site.events}
    _unreadable_templates(site_dir / "templates", report.problems)
    if not report.problems.errors:
        _unnameable_pages(site, report.problems)
    if not report.problems.errors:
        try:
            outcomes = _with_page_link_warnings(site, outcomes, report.problems)
            report.files = render(site, outcomes)
            links_to_missing_pages(  # the home page's: it has no Arbiter report
                _markdown_pages(site, []),
                report.files.keys(),
                report.problems,
                site.markdown_raw_html,
            )
        except jinja2.TemplateSyntaxError as exc:
            report.problems.error(
                f"template syntax error: {exc.message}",
                Path(exc.filename) if exc.filename else None,
                exc.lineno,
                hint="fix the template in templates/, or delete it to use the built-in one",
            )
        except TemplateFailure as exc:
            report.problems.error(
                f"a template failed: {exc.message}",
                Path(exc.path),
                exc.line,
                hint="check the templates in templates/ against the built-in ones",
            )
        except (jinja2.TemplateError, ArithmeticError, LookupError, TypeError, ValueError,
                RecursionError, OSError) as exc:  # fmt: skip
            templates = site_dir / "templates"
            path, line = _template_place(exc, templates)
            if isinstance(exc, OSError) and exc.filename:
                path = Path(exc.filename)
            if not isinstance(exc, jinja2.TemplateError) and (
                path is None or templates not in path.parents
            ):
                raise  # not in a template of the site's: a fault of crosstable's own
            what = str(exc) if isinstance(exc, jinja2.TemplateError) else fault_words(exc)
            report.problems.error(
                f"a template failed: {what}",
                path or templates,
                line,
                hint="check the templates in templates/ against the built-in ones",
            )
    return report


def _with_page_link_warnings(
    site: Site, outcomes: list[EventOutcome], problems: Problems
) -> list[EventOutcome]:
    """The outcomes with the warnings of their Markdown pages' links to pages the site does
    not make, also given to ``problems``. Checked before the pages are rendered, against
    the files the build will make (``published_paths``, listed only when a page links a
    page) and the Arbiter reports these warnings make (``links.event_link_warnings``), so
    that the event's Arbiter report and results.json list them with its other warnings:
    printed by the build alone, an organiser reading the report missed them."""
    events = [
        EventPages(
            event_paths(outcome.event)["arbiter"],
            bool(outcome.warnings),
            _markdown_pages(site, [outcome])[1:],  # the first is the home page
        )
        for outcome in outcomes
    ]
    found = event_link_warnings(
        events, lambda: published_paths(site, outcomes), site.markdown_raw_html
    )
    checked = []
    for outcome, (warned, reported) in zip(outcomes, found, strict=True):
        problems.extend(warned)
        if reported and warned.items:
            outcome = replace(outcome, warnings=(*outcome.warnings, *warned.items))
        checked.append(outcome)
    return checked


def _markdown_pages(site: Site, outcomes: list[EventOutcome]) -> list[tuple[Path, str, str]]:
    """Each Markdown page's file, where it is published and its text: for its links."""
    pages = [(site.folder / "content" / "index.md", "index.html", site.home_markdown)]
    for outcome in outcomes:
        event = outcome.event
        pages += [(p.source, page_path(event, p.slug), p.markdown) for p in event.pages]
    return pages


def _unnameable_pages(site: Site, problems: Problems) -> None:
    """A page named in another script ("кубок/players/1-иванов-пётр.html") that this
    computer cannot name: Python names files in the locale's encoding, and an ISO-8859-1
    locale has no Cyrillic. Said before anything is written, once, where the name comes
    from; a UTF-8 locale (every system's default today) names them all."""
    encoding = sys.getfilesystemencoding()
    if codecs.lookup(encoding).name == "utf-8":
        return
    named: list[tuple[str, Path, int | None]] = []
    folders = {event.slug: event.folder for event in site.events}
    for championship in site.championships:
        section = next((folders[s] for s in championship.sections if s in folders), None)
        path = section.parent / "championship.toml" if section else site.folder / "content"
        named.append((f"{championship.slug}/index.html", path, None))
    for event in site.events:
        toml = event.folder / "event.toml"
        named.append((f"{event.slug}/index.html", toml, None))
        named += [(f"{event.slug}/{page.slug}.html", page.source, None) for page in event.pages]
        named += [
            (f"{event.slug}/categories/{slugify(c.id)}.html", toml, None)
            for c in event.config.categories
        ]
        named += [
            (f"{event.slug}/players/{player.slug}.html", *event.entry_of(player.number))
            for player in event.players
        ]
    for published, source, line in named:
        try:
            published.encode(encoding, sys.getfilesystemencodeerrors())  # os.fsencode
        except UnicodeEncodeError:
            problems.error(
                f'cannot write the page "{published}": this computer names files in '
                f"{encoding}, which cannot write its letters",
                source,
                line,
                hint="build under a UTF-8 locale (e.g. LANG=C.UTF-8), or with the "
                "environment variable PYTHONUTF8=1",
            )
            return


def _cannot_write(report: BuildReport, exc: OSError, output: Path) -> None:
    """The error of a site that could not be written; the output stays as it was."""
    report.problems.error(
        f"cannot write the site: {exc.strerror or exc}",
        _as_published(Path(exc.filename), output) if exc.filename else output,
        hint="check that the output folder's parent exists and is writable, "
        "and that its disk has room, or pass --output",
    )


def no_content(site_dir: Path, problems: Problems) -> bool:
    """Whether the site has no content/ folder to build (an error then says why): the same
    words for build, check, serve and deploy."""
    if not site_dir.is_dir():
        problems.error(
            "the site folder does not exist" if not site_dir.exists() else "is not a folder",
            site_dir,
            hint="check the path given to --site, or create a site with: crosstable new DIR",
        )
    elif not (site_dir / "content").is_dir():
        site = _site_around(site_dir)
        problems.error(
            "there is no content/ folder",
            site_dir,
            hint=f"{'this is' if site_dir.resolve() == site / 'content' else 'this folder is in'}"
            f" the site's content/ folder: run crosstable in {site}, or pass --site {site}"
            if site is not None
            else "run crosstable in the site's folder, or pass --site DIR; to start a site: "
            "crosstable new DIR",
        )
    else:
        return False
    return True


def _site_around(folder: Path) -> Path | None:
    """The site folder ``folder`` lies in, by way of its content/ (``--site content`` or an
    event's folder, given for the site's): the folder to name instead."""
    try:
        absolute = folder.resolve()
    except (OSError, RuntimeError):
        return None
    for parent in (absolute, *absolute.parents):
        if parent.name == "content" and parent.parent != parent:
            return parent.parent
    return None


def _as_published(path: Path, output: Path) -> Path:
    """A file of the new site named where it was to be published: the build writes into a
    hidden folder beside the output (``write.stage``), whose name ".output.new-k3j9x" an
    organiser has never seen and cannot find once the failed build has removed it."""
    for parent in (output.parent, output.resolve().parent):
        if not path.is_relative_to(parent):
            continue
        first, *rest = path.relative_to(parent).parts or ("",)
        if left_beside(output, first):
            return output.joinpath(*rest)
    return path


def _unreadable_templates(templates: Path, problems: Problems) -> None:
    """A file of the site's templates/ that cannot be read as UTF-8 text: Jinja would fail
    on it halfway through the pages."""
    if not templates.is_dir():
        return
    for path in sorted(templates.rglob("*")):
        if not path.is_file():
            continue
        try:
            data = path.read_bytes()
        except OSError as exc:
            problems.error(
                f"cannot read the template: {exc.strerror or exc}",
                path,
                hint="check the file's permissions, or delete it to use the built-in one",
            )
            continue
        if path.suffix in (".html", ".txt", ".xml", ".css", ".js", ".json", ".md"):
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                problems.error(
                    "the template is not UTF-8 text",
                    path,
                    hint="save it as UTF-8 in your editor, or delete it to use the built-in one",
                )


def _template_place(exc: BaseException, templates: Path) -> tuple[Path | None, int | None]:
    """The file and line of the site's template where ``exc`` happened, when its traceback
    passes through one (Jinja's compiled templates keep their file's name and lines)."""
    place: tuple[Path | None, int | None] = (None, None)
    for frame in traceback.extract_tb(exc.__traceback__):
        path = Path(frame.filename)
        if templates in path.parents:
            place = (path, frame.lineno)
    return place


def build_site(
    site_dir: Path, output: Path | None = None, strict: bool = False, jobs: int | None = None
) -> BuildReport:
    """Build and, only when nothing failed, replace the output folder in one swap.

    The objects kept from the garbage collector (``cache.keep_from_gc``) are handed back to
    it only at the very end: a collection over the whole model while the next build's state
    is recorded cost a quarter of a second; until then the collector also runs less often
    (``cache.build_collection``).
    """
    with build_collection():
        return _build_site(site_dir, output, strict, jobs)


def _build_site(site_dir: Path, output: Path | None, strict: bool, jobs: int | None) -> BuildReport:
    """``build_site``.

    What the last build read and wrote is kept beside the output (``cache.build_folder``):
    when no input changed, nothing is done; otherwise only new games are parsed (``jobs``
    processes at a time, default one per processor), pages whose inputs did not change are
    kept, and only the files whose bytes changed are written: moved into the output when it
    stands as the last build left it (``write.patch``), otherwise into a new site that links
    the unchanged files from the previous one and is swapped in.
    """
    nothing = BuildReport()
    if no_content(site_dir, nothing.problems):
        return nothing  # and no cache folder made in a folder named by mistake
    last = LastBuild.find(site_dir, output)
    quick = last.unchanged(strict)
    if quick is not None:
        return quick  # nothing changed since the last build, whose site stands
    site_dir, output, folder = last.site_dir, last.output, last.folder
    state, fingerprint = last.state, last.fingerprint
    overlaps = overlaps_content(site_dir, output)  # said below, once the site is checked
    refused = "" if overlaps else not_replaceable(output, state is not None)
    if refused:
        report = BuildReport()
        report.problems.error(
            f"the build would replace the output folder, but {refused}",
            output,
            hint="give --output a new or empty folder (the build replaces all of it), or "
            "delete this one yourself",
            code="output",
        )
        return report
    content = site_dir / "content"
    jobs = usable_cpus() if jobs is None else jobs
    store = PgnStore(folder)
    if folder is not None:
        load_memos(folder)
    token = PARSE_CACHE.set(store)
    jobs_token = JOBS.set(jobs)
    render = IncrementalSite(state, output, jobs, folder)
    unsaved: OSError | None = None
    try:
        if content.is_dir():
            store.prefetch(pgn_files(content), jobs, event_encodings(content))
        keep_from_gc()  # the games read back live to the end: no collection need look at them
        try:
            report = check_site(site_dir, strict, render=render_site if overlaps else render)
        except OSError as exc:  # a page that could not be written: a full disk, a quota
            report = BuildReport()
            _cannot_write(report, exc, output)
            return report
        try:
            store.save()
        except OSError as exc:  # the cache only saves time: the site is still built
            unsaved = exc
        if overlaps:
            report.problems.error(
                f"the output folder {output} overlaps the content folder",
                hint="choose an --output outside content/ that does not contain it",
            )
        if report.failed(strict):
            return report
        staged = render.staging is not None
        try:
            if staged:
                render.finish(report.files)
            else:
                write_site(report.files, output)
        except OSError as exc:
            _cannot_write(report, exc, output)
            return report
    finally:
        PARSE_CACHE.reset(token)
        JOBS.reset(jobs_token)
        render.discard()
    report.written = True
    if folder is not None and staged:
        try:
            save_memos(folder)
            problems = list(report.problems.items)
            render.new_state(report.files, fingerprint, problems, report.notices).save(folder)
        except OSError as exc:
            SiteState.forget(folder)
            unsaved = exc
    if unsaved is not None:  # said now, not kept in the state a build with no change repeats
        report.notices.append(_cache_not_saved(unsaved))
    return report


def _cache_not_saved(exc: OSError) -> str:
    """The notice of a build cache that could not be saved (a full disk): the site stands."""
    where = f" ({exc.filename})" if exc.filename else ""
    return (
        f"the site was built, but its build cache could not be saved{where}: "
        f"{exc.strerror or exc}; the next build will take longer"
    )
