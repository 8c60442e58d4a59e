"""Top-level URLs. No language prefixes: the language comes from a cookie set at /i18n/."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournaments.api.main import api
from tournaments.views import api_docs
from tournaments.views.accounts import (
    LoginView,
    PasswordResetView,
    confirm_sign_up,
    sign_up,
    sign_up_sent,
)

# Django's own account views, with the site's templates in templates/registration/ (the
# login page taking the user name in any case, the reset page with an allowance per address:
# tournaments/views/accounts.py).
accounts = [
    path("login/", LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "password/changed/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("password/reset/", PasswordResetView.as_view(), name="password_reset"),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    # Signing up (SIGNUP_OPEN), the address confirmed by a link: tournaments/views/accounts.py.
    path("signup/", sign_up, name="sign_up"),
    path("signup/sent/", sign_up_sent, name="sign_up_sent"),
    path("signup/<str:uid>/<str:token>/", confirm_sign_up, name="sign_up_confirm"),
]

urlpatterns = [
    path("", include("tournaments.urls")),
    path("api/v1/docs", api_docs.docs, name="api_docs"),
    path("api/v1/", api.urls),
    path("accounts/", include(accounts)),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
]

handler500 = "ramiscore.views.server_error"
