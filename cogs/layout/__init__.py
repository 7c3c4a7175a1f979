"""Pure layout of what the cogs draw: limits, grouping, paging, digests, the builder's draft. No discord here,
so each rule of the layout is unit-tested without a client."""
