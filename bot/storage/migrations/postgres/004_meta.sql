-- Small facts about the bot itself, not about any game (issue 19), as SQLite's migration 006: e.g. the
-- fingerprint of the slash commands last registered with Discord, so no other process registers them again.
CREATE TABLE meta (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
