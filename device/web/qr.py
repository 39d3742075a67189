"""The join address as a QR code, for the referee's screen to draw (pygame draws the
modules; nothing here imports it)."""

from __future__ import annotations

import qrcode
import qrcode.constants


def join_url(host: str, port: int, code: str) -> str:
    """The address a phone opens, with the game's pairing code filled in.

    >>> join_url("192.168.1.20", 8080, "0427")
    'http://192.168.1.20:8080/?code=0427'
    """
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/?code={code}"


def qr_modules(text: str) -> list[list[bool]]:
    """The QR code's modules (True is dark), with the standard 4-module quiet zone."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=4)
    code.add_data(text)
    code.make(fit=True)
    return [list(row) for row in code.get_matrix()]
