"""A played match kept: the record the analysis reads, the .mat format (read and written), the
table's save file and the archive of finished matches.
"""
