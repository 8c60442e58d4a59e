"""Events and their rounds: rules and settings, players, seating, the round clock, game files
imported as tables, recomputing an event; the tournament's overview."""
