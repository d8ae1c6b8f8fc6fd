"""Decisions: what the game waits on (one seat, one kind, legal options) and the errors of answering."""

from __future__ import annotations

from dataclasses import dataclass, field


class CardgamesError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalChoice(CardgamesError, ValueError):
    """An answer that is not one of the current decision's options (or not legal now)."""


class StaleChoice(IllegalChoice):
    """An option taken from an earlier decision, no longer the one the game waits on."""


class UndoRefused(CardgamesError):
    """Undo is not possible here; the message says why."""


class EngineError(CardgamesError, RuntimeError):
    """The rules code broke its own contract (a bug, never a player's mistake)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One legal answer to a decision."""

    key: str
    """Stable machine name, e.g. "enlist:12", "battle:1", "pass"."""
    label: str
    """What the player reads, e.g. "Enlist Infantry (4 gold)"."""
    group: str = ""
    """Kind of answer, for grouping in menus ("enlist", "action", "target", "pass"...)."""
    ref: int | None = None
    """The object (or -(seat+1) for a hero) this option is about, for picking on the board."""
    decision: int = field(default=-1, compare=False)
    """Token of the decision this option belongs to (-1: not yet issued); stale options are
    refused. Never reused, even when undo returns to the same point of the log."""


@dataclass(frozen=True, slots=True)
class Decision:
    """What the game waits on: which seat decides, what kind, and the legal options."""

    id: int
    """Position in the log where this decision is pending; identifies it."""
    seat_index: int
    seat: str
    """The deciding player's name."""
    kind: str
    prompt: str
    options: tuple[Option, ...]
    info: dict[str, object] = field(default_factory=dict)
    token: int = field(default=-1, compare=False)
    """Unique for every decision a game issues (see `Option.decision`)."""

    def option(self, key: str) -> Option:
        """The option with this key; raises IllegalChoice listing the legal keys."""
        for opt in self.options:
            if opt.key == key:
                return opt
        keys = ", ".join(o.key for o in self.options[:12])
        more = "" if len(self.options) <= 12 else f" (+{len(self.options) - 12} more)"
        raise IllegalChoice(
            f"{key!r} is not an option of {self.seat}'s {self.kind} decision; legal: {keys}{more}"
        )

    def keys(self) -> list[str]:
        return [o.key for o in self.options]


@dataclass(frozen=True, slots=True)
class Ask:
    """What a frame returns when it must wait: a decision still to be numbered by the game."""

    seat: int
    kind: str
    prompt: str
    options: list[Option]
    info: dict[str, object] = field(default_factory=dict)
