"""Reading, checking and storing an archive, with its history records."""
