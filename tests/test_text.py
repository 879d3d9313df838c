"""Numbers and names as the messages and pages write them."""

from __future__ import annotations

from generator.text import Name, Phrase, compared_text, list_joints, name_list, named_list


def test_names_written_last_first_are_parted_by_semicolons() -> None:
    """ "Chen, David, Ray, Alice" read as four players in the build's play-off line."""
    assert name_list(["Chen, David", "Ray, Alice"]) == "Chen, David and Ray, Alice"
    assert name_list(["Chen, David", "Ray, Alice", "Kim, Min"]) == (
        "Chen, David; Ray, Alice and Kim, Min"
    )
    assert name_list(["A", "B", "C"]) == "A, B and C"
    assert name_list(["A"]) == "A"


def test_a_phrase_splits_and_joins_on_its_words_only() -> None:
    """The prizes' "said once" merging splits reasons at "; ": never inside a name."""
    reason = Phrase("3rd overall; ", Name("Ray; Al"), " holds a higher prize")
    head, tail = reason.split("; ", 1)
    assert (head, tail) == (
        Phrase("3rd overall"),
        Phrase(Name("Ray; Al"), " holds a higher prize"),
    )
    cohen, smith = "כהן, דוד", "Smith, John"
    joined = Phrase(" or ").join([Name(cohen), Name(smith)])
    assert joined == Phrase(Name(cohen), " or ", Name(smith))
    assert joined.names == (cohen, smith) and str(joined) == f"{cohen} or {smith}"
    assert Phrase("a", "b", Phrase("c")) == Phrase("abc") and not Phrase("", "")


def test_a_list_of_names_keeps_each_name_apart() -> None:
    """``named_list``: the sentence of ``name_list``, each name a ``Name`` for the pages."""
    names = named_list(["Chen, David", "Ray, Alice", "Kim, Min"])
    assert names == Phrase(Name("Chen, David"), "; ", Name("Ray, Alice"), " and ", Name("Kim, Min"))
    assert str(names) == "Chen, David; Ray, Alice and Kim, Min"
    assert named_list(["A"]) == Phrase(Name("A")) and named_list([]) == Phrase()


def test_the_words_between_linked_names_are_those_of_the_text() -> None:
    """The play-off page links each name, so it writes the words between them itself:
    "; " only when a name is written "Last, First", ", " otherwise, " and " before the last."""
    assert list_joints(["Ana Lopez", "Ben Ng", "Dara Oz"]) == ["", ", ", " and "]
    assert list_joints(["Lopez, Ana", "Ng, Ben", "Oz, Dara"]) == ["", "; ", " and "]
    assert list_joints(["Ana Lopez", "Ng, Ben", "Dara Oz", "Eve Park"]) == [
        "",
        "; ",
        "; ",
        " and ",
    ]
    assert list_joints(["Ana Lopez", "Ben Ng"]) == ["", " and "]
    assert list_joints(["Ana Lopez"]) == [""] and list_joints([]) == []


def test_values_compared_in_one_sentence_are_written_alike() -> None:
    """Whole and half values read as scores ("1½ to 1"); when either is finer both read as
    the tables print tie-breaks ("1.5 to 1.25", not "1½ to 1.25"); counts stay counts."""
    assert compared_text(1.5, 1.0) == ("1½", "1")
    assert compared_text(0.5, 0.0) == ("½", "0")
    assert compared_text(24.0, 23.5) == ("24", "23½")
    assert compared_text(1.5, 1.25) == ("1.5", "1.25")
    assert compared_text(4.75, 4.0) == ("4.75", "4")
    assert compared_text(5, 4) == ("5", "4")
