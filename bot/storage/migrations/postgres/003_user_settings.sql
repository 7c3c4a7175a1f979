-- Per-user choices (issue 18), as SQLite's migration 005: which DMs a person wants from their games.
-- notify: 'every' (every turn), 'turn' (my turn only) or 'off' (nothing), see bot/settings.NOTIFY.
CREATE TABLE user_settings (
    user_id  BIGINT PRIMARY KEY,
    notify   TEXT NOT NULL
);
