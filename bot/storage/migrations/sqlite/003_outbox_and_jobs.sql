-- The durable runtime (DESIGN §3, §4, §6): what players must be shown (outbox) and what must
-- happen later (jobs) are written in the same transaction as the change that causes them.
CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version      INTEGER NOT NULL,
    kind         TEXT NOT NULL,
    target       INTEGER,
    payload      TEXT NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    next_try     TEXT NOT NULL,
    lease_owner  TEXT,
    lease_until  TEXT,
    created_at   TEXT NOT NULL,
    done_at      TEXT,
    error        TEXT
);
CREATE INDEX outbox_due ON outbox (next_try) WHERE done_at IS NULL;
CREATE INDEX outbox_game ON outbox (game_id, kind) WHERE done_at IS NULL;

CREATE TABLE jobs (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind         TEXT NOT NULL CHECK (kind IN ('ai_turn', 'remind', 'timeout')),
    due          TEXT NOT NULL,
    for_version  INTEGER NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    lease_owner  TEXT,
    lease_until  TEXT,
    PRIMARY KEY (game_id, kind)
);
CREATE INDEX jobs_due ON jobs (due);

-- A finished game's result, written once when it ends and kept when the game is pruned.
CREATE TABLE results (
    game_id      INTEGER PRIMARY KEY,
    game_type    TEXT NOT NULL,
    guild_id     INTEGER,
    finished_at  TEXT NOT NULL
);
CREATE TABLE result_seats (
    game_id  INTEGER NOT NULL REFERENCES results (game_id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  INTEGER,
    won      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX result_seats_user ON result_seats (user_id);
CREATE INDEX results_guild ON results (guild_id);

-- A game whose channel is gone or closed to the bot waits (no timeouts) until delivery works again.
ALTER TABLE games ADD COLUMN paused TEXT;
ALTER TABLE messages ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_finished ON games (updated_at) WHERE status IN ('finished', 'abandoned');

-- Turn timers move from the games row to jobs.
INSERT INTO jobs (game_id, kind, due, for_version)
    SELECT id, 'timeout', deadline, version FROM games WHERE status = 'running' AND deadline IS NOT NULL;
INSERT INTO jobs (game_id, kind, due, for_version)
    SELECT id, 'remind', remind_at, version FROM games
    WHERE status = 'running' AND remind_at IS NOT NULL AND reminded = 0;
