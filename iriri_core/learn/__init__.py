"""Learning a game: the lessons and the table's lesson mode, hints, the coach, and what a
browser knows of a player's learning."""
