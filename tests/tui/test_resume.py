"""A killed app loses nothing: SIGKILL a real process mid-game, start again, Continue."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from kit.app import take_the_screen

from cardgames import new_game
from cardgames.engine.handover import Table, public_options
from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.session import Session

CHILD = textwrap.dedent("""
    import asyncio, sys
    from cardgames.tui.app import CardgamesApp
    from cardgames.tui.screens.confirm import ConfirmScreen
    from cardgames.tui.screens.curtain import CurtainScreen
    from cardgames.tui.session import Session

    async def main():
        session = Session.start("allegiance", ["Ann", "Bob"], 9, {"heroes": ["beledan-kind", "thedric-egen"]})
        app = CardgamesApp(session)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            while len(session.game.choices()) < 25:
                key = {CurtainScreen: "enter", ConfirmScreen: "y"}.get(type(app.screen), "1")
                await pilot.press(key)
                await pilot.pause()
            print("READY", len(session.game.choices()), flush=True)
            await asyncio.sleep(60)

    asyncio.run(main())
""")


async def test_resume_after_sigkill_gives_the_identical_game_and_decision(cardgames_home: Path) -> None:
    env = {**os.environ, "CARDGAMES_HOME": str(cardgames_home)}
    child = subprocess.Popen([sys.executable, "-c", CHILD], stdout=subprocess.PIPE, env=env, text=True)
    try:
        assert child.stdout is not None
        line = child.stdout.readline()
        assert line.startswith("READY"), line
        made = int(line.split()[1])
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=10)
    finally:
        if child.poll() is None:
            child.kill()
    reference = new_game("allegiance", ["Ann", "Bob"], 9, {"heroes": ["beledan-kind", "thedric-egen"]})
    table = Table()  # "1" picks the first option the screen shows: on the public table, the first public one
    for _ in range(made):
        d = reference.decision
        shown = d.options if table.show(reference.ruleset, reference.state, d) is not None else \
            public_options(reference.ruleset, reference.state, d)
        table.answer(reference.ruleset, reference.state, d, shown[0])
        reference.choose(shown[0])
    resumed = Session.resume()
    assert [e.to_json() for e in resumed.game.events] == [e.to_json() for e in reference.events]
    d, r = resumed.game.decision, reference.decision
    assert (d.seat, d.kind, [o.key for o in d.options]) == (r.seat, r.kind, [o.key for o in r.options])
    app = CardgamesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_continue_game()
        await take_the_screen(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.session is not None
        assert app.session.game.decision.kind == r.kind
