"""Tutorials: lessons as data (a scenario and a Markdown script each) and the coach that runs them.

The format is documented in docs/tutorials.md. Nothing here imports the UI: the app's tutorial
screens and the tests drive the same `Coach`.
"""

from cardgames.tutorial.coach import Coach, Verdict
from cardgames.tutorial.loader import Lesson, LessonError, lessons_of, load_lesson
from cardgames.tutorial.progress import Progress

__all__ = ["Coach", "Lesson", "LessonError", "Progress", "Verdict", "lessons_of", "load_lesson"]
