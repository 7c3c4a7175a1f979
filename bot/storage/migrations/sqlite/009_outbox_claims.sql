-- How many times an outbox row was claimed (issue 38). A row claimed before whose send may have reached Discord
-- (the process died, or the request timed out, before its answer was recorded) is looked for in the channel
-- before it is sent again: Discord's nonce check lasts only a few minutes.
ALTER TABLE outbox ADD COLUMN claims INTEGER NOT NULL DEFAULT 0;
