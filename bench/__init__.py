"""Benchmark scripts, run as ``python bench/NAME.py``; not part of the installed app."""
