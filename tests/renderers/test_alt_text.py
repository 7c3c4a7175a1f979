"""Alt text and the words beside every picture (issue 27, item 6): made from the view the picture was drawn
from, within Discord's limit for an attachment's description, naming whose turn it is and the scores; a
hand's alt text reads only that seat's own view.  A board's alt text then describes the map (issue 35, item 4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import games
from games.catan.board import GEOMETRY, TERRAIN_YIELD
from games.colonies.text import cards
from games.colours import colour_of
from renderers.cast import Cast, Player
from renderers.text import DESCRIPTION_LIMIT, alt_text, board, clip, headline, summary
from tests.support.states import finished, states

SPEC = Path("/work/shared/discord-api/openapi.json")
PICTURES = ("board", "status", "replay", "recap")


def test_the_limit_is_discords() -> None:
    """MessageAttachmentRequest.description in Discord's OpenAPI spec (a copy ships in tests/openapi)."""
    spec_path = SPEC if SPEC.exists() else Path("tests/openapi/openapi.json")
    spec = json.loads(spec_path.read_text(encoding="utf-8"))
    field = spec["components"]["schemas"]["MessageAttachmentRequest"]["properties"]["description"]
    assert field["maxLength"] == DESCRIPTION_LIMIT


NAMED = Cast([Player(name, colour_of(s)) for s, name in enumerate(("alice", "bob", "carol", "dave", "erin", "fay"))])
"""Six people at a table, by name."""


@pytest.mark.parametrize("game_id", sorted(games.registry()))
def test_every_picture_has_alt_text_within_the_limit_naming_the_turn_and_the_scores(game_id: str) -> None:
    for game in states(game_id, 6, seed=2729):
        view = game.view(None)
        lines = summary(game_id, view, NAMED.reading(None))
        assert lines and all(isinstance(line, str) and line for line in lines)
        for picture in PICTURES:
            alt = alt_text(game_id, view, picture, cast=NAMED.reading(None))
            assert 0 < len(alt) <= DESCRIPTION_LIMIT
            assert alt.startswith(view["title"])
            assert NAMED.short(0) in alt, f"{game_id} {picture}: the seats are named: {alt}"
            assert "Seat " not in alt, f"{game_id} {picture}: no seat by number: {alt}"
        if not game.over and "to_move" in view:  # a view that says whose turn it is
            assert any(NAMED.short(s) in lines[0] for s in view["to_move"]), f"{game_id}: whose turn first: {lines[0]}"
        for seat in range(game.num_players):
            alt = alt_text(game_id, game.view(seat), "hand", cast=NAMED.reading(seat))
            assert 0 < len(alt) <= DESCRIPTION_LIMIT and colour_of(seat) in alt and "Seat " not in alt


def test_a_hands_alt_text_reads_only_that_seats_view() -> None:
    """Catan: seat 1's alt text names seat 1's cards, and is the same whatever another seat holds."""
    game = games.get_game("catan").new(3, seed=5)
    mine = game.view(0)
    alt = alt_text("catan", mine, "hand")
    assert all(f"{n} {r}" in alt for r, n in mine["hand"].items())
    game.s["hands"][1] = [7, 7, 7, 7, 7]
    assert alt_text("catan", game.view(0), "hand") == alt


def test_long_text_is_cut_at_a_word_within_the_limit() -> None:
    cut = clip("word " * 400)
    assert len(cut) <= DESCRIPTION_LIMIT and cut.endswith("…") and "wor…" not in cut


BOARDS = sorted(set(games.registry()) - {"testgame"})


@pytest.mark.parametrize("game_id", BOARDS)
def test_a_boards_alt_text_says_the_turn_the_scores_and_the_map_not_the_rest_of_the_message(game_id: str) -> None:
    """Issue 35, item 4: after whose turn and the scores come the map's facts; every other line of the summary
    (the text beside the picture in the same message) is not said twice."""
    for game in states(game_id, 6, seed=2729):
        view = game.view(None)
        alt = alt_text(game_id, view, "board")
        kept = headline(summary(game_id, view))
        assert all(line in alt for line in kept), alt
        assert not [line for line in summary(game_id, view) if line not in kept and line in alt], alt
        facts = board(game_id, view)
        assert facts and facts[0] in alt, f"{game_id}: the map is described: {alt}"


@pytest.mark.parametrize("game_id", BOARDS)
def test_a_finished_games_alt_text_fits_whole_sentences_within_the_limit(game_id: str) -> None:
    """A late position says the most (every building, island, colony): its alt text says less per fact rather
    than being cut mid-sentence at Discord's limit, and counts what it leaves out."""
    game = finished(game_id, seed=1)
    view = game.view(None)
    players = "AI players: " + ", ".join(f"{NAMED.full(s)} (hard)" for s in range(1, game.num_players)) + "."
    told = f"{NAMED.full(0)} had the best chance of winning for most of the game; it turned in round 9."
    for picture in PICTURES:
        alt = alt_text(game_id, view, picture, title=view["title"], players=players, told=told)
        assert len(alt) <= DESCRIPTION_LIMIT and alt.endswith(".") and not alt.endswith("…"), f"{picture}: {alt}"
    alt, facts = alt_text(game_id, view, "board", players=players), board(game_id, view)
    said = [fact for fact in facts if fact in alt]
    assert said == facts[:len(said)], "the facts said are the first, the most looked-for"
    if game_id == "small_islands":
        big = sum(not i["islet"] for i in view["islands"])
        assert f"{big} islands of two tiles or more" in said[0]
        told_islands = sum(fact.startswith("Island at ") for fact in said)
        assert told_islands == big or alt.endswith(f"And {big - told_islands} more islands, none larger."), alt


def test_catan_names_each_building_by_its_hexes_and_numbers_the_robber_and_the_longest_road() -> None:
    game = games.get_game("catan").new(3, seed=5)
    view = game.view(None)
    node = next(n for n, hexes in enumerate(GEOMETRY.node_hexes) if len(hexes) == 3
                and all(view["terrain"][h] != "desert" for h in hexes))
    game.s["buildings"][node] = [1, 2]
    game.s["longest"], game.s["road_len"][1] = 1, 6
    view = game.view(None)
    touched = "/".join(f"{TERRAIN_YIELD[view['terrain'][h]]} {view['tokens'][h]}" for h in GEOMETRY.node_hexes[node])
    alt = alt_text("catan", view, "board")
    assert f"Blue: city on {touched}." in alt, "a seat where no one sits, by its colour"
    assert f"Robber on hex {GEOMETRY.hex_labels[view['robber']]} (desert)." in alt
    assert "Longest Road: Blue, 6 long." in alt


def test_roam_says_the_squares_each_seat_holds() -> None:
    game = games.get_game("roam").new(2, seed=5)
    game.map[2][3], game.map[0][0] = [1], [0]
    alt = alt_text("roam", game.view(None), "board", cast=Cast([Player("alice", "red"), Player("bob", "blue")]))
    assert "alice (red) holds A1." in alt and "bob (blue) holds D3." in alt


def test_colonies_says_the_cards_on_offer() -> None:
    view = games.get_game("colonies").new(2, seed=5).view(None)
    alt = alt_text("colonies", view, "board")
    assert f"On offer: Population {cards(view['lineup'])}; Land {cards(view['frontier'])}." in alt


@pytest.mark.parametrize("game_id", ["small_islands", "roanoke"])
def test_islands_and_colonies_say_where_the_houses_stand(game_id: str) -> None:
    """Small Islands: each island of two tiles or more with its houses; Roanoke: each colony's exit and houses."""
    finished = [g for g in states(game_id, 6, seed=2729) if g.over or g.view(None).get("round", 0) > 1]
    view = finished[-1].view(None)
    alt = alt_text(game_id, view, "board")
    if game_id == "small_islands":
        big = [i for i in view["islands"] if not i["islet"]]
        assert big and alt.count("Island at ") == len(big), alt
    else:
        for p in view["players"]:
            assert f"{Cast([]).full(p['seat'])}, from exit {view['labels']['exits'][p['seat']]}: houses" in alt
            assert all(square in alt for square in p["houses"]), alt
