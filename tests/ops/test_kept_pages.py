"""Nothing of one visitor reaches another: two people signed in ask for the same pages (the
step pages' own part kept for everyone, core.pagecache), and each gets their own header,
their own form tokens and nothing else's."""

import re
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import Group, User
from django.test import Client

from penaltyflow.classroom.models import TEACHERS_GROUP

pytestmark = pytest.mark.django_db

BASE = Path(django_settings.BASE_DIR) / "templates" / "base.html"
CLASSROOM = '<a href="/classroom/">Classroom</a>'
# The map, a chart, a step, a step with its table, and their htmx fragments (kept).
PAGES = [
    ("/", {}),
    ("/charts/law-50/", {}),
    ("/charts/law-50/major-penalty-card/", {}),
    ("/charts/law-50/major-penalty-card/?event=3", {}),
    ("/charts/law-50/major-penalty-card/", {"HTTP_HX_REQUEST": "true"}),
    (
        "/charts/law-50/major-penalty-card/?event=3",
        {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "table"},
    ),
]
QUESTION = "/quiz/q/g-ten-is-an-honour-0000/"  # a form with its tokens


def signed_in(name: str, teacher: bool = False) -> Client:
    """A browser of its own, CSRF checks on, signed in through the sign-in page."""
    user = User.objects.create_user(name, password="pw-" + name)
    if teacher:
        user.groups.add(Group.objects.get_or_create(name=TEACHERS_GROUP)[0])
    client = Client(enforce_csrf_checks=True)
    client.get("/accounts/login/")
    fields = {"username": name, "password": "pw-" + name}
    fields["csrfmiddlewaretoken"] = client.cookies["csrftoken"].value
    assert client.post("/accounts/login/", fields).status_code == 302
    return client


def accepts(client: Client, token: str) -> bool:
    """Whether this browser's post with `token` gets past the CSRF check (an unknown kind
    of round is a 400; a refused token a 403)."""
    status = client.post("/quiz/start", {"mode": "none"}, HTTP_X_CSRFTOKEN=token).status_code
    assert status in (400, 403)
    return status == 400


def test_two_people_asking_in_turn_each_get_their_own_page(content):
    tess, lee = signed_in("tess", teacher=True), signed_in("lee")
    for url, headers in PAGES:
        # Tess first (the step's part is built on her visit), then Lee (kept), then Tess again.
        first = tess.get(url, **headers)
        second = lee.get(url, **headers)
        third = tess.get(url, **headers)
        assert first.status_code == second.status_code == third.status_code == 200, url
        pages = [r.content.decode() for r in (first, second, third)]
        assert "tess" not in pages[1] and "csrf" not in pages[1].lower(), url  # no token
        if headers:  # a fragment: nothing in it is anyone's own, so all alike
            assert pages[0] == pages[1] == pages[2], url
            continue
        assert CLASSROOM in pages[0] and CLASSROOM in pages[2], url
        assert CLASSROOM not in pages[1], url
        # and the rest of the page is the same for both
        assert pages[0].replace(CLASSROOM, "") == pages[1] == pages[2].replace(CLASSROOM, "")


def with_base(settings, tmp_path, base: str, **templates: str) -> None:
    """base.html (and templates beside it) as the next person might write them."""
    (tmp_path / "base.html").write_text(base, encoding="utf-8")
    for name, text in templates.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}
    ]


SIGNED_IN = (
    '{% if user.is_authenticated %}<p class="who">Signed in as {{ user.username }}</p>{% endif %}'
)


def names_seen(settings, urls) -> dict:
    """Who each of Ann, Bob, Ann again and nobody is told they are signed in as, per page."""
    ann, bob, nobody = signed_in("ann"), signed_in("bob"), Client()
    seen = {}
    for url in urls:
        for client, name in ((ann, "ann"), (bob, "bob"), (ann, "ann"), (nobody, "")):
            html = client.get(url).content.decode()
            seen.setdefault(url, []).append((name, re.findall(r"Signed in as (\w+)", html)))
    return seen


PAGES_ASKED = [url for url, headers in PAGES if not headers] + [QUESTION, "/quiz/progress/"]


def test_a_name_put_straight_in_base_html_shows_each_visitor_their_own(content, settings, tmp_path):
    """The next person who puts "Signed in as …" in base.html: every page, the step
    pages with their kept part too, shows each visitor their own name and nobody else's."""
    base = BASE.read_text(encoding="utf-8").replace('<main id="content"', SIGNED_IN + "<main")
    with_base(settings, tmp_path, base)
    for url, said in names_seen(settings, PAGES_ASKED).items():
        for name, names in said:
            assert names == ([name] if name else []), (url, name, names)


STEP = "/charts/law-50/major-penalty-card/"


def test_the_kept_part_of_a_step_is_built_for_nobody(content, settings, tmp_path):
    """What a step's kept part could say of its visitor is empty: it is rendered with a
    request that has only the address (no user, session, cookies), and a form token in it
    would be nobody's."""
    (tmp_path / "flowcharts").mkdir()
    (tmp_path / "flowcharts" / "_step.html").write_text(
        "<p id=leak>[{{ user.username }}|{{ request.user.username }}|{{ request.session }}|"
        "{{ request.COOKIES }}|{{ request.META.HTTP_COOKIE }}]</p>"
        "<p id=token>{{ csrf_token }}</p>",
        encoding="utf-8",
    )
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}
    ]
    ann = signed_in("ann")
    html = ann.get(STEP).content.decode()
    assert re.search(r"<p id=leak>\[([^\]]*)\]</p>", html).group(1) == "|||{}|"
    token = re.search(r"<p id=token>([^<]*)</p>", html).group(1)
    assert not token or not accepts(ann, token)
    assert signed_in("bob").get(STEP).content.decode().count("<p id=leak>[|||{}|]</p>") == 1


def test_a_question_gives_each_browser_its_own_form_tokens(content):
    tess, lee = signed_in("tess"), signed_in("lee")
    pages = [client.get(QUESTION).content.decode() for client in (tess, lee, tess)]
    field = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
    attempts = [re.findall(r'name="attempt" value="([0-9a-f]{32})"', page) for page in pages]
    assert all(len(found) == 1 for found in attempts)
    assert len({found[0] for found in attempts}) == 3  # a new attempt for every page
    tokens = [field.findall(page)[0] for page in pages]
    assert accepts(tess, tokens[0]) and accepts(lee, tokens[1]) and accepts(tess, tokens[2])
    assert not accepts(lee, tokens[0])
