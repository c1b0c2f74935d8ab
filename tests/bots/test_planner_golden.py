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
    'standard-seed1': 'e439714fbe95569f',
    'standard-seed2': '649d092e596a8504',
    'standard-seed3': 'f5ea257c274adef4',
    'standard-seed4': '5773870ffb1bd251',
    'standard-seed5': '1cbc4e23a5cb9e92',
    'standard-seed6': '186ad99233abd528',
    'standard-seed7': '980cc6024d400d86',
    'standard-seed8': '7d3956c92ca62542',
    'standard-seed9': '522079dd7584c00c',
    'standard-seed10': 'c0e0f03e934218b4',
    'standard-seed11': '92294e0e99612e70',
    'standard-seed12': '44da636be9a1c67d',
    'full-seed1': 'cf31d36742a9b4ec',
    'full-seed2': 'c387333c5277a6d6',
    'full-seed3': '7ce57e25f66a408f',
    'competitive-2p-seed1': '0796e99186ac760c',
    'competitive-2p-seed2': '7db2a305c48fe69a',
    'full-competitive-2p-seed1': 'ad39b9c3dbc3b6a7',
    'full-competitive-2p-seed2': 'f91cd7799e91f165',
    'full-competitive-2p-seed3': 'cf317c61aa218af9',
    'full-adversity-seed1': 'd6410acbf16116b6',
    'full-adversity-seed2': '4d9c90cd2a557208',
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
