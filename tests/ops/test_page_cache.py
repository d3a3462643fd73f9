"""The page cache is bounded by bytes: a crawl cannot grow a worker's memory without end."""

import pytest
from django.core.cache import caches
from django.test import override_settings

from penaltyflow.ops.cache import ByteBoundedMemoryCache

PAGE = 40_000  # a step page is 20 to 52 KB


@pytest.fixture
def small_cache():
    cache = ByteBoundedMemoryCache(
        "test-bounded", {"TIMEOUT": None, "OPTIONS": {"MAX_BYTES": 1_000_000}}
    )
    cache.clear()
    yield cache
    cache.clear()


def test_it_never_holds_more_bytes_than_its_bound(small_cache):
    for n in range(500):  # 20 MB of pages offered to a 1 MB cache
        small_cache.set(f"page:{n}", (b"x" * PAGE, "text/html"))
        assert small_cache.bytes_used <= 1_000_000
    kept = [n for n in range(500) if small_cache.get(f"page:{n}") is not None]
    assert 20 <= len(kept) <= 25
    assert kept == list(range(500 - len(kept), 500))  # the most recent ones


def test_the_least_recently_used_page_goes_first(small_cache):
    for n in range(20):
        small_cache.set(f"page:{n}", b"x" * PAGE)
    assert small_cache.get("page:0") is not None  # read: now the most recent
    for n in range(20, 30):
        small_cache.set(f"page:{n}", b"x" * PAGE)
    assert small_cache.get("page:0") is not None
    assert small_cache.get("page:1") is None


def test_replacing_or_deleting_a_page_gives_its_bytes_back(small_cache):
    small_cache.set("a", b"x" * PAGE)
    used = small_cache.bytes_used
    small_cache.set("a", b"x" * PAGE)
    assert small_cache.bytes_used == used
    small_cache.delete("a")
    assert small_cache.bytes_used == 0
    small_cache.set("b", b"x" * 2_000_000)  # larger than the whole cache: not kept
    assert small_cache.get("b") is None and small_cache.bytes_used == 0


def test_the_site_uses_it_with_a_bound_from_the_environment(settings):
    options = settings.CACHES["default"]["OPTIONS"]
    assert settings.CACHES["default"]["BACKEND"] == "penaltyflow.ops.cache.ByteBoundedMemoryCache"
    assert 16 * 2**20 <= options["MAX_BYTES"] <= 128 * 2**20
    with override_settings(CACHES={"default": settings.CACHES["default"]}):
        assert isinstance(caches["default"], ByteBoundedMemoryCache)


def test_it_is_a_django_cache_expiring_adding_and_touching(small_cache):
    assert small_cache.add("k", {"a": 1}) and not small_cache.add("k", {"a": 2})
    value = small_cache.get("k")
    value["a"] = 3  # a copy: the cache keeps what was set
    assert small_cache.get("k") == {"a": 1} and small_cache.has_key("k")
    small_cache.set("gone", 1, timeout=-1)
    assert small_cache.get("gone", "missing") == "missing"
    assert small_cache.touch("k", timeout=-1) and not small_cache.has_key("k")
    assert small_cache.get_or_set("n", 5) == 5 and small_cache.incr("n") == 6
