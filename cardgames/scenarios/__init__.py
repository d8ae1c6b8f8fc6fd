"""Scenario files: YAML given/when/then game situations for tests, tutorials and bug reports."""
