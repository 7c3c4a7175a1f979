-- SQLite's 007, for a database that may hold running games with no job planned: an AI turn, due since the
-- game's last change, for every running, unpaused game with no job. It moves an AI seat that is to move, and
-- where none is, plans the turn's timers instead (`GameService._ai_turn`); a game that needs no job (a person
-- to move, no deadline) loses it again when it runs. This was a repair run at every start; once is enough.
INSERT INTO jobs (game_id, kind, due, for_version)
    SELECT id, 'ai_turn', updated_at, version FROM games g
    WHERE status = 'running' AND paused IS NULL AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.game_id = g.id);
