"""The one type of refusal users see: engine rule errors and service refusals alike."""

from __future__ import annotations

import logging

from games.core import RuleError

log = logging.getLogger(__name__)


class Refused(RuleError):
    """The service will not do what was asked (not seated, not your turn, stale board ...)."""


UNSAVED = "The server cannot save moves right now, so nothing was played. Please try again in a few minutes."


class StorageUnavailable(Refused):
    """The database could not be reached or could not save (disk full, read-only, connection gone): the change
    was rolled back whole. The player reads `UNSAVED`; the operator's log gets `cause`, once, from the storage."""

    def __init__(self, cause: str) -> None:
        super().__init__(UNSAVED, "unsaved")
        self.cause = cause


def log_refusal(refusal: RuleError) -> str:
    """Log a refusal (its stable code and the rules it applied) and return what the player reads."""
    log.info("refused %s (%s): %s", refusal.code, ", ".join(refusal.rules) or "no rule cited", refusal)
    return str(refusal)
