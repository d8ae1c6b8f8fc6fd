"""Decisions: what the game waits on (one seat, one kind, legal options) and the errors of answering."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from cardgames.engine.slotted import frozen_init, slot_setters

CONCEDE = "concede"
"""The group of an answer that ends the seat's game: the bots never choose one, and the app numbers
it after every other answer (a game's concession and its confirmation)."""


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


frozen_init(Option)  # the rules make every option of every decision
_new = object.__new__
_SETTERS = slot_setters(Option, ("key", "label", "group", "ref", "decision"))
assert _SETTERS is not None
_KEY, _LABEL, _GROUP, _REF, _DECISION = _SETTERS


def issued(option: Option, token: int) -> Option:
    """A copy of `option` that belongs to decision `token`. Set through the slots, as the frozen
    dataclass's `__init__` does, without its per-field `object.__setattr__`: twice as fast, and a
    game copies every option of every decision it issues."""
    o = _new(Option)
    _KEY(o, option.key)
    _LABEL(o, option.label)
    _GROUP(o, option.group)
    _REF(o, option.ref)
    _DECISION(o, token)
    return o


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


frozen_init(Decision)  # the game numbers a decision at every answer


class Ask:
    """What a frame returns when it must wait: a decision still to be numbered by the game.

    `options` is the list of legal answers, or a function that lists them when they are first read
    (a priority window's plays): then `sure` holds the options known without listing (its pass),
    and `finder`, if given, finds one option by its key without listing the others (None: the
    list would not hold it), so a replay checks a saved answer without listing them all (`find`).
    Either way the list is checked when it is first read: not empty, no key twice (EngineError
    otherwise).
    """

    __slots__ = ("_checked", "_lister", "_options", "finder", "info", "kind", "prompt", "seat", "sure")

    def __init__(self, seat: int, kind: str, prompt: str,
                 options: list[Option] | Callable[[], list[Option]],
                 info: dict[str, object] | None = None, *, sure: tuple[Option, ...] = (),
                 finder: Callable[[str], Option | None] | None = None) -> None:
        self.seat = seat
        self.kind = kind
        self.prompt = prompt
        self.info: dict[str, object] = {} if info is None else info
        self.sure = sure
        self.finder = finder
        self._lister: Callable[[], list[Option]] | None = options if callable(options) else None
        self._options: list[Option] | None = None if callable(options) else options
        self._checked = False

    @property
    def deferred(self) -> bool:
        """Whether the options are still to be listed (reading `options` lists them)."""
        return self._options is None

    @property
    def options(self) -> list[Option]:
        """Every legal answer, listed (and checked) on first read."""
        if not self._checked:
            self.check()
        assert self._options is not None
        return self._options

    def check(self) -> None:
        """List the options (if still to be) and check them: not empty, no key twice."""
        opts = self._options
        if opts is None:
            assert self._lister is not None
            opts = self._options = self._lister()
        if not opts:
            raise EngineError(f"decision {self.kind} for seat {self.seat} has no options")
        if len({o.key for o in opts}) != len(opts):
            raise EngineError(f"decision {self.kind} for seat {self.seat} repeats an option key")
        self._checked = True

    def find(self, key: str) -> Option | None:
        """The option with this key (None: not legal), without listing the others where `sure` or
        `finder` tells."""
        for o in self.sure:
            if o.key == key:
                return o
        if self._options is None and self.finder is not None:
            return self.finder(key)
        return next((o for o in self.options if o.key == key), None)

    def __repr__(self) -> str:
        shown = "(not listed yet)" if self.deferred else self.options
        return f"Ask(seat={self.seat}, kind={self.kind!r}, prompt={self.prompt!r}, options={shown})"
