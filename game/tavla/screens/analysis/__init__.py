"""The analysis screen: the graph of the chances, the mistakes, and a decision's board beside the
best play's.
"""
