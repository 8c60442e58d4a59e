"""Seasons as people see them: standings tables, rules in words, the rating chart."""
