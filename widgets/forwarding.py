"""The names the board offered before it was built of parts: ``board.NAME`` is still there for the
notebooks, scripts and tests that use it, read from the part that now keeps it."""

from __future__ import annotations

#: the parts' widgets and methods the board has always offered by name (scripts, notebooks and the
#: tests use them): ``board.NAME`` is ``board.PART.ATTRIBUTE``
FORWARDED = {
    "bar": ("status", "message", "help_button", "hint_button", "undo_button", "redo_button", "actions_box",
            "action_buttons"),
    "intents": ("intent_list", "apply_button"),
    "table": ("canvas", "painter", "scene", "surface", "scene_builder", "room", "room_layout", "compact",
              "compact_choice", "focus"),
    "overlay": ("hint_box", "help_box", "summary_box", "summary_close", "summary_row"),
    "files": ("save_button", "save_link", "upload", "confirm_text", "confirm_yes", "confirm_no",
              "confirm_row=question", "save", "save_filename", "load_text", "ask_load", "confirm_load"),
    "form": ("new_button=button", "new_game_from_form=start", "f_seed", "f_players", "f_mode", "f_length",
             "f_victory", "f_hand", "f_deck", "f_refill", "f_edition", "f_rates", "f_rules", "f_house", "f_seats", "f_start", "f_problem",
             "f_goal", "f_autosaves", "f_resume", "f_resume_row", "form_options", "seat_choice"),
    "bot_box": ("pace_slider", "pause_button", "step_button", "skip_button", "pause_bots", "step_bots",
                "skip_to_my_turn"),
    "log_box": ("event_log", "LONG_MESSAGE"),
    "tools": ("theme", "theme_choice", "set_theme", "theme_toggle", "option_toggles", "auto_end_toggle",
              "work_all_toggle", "mainline_button",
              "mainline_box", "mainline_replay", "toggle_mainline_replay"),
    "audience": ("viewer",),
    "coach": ("what_can_i_do", "show_hint", "hint_marks", "show_summary", "dismiss_summary"),
}


def _forward(part: str, attr: str):
    return property(lambda self: getattr(getattr(self, part), attr), doc=f"``board.{part}.{attr}``")


def forward_names(cls):
    """Give the board class a read-only ``NAME`` for each name of ``FORWARDED``."""
    for part, names in FORWARDED.items():
        for name in names:
            alias, _, attr = name.partition("=")
            setattr(cls, alias, _forward(part, attr or alias))
    return cls
