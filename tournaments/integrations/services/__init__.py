"""Tokens made and revoked; webhook subscriptions, their deliveries and every attempt."""
