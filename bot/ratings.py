"""Ratings (issue 20): OpenSkill's Plackett-Luce model turns each finished game's ranking into new ratings.

Every seat is one team in the match, ranked by its place (ties share a place). A seat whose player
is not rated (a person who left, a forgotten user) still plays in the match at the default rating,
so the others' updates stay true to the game, but its own update is dropped. An AI policy in
several seats of one game is one player: each seat's comparison counts, so the updates add up (mu
moves by the sum of the seats' moves, sigma shrinks by the product of their factors).
"""

from __future__ import annotations

from openskill.models import PlackettLuce

from bot.storage import Rating, ResultSeat

MODEL = PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    """The model's conservative skill estimate, which leaderboards sort by."""
    return float(MODEL.rating(mu=mu, sigma=sigma).ordinal())


def fresh(player: str) -> Rating:
    """A player's rating before any game."""
    return Rating(player, MODEL.mu, MODEL.sigma, ordinal(MODEL.mu, MODEL.sigma), 0, 0)


def rate(seats: list[ResultSeat], current: dict[str, Rating]) -> list[Rating]:
    """The ratings of a finished game's players after it (a `Rater` for `Storage.rate_result`)."""
    before = [current.get(s.player) or fresh(s.player) if s.player else None for s in seats]
    teams = [[MODEL.rating(mu=b.mu, sigma=b.sigma) if b else MODEL.rating()] for b in before]
    after = MODEL.rate(teams, ranks=[s.place for s in seats])
    updated: dict[str, Rating] = {}
    for seat, prior, [new] in zip(seats, before, after, strict=True):
        if prior is None:
            continue
        base = updated.get(prior.player, prior)
        mu = base.mu + new.mu - prior.mu
        sigma = base.sigma * new.sigma / prior.sigma
        updated[prior.player] = Rating(prior.player, mu, sigma, ordinal(mu, sigma), base.games + 1,
                                       base.wins + int(seat.won))
    return list(updated.values())

