"""Small frames where a player chooses in the middle of an effect: discard, toll, sacrifice a resource,
where an evacuated or relocated creature goes, a creature raised from a graveyard, a card searched for."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame
from cardgames.games.arcmage import checks
from cardgames.games.arcmage import events as ae
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import rules_of
from cardgames.games.arcmage.schema import FACTION_NAMES
from cardgames.games.arcmage.verbs_creatures import put_creature
from cardgames.games.arcmage.verbs_damage import deal_damage


def _name(flow: Flow, oid: int) -> str:
    return rules_of(flow).card_name(flow.state, flow.state.objects[oid])


def _sacrifice_options(flow: Flow, seat: int) -> list[Option]:
    out = []
    for f in t.FACTION_ORDER:
        cards = t.resources(flow.state, seat, f)
        for marked in (True, False):
            if any(o.exhausted == marked for o in cards):
                state = "marked" if marked else "unmarked"
                out.append(Option(f"sac:{f}:{state}", f"Sacrifice a {state} {FACTION_NAMES[f]} resource card",
                                  "sacrifice"))
    return out


def _sacrifice(flow: Flow, seat: int, key: str) -> None:
    _, fac, state = key.split(":")
    card = next(o for o in t.resources(flow.state, seat, fac) if o.exhausted == (state == "marked"))
    flow.emit(ce.ObjectMoved(card.id, t.gone(card.owner), reset=True))


def _discard_run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):  # deaths first: a state the players must see settled (R38)
        return None
    seat = int(frame.data["seat"])
    cards = flow.state.cards_in(t.hand(seat))
    if int(frame.data["left"]) <= 0 or not cards:
        flow.pop(frame)
        return None
    why = "Discard down to 7 cards" if frame.data.get("why") == "limit" else "Discard a card"
    return Ask(seat, "discard", f"{why} ({frame.data['left']} to go)",
               [Option(f"discard:{o.id}", f"Discard {_name(flow, o.id)}", "discard", o.id) for o in cards])


def _discard_answer(flow: Flow, frame: Frame, option: Option) -> None:
    oid = int(option.key.split(":")[1])
    flow.emit(ce.ObjectMoved(oid, t.grave(flow.state.objects[oid].owner)))
    flow.update(frame, left=int(frame.data["left"]) - 1)
    checks.punish(flow, int(frame.data["seat"]), "discard")


def _toll_run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):  # deaths first: a state the players must see settled (R38)
        return None
    seat = int(frame.data["seat"])
    if flow.state.players[seat].eliminated:
        flow.pop(frame)
        return None
    hand = flow.state.cards_in(t.hand(seat))
    opts = [Option(f"discard:{o.id}", f"Discard {_name(flow, o.id)}", "discard", o.id) for o in hand]
    opts += _sacrifice_options(flow, seat)
    if int(frame.data["left"]) <= 0 or not opts:
        flow.pop(frame)
        return None
    return Ask(seat, "toll", f"Pay a toll: discard a card or sacrifice a resource card ({frame.data['left']} to go)",
               opts)


def _toll_answer(flow: Flow, frame: Frame, option: Option) -> None:
    seat = int(frame.data["seat"])
    if option.key.startswith("discard:"):
        oid = int(option.key.split(":")[1])
        flow.emit(ce.ObjectMoved(oid, t.grave(seat)))
        checks.punish(flow, seat, "discard")
    else:
        _sacrifice(flow, seat, option.key)
    flow.update(frame, left=int(frame.data["left"]) - 1)


def _sac_run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):  # deaths first: a state the players must see settled (R38)
        return None
    seat = int(frame.data["seat"])
    opts = _sacrifice_options(flow, seat)
    if int(frame.data["left"]) <= 0 or not opts:
        flow.pop(frame)
        return None
    return Ask(seat, "sacrifice", f"Sacrifice a resource card ({frame.data['left']} to go)", opts)


def _sac_answer(flow: Flow, frame: Frame, option: Option) -> None:
    _sacrifice(flow, int(frame.data["seat"]), option.key)
    flow.update(frame, left=int(frame.data["left"]) - 1)


def _places(flow: Flow, seat: int, exclude: int | None = None) -> list[Option]:
    out = [Option(f"to:army:{seat}", "Into the army", "place")]
    for c in t.cities(flow.state, seat):
        if c.id != exclude:
            out.append(Option(f"to:res:{c.id}", f"Into {_name(flow, c.id)}", "place", c.id))
    return out


def _evacuate_run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):  # deaths first: a state the players must see settled (R38)
        return None
    obj = flow.state.objects[int(frame.data["creature"])]
    choices = [c for c in frame.data["choices"] if flow.state.objects[int(c)].zone.startswith("kingdom:")]
    if not obj.zone.startswith("army:") or not choices or flow.state.players[obj.controller].eliminated:
        flow.pop(frame)
        return None
    opts = [Option("to:army", "Stay in the army", "place")]
    opts += [Option(f"to:res:{c}", f"Into {_name(flow, int(c))}", "place", int(c)) for c in choices]
    return Ask(obj.controller, "evacuate", f"{_name(flow, obj.id)} leaves its destroyed city: where to?", opts)


def _evacuate_answer(flow: Flow, frame: Frame, option: Option) -> None:
    if option.key != "to:army":
        flow.emit(ce.ObjectMoved(int(frame.data["creature"]), option.key[3:]))
    flow.pop(frame)


def _relocate_run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):  # deaths first: a state the players must see settled (R38)
        return None
    obj = flow.state.objects[int(frame.data["creature"])]
    if not t.in_play(obj) or flow.state.players[obj.owner].eliminated:
        flow.pop(frame)
        return None
    here = t.city_of(obj)
    opts = [o for o in _places(flow, obj.owner, here)
            if not (frame.data.get("to") == "city" and o.key.startswith("to:army"))]
    if t.in_army(obj):
        opts = [o for o in opts if not o.key.startswith("to:army")]
    if not opts:
        flow.pop(frame)
        return None
    return Ask(int(frame.data["seat"]), "relocate", f"Where does {_name(flow, obj.id)} go?", opts)


def _relocate_answer(flow: Flow, frame: Frame, option: Option) -> None:
    oid = int(frame.data["creature"])
    flow.emit(ce.ObjectMoved(oid, option.key[3:], controller=flow.state.objects[oid].owner))
    flow.pop(frame)


def _raise_pool(flow: Flow, frame: Frame) -> list[int]:
    rules = rules_of(flow)
    seat = int(frame.data["seat"])
    graves = [t.grave(seat)] if frame.data["scope"] == "mine" else [t.grave(s) for s in range(len(flow.state.players))]
    return [o.id for g in graves for o in flow.state.cards_in(g) if rules.cards[o.card].is_creature]


def _raise_run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):  # deaths first: a state the players must see settled (R38)
        return None
    pool = _raise_pool(flow, frame)
    zone = str(frame.data["zone"])
    if not pool or (zone.startswith("res:") and not flow.state.objects[int(zone[4:])].zone.startswith("kingdom:")):
        flow.pop(frame)
        return None
    return Ask(int(frame.data["seat"]), "raise", "Bring back a creature card from a graveyard",
               [Option(f"raise:{i}", f"Bring back {_name(flow, i)}", "raise", i) for i in pool])


def _raise_answer(flow: Flow, frame: Frame, option: Option) -> None:
    oid = int(option.key.split(":")[1])
    kinds = list(frame.data.get("types") or [])
    if kinds:
        flow.emit(ce.ObjectPropSet(oid, "types", kinds))
    put_creature(flow, oid, str(frame.data["zone"]))
    ench = frame.data.get("attach")
    if ench is not None and flow.state.objects[int(ench)].zone.startswith("ench:"):  # Raise the Undead: stays on it
        flow.emit(ce.ObjectChanged(int(ench), attached_to=oid))
    if frame.data.get("exile"):  # Spirit Tree L3: exiled at the beginning of its controller's next turn
        flow.emit(ce.ObjectPropSet(oid, "exile_at", int(frame.data["seat"])))
    flow.pop(frame)


def _search(flow: Flow, frame: Frame) -> list[int]:
    rules = rules_of(flow)
    seat = int(frame.data["seat"])
    kinds = set(frame.data.get("types") or [])
    fac = frame.data.get("faction")
    zone = t.hand(seat) if frame.kind == "drop" else t.deck(seat)
    return [o.id for o in flow.state.cards_in(zone)
            if (not kinds or kinds & set(rules.cards[o.card].types))
            and (fac is None or rules.cards[o.card].faction == fac)
            and (frame.kind != "drop" or rules.cards[o.card].is_creature)]


def show_search(flow: Flow, frame: Frame, seat: int, found: list[int]) -> bool:
    """Before a decision names cards of a hidden deck, show them to the searcher in an event (so
    undo stops there), once per frame; True if it did (the frame asks on its next run: a frame does
    not emit and ask at once)."""
    if not found or frame.data.get("shown"):
        return False
    flow.update(frame, shown=True)
    flow.emit(ae.DeckSearched(seat, found))
    return True


def _tutor_run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):  # deaths first: a state the players must see settled (R38)
        return None
    found = _search(flow, frame)
    seat = int(frame.data["seat"])
    if frame.kind == "tutor" and show_search(flow, frame, seat, found):
        return None
    opts = [Option(f"take:{i}", f"Take {_name(flow, i)}", "take", i) for i in found]
    verb = "Put into your army" if frame.kind == "drop" else "Search your deck"
    return Ask(seat, frame.kind, f"{verb}: choose a card (or none)", [*opts, Option("none", "None", "done")])


def _tutor_answer(flow: Flow, frame: Frame, option: Option) -> None:
    seat = int(frame.data["seat"])
    flow.pop(frame)
    if option.key != "none":
        oid = int(option.key.split(":")[1])
        if frame.kind == "drop":
            put_creature(flow, oid, t.army(seat))
            return
        flow.emit(ce.ObjectMoved(oid, t.hand(seat)))
    if frame.kind == "tutor":
        flow.shuffle(t.deck(seat))


def _lose_run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):  # deaths first: a state the players must see settled (R38)
        return None
    rules = rules_of(flow)
    seat = int(frame.data["seat"])
    mine = [o for o in t.creatures_of(flow.state, seat) if rules.cards[o.card].faction != frame.data["not_faction"]]
    if not mine or flow.state.players[seat].eliminated:
        flow.pop(frame)
        return None
    return Ask(seat, "lose_creature", "The curse: put one of your creatures into your graveyard",
               [Option(f"lose:{o.id}", f"{_name(flow, o.id)} goes to the graveyard", "lose", o.id) for o in mine])


def _lose_answer(flow: Flow, frame: Frame, option: Option) -> None:
    obj = flow.state.objects[int(option.key.split(":")[1])]
    flow.pop(frame)
    flow.emit(ce.ObjectMoved(obj.id, t.gone(obj.owner) if rules_of(flow).cards[obj.card].token else t.grave(obj.owner),
                             reset=True))


def _pay_draw_run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):  # deaths first: a state the players must see settled (R38)
        return None
    n = int(frame.data["n"])
    return Ask(int(frame.data["seat"]), "pay_draw", f"Pay {n} resources to draw a card?",
               [Option("pay", f"Pay {n} and draw a card", "pay"), Option("no", "Don't", "done")])


def _pay_draw_answer(flow: Flow, frame: Frame, option: Option) -> None:
    """Paid from the factions with the most resources left (which faceless cards are marked doesn't matter,
    and this keeps the most loyalty for later)."""
    seat = int(frame.data["seat"])
    flow.pop(frame)
    if option.key != "pay":
        return
    for _ in range(int(frame.data["n"])):
        most = max(t.FACTION_ORDER, key=lambda f: t.available(flow.state, seat, f))
        checks.pay_from(flow, seat, most)
    checks.draw(flow, seat, 1)


def _steal_run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):  # deaths first: a state the players must see settled (R38)
        return None
    victim = int(frame.data["victim"])
    opts = [Option(o.key.replace("sac:", "take:"), o.label.replace("Sacrifice", "Take"), "take")
            for o in _sacrifice_options(flow, victim)]
    if not opts or flow.state.players[victim].eliminated:
        flow.pop(frame)
        return None
    return Ask(int(frame.data["seat"]), "steal", f"Take one of {flow.state.players[victim].name}'s resource cards",
               opts)


def _steal_answer(flow: Flow, frame: Frame, option: Option) -> None:
    _, fac, state = option.key.split(":")
    victim, seat = int(frame.data["victim"]), int(frame.data["seat"])
    card = next(o for o in t.resources(flow.state, victim, fac) if o.exhausted == (state == "marked"))
    flow.pop(frame)
    flow.emit(ce.ObjectMoved(card.id, t.vault(seat), controller=seat))
    flow.emit(ce.ObjectPropSet(int(frame.data["thief"]), "stolen", card.id))


def _city_damage_run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):  # deaths first: a state the players must see settled (R38)
        return None
    seat = int(frame.data["seat"])
    cities = t.cities(flow.state, seat)
    if not cities or flow.state.players[seat].eliminated:
        flow.pop(frame)
        return None
    n = int(frame.data["n"])
    return Ask(seat, "city_damage", f"{_name(flow, int(frame.data['source']))}: one of your cities takes {n} damage",
               [Option(f"city:{c.id}", f"{_name(flow, c.id)} takes {n}", "city", c.id) for c in cities])


def _city_damage_answer(flow: Flow, frame: Frame, option: Option) -> None:
    flow.pop(frame)
    src = flow.state.objects[int(frame.data["source"])]
    deal_damage(flow, flow.state.objects[int(option.key.split(":")[1])], int(frame.data["n"]), src)


def frame_kinds() -> dict[str, FrameKind]:
    return {"discard": FnFrame(_discard_run, _discard_answer), "toll": FnFrame(_toll_run, _toll_answer),
            "sacrifice": FnFrame(_sac_run, _sac_answer), "evacuate": FnFrame(_evacuate_run, _evacuate_answer),
            "relocate": FnFrame(_relocate_run, _relocate_answer), "raise": FnFrame(_raise_run, _raise_answer),
            "tutor": FnFrame(_tutor_run, _tutor_answer), "drop": FnFrame(_tutor_run, _tutor_answer),
            "lose_creature": FnFrame(_lose_run, _lose_answer), "pay_draw": FnFrame(_pay_draw_run, _pay_draw_answer),
            "steal": FnFrame(_steal_run, _steal_answer),
            "city_damage": FnFrame(_city_damage_run, _city_damage_answer)}

