"""Mechamancers: a role draft each round, mecha that turn as they take damage, stolen victory points."""
