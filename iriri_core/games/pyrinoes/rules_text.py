"""Pyrinoes's rules as the page shows them, in our own words
(:mod:`iriri_core.richtext`), with credit and a link to the original, and a
sentence for each decision of docs/rules-notes.md."""

RULES = """
> Pyrinoes was designed by **Andy Bond** (2010). This is a summary in our own words; the
[wiki page](https://looneypyramids.wiki/wiki/Pyrinoes) on the Looney Pyramid Games Wiki has the
original rules.

### Dominoes and pyrinoes

Two players, Fire and Ice, play block dominoes with a double-six set, and with pyramids. Fire
builds with red and yellow pyramids, Ice with blue and black; three trios of green are shared. A
domino has two ends of 0 to 6 spots. A **pyrino** is a domino made of pyramids: each end is one
pyramid or a stack of two of one colour, and its spots are the pips of its pyramids (a small is
1, a medium 2, a large 3), so a stack of two larges is a 6. A green is a single pyramid and always
counts 0, whatever its size. The two ends of a pyrino are never the same colour: one of each of
your colours, or one of yours and a green.

### A round

Each player takes their pyramids as their supply and nine dominoes as their hand, which only
they see. One domino is turned up to start the line of play; the other nine are the boneyard,
face down. On your turn:

- **Play** a domino or a pyrino of your hand at either open end of the line, its matching end
touching. A double has one open end, like any other tile.
- Or **build** a pyrino from your supply (and the greens) and add it to your hand. Pyrinoes in
hand are seen by both players, as is how many dominoes each holds.
- If you can neither play nor build, **draw** a domino from the boneyard: that is your turn.
If the boneyard is empty too, **pass**.

### The end of a round and the score

The round ends after the turn in which a player has no pyramids left (bonus 5), or has no
dominoes and pyramids of one colour only (bonus 5), or has nothing left at all (bonus 10), or
passes right after the other player passed (no bonus). Each player's hand total is the spots of
their dominoes and the pips of their unplayed pyramids, in the supply and in pyrinoes in hand.
The lower total scores the difference; the player who ended the round adds the bonus; each adds
the pips of the greens they played to the line. The match goes on, round after round, until a
player has 100 points or more (or the number agreed beforehand); if both reach it, the higher
score wins, and on a tie another round is played. Whoever played second in a round plays first
in the next.

### Our reading where the rules leave a question

- **Who starts the match.** Fire picks a domino at random, then Ice; the heavier pick starts, and
after a tie both pick again.
- **One bonus per round.** A round that ends in two ways at once gives the larger bonus only, so
emptying everything gives 10, never 15 or 20.
- **Greens in hand.** A green in an unplayed pyrino is a pyramid, and a colour of its own: red in
the supply and a red and green pyrino in hand are two colours.
- **Building when you could play.** You may build whenever you can; you must build only when
nothing plays.
- **When nobody can move.** The pass that follows the other player's pass ends the round, without
a bonus, and it is scored as any other.
- **The threshold.** Exactly 100 counts as reaching it. A different target is agreed when the
match starts and stays with it.
- **Deals and draws.** Chance deals one domino at a time, and gives the domino drawn when a player
draws; the drawing player's turn is the draw.
- **What each player sees.** The other hand and the boneyard stay face down; when a round ends
both hands are shown for the count.
- **Doubles.** A double is drawn crosswise in the line, and its far end is the open end.
- **Positions typed by hand** must be ones a match could reach.

### On this screen

Your side of the table is below the line of play. Tap a domino or pyrino of your hand: if it fits
one open end it goes there; if it fits both, the ends light up, tap one. You can also drag it to
an end. To build, tap pyramids of your supply and the greens: each goes to the end you are
building, onto it as a stack, or to the other end, as the rules allow, and the tray (the two
dashed squares reading "build here") shows each end's spots; tap an end of the tray to take its
top pyramid back, then press **Build**. A choice the rules refuse says why. **Draw** (or a tap on
the boneyard) and **Pass** appear when they are your only move. After each round a summary shows
the hand totals and the points; press **Next round** to go on. In the *Play by text* panel a move
is written `5-3 left`, `R3+Y1 right`, `build Y2Y1+R1`, `draw` or `pass`. The line above the turn
says how the game is won; rest the mouse on the tray, the boneyard, a pyramid or an open end, or
press it long, to read what it is.
"""
