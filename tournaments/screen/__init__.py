"""The room's screen (the projector): what it shows of an event, panel by panel."""
