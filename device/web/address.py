"""``--web [HOST:]PORT``: where the phone page listens, never on a public address."""

from __future__ import annotations

import ipaddress
import subprocess
from dataclasses import dataclass

ANY = "0.0.0.0"
LOCAL_NETWORKS = tuple(
    ipaddress.ip_network(net)
    for net in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "fc00::/7")
)
"""The private ranges of a home or hotspot network (RFC 1918, the carrier-grade NAT of a
phone's hotspot, IPv6 unique local). Python's ``is_private`` also says yes to documentation
and reserved ranges: they are no table's network."""


class AddressError(ValueError):
    """A ``--web`` value the referee will not listen on (the message is French)."""


@dataclass(frozen=True)
class WebAddress:
    """Where the phone page listens."""

    host: str
    port: int


def local(address: str) -> bool:
    """Loopback, private (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) or link-local: the
    table's own network. A public address is never served."""
    try:
        ip = ipaddress.ip_address(address.split("%", maxsplit=1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback or ip.is_link_local or any(ip in net for net in LOCAL_NETWORKS)


def parse_web(text: str) -> WebAddress:
    """Read ``PORT`` or ``HOST:PORT`` (an IPv6 HOST in brackets).

    >>> parse_web("8080")
    WebAddress(host='0.0.0.0', port=8080)
    >>> parse_web("192.168.1.20:8080")
    WebAddress(host='192.168.1.20', port=8080)
    >>> parse_web("8.8.8.8:80")
    Traceback (most recent call last):
    ...
    device.web.address.AddressError: --web « 8.8.8.8:80 » : 8.8.8.8 est une adresse publique ; \
l'arbitre n'écoute que sur le réseau local (ex. 192.168.1.20:8080)
    """
    value = text.strip()
    host, sep, port_text = value.rpartition(":")
    if not sep:
        host = ANY
    elif host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    elif ":" in host:
        raise AddressError(
            f"--web « {text} » : une adresse IPv6 s'écrit entre crochets, ex. [::1]:8080"
        )
    if not (port_text.isascii() and port_text.isdigit()) or not 1 <= int(port_text) <= 65535:
        raise AddressError(
            f"--web « {text} » : attendu [HÔTE:]PORT, un port de 1 à 65535, ex. 8080"
        )
    if host == "localhost":
        host = "127.0.0.1"
    if host != ANY:
        try:
            ipaddress.ip_address(host)
        except ValueError:
            raise AddressError(
                f"--web « {text} » : « {host} » n'est pas une adresse IP (ex. 192.168.1.20:8080)"
            ) from None
        if host != "::" and not local(host):
            raise AddressError(
                f"--web « {text} » : {host} est une adresse publique ; l'arbitre n'écoute que "
                "sur le réseau local (ex. 192.168.1.20:8080)"
            )
    return WebAddress(host, int(port_text))


def shown_host(address: WebAddress) -> str:
    """The address a phone should open: the HOST given, or, listening on every interface,
    the machine's first local network address (``hostname -I``; no packet is sent)."""
    if address.host not in (ANY, "::"):
        return address.host
    try:
        found = subprocess.run(
            ["hostname", "-I"], capture_output=True, text=True, timeout=2, check=False
        ).stdout.split()
    except (OSError, subprocess.SubprocessError):
        found = []
    lan = [a for a in found if local(a) and not ipaddress.ip_address(a).is_loopback]
    return lan[0] if lan else "127.0.0.1"
