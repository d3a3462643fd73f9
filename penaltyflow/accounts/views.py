"""Sign up, sign in, sign out: Django's auth with a username and a password.

After signing in, a teacher lands on the classroom, a learner on the quiz progress
page, unless a safe `next` says where to go. Signing in or up joins what this browser
did before into the account
(`quizzes.progress.join_on_login`, on the `user_logged_in` signal).
"""

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods


def _next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return "/quiz/progress/"


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_next(request))
    if form.errors and "username" not in form.errors:
        # The username was fine: the cursor goes where the fix is, the password.
        form.fields["username"].widget.attrs.pop("autofocus", None)
        form.fields["password1"].widget.attrs["autofocus"] = True
    status = 400 if request.method == "POST" else 200
    return render(
        request, "accounts/signup.html", {"form": form, "next": _next(request)}, status=status
    )


class Login(LoginView):
    def get_default_redirect_url(self) -> str:
        from penaltyflow.classroom.present import is_teacher

        if is_teacher(self.request.user):
            return reverse("classroom:home")
        return str(settings.LOGIN_REDIRECT_URL)
