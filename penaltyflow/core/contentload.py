"""Whether a kind of content must be loaded again: a load whose files and code have not
changed since the last one is skipped (`manage.py loadcharts --force` loads anyway).

Each kind's digest covers its own folder, the folders it reads besides (a lesson names
chart steps and quiz questions), and the code (every .py file of penaltyflow/ and
requirements.txt: the engine replays the examples, so new code may make new content).
It is stored with the content generation right after the load (`ContentLoad`). A load is
skipped only while the digest is the same and the generation is where the last load left
it: an admin edit moves the generation on, and the next load puts the files back.
A kind loaded anew makes the kinds that read it load again (new charts, new chart questions).
"""

import functools
import hashlib
from pathlib import Path

from django.conf import settings
from django.db.models import Max

from .models import ContentGeneration, ContentLoad

# Each kind and the other kinds whose files (and rows) it reads.
READS: dict[str, tuple[str, ...]] = {
    "charts": (),
    "quiz": ("charts",),
    "lessons": ("charts", "quiz"),
    "quick": ("charts",),
}
CODE = Path(__file__).resolve().parents[1]  # penaltyflow/


@functools.cache
def code_version() -> str:
    digest = hashlib.sha256()
    for path in sorted([*CODE.rglob("*.py"), CODE.parent / "requirements.txt"]):
        if path.is_file():
            digest.update(str(path.relative_to(CODE.parent)).encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def content_digest(kind: str) -> str:
    digest = hashlib.sha256(code_version().encode())
    for folder_kind in (kind, *READS[kind]):
        folder = Path(settings.CONTENT_DIR) / folder_kind
        for path in sorted(folder.glob("*.yaml")):
            digest.update(f"{folder_kind}/{path.name}".encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def _generation() -> int:
    return ContentGeneration.objects.values_list("value", flat=True).first() or 0


def unchanged(kind: str, digest: str) -> bool:
    """True when the last load of `kind` was of this digest and no content has changed
    since the last load of any kind (an admin edit, a load of named files)."""
    row = ContentLoad.objects.filter(kind=kind).first()
    if row is None or row.digest != digest:
        return False
    latest = ContentLoad.objects.aggregate(latest=Max("generation"))["latest"]
    return _generation() == latest


def readers(kind: str) -> list[str]:
    """The kinds that read `kind`, directly or through another."""
    found = [k for k, reads in READS.items() if kind in reads]
    for k in list(found):
        found += [r for r in readers(k) if r not in found]
    return found


def loaded(kind: str, digest: str | None) -> None:
    """After a load of `kind`: remember it (None: only some files were loaded, so the
    next load of every file is done in full); the kinds that read it load again."""
    ContentLoad.objects.filter(kind__in=readers(kind)).delete()
    if digest is None:
        ContentLoad.objects.filter(kind=kind).delete()
    else:
        ContentLoad.objects.update_or_create(
            kind=kind, defaults={"digest": digest, "generation": _generation()}
        )
