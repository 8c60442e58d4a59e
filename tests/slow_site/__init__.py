"""The site with views made slow on purpose, served by a real gunicorn in
tests/test_gunicorn_watchdog.py: a request that loops, one stuck in C, one that answers."""
