"""The command line speaks French to people, argparse's own refusals included."""

from __future__ import annotations

import pytest

from device.cli import main


@pytest.mark.parametrize(
    ("argv", "french"),
    [
        (["letters", "BAMERILANE", "--rules", "belote"], "choix invalide : 'belote'"),
        (["tapis", "--size", "A5"], "choix invalide : 'A5' (au choix : 'A4', 'A3')"),
        (["read", "photo.jpg", "--kind", "cartes"], "choix invalide : 'cartes'"),
        (["numbers", "3", "75", "--target"], "une valeur attendue"),
        (["belote"], "choix invalide : 'belote'"),
        (["letters", "BAMERILANE", "--pourquoi"], "arguments inconnus : --pourquoi"),
    ],
)
def test_a_refusal_of_the_argument_parser_is_one_french_line(
    argv: list[str], french: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and french in err and len(err.strip().splitlines()) == 1
    for english in ("invalid choice", "expected one argument", "unrecognized arguments"):
        assert english not in err
