"""Pach-Ice-i's rules as the page shows them, in our own words
(:mod:`iriri_core.richtext`), with credit and a link to the original, and the
decisions of docs/rules-notes.md where the original leaves a question open."""

RULES = """
> Pach-Ice-i was designed by **Jeff Zeitlin** (2006), after pachisi. This is a summary in our own
words; the [wiki page](https://looneypyramids.wiki/wiki/Pach-Ice-i) on the Looney Pyramid Games
Wiki has the original rules.

### The race

Two players, Black and White, each have fifteen pyramids of their colour: five trees of a large,
a medium and a small, stacked large at the bottom, in their own start pad beside the board. The
first to bring all fifteen into the other player's pad wins.

### The board

Seven by seven squares, named like a chess board: columns `a` to `g`, rows `1` to `7`. The
squares alternate dark and light; the dark ones are the rules' black squares, the light ones
white, and the corners are black. The nine squares `a1 a4 a7 d1 d4 d7 g1 g4 g7` are marked (drawn
half dark, half light, and framed): they count as both colours. Black sits by `a1` and White by
`g7`. Black's pieces enter at `a1` and go up column a, down column b, up column c and so on to
`g7`, then into White's pad. White's enter at `g7` and go along row 7 to `a7`, back along row 6,
and so on to `a1`, then into Black's pad. Entering a piece counts from just before the first
square, so a 5 enters a piece on the fifth square of the path.

### A turn

Roll the three eight-sided dice, then move pieces with them, each piece once:

- a **small** moves the total of all three dice, and that is the whole turn; or
- a **medium** moves the total of two dice and a **large** the third, in either order; or
- three different **larges** move one die each.

A piece either enters from the top of one of your trees or moves along **your** path from the
square it stands on. Black may move any piece on a black or marked square, White any piece on a
white or marked square, whoever owns it, but a player may move the other's pieces only while the
pips they have entered (on the board or home) are at least as many as the other's. A piece
jumps over the squares between.

### Landing

A piece may end on a square holding a piece of its own size or smaller, never a larger one, and
never on an occupied marked square. The piece there is sent to the pad of the player whose colour
the square is: back to its owner's pad, where it is a tree of its own and may enter again; or into
the other player's pad, which counts as home for it. Your own pieces go home by any roll that
carries them past the end of the path; nobody may move the other's piece into that player's own
pad.

### Using the dice

Every die must be used if any way of moving uses them all. Our reading where the rules are silent:

- **Who starts.** Black rolls first.
- **When no way uses all three dice,** you use as many as any allowed way can (two, or one),
and pass with the rest; a roll that moves nothing is a pass at once. This is how backgammon
players read the same rule, and without it a game's last pieces can be stuck for ever.
- **Leaving the other player stuck.** A turn may not end with the other player unable to move
whatever they roll, unless it wins the game.
- **The pips entered** are counted before each piece moves, so a piece entered earlier in the
turn counts.
- **The end.** The game ends the moment someone has all fifteen home, even in the middle of a
turn, even when the other's landing sent the last one there. A turn that ends that way counts
only the dice it used, so you never have to hand the other player the game while another way uses
as many dice. A piece that moved and was then sent back to your pad by your own landing stays
there until your next turn.

### On this screen

Press **Roll** (or tap the dice) to roll. Pieces you may move are ringed in blue; tap one, or a
tree in your pad, and every place it can go lights up with the dice it takes (`3+4`); tap one to
play that piece, or drag the piece there; to go home, tap your pieces home in your panel, which
light up. Used dice are greyed and struck through. To use particular dice, tap them before or
after picking the piece; only home can be reached by different dice, and there, unless you chose,
the dice that leave you the most moves are used (its label says which). A tap anywhere else
says why not. Undo takes back the pieces of your turn one by one, and never changes the dice. In
the *Play by text* panel a piece of a turn is written `enter LMS 2 3 5` (a tree, bottom to top,
and the dice) or `c4 2 3` (a square and the dice). The line above the turn says how the game is
won; rest the mouse on a start pad or on the pieces home, or press it long, to read what it is.
"""
