"""What every HTML page of the site holds, whatever it shows: the security policy, and
nothing inline that the policy would block. tests/test_crawl.py checks it on every page
it reads (every step, and table states drawn from them); tests/ops/test_headers.py on the
pages the crawl does not read (the error pages, and the parts of the site outside the charts).
"""

import re

INLINE = [
    (re.compile(r"<style", re.I), "a <style> block"),
    (re.compile(r"\sstyle\s*=", re.I), "a style= attribute"),
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "an inline <script>"),
    (re.compile(r"\son[a-z]+\s*=", re.I), "an on...= handler"),
    (re.compile(r"hx-on", re.I), "an hx-on attribute (needs eval)"),
]


def policy_problems(url: str, response) -> list[str]:
    """What is wrong with an HTML page's policy and markup: one line each."""
    problems = []
    policy = response.get("Content-Security-Policy", "")
    if "default-src 'self'" not in policy or "unsafe-inline" in policy:
        problems.append(f"{url} has the policy {policy!r}")
    html = response.content.decode()
    for pattern, what in INLINE:
        if found := pattern.search(html):
            problems.append(f"{url} has {what}: {found.group(0)!r}")
    return problems
