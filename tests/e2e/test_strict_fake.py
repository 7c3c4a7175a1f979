"""The strict `fake` fixture of tests/e2e/conftest.py, proven: a test that sends a request breaking
Discord's OpenAPI spec, leaves an interaction unanswered or answers one after 3 s of its own fails (the time
its processes waited for a core is the machine's), and a test that does none of these passes. Each is run in a
pytest of its own (pytester) with that conftest."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CONFTEST = Path(__file__).with_name("conftest.py")

SCENARIOS = '''
import aiohttp

from tests.support.fake_discord import FakeDiscord
from tests.support.fake_discord.interactions import MESSAGE_COMPONENT


async def post(fake: FakeDiscord, path: str, body: dict) -> int:
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as session, \\
            session.post(fake.api_base + path, headers=headers, json=body) as resp:
        return resp.status


async def click(fake: FakeDiscord):
    user = fake.add_user("alice")
    return await fake.interact(MESSAGE_COMPONENT, user, fake.channel.id, {"custom_id": "go", "component_type": 2})


async def test_a_message_as_discord_takes_it(fake: FakeDiscord) -> None:
    assert await post(fake, f"/channels/{fake.channel.id}/messages", {"content": "hello"}) == 200


async def test_a_message_with_a_query_parameter_the_spec_does_not_have(fake: FakeDiscord) -> None:
    assert await post(fake, f"/channels/{fake.channel.id}/messages?shout=1", {"content": "hello"}) == 200


async def test_an_interaction_answered_in_time(fake: FakeDiscord) -> None:
    record = await click(fake)
    path = f"/interactions/{record.id}/{record.token}/callback"
    assert await post(fake, path, {"type": 4, "data": {"content": "done"}}) == 200


async def test_an_interaction_nobody_answers(fake: FakeDiscord) -> None:
    await click(fake)


async def test_an_interaction_answered_after_four_seconds(fake: FakeDiscord) -> None:
    record = await click(fake)
    fake.clock.advance(4)
    path = f"/interactions/{record.id}/{record.token}/callback"
    assert await post(fake, path, {"type": 4, "data": {"content": "late"}}) == 200


async def test_an_interaction_answered_after_four_seconds_two_of_them_waiting_for_a_core(fake: FakeDiscord) -> None:
    record = await click(fake)
    fake.clock.advance(4)
    fake.waited = lambda: record.waited_at + 2.0  # the machine kept the bot's processes off a core for 2 s
    path = f"/interactions/{record.id}/{record.token}/callback"
    assert await post(fake, path, {"type": 4, "data": {"content": "in time, for the bot"}}) == 200
'''


@pytest.fixture
def outcome(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.RunResult:
    """The scenarios above, run with the e2e conftest in a pytest of their own."""
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    pytester.makeconftest(CONFTEST.read_text())
    pytester.makeini("[pytest]\nasyncio_mode = auto\nasyncio_default_fixture_loop_scope = function\n")
    pytester.makepyfile(test_scenarios=SCENARIOS)
    return pytester.runpytest_subprocess("-p", "no:cacheprovider", "-p", "no:xdist", "-rA")


def teardown_errors(result: pytest.RunResult) -> set[str]:
    """The scenarios the fixture failed (at teardown, after the test's own body passed)."""
    return {line.split("ERROR at teardown of ", 1)[1].split()[0] for line in result.outlines
            if "ERROR at teardown of " in line}


def test_the_strict_fake_fails_a_test_that_broke_discords_rules(outcome: pytest.RunResult) -> None:
    assert teardown_errors(outcome) == {"test_a_message_with_a_query_parameter_the_spec_does_not_have",
                                        "test_an_interaction_nobody_answers",
                                        "test_an_interaction_answered_after_four_seconds"}, outcome.stdout.str()
    outcome.assert_outcomes(passed=6, errors=3)


def test_the_failure_says_what_was_broken(outcome: pytest.RunResult) -> None:
    outcome.stdout.fnmatch_lines_random([
        "*the local Discord saw what Discord would refuse:*",
        "*POST /channels/*/messages: unknown query parameter 'shout'*",
        "*interaction * (type 3, from alice) was never answered*",
        "*interaction * was answered after 4.0 s (Discord allows 3 s)*",
    ])
