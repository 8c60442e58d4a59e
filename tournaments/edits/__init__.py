"""An organiser's edit of a row others edit too (an event's settings or rules, a season):
saved under the row's lock without losing anyone's change, or refused saying what changed."""
