"""Golden planner games: whole games played by the planner, pinned by a digest of every intent it
chose. A refactor of the planner or of the card families' worth and plays (``bots/plays.py``,
``CardRules.worth`` and ``best_play``) must leave these digests as they are; a deliberate change of
the planner's play (or of a rule it reads) changes them: re-pin by running
``python tests/bots/test_planner_golden.py`` and pasting its output into GOLDEN, and say so in the
commit.
"""

import hashlib

import pytest

import stationmaster as sm
from stationmaster.bots import play_turns

#: name -> (seed, game keywords)
GAMES = {
    **{f"standard-seed{n}": (n, dict(players=["Ann"])) for n in range(1, 13)},
    **{f"full-seed{n}": (n, dict(players=["Ann"], deck="full")) for n in range(1, 4)},
    **{f"competitive-2p-seed{n}": (n, dict(players=["Ann", "Bo"], mode="competitive")) for n in range(1, 3)},
    # the full deck's own cards: its opponent cards and defences, its orders and devices
    **{f"full-competitive-2p-seed{n}": (n, dict(players=["Ann", "Bo"], mode="competitive", deck="full"))
       for n in range(1, 4)},
    **{f"full-adversity-seed{n}": (n, dict(players=["Ann"], deck="full", optional_rules=["adversity"]))
       for n in range(1, 3)},
}

#: name -> digest of the intents of the game (``python tests/bots/test_planner_golden.py`` prints them)
GOLDEN = {
    'standard-seed1': '40ef2a684953347d',
    'standard-seed2': '777c72793116a25b',
    'standard-seed3': '6c39aac48c2a4ec6',
    'standard-seed4': '236eda285d4600ae',
    'standard-seed5': '6557b0929a0681d6',
    'standard-seed6': 'ce6a757483c0c641',
    'standard-seed7': 'df2d3f354e9c5371',
    'standard-seed8': '4431291cee47b340',
    'standard-seed9': '016475872cc9a7a8',
    'standard-seed10': '2745f7d985c80d82',
    'standard-seed11': '644368be4bc0cd58',
    'standard-seed12': '7abfafe3c2921724',
    'full-seed1': 'ea0338d57305ac11',
    'full-seed2': '1b85947c693bc3da',
    'full-seed3': 'df584e7203e3b34f',
    'competitive-2p-seed1': 'fb57eef50501d5f2',
    'competitive-2p-seed2': '6bc27b2d430eceab',
    'full-competitive-2p-seed1': 'cc0c0a11d065d6a0',
    'full-competitive-2p-seed2': '00549ddf20f49b7f',
    'full-competitive-2p-seed3': '59d84dd4310ca3fd',
    'full-adversity-seed1': 'b62f415a504b8a22',
    'full-adversity-seed2': 'f161469103658a70',
}


def digest(name: str) -> str:
    seed, cfg = GAMES[name]
    g = sm.new_game(seed=seed, bots={p: "planner" for p in cfg["players"]}, **cfg)
    play_turns(g)
    assert g.is_over
    return hashlib.sha256("\n".join(str(it) for it in g.history).encode()).hexdigest()[:16]


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_planner_plays_its_golden_games_as_pinned(name):
    assert digest(name) == GOLDEN[name], name


if __name__ == "__main__":
    print("GOLDEN = {")
    for name in GAMES:
        print(f"    {name!r}: {digest(name)!r},")
    print("}")
