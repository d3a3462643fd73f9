"""Content files (charts, quick mode, lessons, quiz statements): reading one (YAML in,
plain data out, or an error that names the file; each loader checks the shape itself),
and the command that loads one kind of them."""

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import OperationalError

from . import contentload

# libyaml's parser when it is there (Debian's python3-yaml and the PyPI wheels have it):
# the same data, several times faster than the pure-Python one.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_yaml(path: Path, error: type[Exception]) -> Any:
    """The file's data; raises `error` saying which file and why when it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise error(f"{path}: cannot be read ({exc})") from None
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 (a safe loader)
    except yaml.YAMLError as exc:
        raise error(f"{path}: is not valid YAML ({exc})") from None


class LoadContentCommand(BaseCommand):
    """`manage.py loadX [FILE ...] [--force]`: one kind of content file loaded, all of them or none.

    A subclass names its folder (under CONTENT_DIR; also the kind of content), what its
    files are called, its loader's error, and says how to load and how to describe what
    was loaded. Loading every file is skipped when neither they nor the code changed since
    the last load (`core/contentload.py`); --force loads anyway; named files always load.
    """

    folder = ""
    files_are = "content files"
    error: type[Exception] = Exception
    describe_verbosity = 1  # the verbosity from which each loaded item gets its line

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "files", nargs="*", type=Path, help=f"default: every *.yaml in content/{self.folder}/"
        )
        parser.add_argument(
            "--force", action="store_true", help="load even if nothing changed since the last load"
        )

    def load(self, paths: list[Path], every_file: bool) -> Iterable[Any]:
        raise NotImplementedError

    def describe(self, loaded: Any) -> str:
        raise NotImplementedError

    def say(self, line: str) -> None:
        """A line of progress (not with -v0)."""
        if self.verbosity:
            self.stdout.write(line)
            self.stdout.flush()

    def handle(self, *args: Any, files: list[Path], force: bool = False, **options: Any) -> None:
        self.verbosity = options["verbosity"]
        folder = settings.CONTENT_DIR / self.folder
        paths = files or sorted(folder.glob("*.yaml"))
        if not paths:
            raise CommandError(f"No {self.files_are} in {folder}")
        digest = None if files else contentload.content_digest(self.folder)
        if digest and not force and contentload.unchanged(self.folder, digest):
            self.say(skipped_line(len(paths), self.files_are, folder))
            return
        self.say(f"Loading {len(paths)} {self.files_are} from {folder}...")
        try:
            loaded = list(self.load(paths, every_file=not files))
        except self.error as exc:
            raise CommandError(f"Nothing was loaded.\n{exc}") from None
        except OperationalError as exc:  # SQLite: another writer kept the lock past the timeout
            if "locked" not in str(exc):
                raise
            command = self.__module__.rpartition(".")[2]
            raise CommandError(
                "Nothing was loaded: the database stayed busy with another write "
                f"(another {command}?). Run it again when that has finished."
            ) from None
        contentload.loaded(self.folder, digest)
        for item in loaded if self.verbosity >= self.describe_verbosity else ():
            self.stdout.write(self.describe(item))


def skipped_line(count: int, files_are: str, folder: Path) -> str:
    return (
        f"The {count} {files_are} in {folder} and the code are as they were at the last "
        "load: nothing to do (--force loads them anyway)."
    )
