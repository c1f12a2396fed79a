"""The catalogues: complete, with the English placeholders, compiled, and covered by the bundled font."""

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.catalog import PYTHON_FORMAT
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from game.core.files.shipped import asset_path
from game.core.text import i18n

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = i18n.LOCALE_DIR / f"{i18n.DOMAIN}.pot"
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]
PLURAL_FORMS = {"tr": 2, "uk": 3, "ko": 1}
FONT_FILES = ["fonts/FifteenTavlaSans-Regular.ttf", "fonts/FifteenTavlaSans-Bold.ttf"]
PLACEHOLDER = re.compile(r"\{[a-z_]*\}|%(?:\([a-z_]+\))?[sdr]")


def _catalogue(code: str):
    path = i18n.LOCALE_DIR / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    with path.open("rb") as stream:
        return read_po(stream, locale=code)


def _messages(catalogue) -> list:
    return [message for message in catalogue if message.id]


def _placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


@pytest.mark.slow
def test_the_template_holds_exactly_the_messages_of_the_code():
    in_code = {message[2] for message in extract_from_dir(ROOT / "game", method_map=[("**.py", "python")])}
    with TEMPLATE.open("rb") as stream:
        in_template = {message.id for message in read_po(stream) if message.id}
    assert in_code - in_template == set(), "run pybabel extract (game/locale/README.md)"
    assert in_template - in_code == set(), "the template keeps messages the code no longer has"


@pytest.mark.slow
def test_no_message_reads_as_a_percent_format_by_accident():
    """A bare % before a letter ("95% interval" holds "% i") makes Babel mark the message python-format,
    and gettext's checks then want every translation to keep that "format": a percentage in a message
    is a placeholder (i18n.percent_text), and % stays for argparse's own %s and %(name)s."""
    accidental = []
    for message in extract_from_dir(ROOT / "game", method_map=[("**.py", "python")]):
        ids = message[2] if isinstance(message[2], tuple) else (message[2],)
        for text in ids:
            formats = [match.group(0) for match in PYTHON_FORMAT.finditer(text)]
            if any(not PLACEHOLDER.fullmatch(found) for found in formats):
                accidental.append(text)
    assert accidental == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_catalogue_translates_every_message(code):
    with TEMPLATE.open("rb") as stream:
        wanted = {message.id for message in read_po(stream) if message.id}
    catalogue = _catalogue(code)
    assert catalogue.num_plurals == PLURAL_FORMS[code]
    found = {message.id: message for message in _messages(catalogue)}
    assert wanted - set(found) == set(), f"{code}: messages missing"
    for msgid in wanted:
        message = found[msgid]
        assert not message.fuzzy, f"{code}: fuzzy {msgid!r}"
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert len(forms) == (PLURAL_FORMS[code] if message.pluralizable else 1), f"{code}: {msgid!r}"
        assert all(form.strip() for form in forms), f"{code}: untranslated {msgid!r}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_the_placeholders_of_the_english(code):
    for message in _messages(_catalogue(code)):
        if message.pluralizable:
            for form in message.string:
                assert _placeholders(form) == _placeholders(message.id[1]), (code, message.id, form)
        else:
            assert _placeholders(message.string) == _placeholders(message.id), (code, message.id)


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_is_the_source_catalogue(code):
    mo = i18n.LOCALE_DIR / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    with mo.open("rb") as stream:
        compiled = gettext.GNUTranslations(stream)
    catalogue = _catalogue(code)
    form_of = gettext.c2py(catalogue.plural_expr)
    for message in _messages(catalogue):
        if message.pluralizable:
            for count in (1, 2, 5, 11, 21, 22, 25, 101):
                expected = message.string[form_of(count)]
                assert compiled.ngettext(*message.id, count) == expected, "run pybabel compile"
        else:
            assert compiled.gettext(message.id) == message.string, "run pybabel compile"


def test_ukrainian_counts_take_three_forms():
    catalogue = _catalogue("uk")
    plural = next(message for message in _messages(catalogue) if message.pluralizable)
    i18n.set_language("uk")
    try:
        one, few, many = (i18n.ngettext(*plural.id, count) for count in (1, 3, 5))
        assert len({one, few, many}) == 3
        assert i18n.ngettext(*plural.id, 21) == one
        assert i18n.ngettext(*plural.id, 12) == many
        assert i18n.ngettext(*plural.id, 24) == few
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("code", TRANSLATED)
def test_choosing_a_language_translates_and_english_comes_back(code):
    i18n.set_language(code)
    try:
        assert i18n.current_language() == code
        assert i18n._("Settings") != "Settings"
    finally:
        i18n.set_language("en")
    assert i18n._("Settings") == "Settings"


def test_an_unknown_language_is_refused_by_name():
    with pytest.raises(ValueError, match="klingon"):
        i18n.set_language("klingon")


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "tr_TR.UTF-8"}, "tr"),
        ({"LANGUAGE": "uk:en", "LANG": "en_US.UTF-8"}, "uk"),
        ({"LANGUAGE": "fr:ko", "LANG": "fr_FR.UTF-8"}, "ko"),
        ({"LC_ALL": "ko_KR.UTF-8", "LANG": "tr_TR.UTF-8"}, "ko"),
        ({"LC_MESSAGES": "uk_UA", "LANG": "tr_TR"}, "uk"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "tr_TR.UTF-8@euro"}, "tr"),
    ],
)
def test_auto_follows_the_system_locale_as_gettext_reads_it(environ, expected):
    assert i18n.system_language(environ) == expected


@pytest.mark.parametrize("font", FONT_FILES)
def test_the_bundled_font_has_every_character_of_every_catalogue(font):
    cmap = TTFont(asset_path(font)).getBestCmap()
    characters = set()
    for code in TRANSLATED:
        for message in _messages(_catalogue(code)):
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            characters.update("".join(forms))
    characters.update("".join(i18n.LANGUAGES.values()))
    missing = sorted(c for c in characters if c not in "\n\t" and ord(c) not in cmap)
    assert missing == []


@pytest.mark.parametrize("code, shown", [("en", "50.5%"), ("tr", "%50.5"), ("uk", "50.5%"), ("ko", "50.5%")])
def test_a_percentage_puts_its_sign_where_the_language_does(code, shown):
    """Turkish writes %70: every percentage the game shows goes through percent_text."""
    i18n.set_language(code)
    try:
        assert i18n.percent_text("50.5") == shown
    finally:
        i18n.set_language("en")
