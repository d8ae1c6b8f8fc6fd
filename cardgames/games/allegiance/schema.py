"""The Allegiance card-file schema: heroes, units, actions, weapons/armor and special cards.

Every model forbids unknown fields, so a typo in a YAML file is an error with its file and line.
Effect steps are one-key mappings `{verb: args}`; the verbs are listed in `verbs.py`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="kebab-case card id")]
Step = dict[str, Any]
"""One effect step: a mapping with exactly one verb, e.g. {damage: {to: t, amount: 3}}."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TargetSpec(Strict):
    """One target slot, selected when the maneuver is announced (rulebook: Selecting Targets)."""

    type: Literal["unit", "hero", "unit_or_hero", "weapon", "player", "attached_card"]
    controller: Literal["any", "you", "opponent"] = "any"
    count: int = Field(1, ge=1, le=6)
    up_to: bool = False
    """"Up to N targets": zero is allowed."""
    other: bool = False
    """Not the source itself."""
    attacking: bool | None = None
    exhausted: bool | None = None
    deck: Literal["basic", "elite"] | None = None
    entered_this_turn: bool | None = None


class Cost(Strict):
    gold: int = Field(0, ge=0)
    exhaust: bool = False


When = Literal[
    "enters_play", "attacks", "end_of_your_turn", "end_of_attached_controllers_turn",
    "destroyed", "assigned_defender", "unit_you_control_destroyed", "you_use_ability",
    "opponent_enlists", "defender_destroyed_by_this", "battle_ended",
]
"""Trigger moments. `battle_ended` fires for the cards that attacked, as their battle ends."""


class Condition(Strict):
    """A condition checked when a trigger fires (`if:`) or when attackers are declared."""

    you_control_no_units: bool = False
    you_control_a: str | None = None
    """The card's controller controls a unit with this card id."""
    destroyed_card: list[str] | None = None
    """unit_you_control_destroyed: only when the destroyed unit is one of these cards."""
    once_per_turn: bool = False
    """The ability triggers at most once each turn."""


StaticWho = Literal[
    "attached", "other_units_you_control", "other_attacking_units_you_control",
    "named_you_control", "self_defending_against_elite", "defending_units_you_control",
    "your_hero",
]


class Static(Strict):
    """A static (`while:`) effect: a stat bonus, a damage prevention, or an attack restriction."""

    who: StaticWho | None = None
    """What it affects (stat bonus and prevention); `named_you_control` uses `cards`."""
    stat: Literal["attack", "health"] = "attack"
    amount: int = 0
    """Bonus to `stat` (negative for a penalty)."""
    cards: list[str] = Field(default_factory=list)
    prevent_each: int = Field(0, ge=0)
    """Prevent this much of each damage dealt to what it affects."""
    prevent_per_turn: int = Field(0, ge=0)
    """Prevent the first N damage dealt to what it affects each turn."""
    only_from: Literal["any", "action"] = "any"
    """Prevention only against damage from this kind of source."""
    attack_only_if: Condition | None = None
    """This card can't be declared as an attacker unless the condition holds."""

    @model_validator(mode="after")
    def _does_something(self) -> Static:
        if self.attack_only_if is None:
            if self.who is None:
                raise ValueError("a static effect needs `who` (what it affects)")
            if not (self.amount or self.prevent_each or self.prevent_per_turn):
                raise ValueError("a static effect needs `amount`, `prevent_each` or "
                                 "`prevent_per_turn`")
        if self.who == "named_you_control" and not self.cards:
            raise ValueError("`who: named_you_control` needs `cards`")
        return self


class Ability(Strict):
    """An ability of a card in play: triggered (`when`), activated (`cost`) or static (`while`)."""

    when: When | None = None
    cost: Cost | None = None
    """Activation cost: makes this an activated ability (a reaction maneuver)."""
    while_: Static | None = Field(None, alias="while")
    """A static effect, e.g. {stat: attack, amount: 1, who: other_attacking_units_you_control}."""
    optional: bool = False
    """"You may": decided when the trigger goes on the chain."""
    if_: Condition | None = Field(None, alias="if")
    """A condition checked when the trigger fires, e.g. {you_control_no_units: true}."""
    targets: dict[str, TargetSpec] = Field(default_factory=dict)
    effect: list[Step] = Field(default_factory=list)
    text: str = ""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _one_kind(self) -> Ability:
        kinds = [k for k in (self.when, self.cost, self.while_) if k is not None]
        if len(kinds) != 1:
            raise ValueError("an ability has exactly one of `when`, `cost` or `while`")
        if self.while_ is None and not self.effect:
            raise ValueError("a triggered or activated ability needs an `effect`")
        return self


Keyword = Literal[
    "may_attack_on_entry", "not_blocked_by_basic", "double_damage_to_units",
    "defends_twice", "no_refresh", "cannot_defend", "weapon_cannot_attack",
    "hero_untargetable_by_opponent_actions",
]
"""Rule overrides a card prints (ruling R99). On an attachment they apply to its host.

- may_attack_on_entry: may attack on the turn it enters its controller's territory;
- not_blocked_by_basic: basic units can't defend against it;
- double_damage_to_units: (weapon) deals double battle damage to units;
- defends_twice: may defend against two attackers in one battle;
- no_refresh: doesn't refresh in its controller's refresh phase;
- cannot_defend: can't be assigned as a defender;
- weapon_cannot_attack: (armor) your weapon can't attack;
- hero_untargetable_by_opponent_actions: (armor) your hero can't be the target of action cards
  your opponents play (a "target player" is still allowed).
"""


class Play(Strict):
    """What an action card (or one half of a split card) does when played."""

    name: str | None = None
    cost: int = Field(ge=0)
    text: str
    targets: dict[str, TargetSpec] = Field(default_factory=dict)
    effect: list[Step] = Field(default_factory=list)
    attach: str | None = None
    """Target slot to attach this card to on resolution; it then works through `attached`."""
    attached: list[Ability] = Field(default_factory=list)
    """Abilities the card has while attached."""
    attached_keywords: list[Keyword] = Field(default_factory=list)


class UnitCard(Strict):
    kind: Literal["unit"] = "unit"
    id: Id
    name: str
    deck: Literal["basic", "elite"]
    special: str | None = None
    """The hero id whose special card this is; None for shared-deck cards."""
    cost: int = Field(0, ge=0)
    attack: int
    health: int = Field(ge=1)
    text: str = ""
    copies: int = Field(0, ge=0)
    abilities: list[Ability] = Field(default_factory=list)
    keywords: list[Keyword] = Field(default_factory=list)
    enters_with: dict[Literal["augment", "curse"], int] = Field(default_factory=dict)
    """Counters the unit has as it enters play (not a trigger: nothing can respond)."""


class ActionCard(Strict):
    kind: Literal["action"] = "action"
    id: Id
    name: str
    copies: int = Field(0, ge=0)
    play: Play | None = None
    split: list[Play] | None = Field(None, min_length=2, max_length=2)

    @model_validator(mode="after")
    def _play_or_split(self) -> ActionCard:
        if (self.play is None) == (self.split is None):
            raise ValueError("an action card has either `play` or `split` (two halves)")
        if self.split is not None and any(h.name is None for h in self.split):
            raise ValueError("each half of a split card needs a `name`")
        return self

    @property
    def halves(self) -> list[Play]:
        return list(self.split) if self.split is not None else [self.play]  # type: ignore[list-item]

    @property
    def cost(self) -> int:
        """One fixed gold cost outside the chain: split cards count both halves."""
        return sum(h.cost for h in self.halves)


class Face(Strict):
    name: str
    type: Literal["weapon", "armor"]
    attack: int | None = None
    armor: int | None = None
    text: str = ""
    abilities: list[Ability] = Field(default_factory=list)
    keywords: list[Keyword] = Field(default_factory=list)

    @model_validator(mode="after")
    def _stat(self) -> Face:
        if self.type == "weapon" and self.attack is None:
            raise ValueError("a weapon face needs `attack`")
        if self.type == "armor" and self.armor is None:
            raise ValueError("an armor face needs `armor`")
        return self


class GearCard(Strict):
    """A double-sided weapon or armor card: only the face-up side is in play."""

    kind: Literal["gear"] = "gear"
    id: Id
    hero: str
    faces: list[Face] = Field(min_length=1, max_length=2)


class SpecialCard(Strict):
    """A non-unit special card (e.g. an attachment such as Wasting Disease, or a decree)."""

    kind: Literal["special"] = "special"
    id: Id
    name: str
    special: str
    type: Literal["attachment", "decree"]
    text: str
    abilities: list[Ability] = Field(default_factory=list)
    keywords: list[Keyword] = Field(default_factory=list)


class HeroAbility(Strict):
    id: Id
    name: str
    level: int = Field(ge=0, le=4)
    cost: int = Field(0, ge=0)
    delay: int = Field(ge=1, le=5)
    reaction: bool = False
    text: str
    targets: dict[str, TargetSpec] = Field(default_factory=dict)
    effect: list[Step] = Field(min_length=1)


SpecialRule = Literal["hakor-hand", "hakor-no-units", "hakor-recycle", "pack-tactics"]
"""Hero special rules honoured by the rules code: Hakor's starting hand of two actions
(rules.setup), unit draws milled instead (drawing.draw_from, verbs return_to_hand), his destroyed
units to the bottom of their decks (damage.destroy); Ilsevar's Wolves attacking on arrival
(battle.may_attack)."""


class HeroCard(Strict):
    kind: Literal["hero"] = "hero"
    id: Id
    name: str
    title: str
    health: int = Field(ge=1)
    weapon: str
    armor: str
    specials: list[str] = Field(default_factory=list)
    special_rules: list[SpecialRule] = Field(default_factory=list)
    rules_text: list[str] = Field(default_factory=list)
    abilities: list[HeroAbility] = Field(min_length=8, max_length=8)

    @model_validator(mode="after")
    def _levels(self) -> HeroCard:
        levels = sorted(a.level for a in self.abilities)
        if levels[0] != 0 or levels.count(0) != 1:
            raise ValueError("a hero has exactly one initial (level 0) ability")
        return self


AnyCard = Annotated[
    UnitCard | ActionCard | GearCard | SpecialCard | HeroCard, Field(discriminator="kind")
]


class CardFile(Strict):
    """One YAML file of Allegiance cards."""

    schema_version: Literal[1] = 1
    cards: list[AnyCard]
