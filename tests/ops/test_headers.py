"""Security headers, static files with hashed names, and the production settings."""

import json
import re
import subprocess

import pytest
from django.core.management import call_command
from django.test import Client

from bench.serving import PYTHON, ROOT
from penaltyflow import settings as PRODUCTION_SETTINGS
from tests.pagechecks import policy_problems

pytestmark = [pytest.mark.django_db, pytest.mark.same_on_any_database]  # headers, not queries


def pages(client) -> list[str]:
    """The pages the crawl does not read (tests/test_crawl.py checks every step and table
    state it reads): the error pages, and every part of the site the home page links to
    outside the charts (quizzes, quick mode, ...)."""
    html = client.get("/").content.decode()
    urls = ["/charts/no-such-chart/", "/charts/law-56/start/?path=tampered", "/no-such-page/"]
    elsewhere = set(re.findall(r'href="(/[^"]*)"', html))
    urls += sorted(u for u in elsewhere if not u.startswith(("/static/", "/charts/")) and u != "/")
    return urls


def test_every_page_has_the_policy_and_nothing_inline_that_it_would_block(client, content):
    problems, seen = [], 0
    for url in pages(client):
        response = client.get(url)
        assert response.status_code in (200, 400, 404), url
        if response["Content-Type"].startswith("text/html"):  # not an icon, the web manifest
            problems += policy_problems(url, response)
            seen += 1
    assert problems == []
    assert seen > 5  # the error pages, the quizzes, the quick mode, the classroom, ...
    assert client.get("/admin/login/")["Content-Security-Policy"]


def test_htmx_is_told_not_to_inject_its_own_style(client, content):
    html = client.get("/").content.decode()
    meta = re.search(r"<meta name=\"htmx-config\" content='([^']+)'>", html)
    assert json.loads(meta.group(1))["includeIndicatorStyles"] is False


def test_variant_addresses_name_the_steps_own_and_are_not_indexed(client, content, settings):
    settings.ALLOWED_HOSTS = ["testserver", "club.example.org"]
    chart = client.get("/charts/law-50/").content.decode()
    for step in re.findall(r'href="(/charts/law-50/[\w-]+/)"', chart):
        html = client.get(step).content.decode()
        variants = re.findall(r'href="(\?[^"]*(?:event|view)=[^"]*)"', html)
        if variants:
            break
    assert variants, "a step of Law 50 shows a hand with its events and views"
    # absolute, as search engines want it (Django's test client asks for http://testserver)
    assert f'<link rel="canonical" href="http://testserver{step}">' in html
    assert 'name="robots"' not in html  # the step's own address is indexed
    for variant in variants[:4]:
        html = client.get(step + variant.replace("&amp;", "&")).content.decode()
        assert f'<link rel="canonical" href="http://testserver{step}">' in html
        assert '<meta name="robots" content="noindex, nofollow">' in html
    # a page kept for one host never names it to another (the page cache keys on the host)
    other = client.get(step, HTTP_HOST="club.example.org", secure=True).content.decode()
    assert f'<link rel="canonical" href="https://club.example.org{step}">' in other


def test_static_files_have_hashed_names_and_are_cached_for_a_year(tmp_path, settings, content):
    settings.STORAGES = PRODUCTION_SETTINGS.STORAGES  # as served, not as the other tests serve
    settings.STATIC_ROOT = tmp_path / "static"
    call_command("collectstatic", "--noinput", verbosity=0)
    client = Client()  # a new handler: WhiteNoise reads the collected files
    html = client.get("/").content.decode()
    linked = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    assert any(url.startswith("/static/css/site.") for url in linked)
    assert any("htmx" in url for url in linked)
    for url in linked:
        assert re.search(r"\.[0-9a-f]{12}\.(css|js|svg|png)$", url), f"{url} has no hashed name"
        response = client.get(url)
        assert response.status_code == 200, url
        assert "max-age=315360000" in response["Cache-Control"]
        assert "immutable" in response["Cache-Control"]
        response.close()  # WhiteNoise streams the file: let it go


PRODUCTION = {
    "DEBUG": "0",
    "HTTPS": "1",
    "SECRET_KEY": "x" * 60 + "production-like-secret-key-for-the-check",
    "ALLOWED_HOSTS": "club.example",
}
PROBE = """
import json, django
django.setup()
from django.test import Client
c = Client()
out = {}
r = c.get("/robots.txt", HTTP_HOST="club.example", secure=True)
out["hsts"] = r.get("Strict-Transport-Security")
r = c.get("/robots.txt", HTTP_HOST="club.example")
out["http"] = [r.status_code, r.get("Location")]
r = c.get("/robots.txt", HTTP_HOST="evil.example")
out["other_host"] = [r.status_code, r.get("Location")]
print(json.dumps(out))
"""


def production(code: str, **env: str) -> subprocess.CompletedProcess:
    environment = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "penaltyflow.settings"}
    return subprocess.run(
        [PYTHON, "-c", code], cwd=ROOT, env={**environment, **PRODUCTION, **env},
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_with_https_hsts_is_a_year_and_the_redirect_never_follows_an_unknown_host(tmp_path):
    result = production(PROBE, PENALTYFLOW_VAR_DIR=str(tmp_path))
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout)
    assert seen["hsts"].startswith("max-age=31536000")
    assert seen["http"] == [301, "https://club.example/robots.txt"]
    assert seen["other_host"] == [400, None]  # not a redirect to https://evil.example/


def test_https_with_any_host_allowed_refuses_to_start(tmp_path):
    result = production(PROBE, PENALTYFLOW_VAR_DIR=str(tmp_path), ALLOWED_HOSTS="*")
    assert result.returncode == 1
    assert "HTTPS=1 needs ALLOWED_HOSTS set to the site's names, not *" in result.stderr


def test_check_deploy_is_clean_with_production_settings(tmp_path):
    code = "from django.core.management import execute_from_command_line as run\n"
    code += "run(['manage.py', 'check', '--deploy', '--fail-level', 'WARNING'])"
    result = production(code, PENALTYFLOW_VAR_DIR=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout


def test_the_policy_header_is_django_csps_and_follows_the_settings(settings):
    from csp.utils import build_policy

    client = Client()
    assert client.get("/").headers["Content-Security-Policy"] == build_policy()
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": ["'self'"], "img-src": ["*"]}}
    changed = client.get("/").headers["Content-Security-Policy"]
    assert changed == build_policy() and "img-src *" in changed.split("; ")


def test_a_response_with_a_policy_of_its_own_keeps_it():
    """What django-csp's decorators (@csp_update and the like) put on a response still
    counts: the header built once is only for responses that bring nothing of their own."""
    from django.http import HttpResponse
    from django.test import RequestFactory

    from penaltyflow.ops.csp import CSPMiddleware

    def view(request):
        response = HttpResponse("ok")
        response._csp_update = {"img-src": ["https://maps.example"]}
        return response

    header = CSPMiddleware(view)(RequestFactory().get("/")).headers["Content-Security-Policy"]
    assert "img-src 'self' data: https://maps.example" in header
    plain = CSPMiddleware(lambda request: HttpResponse("ok"))(RequestFactory().get("/"))
    assert "maps.example" not in plain.headers["Content-Security-Policy"]
