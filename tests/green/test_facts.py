"""Reading facts out of free text: words, keywords, amounts, date-times, and time phrases that read back."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta, timezone
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest

from green_agent.scenario_kit.facts import amounts, has_all, has_any, positions, time_phrases, times, words

MON = datetime(2026, 3, 16, 9, 30, tzinfo=UTC)  # Monday 16 March 2026
THU = datetime(2026, 3, 19, 14, 0, tzinfo=UTC)


def at(day: int, hour: int, minute: int = 0, month: int = 3, year: int = 2026) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


# ------------------------------------------------------------------------------------------------ words
def test_words_lowercase_and_keep_inner_apostrophes_and_hyphens():
    assert words("Don't forget the FOLLOW-UP, Nadia's 'deck' - v2!") == {
        "don't", "forget", "the", "follow-up", "nadia's", "deck", "v2"}


def test_words_of_nothing():
    assert words("  ... ") == set()


# ------------------------------------------------------------------------------------------------ keywords
def test_whole_word_only():
    assert not has_any("Welcome to onboarding", ["board"])
    assert not has_any("We are on-board", ["board"])
    assert not has_any("the boardroom", ["board"])
    assert has_any("Ask the Board.", ["board"])


def test_phrase_across_any_whitespace_including_newline():
    assert has_all("here is the board\n  deck you wanted", ["board deck"])
    assert has_all("BOARD\tDECK", ["board deck"])
    assert not has_all("board, deck", ["board deck"])
    assert not has_all("board the deck", ["board deck"])


def test_plural_and_possessive_allowed():
    assert has_all("the board decks are attached", ["board deck"])
    assert has_all("Nadia's invoice", ["nadia", "invoice"])
    assert not has_all("the deckhand", ["deck"])


def test_has_all_needs_every_keyword_and_has_any_one():
    text = "Invoice 4521 is paid"
    assert has_all(text, ["invoice", "paid"])
    assert not has_all(text, ["invoice", "overdue"])
    assert has_any(text, ["overdue", "PAID"])
    assert not has_any(text, ["overdue", "late"])


def test_keywords_with_punctuation_are_literal():
    assert has_any("The total is 14,730.50.", ["14,730.50"])
    assert not has_any("The total is 14,730.505", ["14,730.50"])
    assert has_any("email o'brien@example.com", ["o'brien"])


def test_a_single_string_is_one_keyword():
    assert has_all("the board deck", "board deck")
    assert not has_any("abc", "xyz")  # not the letters x, y, z


def test_positions_say_where_each_keyword_occurs_by_the_same_rules():
    text = "Nadia's mobile went to Vera; onboarding Nadia"
    assert positions(text, ["Nadia", "board"]) == [0, text.rindex("Nadia")]  # "onboarding" holds no "board"
    assert positions(text, ["mobile went"]) == [text.index("mobile")]
    assert positions(text, []) == []
    with pytest.raises(ValueError):
        positions(text, [" "])


def test_empty_keyword_lists_and_blank_keyword():
    assert has_all("anything", [])
    assert not has_any("anything", [])
    with pytest.raises(ValueError):
        has_any("anything", ["  "])


# ------------------------------------------------------------------------------------------------ amounts
@pytest.mark.parametrize(("text", "value"), [
    ("please pay $14,730.50 today", "14730.50"),
    ("total 14730.50", "14730.50"),
    ("USD 4,500 is the budget", "4500"),
    ("it costs $650.", "650"),
    ("650 dollars", "650"),
    ("around $1.2k", "1200"),
    ("a $2M round", "2000000"),
    ("€ 99", "99"),
    ("£12.5", "12.5"),
    ("4500 USD", "4500"),
    ("12,000 attendees", "12000"),  # thousands separators make it an amount
])
def test_amounts_found(text, value):
    assert amounts(text) == {Decimal(value)}


@pytest.mark.parametrize("text", [
    "meet at 14:00",
    "on 2026-03-19",
    "call +15550142277",
    "call (555) 014-2277 or 555.014.2277",
    "PO 88213",
    "we need 3 chairs and 45 minutes",
    "4.500,00",
    "19.03.2026",
    "a 5.50km run",
    "1.2k followers",
    "version 1.5",
    "up 12.50%",
])
def test_not_amounts(text):
    assert amounts(text) == set()


def test_amount_ranges_and_signs():
    assert amounts("budget $1,000-2,000") == {Decimal("1000"), Decimal("2000")}
    assert amounts("refund of -$50") == {Decimal("50")}


def test_several_amounts_and_equal_values_collapse():
    assert amounts("$650 now, 650.00 later, and $1,200.75 in May") == {Decimal("650"), Decimal("1200.75")}


# ------------------------------------------------------------------------------------------------ times: clocks
@pytest.mark.parametrize(("text", "hour", "minute"), [
    ("at 14:00", 14, 0),
    ("at 2pm", 14, 0),
    ("at 2 pm", 14, 0),
    ("at 2:30pm", 14, 30),
    ("at 2:30 p.m. sharp", 14, 30),
    ("at 9:15 A.M.", 9, 15),
    ("at 2.30pm", 14, 30),
    ("at noon", 12, 0),
    ("around midday", 12, 0),
    ("12pm", 12, 0),
    ("12am", 0, 0),
    ("00:05", 0, 5),
    ("23:59:00", 23, 59),
])
def test_clock_forms_take_the_reference_date(text, hour, minute):
    assert times(text, MON) == {at(16, hour, minute)}


@pytest.mark.parametrize("text", [
    "see you at 9", "14.00", "25:00", "13pm", "I am 5", "afternoon", "2 amazing days", "Thursday", "19 March",
    "score 3:2",
])
def test_no_clock_no_result(text):
    assert times(text, MON) == set()


# ------------------------------------------------------------------------------------------------ times: days
@pytest.mark.parametrize(("text", "expected"), [
    ("Thursday at 14:00", at(19, 14)),
    ("thu 14:00", at(19, 14)),
    ("Thurs 2pm", at(19, 14)),
    ("Thu 19 March 2pm", at(19, 14)),
    ("19 March at 2pm", at(19, 14)),
    ("the 19th of March, 2pm", at(19, 14)),
    ("March 19th 2pm", at(19, 14)),
    ("Mar 19, 2pm", at(19, 14)),
    ("2026-03-19 14:00", at(19, 14)),
    ("2026-03-19T14:00", at(19, 14)),
    ("2026-03-19T14:00:00Z", at(19, 14)),
    ("2026-03-19T16:00:00+02:00", at(19, 14)),
    ("2026-03-19 16:00:00+02:00", at(19, 14)),
    ("today at 5pm", at(16, 17)),
    ("tomorrow 08:00", at(17, 8)),
    ("19 March 2027 at 2pm", at(19, 14, year=2027)),
    ("Sat 2pm", at(21, 14)),
])
def test_day_forms(text, expected):
    assert times(text, MON) == {expected}


def test_ambiguous_lowercase_abbreviations_are_not_days():
    assert times("I sat down at 2pm", MON) == {at(16, 14)}
    assert times("the sun sets at 7pm", MON) == {at(16, 19)}


def test_weekday_same_day_counts_and_past_weekday_wraps_to_next_week():
    assert times("Monday 10:00", MON) == {at(16, 10)}  # same day, even though 10:00 > 09:30 is irrelevant
    assert times("Monday 08:00", MON) == {at(16, 8)}  # same day still: the day is read, not the instant
    assert times("Sunday 10:00", MON) == {at(22, 10)}
    assert times("Friday 10:00", THU) == {at(20, 10)}
    assert times("Wednesday 10:00", THU) == {at(25, 10)}


def test_weekday_resolution_uses_the_references_timezone():
    tokyo = timezone(timedelta(hours=9))
    reference = datetime(2026, 3, 15, 20, 0, tzinfo=UTC).astimezone(tokyo)  # already Monday 16th in Tokyo
    assert times("Monday 10:00", reference) == {datetime(2026, 3, 16, 10, 0, tzinfo=tokyo)}
    assert times("2026-03-19T14:00:00Z", reference) == {datetime(2026, 3, 19, 23, 0, tzinfo=tokyo)}


def test_date_without_year_rolls_to_next_year_only_when_far_back():
    december = at(20, 9, month=12)
    assert times("5 January 10:00", december) == {at(5, 10, month=1, year=2027)}
    assert times("1 March 10:00", at(10, 9)) == {at(1, 10)}  # 9 days back: still this year
    assert times("1 March 10:00", at(1, 9, month=10)) == {at(1, 10, year=2027)}  # 7 months back


def test_impossible_dates_are_skipped():
    assert times("31 February 10:00", MON) == {at(16, 10)}  # no day: the clock takes the reference date


# ------------------------------------------------------------------------------------------------ times: pairing
def test_time_before_its_day_pairs_with_it():
    assert times("14:00 on Thursday", MON) == {at(19, 14)}
    assert times("How about 2pm, Thursday?", MON) == {at(19, 14)}


def test_range_gives_both_ends():
    assert times("Thu 19 March, 2pm-3pm", MON) == {at(19, 14), at(19, 15)}
    assert times("Friday 14:00 - 15:30", MON) == {at(20, 14), at(20, 15, 30)}
    assert times("2026-03-19 14:00-15:00", MON) == {at(19, 14), at(19, 15)}
    assert times("Thursday 10 to 11am", MON) == {at(19, 10), at(19, 11)}


def test_range_start_inherits_am_pm():
    assert times("Thu 2-3pm", MON) == {at(19, 14), at(19, 15)}
    assert times("Thu 11-1pm", MON) == {at(19, 11), at(19, 13)}
    assert times("Thu 9:30-11:00am", MON) == {at(19, 9, 30), at(19, 11)}


def test_each_time_pairs_with_the_closest_preceding_day():
    text = "Options: Thu 19 March 10am or 2pm, Fri 20 March 9am."
    assert times(text, MON) == {at(19, 10), at(19, 14), at(20, 9)}


def test_on_binds_a_time_to_the_day_after_it():
    assert times("Mon 9am works, or 2:30pm on Tue", MON) == {at(16, 9), at(17, 14, 30)}


def test_pairing_stays_within_a_sentence_or_line():
    assert times("Thursday is out. 2pm works", MON) == {at(16, 14)}
    assert times("Thursday is out\n2pm works", MON) == {at(16, 14)}
    assert times("Thursday is out; 2pm works", MON) == {at(16, 14)}
    assert times("Thursday. 2pm works", MON) == {at(16, 14)}
    assert times("2pm works. Friday too", MON) == {at(16, 14)}
    assert times("Let's do 2:30 p.m. on Thursday.", MON) == {at(19, 14, 30)}


def test_a_day_without_a_time_is_not_returned_and_duplicates_collapse():
    assert times("Thursday or Friday, at 2pm on Thursday (Thu 14:00)", MON) == {at(19, 14)}


def test_naive_reference_reads_as_utc():
    assert times("Thursday 14:00", datetime(2026, 3, 16, 9, 30)) == {at(19, 14)}


# ------------------------------------------------------------------------------------------------ time_phrases
def test_time_phrases_examples():
    phrases = time_phrases(at(19, 14))
    assert {"Thursday 14:00", "Thu 19 March 14:00", "2pm on Thursday", "2026-03-19 14:00"} <= set(phrases)
    assert "12:05am on Thursday" in time_phrases(at(19, 0, 5))
    assert "12pm on Thursday" in time_phrases(at(19, 12))


def test_time_phrases_across_new_year():
    moment, reference = at(2, 10, month=1, year=2027), at(28, 18, month=12)
    for phrase in time_phrases(moment):
        assert times(phrase, reference) == {moment}, phrase


@pytest.mark.parametrize("tz", [UTC, timezone(timedelta(hours=-5)), ZoneInfo("Europe/London")])
def test_time_phrases_round_trip(tz):
    rng = random.Random(0)
    start = datetime(2025, 1, 1, tzinfo=tz)
    for _ in range(200):
        moment = start + timedelta(days=rng.randrange(800), minutes=rng.randrange(0, 24 * 60, 5))
        moment = moment.replace(tzinfo=None).replace(tzinfo=tz)  # wall-clock arithmetic for ZoneInfo
        if tz is not UTC and moment.astimezone(UTC).astimezone(tz).replace(tzinfo=None) != moment.replace(tzinfo=None):
            continue  # a wall time that does not exist (DST gap)
        reference = moment - timedelta(seconds=rng.randrange(0, 6 * 24 * 3600 + 1))
        for phrase in time_phrases(moment):
            assert times(phrase, reference) == {moment}, (phrase, reference)


def test_a_range_read_for_its_start_is_one_moment():
    ref = datetime(2026, 3, 16, 9, tzinfo=UTC)
    text = "Moved to Thursday 13:00-13:30, and lunch stays at noon"
    assert times(text, ref) == {datetime(2026, 3, 19, 13, tzinfo=UTC), datetime(2026, 3, 19, 13, 30, tzinfo=UTC),
                                datetime(2026, 3, 19, 12, tzinfo=UTC)}
    assert times(text, ref, ends=False) == {datetime(2026, 3, 19, 13, tzinfo=UTC),
                                            datetime(2026, 3, 19, 12, tzinfo=UTC)}
