"""Sign-up refuses a weak password with a message that says why, and makes no account."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "password, says",
    [
        ("1234", "This password is too short. It must contain at least 8 characters."),
        ("12345678", "This password is entirely numeric."),
        ("password", "This password is too common."),
        ("maxwell-the-2nd", "The password is too similar to the username."),
    ],
)
def test_a_weak_password_is_refused_with_a_clear_message(password, says):
    response = Client().post(
        "/accounts/signup/",
        {"username": "maxwell-the-2nd", "password1": password, "password2": password},
    )
    assert response.status_code == 400
    html = response.content.decode().replace("&#x27;", "'").replace("’", "'")
    assert says in html
    assert "Your account was not made" in html
    assert 'aria-invalid="true"' in html and 'id="id_password2_error"' in html
    assert not User.objects.filter(username="maxwell-the-2nd").exists()
    # the cursor goes to the password, the field to change
    assert re.search(r'<input type="password" name="password1"[^>]*autofocus', html)
    assert not re.search(r'name="username"[^>]*autofocus', html)


def test_a_good_password_makes_the_account_and_signs_in():
    client = Client()
    response = client.post(
        "/accounts/signup/",
        {"username": "maxine", "password1": "tea at the club", "password2": "tea at the club"},
    )
    assert response.status_code == 302
    assert User.objects.filter(username="maxine").exists()
    assert client.get("/quiz/progress/").wsgi_request.user.username == "maxine"
