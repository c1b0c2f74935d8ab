"""The board's New game form: the options of ``stationmaster.new_game`` as widgets, one
Human-or-bot choice per seat, and the list of other autosaved games to resume, behind the board's
"New game…" toggle. The form keeps its own fields; starting or resuming a game is the board's,
handed in as callbacks."""

from __future__ import annotations

import html

import ipywidgets as W

import stationmaster as sm
from stationmaster.config import (
    BALANCES, DECKS, DEFAULT_BALANCE, LENGTHS, MAX_PLAYERS, MODES, OPTIONAL_RULES, STARTING_HANDS, VICTORIES,
    YARD_REFILLS, make_config,
)
from stationmaster.house_rules import HOUSE_RULES, describe

from .frontend import close_widget
from .frontend import set_trait as _set
from .words import capital

HUMAN = "Human"

#: the form's choices as a player reads them (the dropdowns' values stay ``new_game``'s words)
MODE_LABELS = {"solitaire": "Solitaire (one player)", "competitive": "Competitive", "coop": "Co-op"}
VICTORY_LABELS = {"highest_after_days": "Most Revenue wins", "first_to_target": "First to the target"}
HAND_LABELS = {"three": "Three cards", "six": "Six cards", "track_split": "Three track cards"}
DECK_LABELS = {"classic": "Classic (52 cards)", "full": "Full (213 cards)"}
REFILL_LABELS = {"when_empty": "Only when empty", "stage_end": "Every Stage's end", "day_end": "Every Day's end",
                 "at_once": "At once"}
#: the editions of the rules, newest (the default) first
EDITIONS = tuple(sorted(BALANCES, reverse=True))
EDITION_LABELS = {"v6": "v6: the siding", "v5": "v5: car orders", "v4": "v4: freight by the Day", "v3": "v3", "v2": "v2",
                  "v1": "v1: as first played"}

#: New game form: a checkbox label that says more than the rule's name, and its tip
RULE_LABELS = {"adversity": "adversity (Solitaire)", "choose_draw": "choose the draw (keep 1 of 2)"}
RULE_TIPS = {"adversity": "Solitaire only: the Division turns up a situation card at every Stage start and strikes "
                          "your Office Area with it (rulings W1-W6)",
             "choose_draw": "A draw from the Home Office turns up two cards: keep one, return the other (ruling D5)"}


def _choices(values, labels: dict) -> list:
    """``(label, value)`` pairs for a Dropdown: the player reads the label, ``new_game`` gets the value."""
    return [(labels.get(v, v.replace("_", " ").capitalize()), v) for v in values]


def _length_label(name: str) -> str:
    _, days = LENGTHS[name]
    return f"{name.capitalize()} ({days} Days)"


def house_rule_texts(text: str) -> list:
    """The New game form's House rules field as ``new_game``'s ``house_rules``: ``KEY=VALUE``
    texts separated by ';' (a value may hold commas: ``order_pay=3,3; target=30``)."""
    return [t.strip() for t in (text or "").replace("\n", ";").split(";") if t.strip()]


def goal_words(mode: str, length: str, seats: int, balance: str = DEFAULT_BALANCE, deck: str = "classic",
               house_rules=None) -> str:
    """What the game the form would start must reach, as the form shows it: the solitaire target,
    the Co-op team's pooled target for every table from two to six seats (the one chosen in bold,
    rulings [V6], [V8], [V9], [V11]: v6's full deck has its own), or the Competitive floor ([V2]) —
    each read from the engine's own configuration, so the form says what a game is dealt (with its
    ``house_rules``: a ``target`` or ``coop_shares`` changes it)."""
    names = [f"P{i}" for i in range(1, MAX_PLAYERS + 1)]
    days = LENGTHS[length][1]
    if mode == "coop":
        cells = []
        for n in range(2, MAX_PLAYERS + 1):
            cfg = make_config(names[:n], 'coop', length, balance=balance, deck=deck, house_rules=house_rules)
            cell = f"{n} seats {cfg.target}"
            cells.append(f"<b>{cell}</b>" if n == seats else cell)
        return f"Team target (pooled, {days} Days): " + " · ".join(cells)
    if mode == "competitive":
        cfg = make_config(names[:max(2, seats)], "competitive", length, balance=balance, deck=deck,
                          house_rules=house_rules)
        who = "the leader makes" if cfg.floor_on_leader else "the table makes"
        return f"Most Revenue after {days} Days wins, if {who} at least {cfg.revenue_floor}"
    cfg = make_config(names[:1], "solitaire", length, balance=balance, deck=deck, house_rules=house_rules)
    return f"Target: {cfg.target} Revenue in {days} Days"


def form_problem(opts: dict) -> str | None:
    """Why ``new_game`` would refuse the New game form's choices, in the form's own words (its
    fields and the labels of its choices, never a keyword argument), or None. The engine's
    reasons speak to scripts ("use mode='competitive' or 'coop'"); a player filling in the form
    is told which field to change."""
    players = opts.get("players") or ["Player"]
    n, mode = len(players), opts.get("mode")
    if n > MAX_PLAYERS:
        return f"Station Master seats 1 to {MAX_PLAYERS} players; Players names {n}. Name fewer players."
    if mode == "solitaire" and n > 1:
        return (f"Solitaire is for one player, and Players names {n} ({', '.join(players)}). Choose Competitive "
                "or Co-op as the Mode, or name one player.")
    if mode != "solitaire" and n < 2:
        return (f"{MODE_LABELS.get(mode, mode)} needs two players or more: name them in Players "
                "(for instance: Ann, Bo), or choose Solitaire as the Mode.")
    if opts.get("starting_hand") == "track_split":
        from stationmaster.cards import catalog

        track = catalog(opts.get("deck") or "classic").kinds()["track"]
        if 3 * n > track:
            return (f"Three track cards each needs {3 * n} track cards for {n} players and the deck has {track}: "
                    "choose Three cards or Six cards as the Starting hand.")
    rules = opts.get("optional_rules") or ()
    if "adversity" in rules and mode != "solitaire":
        return "The adversity rule is for Solitaire games: untick it, or choose Solitaire as the Mode."
    if "red_flag_escape" in rules and "emergency_toolbox" not in rules:
        return "The red flag escape rule changes the emergency toolbox's Red Flags: tick emergency toolbox too."
    return None


def _bot_label(game, player: str) -> str:
    from stationmaster.bots.seats import bot_name
    return bot_name(game.bots[player])


def started_words(game) -> str:
    """What the board says of a game the form (or ``board.new_game``) started."""
    seats = ", ".join(f"{p} ({_bot_label(game, p)})" if p in game.bots else p for p in game.players)
    cfg = game.config
    house = f", house rules {describe(cfg.house_rules)}" if cfg.house_rules else ""
    return (f"New game: seed {game.seed}, {MODE_LABELS.get(cfg.mode, cfg.mode).split(' (')[0]}, "
            f"{_length_label(cfg.length)}, players {seats}{house}.")


class NewGameForm(W.VBox):
    """The New game… form, shown while its toggle (``button``) is down. ``start(game)`` gets the
    game its Start button dealt; ``resume(path)`` an autosave chosen to go on with (True if it
    did); ``autosaves()`` the other autosaved games ``[(description, path), ...]`` (None: autosave
    is off); ``scroll(where)`` asks the browser to show "form" or "bar"."""

    def __init__(self, *, start, resume, autosaves, scroll) -> None:
        self._start, self._resume, self._autosaves, self._scroll = start, resume, autosaves, scroll
        wide = W.Layout(width="22em")
        st = {"description_width": "9em"}
        # the first column's labels are short: its fields get the room ("Ann, Bo, Cy (blank: one
        # player)" whole, not cut at "one p")
        short = {"description_width": "5em"}
        self.f_seed = W.Text(description="Seed", placeholder="blank for random", layout=wide, style=short)
        self.f_players = W.Text(description="Players", placeholder="Ann, Bo, Cy (blank: one player)",
                                layout=wide, style=short)
        self.f_mode = W.Dropdown(description="Mode", options=_choices(MODES, MODE_LABELS), value="solitaire",
                                 layout=wide, style=short)
        self.f_length = W.Dropdown(description="Length", options=[(_length_label(n), n) for n in LENGTHS],
                                   value="standard", layout=wide, style=short)
        self.f_victory = W.Dropdown(description="Victory", options=_choices(VICTORIES, VICTORY_LABELS),
                                    value="highest_after_days", layout=wide, style=st)
        self.f_hand = W.Dropdown(description="Starting hand", options=_choices(STARTING_HANDS, HAND_LABELS),
                                 value="three", layout=wide, style=st,
                                 tooltip="three or six random cards, or three track cards each")
        self.f_deck = W.Dropdown(description="Deck", options=_choices(DECKS, DECK_LABELS), value="classic",
                                 layout=wide, style=st,
                                 tooltip="Classic: the 52-card game; Full: the 213-card Home deck and the "
                                 "Mainline deck (docs/cards.md)")
        self.f_refill = W.Dropdown(description="Yard refill", options=_choices(YARD_REFILLS, REFILL_LABELS),
                                   value="day_end", layout=wide, style=st,
                                   tooltip="when used cars come back to the Division Yard (ruling Y1)")
        self.f_edition = W.Dropdown(description="Edition", options=_choices(EDITIONS, EDITION_LABELS),
                                    value=DEFAULT_BALANCE, layout=wide, style=st,
                                    tooltip="the edition of the rules (docs/rules.md): the newest is the default, "
                                    "earlier ones stay playable")
        self.f_rates = [W.BoundedIntText(value=v, min=0, max=5, description=d, layout=W.Layout(width="13em"),
                                         style={"description_width": "7em"})
                        for v, d in ((1, "Passenger"), (1, "Freight"), (0, "Transit"))]
        self.f_rules = {r: W.Checkbox(value=False, description=RULE_LABELS.get(r, r.replace("_", " ")), indent=False,
                                      tooltip=RULE_TIPS.get(r, ""), layout=W.Layout(width="auto"))
                        for r in OPTIONAL_RULES}
        # [house rules] named overrides of the edition's numbers, as `--rule KEY=VALUE` takes them
        self.f_house = W.Text(description="House rules", placeholder="none (e.g. order_pay=3,3; target=30)",
                              layout=W.Layout(width="40em"), style={"description_width": "initial"},
                              tooltip="overrides of the edition's numbers, KEY=VALUE, several separated by ';' "
                              "(docs/house-rules.md): " + ", ".join(sorted(HOUSE_RULES)))
        self.f_seats = W.HBox(layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self._seat_choice: dict = {}  # player name -> Dropdown (Human or a bot)
        self.f_players.observe(lambda ch: self._update_seats(), "value")
        self._update_seats()
        self.f_start = W.Button(description="Start new game", button_style="success", icon="play",
                                layout=W.Layout(width="auto", flex="0 0 auto"))
        self.f_start.on_click(lambda b: self.start())
        # why the form's game cannot start, beside its Start button (the board's message line is
        # out of view while the form is filled in)
        self.f_problem = W.HTML("", layout=W.Layout(flex="1 1 auto", margin="0 0 0 8px"))
        self.f_problem.add_class("sm-form-problem")
        # what the chosen game must reach: the target, the Co-op team's for every table, or the floor
        self.f_goal = W.HTML("", layout=W.Layout(margin="2px 0"))
        for w in (self.f_mode, self.f_length, self.f_players, self.f_edition, self.f_deck, self.f_house):
            w.observe(lambda ch: self._show_goal(), "value")
        self._show_goal()
        for w in (self.f_seed, self.f_players, self.f_mode, self.f_hand, self.f_deck, self.f_edition, self.f_house,
                  *self.f_rules.values()):
            w.observe(lambda ch: self._recheck_form(), "value")
        self.f_autosaves = W.Dropdown(description="Or resume an autosaved game:", options=[],
                                      style={"description_width": "initial"}, layout=W.Layout(width="auto"))
        self.f_resume = W.Button(description="Resume", icon="folder-open", layout=W.Layout(width="auto"),
                                 tooltip="go on with the autosaved game chosen in the list")
        self.f_resume.on_click(lambda b: self.f_autosaves.value and self.resume(self.f_autosaves.value))
        self.f_resume_row = W.HBox([self.f_autosaves, self.f_resume], layout=W.Layout(display="none"))
        super().__init__([
            W.HBox([W.VBox([self.f_seed, self.f_players, self.f_mode, self.f_length]),
                    W.VBox([self.f_victory, self.f_hand, self.f_deck, self.f_refill, self.f_edition]),
                    W.VBox([W.HTML("Revenue rates (0–5):"), *self.f_rates])], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([W.HTML("Optional rules:")] + list(self.f_rules.values()), layout=W.Layout(flex_flow="row wrap")),
            self.f_house,
            self.f_seats,
            self.f_goal,
            W.HBox([self.f_start, self.f_problem], layout=W.Layout(align_items="center")),
            self.f_resume_row,
        ], layout=W.Layout(display="none", border="1px solid #8884", padding="6px"))
        self.add_class("sm-form")
        self.button = W.ToggleButton(description="New game…", icon="plus", value=False,
                                     tooltip="show the new game form", layout=W.Layout(width="auto"))
        self.button.observe(lambda ch: self.show(ch["new"]), "value")

    def show(self, show: bool) -> None:
        """Open (listing the autosaves afresh) or close the form."""
        if show:
            self.list_autosaves()
        self.layout.display = "flex" if show else "none"
        if show:  # it opens below the window's edge on a laptop
            self._scroll("form")

    def list_autosaves(self) -> None:
        """The form's list of the other autosaved games in the autosave folder (read when the
        form opens, not on every update)."""
        found = self._autosaves()
        if found is None:
            self.f_resume_row.layout.display = "none"
            return
        self.f_autosaves.options = found
        self.f_autosaves.value = found[0][1] if found else None
        self.f_resume_row.layout.display = "flex" if found else "none"

    def resume(self, path) -> bool:
        """Go on with the autosaved game in ``path``: the form closes if it could."""
        if not self._resume(path):
            self.list_autosaves()
            return False
        self.button.value = False
        return True

    def _form_players(self) -> list:
        return [p.strip() for p in self.f_players.value.split(",") if p.strip()]

    def _update_seats(self) -> None:
        """One Human-or-bot choice per player named in the form (kept by name while typing)."""
        from stationmaster.bots import available

        names = list(dict.fromkeys(self._form_players() or ["Player"]))
        options = [HUMAN] + available()
        old = self._seat_choice
        if list(old) == names and all(list(d.options) == options for d in old.values()):
            return  # the same names (a space or a comma typed): nothing to send
        self._seat_choice = {}
        for name in names:
            d = old.get(name)
            if d is None or list(d.options) != options:
                value = d.value if d is not None and d.value in options else HUMAN
                d = W.Dropdown(description=name, options=options, value=value,
                               tooltip=f"who plays {name}'s seat: a person, or a bot",
                               style={"description_width": "initial"}, layout=W.Layout(width="auto"))
            self._seat_choice[name] = d
        if getattr(self, "_seats_label", None) is None:
            self._seats_label = W.HTML("Seats:&nbsp;")
        self.f_seats.children = (self._seats_label, *self._seat_choice.values())
        for d in old.values():  # the choices of names no longer in the form
            if d not in self._seat_choice.values():
                close_widget(d)

    def seat_choice(self, player: str):
        """The New game form's Human-or-bot dropdown for ``player``."""
        return self._seat_choice[player]

    def form_options(self) -> dict:
        """The New game form's values as ``new_game`` keyword arguments (raises ValueError)."""
        seed_text = self.f_seed.value.strip()
        seed = None
        if seed_text:
            try:
                seed = int(seed_text)
            except ValueError:
                raise ValueError(f"the seed must be a whole number, not {seed_text!r}") from None
        players = self._form_players() or None
        names = players or ["Player"]
        bots = {p: d.value for p, d in self._seat_choice.items() if p in names and d.value != HUMAN}
        return dict(seed=seed, players=players, mode=self.f_mode.value, length=self.f_length.value,
                    victory=self.f_victory.value, starting_hand=self.f_hand.value,
                    revenue=tuple(w.value for w in self.f_rates),
                    optional_rules=[r for r, w in self.f_rules.items() if w.value], bots=bots or None,
                    deck=self.f_deck.value, yard_refill=self.f_refill.value, balance=self.f_edition.value,
                    house_rules=house_rule_texts(self.f_house.value) or None)

    def _show_goal(self) -> None:
        """The form's line of what its game must reach, for the mode, length and players chosen."""
        seats = len([p for p in self.f_players.value.split(",") if p.strip()]) or 1
        house = house_rule_texts(self.f_house.value) or None
        try:
            words = goal_words(self.f_mode.value, self.f_length.value, seats, self.f_edition.value, self.f_deck.value,
                               house)
        except ValueError:  # a house rule being typed: Start says what is wrong with it
            words = goal_words(self.f_mode.value, self.f_length.value, seats, self.f_edition.value, self.f_deck.value)
        _set(self.f_goal, "value", words)

    def _say_form_problem(self, text: str) -> None:
        """The form's refusal beside its Start button ('' clears it)."""
        _set(self.f_problem, "value", "" if not text else
             f'<span class="sm-error" style="color:#cf222e">⚠ <b>Cannot start that game.</b> {html.escape(text)}</span>')
        if text:  # two lines may push the form's foot out of view
            self._scroll("form")

    def _recheck_form(self) -> None:
        """A field changed while the form shows a refusal: say what is still wrong, or nothing."""
        if not self.f_problem.value:
            return
        try:
            opts = self.form_options()
            problem = form_problem(opts)
            if problem is None:  # what only the engine checks (a house rule's value): as Start would
                make_config(**{k: v for k, v in opts.items() if k not in ("seed", "bots")})
        except ValueError as e:
            problem = capital(str(e)) + "."
        self._say_form_problem(problem or "")

    def start(self) -> bool:
        """Start the game the form describes; when it cannot start, say why beside the form (in
        the form's words) and keep the game in play."""
        try:
            opts = self.form_options()
            problem = form_problem(opts)
            game = None if problem else sm.new_game(**opts)
        except ValueError as e:
            problem = capital(str(e)) + "."
        if problem:
            self._say_form_problem(problem)
            return False
        self._say_form_problem("")
        self._start(game)
        self.button.value = False
        self._scroll("bar")  # the form closes under the pointer: show the new game's bar and board
        return True
