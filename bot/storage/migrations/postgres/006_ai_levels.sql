-- AI levels (issue 25), as SQLite's migration 008: the level an AI seat plays at, 'easy', 'normal' or
-- 'hard' (games/ai.LEVELS); NULL for a person's seat. Seats written before levels existed played 'normal'.
ALTER TABLE seats ADD COLUMN ai_level TEXT;
UPDATE seats SET ai_level = 'normal' WHERE is_ai;
