"""The mastery map: the skills the site teaches, tracked item by item with FSRS.

An *item* is one concrete thing inside a skill ("left bower follows hearts" inside
"following suit with the left bower"). Each item has its own FSRS card; a right answer is
rated Good, a miss Again. The progress record is plain JSON kept by the browser (in
localStorage, never sent anywhere); every function here takes it and gives it back, so
Python schedules and JavaScript only stores.

>>> from datetime import datetime, timezone
>>> now = datetime(2026, 3, 1, 12, tzinfo=timezone.utc)
>>> record = new_record()
>>> record = record_answer(record, "left-bower", "left bower follows hearts", False, now)
>>> from datetime import timedelta
>>> [entry["item"] for entry in due_items(record, now=now + timedelta(minutes=1))]
['left bower follows hearts']
"""

from euchre_tutorial.mastery.progress import (
    due_first,
    due_items,
    record_answer,
    reset,
    skill_levels,
)
from euchre_tutorial.mastery.record import (
    RecordDamage,
    export_text,
    import_text,
    new_record,
    repair,
)
from euchre_tutorial.mastery.skills import SKILLS, Skill, skill

__all__ = [
    "SKILLS",
    "RecordDamage",
    "Skill",
    "due_first",
    "due_items",
    "export_text",
    "import_text",
    "new_record",
    "record_answer",
    "repair",
    "reset",
    "skill",
    "skill_levels",
]
