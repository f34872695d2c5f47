"""Setting up a position by hand: what a game gives for it (``rules``),
and the position being set up (``editor``)."""
