"""The split-card moves the adapter adds to python-mtg games.

python-mtg offers one move per castable object, and would cast a split card as its first half
only. The adapter adds these raw move kinds (``Game.legal_moves`` wraps them as ``Move`` with
``kind`` set to the first element):

* ``("cast_split", seat, object, "left" | "right" | "fused", choices)``: cast a half or both
  halves fused, from the hand, or an aftermath half from the graveyard;
* ``("unlock_door", seat, object, "left" | "right")``: the special action of 709.5e.

A move is offered when the plugin's rules allow it (through :class:`splitcards.table.Table`,
so every hook of the plugin is called) and the engine says the player can pay for it, and is
carried out through the same table on the real game: the spell is cast, the opponent gets the
engine's response window, the stack resolves, and the plugin's events are kept in the game
state under ``_split_events``.

``Game.legal_moves``, ``Game.push`` and the engine's auto-advance all call
``mtg.engine.env.legal_actions`` / ``env.step`` through the module, so :func:`install` replaces
those two functions (delegating every other move kind to the originals) and wraps
``Game.key()`` so that positions differing only in split-card state get different keys.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pluggy

from splitcards.adapters.mtg import facts, keys, zones
from splitcards.adapters.mtg.engine import quiet
from splitcards.adapters.mtg.facts import State
from splitcards.card import Side
from splitcards.mana import ManaCost
from splitcards.model import CastOption, Zone
from splitcards.table import Table
from splitcards.versions import RuleVersion

CAST = "cast_split"
UNLOCK = "unlock_door"

_PAYMENT = "splitcards__payment"
_KEYED = ("graveyard", "exile", keys.DOORS, keys.FACE, keys.SPELL, keys.TOKENS, keys.COPIES)


@dataclass(slots=True)
class _Installed:
    legal_actions: Callable[[State], list[tuple[Any, ...]]]
    step: Callable[[State, Any], State]
    key: Callable[[Any], frozenset[Any]]
    rules: dict[str, RuleVersion]
    pm: pluggy.PluginManager | None = None


_INSTALLED: list[_Installed] = []


def install(rules: RuleVersion, pm: pluggy.PluginManager | None = None) -> None:
    """Make every python-mtg game of this process offer and play the split-card moves.

    Idempotent. ``rules`` becomes known by name to games whose state names it; ``pm`` (default:
    a manager with the installed plugins, built on first use) is the plugin manager of the moves.
    """
    import mtg
    from mtg.engine import env

    if not _INSTALLED:
        _INSTALLED.append(_Installed(env.legal_actions, env.step, mtg.Game.key, {}))
        env.legal_actions = legal_actions
        env.step = step
        mtg.Game.key = _game_key
    installed = _INSTALLED[0]
    installed.rules.setdefault(rules.name, rules)
    if pm is not None:
        installed.pm = pm


def _table(state: State) -> Table | None:
    name = state.get(keys.RULES)
    if not _INSTALLED or name is None:
        return None
    from splitcards.adapters.mtg.host import MtgHost

    installed = _INSTALLED[0]
    rules = installed.rules.get(name)
    if rules is None:
        from splitcards.versions import load_registry

        rules = installed.rules[name] = load_registry().get(name)
    if installed.pm is None:
        from splitcards.manager import make_plugin_manager

        installed.pm = make_plugin_manager()
    return Table(MtgHost._over(state, rules), rules, installed.pm)


def legal_actions(state: State) -> list[tuple[Any, ...]]:
    """The engine's legal actions plus the split-card moves, before ``("pass",)``."""
    from mtg.engine import env

    actions = _INSTALLED[0].legal_actions(state)
    table = _table(state)
    if table is None or env.is_terminal(state) or not state.get(keys.CARD_OF):
        return actions
    if env._step(state) not in ("precombat_main", "postcombat_main") and not state.get("_instant_speed"):
        return actions
    extra = _split_moves(table, state, env.to_move(state))
    if actions and actions[-1] == ("pass",):
        return [*actions[:-1], *extra, ("pass",)]
    return [*actions, *extra]


def _split_moves(table: Table, state: State, seat: str) -> list[tuple[Any, ...]]:
    from mtg.engine import env

    host = table.host
    player = host.player(seat)  # type: ignore[attr-defined]
    moves: list[tuple[Any, ...]] = []
    for obj, name in sorted(state[keys.CARD_OF].items()):
        card = facts.card_named(state, name)
        if not card.is_split:
            continue
        zone = zones.zone_of(state, obj)
        view = host.view(obj) if zone in (Zone.HAND, Zone.GRAVEYARD, Zone.BATTLEFIELD) else None
        if view is None:
            continue
        if zone in (Zone.HAND, Zone.GRAVEYARD) and view.owner is player:
            for option in table.castable(obj).value:
                probe = _cast_probe(state, seat, obj, option, zone)
                if probe is not None:
                    moves += [(CAST, seat, obj, option.value, choice) for choice in env._cast_choices(probe, obj)]
        elif zone is Zone.BATTLEFIELD and card.is_room and view.controller is player:
            for door in Side:
                if table.can_unlock(obj, door).value and _can_pay(state, seat, card.half(door).mana_cost):
                    moves.append((UNLOCK, seat, obj, door.value))
    return moves


def _cast_probe(state: State, seat: str, obj: str, option: CastOption, zone: Zone) -> State | None:
    """The state as if ``obj`` were that spell, if the engine agrees it can be cast (it pays
    attention to mana, targets and its own timing)."""
    from mtg import driver

    probe: State = driver.clone_state(state)
    card = facts.card_named(state, state[keys.CARD_OF][obj])
    facts.set_face(probe, obj, card, facts.cast_face(card, option))
    if zone is Zone.GRAVEYARD:
        probe["may_play"] = probe.get("may_play", set()) | {(seat, obj)}
    probe["has_priority"] = {(seat,)}
    if (seat, obj) in driver.run(probe, ["can_cast"])["can_cast"]:
        return probe
    return None


def _with_payment(state: State, seat: str, cost: ManaCost | None) -> str:
    generic, pips, value, _xs = facts.cost_facts(cost)
    state["in_hand"] = state.get("in_hand", set()) | {(seat, _PAYMENT)}
    state["spell_type"] = state.get("spell_type", set()) | {(_PAYMENT, "sorcery")}
    state["mana_cost"] = state.get("mana_cost", set()) | {(_PAYMENT, value)}
    state["mana_generic"] = state.get("mana_generic", set()) | {(_PAYMENT, generic)}
    state["mana_pip"] = state.get("mana_pip", set()) | {(_PAYMENT, c, n) for c, n in pips.items()}
    return _PAYMENT


def _without_payment(state: State, seat: str) -> None:
    state["in_hand"] = state["in_hand"] - {(seat, _PAYMENT)}
    for rel in ("spell_type", "mana_cost", "mana_generic", "mana_pip"):
        state[rel] = {r for r in state[rel] if r[0] != _PAYMENT}


def _can_pay(state: State, seat: str, cost: ManaCost | None) -> bool:
    """Whether ``seat`` can pay ``cost`` at sorcery speed now, as the engine sees it."""
    from mtg import driver

    probe: State = driver.clone_state(state)
    _with_payment(probe, seat, cost)
    probe["has_priority"] = {(seat,)}
    return (seat, _PAYMENT) in driver.run(probe, ["can_cast"])["can_cast"]


def _pay(state: State, seat: str, cost: ManaCost | None) -> None:
    from mtg import driver

    if cost is None or not cost.symbols:
        return
    _with_payment(state, seat, cost)
    with quiet():
        driver._spend_mana(state, seat, _PAYMENT)
    _without_payment(state, seat)


def step(state: State, action: Any) -> State:
    """Play one move: split-card moves here, every other kind by the engine."""
    from mtg import driver
    from mtg.engine import env

    raw = getattr(action, "raw", action)
    if raw[0] not in (CAST, UNLOCK):
        after = _INSTALLED[0].step(state, raw)
        # A timing set by hand (priority to the non-active player...) lasts until the next move.
        after.pop(keys.TIMING, None)
        return after
    new: State = driver.clone_state(state)
    new.pop(keys.TIMING, None)
    table = _table(new)
    if table is None:
        raise ValueError(f"{raw[0]} is a split-card move, but this game has no split-card rules")
    seat, obj = raw[1], raw[2]
    with quiet():
        if raw[0] == CAST:
            new["_forced"] = dict(raw[4])
            table.cast(obj, CastOption(raw[3]))
            _pay(new, seat, table.last_cost)
            _resolve_stack(table, new, seat)
            new["_forced"] = {}
        else:
            view = table.host.view(obj)
            table.unlock(obj, Side(raw[3]))
            _pay(new, seat, view.card.half(Side(raw[3])).mana_cost)
        new[keys.EVENTS] = [*state.get(keys.EVENTS, []), *(e.as_dict() for e in table.events)]
        env._advance_to_decision(new)
    return new


def _resolve_stack(table: Table, state: State, active: str) -> None:
    # The engine's priority loop (driver._resolve_stack), with each resolution decided by the rules.
    from mtg import driver

    players = sorted(p for (p,) in state["is_player"])
    while zones.stack(state):
        if any(p != active and driver._cast_instant_response(state, p) for p in players):
            continue
        table.resolve()
    state["has_priority"] = set()


def _game_key(game: Any) -> frozenset[Any]:
    """``Game.key()`` plus the zones and split-card state the engine keeps outside its relations."""
    state = game.state
    key = _INSTALLED[0].key(game)
    extra = set()
    for name in _KEYED:
        value = state.get(name)
        if value:
            rows = frozenset(value.items()) if isinstance(value, dict) else frozenset(value)
            extra.add((name, rows))
    return key | frozenset(extra)
