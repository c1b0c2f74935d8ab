"""A small deterministic PRNG of our own (SplitMix64).

Same seed, same numbers, on every Python and in Pyodide: it uses only integer arithmetic,
never ``random.Random``, hash order or set order. Its whole state is one int, so a game
snapshot copies it for free and undo never rerolls.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1


class Rng:
    """SplitMix64 stream. ``state`` is the only field; copy it to snapshot the stream."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), by rejection (no modulo bias)."""
        if not isinstance(n, int) or isinstance(n, bool):
            raise TypeError(f"n must be an int, not {type(n).__name__}")
        if not 0 < n <= 1 << 64:
            raise ValueError(f"n must be from 1 to 2**64, not {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def d12(self) -> int:
        """One roll of the twelve-sided die."""
        return 1 + self.below(12)

    def shuffle(self, items: list) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items):
        return items[self.below(len(items))]

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"
