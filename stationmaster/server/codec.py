"""The game state as JSON and back, for the wire between server and seats.

A seat's view is a ``State`` (plain dataclasses), so the client rebuilds the very objects the board
and the scene read. The encoding is plain JSON with three tags: ``{"$t": [...]}`` a tuple,
``{"$d": [[key, value], ...]}`` a dict whose keys are not all text, ``{"$c": "Train", "f": {...}}``
a dataclass. Decoding builds only the classes listed in ``CLASSES`` (the state's, the
configuration's, events): a message names no code to run, never anything else.
"""

from __future__ import annotations

import dataclasses
import json

from .. import state as _state
from ..config import Config
from ..events import Event


def _dataclasses() -> dict:
    found = {}
    for obj in vars(_state).values():
        if isinstance(obj, type) and dataclasses.is_dataclass(obj) and obj.__module__ == _state.__name__:
            found[obj.__name__] = obj
    todo = [_state.Pending]
    while todo:  # Pending kinds defined elsewhere too
        cls = todo.pop()
        found.setdefault(cls.__name__, cls)
        todo += cls.__subclasses__()
    found["Config"] = Config
    found["Event"] = Event
    return found


#: the classes a message may name (by class name)
CLASSES = _dataclasses()
_FIELDS: dict = {}


def _fields(cls) -> tuple:
    got = _FIELDS.get(cls)
    if got is None:
        got = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return got


def encode(obj):
    """A JSON-ready form of a state, configuration, event or plain value."""
    if obj is None or isinstance(obj, (str, bool, int, float)):
        return obj
    if isinstance(obj, list):
        return [encode(v) for v in obj]
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):  # a state's record (a waiting Extra...): the list it
        values = list(obj)                                   # was before it was a record; the State makes it one
        while values and values[-1] is None and len(values) > len(obj._fields) - len(obj._field_defaults):
            values.pop()
        return [encode(v) for v in values]
    if isinstance(obj, tuple):
        return {"$t": [encode(v) for v in obj]}
    if isinstance(obj, dict):
        if all(isinstance(k, str) and not k.startswith("$") for k in obj):
            return {k: encode(v) for k, v in obj.items()}
        return {"$d": [[encode(k), encode(v)] for k, v in obj.items()]}
    cls = type(obj)
    if CLASSES.get(cls.__name__) is cls:
        return {"$c": cls.__name__, "f": {n: encode(getattr(obj, n)) for n in _fields(cls)}}
    raise TypeError(f"cannot send a {cls.__name__} over the wire")


def decode(data):
    """The objects ``encode`` made; ``ValueError`` for anything else."""
    if data is None or isinstance(data, (str, bool, int, float)):
        return data
    if isinstance(data, list):
        return [decode(v) for v in data]
    if isinstance(data, dict):
        if "$t" in data:
            return tuple(decode(v) for v in data["$t"])
        if "$d" in data:
            return {_key(decode(k)): decode(v) for k, v in data["$d"]}
        if "$c" in data:
            cls = CLASSES.get(data["$c"]) if isinstance(data["$c"], str) else None
            f = data.get("f")
            if cls is None or not isinstance(f, dict) or set(f) - set(_fields(cls)):
                raise ValueError(f"the message names an unknown object {str(data.get('$c'))[:40]!r}")
            return cls(**{k: decode(v) for k, v in f.items()})
        return {k: decode(v) for k, v in data.items()}
    raise ValueError(f"unexpected {type(data).__name__} in a message")


def _key(k):
    if isinstance(k, list):  # a list cannot be a key: only tuples were encoded as keys
        raise ValueError("a list cannot be a key")
    return k


def dumps(obj) -> str:
    """``encode`` as compact JSON text."""
    return json.dumps(encode(obj), separators=(",", ":"))


def loads(text: str):
    return decode(json.loads(text))
