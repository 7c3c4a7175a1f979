-- Instances (issue 38): the process running under an INSTANCE_ID beats here every few seconds, from the very
-- session that holds the id's advisory lock (`backend`).  A host that died without closing its connections
-- stops beating at once, though the server keeps its session (and the lock) until TCP keepalive gives up,
-- two hours by default: a restart under the id that finds the beat stale ends that session itself.
CREATE TABLE instances (
    owner   TEXT PRIMARY KEY,
    backend INTEGER NOT NULL,
    beat    TIMESTAMPTZ NOT NULL
);
