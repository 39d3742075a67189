"""The device: the ``arbitre`` command line now; the pygame referee app comes with issue 7.

This is the only package that wires the others together (hardware and vision produce
events, the engine decides, the solver answers, the device draws).
"""
