"""Signing in and out of the demo.

- Signing out ends the person's open chat sockets: each socket joins a channel-layer group of its user when it
  opens, and the ``user_logged_out`` signal sends that group a close. The consumer also checks, before each message,
  that the session it opened with is still signed in as the same person, so a socket whose close message was lost
  (no shared channel layer between processes, Redis away) still runs no turn.
- Too many wrong passwords (django-axes, see ``AXES_*`` in settings) get the sign-in page again, saying why and for
  how long, with status 429.
"""
import logging
from importlib import import_module
from types import SimpleNamespace

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.contrib.auth import get_user
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.signals import user_logged_out
from django.dispatch import receiver
from django.shortcuts import render

logger = logging.getLogger(__name__)
SIGNED_OUT = "session.signed_out"  # the channel-layer message type (the consumer's ``session_signed_out``)


def user_group(user_pk) -> str:
    """The channel-layer group of one person's open chat sockets."""
    return f"chat-user-{user_pk}"


@receiver(user_logged_out)
def close_sockets_on_sign_out(sender, request, user, **kwargs):
    if user is None:
        return
    try:
        async_to_sync(get_channel_layer().group_send)(user_group(user.pk), {"type": SIGNED_OUT})
    except Exception as error:  # an unreachable channel layer must not stop the sign-out; the per-message check holds
        logger.warning("could not tell %s's sockets about the sign-out (%s)", user_group(user.pk), type(error).__name__)


def session_still_signed_in(session_key: str | None, user) -> bool:
    """Whether the stored session (read afresh, not the copy the socket opened with) still signs in ``user``, by
    Django's own rules: it exists, names that user, the account is active, the password hash still matches (a
    password change signs other sessions out)."""
    if not session_key or user is None:
        return False
    stored = SimpleNamespace(session=import_module(settings.SESSION_ENGINE).SessionStore(session_key))
    current = get_user(stored)
    return current.is_authenticated and current.pk == user.pk


def sign_in_locked_out(request, original_response=None, credentials=None):
    """django-axes' lockout response: the sign-in page with the reason and the wait (AXES_LOCKOUT_CALLABLE)."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    username = (credentials or {}).get("username", "") or request.POST.get("username", "")
    context = {"form": AuthenticationForm(request, initial={"username": username}), "locked_out_minutes": minutes,
               "next": request.POST.get("next", request.GET.get("next", ""))}
    return render(request, "registration/login.html", context, status=429)
