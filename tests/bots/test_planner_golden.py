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
    'standard-seed1': 'e5567562b7f329c0',
    'standard-seed2': '67ac5e78efb78b5f',
    'standard-seed3': '71ceeb9b18d5a16b',
    'standard-seed4': 'dcf5b49b2aa9e121',
    'standard-seed5': '34cf123bc69370fe',
    'standard-seed6': 'e9389a16451d26ff',
    'standard-seed7': '995346281c211943',
    'standard-seed8': 'cf9e50562ff772d2',
    'standard-seed9': '39271b9d1f974047',
    'standard-seed10': '7373670be6b57837',
    'standard-seed11': 'd0aee375d5793436',
    'standard-seed12': '86df67821ef78903',
    'full-seed1': 'ba11cae54af8c987',
    'full-seed2': 'da7a884b79859e98',
    'full-seed3': '24426f84e81f6b56',
    'competitive-2p-seed1': '996899f76afc28df',
    'competitive-2p-seed2': '4c7f72a640c67c89',
    'full-competitive-2p-seed1': 'ca39e09241739bce',
    'full-competitive-2p-seed2': 'a5f6925e6d4ed15e',
    'full-competitive-2p-seed3': '6cbf126d1c05a54c',
    'full-adversity-seed1': '9bd46828653b96af',
    'full-adversity-seed2': '87923797e6eaa37c',
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
