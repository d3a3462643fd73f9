"""Slowing down code guessing, per network address, in the database (any app server sees it).

Every code that does not exist costs the address a token; the bucket holds
CAPACITY tokens and one comes back every REFILL_SECONDS. A room of 300 phones
behind one address never runs dry by joining with the right code (that costs
nothing), and a few dozen typos at once are absorbed; a guesser gets one try
every REFILL_SECONDS.
"""

import math

from django.db import IntegrityError, transaction
from django.utils import timezone

from .models import GuessThrottle

CAPACITY = 30.0
REFILL_SECONDS = 2.0


class Throttled(Exception):
    def __init__(self, wait: int):
        super().__init__(f"Too many codes tried: wait {wait} s")
        self.wait = wait


def address(request) -> str:
    return request.META.get("REMOTE_ADDR", "")[:45]


def _tokens(row: GuessThrottle | None, now) -> float:
    if row is None:
        return CAPACITY
    return min(CAPACITY, row.tokens + (now - row.updated).total_seconds() / REFILL_SECONDS)


def check(request) -> None:
    """Raise Throttled when this address has run out of guesses."""
    now = timezone.now()
    tokens = _tokens(GuessThrottle.objects.filter(address=address(request)).first(), now)
    if tokens < 1:
        raise Throttled(max(1, math.ceil((1 - tokens) * REFILL_SECONDS)))


def spend(request) -> None:
    """A code that does not exist was tried from this address."""
    addr, now = address(request), timezone.now()
    for _ in range(2):
        try:
            with transaction.atomic():
                row = GuessThrottle.objects.select_for_update().filter(address=addr).first()
                tokens = _tokens(row, now) - 1
                if row is None:
                    GuessThrottle.objects.create(address=addr, tokens=tokens, updated=now)
                else:
                    GuessThrottle.objects.filter(pk=row.pk).update(tokens=tokens, updated=now)
            return
        except IntegrityError:  # two first guesses at once: the other made the row
            continue
