-- AI levels (issue 25): the level an AI seat plays at, 'easy', 'normal' or 'hard' (games/ai.LEVELS).
-- NULL for a person's seat; an AI seat written before levels existed played the heuristic, so it is 'normal'.
ALTER TABLE seats ADD COLUMN ai_level TEXT;
UPDATE seats SET ai_level = 'normal' WHERE is_ai;
