"""An event's standings: each player's stored sums (`Standing`), kept right as games are
scored, read back with prizes and shown as a table. The ranking itself is pure:
`tournaments.ranking`."""
