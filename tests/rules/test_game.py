"""Whole games: hands in order, end conditions, closing, the winner, and the invariants."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rules import Game, Hand, RulesError, make_variant, score_game
from tournaments.rules.cards import parse_cards
from tournaments.rules.hands import count_hand, parse_held
from tournaments.rules.scoring import score_hand


def game(slug, players, hands, options=None, **kwargs) -> Game:
    return Game(make_variant(slug, options), tuple(players), tuple(hands), **kwargs)


def out(by, **held) -> Hand:
    return Hand("going_out", by, held)


def test_a_game_in_play_has_no_winner_yet_but_a_ranking():
    result = score_game(game("rami-penalites", "ABC", [out("A", B=30, C=10)]))
    assert not result.finished and result.winner is None and result.ended_after_hand is None
    assert result.ranking == ["A", "C", "B"]
    assert result.prizes is None


def test_closing_ends_the_game_with_the_totals_as_they_stand():
    result = score_game(game("rami-penalites", "ABC", [out("A", B=30, C=10)], closed=True))
    assert result.finished and result.ended_after_hand == 1 and result.winner == "A"


def test_a_pot_is_split_only_once_the_game_is_finished():
    hands = [out("A", B=30, C=10)]
    assert score_game(game("rummy", "ABC", hands, pot=3000)).prizes is None
    prizes = score_game(game("rummy", "ABC", hands, pot=3000, closed=True)).prizes
    assert prizes == {"A": 3000, "B": 0, "C": 0}


def test_every_bad_hand_is_reported_not_only_the_first():
    hands = [out("A", B=-1, C=10), out("B", A=10, C=10), out("C", A="x", B=4)]
    with pytest.raises(RulesError) as error:
        score_game(game("rami-penalites", "ABC", hands))
    assert [p.hand for p in error.value.problems] == [1, 3]


def test_a_match_closed_mid_game_gives_that_game_no_bonuses():
    knock = Hand("knock", "A", {"A": 1, "B": 61})
    hands = [knock, knock, Hand("knock", "B", {"A": 30, "B": 2})]
    options = {"mode": "multi_game", "number_of_games": 3}
    result = score_game(game("gin-rummy", "AB", hands, options, closed=True))
    first, second = result.games
    assert first.winner == "A" and first.bonuses["A"] == {"line": 50, "game": 100, "shutout": 100}
    assert second.winner is None and second.bonuses["B"] == {"line": 0, "game": 0, "shutout": 0}
    assert result.totals == {"A": 120 + 250, "B": 28}
    assert result.running_totals == [{"A": 60, "B": 0}, {"A": 120, "B": 0}, {"A": 0, "B": 28}]


def test_the_knocker_must_show_his_cards_when_a_defender_is_counted_from_cards():
    hand = Hand("knock", "A", {"A": 5, "B": tuple(parse_cards("2S 3S 4S 9H 9D KC QC JD 5H 7C")[0])})
    with pytest.raises(RulesError, match="give the knocker's cards too"):
        count_hand(make_variant("gin-rummy"), ("A", "B"), hand, 1)


@pytest.mark.parametrize(
    ("slug", "players", "hand", "words"),
    [
        ("gin-rummy", "AB", Hand("knock", "A", {"A": 11, "B": 30}), "at most 10 deadwood"),
        ("rami-penalites", "AB", Hand("going_out", "A", {"B": "never_melded"}), "never_melded"),
        ("rami-penalites", "AB", Hand("going_out", "A", {"B": 109}), "more than 10 cards"),
        ("rummy", "AB", Hand("going_out", "A", {"B": (52,)}), "without jokers"),
        ("gin-rami", "AB", Hand("gin", "A", {"A": 0, "B": (1, 2, 3)}), "exactly 10 cards"),
        ("rami-traditionnel", "AB", Hand("knock", "A", {"B": 10}), "not a way to end"),
        ("rami-traditionnel", "AB", Hand("going_out", None, {"B": 10}), "who ended the hand"),
        ("rami-traditionnel", "AB", Hand("going_out", "A", {"B": 1, "Z": 1}), "not in the game"),
    ],
)
def test_impossible_hands_are_refused(slug, players, hand, words):
    with pytest.raises(RulesError) as error:
        count_hand(make_variant(slug), tuple(players), hand, 4)
    assert words in str(error.value)
    assert all(problem.hand == 4 for problem in error.value.problems)


def test_a_drawn_hand_is_counted_but_scores_nothing():
    cards = parse_cards("2S 3S 4S 9H 9D 9C QC JD 5H 7C")[0]
    hand = Hand("draw", None, {"A": tuple(cards), "B": 30})
    counted = count_hand(make_variant("gin-rummy"), ("A", "B"), hand, 1)
    assert counted == {"A": 32, "B": 30}  # 2-4S and the nines melded: QC JD 5H 7C


# -- invariants over random hands -------------------------------------------------------------

RAMI_VARIANTS = ["rami-traditionnel", "rami-penalites", "rummy", "rami-jokers"]


@st.composite
def hands_of(draw, slug: str, players: tuple[str, ...]):
    variant = make_variant(slug)
    if variant.family == "rami":
        how = draw(st.sampled_from(["going_out", "rami_sec"]))
        ended_by = draw(st.sampled_from(players))
        counts = st.integers(1, 50)  # a loser holds at least one card
        if variant.has_never_melded:
            counts = st.one_of(counts, st.just("never_melded"))
        held = {name: draw(counts) for name in players if name != ended_by}
        return Hand(how, ended_by, held)
    how = draw(st.sampled_from(["knock", "gin"] + (["draw"] if variant.has_draws else [])))
    if how == "draw":
        return Hand("draw", None, {})
    ended_by = draw(st.sampled_from(players))
    held = {name: draw(st.integers(0, 60)) for name in players}
    held[ended_by] = 0 if how == "gin" else draw(st.integers(0, variant.knock_max))
    return Hand(how, ended_by, held)


SLUGS_AND_PLAYERS = [
    ("rami-traditionnel", ("A", "B", "C", "D")),
    ("rami-penalites", ("A", "B", "C")),
    ("rummy", ("A", "B", "C", "D", "E")),
    ("rami-jokers", ("A", "B", "C")),
    ("gin-rami", ("A", "B", "C", "D")),
    ("gin-rummy", ("A", "B")),
]


@st.composite
def a_hand_and_a_seating(draw):
    slug, players = draw(st.sampled_from(SLUGS_AND_PLAYERS))
    hand = draw(hands_of(slug, players))
    return slug, players, hand, tuple(draw(st.permutations(players)))


@settings(max_examples=400)
@given(a_hand_and_a_seating())
def test_the_seating_order_changes_nobodys_points(case):
    slug, players, hand, shuffled = case
    variant = make_variant(slug)
    points = score_hand(variant, players, hand, count_hand(variant, players, hand, 1), 1).points
    again = score_hand(variant, shuffled, hand, count_hand(variant, shuffled, hand, 1), 1).points
    assert points == again


@settings(max_examples=200)
@given(st.lists(hands_of("rummy", ("A", "B", "C", "D")), min_size=1, max_size=20))
def test_every_rummy_hand_sums_to_zero(hands):
    result = score_game(game("rummy", "ABCD", hands))
    assert all(sum(hand.points.values()) == 0 for hand in result.hands)
    assert sum(result.totals.values()) == 0


@settings(max_examples=200)
@given(
    st.sampled_from(SLUGS_AND_PLAYERS).flatmap(
        lambda case: st.tuples(
            st.just(case), st.lists(hands_of(*case), max_size=12), st.integers(0, 100_000)
        )
    )
)
def test_games_end_once_rank_everyone_and_split_the_whole_pot(case):
    (slug, players), hands, pot = case
    try:
        result = score_game(game(slug, players, hands, pot=pot, closed=True))
    except RulesError as error:
        # The only acceptable refusal of these hands: some came after the end of the game.
        assert all("after the end" in problem.message for problem in error.problems)
        return
    assert result.finished and sorted(result.ranking) == sorted(players)
    assert sum(result.prizes.values()) == pot
    if len(result.games) == 1 and result.hands:
        assert result.running_totals[-1] == result.totals


# -- R22: a knock with no deadwood is a gin -----------------------------------------------------

# A's ten cards all melded (A-2-3-4 of spades, three fives, 8-9-10 of clubs): no deadwood. B's
# 5S and 6S would lay off on A's run after a knock: not after a gin.
GIN_CARDS = "AS 2S 3S 4S 5H 5D 5C 8C 9C 10C"
LAYING_OFF_CARDS = "5S 6S 9H 9D KC QD 2D 7H 3D 6D"  # no meld: 67 deadwood, 56 after lay-offs


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text)[0])


@pytest.mark.parametrize(
    ("slug", "players", "held", "points", "counted_b"),
    [
        # gin-rummy: gin bonus 25 + B's deadwood; the knocker scores, B nothing.
        ("gin-rummy", "AB", {"A": 0, "B": 40}, {"A": 65, "B": 0}, 40),
        ("gin-rummy", "AB", {"A": cards(GIN_CARDS), "B": cards(LAYING_OFF_CARDS)}, None, 67),
        # gin-rami: every other player scores his deadwood + the gin penalty 25.
        ("gin-rami", "ABC", {"A": 0, "B": 40, "C": 3}, {"A": 0, "B": 65, "C": 28}, 40),
        (
            "gin-rami",
            "AB",
            {"A": cards(GIN_CARDS), "B": cards(LAYING_OFF_CARDS)},
            {"A": 0, "B": 92},
            67,
        ),
    ],
    ids=["gin-rummy-counts", "gin-rummy-cards", "gin-rami-counts", "gin-rami-cards"],
)
def test_a_knock_with_no_deadwood_is_scored_as_a_gin(slug, players, held, points, counted_b):
    variant = make_variant(slug)
    hand = Hand("knock", "A", held)
    counted = count_hand(variant, tuple(players), hand, 1)
    scored = score_hand(variant, tuple(players), hand, counted, 1)
    assert scored.result == "gin" and scored.winner == "A"
    assert counted["A"] == 0 and counted["B"] == counted_b  # no lay-offs on a gin
    assert scored.points == (points or {"A": 25 + counted_b, "B": 0})


def test_a_knock_at_0_against_a_defender_given_as_cards_needs_no_knocker_cards():
    # Without lay-offs (a gin), the defender's cards are counted on their own.
    hand = Hand("knock", "A", {"A": 0, "B": cards(LAYING_OFF_CARDS)})
    assert count_hand(make_variant("gin-rummy"), ("A", "B"), hand, 1) == {"A": 0, "B": 67}


def test_a_knock_with_deadwood_still_lets_the_defender_lay_off():
    knocker = cards("AS 2S 3S 5H 5D 5C 8C 9C 10C 2H")  # 2H left: 2 deadwood, a knock
    hand = Hand("knock", "A", {"A": knocker, "B": cards(LAYING_OFF_CARDS)})
    counted = count_hand(make_variant("gin-rummy"), ("A", "B"), hand, 1)
    assert counted == {"A": 2, "B": 67 - 5}  # 5S laid off on A's fives


# -- a rami loser holds at least one card ---------------------------------------------------------


@pytest.mark.parametrize("slug", RAMI_VARIANTS)
@pytest.mark.parametrize("held", [0, ""], ids=["count-0", "no-cards"])
def test_a_rami_loser_with_nothing_in_hand_is_refused(slug, held):
    hand = Hand("going_out", "A", {"B": parse_held(held), "C": 5})
    with pytest.raises(RulesError) as error:
        count_hand(make_variant(slug), ("A", "B", "C"), hand, 2)
    (problem,) = error.value.problems
    assert (problem.hand, problem.player) == (2, "B")
    assert "holds at least one card" in str(problem)


def test_a_count_of_0_is_possible_when_a_joker_counts_0():
    variant = make_variant("rami-jokers", {"joker_value": 0})
    hand = Hand("going_out", "A", {"B": 0})
    assert count_hand(variant, ("A", "B"), hand, 1) == {"B": 0}
