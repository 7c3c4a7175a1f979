"""The suite's shared fixtures live in tests/support/plugin.py, loaded here as a pytest plugin."""

pytest_plugins = ["tests.support.plugin"]
