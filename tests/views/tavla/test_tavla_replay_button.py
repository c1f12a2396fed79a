"""The table's Replay button beside the move list's heading, in every language, headless: its room is
measured from the words, so a longer heading or label (Turkish's "Hamle" beside "Tekrar oynat (L)")
narrows its margins but never closes the gap to the heading or to ▲ ▼."""

from game.tavla.screens.table.panel import REPLAY_GAP, REPLAY_LEAST_MARGIN, REPLAY_SIZE
from tests.views.tavla.table import open_table


def test_the_replay_button_clears_the_heading_and_the_arrows(window, language):
    panel = open_table(window, opponent="pubeval", seed=4).panel
    heading, button, up = panel.moves.heading, panel.replay_button, panel.moves.up_button
    assert button is not None
    left_edge = button.rect.x - button.rect.width / 2
    assert left_edge - (heading.x + heading.content_width) >= REPLAY_GAP - 0.5, "clear of the heading"
    assert button.rect.x + button.rect.width / 2 < up.rect.x - up.rect.width / 2, "clear of ▲"
    text = button.labels[0]
    assert text.font_size == REPLAY_SIZE, "its words keep their size"
    assert text.content_width <= button.rect.width - 2 * REPLAY_LEAST_MARGIN, "and stay inside it"
