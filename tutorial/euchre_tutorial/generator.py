"""The site generator: the whole site built for one table's rules.

>>> from euchre_tutorial.generator import check_rules
>>> check_rules("midwest").stick_the_dealer
True

``build_site(rules_spec, out_dir)`` checks the rules first (a bad house-rules file raises
:class:`euchre.RulesError` naming the key and the line, before anything is written), then
runs ``mkdocs build --strict`` with ``EUCHRE_RULES`` set, into a temporary folder next to
``out_dir``, shrinks our CSS and JavaScript there (``minify``), and swaps it in only when the
build succeeded. A failed build raises
:class:`SiteBuildError` with MkDocs' output and leaves ``out_dir`` as it was.
``serve_site`` does the same check and then runs ``mkdocs serve`` on 127.0.0.1.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from euchre import Rules

from euchre_tutorial.minify import minify_assets
from euchre_tutorial.site_rules import active_rules

ROOT = Path(__file__).resolve().parents[2]


class SiteBuildError(RuntimeError):
    """MkDocs could not build the site; ``output`` holds what it printed."""

    def __init__(self, message: str, output: str) -> None:
        super().__init__(message)
        self.output = output


def resolve_spec(rules_spec: str | os.PathLike[str] | None) -> str:
    """A profile name as is; a house-rules path made absolute (MkDocs runs elsewhere)."""
    spec = str(rules_spec or "").strip()
    if spec and spec not in Rules.profiles() and Path(spec).exists():
        return str(Path(spec).resolve())
    return spec


def check_rules(rules_spec: str | os.PathLike[str] | None) -> Rules:
    """The rules of a spec, or RulesError (with ``key`` and ``line``) when they are bad."""
    return active_rules(resolve_spec(rules_spec))


def _env(spec: str) -> dict[str, str]:
    env = dict(os.environ)
    env["EUCHRE_RULES"] = spec
    # the widgets' build-time replies, kept between builds (euchre_tutorial.prebuilt.publish)
    env.setdefault("EUCHRE_PREBUILT_CACHE", str(ROOT / "build" / "prebuilt-cache"))
    return env


def build_site(
    rules_spec: str | os.PathLike[str] | None,
    out_dir: str | os.PathLike[str] = "site",
    config_file: str | os.PathLike[str] | None = None,
) -> Path:
    """Build the site for ``rules_spec`` (a profile name, a house-rules TOML path, or None
    for the default) into ``out_dir``; returns the folder. Raises RulesError or
    SiteBuildError, leaving ``out_dir`` untouched."""
    spec = resolve_spec(rules_spec)
    active_rules(spec)  # fail before anything is written
    config = Path(config_file) if config_file else ROOT / "mkdocs.yml"
    out = Path(out_dir).resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}-build-", dir=out.parent))
    try:
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "mkdocs",
                "build",
                "--strict",
                "--clean",
                "--config-file",
                str(config),
                "--site-dir",
                str(tmp),
            ],
            cwd=config.parent,
            env=_env(spec),
            capture_output=True,
            text=True,
            check=False,
        )
        if proc.returncode != 0:
            output = proc.stdout + proc.stderr
            raise SiteBuildError(f"mkdocs build failed (exit {proc.returncode})", output)
        minify_assets(tmp)
        _swap(tmp, out)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return out


def _swap(new: Path, out: Path) -> None:
    old = None
    if out.exists():
        old = out.with_name(f".{out.name}-old-{os.getpid()}")
        out.rename(old)
    new.rename(out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def serve_site(
    rules_spec: str | os.PathLike[str] | None,
    port: int = 8000,
    config_file: str | os.PathLike[str] | None = None,
) -> int:
    """Check the rules, then run ``mkdocs serve`` on 127.0.0.1:``port`` until stopped;
    returns its exit code."""
    spec = resolve_spec(rules_spec)
    active_rules(spec)
    config = Path(config_file) if config_file else ROOT / "mkdocs.yml"
    return subprocess.call(
        [
            sys.executable,
            "-m",
            "mkdocs",
            "serve",
            "--strict",
            "--config-file",
            str(config),
            "--dev-addr",
            f"127.0.0.1:{port}",
        ],
        cwd=config.parent,
        env=_env(spec),
    )
