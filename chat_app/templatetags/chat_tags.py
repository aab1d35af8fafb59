"""Translated words the browser scripts need: rendered into the page as JSON, so the scripts stay
language-free and Django's i18n does all translating."""
from django import template
from django.utils.translation import gettext as _

register = template.Library()


@register.simple_tag
def inspector_strings() -> dict:
    return {
        "gate": _("Gate"),
        "injected": _("injected"),
        "notInjected": _("not injected"),
        "top": _("top"),
        "scenes": _("Scenes"),
        "noScenes": _("no particular scene"),
        "tokens": _("Memory block"),
        "tokensOf": _("{tokens} / {budget} tokens"),
        "slots": _("Slots as sent"),
        "slot_profile": _("Profile"),
        "slot_facts": _("Relevant facts"),
        "slot_summary": _("Conversation summary"),
        "slotEmpty": _("empty — left out"),
        "memoriesUsed": _("Memories used"),
        "noMemoriesUsed": _("Nothing was injected this turn."),
        "alsoRecalled": _("Recalled but not injected"),
        "score": _("score"),
        "part_similarity": _("similarity"),
        "part_vector": _("vector"),
        "part_keyword": _("keyword"),
        "part_key": _("key match"),
        "part_relevance": _("relevance"),
        "part_recency": _("recency"),
        "part_confidence": _("confidence"),
        "part_importance": _("importance"),
        "part_usage": _("usage"),
        "part_heat": _("topic heat"),
        "part_polarity": _("polarity"),
        "confirmationQuestion": _("Question to confirm"),
        "workingMemory": _("Working memory (this conversation only)"),
        "afterReply": _("After the reply"),
        "learning": _("Learning from this turn…"),
        "nothingLearned": _("Nothing new to remember from this turn."),
        "memoryUnavailable": _("Memory was unavailable for this turn."),
        "outcome_extracted": _("Extracted"),
        "outcome_created": _("Saved as new"),
        "outcome_touched": _("Seen again (confirmed)"),
        "outcome_superseded": _("Updated (old version kept in history)"),
        "outcome_pending": _("Waiting for confirmation"),
        "outcome_asked": _("Asked you to confirm"),
        "outcome_resolved": _("Resolved"),
        "outcome_forgotten": _("Forgotten"),
        "outcome_blocked": _("Blocked (sensitive)"),
        "outcome_working_memory": _("Kept for this conversation only"),
        "outcome_snippets": _("Snippets stored"),
        "outcome_review": _("Flagged for review"),
        "elapsed": _("recall took {ms} ms"),
        "reconnectingIn": _("Connection lost. Reconnecting in {seconds} s…"),
        "reconnecting": _("Reconnecting…"),
        "interrupted": _("The connection dropped before the reply finished. Please send it again."),
        "tooLong": _("{length} / {limit} characters — too long"),
        "sending": _("Thinking…"),
    }
