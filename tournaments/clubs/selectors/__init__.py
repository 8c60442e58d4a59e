"""Reads about a club and its people: who holds which role, what they may do, accounts."""
