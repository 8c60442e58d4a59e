"""Printed sheets as PDF (WeasyPrint): blank table sheets, game records, standings, seating
lists, season standings; stored once per version of their data and prepared in the background.

This face imports nothing, so that the processes laying out pages (`layout_worker.py`) can
import from here before Django is set up. `pdfs.py` makes each document; `catalogue.py`
names every stored PDF. See docs/sheets.md.
"""
