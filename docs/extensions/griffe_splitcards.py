"""Griffe extension for the API reference: the package's docstrings as the reader should see them.

* The docstrings cross-reference with Sphinx's roles (``:class:`~splitcards.errors.HostError```),
  which Markdown does not know: each becomes an optional cross-reference (a link where the
  target is on a page of the reference, its name in code where it is not), the name resolved in
  the docstring's scope as Python would.
* A method decorated ``@takes_order(CastOrder)`` is called with the fields of ``CastOrder`` as its
  parameters (its ``__signature__`` says so at run time); the reference shows that signature,
  not the one ``order`` parameter of its definition.
"""

from __future__ import annotations

import html
import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|mod|data|attr|exc|obj|const):`(~?)([\w.]+)(?:\(\))?`")
_TAKES = re.compile(r"^takes_order\((\w+)\)$")


def _identifier(obj: griffe.Object, name: str) -> str | None:
    """The full path of ``name`` as written in ``obj``'s docstring, or ``None``."""
    first, _, rest = name.partition(".")
    for scope in (obj, obj.parent):
        if scope is None:
            continue
        try:
            found = scope.resolve(first)
        except griffe.NameResolutionError:
            continue
        return f"{found}.{rest}" if rest else found
    return name if name.startswith("splitcards.") else None


def _linked(obj: griffe.Object, text: str) -> str:
    def link(match: re.Match[str]) -> str:
        short, name = match.groups()
        shown = name.rsplit(".", 1)[-1] if short else name
        identifier = _identifier(obj, name)
        if identifier is None:
            return f"`{shown}`"
        return f'<autoref identifier="{html.escape(identifier)}" optional><code>{html.escape(shown)}</code></autoref>'

    return _ROLE.sub(link, text)


def _objects(obj: griffe.Object) -> list[griffe.Object]:
    found = [obj]
    for member in obj.members.values():
        if not member.is_alias:
            found.extend(_objects(member))  # type: ignore[arg-type]
    return found


def _order_fields(function: griffe.Function, loader: griffe.GriffeLoader) -> None:
    for decorator in function.decorators:
        matched = _TAKES.match(str(decorator.value))
        if matched is None:
            continue
        order = loader.modules_collection[function.resolve(matched.group(1))]
        fields = [
            griffe.Parameter(
                member.name,
                annotation=member.annotation,
                kind=griffe.ParameterKind.positional_or_keyword,
                default=member.value,
            )
            for member in order.members.values()
            if member.is_attribute and not member.name.startswith("_")
        ]
        own = next(iter(function.parameters))
        function.parameters = griffe.Parameters(own, *fields)


class SplitcardsDocstrings(griffe.Extension):
    """What this module's description says, done once the package is loaded."""

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        for obj in _objects(pkg):
            if obj.docstring is not None:
                obj.docstring.value = _linked(obj, obj.docstring.value)
            if isinstance(obj, griffe.Function):
                _order_fields(obj, loader)
