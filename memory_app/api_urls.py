"""Mounted at /api/ by chatmem/urls.py; the routes themselves live in memory_app.api."""
from django.urls import path

from .api import api

urlpatterns = [path("", api.urls)]
