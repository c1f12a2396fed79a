"""Text for a player: the language in use (`i18n`), outside values quoted cut (`quoting`), prose wrapped
to a terminal's width (`terminal`) and tables that never break a word (`terminal_table`)."""
