"""Files: written whole or not at all (`writing`), others' read with their size checked (`reading`), the
game's own folders (`folders`), and the assets and config shipped with it (`shipped`)."""
