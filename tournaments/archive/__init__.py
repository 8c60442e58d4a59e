"""Event archives (docs/archive.md): an event written out as one file, read back, checked and
stored in one transaction with its history."""
