"""The rules service asked three ways gives one answer: over stdio by a real ``splitcards serve``,
in the static dump, and in process by a Table on the reference host.

Random cards (the bundled pool's, named or sent as Card forms, and cards made of the pool's faces),
zones, rule versions, timings and cast options are asked over stdio and of the Table directly;
where the position is one the dump holds (a pool card named, in its owner's main phase, cast with
no options) the dump's line must say what the server says.
"""

from __future__ import annotations

import functools
import itertools
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, BinaryIO, cast

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from splitcards.adapters.reference import ReferenceHost
from splitcards.errors import IllegalAction
from splitcards.game.configuration.registry import load_registry
from splitcards.game.plugins.manager import make_plugin_manager
from splitcards.game.table import Table
from splitcards.rules import characteristics as ch
from splitcards.rules.actions import CastGrants
from splitcards.rules.card import Card, Half, Layout, Side
from splitcards.rules.mana import ManaCost
from splitcards.rules.model import CastOption, Event, ObjectId, Phase, Player, SpellFacts, Timing, Zone
from splitcards.service.dump import DUMP_ZONES, dump_lines
from splitcards.service.position import Context
from splitcards.service.server import Service
from splitcards.tools.cli.pool import card_pool
from splitcards.wire.forms import encode
from splitcards.wire.framing import decode_body, encode_frame, read_frame

PM = make_plugin_manager(load_entry_points=False)
REGISTRY = load_registry(pm=PM)
POOL = card_pool(None)
NAMES = sorted(POOL)
VERSIONS = [v.name for v in sorted(REGISTRY.versions.values(), key=lambda v: v.edition)]
FACES = sorted({h for card in POOL.values() if not card.is_room for h in card.halves}, key=lambda h: (h.name, repr(h)))
COSTS = [None, "{0}", "{1}{R}", "{X}{U}", "{2}{W}{W}", "{W/U}{B}", "{2/G}", "{R/P}"]
CHANGES = [None, "{1}", "{2}", "{U}"]
SERVE = Path(sys.executable).parent / "splitcards"
# The order the service cites the characteristics' rules in.
CHARACTERISTICS = (
    ("names", ch.NAMES),
    ("mana_costs", ch.MANA_COSTS),
    ("mana_values", ch.MANA_VALUES),
    ("colors", ch.COLORS),
    ("multicolored", ch.MULTICOLORED),
    ("card_types", ch.CARD_TYPES),
    ("subtypes", ch.SUBTYPES),
    ("supertypes", ch.SUPERTYPES),
)
QUICK = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Served:
    """A ``splitcards serve`` process, asked over its stdin and stdout."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stdin is not None and process.stdout is not None
        self.process = process
        self.stdin = process.stdin
        self.stdout = cast(BinaryIO, process.stdout)
        self.ids = itertools.count(1)

    def send(self, method: str, params: Any = None, notification: bool = False) -> dict[str, Any] | None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        request_id = None if notification else next(self.ids)
        if request_id is not None:
            message["id"] = request_id
        self.stdin.write(encode_frame(message))
        self.stdin.flush()
        if notification:
            return None
        body = read_frame(self.stdout)
        assert body is not None, "the server ended its output"
        answer = decode_body(body)
        assert answer["id"] == request_id
        return answer

    def ask(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        """A question's envelope, without its decision id (which every answer over stdio has)."""
        answer = self.send(method, params)
        assert answer is not None
        assert "result" in answer, answer
        envelope: dict[str, Any] = answer["result"]
        assert isinstance(envelope.pop("decision"), str)
        return envelope


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    # Away from any project's settings and rule version: every question names its version.
    env = {name: value for name, value in os.environ.items() if not name.startswith("SPLITCARDS_")}
    folder = tmp_path_factory.mktemp("serve")
    with (folder / "stderr").open("wb") as stderr:
        process = subprocess.Popen(
            [str(SERVE), "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr, cwd=folder, env=env
        )
        server = Served(process)
        try:
            started = server.send("initialize", {"versions": ["1.0"]})
            assert started is not None and started["result"]["version"] == "1.0"
            assert [r["name"] for r in started["result"]["rules"]] == VERSIONS
            yield server
            stopped = server.send("shutdown")
            assert stopped is not None and stopped["result"] is None
            server.send("exit", notification=True)
            server.stdin.close()
            assert process.wait(timeout=30) == 0
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
            server.stdout.close()


@functools.cache
def dump() -> dict[tuple[str, str, str], dict[str, Any]]:
    """The dump's lines for the pool, by card, rule version and zone."""
    service = Service(Context(REGISTRY, VERSIONS[-1], POOL, PM), "test")
    versions = [REGISTRY.versions[name] for name in VERSIONS]
    lines = dump_lines(service, [POOL[name] for name in NAMES], versions)
    return {(line["card"], line["rules"], line["zone"]): line for line in lines}


# -- the questions ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Asked:
    """A card in a position, and a cast of it with options."""

    card: Card
    named: bool
    version: str
    zone: Zone
    owner: Player
    timing: Timing | None
    option: CastOption
    permission: Zone | None = None
    x: int | None = None
    without_paying: bool = False
    cost_increase: ManaCost | None = None
    cost_reduction: ManaCost | None = None
    flash: bool = False
    flashback: bool = False
    caster: Player | None = None

    @property
    def dumped(self) -> bool:
        """Whether the dump holds this position: a pool card named, its owner's, in their main phase."""
        return self.named and self.owner is Player.P1 and self.timing is None and self.zone in DUMP_ZONES

    @property
    def plain(self) -> bool:
        """Whether the cast has no options, as the dump's ways to cast it have none."""
        unchanged = Asked(self.card, self.named, self.version, self.zone, self.owner, None, self.option)
        return self.options() == unchanged.options()

    @property
    def spell_option(self) -> CastOption:
        """How the card is cast when it is a spell: one of the ways its card prints."""
        printed = printed_options(self.card)
        return self.option if self.option in printed else printed[0]

    def position(self) -> dict[str, Any]:
        """The params every question about the position shares (a spell's are the Table's)."""
        params: dict[str, Any] = {
            "card": self.card.name if self.named else encode(self.card),
            "rules": self.version,
            "zone": self.zone.value,
            "owner": self.owner.value,
        }
        if self.timing is not None:
            params["timing"] = encode(self.timing)
        return params

    def options(self) -> dict[str, Any]:
        """The params of the cast's options."""
        params: dict[str, Any] = {
            "x": self.x,
            "without_paying": self.without_paying,
            "cost_increase": encode(self.cost_increase),
            "cost_reduction": encode(self.cost_reduction),
            "flash": self.flash,
            "flashback": self.flashback,
        }
        if self.permission is not None:
            params["permission"] = self.permission.value
        if self.caster is not None:
            params["caster"] = self.caster.value
        return params


def printed_options(card: Card) -> tuple[CastOption, ...]:
    """The ways to cast the printed card offers: each half of a split card, both with fuse; else whole."""
    if not card.is_split:
        return (CastOption.WHOLE,)
    return (CastOption.LEFT, CastOption.RIGHT, *((CastOption.FUSED,) if card.fuse else ()))


def made(faces: list[Half], cost: str | None, fuse: bool) -> Card:
    """A card of one or two of the pool's faces, the first with ``cost``."""
    first = replace(faces[0], mana_cost=ManaCost.parse(cost) if cost is not None else None)
    if len(faces) == 1:
        return Card(first.name, (first,))
    return Card(f"{first.name} // {faces[1].name}", (first, faces[1]), Layout.SPLIT, fuse)


def _can_be(card: Card, zone: Zone) -> bool:
    """Whether the card can be in the zone: only a permanent card is put onto the battlefield."""
    return zone is not Zone.BATTLEFIELD or any(half.is_permanent for half in card.halves)


cards = st.sampled_from(NAMES).map(lambda name: POOL[name]) | st.builds(
    made, st.lists(st.sampled_from(FACES), min_size=1, max_size=2, unique=True), st.sampled_from(COSTS), st.booleans()
)
timings = st.none() | st.builds(
    Timing, st.sampled_from(Player), st.sampled_from(Phase), st.sampled_from(Player), st.booleans()
)
costs = st.sampled_from(CHANGES).map(lambda text: ManaCost.parse(text) if text is not None else None)


@st.composite
def positions(draw: st.DrawFn) -> Asked:
    """A card wherever it can be, with a timing, a caster and options of a cast at random."""
    card = draw(cards)
    zone = draw(st.sampled_from([z for z in (*DUMP_ZONES, Zone.LIBRARY, Zone.STACK) if _can_be(card, z)]))
    return Asked(
        card,
        card.name in POOL and POOL[card.name] == card and draw(st.booleans()),
        draw(st.sampled_from(VERSIONS)),
        zone,
        draw(st.sampled_from(Player)),
        draw(timings),
        draw(st.sampled_from([*printed_options(card), *CastOption])),
        draw(st.none() | st.sampled_from([Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.LIBRARY])),
        draw(st.none() | st.integers(0, 4)),
        draw(st.booleans()),
        draw(costs),
        draw(costs),
        draw(st.booleans()),
        draw(st.booleans()),
        draw(st.none() | st.sampled_from(Player)),
    )


@st.composite
def dumped(draw: st.DrawFn) -> Asked:
    """A position the dump holds."""
    card = POOL[draw(st.sampled_from(NAMES))]
    zone = draw(st.sampled_from([z for z in DUMP_ZONES if _can_be(card, z)]))
    return Asked(card, True, draw(st.sampled_from(VERSIONS)), zone, Player.P1, None, CastOption.WHOLE)


# -- the Table's answers -------------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """The position set up on a Table in process: the Table and the card asked about."""

    table: Table
    obj: ObjectId


class Refused(Exception):
    """The Table refuses to set up the position: the card does not exist under the version."""

    def __init__(self, error: IllegalAction) -> None:
        super().__init__(str(error))
        self.error = error


def game(asked: Asked) -> Game:
    """The position on a new Table: the card created where it is (a spell cast from its owner's
    hand in their main phase), then the timing asked."""
    table = Table(ReferenceHost(), REGISTRY.get(asked.version), PM, judge_targets=False)
    owner = asked.owner
    try:
        if asked.zone is Zone.STACK:
            obj = table.create(asked.card, Zone.HAND, owner)
            table.set_turn(owner, Phase.MAIN1, owner)
            try:
                table.cast(obj, asked.spell_option)
            except IllegalAction:
                assume(False)
        else:
            obj = table.create(asked.card, asked.zone, owner)
    except IllegalAction as error:
        raise Refused(error) from None
    # The service's default: the main phase of the player who acts (the caster, or the owner).
    acting = asked.caster or owner
    timing = asked.timing or Timing(acting, Phase.MAIN1, acting)
    # A spell is on the stack: the stack is not empty, whatever the timing says.
    empty = None if asked.zone is Zone.STACK or asked.timing is None else timing.stack_empty
    table.set_turn(timing.active, timing.phase, timing.priority, empty)
    return Game(table, obj)


def refusal(error: IllegalAction, version: str) -> dict[str, Any]:
    """The envelope of a question whose card the rules refuse."""
    return {
        "value": None,
        "rules": list(error.rules),
        "version": version,
        "refusal": {"type": error.kind, "message": error.reason, "rules": list(error.rules)},
    }


def characteristics(position: Game) -> dict[str, Any]:
    table, obj = position.table, position.obj
    answers = {name: table.characteristic(obj, query) for name, query in CHARACTERISTICS}
    value = {name: encode(answer.value) for name, answer in answers.items()}
    value["colors"] = sorted(value["colors"], key="WUBRG".index)
    cited = list(dict.fromkeys(n for answer in answers.values() for n in answer.rules))
    return {"value": value, "rules": cited, "version": table.rules.name}


def name_choices(table: Table, card: Card) -> dict[str, Any]:
    try:
        table.check_card(card)
    except IllegalAction as error:
        return refusal(error, table.rules.name)
    found = table.name_choices(card)
    return {"value": [list(c) for c in found.value], "rules": list(found.rules), "version": found.version}


def castable(position: Game, asked: Asked) -> dict[str, Any]:
    found = position.table.castable(position.obj, asked.permission, asked.caster)
    return {"value": [o.value for o in found.value], "rules": list(found.rules), "version": found.version}


def way(position: Game, asked: Asked, option: CastOption) -> dict[str, Any]:
    """The Table's decision of a cast, in the terms of a way to cast it."""
    try:
        decision = position.table.cast_decision(
            position.obj,
            option,
            caster=asked.caster,
            permission=asked.permission,
            without_paying=asked.without_paying,
            x=asked.x,
            cost_increase=asked.cost_increase,
            cost_reduction=asked.cost_reduction,
            grants=CastGrants(flash=asked.flash, flashback=asked.flashback),
        )
    except IllegalAction as error:
        return {"option": option.value, "legal": False, "rules": list(error.rules), "refusal": error.kind}
    return {
        "option": option.value,
        "legal": True,
        "rules": list(decision.rules),
        "spell": encode(decision.spell),
        "total_cost": encode(decision.total_cost),
    }


def as_decided(found: dict[str, Any]) -> dict[str, Any]:
    """A way to cast from the service, in the terms the Table decides."""
    facts = {key: found[key] for key in ("option", "legal", "rules")}
    if found["legal"]:
        return facts | {"spell": found["spell"], "total_cost": found["total_cost"]}
    return facts | {"refusal": found["refusal"]["type"]}


def doors(asked: Asked) -> list[dict[str, Any]]:
    """Each door of the Room: may it be unlocked now, its rules and cost, and what unlocking it
    does, each door unlocked on a position of its own."""
    found = []
    for side in Side:
        # The doors are asked of their controller: no caster.
        position = game(replace(asked, caster=None))
        table, obj = position.table, position.obj
        can = table.can_unlock(obj, side)
        cost = encode(table.unlock_cost(obj, side).value)
        door = {"door": side.value, "name": asked.card.halves[list(Side).index(side)].name}
        try:
            table.unlock(obj, side)
        except IllegalAction as error:
            found.append(door | {"can_unlock": False, "rules": list(error.rules), "cost": cost, "refusal": error.kind})
            continue
        events = [encode(_named(event, obj, asked.card.name)) for event in table.events]
        found.append(door | {"can_unlock": can.value, "rules": list(can.rules), "cost": cost, "events": events})
    return found


def as_unlocked(found: dict[str, Any]) -> dict[str, Any]:
    facts = {key: found[key] for key in ("door", "name", "can_unlock", "rules", "cost")}
    if found["refusal"] is not None:
        return facts | {"refusal": found["refusal"]["type"]}
    return facts | {"events": found["events"]}


def _named(event: Event, obj: ObjectId, name: str) -> Event:
    return replace(event, object=name) if event.object == obj else event


# -- the properties ------------------------------------------------------------------------------


@QUICK
@given(asked=dumped())
def test_a_pool_card_is_answered_alike_over_stdio_in_the_dump_and_in_process(served: Served, asked: Asked) -> None:
    line = dump()[(asked.card.name, asked.version, asked.zone.value)]
    position = asked.position()
    assert served.ask("characteristics", position) == line["characteristics"]
    assert served.ask("name_choices", {"card": asked.card.name, "rules": asked.version}) == line["name_choices"]
    table = Table(ReferenceHost(), REGISTRY.get(asked.version), PM, judge_targets=False)
    assert line["name_choices"] == name_choices(table, asked.card)
    if asked.zone is Zone.BATTLEFIELD:
        if asked.card.is_room:
            assert served.ask("doors", position) == line["doors"]
    else:
        assert served.ask("ways_to_cast", position | {"explain": "why_not"}) == line["ways_to_cast"]
    try:
        in_process = game(asked)
    except Refused as refused:
        expected = refusal(refused.error, asked.version)
        assert line["characteristics"] == expected
        assert all(line[part] == expected for part in ("ways_to_cast", "doors") if part in line)
        return
    assert line["characteristics"] == characteristics(in_process)
    if "ways_to_cast" in line:
        ways = [way(in_process, asked, option) for option in printed_options(asked.card)]
        assert [as_decided(w) for w in line["ways_to_cast"]["value"]] == ways
    if "doors" in line:
        assert [as_unlocked(d) for d in line["doors"]["value"]] == doors(asked)


@QUICK
@given(asked=positions())
def test_a_random_position_is_answered_alike_over_stdio_and_in_process(served: Served, asked: Asked) -> None:
    try:
        in_process = game(asked)
    except Refused as refused:
        position = asked.position()
        if asked.zone is Zone.STACK:
            position["spell"] = encode(SpellFacts(asked.spell_option, cast_from=Zone.HAND, caster=asked.owner))
        expected = refusal(refused.error, asked.version)
        assert served.ask("characteristics", position) == expected
        assert served.ask("cast_decision", position | asked.options()) == expected
        return
    position = asked.position()
    if asked.zone is Zone.STACK:
        # The spell as the Table cast it: how, and by whom.
        position["spell"] = encode(in_process.table.view(in_process.obj).spell)
    assert served.ask("characteristics", position) == characteristics(in_process)
    choices = {"card": position["card"], "rules": asked.version}
    assert served.ask("name_choices", choices) == name_choices(in_process.table, asked.card)
    permitted = {"permission": encode(asked.permission), "caster": encode(asked.caster)}
    assert served.ask("castable", position | permitted) == castable(in_process, asked)
    decided = served.ask("cast_decision", position | asked.options() | {"option": asked.option.value})
    assert as_decided(decided["value"]) == way(in_process, asked, asked.option)
    assert decided["rules"] == decided["value"]["rules"]
    ways = served.ask("ways_to_cast", position | asked.options() | {"explain": "why_not"})
    decisions = [way(in_process, asked, option) for option in printed_options(asked.card)]
    assert [as_decided(w) for w in ways["value"]] == decisions
    if asked.zone is Zone.BATTLEFIELD and asked.card.is_room:
        assert [as_unlocked(d) for d in served.ask("doors", position)["value"]] == doors(asked)
    if asked.dumped:
        line = dump()[(asked.card.name, asked.version, asked.zone.value)]
        assert line["characteristics"] == characteristics(in_process)
        if asked.plain and "ways_to_cast" in line:
            assert line["ways_to_cast"] == ways
