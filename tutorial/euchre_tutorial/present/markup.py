"""Safe markup: escaping, attributes from keyword arguments, a tag, an action button.

>>> attrs({"class": "eu-x", "data_card": "Jd", "disabled": True, "hidden": False})
' class="eu-x" data-card="Jd" disabled'
>>> print(tag("p", "5 < 6", class_="eu-note"))
<p class="eu-note">5 &lt; 6</p>
>>> print(button_html("Pass", action="bid", data_bid="pass"))
<button type="button" class="md-button" data-action="bid" data-bid="pass">Pass</button>
"""

from __future__ import annotations

import html as _html
from collections.abc import Mapping

AttrValue = str | int | bool | None


def escape(text: object) -> str:
    """Text made safe for HTML content and attribute values (quotes included).

    >>> escape('"a" & <b>')
    '&quot;a&quot; &amp; &lt;b&gt;'
    """
    return _html.escape(str(text), quote=True)


def _name(key: str) -> str:
    """A Python keyword name as an HTML attribute name: ``class_`` -> ``class``,
    ``data_card`` -> ``data-card``, ``aria_label`` -> ``aria-label``."""
    return key.rstrip("_").replace("_", "-")


def attrs(values: Mapping[str, AttrValue]) -> str:
    """Attributes in the order given: ``True`` writes the bare name, ``False``/``None``
    leaves it out, anything else is escaped."""
    parts: list[str] = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = _name(key)
        parts.append(f" {name}" if value is True else f' {name}="{escape(value)}"')
    return "".join(parts)


def tag(name: str, text: str = "", /, **attributes: AttrValue) -> str:
    """One element around text (``inner_html`` is escaped; :func:`element` takes markup)."""
    return f"<{name}{attrs(attributes)}>{escape(text)}</{name}>"


def element(name: str, inner_html: str = "", /, **attributes: AttrValue) -> str:
    """One element around markup that is already safe (``inner_html`` is not escaped).

    >>> element("li", "<b>x</b>", class_="a")
    '<li class="a"><b>x</b></li>'
    """
    return f"<{name}{attrs(attributes)}>{inner_html}</{name}>"


def button_html(
    label: str, *, action: str, class_: str = "md-button", **attributes: AttrValue
) -> str:
    """A button that asks the widget's delegated listener to do ``action``."""
    extra = {"class": class_, "data_action": action, **attributes}
    return f'<button type="button"{attrs(extra)}>{escape(label)}</button>'
