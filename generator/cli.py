"""The ``crosstable`` command: a thin argparse layer over the pipeline's plain functions."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .build import BuildReport, build_site, check_site

SITE_HELP = "the site folder, holding content/ and optionally site.toml (default: current folder)"
STRICT_HELP = "fail on warnings too, not only on errors"


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
    return parser


def _report(report: BuildReport, site: Path, strict: bool) -> int:
    base = site.resolve()
    for problem in report.problems.items:
        print(problem.format(base), file=sys.stderr)
    errors = len(report.problems.errors)
    warnings = len(report.problems.warnings)
    if report.failed(strict):
        reason = f"{errors} error(s)" if errors else f"{warnings} warning(s) with --strict"
        print(f"crosstable: failed with {reason}; nothing was written.", file=sys.stderr)
        return 1
    if warnings:
        print(f"crosstable: {warnings} warning(s).", file=sys.stderr)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.command == "build":
        report = build_site(args.site, args.output, args.strict)
        status = _report(report, args.site, args.strict)
        if status == 0:
            output = (args.output or args.site / "output").resolve()
            print(f"crosstable: built {len(report.files)} files into {output}")
        return status
    report = check_site(args.site.resolve(), args.strict)
    status = _report(report, args.site, args.strict)
    if status == 0:
        print("crosstable: the site is valid.")
    return status
