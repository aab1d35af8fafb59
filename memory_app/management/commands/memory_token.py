"""Service tokens for the REST API.

    manage.py memory_token create --tenant T (NAME | --name NAME) [--allow-browser-tenant]
                                                        prints the token once; only its hash is kept
    manage.py memory_token list [--tenant T] [--all]   active tokens (--all: revoked ones too)
    manage.py memory_token revoke --tenant T (NAME | --prefix P)

A token is bound to one tenant, which must be named: the browser's users live in CHATMEM_DEFAULT_TENANT, and a
service token there could read any of them by id, so that tenant needs --allow-browser-tenant. Names are unique
among a tenant's active tokens, and revoking only ever touches one tenant.
"""
from django.core.management.base import BaseCommand, CommandError

from memory_app.api_auth import issue_token, revoke_tokens
from memory_app.conf import app_settings
from memory_app.models import ApiToken


class Command(BaseCommand):
    help = "Create, list and revoke REST API service tokens."

    def add_arguments(self, parser):
        actions = parser.add_subparsers(dest="action", required=True)
        create = actions.add_parser("create", help="issue a token and print it once")
        create.add_argument("name", nargs="?", default="", help="what the token is for, e.g. the calling service")
        create.add_argument("--name", dest="name_option", default="", help="the same as NAME")
        create.add_argument("--tenant", required=True, help="tenant the token is bound to")
        create.add_argument("--allow-browser-tenant", action="store_true",
                            help="allow the tenant the demo's browser users live in (CHATMEM_DEFAULT_TENANT)")
        listing = actions.add_parser("list", help="show tokens (prefix only, never the token)")
        listing.add_argument("--tenant", default="")
        listing.add_argument("--all", action="store_true", help="include revoked tokens")
        revoke = actions.add_parser("revoke", help="deactivate tokens by name or prefix")
        revoke.add_argument("name", nargs="?", default="")
        revoke.add_argument("--prefix", default="")
        revoke.add_argument("--tenant", required=True, help="only tokens of this tenant are revoked")

    def handle(self, *args, action, **options):
        return getattr(self, f"_{action}")(**options)

    def _create(self, *, name, name_option, tenant, allow_browser_tenant, **_):
        name, tenant = (name or name_option).strip(), tenant.strip()
        if tenant == app_settings.DEFAULT_TENANT and not allow_browser_tenant:
            raise CommandError(f"tenant {tenant!r} is where browser users live; a service token there can read them "
                               "by id: pass --allow-browser-tenant if that is really meant")
        if name and ApiToken.objects.filter(tenant=tenant, name=name, is_active=True).exists():
            raise CommandError(f"tenant {tenant!r} already has an active token named {name!r}; revoke it or pick another name")
        try:
            plaintext = issue_token(tenant, name)
        except ValueError as error:
            raise CommandError(str(error)) from error
        self.stderr.write("Store this token now; it cannot be shown again.")
        self.stdout.write(plaintext)

    def _list(self, *, tenant, all, **_):
        tokens = ApiToken.objects.order_by("tenant", "name", "created_at")
        if tenant:
            tokens = tokens.filter(tenant=tenant)
        if not all:
            tokens = tokens.filter(is_active=True)
        for token in tokens:
            state = "active" if token.is_active else "revoked"
            last_used = token.last_used_at.isoformat(timespec="seconds") if token.last_used_at else "never"
            self.stdout.write(f"{token.tenant}\t{token.name}\t{token.token_prefix}…\t{state}\tlast used {last_used}")

    def _revoke(self, *, name, prefix, tenant, **_):
        try:
            count = revoke_tokens(name=name, prefix=prefix, tenant=tenant)
        except ValueError as error:
            raise CommandError(str(error)) from error
        if not count:
            raise CommandError("no active token matches")
        self.stdout.write(f"revoked {count} token(s)")
