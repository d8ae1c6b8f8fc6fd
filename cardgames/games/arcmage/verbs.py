"""The effect verbs: one function per effect word of the cards (`vocabulary.VERBS`), by theme in `refs`
(what arguments name), `verbs_damage`, `verbs_cards`, `verbs_creatures`, `verbs_kingdom` and `verbs_more`.

A verb either finishes, emitting events, or pushes a small frame that asks a player (a discard, a
toll, where a creature goes) and runs before the next step: a resolution stays resumable from state.
"""

from __future__ import annotations

from cardgames.games.arcmage.refs import Verb
from cardgames.games.arcmage.verbs_cards import (
    counter_card,
    discard,
    draw,
    drop,
    lose_creature,
    mill,
    no_draw,
    pay_draw,
    reveal_top,
    toll,
    top_of_deck,
    tutor,
)
from cardgames.games.arcmage.verbs_creatures import (
    assemble,
    buff,
    counter,
    crumble,
    destroy,
    doom,
    grant,
    mark,
    raise_,
    relocate,
    token,
    unmark,
    wipe,
)
from cardgames.games.arcmage.verbs_damage import damage, defense
from cardgames.games.arcmage.verbs_kingdom import (
    destroy_other_cities,
    extra_attack,
    no_army_defence,
    produce,
    return_resource,
    sacrifice_resources,
    steal_resource,
)

VERB_TABLE: dict[str, Verb] = {
    "damage": damage, "draw": draw, "mill": mill, "discard": discard, "toll": toll, "defense": defense,
    "token": token, "mark": mark, "unmark": unmark, "buff": buff, "counter": counter, "grant": grant,
    "destroy": destroy, "top_of_deck": top_of_deck, "produce": produce, "raise": raise_, "relocate": relocate,
    "tutor": tutor, "reveal_top": reveal_top, "drop": drop, "crumble": crumble, "wipe": wipe,
    "no_draw": no_draw, "counter_card": counter_card, "no_army_defence": no_army_defence,
    "sacrifice_resources": sacrifice_resources, "extra_attack": extra_attack,
    "destroy_other_cities": destroy_other_cities, "assemble": assemble, "lose_creature": lose_creature,
    "doom": doom, "pay_draw": pay_draw, "steal_resource": steal_resource, "return_resource": return_resource,
}
