"""A table's game as people see it: hands in words, the scoreboard, the history, the chart."""
