"""For a scenario's ``generator.py``: drawing a world from its seed.

A generator is ``generate(seed) -> World`` (``green_agent.scenarios.World``). World 0 is the folder's own files,
byte for byte (a test holds every generator to it), so a generator starts from world 0's content and, for any other
seed, draws what changes: people, companies, times, amounts, which slot is free, which mail is urgent and when it
arrives. The oracle's plan (``World.solution``) and the evaluators' ground truth (``World.truth``) are derived from
the same draw as the world, never written twice.

The helpers here are deterministic functions of their ``random.Random``: a world is reproducible from its seed.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from green_agent.scenario_spec import World

__all__ = ["FIRST_NAMES", "LAST_NAMES", "PEOPLE_FIRST_NAMES", "Person", "World", "draw", "fresh_people", "rewrite",
           "shuffled"]

T = TypeVar("T")

FIRST_NAMES = (
    "Ada", "Amara", "Anika", "Bea", "Bruno", "Caleb", "Chloe", "Dario", "Elif", "Emeka", "Farah", "Felix", "Greta",
    "Hana", "Hugo", "Ines", "Ivan", "Jasmin", "Joon", "Kofi", "Lara", "Leon", "Lucia", "Malik", "Mei", "Nadia",
    "Nico", "Noor", "Oskar", "Paula", "Quinn", "Rafael", "Rosa", "Sami", "Selin", "Soren", "Talia", "Theo", "Uma",
    "Vera", "Wren", "Xavier", "Yara", "Yusuf", "Zane", "Zofia",
)
# The people of a composed day (scenario_kit.day): each part draws its own, so first names repeat across parts only
# rarely among this many (a day passes over a part that repeats one).
PEOPLE_FIRST_NAMES = (
    *FIRST_NAMES,
    "Aaliyah", "Abel", "Adaeze", "Adele", "Adrian", "Agnes", "Aiko", "Aisha", "Alba", "Alden", "Alejandro",
    "Alessia", "Alina", "Alma", "Alvaro", "Amadou", "Amelie", "Amir", "Ana", "Anders", "Andrea", "Ange", "Anouk",
    "Ansel", "Antoine", "Anya", "Arjun", "Arlo", "Arne", "Astrid", "Aurora", "Ayla", "Ayumi", "Bao", "Basil",
    "Beatriz", "Bela", "Benedikt", "Bianca", "Birgit", "Blessing", "Bodhi", "Bram", "Bronwen", "Callum", "Camila",
    "Carmen", "Cassius", "Cecile", "Cedric", "Celia", "Chiara", "Chidi", "Cillian", "Clara", "Colm", "Consuelo",
    "Cosima", "Dagny", "Daisuke", "Dalia", "Damla", "Dane", "Daria", "Darius", "Delphine", "Demi", "Devika", "Diego",
    "Dilnoza", "Dmitri", "Dorota", "Duc", "Eamon", "Edda", "Edgar", "Efe", "Eila", "Eitan", "Elan", "Elena",
    "Eliska", "Elsa", "Emil", "Emre", "Enzo", "Esme", "Esteban", "Eva", "Ezra", "Fabian", "Fatima", "Femi", "Filip",
    "Finn", "Fiona", "Flavia", "Folake", "Freya", "Gael", "Gemma", "Gideon", "Gil", "Giulia", "Goran", "Grace",
    "Gustav", "Hakan", "Halima", "Hamza", "Hannes", "Harriet", "Hector", "Helga", "Hiro", "Hodan", "Ida", "Idris",
    "Ilse", "Imani", "Imogen", "Indira", "Ingrid", "Iris", "Isak", "Isla", "Itzel", "Jae", "Jakob", "Jana", "Jarrah",
    "Javier", "Jelena", "Jens", "Jia", "Joaquin", "Johanna", "Jonas", "Jude", "Julian", "Juno", "Kai", "Kalani",
    "Kamal", "Kasia", "Katja", "Kaveh", "Keiko", "Kenji", "Kian", "Kiri", "Klara", "Kwame", "Laila", "Lars", "Leena",
    "Leila", "Lena", "Levi", "Liam", "Liesel", "Lila", "Linnea", "Lior", "Liv", "Lorenzo", "Luca", "Ludo", "Luisa",
    "Lukas", "Lyra", "Mads", "Magnus", "Maia", "Maren", "Marisol", "Marta", "Mateo", "Matilde", "Maya", "Mehmet",
    "Mila", "Milan", "Mira", "Miro", "Moana", "Mohsen", "Nala", "Naoko", "Nasra", "Nell", "Nia", "Nikolai", "Nils",
    "Nina", "Noa", "Nora", "Obi", "Odette", "Olga", "Omar", "Ophelia", "Orla", "Otto", "Pablo", "Paz", "Pedro",
    "Petra", "Pia", "Pilar", "Priya", "Rae", "Ravi", "Reza", "Rhea", "Rio", "Roisin", "Ronan", "Rufus", "Ruth",
    "Saanvi", "Sabine", "Sadie", "Saoirse", "Sara", "Sasha", "Seamus", "Sebastian", "Seo", "Shira", "Signe", "Silas",
    "Simone", "Sina", "Sofia", "Stellan", "Suki", "Sven", "Tamsin", "Tariq", "Teodor", "Tessa", "Thandiwe", "Thea",
    "Tobias", "Tomas", "Tove", "Ulla", "Umar", "Valentin", "Vanja", "Vesna", "Viggo", "Vikram", "Viola", "Wanda",
    "Wilhelm", "Willa", "Xiomara", "Yael", "Yasmin", "Yuki", "Yuri", "Zaid", "Zara", "Zeynep", "Zoltan", "Zora",
)
LAST_NAMES = (
    "Abara", "Bergstrom", "Castillo", "Dubois", "Eriksen", "Fontaine", "Gallo", "Hoffmann", "Ibarra", "Jovanovic",
    "Kaur", "Lindgren", "Moreau", "Nakamura", "Oyelaran", "Petrov", "Quintero", "Rahman", "Sato", "Takahashi",
    "Urbina", "Varga", "Wozniak", "Yilmaz", "Zeller", "Achterberg", "Brennan", "Costa", "Delacroix", "Esposito",
)


@dataclass(frozen=True)
class Person:
    """Someone in a world: a name and whatever else the scenario draws for them — how they are reached, where they
    work, and, for a character, its id and what scenario.json says of it. A detail the scenario does not draw stays
    empty ("", or None for ``company``). Frozen: a world is drawn once, and a person changes by ``replace``."""

    first: str
    last: str
    phone: str = ""
    email: str = ""
    company: str | None = None
    role: str = ""  # a job title, or what they are to the user ("Mum")
    key: str = ""  # the character id in scenario.json
    personality: str = ""
    relationship: str = ""  # to the user, as the character sheet puts it
    timing: tuple[str, str] = ("PT30M", "PT5M")  # response_timing: base_delay, variance

    @property
    def name(self) -> str:
        return f"{self.first} {self.last}"


def draw(seed: int, scenario_id: str) -> random.Random:
    """The generator of world ``seed`` of ``scenario_id``: two scenarios' worlds of one seed are independent."""
    return random.Random(f"{scenario_id}:{seed}")


def shuffled(rng: random.Random, items: Iterable[T]) -> list[T]:
    """A new list of ``items`` in a drawn order."""
    out = list(items)
    rng.shuffle(out)
    return out


def fresh_people(rng: random.Random, count: int, avoid: Iterable[str] = ()) -> list[tuple[str, str]]:
    """``count`` (first, last) names, all first names distinct from each other and from ``avoid`` (first names
    already in the world), so a name in a text points at one person."""
    taken = {a.lower() for a in avoid}
    firsts = [f for f in FIRST_NAMES if f.lower() not in taken]
    if count > len(firsts):
        raise ValueError(f"cannot draw {count} distinct first names (only {len(firsts)} left)")
    return list(zip(rng.sample(firsts, count), rng.sample(LAST_NAMES, count), strict=True))


def rewrite(value: Any, replacements: Mapping[str, str]) -> Any:
    """``value`` (nested dicts, lists, tuples, strings) with every occurrence of each key of ``replacements``
    replaced by its value, in every string and every dict key. One pass, longest key first, so "Priya Raman" is
    replaced before "Priya" and a replacement is never replaced again. Keys match case-sensitively and as whole
    tokens (not inside a longer word), except keys that contain "@" or "." (addresses, domains), which match
    anywhere."""
    if not replacements:
        return value
    keys = sorted(replacements, key=len, reverse=True)
    anywhere = [re.escape(k) for k in keys if "@" in k or "." in k]
    tokens = [re.escape(k) for k in keys if "@" not in k and "." not in k]
    # The token keys share one look-around: a world's hundred names cost one scan, not a hundred.
    pattern = re.compile("|".join([*anywhere, *([rf"(?<![\w])(?:{'|'.join(tokens)})(?![\w])"] if tokens else [])]))

    def walk(node: Any) -> Any:
        if isinstance(node, str):
            return pattern.sub(lambda m: replacements[m.group(0)], node)
        if isinstance(node, list | tuple):
            return type(node)(walk(v) for v in node)
        if isinstance(node, dict):
            return {walk(k) if isinstance(k, str) else k: walk(v) for k, v in node.items()}
        return node

    return walk(value)
