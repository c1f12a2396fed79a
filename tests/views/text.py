"""Whether a screen's text fits and is readable: every label reachable from the view asked whether it fits
its box (after a frame is drawn), the labels drawn under a size, and the view shown as a 640x400 window."""

from collections.abc import Iterator
from contextlib import contextmanager

import arcade
from arcade.types import LBWH

from game.core.text import i18n
from game.ui.scene import SMALLEST_PIXELS
from game.ui.text import Label
from tests.views.driver import draw_frame

READABLE = 12


def _labels(view) -> tuple[list[Label], list[arcade.Text]]:
    """Every Label and every other arcade.Text reachable from the view's own objects."""
    labels: list[Label] = []
    plain: list[arcade.Text] = []
    seen: set[int] = set()
    stack = [view]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, arcade.Window):
            continue
        seen.add(id(item))
        if isinstance(item, Label):
            labels.append(item)
        elif isinstance(item, arcade.Text):
            plain.append(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set):
            stack.extend(item)
        elif type(item).__module__.startswith("game.") and hasattr(item, "__dict__"):
            stack.extend(vars(item).values())
    return labels, plain


def assert_text_fits(window, where: str) -> None:
    draw_frame(window)
    view = window.current_view
    labels, plain = _labels(view)
    assert labels, where
    assert plain == [], f"{where}: texts drawn without a box: {[t.text for t in plain]}"
    overflowing = [
        (label.text, round(label.content_width), round(label.box_width))
        for label in labels
        if not label.fits()
    ]
    assert overflowing == [], f"{where} in {i18n.current_language()}: {overflowing}"


def smallest_text(window, where: str, drawn: bool = False) -> list[tuple[str, float]]:
    """The labels of the current screen drawn under READABLE pixels, with their size on screen; `drawn`:
    its frame is drawn already (by `assert_text_fits`, with nothing changed since)."""
    if not drawn:
        draw_frame(window)
    view = window.current_view
    labels, _plain = _labels(view)
    return [
        (f"{where}: {label.text[:40]}", label.font_size * view.pixel_scale)
        for label in labels
        if label.font_size * view.pixel_scale < READABLE
    ]


@contextmanager
def small_window(view) -> Iterator[None]:
    """The view as a 640x400 window shows it (half the logical canvas), then as it was."""
    view.camera.viewport = LBWH(0, 0, 640, 400)
    view.rescale()
    assert view.pixel_scale == 0.5 and view.compact
    try:
        yield
    finally:
        view.on_resize(*view.window.get_size())
    assert not view.compact


def assert_readable(window, where: str, every_label: bool = False, unseen: tuple[Label, ...] = ()) -> None:
    """The labels the view keeps readable are drawn at SMALLEST_PIXELS or more and fit their boxes;
    with `every_label`, those are all the labels the view has but the `unseen` (not drawn at this size)."""
    draw_frame(window)
    view = window.current_view
    kept = [label for label in view.readable_labels() if label.text]
    small = [
        (label.text[:30], label.font_size * view.pixel_scale)
        for label in kept
        if label.font_size * view.pixel_scale < SMALLEST_PIXELS
    ]
    overflowing = [
        (label.text, round(label.content_width), label.box_width) for label in kept if not label.fits()
    ]
    language = i18n.current_language()
    assert kept, where
    assert small == [], f"{where} in {language}: {small}"
    assert overflowing == [], f"{where} in {language}: {overflowing}"
    if every_label:
        ids = {id(label) for label in (*view.readable_labels(), *unseen)}
        left_out = [label.text for label in _labels(view)[0] if id(label) not in ids and label.text]
        assert left_out == [], f"{where}: labels not kept readable: {left_out}"
