"""The rules service over HTTP (``splitcards serve --http``): the Starlette app, asked through
Starlette's TestClient, and one real server on uvicorn. Answers are checked against the rules and
validated against the OpenAPI document the server serves; hostile input gets a 4xx with the typed
error, never a 500 or a hang.

It runs where starlette, uvicorn and httpx are importable (``splitcards[http]`` and the test
group); ``SPLITCARDS_REQUIRE_HTTP=1`` makes their absence a failure instead of a skip.
"""

from __future__ import annotations

import importlib.util
import os
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from jsonschema import Draft202012Validator

from splitcards.game.configuration.registry import VersionRegistry
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.rules.card import Card
from splitcards.service.position import Context
from splitcards.service.server import Service

if TYPE_CHECKING:
    import httpx
    from starlette.testclient import TestClient

HTTP = all(importlib.util.find_spec(name) is not None for name in ("starlette", "uvicorn", "httpx"))
if not HTTP:
    if os.environ.get("SPLITCARDS_REQUIRE_HTTP"):
        raise RuntimeError("SPLITCARDS_REQUIRE_HTTP is set and starlette, uvicorn or httpx is not importable")
    pytest.skip("starlette, uvicorn or httpx is not importable (splitcards[http])", allow_module_level=True)

SPLITCARDS = Path(sys.executable).parent / "splitcards"
MAX_BODY = 1024 * 1024
JSON = dict[str, Any]


def _client(service: Service) -> TestClient:
    with warnings.catch_warnings():
        # Starlette's TestClient warns that it will move from httpx to httpx2; httpx is what it runs on here.
        warnings.filterwarnings("ignore", message=".*starlette.testclient.*")
        from starlette.testclient import TestClient

    from splitcards.service.http import app

    return TestClient(app(service), raise_server_exceptions=False)


@pytest.fixture(scope="module")
def service(registry: VersionRegistry, cards: dict[str, Card]) -> Service:
    """A service over the test cards (tests/data/cards.yaml), under the current rules by default."""
    pm = make_plugin_manager()
    return Service(Context(registry, registry.get(None).name, cards, pm), "test")


@pytest.fixture(scope="module")
def client(service: Service) -> TestClient:
    return _client(service)


class OpenAPI:
    """The OpenAPI document the server serves; answers are validated against its schemas."""

    def __init__(self, document: JSON) -> None:
        self.document = document
        self._validators: dict[str, Draft202012Validator] = {}

    def check(self, name: str, body: object) -> None:
        validator = self._validators.get(name)
        if validator is None:
            found = {"components": self.document["components"], "$ref": f"#/components/schemas/{name}"}
            validator = self._validators[name] = Draft202012Validator(found)
        errors = [f"{list(e.absolute_path)}: {e.message[:300]}" for e in validator.iter_errors(body)]
        assert not errors, f"not a {name} by /v1/openapi.json: {errors[:3]}"


@pytest.fixture(scope="module")
def openapi(client: TestClient) -> OpenAPI:
    response = client.get("/v1/openapi.json")
    assert response.status_code == 200
    return OpenAPI(response.json())


def answered(openapi: OpenAPI, response: httpx.Response, method: str) -> Any:
    """The body of a 200 answer to ``method``, validated."""
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    if f"{method}.answer" in openapi.document["components"]["schemas"]:
        openapi.check(f"{method}.answer", body)
    return body


def refused(openapi: OpenAPI, response: httpx.Response, status: int, kind: str) -> JSON:
    """The typed error of a refused request, with its status."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body: JSON = response.json()
    openapi.check("error", body)
    assert body["error"]["data"]["type"] == kind
    error: JSON = body["error"]
    return error


def ask(client: TestClient, openapi: OpenAPI, method: str, params: JSON) -> Any:
    return answered(openapi, client.post(f"/v1/{method}", json=params), method)


# -- what the server says about itself ---------------------------------------------------------


def test_health(client: TestClient) -> None:
    response = client.get("/v1/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "version": "1.0", "server_version": "test"}


def test_initialize_and_ping(client: TestClient, openapi: OpenAPI) -> None:
    hello = ask(client, openapi, "initialize", {"versions": ["1.0"], "client": "tests"})
    assert hello["version"] == "1.0"
    assert [v["name"] for v in hello["rules"]] == [
        "invasion-2000",
        "classic-2009",
        "classic-2013",
        "amonkhet-2017",
        "duskmourn-2024",
    ]
    assert answered(openapi, client.post("/v1/ping"), "ping") is None


def test_openapi_has_a_path_for_every_question(client: TestClient, openapi: OpenAPI) -> None:
    from splitcards.service.schema import openapi as made

    document = openapi.document
    assert document["openapi"] == "3.1.0"
    assert document == made()
    hello = client.post("/v1/initialize", json={"versions": ["1.0"]}).json()
    questions = [m for m in hello["methods"] if m not in ("initialize", "ping", "shutdown", "exit", "batch")]
    assert len(questions) == 11
    for method in [*questions, "batch", "initialize", "ping"]:
        assert document["paths"][f"/v1/{method}"]["post"]["operationId"] == method
    assert "/v1/shutdown" not in document["paths"]


# -- answers -----------------------------------------------------------------------------------


def test_708_2_and_709_4b_fire_ice_mana_values(client: TestClient, openapi: OpenAPI) -> None:
    old = ask(client, openapi, "characteristics", {"card": "Fire // Ice", "rules": "classic-2009"})
    assert old["value"]["mana_values"] == [2, 2]
    assert old["version"] == "classic-2009"
    new = ask(client, openapi, "characteristics", {"card": "Fire // Ice", "rules": "amonkhet-2017"})
    assert new["value"]["mana_values"] == [4]
    assert new["value"]["mana_costs"] == ["{2}{U}{R}"]
    assert old["decision"] != new["decision"]


def test_702_127a_ways_to_cast_from_the_graveyard_why_not(client: TestClient, openapi: OpenAPI) -> None:
    ways = ask(
        client, openapi, "ways_to_cast", {"card": "Destined // Lead", "zone": "graveyard", "explain": "why_not"}
    )["value"]
    assert [(w["option"], w["legal"]) for w in ways] == [("left", False), ("right", True)]
    assert ways[0]["refusal"]["type"] == "illegal_zone"
    assert ways[1]["total_cost"] == "{3}{G}"


def test_709_5d_room_resolves_with_its_door_unlocked(client: TestClient, openapi: OpenAPI) -> None:
    room = {"card": "Bottomless Pool // Locker Room", "zone": "stack", "spell": {"option": "left"}}
    assert ask(client, openapi, "resolution", room)["value"]["unlocked"] == ["left"]


def test_batch(client: TestClient, openapi: OpenAPI) -> None:
    body = ask(
        client,
        openapi,
        "batch",
        {
            "shared": {"rules": "classic-2009"},
            "questions": [
                {"method": "name_choices", "params": {"card": "Fire // Ice"}},
                {"method": "name_choices", "params": {"card": "Fire // Ice", "rules": "current"}},
                {"method": "characteristics", "params": {"card": "Nowhere // Nothing"}},
            ],
        },
    )
    both, one, unknown = body["answers"]
    assert both["value"] == [["Fire", "Ice"]]
    assert one["value"] == [["Fire"], ["Ice"]]
    assert unknown["error"]["data"]["type"] == "unknown_card"
    question = {"method": "name_choices", "params": {"card": "Fire // Ice"}}
    too_many = client.post("/v1/batch", json={"questions": [question] * 1001})
    assert "1000" in refused(openapi, too_many, 422, "invalid_params")["message"]


def test_a_room_under_classic_2013_is_a_refusal(client: TestClient, openapi: OpenAPI) -> None:
    answer = ask(
        client, openapi, "characteristics", {"card": "Bottomless Pool // Locker Room", "rules": "classic-2013"}
    )
    assert answer["value"] is None
    assert answer["refusal"]["type"] == "unknown_card"


# -- hostile input -----------------------------------------------------------------------------


def test_413_a_body_over_the_limit_by_its_length(client: TestClient, openapi: OpenAPI) -> None:
    body = b'{"card": "' + b"x" * MAX_BODY + b'"}'
    response = client.post("/v1/characteristics", content=body, headers={"content-type": "application/json"})
    refused(openapi, response, 413, "invalid_request")


def test_413_a_chunked_body_over_the_limit(client: TestClient, openapi: OpenAPI) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"card": "'
        for _ in range(20):
            yield b"x" * (64 * 1024)

    response = client.post("/v1/characteristics", content=chunks(), headers={"content-type": "application/json"})
    assert "content-length" not in response.request.headers
    refused(openapi, response, 413, "invalid_request")


@pytest.mark.parametrize(
    "body",
    [
        b"[" * 100_000 + b"]" * 100_000,
        b'{"card": ' + b'{"halves": ' * 50_000 + b"null" + b"}" * 50_000 + b"}",
    ],
    ids=["arrays", "objects"],
)
def test_400_json_nested_too_deeply(client: TestClient, openapi: OpenAPI, body: bytes) -> None:
    response = client.post("/v1/characteristics", content=body, headers={"content-type": "application/json"})
    refused(openapi, response, 400, "parse_error")


@pytest.mark.parametrize("body", [b"{card: Fire // Ice}", b"\xff\xfe", b'{"card": "Fire // Ice"'])
def test_400_not_json(client: TestClient, openapi: OpenAPI, body: bytes) -> None:
    response = client.post("/v1/characteristics", content=body, headers={"content-type": "application/json"})
    refused(openapi, response, 400, "parse_error")


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"])
def test_415_not_json_by_its_type(client: TestClient, openapi: OpenAPI, kind: str) -> None:
    response = client.post("/v1/characteristics", content=b'{"card": "Fire // Ice"}', headers={"content-type": kind})
    refused(openapi, response, 415, "invalid_request")


@pytest.mark.parametrize("method", ["castable_now", "shutdown", "exit"])
def test_404_unknown_method(client: TestClient, openapi: OpenAPI, method: str) -> None:
    error = refused(openapi, client.post(f"/v1/{method}", json={}), 404, "method_not_found")
    assert method in error["message"]


@pytest.mark.parametrize(
    ("params", "named"),
    [
        ({"card": "Fire // Ice", "zone": 7}, "params.zone"),
        ({"card": 7}, "params.card"),
        ({"card": "Fire // Ice", "zonee": "hand"}, "'zonee'"),
        ({"card": "Fire // Ice", "zone": "stack"}, "params.spell"),
        ({"card": "Fire // Ice", "explain": True}, "params.explain"),
    ],
)
def test_422_wrong_params_name_the_key(client: TestClient, openapi: OpenAPI, params: JSON, named: str) -> None:
    error = refused(openapi, client.post("/v1/characteristics", json=params), 422, "invalid_params")
    assert named in error["message"]


def test_422_a_body_that_is_not_an_object(client: TestClient, openapi: OpenAPI) -> None:
    refused(openapi, client.post("/v1/characteristics", json=["Fire // Ice"]), 422, "invalid_params")


def test_422_unknown_card_and_rules(client: TestClient, openapi: OpenAPI) -> None:
    error = refused(openapi, client.post("/v1/characteristics", json={"card": "Fire // Icee"}), 422, "unknown_card")
    assert "did you mean 'Fire // Ice'" in error["message"]
    for rules in ("classic-2010", "/etc/passwd.yaml", "../config/classic-2009.yaml"):
        response = client.post("/v1/characteristics", json={"card": "Fire // Ice", "rules": rules})
        assert "root:" not in refused(openapi, response, 422, "unknown_rules")["message"]


@pytest.mark.parametrize("verb", ["GET", "PUT", "DELETE"])
def test_405_a_question_asked_without_post(client: TestClient, openapi: OpenAPI, verb: str) -> None:
    response = client.request(verb, "/v1/characteristics")
    refused(openapi, response, 405, "invalid_request")
    assert response.headers["allow"] == "POST"


def test_503_after_shutdown(registry: VersionRegistry, cards: dict[str, Card], openapi: OpenAPI) -> None:
    service = Service(Context(registry, registry.get(None).name, cards, make_plugin_manager()), "test")
    client = _client(service)
    assert client.post("/v1/ping").status_code == 200
    service.call("shutdown", {})
    response = client.post("/v1/characteristics", json={"card": "Fire // Ice"})
    refused(openapi, response, 503, "shut_down")
    assert client.get("/v1/health").status_code == 200


def test_an_impossible_spell_is_a_4xx_not_a_500(client: TestClient) -> None:
    response = client.post(
        "/v1/resolution", json={"card": "Grizzly Bears", "zone": "stack", "spell": {"option": "left"}}
    )
    assert response.status_code < 500


# -- a real server ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def served(http_service: str) -> Iterator[httpx.Client]:
    """A client of a real ``splitcards serve --http`` on uvicorn."""
    import httpx

    with httpx.Client(base_url=http_service, timeout=10) as client:
        yield client


def test_uvicorn_serves_health_and_a_question(served: httpx.Client, openapi: OpenAPI) -> None:
    health = served.get("/v1/health")
    assert health.status_code == 200
    assert health.json()["status"] == "ok"
    void = {
        "card": "Assault // Battery",
        "rules": "classic-2009",
        "characteristic": "mana_value",
        "op": "==",
        "value": 4,
    }
    answer = answered(openapi, served.post("/v1/compare", json=void), "compare")
    # 708.6a: Battery's mana value is 4, so the card compares equal to 4 under the 2009 rules.
    assert answer["value"] is True
    assert "708.6a" in answer["rules"]


def test_uvicorn_refuses_a_chunked_body_over_the_limit(served: httpx.Client, openapi: OpenAPI) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(40):
            yield b" " * (64 * 1024)

    response = served.post("/v1/characteristics", content=chunks(), headers={"content-type": "application/json"})
    refused(openapi, response, 413, "invalid_request")
    # The server still answers.
    assert served.get("/v1/health").status_code == 200
