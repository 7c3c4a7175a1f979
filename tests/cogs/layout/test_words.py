"""The lobby, hand-over and settings sentences, from their one home (cogs/words.py)."""

from __future__ import annotations

from bot.outcome import GameInfo, SeatInfo
from cogs.words import (
    describe_settings,
    hand_over_text,
    lobby_text,
    server_defaults_text,
    started_text,
    table_settings_text,
)
from games.core import get_game


def table(**changes: object) -> GameInfo:
    info = GameInfo(id=7, game_type="catan", title="Catan", guild_id=1, channel_id=2, thread_id=None,
                    status="lobby", version=3, created_by=10, options={"numbers": "random"},
                    seats=[SeatInfo(0, 10, False, known_as="**al**"), SeatInfo(1, None, True)], to_move=[],
                    settings={"deadline_hours": 24, "reminder": 0.5, "policy": "ai", "board": "edit"})
    return GameInfo(**{**info.__dict__, **changes})


def test_the_lobby_says_the_table_its_seats_its_host_and_its_options() -> None:
    cls = get_game("catan")
    assert lobby_text(table()).split("\n") == [
        f"**Catan** #7 — a table for {cls.min_players}–{cls.max_players} players",
        "Seats: 1. \\*\\*al\\*\\* (red) (host) · 2. Basil (AI normal, blue)", "Options: numbers=random",
        "Press **Join** to sit down; the host adds AI players, may remove a seat, and presses **Start**."]
    assert started_text(table()).split("\n")[2] == "Started!"
    assert "Seats: nobody yet" in lobby_text(table(seats=[], options={}))


def test_a_hand_over_is_asked_in_the_words_of_what_it_does() -> None:
    assert hand_over_text(table(), "abandon").startswith("Abandon Catan #7? The game ends for everyone")
    assert "An AI plays your seat" in hand_over_text(table(), "leave")
    roanoke = table(game_type="roanoke", title="Roanoke")
    assert get_game("roanoke").resignation in hand_over_text(roanoke, "resign")


def test_settings_are_said_once_for_a_table_and_for_a_server() -> None:
    said = ("turn deadline 24 h, reminder at 50% of it, on timeout: ai, an AI taking over a seat plays normal, "
            "an AI's offer waits 5 min for an answer, board one message edited in place.")
    assert describe_settings(table().settings) == said
    assert table_settings_text(table()) == f"Catan #7: {said}"
    assert table_settings_text(table(), changed_by=10) == f"<@10> changed the table settings. Catan #7: {said}"
    assert server_defaults_text({"thread": True}, saved=True) == (
        "Saved. New tables on this server: turn deadline off, reminder at 50% of it, on timeout: ai, an AI taking "
        "over a seat plays normal, an AI's offer waits 5 min for an answer, board posted once a turn, edited in "
        "place while one player acts, "
        "tables open in a thread: yes.")
