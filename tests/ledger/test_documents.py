"""What the money documents say and how they print (docs/ledger.md, docs/prizes.md): a prize's
receipt (the winner's name, the amount to the cent, the event, the date, room to sign), the
event's balance as CSV, XLSX and PDF (fees in, the club's share, prizes out, the balance, to
the cent, as the page shows them), and a tournament's results PDF with each category's prizes,
its winner and why. Each PDF is read as text and looked at as an image: A4, ink on it, and
nothing running off its right edge."""

from __future__ import annotations

import csv
import datetime
import io
import re
from decimal import Decimal

import openpyxl
import pypdf
import pytest
import weasyprint
from django.urls import reverse
from django.utils import timezone, translation
from PIL import Image

from tests.pdf import dark_share, page_count, page_png, pages_text, same_pages, squashed
from tests.prizes.support import played
from tournaments.ledger.display import balance_lines, prize_label
from tournaments.ledger.selectors import event_ledger
from tournaments.ledger.services import pay_prize, record_payment, refund_fee, waive_fee
from tournaments.models import Payout, Registration
from tournaments.prizes.services import change_player_facts, save_category
from tournaments.sheets import pdfs, render
from tournaments.words.formats import money

pytestmark = pytest.mark.django_db

A4 = (595.28, 841.89)  # points
ORDER = ["Bruno", "Denis", "Anne", "Émile", "Chloé", "Gérard", "Fanny", "Hugo"]
# The labels of the balance's four figures the issue names, in the site's French (with its
# no-break spaces).
FOUR = {
    "fees in": "Inscriptions encaissées",
    "club share": "Part du club (10\u00a0%)",
    "prizes out": "Prix versés",
    "balance": "Solde\u00a0: ce que le club détient maintenant",
}


def prizes_to_pay(event) -> dict[str, tuple]:
    """Each prize the standings give, by its winner's name: (key, label, amount)."""
    ledger = event_ledger(event)
    return {
        row.name: (row.key, prize_label(row, ledger.categories), row.amount)
        for row in ledger.prizes
    }


@pytest.fixture
def night(organiser, club):
    """A tournament of eight (10.00 a head, 10 % to the club, places 50/30/15 of the pool)
    with three prize categories: the best woman (20.00 from the club), over 65 (a bottle),
    the president's guests (5 % of the pool). Fees paid by every way, one waived, one
    refunded; the 1st place and the best woman paid."""
    event, people = played(ORDER, club, prize_places=[50, 30, 15], name="Open de printemps")
    event.date = datetime.date(2026, 4, 18)
    event.save()
    for name in ("Anne", "Chloé", "Fanny"):
        change_player_facts(player=people[name], gender="woman", birth_date=None, birth_year=None)
    change_player_facts(player=people["Gérard"], gender="man", birth_date=None, birth_year=1950)
    save_category(
        event=event,
        name="Meilleure joueuse",
        kind="women",
        prizes=[{"kind": "fixed", "value": "20"}],
    )
    save_category(
        event=event,
        name="Plus de 65 ans",
        kind="age",
        age_from=65,
        prizes=[{"kind": "in_kind", "value": "une bouteille de champagne"}],
    )
    save_category(
        event=event,
        name="Invités du président",
        kind="named",
        players=[people["Fanny"], people["Hugo"]],
        prizes=[{"kind": "share", "value": "5"}],
    )
    registrations = {
        r.player.name: r
        for r in Registration.objects.filter(event=event).select_related("player", "event")
    }
    ways = {"Bruno": "transfer", "Denis": "card", "Hugo": "cheque", "Émile": "cheque"}
    for name, registration in registrations.items():
        if name == "Chloé":
            waive_fee(registration=registration, user=organiser, reason="aide à l'accueil")
        else:
            record_payment(registration=registration, method=ways.get(name, "cash"), user=organiser)
    refund_fee(registration=registrations["Hugo"], user=organiser, reason="parti avant la fin")
    with translation.override("fr"):  # as the money page, in the site's language, pays them
        won = prizes_to_pay(event)
    for name in ("Bruno", "Anne"):
        key, label, _amount = won[name]
        pay_prize(
            event=event, player=people[name], prize=key, label=label, method="cash", user=organiser
        )
    return event, people


def assert_prints_on_a4(pdf: bytes) -> None:
    """Every page A4 upright, with ink on it, and nothing in its right-hand margin (what runs
    off the edge of the paper would be cut; the sheets keep 10 mm or more there)."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    for number, page in enumerate(reader.pages, start=1):
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size == pytest.approx(A4, abs=1), f"page {number} is {size} points"
        png = page_png(pdf, page=number)
        assert dark_share(png) > 0.002, f"page {number} is blank"
        with Image.open(png) as image:
            grey = image.convert("L")
            margin = grey.crop((grey.width - grey.width // 40, 0, grey.width, grey.height))
            assert margin.getextrema()[0] > 200, f"page {number}: ink at the right edge"


def test_a_prize_receipt_names_the_winner_the_amount_the_event_and_the_date(night):
    event, people = night
    payout = Payout.objects.select_related("event__club", "player").get(player=people["Anne"])
    pdf = pdfs.receipt_pdf(payout)
    assert page_count(pdf) == 1
    (text,) = pages_text(pdf)
    flat = squashed(text)
    assert payout.amount == Decimal("20.00")
    assert flat.count(squashed("20,00 €")) >= 2 * 2  # its line and the statement, two copies
    assert flat.count("Anne") >= 2 * 2
    assert flat.count(squashed("Open de printemps")) == 2 + 1  # both copies, the footer
    assert flat.count(squashed("18 avril 2026")) >= 2  # the event's date on both copies
    assert flat.count(squashed("Meilleure joueuse")) == 2
    assert flat.count(squashed("Signature du gagnant")) == 2
    assert "Espèces" in text
    assert squashed("Open de printemps · 1 / 1") in flat
    assert_prints_on_a4(pdf)


def test_a_cancelled_payments_receipt_says_so(night, organiser):
    from tournaments.ledger.services import cancel_payout

    event, people = night
    payout = Payout.objects.get(player=people["Bruno"])
    cancel_payout(payout=payout, user=organiser, reason="erreur de saisie")
    pdf = pdfs.receipt_pdf(Payout.objects.select_related("event__club", "player").get(pk=payout.pk))
    assert squashed("Versement annulé") in squashed(pages_text(pdf)[0])


def amounts_of_the_page(html: str) -> dict[str, str]:
    """The balance lines as the page shows them: label → amount."""
    rows = re.findall(r'<th scope="row">(.*?)</th><td>(.*?)</td>', html)
    return {label.replace("&#x27;", "'").replace("’", "’"): amount for label, amount in rows}


def test_the_balance_to_the_cent_on_the_page_in_csv_and_in_xlsx(night, organiser_client):
    event, _people = night
    url = reverse("ledger:balance", kwargs={"event_id": event.id})
    organiser_client.cookies["django_language"] = "fr"
    # Worked by hand: 8 × 10.00 due, Chloé's waived: 70.00 due; 70.00 received (Hugo's
    # cheque included), 10.00 refunded; the club's 10 % of the 80.00 the field paid in;
    # prizes paid: Bruno's 1st (50 % of 72.00 = 36.00) and Anne's best woman (20.00).
    expected = {
        "fees in": Decimal("70.00"),
        "club share": Decimal("8.00"),
        "prizes out": Decimal("-56.00"),
        "balance": Decimal("4.00"),
    }
    with translation.override("fr"):
        lines = {
            line.label: line.amount for line in balance_lines(event_ledger(event).balance, event)
        }
    assert {key: lines[label] for key, label in FOUR.items()} == expected

    page = amounts_of_the_page(organiser_client.get(url).content.decode())
    for key, label in FOUR.items():
        with translation.override("fr"):
            assert page[label] == money(expected[key]), key

    answer = organiser_client.get(url, {"_export": "csv"})
    # A French spreadsheet's CSV: ";" between cells, decimal commas.
    rows = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig")), delimiter=";"))
    by_label = {row[1]: row[5] for row in rows[1:] if row[0] == "Bilan"}
    for key, label in FOUR.items():
        assert Decimal(by_label[label].replace(",", ".")) == expected[key], key

    answer = organiser_client.get(url, {"_export": "xlsx"})
    sheet = openpyxl.load_workbook(io.BytesIO(answer.content)).active
    cells = [[cell.value for cell in row] for row in sheet.iter_rows()]
    by_label = {row[1]: row[5] for row in cells[1:] if row[0] == "Bilan"}
    for key, label in FOUR.items():
        assert Decimal(str(by_label[label])).quantize(Decimal("0.01")) == expected[key], key
    assert len(by_label) == len(lines)  # every line of the page, none more


def test_the_balance_pdf_shows_the_page_s_figures_every_fee_and_every_prize(night):
    event, people = night
    pdf = pdfs.balance_pdf(event)
    text = "\n".join(pages_text(pdf))
    flat = squashed(text)
    with translation.override("fr"):
        lines = balance_lines(event_ledger(event).balance, event)
        for line in lines:
            assert squashed(f"{line.label}{money(line.amount)}") in flat, line.label
    for name in ORDER:
        assert name in text
    assert squashed("aide à l'accueil") in flat or squashed("aide à l’accueil") in flat
    assert squashed("Meilleure joueuse") in flat
    assert_prints_on_a4(pdf)


def test_the_results_pdf_lists_each_categorys_prize_with_its_winner_and_why(night):
    event, _people = night
    pdf = pdfs.standings_pdf(event)
    text = "\n".join(pages_text(pdf))
    flat = squashed(text)
    # Anne, 3rd overall, takes the best woman's 20.00 rather than the 3rd place's 10.80;
    # Gérard, 6th, the bottle; Fanny, 7th, the guests' 5 % (3.60).
    for category, winner, prize in [
        ("Meilleure joueuse", "Anne", "20,00 €"),
        ("Plus de 65 ans", "Gérard", "une bouteille de champagne"),
        ("Invités du président", "Fanny", "3,60 €"),
    ]:
        assert squashed(category) in flat, category
        assert squashed(f"{winner}") in flat and squashed(prize) in flat, category
    assert squashed("3e au général") in flat
    assert squashed("6e au général") in flat
    assert squashed("7e au général") in flat
    assert_prints_on_a4(pdf)


@pytest.mark.parametrize("sheet", ["receipt", "balance"])
def test_the_money_sheets_print_as_with_weasyprints_own_user_agent_stylesheet(
    night, sheet, monkeypatch
):
    """The sheets' lean user-agent stylesheet (tournaments/sheets/ua.css) knows every element
    these sheets use: a receipt's winner, prize and amount (a definition list) each on its
    own line, as WeasyPrint's own stylesheet lays them out."""
    event, people = night
    payout = Payout.objects.select_related("event__club", "player").get(player=people["Anne"])
    # The balance says when it was printed, to the minute: both prints in the same minute
    # (CI once printed them either side of one).
    local, printed = timezone.localtime, timezone.localtime()
    monkeypatch.setattr(
        timezone, "localtime", lambda value=None, *rest: printed if value is None else local(value)
    )

    def sheet_pdf() -> bytes:
        return pdfs.receipt_pdf(payout) if sheet == "receipt" else pdfs.balance_pdf(event)

    ours = sheet_pdf()
    monkeypatch.setattr(render, "SheetHTML", weasyprint.HTML)
    assert same_pages(ours, sheet_pdf())


def test_the_record_of_changes_says_the_services_own_reasons_in_french(night):
    """A first payment or a category added gives its own reason ("paid"): the French balance
    says it in French; a reason somebody typed stays as typed."""
    event, _people = night
    text = squashed("\n".join(pages_text(pdfs.balance_pdf(event))))
    assert "Motif" in text
    for english in ("paid", "categoryadded"):
        assert not re.search(rf"(?<![a-zé]){english}(?![a-z])", text), english
    assert squashed("parti avant la fin") in text
