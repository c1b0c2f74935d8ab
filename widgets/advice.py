"""Help for a player at the board: what can I do now, what would a good player do (a Hint), and
how the Day went. No ipywidgets here.

- ``options(controller)``: the useful legal actions, grouped, in a player's words with the click
  that makes each ("What can I do?").
- ``hint(game)``: the ``planner`` bot's decision for the actor, with its reason (None when no
  such bot is installed).
- ``day_summary(game, day)``: Revenue that Day by source, the pace against the target, collisions.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from stationmaster import explain
from stationmaster.intents import Draw, Grade

from .intent_ui import ui_of
from .names import capital
from .words import say

#: the bot a Hint asks, and the ones tried after it while it is not installed
HINT_BOTS = ("planner", "search", "greedy")
#: Revenue sources (``data["source"]`` of revenue events) as a player says them, in this order
SOURCES = {
    "boarding": "passengers boarded", "detraining": "passengers detrained", "freight_out": "freight loaded out",
    "freight_in": "freight unloaded", "transit": "trains completing their runs", "collision": "collisions",
}
#: the source of a revenue event without ``data["source"]``, from its sentence
_SOURCE_WORDS = (("boarded", "boarding"), ("detrained", "detraining"), ("unloaded at", "freight_in"),
                 ("loaded at", "freight_out"), ("completed its run", "transit"), ("collision", "collision"))


# --------------------------------------------------------------------------- What can I do?

def options(controller) -> list:
    """``[(what, how), ...]``: the useful legal actions for the actor now, in words, with the
    click or button that makes each (each intent class's rows are its board entry's,
    ``intent_ui``); the do-nothing ones (pass, end) last."""
    g = controller.game
    if g.is_over:
        return [("The game is over", "start a New game, or Undo to look back")]
    if controller.bot:
        return [(f"{g.actor}'s bot is deciding", "wait, or Pause the bots")]
    s, seat = g.state, controller.seat
    legal = g.legal_intents()
    out, last = [], []
    seen: set = set()
    for it in legal:
        for what, how, at_end in ui_of(it).options(controller, it, legal, seen):
            (last if at_end else out).append((what, how))
    if getattr(controller, "work_all", False) and controller.obvious_work():
        out.insert(0, (f"Work all: every Porter and Laborer action that earns ({len(controller.obvious_work())} now)",
                       "press Work all"))
    if not out and not last and legal:  # never nothing: whatever is legal, by its button
        out = [(capital(say(s, it, seat)), f"press {controller.button_label(it)}") for it in legal]
    return out + last


def options_html(controller) -> str:
    rows = "".join(f"<li><b>{html.escape(w)}</b> — {html.escape(h)}</li>" for w, h in options(controller))
    return f'<div class="sm-help"><b>What you can do now:</b><ul style="margin:2px 0 2px 1.2em;padding:0">{rows}</ul></div>'


# --------------------------------------------------------------------------- Hint

def hint_bot_name() -> str | None:
    """The name of the bot a Hint asks (the first of HINT_BOTS installed), or None."""
    from stationmaster.bots import available

    names = available()
    return next((n for n in HINT_BOTS if n in names), None)


def hint(game):
    """``Decision(intent, reason)`` a good player would take now, or None when no hint bot is
    installed or the game is over. The intent is the planner's; the reason says why in game terms
    (``stationmaster.explain.why``). An intent that cannot be followed through (a card taken that
    could then not be played) gives way to the next best legal one, and the reason says so; a
    Heavy Grade's direction is chosen by the trains that would climb it."""
    from stationmaster.bots import Decision, make

    name = hint_bot_name()
    if name is None or game.is_over or game.actor is None:
        return None
    got = make(name, seed=0).decide(game)
    got = got if isinstance(got, Decision) else Decision(got)
    intent, said = got.intent, got.reason
    pending = game.state.turn.pending
    if isinstance(intent, Grade) or getattr(pending, "kind", "") == "grade":
        intent = Grade(explain.grade_choice(game.state))
    problem = explain.follows_through(game, intent)
    if problem:
        fallback = _next_best(game, intent)
        if fallback is not None:
            why = explain.why(game, fallback)
            # the question a player has in mind, then its answer: "Why not take the top card of
            # Department 3? The Power Plant on Department 3 could not be played after taking it."
            return Decision(fallback, f"Why not {say(game.state, intent, _seat(game))}? {capital(problem)}."
                                      + (f" {why}." if why else ""))
    why = explain.why(game, intent)
    return Decision(intent, why or said)


def _seat(game):
    p = game.players.index(game.actor)
    return game.state.players[p].seat


def _next_best(game, refused):
    """The legal intent to take instead of one that cannot be followed through: a draw from the
    Home Office, else the first legal intent that can be followed through."""
    legal = list(game.legal)
    home = Draw("home")
    if home in legal and home != refused:
        return home
    return next((it for it in legal if it != refused and explain.follows_through(game, it) is None), None)


# --------------------------------------------------------------------------- the Day's end

@dataclass
class DaySummary:
    day: int
    days: int
    by_player: dict = field(default_factory=dict)  # player -> {source: amount}
    totals: dict = field(default_factory=dict)  # player -> Revenue at the end of the Day
    collisions: int = 0
    target: int = 0

    def today(self, player: str) -> int:
        return sum(self.by_player.get(player, {}).values())

    def pace(self, player: str) -> int:
        """The Revenue this player would end the game with at the rate so far."""
        return round(self.totals.get(player, 0) * self.days / max(1, self.day))


def source_of(event) -> str:
    src = (event.data or {}).get("source")
    if src:
        return src
    text = event.text.lower()
    return next((s for w, s in _SOURCE_WORDS if w in text), "other")


def day_summary(game, day: int) -> DaySummary:
    """What happened on ``day``: Revenue by source for each player, collisions, and each player's
    Revenue at its end."""
    cfg = game.config
    out = DaySummary(day=day, days=cfg.days, target=cfg.target)
    current = 1
    revenue = {p: 0 for p in game.players}
    for batch in game.event_batches:
        for e in batch:
            if current == day:
                if e.kind == "revenue" and e.player:
                    src = source_of(e)
                    d = out.by_player.setdefault(e.player, {})
                    d[src] = d.get(src, 0) + e.amount
                elif e.kind == "collision":
                    out.collisions += 1
            if e.kind == "revenue" and e.player in revenue and current <= day:
                revenue[e.player] += e.amount
            if e.kind == "day_end":
                current = e.data.get("day", current) + 1
    out.totals = revenue
    return out


def summary_html(game, day: int) -> str:
    sm = day_summary(game, day)
    cfg = game.config
    rows = []
    for p in game.players:
        parts = [f"{v:+d} {SOURCES.get(k, k)}" for k, v in sorted(sm.by_player.get(p, {}).items(),
                                                                   key=lambda kv: list(SOURCES).index(kv[0])
                                                                   if kv[0] in SOURCES else 99)]
        got = sm.today(p)
        how = f" ({html.escape(', '.join(parts))})" if parts else ""
        who = f"{html.escape(p)}: " if len(game.players) > 1 else ""
        rows.append(f"<li>{who}<b>{got:+d} Revenue</b> today{how}; {sm.totals.get(p, 0)} in all</li>")
    if cfg.mode == "competitive" and cfg.victory != "first_to_target":
        goal = f"the table's floor is {cfg.revenue_floor}"
        pace = ""
    else:
        total = sum(sm.totals.values()) if cfg.mode == "coop" else max(sm.totals.values(), default=0)
        at_pace = round(total * sm.days / max(1, day))
        pace = (f" At this pace: about {at_pace} by the end of Day {sm.days}, "
                f"{'on course for' if at_pace >= sm.target else 'short of'} the target of {sm.target}.")
        goal = f"target {sm.target}"
    coll = f"{sm.collisions} collision{'s' if sm.collisions != 1 else ''} today." if sm.collisions else "No collisions today."
    tip = ""
    if not any(sm.by_player.get(p) for p in game.players):
        tip = (" <i>How to earn: a passenger train that stops at your Office earns when a Porter boards "
               "or detrains a coach (Load/Unload); an industry earns when a Laborer loads or unloads its car. "
               "Press Hint or What can I do? for the next step.</i>")
    return (f'<div class="sm-summary"><b>Day {day} of {sm.days} is over</b> ({html.escape(goal)}).'
            f'<ul style="margin:2px 0 2px 1.2em;padding:0">{"".join(rows)}</ul>'
            f"{html.escape(coll)}{html.escape(pace)}{tip}</div>")
