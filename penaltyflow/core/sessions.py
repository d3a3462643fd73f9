"""Django's database sessions, read with one prepared statement.

Every request that touches the session reads one row. Django's own store builds an
ORM query for it each time, which costs more than the read itself (an answer post
reads its session first; bench/quiz_bench.py measures that post). Everything else,
saving, expiry, cycling the key on sign-in, is Django's `db` store unchanged.
"""

from django.contrib.sessions.backends import db
from django.db import connections, router
from django.utils import timezone


class SessionStore(db.SessionStore):
    def load(self) -> dict:
        model = self.model
        connection = connections[router.db_for_read(model)]
        quote = connection.ops.quote_name
        expire = model._meta.get_field("expire_date")
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {quote('session_data')} FROM {quote(model._meta.db_table)} "
                f"WHERE {quote('session_key')} = %s AND {quote(expire.column)} > %s",
                [self.session_key, expire.get_db_prep_value(timezone.now(), connection)],
            )
            row = cursor.fetchone()
        if row is None:
            self._session_key = None  # as Django's store does: a new key on the next save
            return {}
        return self.decode(row[0])
