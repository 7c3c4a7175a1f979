"""Colonies' narrator: the engine's events as sentences for one reader (DESIGN §5, "A good host's voice").

Past tense, so a verb agrees with "you" and a name alike ("You played a Farmer", "bob played a Farmer"). A sentence
never names a card drawn into a hand (COL §6): draws are counted, not shown. A board's story tells what changed
(`news`); the log keeps the bookkeeping too (`QUIET`).
"""

from __future__ import annotations

from typing import Any

from games.colonies.cards import CARDS, THREATS, title
from games.colonies.text import cards
from games.core import Action, Event
from games.grammar import a, plural
from renderers.cast import Cast

SOURCES = {"pop_deck": "the Population deck", "land_deck": "the Land deck", "threat_deck": "the Threat deck",
           "shipment_deck": "the Shipment deck", "lineup": "the Line-Up", "frontier": "the Frontier"}
"""Where a gained card comes from, when it is not a card in play (a worked Land, a Shipment, an Event)."""
ZONES = {"hand": "hand", "discard": "discard pile", "in_play": "cards in play"}
TAKERS = THREATS | {"witch_trials"}
"""The cards whose effect takes a card from a colony (the Threats, and the Witch Trials Event)."""
QUIET = frozenset({"turn", "drew", "reshuffled", "cleanup", "work", "cannibal_food"})
"""Bookkeeping: the log keeps it, a board's story leaves it out (a clean-up that loses Population is news). A work
and the Food a cannibal takes are said by what follows them: the yield, the roll, the shipment, the cannibalism."""
QUIET_CLOSES = frozenset({"lapsed", "withdrawn", "cards_gone"})


def _card(name: str) -> str:
    """"a Farmer", "an Explorer", "Pirates": one card, as a sentence names it."""
    return cards([name])


def _source(event: Event) -> str:
    source = event["source"]
    if source in SOURCES:
        return SOURCES[source]
    return f"the {title(source)}" if source in CARDS else ""


def _gained(event: Event, cast: Cast) -> str:
    who, got = cast.Name(event["seat"]), event["cards"]
    where = _source(event)
    if not got:
        return f"{who} gained nothing from {where or 'the supply'}: it was empty."
    return f"{who} gained {cards(got)}" + (f" from {where}." if where else ".")


def _trashed(event: Event, cast: Cast) -> str:
    seat, why, lost = event["seat"], event["why"], cards(event["cards"])
    zone = ZONES.get(event["zone"], event["zone"])
    if why == "died":
        return f"{cast.Whose(seat)} {title(event['cards'][0])} died at work and was trashed."
    if why in TAKERS:
        return f"{title(why)} took {lost} from {cast.whose(seat)} {zone}."
    who = cast.Name(seat)
    if why == "combat":
        return f"{who} fought off {lost} in {cast.own(seat)} {zone}."
    if why == "arms":
        return f"{who} used Arms to trash {lost} from {cast.own(seat)} {zone}."
    if why == "cannibalism":
        return f"{who} cannibalized {lost} from {cast.own(seat)} hand for 1 Food."
    if why == "spent":
        return f"{who} trashed {lost}, used up."
    return f"{who} trashed {lost} from {cast.own(seat)} {zone}."


def _worked(event: Event, cast: Cast) -> str:
    worker = "Laborers" if event["worker"] == "laborers" else a(title(event["worker"]))
    land = title(event["land"])
    if event.get("mode") == "ship":
        return f"{cast.Name(event['seat'])} sent {worker} to ship from the {land}."
    return f"{cast.Name(event['seat'])} worked the {land} with {worker}."


def _rolled(event: Event, cast: Cast) -> str:
    die, mod = event["die"], event["mod"]
    rolled = f"{die} + {mod} = {die + mod}" if mod else str(die)
    return f"{cast.Whose(event['seat'])} {title(event['worker'])} rolled {rolled} on the {title(event['land'])}."


def _played(event: Event, cast: Cast) -> str:
    seat, food = event["seat"], event.get("food")
    paid = f", paying 1 Food from {cast.own(seat)} {food}" if food else ""
    return f"{cast.Name(seat)} played {_card(event['card'])}{paid}."


def _cleanup(event: Event, cast: Cast) -> str:
    """The turn's end; when Population left in hand is lost (COL-S22), the loss leads, as it is news."""
    seat, stored, lost = event["seat"], event["granary"], event["trashed"]
    granary = f"{stored} Food to {cast.own(seat)} granary" if stored else ""
    shown = f"hand shown: {cards(event['revealed'])}"
    if lost:
        told = "; ".join(filter(None, [shown, granary]))
        return f"{cast.Name(seat)} lost {cards(lost)} left in hand at the turn's end ({told})."
    return f"{cast.Name(seat)} ended the turn" + (f", {granary}" if granary else "") + f"; {shown}."


def _closed(event: Event, cast: Cast) -> str:
    how = {"declined": "was declined", "withdrawn": "was withdrawn", "lapsed": "lapsed at the turn's end",
           "cards_gone": "fell through: its cards are gone"}.get(event["why"], "closed")
    return f"{cast.Whose(event['seat'])} offer to {cast.name(event['partner'])} {how}."


def _game_over(event: Event, cast: Cast) -> str:
    tallies = event.get("tallies") or [{}] * len(event["scores"])  # none in games stored before them
    told = [f"{cast.full(seat)} {plural(points, 'point')}{_why(tally)}"
            for seat, (points, tally) in enumerate(zip(event["scores"], tallies, strict=True))]
    return f"Game over. Scores: {'; '.join(told)}."


def _why(tally: dict[str, int] | None) -> str:
    """" (5 Population, 2 Wealth, 3 Land ×2, 1 shipped ×5)", or why an eliminated colony scores nothing (COL-S28)."""
    if tally is None:
        return " (eliminated: scores nothing)"
    if not tally:
        return ""
    return (f" ({tally['population']} Population, {tally['wealth']} Wealth, {tally['land']} Land ×2, "
            f"{tally['shipped']} shipped Wealth ×5)")


def line(event: Event, cast: Cast, view: dict[str, Any]) -> str:
    """The event as a sentence for the cast's reader."""
    kind = event["type"]
    seat = event.get("seat", 0)
    if kind in _SAID:
        return _SAID[kind](event, cast)
    if kind == "turn":
        return f"Round {event['round']}: {cast.whose(seat)} turn."
    if kind == "mulligan":
        return f"{cast.Name(seat)} showed an opening hand of {cards(event['cards'])} and drew again."
    if kind == "event":
        left = plural(event["left"], "event") + " left" if event["left"] else "the last: this round ends the game"
        return f"The event is now {title(event['card'])}: {CARDS[event['card']].text} {left[0].upper()}{left[1:]}."
    if kind == "vermin":
        return f"Vermin Infestation sent {cast.whose(seat)} granary's {event['food']} Food to the discard pile."
    if kind == "drew":
        return f"{cast.Name(seat)} drew {plural(event['count'], 'card')}."
    if kind == "reshuffled":
        return f"{cast.Name(seat)} shuffled {cast.own(seat)} discard pile into a new deck of " \
               f"{plural(event['count'], 'card')}."
    if kind == "winter":
        return f"Harsh Winter: {cast.name(seat)} gained no Food from the {title(event['source'])}."
    if kind == "discarded":
        return f"{title(event['why'])} made {cast.name(seat)} discard {cards(event['cards'])}."
    if kind == "returned":
        return f"{cast.Name(seat)} put {plural(event['count'], 'Threat')} back on top of the Threat deck."
    if kind == "cannibal_food":
        return f"{cast.Name(seat)} took 1 Food from the supply into {cast.own(seat)} hand."
    if kind == "shipped":
        where = "hand" if event.get("from") == "hand" else "cards in play"
        return f"{cast.Name(seat)} shipped a Wealth from {cast.own(seat)} {where} for 5 points."
    if kind == "group":
        return f"{cast.Name(seat)} worked a Farmland with {cards(event['workers'])} together."
    if kind == "offer":
        return f"{cast.Name(seat)} offered {cards(event['give'])} to {cast.name(event['partner'])} for " \
               f"{cards(event['want'])}."
    if kind == "countered":
        return f"{cast.Name(seat)} countered {cast.whose(event['partner'])} offer with {cards(event['give'])}."
    if kind == "traded":
        return f"{cast.Name(seat)} traded {cards(event['give'])} to {cast.name(event['partner'])} for " \
               f"{cards(event['got'])}."
    if kind == "eliminated":
        return f"{cast.Name(seat)} had no Population left: {cast.own(seat)} colony is eliminated."
    return ""


_SAID = {"gained": _gained, "trashed": _trashed, "work": _worked, "roll": _rolled, "played": _played,
         "cleanup": _cleanup, "offer_closed": _closed, "game_over": _game_over}
"""The events whose sentence takes a few choices, each said by its own function."""


def news(event: Event) -> bool:
    """Whether a board's story tells it: not the turn's opening, draws, a spent Shipment, a clean-up that lost
    nothing, or an offer closed but by a refusal."""
    kind = event["type"]
    if kind == "cleanup":
        return bool(event["trashed"])
    if kind == "offer_closed":
        return event["why"] not in QUIET_CLOSES
    if kind == "trashed":
        return event["why"] != "spent"
    return kind not in QUIET


def turn_of(event: Event) -> int | None:
    return event["seat"] if event["type"] == "turn" else None


def hurts(event: Event) -> frozenset[int]:
    """The seats an event costs cards or the colony. The loss is written on the victim's own seat (a Threat or
    Witch Trials trashes from the hand of the colony it struck, Vermin empties each granary), and counts as
    theirs even in their own turn; what a player gives up by choice (a cannibalized Population, a spent card, a
    Population left in hand at the turn's end) does not."""
    kind = event["type"]
    if kind in ("vermin", "discarded", "eliminated"):
        return frozenset({event["seat"]})
    if kind == "trashed" and (event["why"] in TAKERS or event["why"] == "died"):
        return frozenset({event["seat"]})
    return frozenset()


def scores(event: Event) -> frozenset[int]:
    """The seats an event brings points that stand out: a shipped Wealth (5 points, COL-S15)."""
    return frozenset({event["seat"]}) if event["type"] == "shipped" else frozenset()


def label(action: Action, cast: Cast, view: dict[str, Any]) -> str | None:
    """A trade offer's label, naming its partner (the engine's `describe` knows seats only by number)."""
    if action.get("type") != "offer":
        return None
    return f"Offer {cards(action['give'])} to {cast.name(action['partner'] - 1)} for {cards(action['want'])}"

