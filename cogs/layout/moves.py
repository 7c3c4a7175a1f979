"""How a list of legal moves becomes a move panel: Discord's limits, the groups (a button per lone move,
a select per move type, one pool for what does not fit), the pages and places of a long select, the steps of a
pick of a place drawn as buttons where they fit, and the digest a component carries to name its move."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass

from bot.limits import LABEL as BUTTON_TEXT
from bot.limits import OPTION_TEXT as TEXT_LIMIT
from bot.limits import OPTIONS as MAX_OPTIONS
from bot.limits import ROW_ITEMS as BUTTONS_PER_ROW
from bot.limits import ROWS as MAX_ROWS
from bot.limits import clip
from games.core import Action, Move

SUGGESTED = 3
"""At most this many one-tap trades (`Panel.suggested`) lead a move panel, before its other buttons."""
POOL = "*"
"""The group key of the catch-all select that takes what does not fit in five rows."""
CONFIRM_FIRST = "!"
"""Before a select option's digest: the move is asked about first (one that happens nowhere on the picture
among moves of places: it gives the placement up)."""
EXPLANATION = re.compile(r" \(([^()]*)\)")

Option = tuple[str, str | None, str]
"""A select option as (label, description, value)."""


def type_title(kind: str) -> str:
    return kind.replace("_", " ").capitalize()


def digest(action: Action) -> str:
    """A short name of the action itself: a click means this move, wherever the list put it."""
    return hashlib.sha1(json.dumps(action, sort_keys=True).encode()).hexdigest()[:12]


def find_choice(choices: list[Move], key: str) -> Move | None:
    return next((c for c in choices if digest(c.action) == key), None)


def option_texts(labels: list[str]) -> list[tuple[str, str | None]]:
    """(label, description) for select options: a label too long for 100 characters keeps what
    distinguishes the moves and leaves its explanations (the parts in parentheses) to the description,
    so that 36 long choices do not look like 15 once cut."""
    if all(len(label) <= TEXT_LIMIT for label in labels):
        return [(label, None) for label in labels]
    out: list[tuple[str, str | None]] = []
    for label in labels:
        short = EXPLANATION.sub("", label)
        why = "; ".join(EXPLANATION.findall(label))
        out.append((clip(short, TEXT_LIMIT), clip(why or label, TEXT_LIMIT)))
    if len({short for short, _ in out}) < len({label for label in labels}):  # the explanation made the difference
        return [(clip(label, TEXT_LIMIT), clip("…" + label[TEXT_LIMIT - 1:], TEXT_LIMIT) if len(label) > TEXT_LIMIT
                 else None) for label in labels]
    return out


@dataclass(frozen=True)
class Group:
    """Moves of one kind (`key`, an action type or POOL) shown as one select under `title`: indices into
    the seat's choices."""

    key: str
    title: str
    indices: list[int]


def group_moves(choices: list[Move], reserved: int = 0) -> tuple[list[int], list[Group]]:
    """Single-action types become buttons, the others selects; what does not fit goes to one pool.
    `reserved` buttons (the builders) come first."""
    by_type: dict[str, list[int]] = {}
    for idx, (_, action, _) in enumerate(choices):
        by_type.setdefault(str(action.get("type", "move")), []).append(idx)
    singles = [ids[0] for ids in by_type.values() if len(ids) == 1]
    multis = [Group(kind, type_title(kind), ids) for kind, ids in by_type.items() if len(ids) > 1]
    buttons = singles[: 2 * BUTTONS_PER_ROW - reserved]
    button_rows = -(-(len(buttons) + reserved) // BUTTONS_PER_ROW)
    slots = MAX_ROWS - button_rows
    overflow = singles[len(buttons):]
    if len(multis) > slots or overflow:
        kept = multis[: slots - 1]
        pooled = sorted(overflow + [i for g in multis[slots - 1:] for i in g.indices])
        return buttons, [*kept, Group(POOL, "More moves", pooled)]
    return buttons, multis


def page_of(indices: list[int], page: int, room: int = MAX_OPTIONS) -> tuple[list[int], bool]:
    """The indices shown on a select page of `room` options, and whether a further page exists."""
    if len(indices) <= room:
        return indices, False
    per = room - 1
    chunk = indices[page * per:(page + 1) * per]
    return chunk, (page + 1) * per < len(indices)


def places(choices: list[Move], indices: list[int]) -> list[str]:
    """The places these moves happen, in the order the moves come, when they are chosen place first: always
    where some move names a place, unless each names one place of its own (the robber's hex: the place is the
    move, picked in one step).  Else empty."""
    named = [choices[i].areas for i in indices]
    spots = list(dict.fromkeys(area for names in named for area in names))
    placed = [names for names in named if names]
    if not spots or (len(indices) <= MAX_OPTIONS and all(len(names) == 1 for names in placed)
                     and len(spots) == len(placed)):
        return []
    return spots


def _move_options(choices: list[Move], indices: list[int]) -> list[Option]:
    texts = option_texts([choices[i].label for i in indices])
    return [(label, about, digest(choices[i].action)) for i, (label, about) in zip(indices, texts, strict=True)]


def group_options(choices: list[Move], group: Group, page: int, area: int | None) -> list[Option]:
    """A group's select: first the places where its moves happen, each to be seen close up, then the moves
    that happen nowhere on the picture (last, and asked about first: they place nothing); once a place is
    chosen, its moves.  A group whose moves name no place is its moves, paged."""
    indices = group.indices
    spots = places(choices, indices)
    options: list[Option] = []
    if spots and area is None:
        entries = [(clip(f"{spot}…", TEXT_LIMIT), None, f"@{n}") for n, spot in enumerate(spots)]
        entries += [(label, about, CONFIRM_FIRST + value)
                    for label, about, value in _move_options(choices, [i for i in indices if not choices[i].areas])]
        shown, more = page_of(list(range(len(entries))), page)
        options = [entries[n] for n in shown]
        if more:
            options.append(("More places…", None, f"p{page + 1}"))
        return options
    if spots and area is not None:
        indices = [i for i in indices if spots[area] in choices[i].areas] if area < len(spots) else []
        options.append(("← Other places", None, "@"))
    shown, more = page_of(indices, page, MAX_OPTIONS - len(options))
    options += _move_options(choices, shown)
    if more:
        options.append((f"More {group.title.lower()}…", None, f"p{page + 1}"))
    return options


def is_place(value: str) -> bool:
    """Whether an option's value opens a place (its close-up), rather than going back, paging or moving."""
    return value.startswith("@") and value[1:].isdigit()


@dataclass(frozen=True)
class Step:
    """A group as drawn now: its options (`group_options`), and whether they are buttons, a tap each, rather than
    a select (open it, then pick)."""

    group: Group
    options: list[Option]
    buttons: bool
    shared: frozenset[str] = frozenset()
    """The parts of the explanations every move of the group gives (what every city costs): a button leaves them
    out (`button_labels`)."""

    @property
    def rows(self) -> int:
        return -(-len(self.options) // BUTTONS_PER_ROW) if self.buttons else 1


def steps(choices: list[Move], groups: list[Group], rows: int, pages: dict[str, int],
          area: tuple[str, int] | None) -> list[Step]:
    """Each group's step: a group chosen place first (its places, or the spots of the place opened) is drawn as
    buttons where they fit in the `rows` the panel has left for its groups, in order; the rest are selects."""
    spare = rows - len(groups)
    out: list[Step] = []
    for group in groups:
        spot = area[1] if area is not None and area[0] == group.key else None
        options = group_options(choices, group, pages.get(group.key, 0), spot)
        step = Step(group, options, bool(places(choices, group.indices)),
                    shared_parts([choices[i].label for i in group.indices]))
        if step.buttons and step.rows - 1 > spare:
            step = Step(group, options, False)
        spare -= step.rows - 1
        out.append(step)
    return out


def button_labels(step: Step, alone: bool) -> list[str]:
    """The labels of a step drawn as buttons (a button has no description): a place named after its group where the
    panel shows other groups ("Build road: hex A…"); a spot's move with only the parts of its explanations that
    not every move of its group gives ("City at 23 (makes wool on 10, lumber on 9)", not the cost every city
    shares), so that a person chooses from the buttons alone."""
    labels: list[str] = []
    for label, _, value in step.options:
        if not value.startswith(("@", "p", CONFIRM_FIRST)):
            label = without(label, step.shared)
        elif is_place(value) and not alone:
            label = f"{step.group.title}: {label}"
        labels.append(clip(label, BUTTON_TEXT))
    return labels


def explanations(label: str) -> list[str]:
    """The parts of a move's explanations (in parentheses, each split at "; "): "costs 2 grain, 3 ore"."""
    return [part for why in EXPLANATION.findall(label) for part in why.split("; ")]


def shared_parts(labels: list[str]) -> frozenset[str]:
    """The parts of the explanations every one of these labels gives; none for a lone label."""
    if len(labels) < 2:
        return frozenset()
    return frozenset.intersection(*(frozenset(explanations(label)) for label in labels))


def without(label: str, shared: frozenset[str]) -> str:
    """The label with only the parts of its explanations not `shared`."""
    kept = [part for part in explanations(label) if part not in shared]
    return EXPLANATION.sub("", label) + (f" ({'; '.join(kept)})" if kept else "")


@dataclass(frozen=True)
class CardPick:
    """A group of moves that are every way of choosing `size` cards from a hand (Catan's discard): drawn as one
    select of the cards themselves, one option per card, exactly `size` to pick, rather than a move per way."""

    field: str
    """The action's field that holds the cards, {kind: count}."""
    size: int
    held: dict[str, int]
    """How many of each kind the moves may name, in the order the moves name the kinds."""
    rest: dict[str, object]
    """The fields every one of the moves shares (its type)."""

    def options(self) -> list[Option]:
        return [(f"{kind.replace('_', ' ').capitalize()} {n}", None, f"{kind}.{n}")
                for kind, most in self.held.items() for n in range(1, most + 1)]

    def action(self, values: list[str]) -> Action | None:
        """The move the picked cards make; None unless they are exactly `size` of the options offered."""
        offered = {value for _, _, value in self.options()}
        if len(values) != self.size or len(set(values)) != len(values) or not set(values) <= offered:
            return None
        cards: dict[str, int] = {}
        for value in values:
            kind = value.rsplit(".", 1)[0]
            cards[kind] = cards.get(kind, 0) + 1
        return {**self.rest, self.field: cards}


def ways(most: list[int], size: int) -> int:
    """How many ways there are to choose `size` cards when at most most[i] of kind i may be chosen."""
    counts = [1] + [0] * size
    for limit in most:
        counts = [sum(counts[total - n] for n in range(min(limit, total) + 1)) for total in range(size + 1)]
    return counts[size]


def card_pick(choices: list[Move], group: Group) -> CardPick | None:
    """The group as a choice of cards, where its moves differ only in one {kind: count} field of one total and
    are every way of choosing that many within the most named of each kind (so any pick is a listed move);
    None otherwise, or when the cards are more than a select holds."""
    actions = [choices[i].action for i in group.indices]
    bundles = [key for key, value in actions[0].items() if isinstance(value, dict)]
    if len(actions) < 2 or len(bundles) != 1:
        return None
    field = bundles[0]
    rest = {k: v for k, v in actions[0].items() if k != field}
    held: dict[str, int] = {}
    sizes = set()
    for action in actions:
        cards = action.get(field)
        if {k: v for k, v in action.items() if k != field} != rest or not isinstance(cards, dict) \
                or not all(isinstance(n, int) and n > 0 for n in cards.values()):
            return None
        sizes.add(sum(cards.values()))
        for kind, n in cards.items():
            held[str(kind)] = max(held.get(str(kind), 0), n)
    if len(sizes) != 1 or sum(held.values()) > MAX_OPTIONS:
        return None
    size = sizes.pop()
    if len({digest(a) for a in actions}) != ways(list(held.values()), size):
        return None
    return CardPick(field, size, held, rest)
