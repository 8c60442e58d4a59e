"""What turns data into what people see: number and money formats, labels, the scoreboard,
the change history, progress bars, the score chart, django-tables2 tables, variants in words.

Nothing here writes; reads come from `tournaments.selectors`.
"""
