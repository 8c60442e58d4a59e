"""Reads of a table's game (its sheet, seats, history, version), in a fixed number of queries."""
