"""Players that choose among legal options: random (for fuzzing), and smarter ones later."""
