"""The model's names for pages and folders: ``slugify``."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.model import slugify

TODAYS_SLUGS = [
    # The docstring's example and the demo site's players, folders and categories.
    ("Ólafsson, Þóra", "olafsson-thora"),
    ("Whitcombe, Harrison", "whitcombe-harrison"),
    ("Nakagawa-Bell, Emiko", "nakagawa-bell-emiko"),
    ("Brennan-Tully, Oscar", "brennan-tully-oscar"),
    ("Lysenko-Park, Caleb", "lysenko-park-caleb"),
    ("junior-closed", "junior-closed"),
    ("Under 16", "under-16"),
    ("Girls Under 14", "girls-under-14"),
    # Folders of the tests: "AJC 2026" and "Club!" clash with "ajc-2026" and "club".
    ("AJC 2026", "ajc-2026"),
    ("Club!", "club"),
    ("Garçons Élite", "garcons-elite"),
    ("Über", "uber"),
    # Accents dropped, the letters the old table spelt out, non-ASCII punctuation dropped
    # without a hyphen, compatibility forms (full width, superscript, no-break space).
    ("Müller, Jürgen", "muller-jurgen"),
    ("Søren Ærø", "soren-aero"),
    ("Łukasz Đoković", "lukasz-dokovic"),
    ("Straße", "strasse"),
    ("O’Brien, Seán", "obrien-sean"),
    ("Smith–Jones", "smithjones"),
    ("«Élite»", "elite"),
    ("Ｌｉ Ｗｅｉ", "li-wei"),
    ("x²", "x2"),
    ("Anna\u00a0Kim", "anna-kim"),
    ("İnci", "inci"),
    ("Hawaiʻi", "hawaii"),
    ("a_b.c", "a-b-c"),
    ("  --Test--  ", "test"),
    ("", "x"),
    ("???", "x"),
    ("♔♕", "x"),
]


@pytest.mark.parametrize(("name", "slug"), TODAYS_SLUGS)
def test_a_name_with_an_ascii_slug_keeps_it(name: str, slug: str) -> None:
    """A site's addresses do not move: a name whose slug was already whole keeps it."""
    assert slugify(name) == slug


def _slug_before(text: str) -> str:
    """``slugify`` as it was before names in other scripts kept their letters."""
    text = text.replace("Þ", "Th").replace("þ", "th").replace("ß", "ss").replace("Ø", "O")
    text = text.replace("ø", "o").replace("Æ", "AE").replace("æ", "ae").replace("Ł", "L")
    text = text.replace("ł", "l").replace("Đ", "D").replace("đ", "d")
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "x"


def _dropped_a_letter_before(text: str) -> bool:
    """Whether the old slug lost a letter or digit (so it was not whole and may change)."""
    for old, new in (("Þ", "Th"), ("þ", "th"), ("ß", "ss"), ("Ø", "O"), ("ø", "o")):
        text = text.replace(old, new)
    for old, new in (("Æ", "AE"), ("æ", "ae"), ("Ł", "L"), ("ł", "l"), ("Đ", "D"), ("đ", "d")):
        text = text.replace(old, new)
    return any(
        not c.isascii() and unicodedata.category(c)[0] in "LN"
        for c in unicodedata.normalize("NFKD", text)
    )


_CHARACTERS = st.sampled_from(
    list("aZ09 -_.,'!/")
    + list("éÉçñøØÞþßæÆłŁđĐŀĳ")
    + ["’", "–", "«", "\u00a0", "\u0301", "²", "Ｌ", "½", "ʻ", "♔"]
    + list("жЖσΣ李ا٣")
)


@given(st.text(_CHARACTERS, max_size=12))
def test_no_whole_ascii_slug_moves(name: str) -> None:
    """Any mix of letters, accents, punctuation and spaces: where the old slug lost no
    letter or digit, the new one is the same."""
    if not _dropped_a_letter_before(name):
        assert slugify(name) == _slug_before(name)


OTHER_SCRIPTS = [
    ("Иванов, Пётр", "иванов-пётр"),  # Cyrillic: lower case, "ё" kept whole
    ("Παπαδόπουλος, Ελένη", "παπαδόπουλος-ελένη"),  # Greek: the final sigma stays "ς"
    ("ΟΔΥΣΣΕΑΣ", "οδυσσεας"),
    ("王力宏", "王力宏"),  # Chinese
    ("محمد علي", "محمد-علي"),  # Arabic
    ("Li, 李", "li-李"),  # mixed: nothing dropped, "li" was all that was left
    ("김철수", "김철수"),  # Korean: syllables decomposed by NFKD, composed again
    ("ガルリ・カスパロフ", "ガルリカスパロフ"),  # Japanese: the dot is punctuation, dropped
    ("Արոնյան, Լևոն", "արոնյան-լեւոն"),  # Armenian: "և" folds to "եւ", the letters it joins
    ("ჯობავა, ბაადურ", "ჯობავა-ბაადურ"),  # Georgian
    ("כהן, דוד", "כהן-דוד"),  # Hebrew
    ("सुब्बारामन", "सुब्बारामन"),  # Devanagari: its vowel signs (combining marks) kept
    ("الجولة ٣", "الجولة-3"),  # an Arabic-Indic digit is its ASCII digit
    # Latin letters NFKD cannot split, which were dropped: spelt in ASCII.
    ("Yıldız", "yildiz"),
    ("Œuvre", "oeuvre"),
    ("Guðmundsson, Hjörvar", "gudmundsson-hjorvar"),
    ("Məmmədyarov, Şəhriyar", "memmedyarov-sehriyar"),
]


@pytest.mark.parametrize(("name", "slug"), OTHER_SCRIPTS)
def test_a_name_in_another_script_keeps_its_letters(name: str, slug: str) -> None:
    """Every one of these gave "x" (or lost letters): pages "1-x.html", "2-x.html"..."""
    assert slugify(name) == slug


@pytest.mark.parametrize("name", [name for name, _ in OTHER_SCRIPTS])
def test_case_and_composition_do_not_count(name: str) -> None:
    """macOS and Windows take "Иванов" and "ИВАНОВ" for one file, and macOS writes "ё"
    decomposed: one slug for all spellings, so a clash is found by the build, not by the
    file system. A slug is its own slug (a folder named as its address keeps it)."""
    slug = slugify(name)
    assert slugify(name.upper()) == slugify(name.lower()) == slug
    assert slugify(unicodedata.normalize("NFD", name)) == slug
    assert slugify(slug) == slug
    assert unicodedata.normalize("NFC", slug) == slug
