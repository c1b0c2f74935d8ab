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
    'standard-seed1': 'd4efc47f4d6809e1',
    'standard-seed2': 'bd3db3b01117340f',
    'standard-seed3': 'd71c223203af0361',
    'standard-seed4': 'e45e78d9ec26d06d',
    'standard-seed5': '020ac06afc915ddf',
    'standard-seed6': '1fdb17487fb6f63f',
    'standard-seed7': 'df2d3f354e9c5371',
    'standard-seed8': '617b9a29ab25399e',
    'standard-seed9': '8b0bbad88dd579e5',
    'standard-seed10': '49c2390f2a62c940',
    'standard-seed11': '3e099bf0c7e70754',
    'standard-seed12': 'ea9d68e3043b2991',
    'full-seed1': 'ea0338d57305ac11',
    'full-seed2': '0129c0b454f12ec8',
    'full-seed3': '707f91ea6f653b4a',
    'competitive-2p-seed1': '6b11a253539fd95d',
    'competitive-2p-seed2': 'af3aa5781ff5bcc7',
    'full-competitive-2p-seed1': 'cc0c0a11d065d6a0',
    'full-competitive-2p-seed2': 'c4d70bd272482b89',
    'full-competitive-2p-seed3': 'a91a9974666efacb',
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
