"""Interactions as Discord runs them: one callback each, then the token's webhook messages.

Discord's rules kept here: an interaction is acknowledged once (a second callback is an
error the bot must not make); the first follow-up after a deferred "thinking" answer edits
that placeholder and keeps its ephemeral flag; ephemeral messages are seen only by the user
who interacted. Deadlines run on the fake's clock: an answer after 3 s is refused with 404 10062 when
`refuse_late_answers`, and recorded in `late_answers` when the bot's own part of the wait was over 3 s (the time
its processes waited for a core is the machine's); the token's webhook
stops working 15 minutes after the interaction (401 50027 "Invalid Webhook Token").
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .limits import choices_problems
from .model import EPHEMERAL, LOADING, StoredMessage, User
from .rest import ApiError, ApiRequest, apply_edit, new_message, unknown_message

if TYPE_CHECKING:
    from .server import FakeDiscord

PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
(MESSAGE_WITH_SOURCE, DEFERRED_WITH_SOURCE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE_RESULT,
 MODAL) = 4, 5, 6, 7, 8, 9
RESPONSE_DEADLINE_S = 3.0
TOKEN_LIFETIME_S = 15 * 60.0


@dataclass
class InteractionRecord:
    fake: FakeDiscord
    id: int
    token: str
    type: int
    user: User
    channel_id: int
    payload: dict[str, Any]
    message_id: int | None = None
    """The message whose component was used (component interactions)."""
    sent_at: float = 0.0
    """When Discord created it, on the fake's clock."""
    waited_at: float = 0.0
    """How long the watched processes had waited for a core by then (`FakeDiscord.waited`)."""
    callback_type: int | None = None
    callback_data: dict[str, Any] = field(default_factory=dict)
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def choices(self) -> list[dict[str, Any]]:
        """The autocomplete choices the bot answered with."""
        return list(self.callback_data.get("choices") or [])

    def replies(self) -> list[StoredMessage]:
        """The original response and follow-ups, as the user sees them now."""
        ids = ([self.original_id] if self.original_id is not None else []) + self.followup_ids
        found = [self.fake.find_message(i) for i in dict.fromkeys(ids)]
        return [m for m in found if m is not None and not m.deleted]

    def texts(self) -> list[str]:
        return [m.content for m in self.replies()]

    def respond(self, req: ApiRequest) -> dict[str, Any]:
        """POST .../callback."""
        if self.callback_type is not None:
            self.fake.fail(f"interaction {self.id} acknowledged twice (callback type {req.body.get('type')})")
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        late = self.fake.clock.now() - self.sent_at
        own = late - (self.fake.waited() - self.waited_at)  # the bot's part: without the waits for a core
        if own > RESPONSE_DEADLINE_S:
            self.fake.late_answers.append((self.id, own))
        if late > RESPONSE_DEADLINE_S and self.fake.refuse_late_answers:  # Discord counts the whole of it
            raise ApiError(404, 10062, "Unknown interaction")
        kind = int(req.body["type"])
        data = req.body.get("data") or {}
        req_data = ApiRequest(req.method, req.template, req.params, req.query, data, req.uploads)
        message: StoredMessage | None = None
        if kind == MESSAGE_WITH_SOURCE:
            message = new_message(self.fake, self.channel_id, req_data, interaction=self)
        elif kind == DEFERRED_WITH_SOURCE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = new_message(self.fake, self.channel_id, req_data, flags=flags, interaction=self,
                                  placeholder=True)
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            if self.message_id is None:
                raise ApiError(400, 50035, "Invalid Form Body: this interaction has no message to update")
            message = self.fake.find_message(self.message_id)
            if message is None:
                raise unknown_message()
            if kind == UPDATE_MESSAGE:
                apply_edit(self.fake, message, req_data)
        elif kind == AUTOCOMPLETE_RESULT:
            for problem in choices_problems(data):
                self.fake.fail(f"autocomplete answer to {self.id}: {problem}")
        elif kind != MODAL:
            raise ApiError(400, 50035, f"Invalid Form Body: callback type {kind}")
        self.callback_type, self.callback_data = kind, data
        if message is not None:
            self.original_id = message.id
        self.answered.set()
        answer: dict[str, Any] = {"interaction": {"id": str(self.id), "type": self.type}}
        if message is not None:
            answer["interaction"] |= {"response_message_id": str(message.id),
                                      "response_message_loading": kind == DEFERRED_WITH_SOURCE,
                                      "response_message_ephemeral": message.ephemeral}
            if kind in (MESSAGE_WITH_SOURCE, UPDATE_MESSAGE):
                answer["resource"] = {"type": kind, "message": message.payload(self.fake.url)}
        return answer

    def check_token(self) -> None:
        """The webhook of an interaction token lives 15 minutes."""
        if self.fake.clock.now() - self.sent_at > TOKEN_LIFETIME_S:
            raise ApiError(401, 50027, "Invalid Webhook Token")
        self.fake.channel_or_404(self.channel_id)

    def follow_up(self, req: ApiRequest) -> StoredMessage:
        """POST /webhooks/{app}/{token}: a new message, or the placeholder of a deferred answer."""
        if self.callback_type is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        original = self.fake.find_message(self.original_id) if self.original_id else None
        if (self.callback_type == DEFERRED_WITH_SOURCE and not self.followup_ids and original is not None
                and original.loading):
            apply_edit(self.fake, original, req)
            self.followup_ids.append(original.id)
            return original
        message = new_message(self.fake, self.channel_id, req, interaction=self)
        self.followup_ids.append(message.id)
        return message

    def own_message(self, message_id: str | None) -> StoredMessage:
        """@original (message_id None) or one of this interaction's follow-ups."""
        if message_id is None:
            if self.original_id is None:
                raise ApiError(404, 10008, "Unknown Message")
            wanted = self.original_id
        else:
            wanted = int(message_id)
            if wanted not in self.followup_ids and wanted != self.original_id:
                raise unknown_message()
        message = self.fake.find_message(wanted)
        if message is None or message.deleted:
            raise unknown_message()
        return message
