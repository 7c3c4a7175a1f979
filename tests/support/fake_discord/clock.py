"""The fake's clock: real monotonic time plus an offset a test can move forward.

Discord's deadlines (3 s to answer an interaction, 15 minutes of follow-up token, the end of an
outage or a rate limit) are measured on this clock, so a test reaches them without sleeping.
"""

from __future__ import annotations

import time


class FakeClock:
    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        """Jump forward: everything timed on this clock sees `seconds` more pass at once."""
        self.offset += seconds
