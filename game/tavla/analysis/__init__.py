"""A played match judged decision by decision against the evaluator: checker plays, cube actions,
error rates, ratings and luck; the `analyse` command.
"""
