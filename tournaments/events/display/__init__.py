"""An event as people see it: the round clock, the tournament's points scale and table search."""
