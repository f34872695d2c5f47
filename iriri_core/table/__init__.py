"""The table: a game being played, its seats, history, draft, the page's events and what one
viewer sees of it."""
