"""Every write to a table's game, under its lock: entry, undo, scoring, versions, links."""
