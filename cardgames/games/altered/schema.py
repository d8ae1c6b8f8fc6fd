"""The Altered card-file schema: heroes, characters, spells, landmark permanents, tokens and tumult cards.

Every model forbids unknown fields, so a typo in a YAML file is an error with its file and line.
Effect steps are one-key mappings `{verb: args}`; the verbs are listed in `vocabulary.py`.
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="kebab-case card id")]
Step = dict[str, Any]
"""One effect step: a mapping with exactly one verb, e.g. {boost: {to: me, n: 2}}."""

Terrain = Literal["forest", "mountain", "water"]
TERRAINS: tuple[Terrain, ...] = ("forest", "mountain", "water")
"""The three statistics and region types, in the order cards print them (F/M/W)."""

Faction = Literal["axiom", "bravos", "lyra", "muna", "ordis", "yzmir"]
FACTIONS: tuple[Faction, ...] = ("axiom", "bravos", "lyra", "muna", "ordis", "yzmir")

Kind = Literal["hero", "character", "spell", "permanent", "token", "tumult"]

When = Literal[
    "played",  # {J} when I enter play (from anywhere)
    "from_hand",  # {H} when I am played from Hand
    "from_reserve",  # {R} when I am played from Reserve
    "noon",  # At Noon
    "leaves",  # when I leave the Expedition zone
    "sacrificed",  # when I am sacrificed
    "you_sacrifice",  # when you sacrifice a Character
    "you_play_permanent",  # when you play a Permanent (with Hand cost >= min_hand_cost)
    "you_play_character",  # when you play a Character
]
"""Reaction triggers (fragment 2.2.10.i; the symbols of 7.1.1)."""

Condition = Literal["first_player", "not_first_day", "not_fleeting", "first_character_this_afternoon"]
"""A condition checked as a reaction triggers or a quick action is offered."""

Status = Literal["fleeting", "asleep", "anchored"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TargetSpec(Strict):
    """One target slot, chosen as the card or ability is played (ruling H8)."""

    type: Literal["character", "character_or_permanent", "reserve_card"]
    side: Literal["any", "yours"] = "any"
    max_hand_cost: int | None = None
    up_to: bool = False
    """"Up to one": the player may choose no target."""


class Cost(Strict):
    """What a quick action, support ability or optional reaction costs besides nothing (fragment 6.1.d:
    a cost is a single step)."""

    mana: int = Field(0, ge=0)
    exhaust: bool = False
    """{T}: exhaust me (the Hero, a Landmark or a Character in play)."""
    discard_me: bool = False
    """{D}: discard me from Reserve (a support ability)."""
    hand_to_reserve: int = Field(0, ge=0)
    """Put that many cards from your Hand into your Reserve."""
    exhaust_hero: bool = False
    """Exhaust your Hero (Sierra & Oddball's reaction)."""
    more_if_not_first: int = Field(0, ge=0)
    """Costs this much more mana if you are not the first player (Lindiwe & Maw)."""


class Ability(Strict):
    """One line of the ability box (fragment 1.2.4.a): a reaction (`when`), a quick action (`quick`)
    or a support ability (`support`, usable from Reserve)."""

    when: When | None = None
    quick: Cost | None = None
    support: Cost | None = None
    condition: Condition | None = None
    optional: bool = False
    """"You may": the controller chooses whether it happens (and pays `cost`, if any)."""
    cost: Cost | None = None
    """The cost of an optional reaction ("You may pay {1} and … to …": an internal action)."""
    min_hand_cost: int = 0
    """For `you_play_permanent`: only Permanents with at least this Hand cost."""
    targets: dict[str, TargetSpec] = Field(default_factory=dict)
    effect: list[Step] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one_kind(self) -> Ability:
        kinds = [k for k in ("when", "quick", "support") if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError(
                "an ability is exactly one of: when (reaction), quick (quick action), "
                f"support (from Reserve); this one has {kinds or 'none'}"
            )
        if self.cost is not None and not self.optional:
            raise ValueError('only an optional reaction ("you may pay …") has a `cost`')
        if not self.effect:
            raise ValueError("an ability needs an effect")
        return self


class Passive(Strict):
    """A passive ability of a Landmark or Hero that changes other objects (fragment 2.2.10.j)."""

    tough_yours: int = 0
    """Characters you control have Tough N."""
    grant: Ability | None = None
    """Characters you control have this reaction."""


class Card(Strict):
    """One card: its printed characteristics and structured abilities."""

    id: Id
    name: str
    kind: Kind
    faction: Faction | None = None
    rarity: Literal["common", "rare", "token", "region"] = "common"
    subtypes: list[str] = Field(default_factory=list)
    cost: tuple[int, int] | None = None
    """(Hand cost, Reserve cost)."""
    stats: tuple[int, int, int] | None = None
    """Forest / Mountain / Water statistics (Characters and tokens)."""
    text: str = ""
    reserve_limit: int = 2
    landmark_limit: int = 2
    fleeting: bool = False
    """A Spell printed Fleeting: it gains Fleeting wherever it is played from."""
    gigantic: bool = False
    seasoned: bool = False
    eternal: bool = False
    defender: bool = False
    defender_unless_plants: int = 0
    """Defender unless you control this many other Plants (Verdantback)."""
    tough: int = 0
    targets: dict[str, TargetSpec] = Field(default_factory=dict)
    """A Spell's targets, chosen as it is played."""
    effect: list[Step] = Field(default_factory=list)
    """A Spell's effect, resolved in Limbo step by step (fragment 6.1)."""
    abilities: list[Ability] = Field(default_factory=list)
    passives: list[Passive] = Field(default_factory=list)
    halves: list[list[Terrain]] = Field(default_factory=list)
    """A tumult card's two halves, each one region with these types."""
    invented: str = ""
    """What of this card is not printed (our own wording), if anything."""

    @model_validator(mode="after")
    def _shape(self) -> Card:
        if self.kind in ("character", "token") and self.stats is None:
            raise ValueError(f"a {self.kind} has statistics (forest, mountain, water)")
        if self.kind in ("character", "spell", "permanent") and self.cost is None:
            raise ValueError(f"a {self.kind} has a cost [hand, reserve]")
        if self.kind in ("hero", "token", "tumult") and self.cost is not None:
            raise ValueError(f"a {self.kind} has no cost")
        if self.kind == "tumult" and len(self.halves) != 2:
            raise ValueError("a tumult card has two halves")
        if self.kind == "spell" and not self.effect:
            raise ValueError("a spell has an effect")
        if self.kind != "spell" and (self.effect or self.targets):
            raise ValueError("only a spell has an `effect` of its own; other cards have abilities")
        if self.kind not in ("token", "tumult") and self.faction is None:
            raise ValueError("a deck card or hero has a faction")
        return self

    @property
    def in_deck(self) -> bool:
        return self.kind in ("character", "spell", "permanent")

    @cached_property
    def reactions(self) -> tuple[tuple[str, Ability], ...]:
        """Its printed reactions, each with its reference ("ab:<card>:<i>", see `steps.ability_of`)."""
        return tuple((f"ab:{self.id}:{i}", ab) for i, ab in enumerate(self.abilities) if ab.when is not None)

    @cached_property
    def quick_actions(self) -> tuple[tuple[int, Ability], ...]:
        """Its quick actions (used in play), each with its index among the abilities."""
        return tuple((i, ab) for i, ab in enumerate(self.abilities) if ab.quick is not None)

    @cached_property
    def supports(self) -> tuple[tuple[int, Ability], ...]:
        """Its support abilities (used from the Reserve), each with its index among the abilities."""
        return tuple((i, ab) for i, ab in enumerate(self.abilities) if ab.support is not None)


class Deck(Strict):
    """A shipped deck: a Hero and card counts."""

    id: Id
    name: str
    hero: Id
    cards: dict[str, int]
    about: str = ""


class CardFile(Strict):
    """One YAML file under cards/altered/."""

    cards: list[Card] = Field(default_factory=list)
    decks: list[Deck] = Field(default_factory=list)
