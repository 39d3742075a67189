"""Benchmark scripts that print figures, run as ``python bench/NAME.py``; not part of the
installed app. A package so that mypy tells bench/vision.py apart from the vision package.
"""
