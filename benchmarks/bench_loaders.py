"""Measure loading a whole card pool: 35,000 cards as an MTGJSON ``AtomicCards.json`` and as a
Scryfall bulk list (``oracle-cards.json``), generated here in the shape of the real files, with
their mix of layouts.

Run: ``python benchmarks/bench_loaders.py``. For each file and each JSON parser installed (the
standard library's, and orjson with ``splitcards[fast]``) it prints the seconds of the parse
alone, of the file read as a load reads it (:func:`~splitcards.cards.loaders.read_json`: the
bounded read, the parse and the check that no object gives a key twice), of a full load and of a
load of the split cards only (``only=SPLIT_CARDS``), the read and the full load against the parse
alone, and the peak memory of each (tracemalloc, measured in separate runs):
tracemalloc counts the whole buffer orjson reserves for a document, most of which the process
never touches, so orjson's peak there is about three times its peak resident memory, which is
about the json module's. Prints figures measured in this run; nothing asserts on them. Targets: a
full load at most twice the parse alone, and at most 2 s.
"""

from __future__ import annotations

import gc
import importlib
import itertools
import json
import random
import sys
import tempfile
import time
import tracemalloc
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

from splitcards.cards import loaders
from splitcards.cards.cardpool import SPLIT_CARDS, CardPool, gc_paused, kind
from splitcards.cards.loaders import load_mtgjson_file, load_scryfall_file

CARDS = 35_000
# The mix of layouts of the real pool (other layouts, then normal for the rest of the 35,000).
LAYOUTS = {
    "transform": 800,
    "planar": 207,
    "saga": 168,
    "adventure": 160,
    "split": 100,  # of which ROOMS are Rooms
    "aftermath": 40,
    "vanguard": 107,
    "scheme": 102,
    "modal_dfc": 100,
    "reversible_card": 70,
    "class": 38,
    "mutate": 34,
    "leveler": 26,
    "flip": 21,
    "prototype": 21,
    "meld": 21,
    "host": 20,
    "case": 15,
    "augment": 14,
}
ROOMS = 10
TWO_FACED = {"transform", "modal_dfc", "adventure", "flip", "meld", "reversible_card", "split", "aftermath"}
TYPES = [
    ("Creature", 45),
    ("Instant", 12),
    ("Sorcery", 12),
    ("Enchantment", 11),
    ("Artifact", 10),
    ("Land", 7),
    ("Planeswalker", 3),
]
LINES = [
    "Flying",
    "Trample",
    "Vigilance, haste",
    "Deathtouch (Any amount of damage this deals to a creature is enough to destroy it.)",
    "When this creature enters, draw a card.",
    "When this creature enters, target opponent loses 2 life and you gain 2 life.",
    "{T}: Add one mana of any color.",
    "{2}, {T}, Sacrifice this artifact: Destroy target artifact or enchantment.",
    "Destroy target creature. Its controller loses 2 life.",
    "This spell deals 3 damage to any target.",
    "Target player draws two cards, then discards a card.",
    "Counter target spell unless its controller pays {3}.",
    "Creatures you control get +1/+1 until end of turn.",
    "Whenever you cast an instant or sorcery spell, scry 1.",
    "Return up to one target creature card from your graveyard to your hand.",
    "At the beginning of your upkeep, you may pay {1}. If you don't, sacrifice this enchantment.",
    "Ward {2} (Whenever this creature becomes the target of a spell or ability an opponent controls, "
    "counter it unless that player pays {2}.)",
    "Exile target nonland permanent an opponent controls until this enchantment leaves the battlefield.",
]
WORDS = [
    "Ancient",
    "Blazing",
    "Silent",
    "Hollow",
    "Grim",
    "Verdant",
    "Storm",
    "Iron",
    "Shadow",
    "Gilded",
    "Feral",
    "Lunar",
    "Ashen",
    "Crimson",
    "Frozen",
    "Wandering",
    "Sacred",
    "Broken",
    "Howling",
    "Radiant",
    "Sunken",
    "Thorn",
    "Ember",
    "Vast",
    "Bitter",
    "Mystic",
    "Savage",
    "Pale",
    "Golden",
    "Dread",
]
NOUNS = [
    "Oracle",
    "Drake",
    "Sentinel",
    "Reckoning",
    "Harvest",
    "Wurm",
    "Archive",
    "Tide",
    "Rebuke",
    "Covenant",
    "Beacon",
    "Marauder",
    "Vision",
    "Bargain",
    "Chorus",
    "Warden",
    "Spire",
    "Pact",
    "Hunger",
    "Charm",
    "Rite",
    "Colossus",
    "Familiar",
    "Bloom",
    "Vengeance",
    "Titan",
    "Mirror",
    "Echo",
    "Lantern",
    "Gate",
]
PLACES = [
    "the Vale",
    "the Deep",
    "Ravnica",
    "the Wastes",
    "Ages",
    "Dusk",
    "the Sea",
    "Embers",
    "Ruin",
    "the Storm",
    "Night",
    "Thorns",
]
LANGUAGES = [
    "German",
    "Spanish",
    "French",
    "Italian",
    "Japanese",
    "Portuguese (Brazil)",
    "Russian",
    "Chinese Simplified",
]
FORMATS = [
    "alchemy",
    "brawl",
    "commander",
    "duel",
    "explorer",
    "future",
    "gladiator",
    "historic",
    "legacy",
    "modern",
    "oathbreaker",
    "oldschool",
    "pauper",
    "paupercommander",
    "penny",
    "pioneer",
    "predh",
    "premodern",
    "standard",
    "standardbrawl",
    "timeless",
    "vintage",
]


def names(count: int) -> list[str]:
    """``count`` distinct card names."""
    forms = itertools.chain(
        (f"{a} {n}" for a in WORDS for n in NOUNS),
        (f"{a} {n} of {p}" for p in PLACES for a in WORDS for n in NOUNS),
        (f"{a} {b} {n}" for a in WORDS for b in WORDS if a != b for n in NOUNS),
        (f"{a} {n}'s {m}" for a in WORDS for n in NOUNS for m in NOUNS if m != n),
    )
    return list(itertools.islice(forms, count))


class Generator:
    """Cards in the shape of the real files, the same cards for MTGJSON and for Scryfall."""

    def __init__(self) -> None:
        self.rng = random.Random(20241)
        self.names = names(CARDS + 3 * sum(LAYOUTS.values()))
        self.next_name = 0

    def name(self) -> str:
        self.next_name += 1
        return self.names[self.next_name - 1]

    def uuid(self) -> str:
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def face(self, card_type: str | None = None) -> dict[str, Any]:
        rng = self.rng
        card_type = card_type or rng.choices([t for t, _ in TYPES], [w for _, w in TYPES])[0]
        colors = sorted(set(rng.choices("WUBRG", k=rng.choice((1, 1, 1, 2)))), key="WUBRG".index)
        if card_type == "Land":
            cost, colors = "", []
        else:
            generic = rng.choice((0, 1, 1, 2, 2, 3, 4, 5))
            cost = (f"{{{generic}}}" if generic else "") + "".join(f"{{{c}}}" for c in colors)
            if rng.random() < 0.05:
                cost = "{X}" + cost
        subtypes = [rng.choice(("Human", "Elf", "Dragon", "Zombie", "Wizard"))] if card_type == "Creature" else []
        text = "\n".join(rng.sample(LINES, rng.choice((1, 2, 2, 3))))
        return {
            "name": self.name(),
            "cost": cost,
            "colors": colors,
            "type": card_type,
            "subtypes": subtypes,
            "text": text,
        }

    def card(self, layout: str, room: bool = False) -> list[dict[str, Any]]:
        if layout in ("split", "aftermath"):
            kind = "Enchantment" if room else self.rng.choice(("Instant", "Sorcery"))
            faces = [self.face(kind), self.face(kind)]
            if room:
                for f in faces:
                    f["subtypes"] = ["Room"]
            if layout == "aftermath":
                faces[1]["text"] = (
                    "Aftermath (Cast this spell only from your graveyard. Then exile it.)\n" + faces[1]["text"]
                )
            return faces
        if layout in TWO_FACED:
            return [self.face(), self.face()]
        return [self.face()]

    def pool(self) -> list[tuple[str, list[dict[str, Any]]]]:
        cards = [(layout, self.card(layout)) for layout, n in LAYOUTS.items() for _ in range(n)]
        cards += [("split", self.card("split", room=True)) for _ in range(ROOMS)]
        five = [self.face("Instant") for _ in range(5)]
        cards.append(("split", five))
        cards += [("normal", self.card("normal")) for _ in range(CARDS - len(cards))]
        self.rng.shuffle(cards)
        return cards

    # -- MTGJSON ---------------------------------------------------------------------------

    def atomic(self, cards: list[tuple[str, list[dict[str, Any]]]]) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for layout, faces in cards:
            full = " // ".join(f["name"] for f in faces)
            oracle_id = self.uuid()
            identity = sorted({c for f in faces for c in f["colors"]}, key="WUBRG".index)
            entries = []
            for i, f in enumerate(faces):
                entry = self.mtgjson_face(f, full, layout, identity, oracle_id)
                if len(faces) > 1:
                    entry.update(faceName=f["name"], side="abcde"[i], faceManaValue=float(mana_value(f["cost"])))
                entries.append(entry)
            data[full] = entries
        return {"meta": {"date": "2024-11-01", "version": "5.2.2+20241101"}, "data": data}

    def mtgjson_face(
        self, f: dict[str, Any], full: str, layout: str, identity: list[str], oracle_id: str
    ) -> dict[str, Any]:
        rng = self.rng
        type_line = f["type"] + (" — " + " ".join(f["subtypes"]) if f["subtypes"] else "")
        face: dict[str, Any] = {
            "colorIdentity": identity,
            "colors": f["colors"],
            "convertedManaCost": float(mana_value(f["cost"])),
            "edhrecRank": rng.randrange(1, 30000),
            "edhrecSaltiness": round(rng.random(), 2),
            "firstPrinting": rng.choice(("LEA", "ICE", "MIR", "TMP", "INV", "ODY", "ONS", "MRD", "CHK", "RAV")),
            "foreignData": [
                {
                    "faceName": f["name"],
                    "identifiers": {"multiverseId": str(rng.randrange(10**6)), "scryfallId": self.uuid()},
                    "language": language,
                    "name": f["name"][::-1],
                    "text": f["text"][::-1],
                    "type": type_line[::-1],
                }
                for language in rng.sample(LANGUAGES, rng.choice((0, 2, 4, 6, 8)))
            ],
            "identifiers": {"scryfallOracleId": oracle_id},
            "keywords": [w for w in ("Flying", "Trample", "Deathtouch", "Ward", "Aftermath") if w in f["text"]],
            "layout": layout,
            "leadershipSkills": {"brawl": False, "commander": False, "oathbreaker": False},
            "legalities": {
                fmt: rng.choice(("Legal", "Legal", "Banned", "Restricted")) for fmt in rng.sample(FORMATS, 16)
            },
            "manaCost": f["cost"],
            "manaValue": float(mana_value(f["cost"])),
            "name": full,
            "printings": rng.sample(["LEA", "2ED", "M10", "M11", "A25", "MH2", "DMU", "ONE", "MOM", "WOE"], 4),
            "purchaseUrls": {
                shop: f"https://mtgjson.com/links/{rng.getrandbits(64):016x}"
                for shop in ("cardKingdom", "cardKingdomFoil", "cardmarket", "tcgplayer")
            },
            "rulings": [
                {"date": "2021-03-19", "text": rng.choice(LINES) + " " + rng.choice(LINES)}
                for _ in range(rng.choice((0, 1, 2, 3)))
            ],
            "subtypes": f["subtypes"],
            "supertypes": [],
            "text": f["text"],
            "type": type_line,
            "types": [f["type"]],
        }
        if f["type"] == "Creature":
            face.update(power=str(rng.randrange(6)), toughness=str(rng.randrange(1, 7)))
        return face

    # -- Scryfall --------------------------------------------------------------------------

    def bulk(self, cards: list[tuple[str, list[dict[str, Any]]]]) -> list[dict[str, Any]]:
        out = []
        for layout, faces in cards:
            if layout == "meld":  # each meld part is its own object
                out += [self.scryfall_card([f], "meld") for f in faces]
                continue
            out.append(self.scryfall_card(faces, "split" if layout == "aftermath" else layout))
        return out

    def scryfall_card(self, faces: list[dict[str, Any]], layout: str) -> dict[str, Any]:
        rng = self.rng
        card_id, set_code = self.uuid(), rng.choice(("mh2", "dmu", "one", "mom", "woe", "lci", "mkm", "otj"))
        images = {
            size: f"https://cards.scryfall.io/{size}/front/{card_id[0]}/{card_id[1]}/{card_id}.jpg?1690000000"
            for size in ("small", "normal", "large", "png", "art_crop", "border_crop")
        }
        colors = sorted({c for f in faces for c in f["colors"]}, key="WUBRG".index)
        card: dict[str, Any] = {
            "object": "card",
            "id": card_id,
            "oracle_id": self.uuid(),
            "multiverse_ids": [rng.randrange(10**6)],
            "mtgo_id": rng.randrange(10**5),
            "tcgplayer_id": rng.randrange(10**6),
            "cardmarket_id": rng.randrange(10**6),
            "name": " // ".join(f["name"] for f in faces),
            "lang": "en",
            "released_at": "2023-06-23",
            "uri": f"https://api.scryfall.com/cards/{card_id}",
            "scryfall_uri": f"https://scryfall.com/card/{set_code}/{rng.randrange(400)}?utm_source=api",
            "layout": layout,
            "highres_image": True,
            "image_status": "highres_scan",
            "image_uris": images,
            "cmc": float(sum(mana_value(f["cost"]) for f in faces)),
            "color_identity": colors,
            "keywords": [
                w
                for w in ("Flying", "Trample", "Deathtouch", "Ward", "Aftermath")
                if any(w in f["text"] for f in faces)
            ],
            "legalities": {fmt: rng.choice(("legal", "not_legal", "banned")) for fmt in FORMATS},
            "games": ["paper", "mtgo", "arena"],
            "reserved": False,
            "foil": True,
            "nonfoil": True,
            "finishes": ["nonfoil", "foil"],
            "oversized": False,
            "promo": False,
            "reprint": True,
            "variation": False,
            "set_id": self.uuid(),
            "set": set_code,
            "set_name": "Generated Set",
            "set_type": "expansion",
            "set_uri": f"https://api.scryfall.com/sets/{set_code}",
            "rulings_uri": f"https://api.scryfall.com/cards/{card_id}/rulings",
            "prints_search_uri": f"https://api.scryfall.com/cards/search?order=released&q=oracleid%3A{card_id}",
            "collector_number": str(rng.randrange(400)),
            "digital": False,
            "rarity": rng.choice(("common", "uncommon", "rare", "mythic")),
            "artist": "Generated Artist",
            "border_color": "black",
            "frame": "2015",
            "full_art": False,
            "textless": False,
            "booster": True,
            "edhrec_rank": rng.randrange(1, 30000),
            "prices": {"usd": "0.25", "usd_foil": "1.10", "eur": "0.20", "eur_foil": "0.90", "tix": "0.03"},
            "related_uris": {
                "gatherer": f"https://gatherer.wizards.com/Pages/Card/Details.aspx?multiverseid={rng.randrange(10**6)}",
                "edhrec": f"https://edhrec.com/route/?cc={faces[0]['name'].replace(' ', '+')}",
            },
            "purchase_uris": {
                "tcgplayer": f"https://www.tcgplayer.com/product/{rng.randrange(10**6)}?page=1",
                "cardmarket": f"https://www.cardmarket.com/en/Magic/Products/Search?searchString={faces[0]['name']}",
                "cardhoarder": "https://www.cardhoarder.com/cards/12345",
            },
        }
        scry_faces = []
        for f in faces:
            type_line = f["type"] + (" — " + " ".join(f["subtypes"]) if f["subtypes"] else "")
            scry_faces.append(
                {
                    "object": "card_face",
                    "name": f["name"],
                    "mana_cost": f["cost"],
                    "type_line": type_line,
                    "oracle_text": f["text"],
                }
            )
        if len(faces) == 1:
            card.update({k: v for k, v in scry_faces[0].items() if k not in ("object", "name")}, colors=colors)
        else:
            card["type_line"] = " // ".join(f["type_line"] for f in scry_faces)
            if layout in ("split", "flip", "adventure"):
                card.update(mana_cost=" // ".join(f["cost"] for f in faces), colors=colors)
            else:  # double-faced: colors on each face
                for scry, f in zip(scry_faces, faces, strict=True):
                    scry["colors"] = f["colors"]
            card["card_faces"] = scry_faces
        return card


def mana_value(cost: str) -> int:
    symbols = cost.replace("}", "").split("{")[1:]
    return sum(int(s) if s.isdigit() else 0 if s == "X" else 1 for s in symbols)


class Seconds(NamedTuple):
    """The best of a few runs: wall-clock seconds, and seconds of this process on a CPU (the
    figure to compare on a machine shared with other work)."""

    wall: float
    cpu: float

    def __str__(self) -> str:
        return f"{self.wall:.2f} s (CPU {self.cpu:.2f} s)"


def best_of(repeat: int, run: Callable[[], object]) -> Seconds:
    times = []
    for _ in range(repeat):
        gc.collect()
        wall, cpu = time.perf_counter(), time.process_time()
        run()
        times.append(Seconds(time.perf_counter() - wall, time.process_time() - cpu))
    return Seconds(min(t.wall for t in times), min(t.cpu for t in times))


def peak_mib(run: Callable[[], object]) -> float:
    gc.collect()
    tracemalloc.start()
    run()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


@contextmanager
def parser(name: str) -> Iterator[None]:
    """Load files with this parser: orjson if installed, or the json module as if it were not."""
    if name == "json":
        sys.modules["orjson"] = None  # type: ignore[assignment]  # then importing orjson fails
    loaders._json_parser.cache_clear()
    try:
        yield
    finally:
        if sys.modules.get("orjson", 0) is None:
            del sys.modules["orjson"]
        loaders._json_parser.cache_clear()


def measure(label: str, path: Path, load: Callable[..., CardPool], parsers: dict[str, Callable[[bytes], Any]]) -> None:
    size = path.stat().st_size / 2**20
    pool = load(path)
    kinds = Counter(kind(card) for card in pool.cards.values())
    print(f"\n{label}: {size:.0f} MiB, {len(pool.cards)} cards kept, {len(pool.skipped)} skipped")
    print("  " + ", ".join(f"{n} {k}" for k, n in kinds.most_common()))
    del pool
    for name, loads in parsers.items():

        def parse(loads: Callable[[bytes], Any] = loads) -> Any:
            return loads(path.read_bytes())

        def parse_paused(loads: Callable[[bytes], Any] = loads) -> Any:
            with gc_paused():
                return loads(path.read_bytes())

        def read_paused() -> Any:
            with gc_paused():
                return loaders.read_json(path)

        with parser(name):
            plain = best_of(3, parse)
            paused = best_of(3, parse_paused)
            checked = best_of(3, read_paused)
            full = best_of(3, partial(load, path))
            split = best_of(3, partial(load, path, only=SPLIT_CARDS))
            parse_mem = peak_mib(parse)
            full_mem = peak_mib(partial(load, path))
        print(
            f"  {name}: parse alone {plain} ({paused} with the cycle collector paused)\n"
            f"    read_json {checked}, the repeated-key check included: {checked.wall / paused.wall:.2f}x "
            f"the parse alone with the collector paused (CPU {checked.cpu / paused.cpu:.2f}x)\n"
            f"    full load {full}: {full.wall / plain.wall:.2f}x the parse alone "
            f"(CPU {full.cpu / plain.cpu:.2f}x); split cards only {split}\n"
            f"    peak memory (tracemalloc): parse {parse_mem:.0f} MiB, full load {full_mem:.0f} MiB"
        )


def main() -> None:
    parsers: dict[str, Callable[[bytes], Any]] = {"json": json.loads}
    try:
        parsers["orjson"] = importlib.import_module("orjson").loads
    except ImportError:
        print("orjson is not installed (pip install 'splitcards[fast]'): measuring the json module only")
    generator = Generator()
    cards = generator.pool()
    with tempfile.TemporaryDirectory() as tmp:
        atomic = Path(tmp, "AtomicCards.json")
        atomic.write_text(json.dumps(generator.atomic(cards), ensure_ascii=False), encoding="utf-8")
        bulk = Path(tmp, "oracle-cards.json")
        bulk.write_text(json.dumps(generator.bulk(cards), ensure_ascii=False), encoding="utf-8")
        del cards
        measure("MTGJSON AtomicCards.json", atomic, load_mtgjson_file, parsers)
        measure("Scryfall oracle-cards.json", bulk, load_scryfall_file, parsers)


if __name__ == "__main__":
    main()
