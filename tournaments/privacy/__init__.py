"""A member's personal data, as French clubs must keep it (RGPD): exported for him, erased."""
