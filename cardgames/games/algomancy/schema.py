"""The Algomancy card-file schema: units, spells, spell units, tokens and resources, with their mods.

Every model forbids unknown fields, so a typo in a YAML file is an error with its file and line.
Effect steps are one-key mappings `{verb: args}`; the verbs are listed in `verbs.py`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="kebab-case card id")]
Step = dict[str, Any]
"""One effect step: a mapping with exactly one verb, e.g. {damage: {to: t, amount: 3}}."""

Element = Literal["fire", "water", "earth", "wood", "metal"]
ELEMENTS: tuple[Element, ...] = ("fire", "water", "earth", "wood", "metal")

CombatAttribute = Literal["flying", "swift", "sluggish", "deadly", "tough", "balanced", "inverted", "unaware"]
"""Attributes shared down a formation column (gold text in the rulebook)."""
OtherAttribute = Literal["burst", "unstable"]
"""Non-combat attributes (purple text): never shared."""
Attribute = CombatAttribute | OtherAttribute

Kind = Literal["unit", "spell", "spell_unit", "token_unit", "token_spell", "resource"]
Timing = Literal["deploy", "haste", "battle"]
"""No icon (deployment only), Haste (also the haste step), Battle (only in battle)."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TargetSpec(Strict):
    """One target slot, chosen as the card or ability goes on the stack (rulebook: Playing a card)."""

    type: Literal["unit", "player", "unit_or_player", "stack_item", "bin_unit"]
    side: Literal["any", "ally", "enemy"] = "any"
    """Ally: controlled by the card's controller; enemy: by an opponent."""
    count: int = Field(1, ge=1, le=4)
    """How many different targets the slot takes (Twin Flame: two)."""
    other: bool = False
    """Not the source itself."""
    token: bool | None = None
    """Only tokens (True) or only cards that are not tokens (False)."""


class Cost(Strict):
    """What an activated ability (or a graft cause) costs: mana, and what is sacrificed."""

    mana: int = Field(0, ge=0)
    sacrifice: Literal["me", "other_ally", "ally_token", "ally"] | None = None
    """Sacrifice the source, another allied unit, an allied token, or any allied unit."""


When = Literal[
    "spawn", "dies", "despawn", "after_combat", "end_of_turn", "you_play_spell", "other_ally_dies",
]
"""Trigger moments. `end_of_turn` triggers resolve as special actions, without the stack."""


class Ability(Strict):
    """One ability printed on a card: activated (`cost`), triggered (`when`) or static (`static`)."""

    cost: Cost | None = None
    when: When | None = None
    optional: bool = False
    """"You may": the controller chooses whether it happens as it resolves."""
    targets: dict[str, TargetSpec] = Field(default_factory=dict)
    effect: list[Step] = Field(default_factory=list)
    static: Static | None = None
    replacement: Replacement | None = None
    battle_only: bool = False
    """Usable only in battle (the battle icon in front of an ability)."""

    @model_validator(mode="after")
    def _one_kind(self) -> Ability:
        kinds = [k for k in ("cost", "when", "static", "replacement") if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError("an ability is exactly one of: activated (cost), triggered (when), "
                             f"static, replacement; this one has {kinds or 'none'}")
        if (self.static is not None or self.replacement is not None) and (self.effect or self.targets):
            raise ValueError("static and replacement abilities have no effect steps or targets")
        if (self.cost is not None or self.when is not None) and not self.effect:
            raise ValueError("activated and triggered abilities need effect steps")
        return self


class Static(Strict):
    """A continuous stat change or permission while the card is in play, in its region only."""

    stats: tuple[int, int] = (0, 0)
    """+power/+defense (each time, with `per`)."""
    to: Literal["me", "allies", "other_allies", "adjacent_allies"] = "me"
    per: Literal["other_ally_in_region", "mod_on_me"] | None = None
    while_: Literal["back_row"] | None = Field(None, alias="while")
    can_block_flying: bool = False

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Replacement(Strict):
    """An "if ... instead" effect: it changes an event as it happens, without the stack."""

    counters_extra: int = 0
    """If +1/+1 counters would be placed on an allied unit, this many more are placed."""
    damage_reduce: int = 0
    """If I would be dealt damage, I am dealt this much less."""


class Augment(Strict):
    """What moves onto the host when the card is applied as an augment."""

    attributes: list[Attribute] = Field(default_factory=list)
    """A type-line augment: these attributes."""
    abilities: list[Ability] = Field(default_factory=list)
    """A text-box augment: the paragraph after the symbol."""

    @model_validator(mode="after")
    def _something(self) -> Augment:
        if not self.attributes and not self.abilities:
            raise ValueError("an augment adds attributes or abilities")
        return self


class Graft(Strict):
    """A cause → effect ability that other graft cards can add effects to.

    A unit's graft has a cause: a cost (an activated cause) or a trigger moment. A graft spell
    has only an effect, which it does when played and which it adds when grafted.
    """

    bounded: bool = False
    """Bounded (once per turn) or unbounded."""
    cost: Cost | None = None
    when: When | None = None
    targets: dict[str, TargetSpec] = Field(default_factory=dict)
    effect: list[Step]

    @model_validator(mode="after")
    def _cause(self) -> Graft:
        if self.cost is not None and self.when is not None:
            raise ValueError("a graft cause is a cost or a trigger, not both")
        return self


class Play(Strict):
    """What a spell (or spell unit, or spell token) does when played: targets chosen on play."""

    targets: dict[str, TargetSpec] = Field(default_factory=dict)
    effect: list[Step] = Field(default_factory=list)
    extra_cost: Cost | None = None
    """An additional cost in [brackets], paid on play."""


class Card(Strict):
    """One Algomancy card definition."""

    id: Id
    name: str
    kind: Kind
    elements: list[Element] = Field(default_factory=list)
    cost: int = Field(0, ge=0)
    affinity: dict[Element, int] = Field(default_factory=dict)
    """Active affinity needed to play the card (e.g. {fire: 2})."""
    timing: Timing = "deploy"
    virus: bool = False
    """Can also be applied as an augment from hand during battle."""
    stats: tuple[int, int] | None = None
    """Printed power/defense (units, spell units, unit tokens)."""
    subtypes: list[str] = Field(default_factory=list)
    attributes: list[Attribute] = Field(default_factory=list)
    text: str
    """The printed rules text, as players read it."""
    abilities: list[Ability] = Field(default_factory=list)
    play: Play | None = None
    augment: Augment | None = None
    graft: Graft | None = None
    ambush: bool = False
    """Playable in battle to recall an allied unit and take its place."""
    from_bin: bool = False
    """"You may play me from your bin; if you do, I gain Unstable"."""
    x: bool = False
    """A token whose X is set by the card that creates it (Fireball X)."""
    affinity_gives: Element | None = None
    """Resources: the element of affinity this resource gives when active."""
    book: bool = False
    """The card is named in the rulebook (its rulebook facts are kept)."""

    @model_validator(mode="after")
    def _shape(self) -> Card:
        units = ("unit", "spell_unit", "token_unit")
        if self.kind in units and self.stats is None:
            raise ValueError(f"a {self.kind} needs stats: [power, defense]")
        if self.kind not in units and self.stats is not None:
            raise ValueError(f"a {self.kind} has no stats")
        if self.kind in ("spell", "token_spell") and self.play is None and self.graft is None:
            raise ValueError(f"a {self.kind} needs `play` (what it does) or a graft effect")
        if self.kind == "resource" and (self.cost or self.affinity):
            raise ValueError("resources have no cost or affinity requirement")
        if self.virus and self.augment is None:
            raise ValueError("a virus card needs an `augment` (what it adds as a mod)")
        if self.x and not self.kind.startswith("token"):
            raise ValueError("only tokens have an X set by their creator")
        return self

    @property
    def is_token(self) -> bool:
        return self.kind.startswith("token")

    @property
    def is_unit(self) -> bool:
        return self.kind in ("unit", "spell_unit", "token_unit")

    @property
    def playable_from_deck(self) -> bool:
        """Cards that belong in decks and packs (not tokens or resources)."""
        return self.kind in ("unit", "spell", "spell_unit")


class Decklist(Strict):
    """A constructed deck: a name, the element pair it is built for, and card counts."""

    id: Id
    name: str
    elements: list[Element]
    cards: dict[str, int]
    """Card id -> copies (at most 2)."""


class CardFile(Strict):
    cards: list[Card] = Field(default_factory=list)
    decks: list[Decklist] = Field(default_factory=list)


Ability.model_rebuild()
