"""The screens of the app: title, new game, the table, the curtain, rules, help, game over."""
