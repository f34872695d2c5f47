"""Hextris's rules as the page shows them, in our own words
(:mod:`iriri_core.richtext`), with credit and a link to the original."""

RULES = """
> Hextris was designed by **David J. Bush** (2005) and won the 3rd Ice Games Design Competition.
This is a summary in our own words; the [wiki page](https://looneypyramids.wiki/wiki/Hextris) has
the original rules. (It is not the falling-blocks game of the same name.)

### The pieces and the board

Two or three players each have fifteen pyramids of their own colour: five small, five medium and
five large, all in hand at the start. The board is 19 spots in a hexagon: 12 around the edge and
7 inside. Spots are named by row, `a` at the bottom to `e` at the top, and a number: `c3` is the
centre.

### A turn

Do one of these:

- **Drop** a piece from your hand on any empty edge spot (never inside).
- **Move** one of your pieces in a straight line, in any of the six directions, through empty
spots only: a small one spot, a medium one or two spots, a large as far as it likes.
- **Swap** one of your pieces with a piece next to it, of any colour: your large with a medium,
your medium with a small, your small with a large. Nothing else can be swapped.

You may not pass while you have a move; if you have none, you lose your turn.

### Groups of five

Pieces of one colour on neighbouring spots form a group. When a move makes a group of exactly
five pieces of one colour (yours, or an opponent's by a swap), the owner banks it: the five leave
the board for good. No move may make a group of more than five, for anyone.

### Winning

The first to make three groups of five wins; the third stays on the board. If one move gives two
players their third group, the player who moved wins. Players may agree to a draw: use *Offer a
draw*. Bots accept when they judge they are not ahead.

### On this screen

To drop, tap a piece in your rack, then a highlighted edge spot. To move, tap one of your pieces:
the spots it can reach are marked with a dot, and the pieces it can swap with are ringed in green;
tap one. You can also drag. In the *Play by text* panel a drop is written `M@a2` (S, M or L, at a
spot), a move `a1-c1` and a swap `c3xd4` (your piece first). The line above the turn says how
the game is won; rest the mouse on a rack or its three circles (the groups made), or press it
long, to read what it is.
"""
