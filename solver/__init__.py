"""Pure, fast solvers: "Le compte est bon" now; the words and the lexicon come next.

Nothing here does I/O or imports pygame, OpenCV or gpiozero: the engine and the device
call these functions and draw what they return.
"""
