"""The API (docs/api.md): version 1 at /api/v1/, read by anybody, written with an organiser's
token; thin like the views, over the same selectors and services."""
