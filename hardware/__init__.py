"""The buzzer button, piezo and LEDs behind small interfaces, gpiozero underneath (issue 7)."""
