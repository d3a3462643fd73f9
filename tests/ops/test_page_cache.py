"""The page cache is Django's LocMemCache, bounded: a crawl cannot grow a worker's memory
without end."""

from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.test import override_settings

PAGE = 52_000  # the largest step page, with its table


def test_the_site_keeps_pages_in_djangos_memory_cache_bounded_by_entries(settings):
    for name in ("pages", "default"):
        cache = settings.CACHES[name]
        assert cache["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
        assert 100 <= cache["OPTIONS"]["MAX_ENTRIES"] * PAGE <= 128 * 2**20


def test_a_crawl_of_more_pages_than_the_bound_keeps_at_most_the_bound(settings):
    bounded = {**settings.CACHES["pages"], "OPTIONS": {"MAX_ENTRIES": 50}}
    with override_settings(CACHES={**settings.CACHES, "pages": bounded}):
        cache = caches["pages"]
        assert isinstance(cache, LocMemCache)
        cache.clear()
        for n in range(500):
            cache.set(f"page:{n}", b"x" * 100)
        kept = [n for n in range(500) if cache.get(f"page:{n}") is not None]
        assert 0 < len(kept) <= 50 and 499 in kept
        cache.clear()
