-- What a person is called in a server (issue 43): their nickname there, else their display name, as Discord
-- last showed it when they acted; boards name seats by it. guild_id 0 holds names seen outside a server.
-- /game forget-me deletes the person's rows.
CREATE TABLE people (
    guild_id BIGINT NOT NULL,
    user_id  BIGINT NOT NULL,
    name     TEXT NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
