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
    'standard-seed1': '54425854619c5ab8',
    'standard-seed2': '1458d6c2649a194c',
    'standard-seed3': '029633b89f412427',
    'standard-seed4': 'c266dd1fb8b12a70',
    'standard-seed5': '27cff182c93b5d11',
    'standard-seed6': '538b17de3c1556bf',
    'standard-seed7': '68d908030a5b7881',
    'standard-seed8': '21ebdc907a4c9001',
    'standard-seed9': 'a0867e94340d7be2',
    'standard-seed10': '3e4d7ac2ad26eae6',
    'standard-seed11': '08821a5ada7c9249',
    'standard-seed12': 'dfaf980c3af41f26',
    'full-seed1': '42eb222934ae1caf',
    'full-seed2': '68a1ba1915b72ed8',
    'full-seed3': 'cc66b715c8c9a88b',
    'competitive-2p-seed1': '7b2d52e1e4c29c93',
    'competitive-2p-seed2': '5281b40da84836b3',
    'full-competitive-2p-seed1': 'be5be484cbcdad70',
    'full-competitive-2p-seed2': 'd389385ee69972c3',
    'full-competitive-2p-seed3': '1ebe1896b5de1bc3',
    'full-adversity-seed1': '9790839320050f7f',
    'full-adversity-seed2': 'c531176333de26b0',
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
