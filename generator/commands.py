"""The ``crosstable`` commands: a thin argparse layer over the pipeline's plain functions.

Imported by ``cli.run`` once it can turn Ctrl+C into a line (``cli``). The pipeline is imported
only by the commands that run it: ``build`` with nothing changed answers from
``generator.buildstate`` alone.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .buildstate import BuildReport, unchanged_build
from .problems import Problems

SITE_HELP = "the site folder, holding content/ and optionally site.toml (default: current folder)"
STRICT_HELP = "fail on warnings too, not only on errors"
NEW_RULES = ("fide", "acf-junior", "us-junior-closed")
"""``crosstable new --rules``: kept here so that ``--help`` does not load the scaffold's text;
``scaffold.RULES`` is the same list (tests/test_new.py checks it)."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="crosstable",
        description="Publish chess championship results as a static website.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    build = commands.add_parser("build", help="build the site into the output folder")
    build.add_argument("--site", type=Path, default=Path("."), help=SITE_HELP)
    build.add_argument("--output", type=Path, default=None, help="default: SITE/output")
    build.add_argument("--strict", action="store_true", help=STRICT_HELP)

    check = commands.add_parser("check", help="validate config, PGN and rules; write nothing")
    check.add_argument("--site", type=Path, default=Path("."), help=SITE_HELP)
    check.add_argument("--strict", action="store_true", help=STRICT_HELP)

    serve = commands.add_parser(
        "serve", help="preview the site, rebuilding and reloading the browser on every edit"
    )
    serve.add_argument("--site", type=Path, default=Path("."), help=SITE_HELP)
    serve.add_argument("--port", type=_port, default=8000, help="default: 8000")
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="default: 127.0.0.1 (this computer only); 0.0.0.0 serves the whole network",
    )

    deploy = commands.add_parser(
        "deploy", help="build, commit the site to the gh-pages branch and push it"
    )
    deploy.add_argument("--site", type=Path, default=Path("."), help=SITE_HELP)
    deploy.add_argument(
        "--remote", default=None, help="git remote to push to (default: site.toml, or origin)"
    )
    deploy.add_argument(
        "--branch", default=None, help="branch to publish (default: site.toml, or gh-pages)"
    )
    deploy.add_argument(
        "--message", default=None, help="commit message ({sha} is the source commit)"
    )

    new = commands.add_parser(
        "new", help="create a new site: site.toml, an example event, a GitHub Pages workflow"
    )
    new.add_argument("folder", type=Path, metavar="DIR", help="the new site's folder")
    new.add_argument(
        "--rules",
        choices=NEW_RULES,
        default=NEW_RULES[0],
        metavar="NAME",
        help="the example event's regulations: fide (a 4-player round robin, the default), "
        "acf-junior (ACF By-law 3: a Swiss with age groups, girls' titles, trophies, money) "
        "or us-junior-closed (a 10-player round robin with prizes, fines and a play-off)",
    )
    return parser


def _port(text: str) -> int:
    """A TCP port, refused with a plain message rather than a traceback."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is between 1 and 65535, not {port}")
    return port


def _report(report: BuildReport, site: Path, strict: bool, *, count_warnings: bool = True) -> int:
    """Print the problems and the outcome; the exit status. ``check`` counts the warnings in
    its own last line, so ``count_warnings`` leaves the separate count out for it."""
    base = site.resolve()
    for problem in report.problems.items:
        print(problem.format(base), file=sys.stderr)
    errors = len(report.problems.errors)
    warnings = len(report.problems.warnings)
    if report.failed(strict):
        reason = f"{errors} error(s)" if errors else f"{warnings} warning(s) with --strict"
        print(f"crosstable: failed with {reason}; nothing was written.", file=sys.stderr)
        return 1
    if warnings and count_warnings:
        print(f"crosstable: {warnings} warning(s).", file=sys.stderr)
    for notice in report.notices:
        print(f"crosstable: {notice}")
    return 0


def _deploy(site: Path, remote: str | None, branch: str | None, message: str | None) -> int:
    """Check git and the remote first, then build, then publish: never a failed build."""
    from .build import build_site, no_content
    from .config import load_site_config
    from .deploy import DeployError, prepare, publish

    site = site.resolve()
    problems = Problems()
    if no_content(site, problems):
        return _report(BuildReport(problems), site, False)
    config = load_site_config(site, problems)
    if problems.errors:
        return _report(BuildReport(problems), site, False)
    try:
        target = prepare(site, config, remote, branch)
        report = build_site(site)
        if _report(report, site, False) != 0:
            print("crosstable: the build failed, so nothing was deployed.", file=sys.stderr)
            return 1
        done = publish(target, site, site / "output", message)
    except DeployError as exc:
        print(exc.format(), file=sys.stderr)
        return 1
    where = f"{target.remote} ({target.url}), branch {target.branch}"
    if done.kept_cname:
        print(
            f"crosstable: kept the branch's CNAME, {done.kept_cname}: GitHub writes it when the "
            "Pages settings set a custom domain (removing the domain there drops it); "
            f'cname = "{done.kept_cname}" under [deploy] in site.toml says so in the site.'
        )
    if done.replaced:
        print(
            f"crosstable: the local branch {target.branch} held commits that {target.remote}'s "
            f"did not, up to {done.replaced[:12]}; the branch now follows {target.remote}'s "
            f"(git branch {target.branch}-old {done.replaced[:12]} keeps them)."
        )
    if not done.changed and done.pushed:
        print(
            f"crosstable: nothing changed since the last deploy, whose commit {done.commit[:12]} "
            f"had not reached the remote; pushed it: {where} is up to date."
        )
        return 0
    if not done.changed:
        print(f"crosstable: nothing changed since the last deploy; {where} is up to date.")
        return 0
    on_top = f" on top of {done.parent[:12]}" if done.parent else " (the branch's first commit)"
    print(
        f"crosstable: deployed {done.files} files to {where}: commit {done.commit[:12]}{on_top}, "
        f"built from {done.source}"
    )
    if done.overtaken:
        print(
            f"crosstable: warning: the site this deploy replaced was built from "
            f"{done.overtaken[:12]}, which this repository's history does not hold (a deploy "
            "from another clone?): edits made there are no longer on the published site. "
            "git pull, then crosstable deploy again, to publish both.",
            file=sys.stderr,
        )
    if done.unknown:
        print(
            f"crosstable: note: the site this deploy replaced was built from "
            f"{done.unknown[:12]}, which this clone does not have: it is a shallow clone (its "
            "history is cut off), so deploy cannot tell whether that commit is in its history "
            "or was deployed from another clone. git fetch --unshallow lets it tell.",
            file=sys.stderr,
        )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "serve":
        from .serve import serve_site

        return serve_site(args.site, args.host, args.port)
    if args.command == "deploy":
        return _deploy(args.site, args.remote, args.branch, args.message)
    if args.command == "new":
        from .scaffold import new_site

        return new_site(args.folder, rules=args.rules)
    if args.command == "build":
        # Nothing changed since the last build: answered without loading the pipeline.
        report = unchanged_build(args.site, args.output, args.strict)
        if report is None:
            from .build import build_site

            report = build_site(args.site, args.output, args.strict)
        status = _report(report, args.site, args.strict)
        if status == 0:
            output = (args.output or args.site / "output").resolve()
            print(f"crosstable: built {len(report.files)} files into {output}")
        return status
    from .build import check_site

    report = check_site(args.site.resolve(), args.strict)
    status = _report(report, args.site, args.strict, count_warnings=False)
    if status == 0:
        print(f"crosstable: {_valid(len(report.problems.warnings))}")
    return status


def _valid(warnings: int) -> str:
    """``check``'s verdict: "the site is valid." alone read as all clear above warnings that
    an organiser should still look at."""
    if not warnings:
        return "the site is valid."
    plural = "warning" if warnings == 1 else "warnings"
    return f"the site is valid, with {warnings} {plural} (listed above)."
