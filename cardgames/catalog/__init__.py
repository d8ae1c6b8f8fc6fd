"""Card catalogs: YAML card files loaded and validated by each game's pydantic schema."""
