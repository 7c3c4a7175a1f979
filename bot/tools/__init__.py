"""Tools around the runtime, not part of it: local play, AI self-play and the bench."""
