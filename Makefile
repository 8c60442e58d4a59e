# Ramiscore: `make run` to try it locally, `make serve` for a club night, `make test` to run
# the tests.
# Every target sets up what it needs (virtual environment, translations) on a fresh clone.

PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
MANAGE := $(BIN)/python manage.py
PO = locale/fr/LC_MESSAGES/django.po
MO = locale/fr/LC_MESSAGES/django.mo

.PHONY: venv run serve test test-browser test-all lint typecheck format bench messages check-messages compilemessages vectors

# Packages installed (pip: the Internet) only when .venv/ has none or the requirements'
# content changed (ramiscore/prepare.py, standard library only): a prepared laptop needs no
# network. Its words are French on a French system: the catalogue is compiled first.
venv: $(MO)
	@$(PYTHON) -m ramiscore.prepare $(PYTHON)

# The French catalogue, compiled as Django's compilemessages does (GNU gettext's msgfmt),
# whenever the .po changes.
$(MO): $(PO)
	msgfmt --check-format -o $@ $<

compilemessages: $(MO)

run: venv compilemessages
	$(MANAGE) migrate --no-input
	$(MANAGE) load_demo
	@echo "Starting Ramiscore on http://127.0.0.1:8000 (Ctrl-C to stop)."
	@# The worker that makes large PDFs in the background, stopped with the server.
	$(MANAGE) db_worker --no-startup-delay --no-reload & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	$(MANAGE) runserver 127.0.0.1:8000

# A real club night: gunicorn on the venue's network, the club's own database (var/), no demo.
serve: venv compilemessages
	$(BIN)/python -m ramiscore.venue serve

# The tests run on every core (pytest-xdist: one process per core, each with its own test
# database), each test module in one process (the demo tests load it once per module).
# TEST_PROCESSES=0 runs them all in one; PYTEST_ARGS adds arguments (a folder, -x...).
# `make test` is the suite to run after every change, in under 4 minutes on 2 cores: all but
# the tests that drive Chromium or start a server of their own, which take as long again
# and are `make test-browser`. `make test-all` runs both, as CI does.
TEST_PROCESSES ?= auto
PYTEST = $(BIN)/pytest -n $(TEST_PROCESSES) --dist loadfile
test: venv compilemessages
	$(PYTEST) -m "not browser and not server" $(PYTEST_ARGS)

test-browser: venv compilemessages
	$(PYTEST) -m "browser or server" $(PYTEST_ARGS)

test-all: test test-browser

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# mypy with django-stubs (pyproject.toml): strict on the engine and the concept rooms.
typecheck: venv
	$(BIN)/mypy

format: venv
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: venv
	$(BIN)/python bench/run.py

messages: venv
	$(MANAGE) makemessages -l fr --ignore=$(VENV) --ignore=staticfiles --ignore=tests --ignore=bench

# Every string the code marks has its French translation: the catalogue refreshed as
# `make messages` does, then no entry untranslated or left fuzzy. The .po is put back as it
# was afterwards: this only checks (`make messages` updates it). Then each translation is
# compared with its English (ramiscore/catalogue.py): same placeholders, sentences and
# ending, no text pasted from another entry.
check-messages: venv
	@cp $(PO) $(PO).checked; \
	$(MANAGE) makemessages -l fr --ignore=$(VENV) --ignore=staticfiles --ignore=tests \
		--ignore=bench >/dev/null; made=$$?; \
	missing="$$(msgattrib --untranslated --no-obsolete $(PO); msgattrib --only-fuzzy --no-obsolete $(PO))"; \
	mv $(PO).checked $(PO); \
	if [ $$made -ne 0 ]; then echo "makemessages failed"; exit 1; fi; \
	if [ -n "$$missing" ]; then \
		printf '%s\n' "$$missing"; echo "Missing or fuzzy French translations, above."; exit 1; \
	fi; \
	$(BIN)/python -m ramiscore.catalogue $(PO) || exit 1; \
	echo "Every marked string has its French translation, of the shape of its English."

# Refresh the repository's copy of the shared rules vectors (tests read ../shared/vectors
# when it is there, this copy otherwise).
vectors:
	cp ../shared/vectors/* tests/rules/vectors/
