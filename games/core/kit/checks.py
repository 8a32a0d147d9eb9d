"""Checks of values read from outside: the one validator of every file Parlour reads (the
settings with the games' preferences, best scores, records, saved games).

A check returns the clean value or raises Invalid with a short reason that names the place
(`volume: ...`). Lenient containers drop a bad entry instead, noting it in `problems`, so one
bad value does not cost the player the good ones. Pure: no pygame, no I/O.
"""
from __future__ import annotations

import copy
import math
import re
from collections.abc import Callable, Mapping
from typing import Any

Problems = list[str] | None


class Invalid(ValueError):
    """A value a file may not hold; the message says where and why."""


def _at(where: str, reason: str) -> Invalid:
    return Invalid(f"{where}: {reason}" if where else reason)


def _note(problems: Problems, error: Invalid) -> None:
    if problems is not None and len(problems) < 100:
        problems.append(str(error))


class Check:
    """check(value, where, problems) -> the clean value, or Invalid."""

    def __call__(self, value: Any, where: str = "", problems: Problems = None) -> Any:
        raise NotImplementedError

    def accepts(self, value: Any) -> bool:
        """Whether the value passes as it is (a lenient container that would drop part of it
        does not accept it)."""
        problems: list[str] = []
        try:
            clean = self(value, "", problems)
        except Invalid:
            return False
        return not problems and clean == value


class Boolean(Check):
    def __call__(self, value: Any, where: str = "", problems: Problems = None) -> bool:
        if not isinstance(value, bool):
            raise _at(where, "not true or false")
        return value


class Integer(Check):
    def __init__(self, low: int, high: int):
        self.low, self.high = low, high

    def __call__(self, value: Any, where: str = "", problems: Problems = None) -> int:
        # Compared as ints, never through float: 400 digits must not overflow anything.
        if not isinstance(value, int) or isinstance(value, bool) or \
                not self.low <= value <= self.high:
            raise _at(where, f"not a whole number from {self.low} to {self.high}")
        return value


class Number(Check):
    """A finite number in range (ints stay ints)."""

    def __init__(self, low: float, high: float):
        self.low, self.high = low, high

    def __call__(self, value: Any, where: str = "", problems: Problems = None) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                (isinstance(value, float) and not math.isfinite(value)) or \
                not self.low <= value <= self.high:
            raise _at(where, f"not a number from {self.low:g} to {self.high:g}")
        return value


class Text(Check):
    """A string of bounded length: no NUL, no other control characters, no lone surrogates
    (which no font can draw and no file can encode)."""
    BAD = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")

    def __init__(self, most: int, pattern: str | None = None):
        self.most, self.pattern = most, re.compile(pattern) if pattern else None

    def __call__(self, value: Any, where: str = "", problems: Problems = None) -> str:
        if not isinstance(value, str):
            raise _at(where, "not text")
        if len(value) > self.most:
            raise _at(where, f"text longer than {self.most} characters")
        if self.BAD.search(value):
            raise _at(where, "text with control characters")
        if self.pattern and not self.pattern.fullmatch(value):
            raise _at(where, "text of the wrong form")
        return value


class OneOf(Check):
    def __init__(self, *values: Any):
        self.values = values

    def __call__(self, value: Any, where: str = "", problems: Problems = None) -> Any:
        if not any(value == known and type(value) is type(known) for known in self.values):
            raise _at(where, f"not one of {', '.join(map(str, self.values))}")
        return value


class Either(Check):
    def __init__(self, *checks: Check):
        self.checks = checks

    def __call__(self, value: Any, where: str = "", problems: Problems = None) -> Any:
        for check in self.checks:
            try:
                return check(value, where, problems)
            except Invalid:
                pass
        raise _at(where, "not a value this field holds")


class ListOf(Check):
    """A list of at most `most` items (at least `least`). Lenient: bad items are dropped and
    items beyond `most` are cut (noted in problems); strict: either raises."""

    def __init__(self, item: Check, most: int, least: int = 0, lenient: bool = False):
        self.item, self.most, self.least, self.lenient = item, most, least, lenient

    def __call__(self, value: Any, where: str = "", problems: Problems = None) -> list[Any]:
        if not isinstance(value, list):
            raise _at(where, "not a list")
        if len(value) > self.most and not self.lenient:
            raise _at(where, f"more than {self.most} items")
        clean = []
        for index, item in enumerate(value[:self.most]):
            try:
                clean.append(self.item(item, f"{where}[{index}]", problems))
            except Invalid as error:
                if not self.lenient:
                    raise
                _note(problems, error)
        if len(value) > self.most:
            _note(problems, _at(where, f"more than {self.most} items"))
        if len(clean) < self.least:
            raise _at(where, f"fewer than {self.least} items")
        return clean


class MapOf(Check):
    """An object of at most `most` entries with checked keys and values; lenient as ListOf."""

    def __init__(self, key: Check, value: Check, most: int, lenient: bool = False):
        self.key, self.value, self.most, self.lenient = key, value, most, lenient

    def __call__(self, value: Any, where: str = "", problems: Problems = None) -> dict[Any, Any]:
        if not isinstance(value, dict):
            raise _at(where, "not an object")
        if len(value) > self.most and not self.lenient:
            raise _at(where, f"more than {self.most} entries")
        clean = {}
        for name, item in list(value.items())[:self.most]:
            place = f"{where}.{name}" if where else str(name)
            try:
                clean[self.key(name, where, problems)] = self.value(item, place[:80], problems)
            except Invalid as error:
                if not self.lenient:
                    raise
                _note(problems, error)
        if len(value) > self.most:
            _note(problems, _at(where, f"more than {self.most} entries"))
        return clean


class Fields(Check):
    """An object with known fields. `required` fields must be there; a missing optional field
    takes its default when one is given. Unknown fields: kept if `others` checks them, else
    dropped. Lenient: a bad field is dropped (its default used) and noted, not fatal."""

    def __init__(self, fields: Mapping[str, Check], required: tuple[str, ...] = (),
                 defaults: Mapping[str, Any] | None = None, others: Check | None = None,
                 most_others: int = 0, lenient: bool = False):
        self.fields, self.required = dict(fields), tuple(required)
        self.defaults, self.others = dict(defaults or {}), others
        self.most_others, self.lenient = most_others, lenient

    def __call__(self, value: Any, where: str = "", problems: Problems = None) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise _at(where, "not an object")
        clean = {}
        extra = 0
        for name, item in value.items():
            place = f"{where}.{name}" if where else str(name)
            check = self.fields.get(name)
            if check is None:
                if self.others is None or extra >= self.most_others or \
                        not isinstance(name, str) or len(name) > 64:
                    if self.lenient:    # dropped: say so, as for a bad value
                        _note(problems, _at(place[:80], "not a setting this build knows"))
                    continue
                extra += 1
                check = self.others
            try:
                clean[name] = check(item, place[:80], problems)
            except Invalid as error:
                if not self.lenient or name in self.required:
                    raise
                _note(problems, error)
        for name in self.required:
            if name not in clean:
                raise _at(where, f"no {name!r}")
        for name, default in self.defaults.items():
            if name not in clean:
                clean[name] = copy.deepcopy(default)
        return clean


class Plain(Check):
    """Any JSON value of bounded size: for the keys of a newer or another build's settings,
    kept as they are so nothing of the player's is lost, but never large or deep."""

    def __init__(self, nodes: int = 64, depth: int = 4, text: int = 200):
        self.nodes, self.depth, self.text = nodes, depth, Text(text)

    def __call__(self, value: Any, where: str = "", problems: Problems = None) -> Any:
        budget = [self.nodes]

        def walk(item: Any, depth: int) -> None:
            budget[0] -= 1
            if budget[0] < 0 or depth > self.depth:
                raise _at(where, "a value far too large")
            if item is None or isinstance(item, bool):
                return
            if isinstance(item, (int, float)):
                Number(-10**12, 10**12)(item, where)
            elif isinstance(item, str):
                self.text(item, where)
            elif isinstance(item, list):
                for child in item:
                    walk(child, depth + 1)
            elif isinstance(item, dict):
                for key, child in item.items():
                    self.text(key, where)
                    walk(child, depth + 1)
            else:
                raise _at(where, "not a JSON value")
        walk(value, 0)
        return value


class Satisfies(Check):
    """A value of another check that also passes a test (e.g. a pair of different colours)."""

    def __init__(self, base: Check, test: Callable[[Any], bool], reason: str):
        self.base, self.test, self.reason = base, test, reason

    def __call__(self, value: Any, where: str = "", problems: Problems = None) -> Any:
        clean = self.base(value, where, problems)
        if not self.test(clean):
            raise _at(where, self.reason)
        return clean


def check(schema: Check, value: Any, problems: Problems = None) -> Any:
    """Run a schema: the clean value, or Invalid. What lenient parts dropped goes into
    `problems` (when given)."""
    return schema(value, "", problems)


# The values most files hold.
SCALAR = Either(OneOf(None, True, False), Integer(-10**9, 10**9), Number(-1e12, 1e12),
                Text(200))
NAME = Text(64)
COUNT = Integer(0, 10**9)
