"""Special trains of the full Home deck (v0.4.5 §4.3, §4.6): the rules of the Extras X13-X22 and of
the full deck's trains 3/4 and 7/8, as rules classes answering the switching, make-up and
passenger-work rule points. Their specs are in ``specs.py`` (``_special_train_specs``)."""

from __future__ import annotations
