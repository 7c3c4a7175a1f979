"""Articles, plurals and ordinals for every sentence the bot writes, from `inflect` (one home, no hand rules).

Hand-written rules fail at the edges ("a Explorer", "1 tile(s)", "1 coins"); inflect knows English. Its 5.x
line: 7.x checks its own types with typeguard, which recompiles the module at import (about 2 s of CPU on every
start, 0.1 s for 5.x; issue 45), for the same answers to what is asked here.
"""

from __future__ import annotations

from functools import lru_cache

import inflect

_ENGLISH = inflect.engine()


@lru_cache(maxsize=4096)
def noun(n: int, word: str) -> str:
    """`word` agreeing with a count of `n`: "coin" for 1, "coins" for 0 or 2."""
    return str(_ENGLISH.plural_noun(word, n))


def plural(n: int, word: str) -> str:
    """"1 chit", "2 chits": a count with its word agreeing."""
    return f"{n} {noun(n, word)}"


@lru_cache(maxsize=4096)
def a(word: str) -> str:
    """"an Explorer", "a Farmer", "an elbow": the word with its indefinite article."""
    return _ENGLISH.a(word)


def ordinal(n: int) -> str:
    """"1st", "2nd", "11th", "23rd"."""
    return str(_ENGLISH.ordinal(n))


@lru_cache(maxsize=1024)
def verb(n: int, singular: str) -> str:
    """A verb agreeing with a subject of `n` things: "wins" for one winner, "win" for two; "is", "are"."""
    return str(_ENGLISH.plural_verb(singular, n))
