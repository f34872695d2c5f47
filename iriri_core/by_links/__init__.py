"""Playing a friend elsewhere by links, with nobody able to cheat: one side's game, the book
of games a browser keeps, checks, what a game's deck gives (``decks``), and the cryptographic core
(``crypto``)."""
