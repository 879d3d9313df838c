"""Numbers as an organiser writes them on an entry form or a prize list, for hints.

"1st", "U16" and "6000 USD" are how places, age groups and prizes are written everywhere but
in event.toml, which wants the bare number (and the currency once, under ``[prizes]``). Both
the schema (the value in quotes, a string to TOML) and the syntax errors (the value without
quotes) read them here, so the two hints say the same.
"""

from __future__ import annotations

import re

_ORDINAL = re.compile(r"\s*(\d{1,4})\s*(st|nd|rd|th)\.?\s*", re.IGNORECASE)
"""A place as a prize list writes it: "1st", "2nd", "3rd", "10th"."""

_AGE_GROUP = re.compile(r"\s*(?:u|under)\s*-?\s*(\d{1,2})\s*", re.IGNORECASE)
"""An age group's label: "U16", "u-16", "Under 16"."""

_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
"""A number with or without thousands commas: 6000, 6,000, 62.50."""

_MONEY = re.compile(
    rf"\s*(?:([A-Z]{{3}})\s+|[$€£¥]\s*)?({_NUMBER})\s*([A-Z]{{3}})?\s*", re.IGNORECASE
)
"""An amount with its currency: "6000 USD", "USD 6000", "$6,000", "6,000 usd"."""


def ordinal(text: str) -> int | None:
    """The place "1st" (or "2nd", "3rd", "10th") names, else ``None``."""
    match = _ORDINAL.fullmatch(text)
    return int(match.group(1)) if match else None


def age_limit(text: str) -> int | None:
    """The age an age group's label ("U16", "Under 16") gives, else ``None``."""
    match = _AGE_GROUP.fullmatch(text)
    return int(match.group(1)) if match else None


def amount_and_currency(text: str) -> tuple[str, str] | None:
    """The amount, as TOML writes it, and the currency code, upper case, of an amount written
    with its currency ("6000 USD", "USD 6,000", "$6000": a sign names no code, so "");
    ``None`` for a number alone, two codes, or text that is no amount."""
    match = _MONEY.fullmatch(text)
    if not match or (match.group(1) and match.group(3)):
        return None
    if match.group(0).strip() == match.group(2):
        return None
    code = (match.group(1) or match.group(3) or "").upper()
    return match.group(2).replace(",", ""), code


def currency_hint(key: str, amount: str, code: str) -> str:
    """What to write for an amount given with its currency: the README's [prizes] currency."""
    currency = f'currency = "{code}"' if code else 'currency = "USD" (or the event\'s code)'
    return (
        f"write {key} = {amount}, the number alone; the currency is written once for the "
        f"event, under [prizes]: {currency}"
    )
