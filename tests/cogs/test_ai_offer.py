"""An AI's trade offer to a person is answered with one tap on the board that pings them (issue 27 items 2 and
4): the board carries Accept (labelled with the offer's terms, from the public view) and Decline for the person
the offer waits on, refuses anyone else, and the AI goes on with its turn once answered. Catan (CAT-32), in a
built position: the AI holds a brick and three ore and lacks lumber for a road, the person holds two lumber,
the other AI nothing, so the AI offers everyone one ore for one lumber and the other AI declines."""

from __future__ import annotations

import re

from games.catan.board import RESOURCES
from games.catan.game import Catan
from games.core import Game
from renderers.cast import AI_NAMES
from tests.support.clicking import seated
from tests.support.fake_discord import StoredMessage
from tests.support.person import Person
from tests.support.positions import rewritten
from tests.support.world import World

ACCEPT = "Accept {ai}'s offer: you get 1 ore for 1 lumber"


async def offered(world: World, held: dict[str, int] | None = None) -> tuple[int, Person, int, int, StoredMessage]:
    """Alice (holding `held`, two lumber unless said) and two AI seats, built to the first AI's trade step; its
    turn runs, it offers, and the board that asks Alice is up. Returns the game, Alice, the AI's seat, its offer
    and that board."""
    game_id, people = await seated(world, "catan", ai=2, guests=0)
    (person, alice), = people.items()
    await alice.slash("game notify", when="every")  # an offer within another's turn is DMed at this level
    built: dict[str, int] = {}

    def build(game: Game) -> None:
        assert isinstance(game, Catan)
        while game.s["phase"] == "setup":
            seat = game.current_seat()
            assert seat is not None
            game.apply(seat, game.legal_actions(seat)[0])
        ai = next(s for s in range(game.num_players) if s != person)
        for hand in game.s["hands"]:
            for i, n in enumerate(hand):
                game.s["bank"][i] += n
                hand[i] = 0
        for seat, cards in ((ai, {"brick": 1, "ore": 3}), (person, {"lumber": 2} if held is None else held)):
            for name, n in cards.items():
                game.s["hands"][seat][RESOURCES.index(name)] += n
                game.s["bank"][RESOURCES.index(name)] -= n
        game.s["phase"], game.s["active"] = "main", ai
        built["ai"] = ai

    await rewritten(world, game_id, build, ai_turn=True)
    await world.settle()
    ai = built["ai"]
    view = (await world.bot.service.status(game_id)).public_view
    assert view is not None and view["offer"] is not None and view["offer"]["from"] == ai, "the AI offered"
    board = world.boards()[-1]
    can_pay = held is None
    assert (f"<@{alice.user.id}>" in board.text()) == can_pay, "the board pings her only for an offer she can take"
    return game_id, alice, ai, view["offer"]["id"], board



async def trades_with(world: World, game_id: int, alice: Person) -> list[str]:
    """The trades made with Alice, as the boards told them, each once (a board's catch-up may tell again what
    an earlier one did; her hand is no witness: once the AI's turn is over, the next seat's roll may pay her)."""
    seat = (await world.bot.service.get(game_id)).seat_of(alice.user.id)
    assert seat is not None
    told = [sentence for board in world.boards() for line in board.text().splitlines()
            for sentence in re.split(r"(?<=\.) ", line)]
    return sorted({line for line in told if "traded" in line and " to alice" in line})


async def test_a_person_accepts_an_ai_offer_with_one_tap_on_the_board(world: World) -> None:
    game_id, alice, ai, offer, board = await offered(world)
    labels = [b["label"] for b in board.buttons()]
    assert labels == [ACCEPT.format(ai=AI_NAMES[ai]), "Decline the offer", "Your move", "My hand"], labels
    asked = [m for m in alice.dms() if m.content.startswith("Your move")][-1]
    name = AI_NAMES[ai]
    assert asked.button(f"Accept {name}'s offer") and asked.button(f"Decline {name}'s offer"), "her DM has them too"
    done = await alice.click(board, "Accept")
    await world.settle()
    assert done.replies()[-1].content.startswith(f"✓ Accept {AI_NAMES[ai]}'s offer"), "she hears privately what she did"
    trades = await trades_with(world, game_id, alice)
    assert len(trades) == 1 and trades[0].startswith(AI_NAMES[ai]) \
        and trades[0].endswith(" traded 1 ore to alice for 1 lumber."), trades
    view = (await world.bot.service.status(game_id)).public_view
    assert view["offer"] is None or view["offer"]["id"] != offer, "the AI confirmed and went on with its turn"


async def test_a_person_declines_an_ai_offer_with_one_tap_and_others_are_refused(world: World) -> None:
    game_id, alice, ai, offer, board = await offered(world)
    version = (await world.bot.service.get(game_id)).version
    bob = world.person("bob")
    refused = await bob.click(board, "Decline the offer")
    await world.settle()
    reply = refused.replies()[-1]
    assert reply.ephemeral and "does not wait for your answer" in reply.content, reply.content
    assert (await world.bot.service.get(game_id)).version == version, "nobody answers for her"
    done = await alice.click(board, "Decline the offer")
    await world.settle()
    assert done.replies()[-1].content.startswith(f"✓ Decline {AI_NAMES[ai]}'s offer")
    assert await trades_with(world, game_id, alice) == [], "no trade"
    view = (await world.bot.service.status(game_id)).public_view
    assert view["offer"] is None or view["offer"]["id"] != offer, "the AI withdrew it and went on with its turn"


async def test_accept_is_on_the_board_whatever_the_hand_and_the_engine_says_why_it_cannot_be_made(
        world: World) -> None:
    """The board tells only what its public view holds: Accept is there though Alice lacks the lumber asked
    (only her hand knows), though she is not pinged for it; pressed, it is refused privately, saying why, and
    changes nothing."""
    game_id, alice, ai, _, board = await offered(world, {"wool": 1})
    version = (await world.bot.service.get(game_id)).version
    refused = await alice.click(board, ACCEPT.format(ai=AI_NAMES[ai]))
    await world.settle()
    reply = refused.replies()[-1]
    assert reply.ephemeral and "You do not hold the cards this offer asks of you" in reply.content, reply.content
    assert (await world.bot.service.get(game_id)).version == version, "nothing changed"
