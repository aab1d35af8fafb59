"""Who a REST API call acts for.

Two ways in:
- a service token (``Authorization: Bearer <token>``), bound to one tenant; the service names the end user
  it acts for in the ``X-Chatmem-User`` header, because one service serves many users;
- the browser session: the signed-in Django user, in the default tenant, and only ever for themselves.

Either way a view gets a ``Caller`` (tenant, user_id, actor) and scopes every query with it.
Only a SHA-256 of a token is stored; the plaintext is shown once, when it is issued.
"""
import hashlib
import logging
import secrets
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import unquote

from django.db import OperationalError
from django.http import HttpRequest
from django.utils import timezone
from ninja.errors import HttpError
from ninja.security import HttpBearer

from .adapter import get_adapter
from .db_retry import retry_on_busy
from .input_text import unstorable_reason
from .models import ApiToken, Memory

logger = logging.getLogger(__name__)

TOKEN_PREFIX = "cm_"  # makes a leaked token recognisable to secret scanners and to people
USER_HEADER = "X-Chatmem-User"
MAX_USER_ID_CHARS = Memory._meta.get_field("user_id").max_length
# "Last used" is kept to the minute: one write per request to the same row would queue busy services' requests.
LAST_USED_RESOLUTION = timedelta(minutes=1)


@dataclass(frozen=True)
class Caller:
    tenant: str
    user_id: str
    actor: str  # written to audit events: who made the change
    via: str  # "token" | "session"


def hash_token(plaintext: str) -> str:
    return hashlib.sha256(plaintext.encode()).hexdigest()


def issue_token(tenant: str, name: str) -> str:
    """Create a service token for ``tenant`` and return its plaintext (the only time it is visible)."""
    if not tenant.strip() or not name.strip():
        raise ValueError("a token needs a tenant and a name")
    plaintext = TOKEN_PREFIX + secrets.token_urlsafe(32)
    ApiToken.objects.create(tenant=tenant.strip(), name=name.strip(), token_prefix=plaintext[:10],
                            token_hash=hash_token(plaintext))
    return plaintext


def find_active_token(plaintext: str) -> ApiToken | None:
    return ApiToken.objects.filter(token_hash=hash_token(plaintext), is_active=True).first()


def revoke_tokens(*, name: str = "", prefix: str = "", tenant: str = "") -> int:
    """Deactivate tokens by name or prefix (optionally within one tenant); returns how many."""
    if not name and not prefix:
        raise ValueError("say which token: a name or a prefix")
    tokens = ApiToken.objects.filter(is_active=True)
    if name:
        tokens = tokens.filter(name=name)
    if prefix:
        tokens = tokens.filter(token_prefix__startswith=prefix)
    if tenant:
        tokens = tokens.filter(tenant=tenant)
    return tokens.update(is_active=False)


def end_user_id(raw: str) -> str:
    """The end user named in the header, as the same string the CLI and Python API take.

    HTTP carries header bytes, which Django hands over decoded as latin-1: UTF-8 ids ("用户") are decoded
    again as UTF-8, and percent-encoding ("%E7%94%A8%E6%88%B7", for clients that only send ASCII) is undone."""
    try:
        text = raw.encode("latin-1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        text = raw  # already text (a test client), or not UTF-8: taken as it came
    if "%" in text:
        try:
            text = unquote(text, errors="strict")
        except UnicodeDecodeError:
            raise HttpError(400, f"{USER_HEADER} has percent-encoding that is not UTF-8") from None
    return text.strip()


def _end_user_from_header(request: HttpRequest) -> str:
    user_id = end_user_id(request.headers.get(USER_HEADER) or "")
    if not user_id:
        raise HttpError(400, f"a service token call must name the end user in the {USER_HEADER} header")
    if len(user_id) > MAX_USER_ID_CHARS:
        raise HttpError(400, f"{USER_HEADER} is longer than {MAX_USER_ID_CHARS} characters")
    if unstorable_reason(user_id):  # "%00" decodes to a NUL, which PostgreSQL refuses in any query
        raise HttpError(400, f"{USER_HEADER} {unstorable_reason(user_id)}")
    return user_id


class ServiceTokenAuth(HttpBearer):
    """Bearer token auth. It comes before session auth in the API's list: ninja tries them in order, and
    session auth with a cookie but no CSRF token would otherwise turn a valid token call into a 403."""

    def __call__(self, request: HttpRequest):
        # Replaces ninja's parsing, which under DEBUG logs a non-Bearer Authorization header verbatim
        # (secret included) to the console.
        scheme, _, token = (request.headers.get(self.header) or "").partition(" ")
        if scheme.lower() != self.openapi_scheme or not token.strip():
            return None
        return self.authenticate(request, token)

    def authenticate(self, request: HttpRequest, token: str) -> Caller:
        api_token = find_active_token(token.strip())
        if api_token is None:
            # A wrong token is refused outright rather than falling through to the session: a service
            # with a broken credential should hear about it, not act as whoever owns the cookie jar.
            raise HttpError(401, "invalid or revoked API token")
        user_id = _end_user_from_header(request)
        _note_use(api_token)
        return Caller(tenant=api_token.tenant, user_id=user_id, actor=f"token:{api_token.name}", via="token")


def _note_use(api_token: ApiToken) -> None:
    now = timezone.now()
    if api_token.last_used_at and now - api_token.last_used_at < LAST_USED_RESOLUTION:
        return
    try:
        retry_on_busy(lambda: ApiToken.objects.filter(pk=api_token.pk).update(last_used_at=now), what="token use")
    except OperationalError:  # bookkeeping: a busy database must not refuse the request
        logger.warning("could not note the use of token %s…", api_token.token_prefix)


def caller_of(request: HttpRequest) -> Caller:
    """The scope of this request, from whichever auth accepted it (token: a Caller; session: a User)."""
    if isinstance(request.auth, Caller):
        return request.auth
    user, adapter = request.auth, get_adapter()
    own_id = adapter.user_id_for(user)
    named = (request.headers.get(USER_HEADER) or "").strip()
    if named and named != own_id:
        # A signed-in person acts only for themselves; naming someone else is refused, not ignored,
        # so a confused client learns about it instead of silently reading its own data.
        raise HttpError(403, f"a signed-in user cannot act for another user ({USER_HEADER})")
    return Caller(tenant=adapter.tenant_for(user), user_id=own_id, actor=f"user:{own_id}", via="session")
