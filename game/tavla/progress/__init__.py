"""The player's Tavla history and practice: every analysed match's figures kept in the records
(history.py), the progress they show over time (summary.py), the practice deck of the player's own
mistakes scheduled by FSRS (practice.py), and the analysis of a finished match in a worker process so
the table never waits for it (analysis_jobs.py)."""
