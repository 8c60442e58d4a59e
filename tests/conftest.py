"""Fixtures shared by every test."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser

from tests.factories import StaffFactory, UserFactory


@pytest.fixture
def organiser(db: None) -> AbstractBaseUser:
    """An ordinary organiser account (not staff)."""
    return UserFactory(username="organiser")


@pytest.fixture
def staff(db: None) -> AbstractBaseUser:
    """A club administrator with access to the admin."""
    return StaffFactory(username="admin")
