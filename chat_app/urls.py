from django.urls import path

from . import views

app_name = "chat"

urlpatterns = [
    path("", views.new_chat, name="new"),
    path("c/<int:conversation_id>/", views.conversation_page, name="conversation"),
    path("c/<int:conversation_id>/delete/", views.conversation_delete, name="conversation_delete"),
    path("memories/", views.memory_list, name="memories"),
    path("memories/export/", views.memory_export, name="memory_export"),
    path("memories/forget/", views.forget_everything, name="forget_everything"),
    path("memories/<int:memory_id>/edit/", views.memory_edit, name="memory_edit"),
    path("memories/<int:memory_id>/delete/", views.memory_delete, name="memory_delete"),
    path("memories/<int:memory_id>/history/", views.memory_history, name="memory_history"),
]
