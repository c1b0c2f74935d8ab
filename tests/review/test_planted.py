"""The review is right: in planner games with five deliberately bad decisions planted (a clearance
into a sure collision, the Office card in hand discarded, a switching Move that strands the cars
for an industry, a paying green box left unstocked, a useless card taken over a needed one) at
least four of the five are marked mistake or blunder, and of the planner's own decisions at most
one in twenty is marked mistake or worse. Seeds (the default edition, v6): of seeds 1-44 the games (cut
at 170 decisions) that meet all five situations are 11, 18, 20, 21, 24, 26, 28, 38, 41 and 42 (v6's
hands rarely take a useless card over a needed one); 11, 18 and 28, of the ones with the 60 own
decisions asked below (under v5 the seeds were 4, 5 and 9; on all ten seeds 1-5, 7, 9-12 of v5, 42 of
the 45 planted decisions were marked, docs/review.md)."""

import pytest

import stationmaster as sm

from planted import PLANTS, planted_game


@pytest.mark.slow
@pytest.mark.parametrize("seed", [11, 18, 28])
def test_planted_mistakes_are_found_and_the_planners_own_decisions_are_not_marked(seed):
    game, planted = planted_game(seed, limit=170, after_stages=2)
    assert sorted(planted) == sorted(PLANTS), f"not every situation arose: {sorted(planted)}"
    review = sm.review(game)
    found = {}
    for name, seqs in planted.items():
        judged = [j for j in review.decisions if j.seq in seqs]
        assert len(judged) == 1, f"{name}: one judgement for the planted decision, not {judged}"
        found[name] = judged[0]
    marked = [name for name, j in found.items() if j.verdict in ("mistake", "blunder")]
    assert len(marked) >= 4, {name: (j.verdict, j.loss) for name, j in found.items()}
    assert found["collision"].verdict == "blunder" and "collision" in found["collision"].why
    for j in found.values():
        if j.verdict != "best":
            assert j.why and j.better is not None and j.why != str(j.played)
    planted_seqs = {s for seqs in planted.values() for s in seqs}
    own = [j for j in review.decisions if j.seq not in planted_seqs]
    assert len(own) >= 60
    assert sum(j.verdict in ("mistake", "blunder") for j in own) <= len(own) / 20
