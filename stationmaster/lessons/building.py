"""Lesson 5 — Building the Office: drawing, laying track and Facilities, upgrades, the hand limit.

Three prepared positions, one exercise each (see ``notebooks/05-building-the-office.ipynb``):

- ``lay_track``: draw, then grow the Running Track at the east Limit, hang a Run-around on the
  Office's upper stubs and lay two industries off it, one of them turned (rules D1, G1–G7);
- ``upgrade_office``: Whistle Post → Depot → Station, strictly in order (rule D3);
- ``hand_limit``: draw from a Department, discard down to the hand limit of three and end (D1).
"""

from __future__ import annotations

from ..builder import Position
from ..flow import Option, Phase
from . import Lesson

ME = "Player"


def _card_at(game, xy):
    placed = game.state.areas[0].grid.get(tuple(xy))
    return None if placed is None else (game.state.deck[placed.card], placed.rotated)


def _tier(game) -> str:
    """The Office's tier in words: Whistle Post, Depot, Station or Terminal."""
    card = game.state.areas[0].office.card.rstrip("0123456789")
    return "Whistle Post" if card == "WhistlePost" else card


def _drawing(game) -> bool:
    return game.phase == Phase.LOCAL_OPERATIONS and game.state.turn.option == Option.DRAW


def _draw_first(game) -> str | None:
    """What to say when the learner has not drawn yet (None once the Draw option is under way)."""
    if _drawing(game) or any(str(i).startswith("draw") for i in game.history):
        return None
    return "cards are played during the Draw option: start it with `draw home` (or `draw dept 1`)."


def lay_track() -> Lesson:
    """Your hand holds two Straights, a Run-around, a Grocer's Warehouse and a Produce Shed. Draw a
    card, then lay: the Straights at 1,0 and -1,0 (the Limits' spots: the Running Track grows, the
    Limits move out and Secondary Track may use the new columns), the Run-around at 0,1 (its two
    legs meet the Office's upper stubs), the Warehouse at 1,1 (its W end meets the Run-around's E
    end) and the Produce Shed turned at -1,1 (turned, its spur opens east to meet the
    Run-around's W end). Then ``end``."""
    b = Position(seed=5)
    ids = b.hand(ME, ["straight", "straight", "runaround", "grocers_warehouse", "produce_shed"])
    east, west, runaround, warehouse, shed = ids
    game = b.game()
    wanted = [((1, 0), "straight", False, f"play {east} at 1,0"),
              ((-1, 0), "straight", False, f"play {west} at -1,0"),
              ((0, 1), "runaround", False, f"play {runaround} at 0,1"),
              ((1, 1), "grocers_warehouse", False, f"play {warehouse} at 1,1"),
              ((-1, 1), "produce_shed", True, f"play {shed} at -1,1 turned")]

    def goal(g):
        first = _draw_first(g)
        if first:
            return first
        for xy, key, turned, text in wanted:
            if _card_at(g, xy) != (key, turned):
                if not _drawing(g):
                    return (f"the Draw option is over and `{text}` was not played. "
                            "Run the lesson cell again to start over.")
                reason = g.why_not(text)
                return f"`{text}` is still to do." + (f" The engine says: {reason}" if reason else "")
        if _drawing(g):
            reason = g.why_not("end")
            return "everything is laid: finish the Draw option with `end`." + (
                f" The engine says: {reason}" if reason else "")
        return None

    return Lesson("Lay track and Facilities", "`draw home`, then " + ", ".join(f"`{w[3]}`" for w in wanted)
                  + ", then `end`.", game, goal,
                  hint="Every card must meet a port of a neighbour; the Running Track grows only at a Limit.")


def upgrade_office() -> Lesson:
    """Your hand holds a Station and a Terminal. Draw, then upgrade the Depot your Office opened as to
    a Station and the Station to a Terminal — a Terminal first is refused: no tier may be skipped. Then
    ``end``. (Every Office opens as a Depot from edition v5, [U5]; a Whistle Post comes first in v4.)"""
    b = Position(seed=5)
    station, terminal = b.hand(ME, ["station", "terminal"])
    game = b.game()

    def goal(g):
        tier = _tier(g)
        if tier == "Terminal" and not _drawing(g):
            return None
        first = _draw_first(g)
        if first:
            return first
        if not _drawing(g):
            return f"the Draw option is over and your Office is a {tier}. Run the lesson cell again."
        if tier == "Terminal":
            return "your Office is a Terminal: finish the Draw option with `end`."
        nxt = f"play {station}" if tier == "Depot" else f"play {terminal}"
        reason = g.why_not(nxt)
        return (f"your Office is still a {tier}: `{nxt}` comes next."
                + (f" The engine says: {reason}" if reason else ""))

    return Lesson("Upgrade the Office", f"`draw home`, then upgrade the Office in order: `play {station}`, "
                  f"`play {terminal}`; then `end`.", game, goal,
                  hint=f"Click the Terminal in your hand first (in code: `game.why_not('play {terminal}')`): the "
                       "board says why a Terminal cannot come first.")


def hand_limit() -> Lesson:
    """Three cards in hand already: take the top card of Department 2, then discard one card face up
    onto a Department (``discard CARD to N``) so the hand is back at the limit of three, and ``end``."""
    b = Position(seed=1)  # (a deal whose three Departments keep a card once the hand is taken)
    b.hand(ME, ["train5", "extra10", "terminal"])
    game = b.game()

    def goal(g):
        texts = [str(i) for i in g.history]
        took = any(t.startswith("draw dept") for t in texts)
        discarded = any(t.startswith("discard") for t in texts)
        if took and discarded and not _drawing(g):
            return None
        if not took:
            if _drawing(g) or texts:
                return "this exercise wants a card from a Department: run the lesson cell again and `draw dept 2`."
            return "take the top card of Department 2: `draw dept 2`."
        if _drawing(g):
            reason = g.why_not("end")
            if reason:
                return f"`end` is refused: {reason}"
            return "your hand is at the limit: finish with `end`."
        return "the Draw option ended without a discard: run the lesson cell again."

    return Lesson("Draw from a Department and keep to the hand limit", "`draw dept 2`, then discard one "
                  "card onto a Department (`discard CARD to 1`), then `end`.", game, goal,
                  hint="The hand limit is three (four while you hold a Red Flag).")
