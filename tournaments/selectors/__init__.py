"""Reads that pages, sheets and exports share, by concept (events, games, tournaments,
standings, history, names): each in a fixed number of queries, never raising Http404 nor
formatting text."""
