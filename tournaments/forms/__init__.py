"""Forms by area: entry (hands) and organiser (events, players, rounds, imports)."""
