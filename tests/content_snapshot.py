"""Makes the content snapshot the tests share (var/test-content/, see `_load_content` in
tests/conftest.py), as the first test to need it would: `make test` runs this beside
`make check`, so that no test process waits for it. Nothing to do when the code and the
content have not changed since the last one.

    .venv/bin/python -m tests.content_snapshot
"""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")

import django  # noqa: E402

django.setup()

from django.test.utils import setup_databases, teardown_databases  # noqa: E402

from tests.conftest import _load_content, snapshot_path  # noqa: E402

if __name__ == "__main__":
    if snapshot_path().exists():
        print(f"Content snapshot: {snapshot_path().name}, already made")
    else:
        databases = setup_databases(verbosity=0, interactive=False)
        try:
            _load_content()
        finally:
            teardown_databases(databases, verbosity=0)
        print(f"Content snapshot: {snapshot_path().name}, made")
