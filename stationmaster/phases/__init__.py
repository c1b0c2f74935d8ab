"""The rules of each phase of a Stage, one module each.

Every phase module offers ``begin(s, ev)`` (set the phase up), ``proceed(s, ev) -> bool``
(do the automatic work; True when a decision is awaited), and, for phases where players decide,
``legal(s)`` (every intent allowed now), ``check(s, intent)`` (None or the reason it is not
allowed, in a player's words) and ``apply(s, intent, ev)``.
"""

from . import load_unload, local_ops, mainline, new_train, shift_change

BY_NAME = {
    "local_operations": local_ops,
    "new_train": new_train,
    "mainline": mainline,
    "load_unload": load_unload,
    "shift_change": shift_change,
}
