#!/usr/bin/env bash
# Install arbitre on a Raspberry Pi (Raspberry Pi OS bookworm) so that it starts at boot.
#   sudo systemd/install.sh [USER]      (USER: who runs the app, default: the sudo caller)
# Idempotent: run it again after a `git pull`.
set -euo pipefail
[ "$(id -u)" -eq 0 ] || { echo "à lancer avec sudo : sudo $0" >&2; exit 1; }
appdir=$(cd "$(dirname "$0")/.." && pwd)
user=${1:-${SUDO_USER:-pi}}
id "$user" >/dev/null || { echo "utilisateur inconnu : $user" >&2; exit 1; }

# The pin library under gpiozero: lgpio on a Pi 5 (RPi.GPIO cannot drive its RP1 chip),
# RPi.GPIO on earlier models.
model=$(tr -d '\0' < /proc/device-tree/model 2>/dev/null || echo "inconnu")
case "$model" in
    *"Raspberry Pi 5"*) pin_factory=lgpio; pin_packages="python3-lgpio" ;;
    *) pin_factory=rpigpio; pin_packages="python3-rpi.gpio" ;;
esac
echo "Modèle : $model ; broches par $pin_factory"

"$appdir/scripts/system-packages.sh" python3 python3-venv python3-pip python3-picamera2 \
    tesseract-ocr tesseract-ocr-fra hunspell hunspell-fr-comprehensive fonts-dejavu-core \
    $pin_packages

# picamera2 and the pin libraries come from apt: the venv must see the system packages.
sudo -u "$user" python3 -m venv --system-site-packages "$appdir/.venv"
sudo -u "$user" "$appdir/.venv/bin/python" -m pip install --quiet -e "$appdir"

sed -e "s|@USER@|$user|g" -e "s|@APPDIR@|$appdir|g" -e "s|@PIN_FACTORY@|$pin_factory|g" \
    "$appdir/systemd/arbitre.service.in" > /etc/systemd/system/arbitre.service
systemctl daemon-reload
systemctl enable arbitre.service
systemctl restart arbitre.service
echo "arbitre démarre ; journal : journalctl -u arbitre -f"
