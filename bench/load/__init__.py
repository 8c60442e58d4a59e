"""The load test of a federation event (issue 11): gunicorn on PostgreSQL, 2,000 phones
polling their pages every 10 s with ETags, 500 tables entering a hand a minute.

`python -m bench.load` runs it alone; `make bench` runs it through bench/bench_load.py.
federation.py builds the event, generator.py is the phones and tables (its own process).
"""
