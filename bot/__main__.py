"""`python -m bot`: see bot/cli.py."""

from bot.cli import main

raise SystemExit(main())
