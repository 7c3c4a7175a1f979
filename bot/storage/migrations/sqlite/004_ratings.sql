-- Ratings (issue 20): each finished game's ranking is kept with its result and rated once.
-- place: 0 is first, tied seats share a place. Results written before places were kept rank
-- their winners first and everyone else second. ai: the AI policy that played the seat from the
-- start (NULL for a person, and for a seat a person left): the policy is rated as a player.
ALTER TABLE result_seats ADD COLUMN place INTEGER NOT NULL DEFAULT 0;
ALTER TABLE result_seats ADD COLUMN ai TEXT;
UPDATE result_seats SET place = 1 - won;
-- rated is set in the transaction that writes the game's rating updates: a game is rated once,
-- and one finished but not yet rated (a crash in between) is rated at the next start-up.
ALTER TABLE results ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
CREATE INDEX results_unrated ON results (finished_at, game_id) WHERE rated = 0;

-- One rating per game type, scope and player. scope is the server's id, or 0 for the rating
-- across all servers (no Discord id is 0). player is 'user:<id>' or 'ai:<policy>'.
CREATE TABLE ratings (
    game_type  TEXT NOT NULL,
    scope      INTEGER NOT NULL,
    player     TEXT NOT NULL,
    mu         REAL NOT NULL,
    sigma      REAL NOT NULL,
    ordinal    REAL NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    PRIMARY KEY (game_type, scope, player)
);
CREATE INDEX ratings_board ON ratings (game_type, scope, ordinal DESC);
CREATE INDEX ratings_player ON ratings (player);
