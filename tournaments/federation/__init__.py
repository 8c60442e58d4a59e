"""Clubs that play together: a federation, the people it licenses across its clubs, its
member list, its clubs' results by licence (docs/federation.md)."""
