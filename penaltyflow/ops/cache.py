"""A per-process memory cache bounded by bytes, not only by the number of entries.

Kept pages are 20 to 50 KB each and a crawler can ask for hundreds of thousands of
distinct addresses, so a count of entries does not bound a worker's memory. This is a
cache backend of its own on Django's public `BaseCache` interface: values pickled (as
LocMemCache does, so a caller never shares an object with the cache), least recently
used first out, evicting until a new value fits under OPTIONS["MAX_BYTES"] (and
MAX_ENTRIES). Instances with the same name share their store, as LocMemCache's do.
"""

import pickle
import threading
import time
from collections import OrderedDict
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache

# Per entry, beyond the pickled value and the key: the dict slots, the expiry, the key string.
OVERHEAD = 200


class _Store:
    def __init__(self) -> None:
        self.entries: OrderedDict[str, tuple[bytes, float | None]] = OrderedDict()
        self.sizes: dict[str, int] = {}
        self.total = 0
        self.lock = threading.Lock()


_stores: dict[str, _Store] = {}


class ByteBoundedMemoryCache(BaseCache):
    def __init__(self, name: str, params: dict[str, Any]) -> None:
        super().__init__(params)
        self._max_bytes = int(params.get("OPTIONS", {}).get("MAX_BYTES", 64 * 2**20))
        self._store = _stores.setdefault(name, _Store())

    @property
    def bytes_used(self) -> int:
        return self._store.total

    # The store's own steps; each runs with the lock held.
    def _live(self, key: str) -> bytes | None:
        entry = self._store.entries.get(key)
        if entry is None:
            return None
        if entry[1] is not None and entry[1] <= time.time():
            self._drop(key)
            return None
        return entry[0]

    def _drop(self, key: str) -> bool:
        store = self._store
        if store.entries.pop(key, None) is None:
            return False
        store.total -= store.sizes.pop(key, 0)
        return True

    def _put(self, key: str, pickled: bytes, timeout: Any) -> None:
        store = self._store
        self._drop(key)
        size = len(pickled) + len(key) + OVERHEAD
        if size > self._max_bytes:
            return  # never worth emptying the whole cache for
        while store.entries and (
            len(store.entries) >= self._max_entries or store.total + size > self._max_bytes
        ):
            self._drop(next(iter(store.entries)))  # the least recently used
        store.entries[key] = (pickled, self.get_backend_timeout(timeout))
        store.sizes[key] = size
        store.total += size

    # Django's cache interface.
    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        pickled = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
        with self._store.lock:
            if self._live(key) is not None:
                return False
            self._put(key, pickled, timeout)
            return True

    def get(self, key, default=None, version=None) -> Any:
        key = self.make_and_validate_key(key, version=version)
        with self._store.lock:
            pickled = self._live(key)
            if pickled is None:
                return default
            self._store.entries.move_to_end(key)  # now the most recently used
        return pickle.loads(pickled)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> None:
        key = self.make_and_validate_key(key, version=version)
        pickled = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
        with self._store.lock:
            self._put(key, pickled, timeout)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        with self._store.lock:
            pickled = self._live(key)
            if pickled is None:
                return False
            self._store.entries[key] = (pickled, self.get_backend_timeout(timeout))
            return True

    def delete(self, key, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        with self._store.lock:
            return self._drop(key)

    def has_key(self, key, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        with self._store.lock:
            return self._live(key) is not None

    def clear(self) -> None:
        with self._store.lock:
            self._store.entries.clear()
            self._store.sizes.clear()
            self._store.total = 0
