"""Facts -> graph -> checks -> findings -> report, and the ralph-validate CLI."""
