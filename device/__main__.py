"""``python -m device``: the same as the ``arbitre`` command."""

from device.cli import main

raise SystemExit(main())
