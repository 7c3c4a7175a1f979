-- Ratings (issue 20), as SQLite's migration 004: each finished game's ranking is kept with its
-- result and rated once. place: 0 is first, tied seats share a place (older results rank their
-- winners first, everyone else second). ai: the AI policy that played the seat from the start.
ALTER TABLE result_seats ADD COLUMN place INTEGER NOT NULL DEFAULT 0;
ALTER TABLE result_seats ADD COLUMN ai TEXT;
UPDATE result_seats SET place = CASE WHEN won THEN 0 ELSE 1 END;
-- rated is set in the transaction that writes the game's rating updates.
ALTER TABLE results ADD COLUMN rated BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX results_unrated ON results (finished_at, game_id) WHERE NOT rated;

-- scope is the server's id, or 0 for the rating across all servers; player is 'user:<id>' or 'ai:<policy>'.
CREATE TABLE ratings (
    game_type  TEXT NOT NULL,
    scope      BIGINT NOT NULL,
    player     TEXT NOT NULL,
    mu         DOUBLE PRECISION NOT NULL,
    sigma      DOUBLE PRECISION NOT NULL,
    ordinal    DOUBLE PRECISION NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    PRIMARY KEY (game_type, scope, player)
);
CREATE INDEX ratings_board ON ratings (game_type, scope, ordinal DESC);
CREATE INDEX ratings_player ON ratings (player);
