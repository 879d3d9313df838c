"""Numbers and names as the messages and pages write them."""

from __future__ import annotations

from generator.text import name_list


def test_names_written_last_first_are_parted_by_semicolons() -> None:
    """ "Chen, David, Ray, Alice" read as four players in the build's play-off line."""
    assert name_list(["Chen, David", "Ray, Alice"]) == "Chen, David and Ray, Alice"
    assert name_list(["Chen, David", "Ray, Alice", "Kim, Min"]) == (
        "Chen, David; Ray, Alice and Kim, Min"
    )
    assert name_list(["A", "B", "C"]) == "A, B and C"
    assert name_list(["A"]) == "A"
