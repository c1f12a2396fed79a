"""The machinery of the settings file, knowing none of its sections: the kinds of value it holds
(`fields`), reading YAML whole or refusing it (`loading`), a refusal explained in one line (`refusals`),
and the player's own file, edited in place (`user_file`). The sections are their owners' (game/ui,
game/puzzle, game/tavla); game/settings.py composes them."""
