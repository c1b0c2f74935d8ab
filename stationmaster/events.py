"""Events narrate what happened. The UI log and the tutorials read them; tests assert on them."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Event:
    """``kind`` is snake_case (revenue, collision, highball, arrival, train_made_up, ...);
    ``str(event)`` is a sentence. Revenue events carry ``player``, ``amount`` and
    ``data["source"]`` (one of ``rules.REVENUE_SOURCES``: boarding, detraining, ...). A Laborer's
    ``work`` event that finishes a load (onto the car) or an unload (into a red box) carries
    ``data["finished"]``, "freight_out" or "freight_in", whether or not it was paid (the study
    counts the finishes that paid nothing)."""

    kind: str
    text: str
    player: str | None = None
    amount: int = 0
    data: dict = field(default_factory=dict, compare=False, hash=False)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.text!r})"

    def to_json(self) -> dict:
        out = {"kind": self.kind, "text": self.text}
        if self.player is not None:
            out["player"] = self.player
        if self.amount:
            out["amount"] = self.amount
        return out
