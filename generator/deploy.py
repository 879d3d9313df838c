"""``crosstable deploy``: publish the built site as the whole tree of a ``gh-pages`` branch.

Git itself does the work (``subprocess``), through plumbing commands and a temporary index,
so the organiser's working tree, index and checked-out branch are never touched. Each deploy
is a new commit on top of the branch's previous one (history is kept, nothing is forced), its
message names the source commit, and its tree is exactly the output plus ``.nojekyll`` (so
GitHub Pages serves the files as they are) and ``CNAME`` when ``site.toml`` sets a domain
(or, without one, when the branch holds one: GitHub's Pages settings write it there).
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from . import __version__
from .config import SiteConfig
from .config.site import DeployConfig

_USERINFO = re.compile(r"^([a-z][a-z0-9+.-]*://)[^/@]*@", re.I)
_DOMAIN = re.compile(r"^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$", re.I)


class DeployError(Exception):
    """Deploying is impossible; ``hint`` says how to fix it."""

    def __init__(self, message: str, hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def format(self) -> str:
        text = f"crosstable: cannot deploy: {self.message}"
        return f"{text}\n    hint: {self.hint}" if self.hint else text


@dataclass(frozen=True)
class Target:
    """Where a deploy goes, checked before anything is built."""

    repo: Path
    remote: str
    url: str
    """The remote's address as shown (``shown_url``), never used to reach it."""
    branch: str
    remote_tip: str | None
    cname: str
    push_url: str = ""
    """The address pushes go to, as shown, when it is not ``url`` (``remote.NAME.pushurl``)."""
    network: tuple[str, ...] = ()
    """git's options for commands that reach the remote (``network_options``)."""
    output: Path | None = None
    """The built site, named when a failed push leaves it unpublished."""


@dataclass(frozen=True)
class Published:
    commit: str
    parent: str | None
    files: int
    changed: bool
    source: str
    kept_cname: str = ""
    """The branch's own ``CNAME`` kept, when site.toml sets no ``cname`` (``_branch_cname``)."""
    replaced: str | None = None
    """The local branch's former tip, when the new commit does not contain it (``_unmerged``)."""
    pushed: bool = True
    """Whether this deploy pushed (an unchanged site is pushed only when the remote lacks
    the last deploy's commit: its push failed, or the branch was deleted there)."""
    overtaken: str = ""
    """The source commit of the deploy this one replaced, when the site's own history does
    not hold it (``_overtaken``): someone deployed newer edits from another clone."""
    unknown: str = ""
    """That source commit, when this clone is shallow and does not have it: its history is
    cut off, so whether another clone deployed it cannot be told (``_overtaken``)."""


STALL_SECONDS = 60
"""How long a remote may send (almost) nothing before git gives up on it: a push to a remote
that is unreachable or stalled (a venue's network) hung for ever. Given to git as
``http.lowSpeedTime`` (under ``http.lowSpeedLimit`` bytes a second) and to ssh as
``ConnectTimeout`` and keep-alives (``network_options``), unless the organiser's own git
settings say otherwise."""
LOW_SPEED_LIMIT = 1000
"""Bytes a second under which an https transfer counts as stalled (``http.lowSpeedLimit``)."""
LIST_SECONDS = 120
"""The most ``git ls-remote`` may take (it moves a few hundred bytes), whatever the protocol:
the check before the build never hangs, even where the settings above do not apply."""


def _git(
    repo: Path,
    *args: str,
    stdin: bytes | None = None,
    env: dict[str, str] | None = None,
    timeout: float | None = None,
) -> str:
    """Run git in ``repo``; a failure raises ``GitFailed`` with git's own words, and one
    that took longer than ``timeout`` seconds is stopped and said so."""
    try:
        done = subprocess.run(
            ["git", *args],
            cwd=repo,
            input=stdin if stdin is not None else b"",
            capture_output=True,
            env={**os.environ, **(env or {})},
            check=False,
            timeout=timeout,
        )
    except FileNotFoundError as exc:
        raise DeployError(
            "git is not installed", "install git (https://git-scm.com) and try again"
        ) from exc
    except subprocess.TimeoutExpired:
        raise GitFailed(args, f"no answer within {timeout:g} s", timed_out=True) from None
    if done.returncode != 0:
        raise GitFailed(args, done.stderr.decode("utf-8", "replace").strip())
    return done.stdout.decode("utf-8", "replace").strip()


class GitFailed(Exception):
    def __init__(self, args: tuple[str, ...], stderr: str, timed_out: bool = False) -> None:
        super().__init__(f"git {' '.join(args)}: {stderr}")
        self.stderr = stderr
        self.timed_out = timed_out or bool(_TIMED_OUT.search(stderr))
        """The remote did not answer in time (git's, curl's or ssh's words, or ours)."""


_TIMED_OUT = re.compile(r"too slow|timed out|timeout", re.IGNORECASE)


def network_options(repo: Path) -> tuple[str, ...]:
    """git's ``-c`` options that give up on a stalled remote after ``STALL_SECONDS``
    (https: ``http.lowSpeedLimit``/``Time``; ssh: ``ConnectTimeout`` and keep-alives), each
    left out when the organiser set it (in git's settings or its environment variables)."""
    try:
        found = _git(repo, "config", "--get-regexp", r"^(http\.lowspeed|core\.sshcommand)")
    except GitFailed:
        found = ""  # none set
    configured = {line.split()[0].lower() for line in found.splitlines() if line.strip()}
    options: list[str] = []
    speed = {"http.lowspeedlimit": str(LOW_SPEED_LIMIT), "http.lowspeedtime": str(STALL_SECONDS)}
    if not {"GIT_HTTP_LOW_SPEED_LIMIT", "GIT_HTTP_LOW_SPEED_TIME"} & set(os.environ):
        for key, value in speed.items():
            if key not in configured:
                options += ["-c", f"{key}={value}"]
    ssh_set = {"GIT_SSH_COMMAND", "GIT_SSH"} & set(os.environ)
    if not ssh_set and "core.sshcommand" not in configured:
        alive = max(1, STALL_SECONDS // 4)
        options += [
            "-c",
            f"core.sshCommand=ssh -o ConnectTimeout={STALL_SECONDS} "
            f"-o ServerAliveInterval={alive} -o ServerAliveCountMax=4",
        ]
    return tuple(options)


def _says(error: GitFailed) -> str:
    """git's first lines, joined as one sentence: a line that ends a sentence already takes
    no "; " after it ("...repository. Please make sure...", not "repository.; Please")."""
    lines = [line.removeprefix("fatal: ") for line in error.stderr.splitlines() if line.strip()]
    said = ""
    for line in (line.strip() for line in lines[:3]):
        said += ("" if not said else " " if said.endswith((".", "!", "?", ":")) else "; ") + line
    return "git says: " + (said or "(nothing)")


def shown_url(url: str) -> str:
    """A remote's address for the terminal, without the user and password or the token an
    https address may carry (``https://TOKEN@github.com/...``), as git shows it: deploy's
    lines end up in CI logs and screen shares."""
    return _USERINFO.sub(r"\1", url)


def check_cname(cname: str) -> str:
    """The custom domain for ``CNAME``: a bare host name, as GitHub Pages expects."""
    cname = cname.strip()
    if cname and not _DOMAIN.match(cname):
        raise DeployError(
            f'[deploy] cname = "{cname}" in site.toml is not a domain name',
            'write the bare domain, e.g. cname = "results.example.org" (no https://, no path)',
        )
    return cname


def _worktree_of(repo: Path, branch: str) -> str | None:
    """The folder of another worktree of ``repo`` that has ``branch`` checked out: moving
    the branch under it would leave its files and index undoing the deploy."""
    try:
        listing = _git(repo, "worktree", "list", "--porcelain")
    except GitFailed:
        return None
    folder = None
    for line in listing.splitlines():
        if line.startswith("worktree "):
            folder = line.removeprefix("worktree ")
        elif line == f"branch refs/heads/{branch}" and folder is not None:
            return folder
    return None


def _given(key: str, name: str, configured: str) -> str:
    """Where a remote's or branch's name came from, for a message about it, when site.toml
    set it: a hint to pass --branch left site.toml wrong for every later deploy."""
    if name != configured or configured == getattr(DeployConfig(), key):
        return ""  # from the command line, or crosstable's default
    return f" ([deploy] {key} in site.toml)"


def check_plain_branch(branch: str, remotes: list[str], from_branch: str = "") -> None:
    """Refuse a ref where a branch's own name is meant: "refs/heads/gh-pages" published to
    refs/heads/refs/heads/gh-pages, and "origin/gh-pages" to a branch of that name, which
    git then confuses with the remote's gh-pages. The hint gives the plain name."""
    plain = ""
    if branch.startswith("refs/"):
        plain = _REF_PREFIX.sub("", branch)
        why = "is a full ref, not a branch name"
    else:
        remote = next((r for r in remotes if branch.startswith(f"{r}/")), None)
        if remote is None:
            return
        plain = branch.removeprefix(f"{remote}/")
        why = f'names the branch of the remote "{remote}", not a branch name'
    where = (
        f'branch = "{plain}" under [deploy] in site.toml'
        if "site.toml" in from_branch
        else f"--branch {plain}"
    )
    raise DeployError(
        f'"{branch}"{from_branch} {why}',
        f"give the branch's own name: {where} (the remote is chosen with --remote, or "
        "remote under [deploy] in site.toml)",
    )


_REF_PREFIX = re.compile(r"^refs/(?:heads/|remotes/[^/]+/|tags/)?")


def prepare(site_dir: Path, config: SiteConfig, remote: str | None, branch: str | None) -> Target:
    """Check everything a deploy needs before building: repository, remote, branch, identity."""
    for option, given in (("--remote", remote), ("--branch", branch)):
        if given is not None and not given.strip():
            # An empty name (a shell variable not set) published to the default silently.
            raise DeployError(
                f'{option} "{given}" names nothing',
                f"give the name, or leave {option} out for site.toml's or the default",
            )
    remote = remote or config.deploy.remote
    branch = branch or config.deploy.branch
    from_remote = _given("remote", remote, config.deploy.remote)
    from_branch = _given("branch", branch, config.deploy.branch)
    cname = check_cname(config.deploy.cname)
    try:
        repo = Path(_git(site_dir, "rev-parse", "--show-toplevel"))
    except GitFailed:
        raise DeployError(
            f"{site_dir} is not in a git repository",
            "make it one and connect it to GitHub: git init && git remote add origin "
            "https://github.com/YOU/REPO.git (or push the site where its repository is)",
        ) from None
    try:
        _git(repo, "check-ref-format", "--branch", branch)  # refuses "HEAD" too
        _git(repo, "check-ref-format", f"refs/heads/{branch}")
    except GitFailed:
        raise DeployError(
            f'"{branch}"{from_branch} is not a valid branch name',
            'a branch name has no spaces and none of ~ ^ : ? * [ \\, e.g. "gh-pages"',
        ) from None
    check_plain_branch(branch, _git(repo, "remote").split(), from_branch)
    try:
        url = shown_url(_git(repo, "remote", "get-url", remote))
    except GitFailed:
        remotes = _git(repo, "remote").split()
        known = f" (this repository has: {', '.join(remotes)})" if remotes else ""
        raise DeployError(
            f'"{remote}"{from_remote} is not a git remote of {repo}{known}',
            f"add it with: git remote add {remote} URL, or name another with --remote"
            + (" or in site.toml" if "site.toml" in from_remote else ""),
        ) from None
    try:
        current = _git(repo, "symbolic-ref", "--quiet", "--short", "HEAD")
    except GitFailed:
        current = ""
    if current == branch:
        raise DeployError(
            f'the branch "{branch}" is the one checked out here, and deploy replaces its files',
            "publish to a branch of its own: --branch gh-pages",
        )
    elsewhere = _worktree_of(repo, branch)
    if elsewhere is not None:
        raise DeployError(
            f'the branch "{branch}" is checked out in {elsewhere}, and deploy replaces its files',
            f"remove that worktree (git worktree remove {elsewhere}), or publish to another "
            "branch with --branch",
        )
    try:
        _git(repo, "var", "GIT_COMMITTER_IDENT")
    except GitFailed:
        raise DeployError(
            "git does not know who you are, and a commit needs a name and an e-mail",
            'git config --global user.name "Your Name" && '
            "git config --global user.email you@example.org",
        ) from None
    network = network_options(repo)
    try:
        heads = _git(
            repo, *network, "ls-remote", "--heads", remote, f"refs/heads/{branch}",
            timeout=LIST_SECONDS,
        )  # fmt: skip
    except GitFailed as exc:
        if exc.timed_out:
            raise DeployError(
                f'the remote "{remote}" ({url}) did not answer (it is unreachable, or the '
                f"network stalled); {_says(exc)}; nothing was built or published",
                "check the network, and the address with: git remote -v, then run crosstable "
                "deploy again",
            ) from None
        raise DeployError(
            f'the remote "{remote}" ({url}) is not a git repository that can be reached; '
            + _says(exc),
            "check the address with: git remote -v, and that git fetch "
            f"{remote} works (set it with: git remote set-url {remote} URL)",
        ) from None
    tip = heads.split()[0] if heads else None
    push_url = shown_url(_git(repo, "remote", "get-url", "--push", remote))
    return Target(
        repo, remote, url, branch, tip, cname, "" if push_url == url else push_url, network,
        site_dir / "output",
    )  # fmt: skip


def source_commit(site_dir: Path, repo: Path) -> str:
    """The commit the site was built from, and whether the site had uncommitted edits."""
    try:
        sha = _git(repo, "rev-parse", "--verify", "--quiet", "HEAD^{commit}")
    except GitFailed:
        return "no commit yet (the site is not committed)"
    output = site_dir / "output"
    status = _git(repo, "status", "--porcelain", "--", str(site_dir), f":(exclude){output}")
    dirty = bool(status.strip())
    return f"{sha} (with uncommitted changes)" if dirty else sha


def commit_message(message: str | None, source: str) -> str:
    if not message:
        return f"Publish the site built from {source}\n\ncrosstable {__version__}\n"
    if "{sha}" in message:
        return message.replace("{sha}", source) + "\n"
    return f"{message}\n\nBuilt from {source}.\ncrosstable {__version__}\n"


def _branch_cname(repo: Path, commit: str | None) -> str:
    """The domain in the ``CNAME`` of the branch's last commit. GitHub's Pages settings
    write one there when a custom domain is set; a deploy without it took the site off that
    domain (a 404 there, mid-event), so it is kept unless site.toml sets ``cname``."""
    if commit is None:
        return ""
    try:
        text = _git(repo, "cat-file", "blob", f"{commit}:CNAME")
    except GitFailed:
        return ""
    return text if _DOMAIN.match(text) else ""


def _write_tree(repo: Path, output: Path, cname: str, index: Path) -> tuple[str, int]:
    """The output folder, plus ``.nojekyll`` and ``CNAME``, as a git tree (a temporary index)."""
    env = {"GIT_INDEX_FILE": str(index)}
    files = sorted(p for p in output.rglob("*") if p.is_file())
    # Names go to git as the bytes they have on disk (os.fsencode), not re-encoded from the
    # locale's reading of them: a page "Règlement.pdf" under a Latin-1 locale, or a file
    # whose name is not UTF-8, was otherwise not found, or ended deploy in a traceback.
    shas = _git(
        repo,
        "hash-object",
        "-w",
        "--no-filters",
        "--stdin-paths",
        stdin=b"".join(os.fsencode(p) + b"\n" for p in files),
    ).split()
    entries = [
        f"100644 {sha}\t".encode() + os.fsencode(path.relative_to(output).as_posix()) + b"\0"
        for sha, path in zip(shas, files, strict=True)
    ]
    extra = {".nojekyll": b""}
    if cname:
        extra["CNAME"] = f"{cname}\n".encode()
    for name, data in extra.items():
        sha = _git(repo, "hash-object", "-w", "--stdin", stdin=data)
        entries.append(f"100644 {sha}\t{name}\0".encode())
    _git(repo, "update-index", "--add", "-z", "--index-info", stdin=b"".join(entries), env=env)
    return _git(repo, "write-tree", env=env), len(entries)


def publish(target: Target, site_dir: Path, output: Path, message: str | None) -> Published:
    """Commit the output on top of the branch's last commit and push it to the remote."""
    repo = target.repo
    source = source_commit(site_dir, repo)
    try:
        parent = target.remote_tip
        if parent is not None:
            try:
                _git(
                    repo, *target.network, "fetch", "--quiet", "--no-tags", target.remote,
                    f"refs/heads/{target.branch}",
                )  # fmt: skip
            except GitFailed as exc:
                if not exc.timed_out:
                    raise
                raise DeployError(
                    f'fetching the branch {target.branch} from "{target.remote}" '
                    f"({target.url}) timed out; {_says(exc)}",
                    f"{_unpublished(target)}: check the network, then run crosstable deploy again",
                ) from None
            parent = _waiting(repo, target.branch, parent)
        else:
            try:
                parent = _git(
                    repo, "rev-parse", "--verify", "--quiet", f"refs/heads/{target.branch}"
                )
            except GitFailed:
                parent = None
        kept = "" if target.cname else _branch_cname(repo, parent)
        with tempfile.TemporaryDirectory(prefix="crosstable-deploy-") as folder:
            tree, files = _write_tree(repo, output, target.cname or kept, Path(folder) / "index")
        if parent is not None and _git(repo, "rev-parse", f"{parent}^{{tree}}") == tree:
            behind = target.remote_tip != parent
            if behind:
                _push(target, parent)
            return Published(parent, parent, files, False, source, kept, pushed=behind)
        overtaken, unknown = _overtaken(repo, parent, target.branch)
        args = ["commit-tree", tree, "-F", "-"]
        if parent is not None:
            args += ["-p", parent]
        commit = _git(repo, *args, stdin=commit_message(message, source).encode())
        replaced = _unmerged(repo, target.branch, commit)
        _git(repo, "update-ref", "-m", "crosstable deploy", f"refs/heads/{target.branch}", commit)
    except GitFailed as exc:
        raise DeployError(f"git could not record the site; {_says(exc)}") from None
    _push(target, commit)
    return Published(
        commit, parent, files, True, source, kept, replaced, overtaken=overtaken, unknown=unknown
    )


_BUILT_FROM = re.compile(r"\bbuilt from ([0-9a-f]{40})\b", re.IGNORECASE)


def _overtaken(repo: Path, parent: str | None, branch: str) -> tuple[str, str]:
    """The commit the branch's last deploy was built from (its message says "built from
    SHA"), when this repository's HEAD does not hold it: a second organiser's deploy, from
    a clone with results not pulled here, was replaced by an older site without a word.

    Returned first when that is so, second when this clone is shallow and does not have the
    commit (its history is cut off: it cannot tell). Neither when this clone made that deploy
    (``_deployed_here``) from a commit once on this branch (its reflog): its own, rewritten
    since by ``git commit --amend`` or a rebase, which the warning took for another clone's.
    Once on the branch alone is not enough: another clone's deploy pulled here, then reset
    away (``git reset --hard``), is still replaced by a site without its edits."""
    if parent is None:
        return "", ""
    try:
        found = _BUILT_FROM.search(_git(repo, "log", "-1", "--format=%B", parent))
    except GitFailed:
        return "", ""
    if found is None:  # a --message of its own with {sha}: nothing to compare
        return "", ""
    built_from = found.group(1)
    try:
        _git(repo, "merge-base", "--is-ancestor", built_from, "HEAD")
        return "", ""
    except GitFailed:  # not an ancestor, or a commit this repository does not have
        pass
    try:
        _git(repo, "cat-file", "-e", f"{built_from}^{{commit}}")
    except GitFailed:  # never had here, or cut off with the history of a shallow clone
        return ("", built_from) if _shallow(repo) else (built_from, "")
    own = _deployed_here(repo, branch, parent) and _once_on_branch(repo, built_from)
    return ("", "") if own else (built_from, "")


def _deployed_here(repo: Path, branch: str, commit: str) -> bool:
    """Whether this clone's deploy made ``commit`` on the deploy branch: in the local
    branch's reflog as ``publish`` writes it ("crosstable deploy"), not one fetched."""
    try:
        entries = _git(repo, "reflog", "show", "--format=%H %gs", f"refs/heads/{branch}", "--")
    except GitFailed:  # no local branch, or no reflog: not known to be this clone's
        return False
    return f"{commit} crosstable deploy" in entries.splitlines()


def _shallow(repo: Path) -> bool:
    """Whether this clone's history is cut off (``git clone --depth``)."""
    try:
        return _git(repo, "rev-parse", "--is-shallow-repository") == "true"
    except GitFailed:
        return False


def _once_on_branch(repo: Path, commit: str) -> bool:
    """Whether ``commit`` was ever on the checked-out branch (HEAD when detached): in its
    reflog, or an ancestor of a commit that is. Only this branch's: the remote-tracking
    branch's reflog holds the commits fetched from another clone."""
    try:
        ref = _git(repo, "symbolic-ref", "--quiet", "HEAD")
    except GitFailed:
        ref = "HEAD"
    try:
        tips = set(_git(repo, "reflog", "show", "--format=%H", ref, "--").split())
        if commit in tips:
            return True
        if not tips:
            return False
        listed = _git(repo, "rev-list", "--stdin", stdin="".join(f"{t}\n" for t in tips).encode())
    except GitFailed:  # no reflog, or one naming a commit pruned since
        return False
    return commit in listed.split()


def _waiting(repo: Path, branch: str, remote_tip: str) -> str:
    """The commit to build on: the local branch's tip when it holds the remote's tip and goes
    further (a deploy whose push failed, waiting there), else the remote's tip. Building on
    the remote's tip then left the waiting commit out: the next deploy, with nothing changed,
    made a new commit instead of pushing it, and told the organiser their branch held commits
    the remote did not, to be kept with ``git branch``, as if they were someone else's."""
    try:
        local = _git(repo, "rev-parse", "--verify", "--quiet", f"refs/heads/{branch}")
        _git(repo, "merge-base", "--is-ancestor", remote_tip, local)
    except GitFailed:  # no local branch, or one that does not hold the remote's tip
        return remote_tip
    return local


def _unmerged(repo: Path, branch: str, commit: str) -> str | None:
    """The local branch's tip when ``commit`` does not contain it (the branch held commits
    the remote's did not): moving the branch leaves them out, which is said, not silent."""
    try:
        local = _git(repo, "rev-parse", "--verify", "--quiet", f"refs/heads/{branch}")
    except GitFailed:
        return None
    try:
        _git(repo, "merge-base", "--is-ancestor", local, commit)
    except GitFailed:
        return local
    return None


def _push(target: Target, commit: str) -> None:
    refspec = f"{commit}:refs/heads/{target.branch}"
    url = target.push_url or target.url
    try:
        _git(target.repo, *target.network, "push", "--quiet", target.remote, refspec)
    except GitFailed as exc:
        kept = f"{_unpublished(target)}, and the commit on the local branch {target.branch}"
        if exc.timed_out:
            raise DeployError(
                f'pushing to "{target.remote}" ({url}) timed out: the remote is '
                f"unreachable or the network stalled; {_says(exc)}",
                f"{kept}: check the network (and the address: git remote -v), then run "
                "crosstable deploy again",
            ) from None
        raise DeployError(
            f'pushing to "{target.remote}" ({url}) failed; {_says(exc)}',
            f"{kept}: fix access to the remote (or let someone else's deploy finish) and run "
            "crosstable deploy again",
        ) from None


def _unpublished(target: Target) -> str:
    """What a deploy that failed to reach the remote leaves: nothing published, the build."""
    where = f" in {target.output}" if target.output is not None else ""
    return f"nothing was published; the build is kept{where}"
