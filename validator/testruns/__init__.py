"""Which tests run at a revision, from each runner's own configuration, and what changed."""
