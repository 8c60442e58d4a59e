"""Reads of seasons (their nights and standings) and of a player's club page."""
