"""The one type of refusal users see: engine rule errors and service refusals alike."""

from __future__ import annotations

from games.core import RuleError


class Refused(RuleError):
    """The service will not do what was asked (not seated, not your turn, stale board ...)."""
