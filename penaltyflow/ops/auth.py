from axes.backends import AxesStandaloneBackend


class SignInThrottle(AxesStandaloneBackend):
    """django-axes in front of every sign-in that comes with a request.

    Every sign-in on the site (the admin's, /accounts/login/) passes its request, so
    is counted and throttled. Code that calls authenticate() without one (a test's
    client.login(), a shell) is let through to the next backend rather than refused.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
