"""Sortable tables as their page lays them out (words/tables.py): each column's attributes and
header once, django-tables2 reading each render method's signature once."""

from __future__ import annotations

import django_tables2 as tables
from django.test import RequestFactory
from django_tables2 import RequestConfig

from tournaments.words import tables as laid_out
from tournaments.words.tables import CellsOncePerColumn


class Price(tables.Column):
    def render(self, value, record):
        return f"{value} for {record['name']}"


class Shop(CellsOncePerColumn, tables.Table):
    name = tables.Column(attrs={"td": {"class": "name"}})
    price = Price(verbose_name="Cost", attrs={"td": {"class": "number"}})
    stock = tables.Column()

    class Meta:
        row_attrs = {"class": lambda record: "low" if record["stock"] < 2 else ""}


ROWS = [{"name": f"item {n}", "price": n, "stock": n} for n in range(30)]


def laid_out_page(**request):
    table = Shop(ROWS)
    RequestConfig(RequestFactory().get("/", request), paginate={"per_page": 10}).configure(table)
    return table.page_rows


def test_the_page_rows_are_the_cells_django_tables2_renders_with_their_columns():
    rows = laid_out_page(page=2)
    assert len(rows) == 10
    row_attrs, cells = rows[0]
    assert "low" not in row_attrs  # item 10: enough stock
    assert cells == [
        ('class="name"', "Name", "item 10"),
        ('class="number"', "Cost", "10 for item 10"),
        ("", "Stock", 10),
    ]
    assert "low" in laid_out_page(page=1)[1][0]  # the row's own attributes: item 1


def test_a_signature_is_read_once_per_method_whatever_the_cells(monkeypatch):
    read, original = [], laid_out._read_signature

    def reading(fn):
        read.append(fn)
        return original(fn)

    laid_out.remember_signatures()
    laid_out._method_signature.cache_clear()
    laid_out._function_signature.cache_clear()
    monkeypatch.setattr(laid_out, "_read_signature", reading)
    laid_out_page(page=1)
    laid_out_page(page=2)
    # Two render methods (Column's own and Price's) and the rows' attributes, read once each
    # for 60 cells of 20 rows.
    assert sorted(fn.__qualname__ for fn in read) == [
        "Column.render",
        "Price.render",
        "Shop.Meta.<lambda>",
    ]


def test_a_method_keeps_its_arguments_but_self_and_a_function_all_of_them():
    laid_out.remember_signatures()
    assert laid_out._signature(Price().render) == (("value", "record"), None)
    assert laid_out._signature(lambda record, **rest: record) == (("record",), "rest")


def test_a_staticmethod_or_a_callable_object_is_read_as_django_tables2_reads_it():
    class Marker:  # a callable object, unhashable as a dataclass with eq would be
        __hash__ = None  # type: ignore[assignment]

        def __call__(self, record):
            return record

    def row_class(record):
        return record

    laid_out.remember_signatures()
    assert laid_out._signature(staticmethod(row_class)) == (("record",), None)
    assert laid_out._signature(Marker()) == (("record",), None)
