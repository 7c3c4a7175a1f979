"""The one base of every interactive item the bot posts (lobby, table, moves, builder, replay).

An item is a `discord.ui.DynamicItem`: its state is its custom id, so it survives a restart. The base
reads the id's fields within their bounds (see cogs/ids.py), asks the service in `interaction_check`
whether the game exists and may be clicked from where it is (`bot.service.Caller`: its own server, or a
DM to one of its players) and, where the id names a seat, checks that the clicker holds it; and it turns
a refusal into the clicker's ephemeral answer, once. Subclasses say what a click does in `run`. Who may
do what is the service's to decide.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, Self, TypeVar

import discord

from bot.client import OUR_FAULT, Frontier, answer, refuse
from bot.errors import Refused, StorageUnavailable
from bot.service import Caller, Snapshot
from cogs import ids
from games.core import RuleError

log = logging.getLogger(__name__)
T = TypeVar("T")
V = TypeVar("V", bound=discord.ui.Item[Any])

Interaction = discord.Interaction[Frontier]

NOT_YOURS = "These are another player's moves; press **Your move** under the board for yours."
DRAWN: list[ids.Form] = []
"""The form of every kind of item (filled as `GameItem`'s subclasses are made): a component id none of them
matches is one no item reads."""


def runtime(interaction: Interaction) -> Frontier:
    return interaction.client


def manager_of(interaction: Interaction) -> int | None:
    """The server in which the user has Manage Server (they may start, abandon and configure that server's
    tables, and only that server's: the service compares it with the game's own server)."""
    return interaction.guild_id if interaction.guild_id and interaction.permissions.manage_guild else None


def chosen(interaction: Interaction) -> list[str]:
    """The values picked in the select that was used."""
    return list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]


def picked(interaction: Interaction, field: str, default: str = "") -> Any:
    """The one value picked in a single select, read as the custom-id field `field` (see cogs/ids.py): its options
    carry such a field, so a forged value is refused like a forged id."""
    return ids.FIELDS[field].read((chosen(interaction) or [default])[0])


def single_select(custom_id: str, options: list[discord.SelectOption] | None, placeholder: str
                  ) -> discord.ui.Select[Any]:
    """A select of one value (read back with `picked`): drawn with its options, rebuilt from its custom id
    without them."""
    return discord.ui.Select(custom_id=custom_id, options=options or [], placeholder=placeholder)


def arrow(direction: str, custom_id: str, *, disabled: bool) -> discord.ui.Button[Any]:
    """The ◀ ("prev") or ▶ ("next") button of a pager (the replay, the rules)."""
    return discord.ui.Button(label="◀" if direction == "prev" else "▶", disabled=disabled,
                             style=discord.ButtonStyle.secondary, custom_id=custom_id)


async def remember(interaction: Interaction) -> bool:
    """Keep what the person is called here (their server nickname, else their display name) for the boards, before
    anything is played: a changed nickname shows on the next board (issue 43). A database that cannot save it
    costs only a stale name: the interaction goes on, and is refused by what it does if that cannot be saved.
    True, so a cog's `interaction_check` can be just this."""
    try:
        await runtime(interaction).service.known_as(interaction.guild_id, interaction.user.id,
                                                   interaction.user.display_name)
    except StorageUnavailable:
        log.info("the name of user %s was not kept: the database cannot save now", interaction.user.id)
    return True


async def refusing(interaction: Interaction, work: Callable[[], Awaitable[T]]) -> T | None:
    """Run a component's work; a RuleError becomes the player's ephemeral answer, a bug is logged."""
    try:
        return await work()
    except RuleError as err:
        await refuse(interaction, err)
    except Exception:
        log.exception("interaction %s failed", interaction.data and interaction.data.get("custom_id"))
        await answer(interaction, OUR_FAULT)
    return None


async def played_here(interaction: Interaction, game_id: int, seat: int | None = None) -> Snapshot:
    """Refuse a click on a game that does not exist, or is played elsewhere (the service decides, see
    `Caller`), or on the controls of another seat than the clicker's. The game as this one load found it is
    what the click then works from."""
    user = interaction.user.id
    snapshot = await runtime(interaction).service.snapshot(game_id, caller=Caller(user, interaction.guild_id))
    if seat is not None and snapshot.game.seat_of(user) != seat:
        raise Refused(NOT_YOURS, "not_your_controls")
    return snapshot


async def refuse_unread(interaction: Interaction) -> None:
    """A component whose custom id no item reads (an unknown prefix, a wrong number of fields, a verb its form
    does not have), or a modal the bot did not draw, gets the polite refusal of a forged id, rather than no
    answer at all (Discord would show "This interaction failed"). The trade modal's submit is read apart
    (cogs/controls.py `trade_submitted`): call this for the interactions that read nothing else."""
    data = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    if interaction.type is discord.InteractionType.component:
        if any(re.fullmatch(form.template, custom_id) for form in DRAWN):
            return
    elif interaction.type is not discord.InteractionType.modal_submit:
        return
    log.info("no item reads custom id %r", custom_id)
    await refuse(interaction, ids.BadId(custom_id))


class GameItem(discord.ui.DynamicItem[V], template=r"(?!)"):  # the base itself matches no id
    """An item of one game, its fields read from its custom id by the names of its form's fields, which are
    the names of its constructor's arguments."""

    form: ClassVar[ids.Form]
    """How the item's custom id is written and read (see cogs/ids.py)."""
    game_id: int
    seat: int | None = None
    """The seat the controls were drawn for, where the id names one: only its player may use them."""
    checks_place: ClassVar[bool] = True
    """Whether a click outside the game's server (or a DM to one of its players) is refused; the replay
    leaves it to `bot.history.replayable`, which knows which games one may watch."""
    unreadable: bool = False
    snapshot: Snapshot
    """The game as `interaction_check` loaded it (items that skip the place check load nothing)."""

    def __init_subclass__(cls, *, form: ids.Form | None = None) -> None:
        if form is None:  # a kind of item (see JumpItem): its subclasses name their forms
            super().__init_subclass__(template=r"(?!)")
            return
        super().__init_subclass__(template=form.template)
        cls.form = form
        DRAWN.append(form)

    @classmethod
    async def from_custom_id(cls, interaction: Interaction, item: V,  # type: ignore[override]
                             match: re.Match[str]) -> Self:
        try:
            return cls(**ids.parse(match.groupdict()))
        except RuleError:  # a field out of bounds, or an id the item would not draw
            log.info("unreadable custom id %r", match.string)
            broken = cls.__new__(cls)
            discord.ui.DynamicItem.__init__(broken, item)
            broken.unreadable = True
            return broken

    async def interaction_check(self, interaction: Interaction) -> bool:  # type: ignore[override]
        return await refusing(interaction, lambda: self._check(interaction)) is not None

    async def _check(self, interaction: Interaction) -> bool:
        if self.unreadable:
            raise ids.BadId()
        await remember(interaction)
        if self.checks_place:
            self.snapshot = await played_here(interaction, self.game_id, self.seat)
        return True

    async def callback(self, interaction: Interaction) -> None:  # type: ignore[override]
        await refusing(interaction, lambda: self.run(interaction))

    async def run(self, interaction: Interaction) -> None:
        """What a click does once the id is read and the game is here."""
        raise NotImplementedError


class JumpItem(GameItem[discord.ui.Select]):
    """A pager's select that jumps to the place picked (a replay's round, a section of the rules): its fields
    are its form's, passed by name; it can be used anywhere the pager was shown."""

    checks_place = False
    placeholder: ClassVar[str]

    def __init__(self, *, options: list[discord.SelectOption] | None = None, **fields: Any) -> None:
        super().__init__(single_select(self.form.format(**fields), options, self.placeholder))
        vars(self).update(fields)
