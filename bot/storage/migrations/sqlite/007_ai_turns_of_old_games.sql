-- Running games written before jobs existed have no AI turn planned. Plan one, due since the game's last
-- change, for every running, unpaused game with no job: it moves an AI seat that is to move, and where none
-- is, plans the turn's timers (the reminder and the timeout) instead (`GameService._ai_turn`). This was a
-- repair run at every start; once is enough.
INSERT INTO jobs (game_id, kind, due, for_version)
    SELECT id, 'ai_turn', updated_at, version FROM games
    WHERE status = 'running' AND paused IS NULL AND id NOT IN (SELECT game_id FROM jobs);
