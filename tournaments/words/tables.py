"""Sortable tables (django-tables2) as their page lays them out.

django-tables2 works out a column's cell attributes and its header again for every cell a
template asks for: on a page of 100 standings of nine columns, 900 times each.
`CellsOncePerColumn` gives the template each row's cells with its column's attributes and
header worked out once for the page. For tables whose column attributes are plain values, not
callables of the record (ours): the same attributes on every row.

It also reads the signature of a column's `render` (which arguments it takes) for every
cell, with `inspect.signature`: half of a standings page's time. `remember_signatures`, called
once when the site starts, makes django-tables2 read each method's signature once, as Django
does for its own (django.utils.inspect, ticket #31732).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cached_property, lru_cache

import django_tables2.utils
from django.utils.safestring import SafeString

# django-tables2's own: (argument names, the name of its **kwargs or None), self left out.
Signature = tuple[tuple[str, ...], str | None]
_read_signature: Callable[[Callable[..., object]], Signature] = django_tables2.utils.signature


def remember_signatures() -> None:
    """django-tables2 reads each method's signature once (by its function: the same for every
    column of every table that has it), everything else as before."""
    if django_tables2.utils.signature is not _signature:
        django_tables2.utils.signature = _signature


def _signature(fn: Callable[..., object]) -> Signature:
    if inspect.ismethod(fn):  # a column's render or value, bound to the column
        return _method_signature(fn.__func__)
    if inspect.isfunction(fn):  # a function or a lambda (a row's attributes, say)
        return _function_signature(fn)
    # Anything else (a staticmethod object, a callable object, a partial) as before: not
    # all are hashable, and a staticmethod's first argument is no self.
    return _read_signature(fn)


# Bounded: a function made afresh for each table (a lambda in a view) would fill it otherwise.
@lru_cache(maxsize=1024)
def _function_signature(function: Callable[..., object]) -> Signature:
    return _read_signature(function)


@lru_cache(maxsize=1024)
def _method_signature(function: Callable[..., object]) -> Signature:
    """A method's signature as a bound method has it: its first argument (self) left out."""
    names, keywords = _read_signature(function)
    return names[1:], keywords


# A row's attributes, then each cell: its <td> attributes, its column's header, its value.
Cell = tuple[SafeString, str, object]
LaidOutRow = tuple[SafeString, list[Cell]]


class CellsOncePerColumn:
    """A django-tables2 table mixin: `page_rows`, the page's rows laid out for its template."""

    @cached_property
    def page_rows(self) -> list[LaidOutRow]:
        columns = [
            (column.attrs["td"].as_html(), str(column.header))  # as_html: escaped, safe
            for column in self.columns  # type: ignore[attr-defined]
        ]
        return [
            (
                row.attrs.as_html(),
                [
                    (attrs, header, cell)
                    for (attrs, header), (_column, cell) in zip(columns, row.items(), strict=True)
                ],
            )
            for row in self.paginated_rows  # type: ignore[attr-defined]
        ]
