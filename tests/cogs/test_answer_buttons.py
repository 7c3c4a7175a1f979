"""The board's Accept / Decline of an open offer go to whoever the offer waits on, not to the seat it was first
addressed to (issue 27): a Colonies counter-offer (COL-R27) waits on the player who offered, and the board's
Accept says what the counter gives them."""

from __future__ import annotations

from games.core import Game
from tests.support.clicking import seated
from tests.support.positions import colonies_trader_ready, rewritten
from tests.support.world import World


async def test_a_colonies_counter_offer_is_accepted_with_one_tap_by_the_player_who_offered(world: World) -> None:
    game_id, people = await seated(world, "colonies")
    built: dict[str, int] = {}

    def countered(game: Game) -> None:
        seat = colonies_trader_ready(game)
        game.apply(seat, {"type": "offer", "partner": 2 - seat, "give": ["farmer"], "want": ["wealth"],
                          "worker": "trader"})
        game.apply(1 - seat, {"type": "counter", "give": ["food"]})
        built["seat"] = seat

    await rewritten(world, game_id, countered, board=True)
    seat = built["seat"]
    offerer, partner = people[seat], people[1 - seat]
    board = world.boards()[-1]
    accept = next(b["label"] for b in board.buttons() if b["label"].startswith("Accept "))
    assert accept.endswith("'s counter: you get a Food for a Farmer"), accept
    assert "Seat" not in accept and board.button("Decline the offer")
    refused = await partner.click(board, accept)
    await world.settle()
    assert "does not wait for your answer" in refused.replies()[-1].content, "the counter waits on the offerer"
    done = await offerer.click(board, accept)
    await world.settle()
    assert done.replies()[-1].content.startswith("✓ Accept the trade")
    hand = (await world.bot.service.hand(game_id, offerer.user.id))["hand"]
    assert hand.count("food") == 3 and "farmer" not in hand, hand
