"""Palettes and colours of the board: the light and dark themes, player, tier and card-kind
colours, and the turn chart's sky. Kept apart so a palette change touches no layout code."""

from __future__ import annotations

from ...cards.kinds import KIND_RULES, TIER_COLOURS  # noqa: F401  (TIER_COLOURS: re-exported)

THEMES = {
    "light": {
        "bg": "#f4efe3", "panel": "#fffdf7", "panel_stroke": "#d8cdb6", "ink": "#2a2622",
        "muted": "#7d7466", "faint": "#cfc4ad", "accent": "#b5541c",
        "card": "#fbf6ea", "card_stroke": "#a8987a", "spot": "#e4dbc6",
        "rail": "#4a3a2c", "rail_gap": "#fbf6ea", "mainline": "#e9dfc8", "mainline_stroke": "#b9a886",
        "running": "#efe3c6", "tray": "#cdb68c", "tray_stroke": "#8a6f45",
        "engine": "#26282c", "engine_text": "#ffffff", "extra_engine": "#5b2a6e",
        "coach": "#2f6bd1", "freight": "#8a5a2e", "caboose": "#c8372d", "empty": "#ffffff",
        "car_stroke": "#2a2622", "load": "#2a2320",
        "green": "#2f9e55", "red": "#d2453b", "box_bg": "#ffffff",
        "prompt_bg": "#fff3d6", "prompt_bar": "#d9822b",
        "hatch": "#9a6b4a", "sign": "#ffffff", "sign_text": "#1d1d1d",
        "wheel": "#4a3a2c", "cp": "#2f9e55", "sub": "#7d7466",
    },
    "dark": {
        "bg": "#1b1d22", "panel": "#24272e", "panel_stroke": "#3b3f48", "ink": "#ece7dc",
        "muted": "#a39d90", "faint": "#4b4f59", "accent": "#f0a35e",
        "card": "#2e3139", "card_stroke": "#5d6270", "spot": "#353944",
        "rail": "#d9ccb4", "rail_gap": "#2e3139", "mainline": "#343029", "mainline_stroke": "#6b6150",
        "running": "#3a3528", "tray": "#6a5838", "tray_stroke": "#b39863",
        "engine": "#dfe3ea", "engine_text": "#15171b", "extra_engine": "#d7b5e6",
        "coach": "#4a86ec", "freight": "#a86f3c", "caboose": "#e0483c", "empty": "#ffffff",
        "car_stroke": "#0e0f12", "load": "#f3e2b3",
        "green": "#3fbf6a", "red": "#ef5a4f", "box_bg": "#1b1d22",
        "prompt_bg": "#3a2f1f", "prompt_bar": "#f0a35e",
        "hatch": "#c79a72", "sign": "#f4f1ea", "sign_text": "#1d1d1d",
        "wheel": "#d9ccb4", "cp": "#3fbf6a", "sub": "#a39d90",
    },
}

#: player colours, by player index
PLAYER_COLOURS = ("#2a7ab0", "#c77c02", "#4f8a2a", "#8e44ad", "#c0392b", "#16a085")
#: the cards' printed bands (the card classes own them): by Office tier, and by kind
KIND_COLOURS = {kind: cls.colour for kind, cls in KIND_RULES.items()}
SKY = ((0, (19, 35, 91)), (6, (246, 208, 96)), (12, (186, 221, 246)), (18, (214, 76, 64)),
       (22, (19, 35, 91)), (24, (19, 35, 91)))



def sky_colour(stage: int) -> str:
    """The turn chart colour of a Stage: deep blue at Midnight, yellow at 6 AM, pale blue at noon,
    red at 6 PM, deep blue again by 10 PM."""
    h = (stage - 1) * 2
    for (h0, c0), (h1, c1) in zip(SKY, SKY[1:]):
        if h0 <= h <= h1:
            f = (h - h0) / (h1 - h0)
            return "#%02x%02x%02x" % tuple(round(a + (b - a) * f) for a, b in zip(c0, c1))
    return "#13235b"


def mix(a: str, b: str, f: float) -> str:
    """Colour a blended toward b by f (0..1)."""
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#%02x%02x%02x" % tuple(round(x + (y - x) * f) for x, y in zip(ca, cb))


def is_dark(hexcol: str) -> bool:
    """Whether a fill is dark enough to need light text on it."""
    r, g, b = (int(hexcol[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b < 140
