"""The player's language: gettext catalogues compiled by Babel, and which one is in use.

Every string a player reads goes through `_` (or `ngettext` when it counts something) at the moment it
is shown, so a change of language takes effect on the next screen built, without a restart. Strings
defined when a module is imported are marked with `N_` for extraction and translated where they are used.
Catalogues live in `game/locale/<code>/LC_MESSAGES/fifteen_tavla.po` (source) and `.mo` (compiled);
English is the source language and needs none.
"""

import gettext
import locale
import os
from collections.abc import Mapping
from pathlib import Path

DOMAIN = "fifteen_tavla"
LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"  # game/locale
SOURCE_LANGUAGE = "en"
AUTO = "auto"
LANGUAGES: dict[str, str] = {"en": "English", "tr": "Türkçe", "uk": "Українська", "ko": "한국어"}
"""Each language by its own name, as a settings screen lists them."""

_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def _code_of(locale_name: str) -> str | None:
    """`tr_TR.UTF-8` -> `tr`; None for C, POSIX or a language without a catalogue."""
    code = locale_name.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The supported language the system asks for, as gettext reads it; English when it asks for none."""
    environ = os.environ if environ is None else environ
    for variable in _LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        for name in value.split(":"):
            code = _code_of(name)
            if code:
                return code
        if variable != "LANGUAGE":
            return SOURCE_LANGUAGE
    if environ is os.environ:
        code = _code_of(locale.getlocale()[0] or "")
        if code:
            return code
    return SOURCE_LANGUAGE


def resolve(language: str) -> str:
    """A configured language (`auto` included) as the code of a catalogue."""
    return system_language() if language == AUTO else language


def set_language(language: str) -> str:
    """Use `language` (a code or `auto`) from now on; returns the code chosen."""
    global _translation, _language
    code = resolve(language)
    if code not in LANGUAGES:
        raise ValueError(f"no catalogue for language {code!r}; known: {', '.join(LANGUAGES)}")
    if code == SOURCE_LANGUAGE:
        _translation = gettext.NullTranslations()
    else:
        _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    _language = code
    return code


def current_language() -> str:
    return _language


def _(message: str) -> str:
    """`message` in the current language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a counted message that `count` takes in the current language (Ukrainian has three)."""
    return _translation.ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Marks a string for the catalogue where it is defined; `_` translates it where it is shown."""
    return message


def percent_text(number: str) -> str:
    """A number already written (`50.5`, `+0.216`) as a percentage, the sign where the player's language
    puts it (Turkish writes %50.5)."""
    # Translators: a percentage; {number} is already written (50.5); put the % where your language does
    return _("{number}%").format(number=number)
