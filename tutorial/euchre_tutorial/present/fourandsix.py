"""Keeping score with a 4 and a 6, drawn: one inline SVG per score from 1 to 10.

A side keeps its score with two spare cards, a 4 and a 6. One lies on (or under) the other,
and the pips you can see are the points:

- 1 to 4 points: the 4 face up, the 6 face down over it, hiding all but that many pips;
- 5 and 6: the 6 face up, the 4 face down over it (5) or tucked under it (6);
- 7 to 10: the 6 face up on top, fully in view, over the 4 face up, which shows 1 to 4 pips.

The covering card is placed by a rule (shifted down, or turned 45 degrees along a diagonal
line between the pips), and every drawing is checked: the pips in view must be exactly the
score, and no pip may be cut in half.

>>> visible_pips(7)
(6, 1)
>>> svg = score_svg(7)
>>> svg.startswith("<svg") and 'aria-label="Score 7' in svg
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

W, H, R = 60.0, 84.0, 6.5  # card size and a pip's radius
PIPS = {
    4: [(18.0, 22.0), (42.0, 22.0), (18.0, 62.0), (42.0, 62.0)],
    6: [(18.0, 22.0), (42.0, 22.0), (18.0, 42.0), (42.0, 42.0), (18.0, 62.0), (42.0, 62.0)],
}
RED = "#c62828"
SUIT = "♥"
SQ = 1 / math.sqrt(2)
Vec = tuple[float, float]


@dataclass(frozen=True)
class Placement:
    """Where a card lies: local (a, b) maps to origin + a*v + b*u (a rotation, no mirror)."""

    origin: Vec
    v: Vec = (1.0, 0.0)
    u: Vec = (0.0, 1.0)

    def to_page(self, a: float, b: float) -> Vec:
        """A point of the card in page coordinates."""
        return (
            self.origin[0] + a * self.v[0] + b * self.u[0],
            self.origin[1] + a * self.v[1] + b * self.u[1],
        )

    def to_card(self, x: float, y: float) -> Vec:
        """A page point in the card's own coordinates."""
        dx, dy = x - self.origin[0], y - self.origin[1]
        return (dx * self.v[0] + dy * self.v[1], dx * self.u[0] + dy * self.u[1])

    def transform(self) -> str:
        """The SVG transform attribute."""
        v, u, o = self.v, self.u, self.origin
        return f"matrix({v[0]:.4f} {v[1]:.4f} {u[0]:.4f} {u[1]:.4f} {o[0]:.2f} {o[1]:.2f})"

    def corners(self) -> list[Vec]:
        """The four corners in page coordinates."""
        return [self.to_page(a, b) for a, b in ((0, 0), (W, 0), (0, H), (W, H))]


BOTTOM = Placement((0.0, 0.0))


def diagonal(c: float) -> Placement:
    """A card turned 45 degrees, one long edge on the line x + y = c, covering the side
    where x + y > c."""
    v, u = (SQ, SQ), (-SQ, SQ)
    t = (c - (W / 2 + H / 2)) / 2  # the bottom card's centre moved onto the line
    centre = (W / 2 + t, H / 2 + t)
    return Placement((centre[0] - H / 2 * u[0], centre[1] - H / 2 * u[1]), v, u)


# How the covering card lies to leave k pips of the bottom card in view.
COVERS: dict[tuple[int, int], Placement] = {
    (4, 1): diagonal(52.0),
    (4, 2): Placement((0.0, 42.0)),
    (4, 3): diagonal(94.0),
    (6, 5): diagonal(94.0),
}
BESIDE = Placement((54.0, 10.0))  # on top, clear of every pip
UNDER = Placement((22.0, 12.0))  # tucked under, peeking out


def visible_pips(score: int) -> tuple[int, int]:
    """(pips of the 6 in view, pips of the 4 in view) for a score from 1 to 10."""
    if not 1 <= score <= 10:
        raise ValueError(f"a 4 and a 6 show 1 to 10 points, not {score}")
    if score <= 4:
        return (0, score)
    if score <= 6:
        return (score, 0)
    return (6, score - 6)


def _scene(score: int) -> tuple[int, int, bool, Placement, bool]:
    """(bottom rank, pips of it in view, cover face up, cover placement, cover on top)."""
    if score <= 4:
        return (4, score, False, COVERS.get((4, score), UNDER), score < 4)
    if score <= 6:
        return (6, score, False, COVERS.get((6, score), UNDER), score < 6)
    shown = score - 6
    return (4, shown, True, COVERS.get((4, shown), BESIDE), True)


def _check(rank: int, cover: Placement, on_top: bool, shown: int) -> None:
    in_view = 0
    for x, y in PIPS[rank]:
        a, b = cover.to_card(x, y)
        inside = R <= a <= W - R and R <= b <= H - R
        outside = a < -R or a > W + R or b < -R or b > H + R
        if on_top and not (inside or outside):
            raise ValueError(f"the drawing of a {rank} cuts the pip at ({x}, {y}) in half")
        in_view += 1 if (outside or not on_top) else 0
    if in_view != shown:
        raise ValueError(f"the drawing shows {in_view} pips of the {rank}, not {shown}")


def _card(rank: int, face_up: bool, place: Placement) -> str:
    parts = [f'<g transform="{place.transform()}">']
    if face_up:
        parts.append(f'<rect width="{W:g}" height="{H:g}" rx="5" fill="#fff" stroke="#444"/>')
        parts.append(f'<text x="5" y="12" font-size="10" fill="{RED}">{rank}</text>')
        for x, y in PIPS[rank]:
            parts.append(
                f'<text x="{x:g}" y="{y + 5:g}" font-size="15" text-anchor="middle" '
                f'fill="{RED}">{SUIT}</text>'
            )
    else:
        parts.append(f'<rect width="{W:g}" height="{H:g}" rx="5" fill="#1b5e20" stroke="#444"/>')
        parts.append(
            f'<rect x="5" y="5" width="{W - 10:g}" height="{H - 10:g}" rx="3" '
            'fill="none" stroke="#a5d6a7" stroke-dasharray="3 3"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def describe(score: int) -> str:
    """The drawing in words (its accessible name).

    >>> describe(3)
    'Score 3: the 4 face up with 3 of its pips in view, the 6 face down over it'
    """
    six, four = visible_pips(score)
    if score <= 4:
        how = "over it" if score < 4 else "under it"
        return (
            f"Score {score}: the 4 face up with {four} of its pips in view, the 6 face down {how}"
        )
    if score <= 6:
        how = "over it" if score < 6 else "under it"
        return f"Score {score}: the 6 face up with {six} of its pips in view, the 4 face down {how}"
    return (
        f"Score {score}: the 6 face up, all 6 pips in view, over the 4 face up, "
        f"which shows {four} {'pip' if four == 1 else 'pips'}"
    )


def score_svg(score: int) -> str:
    """An inline SVG of the two cards showing ``score`` points."""
    bottom_rank, shown, cover_up, cover, on_top = _scene(score)
    _check(bottom_rank, cover, on_top, shown)
    cover_rank = 6 if bottom_rank == 4 else 4
    points = BOTTOM.corners() + cover.corners()
    left = min(x for x, _ in points) - 2
    top = min(y for _, y in points) - 2
    width = max(x for x, _ in points) + 2 - left
    height = max(y for _, y in points) + 2 - top
    bottom_svg = _card(bottom_rank, True, BOTTOM)
    cover_svg = _card(cover_rank, cover_up, cover)
    body = bottom_svg + cover_svg if on_top else cover_svg + bottom_svg
    return (
        f'<svg class="eu-four-six-svg" viewBox="{left:.1f} {top:.1f} {width:.1f} {height:.1f}" '
        f'width="{width * 0.9:.0f}" height="{height * 0.9:.0f}" role="img" '
        f'aria-label="{escape(describe(score))}" xmlns="http://www.w3.org/2000/svg">'
        f"{body}</svg>"
    )


def figure_html(score: int) -> str:
    """One score as a figure: the drawing and its number."""
    return (
        f'<figure class="eu-four-six">{score_svg(score)}'
        f"<figcaption>{score} {'point' if score == 1 else 'points'}</figcaption></figure>"
    )


def all_scores_html() -> str:
    """Every score from 1 to 10, in a grid."""
    figures = "".join(figure_html(n) for n in range(1, 11))
    return f'<div class="eu-four-six-grid">{figures}</div>'
