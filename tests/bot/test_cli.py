"""The command line: the token message a newcomer sees first."""

from __future__ import annotations

import subprocess
import sys


def test_without_a_token_the_bot_says_what_to_set_and_exits_2(tmp_path) -> None:
    env = {"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": ""}
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr
    assert ".env.example" in done.stderr
    assert "python -m bot play" in done.stderr
