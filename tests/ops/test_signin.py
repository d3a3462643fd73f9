"""Sign-in throttling (django-axes): on the admin and on any authenticate() with a request."""

import pytest
from django.conf import settings
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.test import Client, RequestFactory

pytestmark = pytest.mark.django_db
PASSWORD = "the right pass phrase"
LIMIT = settings.AXES_FAILURE_LIMIT


@pytest.fixture
def admin_user():
    return User.objects.create_superuser("director", "d@example.org", PASSWORD)


def sign_in(client: Client, password: str):
    return client.post("/admin/login/?next=/admin/", {"username": "director", "password": password})


def test_wrong_passwords_lock_that_name_from_that_address_with_a_clear_page(admin_user):
    attacker = Client(REMOTE_ADDR="203.0.113.9")
    for _ in range(LIMIT - 1):
        assert sign_in(attacker, "guess").status_code == 200  # the form again, with its error
    locked = sign_in(attacker, "guess")
    assert locked.status_code == 429
    page = locked.content.decode()
    assert "Too many wrong passwords" in page
    assert f"After {LIMIT} wrong passwords" in page and "15 minutes" in page
    # Once locked, not even the right password is tried from there (no hash is computed).
    assert sign_in(attacker, PASSWORD).status_code == 429
    # The rest of the site still answers that address.
    assert attacker.get("/robots.txt").status_code == 200


def test_the_right_password_from_another_address_still_works(admin_user):
    attacker = Client(REMOTE_ADDR="203.0.113.9")
    for _ in range(LIMIT):
        sign_in(attacker, "guess")
    assert sign_in(attacker, PASSWORD).status_code == 429
    director = Client(REMOTE_ADDR="198.51.100.7")
    response = sign_in(director, PASSWORD)
    assert response.status_code == 302 and response["Location"] == "/admin/"
    assert director.get("/admin/").status_code == 200


def test_any_sign_in_with_a_request_is_throttled(admin_user):
    """What /accounts/login/ (Django's LoginView) does: authenticate(request, ...)."""
    factory = RequestFactory(REMOTE_ADDR="203.0.113.10")
    for _ in range(LIMIT):
        request = factory.post("/accounts/login/")
        assert authenticate(request, username="director", password="x") is None
    request = factory.post("/accounts/login/")
    assert authenticate(request, username="director", password=PASSWORD) is None
    assert request.axes_locked_out is True
    other = RequestFactory(REMOTE_ADDR="198.51.100.8").post("/accounts/login/")
    assert authenticate(other, username="director", password=PASSWORD) == admin_user


def test_a_sign_in_with_the_right_password_resets_the_count(admin_user):
    client = Client(REMOTE_ADDR="198.51.100.9")
    for _ in range(LIMIT - 1):
        sign_in(client, "typo")
    assert sign_in(client, PASSWORD).status_code == 302
    client.logout()
    for _ in range(LIMIT - 1):
        assert sign_in(client, "typo").status_code == 200  # counting from zero again


def test_the_accounts_sign_in_page_is_throttled_the_same_way(admin_user):
    attacker = Client(REMOTE_ADDR="203.0.113.11")
    for _ in range(LIMIT):
        attacker.post("/accounts/login/", {"username": "director", "password": "guess"})
    locked = attacker.post("/accounts/login/", {"username": "director", "password": PASSWORD})
    assert locked.status_code == 429
    assert "Too many wrong passwords" in locked.content.decode()
    elsewhere = Client(REMOTE_ADDR="198.51.100.12")
    response = elsewhere.post("/accounts/login/", {"username": "director", "password": PASSWORD})
    assert response.status_code == 302
