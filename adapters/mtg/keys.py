"""The keys of the split-card state the adapter keeps in a python-mtg game state.

The engine evaluates only the relations its rules declare; these keys are not among them, so
they never reach its evaluator, while ``copy()``, ``serialize()`` and ``push``/``pop`` carry them
like any other part of the state. Values are replaced, never mutated in place: the engine's
state copies are one level deep.
"""

from __future__ import annotations

CARDS = "_split_cards"  # {card name: MTGJSON faces as JSON text}: the game's card pool
CARD_OF = "_split_card_of"  # {object: card name}: every object the adapter knows as a card
FACE = "_split_face"  # {object: face}: which characteristics the engine sees now
OWNER = "_split_owner"  # {object: "p1" | "p2"}
SPELL = "_split_spell"  # {object: encoded SpellFacts}: the adapter's spells on the stack
DOORS = "_split_doors"  # {(object, "left" | "right")}: unlocked designations
TOKENS = "_split_tokens"  # {(object,)}
COPIES = "_split_copies"  # {(object,)}
TIMING = "_split_timing"  # {"priority": "p1" | "p2", "stack_empty": bool}: timing the engine has no fact for
RULES = "_split_rules"  # the rule version's name
SEATS = "_split_seats"  # {"p1": engine seat, "p2": engine seat}
SEQ = "_split_seq"  # the last object number handed out
EVENTS = "_split_events"  # [event dicts]: what the plugin reported for the split-card moves
NAMES = "_split_names"  # {engine card id: printed name}: the names of the faces the adapter wrote
CHOICES = "_split_choices"  # {object: {"mode": ..., "target": ...}}: a spell's sub-choices, until it resolves
