"""Typed errors. Both are ValueErrors, so ``except ValueError`` catches them too."""


class IllegalIntent(ValueError):
    """An intent the rules do not allow now; the message says why, in a player's words."""


class SaveError(ValueError):
    """A save file that cannot be loaded; the message says what is wrong and where."""
