"""PGN and TRF files in a Windows code page: told line by line, or named by event.toml.

Every expected text here is the name as the organiser typed it; the bytes are what the
Windows code page of the organiser's program writes for it (Python's own codec tables).
"""

from __future__ import annotations

import codecs
import json
from pathlib import Path

import pytest
from conftest import SiteMaker, load, messages
from trf_rows import line as trf_line

from generator.build import build_site
from generator.cache import BuildCache
from generator.codepages import EncodingError, decode, guessed_reading
from generator.config import event_encodings, load_event_config
from generator.pgn import read_pgn_file
from generator.problems import Problems


def _bytes(*parts: tuple[str, str]) -> bytes:
    """A file written in pieces, each in its own encoding (files joined with ``copy /b``)."""
    return b"".join(text.encode(encoding) for encoding, text in parts)


# Detection without the setting: Windows-1250 (Central European)


@pytest.mark.parametrize(
    ("name", "western_reading"),
    [
        ("Łukasz Woźniak", "£ukasz WoŸniak"),  # Ł is 0xA3, "£"; ź 0x9F, "Ÿ" after a small letter
        ("WOŹNIAK, Łukasz", "WO\ufffdNIAK, £ukasz"),  # Ź is 0x8F, which Windows-1252 leaves out
        ("Gołąb, Michał", "Go³¹b, Micha³"),  # ł 0xB3 "³", ą 0xB9 "¹"
        ("Kałuża", "Ka³u¿a"),  # ż 0xBF "¿"
        ("Şerban, Ştefan", "ªerban, ªtefan"),  # Romanian Ş 0xAA, "ª"
        ("Ťapák", "\ufffdapák"),  # Slovak Ť 0x8D, left out too
    ],
)
def test_a_symbol_inside_a_word_tells_windows_1250(name: str, western_reading: str) -> None:
    """Read as Windows-1252 these names hold a symbol (or a byte it leaves out) inside a
    word; Windows-1250 reads every word as letters, capitalised or in one case."""
    line = f'[White "{name}"]\n'
    data = line.encode("cp1250")
    assert data.decode("cp1252", errors="replace") == f'[White "{western_reading}"]\n'
    assert decode(data) == line


def test_a_line_letters_in_both_follows_the_rest_of_its_file() -> None:
    """ "Kovačić" is "Kovaèiæ" in Windows-1252, letters in both, and both words of a language
    (French has "è" and "æ"): alone it stays Windows-1252, in a file whose other line is
    told to be Windows-1250 ("Łukasz") it is Windows-1250 too."""
    alone = '[White "Kovačić, Ivan"]\n'.encode("cp1250")
    assert decode(alone) == '[White "Kovaèiæ, Ivan"]\n'
    text = '[White "Kovačić, Ivan"]\n[Black "Woźniak, Łukasz"]\n[Event "Erdős Kupa"]\n'
    assert decode(text.encode("cp1250")) == text


@pytest.mark.parametrize(
    ("data", "text", "western_reading"),
    [
        # ř is 0xF8, Windows-1252's "ø": no Western language writes ø and á in one word.
        (
            b'[White "Dvo\xf8\xe1k, Anton\xedn"]\n',
            '[White "Dvořák, Antonín"]\n',
            '[White "Dvoøák, Antonín"]\n',
        ),
        # ě is 0xEC, "ì": Italian writes it last in a word ("così"), not inside one.
        (b'[Black "N\xecmec, Jan"]\n', '[Black "Němec, Jan"]\n', '[Black "Nìmec, Jan"]\n'),
        # č is 0xE8, "è", and ý 0xFD is ý in both: no Western language writes è and ý together.
        (
            b'[Black "\xc8ern\xfd, Ji\xf8\xed"]\n',
            '[Black "Černý, Jiří"]\n',
            '[Black "Èerný, Jiøí"]\n',
        ),
    ],
)
def test_a_word_only_windows_1250_reads_as_a_word_tells_it(
    data: bytes, text: str, western_reading: str
) -> None:
    """Czech "Dvořák" and "Němec" hold no mark (Windows-1252 reads them as letters,
    "Dvoøák", "Nìmec"), so no line told Windows-1250 and the names came out garbled. Read
    as Windows-1252 they are words of no Western language, as Windows-1250 words of one:
    that tells it, for the whole file."""
    assert data == text.encode("cp1250")
    assert data.decode("cp1252") == western_reading
    assert decode(data) == text
    with_others = data + '[Event "Pohár"]\n{Kovačić}\n'.encode("cp1250")
    assert decode(with_others) == text + '[Event "Pohár"]\n{Kovačić}\n'
    reading = guessed_reading(b'[Round "1"]\n' + data)
    assert reading is not None and reading.told_at == (("cp1250", 2),)


def test_a_line_with_a_byte_windows_1250_leaves_out_is_not_taken_for_it() -> None:
    """ "Dvořák" tells Windows-1250, but its line also holds 0x88, which Windows-1250 leaves
    undefined (Windows-1252's "ˆ"): the line was taken for Windows-1250 all the same, and
    reading it failed the build with a traceback (found by fuzzing). Such a line is not in
    Windows-1250: it reads as Windows-1252, and a later line's "Němec" still tells the rest
    of the file."""
    broken = '[White "Dvořák, Jan'.encode("cp1250") + b'\x88"]\n'
    assert decode(broken) == '[White "Dvoøák, Janˆ"]\n'
    later = broken + '[Black "Němec, Petr"]\n'.encode("cp1250")
    assert decode(later) == '[White "Dvoøák, Janˆ"]\n[Black "Němec, Petr"]\n'


def test_western_names_with_the_same_bytes_stay_windows_1252() -> None:
    """Each of these names holds a byte Windows-1250 reads as another letter (ø is ř, å ĺ,
    ñ ń, õ ő, ì ě): each is a word of a Western language (Estonian writes õ anywhere in a
    word, "Põld"), and none tells Windows-1250, so
    the file keeps its Western reading, alone or together. "Núñez" (Windows-1250's
    "Núńez", ú and ń in one word, which no Central European language writes) even keeps
    a Czech word beside it in Windows-1252: the file's words disagree, and nothing is
    guessed."""
    names = [
        "Müller, Jörg",
        "Søren Sørensen",
        "Åse Ørsted",
        "François Núñez",
        "Bjørn Jørgensen",
        "Simões, João",
        "Guðmundsson, Þóra",
        "Fàbregas, Loïc",
        "Dell'Acqua, Niccolò",
        "Hélène Bègue",
        "Põld, Kõiv",
    ]
    text = "".join(f'[White "{name}"]\n' for name in names) + "{così, Gesù}\n"
    assert decode(text.encode("cp1252")) == text
    for name in names:
        line = f'[White "{name}"]\n'
        assert decode(line.encode("cp1252")) == line
    mixed = b'[White "N\xfa\xf1ez, Jos\xe9"]\n[Black "Dvo\xf8\xe1k, Anton\xedn"]\n'
    assert decode(mixed) == '[White "Núñez, José"]\n[Black "Dvoøák, Antonín"]\n'


@pytest.mark.parametrize(
    "name",
    ["Høgni Sølvará", "Brynjólvur Tøllisá", "Súni Fløttá", "ØSTERGÁRD, Rógvi"],
)
def test_faroese_names_stay_windows_1252(name: str) -> None:
    """Faroese writes "ø" (0xF8, Windows-1250's "ř") beside "á", "í", "ú" and "ý" in one
    word ("Sølvará"), which neither Danish nor Icelandic does: read as Windows-1250 the word
    is "Sřlvará", ř with á as Czech writes them, and it told Windows-1250 for the whole file,
    garbling every Faroese name in it. Faroese "ø" is a vowel with consonants beside it
    (S-ø-l, T-ø-l, Fl-ø-tt, start-Ø-S); Czech "ř" has a vowel beside it ("Dvořák")."""
    line = f'[White "{name}"]\n'
    data = line.encode("cp1252")
    assert b"\xf8" in data.lower() or b"\xd8" in data  # ø or Ø: the byte 1250 reads as ř, Ř
    assert decode(data) == line
    others = (
        '[Black "Sjúrður Højgaard"]\n[Annotator "Seán Ó Súilleabháin"]\n'
        '[Event "Caoimhín Cup, Tórshavn"]\n{Rógvi Jákupsson: Dánjal á Steig}\n'
    )
    assert decode((line + others).encode("cp1252")) == line + others
    assert decode((others + line).encode("cp1252")) == others + line


def test_irish_names_read_alike_in_both_code_pages() -> None:
    """Irish writes only á, é, í, ó and ú (and their capitals), which Windows-1250 and 1252
    write with the same bytes: whatever a file is guessed to be, its Irish names read right."""
    names = '[White "Seán Ó Súilleabháin"]\n[Black "CAOIMHÍN NÍ ÉIGEARTAIGH"]\n'
    assert names.encode("cp1252") == names.encode("cp1250")
    assert decode(names.encode("cp1252")) == names
    polish = '[Event "Turniej"]\n[White "Woźniak, Łukasz"]\n'
    assert decode((names + polish).encode("cp1250")) == names + polish


@pytest.mark.parametrize(
    "text",
    [
        '[White "Šťastný, Jan"]\n[Black "Dvořák, Antonín"]\n',
        '[White "Łukasz Żółć"]\n[Black "Kořínek, Ondřej"]\n',
        '[Black "Hořejší, Řehoř"]\n',  # ř between vowels, "Ř" before one: Czech, not Faroese
        '[Black "Černý, Jiří"]\n[White "Kovačić, Ivan"]\n',  # Kovačić follows
    ],
)
def test_czech_and_polish_names_still_tell_windows_1250(text: str) -> None:
    """Central European names beside Faroese's rule: "Šťastný" holds 0x9D (ť), which
    Windows-1252 leaves out; "Łukasz" 0xA3, its "£"; "Hořejší" "ø" between two vowels (o-ř-e),
    "Jiří" between i and í, which no Faroese word writes: each still tells Windows-1250."""
    data = text.encode("cp1250")
    assert data.decode("cp1252", errors="replace") != text
    assert decode(data) == text


@pytest.mark.parametrize("name", ["Chmelař, Karel", "Řehoř, Jan", "Bořek Chmelař"])
def test_czech_r_after_a_vowel_alone_in_a_file_tells_windows_1250(name: str) -> None:
    """ "ř" after a vowel ("Chmelař": a-ř; "Řehoř": o-ř) is the byte 0xF8, which Windows-1252
    reads "ø": "Chmelaø" has only "ø", a Danish letter, so the word was taken for a Western
    one and the file, with no other name to tell, read "Chmelaø". Danish, Norwegian and
    Faroese write "ø", a vowel, after consonants ("Sørensen", "Bøe", "Ødegaard"), never
    after a vowel: such a word is Czech, and the file Windows-1250."""
    line = f'[White "{name}"]\n'
    data = line.encode("cp1250")
    assert data.decode("cp1252") != line  # read as 1252 it is "Chmelaø", "Øehoø", "Boøek"
    assert decode(data) == line
    western = '[Black "Sørensen, Søren"]\n[Black "Bøe, Ødegaard"]\n[Black "Müller"]\n'
    assert decode(western.encode("cp1252")) == western


@pytest.mark.parametrize("name", ["Győző, Ödön", "Szőnyi, Gábor"])
def test_hungarian_o_double_acute_beside_a_y_tells_windows_1250(name: str) -> None:
    """ "ő" is 0xF5, Windows-1252's Estonian "õ": "Gyõzõ" was taken for an Estonian word
    ("õ" anywhere) and the file, with no other name to tell, read "Gyõzõ". Estonian writes
    "y" only in foreign names, Hungarian's "gy" and "ny" everywhere: such a word is
    Hungarian. "Erdős" alone, without a "y", still tells nothing (as "Põld" does)."""
    line = f'[White "{name}"]\n'
    data = line.encode("cp1250")
    assert "õ" in data.decode("cp1252")
    assert decode(data) == line
    estonian = '[White "Põld, Kõiv"]\n[Black "Nõmmeoja, Tõnis"]\n'
    assert decode(estonian.encode("cp1252")) == estonian


def test_portuguese_plurals_and_diminutives_of_a_tilde_stay_windows_1252() -> None:
    """Portuguese writes "ã" before "s" in the plural of a word ending in it ("Campeãs", the
    women champions; "irmãs") and before "z" in a diminutive ("irmãzinha"). Windows-1250
    reads 0xE3 as Romanian "ă" ("Campeăs"), so such a word alone made a Western file
    Windows-1250, and every other name in it garbled: "João" became "Joăo"."""
    text = (
        '[Event "Taça das Campeãs"]\n[White "Simões, João"]\n[Black "Gonçalves, Inês"]\n'
        "{as irmãs, a irmãzinha}\n"
    )
    data = text.encode("cp1252")
    assert data.decode("cp1250").startswith('[Event "Taça das Campeăs"]\n[White "Simőes, Joăo"]')
    assert decode(data) == text


def test_a_1250_capital_pair_that_is_valid_utf8_is_read_as_1250() -> None:
    """ "RÓŻYCKI" in Windows-1250 holds D3 AF, the UTF-8 bytes of the Cyrillic "ӯ": read as
    UTF-8 it was "RӯYCKI", a word of two scripts, which no name is."""
    text = '[White "RÓŻYCKI, Jan"]\n[Black "Woźniak, Łukasz"]\n'
    assert '[White "RÓŻYCKI, Jan"]\n'.encode("cp1250").decode("utf-8") == (
        '[White "RӯYCKI, Jan"]\n'
    )
    assert decode(text.encode("cp1250")) == text


def test_western_names_stay_windows_1252() -> None:
    """Western accents are letters in Windows-1252, and symbols stand outside words ("£5",
    "¿Qué?": Windows-1250 would read "żQué", a capital inside a word): none of these
    lines tells another code page, alone or together."""
    names = [
        "Müller, Jörg",
        "José Gómez",
        "Ørsted, Håkon",
        "Françoise Nuñez",
        "Ærø, Zoë",
        "Ó Brien",
        "Ólafsson, Þóra",
        "Simões, João",
        "Œuvre, cœur",
        "L'HAŸ-LES-ROSES",
        "¿Qué? £5, 10 m³",
        "“Søren” Åberg – Ibáñez",
    ]
    text = "".join(f'[Annotator "{name}"]\n' for name in names)
    assert decode(text.encode("cp1252")) == text
    for name in names:
        line = f'[Annotator "{name}"]\n'
        assert decode(line.encode("cp1252")) == line


def test_a_spanish_question_inside_a_sentence_stays_windows_1252() -> None:
    """Spanish opens a question with "¿" (0xBF, "ż" in Windows-1250), and inside a sentence
    the question goes on in small letters ("Ganaba, ¿no?"): "żno" is a small word of Latin
    letters, but Polish has no name that begins with a small "ż", and "¿" never stands
    inside a Western word. Read as Windows-1250, the line turned "¿" into "ż", and every
    other line of the file followed it: "Peña" became "Peńa" (ñ is Windows-1250's ń),
    "Niccolò" "Niccolň", and neither was the player any more."""
    lines = [
        '[White "Peña, José"]\n',
        '[Black "Dell\'Acqua, Niccolò"]\n',
        "{Ganaba, ¿no? Y ahora, ¿qué hacer con las negras?}\n",
        "{¿¿¿ por qué ???}\n",
    ]
    text = "".join(lines)
    assert decode(text.encode("cp1252")) == text
    for line in lines:
        assert decode(line.encode("cp1252")) == line
    # A "ż" inside a word still tells Windows-1250, and the file's other lines follow it.
    polish = '[White "Rożek, Jan"]\n[Black "Dvořák, Antonín"]\n'
    assert decode(polish.encode("cp1250")) == polish


_WESTERN = '[White "Peña, José"]\n[Black "Dell\'Acqua, Niccolò"]\n'


@pytest.mark.parametrize(
    "line",
    [
        '[Event "Karpov¹ Memorial"]\n',  # a footnote mark: "Karpovą" in Windows-1250
        '[Site "1ºlugar"]\n',  # an ordinal: "1şlugar"
        "{Nºs 3 y 4}\n",  # "Nşs"
        "{Karpov¹ prefers 1. e4}\n",
        "{a 10 cm³ board}\n",  # "cmł"
    ],
)
def test_one_ordinal_or_superscript_outside_a_name_tells_nothing(line: str) -> None:
    """One word with "¹", "³" or "º" in an Event title or a comment read as Windows-1250
    is a Polish-looking word ("Karpovą"), and it told Windows-1250 for the whole file:
    "Peña" became "Peńa" (ñ is 1250's ń), "Niccolò" "Niccolň", and neither matched its
    player. Western text joins such marks to words, so one such word outside a name tells
    nothing: the file, that line too, stays Windows-1252."""
    text = _WESTERN + line
    assert decode(text.encode("cp1252")) == text
    assert decode(line.encode("cp1252")) == line


def test_a_polish_name_in_a_name_tag_still_tells_windows_1250() -> None:
    """ "Michał" is "Micha³" in Windows-1252, the "³" of "cm³": in a White tag it is a name,
    which no Western name ends so, and it tells Windows-1250; the Event title with the same
    mark and "Dvořák" (letters in both) follow it. A TRF player line's name field counts as
    a name too."""
    text = '[Event "Puchar Michała"]\n[White "Kowalski, Michał"]\n[Black "Dvořák, Antonín"]\n'
    assert decode(text.encode("cp1250")) == text
    alone = '[White "Kowalski, Michał"]\n'
    assert decode(alone.encode("cp1250")) == alone
    trf = (
        "012 Puchar Michała\n"
        "001    1 m    Kowalski, Michał                  1900 POL\n"
        "001    2 m    Dvořák, Antonín                   1850 CZE\n"
    )
    assert decode(trf.encode("cp1250")) == trf


def test_two_marked_words_or_a_mark_western_text_never_joins_to_letters_tell() -> None:
    """Outside a name, two marked words tell Windows-1250 ("Gołąb, Michał" in a comment),
    and so does one whose mark Western text never joins to letters: "£" before letters
    ("Łodzi"), "¿" inside a word ("Rożek"). The file's other lines follow."""
    for first in ("{Gołąb, Michał}\n", '[Event "Mistrzostwa Łodzi"]\n', "{Rożek}\n"):
        text = first + '[White "Dvořák, Antonín"]\n'
        assert decode(text.encode("cp1250")) == text


def test_a_polish_word_alone_in_a_comment_is_not_enough() -> None:
    """The price of caution: a file whose only mark is one "³" in a comment, and whose other
    words read as words in both code pages ("Kovačić" is "Kovaèiæ"), reads as Windows-1252,
    as a Western file with "cm³" must; event.toml's ``encoding`` reads it right."""
    data = '{Michał}\n[White "Kovačić, Ivan"]\n'.encode("cp1250")
    assert decode(data) == '{Micha³}\n[White "Kovaèiæ, Ivan"]\n'
    assert decode(data, "windows-1250") == '{Michał}\n[White "Kovačić, Ivan"]\n'


def test_a_file_joined_from_utf8_and_windows_1250_reads_each_part_right() -> None:
    """A UTF-8 export joined to an old Windows-1250 one: "Müller" of the UTF-8 part keeps its
    UTF-8 reading, the Polish part is Windows-1250, and "Dvořák" in it follows that part."""
    data = _bytes(
        ("utf-8", '[White "Müller, Jörg"]\n[Black "Dvořák, Antonín"]\n'),
        ("cp1250", '[White "Woźniak, Łukasz"]\n[Black "Dvořák, Antonín"]\n'),
    )
    assert decode(data) == (
        '[White "Müller, Jörg"]\n[Black "Dvořák, Antonín"]\n'
        '[White "Woźniak, Łukasz"]\n[Black "Dvořák, Antonín"]\n'
    )


def test_a_file_joined_from_utf8_and_windows_1252_is_unchanged() -> None:
    data = _bytes(
        ("utf-8", '[White "Dvořák, Antonín"]\n[Black "Ørsted, Ève"]\n'),
        ("cp1252", '[White "Nuñez, José"]\n[Black "Håkon, Françoise"]\n'),
    )
    assert decode(data) == (
        '[White "Dvořák, Antonín"]\n[Black "Ørsted, Ève"]\n'
        '[White "Nuñez, José"]\n[Black "Håkon, Françoise"]\n'
    )


# Detection without the setting: Windows-1253 (Greek)


def test_a_windows_1253_file_reads_as_greek() -> None:
    """ "Παπαδόπουλος" in Windows-1253 is "Ðáðáäüðïõëïò" in Windows-1252 and "Рбрбдьрпхлпт" in
    Windows-1251, a word of Cyrillic letters without a vowel, which was taken for Cyrillic;
    read as Greek it has six vowels. In a Greek file, two short Greek words are Greek too."""
    text = '[White "Παπαδόπουλος, Γιώργος"]\n[Black "ΚΟΥΡΚΟΥΝΑΚΗΣ, Όλγα"]\n[Round "Ιω Νι"]\n'
    data = text.encode("cp1253")
    assert data.decode("cp1252").startswith('[White "Ðáðáäüðïõëïò')
    assert decode(data) == text


def test_cyrillic_names_stay_cyrillic_beside_greek_ones() -> None:
    """Cyrillic read as Windows-1253 is Greek letters too ("Иванов" is "Θβΰνξβ"), but with
    fewer vowels (и, о are the Greek θ, ξ), and "Петър" puts a final "ς" inside a word."""
    cyrillic = '[White "Иванов, Петър"]\n[Black "Сергей Карякин"]\n[Round "Ли, Ян"]\n'
    greek = '[Annotator "Παπαδόπουλος"]\n'
    data = cyrillic.encode("cp1251") + greek.encode("cp1253")
    assert decode(data) == cyrillic + greek


# The encoding setting


def test_the_named_encoding_reads_every_line_that_is_not_utf8() -> None:
    """Croatian "Kovačić" is "Kovaèiæ" in Windows-1252, words in both: nothing tells it, the
    setting does. A UTF-8 line of the same file stays UTF-8, and a file whose only
    non-ASCII line is valid UTF-8 by chance ("RÓŻYCKI") is read in the named encoding."""
    data = _bytes(("cp1250", '[White "Kovačić, Ivan"]\n'), ("utf-8", '[Black "Müller, Jörg"]\n'))
    assert decode(data) == '[White "Kovaèiæ, Ivan"]\n[Black "Müller, Jörg"]\n'
    assert decode(data, "windows-1250") == '[White "Kovačić, Ivan"]\n[Black "Müller, Jörg"]\n'
    chance = '[White "RÓŻYCKI, Jan"]\n'.encode("cp1250")
    assert decode(chance, "windows-1250") == '[White "RÓŻYCKI, Jan"]\n'
    assert decode('[White "Ιωάννου"]\n'.encode("iso-8859-7"), "iso-8859-7") == (
        '[White "Ιωάννου"]\n'
    )


def test_a_byte_order_mark_still_decides() -> None:
    text = '[White "Müller, Jörg"]\n'
    assert decode(codecs.BOM_UTF16_LE + text.encode("utf-16-le"), "windows-1250") == text
    assert decode(codecs.BOM_UTF8 + text.encode("utf-8"), "windows-1250") == text


def test_a_byte_the_named_encoding_cannot_read_is_an_error_at_its_line(tmp_path: Path) -> None:
    """0x81 is no character in Windows-1252: with encoding = "windows-1252" the line holding
    it is named, not read as something else."""
    data = b'[Event "Cup"]\r\n[White "Ab\x81c"]\r\n'
    with pytest.raises(EncodingError) as raised:
        decode(data, "windows-1252")
    assert (raised.value.line, raised.value.message) == (
        2,
        "byte 0x81 (column 11) cannot be read as windows-1252, the encoding event.toml names",
    )
    path = tmp_path / "r1.pgn"
    path.write_bytes(b'[Event "Cup"]\n\n[White "\xff"]\n')
    problems = Problems()
    assert read_pgn_file(path, problems, "utf-8") == []
    (error,) = problems.errors
    assert (error.path, error.line, error.code) == (path, 3, "encoding")
    assert "byte 0xFF (column 9) cannot be read as utf-8" in error.message
    assert "windows-1250" in error.hint


def _config_errors(make_site: SiteMaker, value: str) -> list[tuple[int | None, str, str]]:
    text = f'name = "T"\nformat = "swiss"\nrounds = 1\nencoding = "{value}"\n'
    text += '[[players]]\nname = "A"\n'
    problems = Problems()
    config, _ = load_event_config(make_site(text) / "content/ev/event.toml", problems)
    assert (config is None) == bool(problems.errors)
    return [(p.line, p.message, p.hint) for p in problems.errors]


def test_the_encoding_setting_is_checked(make_site: SiteMaker) -> None:
    common = (
        "common names: utf-8, windows-1250, windows-1251, windows-1252, windows-1253, "
        "iso-8859-1, iso-8859-2, iso-8859-5, iso-8859-7"
    )
    assert _config_errors(make_site, "windows-1250") == []
    assert _config_errors(make_site, "ISO-8859-2") == []
    assert _config_errors(make_site, "windows-1520") == [
        (4, 'encoding: "windows-1520" is not an encoding this program knows', common)
    ]
    ((line, message, hint),) = _config_errors(make_site, "utf-16")
    assert line == 4 and message.startswith('encoding: "utf-16" cannot be read line by line')
    assert hint.endswith(common)
    assert _config_errors(make_site, "rot13")[0][1].startswith('encoding: "rot13" is not')


@pytest.mark.parametrize("name", ["undefined", "punycode"])
def test_an_encoding_whose_decoding_fails_outright_is_a_config_error(
    make_site: SiteMaker, name: str
) -> None:
    """Python knows "undefined" (it refuses every byte) and "punycode" (domain names), and
    their decoding of a plain ASCII line fails with a bare UnicodeError, not the
    UnicodeDecodeError the check caught: the build stopped with a traceback. Neither reads
    a PGN line, so each is an error on line 4 of event.toml, as "utf-16" is."""
    ((line, message, hint),) = _config_errors(make_site, name)
    assert line == 4
    assert message.startswith(f'encoding: "{name}" cannot be read line by line')
    assert "windows-1250" in hint


# Through a whole site


_PLAYERS = """
[[players]]
name = "Woźniak, Łukasz"

[[players]]
name = "Dvořák, Antonín"

[[players]]
name = "Erdős, Pál"

[[players]]
name = "Ştefănescu, Ana"
"""


def _central_pgn() -> bytes:
    games = [
        ("1.1", "Woźniak, Łukasz", "Dvořák, Antonín", "1-0"),
        ("1.2", "Erdős, Pál", "Ştefănescu, Ana", "1/2-1/2"),
    ]
    text = "".join(
        f'[Event "Puchar"]\r\n[Round "{r}"]\r\n[White "{w}"]\r\n[Black "{b}"]\r\n'
        f'[Result "{res}"]\r\n\r\n1. e4 e5 {res}\r\n\r\n'
        for r, w, b, res in games
    )
    return text.encode("cp1250")


def _games(site: Path) -> list[tuple[str, str, str]]:
    data = json.loads((site / "output/ev/results.json").read_text(encoding="utf-8"))
    return [(g["white"], g["black"], g["result"]) for g in data["games"]]


def test_a_windows_1250_pgn_matches_the_utf8_players(make_site: SiteMaker) -> None:
    """A Polish Windows program's PGN: "Łukasz" tells Windows-1250, and the file's other
    names follow it; the games find event.toml's [[players]], written in UTF-8."""
    event = 'name = "Puchar"\nformat = "round-robin"\nrounds = 3\n' + _PLAYERS
    site = make_site(event)
    (site / "content/ev/r1.pgn").write_bytes(_central_pgn())
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    assert _games(site) == [
        ("Woźniak, Łukasz", "Dvořák, Antonín", "1-0"),
        ("Erdős, Pál", "Ştefănescu, Ana", "1/2-1/2"),
    ]


def test_changing_the_encoding_reads_the_kept_games_again(make_site: SiteMaker) -> None:
    """The parsed games are kept by the bytes of the file; the same bytes in another encoding
    are other names. Built with encoding = "windows-1252", "Dvořák" is "Dvoøák", a player
    nobody entered; told "windows-1250", the next build (and ``serve``'s) finds him."""
    head = 'name = "Puchar"\nformat = "round-robin"\nrounds = 3\n'
    site = make_site(head + 'encoding = "windows-1252"\n' + _PLAYERS)
    (site / "content/ev/r1.pgn").write_bytes(_central_pgn())
    cache = BuildCache()
    first = build_site(site)
    assert not first.written
    assert any('"Dvoøák, Antonín"' in p.message for p in first.problems.errors)
    assert any('"Dvoøák, Antonín"' in p.message for p in cache.build(site).problems.errors)
    (site / "content/ev/event.toml").write_text(
        head + 'encoding = "windows-1250"\n' + _PLAYERS, encoding="utf-8"
    )
    assert not cache.build(site).problems.errors
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    assert _games(site)[0] == ("Woźniak, Łukasz", "Dvořák, Antonín", "1-0")


def test_a_trf_file_is_read_in_the_named_encoding(make_site: SiteMaker) -> None:
    """Swiss-Manager on a Hungarian Windows: "Erdős" and "Ştefănescu" tell nothing alone,
    the setting reads them; a byte the encoding cannot read names the TRF line."""
    trf = "\r\n".join(
        [
            "012 Kupa",
            "XXR 1",
            trf_line(1, "Erdős, Pál", 2105, (2, "w", "1")),
            trf_line(2, "Ştefănescu, Ana", 0, (1, "b", "0")),
            "",
        ]
    )
    event = 'name = "T"\nformat = "swiss"\nrounds = 1\ntrf = "event.trf"\n'
    site = make_site(event + 'encoding = "windows-1250"\n')
    (site / "content/ev/event.trf").write_bytes(trf.encode("cp1250"))
    loaded, problems = load(site)
    assert loaded is not None and not problems.errors, messages(problems)
    assert [p.name for p in loaded.players] == ["Erdős, Pál", "Ştefănescu, Ana"]
    site = make_site(event + 'encoding = "windows-1252"\n', slug="bad")
    (site / "content/bad/event.trf").write_bytes(b"012 Kupa\r\nXXR 1\r\n001 \x8d\r\n")
    loaded, problems = load(site, "bad")
    assert loaded is None
    (error,) = problems.errors
    assert (error.path, error.line, error.code) == (site / "content/bad/event.trf", 3, "encoding")


def test_reading_ahead_uses_the_encoding_of_each_files_event(make_site: SiteMaker) -> None:
    """The build parses PGN files ahead in several processes before it reads the events: a
    file is parsed ahead in the encoding its event names (its nearest folder with an
    event.toml), or it would be parsed twice."""
    head = 'name = "Puchar"\nformat = "round-robin"\nrounds = 3\n'
    site = make_site(head + 'encoding = "windows-1250"\n' + _PLAYERS)
    make_site(head + _PLAYERS, slug="other")
    make_site("name = ", slug="broken")
    content = site / "content"
    encoding_of = event_encodings(content)
    assert encoding_of(content / "ev/games/r1.pgn") == "windows-1250"
    assert encoding_of(content / "ev/r1.pgn") == "windows-1250"
    assert encoding_of(content / "other/r1.pgn") is None
    assert encoding_of(content / "broken/r1.pgn") is None
    assert encoding_of(content / "stray.pgn") is None


# What an unknown name is told about the file's reading

_OVERRIDE_1252 = (
    'set encoding = "windows-1252" in event.toml, or the code page of the program that '
    "wrote the file"
)
_NOTHING_TOLD = (
    "this file was read as Windows-1252, as no line tells another code page; if its names "
    "look wrong, set encoding in event.toml to the code page of the program that wrote the "
    'file, such as encoding = "windows-1250"'
)


def _unknown_names(site: Path) -> list[tuple[int | None, str, str]]:
    report = build_site(site)
    return [
        (p.line, p.message.split(" in ")[0], p.hint)
        for p in report.problems.errors
        if p.message.startswith("unknown")
    ]


def test_an_unknown_name_in_a_file_read_as_a_guessed_code_page_says_so(
    make_site: SiteMaker,
) -> None:
    """A Spanish Windows-1252 file whose Annotator tag holds "Karpov¹" (a name tag: it tells
    Windows-1250) reads "Peña" as "Peńa" and "Niccolò" as "Niccolň": the hint says how the
    file was read, which line told it (line 5, counted by hand below), and how to override
    it, before the closest players, since an alias would be the wrong fix. With the override
    the build finds both players."""
    players = (
        '[[players]]\nname = "Peña, José"\n\n[[players]]\nname = "Dell\'Acqua, Niccolò"\n\n'
        '[[players]]\nname = "Karpov, Anatoly"\n'
    )
    head = 'name = "Copa"\nformat = "round-robin"\nrounds = 3\n'
    pgn = (
        '[Event "Copa"]\r\n'  # line 1
        '[Round "1.1"]\r\n'  # 2
        '[White "Peña, José"]\r\n'  # 3
        '[Black "Dell\'Acqua, Niccolò"]\r\n'  # 4
        '[Annotator "Karpov¹"]\r\n'  # 5: "Karpovą" in Windows-1250
        '[Result "1-0"]\r\n\r\n1. e4 e5 1-0\r\n\r\n'
    ).encode("cp1252")
    site = make_site(head + players)
    (site / "content/ev/r1.pgn").write_bytes(pgn)
    told = "this file was read as Windows-1250 (line 5 tells it); if its names look wrong, "
    found = _unknown_names(site)
    assert [(line, message) for line, message, _ in found] == [
        (3, 'unknown white player "Peńa, José"'),
        (4, 'unknown black player "Dell\'Acqua, Niccolň"'),
    ]
    for _, _, hint in found:
        assert hint.startswith(told + _OVERRIDE_1252 + "; closest known players: "), hint
    (site / "content/ev/event.toml").write_text(
        head + 'encoding = "windows-1252"\n' + players, encoding="utf-8"
    )
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]


def test_an_unknown_name_in_a_file_read_as_windows_1252_says_so(make_site: SiteMaker) -> None:
    """A Croatian Windows-1250 file in which nothing tells its code page ("Kovačić" is a word
    in Windows-1252 too) is read as Windows-1252: "Kovaèiæ" is told that, and what to set.
    An ASCII name cannot have been misread, and with the encoding named nothing was
    guessed: neither is told about the reading."""
    head = 'name = "Pohár"\nformat = "round-robin"\nrounds = 1\n'
    players = '[[players]]\nname = "Kovačić, Ivan"\n\n[[players]]\nname = "Novak, Jan"\n'
    pgn = (
        '[Event "Pohar"]\n[Round "1.1"]\n[White "Kovačić, Ivan"]\n[Black "Smith, John"]\n'
        '[Result "1-0"]\n\n1. e4 e5 1-0\n\n'
    ).encode("cp1250")
    site = make_site(head + players)
    (site / "content/ev/r1.pgn").write_bytes(pgn)
    (white, black) = _unknown_names(site)
    assert white[:2] == (3, 'unknown white player "Kovaèiæ, Ivan"')
    assert white[2].startswith(_NOTHING_TOLD + "; "), white[2]
    assert black[:2] == (4, 'unknown black player "Smith, John"')
    assert "was read as" not in black[2]
    (site / "content/ev/event.toml").write_text(
        head + 'encoding = "windows-1252"\n' + players, encoding="utf-8"
    )
    found = _unknown_names(site)
    assert next(message for _, message, _ in found) == 'unknown white player "Kovaèiæ, Ivan"'
    assert not any("was read as" in hint for _, _, hint in found)


def test_the_reading_of_a_file_joined_from_utf8_and_a_code_page() -> None:
    """A name in a line read as UTF-8 was not guessed (no hint); one in the Windows-1250 part
    is told how the lines that are not UTF-8 were read. A file valid as UTF-8 guesses
    nothing."""
    data = _bytes(
        ("utf-8", '[White "Müler, Jörg"]\n'),
        ("cp1250", '[White "Woźniak, Łukasz"]\n[Black "Dvořák, Antonín"]\n'),
    )
    reading = guessed_reading(data)
    assert reading is not None
    assert reading.hint("Müler, Jörg") == ""
    assert reading.hint("Dvořák, Antonín") == (
        "the lines of this file that are not UTF-8 were read as Windows-1250 (line 2 tells "
        "it); if its names look wrong, " + _OVERRIDE_1252
    )
    assert guessed_reading('[White "Müller, Jörg"]\n'.encode()) is None


def test_a_players_entry_the_trf_lacks_in_a_file_read_as_windows_1252_says_so(
    make_site: SiteMaker,
) -> None:
    """A Croatian Swiss-Manager TRF file in Windows-1250 in which nothing tells its code page
    ("Kovačić" is a word in Windows-1252 too) is read as Windows-1252: its 001 line holds
    "Kovaèiæ, Ivan", and event.toml's [[players]] entry "Kovačić, Ivan" finds no one.
    The hint says how the TRF file was read and what to set, before the closest spelling (a
    new name would be the wrong fix), as an unknown PGN name's does. With the encoding named
    the entry finds its player; an ASCII name is not told about the reading."""
    head = 'name = "Pohár"\nformat = "swiss"\nrounds = 1\ntrf = "event.trf"\n'
    players = '[[players]]\nname = "Kovačić, Ivan"\nborn = 2010-05-01\n'
    trf = "\r\n".join(
        [
            "012 Pohar",
            "XXR 1",
            trf_line(1, "Kovačić, Ivan", 1900, (2, "w", "1")),
            trf_line(2, "Novak, Jan", 1800, (1, "b", "0")),
        ]
    ).encode("cp1250")
    site = make_site(head + players)
    (site / "content/ev/event.trf").write_bytes(trf)
    _, problems = load(site)
    (error,) = problems.errors
    assert error.message == (
        '[[players]] names "Kovačić, Ivan", who is not in the TRF file (the TRF file lists '
        "every participant)"
    )
    assert error.hint == (
        'the TRF file "event.trf" was read as Windows-1252, as no line tells another code '
        "page; if its names look wrong, set encoding in event.toml to the code page of the "
        'program that wrote the file, such as encoding = "windows-1250"; the TRF file spells '
        'it "Kovaèiæ, Ivan"? Give that as name (your spelling can go in aliases)'
    )

    (site / "content/ev/event.toml").write_text(
        head + 'encoding = "windows-1250"\n' + players, encoding="utf-8"
    )
    event, problems = load(site)
    assert event is not None and not problems.errors, messages(problems)
    assert event.player(1).name == "Kovačić, Ivan"

    ascii_players = '[[players]]\nname = "Novak, Jane"\n'
    (site / "content/ev/event.toml").write_text(head + ascii_players, encoding="utf-8")
    _, problems = load(site)
    assert [e.hint for e in problems.errors] == [
        'the TRF file spells it "Novak, Jan"? Give that as name (your spelling can go in aliases)'
    ]


def test_a_seven_bit_encoding_reads_its_escapes() -> None:
    """ISO-2022-JP writes "山田, 太郎" as ESC sequences in ASCII bytes: the file is valid
    UTF-8, so the setting must read its ASCII lines too, or the name keeps the escapes. A
    UTF-8 line of the same file stays UTF-8; a broken escape is an error at its line. With no
    setting, the escapes tell ISO-2022-JP."""
    japanese = '[White "山田, 太郎"]\n'.encode("iso2022_jp")
    assert b"\x1b$B" in japanese and japanese.isascii()
    data = b'[Event "Cup"]\n' + japanese + '[Black "Müller, Jörg"]\n'.encode()
    expected = '[Event "Cup"]\n[White "山田, 太郎"]\n[Black "Müller, Jörg"]\n'
    assert decode(data, "iso-2022-jp") == expected
    assert decode(b'[Event "Cup"]\n' + japanese) == '[Event "Cup"]\n[White "山田, 太郎"]\n'
    with pytest.raises(EncodingError) as raised:
        decode(b'[Event "Cup"]\n[Black "\x1b$B;\x1b(B"]\n', "iso-2022-jp")
    assert raised.value.line == 2
    assert decode('[White "Dvořák"]\n'.encode("cp1250"), "windows-1250") == '[White "Dvořák"]\n'


def test_an_iso_2022_jp_pgn_matches_the_utf8_players(make_site: SiteMaker) -> None:
    """encoding = "iso-2022-jp": the games of a Japanese mail-era PGN find event.toml's
    [[players]], written in UTF-8 (before, their names kept the escapes and matched nobody)."""
    event = (
        'name = "Cup"\nformat = "round-robin"\nrounds = 1\nencoding = "iso-2022-jp"\n'
        '[[players]]\nname = "山田, 太郎"\n[[players]]\nname = "佐藤, 花子"\n'
    )
    site = make_site(event)
    pgn = (
        '[Event "Cup"]\r\n[Round "1.1"]\r\n[White "山田, 太郎"]\r\n[Black "佐藤, 花子"]\r\n'
        '[Result "0-1"]\r\n\r\n1. e4 e5 0-1\r\n\r\n'
    )
    (site / "content/ev/r1.pgn").write_bytes(pgn.encode("iso2022_jp"))
    report = build_site(site)
    assert report.written, [p.format() for p in report.problems.items]
    assert _games(site) == [("山田, 太郎", "佐藤, 花子", "0-1")]
