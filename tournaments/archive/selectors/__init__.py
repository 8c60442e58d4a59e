"""An event as its archive writes it: every fact, with no database id."""
