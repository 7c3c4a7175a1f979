-- Turn timers (DESIGN §6): when to remind whoever is to move, and whether that was done.
ALTER TABLE games ADD COLUMN remind_at TEXT;
ALTER TABLE games ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_remind_at ON games (remind_at) WHERE remind_at IS NOT NULL AND reminded = 0;
