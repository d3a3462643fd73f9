from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("penaltyflow.flowcharts.urls")),
    path("", include("penaltyflow.classroom.urls")),
    # Until the accounts app lands: Django's own sign-in and sign-out.
    path("accounts/login/", auth_views.LoginView.as_view(
            template_name="classroom/login.html", next_page="/classroom/"
        ), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
]
