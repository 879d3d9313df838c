"""``crosstable new DIR``: a new site that builds at once and shows every part of the format.

It writes ``site.toml``, a home page, one small example event, a ``.gitignore`` for the
output, and a GitHub Actions workflow for sites published with Actions (the other way is
``crosstable deploy``). The example event follows ``--rules``: a four-player FIDE round robin
with two real games and plain results (``fide``, the default), or the set-up of one of the two
championships the tool is made for, its event.toml commented clause by clause so that the
organiser fills in their own: ACF By-law 3 (``acf-junior``, a Swiss with age groups, girls'
titles, trophies and money) or the 2016 U.S. Junior Closed regulations
(``us-junior-closed``, a 10-player round robin with a prize fund, fines and a play-off).
"""

from __future__ import annotations

import datetime as dt
import sys
from dataclasses import dataclass
from pathlib import Path

from . import __version__
from .config.toml_syntax import toml_string

EVENT_SLUG = "club-championship"

SITE_TOML = """\
# Site settings for crosstable: see the README of crosstable for every key.
title = {title_toml}
language = "en"

# Pages or whole events that only `crosstable serve` shows (build and deploy leave them out),
# as paths under content/; * matches any name, e.g. "*/report-*.md".
# drafts = ["{slug}/report.md"]

[deploy]
# `crosstable deploy` pushes the built site to this branch of this git remote.
remote = "origin"
branch = "gh-pages"
# Your own domain for GitHub Pages, written to the branch as CNAME:
# cname = "results.example.org"
"""

INDEX_MD = """\
# {title}

Welcome to the results of our club. Each event below has its standings, crosstable, rounds,
player cards and every game on a board you can step through.

Edit this page in `content/index.md`. Add an event by copying `content/{slug}/`.
"""

EVENT_TOML = """\
# The event file: see the README of crosstable for every key.
name = "Club Championship {year}"
format = "round-robin"           # "round-robin" | "double-round-robin" | "swiss"
rounds = 3
start = {year}-03-07
end = {year}-03-21
location = "Club rooms"
time_control = "90 min + 30 s per move"
rules = "fide"
tiebreaks = ["DE", "SB", "WIN"]  # FIDE codes: direct encounter, Sonneborn-Berger, wins

# One [[players]] table per player, in pairing-number order; `name` as the PGN files spell it.
[[players]]
name = "Morgan, Alex"
rating = 2010

[[players]]
name = "Ibekwe, Chidi"
rating = 1955

[[players]]
name = "Lindqvist, Saga"
rating = 1890

[[players]]
name = "Tanaka, Ren"
rating = 1820
"""

_GAME = """\
[Event "{event}"]
[Site "{site}"]
[Date "{date}"]
[Round "{round}"]
[White "{white}"]
[Black "{black}"]
[Result "{result}"]

{moves}

"""

Game = tuple[str, str, str, str, str, str]
"""Round tag, day (MM-DD), White, Black, result, movetext."""

# Morphy's Opera game and a Ruy Lopez main line, under our players' names, then results
# without moves (a game may have only its headers and result).
GAMES: tuple[Game, ...] = (
    (
        "1.1",
        "03-07",
        "Morgan, Alex",
        "Tanaka, Ren",
        "1-0",
        "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7\n"
        "8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7\n"
        "14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0",
    ),
    (
        "1.2",
        "03-07",
        "Ibekwe, Chidi",
        "Lindqvist, Saga",
        "1/2-1/2",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O\n"
        "9. h3 Nb8 10. d4 Nbd7 1/2-1/2",
    ),
    ("2.1", "03-14", "Tanaka, Ren", "Lindqvist, Saga", "0-1", "0-1"),
    ("2.2", "03-14", "Morgan, Alex", "Ibekwe, Chidi", "1/2-1/2", "1/2-1/2"),
    ("3.1", "03-21", "Ibekwe, Chidi", "Tanaka, Ren", "1-0", "1-0"),
    ("3.2", "03-21", "Lindqvist, Saga", "Morgan, Alex", "1/2-1/2", "1/2-1/2"),
)

ACF_EVENT_TOML = """\
# The event file of a junior championship under ACF By-law 3 (the Australian Junior Chess
# Championship): see the README of crosstable for every key. Everything below is an example
# to replace with your own: the players, dates, age groups, trophies and money. The games in
# games/ are examples too; put each round's games in its own file (games/round-3.pgn ...).
name = "Australian Junior Championship {year}"
format = "swiss"
rounds = 7                        # rounds scheduled; results are provisional until all are in
start = {year}-01-10
end = {year}-01-16
location = "Chess Centre"
time_control = "60 min + 30 s per move"  # shown as written
rules = "acf-junior"              # ties: Sum of Progressive Scores, then its cuts (5.1), then
                                  # the play-off below; "acf-junior-rapid" for a Rapid Play or
                                  # Lightning Championship (5.3.4)
age_reference_date = {year}-01-01   # ages for the age groups are taken on this day: the date
                                  # your conditions of entry give
# arbiter = "...", organiser = "..."  shown on the event's home page
# deputy_arbiters = ["..."], federation = "..."  shown too; tournament.trf's 112 and 032

# One [[players]] table per player, in pairing-number order (highest rating first); `name` as
# the PGN files spell it. The age groups need each player's `born`, the girls' titles `sex`.
[[players]]
name = "Whitfield, Declan"
rating = 1980
born = {year_less_18}-03-14
sex = "M"

[[players]]
name = "Nguyen, Mai"
rating = 1910
born = {year_less_17}-09-02
sex = "F"

[[players]]
name = "Papadakis, Nikos"
rating = 1850
born = {year_less_16}-05-20
sex = "M"

[[players]]
name = "Okonkwo, Grace"
rating = 1760
born = {year_less_15}-11-08
sex = "F"

[[players]]
name = "Fitzgerald, Liam"
rating = 1650
born = {year_less_14}-02-25
sex = "M"

[[players]]
name = "Sharma, Anika"
rating = 1540
born = {year_less_12}-07-30
sex = "F"

[[players]]
name = "Kovac, Marko"
rating = 1420
born = {year_less_10}-04-11
sex = "M"

[[players]]
name = "Lim, Hannah"
rating = 1300
born = {year_less_10}-10-05
sex = "F"

# A bye (a player without an opponent, or one who asked to miss a round):
# [[byes]]
# round = 3
# player = "Lim, Hannah"
# points = 0.5                    # 1 the pairing's bye, 0.5 a half-point bye, 0 absent

# The age groups and the girls' sections (1): a player belongs to every group they are young
# enough for, `under = 16` meaning under 16 on age_reference_date.
[[categories]]
id = "U18"
name = "Under 18"
under = 18

[[categories]]
id = "U16"
name = "Under 16"
under = 16

[[categories]]
id = "U14"
name = "Under 14"
under = 14

[[categories]]
id = "U12"
name = "Under 12"
under = 12

[[categories]]
id = "U10"
name = "Under 10"
under = 10

[[categories]]
id = "G-U18"
name = "Girls Under 18"
under = 18
sex = "F"

[[categories]]
id = "G-U16"
name = "Girls Under 16"
under = 16
sex = "F"

[[categories]]
id = "G-U14"
name = "Girls Under 14"
under = 14
sex = "F"

[[categories]]
id = "G-U12"
name = "Girls Under 12"
under = 12
sex = "F"

[[categories]]
id = "G-U10"
name = "Girls Under 10"
under = 10
sex = "F"

# The titles, highest first (2a): a player is awarded only the highest title they are
# eligible for, first in an older age group being higher than first in a younger one; a girl
# may also hold one girls' title beside her open title (2b).
[[titles]]
name = "Australian Junior Champion"
category = "U18"
kind = "open"

[[titles]]
name = "Australian Under 16 Champion"
category = "U16"
kind = "open"

[[titles]]
name = "Australian Under 14 Champion"
category = "U14"
kind = "open"

[[titles]]
name = "Australian Under 12 Champion"
category = "U12"
kind = "open"

[[titles]]
name = "Australian Under 10 Champion"
category = "U10"
kind = "open"

[[titles]]
name = "Australian Junior Girls Champion"
category = "G-U18"
kind = "girls"

[[titles]]
name = "Australian Under 16 Girls Champion"
category = "G-U16"
kind = "girls"

[[titles]]
name = "Australian Under 14 Girls Champion"
category = "G-U14"
kind = "girls"

[[titles]]
name = "Australian Under 12 Girls Champion"
category = "G-U12"
kind = "girls"

[[titles]]
name = "Australian Under 10 Girls Champion"
category = "G-U10"
kind = "girls"

# Trophies not tied to a title (3): a player receives only one, the highest they are eligible
# for, first in any age group above second in any age group, above third, and so on. The
# titles are the first places; list the other places your trophies go to.
[[trophies]]
name = "2nd Under 16"
category = "U16"
place = 2

[[trophies]]
name = "2nd Under 14"
category = "U14"
place = 2

[[trophies]]
name = "2nd Under 12"
category = "U12"
place = 2

[[trophies]]
name = "3rd Under 12"
category = "U12"
place = 3

[[trophies]]
name = "2nd Under 10"
category = "U10"
place = 2

[[trophies]]
name = "2nd Girls"
category = "G-U18"
place = 2

# A tie for first that the tie-breaks leave (5.2) is played off: 2 games of 15 minutes, then
# 2 of 5 minutes, then an Armageddon (White 5 minutes, Black 4, a draw wins for Black); under
# rules = "acf-junior-rapid", 2 games of 5 minutes, then the Armageddon (5.3.4). The rules
# line chooses the procedure; a format line here would override it.
# Put the play-off games in playoff/*.pgn (make the folder), their Round tags "1", "2", ... in
# playing order; the play-off page says which game is due next.
[playoff]
places = [1]
# lots = ["..."]                  # who drew White: in the play-off's first game, then in
                                  # the Armageddon

[prizes]
currency = "AUD"
ties = "tiebreak"                 # or "split": players level on points share the money
trophies_for_title_holders = true # the holder of a title without an age limit may also
                                  # take a trophy; every title here is first in an age
                                  # group (Under 18 too), whose holder takes none besides (3)

# Money (4): in no way related to the titles and trophies; a player receives only one money
# prize, the largest they are eligible for. The amounts are examples: write your prize fund.
[[prizes.money]]
name = "1st place"
place = 1
amount = 500

[[prizes.money]]
name = "2nd place"
place = 2
amount = 300

[[prizes.money]]
name = "3rd place"
place = 3
amount = 200

[[prizes.money]]
name = "1st Girls"
category = "G-U18"
place = 1
amount = 150

[[prizes.money]]
name = "1st Under 12"
category = "U12"
place = 1
amount = 100
"""

# Two rounds of a Swiss: short games (Scholar's mate, Legal's mate, the Blackburne Shilling
# trap), two draws and a result without moves.
ACF_GAMES: tuple[Game, ...] = (
    (
        "1.1",
        "01-10",
        "Whitfield, Declan",
        "Fitzgerald, Liam",
        "1-0",
        "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0",
    ),
    (
        "1.2",
        "01-10",
        "Sharma, Anika",
        "Nguyen, Mai",
        "0-1",
        "1. d4 e5 2. dxe5 d6 3. exd6 Bxd6 4. Nf3 h5 5. Bg5 f6 6. Bh4 g5 7. Bg3 h4 8. Bxd6 Qxd6\n"
        "9. Qd4 Nc6 10. Qe4+ Nge7 11. Nc3 Bf5 12. Qc4 Qb4 13. Qxb4 Nxb4 14. Kd2 O-O-O+\n"
        "15. Kc1 Nxc2 0-1",
    ),
    (
        "1.3",
        "01-10",
        "Papadakis, Nikos",
        "Kovac, Marko",
        "1-0",
        "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0",
    ),
    (
        "1.4",
        "01-10",
        "Lim, Hannah",
        "Okonkwo, Grace",
        "1/2-1/2",
        "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 Nbd7 7. Rc1 c6 8. Bd3 dxc4\n"
        "9. Bxc4 Nd5 1/2-1/2",
    ),
    (
        "2.1",
        "01-11",
        "Nguyen, Mai",
        "Whitfield, Declan",
        "1/2-1/2",
        "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be2 e5 7. Nb3 Be7 8. O-O O-O\n"
        "9. Be3 Be6 10. Qd2 Nbd7 11. a4 Rc8 12. Rfd1 Qc7 1/2-1/2",
    ),
    (
        "2.2",
        "01-11",
        "Okonkwo, Grace",
        "Papadakis, Nikos",
        "0-1",
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# 0-1",
    ),
    ("2.3", "01-11", "Fitzgerald, Liam", "Lim, Hannah", "1-0", "1-0"),
    (
        "2.4",
        "01-11",
        "Kovac, Marko",
        "Sharma, Anika",
        "1-0",
        "1. e4 e5 2. Nc3 Nf6 3. Bc4 Nxe4 4. Qh5 Nd6 5. Bb3 Nc6 6. Nb5 g6 7. Qf3 f5 8. Qd5 Qe7\n"
        "9. Nxc7+ Kd8 10. Nxa8 b6 11. d3 Bb7 12. h4 f4 13. Qf3 Nd4 14. Qg4 Bxg2 15. Rh2 Bf3\n"
        "16. Qh3 Nxb3 17. axb3 Qe6 1-0",
    ),
)

US_EVENT_TOML = """\
# The event file of a junior closed under the 2016 U.S. Junior Closed regulations: see the
# README of crosstable for every key. Everything below is an example to replace with your own:
# the players, dates, prize fund and fines. The games in games/ are examples too; put each
# round's games in its own file (games/round-3.pgn ...), a round's pairings with the result
# "*" until its games end.
name = "U.S. Junior Closed Championship {year}"
format = "round-robin"            # a 10-player round robin
rounds = 9
start = {year}-07-08
end = {year}-07-17
location = "Chess Club"
time_control = "90 min for 40 moves, then 30 min, 30 s increment from move 1"  # as written
rules = "us-junior-closed"        # tie-breaks: Direct Encounter, Most Blacks, Koya,
                                  # Sonneborn-Berger, Won Games; the 30-move draw rule
# min_draw_moves = 30             # the preset's 30-move rule (play-off games too); 0 = off
# pgn_time_control = "40/5400+30:1800+30"  # check each game's TimeControl tag against it
# arbiter = "...", organiser = "..."  shown on the event's home page
# deputy_arbiters = ["..."], federation = "..."  shown too; tournament.trf's 112 and 032

# One [[players]] table per player, in pairing-number order (the numbers drawn for the round
# robin table); `name` as the PGN files spell it.
[[players]]
name = "Harrington, Cole"
rating = 2480
title = "IM"

[[players]]
name = "Esposito, Lucia"
rating = 2410
title = "FM"

[[players]]
name = "Brooks, Jalen"
rating = 2455
title = "IM"

[[players]]
name = "Yamamoto, Kenji"
rating = 2390
title = "FM"

[[players]]
name = "Alvarez, Sofia"
rating = 2310

[[players]]
name = "Kowalski, Adam"
rating = 2360
title = "FM"

[[players]]
name = "Chen, Rebecca"
rating = 2285

[[players]]
name = "Okafor, Daniel"
rating = 2425
title = "FM"

[[players]]
name = "Singh, Arjun"
rating = 2340

[[players]]
name = "Novak, Ethan"
rating = 2270

# A player more than 30 minutes late forfeits the round; a cell phone that makes a noise
# during a game forfeits that game (a game played, then forfeited):
# [[results]]
# round = 3
# white = "Singh, Arjun"
# black = "Novak, Ethan"
# result = "+-"                   # or result = "1-0" with forfeited = true for the phone
# reason = "Black more than 30 minutes late"
#
# A player who withdraws:
# [[withdrawals]]
# player = "Novak, Ethan"
# after_round = 5

# Fines are deducted from the player's prize: $500 for not being at the board when the round
# begins, and for a cell phone or other electronic device in the tournament area, each time.
[[fines]]
player = "Singh, Arjun"
amount = 500
reason = "Cell phone in the tournament area, round 1"

# Players tied for first play off: a blitz double round robin, game in 3 minutes plus 2
# seconds a move, then, if still tied, an Armageddon (White 6 minutes, Black 4, Black has
# draw odds). Put the play-off games in playoff/*.pgn (make the folder), their Round tags
# "1", "2", ... in playing order; the play-off page says which game is due next.
[playoff]
format = "us-junior-closed"
places = [1]
# lots = ["..."]                  # who drew White in the Armageddon

[[titles]]
name = "U.S. Junior Champion"
category = "open"

[prizes]
currency = "USD"
ties = "tiebreak"                 # the play-off, then the math tie-breaks, order tied players
forfeit_cancels_money = true      # players who withdraw or forfeit a game receive no prize
                                  # money (the preset's rule)

# The prize fund, one prize a place. The amounts are examples: write your own.
[[prizes.money]]
name = "1st place"
place = 1
amount = 6000

[[prizes.money]]
name = "2nd place"
place = 2
amount = 4000

[[prizes.money]]
name = "3rd place"
place = 3
amount = 3000

[[prizes.money]]
name = "4th place"
place = 4
amount = 2000

[[prizes.money]]
name = "5th place"
place = 5
amount = 1000
"""

# Round 1 of the round robin table for ten players (a perpetual check, Morphy's Opera game
# and three resignations), and round 2's pairings, not yet played.
US_GAMES: tuple[Game, ...] = (
    (
        "1.1",
        "07-08",
        "Harrington, Cole",
        "Novak, Ethan",
        "1/2-1/2",
        "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Bg5 e6 7. f4 Qb6 8. Qd2 Qxb2\n"
        "9. Rb1 Qa3 10. f5 Nc6 11. fxe6 fxe6 12. Nxc6 bxc6 13. e5 dxe5 14. Bxf6 gxf6 15. Ne4\n"
        "Qxa2 16. Rd1 Be7 17. Be2 O-O 18. O-O Ra7 19. Rf3 Kh8 20. Rg3 Rd7 21. Qh6 Rf7\n"
        "22. Qh5 Rxd1+ 23. Bxd1 Qa5 24. Kf1 Qd8 25. Qxf7 Qxd1+ 26. Kf2 Qd4+ 27. Kf1 Qd1+\n"
        "28. Kf2 Qd4+ 29. Kf1 Qd1+ 1/2-1/2",
    ),
    (
        "1.2",
        "07-08",
        "Esposito, Lucia",
        "Singh, Arjun",
        "1-0",
        "1. d4 Nf6 2. c4 g6 3. Nc3 Bg7 4. e4 d6 5. f3 O-O 6. Be3 e5 7. Nge2 c6 8. Qd2 Nbd7\n"
        "9. O-O-O a6 10. Kb1 b5 11. Nc1 exd4 12. Bxd4 Re8 13. g4 Qa5 14. h4 b4 15. Nb3 Qc7\n"
        "16. Na4 c5 17. Bf2 Rb8 18. h5 Ne5 19. hxg6 fxg6 20. Bh4 1-0",
    ),
    (
        "1.3",
        "07-08",
        "Brooks, Jalen",
        "Okafor, Daniel",
        "1-0",
        "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7\n"
        "8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7\n"
        "14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0",
    ),
    (
        "1.4",
        "07-08",
        "Yamamoto, Kenji",
        "Chen, Rebecca",
        "0-1",
        "1. d4 d5 2. c4 c6 3. Nf3 Nf6 4. Nc3 dxc4 5. a4 Bf5 6. e3 e6 7. Bxc4 Bb4 8. O-O O-O\n"
        "9. Qe2 Nbd7 10. e4 Bg6 11. Bd3 Bh5 12. e5 Nd5 13. Nxd5 cxd5 14. Qe3 Bg6 15. Ng5 Re8\n"
        "16. f4 Bxd3 17. Qxd3 f5 18. Be3 Nf8 19. Kh1 Rc8 20. g4 Qd7 21. Rg1 Kh8 22. gxf5\n"
        "exf5 23. Rg2 Ne6 0-1",
    ),
    (
        "1.5",
        "07-08",
        "Alvarez, Sofia",
        "Kowalski, Adam",
        "0-1",
        "1. e4 e6 2. d4 d5 3. Nd2 Nf6 4. e5 Nfd7 5. Bd3 c5 6. c3 Nc6 7. Ne2 cxd4 8. cxd4 f6\n"
        "9. exf6 Nxf6 10. Nf3 Bd6 11. O-O Qc7 12. Nc3 a6 13. Bg5 O-O 14. Rc1 Qf7 15. Bh4 Bd7\n"
        "16. Bg3 Bxg3 17. hxg3 Rac8 18. a3 Qh5 19. Qd2 Ng4 20. Rfe1 Rxf3 0-1",
    ),
    ("2.1", "07-09", "Novak, Ethan", "Kowalski, Adam", "*", "*"),
    ("2.2", "07-09", "Chen, Rebecca", "Alvarez, Sofia", "*", "*"),
    ("2.3", "07-09", "Okafor, Daniel", "Yamamoto, Kenji", "*", "*"),
    ("2.4", "07-09", "Singh, Arjun", "Brooks, Jalen", "*", "*"),
    ("2.5", "07-09", "Harrington, Cole", "Esposito, Lucia", "*", "*"),
)


@dataclass(frozen=True)
class Example:
    """The example event of one ``--rules`` choice: what a new site starts from."""

    slug: str
    event_toml: str
    event: str
    """The PGN ``Event`` tag, ``{year}`` filled in as in the event file."""
    site: str
    games: tuple[Game, ...]
    regulations: str = ""
    """What the event file's comments follow, for the line printed after ``new``."""


EXAMPLES: dict[str, Example] = {
    "fide": Example(EVENT_SLUG, EVENT_TOML, "Club Championship {year}", "Club rooms", GAMES),
    "acf-junior": Example(
        "junior-championship",
        ACF_EVENT_TOML,
        "Australian Junior Championship {year}",
        "Chess Centre",
        ACF_GAMES,
        "ACF By-law 3 (Junior Chess Championship)",
    ),
    "us-junior-closed": Example(
        "junior-closed",
        US_EVENT_TOML,
        "U.S. Junior Closed Championship {year}",
        "Chess Club",
        US_GAMES,
        "the 2016 U.S. Junior Closed regulations",
    ),
}
RULES = tuple(EXAMPLES)
"""The choices of ``crosstable new --rules``; the first is the default."""

GITIGNORE = """\
# The built site: `crosstable build` writes it, `crosstable deploy` publishes it.
output/
"""

REQUIREMENTS = """\
# How the GitHub Actions workflow installs crosstable. Pin the version you build with,
# or install it from its git repository, e.g.
#   crosstable @ git+https://github.com/OWNER/crosstable@v{version}
crosstable>={version}
"""

WORKFLOW = """\
# Publishes the site with GitHub Actions on every push to main.
# On GitHub: Settings > Pages > Build and deployment > Source: "GitHub Actions".
# (The other way: `crosstable deploy` pushes to a gh-pages branch; then delete this file.)
# A custom domain is set in Settings > Pages: Actions deployments ignore a CNAME file.
name: Publish results

on:
  push:
    branches: [main]
  workflow_dispatch:

permissions:
  contents: read
  pages: write
  id-token: write

concurrency:
  group: pages
  cancel-in-progress: false

jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@v5
        with:
          python-version: "3.12"
      - name: Configure GitHub Pages
        id: pages
        uses: actions/configure-pages@v5
      - name: Install crosstable
        run: pip install -r requirements.txt
      # Links between pages are relative, so the site works under /<repository>/ as it is.
      - name: Build the site
        run: crosstable build
      - name: Upload the site
        uses: actions/upload-pages-artifact@v4
        with:
          path: output

  deploy:
    needs: build
    runs-on: ubuntu-latest
    environment:
      name: github-pages
      url: ${{ steps.deployment.outputs.page_url }}
    steps:
      - name: Deploy to GitHub Pages
        id: deployment
        uses: actions/deploy-pages@v4
"""


def site_files(title: str, year: int, rules: str = "fide") -> dict[str, str]:
    """Every file of a new site, by path relative to its folder, with the example event of
    ``rules`` (one of ``RULES``)."""
    example = EXAMPLES[rules]
    event = example.event.format(year=year)
    games = "".join(
        _GAME.format(
            event=event,
            site=example.site,
            date=f"{year}.{day.replace('-', '.')}",
            round=round_tag,
            white=white,
            black=black,
            result=result,
            moves=moves,
        )
        for round_tag, day, white, black, result, moves in example.games
    )
    values: dict[str, str | int] = {
        "title": title,
        "title_toml": toml_string(title),
        "slug": example.slug,
        "year": year,
        "version": __version__,
    }
    # Birthdays a given number of years before the event, so the example players stay in
    # their age groups whatever the year.
    values.update({f"year_less_{age}": year - age for age in range(5, 20)})
    return {
        "site.toml": SITE_TOML.format(**values),
        "content/index.md": INDEX_MD.format(**values),
        f"content/{example.slug}/event.toml": example.event_toml.format(**values),
        f"content/{example.slug}/games/games.pgn": games,
        ".gitignore": GITIGNORE,
        "requirements.txt": REQUIREMENTS.format(**values),
        ".github/workflows/pages.yml": WORKFLOW,
    }


def new_site(folder: Path, year: int | None = None, rules: str = "fide") -> int:
    """Write a new site into ``folder``, which must not exist or be empty, its example event
    set up for ``rules``."""
    if rules not in EXAMPLES:
        print(
            f"crosstable: there is no example event for --rules {rules}; nothing was written\n"
            f"    hint: choose one of {', '.join(RULES)}",
            file=sys.stderr,
        )
        return 1
    foreign = _foreign_entries(folder) if folder.is_dir() else []
    if folder.exists() and (not folder.is_dir() or foreign):
        what = "a file" if not folder.is_dir() else "a folder that is not empty"
        held = f" (it holds {', '.join(foreign[:3])}{', ...' if len(foreign) > 3 else ''})"
        print(
            f"crosstable: {folder} is {what}{held if foreign else ''}; nothing was written\n"
            "    hint: choose a new folder name, e.g. crosstable new my-results (a fresh "
            "clone of a new GitHub repository, with only its README and licence, will do too)",
            file=sys.stderr,
        )
        return 1
    title = folder.resolve().name.replace("-", " ").replace("_", " ").strip().title()
    files = site_files(title or "Chess results", year or dt.date.today().year, rules)
    ignore = folder / ".gitignore"
    try:
        if ignore.is_file():
            # Its bytes kept as they are: UTF-8 or not (``surrogateescape``), and its line
            # endings too (read untranslated; CRLF was read as LF and rewritten so).
            kept = ignore.read_bytes().decode("utf-8", errors="surrogateescape")
            files[".gitignore"] = _with_output_ignored(kept)
        for relative, text in files.items():
            path = folder / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8", errors="surrogateescape", newline="")
    except OSError as exc:
        print(f"crosstable: cannot write {folder}: {exc.strerror}", file=sys.stderr)
        return 1
    print(f"crosstable: created a new site in {folder}:")
    for relative in files:
        print(f"    {relative}")
    if EXAMPLES[rules].regulations:
        print(
            f"Fill in content/{EXAMPLES[rules].slug}/event.toml: its comments follow "
            f"{EXAMPLES[rules].regulations}."
        )
    here = folder.resolve() == Path.cwd().resolve()
    print(
        f"Next: {'' if here else f'cd {folder} && '}crosstable serve    "
        "(preview at http://127.0.0.1:8000/)\n"
        "Publish: crosstable deploy (a gh-pages branch), or push to GitHub and use the workflow."
    )
    top = _repository_above(folder.resolve())
    if top is not None:
        inside = folder.resolve().relative_to(top).as_posix()
        print(
            f"Note: this site is inside the git repository {top}, and GitHub runs workflows "
            f"only from {top / '.github' / 'workflows'}: to publish with Actions, move "
            f".github there and, in pages.yml, build with crosstable build --site {inside} "
            f"and upload {inside}/output (crosstable deploy --site {inside} needs no change)."
        )
    return 0


_NEW_REPOSITORY = (".git", ".gitattributes", ".gitignore")
_NEW_REPOSITORY_PREFIXES = ("README", "LICENSE", "LICENCE", "COPYING")


def _foreign_entries(folder: Path) -> list[str]:
    """What ``folder`` holds besides what a new GitHub repository starts with (``.git``, a
    README, a licence, a ``.gitignore``): organisers create the repository on GitHub, clone
    it, and run ``crosstable new .`` there, which refused the clone's ``.git`` as "not
    empty". None of these is a file ``new`` writes, but ``.gitignore`` (kept and added to)."""
    return sorted(
        entry.name
        for entry in folder.iterdir()
        if entry.name not in _NEW_REPOSITORY
        and not entry.name.upper().startswith(_NEW_REPOSITORY_PREFIXES)
    )


def _with_output_ignored(text: str) -> str:
    """An existing ``.gitignore`` (GitHub's template for a new repository) kept whole, with
    the output added unless a line already ignores it."""
    lines = {line.strip() for line in text.splitlines()}
    if lines & {"output", "output/", "/output", "/output/"}:
        return text
    ending = _line_ending(text)
    block = ending + GITIGNORE.replace("\n", ending)
    return text + ("" if not text or text.endswith("\n") else ending) + block


def _line_ending(text: str) -> str:
    """The line ending ``text`` uses (its first one's), so that lines added to a CRLF file
    (saved on Windows) end as its own do: LF where it has none yet."""
    first = text.find("\n")
    return "\r\n" if first > 0 and text[first - 1] == "\r" else "\n"


def _repository_above(folder: Path) -> Path | None:
    """The top of the git repository that ``folder`` lies in below its top (a ``.git`` in a
    folder above it), where GitHub never reads the workflow ``new`` writes; ``None`` for a
    folder that is a repository's top itself (a clone), whatever holds it."""
    if (folder / ".git").exists():
        return None
    for parent in folder.parents:
        if (parent / ".git").exists():
            return parent
    return None
