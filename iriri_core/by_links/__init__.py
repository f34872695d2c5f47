"""Playing a friend elsewhere by links, with nobody able to cheat: one side's game, the book
of games a browser keeps, checks, the Pyrinoes deal, and the cryptographic core (``crypto``)."""
