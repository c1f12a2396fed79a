"""Key bindings as data: a binding is a key, or (key, modifier) for a chord such as Ctrl+Z."""

from arcade import key

Binding = int | tuple[int, int]


def matches(bindings: list[Binding], symbol: int, modifiers: int) -> bool:
    """Whether a key press is one of `bindings`; a plain key does not fire while Ctrl is held."""
    for binding in bindings:
        if isinstance(binding, tuple):
            if symbol == binding[0] and modifiers & binding[1]:
                return True
        elif symbol == binding and not modifiers & key.MOD_CTRL:
            return True
    return False
