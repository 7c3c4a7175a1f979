"""The rulebook's pictures say what their positions hold: each fact a caption states is read here from the built
position, so that a caption cannot drift from the position the engine builds. Checked at the shipped seed, and at
another where the example builds from a seed (Catan, Colonies, Roanoke; ROAM's and Small Islands' book games are
written move by move for their seed). Catan: the new island's red numbers, desert and harbours, who rolled, the
robber's hex with its resource and number, whom it robbed, who holds Longest Road and how long, the cards in the hand
shown. Colonies: the opening hand, the table in round 3, the Threat in hand with the Soldier that may fight it, what
the Explorer took and sees, and the tie at the end. ROAM: the map at the start, where the key marker may go, the
markers and coins of a placing with its blank's cost, the tie bid, and whose turned picture shows which characters
used. Roanoke: the board at the start (exits, resource nodes, where the first tile may go), the linked roads,
generators and upgrades, the paving that cuts a road off, and the First Winter (what it takes, what the short
colony lacks, who took its chits). Small Islands: the start's island and row, the tiles and objectives in hand, the
tile just placed with the land and sea it meets, round 1's houses and their PP, the discovery tokens drawn, the
ships with the ports around them, and the final scores."""

from __future__ import annotations

import pytest

import games.catan.examples as catan_examples
import games.colonies.examples as colonies_examples
import games.roanoke.examples as roanoke_examples
from games.catan.board import GEOMETRY, TERRAIN_YIELD
from games.catan.game import Catan
from games.catan.table import DEV_NAMES
from games.colonies.cards import POPULATIONS, THREATS, title
from games.colours import SEAT_COLOURS, colour_of
from games.core import listed
from games.grammar import a, plural
from games.roam.data import short_name
from games.roam.geometry import parse_square, slot_squares, square_name
from games.roanoke import board as B
from games.roanoke.board import label
from games.roanoke.seasons import CARDS
from games.rulebook import examples
from games.small_islands.data import DISCOVERY, FACES
from games.small_islands.islands import port_count
from games.small_islands.names import name_from
from games.small_islands.tiles import AROUND, EDGE


def shown(name: str) -> tuple[Catan, str, str | None]:
    """A Catan example's position, caption and close-up."""
    game, caption, area = examples("catan")[name].shown()
    assert isinstance(game, Catan)
    return game, caption, area


@pytest.mark.parametrize("seed", [catan_examples.SEED, 1])
def test_each_catan_captions_facts_are_its_positions(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(catan_examples, "SEED", seed)

    game, caption, _ = shown("island")
    layout = game.s["layout"]
    red = [GEOMETRY.hex_labels[h] for h, token in enumerate(layout["tokens"]) if token in (6, 8)]
    assert len(red) == 4 and f"the red 6s and 8s (hexes {listed(red)})" in caption, caption
    desert = layout["terrain"].index("desert")
    assert game.s["robber"] == desert and f"The desert, hex {GEOMETRY.hex_labels[desert]}, has no" in caption
    generic = layout["harbors"].count("any")
    assert f"Of the {len(layout['harbors'])} harbours on the coast, {generic} trade any 3 cards for 1 and " \
           f"{len(layout['harbors']) - generic} trade 2 of one resource for 1." in caption

    game, caption, _ = shown("settled")
    assert f"{colour_of(game.s['start']).capitalize()} rolls first." in caption
    for seat in range(game.num_players):
        assert sum(b == [seat, 1] for b in game.s["buildings"]) == 2 and game.s["roads"].count(seat) == 2

    game, caption, area = shown("robber")
    hex_, label = game.s["robber"], GEOMETRY.hex_labels[game.s["robber"]]
    number, resource = game.s["layout"]["tokens"][hex_], TERRAIN_YIELD[game.s["layout"]["terrain"][hex_]]
    assert area == f"hex {label}" and sum(game.s["last_roll"]) == 7
    assert caption.startswith(f"{colour_of(game.s['active']).capitalize()} rolled a 7 and moved the robber (R) to "
                              f"hex {label}, a {resource} {number}, robbing "), caption
    robbed = SEAT_COLOURS.index(caption.split("robbing ")[1].split(".")[0])
    owners = {b[0] for v in GEOMETRY.hex_nodes[hex_] if (b := game.s["buildings"][v]) is not None}
    assert robbed in owners and robbed != game.s["active"]
    assert f"pays nothing from {label}, to {' or to '.join(colour_of(s) for s in sorted(owners))}." in caption

    game, caption, _ = shown("longest_road")
    holder = game.s["longest"]
    assert caption.startswith(f"{colour_of(holder).capitalize()} has {game.s['road_len'][holder]} roads in a row "
                              "and holds Longest Road"), caption

    example = examples("catan")["hand"]
    game, caption, _ = shown("hand")
    assert example.seat is not None and caption.startswith(f"{colour_of(example.seat).capitalize()}'s hand"), caption
    held = {kind: n for kind, n in game.s["devs"][example.seat].items() if n}
    assert held and all(f"{n} {DEV_NAMES[kind]}" in caption for kind, n in held.items()), (held, caption)


def test_the_colonies_tie_at_the_end_is_the_results() -> None:
    game, caption, _ = examples("colonies")["final"].shown()
    result = game.view(None)["result"]
    rows = result["details"]["rows"]
    first, second = (seats[0] for seats in result["ranking"][:2])
    assert rows[first]["score"] == rows[second]["score"] and result["winners"] == [first], "a tie, broken"
    assert f"both have {rows[first]['score']} points" in caption
    assert f"{colour_of(first)} shipped {rows[first]['shipped']} Wealth" in caption
    assert f"{colour_of(second)} only {rows[second]['shipped']}, so {colour_of(first)} wins" in caption
    [gone] = [seat for seat, row in enumerate(rows) if row["eliminated"]]
    assert f"{colour_of(gone).capitalize()} was eliminated" in caption and rows[gone]["score"] == 0


def test_small_islands_row_objectives_and_final_scores_are_the_positions() -> None:
    game, caption, _ = examples("small_islands")["start"].shown()
    view = game.view(None)
    grid = view["grid"]
    assert len(view["islands"]) == 1 and not view["islands"][0]["open"]
    assert caption.startswith(f"The map at the start: the {len(grid)} starting tiles make one closed island")
    resources = [r for t in grid for r in t["res"]]
    shown = [*resources, *["temple"] * sum(t["temple"] for t in grid), *["port"] * sum(t["ports"] for t in grid),
             *["house symbol"] * sum(t["symbols"] for t in grid)]
    counted = {word: shown.count(word) for word in dict.fromkeys(shown)}
    assert f"with {listed([a(w) if n == 1 else f'{n} {w}s' for w, n in counted.items()])}; the dashed" in caption
    assert caption.endswith(f"the row offers {listed(view['row'])}.")

    example = examples("small_islands")["objectives"]
    game, caption, _ = example.shown()
    view = game.view(example.seat)
    hand, held = view["hand"], view["held"]["objective"]
    assert f"round {view['round']}'s preparation: its {len(hand)} tiles in hand, {listed(hand)}, each" in caption
    assert f"{len(held)} objective cards to choose from ({listed(held)})" in caption, caption

    game, caption, _ = examples("small_islands")["end"].shown()
    view = game.view(None)
    rows = view["result"]["details"]["rows"]
    top_left = (view["origin"][0], view["origin"][1])
    grid = {(t["x"], t["y"]): t for t in view["grid"]}
    ships = {t["ship"]: [name_from(x, y, top_left) for (x, y), t2 in grid.items() if t2["ship"] == t["ship"]]
             for t in grid.values() if t["ship"] is not None}
    assert sum(len(cells) for cells in ships.values()) == 4 and f"grey ones at {listed(ships['grey'])}." in caption
    for seat, row in enumerate(rows):
        [(x, y)] = [cell for cell, t in grid.items() if t["ship"] == seat]
        ports = {name_from(x + dx, y + dy, top_left): port_count(t) for dx, dy in AROUND
                 if (t := grid.get((x + dx, y + dy))) is not None and port_count(t)}
        assert sum(ports.values()) == row["ship_ports"]
        told = listed([f"{n} at {cell}" for cell, n in sorted(ports.items())])
        assert f"{colour_of(seat).capitalize()}'s ship at {ships[seat][0]} has {row['ship_ports']} ports around it " \
               f"({told})." in caption, caption
        assert row["pp"] + row["discovery"] + row["ship_ports"] == row["score"]
        assert f"{colour_of(seat).capitalize()} scores {row['pp']} + {row['discovery']} + {row['ship_ports']} = " \
               f"{row['score']} PP" in caption


def test_roams_tie_bid_is_on_the_card_shown_with_equal_markers() -> None:
    game, caption, area = examples("roam")["tie"].shown()
    view = game.view(None)
    slot, (first, answer) = view["bid"]["slot"], view["bid"]["order"]
    markers = [sum(view["map"][r][c].count(seat) for r, c in slot_squares(slot)) for seat in (first, answer)]
    assert area == f"card {slot + 1}" and markers[0] == markers[1] and first == view["current"]
    assert caption == (f"Card {slot + 1} is full: {markers[0]} markers each. {colour_of(first).capitalize()}, whose "
                       f"turn it is, bids first; {colour_of(answer).capitalize()} answers once.")


def test_roanokes_winter_pictures_say_what_the_check_takes_and_who_lacks_it() -> None:
    winter = examples("roanoke")["winter"]
    game, caption, _ = winter.shown()
    view = game.view(None)
    card = CARDS[view["seasons"][view["season"]]["card"]]
    assert winter.seat is not None
    held = view["players"][winter.seat]["hand"]
    short = {r: n - held[r] for r, n in card["amounts"].items() if held[r] < n}
    assert short and all(f"holds only {held[r]} {r}" in caption and f"trades for {n} {r}" in caption
                         for r, n in short.items()), (short, caption)
    assert f"{view['season_name']}: {card['name']} takes" in caption and colour_of(winter.seat) in caption

    after, told, _ = examples("roanoke")["after_winter"].shown()
    players = after.view(None)["players"]
    assert not players[winter.seat]["alive"] and players[winter.seat]["chits"] == 0
    chits = view["players"][winter.seat]["chits"]
    heir = next(p["seat"] for p in players if p["alive"]
                and p["chits"] == view["players"][p["seat"]]["chits"] - sum(card["amounts"].values()) + chits)
    assert f"its {plural(chits, 'chit')} went to {colour_of(heir)}" in told
    assert f"{listed([colour_of(p['seat']) for p in players if p['alive']])} each paid" in told


def test_roanokes_first_board_names_its_exits_nodes_and_the_drawn_tiles_squares() -> None:
    game, caption, _ = examples("roanoke")["first_draw"].shown()
    view = game.view(None)
    assert all(f"{square} ({colour_of(seat)})" in caption for seat, square in enumerate(view["labels"]["exits"]))
    nodes = {label(square): cell["res"] for square, cell in enumerate(view["board"]) if cell and cell["kind"] == "node"}
    assert len(nodes) == 4 and all(f"{res} {square}" in caption for square, res in nodes.items()), caption
    spots = view["drawn_spots"]
    assert spots and caption.endswith(f"has drawn {a(view['drawn_tile'])}: the dotted squares {listed(spots)} are "
                                      "where it may go.")


def test_small_islands_first_houses_are_where_and_worth_what_the_engine_scored() -> None:
    game, caption, _ = examples("small_islands")["houses"].shown()
    view = game.view(None)
    top_left = (view["origin"][0], view["origin"][1])
    named = {name_from(e["x"], e["y"], top_left): e["pp"] for e in view["last"] if e["type"] == "house"}
    assert len(named) == 4 and [p["pp"] for p in view["players"]] == [sum(list(named.values())[:2]),
                                                                      sum(list(named.values())[2:])]
    red, blue = list(named.items())[:2], list(named.items())[2:]
    assert f"built at {red[0][0]} ({red[0][1]} PP: 1 per tile of that {red[0][1]}-tile island)" in caption, caption
    assert f"and {red[1][0]} ({red[1][1]} PP)" in caption
    assert f"built at {blue[0][0]} and {blue[1][0]}, counting leaves: " in caption
    assert all(f"= {pp} PP" in caption for _, pp in blue)


def test_small_islands_placed_tile_and_discovery_are_the_positions() -> None:
    game, caption, _ = examples("small_islands")["placed"].shown()
    view = game.view(None)
    placed = view["last"][-1]
    assert placed["type"] == "placed", placed
    tile, x, y = placed["tile"], placed["x"], placed["y"]
    top_left = (view["origin"][0], view["origin"][1])
    where, shape = name_from(x, y, top_left), FACES[tile]["shape"]
    assert caption.startswith(f"{colour_of(placed['seat']).capitalize()} has just placed {tile}, {a(shape)}, turned "
                              f"{90 * placed['rot']}° at {where}:"), caption
    grid = {(t["x"], t["y"]): t for t in view["grid"]}
    ring = grid[x, y]["ring"]
    facing = {offset: (ring[edge], name_from(x + offset[0], y + offset[1], top_left)) for offset, edge in EDGE.items()
              if (x + offset[0], y + offset[1]) in grid}
    land = [cell for terrain, cell in facing.values() if terrain == "L"]
    sea = [cell for terrain, cell in facing.values() if terrain == "S"]
    corners = [name_from(x + dx, y + dy, top_left) for dx, dy in AROUND if dx and dy and (x + dx, y + dy) in grid]
    assert land == ["C4"] and shape == "cape", "the book's worked example: T09, a cape, meets the tile at C4"
    assert f"its one land edge, to the south, meets the land of {listed(land)}" in caption, caption
    assert f"like {listed(sea)} beside it and {listed(corners)} across its corners." in caption
    island = next(i for i in view["islands"] if [x, y] in map(list, i["cells"]))
    assert f"the island there now has {island['tiles']} tiles" in caption

    game, caption, _ = examples("small_islands")["discovery"].shown()
    view = game.view(None)
    top_left = (view["origin"][0], view["origin"][1])
    played = [e["cards"]["objective"] for e in view["last"] if e["type"] == "revealed"][-1]
    built = [name_from(e["x"], e["y"], top_left) for e in view["last"] if e["type"] == "house"][-1]
    island = next(i for i in view["islands"] if any(name_from(*cell, top_left) == built for cell in i["cells"]))
    drawn = game.s["pending"]["drawn"]
    assert f"it plays {played}, whose reward is Discovery" in caption and len(drawn) == island["temple"]
    assert f"an island with {island['temple']} temples" in caption
    assert f"drew {len(drawn)} discovery tokens, worth {listed([str(DISCOVERY[d]) for d in drawn])} PP" in caption


@pytest.mark.parametrize("seed", [colonies_examples.SEED, 6])
def test_colonies_opening_hand_and_table_are_the_positions(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(colonies_examples, "SEED", seed)
    example = examples("colonies")["opening"]
    game, caption, _ = example.shown()
    view = game.view(example.seat)
    hand = view["hand"]
    assert all(f"{n} {title(c)}{'s' if c in POPULATIONS else ''}" in caption if (n := hand.count(c)) > 1
               else a(title(c)) in caption for c in hand), (hand, caption)
    framed = [c for c in hand if c != "food"]
    assert f"only the other {len(framed)} are framed" in caption and set(view["playable"]) <= set(framed)

    game, caption, _ = examples("colonies")["table"].shown()
    view = game.view(None)
    in_play = view["players"][0]["in_play"]
    assert caption.startswith(f"Round {view['round']} under {title(view['active_event'])}: ")
    people = [c for c in in_play if c["card"] in POPULATIONS]
    assert f"{len(people)} Population" in caption
    assert all(title(c["card"]) in caption for c in in_play)
    [acted] = [title(c["card"]) for c in people if c["state"] == "acted"]
    [ready] = [title(c["card"]) for c in people if c["state"] == "ready"]
    assert f"The {acted} has worked" in caption and f"the {ready} is ready for a job" in caption


@pytest.mark.parametrize("seed", [colonies_examples.SEED, 6])
def test_colonies_threat_and_explorer_pictures_are_the_positions(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(colonies_examples, "SEED", seed)
    example = examples("colonies")["threat"]
    game, caption, _ = example.shown()
    assert example.seat == 0
    view = game.view(0)
    [threat] = [card for card in view["hand"] if card in THREATS]
    [soldier] = [card for card in view["playable"] if card != threat]
    assert {"type": "play", "card": soldier, "food": "hand"} in game.legal_actions(0) and "food" in view["hand"]
    assert caption.startswith(f"Red holds {a(title(threat))}: before playing it, red may play the "
                              f"{title(soldier)} (paying the Food in hand) and send it to fight the {title(threat)}.")
    waiting = [f"the {title(card)}" for card in view["hand"] if card not in (threat, soldier, "food")]
    assert waiting and caption.endswith(f"Nothing else may be played yet: {listed(waiting)} must wait."), caption

    game, caption, _ = examples("colonies")["explorer"].shown()
    view = game.view(0)
    [land] = [card for card in view["players"][0]["discard"] if card not in game.view(0)["frontier"]]
    seen = view["explorer_sees"]
    assert seen == game.s["pending"]["seen"] and len(seen) == 3
    assert caption.startswith(f"Red's Explorer took the {title(land)} from the Frontier and now sees the top "
                              f"{len(seen)} Threats ({listed([title(card) for card in seen])}):"), caption


def test_roams_start_anchors_blank_and_own_view_are_the_positions() -> None:
    """ROAM's book game is written move by move for its seed (another seed deals other colours and characters), so
    its pictures are checked at that seed, each fact against the position."""
    game, caption, _ = examples("roam")["start"].shown()
    view = game.view(None)
    coins = sum(n for row in view["coins_map"] for n in row)
    assert [p["edge"] for p in view["players"]] == ["S", "N"] and len(view["slots"]) == 6
    assert caption == ("The map at the start of a 2-player game: 6 land cards numbered 1 to 6, each with its character "
                       f"above it; gold discs are coins, {coins} on the map. Red sits South, Blue North.")

    game, caption, _ = examples("roam")["anchors"].shown()
    placing = game.view(None)["placing"]
    rows = {sq[0] for square in placing["anchors"] if (sq := parse_square(square)) is not None}
    assert rows == set(range(1, 6)), "every row but row 1 (index 0) takes the key marker"
    assert caption.startswith(f"{colour_of(placing['seat']).capitalize()} chose its {short_name(placing['card'])}. ")
    assert "not row 1, where the marker ahead" in caption

    game, caption, _ = examples("roam")["blank"].shown()
    view = game.view(None)
    placing = view["placing"]
    seat, anchor = placing["seat"], parse_square(placing["anchor"])
    assert anchor is not None and view["players"][seat]["edge"] == "N"
    marked = [(r, c) for r, row in enumerate(view["map"]) for c, held in enumerate(row) if seat in held]
    named = [square_name((r, c)) + (f" (+{plural(coins, 'coin')})" if (coins := view["coins_map"][r][c]) else "")
             for r, c in marked]
    assert caption.startswith(f"{colour_of(seat).capitalize()} (North, so ahead is south for it) put its "
                              f"{short_name(placing['card'])}'s key marker on {placing['anchor']}: markers on "
                              f"{listed(named)}."), caption
    [blank] = placing["blanks_left"]
    held = view["players"][seat]["coins"]
    filled = game.copy()
    filled.apply(seat, {"type": "blank", "square": blank})
    assert caption.endswith(f"Its blank square, {blank}, costs {held - filled.view(None)['players'][seat]['coins']} "
                            f"coins to fill; it holds {held}."), caption

    example = examples("roam")["own_view"]
    game, caption, _ = example.shown()
    assert example.seat is not None
    player = game.view(example.seat)["players"][example.seat]
    used = [short_name(c["card"]) for c in player["characters"] if not c["up"]]
    assert player["edge"] == "N" and len(used) == 3
    assert caption.startswith(f"{colour_of(example.seat).capitalize()}'s own picture: the map turned so the North "
                              "edge is at the bottom")
    assert caption.endswith(f"grey when used: its {listed(used)} are used now."), caption


@pytest.mark.parametrize("seed", [roanoke_examples.SEED, 1])
def test_roanokes_road_pictures_say_who_is_linked_cut_off_and_paving(seed: int,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(roanoke_examples, "SEED", seed)
    game, caption, _ = examples("roanoke")["roads"].shown()
    view = game.view(None)
    board = view["board"]

    def nodes(seat: int) -> set[int]:
        return {x for x in B.own_net(board, seat) if board[x]["kind"] == "node"}

    def node(x: int) -> str:
        return f"the {board[x]['res']} node {label(x)}"

    links = view["links"]
    [(first, second)] = [(i, j) for i in range(4) for j in range(i + 1, 4) if links[i] == links[j]]
    [shared] = nodes(first) & nodes(second)
    assert f"{colour_of(first).capitalize()} and {colour_of(second)} both reach {node(shared)}, so they are linked" \
        in caption, caption
    for seat in set(range(4)) - {first, second}:
        assert (f"{colour_of(seat).capitalize()} reaches" in caption) == bool(nodes(seat))
        assert all(node(x) in caption for x in nodes(seat))
    def said(text: str) -> bool:
        """The caption says this, at the start of a sentence or within one."""
        return text in caption or text[0].upper() + text[1:] in caption

    def at(square: str) -> dict[str, object] | None:
        x = B.parse_label(square)
        assert x is not None
        return board[x]

    for p in view["players"]:
        for square, res in p["generators"].items():
            assert (at(square) or {}).get("house") and said(f"{colour_of(p['seat'])}'s house on {square} carries "
                                                           f"{a(res)} generator"), caption
        assert all(said(f"{colour_of(p['seat'])}'s tile {square} has a road upgrade (+)")
                   for square in p["road_upgrades"])
    assert caption.endswith(f"{colour_of(view['active']).capitalize()} has drawn {a(view['drawn_tile'])}; the dotted "
                            f"squares {listed(view['drawn_spots'])} show where it fits.")

    game, caption, _ = examples("roanoke")["paved"].shown()
    view = game.view(None)
    board, paver = view["board"], view["active"]
    placed = view["last"][-1]
    assert placed["type"] == "placed" and placed["seat"] == paver, placed
    paved, square = placed["paved"]["owner"], B.parse_label(placed["square"])
    assert square is not None and board[square]["owner"] == paver
    came = [label(x) for _, x in B.NEIGHBOURS[square] if x in B.own_net(board, paver)]
    assert caption.startswith(f"{colour_of(paver).capitalize()} has paved {colour_of(paved)}'s "
                              f"{B.KIND_OF_MASK[board[square]['mask']]} on {label(square)} from {listed(came)}.")
    own = B.own_net(board, paved)
    cut = [label(x) for x, cell in enumerate(board) if cell and cell["kind"] == "road" and cell["owner"] == paved
           and x not in own]
    cross = view["labels"]["crosses"][paved]
    assert cut and B.parse_label(cross) in own
    assert f"own road now stops at its starting cross {cross}: its tiles {listed(cut)} are cut off (pale)" in caption
    idle = [x for x in view["players"][paved]["road_upgrades"] if x in cut]
    assert (f"its road upgrade on {listed(idle)} is idle" in caption) == bool(idle)
    assert B.parse_label(cross) in [x for _, x in B.NEIGHBOURS[square]] and links_of(view, paved, paver)
    assert f"linked to {colour_of(paver)} where {label(square)} meets {cross}." in caption, caption
    shared = [node(x) for x in nodes(paver) if label(x) in view["players"][paved]["nodes"]]
    assert shared and f"still shares {listed(shared)}" in caption
    paving = [spot for spot in view["drawn_spots"] if (at(spot) or {}).get("owner") == paved]
    assert paving and caption.endswith(f"may go on the dotted squares {listed(view['drawn_spots'])}: on "
                                       f"{' or '.join(paving)} it paves {colour_of(paved)}'s tile too.")


def links_of(view: dict[str, object], seat: int, other: int) -> bool:
    """Whether two colonies' roads are linked (one super-road)."""
    links = view["links"]
    assert isinstance(links, list)
    return bool(links[seat] == links[other])
