"""The member list applied; club players merged into one person, and merges undone."""
