"""The French voice: real espeak-ng (Debian's package) writing WAV files, no sound device.

What is checked is what a listener would notice: speech of a plausible length with real
energy in it, said in French ("six cent quatre-vingt-trois"), the newest count said rather
than a queue of stale ones, silence when the voice is off, and no crash when espeak-ng is
missing or fails.
"""

from __future__ import annotations

import subprocess
import time
import wave
from pathlib import Path

import numpy as np
import pytest
from test_app import FixedReader, make_app, press, tap
from test_dice_screens import DiceReader, _start

from device.voice import Voice, espeak

needs_espeak = pytest.mark.skipif(
    espeak() is None, reason="espeak-ng n'est pas installé : lancez `make test`"
)


def _speech(path: Path) -> tuple[float, float, float]:
    """A WAV's length in seconds, its RMS level and the share of 20 ms frames that are
    loud (speech has pauses between words: neither silence nor a constant tone)."""
    with wave.open(str(path)) as wav:
        rate = wav.getframerate()
        samples = np.frombuffer(wav.readframes(wav.getnframes()), dtype=np.int16)
    level = samples.astype(np.float64) / 32768
    frames = level[: len(level) // (rate // 50) * (rate // 50)].reshape(-1, rate // 50)
    loud = np.sqrt((frames**2).mean(axis=1)) > 0.02
    return len(samples) / rate, float(np.sqrt((level**2).mean())), float(loud.mean())


@needs_espeak
def test_the_target_is_said_in_french_as_the_tv_show_announces_it(tmp_path: Path) -> None:
    voice = Voice(keep=tmp_path)
    voice.say("Le nombre à trouver : 683", "cible")
    assert voice.idle(), "the phrase was said"
    voice.close()
    assert voice.spoken == ["Le nombre à trouver : 683"]
    (wav,) = voice.files
    seconds, rms, loud = _speech(wav)
    assert 1.2 < seconds < 5, f"a sentence of six words lasts {seconds:.2f} s"
    assert rms > 0.02, "there is sound in it"
    assert 0.3 < loud < 0.95, "speech: words and the pauses between them"
    ipa = subprocess.run(
        [str(espeak()), "-v", "fr", "-q", "--ipa", "683"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert "katʁ" in ipa and "sɑ̃" in ipa, f"683 is read in French: {ipa}"


@needs_espeak
def test_a_count_says_the_newest_number_never_a_queue_of_stale_ones(tmp_path: Path) -> None:
    voice = Voice(keep=tmp_path)
    started = time.monotonic()
    for n in range(1, 21):
        voice.say(f"Sloubi {n}", "sloubi")
    assert time.monotonic() - started < 0.1, "saying never waits for the speech"
    assert voice.idle()
    voice.close()
    assert voice.spoken[-1] == "Sloubi 20"
    assert len(voice.spoken) < 5, f"stale counts were dropped: {voice.spoken}"
    assert all(_speech(wav)[1] > 0.02 for wav in voice.files)


def test_the_voice_turned_off_says_nothing(tmp_path: Path) -> None:
    voice = Voice(enabled=False, keep=tmp_path)
    voice.say("Le nombre à trouver : 683")
    assert voice.idle(1) and voice.spoken == [] and list(tmp_path.iterdir()) == []
    assert voice.note is None, "turned off on purpose: no note"


def test_without_espeak_ng_the_voice_is_silent_with_a_french_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # a system without espeak-ng
    voice = Voice(keep=tmp_path)
    voice.say("Sloubi 1", "sloubi")
    assert not voice.enabled and not voice.available and voice.spoken == []
    assert voice.note == "voix coupée : espeak-ng n'est pas installé (paquet Debian espeak-ng)"


def test_an_espeak_ng_that_fails_never_crashes_and_falls_silent(tmp_path: Path) -> None:
    voice = Voice(program="/bin/false", keep=tmp_path)
    for n in range(5):
        voice.say(f"{n}", "compte")
        assert voice.idle()
    voice.close()
    assert voice.spoken == [] and not voice.enabled
    assert voice.note == "voix coupée : espeak-ng échoue (CalledProcessError)"


@needs_espeak
def test_the_app_says_the_target_and_the_menu_turns_the_voice_off(tmp_path: Path) -> None:
    app, _clock = make_app(tmp_path, FixedReader("BAMERILANE", ("3", "75", "2", "4", "1", "1")))
    assert app.sounds.voice.enabled, "on by default where espeak-ng is found"
    press(app)  # play
    press(app)  # the plates and the target
    assert app.session is not None
    target = app.session.dcdl.current.target  # type: ignore[union-attr]
    assert f"say:Le nombre à trouver : {target}" in app.sounds.played
    assert app.sounds.voice.idle()
    assert app.sounds.voice.spoken == [f"Le nombre à trouver : {target}"]
    app.open_menu()
    app.step()
    voice_button = next(b for b in app.scene.buttons if b.key == "voice")
    assert voice_button.label.startswith("Voix : oui")
    tap(app, *voice_button.rect.center)
    assert not app.sounds.voice.enabled
    app.sounds.say("Le nombre à trouver : 100")
    assert app.sounds.voice.idle() and len(app.sounds.voice.spoken) == 1
    app.close()


def test_the_dice_countdown_and_its_announcement_are_said(tmp_path: Path) -> None:
    app, clock = _start(tmp_path, DiceReader())
    for key in ("player:Ana", "count:3"):
        app.step()
        button = next(b for b in app.scene.buttons if b.key == key)
        tap(app, *button.rect.center)
    for _ in range(4):
        clock.now += 1
        app.step()
    said = [s[4:] for s in app.sounds.played if s.startswith("say:")]
    assert said == ["Ana : 3 lettres", "2", "1", "STOP"]
    assert app.scene.name == "des-mot"
    app.close()
