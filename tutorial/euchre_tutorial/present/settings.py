"""The settings panel of the practice pages (animation speed, motion, colors, hurrying,
sound, flat mode), drawn once here; ``assets/euchre/settings.js`` sets its fields from the
learner's stored settings and applies them.

>>> html = settings_html("eu-game")
>>> html.count('type="radio"'), html.count('type="checkbox"'), 'data-setting="theme"' in html
(8, 3, True)
"""

from __future__ import annotations

from euchre_tutorial.present.markup import attrs, escape

RADIOS = (
    ("speed", "Animation speed", (("relaxed", "Relaxed"), ("normal", "Normal"), ("fast", "Fast"))),
    ("motion", "Motion", (("system", "As my device"), ("reduce", "Reduced"), ("full", "Full"))),
    ("theme", "Colors", (("light", "Light"), ("dark", "Dark"))),
)
CHECKS = (
    ("hurry", "Tap the table or press a key to hurry an animation"),
    ("sound", "Sound (short beeps)"),
    ("flat", "Flat mode: no shadows, no card movement"),
)


def settings_html(uid: str) -> str:
    """The "Settings" disclosure; ``uid`` makes its ids unique on the page."""
    groups = []
    for name, legend, options in RADIOS:
        inputs = "".join(
            f'<span class="eu-radio"><input{attrs({"type": "radio", "name": f"{uid}-{name}", "id": f"{uid}-{name}-{value}", "value": value, "data_setting": name})}>'
            f'<label for="{uid}-{name}-{value}">{escape(label)}</label></span>'
            for value, label in options
        )
        groups.append(
            f'<fieldset class="eu-setting"><legend>{escape(legend)}</legend>{inputs}</fieldset>'
        )
    for name, label in CHECKS:
        groups.append(
            f'<p class="eu-setting eu-check"><input type="checkbox" id="{uid}-{name}" data-setting="{name}">'
            f'<label for="{uid}-{name}">{escape(label)}</label></p>'
        )
    return (
        f'<details class="eu-settings" data-settings><summary>Settings</summary>'
        f'<div class="eu-settings-body">{"".join(groups)}</div></details>'
    )
