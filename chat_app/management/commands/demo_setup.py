"""`manage.py demo_setup`: on the first start, create the demo account; every start, say how to sign in.
`make run` calls it after `migrate`."""
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from chat_app.conf import demo_settings


class Command(BaseCommand):
    help = "Create the demo account if it does not exist yet, and print how to sign in."

    def handle(self, *args, **options):
        username, password = demo_settings.USERNAME, demo_settings.PASSWORD
        user, created = get_user_model().objects.get_or_create(username=username)
        if created:
            user.set_password(password)
            user.save()
            self.stdout.write(self.style.SUCCESS(f"Created the demo account “{username}”."))
        site = demo_settings.SITE_URL
        if user.check_password(password):
            self.stdout.write(f"Open {site} and sign in as “{username}” with password “{password}”.")
        else:  # somebody changed it: never print or reset a password a person chose
            self.stdout.write(f"Open {site} and sign in as “{username}” (its password was changed since the first start).")
