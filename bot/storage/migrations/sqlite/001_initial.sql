-- The tables of DESIGN §3.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    thread_id   INTEGER,
    game_type   TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
    options     TEXT NOT NULL DEFAULT '{}',
    settings    TEXT NOT NULL DEFAULT '{}',
    seed        INTEGER NOT NULL,
    state       TEXT,
    version     INTEGER NOT NULL DEFAULT 0,
    created_by  INTEGER NOT NULL,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    deadline    TEXT
);
CREATE INDEX games_channel_active ON games (channel_id) WHERE status IN ('lobby', 'running');
CREATE INDEX games_deadline ON games (deadline) WHERE deadline IS NOT NULL;

CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  INTEGER,
    is_ai    INTEGER NOT NULL DEFAULT 0,
    dm_ok    INTEGER NOT NULL DEFAULT 1,
    left     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE actions (
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq             INTEGER NOT NULL,
    seat            INTEGER NOT NULL,
    action          TEXT NOT NULL,
    events          TEXT NOT NULL,
    interaction_id  TEXT UNIQUE,
    at              TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE messages (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER NOT NULL,
    PRIMARY KEY (game_id, kind)
);

CREATE TABLE guild_settings (
    guild_id  INTEGER PRIMARY KEY,
    settings  TEXT NOT NULL DEFAULT '{}'
);
