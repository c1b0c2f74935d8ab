"""The board's control bar: the status line, the message line and the decision's row (its buttons,
then What can I do?, Hint, Undo and Redo), each of fixed height so that nothing under the bar moves
when its text changes; and the list of every legal intent under the board (``IntentList``).

The bar keeps its own buttons and which key each stands for; what a press, a help toggle, a Hint,
an Undo or a Redo does is the board's, handed in as callbacks."""

from __future__ import annotations

import html

import ipywidgets as W

from stationmaster.decisions import PHASE_NAMES
from stationmaster.query import CLOCK, spec_of

from .frontend import set_trait as _set

BUTTON_POOL = 16
#: the message line's colours: an error (something was refused or failed), a warning (look)
NOTICE = {"error": ("#cf222e", "sm-error"), "warning": ("#9a6700", "sm-warning")}


def notice_html(text: str, level: str = "") -> str:
    """The message line's HTML: plain, or a warning/error with its colour and a ⚠."""
    if level not in NOTICE:
        return f"<span>{html.escape(text)}</span>"
    colour, cls = NOTICE[level]
    return f'<span class="{cls}" style="color:{colour}">⚠ {html.escape(text)}</span>'


def shown_labels(labels) -> list:
    """The decision's button labels as shown: a choice that repeats the one before it and adds
    to it ("Board train 2 (tray 1)", "Board train 2 (tray 1), car 3") shows only what it adds
    ("…, car 3"), so the repeated choices stay together and the row holds every choice (issue 28.3);
    the button's tooltip says it whole."""
    out, base = [], None
    for label in labels:
        if base and label.startswith(base + ", "):
            out.append("…, " + label[len(base) + 2:])
        else:
            out.append(label)
            base = label
    return out


def status_html(game, controller, viewer) -> str:
    """The status line: the decision in hand, Revenue and what is selected (the board's header
    has the rest), with whose hand is shown at a shared table."""
    g, c = game, controller
    rev = " · ".join(f"{html.escape(n)} {v}" for n, v in g.revenue.items())
    cfg = g.config
    who = ""
    if len(g.players) > 1 and viewer is not None:
        away = " (others look away)" if len(g.humans) > 1 else ""
        who = f" — hand shown: <b>{html.escape(g.players[viewer])}</b>'s{away}"
    picked = c.selection()
    card = (c.serves or {}).get("card") or c.card if picked else None
    tip = ""
    if card is not None:  # the selected card's full text on hover (the compact card shows one line)
        sp = spec_of(g.state, card)
        tip = f" title='{html.escape(f'{sp.name}: {sp.text}', quote=True)}'"
    picked = f" · <span class='sm-selection'{tip}>{html.escape(picked)}</span>" if picked else ""
    if g.is_over:
        line = f"<b>{html.escape(c.status())}</b>"
    else:
        st = g.state
        actor = f"{g.actor} ({c.bot})" if c.bot else g.actor
        when = f"Day {st.day} of {cfg.days} · Stage {st.stage} ({CLOCK[st.stage - 1]}) · {PHASE_NAMES[st.phase]}"
        line = (f"<b>{html.escape(actor)} to {html.escape(g.decision)}</b> · "
                f"<span class='sm-when'>{html.escape(when)}</span>")
    return (f"<div class='sm-one-line'>{line}{who} · "
            f"<span style='opacity:0.85' title='seed {g.seed} · {cfg.mode}, {cfg.length}'>"
            f"Revenue {rev} (target {cfg.target})</span>{picked}</div>")


class ControlBar(W.VBox):
    """The status line, the message line and the decision's row. ``on_press(key)`` gets the key of
    a pressed action button (an intent's text, or ``ui:turned`` / ``ui:cancel``); ``on_help()``
    the What can I do? toggle; ``on_hint``, ``on_undo``, ``on_redo`` their buttons."""

    def __init__(self, *, on_press, on_help, on_hint, on_undo, on_redo) -> None:
        self._on_press = on_press
        self.status = W.HTML(layout=W.Layout(width="100%"))
        self.status.add_class("sm-line")
        self.message = W.HTML(layout=W.Layout(width="100%"))
        self.message.add_class("sm-line")
        self.help_button = W.ToggleButton(description="What can I do?", icon="question-circle", value=False,
                                          tooltip="list what you can do now, and how", layout=W.Layout(width="auto"))
        self.help_button.observe(lambda ch: on_help(), "value")
        self.hint_button = W.Button(description="Hint", icon="lightbulb-o", layout=W.Layout(width="auto"),
                                    tooltip="what a good player would do now, and why")
        self.hint_button.on_click(lambda b: on_hint())
        self.undo_button = W.Button(description="Undo", icon="undo", layout=W.Layout(width="auto"))
        self.undo_button.on_click(lambda b: on_undo())
        self.redo_button = W.Button(description="Redo", icon="repeat", layout=W.Layout(width="auto"))
        self.redo_button.on_click(lambda b: on_redo())
        self._pool: list = []  # reusable action buttons; the box shows the first ones in use
        self._keys: list = []  # the key each pool button stands for now (None: not shown)
        self.actions_box = W.HBox(layout=W.Layout(flex_flow="row nowrap", width="auto", flex="0 1 auto"))
        self.actions_box.add_class("sm-actions")
        self._grow_pool(BUTTON_POOL)
        helpers = W.HBox([self.help_button, self.hint_button, self.undo_button, self.redo_button],
                         layout=W.Layout(flex_flow="row nowrap", flex="0 0 auto", margin="0 0 0 auto"))
        helpers.add_class("sm-helpers")
        decide = W.HBox([self.actions_box, helpers],
                        layout=W.Layout(flex_flow="row nowrap", align_items="center", width="100%"))
        decide.add_class("sm-decide")
        super().__init__([self.status, self.message, decide], layout=W.Layout(width="100%"))
        self.add_class("sm-bar")

    def _grow_pool(self, n: int) -> None:
        """Keep at least n reusable action buttons."""
        while len(self._pool) < n:
            i = len(self._pool)
            b = W.Button(layout=W.Layout(width="auto", flex="0 0 auto"))
            b.on_click(lambda _b, i=i: self._pressed(i))
            self._pool.append(b)
            self._keys.append(None)

    def _pressed(self, i: int) -> None:
        if self._keys[i] is not None:
            self._on_press(self._keys[i])

    def show_status(self, text: str) -> None:
        _set(self.status, "value", text)

    def show_message(self, parts, idle: str) -> None:
        """The message line: ``parts`` ``[(text, level), ...]`` joined, or the ``idle`` text (what
        to do now) when there are none. One line of fixed height (CSS ``sm-line``); a longer text
        ends in "…" and its whole text is the line's tooltip."""
        if parts:
            body = " · ".join(notice_html(t, lvl) for t, lvl in parts)
            full = " · ".join(("⚠ " if lvl else "") + t for t, lvl in parts)
        else:
            full = idle
            body = f'<span style="opacity:0.8">{html.escape(full)}</span>'
        text = f'<div class="sm-one-line" title="{html.escape(full, quote=True)}">{body}</div>'
        if self.message.value != text:
            self.message.value = text

    def show_actions(self, actions) -> None:
        """One button per ``Action`` (a pressed one marked ✓), in order; one message per button
        that changed and one for the box, none per hidden button."""
        self._grow_pool(len(actions))
        for i, (b, a, label) in enumerate(zip(self._pool, actions, shown_labels(a.label for a in actions))):
            self._keys[i] = a.key
            with b.hold_sync():
                _set(b, "description", f"{label} ✓" if a.toggled else label)
                _set(b, "tooltip", a.tip)
                _set(b, "disabled", not a.enabled)
                _set(b, "button_style", "info" if a.toggled else a.style)
        for i in range(len(actions), len(self._pool)):
            self._keys[i] = None
        shown = tuple(self._pool[:len(actions)])
        if self.actions_box.children != shown:
            self.actions_box.children = shown

    def show_hint_button(self, available: bool, enabled: bool) -> None:
        """Hint: enabled while a person decides and the planner bot is installed (its tooltip says
        when it is not)."""
        _set(self.hint_button, "disabled", not enabled)
        _set(self.hint_button, "tooltip", "what a good player would do now, and why" if available else
             "Hint needs the planner bot, which this installation lacks")

    def show_history(self, undo_tip: str, can_undo: bool, redo_tip: str, can_redo: bool) -> None:
        """Undo and Redo: enabled or not, each with what it would do (or why not) as its tooltip."""
        _set(self.undo_button, "disabled", not can_undo)
        _set(self.undo_button, "tooltip", undo_tip)
        _set(self.redo_button, "disabled", not can_redo)
        _set(self.redo_button, "tooltip", redo_tip)

    def action_buttons(self) -> list:
        """The visible action buttons."""
        return [b for b, key in zip(self._pool, self._keys) if key is not None]

    def key_of(self, button) -> str | None:
        """The key a visible action button stands for (None for a hidden one)."""
        return self._keys[self._pool.index(button)]

    def button(self, label: str, whole_labels: dict):
        """The visible action button with this label, as shown or whole (``whole_labels``: key ->
        label)."""
        for b, key in zip(self._pool, self._keys):
            if key is not None and label in (b.description.rstrip(" ✓"), whole_labels.get(key)):
                return b
        raise KeyError(f"no button {label!r}; showing {[b.description for b in self.action_buttons()]}")


class IntentList(W.HBox):
    """Every legal intent in script notation, and Apply: the board's way to any intent.
    ``on_apply(text)`` gets the chosen intent's text ('' when there is none)."""

    def __init__(self, on_apply) -> None:
        self.intent_list = W.Dropdown(description="All legal intents (script notation):", options=[],
                                      style={"description_width": "initial"},
                                      layout=W.Layout(width="auto", min_width="22em"))
        self.apply_button = W.Button(description="Apply", tooltip="apply the intent chosen in the list",
                                     layout=W.Layout(width="auto"))
        self.apply_button.on_click(lambda b: on_apply(self.intent_list.value or ""))
        super().__init__([self.intent_list, self.apply_button], layout=W.Layout(flex_flow="row wrap"))

    def show(self, options: tuple) -> None:
        """The legal intents' texts (the chosen one kept while it stays legal)."""
        if tuple(self.intent_list.options) != options:
            keep = self.intent_list.value
            self.intent_list.options = options
            if options:
                self.intent_list.value = keep if keep in options else options[0]
        _set(self.apply_button, "disabled", not options)
