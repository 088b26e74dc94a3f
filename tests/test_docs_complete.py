"""The public API is documented and in the reference: every name of ``splitcards.__all__`` and of
the pytest kit has a docstring, so do its public fields, enum members and methods, each method
names its parameters, and a ``:::`` directive of docs/reference/ renders it.

The package is read as the reference reads it: with griffe, from the sources laid out by
docs/extensions/sources.py, through docs/extensions/griffe_splitcards.py.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import griffe
import pytest

import splitcards

ROOT = Path(__file__).parents[1]
REFERENCE = ROOT / "docs" / "reference"
EXTENSION = ROOT / "docs" / "extensions" / "griffe_splitcards.py"

# The pytest kit's public names: its contract tests and the fixtures a suite may give itself.
KIT = (
    "splitcards.tools.testing.contract.HostContract",
    "splitcards.tools.testing.contract.POOL",
    "splitcards.tools.testing.plugin.splitcards_host",
    "splitcards.tools.testing.plugin.splitcards_registry",
    "splitcards.tools.testing.plugin.splitcards_cards",
)
# The types the public names take or return that live at a path of their own (the Table's cast
# order and snapshot, a card's splice and targets, a cost's symbols, an AI host).
ALSO = (
    "splitcards.game.table.CastOrder",
    "splitcards.game.table.state.Snapshot",
    "splitcards.rules.card.Splice",
    "splitcards.rules.card.Target",
    "splitcards.rules.mana.ManaSymbol",
    "splitcards.game.contract.aihost.AIHost",
)
# Of the kit's classes, the tests themselves are not API: pytest lists them (--collect-only).
NOT_API = re.compile(r"^(_|test_)")
DIRECTIVE = re.compile(r"^::: ([\w.]+)$", re.MULTILINE)
ROLE = re.compile(r":(?:py:)?[a-z]+:`")
FIELD_IN_DOCSTRING = re.compile(r"^\s*:(?:ivar|cvar|var) ", re.MULTILINE)


def _sources_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_sources", ROOT / "docs" / "extensions" / "sources.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> griffe.Module:
    into = _sources_module().lay_out(ROOT, tmp_path_factory.mktemp("sources"))
    extensions = griffe.load_extensions(f"{EXTENSION}:SplitcardsDocstrings")
    loaded = griffe.load(
        "splitcards", search_paths=[into], docstring_parser="sphinx", extensions=extensions, resolve_aliases=True
    )
    assert isinstance(loaded, griffe.Module)
    return loaded


def _get(package: griffe.Module, path: str) -> griffe.Object:
    found = package.modules_collection[path]
    target = found.final_target if isinstance(found, griffe.Alias) else found
    assert isinstance(target, griffe.Object), path
    return target


def _public_members(obj: griffe.Object) -> Iterator[griffe.Object]:
    """The members a page would show of ``obj``: a class's own and inherited ones (as the Table's
    page shows its queries), a module's public ones."""
    members = obj.all_members if isinstance(obj, griffe.Class) else obj.members
    for name, member in members.items():
        if NOT_API.match(name) or (obj.is_module and not member.is_public):
            continue
        if isinstance(member, griffe.Alias):
            if not member.inherited:
                continue  # an import: documented where it is defined
            target = member.final_target
            assert isinstance(target, griffe.Object)
            yield target
        else:
            yield member


def _public_names(package: griffe.Module) -> dict[str, griffe.Object]:
    names = {name: _get(package, ".".join(splitcards._held(name))) for name in splitcards._PUBLIC}
    names.update({path: _get(package, path) for path in (*KIT, *ALSO)})
    return names


def _documented(obj: griffe.Object) -> bool:
    return obj.docstring is not None and bool(obj.docstring.value.strip())


def _problems(obj: griffe.Object, shown: str) -> Iterator[str]:
    """What is missing from the documentation of ``obj`` (``shown`` by the name it is public under)."""
    text = obj.docstring.value if obj.docstring is not None else ""
    if not _documented(obj):
        yield f"{shown}: no docstring"
    if FIELD_IN_DOCSTRING.search(text):
        yield f"{shown}: a field described in the class docstring (give it a docstring of its own)"
    if ROLE.search(text):
        yield f"{shown}: a role the reference would show raw: {ROLE.search(text)}"
    # A fixture's parameters are the fixtures pytest gives it, no caller's; a method taking a
    # CastOrder's fields (``@takes_order``) has them described on CastOrder, which it names.
    decorators = (
        " ".join(str(decorator.value) for decorator in obj.decorators) if isinstance(obj, griffe.Function) else ""
    )
    if "takes_order" in decorators and "CastOrder" not in text:
        yield f"{shown}: its parameters are a CastOrder's fields, and it does not say so"
    if isinstance(obj, griffe.Function) and "fixture" not in decorators and "takes_order" not in decorators:
        for parameter in obj.parameters:
            if parameter.name in ("self", "cls") or parameter.kind in (
                griffe.ParameterKind.var_positional,
                griffe.ParameterKind.var_keyword,
            ):
                continue
            named = (f":param {parameter.name}:", f"``{parameter.name}``", f"`{parameter.name}`")
            if not any(form in text for form in named):
                yield f"{shown}: parameter {parameter.name!r} not described"
    if isinstance(obj, griffe.Class):
        for member in _public_members(obj):
            yield from _problems(member, f"{shown}.{member.name}")


def _rendered(package: griffe.Module) -> set[str]:
    """The paths of everything a ``:::`` directive of the reference renders, with their members."""
    found: set[str] = set()

    def add(obj: griffe.Object) -> None:
        if obj.path in found:
            return
        found.add(obj.path)
        for member in _public_members(obj):
            add(member)
        if obj.is_module:  # what a module exports from elsewhere is rendered there too
            for name, exported in obj.members.items():
                if isinstance(exported, griffe.Alias) and exported.is_public and not NOT_API.match(name):
                    target = exported.final_target
                    assert isinstance(target, griffe.Object)
                    add(target)

    for page in sorted(REFERENCE.glob("*.md")):
        for identifier in DIRECTIVE.findall(page.read_text(encoding="utf-8")):
            add(_get(package, identifier))
    return found


def test_every_public_name_is_documented(package: griffe.Module) -> None:
    problems = [problem for name, obj in _public_names(package).items() for problem in _problems(obj, name)]
    assert problems == []


def test_every_public_name_is_rendered_on_a_reference_page(package: griffe.Module) -> None:
    rendered = _rendered(package)
    assert sorted(name for name, obj in _public_names(package).items() if obj.path not in rendered) == []


def test_every_member_a_reference_page_shows_is_documented(package: griffe.Module) -> None:
    # A member without a docstring is left off its page (show_if_no_docstring: false): it must have one.
    assert [path for path in sorted(_rendered(package)) if not _documented(_get(package, path))] == []


def test_each_directive_of_the_reference_names_a_real_module_or_object(package: griffe.Module) -> None:
    for page in sorted(REFERENCE.glob("*.md")):
        for identifier in DIRECTIVE.findall(page.read_text(encoding="utf-8")):
            found = package.modules_collection[identifier]
            # A deprecated module left at an old path is not documented: the reference names the new one.
            assert not (found.docstring.value if found.docstring else "").startswith("Deprecated"), identifier


def test_the_kit_and_the_types_it_documents_import_from_their_paths() -> None:
    for path in (*KIT, *ALSO):
        module, _, name = path.rpartition(".")
        assert hasattr(importlib.import_module(module), name), path
