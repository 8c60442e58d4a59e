"""Club, game and tournament models: none yet, later issues add them."""
