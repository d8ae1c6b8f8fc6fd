"""The scenario file format as pydantic models (unknown keys are errors), and its parsed steps."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CardExpect(Strict):
    """A card expected in a zone, with some of its state: `{card: infantry, damage: 3}`."""

    card: str
    damage: int | None = None
    augment: int | None = None
    exhausted: bool | None = None
    counters: dict[str, int] = Field(default_factory=dict)
    """Any other counters, e.g. {focus: 1}."""
    controller: str | None = None
    """The controlling player's name."""


CardList = list[str | CardExpect]
"""Cards by id (bottom to top), each a plain id or a CardExpect."""


class DecisionExpect(Strict):
    """The decision the game should be waiting on."""

    seat: str | None = None
    kind: str | None = None
    prompt: str | None = None
    """A substring of the prompt (case-insensitive)."""
    can: list[str] = Field(default_factory=list)
    """Choices (as in `when`, without the player) that must match an option."""
    cannot: list[str] = Field(default_factory=list)
    """Choices that must match no option."""


class OutcomeExpect(Strict):
    winners: list[str] | None = None
    draw: bool | None = None
    reason: str | None = None
    """A substring of the reason (case-insensitive)."""


class Then(Strict):
    """Expectations; every key is optional and only what is named is checked."""

    players: dict[str, dict[str, Any]] = Field(default_factory=dict)
    """Per player: counters (gold, health, production...), `hand`/`territory`/`reserves`
    (a count or a card list), `eliminated`, or any player prop (hero, cooldowns...)."""
    zones: dict[str, int | CardList] = Field(default_factory=dict)
    """Zone id (e.g. `discard:basic`, `territory:0`) -> a count or card ids bottom to top."""
    log: list[str] = Field(default_factory=list)
    """Substrings that must appear, in this order, in the public log since the last check."""
    not_log: list[str] = Field(default_factory=list)
    """Substrings that must not appear in the public log written since the last check."""
    chain: list[str] | None = None
    """Substrings of the chain entries' labels, bottom to top ([] = the chain is empty)."""
    decision: DecisionExpect | None = None
    outcome: OutcomeExpect | None = None
    turn: int | None = None
    active: str | None = None
    phase: str | None = None


class ScenarioFile(Strict):
    """One scenario file."""

    name: str
    game: str
    players: list[str] = Field(min_length=1)
    seed: int = 0
    description: str = ""
    source: str = ""
    """Where the situation comes from (e.g. "rulebook p.23, Example 3")."""
    options: dict[str, Any] = Field(default_factory=dict)
    when: list[dict[str, Any] | str] = Field(default_factory=list)
    then: Then | None = None


@dataclass(frozen=True)
class Step:
    """One `when` line: `player: choice`, `all: pass`, or a mid-way `check`."""

    line: int
    player: str
    """A player's name, "all", or "check"."""
    text: str
    check: Then | None = None

    def __str__(self) -> str:
        return "check" if self.check is not None else f"{self.player}: {self.text}"


@dataclass(frozen=True)
class Scenario:
    """A loaded scenario: the file's contents with each step's line number."""

    path: str
    file: ScenarioFile
    steps: list[Step]
    then_line: int

    @property
    def name(self) -> str:
        return self.file.name
