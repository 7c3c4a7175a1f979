"""Playing a practice table by clicking: the move a person means to make (the coach's suggestion), found
among the components of their move panel and clicked — a button, a select's option, the cards of a card
select, or first the place of a move chosen in two steps, then the move."""

from __future__ import annotations

from collections import Counter
from typing import Any

from cogs.layout.draft import fixed_rate_choices
from cogs.layout.moves import POOL, digest, is_place
from games.core import Action, Game
from tests.support.fake_discord import InteractionRecord, StoredMessage
from tests.support.person import Person
from tests.support.world import World, steps_in

STEPS = 6
"""The most selections a move takes: a place, pages, then the move."""


def card_values(action: Action) -> list[str] | None:
    """A card select's values for the action's one {kind: count} field (Catan's discard)."""
    bundles = [value for value in action.values() if isinstance(value, dict)]
    if len(bundles) != 1:
        return None
    return [f"{kind}.{n}" for kind, count in bundles[0].items() for n in range(1, count + 1)]


async def click_move(world: World, person: Person, panel: StoredMessage, game: Game, seat: int,
                     action: Action) -> None:
    """Make `action` by the panel's components, as a person who reads the panel would: a listed move by its
    button or select, a free-form one (a trade offer) by its modal."""
    shapes = game.action_shapes(seat)
    kinds = [shape["type"] for shape in shapes]
    if action not in game.legal_actions(seat) and action.get("type") in kinds:
        await fill_modal(world, person, panel, shapes, kinds.index(action["type"]), action)
        return
    grouped = next((k for k, shape in enumerate(shapes) if action.get("type") in shape.get("groups", ())), None)
    if grouped is not None:  # made by its shape's modal, with the fixed-rate partner chosen
        await fill_modal(world, person, panel, shapes, grouped, at_fixed_rate(shapes[grouped], action), fixed=True)
        return
    key = digest(action)
    for _ in range(STEPS):
        button = next((b for b in panel.buttons() if str(b.get("custom_id", "")).endswith(f":{key}")), None)
        if button is not None:
            await confirmed(world, person, game, action, await person.click(panel, custom_id=button["custom_id"]))
            return
        for select in panel.selects():
            values = [o["value"] for o in select["options"]]
            cards = card_values(action) if str(select["custom_id"]).startswith("fr:cs:") else None
            picked = [key] if key in values else cards if cards and set(cards) <= set(values) else None
            if picked is not None:
                await confirmed(world, person, game, action,
                                await person.select(panel, picked, custom_id=select["custom_id"]))
                return
        panel = await _narrow(world, person, panel, game, action)
    raise AssertionError(f"the panel offers no way to {game.describe(action)!r}: {panel.content}")


async def confirmed(world: World, person: Person, game: Game, action: Action, clicked: InteractionRecord) -> None:
    """A move that cannot be taken back (`Game.costly`) asks "Are you sure?" first: the person confirms."""
    await world.settle()
    if type(game).costly(action):
        question = await world.fake.wait_for(
            lambda: next((m for m in clicked.replies() if any(b.get("label") == "Confirm" for b in m.buttons())),
                         None), what="the question before a costly move")
        await person.click(question, "Confirm")
        await world.settle()


def modal_values(field: dict[str, Any], value: Any) -> list[str]:
    """A modal select's values for one field of the action (`cogs.layout.draft`: a pick is the index of its
    choice, a bundle "<index>x<amount>" per kind)."""
    index = {choice["value"]: i for i, choice in enumerate(field["choices"])}
    if field["kind"] == "pick":
        return [str(index[value])] if value is not None else []
    counts = Counter(value) if isinstance(value, list) else value or {}
    return [f"{index[kind]}x{n}" for kind, n in counts.items() if n]


def at_fixed_rate(shape: dict[str, Any], action: Action) -> Action:
    """A listed move that the shape's modal makes with its fixed-rate partner (Catan's bank trade, one card
    for `rate` of another), as that modal's move."""
    n, i = fixed_rate_choices(shape)[0]
    partner = shape["fields"][n]["choices"][i]
    rate = partner["rates"]["give"][action["give"]]
    return {"type": shape["type"], shape["fields"][n]["name"]: partner["value"], "give": {action["give"]: rate},
            "get": {action["get"]: 1}}


async def fill_modal(world: World, person: Person, panel: StoredMessage, shapes: list[dict[str, Any]], k: int,
                     action: Action, *, fixed: bool = False) -> None:
    """Open the modal of the free-form move `shapes[k]` from the panel (`fixed`: its fixed-rate partner's,
    "Trade with …"), choose the action's fields, submit."""
    opener = next(b for b in panel.buttons() if str(b.get("custom_id", "")).startswith("fr:t:")
                  and str(b["custom_id"]).split(":")[4] == str(k) and str(b["label"]).startswith("Trade with") == fixed)
    opened = await person.click(panel, custom_id=opener["custom_id"])
    await world.settle()
    fields = shapes[k]["fields"]
    asked = [c["component"]["custom_id"] for c in opened.callback_data.get("components", []) if "component" in c]
    await person.submit(opened, {cid: modal_values(fields[int(cid)], action.get(fields[int(cid)]["name"]))
                                 for cid in asked})
    await world.settle()


async def _narrow(world: World, person: Person, panel: StoredMessage, game: Game, action: Action) -> StoredMessage:
    """One step towards the move: the place where it happens, or the next page of its kind's step."""
    areas = set(game.areas(action))
    steps = steps_in(panel.interactive())
    for options in steps.values():
        place = next((o for o in options if is_place(o["value"])
                      and o["label"].removesuffix("…").rsplit(": ", 1)[-1] in areas), None)
        if place is not None:
            return await world.take(person, panel, place)
    kind = str(action.get("type"))
    for group, options in steps.items():
        page = next((o for o in options if o["value"].startswith("p")), None)
        if page is not None and group in (kind, POOL):
            return await world.take(person, panel, page)
    raise AssertionError(f"the panel offers no way to {game.describe(action)!r}: {panel.content}")
