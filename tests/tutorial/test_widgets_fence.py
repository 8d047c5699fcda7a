"""The ``widget`` fence: it places a widget with its build-time first state, and a bad
fence stops ``mkdocs build --strict`` with a message naming the problem."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import markdown
import pytest
from euchre_tutorial.mdext.widgets import WidgetFenceError

ROOT = Path(__file__).resolve().parents[2]


def convert(text: str, rules: str = "") -> str:
    md = markdown.Markdown(
        extensions=[
            "admonition",
            "pymdownx.tabbed",
            "pymdownx.superfences",
            "euchre_tutorial.mdext.widgets",
        ],
        extension_configs={"euchre_tutorial.mdext.widgets": {"rules": rules}},
    )
    return md.convert(textwrap.dedent(text))


FENCE = """
```widget
kind: trump-explorer
trump: spades
```
"""


def test_fence_renders_root_with_config_rules_and_first_state() -> None:
    html = convert(FENCE)
    root = re.search(r"<div class=\"eu-widget[^>]*>", html)
    assert root is not None
    tag = root.group(0)
    assert 'data-widget="trump-explorer"' in tag
    config = json.loads(re.search(r"data-config='([^']*)'", tag).group(1))  # type: ignore[union-attr]
    assert config == {"trump": "s", "id": "eu-trump-explorer-1"}
    rules = json.loads(re.search(r"data-rules='([^']*)'", tag).group(1))  # type: ignore[union-attr]
    assert rules["deck"] == 24 and rules["stick_the_dealer"] is False
    assert 'data-card="Js"' in html and "eu-te-rows" in html  # the first state
    assert "data-widget-status" in html  # the status slot


def test_fence_works_inside_admonition_and_tabs() -> None:
    html = convert(
        """
        !!! example "Try it"

            ```widget
            kind: trump-explorer
            ```

        === "Tab"

            ```widget
            kind: trump-explorer
            trump: diamonds
            ```
        """
    )
    assert html.count('data-widget="trump-explorer"') == 2
    assert 'id="eu-trump-explorer-1"' in html and 'id="eu-trump-explorer-2"' in html


def test_fence_takes_an_id_and_refuses_a_duplicate() -> None:
    html = convert("```widget\nkind: trump-explorer\nid: explore\n```\n")
    assert 'id="explore"' in html and 'name="explore-trump"' in html
    with pytest.raises(WidgetFenceError, match="'explore' is used twice"):
        convert(
            "```widget\nkind: trump-explorer\nid: explore\n```\n\n"
            "```widget\nkind: trump-explorer\nid: explore\n```\n"
        )


def test_other_fences_are_untouched() -> None:
    html = convert("```python\nprint('hi')\n```\n")
    assert "eu-widget" not in html and "print" in html


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("kind: trump-exploder", "unknown widget kind 'trump-exploder'"),
        ("trump: hearts", "needs 'kind: ...'"),
        ("kind: trump-explorer\ntrump: hearts\ncolour: red", "unknown key 'colour'"),
        ("kind: trump-explorer\ntrump: purple", "trump: 'purple' is not a suit"),
        ("kind: trump-explorer\ntrump: none", "needs rules with no_trump"),
        ("kind: trump-explorer\njust words", "expected 'key: value'"),
        ("kind: trump-explorer\nid: 3 bad", "id '3 bad'"),
    ],
)
def test_bad_fence_raises_naming_the_problem(body: str, message: str) -> None:
    with pytest.raises(WidgetFenceError, match=re.escape(message)):
        convert(f"```widget\n{body}\n```\n")


def test_options_on_the_fence_line_are_refused() -> None:
    with pytest.raises(WidgetFenceError, match="fence body"):
        convert('```widget kind="trump-explorer"\n```\n')


def test_house_rules_file_sets_the_rules(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text("deck = 32\nno_trump = true\n")
    html = convert("```widget\nkind: trump-explorer\ntrump: none\n```\n", rules=str(house))
    assert '"deck": 32' in html and '"no_trump": true' in html
    assert 'value="none" checked' in html
    assert 'data-card="7c"' in html


# ---------------------------------------------------------------- a real mkdocs build
def mkdocs_build(tmp_path: Path, page: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n\n" + page)
    (tmp_path / "mkdocs.yml").write_text(
        textwrap.dedent(
            """
            site_name: Fence test
            theme:
              name: mkdocs
            markdown_extensions:
              - admonition
              - pymdownx.superfences
              - euchre_tutorial.mdext.widgets:
                  rules: ""
            """
        )
    )
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(tmp_path / "mkdocs.yml")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_mkdocs_strict_build_places_the_widget(tmp_path: Path) -> None:
    result = mkdocs_build(tmp_path, FENCE)
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "site" / "index.html").read_text()
    assert 'data-widget="trump-explorer"' in html


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("kind: trump-exploder", "unknown widget kind 'trump-exploder'"),
        ("kind: trump-explorer\ntrump: purple", "'purple' is not a suit"),
    ],
)
def test_mkdocs_strict_build_fails_on_a_bad_fence(tmp_path: Path, body: str, message: str) -> None:
    result = mkdocs_build(
        tmp_path,
        f"!!! note\n\n    ```widget\n    {body.replace(chr(10), chr(10) + '    ')}\n    ```\n",
    )
    assert result.returncode != 0
    output = result.stdout + result.stderr
    assert message in output
    assert "index.md" in output  # MkDocs names the page
    assert not (tmp_path / "site" / "index.html").exists()
