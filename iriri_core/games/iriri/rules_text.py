"""Iriri's rules as the page shows them, in our own words
(:mod:`iriri_core.richtext`), with credit and links to the original."""

RULES = """
> Iriri was designed by **Hoembla** (2022). This is a summary in our own words; the
[original rules](https://github.com/th555/iriri#readme) and the
[wiki page](https://looneypyramids.wiki/wiki/Iriri) have the full text and pictures.

### The pieces

Each player has fifteen pyramids of their own colour, five of each size: small, medium and large
(written 1, 2 and 3 in move text, so `Y2` is a medium yellow). On screen each colour also has its
own mark at the tip of the pyramid: yellow a dot, blue a square, red a triangle, green a diamond.
You start with one pyramid of each size in your hand. All other pyramids are shuffled into a ring:
the *dictionary*.

### Words

A *word* is an unbroken row or column of two or more pyramids on the board. A word is *valid*
when the same pieces, same colour and same size, sit side by side somewhere in the ring, read
clockwise or anticlockwise. The ring has no start or end: a word may run across any point of it,
and may even go round more than once.

### A turn

1. **Place.** Put one to three pieces from your hand in a single row or column, with no gaps
(they may sit on both sides of, or between, pieces already there), touching the pieces on the
board. Every word that runs through a piece you placed must be valid. You score one point per
piece of each such word, whatever its colours; a piece in two words counts twice. The very first
word goes on the empty board and scores three points per piece, plus a half.
2. **Take.** Refill your hand to three by taking pieces of your own colour from the ring, one at a
time, from anywhere. You may never take the last piece of a kind (a size and colour), so every
kind stays in the ring to the end. The ring closes up behind each piece you take.

If you cannot place anything, you must pass. The game ends when everyone has had to pass in a
row; the highest score wins. Hands are open: everyone sees what everyone holds.

### On this screen

Tap a piece in your hand, then a cell on the board (or drag it there); repeat for up to three
pieces. The preview shows the words you form, whether each is valid, your score, and the matching
stretch of the ring. Confirm the word, or take it back. Then tap the highlighted pieces of the ring
to take them. Everything can also be done from the keyboard, in the *Play by text* panel: cells
are written `x,y`, as numbered along the edges of the board, and ring positions count clockwise
from the top. The line above the turn says how the game is won; rest the mouse on the ring or a
hand, or press it long, to read what it is.
"""
