-- Small facts about the bot itself, not about any game (issue 19): e.g. the fingerprint of the slash
-- commands last registered with Discord, so a restart or a second process does not register them again.
CREATE TABLE meta (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
