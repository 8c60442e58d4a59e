"""Game files (spec/game-file.md) in and out of the database: export a game, import one into
an event. Export → import → export gives the same document."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments import rules
from tournaments.clubs.services.actors import Actor
from tournaments.events.services.events import (
    find_or_add_player,
    rules_problems_as_validation_error,
)
from tournaments.models import Event, Game, Hand, HandLine, Player, Registration, Round, Seat
from tournaments.play.facts import engine_game, load_facts
from tournaments.play.services.entry import set_held
from tournaments.play.services.scoring import line_values, refresh_game
from tournaments.rules.gamefile import option_overrides, parse_game_text

NAME_LENGTH = Player._meta.get_field("name").max_length
BATCH = 500  # rows per INSERT: well under SQLite's limit on bound variables


def export_game(game: Game) -> dict[str, Any]:
    """The game file of a stored game: its rules, players, pot and every hand's facts."""
    seats, hands = load_facts(game)
    return rules.write_game(engine_game(game, seats, hands))


def parse_game_file(text: str) -> Any:
    """The JSON document of a game file's text; ValidationError if it cannot be read (not
    JSON, a number too long, nested too deep)."""
    try:
        return parse_game_text(text)
    except rules.RulesError as error:
        raise rules_problems_as_validation_error(error) from None


def score_game_file(document: Any) -> tuple[rules.Game, rules.GameResult]:
    """The engine's game from a game file, and its result; ValidationError listing every
    problem with its hand and player."""
    try:
        read = rules.read_game(document)
        return read, rules.score_game(read)
    except rules.RulesError as error:
        raise rules_problems_as_validation_error(error) from None


def import_game(
    *, event: Event, document: Any, round_number: int | None = None, user: Actor = None
) -> Game:
    """Store a game file as a new table of the event: in round `round_number` (created if it
    is the next one), else in the open round, else in a new round; players become club
    members. ValidationError, and nothing stored, if the file or the seating is refused."""
    read, result = score_game_file(document)
    names = _club_names(read.players)
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        round_ = _round_for_import(event, round_number)
        players = [find_or_add_player(club=event.club, name=name) for name in names.values()]
        _refuse_players_already_seated(round_, players)
        last_table = round_.games.aggregate(last=Max("table_number"))["last"] or 0
        game = Game.objects.create(
            event=event,
            round=round_,
            table_number=last_table + 1,
            variant=read.variant.slug,
            options=option_overrides(read.variant),
            pot=Decimal(read.pot) / 100 if read.pot is not None else None,
            closed=read.closed,
            imported=True,  # the file's rules stay, whatever the event's become
        )
        seats = Seat.objects.bulk_create(
            Seat(game=game, player=player, position=position)
            for position, player in enumerate(players, start=1)
        )
        for player in players:
            Registration.objects.get_or_create(
                event=event, player=player, defaults={"checked_in": True}
            )
        _store_hands(game, read, result, dict(zip(read.players, seats, strict=True)), user)
        try:
            # The seats' totals, ranks and prizes and the game's own rows; the hands' rows
            # already agree with the engine, so none is written twice.
            refresh_game(game)
        except rules.RulesError as error:  # already scored above: a bug if it happens
            raise rules_problems_as_validation_error(error) from None
    return game


def _club_names(players: tuple[str, ...]) -> dict[str, str]:
    """Each name of the file as the club will store it; refused if two become one member."""
    names: dict[str, str] = {}
    problems = []
    seen: dict[str, str] = {}
    for name in players:
        clean = " ".join(name.split())
        if NAME_LENGTH is not None and len(clean) > NAME_LENGTH:
            problems.append(
                _("The name %(player)s is too long (at most %(limit)s characters).")
                % {"player": name, "limit": NAME_LENGTH}
            )
        if clean.casefold() in seen:
            # The club tells members apart without case: "Anne" and "anne" are one person.
            problems.append(
                _("%(first)s and %(second)s would be the same club member.")
                % {"first": seen[clean.casefold()], "second": name}
            )
        seen[clean.casefold()] = name
        names[name] = clean
    if problems:
        raise ValidationError(problems)
    return names


def _round_for_import(event: Event, round_number: int | None) -> Round:
    rounds = event.rounds.order_by("number")
    last = rounds.last()
    next_number = last.number + 1 if last else 1
    if round_number is None:
        open_round = event.rounds.open().order_by("-number").first()
        if open_round is not None:
            return open_round
        return Round.objects.create(event=event, number=next_number, seating_method="")
    existing = rounds.filter(number=round_number).first()
    if existing is not None:
        return existing
    if round_number != next_number:
        raise ValidationError(
            _("There is no round %(number)s: the next round would be round %(next)s.")
            % {"number": round_number, "next": next_number}
        )
    return Round.objects.create(event=event, number=round_number, seating_method="")


def _refuse_players_already_seated(round_: Round, players: list[Player]) -> None:
    taken = (
        Seat.objects.filter(game__round=round_, player__in=players)
        .select_related("player", "game")
        .order_by("game__table_number", "position")
    )
    problems = [
        _("%(player)s already plays at table %(table)s of round %(round)s.")
        % {"player": seat.player.name, "table": seat.game.table_number, "round": round_.number}
        for seat in taken
    ]
    if problems:
        raise ValidationError(problems)


def _store_hands(
    game: Game,
    read: rules.Game,
    result: rules.GameResult,
    by_name: dict[str, Seat],
    user: Actor,
) -> None:
    """Every hand of the file, a line per seat, with their derived values and their history,
    in a few bulk inserts: a 5,000-hand file imports in seconds (a save per row took 40 s)."""
    person = user if user is not None and user.is_authenticated else None
    hands = Hand.objects.bulk_create(
        (
            Hand(
                game=game,
                number=scored.number,
                how=hand.how,
                ended_by=by_name[hand.ended_by] if hand.ended_by else None,
                entered_by=person,
                result=scored.result,
                winner=by_name[scored.winner] if scored.winner else None,
            )
            for hand, scored in zip(read.hands, result.hands, strict=True)
        ),
        batch_size=BATCH,
    )
    lines = []
    for stored, hand, scored, totals in zip(
        hands, read.hands, result.hands, result.running_totals, strict=True
    ):
        for name, seat in by_name.items():
            # Every seat gets a line, as refresh_game would give it.
            line = HandLine(hand=stored, seat=seat)
            set_held(line, hand.held.get(name))
            line.counted, line.points, line.running_total = line_values(scored, totals, name)
            lines.append(line)
    HandLine.objects.bulk_create(lines, batch_size=BATCH)
    for model, rows in ((Hand, hands), (HandLine, lines)):
        model.history.bulk_history_create(
            rows, batch_size=BATCH, default_user=person, default_change_reason="imported"
        )
