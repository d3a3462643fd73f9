"""A per-process memory cache bounded by bytes, not only by the number of entries.

Pages are 20 to 50 KB each and a crawler can ask for hundreds of thousands of
distinct addresses, so a count of entries does not bound a worker's memory. This
keeps Django's LocMemCache (pickled values, least recently used first out) and
evicts until the new value fits under OPTIONS["MAX_BYTES"].
"""

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache

# Per entry, beyond the pickled value and the key: the dict slots, the expiry, the key string.
OVERHEAD = 200
_usage: dict[str, dict] = {}


class ByteBoundedLocMemCache(LocMemCache):
    def __init__(self, name, params):
        super().__init__(name, params)
        self._max_bytes = int(params.get("OPTIONS", {}).get("MAX_BYTES", 64 * 2**20))
        self._sizes: dict[str, int] = _usage.setdefault(name, {"total": 0, "sizes": {}})["sizes"]
        self._usage = _usage[name]

    @property
    def bytes_used(self) -> int:
        return self._usage["total"]

    def _forget_size(self, key: str) -> None:
        self._usage["total"] -= self._sizes.pop(key, 0)

    def _set(self, key, value, timeout=DEFAULT_TIMEOUT):
        size = len(value) + len(key) + OVERHEAD
        self._delete(key)
        if size > self._max_bytes:
            return  # never worth emptying the whole cache for
        while self._cache and (
            len(self._cache) >= self._max_entries or self._usage["total"] + size > self._max_bytes
        ):
            old, _ = self._cache.popitem()  # the least recently used
            self._expire_info.pop(old, None)
            self._forget_size(old)
        self._cache[key] = value
        self._cache.move_to_end(key, last=False)
        self._expire_info[key] = self.get_backend_timeout(timeout)
        self._sizes[key] = size
        self._usage["total"] += size

    def _delete(self, key):
        self._forget_size(key)
        return super()._delete(key)

    def clear(self):
        with self._lock:
            self._cache.clear()
            self._expire_info.clear()
            self._sizes.clear()
            self._usage["total"] = 0
