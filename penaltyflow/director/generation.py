"""The content generation (the version every page is built for), imported in one place."""

from penaltyflow.core.pagecache import content_changed, content_stamp

__all__ = ["content_changed", "content_stamp"]
