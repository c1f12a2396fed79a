"""Key bindings as data: a binding is a key, or (key, modifier) for a chord such as Ctrl+Z."""

from arcade import key

Binding = int | tuple[int, int]
MODIFIERS = {"ctrl": key.MOD_CTRL, "shift": key.MOD_SHIFT, "alt": key.MOD_ALT}


def binding(name: str) -> Binding:
    """A key named as the config does (``W``, ``UP``, ``7``, ``ctrl+Z``; game/core/settings/fields.py checks
    them)."""
    modifier, _plus, base = name.rpartition("+")
    base = base.upper()
    symbol = getattr(key, f"KEY_{base}" if base.isdigit() else base)
    return (symbol, MODIFIERS[modifier.lower()]) if modifier else symbol


def bindings(names: list[str]) -> list[Binding]:
    """Every key of one action in the config."""
    return [binding(name) for name in names]


def matches(bindings: list[Binding], symbol: int, modifiers: int) -> bool:
    """Whether a key press is one of `bindings`; a plain key does not fire while Ctrl is held."""
    for binding in bindings:
        if isinstance(binding, tuple):
            if symbol == binding[0] and modifiers & binding[1]:
                return True
        elif symbol == binding and not modifiers & key.MOD_CTRL:
            return True
    return False
