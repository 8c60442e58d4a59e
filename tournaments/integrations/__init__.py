"""What other sites use to follow a club: API tokens and signed webhooks (docs/api.md)."""
