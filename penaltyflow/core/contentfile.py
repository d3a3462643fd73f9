"""Reading a content file (charts, quick mode, lessons, quiz statements): YAML in, plain
data out, or an error that names the file. Each loader checks the shape itself."""

from pathlib import Path
from typing import Any

import yaml

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
