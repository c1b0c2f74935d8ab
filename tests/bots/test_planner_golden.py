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
    'standard-seed1': '830ff89ee4a415e2',
    'standard-seed2': '1f660dc9b3a6c500',
    'standard-seed3': '8b442479a941bef5',
    'standard-seed4': '2b797ea2a35ab7fd',
    'standard-seed5': 'fa92332b4dd752c7',
    'standard-seed6': '571f446e522668cb',
    'standard-seed7': 'f11db951933b6696',
    'standard-seed8': '9bbede1720682fe6',
    'standard-seed9': '6684cd25f68d1bc8',
    'standard-seed10': 'ac5609bf5c2895d3',
    'standard-seed11': '38320755fe780d96',
    'standard-seed12': '657254b5c57dab8b',
    'full-seed1': '0780b41ac680d2f3',
    'full-seed2': '5bf0190d8976baa3',
    'full-seed3': '9e183e21c364b8c3',
    'competitive-2p-seed1': 'dd1fdeaa5234e5fd',
    'competitive-2p-seed2': 'fa2d3cfdb27620f4',
    'full-competitive-2p-seed1': 'af6fc1bb7b161de3',
    'full-competitive-2p-seed2': 'd0ed9113a2f1ad7c',
    'full-competitive-2p-seed3': 'ef2f03485772ebad',
    'full-adversity-seed1': 'ee402312c3224a88',
    'full-adversity-seed2': '9f99ba0a2716237b',
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
