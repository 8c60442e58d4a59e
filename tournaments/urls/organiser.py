"""URLs of the organiser pages (mounted at /manage/)."""

from __future__ import annotations

from django.urls import path

from tournaments.views import (
    archive,
    clock,
    gamefiles,
    integrations,
    organiser,
    organiser_play,
    organiser_players,
    pending,
    prizes,
)

app_name = "organiser"

event = "events/<id:event_id>/"
table = event + "tables/<id:game_id>/"
round_ = event + "rounds/<id:number>/"
club = "clubs/<id:club_id>/"
webhook = club + "webhooks/<id:webhook_id>/"
category = event + "prizes/<id:category_id>/"

urlpatterns = [
    path("", organiser.dashboard, name="dashboard"),
    path("clubs/new/", organiser.new_club, name="new_club"),
    path("events/new/", organiser.new_event, name="new_event"),
    path("events/new/options/", organiser.variant_options, name="variant_options"),
    path("events/import/", archive.upload, name="import_event"),
    path(event, organiser.event_page, name="event"),
    path(event + "archive.json", archive.download, name="archive"),
    path(event + "delete/", organiser_play.delete, name="delete_event"),
    path(event + "settings/", organiser.edit_event, name="edit_event"),
    path(event + "rules/", organiser.event_rules, name="rules"),
    path(event + "import/", gamefiles.import_page, name="import"),
    path(event + "players/", organiser_players.add_player, name="add_player"),
    path(event + "players/list/", organiser_players.add_players, name="add_players"),
    path(event + "players/<id:registration_id>/", organiser_players.presence, name="presence"),
    path(event + "rounds/", organiser_play.new_round, name="open_round"),
    path(event + "rounds/further/", organiser_play.further_round, name="further_round"),
    path(event + "rounds/by-hand/", organiser_play.seat_round_by_hand, name="seat_by_hand"),
    path(round_ + "reseat/", organiser_play.reseat, name="reseat"),
    path(round_ + "close/", organiser_play.end_round, name="close_round"),
    path(round_ + "clock/<str:action>/", clock.clock_action, name="clock"),
    path(round_ + "time-up/", clock.close_at_time, name="close_at_time"),
    path(table + "close/", organiser_play.end_game, name="close_game"),
    path(table + "reopen/", organiser_play.resume_game, name="reopen_game"),
    path(table + "hands/<int:number>/confirm/", pending.confirm_waiting, name="confirm_waiting"),
    path(table + "hands/<int:number>/discard/", pending.discard_waiting, name="discard_waiting"),
    path(table + "link/", organiser_play.table_link, name="table_link"),
    path(table + "link/renew/", organiser_play.renew_link, name="renew_link"),
    path(event + "prizes/", prizes.categories, name="prizes"),
    path(category, prizes.edit_category, name="prize_category"),
    path(category + "remove/", prizes.remove_category, name="remove_prize_category"),
    path(category + "move/", prizes.reorder_category, name="reorder_prize_category"),
    path(club + "members/<id:player_id>/", prizes.member, name="member"),
    path(club + "api/", integrations.api_page, name="api"),
    path(club + "api/tokens/<id:token_id>/revoke/", integrations.revoke, name="revoke_token"),
    path(webhook, integrations.webhook_log, name="webhook_log"),
    path(webhook + "pause/", integrations.pause_webhook, name="pause_webhook"),
    path(webhook + "delete/", integrations.delete_webhook, name="delete_webhook"),
    path(webhook + "deliveries/<uuid:delivery_id>/resend/", integrations.resend, name="resend"),
]
