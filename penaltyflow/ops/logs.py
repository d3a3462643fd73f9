"""One line per bad request in the log; tracebacks only for real errors (5xx)."""

import logging


class NoTracebackForClientErrors(logging.Filter):
    """Drop the traceback Django attaches to 4xx records (tampered input, bad Host)."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        client_error = status is not None and 400 <= status < 500
        if record.name.startswith("django.security"):
            client_error = True  # SuspiciousOperation: always answered with a 400
        if client_error and record.exc_info:
            record.exc_info = None
            record.exc_text = None
        return True
