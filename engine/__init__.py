"""The referee's rules, rounds, scores and saved games (pure Python; issues 5 and 6).

No pygame, camera or GPIO import may appear in this package.
"""
