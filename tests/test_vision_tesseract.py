"""Tesseract, the second opinion: loaded once, it never holds a reading up nor outlives it."""

import os
from pathlib import Path

import pytest

from vision import reading
from vision.camera import load_photo
from vision.glyphs import LETTERS, UNSEEN_FONTS, render_text
from vision.rack import read_letters
from vision.reading import close_tesseracts, tesseract_available, tesseract_for, tesseract_line
from vision.samples import samples

pytestmark = pytest.mark.skipif(not tesseract_available(), reason="make installs tesseract-ocr")

ZEBRA = [render_text(letter, UNSEEN_FONTS[0], 40) for letter in "ZEBRA"]


def _tesseract_children() -> list[int]:
    """The Tesseract processes this one started that still exist (zombies included)."""
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)
        except OSError:
            continue  # ended while we looked
        name, rest = fields[0].split("(", 1)[1], fields[1].split()
        if name == "tesseract" and int(rest[1]) == os.getpid():
            children.append(int(stat.parent.name))
    return children


def test_one_tesseract_reads_strip_after_strip_and_ends_when_asked() -> None:
    close_tesseracts()
    assert tesseract_line(ZEBRA, LETTERS) == "ZEBRA"
    running = _tesseract_children()
    assert len(running) == 1
    assert tesseract_line(ZEBRA[::-1], LETTERS) == "ARBEZ"
    assert tesseract_line(ZEBRA[:0], LETTERS) is None
    assert _tesseract_children() == running  # its model stays loaded
    close_tesseracts()
    assert _tesseract_children() == []


def test_a_tesseract_too_slow_is_not_heard_and_the_reading_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    photo = load_photo(samples("letters")[1].photo)
    monkeypatch.setattr(reading, "tesseract_available", lambda: False)
    without = read_letters(photo)
    monkeypatch.undo()
    close_tesseracts()
    monkeypatch.setattr(reading, "TESSERACT_TIMEOUT", 1e-6)
    assert tesseract_line(ZEBRA, LETTERS) is None
    assert _tesseract_children() == []  # the silent one was ended
    assert read_letters(photo) == without
    monkeypatch.undo()
    assert tesseract_line(ZEBRA, LETTERS) == "ZEBRA"  # a new one is started


def test_a_tesseract_that_died_is_started_again() -> None:
    engine = tesseract_for(LETTERS)
    assert engine is not None
    close_tesseracts()
    assert not engine.running
    assert tesseract_line(ZEBRA, LETTERS) == "ZEBRA"
    assert tesseract_for(LETTERS) is not engine


def test_a_tesseract_ended_during_a_reading_is_started_again_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Another thread's reading that gave up on the shared process ends it under this one.
    close_tesseracts()
    engine = tesseract_for(LETTERS)
    assert engine is not None
    real_ask = reading.Tesseract._ask

    def ask_then_end(self: reading.Tesseract, *pages: Path) -> None:
        real_ask(self, *pages)
        if self is engine:
            self._process.kill()
            self._process.wait()

    monkeypatch.setattr(reading.Tesseract, "_ask", ask_then_end)
    assert tesseract_line(ZEBRA, LETTERS) == "ZEBRA"
    assert not engine.running and tesseract_for(LETTERS) is not engine
    close_tesseracts()


def test_a_process_holding_over_a_thousand_files_still_hears_tesseract() -> None:
    # select() refuses descriptors from 1024 on; the whole test run once held that many
    # (browsers, sockets, databases), and every Tesseract reading after it gave None.
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 1200:
        if hard != resource.RLIM_INFINITY and hard < 1200:
            pytest.skip("this system allows fewer than 1,200 open files")
        resource.setrlimit(resource.RLIMIT_NOFILE, (1200, hard))
    close_tesseracts()
    held = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    try:
        assert tesseract_line(ZEBRA, LETTERS) == "ZEBRA"
        assert min(_tesseract_pipes()) >= 1024
    finally:
        for fd in held:
            os.close(fd)
        close_tesseracts()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def _tesseract_pipes() -> list[int]:
    """The descriptors of the running Tesseracts' pipes, in this process."""
    return [
        pipe.fileno()
        for engine in reading._TESSERACTS.values()
        for pipe in (engine._process.stdin, engine._process.stdout)
        if pipe is not None
    ]
