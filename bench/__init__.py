"""Benchmarks that print figures.

A package only so that mypy tells bench/vision.py apart from the vision package.
"""
