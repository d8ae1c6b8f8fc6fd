"""`python -m cardgames.tui`: start the app at the title screen."""

from cardgames.tui.app import CardgamesApp

if __name__ == "__main__":
    CardgamesApp().run()
