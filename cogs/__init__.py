"""discord.py cogs: thin layers that parse, call the service and present."""
