"""People's names as the bot shows them (issue 43): what a person typed, kept inert.

A name is someone's typed text: it may hold markdown, a would-be mention (`@everyone`), right-to-left overrides
and zero-width characters, and run to 32 characters. It is stored cleaned (`clean`: controls, direction
overrides and invisible characters out, spaces folded, clipped to `NAME_MOST`), and escaped where Discord would
read it as markdown or a mention (`inert`); pictures and alt text show it cleaned, unescaped.

The escape is not discord.utils' (which escapes markdown only where it would take effect): the service and the
words of the cogs import no discord (DESIGN §1), and a name needs none of its subtlety, only that every
character Discord's markdown reads is taken literally and that no `@` or `<@` can open a mention.
"""

from __future__ import annotations

import re
import unicodedata

NAME_MOST = 24
"""The most characters of a name shown: a board names up to six of them on a line."""
_MARKDOWN = re.compile(r"([\\*_~`|>#\-\[\]()<:])")
"""The characters Discord's markdown (and its mention and emoji syntax) reads; each is escaped with a backslash."""
_HIDDEN = re.compile("[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]")
"""Zero-width characters and direction marks, overrides and isolates: they reorder or hide what follows."""


def clean(raw: str) -> str | None:
    """The name as stored: no control, format or direction characters, spaces folded, at most `NAME_MOST`
    characters (cut with "…"); None when nothing readable is left."""
    kept = "".join(ch for ch in _HIDDEN.sub("", raw) if unicodedata.category(ch)[0] != "C")
    kept = " ".join(kept.split())
    if not kept:
        return None
    return kept if len(kept) <= NAME_MOST else kept[:NAME_MOST - 1].rstrip() + "…"


def inert(name: str) -> str:
    """`name` for a Discord text: each character markdown reads escaped, every `@` followed by a zero-width
    space (so that neither `@everyone` nor a pasted `<@id>` can ping), and a right-to-left name isolated
    (U+2068 ... U+2069) so that the sentence around it keeps its order."""
    escaped = _MARKDOWN.sub(r"\\\1", name).replace("@", "@\u200b")
    rtl = any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in name)
    return f"\u2068{escaped}\u2069" if rtl else escaped
