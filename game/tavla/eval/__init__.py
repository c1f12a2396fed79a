"""The judge: exact bear-off chances, the networks' inputs and weights, look-ahead search, and the cube
decisions made from chances. Bots, hints, the tutor and the analysis all ask it.
"""
