"""The Mechamancers card-file schema: mecha (with their states), roles and events.

Every model forbids unknown fields, so a typo in a YAML file is an error with its file and line.
A mecha's ability is one keyword of `vocabulary.ABILITIES`; an event's effect is one word of
`vocabulary.EVENT_WORDS` with its amount.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="kebab-case card id")]
MechaType = Literal["attack", "defense", "unique", "bulwark"]
Tag = Literal["passive", "resource", "activation", "strike", "on_damaged", "on_destroyed", "on_kill"]
"""When an ability works (spec H30)."""
Pile = Literal["attack", "defense", "unique", "any"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class MechaState(Strict):
    """One side of the card (one quarter turn): what it does with this much health left."""

    swords: int = Field(0, ge=0, le=4)
    """Attack mecha: how many attacks it makes this turn."""
    damage: int = Field(0, ge=0, le=5)
    """Attack mecha: the damage of each attack."""
    shield: int = Field(0, ge=0, le=6)
    """Defense mecha and Bulwark: its Shield."""
    potency: int = Field(0, ge=0, le=4)
    """Unique mecha: the strength of its ability in this state."""
    label: str = ""
    """Unique mecha: how the state reads (\"Repair 2\")."""


class Ability(Strict):
    """A mecha's printed ability: a keyword from the vocabulary, when it works, and its text."""

    word: str
    tag: Tag
    name: str
    text: str


class MechaCard(Strict):
    kind: Literal["mecha"] = "mecha"
    id: Id
    name: str
    type: MechaType
    cost: int = Field(ge=0, le=9)
    copies: int = Field(1, ge=1, le=6)
    states: list[MechaState] = Field(min_length=1, max_length=4)
    """From undamaged to one health left; the number of states is the mecha's health (H4)."""
    ability: Ability | None = None
    text: str = ""
    """Flavour or a note shown with the card; the ability's text is its own."""

    @model_validator(mode="after")
    def _stats_fit_type(self) -> MechaCard:
        for i, st in enumerate(self.states):
            if self.type == "attack" and (st.swords < 1 or st.damage < 1 or st.shield):
                raise ValueError(f"states[{i}]: an attack mecha has swords and damage (at least 1), no shield")
            if self.type in ("defense", "bulwark") and (st.swords or st.damage or st.shield < 1):
                raise ValueError(f"states[{i}]: a shield mecha has a shield (at least 1) and no attacks")
            if self.type == "unique" and (st.swords or st.damage or st.shield or not st.label):
                raise ValueError(f"states[{i}]: a unique mecha has a potency label, no attacks or shield")
        if self.type == "unique" and self.ability is None:
            raise ValueError("a unique mecha has an ability")
        return self

    @property
    def health(self) -> int:
        return len(self.states)


class RoleCard(Strict):
    """A character card: turn order, draws, mana harvested, base defend, privilege (spec §5.2)."""

    kind: Literal["role"]
    id: Id
    name: str
    alias: str = ""
    order: int = Field(ge=1, le=5)
    draws: list[Pile] = Field(min_length=1, max_length=3)
    mana: int = Field(ge=0, le=6)
    defend: int = Field(ge=0, le=6)
    privilege: Literal["foresight", "crown", "overdrive", "repair", "transmute"]
    privilege_name: str
    text: str


class EventCard(Strict):
    kind: Literal["event"]
    id: Id
    name: str
    effect: str
    """One word of `vocabulary.EVENT_WORDS`."""
    amount: int = Field(1, ge=0, le=5)
    text: str


Card = Annotated[MechaCard | RoleCard | EventCard, Field(discriminator="kind")]


class CardFile(Strict):
    """One YAML file of cards."""

    schema_version: Literal[1] = 1
    cards: list[Card]
