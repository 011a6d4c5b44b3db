"""Errors the server answers with: an HTTP status, a stable code and a sentence."""

from __future__ import annotations

from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from kaido.core.errors import ActionFormatError, IllegalAction, KaidoError, OptionError
from kaido.core.match import UndoRefused


class ServerError(KaidoError):
    status = 400
    code = "bad_request"

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


class BadRequest(ServerError):
    pass


class NotSignedIn(ServerError):
    status = 401
    code = "not_signed_in"


class Forbidden(ServerError):
    status = 403
    code = "forbidden"


class NotFound(ServerError):
    status = 404
    code = "not_found"


class Conflict(ServerError):
    status = 409
    code = "conflict"


class Stale(Conflict):
    """The request names an old move counter: someone acted (or undid) since."""

    code = "stale"


class TooLarge(ServerError):
    status = 413
    code = "too_large"


class TooMany(ServerError):
    """Too many requests (or tables) for now; `retry_after` seconds tells when to retry."""

    status = 429
    code = "too_many"


class EngineFailure(ServerError):
    status = 500
    code = "internal"


class Unavailable(ServerError):
    status = 503
    code = "unavailable"


def error_body(error: Exception) -> tuple[int, dict[str, Any]]:
    """The HTTP status and JSON body for an error raised while serving a request."""
    if isinstance(error, ServerError):
        return error.status, {"error": error.message, "code": error.code, **error.details}
    if isinstance(error, IllegalAction):
        return 422, {
            "error": f"illegal action: {error.message} [{error.clause}]",
            "code": "illegal",
            "clause": error.clause,
        }
    if isinstance(error, UndoRefused):
        return 409, {"error": f"undo refused: {error}", "code": "undo_refused"}
    if isinstance(error, ActionFormatError | OptionError):
        return 400, {"error": str(error), "code": "bad_request"}
    if isinstance(error, KaidoError):
        return 400, {"error": str(error), "code": "bad_request"}
    if isinstance(error, SQLAlchemyError):
        return 503, {
            "error": "the database cannot be reached; try again soon",
            "code": "unavailable",
        }
    return 500, {"error": "internal error", "code": "internal"}


class Elsewhere(ServerError):
    """The table is served by another node of the server; `owner` is where the proxy
    reaches it (nginx follows the answer there: docs/server.md, *Several nodes*)."""

    status = 421
    code = "elsewhere"

    def __init__(self, message: str, owner: str) -> None:
        super().__init__(message)
        self.owner = owner
