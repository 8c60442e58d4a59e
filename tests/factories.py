"""factory-boy factories shared by the tests."""

from __future__ import annotations

import factory
from django.contrib.auth import get_user_model

PASSWORD = "a-long-test-password"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"organiser{n}")
    password = factory.django.Password(PASSWORD)


class StaffFactory(UserFactory):
    is_staff = True
    is_superuser = True
