"""Readers of JavaScript/TypeScript syntax for the integrity extractor (``js_integrity``)."""
