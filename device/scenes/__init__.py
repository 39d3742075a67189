"""The app's screens, one module each. They depend on the host interface
(:mod:`device.host`) and never on each other; :mod:`device.navigator` picks the one a
game needs now."""
