"""The 4-and-6 score drawing, kept under its old name: it lives in
:mod:`euchre_tutorial.present.fourandsix` (the presentation layer).

>>> score_svg(3).startswith("<svg")
True
"""

from __future__ import annotations

from euchre_tutorial.present.fourandsix import (
    all_scores_html,
    describe,
    figure_html,
    score_svg,
    visible_pips,
)

__all__ = ["all_scores_html", "describe", "figure_html", "score_svg", "visible_pips"]
