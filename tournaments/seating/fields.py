"""Finite fields GF(p^n), just enough to build affine-geometry seatings (see designs.py).

An element of GF(p^n) is an integer 0..p^n-1 read as a polynomial over GF(p) by its base-p
digits (7 in GF(2^3) is x^2 + x + 1). Adding is digit by digit modulo p; multiplying goes
through powers of a primitive element, found once per field.
"""

from __future__ import annotations

from functools import cache


def prime_power(number: int) -> tuple[int, int] | None:
    """(p, n) with p prime and p^n == number, or None when number is not a prime power."""
    if number < 2:
        return None
    prime = next(divisor for divisor in range(2, number + 1) if number % divisor == 0)
    exponent = 0
    while number % prime == 0:
        number //= prime
        exponent += 1
    return (prime, exponent) if number == 1 else None


class GaloisField:
    """The field with p^n elements, as the integers 0..p^n-1."""

    def __init__(self, prime: int, degree: int) -> None:
        self.prime, self.degree = prime, degree
        self.order: int = prime**degree  # int ** int is typed Any: a negative power is a float
        self.exp = _powers_of_a_primitive_element(prime, degree)
        self.log = {element: power for power, element in enumerate(self.exp)}

    def add(self, first: int, second: int) -> int:
        """The sum: digit by digit modulo p (exclusive or, when p is 2)."""
        if self.prime == 2:
            return first ^ second
        total, place = 0, 1
        while first or second:
            total += (first % self.prime + second % self.prime) % self.prime * place
            first, second, place = first // self.prime, second // self.prime, place * self.prime
        return total

    def multiply(self, first: int, second: int) -> int:
        if first == 0 or second == 0:
            return 0
        return self.exp[(self.log[first] + self.log[second]) % (self.order - 1)]

    def power_of_primitive(self, power: int) -> int:
        """ω^power, for the primitive element ω this field was built with."""
        return self.exp[power % (self.order - 1)]


@cache
def galois_field(prime: int, degree: int) -> GaloisField:
    """GF(prime^degree), built once per process."""
    return GaloisField(prime, degree)


def _powers_of_a_primitive_element(prime: int, degree: int) -> list[int]:
    """ω^0, ω^1, ... ω^(q-2): the nonzero elements, ω the class of x modulo the first
    primitive polynomial of this degree (in the order of their integer codes)."""
    order = prime**degree
    for code in range(order):
        # The monic polynomial x^degree + (the polynomial whose digits are `code`).
        low = _digits(code, prime, degree)
        if low[0] == 0:
            continue  # divisible by x: not irreducible
        powers = _powers_of_x(low, prime, order)
        if powers is not None:
            return powers
    raise ValueError(f"no primitive polynomial of degree {degree} over GF({prime})")


def _powers_of_x(low: list[int], prime: int, order: int) -> list[int] | None:
    """The powers of x modulo x^n + low, if x has order q - 1 (the polynomial is primitive)."""
    degree = len(low)
    element = [1] + [0] * (degree - 1)
    powers: list[int] = []
    for _ in range(order - 1):
        code = _number(element, prime)
        if powers and code == 1:
            return None  # x came back to 1 too early
        powers.append(code)
        # Multiply by x, then replace x^n by -low.
        carry = element[-1]
        element = [0] + element[:-1]
        element = [
            (digit - carry * coefficient) % prime
            for digit, coefficient in zip(element, low, strict=True)
        ]
    return powers if _number(element, prime) == 1 else None


def _digits(number: int, prime: int, count: int) -> list[int]:
    digits = []
    for _ in range(count):
        number, digit = divmod(number, prime)
        digits.append(digit)
    return digits


def _number(digits: list[int], prime: int) -> int:
    return sum(digit * prime**place for place, digit in enumerate(digits))
