"""One table's game: hands entered, confirmed, corrected and undone; the game scored from its
facts by the rules engine; its versions, history, scoreboard and chart."""
