"""The JSON forms of the contract's types, read and written from the types themselves.

Each contract type (:class:`~splitcards.rules.card.Card`, :class:`~splitcards.rules.model.ObjectView`,
:class:`~splitcards.rules.model.SpellFacts`, :class:`~splitcards.rules.actions.Resolution`...) is a
frozen dataclass; its JSON form is an object with one key per field, named as the field. So the
forms cannot drift from the types: a field added to a type is a key added to its form, and
:func:`schema_of` writes the JSON Schema from the same annotations.

* an enum is its value (``"hand"``, ``"p1"``, ``"left"``); a mana cost is its printed text
  (``"{3}{R}"``); a tuple is an array, a frozenset an array in any order;
* a field with a default may be left out, and then has its default (the schema's ``default``), and a
  key the type does not have is ignored, so that a later minor version of the protocol can add
  fields (docs/protocol.md).

What an engine sends is read strictly otherwise: :class:`FormError` names the path of the first
value that is not of its field's type (``result.card.halves[0].mana_cost``).
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import inspect
import itertools
import re
import textwrap
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any, TypeVar

from splitcards.rules.card import Card, Target
from splitcards.rules.mana import ManaCost

T = TypeVar("T")
JSON = Any
"""A value as ``json.loads`` gives it."""


class FormError(ValueError):
    """A JSON value that is not the form of the type asked for: names its path."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


def fields_of(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    """A dataclass's fields that its constructor takes: name, resolved type, whether required."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = _fields(cls)
    return found


_FIELDS: dict[type, tuple[tuple[str, Any, bool], ...]] = {}


def _rules_names() -> dict[str, Any]:
    import sys

    found: dict[str, Any] = {}
    for name, module in list(sys.modules.items()):
        if name.startswith("splitcards.rules.") and module is not None:
            found.update({k: v for k, v in vars(module).items() if isinstance(v, type)})
    return found


def _fields(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    try:
        hints = typing.get_type_hints(cls)
    except NameError:
        # A type its module imports for type checkers only, so as to load it late (a cost
        # effect's Condition): looked up among the rules' modules loaded by now.
        hints = typing.get_type_hints(cls, localns=_rules_names())
    out = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        out.append((f.name, hints[f.name], required))
    return tuple(out)


# -- writing -------------------------------------------------------------------------------------


def encode(value: Any) -> JSON:
    """The JSON form of a contract value (see the module's description)."""
    kind = type(value)
    if kind in _AS_IS:
        return value
    writer = _WRITERS.get(kind)
    if writer is None:
        # Found once per type: a form is written by its type's writer from then on.
        writer = _WRITERS[kind] = _writer(kind)
    return writer(value)


_AS_IS = frozenset({str, int, bool, type(None)})
_WRITERS: dict[type, Callable[[Any], JSON]] = {}
_CARD_FORMS: dict[Card | Target, JSON] = {}
_CARD_FORMS_KEPT = 10_000


def _writer(kind: type) -> Callable[[Any], JSON]:
    """How a value of ``kind`` is written (a subclass of ``str``, ``int`` or ``bool`` that is no
    enum is its plain value)."""
    if issubclass(kind, Enum):
        return _enum_value
    if issubclass(kind, bool | int | str):
        return _plain
    if issubclass(kind, ManaCost):
        return str
    if issubclass(kind, tuple | list):
        return _array
    if issubclass(kind, frozenset):
        return _set
    if dataclasses.is_dataclass(kind):
        names = tuple(name for name, _, _ in fields_of(kind))
        if issubclass(kind, Card | Target):
            return functools.partial(_kept, names)
        return functools.partial(_object, names)
    raise TypeError(f"no JSON form for {kind.__name__}")


def _enum_value(value: Enum) -> JSON:
    return value.value


def _plain(value: bool | int | str) -> JSON:
    return bool(value) if isinstance(value, bool) else int(value) if isinstance(value, int) else str(value)


def _array(value: tuple[Any, ...] | list[Any]) -> JSON:
    return [encode(item) for item in value]


def _set(value: frozenset[Any]) -> JSON:
    return sorted(encode(item) for item in value)


def _object(names: tuple[str, ...], value: Any) -> JSON:
    return {name: encode(getattr(value, name)) for name in names}


def _kept(names: tuple[str, ...], value: Card | Target) -> JSON:
    # A card is immutable and sent in every view of it, a target phrase in every answer about
    # casting its card: each form is made once. The forms are shared, so whoever receives one
    # must not change it (json.dumps only reads it).
    form = _CARD_FORMS.get(value)
    if form is None:
        if len(_CARD_FORMS) >= _CARD_FORMS_KEPT:
            _CARD_FORMS.clear()
        form = _CARD_FORMS[value] = _object(names, value)
    return form


# -- reading -------------------------------------------------------------------------------------


class Reader:
    """Reads JSON forms back into contract values.

    A card an engine echoes back (in every view) is usually one it was given: the reader keeps
    the forms it has read or written by card name, and a form equal to a known one is that card,
    without being read again field by field.
    """

    def __init__(self) -> None:
        self._cards: dict[str, list[tuple[JSON, Card]]] = {}

    def remember(self, card: Card, form: JSON) -> None:
        """Know ``form`` as the JSON form of ``card``."""
        known = self._cards.setdefault(card.name, [])
        if not any(seen is card for _, seen in known):
            known.append((form, card))

    def read(self, tp: Any, data: JSON, path: str) -> Any:
        """The value of type ``tp`` whose JSON form is ``data``; :class:`FormError` otherwise."""
        if tp is Card and isinstance(data, dict):
            name = data.get("name")
            for form, card in self._cards.get(name, ()) if isinstance(name, str) else ():
                if form == data:
                    return card
            card = self._read(tp, data, path)
            self.remember(card, data)
            return card
        return self._read(tp, data, path)

    def _read(self, tp: Any, data: JSON, path: str) -> Any:
        origin = typing.get_origin(tp)
        if origin is types.UnionType or origin is typing.Union:
            options = typing.get_args(tp)
            if data is None and type(None) in options:
                return None
            (inner,) = [o for o in options if o is not type(None)]
            return self.read(inner, data, path)
        if origin is tuple or origin is frozenset:
            if not isinstance(data, list):
                raise FormError(path, f"expected an array, got {_kind(data)}")
            fixed = _fixed(tp)
            if fixed is not None:
                # A pair such as a comparison's (op, value): each place has its own type.
                if len(data) != len(fixed):
                    raise FormError(path, f"expected an array of {len(fixed)} items, got {len(data)}")
                places = enumerate(zip(fixed, data, strict=True))
                return tuple(self.read(t, item, f"{path}[{i}]") for i, (t, item) in places)
            (inner, *_) = typing.get_args(tp)
            items = [self.read(inner, item, f"{path}[{i}]") for i, item in enumerate(data)]
            return tuple(items) if origin is tuple else frozenset(items)
        if isinstance(tp, type) and issubclass(tp, Enum):
            if not isinstance(data, str) or data not in tp._value2member_map_:
                allowed = ", ".join(str(m.value) for m in tp)
                raise FormError(path, f"expected one of {allowed}, got {_shown(data)}")
            return tp(data)
        reader = _SCALARS.get(tp)
        if reader is not None:
            return reader(data, path)
        if dataclasses.is_dataclass(tp) and isinstance(tp, type):
            return self._read_object(tp, data, path)
        raise TypeError(f"no JSON form for {tp!r}")

    def _read_object(self, cls: type[T], data: JSON, path: str) -> T:
        if not isinstance(data, dict):
            raise FormError(path, f"expected an object ({cls.__name__}), got {_kind(data)}")
        given: dict[str, Any] = {}
        for name, tp, required in fields_of(cls):
            if name in data:
                given[name] = self.read(tp, data[name], f"{path}.{name}")
            elif required:
                raise FormError(path, f"missing {name!r} ({cls.__name__})")
        try:
            return cls(**given)
        except (TypeError, ValueError) as exc:
            raise FormError(path, f"not a {cls.__name__}: {exc}") from None


def _read_str(data: JSON, path: str) -> str:
    if not isinstance(data, str):
        raise FormError(path, f"expected a string, got {_kind(data)}")
    return data


def _read_int(data: JSON, path: str) -> int:
    if not isinstance(data, int) or isinstance(data, bool):
        raise FormError(path, f"expected an integer, got {_kind(data)}")
    return data


def _read_bool(data: JSON, path: str) -> bool:
    if not isinstance(data, bool):
        raise FormError(path, f"expected true or false, got {_kind(data)}")
    return data


def _read_cost(data: JSON, path: str) -> ManaCost:
    try:
        return ManaCost.parse(_read_str(data, path))
    except ValueError as exc:
        raise FormError(path, str(exc)) from None


_SCALARS: dict[Any, Callable[[JSON, str], Any]] = {
    str: _read_str,
    int: _read_int,
    bool: _read_bool,
    ManaCost: _read_cost,
}


def _fixed(tp: Any) -> tuple[Any, ...] | None:
    """The types of a fixed-length tuple's places (``tuple[str, int]``); ``None`` for any other type."""
    if typing.get_origin(tp) is not tuple:
        return None
    args = typing.get_args(tp)
    return None if len(args) == 2 and args[1] is Ellipsis else args


def _kind(data: JSON) -> str:
    if data is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "an array"}.get(
        type(data), "an object"
    ) + (f" {_shown(data)}" if isinstance(data, int | float | str) and not isinstance(data, bool) else "")


def _shown(data: JSON) -> str:
    text = repr(data)
    return text if len(text) <= 60 else text[:57] + "..."


# -- schemas -------------------------------------------------------------------------------------


def schema_of(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a type's form; each dataclass and enum goes into
    ``defs`` once, under its class name, and is referred to as ``#/$defs/Name``."""
    origin = typing.get_origin(tp)
    if origin is types.UnionType or origin is typing.Union:
        return {"anyOf": [schema_of(option, defs) for option in typing.get_args(tp)]}
    if tp is type(None):
        return {"type": "null"}
    fixed = _fixed(tp)
    if fixed is not None:
        places = [schema_of(t, defs) for t in fixed]
        return {"type": "array", "prefixItems": places, "minItems": len(places), "maxItems": len(places)}
    if origin is tuple or origin is frozenset:
        items = schema_of(typing.get_args(tp)[0], defs)
        return {"type": "array", "items": items, **({"uniqueItems": True} if origin is frozenset else {})}
    scalar = {str: "string", int: "integer", bool: "boolean"}.get(tp)
    if scalar is not None:
        return {"type": scalar}
    if tp is ManaCost:
        return {
            "type": "string",
            "description": "a mana cost as printed, in braces: {3}{R}",
            "pattern": r"^(\{[^{}]+\})*$",
        }
    if isinstance(tp, type) and (issubclass(tp, Enum) or dataclasses.is_dataclass(tp)):
        name = tp.__name__
        if name not in defs:
            defs[name] = {}  # taken before the fields are read: a type may refer to itself
            defs[name] = _definition(tp, defs)
        return {"$ref": f"#/$defs/{name}"}
    raise TypeError(f"no JSON form for {tp!r}")


def _definition(tp: type, defs: dict[str, Any]) -> dict[str, Any]:
    described = _described(inspect.cleandoc(tp.__doc__ or "").split("\n\n")[0])
    if issubclass(tp, Enum):
        return {"enum": [m.value for m in tp], "description": described}
    docs = _field_docs(tp)
    defaults = {f.name: f for f in dataclasses.fields(typing.cast(Any, tp))}
    properties: dict[str, Any] = {}
    for name, ftp, required in fields_of(tp):
        found = schema_of(ftp, defs)
        extra: dict[str, Any] = {}
        if name in docs:
            extra["description"] = _described(docs[name])
        if not required:
            extra["default"] = _default(defaults[name])
        # A reference with siblings is kept whole: 2020-12 reads the siblings beside the $ref.
        properties[name] = {**found, **extra}
    return {
        "type": "object",
        "description": described,
        "properties": properties,
        "required": [name for name, _, required in fields_of(tp) if required],
    }


def _default(f: dataclasses.Field[Any]) -> JSON:
    """The JSON form of what a field left out is read as."""
    if f.default_factory is not dataclasses.MISSING:
        return encode(f.default_factory())
    return encode(f.default)


def _field_docs(cls: type) -> dict[str, str]:
    """A dataclass's field docstrings (the string after each field in its class body), by field name;
    none when its source can't be read."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError, SyntaxError):
        return {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    found: dict[str, str] = {}
    for node, after in itertools.pairwise(body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            found[node.target.id] = inspect.cleandoc(after.value.value)
    return found


_ROLE = re.compile(r":[a-z]+:`(~?)([\w.]+)`")
_JSON_WORDS = {"`None`": "`null`", "`True`": "`true`", "`False`": "`false`"}


def _described(doc: str) -> str:
    """A docstring as one line of a schema's description, in the words of JSON: a role as the name it
    shows, a ``literal`` in single backquotes, ``None`` as ``null``."""
    text = _ROLE.sub(lambda m: f"`{m[2].rsplit('.', 1)[-1] if m[1] else m[2]}`", doc).replace("``", "`")
    for python, json in _JSON_WORDS.items():
        text = text.replace(python, json)
    return " ".join(text.split())
