"""`frozen_init`: a faster `__init__` for the engine's frozen slots dataclasses (events, options)."""

from __future__ import annotations

import dataclasses
import types
from typing import Any


def slot_setters(cls: type, names: tuple[str, ...]) -> list[Any] | None:
    """The `__set__` of each named field's slot (None if one is not a slot): setting a field through
    it bypasses a frozen class's `__setattr__`, as `dataclasses` does with `object.__setattr__`,
    at half the cost."""
    slots = [getattr(cls, name, None) for name in names]
    if not all(isinstance(slot, types.MemberDescriptorType) for slot in slots):
        return None
    return [slot.__set__ for slot in slots]  # type: ignore[union-attr]


def frozen_init(cls: type) -> None:
    """Give the frozen slots dataclass `cls` an `__init__` that sets its fields through its slots:
    the one `dataclasses` writes, with the same parameters and defaults, but without a call of
    `object.__setattr__` per field — twice as fast, for the classes the rules make at every step
    (events, options). The class stays frozen (assigning a field afterwards raises). Left as it is
    where a field is not a slot, or the class has a `__post_init__` or keyword-only fields."""
    fields = dataclasses.fields(cls)
    setters = slot_setters(cls, tuple(f.name for f in fields))
    if setters is None or "__post_init__" in dir(cls) or any(f.kw_only for f in fields):
        return
    if not all(f.name.isidentifier() for f in fields):
        return
    scope: dict[str, Any] = {"MISSING": dataclasses.MISSING}
    params, body = [], []
    for i, (f, setter) in enumerate(zip(fields, setters, strict=True)):
        scope[f"s{i}"] = setter
        if f.default is not dataclasses.MISSING:
            scope[f"d{i}"] = f.default
            params.append(f"{f.name}=d{i}")
            body.append(f"    s{i}(self, {f.name})\n")
        elif f.default_factory is not dataclasses.MISSING:
            scope[f"f{i}"] = f.default_factory
            params.append(f"{f.name}=MISSING")
            body.append(f"    s{i}(self, f{i}() if {f.name} is MISSING else {f.name})\n")
        else:
            params.append(f.name)
            body.append(f"    s{i}(self, {f.name})\n")
    code = f"def __init__(self, {', '.join(params)}):\n" + ("".join(body) or "    pass\n")
    exec(code, scope)  # built from field names checked to be identifiers
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = vars(cls)["__init__"].__doc__
    type.__setattr__(cls, "__init__", init)
