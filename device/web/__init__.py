"""The players' phones: a page served by the Pi, one more input of the game (ADR 0007).

:mod:`device.web.table` holds the table's state and every check (pure, no web library);
:mod:`device.web.server` is the Starlette app; :mod:`device.web.thread` runs it with
uvicorn beside the pygame loop; :mod:`device.web.address` reads ``--web [HOST:]PORT``.
"""
