"""The TV show's duels and sprint on the shared screen, driven by taps and the buzzer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_app import FakeClock, make_app, press, settle, tap

from device.app import App
from engine.events import (
    DuelDecided,
    LettersDrawn,
    NumbersDrawn,
    RoundClosed,
    TimerStarted,
    TimerStopped,
)
from engine.game import VERDICT_GRACE
from engine.rules import RoundKind
from engine.session import Session

PLAYERS = ["Ana", "Bruno"]


def _tv_app(tmp_path: Path, duels: int = 0) -> App:
    """A TV game played up to its first duel (or past ``duels`` duels), then resumed."""
    app, clock = make_app(tmp_path)
    session = Session.new(app.store, "tv", PLAYERS, seed=3, clock=clock)
    decided = 0
    while True:
        current = session.dcdl.current
        assert current is not None
        if current.kind in (RoundKind.DUEL, RoundKind.SPRINT):
            if decided == duels:
                break
            session.do(DuelDecided(winner="Ana"))
            decided += 1
            continue
        if current.kind is RoundKind.LETTERS:
            session.do(LettersDrawn("BAMERILANE"))
        else:
            session.do(NumbersDrawn((3, 75, 2, 4, 1, 1), 888))
        session.do(TimerStarted(clock.now))
        session.do(TimerStopped(clock.now + 45))
        session.do(RoundClosed())
    app.close()
    resumed, _ = make_app(tmp_path)
    _tap(resumed, "resume")
    settle(resumed)
    while resumed.scene.name == "resultat":  # the last round's result, seen
        press(resumed)
    assert resumed.scene.name == "duel"
    return resumed


def _tap(app: App, key: str) -> None:
    app.step()
    button = next(b for b in app.scene.buttons if b.key == key)
    tap(app, *button.rect.center)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text the screens draw, in order (the real drawing still happens)."""
    from device.theme import Theme

    texts: list[str] = []
    real = Theme.text

    def text(self: Theme, surface: object, line: str, *args: object, **kwargs: object) -> object:
        texts.append(line)
        return real(self, surface, line, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Theme, "text", text)
    yield texts


def _screen(app: App, drawn: list[str]) -> str:
    app.step()
    drawn.clear()
    app.scene.draw(app.surface)  # what the screen shows now
    return "\n".join(drawn)


def test_the_mental_chain_s_answer_is_hidden_until_the_referee_asks(
    tmp_path: Path, drawn: list[str]
) -> None:
    app = _tv_app(tmp_path)
    _tap(app, "kind:calcul")
    chain = app.scene.chain  # type: ignore[attr-defined]
    answer = str(chain.answer)
    shown = _screen(app, drawn)
    # (the answer's digits may well be in the chain itself: look for the answer's line)
    assert chain.text in shown and "Réponse :" not in shown, "the players must not see it"
    _tap(app, "reveal")
    assert f"Réponse : {answer}" in _screen(app, drawn)
    _tap(app, "reveal")
    assert "Réponse :" not in _screen(app, drawn)
    app.close()


def test_a_duel_s_verdict_shows_its_points_and_the_answer_until_the_buzzer(
    tmp_path: Path, drawn: list[str]
) -> None:
    app = _tv_app(tmp_path)
    _tap(app, "kind:calcul")
    press(app)  # the hourglass
    answer = str(app.scene.chain.answer)  # type: ignore[attr-defined]
    _tap(app, "wrong:Bruno")
    assert app.scene.name == "duel" and app.scene.state.endswith("-verdict")
    shown = _screen(app, drawn)
    assert "Bruno : faux" in shown and "Ana : +5" in shown and "Bruno : +0" in shown
    assert f"Réponse : {answer}" in shown
    press(app)
    assert app.scene.name == "manche"
    app.close()


def test_l_un_dans_l_autre_asks_for_a_proper_noun_and_hides_the_words(
    tmp_path: Path, drawn: list[str]
) -> None:
    app = _tv_app(tmp_path)
    _tap(app, "kind:un-dans-autre")
    settle(app)
    shown = _screen(app, drawn)
    assert "nom propre" in shown
    assert "10 lettres :" not in shown
    app.close()


def test_the_sprint_offers_its_two_draws_then_leaves_the_other_one(
    tmp_path: Path, drawn: list[str]
) -> None:
    app = _tv_app(tmp_path, duels=2)  # Ana won both duels: Bruno chooses first
    settle(app)
    shown = _screen(app, drawn)
    assert "Bruno choisit son tirage" in shown
    keys = {b.key for b in app.scene.buttons}
    assert {"kind:sprint-numbers", "kind:sprint-letters"} <= keys
    _tap(app, "kind:sprint-numbers")
    press(app)
    _tap(app, "right:Bruno")
    press(app)  # the verdict seen
    settle(app)
    shown = _screen(app, drawn)
    assert "choisit" not in shown and "Ana : le tirage restant" in shown
    assert "Bruno a choisi le tirage de chiffres" in shown
    assert [b.key for b in app.scene.buttons] == ["kind:sprint-letters"], "the draw left only"
    app.close()


def _cut(app: App) -> App:
    """The power goes; the referee is switched on again and "Reprendre" tapped."""
    app.close()
    resumed, _ = make_app(app.options.data_dir)
    _tap(resumed, "resume")
    settle(resumed)
    return resumed


def test_a_game_cut_on_a_duel_s_verdict_reopens_on_that_verdict(
    tmp_path: Path, drawn: list[str]
) -> None:
    app = _tv_app(tmp_path)
    _tap(app, "kind:calcul")
    chain = app.scene.chain  # type: ignore[attr-defined]
    press(app)  # the hourglass
    _tap(app, "wrong:Bruno")
    state, shown = app.scene.state, _screen(app, drawn)
    assert state.endswith("-verdict") and "Bruno : faux" in shown and "Ana : +5" in shown

    app = _cut(app)
    assert app.scene.state == state, "the verdict, not the next round"
    again = _screen(app, drawn)
    assert again == shown
    assert chain.text in again and f"Réponse : {chain.answer}" in again
    press(app)  # the verdict seen
    assert app.scene.name == "manche"
    app.close()


def test_a_game_cut_after_the_duel_was_chosen_shows_the_same_chain(
    tmp_path: Path, drawn: list[str]
) -> None:
    app = _tv_app(tmp_path)
    _tap(app, "kind:calcul")
    chain = app.scene.chain  # type: ignore[attr-defined]
    state = app.scene.state
    app = _cut(app)
    assert app.scene.state == state
    assert chain.text in _screen(app, drawn), "the chain the players were reading"
    press(app)  # the hourglass, without choosing again
    assert app.scene.state.endswith("-calcul-running")
    app.close()


def test_the_second_sprint_knows_the_first_one_s_draw_after_a_cut(
    tmp_path: Path, drawn: list[str]
) -> None:
    app = _tv_app(tmp_path, duels=2)  # Ana won both duels: Bruno chooses first
    settle(app)
    _tap(app, "kind:sprint-letters")
    letters = app.scene.played.letters  # type: ignore[attr-defined]
    assert "Mots de 10 lettres" not in _screen(app, drawn), "the referee's words hidden"
    press(app)
    _tap(app, "wrong:Bruno")
    verdict = _screen(app, drawn)
    assert "Bruno : faux" in verdict and "Mots de 10 lettres" in verdict
    assert "Ana : +" in verdict and "Bruno : +0" in verdict, "the sprint's result"
    app = _cut(app)  # on the first sprint's verdict
    assert app.scene.state.endswith("-sprint-letters-verdict")
    assert _screen(app, drawn) == verdict and " ".join(letters) in verdict
    press(app)
    settle(app)
    second = _screen(app, drawn)
    app = _cut(app)  # on the second sprint, before its draw is taken
    assert app.scene.state.endswith("-verdict"), "the last verdict, shown again once"
    press(app)
    settle(app)
    assert _screen(app, drawn) == second
    assert "Ana : le tirage restant" in second and "Bruno a choisi le tirage de lettres" in second
    assert [b.key for b in app.scene.buttons] == ["kind:sprint-numbers"]
    _tap(app, "kind:sprint-numbers")
    assert "Le tirage restant, pour Ana" in _screen(app, drawn)
    assert app.scene.state.endswith("-sprint-numbers-ready")
    app.close()


def test_when_the_30_seconds_run_out_temps_ecoule_shows_and_a_name_is_taken_only_in_the_grace(
    tmp_path: Path, drawn: list[str]
) -> None:
    app = _tv_app(tmp_path)
    _tap(app, "kind:calcul")
    press(app)  # the hourglass
    assert isinstance(app.clock, FakeClock)
    app.clock.now += 30.5
    app.step()
    assert app.scene.state.endswith("-temps-ecoule")
    assert "Temps écoulé" in _screen(app, drawn)
    assert "time_up" in app.sounds.played and "say:Temps écoulé" in app.sounds.played
    keys = {b.key for b in app.scene.buttons}
    assert {"right:Ana", "wrong:Bruno", "nobody:"} <= keys, "the referee's 3 s to name someone"
    app.clock.now += VERDICT_GRACE + 1
    shown = _screen(app, drawn)
    keys = {b.key for b in app.scene.buttons}
    assert "Temps écoulé" in shown and "nobody:" in keys
    assert not any(k.startswith(("right:", "wrong:")) for k in keys), "too late to name anyone"
    app.close()
    resumed, _ = make_app(tmp_path)  # a power cut now: the same moment comes back
    _tap(resumed, "resume")
    settle(resumed)
    assert resumed.scene.name == "duel" and resumed.scene.state.endswith("-temps-ecoule")
    _tap(resumed, "nobody:")
    assert "Personne n'a trouvé : aucun point" in _screen(resumed, drawn)
    resumed.close()


def test_an_answer_named_before_the_end_shows_no_temps_ecoule(
    tmp_path: Path, drawn: list[str]
) -> None:
    app = _tv_app(tmp_path)
    _tap(app, "kind:calcul")
    press(app)
    assert isinstance(app.clock, FakeClock)
    app.clock.now += 12
    _tap(app, "right:Ana")
    assert app.scene.state.endswith("-verdict") and "Temps écoulé" not in _screen(app, drawn)
    app.close()
