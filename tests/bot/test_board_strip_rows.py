"""Issue 43 (item 6), on both backends: a board that replaces another is recorded with the old one's `strip` row
in the same write, and the row is due at once, so a crash after the record still strips the old board."""

from __future__ import annotations

from datetime import timedelta

from bot.outbox import strip
from bot.service import GameService
from bot.storage import BoardMessage
from tests.support.inspector import outbox_pending
from tests.support.tables import FakeClock, running_game


async def test_a_replaced_board_is_recorded_with_its_strip_row_due_at_once(service: GameService,
                                                                           clock: FakeClock) -> None:
    storage = service.storage
    game_id = await running_game(service)
    claimed = await storage.claim_outbox(now=clock(), owner="a", lease=timedelta(minutes=2), limit=50,
                                         hold=timedelta(0))
    await storage.record_board(game_id, BoardMessage(10, 555, 1), [i.id for i in claimed], clock())
    await storage.record_board(game_id, BoardMessage(10, 556, 2), [], clock(), [strip(BoardMessage(10, 555, 1))])
    assert await storage.board_message(game_id) == BoardMessage(10, 556, 2)
    (row,) = await outbox_pending(storage, game_id)
    assert (row.kind, row.target, row.payload) == ("strip", None, {"channel": 10, "message": 555})
    due = await storage.claim_outbox(now=clock(), owner="b", lease=timedelta(minutes=2), limit=50, hold=timedelta(0))
    assert [i.id for i in due] == [row.id]
