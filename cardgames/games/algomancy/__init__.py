"""Algomancy: regions, formations, the stack, live draft and constructed (1v1)."""
