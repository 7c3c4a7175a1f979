"""Every test may use the runtime's test game."""

import tests.support.testgame  # noqa: F401  (registers "testgame")
