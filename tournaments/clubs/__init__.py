"""A club and its organisers: who organises which club, and the organisers' accounts."""
