"""Placeholder rules (``placeholder.*``): TODO markers, stub bodies, pick-later values."""
