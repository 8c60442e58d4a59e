"""Views by area: home, public (event and table pages), entry (hands), organiser (events,
players, rounds), sheets (PDF), tournament (standings). Thin: parse, call a service or a
query, render."""
