"""A club's seasons: nights counted into season standings, and a player's page in the club."""
