"""How long a failed delivery or job waits before its next try: exponential backoff with jitter.

The policy is tenacity's; the outbox and the jobs table keep the attempt count, so the
wait is computed from it rather than by wrapping a call.
"""

from __future__ import annotations

import tenacity

_POLICY = tenacity.wait_exponential(multiplier=1, min=1, max=300) + tenacity.wait_random(0, 1)
"""1 s, 2 s, 4 s … at most 5 minutes, each plus up to 1 s of jitter so retries do not march in step."""


def backoff(attempt: int) -> float:
    """Seconds to wait after the `attempt`-th failure (1 for the first)."""
    state = tenacity.RetryCallState(None, None, (), {})  # type: ignore[arg-type]
    state.attempt_number = max(1, attempt)
    return float(_POLICY(state))
