"""Reads of an event, its rounds, its clock and its tournament overview."""
