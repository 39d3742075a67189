"""Players answer from their own phones (issue 24): the protocol and its refusals, in-process.

The Starlette app is driven by its ``TestClient`` (no socket); one test starts the real
uvicorn thread on loopback. The table's clock is a :class:`FakeClock`: hourglasses end
without sleeping.
"""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import cv2
import httpx2
import numpy as np
import pytest
from fakeclock import FakeClock
from phone_calls import saved_by
from starlette.testclient import TestClient

from device.cli import main
from device.web.address import WebAddress, parse_web
from device.web.qr import join_url, qr_modules
from device.web.seats import FILE, SavedSeats
from device.web.server import create_app
from device.web.table import BURST, MAX_MESSAGE, Answer, PhoneRound, PhoneTable
from device.web.thread import WebServer

PLAYERS = ["Ana", "Bob", "Chloé"]
LETTERS = PhoneRound(1, "letters", tuple("RATEAUXSE"), ends_at=1_000_045.0)


def table_and_client(
    saved: list[Answer] | None = None, clock: FakeClock | None = None
) -> tuple[PhoneTable, TestClient, FakeClock]:
    clock = clock or FakeClock()
    table = PhoneTable(
        PLAYERS, clock=clock, submit=None if saved is None else saved_by(saved.append)
    )
    return table, TestClient(create_app(table, trust_any_client=True)), clock


def join(client: TestClient, table: PhoneTable, name: str) -> dict[str, str]:
    reply = client.post("/api/join", json={"code": table.code, "name": name})
    assert reply.status_code == 200, reply.json()
    return {"X-Jeton": reply.json()["jeton"]}


def test_the_join_page_is_served_in_french_with_its_own_files() -> None:
    _, client, _ = table_and_client()
    page = client.get("/")
    assert page.status_code == 200
    assert '<html lang="fr">' in page.text and "Rejoindre" in page.text
    assert "http" not in page.text.replace("http-equiv", "")  # nothing from the internet
    for asset in ("/static/app.js", "/static/style.css"):
        assert client.get(asset).status_code == 200


def test_a_phone_without_the_game_s_code_is_refused_in_french() -> None:
    table, client, _ = table_and_client()
    wrong = "0000" if table.code != "0000" else "1111"
    reply = client.post("/api/join", json={"code": wrong, "name": "Ana"})
    assert reply.status_code == 403
    assert reply.json() == {"erreur": "Code de la partie incorrect : il est affiché sur l'arbitre"}


def test_a_second_phone_for_a_taken_name_is_refused_until_the_referee_frees_the_seat() -> None:
    table, client, _ = table_and_client()
    first = join(client, table, "Ana")
    second = client.post("/api/join", json={"code": table.code, "name": "Ana"})
    assert second.status_code == 409
    assert "Ana joue déjà sur un autre téléphone" in second.json()["erreur"]
    table.free("Ana")
    assert client.get("/api/state", headers=first).status_code == 401  # the old phone is out
    new = join(client, table, "Ana")
    assert client.get("/api/state", headers=new).json()["me"] == "Ana"


def test_a_name_not_at_the_table_is_refused() -> None:
    table, client, _ = table_and_client()
    reply = client.post("/api/join", json={"code": table.code, "name": "Zoé"})
    assert reply.status_code == 404 and "ne joue pas à cette table" in reply.json()["erreur"]


def test_tokens_are_random_and_per_game() -> None:
    one, two = PhoneTable(PLAYERS), PhoneTable(PLAYERS)
    assert one.join(one.code, "Ana") != two.join(two.code, "Ana")
    assert len({PhoneTable(PLAYERS).code for _ in range(20)}) > 1


def test_answers_stay_hidden_from_the_other_phones_until_the_round_is_judged() -> None:
    saved: list[Answer] = []
    table, client, _ = table_and_client(saved)
    ana, bob = join(client, table, "Ana"), join(client, table, "Bob")
    table.publish(LETTERS)
    reply = client.post("/api/answer", headers=ana, json={"round": 1, "answer": "ratées"})
    assert reply.status_code == 200 and reply.json()["pris"] == "RATEES"
    seen_by_bob = client.get("/api/state", headers=bob).json()
    assert seen_by_bob["answered"] == ["Ana"]  # who, not what
    assert "RATEES" not in str(seen_by_bob)
    assert client.get("/api/state", headers=ana).json()["mine"] == "RATEES"
    assert table.answered() == ["Ana"]
    table.close({"lignes": [{"joueur": "Ana", "reponse": "RATEES", "points": 6}]})
    assert client.get("/api/state", headers=bob).json()["results"]["lignes"][0]["points"] == 6


def test_an_answer_is_saved_before_the_phone_is_told_it_is_taken() -> None:
    saved: list[Answer] = []
    table, client, clock = table_and_client(saved)
    ana = join(client, table, "Ana")
    table.publish(LETTERS)
    clock.advance(10)
    reply = client.post("/api/answer", headers=ana, json={"round": 1, "answer": "SATURE"})
    assert reply.status_code == 200
    assert saved == [Answer("Ana", 1, "SATURE", clock.now)]  # with the table's time

    def broken(_: Answer) -> None:
        raise OSError("carte pleine")

    table.submit = saved_by(broken)
    reply = client.post("/api/answer", headers=ana, json={"round": 1, "answer": "RATES"})
    assert reply.status_code == 503 and "réessayez" in reply.json()["erreur"]
    assert table.answers()["Ana"].text == "SATURE"  # not acknowledged, not taken


def test_a_seat_is_written_down_before_its_phone_gets_the_token(tmp_path: Path) -> None:
    seats = SavedSeats(tmp_path)
    table = PhoneTable(PLAYERS, keep=seats.write)
    client = TestClient(create_app(table, trust_any_client=True))
    ana = join(client, table, "Ana")["X-Jeton"]
    bob = join(client, table, "Bob")["X-Jeton"]
    assert seats.read() == (table.code, {"Ana": ana, "Bob": bob})
    table.free("Ana")  # the referee frees a seat: gone from the file too
    assert seats.read() == (table.code, {"Bob": bob})
    table.seat(["Chloé", "Ana"])  # Bob left the table
    assert seats.read() == (table.code, {})


def test_a_seat_the_disk_refused_is_not_given(tmp_path: Path) -> None:
    def full(code: str, tokens: Any) -> None:
        raise OSError(28, "No space left on device")

    table = PhoneTable(PLAYERS, keep=full)
    client = TestClient(create_app(table, trust_any_client=True))
    reply = client.post("/api/join", json={"code": table.code, "name": "Ana"})
    assert reply.status_code == 503 and "réessayez" in reply.json()["erreur"]
    assert table.seated() == []


def test_kept_seats_are_restored_and_an_unreadable_file_is_left_aside(tmp_path: Path) -> None:
    SavedSeats(tmp_path).write("0427", {"Bob": "jeton-de-bob"})
    table = PhoneTable(PLAYERS)
    table.restore(*SavedSeats(tmp_path).read() or ("", {}))
    assert table.code == "0427" and table.player("jeton-de-bob") == "Bob"
    for junk in ("{", "[]", '{"code": "12", "places": {}}', '{"code": "1234", "places": 3}',
                 '{"code": "1234", "places": {"Bob": 7}}', "\udcff"):  # fmt: skip
        (tmp_path / FILE).write_text(junk, encoding="utf-8", errors="surrogateescape")
        assert SavedSeats(tmp_path).read() is None, junk
    assert SavedSeats(tmp_path / "absent").read() is None


def test_a_late_answer_is_refused_by_the_pi_s_clock() -> None:
    table, client, clock = table_and_client([])
    ana = join(client, table, "Ana")
    table.publish(LETTERS)
    clock.advance(45.5)
    reply = client.post("/api/answer", headers=ana, json={"round": 1, "answer": "RATE"})
    assert reply.status_code == 409
    assert reply.json()["erreur"] == "Trop tard : le sablier est écoulé"
    assert table.answers() == {}


def test_an_answer_to_another_round_is_refused() -> None:
    table, client, _ = table_and_client([])
    ana = join(client, table, "Ana")
    table.publish(LETTERS)
    reply = client.post("/api/answer", headers=ana, json={"round": 2, "answer": "RATE"})
    assert reply.status_code == 409 and reply.json()["erreur"] == "Cette manche n'est plus en cours"


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        ("RAZ", "La lettre Z n'est pas (assez) dans le tirage"),
        ("RATTE", "La lettre T n'est pas (assez) dans le tirage"),
        ("RA TE", "Un mot ne s'écrit qu'avec des lettres"),
        ("", "Le mot est vide"),
        ("RATEAUXSES", "Au plus 9 lettres"),
    ],
)
def test_a_word_not_made_of_the_draw_is_refused_with_its_reason(answer: str, reason: str) -> None:
    table, client, _ = table_and_client([])
    ana = join(client, table, "Ana")
    table.publish(LETTERS)
    reply = client.post("/api/answer", headers=ana, json={"round": 1, "answer": answer})
    assert reply.status_code == 422 and reply.json()["erreur"] == reason


def test_a_numbers_answer_takes_only_a_calculation() -> None:
    table, client, _ = table_and_client([])
    ana = join(client, table, "Ana")
    table.publish(PhoneRound(1, "numbers", (3, 100, 8, 8, 10, 6), 1_000_040.0, target=683))
    good = client.post("/api/answer", headers=ana, json={"round": 1, "answer": "100 × 6 = 600"})
    assert good.status_code == 200
    bad = client.post("/api/answer", headers=ana, json={"round": 1, "answer": "import os"})
    assert bad.status_code == 422 and "inattendu dans un calcul" in bad.json()["erreur"]


@pytest.mark.parametrize(
    ("body", "status", "reason"),
    [
        (b"{not json", 400, "Message illisible : attendu du JSON"),
        (b"[1, 2]", 400, "Message illisible : attendu un objet JSON"),
        (b'{"round": "1", "answer": "RATE"}', 400, "« round » doit être un numéro de manche"),
        (b'{"round": 1, "answer": 7}', 400, "« answer » doit être un texte"),
        (b'{"round": true, "answer": "RATE"}', 400, "« round » doit être un numéro de manche"),
        (b"x" * (MAX_MESSAGE + 1), 413, "Message trop long"),
    ],
)
def test_a_malformed_message_is_refused_in_french_and_changes_nothing(
    body: bytes, status: int, reason: str
) -> None:
    table, client, _ = table_and_client([])
    ana = join(client, table, "Ana")
    table.publish(LETTERS)
    reply = client.post("/api/answer", headers=ana, content=body)
    assert reply.status_code == status and reason in reply.json()["erreur"]
    assert table.answers() == {}


def test_a_phone_without_a_seat_is_refused() -> None:
    _, client, _ = table_and_client([])
    for headers in ({}, {"X-Jeton": "forged"}, {"X-Jeton": "x" * 500}):
        reply = client.get("/api/state", headers=headers)
        assert reply.status_code == 401 and "rejoignez la partie" in reply.json()["erreur"]


def test_a_flooding_phone_is_slowed_alone() -> None:
    table, client, _ = table_and_client([])
    table.rate_clock = FakeClock()  # the flood comes within one instant
    ana, bob = join(client, table, "Ana"), join(client, table, "Bob")
    table.publish(LETTERS)
    codes = [client.get("/api/state", headers=ana).status_code for _ in range(int(BURST) + 5)]
    assert codes.count(429) == 5  # a burst of 20 taken, the next 5 refused
    refused = client.get("/api/state", headers=ana)
    assert refused.json() == {"erreur": "Trop de messages : patientez un instant"}
    reply = client.post("/api/answer", headers=bob, json={"round": 1, "answer": "RATE"})
    assert reply.status_code == 200  # the others are not slowed


def test_a_client_outside_the_local_networks_is_refused() -> None:
    table = PhoneTable(PLAYERS)
    public = TestClient(create_app(table), client=("203.0.113.9", 4000))
    reply = public.post("/api/join", json={"code": table.code, "name": "Ana"})
    assert reply.status_code == 403
    assert reply.json()["erreur"] == "Cet arbitre ne répond qu'aux téléphones de la table"
    assert public.get("/").status_code == 403
    home = TestClient(create_app(table), client=("192.168.1.31", 4000))
    assert home.post("/api/join", json={"code": table.code, "name": "Ana"}).status_code == 200


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("8080", WebAddress("0.0.0.0", 8080)),
        ("127.0.0.1:8000", WebAddress("127.0.0.1", 8000)),
        ("localhost:8000", WebAddress("127.0.0.1", 8000)),
        ("10.0.0.2:80", WebAddress("10.0.0.2", 80)),
        ("[::1]:8080", WebAddress("::1", 8080)),
    ],
)
def test_web_listens_on_a_local_address(value: str, expected: WebAddress) -> None:
    assert parse_web(value) == expected


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("8.8.8.8:8080", "8.8.8.8 est une adresse publique"),
        ("203.0.113.9:8080", "203.0.113.9 est une adresse publique"),
        ("80800", "un port de 1 à 65535"),
        ("huit", "attendu [HÔTE:]PORT"),
        ("pi.local:8080", "« pi.local » n'est pas une adresse IP"),
        ("::1:8080", "une adresse IPv6 s'écrit entre crochets"),
    ],
)
def test_run_refuses_a_bad_web_value_in_one_french_line(
    value: str, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["run", "--simulate", "--web", value])
    err = capsys.readouterr().err
    assert code == 2
    assert reason in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_the_qr_code_decodes_to_the_join_address() -> None:
    url = join_url("192.168.1.20", 8080, "0427")
    modules = np.array(qr_modules(url), dtype=np.uint8)
    image = cv2.resize((1 - modules) * 255, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(image)
    assert text == "http://192.168.1.20:8080/?code=0427"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_the_server_thread_serves_phones_on_loopback() -> None:
    saved: list[Answer] = []
    clock = FakeClock()
    table = PhoneTable(PLAYERS, clock=clock, submit=saved_by(saved.append))
    server = WebServer(table, WebAddress("127.0.0.1", free_port()))
    server.start()
    try:
        base = f"http://127.0.0.1:{server.server.config.port}"
        with httpx2.Client(base_url=base) as phone:
            token = phone.post("/api/join", json={"code": table.code, "name": "Bob"}).json()
            table.publish(LETTERS)
            headers = {"X-Jeton": token["jeton"]}
            reply: Any = phone.post(
                "/api/answer", headers=headers, json={"round": 1, "answer": "EAUX"}
            )
            assert reply.json()["pris"] == "EAUX"
        assert [a.text for a in saved] == ["EAUX"]
    finally:
        server.stop()
    assert not server.thread.is_alive()
