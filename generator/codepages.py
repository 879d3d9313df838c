"""Reading PGN and TRF bytes as text: UTF-8, UTF-16 with a byte-order mark, or the code page
of the Windows that wrote the file, named by event.toml's ``encoding`` or told line by line.

A name read in the wrong code page matches no player ("Łukasz" written by a Polish Windows
is "£ukasz" in Windows-1252), so the games become errors or the pages show a garbled name.
Telling a code page from the bytes alone is guesswork: the rules here are conservative, and
a file they cannot tell stays Windows-1252, as before (the ``encoding`` setting is the sure
way). Nor is a file read as Windows-1252 warned about: a Central European name can read as
a Western word there ("Kovaèiæ" for "Kovačić": French writes "è" and "æ"), and the warning
would be false for the Western names with those letters.

Windows-1250 is told by marks, bytes Windows-1252 reads as a symbol inside a word that 1250
reads as letters ("Micha³" for "Michał"), weighed: a line tells it when a marked word stands
in a name (a White, Black or Annotator tag, a TRF player line), when the mark is one Western
text never joins to letters ("£ukasz", "Wo¿niak"), or when the line holds two marked words.
Such a line makes the other lines of its file follow Windows-1250 ("Kovačić"); one
ordinal, superscript or fraction in an Event title or a comment ("Karpov¹", "2ºlugar",
"cm³") tells nothing, so a Western file keeps its "Peña" and "Niccolò".

Where no line tells it, the file's words can: a word whose Windows-1252 reading no Western
language writes and whose 1250 reading a Central European one does ("Dvoøák", "ø" beside
"á", is "Dvořák"; "Nìmec" is "Němec"), unless a word of the file is the other way round
("Núñez", which 1250 reads "Núńez"). Words that read as words in both ("Søren" and "Sřren",
"Peña" and "Peńa", Estonian "Põld" and Hungarian "Erdős") tell nothing
(``_first_line_of_1250_words``).
"""

from __future__ import annotations

import codecs
import functools
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

COMMON_ENCODINGS = (
    "utf-8",
    "windows-1250",
    "windows-1251",
    "windows-1252",
    "windows-1253",
    "iso-8859-1",
    "iso-8859-2",
    "iso-8859-5",
    "iso-8859-7",
)
"""The names a hint suggests: Windows-1250 is Central European (Polish, Czech, Slovak,
Hungarian, Croatian, Slovene, Romanian), 1251 Cyrillic, 1252 Western, 1253 Greek."""

_LINE_TEXT = '[Event "Cup"]\r\n1. e4 {ok} 1-0 $1 ~|<>^`+=%;*\t\n'
"""ASCII as PGN and TRF lines hold it: an encoding that does not read it as ASCII (UTF-16,
EBCDIC) cannot be read line by line."""

_LATIN1_LETTERS = ("Lu", "Ll", "Lt")
"""Letter categories that count: not "ª" and "º" (Lo), nor "ˇ" (Lm), which a name never holds."""


class EncodingError(ValueError):
    """A line of a file holds bytes the encoding event.toml names cannot read."""

    def __init__(self, line: int, message: str, hint: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message
        self.hint = hint


def encoding_problem(name: str) -> tuple[str, str]:
    """What is wrong with ``name`` as an ``encoding`` setting, and a hint; ("", "") when it
    is an encoding PGN and TRF files can be read in."""
    common = "common names: " + ", ".join(COMMON_ENCODINGS)
    try:
        info = codecs.lookup(name)
        readable = _LINE_TEXT.encode("ascii").decode(info.name) == _LINE_TEXT
    except LookupError:
        return f'"{name}" is not an encoding this program knows', common
    except (UnicodeError, TypeError):  # "undefined", "punycode": they read no PGN line
        readable = False
    if not readable:
        return (
            f'"{name}" cannot be read line by line (its ASCII letters are not ASCII bytes)',
            "a UTF-16 file with a byte-order mark is read without this setting; otherwise "
            "save the file as UTF-8. " + common,
        )
    return "", ""


def codec_name(name: str) -> str:
    """The canonical name of an encoding ("windows-1250" and "cp1250" are both "cp1250"):
    what the parsed-game cache keys a file's text by."""
    return codecs.lookup(name).name


def decode(data: bytes, encoding: str | None = None) -> str:
    """PGN and TRF files are usually UTF-8, but older software writes its Windows code page:
    Windows-1252 (Latin-1's superset with curly quotes and dashes) in the West, 1250 in
    Central Europe, 1251 on a Cyrillic Windows, 1253 on a Greek one; and Windows "Unicode" is
    UTF-16. A UTF-16 or UTF-8 byte-order mark decides; otherwise a file valid as UTF-8 is
    UTF-8, and a file that is not is read line by line, since files joined from two sources
    mix the two: each line valid as UTF-8 is UTF-8 (a line of code-page letters almost never
    is), unless its UTF-8 reading mixes scripts within a word ("RÓŻYCKI" in Windows-1250
    holds the UTF-8 bytes of "ӯ") and the code page reads it as one script.

    ``encoding`` (event.toml's) reads every line that is not UTF-8, and every line whose
    UTF-8 reading mixes scripts where its own does not, in a file valid as UTF-8 too (the
    "RÓŻYCKI" of a file otherwise ASCII), and every line of a 7-bit encoding (ISO-2022-JP,
    whose Japanese is escapes in ASCII bytes); a byte it cannot read raises
    ``EncodingError``. Without it a file of ASCII bytes with escapes is ISO-2022-JP where it
    reads as such (no other PGN writer puts an ESC in a file), and each line's code page is
    told (``_told``) or, for a line too short to tell, taken from the line of its file that
    told one; Windows-1252 when nothing tells, Latin-1 for the five bytes Windows-1252 leaves
    out.
    """
    return _plain_text(_decoded(data, encoding))


def _decoded(data: bytes, encoding: str | None) -> str:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            pass
    # A UTF-8 mark in front of a Windows-1252 body (an editor added it, the text was not
    # converted): the mark goes in any case, or "ï»¿" would hide the first tag.
    data = data.removeprefix(codecs.BOM_UTF8)
    if encoding is not None and b"\x00" not in data:  # binary data: said as such, later
        return _decoded_as(data, codec_name(encoding), encoding)
    if b"\x1b" in data and data.isascii():  # ESC: ISO-2022-JP's way into Japanese
        try:
            return data.decode("iso2022_jp_2")
        except UnicodeDecodeError:
            pass
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    lines = data.splitlines(keepends=True)
    _, read = _read_lines(lines)
    return "".join(read[line][0] if line in read else line.decode("ascii") for line in lines)


def _read_lines(
    lines: list[bytes],
) -> tuple[dict[bytes, str | None], dict[bytes, tuple[str, str]]]:
    """The code page each different line that is not ASCII tells by itself (Windows-1250 for
    the first line of words only it reads as words, where no line tells it: the file's
    words tell it there), and its text with the codec that read it (``_decoded_line``).
    Each different line once: an open's 11,000 games repeat their Event and Site tags, and
    each name a dozen times."""
    distinct = dict.fromkeys(line for line in lines if not line.isascii())
    told = {line: _told(line) if _legacy_candidate(line) else None for line in distinct}
    if "cp1250" not in told.values():
        untold = (line for line, page in told.items() if page is None and _utf8(line) is None)
        first = _first_line_of_1250_words(untold)
        if first is not None:
            told[first] = "cp1250"  # the file's words, not the line alone, tell it
    file_pages = frozenset(page for page in told.values() if page is not None)
    read = {line: _decoded_line(line, page, file_pages) for line, page in told.items()}
    return told, read


_PAGE_NAMES = {"cp1250": "Windows-1250", "cp1251": "Windows-1251", "cp1253": "Windows-1253"}


@dataclass(frozen=True)
class GuessedReading:
    """How ``decode`` read a file that is not UTF-8 and whose event names no ``encoding``:
    what a name that matches no player is told, since a wrong guess garbles names ("Peña"
    read as Windows-1250 is "Peńa"). Worked out again from the bytes when an error needs
    it (``guessed_reading``), so that ``decode`` stays as it is and costs nothing more."""

    lines: tuple[tuple[str, str], ...]
    """Each different line that is not ASCII: its text and the codec that read it."""
    told_at: tuple[tuple[str, int], ...]
    """Each code page guessed, with the first line that tells it (as messages number)."""

    def hint(self, name: str, file: str = "this file") -> str:
        """How the file holding ``name`` was read and how to override it; "" when the name
        is ASCII or stands only in lines read as UTF-8 (no guess made it). ``file`` names
        the file where the message is about another (a TRF file, for an event.toml name)."""
        if name.isascii():
            return ""
        holding = [codec for text, codec in self.lines if name in text]
        if holding and all(codec == "utf-8" for codec in holding):
            return ""
        # The name not found as written (an escaped quote in its tag): what the file was read as.
        codecs_used = set(holding or (codec for _, codec in self.lines)) - {"utf-8"}
        subject = f"{file} was read as"
        if any(codec == "utf-8" for _, codec in self.lines):
            subject = f"the lines of {file} that are not UTF-8 were read as"
        guessed = [
            f"{_PAGE_NAMES[page]} (line {line} tells it)"
            for page, line in self.told_at
            if page in codecs_used
        ]
        if guessed:
            return (
                f"{subject} {' and '.join(guessed)}; if its names look wrong, set "
                'encoding = "windows-1252" in event.toml, or the code page of the program '
                "that wrote the file"
            )
        if self.told_at:  # other lines told a code page, this name's did not follow it
            place = "" if file == "this file" else f" in {file}"
            subject, why = f"the line of this name{place} was read as", ""
        else:
            why = ", as no line tells another code page"
        return (
            f"{subject} Windows-1252{why}; if its names look wrong, set encoding in "
            "event.toml to the code page of the program that wrote the file, such as "
            'encoding = "windows-1250"'
        )


def file_reading(path: Path) -> GuessedReading | None:
    """``guessed_reading`` of a file read again, for the hint of a name that matches no
    player; ``None`` when nothing was guessed or the file cannot be read again."""
    try:
        return guessed_reading(path.read_bytes())
    except OSError:
        return None


class ReadingHints:
    """What a name that matches no player is told of how its file was read
    (``GuessedReading.hint``), for the PGN files and the TRF file of one event: each file is
    read again once, for its first such name; nothing is told when the event names its
    ``encoding`` (nothing was guessed) or the name is ASCII."""

    def __init__(self, encoding: str | None) -> None:
        self.encoding = encoding
        self._readings: dict[Path, GuessedReading | None] = {}

    def hint(self, path: Path, name: str, file: str = "this file") -> str:
        if name.isascii() or self.encoding is not None:
            return ""
        if path not in self._readings:
            self._readings[path] = file_reading(path)
        reading = self._readings[path]
        return "" if reading is None else reading.hint(name, file)


def guessed_reading(data: bytes) -> GuessedReading | None:
    """How ``decode(data)`` reads a file without an ``encoding`` setting, when it guesses:
    ``None`` when a byte-order mark or UTF-8 throughout decides."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            data.decode("utf-16")
            return None
        except UnicodeDecodeError:
            pass
    data = data.removeprefix(codecs.BOM_UTF8)
    if _utf8(data) is not None:
        return None
    lines = data.splitlines(keepends=True)
    told, read = _read_lines(lines)
    pages = {page for page in told.values() if page is not None}
    told_at: dict[str, int] = {}
    offset = 0
    for line in lines:
        if len(told_at) == len(pages):
            break
        page = told.get(line)
        if page is not None and page not in told_at:
            told_at[page] = _plain_text(data[:offset].decode("latin-1")).count("\n") + 1
        offset += len(line)
    return GuessedReading(tuple(read.values()), tuple(told_at.items()))


def _decoded_as(data: bytes, codec: str, named: str) -> str:
    """The file read with the ``encoding`` event.toml names, every line that is not UTF-8."""
    if codec == "utf-8":
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            _undecodable(data, exc.start, named)
    seven_bit = _seven_bit(codec)
    parts: list[str] = []
    start = 0
    for line in data.splitlines(keepends=True):
        if line.isascii() and not seven_bit:
            parts.append(line.decode("ascii"))
        elif line.isascii():  # ISO-2022-JP's escapes to Japanese are ASCII bytes
            try:
                parts.append(line.decode(codec))
            except UnicodeDecodeError as exc:
                _undecodable(data, start + exc.start, named)
        else:
            text = _utf8(line)
            if text is None or (_mixed_scripts(text) and _one_script(_reading(line, codec))):
                try:
                    text = line.decode(codec)
                except UnicodeDecodeError as exc:
                    _undecodable(data, start + exc.start, named)
            parts.append(text)
        start += len(line)
    return "".join(parts)


@functools.cache
def _seven_bit(codec: str) -> bool:
    """Whether ``codec`` writes letters beyond ASCII in ASCII bytes (ISO-2022-JP and -KR, HZ
    escape into and out of their character sets): a file in it is valid UTF-8, so its lines
    are read in it even so, or its names would keep the escapes. A line of such a file
    returns to ASCII before it ends (RFC 1468), so it is read line by line as the others."""
    for letter in ("é", "Ж", "日", "한"):
        try:
            if letter.encode(codec).isascii():
                return True
        except (UnicodeError, LookupError):
            continue
    return False


def _undecodable(data: bytes, offset: int, named: str) -> NoReturn:
    """Raise ``EncodingError`` for the byte at ``offset``, numbering lines as messages do."""
    before = data[:offset]
    line_start = max(before.rfind(b"\n"), before.rfind(b"\r")) + 1
    line = _plain_text(before.decode("latin-1")).count("\n") + 1
    raise EncodingError(
        line,
        f"byte 0x{data[offset]:02X} (column {offset - line_start + 1}) cannot be read as "
        f"{named}, the encoding event.toml names",
        "check the encoding key in event.toml (the program that wrote the file says which it "
        "uses), or save the file as UTF-8. " + "common names: " + ", ".join(COMMON_ENCODINGS),
    )


def _utf8(line: bytes) -> str | None:
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _reading(line: bytes, codec: str) -> str:
    """The line read in ``codec``, or "" where it has a byte the code page leaves out."""
    try:
        return line.decode(codec)
    except UnicodeDecodeError:
        return ""


def _legacy_candidate(line: bytes) -> bool:
    """Whether a line of a file that is not UTF-8 throughout may be in a code page: it is
    not ASCII and not UTF-8, or its UTF-8 reading mixes scripts within a word."""
    if line.isascii():
        return False
    text = _utf8(line)
    return text is None or _mixed_scripts(text)


def _decoded_line(line: bytes, told: str | None, file_pages: frozenset[str]) -> tuple[str, str]:
    """One line of a file that is not UTF-8 throughout, and the codec that read it: UTF-8
    where it is valid (unless its words mix scripts and a code page reads them as one:
    ``_legacy_candidate``), else the code page the line tells, else the one its file tells
    where the line reads as such (``_read_by_file``), else Windows-1252, else Latin-1 (which
    reads every byte, including the five that Windows-1252 leaves undefined)."""
    if told is not None:
        return line.decode(told), told
    utf8 = _utf8(line)
    if utf8 is not None and not (file_pages and _mixed_scripts(utf8)):
        return utf8, "utf-8"
    for page in _FILE_ORDER:
        if page in file_pages:
            text = _reading(line, page)
            if text and _read_by_file(page, line, text):
                return text, page
    if utf8 is not None:
        return utf8, "utf-8"
    try:
        return line.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return line.decode("latin-1"), "latin-1"


_FILE_ORDER = ("cp1251", "cp1253", "cp1250")


def _read_by_file(page: str, line: bytes, text: str) -> bool:
    """Whether a line that tells nothing by itself reads as ``page`` in a file one of whose
    lines told it: two Cyrillic or Greek words however short ("Ли, Ян"), or words of Latin
    letters only in Windows-1250 ("Dvořák", which Windows-1252 reads "Dvoøák")."""
    if page == "cp1251":
        return _reads_as_cyrillic(text, cyrillic_file=True)
    if page == "cp1253":
        return _reads_as_greek(text, greek_file=True)
    return _changed_by_1250(line) and _latin_words(text)


_ESTONIAN = "äöõüšž"

_WESTERN_ALPHABETS = tuple(
    frozenset(letters)
    for letters in (
        "àâæçéèêëîïôœùûüÿ",  # French
        "áéíóúñü",  # Spanish
        "áâãàçéêíóôõúü",  # Portuguese
        "àèéìíîòóùú",  # Italian
        "àçèéíïòóúü",  # Catalan
        "äöüß",  # German
        "æøåéóôòàü",  # Danish, Norwegian
        "åäöéüšž",  # Swedish, Finnish
        "áéíóúýðþæö",  # Icelandic
        "éèëïöüêà",  # Dutch
        _ESTONIAN,
    )
)
"""The letters beyond ASCII one word of a Western language holds, as Windows-1252 writes
them. A word whose letters no one of them holds ("Dvoøák", ø with á) was not written so.
Estonian writes "õ" anywhere in a word ("Põld", "Kõiv"): such a word reads as a word in
both code pages (Hungarian "Erdős" is "Erdõs" in Windows-1252) and tells nothing, as a
Western file read as Windows-1250 would garble every other name in it."""

_FAROESE = frozenset("áíóúýæøð")
"""Faroese's letters beyond ASCII: "ø" beside "á", "í", "ú" or "ý" in one word ("Sølvará",
"Tøllisá"), which neither Danish nor Icelandic writes. Windows-1250 reads "ø" as Czech "ř"
("Sřlvará"): that word read as a Czech one, and the file's Faroese names were garbled. "ø"
is a vowel of Faroese, which stands beside consonants ("Høj", "Sølv", "Fuglø"), where Czech's
"ř", a consonant, has a vowel beside it ("Dvořák", "Jiří", "Ondřej", "Řehoř"):
``_faroese_word`` tells them apart by that."""

_VOWELS = frozenset("aeiouáéíóúàèìòùâêîôûäëïöüåæœ")
"""Vowels for ``_faroese_word`` ("y" is none: Faroese writes "øy" as in "døyr", and Czech never
writes "y" after "ř")."""


def _faroese_word(word: str) -> bool:
    """Whether a word read as Windows-1252 (in small letters) is one Faroese writes: its
    letters beyond ASCII are Faroese's (``_FAROESE``), and no vowel stands beside an "ø"."""
    if not {char for char in word if not char.isascii()} <= _FAROESE:
        return False
    return not any(
        char == "ø"
        and (word[index - 1 : index] in _VOWELS or word[index + 1 : index + 2] in _VOWELS)
        for index, char in enumerate(word)
    )


_CENTRAL_ALPHABETS = tuple(
    frozenset(letters)
    for letters in (
        "áčďéěíňóřšťúůýž",  # Czech
        "áäčďéíĺľňóôŕšťúýž",  # Slovak
        "ąćęłńóśźż",  # Polish
        "áéíóöőúüű",  # Hungarian
        "čćđšž",  # Croatian, Bosnian, Serbian, Slovene
        "ăâîşţ",  # Romanian
        "çë",  # Albanian
        "äöüß",  # German
    )
)
"""As ``_WESTERN_ALPHABETS``, for the languages Windows-1250 writes ("Núńez", ú with ń, is
no word of theirs)."""

_WESTERN_LAST_ONLY = frozenset("ìù")
"""Italian writes "ì" and "ù" at the end of a word ("così", "Gesù"), French "ù" in "où":
inside a word they are Windows-1250's "ě" and "ů" ("Nìmec" is "Němec")."""


_AFTER_PORTUGUESE_TILDE = ("", "o", "e", "s", "z")
"""What Portuguese writes after "ã": "o" or "e" ("João", "mãe"), nothing ("Irmã"), the "s"
of a plural ("Campeãs", "irmãs") or the "z" of a diminutive ("irmãzinha"). Windows-1250
reads the byte as Romanian "ă", which stands before any letter: a word with "ã" elsewhere
is Romanian's ("Nãdejde" is "Nădejde")."""


def _western_word(word: str) -> bool:
    """Whether a word read as Windows-1252 is one a Western language writes: its letters
    beyond ASCII all of one alphabet (or Faroese's, ``_faroese_word``), "ì" and "ù" last,
    no vowel before "ø" (a vowel itself, which Danish, Norwegian and Faroese write after
    consonants: "Chmelaø" and "Øehoø" are Czech "Chmelař" and "Řehoř", read as 1252),
    "õ" before "e" unless the word is Estonian's ("Simões", "Põld") and "ã" before "o" or
    "e", last, or before the "s" of a plural or the "z" of a diminutive ("João", "Irmã",
    "Campeãs", "irmãzinha")."""
    word = word.lower()
    letters = {char for char in word if not char.isascii()}
    if not any(letters <= alphabet for alphabet in _WESTERN_ALPHABETS) and not _faroese_word(word):
        return False
    # Estonian writes "y" only in foreign names; Hungarian's "gy", "ny", "ty" and "ly" are
    # everywhere ("Győző" is "Gyõzõ" in Windows-1252).
    estonian = letters <= frozenset(_ESTONIAN) and "y" not in word
    for index, char in enumerate(word):
        after = word[index + 1 : index + 2]
        if (
            (char in _WESTERN_LAST_ONLY and after)
            or (char == "ø" and index and word[index - 1] in _VOWELS)
            or (char == "õ" and after != "e" and not estonian)
            or (char == "ã" and after not in _AFTER_PORTUGUESE_TILDE)
        ):
            return False
    return True


def _central_word(word: str) -> bool:
    """Whether a word read as Windows-1250 is one a Central European language writes."""
    letters = {char for char in word.lower() if not char.isascii()}
    return any(letters <= alphabet for alphabet in _CENTRAL_ALPHABETS)


def _first_line_of_1250_words(lines: Iterable[bytes]) -> bytes | None:
    """The first of ``lines`` (none of which tells a code page by itself) with a word that
    only Windows-1250 reads as a word of a language ("Dvořák", which Windows-1252 reads
    "Dvoøák"; "Němec", "Nìmec"), when no line has a word that only Windows-1252 does
    ("Núñez", which Windows-1250 reads "Núńez"); ``None`` otherwise, and the file stays
    Windows-1252. Words whose bytes both read alike ("Müller"), or that both read as words
    ("Søren" and "Sřren", "Kovačić" and "Kovaèiæ"), tell nothing; nor does a word with a
    symbol in either reading (``_tells_1250`` weighs those). A line with a byte Windows-1250
    leaves undefined (0x81, 0x83, 0x88, 0x90, 0x98) is not in it, whatever its words."""
    first: bytes | None = None
    for line in lines:
        if not _changed_by_1250(line):
            continue
        for word in _LETTER_RUN.findall(line):
            verdict = _word_verdict(word)
            if verdict == "cp1252":
                return None
            if verdict == "cp1250" and first is None and _reading(line, "cp1250"):
                first = line  # a line with a byte Windows-1250 leaves out is not in it
    return first


@functools.lru_cache(maxsize=8192)
def _word_verdict(word: bytes) -> str | None:
    """The code page only one of whose readings of ``word`` is a word of a language (see
    ``_first_line_of_1250_words``); ``None`` when both are, or neither, or the two read the
    word alike. Cached: a name stands in a file a dozen times."""
    if not _changed_by_1250(word) or not all(
        byte in _LETTERS_1250 and byte in _LETTERS_1252 for byte in word
    ):
        return None
    central, western = word.decode("cp1250"), word.decode("cp1252")
    if not (_one_case(central) and _one_case(western)):
        return None
    is_central, is_western = _central_word(central), _western_word(western)
    if is_central == is_western:
        return None
    return "cp1250" if is_central else "cp1252"


def _one_case(word: str) -> bool:
    """Whether a word is capitalised or in one case (a name is)."""
    rest = word[1:]
    return not rest or rest.islower() or rest.isupper()


def _told(line: bytes) -> str | None:
    """The code page a line tells by itself: Windows-1251 where it reads as Cyrillic words,
    1253 where it reads as Greek ones (the one whose reading has more vowels, when both do:
    the Cyrillic vowels и, о and у are Greek consonants, the Greek α, ι and ο Cyrillic
    ones), 1250 where Windows-1252 puts symbols inside words that 1250 reads as words of
    letters ("£ukasz" for "Łukasz") and they weigh enough (``_tells_1250``); else ``None``."""
    cyrillic = _reading(line, "cp1251")
    greek = _reading(line, "cp1253")
    is_cyrillic = _reads_as_cyrillic(cyrillic)
    is_greek = _reads_as_greek(greek)
    if is_cyrillic and is_greek:
        if _count(greek, _GREEK_VOWELS) > _count(cyrillic, _CYRILLIC_VOWELS):
            return "cp1253"
        return "cp1251"
    if is_cyrillic:
        return "cp1251"
    if is_greek:
        return "cp1253"
    if _tells_1250(line):
        return "cp1250"
    return None


_CYRILLIC_VOWELS = frozenset("аеёиоуыэюяіїєъАЕЁИОУЫЭЮЯІЇЄЪ")
_GREEK_VOWELS = frozenset("αεηιουωάέήίόύώϊϋΐΰΑΕΗΙΟΥΩΆΈΉΊΌΎΏΪΫ")


def _count(text: str, letters: frozenset[str]) -> int:
    return sum(char in letters for char in text)


_WORD = re.compile(r"[^\W\d_]+")


def _reads_as_cyrillic(text: str, cyrillic_file: bool = False) -> bool:
    """Whether Windows-1251 reading of a line gives Cyrillic words: "Иванов, Петър" read as
    Windows-1252 is "Èâàíîâ, Ïåòúð", a name no PGN or event file spells. Western accents read
    as Windows-1251 fall inside Latin words ("Müller" gives "Mьller"), and Cyrillic names are
    written in one case or capitalised, so a word of both scripts, or with a capital inside
    it, keeps the line Windows-1252; so does a line without a Cyrillic word of three letters,
    unless, in a ``cyrillic_file`` (one with a line of such words), it has two Cyrillic words
    however short ("Ли, Ян"): "Ó Brien" of a Western file joined to it has one."""
    return _reads_as_script(text, "\u0400", "\u04ff", cyrillic_file)


def _reads_as_greek(text: str, greek_file: bool = False) -> bool:
    """Whether the Windows-1253 reading of a line gives Greek words, as ``_reads_as_cyrillic``
    tells Cyrillic ones: "Παπαδόπουλος" read as Windows-1252 is "Ðáðáäüðïõëïò", whose every
    letter is Greek in Windows-1253, while Western words hold ASCII letters ("Müller" gives
    "Mόller", a word of two scripts). A final sigma "ς" inside a word is no Greek word."""
    if not _reads_as_script(text, "\u0370", "\u03ff", greek_file):
        return False
    return not any("ς" in word[:-1] for word in _WORD.findall(text))


def _reads_as_script(text: str, first: str, last: str, script_file: bool) -> bool:
    long_word = False
    words = 0
    for word in _WORD.findall(text):
        letters = sum(first <= letter <= last for letter in word)
        if not letters:
            continue
        rest = word[1:]
        if letters != len(word) or not (rest.islower() or rest.isupper() or not rest):
            return False
        long_word = long_word or len(word) >= 3
        words += 1
    return long_word or (script_file and words >= 2)


def _marks_1250() -> frozenset[int]:
    """The bytes Windows-1250 reads as a letter and Windows-1252 as a symbol or not at all:
    "Ł" and "£", "ą" and "¹", "ż" and "¿", "Ź" and nothing (0x8F)."""
    marks = set()
    for byte in range(0x80, 0x100):
        central = _reading(bytes([byte]), "cp1250")
        western = _reading(bytes([byte]), "cp1252")
        if _is_letter(central) and not _is_letter(western):
            marks.add(byte)
    return frozenset(marks)


def _is_letter(char: str) -> bool:
    return bool(char) and unicodedata.category(char) in _LATIN1_LETTERS


_MARKS_1250 = _marks_1250()
_SMALL_Z_ACUTE = 0x9F
""""ź" in Windows-1250, "Ÿ" in Windows-1252: a capital inside a lower-case word there
("WoŸniak")."""
_INVERTED_QUESTION = 0xBF
""""¿" in Windows-1252, "ż" in Windows-1250: at the start of a word it opens a Spanish
question, which goes on in small letters inside a sentence ("Ganaba, ¿no?" reads "żno" in
Windows-1250); a Polish name never begins with a small "ż" (a capital "Ż" is 0xAF)."""
_DIFFERENT_1250 = frozenset(
    byte
    for byte in range(0x80, 0x100)
    if _reading(bytes([byte]), "cp1250") != _reading(bytes([byte]), "cp1252")
)


def _byte_class(values: frozenset[int]) -> re.Pattern[bytes]:
    return re.compile(b"[" + b"".join(re.escape(bytes([value])) for value in sorted(values)) + b"]")


_ANY_MARK_1250 = _byte_class(_MARKS_1250 | {_SMALL_Z_ACUTE})
_ANY_DIFFERENT_1250 = _byte_class(_DIFFERENT_1250)


def _letters_in(codec: str) -> frozenset[int]:
    """The bytes ``codec`` reads as a letter (ASCII's too)."""
    return frozenset(byte for byte in range(0x100) if _is_letter(_reading(bytes([byte]), codec)))


_LETTERS_1250, _LETTERS_1252 = _letters_in("cp1250"), _letters_in("cp1252")
_LETTER_RUN = re.compile(_byte_class(_LETTERS_1250 | _LETTERS_1252).pattern + b"+")
"""A word as bytes: a run of bytes either code page reads as a letter."""


_WEAK_MARKS = frozenset(b"\xaa\xba\xb9\xb3\xbc\xbe")
"""Marks Western text also joins to a word: the ordinals "ª" and "º" ("1ºlugar", "Nºs"),
the superscripts "¹" and "³" ("Karpov¹", "cm³"), the fractions "¼" and "¾". They are
Windows-1250's "Ş", "ş", "ą", "ł", "Ľ" and "ľ" too ("Micha³" is "Michał"): the byte
alone cannot tell, where it stands and how many words hold one can."""

_NAME_TAG = re.compile(rb'\s*\[\s*(?:White|Black|Annotator)\s+"((?:[^"\\]|\\.)*)"')
"""A PGN tag that holds a person's name (no Event title, site or comment)."""
_TRF_PLAYER = b"001"
_TRF_NAME = (14, 47)
"""The name of a TRF player line (record 001) is in columns 15-47."""


def _name_span(line: bytes) -> tuple[int, int]:
    """Where a line holds a person's name: a White, Black or Annotator tag's value, or a
    TRF player line's name field; (0, 0) in any other line."""
    if line.startswith(_TRF_PLAYER):
        return _TRF_NAME
    match = _NAME_TAG.match(line)
    return match.span(1) if match else (0, 0)


def _tells_1250(line: bytes) -> bool:
    """Whether a line is Windows-1250 by itself: Windows-1250 reads every word of it as Latin
    letters, capitalised or in one case ("Łukasz Woźniak"), and marked words
    (``_marked_words``) weigh enough: one in a name (a White or Black tag, a TRF player
    line), one whose mark Western text never joins to letters ("£ukasz", "Wo¿niak"), or two
    ("Go³¹b, Micha³"). A single word with an ordinal, superscript or fraction in an Event
    title or a comment ("Karpov¹ Memorial", "{2ºlugar}") is as likely Western: it tells
    nothing, and the file's other lines ("Peña", "Niccolò") stay Windows-1252, unless another
    line tells Windows-1250 (then it follows, as "Dvořák" does)."""
    if not _ANY_MARK_1250.search(line):
        return False  # most lines: the readings differ in no mark
    text = _reading(line, "cp1250")
    if not text or not _latin_words(text):
        return False
    marked = _marked_words(line, text)
    name_start, name_end = _name_span(line)
    return len(marked) >= 2 or any(
        strong or name_start <= start < name_end for start, strong in marked
    )


def _marked_words(line: bytes, text: str) -> list[tuple[int, bool]]:
    """Where each word of three letters or more that Windows-1252 marks starts, and whether a
    mark of it is strong (not in ``_WEAK_MARKS``). A mark is a byte Windows-1252 reads as a
    symbol ("£ukasz", "Wo¿niak", "Micha³") or leaves out (0x8F, "Ź"), or "Ÿ" after a small
    letter ("WoŸniak"). ``text`` is the line read as Windows-1250, one character a byte. A
    Western line keeps its symbols outside words ("£5", "¿Qué?", which 1250 reads "żQué", a
    capital inside a word), or at the start of one ("¿no?", which 1250 reads "żno")."""
    found: list[tuple[int, bool]] = []
    for start, word in _non_ascii_words(text):
        if len(word) < 3:
            continue
        marks = 0
        strong = False
        opening = True  # still in the "¿" (or "¿¿¿") a Spanish question opens with
        for index in range(start, start + len(word)):
            byte = line[index]
            opening = opening and byte == _INVERTED_QUESTION
            if (byte in _MARKS_1250 and not opening) or (
                byte == _SMALL_Z_ACUTE and index > start and text[index - 1].islower()
            ):
                marks += 1
                strong = strong or byte not in _WEAK_MARKS
        if marks:
            found.append((start, strong))
    return found


def _changed_by_1250(line: bytes) -> bool:
    return _ANY_DIFFERENT_1250.search(line) is not None


def _latin_words(text: str) -> bool:
    """Whether every word of a line that holds a letter beyond ASCII is of Latin letters,
    capitalised or in one case ("Dvořák", "WOŹNIAK", not "żQué" or "Ľëăá")."""
    for _, word in _non_ascii_words(text):
        if not all(_is_letter(char) and _script(char) == "latin" for char in word):
            return False
        rest = word[1:]
        if rest and not (rest.islower() or rest.isupper()):
            return False
    return True


_TOKEN = re.compile(r"[A-Za-z\u0080-\U0010ffff]+")
_SEPARATORS = ("P", "N", "Z", "C")
"""Unicode categories that end a word: punctuation, digits, spaces and controls (a symbol
does not: "£ukasz" is one word with a symbol inside it)."""


def _non_ascii_words(text: str) -> list[tuple[int, str]]:
    """The words of a line that hold a character beyond ASCII, with where each starts: runs
    of ASCII letters and other characters, ended by ASCII's others and by punctuation,
    digits, spaces and controls beyond it."""
    words: list[tuple[int, str]] = []
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token.isascii():
            continue
        start = match.start()
        word_start = 0
        for index, char in enumerate(token + " "):
            if char == " " or (not char.isascii() and unicodedata.category(char)[0] in _SEPARATORS):
                word = token[word_start:index]
                if word and not word.isascii():
                    words.append((start + word_start, word))
                word_start = index + 1
    return words


def _script(char: str) -> str:
    code = ord(char)
    if code < 0x250 or 0x1E00 <= code < 0x1F00:
        return "latin"
    if 0x370 <= code < 0x400 or 0x1F00 <= code < 0x2000:
        return "greek"
    if 0x400 <= code < 0x530:
        return "cyrillic"
    return "other"


def _mixed_scripts(text: str) -> bool:
    """Whether a word of the text holds letters of two of the Latin, Greek and Cyrillic
    scripts: no name does, but a code page's bytes read as UTF-8 can ("RӯYCKI")."""
    for _, word in _non_ascii_words(text):
        scripts = {_script(char) for char in word if char.isalpha()}
        if len(scripts - {"other"}) > 1:
            return True
    return False


def _one_script(text: str) -> bool:
    """Whether ``text`` (a code page's reading) was read at all and mixes no scripts."""
    return bool(text) and not _mixed_scripts(text)


_DOS_END = "\x1a"
"""The DOS end-of-file mark (Ctrl-Z) old tools write after the last line, which ``copy /b``
leaves in front of the next file's first tag when files are joined."""
_BARE_CR = re.compile("\r(?!\n)")
_DOUBLE_CR = re.compile("\r+\r\n")


def _plain_text(text: str) -> str:
    """The text without DOS end-of-file marks: no part of a game, they hid the last result
    (a "cut short" file) or the next file's first tag. No line end goes with them, so lines
    are numbered as before.

    A line ending in a bare CR (old Mac files) ends in LF instead, one character for the
    other: python-chess read such a text as one line (a file opened as text gets universal
    newlines, a string does not), and messages number lines by LF. CRLF stays as it is, and
    CR CR LF (a file converted to Windows line ends twice) is one: read as two, it put a
    blank line after every tag and move line, and each tag became a game of its own."""
    if _DOS_END in text:
        text = text.replace(_DOS_END, "")
    if "\r" not in text:
        return text
    if "\r\r\n" in text:
        text = _DOUBLE_CR.sub("\r\n", text)
    return _BARE_CR.sub("\n", text)
