"""The runtime: client, config, service, storage, scheduler, delivery and the CLI."""
