"""The content generation (the version every page is built for), imported in one place.

It lives in penaltyflow.flowcharts.pagecache until the house-order work moves it to
penaltyflow.core.pagecache; whichever is merged first, this is the only import to change.
"""

try:
    from penaltyflow.core.pagecache import content_changed, content_stamp
except ImportError:  # the house-order work (penaltyflow/core/) not merged yet
    from penaltyflow.flowcharts.pagecache import content_changed, content_stamp

__all__ = ["content_changed", "content_stamp"]
