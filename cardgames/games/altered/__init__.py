"""Altered for two: the Day, hero and companion expeditions racing over the adventure, Reserve, Landmarks, Limbo."""
