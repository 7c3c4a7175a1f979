"""What a refusal may not say to a player: a rule id, or a field name of the moves' JSON (issue 18, item 7).

Rule ids are the numbering of the rules files (rules/*.md): `CAT-12`, `COL-S17` (and the `R25` cited
beside it), `ROA-R28`, and the section numbers of Small Islands (`B5.3 PREP 2`, `B2 rule 1`) and ROAM
(`A5.3 step 3.2`).  Those belong in a refusal's `rules` and `code`, for logs and tests.  A field name is
a key of a move's JSON (`col`, `mask`, `next_mission`): the player reads "the column", "the tile's open
sides".  A key that is also a plain word ("card", "row", "give") is allowed as a word, but never quoted
or named as a field.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from games.core import Game

RULE_ID = re.compile(
    r"\b(?:CAT|COL|ROA|SI|ROAM)-[A-Z]?\d+"                # CAT-12, COL-S17, ROA-R28
    r"|\([^()]*(?<![\w-])[SR]\d+(?![\w-])[^()]*\)"        # (… R25), (S9, R27)
    r"|(?<![\w-])[AB]\d+\.\d+"                            # B5.3, A3.3: the sections of Small Islands and ROAM
    r"|(?<![\w-])[AB]\d+ (?:rule|step|grid|coast|matching|PREP|REWARD|EXPLORE|Explore|Land|Placement)\b"
    r"|\(\s*[AB]\d+\s*[,;)]"                              # (B2), (B2, B3.3)
    r"|§\s*\d")
"""Every rule family of rules/*.md, in the forms the engines have cited them."""

PLAIN_WORDS = frozenset({
    "amount", "artifact", "card", "cards", "food", "from", "get", "give", "granary", "hex", "icon", "land", "mission",
    "mode", "next", "node", "now", "offer", "partner", "path", "resource", "resources", "reward", "row",
    "ship", "side", "square", "target", "tile", "to", "token", "victim", "want", "wealth", "with", "wood",
    "worker", "workers", "zone", "type",
})
"""Keys that are also everyday words of the games: said as words, they are fine."""


def rule_ids(message: str) -> list[str]:
    return [m.group(0) for m in RULE_ID.finditer(message)]


def raw_fields(message: str, keys: Iterable[str]) -> list[str]:
    """The keys `message` names as keys: quoted, called a field, written key=value, or (a key that is no
    plain word, such as `col` or `next_mission`) at all."""
    found = []
    for key in sorted(set(keys)):
        k = re.escape(key)
        as_key = (rf"[\"'`]{k}[\"'`]", rf"\bfields?:? (?:\w+, )*{k}\b", rf"(?<![\w-]){k}=",
                  rf"\btakes?\b[^.]*(?<![\w-]){k},")
        if any(re.search(p, message) for p in as_key) or (
                key not in PLAIN_WORDS and re.search(rf"(?<![\w-]){k}(?![\w-])", message)):
            found.append(key)
    return found


def problems(message: str, keys: Iterable[str]) -> list[str]:
    """What is wrong with a refusal a player reads: empty when nothing is."""
    out = [f"rule id {r!r}" for r in rule_ids(message)]
    out += [f"field name {k!r}" for k in raw_fields(message, keys)]
    return out


def action_keys(actions: Iterable[dict]) -> set[str]:
    """Every key of the actions and of the dicts inside them that name fields (not resources or cards)."""
    return {k for a in actions if isinstance(a, dict) for k in a}


def declared_keys(game_id: str) -> set[str]:
    """The keys each engine's own table of move shapes declares (trade moves, never listed, included)."""
    if game_id == "catan":
        from games.catan.moves import KEYS as CATAN
        return {k for fields in CATAN.values() for k in fields}
    if game_id == "roanoke":
        from games.roanoke.game import KEYS as ROANOKE
        return {k for fields in ROANOKE.values() for k in fields}
    if game_id == "colonies":
        from games.colonies.game import FIELDS
        return set(FIELDS)
    if game_id == "small_islands":
        from games.small_islands.moves import STEP_OF, fields_of
        return {k for mode in ("normal", "advanced") for kind in STEP_OF for k in fields_of(mode, kind, "RW08")}
    if game_id == "roam":
        from games.roam.text import _KEYS as ROAM
        return {k for fields in ROAM.values() for k in fields}
    return set()


@cache
def engine_keys(cls: type[Game]) -> frozenset[str]:
    """The keys of an engine's moves: its declared shapes, what a few seeded games list, and the fields
    its builders ask for."""
    import random

    keys: set[str] = {"type", *declared_keys(cls.id)}
    for seed in range(3):
        rng = random.Random(seed)
        game = cls.new(cls.max_players if seed % 2 else cls.min_players, seed=seed)
        for _ in range(400):
            movers = sorted(game.to_move())
            if game.over or not movers:
                break
            seat = rng.choice(movers)
            legal = game.legal_actions(seat)
            keys |= action_keys(legal)
            for shape in game.action_shapes(seat):
                keys |= {"type", *shape.get("fixed", {}), *(f["name"] for f in shape.get("fields", []))}
            if not legal:
                break
            game.apply(seat, rng.choice(legal))
    return frozenset(keys)


def assert_plain(message: str, game: Game | type[Game]) -> None:
    """A refusal in the player's words: no rule id, no field name of that game's moves."""
    cls = game if isinstance(game, type) else type(game)
    found = problems(message, engine_keys(cls))
    assert not found, f"{cls.__name__} refusal {message!r} shows {', '.join(found)}"
