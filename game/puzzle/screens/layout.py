"""Where the Fifteen screen puts things, in logical units: the board and its cells, the side panel.

Pure geometry (no Arcade), so cell centres and hit-testing are tested without a window.
"""

from dataclasses import dataclass

from game.puzzle.model.board import Cell

BOARD_AREA = 700
BOARD_X = 40 + BOARD_AREA / 2
BOARD_Y = 400  # the middle of the design canvas (theme.DESIGN_HEIGHT), which a test checks
TILE_GAP = 4
BOARD_PADDING = 12
PANEL_X = 1010
PANEL_WIDTH = 380
PANEL_LEFT = PANEL_X - PANEL_WIDTH / 2
THUMBNAIL_SIZE = 150
THUMBNAIL_Y = 470
SOLVED_Y = 470
SOLVED_HEIGHT = 216
SOLVED_PADDING = 10
HUD_GAP = 12
BUTTON_HEIGHT = 44
BUTTON_ROWS = (330, 274, 218, 162)
ID_Y = 46
TOAST_Y = 90


@dataclass(frozen=True)
class BoardGeometry:
    """A `columns` x `rows` board centred in the board area, with square cells as large as fit."""

    columns: int
    rows: int

    @property
    def tile_size(self) -> float:
        return min(BOARD_AREA / self.columns, BOARD_AREA / self.rows)

    @property
    def width(self) -> float:
        return self.columns * self.tile_size

    @property
    def height(self) -> float:
        return self.rows * self.tile_size

    @property
    def left(self) -> float:
        return BOARD_X - self.width / 2

    @property
    def top(self) -> float:
        return BOARD_Y + self.height / 2

    def cell_centre(self, cell: Cell) -> tuple[float, float]:
        column, row = cell
        return (self.left + (column + 0.5) * self.tile_size, self.top - (row + 0.5) * self.tile_size)

    def cell_at(self, x: float, y: float) -> Cell | None:
        """The cell under (x, y), or None off the board; the far edges count as the last cells."""
        if abs(x - BOARD_X) > self.width / 2 or abs(y - BOARD_Y) > self.height / 2:
            return None
        column = int((x - self.left) // self.tile_size)
        row = int((self.top - y) // self.tile_size)
        return (min(column, self.columns - 1), min(row, self.rows - 1))
