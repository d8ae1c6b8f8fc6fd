"""The ARC-mage card-file schema: cities, creatures, enchantments, magic and events, with abilities as data.

Every model forbids unknown fields, so a typo in a YAML file is an error with its file and line.
Effect steps are one-key mappings `{verb: args}`; the verbs are listed in `verbs.py`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="kebab-case card id")]
Step = dict[str, Any]

Faction = Literal["gaian", "dark-legion", "red-banner", "house-of-nobles", "empire"]
FACTIONS: tuple[Faction, ...] = ("gaian", "dark-legion", "red-banner", "house-of-nobles", "empire")
FACTION_NAMES = {"gaian": "Gaian", "dark-legion": "Dark Legion", "red-banner": "Red Banner",
                 "house-of-nobles": "House of Nobles", "empire": "The Empire"}
CardType = Literal["city", "creature", "enchantment", "magic", "event"]
Keyword = Literal["flying", "ranged", "sudden", "peaceful", "veteran", "first_strike", "overrun", "infiltrate",
                  "travel", "fatigue", "deadly", "indestructible", "sanctuary", "unique", "battle_scream", "warg",
                  "immune_deadly", "blood_vengeance", "poison"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TargetSpec(Strict):
    """One target slot, chosen as the card or ability goes on the stack."""

    kind: Literal["creature", "city", "creature_or_city", "player", "enchantment", "stack"]
    side: Literal["any", "mine", "opponent", "here"] = "any"
    """Mine: controlled by the player; opponent: by another player; here: sharing the source's city."""
    where: Literal["any", "army"] = "any"
    """Army: only a creature in its controller's army (Witchdoctor: "a creature in your army")."""
    types: list[str] = []
    """Only creatures of these types (Botanist: a Tree or Flower)."""
    distinct: bool = False
    """Not a card already chosen for another slot ("each of three target creatures")."""


class Effect(Strict):
    """Targets chosen on announcement, then effect steps run on resolution."""

    targets: dict[str, TargetSpec] = {}
    effect: list[Step] = []


class Mode(Effect):
    label: str


class Play(Effect):
    """What a magic or event card does (one effect, or modes to choose one from)."""

    modes: list[Mode] = []
    sacrifice_city: bool = False
    """Part of playing it: sacrifice one of your cities (Jevyan's Advice)."""


class Static(Strict):
    """A passive effect: who it applies to and what it gives."""

    to: Literal["self", "host", "mine", "all", "residents", "players"]
    types: list[str] = []
    """Only creatures with one of these types."""
    faction: Faction | None = None
    where: Literal["army", "city", "any"] = "any"
    atk: int = 0
    def_: int = Field(0, alias="def")
    keywords: list[Keyword] = []
    per_other: dict[str, Any] | None = None
    """Multiply by the other creatures in play matching {types}."""
    per_here: dict[str, Any] | None = None
    """Multiply by the other cards of {faction} in the same city or army."""
    needs_other: dict[str, Any] | None = None
    """Only while its controller has at least {n} other creatures of {types}."""
    turn: Literal["own", "other"] | None = None
    cannot_attack: Faction | None = None
    """It can't attack cities of this faction."""
    cannot_defend: Faction | None = None
    """It can't defend against creatures of this faction."""
    besieged: bool = False
    binding: bool = False
    no_unmark: bool = False
    must_attack: bool = False
    discount: dict[str, Any] | None = None
    keyword_if_def: int | None = None
    """Its keywords only while its DEF is at least this (Sequoia Saplings: Ranged at 5)."""
    defending_non_flying: bool = False
    """Only while it defends against a creature without Flying (Mounted Eagle)."""
    punish: dict[str, Any] | None = None
    """{when: draw|discard, damage: n}: whenever an opponent of its controller draws (discards) a card, that
    opponent picks one of their cities to take n damage (Lobotomized Library L7, Shadow's Twilight L2)."""
    resource_cap: bool = False
    """No other player may make resource cards while holding as many as its controller (Siphon L3, R86)."""
    hand_sudden: list[str] | None = None
    """The player's creature cards of these types (none listed: all) have Sudden as they are played."""
    one_damage_per_turn: bool = False
    undead_army: bool = False
    """A non-Undead creature of its controller's that would go from play to the graveyard may go to their
    army instead, Undead (Nirvana of the Undead L5)."""
    may_stay_marked: bool = False
    """Its controller may keep it marked through their Unmark phase (Blindfolded)."""
    unmark_cap: bool = False
    """Players unmark at most as many creatures as its controller controls (Siphon L7, R86)."""
    grassroots: bool = False
    """It gains a grassroot counter each time it becomes marked; it unmarks only if its controller pays
    1 resource per grassroot counter (Grassroots)."""


class Level(Strict):
    """A city's devotion level: a one-shot effect, or a permanent one while devotion holds."""

    level: int = Field(ge=0, le=12)
    lasts: Literal["once", "perm"]
    targets: dict[str, TargetSpec] = {}
    effect: list[Step] = []
    static: Static | None = None


class Activated(Strict):
    """An activated ability: mark me and/or pay, then the effect (through the stack)."""

    mark_me: bool = False
    pay: int = Field(0, ge=0)
    sacrifice_me: bool = False
    in_army: bool = False
    city_cost: int = Field(0, ge=0)
    """Part of the cost: one of your cities loses this much defense (Forgiving Vampire)."""
    sacrifice_resources: int = Field(0, ge=0)
    """Part of the cost: sacrifice this many resource cards (Botanist, Falconer)."""
    mark_others: int = Field(0, ge=0)
    """Part of the cost: mark this many other unmarked creatures of yours of `others_types` (Trebuchet)."""
    others_types: list[str] = []
    hold: int = Field(0, ge=0)
    """It (and the creatures marked for the cost) skip their controller's next n Unmark phases."""
    targets: dict[str, TargetSpec] = {}
    effect: list[Step] = []


class Enchant(Strict):
    """An enchantment: its target (None: global, in the army area), what it does on entering, and while in play."""

    target: Literal["creature", "city", "player"] | None
    effect: list[Step] = []
    static: Static | None = None
    grants: list[Activated] = []
    """Activated abilities the enchanted creature gains (Blindfolded); "self" in them is the creature."""


class Watch(Strict):
    """A triggered ability of a card in play: every time a creature of these types comes into play."""

    types: list[str]
    effect: list[Step]


class CastTrigger(Strict):
    faction: Faction
    effect: list[Step]


class Card(Strict):
    """One ARC-mage card."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    id: Id
    name: str
    faction: Faction
    type: CardType
    token: bool = False
    invented: bool = False
    """Not a real ARC-mage card: made for the rulebook's worked examples, never in a deck."""
    cost: int = Field(0, ge=0)
    x: bool = False
    """Its cost is X, chosen when it is played (added to `cost`)."""
    x_is: Literal["target_atk"] | None = None
    """What X is, when the text defines it (Variable Resource Costs: "X is the ATK of the target")."""
    loyalty: int = Field(0, ge=0)
    atk: int = 0
    def_: int = Field(0, alias="def")
    defense: int = 0
    types: list[str] = []
    keywords: list[Keyword] = []
    text: str
    levels: list[Level] = []
    enters: Effect | None = None
    dies: Effect | None = None
    leaves: Effect | None = None
    devotes: Effect | None = None
    marked: Effect | None = None
    hits_city: Effect | None = None
    attacks: Effect | None = None
    """When it is marked as an attacker; "hit_city" names the city it attacks."""
    blocked: Effect | None = None
    """When defenders are assigned against it as an attacker; "blockers" names them (Elvish Ambush)."""
    city_tactics: Effect | None = None
    """At the start of the Tactics phase of the turn of the owner of the city it lives in (Little Brother)."""
    on_cast: CastTrigger | None = None
    watch_enters: Watch | None = None
    activated: list[Activated] = []
    play: Play | None = None
    enchant: Enchant | None = None
    statics: list[Static] = []
    moves: Effect | None = None
    """When it moves ("origin": the zone it left; Merchant Ship)."""
    moved_in: Effect | None = None
    """When it moves into a city ("city_owner": that city's controller; Orc Scout)."""
    from_grave: Effect | None = None
    """Works from its owner's graveyard: once three cards lie on top of it, then it goes back on top (Wight)."""
    grave_devotion: Faction | None = None
    """While devoting to it you may exile cards of this faction from your graveyard; their loyalty adds
    to its devotion (Qualaris)."""
    bodyguard: int | None = Field(None, ge=1)
    """Bodyguard N: when damage is dealt to another creature its controller controls, they may move up to N
    of it onto this one (R44)."""
    salvage: int | None = None
    """Salvage N: from your graveyard, in your own Play phase, pay N to return it to your hand (R64)."""
    devotion: int | None = None
    """Its devotion when it is not its loyalty (Esteemed Councilor counts double)."""
    unbuilt: str | None = None
    """What of its printed text the engine does not enforce yet (said in the app and in validate)."""

    @property
    def kind(self) -> str:
        """What `cardgames validate` counts: the card type (tokens and invented cards apart)."""
        return "token" if self.token else "invented" if self.invented else self.type

    @property
    def is_city(self) -> bool:
        return self.type == "city"

    @property
    def is_creature(self) -> bool:
        return self.type == "creature"

    @property
    def structured(self) -> bool:
        """Whether the card has something for the engine to do beyond its stats."""
        return bool(self.levels or self.enters or self.dies or self.leaves or self.devotes or self.marked
                    or self.hits_city or self.city_tactics or self.blocked
                    or self.attacks or self.on_cast or self.moved_in or self.moves or self.from_grave
                    or self.grave_devotion is not None or self.salvage is not None
                    or self.bodyguard is not None or self.watch_enters
                    or self.activated or self.play or self.enchant
                    or self.statics or self.keywords or self.devotion is not None or self.x)


class Decklist(Strict):
    id: Id
    name: str
    cards: dict[str, int]


class CardFile(Strict):
    cards: list[Card] = []
    decks: list[Decklist] = []
