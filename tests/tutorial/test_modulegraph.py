"""The site's module graph: every module a page runs is found from the imports, so the
page can preload all of them at once (a slow connection otherwise waits one round trip per
link of the import chain before a widget listens)."""

from __future__ import annotations

from pathlib import Path

from euchre_tutorial.mkdocs_hooks import on_pre_build
from euchre_tutorial.modulegraph import closure, page_preloads, static_imports, widget_kinds
from euchre_tutorial.prebuilt import publish

ASSETS = Path(__file__).resolve().parents[2] / "tutorial" / "web" / "assets" / "euchre"
WIDGETS = sorted(path.stem for path in (ASSETS / "widgets").glob("*.js"))


def test_static_imports_span_lines_and_skip_dynamic_and_commented_ones() -> None:
    text = (
        'import {\n  a,\n  b,\n} from "../dom.js";\n'
        "import './settings.js'; // side effects only\n"
        'export { c } from "./play/effects.js";\n'
        '//   import { d } from "../mastery.js";\n'
        'const e = await import(new URL("./runtime.js", import.meta.url).href);\n'
        'const f = "import x from \\"./nope.js\\"";\n'
    )
    assert static_imports(text) == ["../dom.js", "./settings.js", "./play/effects.js"]


def test_a_lesson_page_runs_the_whole_chain() -> None:
    modules = page_preloads('<div data-widget="lesson">', ASSETS)
    names = [m.removeprefix("assets/euchre/") for m in modules]
    # site.js → settings.js → play/storage.js, page/keep.js, page/top.js; lesson.js → dom,
    # mastery (→ runtime), effects, controls, confirm, prebuilt (the build's replies); and the
    # runtime site.js loads for any widget
    assert set(names) == {
        "site.js",
        "settings.js",
        "page/keep.js",
        "page/top.js",
        "play/storage.js",
        "widgets/lesson.js",
        "dom.js",
        "mastery.js",
        "runtime.js",
        "play/effects.js",
        "play/controls.js",
        "play/confirm.js",
        "prebuilt.js",
    }
    assert len(names) == len(set(names))


def test_a_page_without_widgets_preloads_only_what_site_js_imports() -> None:
    assert page_preloads("<p>The deal</p>", ASSETS) == [
        "assets/euchre/site.js",
        "assets/euchre/settings.js",
        "assets/euchre/page/keep.js",
        "assets/euchre/page/top.js",
        "assets/euchre/play/storage.js",
    ]


def test_every_import_of_every_widget_resolves_to_a_module() -> None:
    # a renamed module would silently drop out of the preloads: every import names a file
    for name in ["site.js", *(f"widgets/{w}.js" for w in WIDGETS)]:
        for module in closure(ASSETS, (name,)):
            base = (ASSETS / module).parent
            for spec in static_imports((ASSETS / module).read_text(encoding="utf-8")):
                assert (base / spec).resolve().is_file(), f"{module} imports {spec}"


def test_widget_kinds_in_order_each_once() -> None:
    html = '<div data-widget="quiz"></div><div data-widget="trump-explorer"></div><div data-widget="quiz">'
    assert widget_kinds(html) == ["quiz", "trump-explorer"]


def test_each_build_reads_the_imports_again(tmp_path: Path) -> None:
    # `mkdocs serve` rebuilds in one process: a script edited between builds is read again
    (tmp_path / "a.js").write_text('import "./b.js";')
    (tmp_path / "b.js").write_text("")
    assert closure(tmp_path, ("a.js",)) == ("a.js", "b.js")
    (tmp_path / "a.js").write_text("")
    on_pre_build({})
    publish.forget()  # the build's gathering of reply files begins there: end it, as a build does
    assert closure(tmp_path, ("a.js",)) == ("a.js",)
