"""Players signing up for an event, the waiting list, approvals, and the door."""
