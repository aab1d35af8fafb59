from django import forms
from django.utils.translation import gettext_lazy as _


class MemoryEditForm(forms.Form):
    value = forms.CharField(label=_("Value"), max_length=500, strip=True)
    text = forms.CharField(label=_("As a sentence"), max_length=1000, strip=True, widget=forms.Textarea(attrs={"rows": 3}))


class ForgetEverythingForm(forms.Form):
    confirm = forms.BooleanField(
        label=_("I understand that every memory, version, summary and conversation of mine will be deleted for good."),
        required=True,
        error_messages={"required": _("Tick the box to confirm; nothing was deleted.")},
    )
