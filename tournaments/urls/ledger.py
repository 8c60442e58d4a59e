"""URLs of the money pages (under /manage/): an event's ledger, a season's report."""

from __future__ import annotations

from django.urls import path

from tournaments.views import ledger

app_name = "ledger"

money = "events/<id:event_id>/money/"
payout = money + "prizes/<id:payout_id>/"

urlpatterns = [
    path(money, ledger.event_money, name="event"),
    path(money + "fees/<id:registration_id>/", ledger.record_fee, name="record_fee"),
    path(money + "fees/<id:registration_id>/change/", ledger.fee, name="fee"),
    path(money + "prizes/pay/", ledger.pay, name="pay"),
    path(payout, ledger.payout, name="payout"),
    path(payout + "receipt.pdf", ledger.receipt, name="receipt"),
    path(money + "balance/", ledger.balance, name="balance"),
    path(money + "balance.pdf", ledger.balance_pdf, name="balance_pdf"),
    path(money + "record/", ledger.history, name="history"),
    path("seasons/<id:season_id>/money/", ledger.season, name="season"),
]
