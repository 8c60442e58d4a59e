"""Writes about a club and its people: clubs, accounts, roles, invitations, sign-up."""
