"""Allegiance: A Realm Divided — rules, card schema and effect words."""
