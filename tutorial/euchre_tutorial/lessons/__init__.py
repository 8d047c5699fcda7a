"""The guided lessons: data files (``data/*.toml``), their loader and validator, and the
runner that plays a step.

>>> [lesson.id for lesson in default_lessons()][:2]
['bowers', 'left-bower']
>>> lesson_by_id("bowers").title
'Card ranks and the bowers'
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from euchre_tutorial.lessons.model import Lesson, LessonError, Step, parse_lesson
from euchre_tutorial.lessons.validate import validate

DATA = Path(__file__).resolve().parent / "data"

__all__ = [
    "DATA",
    "Lesson",
    "LessonError",
    "Step",
    "default_lessons",
    "lesson_by_id",
    "load_lesson_file",
    "load_lessons",
    "validate",
]


def load_lesson_file(path: Path) -> Lesson:
    """One lesson file, read and checked for form (``validate`` checks the play)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(path.stem, None, f"{path.name} is not valid TOML: {exc}") from None
    return parse_lesson(data, source=path.name)


def load_lessons(folder: Path | str | None = None, check: bool = True) -> list[Lesson]:
    """Every lesson of ``folder`` (the packaged path by default), in file-name order.
    With ``check`` each is validated; a broken one raises LessonError with its id and step."""
    where = Path(folder) if folder else DATA
    files = sorted(where.glob("*.toml"))
    if not files:
        raise LessonError(str(where), None, "no lesson files (*.toml) in this folder")
    lessons: list[Lesson] = []
    seen: dict[str, str] = {}
    for path in files:
        lesson = load_lesson_file(path)
        if lesson.id in seen:
            raise LessonError(
                lesson.id, None, f"the id is used by {seen[lesson.id]} and {path.name}"
            )
        seen[lesson.id] = path.name
        if check:
            validate(lesson)
        lessons.append(lesson)
    return lessons


@cache
def default_lessons() -> tuple[Lesson, ...]:
    """The site's lesson path (read once; validated at build time by the lesson widget)."""
    return tuple(load_lessons(DATA, check=False))


def lesson_by_id(lesson_id: str) -> Lesson:
    """A lesson of the path by its id; an unknown id raises ValueError."""
    for lesson in default_lessons():
        if lesson.id == lesson_id:
            return lesson
    raise ValueError(f"there is no lesson {lesson_id!r}")
