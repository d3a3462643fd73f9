"""Values built from the content, kept in this process for one content generation.

The one rule for an in-process cache of anything built from the content (questions
made from the charts, the true/false statements, the bank's listing): it is keyed on
the content generation (`pagecache.content_stamp()`), which every load and every admin
save moves on in the same transaction. Every worker, on every server, then builds the
value again within `pagecache.STAMP_SECONDS` of a change, whichever process made it.

    @per_content
    def questions() -> list[Question]: ...

`questions.forget()` drops the kept value. The generation names one content (it moves by a
random step: pagecache.content_changed), so a value kept for it is never wrong for another.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Generic, TypeVar

from .pagecache import content_stamp

T = TypeVar("T")


class per_content(Generic[T]):  # noqa: N801 (used as a decorator)
    every: list[per_content] = []

    def __init__(self, build: Callable[[], T]) -> None:
        self.build = build
        self.kept: tuple[str, T] | None = None
        wraps(build)(self)
        per_content.every.append(self)

    def __call__(self) -> T:
        stamp = content_stamp()
        kept = self.kept
        if kept is None or kept[0] != stamp:
            kept = self.kept = (stamp, self.build())
        return kept[1]

    def forget(self) -> None:
        self.kept = None
