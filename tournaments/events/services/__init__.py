"""Every write to an event and its rounds, under the event's lock."""
