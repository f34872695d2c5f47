"""What the page shows of a game with a friend by links (docs/page-by-links.md,
"Playing a friend by links"): the friend's box beside the table (what to do
now, and how long the game has waited), the line under the table, the
invitation opened and not yet answered, and what a link carries, in words
for someone who has never played by links.

Nothing here changes a game; :mod:`iriri_core.by_links.table` puts these
words in the view.
"""

from __future__ import annotations

from typing import Any

from ..engine import get_game
from ..presenter import presenter_for
from .book import half_words
from .crypto.blocks import LinkError, read_packet
from .decks import parts_words, read_parts
from .game import FriendGame
from .invitations import Invitation

QUIET = 2 * 24 * 3600
"""After this long without a link from the friend, the box says what the
person can do about a friend gone quiet (seconds: two days)."""


def waited_words(seconds: float) -> str:
    """How long something has waited, in round words.

    >>> [waited_words(s) for s in (20, 90, 7200, 86400 * 3, 86400 * 40)]
    ['just now', '1 minute', '2 hours', '3 days', '5 weeks']
    """
    for size, word in ((7 * 86400, "week"), (86400, "day"), (3600, "hour"), (60, "minute")):
        if seconds >= size:
            count = int(seconds // size)
            return f"{count} {word}{'s' if count != 1 else ''}"
    return "just now"


def invite_view(packet: str | None) -> dict[str, str] | None:
    """The invitation opened and not yet joined (its first link's packet), in words."""
    if packet is None:
        return None
    try:
        invitation = Invitation.read(read_packet(packet)[0].moves)
    except LinkError:
        return None
    mine, inviter = 1 - invitation.seat, invitation.inviter
    game, presenter = get_game(invitation.game), presenter_for(invitation.game)
    links = f"Your moves and {inviter}'s go back and forth as links: send each one by any message app."
    if invitation.start is not None:  # (read by the invitation: a position for two, not over)
        start = game.from_text(invitation.start)
        colour, first = presenter.player_name(start, mine), first_words(game, start, mine, inviter)
        return {
            "title": f"{inviter} invites you to a game of {game.title} from a position set up",
            "text": f"You play {colour}. The game does not start from the beginning: it starts from a "
            f"position {inviter} set up, shown on the board once you join, and {first}. {links}",
        }
    colour = presenter.player_name(game.new_game(2), mine)
    order = "first" if mine == 0 else "second"
    return {
        "title": f"{inviter} invites you to a game of {game.title}",
        "text": f"You play {colour} and move {order}. {links}",
    }


def first_words(game: Any, start: Any, mine: int, inviter: str) -> str:
    """Who acts first in a game of ``game`` from the position ``start``,
    told to the player of seat ``mine`` ("you move first", "Ann rolls first")."""
    seat = game.current_player(start)
    roller = game.roller(start) if seat < 0 else None
    if roller is not None:
        return "you roll first" if roller == mine else f"{inviter} rolls first"
    if seat < 0:
        return f"it begins with {game.chance_words[0]}"
    return "you move first" if seat == mine else f"{inviter} moves first"


def panel(side: FriendGame, playing: bool, link: str | None, waited: float, opening: bool) -> dict[str, Any]:
    """The friend's box: what to do now, in words, with the link to send
    (again); ``playing``: the table shows the game; ``waited``: seconds
    since the game last changed; ``opening``: a link of the friend's is
    being checked."""
    friend = side.friend
    due = side.next_block()
    theirs = not side.is_over() and due is None and side.to_move() != side.seat
    if opening:
        text = f"Checking {friend}'s link: the proofs of the deal take a moment."
    elif side.resigned is not None:
        text = (
            "You resigned: the game is over."
            if side.resigned == side.seat
            else f"{friend} resigned: you win."
        )
    elif side.resigning:
        text = f"You resign: send the link to {friend} to tell them. Until you send it, Undo takes it back."
    elif due is not None:
        what = "your move" if due.moves else half_words(side, "your")
        text = f"Send the link to {friend}: it carries {what}."
        if side.pending:
            text += " Until you send it, you can undo."
    elif side.deferred is not None:
        text = f"Making your link to {friend}: your part of the deal takes a moment of arithmetic."
    elif side.is_over():
        text = "The game is over."
    elif side.to_move() == side.seat:
        text = f"Your turn against {friend}."
    elif len(side.ledger.blocks) == 1 and side.link() is not None:
        text = f"Invitation made: send it to {friend}. The game goes on when they open it and answer."
    elif link is None:
        text = f"{friend}'s turn: their move comes in their link."
    else:
        text = f"{friend}'s turn: their move comes in their link. If they lost yours, send it again."
    if theirs and not opening and waited >= 60:
        text += f" You have waited {waited_words(waited)}."
        if waited >= QUIET:
            text += (
                f" If {friend} has stopped answering, you can resign, or set the game aside in Your games"
                " (it comes back when their link does)."
            )
    if not playing and side.position().start is None:  # (a start dealt from the seed: from both halves)
        text += (
            f" The game comes on the table once {friend}'s link has dealt it;"
            " the table shows your own game till then."
        )
    return {
        "id": side.game_id.hex(),
        "friend": friend,
        "title": f"Playing {friend} by links" if playing else f"Your game with {friend}, by links",
        "text": text,
        "link_text": carries(side),
        "due": due is not None,
        "link": link,
        "on_table": playing,
        "resign": playing and not side.is_over() and not side.resigning,
        "working": opening or side.deferred is not None,
    }


def status_words(side: FriendGame, status: str) -> str:
    """The line under the table (the table's ``status``), with what the game
    by links waits for (after the status's own words, without its "…")."""
    friend, bare = side.friend, status.removesuffix("…")
    if side.resigned is not None:
        return "You resigned" if side.resigned == side.seat else f"{friend} resigned: you win"
    if side.resigning:
        return f"You resign: press Send to {friend}"
    if side.next_block() is not None:
        return f"{bare}. Send {friend} your link: press Send to {friend}"
    if side.deferred is not None:
        return f"{bare}: making your link to {friend}"
    if side.position().waiting:
        half = half_words(side, f"{friend}'s")
        return f"{bare}: waiting for {half}, in their link"
    if not side.is_over() and side.to_move() != side.seat:
        return f"{bare}: waiting for {friend}'s link"
    return status


def round_words(side: FriendGame, ended: dict[str, Any]) -> dict[str, Any]:
    """The cover at a round's end (the view's ``round``), by links: while the
    round waits for a link, it says which, and its button only shows the
    board (the next round is dealt by both browsers once both hands are shown)."""
    friend = side.friend
    if side.next_block() is not None:
        then = f"To go on, press Send to {friend} and send them the link."
    elif side.position().waiting:
        awaited = half_words(side, f"{friend}'s")
        then = f"Waiting for {awaited}, in their link."
    else:
        return ended
    return {"text": f"{ended['text']} {then}", "button": "See the board"}


def carries(side: FriendGame) -> str:
    """What this side's last link carries, in words, for the dialog that hands it over."""
    friend, blocks = side.friend, side.ledger.blocks
    if all(block.seat == side.seat for block in blocks):
        moved = " (with your first move)" if len(blocks) > 1 else ""
        where = "" if side.invitation.start is None else " from the position you set up"
        return f"It invites {friend} to the game{where}{moved}: they open it in their browser to join."
    if blocks[-1].resign:
        return f"It tells {friend} that you resign: they win."
    told = parts_words(read_parts(blocks[-1].deal), "your") or half_words(side, "your")
    what = "your moves" if blocks[-1].moves else told
    return f"It carries {what}: {friend} opens it in their browser to see it and answer."
