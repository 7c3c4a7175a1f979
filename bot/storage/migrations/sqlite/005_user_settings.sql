-- Per-user choices (issue 18): which DMs a person wants from their games.
-- notify: 'every' (every turn), 'turn' (my turn only) or 'off' (nothing), see bot/settings.NOTIFY.
-- A person without a row has the default. /game forget-me deletes the row.
CREATE TABLE user_settings (
    user_id  INTEGER PRIMARY KEY,
    notify   TEXT NOT NULL
);
